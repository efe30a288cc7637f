/* SPDX-License-Identifier: Apache-2.0 */
/* The bit-exact fixed-point model (see fric_fx.h and docs/fixed-point.md).
 * Integer arithmetic only: this file must not reference floating point (it
 * is compiled with -mgeneral-regs-only and a test inspects its object). */
#include "fric_fx.h"

/* ---- helpers --------------------------------------------------------------- */

#define BIT(n) ((int64_t)1 << (n))

/* Every helper is inlined into the width-specialized bodies below: the public
 * functions call each body with the width as a constant (16 or 18), so the
 * formats, table pointers and limits fold into immediates. */
#if defined(__GNUC__)
#define FX_INLINE static inline __attribute__((always_inline))
#else
#define FX_INLINE static inline
#endif

/* body(16, ...) / body(18, ...) / body(w, ...) for any other width.
 * Firmware for one datapath width can define FRIC_FX_ONLY_WIDTH (16 or 18):
 * then every function computes at that width whatever a set's width field
 * says (one body instead of three, and only that width's tables are
 * referenced: about a third of the code and half the tables), and
 * fric_fx_stribeck_check / fric_fx_lugre_check refuse a set of another
 * width (FRIC_ERR_FX_WIDTH), so check a set before stepping it. */
#if defined(FRIC_FX_ONLY_WIDTH)
#if FRIC_FX_ONLY_WIDTH != 16 && FRIC_FX_ONLY_WIDTH != 18
#error "FRIC_FX_ONLY_WIDTH must be 16 or 18"
#endif
#define FX_BY_WIDTH(w, body, ...) ((void)(w), body(FRIC_FX_ONLY_WIDTH, __VA_ARGS__))
#else
#define FX_BY_WIDTH(w, body, ...) \
    ((w) == 16 ? body(16, __VA_ARGS__) : (w) == 18 ? body(18, __VA_ARGS__) : body(w, __VA_ARGS__))
#endif

/* Bits needed for x: 0 for 0, else 1 + floor(log2 x). One instruction on
 * GCC and Clang (count leading zeros); a binary search elsewhere. */
FX_INLINE int bitlen(uint64_t x)
{
#if defined(__GNUC__)
    return x ? 64 - __builtin_clzll(x) : 0;
#else
    int n = 0;
    for (int s = 32; s > 0; s >>= 1)
        if (x >> s) {
            x >>= s;
            n += s;
        }
    return n + (int)x;
#endif
}

/* Normalize x > 0 to a W-bit mantissa m in [2^(W-1), 2^W) with x ~ m * 2^e
 * (rounded when bits are dropped, exact otherwise); x = 0 gives m = 0, e = 0. */
FX_INLINE uint64_t norm(uint64_t x, int w, int *e)
{
    const int bl = bitlen(x);
    if (x == 0) {
        *e = 0;
        return 0;
    }
    if (bl <= w) {
        *e = bl - w;
        return x << (w - bl);
    }
    *e = bl - w;
    uint64_t m = (uint64_t)fric_fx_rsr((int64_t)x, *e);
    if (m >> w) { /* rounded up to 2^W: renormalize, exactly */
        m >>= 1;
        (*e)++;
    }
    return m;
}

/* x * 2^-s rounded (s > 0) or x * 2^-s exactly (s <= 0), saturated at lim
 * (a range limit, x >= 0). */
FX_INLINE uint64_t shift_to(uint64_t x, int s, uint64_t lim)
{
    if (s >= 0) {
        const uint64_t y = (uint64_t)fric_fx_rsr((int64_t)x, s);
        return y > lim ? lim : y;
    }
    if (-s >= 62 || x > (lim >> -s)) return x ? lim : 0;
    return x << -s;
}

FX_INLINE const int32_t *table(const int32_t *t16, const int32_t *t18, uint32_t w)
{
    return (w == 18) ? t18 : t16;
}

/* Linear interpolation of table t at index i with fraction fr of fb bits. */
FX_INLINE int64_t interp(const int32_t *t, uint32_t i, uint32_t fr, int fb)
{
    return t[i] - fric_fx_rsr((int64_t)(t[i] - t[i + 1]) * fr, fb);
}

/* dm * E with E in [0, 2^EF]: the multiplier sees E's low EF bits; E = 2^EF
 * (exactly 1.0) selects dm << EF instead (a mux, not a wider multiplier). */
FX_INLINE int64_t mul_e(int64_t m, uint32_t e, int ef)
{
    return (e == (1u << ef)) ? m * BIT(ef) : m * (int64_t)e;
}

/* ---- the exponential unit ---------------------------------------------------- */

FX_INLINE uint32_t exp2_w(uint32_t w, uint32_t y)
{
    const int yf = FRIC_FX_YF(w), fb = FRIC_FX_FB(w);
    const uint32_t ymax = (uint32_t)(BIT(FRIC_FX_YI(w) + yf) - 1);
    if (y > ymax) y = ymax;
    const uint32_t yi = y >> yf;                       /* (U,YI,0) */
    const uint32_t f = y & (uint32_t)(BIT(yf) - 1);    /* (U,0,YF) */
    const uint32_t idx = f >> fb;                      /* TB bits */
    const uint32_t fr = f & (uint32_t)(BIT(fb) - 1);   /* (U,0,FB) */
    const int64_t m = interp(table(fric_fx_exp2_w16, fric_fx_exp2_w18, w), idx, fr, fb); /* (U,1,TP) */
    return (uint32_t)fric_fx_rsr(m, FRIC_FX_TP(w) - FRIC_FX_EF(w) + (int)yi);
}

FX_INLINE uint32_t y_w(uint32_t w, uint32_t a, uint32_t km, uint32_t ks, uint32_t dsel)
{
    const uint64_t ymax = (uint64_t)(BIT(FRIC_FX_YI(w) + FRIC_FX_YF(w)) - 1);
    uint64_t p = a; /* (U,W,0) */
    int pe = 0;
    if (dsel) {
        const uint64_t q = (uint64_t)a * a; /* (U,2W-2,0), exact */
        if (bitlen(q) > (int)w) p = norm(q, (int)w, &pe);
        else p = q;
    }
    const uint64_t prod = p * km; /* (U,2W,0) */
    /* A negative net shift means p is normalized and ks < pe: with a
     * normalized KM (the compiler's) y is then at least 2^(2W-2) > 2^(YI+YF),
     * so it saturates; the model defines the same for any field values. */
    if ((int)ks < pe) return (uint32_t)(prod ? ymax : 0);
    return (uint32_t)shift_to(prod, (int)ks - pe, ymax);
}

