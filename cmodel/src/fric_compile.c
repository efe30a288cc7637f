/* SPDX-License-Identifier: Apache-2.0 */
/* The parameter compiler (see fric_compile.h). Double precision; it runs
 * once per parameter set, never per sample. */
#include "fric_compile.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fric_check.h"

#define LOG2E 1.4426950408889634

/* A double with a wider exponent, m * 2^e, for the products of SI values
 * and LSB sizes whose intermediates would overflow or underflow a double
 * (sigma0 * ts at sigma0 = 1e300, ts = 1e10) although the result fits.
 * m is 0, non-finite, or |m| in [0.5, 1); e stays within a few thousand.
 * Each operation rounds m once, as the plain double operation would: in
 * the normal range the result is bit for bit that of the plain expression
 * written in the same order (scaling by 2^k is exact). */
typedef struct {
    double m;
    int e;
} xdbl_t;

static xdbl_t xd(double x)
{
    xdbl_t r = {x, 0};
    if (isfinite(x) && x != 0.0) r.m = frexp(x, &r.e);
    return r;
}

static xdbl_t xmul(xdbl_t a, xdbl_t b)
{
    xdbl_t r = xd(a.m * b.m);
    r.e += a.e + b.e;
    return r;
}

static xdbl_t xdiv(xdbl_t a, xdbl_t b)
{
    xdbl_t r = xd(a.m / b.m);
    r.e += a.e - b.e;
    return r;
}

/* The nearest double: 0 or +-infinity outside the double range. */
static double xval(xdbl_t a) { return ldexp(a.m, a.e); }

/* a as %.<prec>g prints it, also beyond the double range ("1e+310") */
static const char *xstr(char buf[32], int prec, xdbl_t a)
{
    const double v = xval(a);
    if (!isfinite(a.m) || a.m == 0.0 || (isfinite(v) && fabs(v) >= DBL_MIN)) {
        snprintf(buf, 32, "%.*g", prec, v);
        return buf;
    }
    const double l = log10(fabs(a.m)) + a.e * 0.30102999566398120; /* log10(2) */
    double d = floor(l), mant = pow(10.0, l - d);
    if (mant >= 10.0 - 5.0 * pow(10.0, -prec)) { /* would print as 10 */
        mant /= 10.0;
        d += 1.0;
    }
    snprintf(buf, 32, "%s%.*ge%+d", a.m < 0.0 ? "-" : "", prec, mant, (int)d);
    return buf;
}

fric_compile_opts_t fric_compile_opts_default(void)
{
    fric_compile_opts_t o = {16, 1.0, 0.0, 0.0};
    return o;
}

static fric_status_t fail(fric_compile_report_t *rep, fric_status_t st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static fric_status_t fail(fric_compile_report_t *rep, fric_status_t st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rep->why, sizeof rep->why, fmt, ap);
    va_end(ap);
    return st;
}

static void quant(fric_compile_report_t *rep, const char *param, const char *unit, double want,
                  double got)
{
    if (rep->nquant < FRIC_COMPILE_MAX_QUANT)
        rep->quant[rep->nquant++] = (fric_quant_t){param, unit, want, got};
}

/* A W-bit mantissa and a right shift in [0, smax] for x >= 0:
 * x ~ m * 2^-s, m < 2^W, as large as the shift range allows.
 * Returns false when x needs a negative shift (too large), and for a
 * negative, infinite or NaN x. */
static bool mant_shift(double x, int w, int smax, uint32_t *m, uint32_t *s)
{
    if (!(x >= 0.0) || !isfinite(x)) return false; /* NaN, negative or infinite */
    if (x == 0.0) {
        *m = 0;
        *s = 0;
        return true;
    }
    int sh = 0;
    while (sh < smax && nearbyint(ldexp(x, sh + 1)) < ldexp(1.0, w)) sh++;
    const double r = nearbyint(ldexp(x, sh));
    if (r >= ldexp(1.0, w)) return false;
    *m = (uint32_t)r;
    *s = (uint32_t)sh;
    return true;
}

/* The steady-state sweeps: whether some velocity code c in [-2^(W-1),
 * 2^(W-1)) gives |F(c * v_lsb)| over a threshold. A run of codes whose
 * upper bound on |F| is not over it is skipped; the rest is split in two
 * down to runs of 64 codes, which are swept. On a run of speeds |v| in
 * [va, vb] of one direction (a checked curve: levels and b finite and
 * >= 0), the level fc + (fs - fc) exp(-|v/vs|^delta) is at most its value
 * at va when fs >= fc (it falls with |v|) or at vb (it rises), and the
 * viscous b|v| at most b vb (run_bound(): how the roundings are covered). */
static bool over(double f, double t, bool scaled) { return scaled ? t < 1.25 * f : f > t; }

/* p = |v/vs|^delta as fric_curve_weight() forms it for a speed v >= 0 of the
 * direction neg (its vs), the weight being exp(-p), or 0 for p > 746 */
static double weight_p(const fric_stribeck_cfg_t *c, bool neg, double v)
{
    const double u = v / (neg ? c->vs_neg : c->vs);
    return (c->delta == 2.0) ? u * u : (c->delta == 1.0) ? fabs(u) : pow(fabs(u), c->delta);
}

/* The bound of a run times *k: k = 1, or 1/2 when the bound itself would
 * overflow (levels near DBL_MAX), so that it still prunes.
 *
 * Rounding is monotone, so the |F| = fl(level + fl(b|v|)) of every code is
 * at most fl(L + fl(b vb)) for any L at least each code's computed level
 * fl(fc + fl(dip w)). The computed u = v/vs grows with |v|; p = u^delta is
 * exact for delta = 1, rounded once for 2, and within an ulp of a function
 * that grows with u for pow; w = exp(-p) within an ulp: so each code's w is
 * within a factor 1 +- 2^-42 (746 p-ulps and one more) of a function that
 * falls with |v|, and the w at the run's first code (dip > 0) or last
 * (dip < 0), widened by 2^-40 and by 2^-1000 for a subnormal w, bounds the
 * w of every code of the run. Where every code's w is exactly 1 (p below
 * 2^-56 at the last code: exp rounds it to 1) or exactly 0 (p above 746 at
 * the first), and for fs = fc, the level is the same at every code and the
 * bound is the largest |F| of the run, so a flat curve is pruned exactly. */
