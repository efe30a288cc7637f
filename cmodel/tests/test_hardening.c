/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The library's input contract (docs/cmodel.md, "Input contract"): every
 * public function that takes a double returns in bounded time for every
 * double (+-0, subnormals, huge values, +-infinity, NaN); a function with a
 * status returns FRIC_OK only with finite outputs, and otherwise an error
 * whose message names the parameter. Under the sanitizer build the same
 * sweeps also prove the absence of signed overflow and other undefined
 * behaviour.
 *
 * Each sweep is table driven: one field (or argument) at a time takes every
 * value of the sweep, the others keep a valid base value. Every call runs
 * under alarm(): a call that does not return within CALL_SECONDS fails the
 * test with the call, the field and the value, instead of blocking.
 */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fricore.h"
#include "fricore_dev.h"
#include "fricore_regs.h"

/* ---- the values ------------------------------------------------------------------ */

/* the special values every double argument takes */
static const double special[] = {
    +0.0, -0.0, 0x1p-1074 /* smallest subnormal */, DBL_MIN, 1e-300, 1e300, DBL_MAX, INFINITY, -INFINITY, NAN,
};
#define NSPECIAL (sizeof special / sizeof special[0])

/* the special values, then +-10^k log-spaced over the whole double range */
#define LOG_STEP 7
#define NLOG (2 * ((308 + 323) / LOG_STEP + 1))
static double sweep[NSPECIAL + NLOG];
static size_t nsweep;

static void build_sweep(void)
{
    if (nsweep) return;
    for (size_t i = 0; i < NSPECIAL; i++) sweep[nsweep++] = special[i];
    for (int k = -323; k <= 308; k += LOG_STEP) {
        const double x = pow(10.0, k);
        sweep[nsweep++] = x;
        sweep[nsweep++] = -x;
    }
}

/* ---- bounded time ------------------------------------------------------------------- */

/* A call gets this long (each returns within milliseconds, also under the
 * sanitizers) */
#define CALL_SECONDS 2u

/* what is running, for the alarm's message */
static const char *volatile call_fn = "";
static const char *volatile call_field = "";
static volatile double call_value;

static void on_alarm(int sig)
{
    (void)sig;
    fail_msg("%s did not return within %u s with %s = %.17g", call_fn, CALL_SECONDS, call_field, call_value);
}

/* SA_NODEFER: fail_msg() leaves the handler by longjmp, which would
 * otherwise leave SIGALRM blocked for the tests that follow */
static int setup_alarm(void **state)
{
    (void)state;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    build_sweep();
    return sigaction(SIGALRM, &sa, NULL);
}

static int teardown_alarm(void **state)
{
    (void)state;
    alarm(0);
    return 0;
}

/* run stmt under the alarm, as fn */
#define BOUNDED(fn, stmt)            \
    do {                             \
        call_fn = (fn);              \
        alarm(CALL_SECONDS);         \
        stmt;                        \
        alarm(0);                    \
    } while (0)

/* ---- fields --------------------------------------------------------------------------- */

/* One double field of an argument struct, and the words of which a refusal's
 * message must contain one ('|'-separated). */
typedef struct {
    const char *name;
    size_t off;
    const char *names;
} field_t;

#define NFIELDS(t) (sizeof t / sizeof t[0])

static void set_field(void *base, const field_t *f, double x)
{
    memcpy((char *)base + f->off, &x, sizeof x);
    call_field = f->name;
    call_value = x;
}

static bool all_finite(const void *p, size_t n_doubles)
{
    for (size_t i = 0; i < n_doubles; i++) {
        double x;
        memcpy(&x, (const char *)p + i * sizeof x, sizeof x);
        if (!isfinite(x)) return false;
    }
    return true;
}
#define ALL_FINITE(s) all_finite(&(s), sizeof(s) / sizeof(double))

/* a status is FRIC_OK or one of the library's errors */
static void assert_known_status(fric_status_t st)
{
    if (st > FRIC_OK || strcmp(fric_status_message(st), "unknown fricore status") == 0)
        fail_msg("%s: unknown status %d with %s = %.17g", call_fn, st, call_field, call_value);
}

/* every parameter's name as the messages spell it */
static const char *const param_names[] = {
    "fc", "fs", "b =", "b-neg", "b/sigma2", "and b", "vs", "delta", "sigma0", "sigma1", "sigma2", "vmd", "v-max", "f-max", "ts",
};

static bool names_one_of(const char *why, const char *names)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *save = NULL, *w = strtok_r(buf, "|", &save); w; w = strtok_r(NULL, "|", &save))
        if (strstr(why, w)) return true;
    return false;
}

/* The message of a refusal names a parameter and its range (a number). A
 * value outside the parameter's own domain (NaN, infinite, zero or
 * negative) is refused by name: one of f->names. A finite value within it
 * can make another parameter unrepresentable (a huge b raises the automatic
 * f-max until fc is below the force resolution); that message names the
 * parameter that no longer fits. */
static void assert_names(const char *why, const field_t *f)
{
    if (why[0] == '\0') fail_msg("%s refused %s = %.17g without a message", call_fn, f->name, call_value);
    const double x = call_value;
    if (!isfinite(x) || x <= 0.0) {
        if (!names_one_of(why, f->names))
            fail_msg("%s refused %s = %.17g with \"%s\", which names none of %s", call_fn, f->name, x, why, f->names);
        return;
    }
    bool named = false;
    for (size_t i = 0; i < sizeof param_names / sizeof param_names[0]; i++) named = named || strstr(why, param_names[i]);
    if (!named || !strpbrk(why, "0123456789"))
        fail_msg("%s refused %s = %.17g with \"%s\", which names no parameter and range", call_fn, f->name, x, why);
}

