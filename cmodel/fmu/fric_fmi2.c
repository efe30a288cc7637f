/* SPDX-License-Identifier: Apache-2.0 */
/* FMI 2.0 Co-Simulation glue for the model of fric_fmu_model.h: the
 * interface of the standard's headers (fmi/fmi2Functions.h), the life cycle
 * and the logging; every value and every step goes to the model. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2Functions.h"
#include "fric_fmu_glue.h"

typedef struct {
    fric_fmu_t m;
    fric_fmu_phase_t phase;
    fmi2CallbackFunctions cb;
    bool logging;
    char name[128];
} inst_t;

/* Log a message through the importer's logger; '%' doubled, since the
 * logger reads the message as a format. */
static void say(const inst_t *s, fmi2Status st, const char *category, const char *msg)
{
    if (!s || !s->cb.logger || (st == fmi2OK && !s->logging)) return;
    char buf[1100];
    size_t k = 0;
    for (const char *p = msg; *p && k + 3 < sizeof buf; p++) {
        if (*p == '%') buf[k++] = '%';
        buf[k++] = *p;
    }
    buf[k] = '\0';
    s->cb.logger(s->cb.componentEnvironment, s->name, st, category, buf);
}

/* An error: log the model's message and return fmi2Error. */
static fmi2Status err(inst_t *s, const char *fn)
{
    char line[700];
    snprintf(line, sizeof line, "%s: %s", fn, s->m.msg);
    say(s, fmi2Error, "logStatusError", line);
    return fmi2Error;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static fmi2Status errf(inst_t *s, const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->m.msg, sizeof s->m.msg, fmt, ap);
    va_end(ap);
    return err(s, fn);
}

/* The instance, or NULL when the call is not allowed in its phase (logged). */
static inst_t *in_phase(fmi2Component c, const char *fn, unsigned allowed)
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

const char *fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }
const char *fmi2GetVersion(void) { return fmi2Version; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories, const fmi2String categories[])
{
    (void)nCategories;
    (void)categories;
    inst_t *s = in_phase(c, "fmi2SetDebugLogging", ANY);
    if (!s) return fmi2Error;
    s->logging = loggingOn != fmi2False;
    return fmi2OK;
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                              fmi2Boolean visible, fmi2Boolean loggingOn)
{
    (void)visible;
    if (!functions || !functions->logger) return NULL;
    inst_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->cb = *functions;
    s->logging = loggingOn != fmi2False;
    snprintf(s->name, sizeof s->name, "%s", instanceName ? instanceName : "");
    fric_fmu_config_t cfg;
    char why[512];
    if (fmuType != fmi2CoSimulation) {
        snprintf(why, sizeof why, "this FMU is for Co-Simulation only");
    } else if (fric_fmu_load(fmuResourceLocation, true, fmuGUID, &cfg, why, sizeof why) == 0) {
        fric_fmu_init(&s->m, &cfg);
        s->phase = FRIC_FMU_INSTANTIATED;
        return s;
    }
    say(s, fmi2Error, "logStatusError", why);
    free(s);
    return NULL;
}

void fmi2FreeInstance(fmi2Component c) { free(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                               fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
    (void)toleranceDefined;
    (void)tolerance;
    (void)stopTimeDefined;
    (void)stopTime;
    inst_t *s = in_phase(c, "fmi2SetupExperiment", P(INSTANTIATED));
    if (!s) return fmi2Error;
    fric_fmu_start(&s->m, startTime);
    return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
    inst_t *s = in_phase(c, "fmi2EnterInitializationMode", P(INSTANTIATED));
    if (!s) return fmi2Error;
    s->phase = FRIC_FMU_INITIALIZING;
    return fmi2OK;
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
    inst_t *s = in_phase(c, "fmi2ExitInitializationMode", P(INITIALIZING));
    if (!s) return fmi2Error;
    if (fric_fmu_apply(&s->m) != 0) return err(s, "fmi2ExitInitializationMode");
    s->phase = FRIC_FMU_STEPPING;
    return fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c)
{
    inst_t *s = in_phase(c, "fmi2Terminate", P(STEPPING) | P(ERROR));
    if (!s) return fmi2Error;
    s->phase = FRIC_FMU_TERMINATED;
    return fmi2OK;
}

fmi2Status fmi2Reset(fmi2Component c)
{
    inst_t *s = in_phase(c, "fmi2Reset", ANY);
    if (!s) return fmi2Error;
    fric_fmu_reset(&s->m);
    s->phase = FRIC_FMU_INSTANTIATED;
    return fmi2OK;
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
    inst_t *s = in_phase(c, "fmi2GetReal", ANY);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_get_real(&s->m, vr[i], &value[i]) != 0) return err(s, "fmi2GetReal");
    return fmi2OK;
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[])
{
    inst_t *s = in_phase(c, "fmi2GetInteger", ANY);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++) {
        int32_t x;
        if (fric_fmu_get_int(&s->m, vr[i], &x) != 0) return err(s, "fmi2GetInteger");
        value[i] = x;
    }
    return fmi2OK;
}

fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[])
{
    inst_t *s = in_phase(c, "fmi2GetBoolean", ANY);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++) {
        bool x;
        if (fric_fmu_get_bool(&s->m, vr[i], &x) != 0) return err(s, "fmi2GetBoolean");
        value[i] = x ? fmi2True : fmi2False;
    }
    return fmi2OK;
}

fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])
{
    (void)vr;
    (void)value;
    inst_t *s = in_phase(c, "fmi2GetString", ANY);
    if (!s) return fmi2Error;
    return nvr ? errf(s, "fmi2GetString", "this FMU has no String variable") : fmi2OK;
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
    inst_t *s = in_phase(c, "fmi2SetReal", SETTABLE);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_real(&s->m, vr[i], value[i], s->phase != FRIC_FMU_STEPPING) != 0) return err(s, "fmi2SetReal");
    return fmi2OK;
}

fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer value[])
{
    inst_t *s = in_phase(c, "fmi2SetInteger", SETTABLE);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_int(&s->m, vr[i], value[i], s->phase != FRIC_FMU_STEPPING) != 0) return err(s, "fmi2SetInteger");
    return fmi2OK;
}

fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Boolean value[])
{
    inst_t *s = in_phase(c, "fmi2SetBoolean", SETTABLE);
    if (!s) return fmi2Error;
    for (size_t i = 0; i < nvr; i++)
        if (fric_fmu_set_bool(&s->m, vr[i], value[i] != fmi2False) != 0) return err(s, "fmi2SetBoolean");
    return fmi2OK;
}

fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2String value[])
{
    (void)vr;
    (void)value;
    inst_t *s = in_phase(c, "fmi2SetString", SETTABLE);
    if (!s) return fmi2Error;
    return nvr ? errf(s, "fmi2SetString", "this FMU has no String variable") : fmi2OK;
}

/* FMU state and derivatives: not supported (canGetAndSetFMUstate,
 * providesDirectionalDerivative and maxOutputDerivativeOrder are false/0). */
static fmi2Status unsupported(fmi2Component c, const char *fn)
{
    inst_t *s = (inst_t *)c;
    if (!s) return fmi2Error;
    return errf(s, fn, "not supported by this FMU (see its modelDescription.xml capabilities)");
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate *FMUstate)
{
    (void)FMUstate;
    return unsupported(c, "fmi2GetFMUstate");
}
fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate)
{
    (void)FMUstate;
    return unsupported(c, "fmi2SetFMUstate");
}
fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate *FMUstate)
{
    (void)FMUstate;
    return unsupported(c, "fmi2FreeFMUstate");
}
fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t *size)
{
    (void)FMUstate;
    (void)size;
    return unsupported(c, "fmi2SerializedFMUstateSize");
}
fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[], size_t size)
{
    (void)FMUstate;
    (void)serializedState;
    (void)size;
    return unsupported(c, "fmi2SerializeFMUstate");
}
fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size,
                                   fmi2FMUstate *FMUstate)
{
    (void)serializedState;
    (void)size;
    (void)FMUstate;
    return unsupported(c, "fmi2DeSerializeFMUstate");
}
fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference vUnknown_ref[], size_t nUnknown,
                                        const fmi2ValueReference vKnown_ref[], size_t nKnown,
                                        const fmi2Real dvKnown[], fmi2Real dvUnknown[])
{
    (void)vUnknown_ref;
    (void)nUnknown;
    (void)vKnown_ref;
    (void)nKnown;
    (void)dvKnown;
    (void)dvUnknown;
    return unsupported(c, "fmi2GetDirectionalDerivative");
}
fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Integer order[], const fmi2Real value[])
{
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    return unsupported(c, "fmi2SetRealInputDerivatives");
}
fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                        const fmi2Integer order[], fmi2Real value[])
{
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    return unsupported(c, "fmi2GetRealOutputDerivatives");
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize,
                      fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    inst_t *s = in_phase(c, "fmi2DoStep", P(STEPPING));
    if (!s) return fmi2Error;
    if (fric_fmu_step(&s->m, currentCommunicationPoint, communicationStepSize) != 0) {
        s->phase = FRIC_FMU_ERROR;
        return err(s, "fmi2DoStep");
    }
    return fmi2OK;
}

fmi2Status fmi2CancelStep(fmi2Component c) { return unsupported(c, "fmi2CancelStep (doStep never returns fmi2Pending)"); }

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind k, fmi2Status *value)
{
    (void)k;
    (void)value;
    return unsupported(c, "fmi2GetStatus");
}
fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind k, fmi2Real *value)
{
    inst_t *s = (inst_t *)c;
    if (s && k == fmi2LastSuccessfulTime) {
        *value = s->m.t;
        return fmi2OK;
    }
    return unsupported(c, "fmi2GetRealStatus (other than fmi2LastSuccessfulTime)");
}
fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind k, fmi2Integer *value)
{
    (void)k;
    (void)value;
    return unsupported(c, "fmi2GetIntegerStatus");
}
fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind k, fmi2Boolean *value)
{
    inst_t *s = (inst_t *)c;
    if (s && k == fmi2Terminated) {
        *value = fmi2False;
        return fmi2OK;
    }
    return unsupported(c, "fmi2GetBooleanStatus (other than fmi2Terminated)");
}
fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind k, fmi2String *value)
{
    (void)k;
    (void)value;
    return unsupported(c, "fmi2GetStringStatus");
}
