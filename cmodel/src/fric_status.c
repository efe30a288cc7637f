/* SPDX-License-Identifier: Apache-2.0 */
/* Status and warning messages. Each names the parameter as its command-line
 * option is spelled, its unit, and the allowed range. */
#include "fric_status.h"

const char *fric_status_message(fric_status_t status)
{
    switch (status) {
    case FRIC_OK: return "ok";
    case FRIC_ERR_NULL: return "internal: a required pointer is NULL";
    case FRIC_ERR_FC: return "fc (Coulomb level for v > 0, N) must be finite and >= 0";
    case FRIC_ERR_FC_NEG: return "fc-neg (Coulomb level for v < 0, N) must be finite and >= 0";
    case FRIC_ERR_FS: return "fs (static level for v > 0, N) must be finite and >= 0";
    case FRIC_ERR_FS_NEG: return "fs-neg (static level for v < 0, N) must be finite and >= 0";
    case FRIC_ERR_B: return "b/sigma2 (viscous coefficient for v > 0, N*s/m) must be finite and >= 0";
    case FRIC_ERR_B_NEG: return "b-neg (viscous coefficient for v < 0, N*s/m) must be finite and >= 0";
    case FRIC_ERR_VS: return "vs (Stribeck velocity for v > 0, m/s) must be finite and > 0";
    case FRIC_ERR_VS_NEG: return "vs-neg (Stribeck velocity for v < 0, m/s) must be finite and > 0";
    case FRIC_ERR_DELTA: return "delta (Stribeck exponent) must be finite and > 0";
    case FRIC_ERR_SIGMA0: return "sigma0 (bristle stiffness, N/m) must be finite and > 0";
    case FRIC_ERR_SIGMA1: return "sigma1 (micro-damping, N*s/m) must be finite and >= 0";
    case FRIC_ERR_VD: return "vmd (micro-damping velocity, m/s) must be finite and > 0, or 0 for constant sigma1";
    case FRIC_ERR_FC_DYN: return "fc (Coulomb level for v > 0, N) must be finite and > 0 in Dahl, LuGre, elasto-plastic and GMS, so that g(v) stays positive";
    case FRIC_ERR_FC_NEG_DYN: return "fc-neg (Coulomb level for v < 0, N) must be finite and > 0 in Dahl, LuGre, elasto-plastic and GMS, so that g(v) stays positive";
    case FRIC_ERR_FS_DYN: return "fs (static level for v > 0, N) must be finite and > 0 in LuGre, elasto-plastic and GMS, so that g(v) stays positive";
    case FRIC_ERR_FS_NEG_DYN: return "fs-neg (static level for v < 0, N) must be finite and > 0 in LuGre, elasto-plastic and GMS, so that g(v) stays positive";
    case FRIC_ERR_MASS: return "mass (slider mass, kg) must be finite and > 0";
    case FRIC_ERR_SPRING: return "k (spring stiffness, N/m) must be finite and > 0";
    case FRIC_ERR_SUPPORT: return "vd (support speed, m/s) must be finite";
    case FRIC_ERR_FORCE_AMP: return "force-amp (external force amplitude, N) must be finite";
    case FRIC_ERR_FORCE_FREQ: return "force-freq (external force frequency, Hz) must be finite and >= 0";
    case FRIC_ERR_DEV_XFER: return "device: the SPI transport reported an error";
    case FRIC_ERR_DEV_ID: return "device: ID is not 0x46524943 (\"FRIC\") or the map version is not 1.0: no fricore at the other end";
    case FRIC_ERR_DEV_TIMEOUT: return "device: a commit, reset or sample set did not finish within the polls allowed";
    case FRIC_ERR_DEV_AXIS: return "axis (or axis mask) must name only the device's axes, 0 .. CAPS.AXES - 1";
    case FRIC_ERR_DEV_WIDTH: return "--width of the parameter set must equal the device's W (CAPS.W)";
    case FRIC_ERR_DEV_CORE: return "device: this image has no such core (CAPS.STRIBECK / CAPS.LUGRE is 0)";
    case FRIC_ERR_TS: return "ts (sample time, s) must be finite and > 0";
    case FRIC_ERR_VELOCITY: return "v (velocity, m/s) must be finite";
    case FRIC_ERR_FX_WIDTH: return "--width (fixed-point datapath width) must be 16 or 18";
    case FRIC_ERR_FX_FIELD: return "a fixed-point parameter field is outside its width (see docs/fixed-point.md, parameter words)";
    case FRIC_ERR_RANGE: return "a parameter is outside the representable range";
    case FRIC_ERR_DIVERGED: return "the run diverged: a state or a result is not finite; lower the gains, or shorten the step";
    case FRIC_ERR_STOPPED: return "a callback of the caller stopped the run";
    case FRIC_ERR_NOMEM: return "out of memory";
    case FRIC_ERR_SIM_DURATION: return "duration (simulated time, s) must be finite and > 0";
    case FRIC_ERR_SIM_DT: return "dt (integration step, s) must be > 0 and <= duration, with duration / dt <= 1e10 steps";
    case FRIC_ERR_SIM_STICK: return "stick-threshold (m/s) must be finite and > 0";
    case FRIC_ERR_SIM_DIVERGED: return "the run is no longer finite";
    case FRIC_ERR_SIM_STEPPER: return "the stepper stopped the run";
    case FRIC_ERR_SIM_STOPPED: return "the sample callback stopped the run";
    case FRIC_ERR_SIM_NOMEM: return "out of memory for the plots";
    case FRIC_ERR_SIM_SLIP: return "slip-threshold (m/s) must be finite and > the stick threshold (--stick-threshold)";
    case FRIC_ERR_SIM_SLIP_MIN: return "min-slip-duration (s) must be finite, >= 0 and <= duration";
    case FRIC_ERR_SIM_INTEGRATOR: return "integrator: --model elastoplastic and gms run with --integrator exact only (rk4 takes dahl, lugre and the static models)";
    case FRIC_ERR_Z_BA: return "z-ba (elasto-plastic breakaway deflection, m) must be finite, > 0 and < min(fc, fs, fc-neg, fs-neg)/sigma0 (Fc/sigma0 when fs >= fc)";
    case FRIC_ERR_GMS_N: return "gms-n (number of GMS elements) must be 1 to 16, and --gms-k and --gms-alpha must give that many values";
    case FRIC_ERR_GMS_K: return "gms-k (GMS element stiffnesses, N/m) must each be finite and > 0";
    case FRIC_ERR_GMS_ALPHA: return "gms-alpha (GMS element fractions of the level) must each be finite and > 0";
    case FRIC_ERR_GMS_ALPHA_SUM: return "gms-alpha (GMS element fractions of the level) must sum to 1 (within 1e-9)";
    case FRIC_ERR_GMS_C: return "gms-c (GMS slip relaxation rate, N/s) must be finite and > 0";
    }
    return "unknown fricore status";
}

const char *fric_warning_message(unsigned warning_bit)
{
    switch (warning_bit) {
    case FRIC_WARN_FS_BELOW_FC:
        return "fs < fc: the Stribeck dip becomes a bump (accepted; real in some lubricated contacts)";
    case FRIC_WARN_NOT_PASSIVE:
        return "sigma2 <= sigma1*(fs-fc)/fc: the LuGre set is not passive (accepted)";
    default:
        return "unknown fricore warning";
    }
}