/* ---- the compiled sets run in the fixed-point model ------------------------------------ */

static void assert_report_finite(const fric_compile_report_t *r)
{
    if (!(isfinite(r->v_max) && isfinite(r->f_max) && isfinite(r->v_lsb) && isfinite(r->f_lsb) && isfinite(r->ts) &&
          r->v_lsb > 0.0 && r->f_lsb > 0.0))
        fail_msg("%s: FRIC_OK with a non-finite report (v_lsb %g, f_max %g, ts %g) at %s = %.17g", call_fn, r->v_lsb,
                 r->f_max, r->ts, call_field, call_value);
    for (size_t i = 0; i < r->nquant; i++)
        if (!isfinite(r->quant[i].requested) || !isfinite(r->quant[i].represented))
            fail_msg("%s: FRIC_OK with %s represented as %g at %s = %.17g", call_fn, r->quant[i].param,
                     r->quant[i].represented, call_field, call_value);
}

/* velocity codes at and beyond the ends of the input */
static size_t vcodes(uint32_t w, int32_t *v)
{
    const int32_t h = (int32_t)(1u << (w - 1));
    const int32_t c[] = {INT32_MIN, -h - 1, -h, -h + 1, -1, 0, 1, h / 3, h - 1, h, INT32_MAX};
    memcpy(v, c, sizeof c);
    return sizeof c / sizeof c[0];
}

static void run_fx_stribeck(const fric_fx_stribeck_t *p)
{
    int32_t v[16];
    const size_t n = vcodes(p->width, v);
    uint32_t flags = 0;
    for (size_t i = 0; i < n; i++) {
        const int32_t f = fric_fx_stribeck(p, v[i], &flags, NULL);
        assert_true(f >= -fric_fx_fmax(p->width) && f <= fric_fx_fmax(p->width));
    }
}

static void run_fx_lugre(const fric_fx_lugre_t *p)
{
    int32_t v[16];
    const size_t n = vcodes(p->g.width, v);
    fric_fx_state_t st;
    fric_fx_lugre_reset(&st);
    uint32_t flags = 0;
    for (int rep = 0; rep < 3; rep++) /* each code held a few samples, from every state before it */
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 3; k++) {
                const int32_t f = fric_fx_lugre_step(p, &st, v[(i * 7 + (size_t)rep) % n], &flags, NULL);
                assert_true(f >= -fric_fx_fmax(p->g.width) && f <= fric_fx_fmax(p->g.width));
            }
}

/* FRIC_OK: finite report, valid fields, a finite represented set, and the
 * set runs; otherwise a known error naming the field */
static void check_stribeck_result(fric_status_t st, const fric_fx_stribeck_t *p, const fric_compile_report_t *r,
                                  const field_t *f)
{
    assert_known_status(st);
    if (st != FRIC_OK) {
        assert_names(r->why, f);
        return;
    }
    assert_report_finite(r);
    assert_int_equal(fric_fx_stribeck_check(p), FRIC_OK);
    const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(p, r->v_lsb, r->f_lsb);
    if (!ALL_FINITE(e)) fail_msg("%s: FRIC_OK, effective set not finite at %s = %.17g", call_fn, f->name, call_value);
    run_fx_stribeck(p);
}

static void check_lugre_result(fric_status_t st, const fric_fx_lugre_t *p, const fric_compile_report_t *r,
                               const field_t *f)
{
    assert_known_status(st);
    if (st != FRIC_OK) {
        assert_names(r->why, f);
        return;
    }
    assert_report_finite(r);
    assert_int_equal(fric_fx_lugre_check(p), FRIC_OK);
    const fric_lugre_cfg_t e = fric_fx_lugre_effective(p, r->v_lsb, r->f_lsb, r->ts);
    if (!ALL_FINITE(e)) fail_msg("%s: FRIC_OK, effective set not finite at %s = %.17g", call_fn, f->name, call_value);
    run_fx_lugre(p);
}

/* ---- the parameter compiler -------------------------------------------------------------- */

typedef struct {
    fric_stribeck_cfg_t cfg;
    fric_compile_opts_t opt;
} stribeck_case_t;

typedef struct {
    fric_lugre_cfg_t cfg;
    fric_compile_opts_t opt;
} lugre_case_t;

typedef struct {
    fric_dahl_cfg_t cfg;
    fric_compile_opts_t opt;
} dahl_case_t;

#define SF(m, names) {#m, offsetof(stribeck_case_t, m), names}
static const field_t stribeck_fields[] = {
    SF(cfg.fc_pos, "fc ("), SF(cfg.fc_neg, "fc-neg ("), SF(cfg.fs_pos, "fs ("), SF(cfg.fs_neg, "fs-neg ("),
    SF(cfg.b_pos, "b/sigma2 ("), SF(cfg.b_neg, "b-neg ("), SF(cfg.vs, "vs ("), SF(cfg.delta, "delta ("),
    SF(opt.v_max, "v-max ("), SF(opt.f_max, "f-max ("), SF(opt.ts, "ts ("),
};

