# SPDX-License-Identifier: Apache-2.0
"""The cffi builder of fricore._fricore: compiles libfricore's C sources
(cmodel/src, the generated tables, the board driver) into one extension
module in API mode and links MINPACK (-lcminpack). setup.py names it in
cffi_modules; paths are relative to the repository root, where setup.py
runs."""
import glob
import os

from cffi import FFI

ROOT = os.path.relpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

CDEF = r"""
typedef int... fric_status_t;
typedef int... fric_model_kind_t;
typedef int... fric_param_kind_t;

#define FRIC_OK ...
#define FRIC_ERR_VELOCITY ...
#define FRIC_FX_WORDS_STRIBECK ...
#define FRIC_FX_WORDS_LUGRE ...
#define FRIC_FX_WORD_KM ...
#define FRIC_FX_WORD_KS ...
#define FRIC_FX_WORD_DSEL ...
#define FRIC_FX_WORD_FC_P ...
#define FRIC_FX_WORD_DM_P ...
#define FRIC_FX_WORD_DS_P ...
#define FRIC_FX_WORD_BM_P ...
#define FRIC_FX_WORD_BS_P ...
#define FRIC_FX_WORD_FC_N ...
#define FRIC_FX_WORD_DM_N ...
#define FRIC_FX_WORD_DS_N ...
#define FRIC_FX_WORD_BM_N ...
#define FRIC_FX_WORD_BS_N ...
#define FRIC_FX_WORD_KM_N ...
#define FRIC_FX_WORD_KS_N ...
#define FRIC_FX_WORD_KYM ...
#define FRIC_FX_WORD_KYX ...
#define FRIC_FX_WORD_C1M ...
#define FRIC_FX_WORD_C1S ...
#define FRIC_FX_WORD_MD_EN ...
#define FRIC_FX_WORD_KDM ...
#define FRIC_FX_WORD_KDS ...
#define FRIC_FIT_WARN_NO_LOW_V ...
#define FRIC_FIT_WARN_WIDE ...
#define FRIC_FIT_WARN_RANK ...
#define FRIC_FIT_WARN_SIGMA1 ...
#define FRIC_FIT_WARN_NOT_CONVERGED ...
#define FRIC_FIT_WARN_AT_BOUND ...
#define FRIC_FIT_IRLS_MAX ...
#define FRIC_FIT_MAX_PARAMS ...
#define FRICORE_DEV_MAX_BURST ...

extern const char fricore_version[];
const char *fric_status_message(fric_status_t status);
const char *fric_warning_message(unsigned warning_bit);

/* fric_stribeck.h, fric_lugre.h */
typedef struct { double fc_pos, fc_neg, fs_pos, fs_neg, b_pos, b_neg, vs, vs_neg, delta; } fric_stribeck_cfg_t;
typedef struct { double fc_pos, fc_neg, fs_pos, fs_neg, vs, vs_neg, delta, sigma0, sigma1, sigma2_pos, sigma2_neg, vd; } fric_lugre_cfg_t;
typedef struct { double z; } fric_lugre_state_t;
double fric_stribeck_force(const fric_stribeck_cfg_t *cfg, double v);
double fric_lugre_eval(const fric_lugre_cfg_t *cfg, double z, double v, double *dzdt);
double fric_lugre_step(const fric_lugre_cfg_t *cfg, fric_lugre_state_t *st, double v, double ts);
fric_lugre_cfg_t fric_lugre_cfg_canudas1995(void);

/* fric_fx.h */
typedef struct { uint32_t width; ...; } fric_fx_stribeck_t;
typedef struct { fric_fx_stribeck_t g; ...; } fric_fx_lugre_t;
typedef struct { int64_t w; } fric_fx_state_t;
void fric_fx_stribeck_pack(const fric_fx_stribeck_t *p, uint32_t *words);
void fric_fx_lugre_pack(const fric_fx_lugre_t *p, uint32_t *words);

/* fric_compile.h */
typedef struct { uint32_t width; double v_max; double f_max; double ts; } fric_compile_opts_t;
fric_compile_opts_t fric_compile_opts_default(void);
typedef struct { const char *param; const char *unit; double requested; double represented; } fric_quant_t;
typedef struct {
    uint32_t width;
    double v_max, f_max, v_lsb, f_lsb, ts;
    fric_quant_t quant[...];
    size_t nquant;
    char why[...];
} fric_compile_report_t;

/* fric_params.h */
typedef struct {
    char key[...];
    fric_param_kind_t kind;
    char text[...];
    double num;
    bool b;
    unsigned at, n;
    unsigned line;
} fric_param_t;
typedef struct { fric_param_t p[...]; size_t n; double pool[...]; unsigned npool; } fric_params_t;
typedef struct { unsigned line, col; char msg[...]; } fric_params_err_t;
int fric_params_parse(const char *text, size_t len, fric_params_t *out, fric_params_err_t *err);

/* fric_model.h */
typedef struct {
    fric_model_kind_t kind;
    fric_stribeck_cfg_t stribeck;
    fric_lugre_cfg_t lugre;
    ...;
} fric_model_t;
typedef struct {
    bool dynamic;
    fric_fx_stribeck_t s;
    fric_fx_lugre_t l;
    fric_compile_report_t rep;
    bool gms;
    ...;
} fric_model_fx_t;
const char *fric_model_name(fric_model_kind_t kind);
fric_status_t fric_model_from_params(const fric_params_t *p, const char *model, fric_model_t *out,
                                     unsigned *warnings, char *why, size_t why_len);
bool fric_model_dynamic(const fric_model_t *m);
fric_status_t fric_model_compile(const fric_model_t *m, const fric_compile_opts_t *opt, fric_model_fx_t *out);

/* fric_array.h */
fric_status_t fric_array_curve(const fric_model_t *m, const double *v, double *f, size_t n, const char *name,
                               size_t *bad, char *why, size_t why_len);
fric_status_t fric_array_vcode(const fric_compile_report_t *rep, const double *v, int32_t *code, size_t n,
                               const char *name, size_t *bad, char *why, size_t why_len);
void fric_array_curve_fx(const fric_model_fx_t *c, const int32_t *v, int32_t *fcode, double *f, size_t n,
                         uint32_t *flags);
fric_status_t fric_array_trace(const fric_model_t *m, fric_lugre_state_t *st, double ts, const double *v, double *f,
                               double *z, size_t n, const char *name, size_t *bad, char *why, size_t why_len);
fric_status_t fric_array_trace_fx(const fric_model_fx_t *c, double sigma0, fric_fx_state_t *st, const double *v,
                                  double *vq, int32_t *fcode, double *f, double *z, size_t n, uint32_t *flags,
                                  const char *name, size_t *bad, char *why, size_t why_len);

/* fric_fit.h */
typedef struct {
    size_t np;
    const char *name[...];
    double value[...];
    double se[...];
    double lo[...], hi[...];
    bool wide[...];
    bool fixed[...];
    bool at_bound[...];
    double bound_lo[...], bound_hi[...];
    bool converged;
    int nactive;
    int rounds;
    size_t m;
    double rms;
    double ssr;
    double tq;
    int rank;
    int info;
    int nfev;
    unsigned warn;
    double v_low;
    char why[...];
} fric_fit_report_t;
typedef struct { const char *name; double lo, hi; } fric_fit_bound_t;
typedef int... fric_fit_loss_t;
#define FRIC_FIT_LOSS_L2 ...
#define FRIC_FIT_LOSS_SOFT_L1 ...
#define FRIC_FIT_LOSS_HUBER ...
typedef struct { bool asymmetric; bool fit_delta; double delta; bool vs_per_direction; const double *weight; fric_fit_loss_t loss;
                 double loss_scale; const fric_fit_bound_t *bounds; size_t nbounds; ...; } fric_fit_static_opts_t;
typedef struct { bool fit_sigma2; const fric_fit_bound_t *bounds; size_t nbounds; ...; } fric_fit_dynamic_opts_t;
int fric_fit_static(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                    fric_stribeck_cfg_t *out, fric_fit_report_t *rep);
int fric_fit_dynamic(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *base,
                     const fric_fit_dynamic_opts_t *o, fric_lugre_cfg_t *out, fric_fit_report_t *rep);
typedef struct { const char *name; bool asymmetric; bool vs_per_direction; double delta; } fric_fit_variant_t;
#define FRIC_FIT_NVARIANTS ...
extern const fric_fit_variant_t fric_fit_variants[];
typedef struct { int status; int k; double aic, bic; bool usable; fric_stribeck_cfg_t cfg; double vs_neg;
                 fric_fit_report_t rep; } fric_fit_compare_row_t;
typedef struct { fric_fit_compare_row_t row[...]; int best_aic, best_bic; int hw_best; int hw_free; bool free_at_bound;
                 double free_rms_gain; double free_bic_gain; double free_max_diff; } fric_fit_compare_t;
int fric_fit_compare(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                     fric_fit_compare_t *out);
/* fric_reduce.h */
typedef struct { size_t window; double tol_rel; double tol_abs; size_t gap; size_t min_samples; double drop_start;
                 double drop_end; double v_min; bool mean; } fric_reduce_opts_t;
typedef struct { double v; double f; double f_sd; size_t n; size_t first, last; } fric_reduce_point_t;
fric_reduce_opts_t fric_reduce_defaults(void);
int fric_sg_velocity(const double *t, const double *x, size_t n, size_t window, bool midpoint, double *v, char *why,
                     size_t why_len);
int fric_reduce(const double *t, const double *y, const double *f, size_t n, bool position, const fric_reduce_opts_t *o,
                fric_reduce_point_t *out, size_t cap, size_t *nout, char *why, size_t why_len);
void fric_fit_dynamic_force(const double *t, const double *v, size_t n, const fric_lugre_cfg_t *cfg, double f0,
                            double *fm);

/* fric_plant.h, fric_sim.h */
typedef struct { double mass, k, vd, force_amp, force_freq; } fric_plant_t;
typedef struct { bool dynamic; fric_lugre_cfg_t lugre; fric_stribeck_cfg_t curve; bool stepped; ...; } fric_contact_t;
typedef struct { double t, x, v, z, f; ...; } fric_plant_state_t;
fric_status_t fric_plant_check(const fric_plant_t *p);
fric_contact_t fric_contact_dynamic(const fric_lugre_cfg_t *c);
fric_contact_t fric_contact_static(const fric_stribeck_cfg_t *c);
fric_contact_t fric_contact_model(const fric_model_t *m);
typedef struct {
    fric_plant_t plant;
    fric_contact_t contact;
    double x0, v0, z0;
    double duration;
    double dt;
    double stick;
    double slip;
    double slip_min;
    size_t plot_points;
} fric_sim_cfg_t;
typedef struct { const char *method; ...; } fric_sim_stepper_t;
typedef int... fric_sim_integrator_t;
#define FRIC_SIM_RK4 ...
#define FRIC_SIM_EXACT ...
#define FRIC_NMETRICS ...
#define FRIC_M_PEAK_F ...
#define FRIC_M_X ...
#define FRIC_M_V ...
#define FRIC_M_Z ...
#define FRIC_M_F ...
#define FRIC_M_STICK_FRAC ...
#define FRIC_M_PERIOD ...
#define FRIC_M_F_P2P ...
#define FRIC_M_PEAK_V ...
#define FRIC_WARN_FS_BELOW_FC ...
#define FRIC_ERR_SIM_DIVERGED ...
#define FRIC_ERR_SIM_INTEGRATOR ...
typedef struct {
    double peak_f;
    size_t steps, near_stick, reversals, onsets, ends, chatter;
    double chatter_v;
    size_t short_slips;
    double w_in, w_f, ke0;
    fric_plant_state_t final;
    double wall;
    char why[...];
    ...;
} fric_sim_result_t;
typedef struct {
    bool dynamic;
    bool met;
    double margin;
    const char *condition;
    const char *reference;
    const char *meaning;
} fric_sim_passivity_t;
typedef struct {
    bool present;
    double stick, slip, slip_min;
    size_t chatter;
    double chatter_v;
    size_t short_slips;
    double stick_dt_max;
    char cause[...];
    char chatter_note[...];
    ...;
} fric_sim_stick_slip_t;
void fric_sim_cfg_init(fric_sim_cfg_t *c);
void fric_sim_cfg_defaults(fric_sim_cfg_t *c);
void fric_sim_stick_slip(const fric_sim_cfg_t *c, const fric_sim_result_t *r, fric_sim_stick_slip_t *out);
fric_status_t fric_sim_cfg_check(const fric_sim_cfg_t *c);
fric_sim_stepper_t fric_sim_builtin_stepper(const fric_sim_cfg_t *c, fric_sim_integrator_t which);
void fric_sim_result_free(fric_sim_result_t *r);
void fric_sim_metrics(const fric_sim_cfg_t *c, const fric_sim_result_t *r, double m[]);
double fric_sim_dke(const fric_sim_cfg_t *c, const fric_sim_result_t *r);
double fric_sim_residual(const fric_sim_cfg_t *c, const fric_sim_result_t *r);
fric_sim_passivity_t fric_sim_passivity(const fric_contact_t *c);
/* the package's collector of a run's samples into arrays */
typedef struct { size_t cap; double *t, *x, *v, *z, *f, *fs, *fe; } fricore_py_series_t;
fric_status_t fricore_py_sim_run(const fric_sim_cfg_t *c, const fric_sim_stepper_t *st, fricore_py_series_t *out,
                                 fric_sim_result_t *r);

/* fric_servo.h */
typedef int... fric_servo_comp_t;
typedef int... fric_servo_arith_t;
typedef int... fric_servo_ref_t;
#define FRIC_SERVO_COMP_NONE ...
#define FRIC_SERVO_COMP_COULOMB ...
#define FRIC_SERVO_COMP_STRIBECK ...
#define FRIC_SERVO_COMP_LUGRE ...
#define FRIC_SERVO_COMP_ELASTOPLASTIC ...
#define FRIC_SERVO_COMP_GMS ...
#define FRIC_SERVO_COMP_LUGRE_ADAPTIVE ...
#define FRIC_SERVO_COMP_LUGRE_ORACLE ...
#define FRIC_SERVO_NPAR ...
#define FRIC_SERVO_PAR_FC ...
#define FRIC_SERVO_PAR_FS ...
#define FRIC_SERVO_PAR_SIGMA2 ...
#define FRIC_SERVO_TRACE_POINTS ...
#define FRIC_SERVO_MAX_TRAJ ...
#define FRIC_SERVO_ARITH_DOUBLE ...
#define FRIC_SERVO_ARITH_FIXED ...
#define FRIC_SERVO_REF_SINE ...
#define FRIC_SERVO_REF_STEP ...
#define FRIC_SERVO_REF_RAMP ...
#define FRIC_SERVO_REF_TRAJECTORY ...
#define FRIC_ERR_DIVERGED ...
#define FRIC_FX_FLAG_F_SAT ...
#define FRIC_FX_FLAG_MAG_NEG ...
#define FRIC_FX_FLAG_G_SAT ...
#define FRIC_FX_FLAG_S1_SAT ...
#define FRIC_FX_FLAG_W_SAT ...
#define FRIC_FX_FLAG_V_SAT ...
#define FRIC_FX_FLAG_ENC_SAT ...
typedef struct {
    double end[3];
    const double *prof_t;
    const double *prof_m[3];
    size_t prof_n;
} fric_servo_drift_t;
typedef struct {
    double rate, gain, lo, hi, slew, dead_zone, v_gate;
    bool sigma2;
} fric_servo_adapt_t;
typedef struct {
    bool on;
    double c, r, ambient, t0;
    double k[3];
} fric_servo_thermal_t;
typedef struct {
    fric_model_t machine;
    double inertia, load_damping, compliance, load_inertia, compliance_damping, substeps;
    fric_servo_drift_t drift;
    fric_servo_thermal_t thermal;
    double ts, counts_per_rev;
    uint32_t width;
    double v_max;
    uint32_t enc_gain, enc_shift;
    double bandwidth, kp, kv, ki, u_max;
    bool accel_ff;
    fric_servo_ref_t ref;
    double amplitude, frequency, period, rise_time, speed;
    const double *traj_t;
    const double *traj_x;
    size_t traj_n;
    fric_servo_comp_t comp_kind;
    fric_servo_arith_t arith;
    fric_model_t comp;
    double f_max;
    fric_servo_adapt_t adapt;
    fric_model_fx_t comp_fx;
    double duration, stick_threshold, lc_window;
    size_t plot_points;
    ...;
} fric_servo_cfg_t;
typedef struct {
    size_t n;
    double peak_e, peak_u;
    size_t stuck, u_sat;
    uint32_t flags;
    double win_t0;
    size_t a_updates, a_retunes;
    size_t ntrace;
    double trace_t[11];
    double trace_par[11][3];
    double trace_hat[11][3];
    double trace_temp[11];
    double temp_peak, temp_end, energy;
    char why[...];
    ...;
} fric_servo_result_t;
typedef struct {
    double rms_e, peak_e, rms_ev, stuck_s, rms_u, peak_u, rms_ferr;
    bool lc_present;
    double lc_amp, lc_freq;
    char why[...];
} fric_servo_metrics_t;
fric_servo_cfg_t fric_servo_defaults(void);
fric_model_t fric_servo_comp_model(fric_servo_comp_t kind, const fric_model_t *m);
bool fric_servo_drifting(const fric_servo_cfg_t *cfg);
fric_status_t fric_servo_prepare(fric_servo_cfg_t *cfg, char *why, size_t why_len);
void fric_servo_result_free(fric_servo_result_t *r);
fric_status_t fric_servo_metrics(const fric_servo_cfg_t *cfg, const fric_servo_result_t *r, fric_servo_metrics_t *m);
const char *fric_servo_comp_name(fric_servo_comp_t kind);
const char *fric_servo_arith_name(fric_servo_arith_t arith);
const char *fric_servo_ref_name(fric_servo_ref_t ref);
typedef struct { size_t cap; double *c[16]; } fricore_py_servo_series_t;
fric_status_t fricore_py_servo_run(const fric_servo_cfg_t *c, fricore_py_servo_series_t *out, fric_servo_result_t *r);

/* fricore_dev.h */
typedef int (*fricore_xfer_t)(void *ctx, const uint8_t *tx, uint8_t *rx, size_t len);
typedef struct {
    fricore_xfer_t xfer;
    void *ctx;
    uint32_t width;
    uint32_t axes;
    uint32_t caps;
    uint32_t max_polls;
} fricore_dev_t;
extern "Python" int _fricore_py_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t len);
fric_status_t fricore_dev_open(fricore_dev_t *d, fricore_xfer_t xfer, void *ctx);
fric_status_t fricore_dev_read(fricore_dev_t *d, uint32_t addr, uint32_t *words, size_t n);
fric_status_t fricore_dev_write(fricore_dev_t *d, uint32_t addr, const uint32_t *words, size_t n);
fric_status_t fricore_dev_read_reg(fricore_dev_t *d, uint32_t addr, uint32_t *value);
fric_status_t fricore_dev_write_reg(fricore_dev_t *d, uint32_t addr, uint32_t value);
fric_status_t fricore_dev_put_stribeck(fricore_dev_t *d, const fric_fx_stribeck_t *p, uint32_t axes);
fric_status_t fricore_dev_put_lugre(fricore_dev_t *d, const fric_fx_lugre_t *p, uint32_t axes);
fric_status_t fricore_dev_reset_state(fricore_dev_t *d, uint32_t axes);
fric_status_t fricore_dev_set_velocities(fricore_dev_t *d, const int32_t *v, size_t n);
fric_status_t fricore_dev_step(fricore_dev_t *d);
fric_status_t fricore_dev_read_forces(fricore_dev_t *d, int32_t *fs, int32_t *fl);
fric_status_t fricore_dev_run(fricore_dev_t *d, uint32_t div, int run, uint32_t enc_axes);
fric_status_t fricore_dev_set_encoder(fricore_dev_t *d, uint32_t gain, uint32_t shift);
fric_status_t fricore_dev_flags(fricore_dev_t *d, uint32_t *flags);
fric_status_t fricore_dev_clear_flags(fricore_dev_t *d, uint32_t mask);
"""