FX_INLINE uint32_t recip_w(uint32_t w, uint32_t m)
{
    const int rf = FRIC_FX_RF(w);
    const uint32_t low = m - (1u << (w - 1));               /* (U,W-1,0) */
    const uint32_t idx = low >> rf;                         /* TB bits */
    const uint32_t fr = low & (uint32_t)(BIT(rf) - 1);
    return (uint32_t)interp(table(fric_fx_recip_w16, fric_fx_recip_w18, w), idx, fr, rf);
}

FX_INLINE uint32_t h_w(uint32_t w, uint32_t y)
{
    const int hf = FRIC_FX_HF(w);
    const uint32_t idx = y >> hf;
    const uint32_t fr = y & (uint32_t)(BIT(hf) - 1);
    return (uint32_t)interp(table(fric_fx_h_w16, fric_fx_h_w18, w), idx, fr, hf);
}

uint32_t fric_fx_exp2(uint32_t w, uint32_t y) { return FX_BY_WIDTH(w, exp2_w, y); }

uint32_t fric_fx_stribeck_y(uint32_t w, uint32_t a, uint32_t km, uint32_t ks, uint32_t dsel)
{
    return FX_BY_WIDTH(w, y_w, a, km, ks, dsel);
}

uint32_t fric_fx_recip(uint32_t w, uint32_t m) { return FX_BY_WIDTH(w, recip_w, m); }

uint32_t fric_fx_h(uint32_t w, uint32_t y) { return FX_BY_WIDTH(w, h_w, y); }

/* ---- field checks ---------------------------------------------------------------- */

static bool fits_u(uint32_t x, int bits) { return bits >= 32 || x < (1u << bits); }
static bool fits_s(int32_t x, int bits) { return x >= -(int32_t)BIT(bits - 1) && x < (int32_t)BIT(bits - 1); }

int fric_fx_word_fits(uint32_t width, uint32_t addr, uint32_t data)
{
    if (width != 16 && width != 18) return 0;
    const int w = (int)width;
    int bits, sgn;
    switch (addr) {
#define FRIC_FX_WORD_CASE(name)                                                       \
    case FRIC_FX_WORD_##name:                                                         \
        bits = FRIC_FX_BITS_##name(w);                                                \
        sgn = FRIC_FX_SIGNED_##name;                                                  \
        break;
    FRIC_FX_WORD_CASE(KM) FRIC_FX_WORD_CASE(KS) FRIC_FX_WORD_CASE(DSEL)
    FRIC_FX_WORD_CASE(FC_P) FRIC_FX_WORD_CASE(DM_P) FRIC_FX_WORD_CASE(DS_P)
    FRIC_FX_WORD_CASE(BM_P) FRIC_FX_WORD_CASE(BS_P)
    FRIC_FX_WORD_CASE(FC_N) FRIC_FX_WORD_CASE(DM_N) FRIC_FX_WORD_CASE(DS_N)
    FRIC_FX_WORD_CASE(BM_N) FRIC_FX_WORD_CASE(BS_N)
    FRIC_FX_WORD_CASE(KM_N) FRIC_FX_WORD_CASE(KS_N)
    FRIC_FX_WORD_CASE(KYM) FRIC_FX_WORD_CASE(KYX) FRIC_FX_WORD_CASE(C1M)
    FRIC_FX_WORD_CASE(C1S) FRIC_FX_WORD_CASE(MD_EN) FRIC_FX_WORD_CASE(KDM)
    FRIC_FX_WORD_CASE(KDS)
#undef FRIC_FX_WORD_CASE
    default: return 0;
    }
    return sgn ? fits_s((int32_t)data, bits) : fits_u(data, bits);
}

fric_status_t fric_fx_stribeck_check(const fric_fx_stribeck_t *p)
{
    if (!p) return FRIC_ERR_NULL;
    const uint32_t w = p->width;
    if (w != 16 && w != 18) return FRIC_ERR_FX_WIDTH;
#if defined(FRIC_FX_ONLY_WIDTH)
    if (w != FRIC_FX_ONLY_WIDTH) return FRIC_ERR_FX_WIDTH;
#endif
    bool ok = fits_u(p->dsel, FRIC_FX_BITS_DSEL(w));
    for (int d = 0; d < 2; d++) {
        const fric_fx_dir_t *q = &p->dir[d];
        ok = ok && fits_u(q->fc, FRIC_FX_BITS_FC_P(w)) && fits_s(q->dm, FRIC_FX_BITS_DM_P(w)) &&
             fits_u(q->ds, FRIC_FX_BITS_DS_P(w)) && fits_u(q->bm, FRIC_FX_BITS_BM_P(w)) &&
             fits_u(q->bs, FRIC_FX_BITS_BS_P(w)) && fits_u(q->km, FRIC_FX_BITS_KM(w)) &&
             fits_u(q->ks, FRIC_FX_BITS_KS(w));
    }
    return ok ? FRIC_OK : FRIC_ERR_FX_FIELD;
}

fric_status_t fric_fx_lugre_check(const fric_fx_lugre_t *p)
{
    if (!p) return FRIC_ERR_NULL;
    const fric_status_t s = fric_fx_stribeck_check(&p->g);
    if (s != FRIC_OK) return s;
    const uint32_t w = p->g.width;
    const bool ok = fits_u(p->kym, FRIC_FX_BITS_KYM(w)) && fits_s(p->kyx, FRIC_FX_BITS_KYX(w)) &&
                    fits_u(p->c1m, FRIC_FX_BITS_C1M(w)) && fits_u(p->c1s, FRIC_FX_BITS_C1S(w)) &&
                    fits_u(p->md_en, FRIC_FX_BITS_MD_EN(w)) && fits_u(p->kdm, FRIC_FX_BITS_KDM(w)) &&
                    fits_u(p->kds, FRIC_FX_BITS_KDS(w));
    return ok ? FRIC_OK : FRIC_ERR_FX_FIELD;
}