static double run_bound(const fric_stribeck_cfg_t *c, bool neg, double ka, double kb, double v_lsb, double *k)
{
    const double fc = neg ? c->fc_neg : c->fc_pos, fs = neg ? c->fs_neg : c->fs_pos, b = neg ? c->b_neg : c->b_pos;
    const double va = ka * v_lsb, vb = kb * v_lsb, dip = fs - fc, bv = b * vb;
    double level = fc;
    if (dip != 0.0) {
        const double pa = weight_p(c, neg, va), pb = weight_p(c, neg, vb);
        if (pb * (1.0 + 0x1p-40) < 0x1p-56) {
            level = fc + dip; /* w = 1 at every code */
        } else if (!(pa * (1.0 - 0x1p-40) > 746.0)) { /* else w = 0 at every code: the level is fc */
            const double wa = (pa > 746.0) ? 0.0 : exp(-pa), wb = (pb > 746.0) ? 0.0 : exp(-pb);
            const double w = (dip > 0.0) ? wa * (1.0 + 0x1p-40) + 0x1p-1000 : fmax(0.0, wb * (1.0 - 0x1p-40) - 0x1p-1000);
            level = fc + dip * w;
        }
    }
    const double bound = level + bv;
    if (!isinf(bound)) {
        *k = 1.0;
        return bound;
    }
    *k = 0.5;
    return (0.5 * level + 0.5 * bv) * (1.0 + 0x1p-30);
}

static bool run_over(const fric_stribeck_cfg_t *c, bool neg, double ka, double kb, double v_lsb, double t,
                     bool scaled, double *found, double *code)
{
    double k;
    const double bound = run_bound(c, neg, ka, kb, v_lsb, &k);
    if (!over(bound, t * k, scaled)) return false;
    if (kb - ka < 64.0) {
        for (double i = 0.0; i <= kb - ka; i += 1.0) {
            const double cc = neg ? -(kb - i) : ka + i; /* in the order of the codes */
            const double f = fabs(fric_stribeck_force(c, cc * v_lsb));
            if (over(f, t, scaled)) {
                *found = f;
                *code = cc;
                return true;
            }
        }
        return false;
    }
    /* the halves in the order of the codes: the first code found is the first over */
    const double mid = floor(0.5 * (ka + kb));
    if (neg)
        return run_over(c, neg, mid + 1.0, kb, v_lsb, t, scaled, found, code) ||
               run_over(c, neg, ka, mid, v_lsb, t, scaled, found, code);
    return run_over(c, neg, ka, mid, v_lsb, t, scaled, found, code) ||
           run_over(c, neg, mid + 1.0, kb, v_lsb, t, scaled, found, code);
}

/* over(|F|, t, scaled) at some code c (v = 0 gives F = 0, never over): the
 * first such c in order into *code, its |F| into *found */
static bool curve_over(const fric_stribeck_cfg_t *c, double n, double v_lsb, double t, bool scaled, double *found,
                       double *code)
{
    return run_over(c, true, 1.0, n, v_lsb, t, scaled, found, code) ||
           run_over(c, false, 1.0, n - 1.0, v_lsb, t, scaled, found, code);
}

/* The peak |F| and the first code in order that reaches it, *peak and *code
 * (start at 0 and -n): a run is skipped when its bound is below low (a
 * value some code reaches: the peak is not in it) or not above the peak
 * found so far (no code in it comes before). */
static void run_peak(const fric_stribeck_cfg_t *c, bool neg, double ka, double kb, double v_lsb, double low,
                     double *peak, double *code)
{
    double k;
    const double bound = run_bound(c, neg, ka, kb, v_lsb, &k);
    if (bound < low * k || bound <= *peak * k) return;
    if (kb - ka < 64.0) {
        for (double i = 0.0; i <= kb - ka; i += 1.0) {
            const double cc = neg ? -(kb - i) : ka + i;
            const double f = fabs(fric_stribeck_force(c, cc * v_lsb));
            if (f > *peak) {
                *peak = f;
                *code = cc;
            }
        }
        return;
    }
    const double mid = floor(0.5 * (ka + kb));
    if (neg) {
        run_peak(c, neg, mid + 1.0, kb, v_lsb, low, peak, code);
        run_peak(c, neg, ka, mid, v_lsb, low, peak, code);
    } else {
        run_peak(c, neg, ka, mid, v_lsb, low, peak, code);
        run_peak(c, neg, mid + 1.0, kb, v_lsb, low, peak, code);
    }
}

/* The automatic force full scale for a peak |F|: the smallest power of two
 * from 2^-20 up that is at least 1.25 times the peak (at most 1044
 * doublings: +infinity when no double is large enough). */
static double fmax_for_peak(double peak)
{
    double fm = 0x1p-20;
    while (fm < 1.25 * peak) fm *= 2.0;
    return fm;
}

double fric_compile_auto_fmax(const fric_stribeck_cfg_t *curve, double v_max, uint32_t width)
{
    /* the sweeps below cover 2^W codes: W is checked before them */
    if ((width != 16 && width != 18) || fric_stribeck_check(curve) != FRIC_OK || !fric_is_pos(v_max)) return NAN;
    const double n = ldexp(1.0, (int)width - 1), v_lsb = v_max / n;
    /* the power of two of the largest |F| found so far (first the ends of
     * the range and the codes next to 0, where the peak usually is) until
     * no code's |F| needs a larger one: then it is the peak's */
    const double probe[] = {-n, -1.0, 1.0, n - 1.0};
    double peak = 0.0;
    for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
        const double f = fabs(fric_stribeck_force(curve, probe[i] * v_lsb));
        if (f > peak) peak = f;
    }
    double fm = fmax_for_peak(peak), f, c;
    while (curve_over(curve, n, v_lsb, fm, true, &f, &c)) { /* each round at least doubles fm */
        peak = f;
        fm = fmax_for_peak(peak);
    }
    return fm;
}

