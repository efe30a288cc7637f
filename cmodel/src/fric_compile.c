/* SPDX-License-Identifier: Apache-2.0 */
/* The parameter compiler (see fric_compile.h). Double precision; it runs
 * once per parameter set, never per sample. */
#include "fric_compile.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fric_check.h"

#define LOG2E 1.4426950408889634

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
 * Returns false when x needs a negative shift (too large). */
static bool mant_shift(double x, int w, int smax, uint32_t *m, uint32_t *s)
{
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

double fric_compile_auto_fmax(const fric_stribeck_cfg_t *curve, double v_max, uint32_t width)
{
    const double n = ldexp(1.0, (int)width - 1);
    double peak = 0.0;
    for (double c = -n; c < n; c += 1.0) {
        const double f = fabs(fric_stribeck_force(curve, c * v_max / n));
        if (f > peak) peak = f;
    }
    double fm = 0x1p-20;
    while (fm < 1.25 * peak) fm *= 2.0;
    return fm;
}

static fric_status_t check_opts(const fric_compile_opts_t *opt, fric_compile_report_t *rep,
                                const fric_stribeck_cfg_t *curve)
{
    if (opt->width != 16 && opt->width != 18)
        return fail(rep, FRIC_ERR_FX_WIDTH, "%s", fric_status_message(FRIC_ERR_FX_WIDTH));
    if (!fric_is_pos(opt->v_max))
        return fail(rep, FRIC_ERR_RANGE, "v-max (velocity full scale, m/s) must be finite and > 0");
    if (!fric_is_nonneg(opt->f_max))
        return fail(rep, FRIC_ERR_RANGE, "f-max (force full scale, N) must be finite and > 0, or 0 for automatic");
    const double n = ldexp(1.0, (int)opt->width - 1);
    rep->width = opt->width;
    rep->v_max = opt->v_max;
    rep->f_max = (opt->f_max > 0.0) ? opt->f_max : fric_compile_auto_fmax(curve, opt->v_max, opt->width);
    rep->v_lsb = opt->v_max / n;
    rep->f_lsb = rep->f_max / n;
    rep->ts = opt->ts;
    /* The steady-state curve must fit the output over the whole velocity range. */
    const double top = (n - 1.0) * rep->f_lsb;
    for (double c = -n; c < n; c += 1.0) {
        const double v = c * rep->v_lsb, f = fabs(fric_stribeck_force(curve, v));
        if (f > top)
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
        return fail(rep, FRIC_ERR_RANGE, "fs%s - fc%s = %.3g N is below the smallest representable dip %.3g N; set fs%s = fc%s",
                    sfx, sfx, fs - fc, ldexp(rep->f_lsb, -16), sfx, sfx);
    d->dm = (int32_t)dmr;
    d->ds = (uint32_t)ds;
    if (dynamic && (double)d->fc + ldexp((double)d->dm, gb - ds) < 1.0)
        return fail(rep, FRIC_ERR_RANGE, "fs%s = %.6g N is below the force resolution: LuGre needs fs >= %.6g N at f-max = %.6g N",
                    sfx, fs, ldexp(rep->f_lsb, -gb - 1), rep->f_max);
    /* viscous: b * |v| in 2^-G LSB per velocity code */
    const double bc = b * rep->v_lsb / rep->f_lsb * ldexp(1.0, gb);
    if (!mant_shift(bc, w, 31, &d->bm, &d->bs))
        return fail(rep, FRIC_ERR_RANGE, "b%s = %.6g N*s/m is outside the representable range b < %.6g N*s/m; raise --f-max",
                    sfx, b, ldexp(1.0, w) / bc * b);
    if (b > 0.0 && d->bm == 0)
        return fail(rep, FRIC_ERR_RANGE, "b%s = %.3g N*s/m is below the smallest representable nonzero value %.3g N*s/m; use 0",
                    sfx, b, ldexp(0.5, -31) / bc * b);
    return FRIC_OK;
}

/* The shared Stribeck scale: y = (|v|/vs)^delta * log2(e) in (U,YI,YF). */
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
    const int w = (int)p->width, gb = FRIC_FX_G(w);
    double fc[2], fs[2], b[2];
    for (int d = 0; d < 2; d++) {
        fc[d] = ldexp((double)p->dir[d].fc, -gb) * f_lsb;
        fs[d] = fc[d] + ldexp((double)p->dir[d].dm, -(int)p->dir[d].ds) * f_lsb;
        b[d] = ldexp((double)p->dir[d].bm, -(int)p->dir[d].bs - gb) * f_lsb / v_lsb;
    }
    fric_stribeck_cfg_t c = {fc[0], fc[1], fs[0], fs[1], b[0], b[1],
                             vs_of(p->km, p->ks, p->dsel, v_lsb, FRIC_FX_YF(w)), p->dsel ? 2.0 : 1.0};
    if (!isfinite(c.vs)) c.vs = 1.0; /* no dip: vs does not matter */
    return c;
}

static fric_status_t compile_static(const fric_stribeck_cfg_t *cfg, bool dynamic,
                                    fric_compile_report_t *rep, fric_fx_stribeck_t *out)
{
    memset(out, 0, sizeof *out);
    out->width = rep->width;
    fric_status_t st = compile_dir(cfg->fc_pos, cfg->fs_pos, cfg->b_pos, "", dynamic, rep, &out->dir[0]);
    if (st == FRIC_OK) st = compile_dir(cfg->fc_neg, cfg->fs_neg, cfg->b_neg, "-neg", dynamic, rep, &out->dir[1]);
    if (st == FRIC_OK)
        st = compile_scale(cfg->vs, cfg->delta, out->dir[0].dm != 0 || out->dir[1].dm != 0, "vs", rep,
                           &out->km, &out->ks, &out->dsel);
    if (st != FRIC_OK) return st;
    const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(out, rep->v_lsb, rep->f_lsb);
    quant(rep, "fc", "N", cfg->fc_pos, e.fc_pos);
    quant(rep, "fc-neg", "N", cfg->fc_neg, e.fc_neg);
    if (cfg->fs_pos != cfg->fc_pos) quant(rep, "fs", "N", cfg->fs_pos, e.fs_pos);
    if (cfg->fs_neg != cfg->fc_neg) quant(rep, "fs-neg", "N", cfg->fs_neg, e.fs_neg);
    quant(rep, dynamic ? "sigma2" : "b", "N*s/m", cfg->b_pos, e.b_pos);
    quant(rep, dynamic ? "sigma2-neg" : "b-neg", "N*s/m", cfg->b_neg, e.b_neg);
    if (out->km) quant(rep, "vs", "m/s", cfg->vs, e.vs);
    return FRIC_OK;
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
    st = check_opts(opt, rep, cfg);
    if (st != FRIC_OK) return st;
    return compile_static(cfg, false, rep, out);
}

/* The step-exponent constant: y2 = |v| * Kc / g with g in (U,W-1,G) LSB,
 * Kc = sigma0 * Ts * V_LSB * 2^G / F_LSB * log2(e); the model forms
 * |v|*KYM * recip(g) * 2^-(2W-1+KYX+...) (see fric_fx_lugre_step()), so
 * KYM * 2^-KYX = Kc * 2^W / (2^W - 1) (the recip table's scale). */
static double lugre_kc(double sigma0, const fric_compile_report_t *rep)
{
    const int w = (int)rep->width;
    return sigma0 * rep->ts * rep->v_lsb * ldexp(1.0, FRIC_FX_G(w)) / rep->f_lsb * LOG2E *
           ldexp(1.0, w) / (ldexp(1.0, w) - 1.0);
}

fric_lugre_cfg_t fric_fx_lugre_effective(const fric_fx_lugre_t *p, double v_lsb, double f_lsb, double ts)
{
    const int w = (int)p->g.width, yf = FRIC_FX_YF(w);
    const fric_stribeck_cfg_t s = fric_fx_stribeck_effective(&p->g, v_lsb, f_lsb);
    const double q = ldexp((double)p->kym, -p->kyx);
    const double sigma0 = q * (ldexp(1.0, w) - 1.0) / ldexp(1.0, w) / (ts * v_lsb * ldexp(1.0, FRIC_FX_G(w)) / f_lsb * LOG2E);
    const double c1 = ldexp((double)p->c1m, -(int)p->c1s);
    fric_lugre_cfg_t c = {s.fc_pos, s.fc_neg, s.fs_pos, s.fs_neg, s.vs, s.delta,
                          sigma0, c1 * sigma0 * ts, s.b_pos, s.b_neg,
                          p->md_en ? vs_of(p->kdm, p->kds, 1, v_lsb, yf) : 0.0};
    return c;
}

fric_status_t fric_compile_lugre(const fric_lugre_cfg_t *cfg, const fric_compile_opts_t *opt,
                                 fric_fx_lugre_t *out, fric_compile_report_t *rep)
{
    fric_compile_report_t scratch; /* rep may be NULL: the report is then dropped */
    if (!rep) rep = &scratch;
    report_init(rep);
    if (!cfg || !opt || !out) return fail(rep, FRIC_ERR_NULL, "%s", fric_status_message(FRIC_ERR_NULL));
    fric_status_t st = fric_lugre_check(cfg);
    if (st != FRIC_OK) return fail(rep, st, "%s", fric_status_message(st));
    if (!fric_is_pos(opt->ts)) return fail(rep, FRIC_ERR_TS, "%s", fric_status_message(FRIC_ERR_TS));
    const fric_stribeck_cfg_t curve = fric_lugre_steady_curve(cfg);
    st = check_opts(opt, rep, &curve);
    if (st != FRIC_OK) return st;
    memset(out, 0, sizeof *out);
    st = compile_static(&curve, true, rep, &out->g);
    if (st != FRIC_OK) return st;
    const int w = (int)rep->width;

    /* KYM * 2^-KYX, KYM normalized to [2^(W-1), 2^W), KYX in the field's range */
    const double kc = lugre_kc(cfg->sigma0, rep);
    int kx = 0;
    while (nearbyint(ldexp(kc, kx)) >= ldexp(1.0, w)) kx--;
    while (nearbyint(ldexp(kc, kx + 1)) < ldexp(1.0, w)) kx++;
    const int kxmax = (1 << (FRIC_FX_KXW(w) - 1)) - 1, kxmin = -(1 << (FRIC_FX_KXW(w) - 1));
    if (kx > kxmax || kx < kxmin) {
        const double per = kc / (cfg->sigma0 * opt->ts); /* Kc per unit sigma0*ts */
        return fail(rep, FRIC_ERR_RANGE, "sigma0*ts = %.6g N*s/m is outside the representable range [%.3g, %.3g] N*s/m at "
                    "v-max = %.6g m/s, f-max = %.6g N",
                    cfg->sigma0 * opt->ts, ldexp(1.0, w - 1 - kxmax) / per, ldexp(1.0, w - kxmin) / per,
                    rep->v_max, rep->f_max);
    }
    out->kym = (uint32_t)nearbyint(ldexp(kc, kx));
    out->kyx = kx;

    /* c1 = sigma1 / (sigma0 * ts), applied to dw in force units */
    const double c1 = cfg->sigma1 / (cfg->sigma0 * opt->ts);
    if (!mant_shift(c1, w, 63, &out->c1m, &out->c1s))
        return fail(rep, FRIC_ERR_RANGE, "sigma1/(sigma0*ts) = %.6g is outside the representable range < %.6g; "
                    "lower --sigma1 or raise --ts (sigma1 < %.6g N*s/m at this sigma0 and ts)",
                    c1, ldexp(1.0, w), ldexp(1.0, w) * cfg->sigma0 * opt->ts);
    if (c1 > 0.0 && out->c1m == 0)
        return fail(rep, FRIC_ERR_RANGE, "sigma1/(sigma0*ts) = %.3g is below the smallest representable nonzero value %.3g; use --sigma1 0",
                    c1, ldexp(0.5, -63));
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
    return FRIC_OK;
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