/* ---- Stribeck ---------------------------------------------------------------------- */

FX_INLINE int32_t clamp_v(uint32_t w, int32_t v, uint32_t *flags)
{
    const int32_t lo = -(int32_t)BIT(w - 1), hi = (int32_t)BIT(w - 1) - 1;
    if (v < lo || v > hi) {
        *flags |= FRIC_FX_FLAG_V_SAT;
        return v < lo ? lo : hi;
    }
    return v;
}

FX_INLINE int32_t sat_f(uint32_t w, int64_t f, uint32_t *flags)
{
    const int64_t fm = fric_fx_fmax(w);
    if (f > fm || f < -fm) {
        *flags |= FRIC_FX_FLAG_F_SAT;
        return (int32_t)(f > 0 ? fm : -fm);
    }
    return (int32_t)f;
}

/* The dip of the direction: rsr(dm * E, EF + ds - G), (S,W,G). */
FX_INLINE int64_t dip(uint32_t w, const fric_fx_dir_t *d, uint32_t e)
{
    return fric_fx_rsr(mul_e(d->dm, e, FRIC_FX_EF(w)), FRIC_FX_EF(w) + (int)d->ds - FRIC_FX_G(w));
}

/* The viscous magnitude rsr(a * bm, bs), (U,W+1,G) before any limit. */
FX_INLINE int64_t visc(const fric_fx_dir_t *d, uint32_t a)
{
    return fric_fx_rsr((int64_t)a * d->bm, (int)d->bs);
}

/* The Stribeck core limits visc to VCL = 2^(W+G+1) - 1 (twice the output
 * range). This never changes a result: with visc >= VCL the magnitude is at
 * least VCL - 2^(W-1+G) > 2^(W-1+G), so the output saturates (F_SAT) either
 * way; it keeps the adders after it W+G+3 bits wide. */
FX_INLINE int64_t visc_limited(uint32_t w, const fric_fx_dir_t *d, uint32_t a)
{
    const int64_t v = visc(d, a), vcl = BIT(w + FRIC_FX_G(w) + 1) - 1;
    return v > vcl ? vcl : v;
}

FX_INLINE int32_t stribeck_w(uint32_t w, const fric_fx_stribeck_t *p, int32_t v, uint32_t *flags,
                            fric_fx_stribeck_detail_t *detail)
{
    v = clamp_v(w, v, flags);
    const uint32_t a = (uint32_t)(v < 0 ? -(int64_t)v : v);   /* (U,W,0) */
    const fric_fx_dir_t *d = &p->dir[v < 0];
    const uint32_t y = y_w(w, a, d->km, d->ks, p->dsel);
    const uint32_t e = exp2_w(w, y);
    const int64_t mag = (int64_t)d->fc + dip(w, d, e) + visc_limited(w, d, a); /* (S,W+2,G) */
    if (detail) *detail = (fric_fx_stribeck_detail_t){y, e, mag};
    if (v == 0) return 0;
    int64_t m = fric_fx_rsr(mag, FRIC_FX_G(w));
    if (m < 0) {
        *flags |= FRIC_FX_FLAG_MAG_NEG;
        m = 0;
    }
    return sat_f(w, v < 0 ? -m : m, flags);
}

int32_t fric_fx_stribeck(const fric_fx_stribeck_t *p, int32_t v, uint32_t *flags,
                         fric_fx_stribeck_detail_t *detail)
{
    return FX_BY_WIDTH(p->width, stribeck_w, p, v, flags, detail);
}

void fric_fx_stribeck_array(const fric_fx_stribeck_t *p, const int32_t *v, int32_t *f, size_t n,
                            uint32_t *flags)
{
#if defined(FRIC_FX_ONLY_WIDTH)
    for (size_t i = 0; i < n; i++) f[i] = stribeck_w(FRIC_FX_ONLY_WIDTH, p, v[i], flags, NULL);
#else
    if (p->width == 16)
        for (size_t i = 0; i < n; i++) f[i] = stribeck_w(16, p, v[i], flags, NULL);
    else if (p->width == 18)
        for (size_t i = 0; i < n; i++) f[i] = stribeck_w(18, p, v[i], flags, NULL);
    else
        for (size_t i = 0; i < n; i++) f[i] = stribeck_w(p->width, p, v[i], flags, NULL);
#endif
}

/* ---- Dahl / LuGre ---------------------------------------------------------------------- */

void fric_fx_lugre_reset(fric_fx_state_t *st) { st->w = 0; }

/* g(v) of a Stribeck set's fields, (U,W-1,G), clamped to [1, 2^(W-1+G) - 1] (G_SAT) */
FX_INLINE int64_t level_w(uint32_t w, const fric_fx_stribeck_t *s, int32_t v, uint32_t *flags)
{
    const uint32_t a = (uint32_t)(v < 0 ? -(int64_t)v : v);
    const fric_fx_dir_t *d = &s->dir[v < 0];
    const uint32_t e = exp2_w(w, y_w(w, a, d->km, d->ks, s->dsel));
    int64_t g = (int64_t)d->fc + dip(w, d, e); /* (S,W,G) */
    const int64_t gmax = BIT(w - 1 + FRIC_FX_G(w)) - 1;
    if (g < 1 || g > gmax) {
        *flags |= FRIC_FX_FLAG_G_SAT;
        g = (g < 1) ? 1 : gmax;
    }
    return g;
}

FX_INLINE int64_t g_w(uint32_t w, const fric_fx_lugre_t *p, int32_t v, uint32_t *flags)
{
    return level_w(w, &p->g, v, flags);
}

int64_t fric_fx_lugre_g(const fric_fx_lugre_t *p, int32_t v, uint32_t *flags)
{
    return FX_BY_WIDTH(p->g.width, g_w, p, v, flags);
}

/* The step exponent y = num * 2^-KX / g, (U,YI,YF) saturated at 2^YI, with
 * 1/g from the recip table: num normalized to t * 2^te, g to gn * 2^ge, prod
 * = t * recip(gn) (U,2W,0) and y = prod * 2^-(sh + YF). LuGre's num is
 * abs(v) * KYM, GMS's KCM. */