/* The full scales and their LSB sizes into rep. Each LSB must be a normal
 * double (so that no reciprocal or quotient of the compiler overflows for a
 * representable parameter) and f-max finite. */
static fric_status_t check_opts(const fric_compile_opts_t *opt, fric_compile_report_t *rep,
                                const fric_stribeck_cfg_t *curve)
{
    if (opt->width != 16 && opt->width != 18)
        return fail(rep, FRIC_ERR_FX_WIDTH, "%s", fric_status_message(FRIC_ERR_FX_WIDTH));
    if (!fric_is_pos(opt->v_max))
        return fail(rep, FRIC_ERR_RANGE, "v-max (velocity full scale, m/s) must be finite and > 0");
    if (!fric_is_nonneg(opt->f_max))
        return fail(rep, FRIC_ERR_RANGE, "f-max (force full scale, N) must be finite and > 0, or 0 for automatic");
    const int w = (int)opt->width;
    const double n = ldexp(1.0, w - 1), full_min = ldexp(DBL_MIN, w - 1);
    if (opt->v_max < full_min)
        return fail(rep, FRIC_ERR_RANGE, "v-max = %.6g m/s is below the smallest velocity full scale %.6g m/s "
                    "(2^%d times the smallest normal double) at width %d; raise --v-max", opt->v_max, full_min, w - 1, w);
    if (opt->f_max > 0.0 && opt->f_max < full_min)
        return fail(rep, FRIC_ERR_RANGE, "f-max = %.6g N is below the smallest force full scale %.6g N "
                    "(2^%d times the smallest normal double) at width %d; raise --f-max", opt->f_max, full_min, w - 1, w);
    rep->width = opt->width;
    rep->v_max = opt->v_max;
    rep->f_max = (opt->f_max > 0.0) ? opt->f_max : fric_compile_auto_fmax(curve, opt->v_max, opt->width);
    rep->v_lsb = opt->v_max / n;
    rep->f_lsb = rep->f_max / n;
    if (!isfinite(rep->f_max)) { /* automatic: no double is 1.25 times the peak */
        const double low = fmax(fabs(fric_stribeck_force(curve, -n * rep->v_lsb)),
                                fabs(fric_stribeck_force(curve, (n - 1.0) * rep->v_lsb)));
        double peak = 0.0, c = -n; /* |F| at v = 0 is 0: a peak of 0 is at the first code */
        run_peak(curve, true, 1.0, n, rep->v_lsb, low, &peak, &c);
        run_peak(curve, false, 1.0, n - 1.0, rep->v_lsb, low, &peak, &c);
        const double v_peak = (peak > 0.0) ? c * rep->v_lsb : 0.0;
        return fail(rep, FRIC_ERR_RANGE,
                    "the steady-state force reaches %.6g N at v = %.6g m/s, beyond the automatic force full "
                    "scale (f-max <= %.6g N covers |F| <= %.6g N); lower fc, fs and b (sigma2) or --v-max, or give --f-max",
                    peak, v_peak, ldexp(1.0, DBL_MAX_EXP - 1), ldexp(1.0, DBL_MAX_EXP - 1) / 1.25);
    }
    /* The steady-state curve must fit the output over the whole velocity
     * range; when it does not, the first code in order names the excess. */
    const double top = (n - 1.0) * rep->f_lsb;
    double f, c;
    if (curve_over(curve, n, rep->v_lsb, top, false, &f, &c)) {
        const double v = c * rep->v_lsb;
        return fail(rep, FRIC_ERR_RANGE,
                    "the steady-state force reaches %.6g N at v = %.6g m/s, outside the force range "
                    "|F| <= %.6g N of f-max = %.6g N; raise --f-max (or lower --v-max)",
                    f, v, top, rep->f_max);
    }
    return FRIC_OK;
}