#define LF(m, names) {#m, offsetof(lugre_case_t, m), names}
static const field_t lugre_fields[] = {
    LF(cfg.fc_pos, "fc ("), LF(cfg.fc_neg, "fc-neg ("), LF(cfg.fs_pos, "fs ("), LF(cfg.fs_neg, "fs-neg ("),
    LF(cfg.vs, "vs ("), LF(cfg.delta, "delta ("), LF(cfg.sigma0, "sigma0 ("), LF(cfg.sigma1, "sigma1 ("),
    LF(cfg.sigma2_pos, "b/sigma2 ("), LF(cfg.sigma2_neg, "b-neg ("), LF(cfg.vd, "vmd ("),
    LF(opt.v_max, "v-max ("), LF(opt.f_max, "f-max ("), LF(opt.ts, "ts ("),
};

#define DF(m, names) {#m, offsetof(dahl_case_t, m), names}
static const field_t dahl_fields[] = {
    DF(cfg.fc_pos, "fc ("), DF(cfg.fc_neg, "fc-neg ("), DF(cfg.sigma0, "sigma0 ("), DF(cfg.sigma2_pos, "b/sigma2 ("),
    DF(cfg.sigma2_neg, "b-neg ("), DF(opt.v_max, "v-max ("), DF(opt.f_max, "f-max ("), DF(opt.ts, "ts ("),
};

static fric_compile_opts_t opts(uint32_t w, double ts)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = w;
    o.ts = ts;
    return o;
}

static stribeck_case_t stribeck_base(uint32_t w)
{
    const stribeck_case_t c = {{1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0}, opts(w, 0.0)};
    return c;
}

static lugre_case_t lugre_base(uint32_t w)
{
    lugre_case_t c = {fric_lugre_cfg_canudas1995(), opts(w, 1e-4)};
    c.cfg.vd = 0.01; /* micro-damping on: vd's own field is compiled */
    return c;
}

static dahl_case_t dahl_base(uint32_t w)
{
    const dahl_case_t c = {{1.0, 0.5, 1e5, 0.4, 0.3}, opts(w, 1e-4)};
    return c;
}

/* the values of a compile sweep: every value at W = 16, the special ones
 * also at W = 18 */
static size_t values_for(uint32_t w) { return w == 16 ? nsweep : NSPECIAL; }

static void test_compile_stribeck_every_field(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (size_t f = 0; f < NFIELDS(stribeck_fields); f++)
            for (size_t i = 0; i < values_for(w); i++) {
                stribeck_case_t c = stribeck_base(w);
                set_field(&c, &stribeck_fields[f], sweep[i]);
                fric_fx_stribeck_t p;
                fric_compile_report_t r;
                fric_status_t st;
                BOUNDED("fric_compile_stribeck", st = fric_compile_stribeck(&c.cfg, &c.opt, &p, &r));
                check_stribeck_result(st, &p, &r, &stribeck_fields[f]);
            }
}

static void test_compile_lugre_every_field(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (size_t f = 0; f < NFIELDS(lugre_fields); f++)
            for (size_t i = 0; i < values_for(w); i++) {
                lugre_case_t c = lugre_base(w);
                set_field(&c, &lugre_fields[f], sweep[i]);
                fric_fx_lugre_t p;
                fric_compile_report_t r;
                fric_status_t st;
                BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
                check_lugre_result(st, &p, &r, &lugre_fields[f]);
            }
}

static void test_compile_dahl_every_field(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (size_t f = 0; f < NFIELDS(dahl_fields); f++)
            for (size_t i = 0; i < values_for(w); i++) {
                dahl_case_t c = dahl_base(w);
                set_field(&c, &dahl_fields[f], sweep[i]);
                fric_fx_lugre_t p;
                fric_compile_report_t r;
                fric_status_t st;
                BOUNDED("fric_compile_dahl", st = fric_compile_dahl(&c.cfg, &c.opt, &p, &r));
                check_lugre_result(st, &p, &r, &dahl_fields[f]);
            }
}

/* Two fields at once where each alone is fine but their product or
 * quotient leaves the double range: the scale products of the compiler. */
static void test_compile_lugre_field_pairs(void **state)
{
    (void)state;
    static const size_t pick[] = {4, 6, 7, 10, 11, 12, 13}; /* vs, sigma0, sigma1, vd, v-max, f-max, ts */
    for (size_t a = 0; a < sizeof pick / sizeof pick[0]; a++)
        for (size_t b = a + 1; b < sizeof pick / sizeof pick[0]; b++)
            for (size_t i = 0; i < NSPECIAL; i++)
                for (size_t j = 0; j < NSPECIAL; j++) {
                    lugre_case_t c = lugre_base(16);
                    set_field(&c, &lugre_fields[pick[b]], special[j]);
                    set_field(&c, &lugre_fields[pick[a]], special[i]);
                    fric_fx_lugre_t p;
                    fric_compile_report_t r;
                    fric_status_t st;
                    BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
                    assert_known_status(st);
                    if (st == FRIC_OK) {
                        assert_report_finite(&r);
                        const fric_lugre_cfg_t e = fric_fx_lugre_effective(&p, r.v_lsb, r.f_lsb, r.ts);
                        if (!ALL_FINITE(e))
                            fail_msg("FRIC_OK, effective set not finite at %s = %g, %s = %g", lugre_fields[pick[a]].name,
                                     special[i], lugre_fields[pick[b]].name, special[j]);
                        run_fx_lugre(&p);
                    } else {
                        assert_true(r.why[0] != '\0');
                    }
                }
}

/* fric_compile_auto_fmax(): NaN exactly when an argument is invalid, else a
 * power of two >= 2^-20 (or +infinity when no double is large enough) */