FX_INLINE uint64_t y_over_g(uint32_t w, uint64_t num, int32_t kx, int64_t g, uint64_t *prod, int *sh)
{
    const int iw = (int)w, yf = FRIC_FX_YF(w);
    int te, ge;
    const uint64_t tn = norm(num, iw, &te);         /* (U,W,0) * 2^te */
    const uint64_t gn = norm((uint64_t)g, iw, &ge); /* (U,W,0) * 2^ge */
    const uint64_t r = recip_w(w, (uint32_t)gn);   /* (U,W,0) */
    *prod = tn * r;                                 /* (U,2W,0) */
    *sh = 2 * iw - 1 - yf + kx + ge - te;
    return shift_to(*prod, *sh, (uint64_t)BIT(FRIC_FX_YI(w) + yf));
}

/* The move diff * (1 - 2^-y) toward a target diff away, for y from
 * y_over_g(): 0 when prod = 0 (path 1); diff when y >= 2^YI (path 3); with
 * psi = 1 - 2^-y from the exp2 table for y >= 1/2 (path 2); in floating form
 * psi = y * h(y) for small y (path 1). diff is (S,W+1,WG) at most. */
FX_INLINE int64_t approach(uint32_t w, int64_t diff, uint64_t prod, int sh, uint64_t y, int *path)
{
    const int iw = (int)w, yf = FRIC_FX_YF(w);
    const uint64_t ylim = (uint64_t)BIT(FRIC_FX_YI(w) + yf);
    if (prod == 0) { /* a zero mantissa: no motion */
        *path = 1;
        return 0;
    }
    if (y >= ylim) { /* 2^-y below every representable value: the target */
        *path = 3;
        return diff;
    }
    if (y >= (uint64_t)BIT(yf - 1)) { /* psi = 1 - 2^-y in [0.29, 1] */
        const int64_t psim = BIT(iw) - exp2_w(w, (uint32_t)y); /* (U,1,W) */
        *path = 2;
        return fric_fx_rsr(diff * psim, iw);
    }
    /* psi = y * h(y), kept in floating form for small y */
    int pn;
    const uint64_t pm = norm(prod, iw, &pn); /* y = pm * 2^(pn - sh - YF) */
    const int64_t psim = fric_fx_rsr((int64_t)(pm * h_w(w, (uint32_t)y)), FRIC_FX_HP(w));
    *path = 1;
    return fric_fx_rsr(diff * psim, sh + yf - pn);
}

FX_INLINE int32_t lugre_end(uint32_t w, const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v, int64_t w1,
                            uint32_t *flags, fric_fx_lugre_detail_t *dtp, fric_fx_lugre_detail_t *detail);

FX_INLINE int32_t lugre_w(uint32_t w, const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v,
                          uint32_t *flags, fric_fx_lugre_detail_t *detail)
{
    const int wg = FRIC_FX_WG(w), gb = FRIC_FX_G(w);
    fric_fx_lugre_detail_t dt = {0, 0, 0, 0, 0};
    v = clamp_v(w, v, flags);
    const int64_t w0 = st->w;
    if (v == 0) { /* hold: dz = 0, sigma2*v = 0 */
        if (detail) *detail = dt;
        return sat_f(w, fric_fx_rsr(w0, wg), flags);
    }
    const uint32_t a = (uint32_t)(v < 0 ? -(int64_t)v : v);

    /* g(v) and the steady state w_ss = sign(v)*g, (S,W,WG) */
    const int64_t g = g_w(w, p, v, flags);
    const int64_t wss = (v < 0 ? -g : g) * BIT(wg - gb);
    const int64_t diff = wss - w0; /* (S,W+1,WG) */

    /* y2 = a*K/g, and the exact move toward w_ss (KYM = 0: no bristle motion) */
    uint64_t prod;
    int sh;
    const uint64_t y2 = y_over_g(w, (uint64_t)a * p->kym, p->kyx, g, &prod, &sh);
    dt.y2 = (uint32_t)y2;
    int64_t dw = approach(w, diff, prod, sh, y2, &dt.path);

    dt.g = g;
    return lugre_end(w, p, st, v, w0 + dw, flags, &dt, detail);
}

/* The end of a LuGre step from w0 = st->w (v != 0): w1 limited to (S,W,WG)
 * and stored, then the force of the step. */
FX_INLINE int32_t lugre_end(uint32_t w, const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v, int64_t w1,
                            uint32_t *flags, fric_fx_lugre_detail_t *dtp, fric_fx_lugre_detail_t *detail)
{
    const int iw = (int)w, wg = FRIC_FX_WG(w), gb = FRIC_FX_G(w);
    const uint32_t a = (uint32_t)(v < 0 ? -(int64_t)v : v);
    const fric_fx_dir_t *d = &p->g.dir[v < 0];
    fric_fx_lugre_detail_t dt = *dtp;
    const int64_t w0 = st->w;
    const int64_t wmax = BIT(iw - 1 + wg) - 1;
    if (w1 > wmax || w1 < -wmax) {
        *flags |= FRIC_FX_FLAG_W_SAT;
        w1 = (w1 > 0) ? wmax : -wmax;
    }
    st->w = w1;
    const int64_t dw = w1 - w0;
    dt.dw = dw;

    /* sigma1 term c1(v) * dw, with c1(v) = c1 * exp(-(v/vd)^2) when enabled */
    uint64_t c1 = p->c1m; /* (U,W,0) * 2^-C1S */
    if (p->md_en) {
        const uint32_t ed = exp2_w(w, y_w(w, a, p->kdm, p->kds, 1));
        c1 = (uint64_t)fric_fx_rsr(mul_e((int64_t)p->c1m, ed, FRIC_FX_EF(w)), FRIC_FX_EF(w));
    }
    int64_t s1 = fric_fx_rsr(dw * (int64_t)c1, (int)p->c1s); /* (S,W+2,WG) after clamp */
    const int64_t s1max = BIT(iw + 1 + wg) - 1;
    if (s1 > s1max || s1 < -s1max) {
        *flags |= FRIC_FX_FLAG_S1_SAT;
        s1 = (s1 > 0) ? s1max : -s1max;
    }
    dt.s1 = s1;
    const int64_t vv = visc(d, a) * BIT(wg - gb);
    const int64_t total = w1 + s1 + (v < 0 ? -vv : vv);
    if (detail) *detail = dt;
    return sat_f(w, fric_fx_rsr(total, wg), flags);
}