/* The per-direction fields. */
static fric_status_t compile_dir(double fc, double fs, double b, const char *sfx, bool dynamic,
                                 fric_compile_report_t *rep, fric_fx_dir_t *d)
{
    const int w = (int)rep->width, gb = FRIC_FX_G(w);
    const double top = ldexp(1.0, w - 1 + gb); /* FC field (U,W-1,G) */
    const double fcg = nearbyint(fc / rep->f_lsb * ldexp(1.0, gb));
    if (fcg >= top)
        return fail(rep, FRIC_ERR_RANGE, "fc%s = %.6g N is outside the representable range 0 <= fc < %.6g N (f-max); raise --f-max",
                    sfx, fc, rep->f_max);
    if (dynamic && fcg < 1.0)
        return fail(rep, FRIC_ERR_RANGE, "fc%s = %.6g N is below the force resolution: Dahl and LuGre need fc >= %.6g N "
                    "(F_LSB/2^%d) at f-max = %.6g N",
                    sfx, fc, ldexp(rep->f_lsb, -gb - 1), gb + 1, rep->f_max);
    d->fc = (uint32_t)fcg;
    /* dip D = Fs - Fc in output LSB: dm * 2^-ds, dm a signed W-bit word */
    const double dl = (fs - fc) / rep->f_lsb, dmax = ldexp(1.0, w - 1) - 1.0;
    int ds = 0;
    if (dl != 0.0)
        while (ds < 15 && fabs(nearbyint(ldexp(dl, ds + 1))) <= dmax) ds++;
    const double dmr = nearbyint(ldexp(dl, ds));
    if (fabs(dmr) > dmax)
        return fail(rep, FRIC_ERR_RANGE, "fs%s - fc%s = %.6g N is outside the representable dip range |fs - fc| <= %.6g N; raise --f-max",
                    sfx, sfx, fs - fc, dmax * rep->f_lsb);
    if (dl != 0.0 && dmr == 0.0)
        return fail(rep, FRIC_ERR_RANGE, "fs%s - fc%s = %.3g N is below the smallest representable dip %.3g N; set fs%s = fc%s, or lower --f-max",
                    sfx, sfx, fs - fc, ldexp(rep->f_lsb, -16), sfx, sfx);
    d->dm = (int32_t)dmr;
    d->ds = (uint32_t)ds;
    if (dynamic && (double)d->fc + ldexp((double)d->dm, gb - ds) < 1.0)
        return fail(rep, FRIC_ERR_RANGE, "fs%s = %.6g N is below the force resolution: LuGre needs fs >= %.6g N at f-max = %.6g N",
                    sfx, fs, ldexp(rep->f_lsb, -gb - 1), rep->f_max);
    /* viscous: b * |v| in 2^-G LSB per velocity code */
    const xdbl_t per = xmul(xdiv(xd(rep->v_lsb), xd(rep->f_lsb)), xd(ldexp(1.0, gb))); /* code units per N*s/m */
    const double bc = xval(xmul(xdiv(xmul(xd(b), xd(rep->v_lsb)), xd(rep->f_lsb)), xd(ldexp(1.0, gb))));
    char lim[32];
    if (!mant_shift(bc, w, 31, &d->bm, &d->bs))
        return fail(rep, FRIC_ERR_RANGE, "b%s = %.6g N*s/m is outside the representable range b < %s N*s/m; raise --f-max",
                    sfx, b, xstr(lim, 6, xdiv(xd(ldexp(1.0, w)), per)));
    if (b > 0.0 && d->bm == 0)
        return fail(rep, FRIC_ERR_RANGE, "b%s = %.3g N*s/m is below the smallest representable nonzero value %s N*s/m; use 0, or lower --f-max",
                    sfx, b, xstr(lim, 3, xdiv(xd(ldexp(0.5, -31)), per)));
    return FRIC_OK;
}

/* A Stribeck scale: y = (|v|/vs)^delta * log2(e) in (U,YI,YF). */
static double stribeck_k(double vs, double delta, double v_lsb, int yf)
{
    const double r = v_lsb / vs;
    return ((delta == 1.0) ? r : r * r) * LOG2E * ldexp(1.0, yf);
}

static fric_status_t compile_scale(double vs, double delta, bool has_dip, const char *what,
                                   fric_compile_report_t *rep, uint32_t *km, uint32_t *ks,
                                   uint32_t *dsel)
{
    const int w = (int)rep->width, yf = FRIC_FX_YF(w);
    if (!has_dip) { /* Fs = Fc both ways: the weight multiplies 0 */
        *km = 0;
        *ks = 0;
        *dsel = 1;
        return FRIC_OK;
    }
    double dl;
    if (fabs(delta - 1.0) < 1e-12) {
        dl = 1.0;
        *dsel = 0;
    } else if (fabs(delta - 2.0) < 1e-12) {
        dl = 2.0;
        *dsel = 1;
    } else {
        return fail(rep, FRIC_ERR_RANGE, "delta = %.6g cannot be compiled: the fixed-point model and the RTL support "
                    "delta = 1 and delta = 2 only (the double model takes any delta > 0)", delta);
    }
    const double k = stribeck_k(vs, dl, rep->v_lsb, yf);
    if (!mant_shift(k, w, 63, km, ks)) {
        const double kmax = ldexp(1.0, w) - 0.5;
        const double vmin = rep->v_lsb * ((dl == 1.0) ? LOG2E * ldexp(1.0, yf) / kmax : sqrt(LOG2E * ldexp(1.0, yf) / kmax));
        return fail(rep, FRIC_ERR_RANGE, "%s = %.6g m/s is below the smallest representable %.6g m/s at v-max = %.6g m/s "
                    "and width %d; raise it or lower --v-max", what, vs, vmin, rep->v_max, w);
    }
    if (*km == 0)
        return fail(rep, FRIC_ERR_RANGE, "%s = %.6g m/s is too large to represent at v-max = %.6g m/s; the dip would be flat "
                    "(use fs = fc)", what, vs, rep->v_max);
    return FRIC_OK;
}

static double vs_of(uint32_t km, uint32_t ks, uint32_t dsel, double v_lsb, int yf)
{
    if (km == 0) return INFINITY;
    const double k = ldexp((double)km, -(int)ks) / (LOG2E * ldexp(1.0, yf));
    return dsel ? v_lsb / sqrt(k) : v_lsb / k;
}

fric_stribeck_cfg_t fric_fx_stribeck_effective(const fric_fx_stribeck_t *p, double v_lsb, double f_lsb)
{
    if (fric_fx_stribeck_check(p) != FRIC_OK) {
        const fric_stribeck_cfg_t nan = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
        return nan;
    }
    const int w = (int)p->width, gb = FRIC_FX_G(w);
    double fc[2], fs[2], b[2], vs[2];
    for (int d = 0; d < 2; d++) {
        fc[d] = ldexp((double)p->dir[d].fc, -gb) * f_lsb;
        fs[d] = fc[d] + ldexp((double)p->dir[d].dm, -(int)p->dir[d].ds) * f_lsb;
        b[d] = ldexp((double)p->dir[d].bm, -(int)p->dir[d].bs - gb) * f_lsb / v_lsb;
        vs[d] = vs_of(p->dir[d].km, p->dir[d].ks, p->dsel, v_lsb, FRIC_FX_YF(w));
        if (!isfinite(vs[d])) vs[d] = 1.0; /* no dip: vs does not matter */
    }
    fric_stribeck_cfg_t c = {fc[0], fc[1], fs[0], fs[1], b[0], b[1], vs[0], vs[1], p->dsel ? 2.0 : 1.0};
    return c;
}

