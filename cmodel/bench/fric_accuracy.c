/* SPDX-License-Identifier: Apache-2.0 */
/* Accuracy of the fixed-point model against the double model (see
 * fric_accuracy.h). */
#define _POSIX_C_SOURCE 200809L
#include "fric_accuracy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* ---- Stribeck ----------------------------------------------------------------- */

const fric_acc_stribeck_set_t fric_acc_stribeck_sets[] = {
    {"reference", "Fc 1, Fs 1.5, vs 0.1, b 0.1, delta 2", {1.0, 1.0, 1.5, 1.5, 0.1, 0.1, 0.1, 0.1, 2.0}},
    {"reference-delta1", "the same with delta 1", {1.0, 1.0, 1.5, 1.5, 0.1, 0.1, 0.1, 0.1, 1.0}},
    {"narrow-dip", "Fc 1, Fs 2, vs 2 mm/s, b 0.05", {1.0, 1.0, 2.0, 2.0, 0.05, 0.05, 0.002, 0.002, 2.0}},
    {"asymmetric", "Fc 1 / 0.3, Fs 1.8 / 0.4, b 0.2 / 0.02, vs 0.05", {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0}},
    {"fs-below-fc", "Fc 1.5, Fs 1, vs 0.2, b 0.05 (a bump, not a dip)", {1.5, 1.5, 1.0, 1.0, 0.05, 0.05, 0.2, 0.2, 2.0}},
    {"deep-dip", "Fc 0.05, Fs 1.5, vs 0.1, b 0: the dip near full scale", {0.05, 0.05, 1.5, 1.5, 0.0, 0.0, 0.1, 0.1, 2.0}},
    {"coulomb-viscous", "Fc 1, b 0.3 (Fs = Fc)", {1.0, 1.0, 1.0, 1.0, 0.3, 0.3, 1.0, 1.0, 2.0}},
    {"coulomb", "Fc 0.7 / 0.5, no viscous term", {0.7, 0.5, 0.7, 0.5, 0.0, 0.0, 1.0, 1.0, 2.0}},
    {"asymmetric-vs", "Fc 1 / 0.8, Fs 1.5 / 1.3, b 0.1 / 0.15, vs 0.05 / 0.1",
     {1.0, 0.8, 1.5, 1.3, 0.1, 0.15, 0.05, 0.1, 2.0}},
};
const size_t fric_acc_n_stribeck_sets = sizeof fric_acc_stribeck_sets / sizeof fric_acc_stribeck_sets[0];

fric_status_t fric_acc_stribeck(const fric_stribeck_cfg_t *cfg, uint32_t width, int stride,
                                fric_acc_stribeck_result_t *out)
{
    memset(out, 0, sizeof *out);
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = width;
    fric_fx_stribeck_t p;
    const fric_status_t st = fric_compile_stribeck(cfg, &o, &p, &out->rep);
    if (st != FRIC_OK) return st;
    const fric_stribeck_cfg_t eff = fric_fx_stribeck_effective(&p, out->rep.v_lsb, out->rep.f_lsb);
    const long half = 1L << (width - 1);
    const double fl = out->rep.f_lsb, gs = ldexp(1.0, FRIC_FX_G(width));
    double sum = 0.0;
    for (long c = -half; c < half; c += stride) {
        const double v = (double)c * out->rep.v_lsb;
        fric_fx_stribeck_detail_t d;
        const int32_t f = fric_fx_stribeck(&p, (int32_t)c, &out->flags, &d);
        const double want = fric_stribeck_force(cfg, v) / fl, rep = fric_stribeck_force(&eff, v) / fl;
        const double sgn = (c > 0) - (c < 0);
        const double pre = sgn * (double)d.mag / gs;
        const double e = fabs(f - want);
        sum += e * e;
        if (e > out->max_lsb) {
            out->max_lsb = e;
            out->worst_v = v;
        }
        if (fabs(rep - want) > out->param_lsb) out->param_lsb = fabs(rep - want);
        if (c != 0 && fabs(pre - rep) > out->path_lsb) out->path_lsb = fabs(pre - rep);
        if (c != 0 && fabs(f - pre) > out->round_lsb) out->round_lsb = fabs(f - pre);
        out->n++;
    }
    out->rms_lsb = sqrt(sum / (double)out->n);
    return FRIC_OK;
}

