/* SPDX-License-Identifier: Apache-2.0 */
/* FMI 3.0 Co-Simulation glue for the model of fric_fmu_model.h: the
 * interface of the standard's headers (fmi/fmi3Functions.h), the life cycle
 * and the logging; every value and every step goes to the model. The
 * variables are Float64, Int32 and Boolean; the calls of the other types,
 * of Model Exchange, Scheduled Execution, clocks, FMU states and
 * derivatives return fmi3Error with a message. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the standard's header declares the preemption callbacks without a prototype, "()" */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#include "fmi3Functions.h"
#pragma GCC diagnostic pop
#include "fric_fmu_glue.h"

typedef struct {
    fric_fmu_t m;
    fric_fmu_phase_t phase;
    fmi3InstanceEnvironment env;
    fmi3LogMessageCallback log;
    bool logging;
} inst_t;

static void say(const inst_t *s, fmi3Status st, const char *category, const char *msg)
{
    if (!s || !s->log || (st == fmi3OK && !s->logging)) return;
    s->log(s->env, st, category, msg);
}

static fmi3Status err(inst_t *s, const char *fn)
{
    char line[700];
    snprintf(line, sizeof line, "%s: %s", fn, s->m.msg);
    say(s, fmi3Error, "logStatusError", line);
    return fmi3Error;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static fmi3Status errf(inst_t *s, const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->m.msg, sizeof s->m.msg, fmt, ap);
    va_end(ap);
    return err(s, fn);
}

static inst_t *in_phase(fmi3Instance c, const char *fn, unsigned allowed)
{
    inst_t *s = (inst_t *)c;
    if (!s) return NULL;
    if (!(allowed & (1u << s->phase))) {
        errf(s, fn, "not allowed in this state of the instance (phase %d)", (int)s->phase);
        return NULL;
    }
    return s;
}

#define P(x) (1u << FRIC_FMU_##x)
#define ANY (P(INSTANTIATED) | P(INITIALIZING) | P(STEPPING) | P(TERMINATED) | P(ERROR))
#define SETTABLE (P(INSTANTIATED) | P(INITIALIZING) | P(STEPPING))

static fmi3Status unsupported(fmi3Instance c, const char *fn)
{
    inst_t *s = (inst_t *)c;
    if (!s) return fmi3Error;
    return errf(s, fn, "not supported by this FMU (a Co-Simulation FMU with Float64, Int32 and Boolean variables)");
}

const char *fmi3GetVersion(void) { return fmi3Version; }

fmi3Status fmi3SetDebugLogging(fmi3Instance c, fmi3Boolean loggingOn, size_t nCategories, const fmi3String categories[])
{
    (void)nCategories;
    (void)categories;
    inst_t *s = in_phase(c, "fmi3SetDebugLogging", ANY);
    if (!s) return fmi3Error;
    s->logging = loggingOn;
    return fmi3OK;
}

fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName, fmi3String instantiationToken,
                                          fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                                          fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage)
{
    (void)instanceName;
    (void)instantiationToken;
    (void)resourcePath;
    (void)visible;
    (void)loggingOn;
    if (logMessage) logMessage(instanceEnvironment, fmi3Error, "logStatusError", "this FMU is for Co-Simulation only");
    return NULL;
}

fmi3Instance fmi3InstantiateScheduledExecution(fmi3String instanceName, fmi3String instantiationToken,
                                               fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                                               fmi3InstanceEnvironment instanceEnvironment,
                                               fmi3LogMessageCallback logMessage, fmi3ClockUpdateCallback clockUpdate,
                                               fmi3LockPreemptionCallback lockPreemption,
                                               fmi3UnlockPreemptionCallback unlockPreemption)
{
    (void)clockUpdate;
    (void)lockPreemption;
    (void)unlockPreemption;
    return fmi3InstantiateModelExchange(instanceName, instantiationToken, resourcePath, visible, loggingOn,
                                        instanceEnvironment, logMessage);
}