int32_t fric_fx_lugre_step(const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v,
                           uint32_t *flags, fric_fx_lugre_detail_t *detail)
{
    return FX_BY_WIDTH(p->g.width, lugre_w, p, st, v, flags, detail);
}

void fric_fx_lugre_array(const fric_fx_lugre_t *p, fric_fx_state_t *st, const int32_t *v, int32_t *f,
                         size_t n, uint32_t *flags)
{
#if defined(FRIC_FX_ONLY_WIDTH)
    for (size_t i = 0; i < n; i++) f[i] = lugre_w(FRIC_FX_ONLY_WIDTH, p, st, v[i], flags, NULL);
#else
    if (p->g.width == 16)
        for (size_t i = 0; i < n; i++) f[i] = lugre_w(16, p, st, v[i], flags, NULL);
    else if (p->g.width == 18)
        for (size_t i = 0; i < n; i++) f[i] = lugre_w(18, p, st, v[i], flags, NULL);
    else
        for (size_t i = 0; i < n; i++) f[i] = lugre_w(p->g.width, p, st, v[i], flags, NULL);
#endif
}

/* ---- the elasto-plastic mode of the LuGre step ---------------------------------------------- */

fric_status_t fric_fx_ep_check(const fric_fx_ep_t *p)
{
    if (!p) return FRIC_ERR_NULL;
    const fric_status_t s = fric_fx_lugre_check(&p->lugre);
    if (s != FRIC_OK) return s;
    const uint32_t w = p->lugre.g.width;
    const bool ok = fits_u(p->wba, FRIC_FX_BITS_EP_WBA(w)) && fits_u(p->kzm, FRIC_FX_BITS_EP_KZM(w)) &&
                    fits_u(p->kzs, FRIC_FX_BITS_EP_KZS(w));
    return ok ? FRIC_OK : FRIC_ERR_FX_FIELD;
}

/* alpha of the position p (U,0,EPF), p <= 2^EPF: the epalpha table, (U,1,EPF) */
FX_INLINE int64_t ep_alpha(uint32_t w, uint64_t p)
{
    const int epf = FRIC_FX_EPF(w), epb = FRIC_FX_EPB(w);
    const int32_t *t = table(fric_fx_epalpha_w16, fric_fx_epalpha_w18, w);
    if (p >= (uint64_t)BIT(epf)) return t[FRIC_FX_EP_TABLE_N - 1];
    return interp(t, (uint32_t)(p >> epb), (uint32_t)(p & (uint64_t)(BIT(epb) - 1)), epb);
}

/* The position (x - w_b) / (g_w - w_b), (U,0,EPF) at most 2^EPF, for 0 <= x
 * <= g_w - w_b and rden = recip(norm(g_w - w_b)) with its exponent de (the
 * recip table's scale (2^W - 1)/2^W aside). */
FX_INLINE uint64_t ep_pos(uint32_t w, int64_t x, uint64_t rden, int de)
{
    const int iw = (int)w, epf = FRIC_FX_EPF(w);
    return shift_to((uint64_t)x * rden, 2 * iw - 1 + de - epf, (uint64_t)BIT(epf));
}