/* ---- traces ------------------------------------------------------------------------ */

const double fric_acc_sample_times[] = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2};
const size_t fric_acc_n_sample_times = sizeof fric_acc_sample_times / sizeof fric_acc_sample_times[0];

static const struct {
    const char *name, *what;
    double duration;
} traces[FRIC_TRACE_COUNT] = {
    {"sine-sweep", "0.05 m/s sine, frequency swept 0.5 to 20 Hz, through zero every half period", 2.0},
    {"stick-slip", "slider velocity of the Canudas de Wit (1995) stick-slip run (k 2 N/m, vd 0.1 m/s, m 1 kg) from t = 7 s, just before the first slip", 10.0},
    {"random-steps", "velocity steps every 20 ms, uniform in [-0.1, 0.1] m/s", 2.0},
    {"slow-creep", "50 um/s sine at 0.1 Hz: creep and slow reversals within a few LSB", 10.0},
};

const char *fric_trace_name(fric_trace_kind_t k) { return traces[k].name; }
const char *fric_trace_what(fric_trace_kind_t k) { return traces[k].what; }
double fric_trace_duration(fric_trace_kind_t k) { return traces[k].duration; }

/* The stick-slip record: the Canudas de Wit (1995) run, simulated once with
 * the double model's exact step and a semi-implicit Euler plant at 10 us. */
#define SS_DT 1e-5
#define SS_T0 7.0
static double *ss_v;
static size_t ss_n;