fmi3Instance fmi3InstantiateCoSimulation(fmi3String instanceName, fmi3String instantiationToken,
                                         fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                                         fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                         const fmi3ValueReference requiredIntermediateVariables[],
                                         size_t nRequiredIntermediateVariables,
                                         fmi3InstanceEnvironment instanceEnvironment,
                                         fmi3LogMessageCallback logMessage,
                                         fmi3IntermediateUpdateCallback intermediateUpdate)
{
    (void)instanceName;
    (void)visible;
    (void)earlyReturnAllowed;
    (void)requiredIntermediateVariables;
    (void)intermediateUpdate;
    inst_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->env = instanceEnvironment;
    s->log = logMessage;
    s->logging = loggingOn;
    fric_fmu_config_t cfg;
    char why[512];
    if (eventModeUsed) {
        snprintf(why, sizeof why, "event mode is not supported (hasEventMode is false)");
    } else if (nRequiredIntermediateVariables) {
        snprintf(why, sizeof why, "intermediate variable access is not supported");
    } else if (fric_fmu_load(resourcePath, false, instantiationToken, &cfg, why, sizeof why) == 0) {
        fric_fmu_init(&s->m, &cfg);
        s->phase = FRIC_FMU_INSTANTIATED;
        return s;
    }
    say(s, fmi3Error, "logStatusError", why);
    free(s);
    return NULL;
}

void fmi3FreeInstance(fmi3Instance c) { free(c); }

fmi3Status fmi3EnterInitializationMode(fmi3Instance c, fmi3Boolean toleranceDefined, fmi3Float64 tolerance,
                                       fmi3Float64 startTime, fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
    (void)toleranceDefined;
    (void)tolerance;
    (void)stopTimeDefined;
    (void)stopTime;
    inst_t *s = in_phase(c, "fmi3EnterInitializationMode", P(INSTANTIATED));
    if (!s) return fmi3Error;
    fric_fmu_start(&s->m, startTime);
    s->phase = FRIC_FMU_INITIALIZING;
    return fmi3OK;
}

fmi3Status fmi3ExitInitializationMode(fmi3Instance c)
{
    inst_t *s = in_phase(c, "fmi3ExitInitializationMode", P(INITIALIZING));
    if (!s) return fmi3Error;
    if (fric_fmu_apply(&s->m) != 0) return err(s, "fmi3ExitInitializationMode");
    s->phase = FRIC_FMU_STEPPING;
    return fmi3OK;
}

fmi3Status fmi3EnterEventMode(fmi3Instance c) { return unsupported(c, "fmi3EnterEventMode"); }

fmi3Status fmi3Terminate(fmi3Instance c)
{
    inst_t *s = in_phase(c, "fmi3Terminate", P(STEPPING) | P(ERROR));
    if (!s) return fmi3Error;
    s->phase = FRIC_FMU_TERMINATED;
    return fmi3OK;
}

fmi3Status fmi3Reset(fmi3Instance c)
{
    inst_t *s = in_phase(c, "fmi3Reset", ANY);
    if (!s) return fmi3Error;
    fric_fmu_reset(&s->m);
    s->phase = FRIC_FMU_INSTANTIATED;
    return fmi3OK;
}

/* An array call whose values are one per reference (no arrays in this FMU). */
static inst_t *scalar_call(fmi3Instance c, const char *fn, unsigned allowed, size_t nvr, size_t nValues)
{
    inst_t *s = in_phase(c, fn, allowed);
    if (s && nValues != nvr) {
        errf(s, fn, "%zu values for %zu value references (every variable is a scalar)", nValues, nvr);
        return NULL;
    }
    return s;
}

fmi3Status fmi3GetFloat64(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Float64 values[],
                          size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3GetFloat64", ANY, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_get_real(&s->m, vr[i], &values[i]) != 0) return err(s, "fmi3GetFloat64");
    return fmi3OK;
}

fmi3Status fmi3SetFloat64(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const fmi3Float64 values[],
                          size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3SetFloat64", SETTABLE, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_real(&s->m, vr[i], values[i], s->phase != FRIC_FMU_STEPPING) != 0)
            return err(s, "fmi3SetFloat64");
    return fmi3OK;
}

fmi3Status fmi3GetInt32(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Int32 values[], size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3GetInt32", ANY, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_get_int(&s->m, vr[i], &values[i]) != 0) return err(s, "fmi3GetInt32");
    return fmi3OK;
}

fmi3Status fmi3SetInt32(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const fmi3Int32 values[],
                        size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3SetInt32", SETTABLE, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_int(&s->m, vr[i], values[i], s->phase != FRIC_FMU_STEPPING) != 0)
            return err(s, "fmi3SetInt32");
    return fmi3OK;
}