FX_INLINE int32_t ep_w(uint32_t w, const fric_fx_ep_t *e, fric_fx_state_t *st, int32_t v, uint32_t *flags,
                       fric_fx_lugre_detail_t *detail)
{
    const fric_fx_lugre_t *p = &e->lugre;
    const int iw = (int)w, wg = FRIC_FX_WG(w), gb = FRIC_FX_G(w), epf = FRIC_FX_EPF(w);
    uint32_t f0 = 0;
    const int32_t vc = clamp_v(w, v, &f0);
    const int64_t w0 = st->w;
    /* g(v) and u = sign(v) w, the state in the direction of motion */
    const int64_t g = vc ? g_w(w, p, vc, &f0) : 1;  /* (U,W-1,G) */
    const int64_t gw = g * BIT(wg - gb);             /* the end of the transition zone, (U,W-1,WG) */
    const int64_t u0 = vc < 0 ? -w0 : w0;
    /* EP_WBA = 0, v = 0 and alpha = 1 (u >= g_w): LuGre's step, bit for bit */
    if (e->wba == 0 || vc == 0 || u0 >= gw) return lugre_w(w, p, st, v, flags, detail);
    *flags |= f0;
    const uint32_t a = (uint32_t)(vc < 0 ? -(int64_t)vc : vc);
    fric_fx_lugre_detail_t dt = {0, 0, 0, 0, 0};
    dt.g = g;

    /* the distance of the step, (U,2W-1,WG) < 2^(2W-1+WG) */
    const int64_t am = (int64_t)a * e->kzm;
    const int ks = (int)e->kzs;
    const int64_t d = ks <= wg ? am * BIT(wg - ks) : fric_fx_rsr(am, ks - wg);
    const int64_t wb0 = (int64_t)e->wba * BIT(wg - gb);
    const int64_t wb = wb0 < gw ? wb0 : gw; /* the start of the transition zone */

    int64_t u = u0, dl = d, u1;
    if (u < wb && u + d <= wb) { /* alpha = 0 all the step: the exact add */
        u1 = u + d;
        dt.path = FRIC_FX_EP_PATH_ADD;
    } else {
        if (u < wb) { /* the add up to w_b, then the rest of the distance */
            dl = u + d - wb;
            u = wb;
        }
        dt.path = FRIC_FX_EP_PATH_TRANS;
        if (u >= gw) {
            u1 = gw; /* an empty transition zone (w_b = g_w): at the fixed point */
        } else {
            const int64_t room = gw - u; /* > 0 */
            /* 1/(g_w - w_b) and 1/g from the recip table */
            int de, ge;
            const uint64_t rden = recip_w(w, (uint32_t)norm((uint64_t)(gw - wb), iw, &de));
            const uint64_t rg = recip_w(w, (uint32_t)norm((uint64_t)g, iw, &ge));
            /* alpha at the zone's start, and the slope du/ds = 1 - alpha0 u/g_w there, (U,1,EPF) */
            const int64_t a0 = ep_alpha(w, ep_pos(w, u - wb, rden, de));
            const uint64_t qu = shift_to((uint64_t)u * rg, 2 * iw - 1 + ge + wg - gb - epf, (uint64_t)BIT(epf));
            const int64_t hs = BIT(epf) - fric_fx_rsr(a0 * (int64_t)qu, epf);
            /* the distance left, dl ~ tn * 2^te (W bits) */
            int te;
            const uint64_t tn = norm((uint64_t)dl, iw, &te);
            /* alpha frozen at the predicted midpoint u_m = min(u + hs dl / 2, g_w) */
            const int64_t um = u + (int64_t)shift_to(tn * (uint64_t)hs, epf + 1 - te, (uint64_t)room);
            const int64_t alpha = ep_alpha(w, ep_pos(w, um - wb, rden, de)); /* (U,1,EPF) */
            int64_t du;
            if (alpha == 0) {
                du = dl < room ? dl : room; /* du/ds = 1 */
            } else {
                /* y' = dl log2(e) / g in floating form prod * 2^-(sh + YF), and y = alpha y' */
                uint64_t prod;
                int sh;
                (void)y_over_g(w, tn * FRIC_FX_EP_L2E(w), iw - 1 + wg - gb - te, g, &prod, &sh);
                const uint64_t ylim = (uint64_t)BIT(FRIC_FX_YI(w) + FRIC_FX_YF(w));
                const uint64_t y = shift_to((uint64_t)alpha * prod, sh + epf, ylim);
                dt.y2 = (uint32_t)y;
                /* du = (g_w / alpha - u)(1 - 2^-y) = (g_w - alpha u) psi(y) / alpha */
                const int64_t diff = gw - fric_fx_rsr(alpha * u, epf); /* >= 0 */
                if (y >= ylim) {
                    du = room; /* 2^-y is 0: the target g_w / alpha >= g_w */
                } else if (y < (uint64_t)BIT(FRIC_FX_YF(w) - 1)) {
                    /* psi / alpha = y' h(y), y' in floating form */
                    int pn;
                    const uint64_t pm = norm(prod, iw, &pn);
                    const uint64_t psim = (uint64_t)fric_fx_rsr((int64_t)(pm * h_w(w, (uint32_t)y)), FRIC_FX_HP(w));
                    du = (int64_t)shift_to((uint64_t)diff * psim, sh + FRIC_FX_YF(w) - pn, (uint64_t)room);
                } else {
                    /* psi = 1 - 2^-y from the exp2 table, 1/alpha from the recip table */
                    int ae;
                    const uint64_t ra = recip_w(w, (uint32_t)norm((uint64_t)alpha, iw, &ae));
                    const int64_t psim = BIT(iw) - exp2_w(w, (uint32_t)y); /* (U,1,W) */
                    const uint64_t t1 = (uint64_t)fric_fx_rsr(diff * psim, iw);
                    du = (int64_t)shift_to(t1 * ra, 2 * iw - 1 + ae - epf, (uint64_t)room);
                }
            }
            u1 = u + du;
        }
    }
    return lugre_end(w, p, st, vc, vc < 0 ? -u1 : u1, flags, &dt, detail);
}

int32_t fric_fx_ep_step(const fric_fx_ep_t *p, fric_fx_state_t *st, int32_t v, uint32_t *flags,
                        fric_fx_lugre_detail_t *detail)
{
    return FX_BY_WIDTH(p->lugre.g.width, ep_w, p, st, v, flags, detail);
}

void fric_fx_ep_array(const fric_fx_ep_t *p, fric_fx_state_t *st, const int32_t *v, int32_t *f, size_t n,
                      uint32_t *flags)
{
    for (size_t i = 0; i < n; i++) f[i] = fric_fx_ep_step(p, st, v[i], flags, NULL);
}

/* ---- GMS ------------------------------------------------------------------------------------- */

fric_status_t fric_fx_gms_check(const fric_fx_gms_t *p)
{
    if (!p) return FRIC_ERR_NULL;
    const fric_status_t s = fric_fx_stribeck_check(&p->s);
    if (s != FRIC_OK) return s;
    const uint32_t w = p->s.width;
    bool ok = p->n >= 1 && p->n <= FRIC_FX_GMS_MAX && fits_u(p->n, FRIC_FX_BITS_GMS_N(w)) &&
              fits_u(p->kcm, FRIC_FX_BITS_GMS_KCM(w)) && fits_s(p->kcx, FRIC_FX_BITS_GMS_KCX(w));
    for (uint32_t i = 0; ok && i < p->n; i++)
        ok = fits_u(p->km[i], FRIC_FX_BITS_GMS_KM(w)) && fits_u(p->ks[i], FRIC_FX_BITS_GMS_KS(w)) &&
             fits_u(p->am[i], FRIC_FX_BITS_GMS_AM(w));
    return ok ? FRIC_OK : FRIC_ERR_FX_FIELD;
}

void fric_fx_gms_reset(fric_fx_gms_state_t *st)
{
    for (int i = 0; i < FRIC_FX_GMS_MAX; i++) {
        st->f[i] = 0;
        st->slip[i] = 0;
    }
}