/* The last check of every compile: each parameter's represented value is a
 * finite double (a set at the edge of the double range can compile to
 * fields whose SI value overflows). */
static fric_status_t check_quant(fric_compile_report_t *rep)
{
    for (size_t i = 0; i < rep->nquant; i++) {
        const fric_quant_t *q = &rep->quant[i];
        if (!isfinite(q->represented))
            return fail(rep, FRIC_ERR_RANGE, "%s = %.6g %s is outside the representable range at v-max = %.6g m/s, "
                        "f-max = %.6g N (the fixed-point set would stand for %.6g %s)",
                        q->param, q->requested, q->unit, rep->v_max, rep->f_max, q->represented, q->unit);
    }
    return FRIC_OK;
}

static fric_status_t compile_static(const fric_stribeck_cfg_t *cfg, bool dynamic,
                                    fric_compile_report_t *rep, fric_fx_stribeck_t *out)
{
    memset(out, 0, sizeof *out);
    out->width = rep->width;
    fric_status_t st = compile_dir(cfg->fc_pos, cfg->fs_pos, cfg->b_pos, "", dynamic, rep, &out->dir[0]);
    if (st == FRIC_OK) st = compile_dir(cfg->fc_neg, cfg->fs_neg, cfg->b_neg, "-neg", dynamic, rep, &out->dir[1]);
    /* each direction's scale from its vs; both are compiled when either
     * direction has a dip (so that vs_neg = vs gives KM_N = KM, KS_N = KS) */
    const bool has_dip = out->dir[0].dm != 0 || out->dir[1].dm != 0;
    if (st == FRIC_OK)
        st = compile_scale(cfg->vs, cfg->delta, has_dip, "vs", rep, &out->dir[0].km, &out->dir[0].ks, &out->dsel);
    if (st == FRIC_OK)
        st = compile_scale(cfg->vs_neg, cfg->delta, has_dip, "vs-neg", rep, &out->dir[1].km, &out->dir[1].ks,
                           &out->dsel);
    if (st != FRIC_OK) return st;
    const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(out, rep->v_lsb, rep->f_lsb);
    quant(rep, "fc", "N", cfg->fc_pos, e.fc_pos);
    quant(rep, "fc-neg", "N", cfg->fc_neg, e.fc_neg);
    if (cfg->fs_pos != cfg->fc_pos) quant(rep, "fs", "N", cfg->fs_pos, e.fs_pos);
    if (cfg->fs_neg != cfg->fc_neg) quant(rep, "fs-neg", "N", cfg->fs_neg, e.fs_neg);
    quant(rep, dynamic ? "sigma2" : "b", "N*s/m", cfg->b_pos, e.b_pos);
    quant(rep, dynamic ? "sigma2-neg" : "b-neg", "N*s/m", cfg->b_neg, e.b_neg);
    if (out->dir[0].km) quant(rep, "vs", "m/s", cfg->vs, e.vs);
    if (out->dir[1].km && cfg->vs_neg != cfg->vs) quant(rep, "vs-neg", "m/s", cfg->vs_neg, e.vs_neg);
    return check_quant(rep);
}

static void report_init(fric_compile_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
}

fric_status_t fric_compile_stribeck(const fric_stribeck_cfg_t *cfg, const fric_compile_opts_t *opt,
                                    fric_fx_stribeck_t *out, fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    report_init(rep);
    if (!cfg || !opt || !out) return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    fric_status_t st = fric_stribeck_check(cfg);
    if (st != FRIC_OK) return fail(rep, st, "%s", fric_status_message(st));
    /* ts is not used by a static curve; the report passes it on */
    if (!fric_is_nonneg(opt->ts))
        return fail(rep, FRIC_ERR_TS, "ts (sample time, s) must be finite and > 0, or 0 (unset) for a static curve");
    st = check_opts(opt, rep, cfg);
    if (st != FRIC_OK) return st;
    rep->ts = opt->ts;
    return compile_static(cfg, false, rep, out);
}

/* A normalized W-bit mantissa m in [2^(W-1), 2^W) and an exponent x in the
 * KXW-bit field's range with k = m * 2^-x: for k = km * 2^ke, km in [0.5,
 * 1), x = W - ke, or W - ke - 1 when km * 2^W rounds up to 2^W. ke is an
 * int of a few thousand at most: no loop, and nothing overflows. False
 * when x is outside the field. */
static bool mant_exp(xdbl_t k, int w, uint32_t *m, int *x)
{
    const int kx = (nearbyint(ldexp(k.m, w)) < ldexp(1.0, w)) ? w - k.e : w - k.e - 1;
    const int kxmax = (1 << (FRIC_FX_KXW(w) - 1)) - 1, kxmin = -(1 << (FRIC_FX_KXW(w) - 1));
    if (kx > kxmax || kx < kxmin) return false;
    *m = (uint32_t)nearbyint(ldexp(k.m, k.e + kx));
    *x = kx;
    return true;
}

/* The step-exponent constant: y2 = |v| * Kc / g with g in (U,W-1,G) LSB,
 * Kc = sigma0 * Ts * V_LSB * 2^G / F_LSB * log2(e); the model forms
 * |v|*KYM * recip(g) * 2^-(2W-1+KYX+...) (see fric_fx_lugre_step()), so
 * KYM * 2^-KYX = Kc * 2^W / (2^W - 1) (the recip table's scale). */
static xdbl_t lugre_kc(double sigma0, double ts, const fric_compile_report_t *rep)
{
    const int w = (int)rep->width;
    xdbl_t k = xmul(xmul(xd(sigma0), xd(ts)), xd(rep->v_lsb));
    k = xdiv(xmul(k, xd(ldexp(1.0, FRIC_FX_G(w)))), xd(rep->f_lsb));
    k = xmul(xmul(k, xd(LOG2E)), xd(ldexp(1.0, w)));
    return xdiv(k, xd(ldexp(1.0, w) - 1.0));
}