fmi3Status fmi3GetBoolean(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Boolean values[],
                          size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3GetBoolean", ANY, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_get_bool(&s->m, vr[i], &values[i]) != 0) return err(s, "fmi3GetBoolean");
    return fmi3OK;
}

fmi3Status fmi3SetBoolean(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const fmi3Boolean values[],
                          size_t nValues)
{
    inst_t *s = scalar_call(c, "fmi3SetBoolean", SETTABLE, nvr, nValues);
    if (!s) return fmi3Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_bool(&s->m, vr[i], values[i]) != 0) return err(s, "fmi3SetBoolean");
    return fmi3OK;
}

/* The types this FMU has no variable of: an empty call is fine, any
 * reference is unknown. */
#define NO_VARS(GET, SET, T)                                                                                           \
    fmi3Status GET(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, T values[], size_t nValues)             \
    {                                                                                                                  \
        (void)vr;                                                                                                      \
        (void)values;                                                                                                  \
        (void)nValues;                                                                                                 \
        return nvr ? unsupported(c, #GET " (this FMU has no variable of this type)") : fmi3OK;                         \
    }                                                                                                                  \
    fmi3Status SET(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const T values[], size_t nValues)       \
    {                                                                                                                  \
        (void)vr;                                                                                                      \
        (void)values;                                                                                                  \
        (void)nValues;                                                                                                 \
        return nvr ? unsupported(c, #SET " (this FMU has no variable of this type)") : fmi3OK;                         \
    }
NO_VARS(fmi3GetFloat32, fmi3SetFloat32, fmi3Float32)
NO_VARS(fmi3GetInt8, fmi3SetInt8, fmi3Int8)
NO_VARS(fmi3GetUInt8, fmi3SetUInt8, fmi3UInt8)
NO_VARS(fmi3GetInt16, fmi3SetInt16, fmi3Int16)
NO_VARS(fmi3GetUInt16, fmi3SetUInt16, fmi3UInt16)
NO_VARS(fmi3GetUInt32, fmi3SetUInt32, fmi3UInt32)
NO_VARS(fmi3GetInt64, fmi3SetInt64, fmi3Int64)
NO_VARS(fmi3GetUInt64, fmi3SetUInt64, fmi3UInt64)
NO_VARS(fmi3GetString, fmi3SetString, fmi3String)

fmi3Status fmi3GetBinary(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, size_t valueSizes[],
                         fmi3Binary values[], size_t nValues)
{
    (void)vr;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return nvr ? unsupported(c, "fmi3GetBinary (this FMU has no Binary variable)") : fmi3OK;
}
fmi3Status fmi3SetBinary(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const size_t valueSizes[],
                         const fmi3Binary values[], size_t nValues)
{
    (void)vr;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return nvr ? unsupported(c, "fmi3SetBinary (this FMU has no Binary variable)") : fmi3OK;
}
fmi3Status fmi3GetClock(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Clock values[])
{
    (void)vr;
    (void)values;
    return nvr ? unsupported(c, "fmi3GetClock (this FMU has no clock)") : fmi3OK;
}
fmi3Status fmi3SetClock(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const fmi3Clock values[])
{
    (void)vr;
    (void)values;
    return nvr ? unsupported(c, "fmi3SetClock (this FMU has no clock)") : fmi3OK;
}

fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance c, fmi3ValueReference valueReference, size_t *nDependencies)
{
    (void)valueReference;
    (void)nDependencies;
    return unsupported(c, "fmi3GetNumberOfVariableDependencies");
}
fmi3Status fmi3GetVariableDependencies(fmi3Instance c, fmi3ValueReference dependent, size_t elementIndicesOfDependent[],
                                       fmi3ValueReference independents[], size_t elementIndicesOfIndependents[],
                                       fmi3DependencyKind dependencyKinds[], size_t nDependencies)
{
    (void)dependent;
    (void)elementIndicesOfDependent;
    (void)independents;
    (void)elementIndicesOfIndependents;
    (void)dependencyKinds;
    (void)nDependencies;
    return unsupported(c, "fmi3GetVariableDependencies");
}
fmi3Status fmi3GetFMUState(fmi3Instance c, fmi3FMUState *FMUState)
{
    (void)FMUState;
    return unsupported(c, "fmi3GetFMUState");
}
fmi3Status fmi3SetFMUState(fmi3Instance c, fmi3FMUState FMUState)
{
    (void)FMUState;
    return unsupported(c, "fmi3SetFMUState");
}
fmi3Status fmi3FreeFMUState(fmi3Instance c, fmi3FMUState *FMUState)
{
    (void)FMUState;
    return unsupported(c, "fmi3FreeFMUState");
}
fmi3Status fmi3SerializedFMUStateSize(fmi3Instance c, fmi3FMUState FMUState, size_t *size)
{
    (void)FMUState;
    (void)size;
    return unsupported(c, "fmi3SerializedFMUStateSize");
}
fmi3Status fmi3SerializeFMUState(fmi3Instance c, fmi3FMUState FMUState, fmi3Byte serializedState[], size_t size)
{
    (void)FMUState;
    (void)serializedState;
    (void)size;
    return unsupported(c, "fmi3SerializeFMUState");
}
fmi3Status fmi3DeserializeFMUState(fmi3Instance c, const fmi3Byte serializedState[], size_t size,
                                   fmi3FMUState *FMUState)
{
    (void)serializedState;
    (void)size;
    (void)FMUState;
    return unsupported(c, "fmi3DeserializeFMUState");
}

#define NO_DERIVATIVE(F)                                                                                               \
    fmi3Status F(fmi3Instance c, const fmi3ValueReference unknowns[], size_t nUnknowns,                               \
                 const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[], size_t nSeed,            \
                 fmi3Float64 sensitivity[], size_t nSensitivity)                                                       \
    {                                                                                                                  \
        (void)unknowns;                                                                                                \
        (void)nUnknowns;                                                                                               \
        (void)knowns;                                                                                                  \
        (void)nKnowns;                                                                                                 \
        (void)seed;                                                                                                    \
        (void)nSeed;                                                                                                   \
        (void)sensitivity;                                                                                             \
        (void)nSensitivity;                                                                                            \
        return unsupported(c, #F);                                                                                     \
    }
NO_DERIVATIVE(fmi3GetDirectionalDerivative)
NO_DERIVATIVE(fmi3GetAdjointDerivative)

fmi3Status fmi3EnterConfigurationMode(fmi3Instance c) { return unsupported(c, "fmi3EnterConfigurationMode"); }
fmi3Status fmi3ExitConfigurationMode(fmi3Instance c) { return unsupported(c, "fmi3ExitConfigurationMode"); }

fmi3Status fmi3GetIntervalDecimal(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Float64 intervals[],
                                  fmi3IntervalQualifier qualifiers[])
{
    (void)vr;
    (void)nvr;
    (void)intervals;
    (void)qualifiers;
    return unsupported(c, "fmi3GetIntervalDecimal");
}
fmi3Status fmi3GetIntervalFraction(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3UInt64 counters[],
                                   fmi3UInt64 resolutions[], fmi3IntervalQualifier qualifiers[])
{
    (void)vr;
    (void)nvr;
    (void)counters;
    (void)resolutions;
    (void)qualifiers;
    return unsupported(c, "fmi3GetIntervalFraction");
}
fmi3Status fmi3GetShiftDecimal(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3Float64 shifts[])
{
    (void)vr;
    (void)nvr;
    (void)shifts;
    return unsupported(c, "fmi3GetShiftDecimal");
}
fmi3Status fmi3GetShiftFraction(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, fmi3UInt64 counters[],
                                fmi3UInt64 resolutions[])
{
    (void)vr;
    (void)nvr;
    (void)counters;
    (void)resolutions;
    return unsupported(c, "fmi3GetShiftFraction");
}
fmi3Status fmi3SetIntervalDecimal(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr,
                                  const fmi3Float64 intervals[])
{
    (void)vr;
    (void)nvr;
    (void)intervals;
    return unsupported(c, "fmi3SetIntervalDecimal");
}
fmi3Status fmi3SetIntervalFraction(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr,
                                   const fmi3UInt64 counters[], const fmi3UInt64 resolutions[])
{
    (void)vr;
    (void)nvr;
    (void)counters;
    (void)resolutions;
    return unsupported(c, "fmi3SetIntervalFraction");
}
fmi3Status fmi3SetShiftDecimal(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr, const fmi3Float64 shifts[])
{
    (void)vr;
    (void)nvr;
    (void)shifts;
    return unsupported(c, "fmi3SetShiftDecimal");
}
fmi3Status fmi3SetShiftFraction(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr,
                                const fmi3UInt64 counters[], const fmi3UInt64 resolutions[])
{
    (void)vr;
    (void)nvr;
    (void)counters;
    (void)resolutions;
    return unsupported(c, "fmi3SetShiftFraction");
}
fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance c) { return unsupported(c, "fmi3EvaluateDiscreteStates"); }
fmi3Status fmi3UpdateDiscreteStates(fmi3Instance c, fmi3Boolean *discreteStatesNeedUpdate,
                                    fmi3Boolean *terminateSimulation, fmi3Boolean *nominalsOfContinuousStatesChanged,
                                    fmi3Boolean *valuesOfContinuousStatesChanged, fmi3Boolean *nextEventTimeDefined,
                                    fmi3Float64 *nextEventTime)
{
    (void)discreteStatesNeedUpdate;
    (void)terminateSimulation;
    (void)nominalsOfContinuousStatesChanged;
    (void)valuesOfContinuousStatesChanged;
    (void)nextEventTimeDefined;
    (void)nextEventTime;
    return unsupported(c, "fmi3UpdateDiscreteStates");
}

/* Model Exchange */
fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance c) { return unsupported(c, "fmi3EnterContinuousTimeMode"); }
fmi3Status fmi3CompletedIntegratorStep(fmi3Instance c, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                       fmi3Boolean *enterEventMode, fmi3Boolean *terminateSimulation)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    (void)enterEventMode;
    (void)terminateSimulation;
    return unsupported(c, "fmi3CompletedIntegratorStep");
}
fmi3Status fmi3SetTime(fmi3Instance c, fmi3Float64 time)
{
    (void)time;
    return unsupported(c, "fmi3SetTime");
}
#define NO_STATES(F, T)                                                                                                \
    fmi3Status F(fmi3Instance c, T x[], size_t n)                                                                      \
    {                                                                                                                  \
        (void)x;                                                                                                       \
        (void)n;                                                                                                       \
        return unsupported(c, #F);                                                                                     \
    }
NO_STATES(fmi3SetContinuousStates, const fmi3Float64)
NO_STATES(fmi3GetContinuousStateDerivatives, fmi3Float64)
NO_STATES(fmi3GetEventIndicators, fmi3Float64)
NO_STATES(fmi3GetContinuousStates, fmi3Float64)
NO_STATES(fmi3GetNominalsOfContinuousStates, fmi3Float64)
fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance c, size_t *nEventIndicators)
{
    (void)nEventIndicators;
    return unsupported(c, "fmi3GetNumberOfEventIndicators");
}
fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance c, size_t *nContinuousStates)
{
    (void)nContinuousStates;
    return unsupported(c, "fmi3GetNumberOfContinuousStates");
}