FX_INLINE int32_t gms_w(uint32_t w, const fric_fx_gms_t *p, fric_fx_gms_state_t *st, int32_t v, uint32_t *flags)
{
    const int wg = FRIC_FX_WG(w), gb = FRIC_FX_G(w);
    v = clamp_v(w, v, flags);
    const signed char dir = v > 0 ? 1 : (v < 0 ? -1 : 0);
    const uint32_t n = p->n > FRIC_FX_GMS_MAX ? FRIC_FX_GMS_MAX : p->n;
    int64_t sum = 0; /* (S,W+4,WG) */
    if (dir == 0) { /* v = 0: every element sticks and holds; sigma2*v = 0 */
        for (uint32_t i = 0; i < n; i++) {
            st->slip[i] = 0;
            sum += st->f[i];
        }
        return sat_f(w, fric_fx_rsr(sum, wg), flags);
    }
    const uint32_t a = (uint32_t)(v < 0 ? -(int64_t)v : v);
    const int64_t g = level_w(w, &p->s, v, flags); /* (U,W-1,G) */
    /* the one slip exponent y = KC / g of the step */
    uint64_t prod;
    int sh;
    const uint64_t y = y_over_g(w, p->kcm, p->kcx, g, &prod, &sh);
    const int64_t fmax = BIT((int)w - 1 + wg) - 1;
    const int lsh = wg - gb - (int)w;
    for (uint32_t i = 0; i < n; i++) {
        /* the level in the direction of motion, g * AM * 2^(WG-G-W): exact, as
         * WG - G - W = 4 (W = 16) or 2 (W = 18) >= 0, (S,W,WG) for AM <= 2^W */
        const int64_t lv = lsh >= 0 ? g * (int64_t)p->am[i] * BIT(lsh) : fric_fx_rsr(g * (int64_t)p->am[i], -lsh);
        const int64_t lim = dir > 0 ? lv : -lv;
        int64_t f = st->f[i];
        if (st->slip[i] != dir) st->slip[i] = 0;                      /* reversed: sticks */
        if (!st->slip[i] && (dir > 0 ? f >= lim : f <= lim)) st->slip[i] = dir; /* at or beyond its level */
        if (st->slip[i]) {
            int path;
            f += approach(w, lim - f, prod, sh, y, &path);
        } else {
            /* the stick increment a * KM * 2^-KS output LSB, at WG fraction bits:
             * exact for KS <= WG, else rounded; < 2^(2W-1+WG) */
            const int64_t am = (int64_t)a * p->km[i];
            const int ks = (int)p->ks[i];
            const int64_t d = ks <= wg ? am * BIT(wg - ks) : fric_fx_rsr(am, ks - wg);
            const int64_t f1 = dir > 0 ? f + d : f - d;
            if (dir > 0 ? f1 < lim : f1 > lim) {
                f = f1;
            } else { /* reaches its level within the step, then slips at it */
                f = lim;
                st->slip[i] = dir;
            }
        }
        if (f > fmax || f < -fmax) {
            *flags |= FRIC_FX_FLAG_W_SAT;
            f = f > 0 ? fmax : -fmax;
        }
        st->f[i] = f;
        sum += f;
    }
    const int64_t vv = visc(&p->s.dir[v < 0], a) * BIT(wg - gb);
    return sat_f(w, fric_fx_rsr(sum + (v < 0 ? -vv : vv), wg), flags);
}

int32_t fric_fx_gms_step(const fric_fx_gms_t *p, fric_fx_gms_state_t *st, int32_t v, uint32_t *flags)
{
    return FX_BY_WIDTH(p->s.width, gms_w, p, st, v, flags);
}

/* the steady state at v: every element slipping at its level, stepped once
 * (a move of lim - F = 0) */
FX_INLINE int32_t gms_steady_w(uint32_t w, const fric_fx_gms_t *p, int32_t v, uint32_t *flags)
{
    fric_fx_gms_state_t st;
    fric_fx_gms_reset(&st);
    const int32_t vc = clamp_v(w, v, flags);
    if (vc != 0) {
        const int64_t g = level_w(w, &p->s, vc, flags);
        const int lsh = FRIC_FX_WG(w) - FRIC_FX_G(w) - (int)w;
        for (uint32_t i = 0; i < p->n && i < FRIC_FX_GMS_MAX; i++) {
            const int64_t lv = lsh >= 0 ? g * (int64_t)p->am[i] * BIT(lsh) : fric_fx_rsr(g * (int64_t)p->am[i], -lsh);
            st.f[i] = vc < 0 ? -lv : lv;
            st.slip[i] = vc < 0 ? -1 : 1;
        }
    }
    return gms_w(w, p, &st, vc, flags);
}

int32_t fric_fx_gms_steady(const fric_fx_gms_t *p, int32_t v, uint32_t *flags)
{
    return FX_BY_WIDTH(p->s.width, gms_steady_w, p, v, flags);
}

void fric_fx_gms_pack(const fric_fx_gms_t *p, uint32_t *words)
{
    for (int i = 0; i < FRIC_FX_WORDS_GMS; i++) words[i] = 0;
    fric_fx_stribeck_pack(&p->s, words);
    words[FRIC_FX_WORD_GMS_N] = p->n;
    words[FRIC_FX_WORD_GMS_KCM] = p->kcm;
    words[FRIC_FX_WORD_GMS_KCX] = (uint32_t)p->kcx;
    for (uint32_t i = 0; i < p->n && i < FRIC_FX_GMS_MAX; i++) {
        words[FRIC_FX_WORD_GMS_KM(i)] = p->km[i];
        words[FRIC_FX_WORD_GMS_KS(i)] = p->ks[i];
        words[FRIC_FX_WORD_GMS_AM(i)] = p->am[i];
    }
}

/* ---- encoder velocity ------------------------------------------------------------------------ */

int32_t fric_fx_enc_velocity(uint32_t width, uint32_t pos_now, uint32_t pos_prev, uint32_t gain,
                             uint32_t shift, uint32_t *flags)
{
    const uint32_t u = pos_now - pos_prev; /* modulo 2^32 */
    int64_t d = (u & 0x80000000u) ? (int64_t)u - ((int64_t)1 << 32) : (int64_t)u;
    if (d > 32767 || d < -32768) {
        *flags |= FRIC_FX_FLAG_ENC_SAT;
        d = (d > 0) ? 32767 : -32768;
    }
    const int64_t q = fric_fx_rsr(d * (int64_t)(gain & 0xFFFFu), (int)(shift & 31u));
    const int64_t hi = BIT(width - 1) - 1, lo = -BIT(width - 1);
    if (q > hi || q < lo) {
        *flags |= FRIC_FX_FLAG_ENC_SAT;
        return (int32_t)(q > hi ? hi : lo);
    }
    return (int32_t)q;
}