def _sources():
    src = sorted(glob.glob(os.path.join(ROOT, "cmodel", "src", "*.c")))
    return src + [os.path.join(ROOT, "cmodel", "generated", "fric_fx_tables.c"),
                  os.path.join(ROOT, "cmodel", "dev", "fricore_dev.c")]


# Presentation only: the samples a run hands its per-sample hook, stored
# into arrays the caller (numpy) owns, with no Python call per sample.
_HELPERS = r"""
#include "fric_sim.h"
typedef struct { size_t cap; double *t, *x, *v, *z, *f, *fs, *fe; } fricore_py_series_t;
static int fricore_py_sample(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring,
                             double f_ext)
{
    fricore_py_series_t *o = ctx;
    (void)n;
    if (i >= o->cap) return 1;
    o->t[i] = s->t; o->x[i] = s->x; o->v[i] = s->v; o->z[i] = s->z; o->f[i] = s->f;
    o->fs[i] = f_spring; o->fe[i] = f_ext;
    return 0;
}
static fric_status_t fricore_py_sim_run(const fric_sim_cfg_t *c, const fric_sim_stepper_t *st,
                                        fricore_py_series_t *out, fric_sim_result_t *r)
{
    return fric_sim_run(c, st, out ? fricore_py_sample : NULL, out, r);
}
#include "fric_servo.h"
typedef struct { size_t cap; double *c[16]; } fricore_py_servo_series_t;
static int fricore_py_servo_sample(void *ctx, const fric_servo_sample_t *s)
{
    fricore_py_servo_series_t *o = ctx;
    const size_t k = s->k;
    if (k >= o->cap) return 1;
    o->c[0][k] = s->t; o->c[1][k] = s->theta_ref; o->c[2][k] = s->theta; o->c[3][k] = s->omega_ref;
    o->c[4][k] = s->omega; o->c[5][k] = s->omega_meas; o->c[6][k] = s->error; o->c[7][k] = s->u;
    o->c[8][k] = s->friction; o->c[9][k] = s->estimate;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) {
        if (o->c[10 + 2 * i]) o->c[10 + 2 * i][k] = s->par[i];
        if (o->c[11 + 2 * i]) o->c[11 + 2 * i][k] = s->par_hat[i];
    }
    return 0;
}
static fric_status_t fricore_py_servo_run(const fric_servo_cfg_t *c, fricore_py_servo_series_t *out,
                                          fric_servo_result_t *r)
{
    const fric_servo_hooks_t h = {out ? fricore_py_servo_sample : NULL, NULL, NULL, out, NULL};
    return fric_servo_run(c, &h, r);
}
"""

ffi = FFI()
ffi.cdef(CDEF)
ffi.set_source(
    "fricore._fricore",
    ('#include "fricore.h"\n#include "fric_fit.h"\n#include "fric_reduce.h"\n#include "fricore_dev.h"\n#include "fric_version.h"\n'
     "static const char fricore_version[] = FRICORE_VERSION;\n" + _HELPERS),
    sources=_sources(),
    include_dirs=[os.path.join(ROOT, "cmodel", "include"), os.path.join(ROOT, "cmodel", "generated"),
                  os.path.join(ROOT, "cmodel", "cli")],
    libraries=["cminpack", "m"],
    extra_compile_args=["-std=c11", "-O2"],
)

if __name__ == "__main__":
    ffi.compile(verbose=True)