/* Co-Simulation */
fmi3Status fmi3EnterStepMode(fmi3Instance c)
{
    inst_t *s = in_phase(c, "fmi3EnterStepMode", P(STEPPING));
    return s ? fmi3OK : fmi3Error;
}

fmi3Status fmi3GetOutputDerivatives(fmi3Instance c, const fmi3ValueReference vr[], size_t nvr,
                                    const fmi3Int32 orders[], fmi3Float64 values[], size_t nValues)
{
    (void)vr;
    (void)nvr;
    (void)orders;
    (void)values;
    (void)nValues;
    return unsupported(c, "fmi3GetOutputDerivatives");
}

fmi3Status fmi3DoStep(fmi3Instance c, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize,
                      fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean *eventHandlingNeeded,
                      fmi3Boolean *terminateSimulation, fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    inst_t *s = in_phase(c, "fmi3DoStep", P(STEPPING));
    if (!s) return fmi3Error;
    if (eventHandlingNeeded) *eventHandlingNeeded = fmi3False;
    if (terminateSimulation) *terminateSimulation = fmi3False;
    if (earlyReturn) *earlyReturn = fmi3False;
    const int rc = fric_fmu_step(&s->m, currentCommunicationPoint, communicationStepSize);
    if (lastSuccessfulTime) *lastSuccessfulTime = s->m.t;
    if (rc != 0) {
        s->phase = FRIC_FMU_ERROR;
        return err(s, "fmi3DoStep");
    }
    return fmi3OK;
}

fmi3Status fmi3ActivateModelPartition(fmi3Instance c, fmi3ValueReference clockReference, fmi3Float64 activationTime)
{
    (void)clockReference;
    (void)activationTime;
    return unsupported(c, "fmi3ActivateModelPartition");
}