typedef struct {
    fric_stribeck_cfg_t cfg;
    double v_max;
} fmax_case_t;

static void test_auto_fmax_every_field(void **state)
{
    (void)state;
    static const field_t fields[] = {
        {"fc_pos", offsetof(fmax_case_t, cfg.fc_pos), ""}, {"fc_neg", offsetof(fmax_case_t, cfg.fc_neg), ""},
        {"fs_pos", offsetof(fmax_case_t, cfg.fs_pos), ""}, {"fs_neg", offsetof(fmax_case_t, cfg.fs_neg), ""},
        {"b_pos", offsetof(fmax_case_t, cfg.b_pos), ""},   {"b_neg", offsetof(fmax_case_t, cfg.b_neg), ""},
        {"vs", offsetof(fmax_case_t, cfg.vs), ""},         {"delta", offsetof(fmax_case_t, cfg.delta), ""},
        {"v_max", offsetof(fmax_case_t, v_max), ""},
    };
    for (size_t f = 0; f < NFIELDS(fields); f++)
        for (size_t i = 0; i < NSPECIAL; i++) {
            fmax_case_t c = {{1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0}, 1.0};
            set_field(&c, &fields[f], special[i]);
            double fm;
            BOUNDED("fric_compile_auto_fmax", fm = fric_compile_auto_fmax(&c.cfg, c.v_max, 16));
            const bool valid = fric_stribeck_check(&c.cfg) == FRIC_OK && isfinite(c.v_max) && c.v_max > 0.0;
            if (valid != !isnan(fm)) fail_msg("auto f-max %g at %s = %g", fm, fields[f].name, special[i]);
            if (valid && isfinite(fm)) {
                int e;
                assert_true(frexp(fm, &e) == 0.5 && fm >= 0x1p-20);
            }
        }
}

/* the represented sets, for any LSB sizes and sample time */
static void test_effective_any_scale(void **state)
{
    (void)state;
    const lugre_case_t c = lugre_base(16);
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_lugre(&c.cfg, &c.opt, &p, &r), FRIC_OK);
    double a[3] = {r.v_lsb, r.f_lsb, r.ts};
    static const char *const names[] = {"v_lsb", "f_lsb", "ts"};
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < nsweep; i++) {
            double x[3] = {a[0], a[1], a[2]};
            x[k] = sweep[i];
            call_field = names[k];
            call_value = sweep[i];
            fric_lugre_cfg_t e;
            fric_stribeck_cfg_t s;
            BOUNDED("fric_fx_lugre_effective", e = fric_fx_lugre_effective(&p, x[0], x[1], x[2]));
            BOUNDED("fric_fx_stribeck_effective", s = fric_fx_stribeck_effective(&p.g, x[0], x[1]));
            (void)e;
            (void)s;
        }
}

/* ---- the host driver's load calls (a transport that answers zeros: every
 * commit is applied at once) ------------------------------------------------------------ */

static int zero_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t len)
{
    (void)ctx;
    (void)tx;
    memset(rx, 0, len);
    return 0;
}

static fricore_dev_t fake_dev(void)
{
    const fricore_dev_t d = {zero_xfer, NULL, 16, 2,
                             FRIC_REG_CAPS_STRIBECK_MASK | FRIC_REG_CAPS_LUGRE_MASK | (16u << FRIC_REG_CAPS_W_SHIFT) | 2u,
                             100};
    return d;
}

static void test_dev_load_every_field(void **state)
{
    (void)state;
    fricore_dev_t d = fake_dev();
    for (size_t i = 0; i < NSPECIAL; i++) {
        for (size_t f = 0; f < NFIELDS(stribeck_fields); f++) {
            stribeck_case_t c = stribeck_base(16);
            set_field(&c, &stribeck_fields[f], special[i]);
            fric_fx_stribeck_t p;
            fric_compile_report_t r;
            fric_status_t st;
            BOUNDED("fricore_dev_load_stribeck", st = fricore_dev_load_stribeck(&d, &c.cfg, &c.opt, 1u, &p, &r));
            check_stribeck_result(st, &p, &r, &stribeck_fields[f]);
        }
        for (size_t f = 0; f < NFIELDS(lugre_fields); f++) {
            lugre_case_t c = lugre_base(16);
            set_field(&c, &lugre_fields[f], special[i]);
            fric_fx_lugre_t p;
            fric_compile_report_t r;
            fric_status_t st;
            BOUNDED("fricore_dev_load_lugre", st = fricore_dev_load_lugre(&d, &c.cfg, &c.opt, 3u, &p, &r));
            check_lugre_result(st, &p, &r, &lugre_fields[f]);
        }
        for (size_t f = 0; f < NFIELDS(dahl_fields); f++) {
            dahl_case_t c = dahl_base(16);
            set_field(&c, &dahl_fields[f], special[i]);
            fric_fx_lugre_t p;
            fric_compile_report_t r;
            fric_status_t st;
            BOUNDED("fricore_dev_load_dahl", st = fricore_dev_load_dahl(&d, &c.cfg, &c.opt, 2u, &p, &r));
            check_lugre_result(st, &p, &r, &dahl_fields[f]);
        }
    }
}

/* ---- the double models ------------------------------------------------------------------ */

/* The per-sample functions have no status: they return in bounded time and
 * their result is whatever the arithmetic gives (non-finite when it
 * overflows). The validation functions return FRIC_OK only for finite sets. */

typedef struct {
    fric_stribeck_cfg_t cfg;
    double v;
} stribeck_args_t;