fric_lugre_cfg_t fric_fx_lugre_effective(const fric_fx_lugre_t *p, double v_lsb, double f_lsb, double ts)
{
    if (fric_fx_lugre_check(p) != FRIC_OK) {
        const fric_lugre_cfg_t nan = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
        return nan;
    }
    const int w = (int)p->g.width, yf = FRIC_FX_YF(w);
    const fric_stribeck_cfg_t s = fric_fx_stribeck_effective(&p->g, v_lsb, f_lsb);
    const double q = ldexp((double)p->kym, -p->kyx);
    /* sigma0 = q * (2^W - 1) / 2^W / (ts * V_LSB * 2^G / F_LSB * log2(e)),
     * sigma1 = c1 * sigma0 * ts, with the wide exponent in between */
    const xdbl_t num = xdiv(xmul(xd(q), xd(ldexp(1.0, w) - 1.0)), xd(ldexp(1.0, w)));
    const xdbl_t den = xmul(xdiv(xmul(xmul(xd(ts), xd(v_lsb)), xd(ldexp(1.0, FRIC_FX_G(w)))), xd(f_lsb)), xd(LOG2E));
    const xdbl_t sigma0 = xdiv(num, den);
    const double c1 = ldexp((double)p->c1m, -(int)p->c1s);
    fric_lugre_cfg_t c = {s.fc_pos, s.fc_neg, s.fs_pos, s.fs_neg, s.vs, s.vs_neg, s.delta,
                          xval(sigma0), xval(xmul(xmul(xd(c1), sigma0), xd(ts))), s.b_pos, s.b_neg,
                          p->md_en ? vs_of(p->kdm, p->kds, 1, v_lsb, yf) : 0.0};
    return c;
}

/* What a set with a sample time (LuGre, GMS) compiles before its own
 * fields: the model's check st, ts, the options against its steady-state
 * curve, and the curve's fields (the level and sigma2) into s. */
static fric_status_t compile_stepped(fric_status_t st, const fric_compile_opts_t *opt, const fric_stribeck_cfg_t *curve,
                                     fric_compile_report_t *rep, fric_fx_stribeck_t *s)
{
    if (st != FRIC_OK) return fail(rep, st, "%s", fric_status_message(st));
    if (!fric_is_pos(opt->ts)) return fail(rep, FRIC_ERR_TS, "%s", fric_status_message(FRIC_ERR_TS));
    st = check_opts(opt, rep, curve);
    if (st != FRIC_OK) return st;
    rep->ts = opt->ts;
    return compile_static(curve, true, rep, s);
}

fric_status_t fric_compile_lugre(const fric_lugre_cfg_t *cfg, const fric_compile_opts_t *opt,
                                 fric_fx_lugre_t *out, fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    report_init(rep);
    if (!cfg || !opt || !out) return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    memset(out, 0, sizeof *out);
    const fric_stribeck_cfg_t curve = fric_lugre_steady_curve(cfg);
    fric_status_t st = compile_stepped(fric_lugre_check(cfg), opt, &curve, rep, &out->g);
    if (st != FRIC_OK) return st;
    const int w = (int)rep->width;
    char a[32], b[32], c[32];

    /* KYM * 2^-KYX, KYM normalized to [2^(W-1), 2^W) (mant_exp()) */
    const xdbl_t kc = lugre_kc(cfg->sigma0, opt->ts, rep);
    int kx;
    if (!mant_exp(kc, w, &out->kym, &kx)) {
        const int kxmax = (1 << (FRIC_FX_KXW(w) - 1)) - 1, kxmin = -(1 << (FRIC_FX_KXW(w) - 1));
        const xdbl_t s0ts = xmul(xd(cfg->sigma0), xd(opt->ts));
        const xdbl_t per = xdiv(kc, s0ts); /* Kc per unit sigma0*ts */
        return fail(rep, FRIC_ERR_RANGE, "sigma0*ts = %s N*s/m is outside the representable range [%s, %s] N*s/m at "
                    "v-max = %.6g m/s, f-max = %.6g N",
                    xstr(a, 6, s0ts), xstr(b, 3, xdiv(xd(ldexp(1.0, w - 1 - kxmax)), per)),
                    xstr(c, 3, xdiv(xd(ldexp(1.0, w - kxmin)), per)), rep->v_max, rep->f_max);
    }
    out->kyx = kx;

    /* c1 = sigma1 / (sigma0 * ts), applied to dw in force units */
    const xdbl_t s0ts = xmul(xd(cfg->sigma0), xd(opt->ts)), c1x = xdiv(xd(cfg->sigma1), s0ts);
    const double c1 = xval(c1x);
    if (!mant_shift(c1, w, 63, &out->c1m, &out->c1s))
        return fail(rep, FRIC_ERR_RANGE, "sigma1/(sigma0*ts) = %s is outside the representable range < %.6g; "
                    "lower --sigma1 or raise --ts (sigma1 < %s N*s/m at this sigma0 and ts)",
                    xstr(a, 6, c1x), ldexp(1.0, w), xstr(b, 6, xmul(xd(ldexp(1.0, w)), s0ts)));
    if (cfg->sigma1 > 0.0 && out->c1m == 0)
        return fail(rep, FRIC_ERR_RANGE, "sigma1/(sigma0*ts) = %s is below the smallest representable nonzero value %.3g; use --sigma1 0",
                    xstr(a, 3, c1x), ldexp(0.5, -63));
    if (cfg->vd > 0.0) {
        out->md_en = 1;
        uint32_t dsel;
        st = compile_scale(cfg->vd, 2.0, true, "vmd", rep, &out->kdm, &out->kds, &dsel);
        if (st != FRIC_OK) return st;
    }
    const fric_lugre_cfg_t e = fric_fx_lugre_effective(out, rep->v_lsb, rep->f_lsb, opt->ts);
    quant(rep, "sigma0", "N/m", cfg->sigma0, e.sigma0);
    quant(rep, "sigma1", "N*s/m", cfg->sigma1, e.sigma1);
    if (out->md_en) quant(rep, "vmd", "m/s", cfg->vd, e.vd);
    return check_quant(rep);
}