static void stick_slip_init(void)
{
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    ss_n = (size_t)((SS_T0 + traces[FRIC_TRACE_STICK_SLIP].duration) / SS_DT) + 2;
    ss_v = malloc(ss_n * sizeof *ss_v);
    if (!ss_v) {
        fprintf(stderr, "fric_accuracy: out of memory\n");
        exit(1);
    }
    fric_lugre_state_t st = {0};
    double x = 0.0, v = 0.0;
    for (size_t i = 0; i < ss_n; i++) {
        ss_v[i] = v;
        const double t = (double)i * SS_DT;
        const double f = fric_lugre_step(&c, &st, v, SS_DT);
        v += SS_DT * (2.0 * (0.1 * t - x) - f) / 1.0;
        x += SS_DT * v;
    }
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

double fric_trace_velocity(fric_trace_kind_t k, double t)
{
    switch (k) {
    case FRIC_TRACE_SINE_SWEEP: { /* phase of a linear chirp 0.5 -> 20 Hz over 2 s */
        const double f0 = 0.5, f1 = 20.0, d = traces[k].duration;
        return 0.05 * sin(2.0 * PI * (f0 * t + 0.5 * (f1 - f0) / d * t * t));
    }
    case FRIC_TRACE_STICK_SLIP: {
        if (!ss_v) stick_slip_init();
        const double u = (t + SS_T0) / SS_DT;
        size_t i = (size_t)u;
        if (i + 1 >= ss_n) i = ss_n - 2;
        const double a = u - (double)i;
        return ss_v[i] * (1.0 - a) + ss_v[i + 1] * a;
    }
    case FRIC_TRACE_RANDOM_STEPS: {
        const uint64_t seg = (uint64_t)(t / 0.02);
        return ((double)(mix(seg + 12345) >> 11) / 9007199254740992.0 * 2.0 - 1.0) * 0.1;
    }
    case FRIC_TRACE_SLOW_CREEP: return 5e-5 * sin(2.0 * PI * 0.1 * t);
    case FRIC_TRACE_COUNT: break;
    }
    return 0.0;
}

/* ---- Dahl / LuGre ------------------------------------------------------------------- */

const fric_acc_dynamic_set_t fric_acc_dynamic_sets[] = {
    {"lugre-canudas1995", "sigma0 1e5, sigma1 sqrt(1e5), sigma2 0.4, Fc 1, Fs 1.5, vs 1 mm/s", FRIC_ACC_LUGRE,
     {1.0, 1.0, 1.5, 1.5, 1e-3, 1e-3, 2.0, 1e5, 316.22776601683793, 0.4, 0.4, 0.0}},
    {"lugre-microdamping", "the same with sigma1(v) = sigma1 exp(-(v/vd)^2), vd 1 mm/s", FRIC_ACC_LUGRE,
     {1.0, 1.0, 1.5, 1.5, 1e-3, 1e-3, 2.0, 1e5, 316.22776601683793, 0.4, 0.4, 1e-3}},
    {"lugre-asymmetric", "Fc 1 / 0.6, Fs 1.4 / 0.9, sigma2 0.5 / 0.2, vs 5 mm/s, delta 1, sigma0 2e4, sigma1 50",
     FRIC_ACC_LUGRE, {1.0, 0.6, 1.4, 0.9, 5e-3, 5e-3, 1.0, 2e4, 50.0, 0.5, 0.2, 0.0}},
    {"lugre-asymmetric-vs", "the same with vs 5 / 2.5 mm/s", FRIC_ACC_LUGRE,
     {1.0, 0.6, 1.4, 0.9, 5e-3, 2.5e-3, 1.0, 2e4, 50.0, 0.5, 0.2, 0.0}},
    {"dahl", "Fc 1, sigma0 1e5, sigma2 0.4", FRIC_ACC_DAHL,
     {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 1e5, 0.0, 0.4, 0.4, 0.0}},
};
const size_t fric_acc_n_dynamic_sets = sizeof fric_acc_dynamic_sets / sizeof fric_acc_dynamic_sets[0];

static double pow2_above(double x)
{
    double p = 0x1p-30;
    while (p < x) p *= 2.0;
    return p;
}

/* A run's samples (at most max_samples), and its options but f_max: v_max
 * the power of two above the trace's peak speed */
static fric_compile_opts_t trace_opts(fric_trace_kind_t trace, double ts, uint32_t width, size_t max_samples,
                                      size_t *n_out)
{
    size_t n = (size_t)(fric_trace_duration(trace) / ts);
    if (n > max_samples) n = max_samples;
    if (n < 1) n = 1;
    *n_out = n;
    double vpk = 0.0;
    for (size_t k = 0; k < n; k++) vpk = fmax(vpk, fabs(fric_trace_velocity(trace, (double)k * ts)));
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = width;
    o.ts = ts;
    o.v_max = pow2_above(vpk * 1.001 + 1e-12);
    return o;
}

fric_status_t fric_acc_dynamic_compile(const fric_acc_dynamic_set_t *set, fric_trace_kind_t trace, double ts,
                                       uint32_t width, size_t max_samples, fric_fx_lugre_t *p,
                                       fric_compile_report_t *rep, size_t *n_out)
{
    size_t n;
    fric_compile_opts_t o = trace_opts(trace, ts, width, max_samples, &n);
    *n_out = n;
    /* the force range from the double model's run */
    double fpk = 0.0;
    {
        fric_lugre_state_t st = {0};
        const double half = ldexp(1.0, (int)width - 1), vl = o.v_max / half;
        for (size_t k = 0; k < n; k++) {
            const double v = nearbyint(fric_trace_velocity(trace, (double)k * ts) / vl) * vl;
            fpk = fmax(fpk, fabs(fric_lugre_step(&set->cfg, &st, v, ts)));
        }
        fric_stribeck_cfg_t curve = fric_lugre_steady_curve(&set->cfg);
        fpk = fmax(fpk, fric_compile_auto_fmax(&curve, o.v_max, width) / 1.25);
    }
    o.f_max = pow2_above(1.25 * fpk);
    return fric_compile_lugre(&set->cfg, &o, p, rep);
}

int32_t fric_acc_trace_code(fric_trace_kind_t trace, size_t k, double ts, const fric_compile_report_t *rep)
{
    return (int32_t)nearbyint(fric_trace_velocity(trace, (double)k * ts) / rep->v_lsb);
}

/* One sample's force error terms (LSB) into out's maxima: the fixed-point
 * force f against the double model's with the requested (fq) and the
 * represented (fe) parameters; the squared error, for the RMS. */
static double tally(fric_acc_dynamic_result_t *out, double f, double fq, double fe)
{
    const double e = fabs(f - fq);
    out->max_lsb = fmax(out->max_lsb, e);
    out->param_lsb = fmax(out->param_lsb, fabs(fe - fq));
    out->arith_lsb = fmax(out->arith_lsb, fabs(f - fe));
    return e * e;
}

fric_status_t fric_acc_dynamic(const fric_acc_dynamic_set_t *set, fric_trace_kind_t trace, double ts,
                               uint32_t width, size_t max_samples, fric_acc_dynamic_result_t *out,
                               char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    fric_fx_lugre_t p;
    fric_compile_report_t rep;
    size_t n;
    const fric_status_t s = fric_acc_dynamic_compile(set, trace, ts, width, max_samples, &p, &rep, &n);
    if (s != FRIC_OK) {
        if (why) snprintf(why, why_len, "%s", rep.why);
        return s;
    }
    const fric_lugre_cfg_t eff = fric_fx_lugre_effective(&p, rep.v_lsb, rep.f_lsb, ts);
    out->v_max = rep.v_max;
    out->f_max = rep.f_max;
    fric_fx_state_t fx;
    fric_fx_lugre_reset(&fx);
    fric_lugre_state_t dq = {0}, de = {0};
    const double fl = rep.f_lsb, wl = ldexp(rep.f_lsb, -FRIC_FX_WG(width));
    double sum = 0.0;
    for (size_t k = 0; k < n; k++) {
        const int32_t vc = fric_acc_trace_code(trace, k, ts, &rep);
        const double v = vc * rep.v_lsb;
        const int32_t f = fric_fx_lugre_step(&p, &fx, vc, &out->flags, NULL);
        const double fq = fric_lugre_step(&set->cfg, &dq, v, ts) / fl;
        const double fe = fric_lugre_step(&eff, &de, v, ts) / fl;
        sum += tally(out, f, fq, fe);
        out->state_max_lsb = fmax(out->state_max_lsb, fabs(fx.w * wl - set->cfg.sigma0 * dq.z) / fl);
    }
    out->n = n;
    out->rms_lsb = sqrt(sum / (double)n);
    return FRIC_OK;
}

/* ---- GMS ------------------------------------------------------------------------------ */

const fric_acc_gms_set_t fric_acc_gms_sets[] = {
    {"gms-4", "Fc 1, Fs 1.5, vs 1 mm/s, sigma2 0.4; k 4e4, 3e4, 2e4, 1e4 N/m, alpha 0.1, 0.2, 0.3, 0.4; C 100 N/s",
     {4, {4e4, 3e4, 2e4, 1e4}, {0.1, 0.2, 0.3, 0.4}, 100.0, {1.0, 1.0, 1.5, 1.5, 0.4, 0.4, 1e-3, 1e-3, 2.0}}},
    {"gms-asymmetric-8", "Fc 1 / 0.6, Fs 1.4 / 0.9, sigma2 0.5 / 0.2, vs 5 mm/s, delta 1; k 8e4 / 2^i, alpha 1/8; C 50 N/s",
     {8, {8e4, 4e4, 2e4, 1e4, 5e3, 2.5e3, 1.25e3, 625.0}, {0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125},
      50.0, {1.0, 0.6, 1.4, 0.9, 0.5, 0.2, 5e-3, 5e-3, 1.0}}},
    {"gms-constant-16", "Fc = Fs = 1, sigma2 0.4; k 1e4 (i + 1) N/m, alpha (i + 1)/136, i = 0..15; C 200 N/s",
     {16, {1e4, 2e4, 3e4, 4e4, 5e4, 6e4, 7e4, 8e4, 9e4, 1e5, 1.1e5, 1.2e5, 1.3e5, 1.4e5, 1.5e5, 1.6e5},
      {1 / 136.0, 2 / 136.0, 3 / 136.0, 4 / 136.0, 5 / 136.0, 6 / 136.0, 7 / 136.0, 8 / 136.0, 9 / 136.0, 10 / 136.0,
       11 / 136.0, 12 / 136.0, 13 / 136.0, 14 / 136.0, 15 / 136.0, 16 / 136.0},
      200.0, {1.0, 1.0, 1.0, 1.0, 0.4, 0.4, 1e-3, 1e-3, 2.0}}},
};
const size_t fric_acc_n_gms_sets = sizeof fric_acc_gms_sets / sizeof fric_acc_gms_sets[0];

static double gms_sum(const fric_gms_state_t *st, unsigned n)
{
    double f = 0.0;
    for (unsigned i = 0; i < n; i++) f += st->f[i];
    return f;
}

fric_status_t fric_acc_gms(const fric_acc_gms_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                           size_t max_samples, fric_acc_dynamic_result_t *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    /* the ranges, as fric_acc_dynamic_compile() picks them */
    size_t n;
    fric_compile_opts_t o = trace_opts(trace, ts, width, max_samples, &n);
    double fpk = 0.0;
    const double half = ldexp(1.0, (int)width - 1), vl = o.v_max / half;
    fric_gms_state_t st;
    fric_gms_init(&set->cfg, &st);
    for (size_t k = 0; k < n; k++) {
        const double v = nearbyint(fric_trace_velocity(trace, (double)k * ts) / vl) * vl;
        fpk = fmax(fpk, fabs(fric_gms_step(&set->cfg, &st, v, ts)));
    }
    fpk = fmax(fpk, fric_compile_auto_fmax(&set->cfg.curve, o.v_max, width) / 1.25);
    o.f_max = pow2_above(1.25 * fpk);
    fric_fx_gms_t p;
    fric_compile_report_t rep;
    const fric_status_t s = fric_compile_gms(&set->cfg, &o, &p, &rep);
    if (s != FRIC_OK) {
        if (why) snprintf(why, why_len, "%s", rep.why);
        return s;
    }
    const fric_gms_cfg_t eff = fric_fx_gms_effective(&p, rep.v_lsb, rep.f_lsb, ts);
    out->v_max = rep.v_max;
    out->f_max = rep.f_max;
    fric_fx_gms_state_t fx;
    fric_fx_gms_reset(&fx);
    fric_gms_state_t dq, de;
    fric_gms_init(&set->cfg, &dq);
    fric_gms_init(&set->cfg, &de);
    const double fl = rep.f_lsb, wl = ldexp(rep.f_lsb, -FRIC_FX_WG(width));
    double sum = 0.0;
    for (size_t k = 0; k < n; k++) {
        const int32_t vc = fric_acc_trace_code(trace, k, ts, &rep);
        const double v = vc * rep.v_lsb;
        const int32_t f = fric_fx_gms_step(&p, &fx, vc, &out->flags);
        const double fq = fric_gms_step(&set->cfg, &dq, v, ts) / fl;
        const double fe = fric_gms_step(&eff, &de, v, ts) / fl;
        sum += tally(out, f, fq, fe);
        double fxs = 0.0;
        for (unsigned i = 0; i < p.n; i++) fxs += (double)fx.f[i];
        out->state_max_lsb = fmax(out->state_max_lsb, fabs(fxs * wl - gms_sum(&dq, set->cfg.n)) / fl);
    }
    out->n = n;
    out->rms_lsb = sqrt(sum / (double)n);
    return FRIC_OK;
}

/* ---- elasto-plastic ------------------------------------------------------------------------ */

#define EP_LUGRE(FC, FCN, FS, FSN, VS, VSN, DELTA, S0, S1, S2, S2N, VD)                                          \
    {.fc_pos = (FC), .fc_neg = (FCN), .fs_pos = (FS), .fs_neg = (FSN), .vs = (VS), .vs_neg = (VSN), .delta = (DELTA), \
     .sigma0 = (S0), .sigma1 = (S1), .sigma2_pos = (S2), .sigma2_neg = (S2N), .vd = (VD)}
const fric_acc_ep_set_t fric_acc_ep_sets[] = {
    {"ep-canudas", "the Canudas de Wit (1995) LuGre set, z_ba = Fc/(2 sigma0) = 5 um",
     {.lugre = EP_LUGRE(1.0, 1.0, 1.5, 1.5, 1e-3, 1e-3, 2.0, 1e5, 316.22776601683796, 0.4, 0.4, 0.0), .z_ba = 5e-6}},
    {"ep-asymmetric", "Fc 1 / 0.6, Fs 1.4 / 0.9, vs 5 / 2 mm/s, delta 1, sigma0 2e4, sigma1 100, sigma2 0.5 / 0.2, "
                      "z_ba 0.8 * 0.6/sigma0 = 24 um",
     {.lugre = EP_LUGRE(1.0, 0.6, 1.4, 0.9, 5e-3, 2e-3, 1.0, 2e4, 100.0, 0.5, 0.2, 0.0), .z_ba = 2.4e-5}},
    {"ep-micro-damping", "Fc 0.5, Fs 0.8, vs 2 mm/s, sigma0 1e6, sigma1 1000 with vd 1 mm/s, sigma2 0.1, z_ba 0.1 um",
     {.lugre = EP_LUGRE(0.5, 0.5, 0.8, 0.8, 2e-3, 2e-3, 2.0, 1e6, 1000.0, 0.1, 0.1, 1e-3), .z_ba = 1e-7}},
};
#undef EP_LUGRE
const size_t fric_acc_n_ep_sets = sizeof fric_acc_ep_sets / sizeof fric_acc_ep_sets[0];

fric_status_t fric_acc_ep_compile(const fric_acc_ep_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                                  size_t max_samples, fric_fx_ep_t *p, fric_compile_report_t *rep, size_t *n_out)
{
    size_t n;
    fric_compile_opts_t o = trace_opts(trace, ts, width, max_samples, &n);
    *n_out = n;
    double fpk = 0.0;
    {
        fric_lugre_state_t st = {0};
        const double half = ldexp(1.0, (int)width - 1), vl = o.v_max / half;
        for (size_t k = 0; k < n; k++) {
            const double v = nearbyint(fric_trace_velocity(trace, (double)k * ts) / vl) * vl;
            fpk = fmax(fpk, fabs(fric_ep_step(&set->cfg, &st, v, ts)));
        }
        fric_stribeck_cfg_t curve = fric_lugre_steady_curve(&set->cfg.lugre);
        fpk = fmax(fpk, fric_compile_auto_fmax(&curve, o.v_max, width) / 1.25);
    }
    o.f_max = pow2_above(1.25 * fpk);
    return fric_compile_ep(&set->cfg, &o, p, rep);
}

fric_status_t fric_acc_ep(const fric_acc_ep_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                          size_t max_samples, fric_acc_dynamic_result_t *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    fric_fx_ep_t p;
    fric_compile_report_t rep;
    size_t n;
    const fric_status_t s = fric_acc_ep_compile(set, trace, ts, width, max_samples, &p, &rep, &n);
    if (s != FRIC_OK) {
        if (why) snprintf(why, why_len, "%s", rep.why);
        return s;
    }
    const fric_ep_cfg_t eff = fric_fx_ep_effective(&p, rep.v_lsb, rep.f_lsb, ts);
    out->v_max = rep.v_max;
    out->f_max = rep.f_max;
    fric_fx_state_t fx;
    fric_fx_lugre_reset(&fx);
    fric_lugre_state_t dq = {0}, de = {0};
    const double fl = rep.f_lsb, wl = ldexp(rep.f_lsb, -FRIC_FX_WG(width));
    double sum = 0.0;
    for (size_t k = 0; k < n; k++) {
        const int32_t vc = fric_acc_trace_code(trace, k, ts, &rep);
        const double v = vc * rep.v_lsb;
        const int32_t f = fric_fx_ep_step(&p, &fx, vc, &out->flags, NULL);
        const double fq = fric_ep_step(&set->cfg, &dq, v, ts) / fl;
        const double fe = fric_ep_step(&eff, &de, v, ts) / fl;
        sum += tally(out, f, fq, fe);
        out->state_max_lsb = fmax(out->state_max_lsb, fabs(fx.w * wl - set->cfg.lugre.sigma0 * dq.z) / fl);
    }
    out->n = n;
    out->rms_lsb = sqrt(sum / (double)n);
    return FRIC_OK;
}

fric_fx_lugre_t fric_acc_random_lugre(uint32_t width, fric_acc_rnd_t rnd)
{
    for (;;) {
        fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
        const double u = (rnd() % 1000) / 1000.0;
        c.fc_pos = 0.2 + 2.0 * u;
        c.fc_neg = c.fc_pos * (0.5 + (rnd() % 1000) / 1000.0);
        c.fs_pos = c.fc_pos * (1.0 + (rnd() % 1000) / 1000.0);
        c.fs_neg = c.fc_neg * (1.0 + (rnd() % 1000) / 1000.0);
        c.vs = pow(10.0, -4.0 + 3.0 * (rnd() % 1000) / 1000.0);
        /* half the sets with a vs per direction, within a factor 2 */
        c.vs_neg = (rnd() & 1) ? c.vs : c.vs * pow(2.0, -1.0 + 2.0 * (rnd() % 1000) / 1000.0);
        c.delta = (rnd() & 1) ? 2.0 : 1.0;
        c.sigma0 = pow(10.0, 2.0 + 4.0 * (rnd() % 1000) / 1000.0);
        c.sigma1 = (rnd() % 4 == 0) ? 0.0 : sqrt(c.sigma0) * (rnd() % 1000) / 500.0;
        c.sigma2_pos = (rnd() % 1000) / 1000.0;
        c.sigma2_neg = (rnd() % 1000) / 1000.0;
        c.vd = (rnd() % 3 == 0) ? c.vs * (0.5 + (rnd() % 1000) / 500.0) : 0.0;
        if (rnd() % 5 == 0) { /* Dahl */
            c.fs_pos = c.fc_pos;
            c.fs_neg = c.fc_neg;
            c.sigma1 = 0.0;
            c.vd = 0.0;
        }
        fric_compile_opts_t o = fric_compile_opts_default();
        o.width = width;
        o.ts = pow(10.0, -6.0 + 4.0 * (rnd() % 1000) / 1000.0);
        o.v_max = pow(2.0, (int)(rnd() % 8) - 6);
        if (rnd() % 4 == 0) o.f_max = pow(2.0, (int)(rnd() % 3) - 1);
        fric_fx_lugre_t p;
        fric_compile_report_t rep;
        if (fric_compile_lugre(&c, &o, &p, &rep) == FRIC_OK) return p;
    }
}

void fric_acc_random_words(uint32_t width, fric_acc_rnd_t rnd, uint32_t *words, int n)
{
    for (int k = 0; k < n; k++) {
        uint32_t x;
        do {
            x = rnd() ^ (rnd() << 16);
            const int bits = 1 + (int)(rnd() % 32);
            const uint32_t mask = bits >= 32 ? ~0u : ((1u << bits) - 1u);
            x &= mask;
            if ((rnd() & 1) && bits < 32 && ((x >> (bits - 1)) & 1u)) x |= ~mask; /* sign-extended */
        } while (!fric_fx_word_fits(width, (uint32_t)k, x));
        words[k] = x;
    }
}