#define SA(m) {#m, offsetof(stribeck_args_t, m), ""}
static const field_t stribeck_args[] = {
    SA(cfg.fc_pos), SA(cfg.fc_neg), SA(cfg.fs_pos), SA(cfg.fs_neg), SA(cfg.b_pos),
    SA(cfg.b_neg),  SA(cfg.vs),     SA(cfg.delta),  SA(v),
};

static void test_stribeck_model_every_argument(void **state)
{
    (void)state;
    for (size_t f = 0; f < NFIELDS(stribeck_args); f++)
        for (size_t i = 0; i < nsweep; i++) {
            stribeck_args_t a = {{1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0}, 0.03};
            set_field(&a, &stribeck_args[f], sweep[i]);
            const fric_stribeck_cfg_t *c = &a.cfg;
            fric_status_t st;
            BOUNDED("fric_stribeck_check", st = fric_stribeck_check(c));
            assert_known_status(st);
            if (st == FRIC_OK && !ALL_FINITE(*c)) fail_msg("fric_stribeck_check: FRIC_OK with %s = %g", call_field, call_value);
            volatile double sink = 0.0;
            unsigned wb;
            BOUNDED("fric_stribeck_warnings", wb = fric_stribeck_warnings(c));
            (void)wb;
            BOUNDED("fric_stribeck_level", sink += fric_stribeck_level(c, a.v));
            BOUNDED("fric_stribeck_weight", sink += fric_stribeck_weight(c, a.v));
            BOUNDED("fric_stribeck_force", sink += fric_stribeck_force(c, a.v));
            double f1;
            BOUNDED("fric_stribeck_force_array", fric_stribeck_force_array(c, &a.v, &f1, 1));
            fric_stribeck_cfg_t k;
            BOUNDED("fric_stribeck_cfg_symmetric", k = fric_stribeck_cfg_symmetric(c->fc_pos, c->fs_pos, c->b_pos, c->vs, c->delta));
            BOUNDED("fric_coulomb_cfg", k = fric_coulomb_cfg(c->fc_pos, c->fc_neg));
            BOUNDED("fric_viscous_cfg", k = fric_viscous_cfg(c->fc_pos, c->fc_neg, c->b_pos, c->b_neg));
            (void)k;
            (void)sink;
        }
}

typedef struct {
    fric_lugre_cfg_t cfg;
    double z, v, ts;
} lugre_args_t;

#define LA(m) {#m, offsetof(lugre_args_t, m), ""}
static const field_t lugre_args[] = {
    LA(cfg.fc_pos), LA(cfg.fc_neg), LA(cfg.fs_pos),     LA(cfg.fs_neg),     LA(cfg.vs), LA(cfg.delta), LA(cfg.sigma0),
    LA(cfg.sigma1), LA(cfg.vd),     LA(cfg.sigma2_pos), LA(cfg.sigma2_neg), LA(z),      LA(v),         LA(ts),
};

static void test_lugre_model_every_argument(void **state)
{
    (void)state;
    for (size_t f = 0; f < NFIELDS(lugre_args); f++)
        for (size_t i = 0; i < nsweep; i++) {
            lugre_args_t a = {fric_lugre_cfg_canudas1995(), 1e-5, 1e-3, 1e-4};
            a.cfg.vd = 0.01;
            set_field(&a, &lugre_args[f], sweep[i]);
            const fric_lugre_cfg_t *c = &a.cfg;
            fric_status_t st;
            BOUNDED("fric_lugre_check", st = fric_lugre_check(c));
            assert_known_status(st);
            if (st == FRIC_OK && !ALL_FINITE(*c)) fail_msg("fric_lugre_check: FRIC_OK with %s = %g", call_field, call_value);
            fric_lugre_state_t s = {NAN};
            fric_status_t si;
            BOUNDED("fric_lugre_init", si = fric_lugre_init(c, &s));
            assert_int_equal(si, st);
            if (si == FRIC_OK) assert_true(s.z == 0.0);
            volatile double sink = 0.0;
            unsigned wb;
            bool pass;
            fric_stribeck_cfg_t curve;
            double dz;
            BOUNDED("fric_lugre_warnings", wb = fric_lugre_warnings(c));
            BOUNDED("fric_lugre_is_passive", pass = fric_lugre_is_passive(c));
            BOUNDED("fric_lugre_steady_curve", curve = fric_lugre_steady_curve(c));
            (void)wb;
            (void)pass;
            (void)curve;
            BOUNDED("fric_lugre_g", sink += fric_lugre_g(c, a.v));
            BOUNDED("fric_lugre_sigma1", sink += fric_lugre_sigma1(c, a.v));
            BOUNDED("fric_lugre_dzdt", sink += fric_lugre_dzdt(c, a.z, a.v));
            BOUNDED("fric_lugre_force", sink += fric_lugre_force(c, a.z, a.v));
            BOUNDED("fric_lugre_eval", sink += fric_lugre_eval(c, a.z, a.v, &dz));
            BOUNDED("fric_lugre_steady_z", sink += fric_lugre_steady_z(c, a.v));
            BOUNDED("fric_lugre_steady_force", sink += fric_lugre_steady_force(c, a.v));
            BOUNDED("fric_lugre_step_factor", sink += fric_lugre_step_factor(c, a.v, a.ts));
            BOUNDED("fric_lugre_presliding_stiffness", sink += fric_lugre_presliding_stiffness(c, a.z, a.v));
            BOUNDED("fric_lugre_rk4_dt_max", sink += fric_lugre_rk4_dt_max(c, a.v));
            s.z = a.z;
            for (int k = 0; k < 3; k++) BOUNDED("fric_lugre_step", sink += fric_lugre_step(c, &s, a.v, a.ts));
            (void)sink;
        }
}