fric_status_t fric_compile_dahl(const fric_dahl_cfg_t *cfg, const fric_compile_opts_t *opt,
                                fric_fx_lugre_t *out, fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    report_init(rep);
    if (!cfg) return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    fric_status_t st = fric_dahl_check(cfg);
    if (st != FRIC_OK) return fail(rep, st, "%s", fric_status_message(st));
    const fric_lugre_cfg_t l = fric_dahl_as_lugre(cfg);
    return fric_compile_lugre(&l, opt, out, rep);
}

/* ---- the elasto-plastic mode of the LuGre set ---------------------------------------- */

fric_ep_cfg_t fric_fx_ep_effective(const fric_fx_ep_t *p, double v_lsb, double f_lsb, double ts)
{
    fric_ep_cfg_t c;
    c.lugre = fric_fx_lugre_effective(&p->lugre, v_lsb, f_lsb, ts);
    if (fric_fx_ep_check(p) != FRIC_OK) {
        c.lugre = fric_fx_lugre_effective(NULL, v_lsb, f_lsb, ts);
        c.z_ba = NAN;
        return c;
    }
    const int gb = FRIC_FX_G((int)p->lugre.g.width);
    c.z_ba = xval(xdiv(xd(ldexp((double)p->wba, -gb) * f_lsb), xd(c.lugre.sigma0)));
    return c;
}

fric_status_t fric_compile_ep(const fric_ep_cfg_t *cfg, const fric_compile_opts_t *opt, fric_fx_ep_t *out,
                              fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    if (!cfg || !opt || !out) {
        report_init(rep);
        return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    }
    memset(out, 0, sizeof *out);
    fric_status_t st = fric_ep_check(cfg);
    if (st != FRIC_OK) {
        report_init(rep);
        return fail(rep, st, "%s", fric_status_message(st));
    }
    st = fric_compile_lugre(&cfg->lugre, opt, &out->lugre, rep);
    if (st != FRIC_OK) return st;
    const int w = (int)rep->width, gb = FRIC_FX_G(w);
    char a[32], b[32];
    /* w_ba = sigma0 * z_ba in (U,W-1,G) output LSB: at least 1, below both levels Fc */
    const xdbl_t wba = xdiv(xmul(xmul(xd(cfg->lugre.sigma0), xd(cfg->z_ba)), xd(ldexp(1.0, gb))), xd(rep->f_lsb));
    const double wr = nearbyint(xval(wba));
    const uint32_t fcmin = out->lugre.g.dir[0].fc < out->lugre.g.dir[1].fc ? out->lugre.g.dir[0].fc : out->lugre.g.dir[1].fc;
    if (!(wr >= 1.0))
        return fail(rep, FRIC_ERR_RANGE, "z-ba = %.6g m is below the smallest representable breakaway, sigma0*z_ba = "
                    "%s N against one 2^-%d of the force LSB %.6g N; raise it or lower --f-max", cfg->z_ba,
                    xstr(a, 6, xmul(xd(cfg->lugre.sigma0), xd(cfg->z_ba))), gb, rep->f_lsb);
    if (!(wr < (double)fcmin))
        return fail(rep, FRIC_ERR_RANGE, "z-ba = %.6g m: sigma0*z_ba = %s N is not below the compiled Coulomb level "
                    "%.9g N; lower it", cfg->z_ba, xstr(a, 6, xmul(xd(cfg->lugre.sigma0), xd(cfg->z_ba))),
                    ldexp((double)fcmin, -gb) * rep->f_lsb);
    out->wba = (uint32_t)wr;
    /* the distance sigma0 * Ts * V_LSB / F_LSB output LSB per velocity code and sample */
    const xdbl_t kz = xdiv(xmul(xmul(xd(cfg->lugre.sigma0), xd(opt->ts)), xd(rep->v_lsb)), xd(rep->f_lsb));
    if (!mant_shift(xval(kz), w, 63, &out->kzm, &out->kzs) || out->kzm == 0)
        return fail(rep, FRIC_ERR_RANGE, "sigma0*ts = %s N*s/m moves the bristles by %s force LSB per velocity code "
                    "and sample, outside the representable range [2^-64, 2^%d); change --ts, --v-max or --f-max",
                    xstr(a, 6, xmul(xd(cfg->lugre.sigma0), xd(opt->ts))), xstr(b, 3, kz), w);
    const fric_ep_cfg_t e = fric_fx_ep_effective(out, rep->v_lsb, rep->f_lsb, opt->ts);
    quant(rep, "z-ba", "m", cfg->z_ba, e.z_ba);
    const double s0d = xval(xdiv(xmul(xd(ldexp((double)out->kzm, -(int)out->kzs)), xd(rep->f_lsb)),
                                 xmul(xd(opt->ts), xd(rep->v_lsb))));
    quant(rep, "sigma0 (distance)", "N/m", cfg->lugre.sigma0, s0d);
    return check_quant(rep);
}

/* The GMS slip-exponent constant: y = Kc / g with g in (U,W-1,G) LSB, Kc =
 * C * Ts * 2^G / F_LSB * log2(e), with the recip table's scale as
 * lugre_kc(). */
static xdbl_t gms_kc(double c, double ts, const fric_compile_report_t *rep)
{
    const int w = (int)rep->width;
    xdbl_t k = xdiv(xmul(xmul(xd(c), xd(ts)), xd(ldexp(1.0, FRIC_FX_G(w)))), xd(rep->f_lsb));
    k = xmul(xmul(k, xd(LOG2E)), xd(ldexp(1.0, w)));
    return xdiv(k, xd(ldexp(1.0, w) - 1.0));
}