/* ---- parameter words ---------------------------------------------------------------------- */

void fric_fx_stribeck_pack(const fric_fx_stribeck_t *p, uint32_t *words)
{
    words[FRIC_FX_WORD_DSEL] = p->dsel;
    for (int d = 0; d < 2; d++) {
        const fric_fx_dir_t *q = &p->dir[d];
        const int o = d ? (FRIC_FX_WORD_FC_N - FRIC_FX_WORD_FC_P) : 0;
        words[FRIC_FX_WORD_FC_P + o] = q->fc;
        words[FRIC_FX_WORD_DM_P + o] = (uint32_t)q->dm;
        words[FRIC_FX_WORD_DS_P + o] = q->ds;
        words[FRIC_FX_WORD_BM_P + o] = q->bm;
        words[FRIC_FX_WORD_BS_P + o] = q->bs;
        words[d ? FRIC_FX_WORD_KM_N : FRIC_FX_WORD_KM] = q->km;
        words[d ? FRIC_FX_WORD_KS_N : FRIC_FX_WORD_KS] = q->ks;
    }
}

/* a signed field's word back to its value: the low bits sign-extended */
static int32_t field_s(uint32_t x, int bits)
{
    const uint32_t m = (bits >= 32) ? ~0u : ((1u << bits) - 1u);
    x &= m;
    return (int32_t)((bits < 32 && ((x >> (bits - 1)) & 1u)) ? (x | ~m) : x);
}

fric_fx_lugre_t fric_fx_lugre_unpack(uint32_t width, const uint32_t *words)
{
    fric_fx_lugre_t p = {0};
    const int w = (int)width;
    p.g.width = width;
    p.g.dsel = words[FRIC_FX_WORD_DSEL];
    for (int d = 0; d < 2; d++) {
        const int o = d ? (FRIC_FX_WORD_FC_N - FRIC_FX_WORD_FC_P) : 0;
        fric_fx_dir_t *q = &p.g.dir[d];
        q->fc = words[FRIC_FX_WORD_FC_P + o];
        q->dm = field_s(words[FRIC_FX_WORD_DM_P + o], FRIC_FX_BITS_DM_P(w));
        q->ds = words[FRIC_FX_WORD_DS_P + o];
        q->bm = words[FRIC_FX_WORD_BM_P + o];
        q->bs = words[FRIC_FX_WORD_BS_P + o];
        q->km = words[d ? FRIC_FX_WORD_KM_N : FRIC_FX_WORD_KM];
        q->ks = words[d ? FRIC_FX_WORD_KS_N : FRIC_FX_WORD_KS];
    }
    p.kym = words[FRIC_FX_WORD_KYM];
    p.kyx = field_s(words[FRIC_FX_WORD_KYX], FRIC_FX_BITS_KYX(w));
    p.c1m = words[FRIC_FX_WORD_C1M];
    p.c1s = words[FRIC_FX_WORD_C1S];
    p.md_en = words[FRIC_FX_WORD_MD_EN];
    p.kdm = words[FRIC_FX_WORD_KDM];
    p.kds = words[FRIC_FX_WORD_KDS];
    return p;
}

fric_fx_gms_t fric_fx_gms_unpack(uint32_t width, const uint32_t *words)
{
    fric_fx_gms_t p = {0};
    p.s = fric_fx_lugre_unpack(width, words).g; /* the Stribeck words are the same */
    p.n = words[FRIC_FX_WORD_GMS_N];
    p.kcm = words[FRIC_FX_WORD_GMS_KCM];
    p.kcx = field_s(words[FRIC_FX_WORD_GMS_KCX], FRIC_FX_BITS_GMS_KCX((int)width));
    for (int i = 0; i < FRIC_FX_GMS_MAX; i++) {
        p.km[i] = words[FRIC_FX_WORD_GMS_KM(i)];
        p.ks[i] = words[FRIC_FX_WORD_GMS_KS(i)];
        p.am[i] = words[FRIC_FX_WORD_GMS_AM(i)];
    }
    return p;
}

void fric_fx_lugre_pack(const fric_fx_lugre_t *p, uint32_t *words)
{
    fric_fx_stribeck_pack(&p->g, words);
    words[FRIC_FX_WORD_KYM] = p->kym;
    words[FRIC_FX_WORD_KYX] = (uint32_t)p->kyx;
    words[FRIC_FX_WORD_C1M] = p->c1m;
    words[FRIC_FX_WORD_C1S] = p->c1s;
    words[FRIC_FX_WORD_MD_EN] = p->md_en;
    words[FRIC_FX_WORD_KDM] = p->kdm;
    words[FRIC_FX_WORD_KDS] = p->kds;
}

void fric_fx_ep_pack(const fric_fx_ep_t *p, uint32_t *words)
{
    fric_fx_lugre_pack(&p->lugre, words);
    words[FRIC_FX_WORD_EP_WBA] = p->wba;
    words[FRIC_FX_WORD_EP_KZM] = p->kzm;
    words[FRIC_FX_WORD_EP_KZS] = p->kzs;
}

fric_fx_ep_t fric_fx_ep_unpack(uint32_t width, const uint32_t *words)
{
    fric_fx_ep_t p = {.lugre = fric_fx_lugre_unpack(width, words)};
    p.wba = words[FRIC_FX_WORD_EP_WBA];
    p.kzm = words[FRIC_FX_WORD_EP_KZM];
    p.kzs = words[FRIC_FX_WORD_EP_KZS];
    return p;
}

int fric_fx_ep_word_fits(uint32_t width, uint32_t addr, uint32_t data)
{
    if (addr < FRIC_FX_WORDS_LUGRE) return fric_fx_word_fits(width, addr, data);
    if (width != 16 && width != 18) return 0;
    const int w = (int)width;
    switch (addr) {
    case FRIC_FX_WORD_EP_WBA: return fits_u(data, FRIC_FX_BITS_EP_WBA(w));
    case FRIC_FX_WORD_EP_KZM: return fits_u(data, FRIC_FX_BITS_EP_KZM(w));
    case FRIC_FX_WORD_EP_KZS: return fits_u(data, FRIC_FX_BITS_EP_KZS(w));
    default: return 0;
    }
}