typedef struct {
    fric_dahl_cfg_t cfg;
    double z, v, ts;
} dahl_args_t;

#define DA(m) {#m, offsetof(dahl_args_t, m), ""}
static const field_t dahl_args[] = {
    DA(cfg.fc_pos), DA(cfg.fc_neg), DA(cfg.sigma0), DA(cfg.sigma2_pos), DA(cfg.sigma2_neg), DA(z), DA(v), DA(ts),
};

static void test_dahl_model_every_argument(void **state)
{
    (void)state;
    for (size_t f = 0; f < NFIELDS(dahl_args); f++)
        for (size_t i = 0; i < nsweep; i++) {
            dahl_args_t a = {{1.0, 0.5, 1e5, 0.4, 0.3}, 1e-5, 1e-3, 1e-4};
            set_field(&a, &dahl_args[f], sweep[i]);
            const fric_dahl_cfg_t *c = &a.cfg;
            fric_status_t st;
            BOUNDED("fric_dahl_check", st = fric_dahl_check(c));
            assert_known_status(st);
            if (st == FRIC_OK && !ALL_FINITE(*c)) fail_msg("fric_dahl_check: FRIC_OK with %s = %g", call_field, call_value);
            fric_dahl_state_t s = {NAN};
            fric_status_t si;
            BOUNDED("fric_dahl_init", si = fric_dahl_init(c, &s));
            assert_int_equal(si, st);
            if (si == FRIC_OK) assert_true(s.z == 0.0);
            volatile double sink = 0.0;
            fric_lugre_cfg_t l;
            BOUNDED("fric_dahl_as_lugre", l = fric_dahl_as_lugre(c));
            if (st == FRIC_OK) assert_int_equal(fric_lugre_check(&l), FRIC_OK);
            BOUNDED("fric_dahl_dzdt", sink += fric_dahl_dzdt(c, a.z, a.v));
            BOUNDED("fric_dahl_force", sink += fric_dahl_force(c, a.z, a.v));
            BOUNDED("fric_dahl_steady_z", sink += fric_dahl_steady_z(c, a.v));
            BOUNDED("fric_dahl_steady_force", sink += fric_dahl_steady_force(c, a.v));
            BOUNDED("fric_dahl_rk4_dt_max", sink += fric_dahl_rk4_dt_max(c, a.v));
            s.z = a.z;
            for (int k = 0; k < 3; k++) BOUNDED("fric_dahl_step", sink += fric_dahl_step(c, &s, a.v, a.ts));
            (void)sink;
        }
}

typedef struct {
    fric_plant_t p;
    fric_lugre_cfg_t lugre;
    fric_stribeck_cfg_t curve;
    double t, x, v, z, h, f;
} plant_args_t;

#define PA(m) {#m, offsetof(plant_args_t, m), ""}
static const field_t plant_args[] = {
    PA(p.mass),         PA(p.k),           PA(p.vd),           PA(p.force_amp),    PA(p.force_freq),
    PA(lugre.fc_pos),   PA(lugre.fc_neg),  PA(lugre.fs_pos),   PA(lugre.fs_neg),   PA(lugre.vs),
    PA(lugre.delta),    PA(lugre.sigma0),  PA(lugre.sigma1),   PA(lugre.sigma2_pos), PA(lugre.sigma2_neg),
    PA(lugre.vd),       PA(curve.fc_pos),  PA(curve.fc_neg),   PA(curve.fs_pos),   PA(curve.fs_neg),
    PA(curve.b_pos),    PA(curve.b_neg),   PA(curve.vs),       PA(curve.delta),    PA(t),
    PA(x),              PA(v),             PA(z),              PA(h),              PA(f),
};

static void test_plant_every_argument(void **state)
{
    (void)state;
    for (size_t f = 0; f < NFIELDS(plant_args); f++)
        for (size_t i = 0; i < nsweep; i++) {
            plant_args_t a = {{1.0, 2.0, 0.1, 0.5, 3.0}, fric_lugre_cfg_canudas1995(),
                              {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0}, 0.25, -0.74, 0.01, 1e-5, 1e-4, 1.2};
            a.lugre.vd = 0.01;
            set_field(&a, &plant_args[f], sweep[i]);
            fric_status_t st;
            BOUNDED("fric_plant_check", st = fric_plant_check(&a.p));
            assert_known_status(st);
            if (st == FRIC_OK && !ALL_FINITE(a.p)) fail_msg("fric_plant_check: FRIC_OK with %s = %g", call_field, call_value);
            volatile double sink = 0.0;
            double dz;
            BOUNDED("fric_plant_external", sink += fric_plant_external(&a.p, a.t));
            BOUNDED("fric_plant_spring", sink += fric_plant_spring(&a.p, a.t, a.x));
            fric_contact_t cd, cs;
            BOUNDED("fric_contact_dynamic", cd = fric_contact_dynamic(&a.lugre));
            BOUNDED("fric_contact_static", cs = fric_contact_static(&a.curve));
            BOUNDED("fric_contact_eval", sink += fric_contact_eval(&cd, a.z, a.v, &dz));
            BOUNDED("fric_contact_eval", sink += fric_contact_eval(&cs, a.z, a.v, &dz));
            const fric_contact_t *contacts[2] = {&cd, &cs};
            for (int k = 0; k < 2; k++) {
                fric_plant_state_t s = {0};
                s.t = a.t;
                s.x = a.x;
                s.v = a.v;
                s.z = a.z;
                for (int n = 0; n < 3; n++) BOUNDED("fric_plant_rk4_step", fric_plant_rk4_step(&a.p, contacts[k], &s, a.h));
                fric_plant_state_t e = {0};
                e.t = a.t;
                e.x = a.x;
                e.v = a.v;
                e.z = a.z;
                for (int n = 0; n < 3; n++) BOUNDED("fric_plant_exact_step", fric_plant_exact_step(&a.p, contacts[k], &e, a.h));
                sink += s.x + e.x;
            }
            fric_plant_state_t s = {0};
            s.t = a.t;
            s.x = a.x;
            s.v = a.v;
            for (int n = 0; n < 3; n++) BOUNDED("fric_plant_advance", fric_plant_advance(&a.p, &s, a.f, a.h));
            (void)sink;
        }
}