/* An element's stiffness increment per velocity code and sample, in output
 * LSB: k * Ts * V_LSB / F_LSB */
static xdbl_t gms_kk(double k, double ts, const fric_compile_report_t *rep)
{
    return xdiv(xmul(xmul(xd(k), xd(ts)), xd(rep->v_lsb)), xd(rep->f_lsb));
}

fric_status_t fric_compile_gms(const fric_gms_cfg_t *cfg, const fric_compile_opts_t *opt, fric_fx_gms_t *out,
                               fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    report_init(rep);
    if (!cfg || !opt || !out) return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    memset(out, 0, sizeof *out);
    const fric_status_t st = compile_stepped(fric_gms_check(cfg), opt, &cfg->curve, rep, &out->s);
    if (st != FRIC_OK) return st;
    const int w = (int)rep->width;
    char a[32], b[32];
    out->n = cfg->n;
    int kx;
    const xdbl_t kc = gms_kc(cfg->c, opt->ts, rep);
    if (!mant_exp(kc, w, &out->kcm, &kx))
        return fail(rep, FRIC_ERR_RANGE, "gms-c*ts = %s N is outside the representable range at f-max = %.6g N "
                    "(its slip exponent C*ts/s(v)*log2(e) = %s per force LSB needs 2^-KCX in [2^-127, 2^128])",
                    xstr(a, 6, xmul(xd(cfg->c), xd(opt->ts))), rep->f_max, xstr(b, 3, kc));
    out->kcx = kx;
    double worst_k = 0.0, k_want = 0.0, k_got = 0.0, worst_a = 0.0, a_want = 0.0, a_got = 0.0;
    for (unsigned i = 0; i < cfg->n; i++) {
        const xdbl_t kk = gms_kk(cfg->k[i], opt->ts, rep);
        const double kv = xval(kk);
        if (!mant_shift(kv, w, 63, &out->km[i], &out->ks[i]))
            return fail(rep, FRIC_ERR_RANGE, "gms-k element %u: k*ts = %s N*s/m moves the element by %s force LSB per "
                        "velocity code and sample, beyond 2^%d; raise --f-max or lower --v-max or --ts", i + 1,
                        xstr(a, 6, xmul(xd(cfg->k[i]), xd(opt->ts))), xstr(b, 3, kk), w);
        if (out->km[i] == 0)
            return fail(rep, FRIC_ERR_RANGE, "gms-k element %u: k*ts = %s N*s/m moves the element by %s force LSB per "
                        "velocity code and sample, below the smallest representable 2^-64; raise --ts or --v-max",
                        i + 1, xstr(a, 6, xmul(xd(cfg->k[i]), xd(opt->ts))), xstr(b, 3, kk));
        const double am = nearbyint(ldexp(cfg->alpha[i], w));
        if (am < 1.0)
            return fail(rep, FRIC_ERR_RANGE, "gms-alpha element %u = %.6g is below the smallest representable "
                        "fraction 2^-%d at width %d", i + 1, cfg->alpha[i], w + 1, w);
        out->am[i] = (uint32_t)am;
        /* the report's worst element of each list */
        const double kr = ldexp((double)out->km[i], -(int)out->ks[i]) / kv * cfg->k[i]; /* k * represented/requested */
        if (fabs(kr / cfg->k[i] - 1.0) >= worst_k) {
            worst_k = fabs(kr / cfg->k[i] - 1.0);
            k_want = cfg->k[i];
            k_got = kr;
        }
        const double ar = ldexp(am, -w);
        if (fabs(ar / cfg->alpha[i] - 1.0) >= worst_a) {
            worst_a = fabs(ar / cfg->alpha[i] - 1.0);
            a_want = cfg->alpha[i];
            a_got = ar;
        }
    }
    const fric_gms_cfg_t e = fric_fx_gms_effective(out, rep->v_lsb, rep->f_lsb, opt->ts);
    quant(rep, "gms-c", "N/s", cfg->c, e.c);
    quant(rep, "gms-k (worst element)", "N/m", k_want, k_got);
    quant(rep, "gms-alpha (worst element)", "", a_want, a_got);
    return check_quant(rep);
}

fric_gms_cfg_t fric_fx_gms_effective(const fric_fx_gms_t *p, double v_lsb, double f_lsb, double ts)
{
    fric_gms_cfg_t c;
    memset(&c, 0, sizeof c);
    if (fric_fx_gms_check(p) != FRIC_OK) {
        c.c = NAN;
        c.curve = (fric_stribeck_cfg_t){NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
        return c;
    }
    const int w = (int)p->s.width;
    c.curve = fric_fx_stribeck_effective(&p->s, v_lsb, f_lsb);
    c.n = p->n;
    /* C = KCM * 2^-KCX * (2^W - 1) / 2^W / (Ts * 2^G / F_LSB * log2(e)) */
    const xdbl_t q = xdiv(xmul(xd(ldexp((double)p->kcm, -p->kcx)), xd(ldexp(1.0, w) - 1.0)), xd(ldexp(1.0, w)));
    const xdbl_t den = xmul(xdiv(xmul(xd(ts), xd(ldexp(1.0, FRIC_FX_G(w)))), xd(f_lsb)), xd(LOG2E));
    c.c = xval(xdiv(q, den));
    /* k = KM * 2^-KS * F_LSB / (Ts * V_LSB), alpha = AM * 2^-W */
    for (unsigned i = 0; i < p->n; i++) {
        c.k[i] = xval(xdiv(xmul(xd(ldexp((double)p->km[i], -(int)p->ks[i])), xd(f_lsb)), xmul(xd(ts), xd(v_lsb))));
        c.alpha[i] = ldexp((double)p->am[i], -w);
    }
    return c;
}