/* ---- regressions: the inputs that hung, overflowed or passed as FRIC_OK --------------------- */

static void expect_refusal(fric_status_t st, const fric_compile_report_t *r, fric_status_t want, const char *needle)
{
    if (st != want) fail_msg("status %d, want %d (%s)", st, want, r->why);
    if (!strstr(r->why, needle)) fail_msg("message '%s' lacks '%s'", r->why, needle);
}

/* ts = 1e300: Kc is +infinity; the normalizing loop spun forever */
static void test_lugre_ts_1e300_is_refused(void **state)
{
    (void)state;
    lugre_case_t c = {fric_lugre_cfg_canudas1995(), opts(16, 1e300)};
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    call_field = "ts";
    call_value = 1e300;
    fric_status_t st;
    BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = 1e+305 N*s/m is outside the representable range");
    const dahl_case_t d = dahl_base(16);
    BOUNDED("fric_compile_dahl", st = fric_compile_dahl(&d.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = 1e+305 N*s/m is outside the representable range");
}

/* sigma0 = 1e-200, sigma1 = 0, ts = 1e-200: Kc underflows to 0; the loop
 * counted its exponent up until it overflowed (UBSan), and on */
static void test_sigma0_ts_underflow_is_refused(void **state)
{
    (void)state;
    lugre_case_t c = {fric_lugre_cfg_canudas1995(), opts(16, 1e-200)};
    c.cfg.sigma0 = 1e-200;
    c.cfg.sigma1 = 0.0;
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    call_field = "sigma0, ts";
    call_value = 1e-200;
    fric_status_t st;
    BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = 1e-400 N*s/m is outside the representable range");
    /* the smallest subnormal sigma0 at a usual ts */
    c = lugre_base(16);
    c.cfg.sigma0 = 0x1p-1074;
    BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = ");
}

/* sigma0 = 1e300, ts = 1e10: sigma0*ts overflows; the same endless loop */
static void test_sigma0_ts_overflow_is_refused(void **state)
{
    (void)state;
    lugre_case_t c = {fric_lugre_cfg_canudas1995(), opts(16, 1e10)};
    c.cfg.sigma0 = 1e300;
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    call_field = "sigma0, ts";
    call_value = 1e300;
    fric_status_t st;
    BOUNDED("fric_compile_lugre", st = fric_compile_lugre(&c.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = 1e+310 N*s/m is outside the representable range");
    dahl_case_t d = dahl_base(18);
    d.cfg.sigma0 = DBL_MAX;
    BOUNDED("fric_compile_dahl", st = fric_compile_dahl(&d.cfg, &d.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "sigma0*ts = ");
}

/* A product out of the double range whose set is representable compiles,
 * and its report is finite (was: FRIC_OK with sigma0 represented as inf) */
static void test_extreme_but_representable_set(void **state)
{
    (void)state;
    dahl_case_t d = dahl_base(16);
    d.cfg.sigma0 = 1e300;
    d.opt.ts = 0x1p-1074;
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    call_field = "sigma0, ts";
    call_value = 1e300;
    fric_status_t st;
    BOUNDED("fric_compile_dahl", st = fric_compile_dahl(&d.cfg, &d.opt, &p, &r));
    assert_int_equal(st, FRIC_OK);
    assert_report_finite(&r);
    const fric_lugre_cfg_t e = fric_fx_lugre_effective(&p, r.v_lsb, r.f_lsb, r.ts);
    assert_true(fabs(e.sigma0 / 1e300 - 1.0) < 1e-4);
}

/* b = 1e300 at v-max = 1e300: the automatic f-max was +infinity, then a NaN
 * was converted to an unsigned field (undefined) */
static void test_unbounded_force_range_is_refused(void **state)
{
    (void)state;
    stribeck_case_t c = stribeck_base(16);
    c.cfg.b_pos = 1e300;
    c.opt.v_max = 1e300;
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    call_field = "b, v-max";
    call_value = 1e300;
    fric_status_t st;
    BOUNDED("fric_compile_stribeck", st = fric_compile_stribeck(&c.cfg, &c.opt, &p, &r));
    expect_refusal(st, &r, FRIC_ERR_RANGE, "beyond the automatic force full scale");
    assert_non_null(strstr(r.why, "lower fc, fs and b"));
    /* f-max = DBL_MAX is finite and accepted; its LSB too */
    c = stribeck_base(16);
    c.opt.f_max = DBL_MAX;
    BOUNDED("fric_compile_stribeck", st = fric_compile_stribeck(&c.cfg, &c.opt, &p, &r));
    check_stribeck_result(st, &p, &r, &stribeck_fields[9]);
}

/* an unused ts that is not a number was copied into the FRIC_OK report */
static void test_stribeck_ts_must_be_a_sample_time(void **state)
{
    (void)state;
    const double bad[] = {NAN, INFINITY, -1.0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        stribeck_case_t c = stribeck_base(16);
        c.opt.ts = bad[i];
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        expect_refusal(fric_compile_stribeck(&c.cfg, &c.opt, &p, &r), &r, FRIC_ERR_TS, "ts (sample time, s) must be finite");
    }
    stribeck_case_t c = stribeck_base(16);
    c.opt.ts = 1e-3;
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_stribeck(&c.cfg, &c.opt, &p, &r), FRIC_OK);
    assert_true(r.ts == 1e-3);
}

/* full scales whose LSB is not a normal double: the LSB was 0 and the
 * represented set NaN */
static void test_subnormal_full_scale_is_refused(void **state)
{
    (void)state;
    stribeck_case_t c = stribeck_base(16);
    c.opt.v_max = 1e-305;
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    expect_refusal(fric_compile_stribeck(&c.cfg, &c.opt, &p, &r), &r, FRIC_ERR_RANGE,
                   "v-max = 1e-305 m/s is below the smallest velocity full scale");
    c = stribeck_base(18);
    c.cfg = fric_coulomb_cfg(0.0, 0.0);
    c.opt.f_max = 0x1p-1074;
    expect_refusal(fric_compile_stribeck(&c.cfg, &c.opt, &p, &r), &r, FRIC_ERR_RANGE,
                   "f-max = 4.94066e-324 N is below the smallest force full scale");
}

/* fric_compile_auto_fmax() loops over 2^W velocity codes: W = 64 meant
 * 2^63 iterations */
static void test_auto_fmax_refuses_other_widths(void **state)
{
    (void)state;
    const fric_stribeck_cfg_t c = fric_coulomb_cfg(1.0, 1.0);
    static const uint32_t widths[] = {0, 1, 15, 17, 32, 64, 1000, UINT32_MAX};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        double fm;
        call_field = "width";
        call_value = widths[i];
        BOUNDED("fric_compile_auto_fmax", fm = fric_compile_auto_fmax(&c, 1.0, widths[i]));
        assert_true(isnan(fm));
    }
    assert_true(isnan(fric_compile_auto_fmax(NULL, 1.0, 16)));
    assert_true(fric_compile_auto_fmax(&c, 1.0, 16) == 2.0);
}

/* The represented set of fields that fail their check (KYX = INT32_MIN was
 * negated: signed overflow) is NaN throughout */
static void test_effective_of_invalid_fields_is_nan(void **state)
{
    (void)state;
    const lugre_case_t c = lugre_base(16);
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_lugre(&c.cfg, &c.opt, &p, &r), FRIC_OK);
    fric_fx_lugre_t bad[4] = {p, p, p, p};
    bad[0].kyx = INT32_MIN;
    bad[1].g.dir[0].ds = UINT32_MAX;
    bad[2].g.dir[1].bs = 0x80000000u;
    bad[3].g.width = 17;
    for (size_t i = 0; i < 4; i++) {
        const fric_lugre_cfg_t e = fric_fx_lugre_effective(&bad[i], r.v_lsb, r.f_lsb, r.ts);
        assert_true(isnan(e.fc_pos) && isnan(e.sigma0) && isnan(e.sigma1) && isnan(e.vd));
        const fric_stribeck_cfg_t s = fric_fx_stribeck_effective(&bad[i].g, r.v_lsb, r.f_lsb);
        if (i > 0) assert_true(isnan(s.fc_pos) && isnan(s.b_neg) && isnan(s.vs));
    }
    assert_true(isnan(fric_fx_stribeck_effective(NULL, 1.0, 1.0).fc_pos));
    assert_true(isnan(fric_fx_lugre_effective(NULL, 1.0, 1.0, 1.0).sigma0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* the compiler, every field over the sweep */
        cmocka_unit_test(test_compile_stribeck_every_field),
        cmocka_unit_test(test_compile_lugre_every_field),
        cmocka_unit_test(test_compile_dahl_every_field),
        cmocka_unit_test(test_compile_lugre_field_pairs),
        cmocka_unit_test(test_auto_fmax_every_field),
        cmocka_unit_test(test_effective_any_scale),
        cmocka_unit_test(test_dev_load_every_field),
        /* the double models */
        cmocka_unit_test(test_stribeck_model_every_argument),
        cmocka_unit_test(test_lugre_model_every_argument),
        cmocka_unit_test(test_dahl_model_every_argument),
        cmocka_unit_test(test_plant_every_argument),
        /* regressions */
        cmocka_unit_test(test_lugre_ts_1e300_is_refused),
        cmocka_unit_test(test_sigma0_ts_underflow_is_refused),
        cmocka_unit_test(test_sigma0_ts_overflow_is_refused),
        cmocka_unit_test(test_extreme_but_representable_set),
        cmocka_unit_test(test_unbounded_force_range_is_refused),
        cmocka_unit_test(test_stribeck_ts_must_be_a_sample_time),
        cmocka_unit_test(test_subnormal_full_scale_is_refused),
        cmocka_unit_test(test_auto_fmax_refuses_other_widths),
        cmocka_unit_test(test_effective_of_invalid_fields_is_nan),
    };
    return cmocka_run_group_tests(tests, setup_alarm, teardown_alarm);
}
