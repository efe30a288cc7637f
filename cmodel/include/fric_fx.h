/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_fx.h
 * @brief The bit-exact fixed-point model of fricore: the exponential unit,
 *        Stribeck / Coulomb + viscous, the Dahl / LuGre exact step, its
 *        elasto-plastic mode, and the generalized Maxwell-slip (GMS) exact
 *        step.
 *
 * This is the hardware's specification: the RTL computes exactly these
 * integers. It is integer-only C (no floating point anywhere in fric_fx.c,
 * fric_fx_tables.c or fric_status.c; a test checks their objects), so it can
 * also run as friction-compensation firmware on an MCU without an FPU.
 *
 * Formats (S,I,F) = (signed?, integer bits, fraction bits), with W the
 * datapath width (16 or 18) and the constants of fric_fx_formats.h:
 *
 *  - velocity code v: (S,W,0), v_SI = v * V_LSB, V_LSB = v_max / 2^(W-1);
 *  - force code F:    (S,W,0), F_SI = F * F_LSB, F_LSB = f_max / 2^(W-1),
 *    saturated to +-(2^(W-1) - 1) so that the range is symmetric;
 *  - force intermediates carry G guard bits (units 2^-G output LSB);
 *  - the LuGre state w = sigma0 * z is (S,W,WG) in output LSB: W + 24 bits.
 *
 * Rounding rule: every right shift by s > 0 rounds half up,
 * rsr(x, s) = floor((x + 2^(s-1)) / 2^s) (fric_fx_rsr()). Saturation rule:
 * op, then round, then saturate; each saturation sets a sticky flag bit in
 * *flags (the caller clears it). The range limits of the exponent argument
 * (y >= 2^YI, where E is already exactly 0) are exact and set no flag.
 *
 * See docs/fixed-point.md for every intermediate and the error budget.
 */
#ifndef FRIC_FX_H
#define FRIC_FX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fric_fx_formats.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Sticky flag bits (OR-ed into *flags). */
enum {
    FRIC_FX_FLAG_F_SAT = 1u << 0,   /**< force output saturated at +-(2^(W-1) - 1) */
    FRIC_FX_FLAG_MAG_NEG = 1u << 1, /**< Stribeck magnitude below 0, clamped to 0 */
    FRIC_FX_FLAG_G_SAT = 1u << 2,   /**< LuGre g(v) outside [1, 2^(W-1+G) - 1], clamped */
    FRIC_FX_FLAG_S1_SAT = 1u << 3,  /**< LuGre sigma1 term beyond +-2^(W+1) LSB, clamped */
    FRIC_FX_FLAG_W_SAT = 1u << 4,   /**< LuGre state outside (S,W,WG) (cannot happen; kept as a check) */
    FRIC_FX_FLAG_V_SAT = 1u << 5,   /**< velocity code outside (S,W,0), clamped (C API only) */
    FRIC_FX_FLAG_ENC_SAT = 1u << 6  /**< encoder velocity: count change or code limited */
};

/** Per-direction fields: the level, dip, viscous term and Stribeck scale. */
typedef struct {
    uint32_t fc; /**< Coulomb level, (U,W-1,G) output LSB */
    int32_t dm;  /**< dip mantissa (S,W,0): D = (Fs - Fc) = dm * 2^-ds output LSB */
    uint32_t ds; /**< dip shift, 0..15 */
    uint32_t bm; /**< viscous mantissa (U,W,0): visc = |v| * bm >> bs, units 2^-G LSB */
    uint32_t bs; /**< viscous shift, 0..31 */
    uint32_t km; /**< Stribeck scale mantissa (U,W,0), from this direction's vs */
    uint32_t ks; /**< Stribeck scale shift, 0..63 */
} fric_fx_dir_t;

/** A fixed-point Stribeck set (Coulomb and Coulomb + viscous: dm = 0). */
typedef struct {
    uint32_t width;       /**< W: 16 or 18 */
    uint32_t dsel;        /**< 0: delta = 1, 1: delta = 2 */
    fric_fx_dir_t dir[2]; /**< [0]: v >= 0, [1]: v < 0 */
} fric_fx_stribeck_t;

/** A fixed-point Dahl or LuGre set. Dahl: dm = 0 both ways, c1m = 0. */
typedef struct {
    fric_fx_stribeck_t g; /**< g(v) (fc, dm, ds, km, ks, dsel) and sigma2 (bm, bs) */
    uint32_t kym;         /**< step-exponent mantissa (U,W,0) */
    int32_t kyx;          /**< step-exponent exponent, -128..127 */
    uint32_t c1m;         /**< sigma1/(sigma0*Ts) mantissa (U,W,0) */
    uint32_t c1s;         /**< its shift, 0..63 */
    uint32_t md_en;       /**< 1: micro-damping exp(-(v/vd)^2) on the sigma1 term */
    uint32_t kdm;         /**< micro-damping scale mantissa (U,W,0), delta = 2 path */
    uint32_t kds;         /**< its shift, 0..63 */
} fric_fx_lugre_t;

/** State of one fixed-point Dahl/LuGre contact: w = sigma0*z, (S,W,WG) LSB. */
typedef struct {
    int64_t w; /**< (S,W,WG): 40 bits at W = 16, 42 at W = 18 */
} fric_fx_state_t;

/**
 * A fixed-point GMS set: the level s(v) and sigma2 as a Stribeck set's
 * fields, the slip exponent C*Ts/s(v)*log2(e) = KCM * 2^-KCX / g(v), and
 * per element its stiffness increment k_i*|v|*Ts = |v| * KM * 2^-KS output
 * LSB (to WG fraction bits) and its fraction alpha_i = AM * 2^-W of the level.
 */
typedef struct {
    fric_fx_stribeck_t s;          /**< s(v) = g(v) (fc, dm, ds, km, ks, dsel) and sigma2 (bm, bs) */
    uint32_t n;                    /**< elements, 1..FRIC_FX_GMS_MAX */
    uint32_t kcm;                  /**< slip-exponent mantissa (U,W,0) */
    int32_t kcx;                   /**< slip-exponent exponent, -128..127 */
    uint32_t km[FRIC_FX_GMS_MAX];  /**< element stiffness mantissa (U,W,0) */
    uint32_t ks[FRIC_FX_GMS_MAX];  /**< element stiffness shift, 0..63 */
    uint32_t am[FRIC_FX_GMS_MAX];  /**< element fraction, (U,1,W) */
} fric_fx_gms_t;

/** State of one fixed-point GMS contact: the element forces and their slip. */
typedef struct {
    int64_t f[FRIC_FX_GMS_MAX];       /**< element force F_i, (S,W,WG) output LSB */
    signed char slip[FRIC_FX_GMS_MAX]; /**< 0 sticking, +1 / -1 slipping in that direction */
} fric_fx_gms_state_t;

/** Intermediates of one Stribeck evaluation (for debugging and the RTL bench). */
typedef struct {
    uint32_t y;  /**< exponent argument (U,YI,YF) */
    uint32_t e;  /**< E = 2^-y, (U,1,EF) */
    int64_t mag; /**< magnitude before the final rounding, (S,W+1,G) */
} fric_fx_stribeck_detail_t;

/** Intermediates of one LuGre step. */
typedef struct {
    int64_t g;     /**< g(v), (U,W-1,G) LSB */
    uint32_t y2;   /**< step exponent sigma0|v|Ts/g*log2(e), (U,YI,YF), saturated at 2^(YI+YF) */
    int path;      /**< 0: v = 0 (hold), 1: y2 < 1/2 (h table), 2: exp2, 3: y2 >= 2^YI (w = w_ss) */
    int64_t dw;    /**< w(k+1) - w(k), (S,W+1,WG) */
    int64_t s1;    /**< sigma1 term, (S,W+2,WG) */
} fric_fx_lugre_detail_t;

/** Round half up after an arithmetic right shift by s (s <= 0: no shift).
 *  Valid for |x| < 2^61; shifts of 62 or more give 0. */
static inline int64_t fric_fx_rsr(int64_t x, int s)
{
    if (s <= 0) return x;
    if (s >= 62) return 0;
    const int64_t t = x + ((int64_t)1 << (s - 1));
    /* Arithmetic shift pinned down without implementation-defined >> of a
     * negative value: for t < 0, ~t >= 0 and ~(~t >> s) = floor(t / 2^s). */
    return (t >= 0) ? (t >> s) : ~((~t) >> s);
}

/** Largest output magnitude 2^(W-1) - 1. */
static inline int32_t fric_fx_fmax(uint32_t width) { return (int32_t)((1u << (width - 1)) - 1); }

/**
 * @brief The exponential unit: E = 2^-y.
 *
 * y is (U,YI,YF); y >= 2^(YI+YF) is treated as 2^(YI+YF) - 1 (E is 0 there).
 * Method: y = yi + f, 2^-f from the exp2 table with linear interpolation over
 * the low FB bits, then a right shift by yi with rounding.
 *
 * Scaling and overflow: returns (U,1,EF) in [0, 2^EF]; 2^EF only for y near
 * 0. Monotonic non-increasing in y.
 */
uint32_t fric_fx_exp2(uint32_t width, uint32_t y);

/**
 * @brief The exponent argument of a Stribeck-type weight, y = (|v|/vs)^delta
 *        * log2(e) in (U,YI,YF): delta = 1: y = a*km >> ks; delta = 2:
 *        a^2 normalized to a W-bit mantissa p * 2^pe, y = p*km >> (ks - pe),
 *        with the km and ks of the direction of v.
 *
 * Scaling and overflow: a is (U,W,0) <= 2^(W-1); y saturates at
 * 2^(YI+YF) - 1, where E is exactly 0 (a range limit, no flag).
 */
uint32_t fric_fx_stribeck_y(uint32_t width, uint32_t a, uint32_t km, uint32_t ks,
                            uint32_t dsel);

/** @brief Reciprocal of a normalized mantissa m in [2^(W-1), 2^W):
 *         about (2^W - 1) * 2^(W-1) / m, (U,W,0), from the recip table. */
uint32_t fric_fx_recip(uint32_t width, uint32_t m);

/** @brief h(y) = (1 - 2^-y)/y for y (U,YI,YF) < 1/2, (U,0,HP), from the h table. */
uint32_t fric_fx_h(uint32_t width, uint32_t y);

/** @brief Check every field of a set against its width (::FRIC_ERR_FX_FIELD,
 *         ::FRIC_ERR_FX_WIDTH). */
fric_status_t fric_fx_stribeck_check(const fric_fx_stribeck_t *p);
/** @brief As fric_fx_stribeck_check() for a Dahl/LuGre set. */
fric_status_t fric_fx_lugre_check(const fric_fx_lugre_t *p);

/**
 * @brief Stribeck force code for velocity code v.
 *
 * F = sign(v) * sat(rsr(fc + rsr(dm*E, EF + ds - G) + rsr(|v|*bm, bs), G)),
 * with the direction's fields (E from its km, ks); F(0) = 0.
 *
 * Scaling and overflow: v (S,W,0) (clamped, FRIC_FX_FLAG_V_SAT, if outside);
 * result (S,W,0) in +-(2^(W-1) - 1), FRIC_FX_FLAG_F_SAT when clamped;
 * FRIC_FX_FLAG_MAG_NEG when the magnitude is negative (only with hand-made
 * fields: the compiler never produces one).
 * @param detail may be NULL.
 */
int32_t fric_fx_stribeck(const fric_fx_stribeck_t *p, int32_t v, uint32_t *flags,
                         fric_fx_stribeck_detail_t *detail);

/** @brief fric_fx_stribeck() over an array: f[i] for v[i], i < n, the flags
 *         of every sample ORed into *flags; the same results, with the
 *         width dispatched once for the whole array. */
void fric_fx_stribeck_array(const fric_fx_stribeck_t *p, const int32_t *v, int32_t *f, size_t n,
                            uint32_t *flags);

/** @brief Rest state w = 0. */
void fric_fx_lugre_reset(fric_fx_state_t *st);

/**
 * @brief One exact step of a Dahl/LuGre contact at velocity code v; updates
 *        st->w and returns the force code.
 *
 * w_ss = sign(v)*g(v); w(k+1) = w(k) + (w_ss - w(k))*(1 - 2^-y2),
 * y2 = sigma0*|v|*Ts/g(v)*log2(e); F = rsr(w(k+1) + c1(v)*(w(k+1) - w(k)) +
 * sign(v)*sigma2*|v|, WG). No division: 1/g comes from the recip table.
 * v = 0 holds the state exactly.
 *
 * Scaling and overflow: |w(k+1)| <= max(|w(k)|, |w_ss|), so |w| never
 * exceeds the largest g(v) (the update is a convex combination, also after
 * rounding). Flags: G_SAT, S1_SAT, W_SAT, F_SAT, V_SAT.
 * @param detail may be NULL.
 */
int32_t fric_fx_lugre_step(const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v,
                           uint32_t *flags, fric_fx_lugre_detail_t *detail);

/** @brief fric_fx_lugre_step() over an array of successive samples of one
 *         axis: f[i] for v[i], i < n, st updated through them, the flags
 *         ORed into *flags; the same results as n single steps. */
void fric_fx_lugre_array(const fric_fx_lugre_t *p, fric_fx_state_t *st, const int32_t *v, int32_t *f,
                         size_t n, uint32_t *flags);

/** @brief As fric_fx_stribeck_check() for a GMS set (and 1 <= n <= FRIC_FX_GMS_MAX). */
fric_status_t fric_fx_gms_check(const fric_fx_gms_t *p);

/** @brief Rest state: every element unloaded and sticking. */
void fric_fx_gms_reset(fric_fx_gms_state_t *st);

/**
 * @brief One exact step of a GMS contact at velocity code v; updates st and
 *        returns the force code.
 *
 * With g = s(v) (fric_fx_lugre_g()'s arithmetic on p->s), the level of
 * element i in the direction of motion L_i = sign(v) * g * AM_i, and the
 * one slip exponent y = KCM * 2^-KCX / g shared by every element:
 *  - v = 0: every element sticks and holds;
 *  - a slipping element whose direction is not sign(v) sticks;
 *  - a sticking element at or beyond L_i (sign(v) F_i >= |L_i|) slips;
 *  - a slipping element moves toward L_i by (L_i - F_i)(1 - 2^-y), LuGre's
 *    exact-step arithmetic (y >= 1/2 from the exp2 table, small y as y h(y));
 *  - a sticking one moves by sign(v) |v| KM_i 2^(WG-KS_i) (exact for KS_i <=
 *    WG, else rounded half up);
 *    if that reaches L_i it ends at L_i, slipping.
 * F = rsr(sum F_i + sign(v) * sigma2 |v| 2^(WG-G), WG), saturated.
 *
 * Scaling and overflow: L_i = g * AM_i * 2^(WG-G-W) is exact, |L_i| <
 * 2^(W-1+WG); every element stays within [-max |L_i|, max |L_i|] over the
 * velocities seen (an add that reaches the level stops at it; the move
 * toward L_i is a convex combination), so |F_i| < 2^(W-1+WG) and the sum of
 * 16 elements fits (S,W+4,WG); W_SAT is set if an element ever left
 * (S,W,WG) (cannot happen; kept as a check). Flags: G_SAT, W_SAT, F_SAT,
 * V_SAT.
 */
int32_t fric_fx_gms_step(const fric_fx_gms_t *p, fric_fx_gms_state_t *st, int32_t v, uint32_t *flags);

/** @brief The steady-state force code at v: every element slipping at its
 *         level alpha_i s(v), stepped once, sum L_i + sigma2 v rounded (0 at
 *         v = 0). Flags as fric_fx_gms_step(). */
int32_t fric_fx_gms_steady(const fric_fx_gms_t *p, int32_t v, uint32_t *flags);

/** @brief Write the set as FRIC_FX_WORDS_GMS words (the Stribeck words,
 *         GMS_N, GMS_KCM, GMS_KCX, then 16 element blocks; elements at and
 *         beyond n are written 0). */
void fric_fx_gms_pack(const fric_fx_gms_t *p, uint32_t *words);

/** @brief The inverse of fric_fx_gms_pack() (signed fields by their width). */
fric_fx_gms_t fric_fx_gms_unpack(uint32_t width, const uint32_t *words);

/* ---- the elasto-plastic mode of the LuGre step ------------------------------ */

/**
 * A fixed-point elasto-plastic set: a LuGre set (g(v), sigma0 through KYM,
 * sigma1, sigma2), the breakaway w_ba = sigma0*z_ba in output LSB and the
 * distance sigma0*|v|*Ts per velocity code. WBA = 0 makes the step
 * LuGre's, bit for bit.
 */
typedef struct {
    fric_fx_lugre_t lugre; /**< the LuGre set (words 0 .. FRIC_FX_WORDS_LUGRE - 1) */
    uint32_t wba;          /**< w_ba = sigma0*z_ba, (U,W-1,G) output LSB; 0: the LuGre step */
    uint32_t kzm;          /**< distance mantissa (U,W,0): d = |v| * KZM * 2^(WG-KZS), (S,W,WG) units */
    uint32_t kzs;          /**< distance shift, 0..63 */
} fric_fx_ep_t;

/** The zones of an elasto-plastic step (fric_fx_lugre_detail_t.path, with
 *  0 for v = 0 and 1..3 for LuGre's paths in the alpha = 1 zone). */
enum {
    FRIC_FX_EP_PATH_ADD = 4,   /**< ended in the alpha = 0 zone: the exact add */
    FRIC_FX_EP_PATH_TRANS = 5  /**< ended in the transition zone or at its end */
};

/** @brief As fric_fx_lugre_check() for an elasto-plastic set (and its three words). */
fric_status_t fric_fx_ep_check(const fric_fx_ep_t *p);

/**
 * @brief One step of an elasto-plastic contact at velocity code v; updates
 *        st->w and returns the force code.
 *
 * With g = g(v) (the LuGre level, (U,W-1,G)), the state in the direction of
 * motion u = sign(v) w, the end of the transition zone g_w = g 2^(WG-G), its
 * start w_b = min(WBA 2^(WG-G), g_w), and the distance of the step
 * d = |v| KZM 2^(WG-KZS) (rounded half up when KZS > WG), (S,W,WG) units:
 *  - WBA = 0, v = 0, or u >= g_w: fric_fx_lugre_step(), bit for bit (v = 0
 *    holds; u >= g_w is the alpha = 1 zone, LuGre's exact step toward g_w);
 *  - u < w_b (alpha = 0: below the breakaway, or against the motion): the
 *    exact add u + d, up to w_b; the rest d' of the distance goes on in the
 *    transition zone (d' = d when u starts in it);
 *  - w_b <= u < g_w, the transition zone: alpha frozen over the rest of the
 *    step at its value at the midpoint predicted with the slope at the
 *    zone's start, and du/ds = 1 - alpha u / g_w then solved exactly, as
 *    fric_ep_step() does. With pos(x) = (x - w_b) / (g_w - w_b) in (U,0,EPF)
 *    (from the recip table) and A() the epalpha table (linear interpolation,
 *    (U,1,EPF)): alpha0 = A(pos(u)), the slope hs = 1 - alpha0 u / g_w (u / g_w
 *    from the recip table), u_m = u + min(hs d' / 2, g_w - u), alpha =
 *    A(pos(u_m)); y' = d' log2(e) / g (d' as a W-bit mantissa times
 *    FRIC_FX_EP_L2E and the recip table's 1/g, in floating form), y = alpha y';
 *    du = (g_w / alpha - u)(1 - 2^-y), formed as (g_w - alpha u) psi / alpha:
 *    alpha = 0 gives min(d', g_w - u); y >= 2^YI gives g_w - u; y < 1/2 gives
 *    (g_w - alpha u) y' h(y) (no 1/alpha); otherwise (g_w - alpha u)(1 - 2^-y)
 *    with 1/alpha from the recip table. du is limited to g_w - u, u' = u + du.
 * The force is LuGre's: F = rsr(w' + c1(v)(w' - w) + sign(v) sigma2 |v|, WG).
 * No division anywhere: 1/(g_w - w_b), 1/g and 1/alpha are recip-table
 * lookups.
 *
 * Scaling and overflow: every zone moves u toward g_w and never past it
 * (the add stops at w_b <= g_w, the transition's du lies in [0, g_w - u],
 * the alpha = 1 zone is LuGre's convex step), so |w'| <= max(|w|, g_w) <
 * 2^(W-1+WG) at any sample time and the state stays in (S,W,WG). d <
 * 2^(2W-1+WG); every product (alpha u, (x - w_b) recip, diff psi, t1 recip)
 * is below 2^(2W-1+WG) and alpha times the (U,2W,0) mantissa of y' below 2^(3W+1):
 * all fit 64 bits. Flags as fric_fx_lugre_step(): G_SAT, S1_SAT, W_SAT
 * (cannot happen; kept as a check), F_SAT, V_SAT.
 * @param detail may be NULL; path is 0..3 as LuGre's, or FRIC_FX_EP_PATH_*.
 */
int32_t fric_fx_ep_step(const fric_fx_ep_t *p, fric_fx_state_t *st, int32_t v, uint32_t *flags,
                        fric_fx_lugre_detail_t *detail);

/** @brief fric_fx_ep_step() over successive samples of one axis, as
 *         fric_fx_lugre_array(). */
void fric_fx_ep_array(const fric_fx_ep_t *p, fric_fx_state_t *st, const int32_t *v, int32_t *f, size_t n,
                      uint32_t *flags);

/** @brief Write the set as FRIC_FX_WORDS_EP words: the LuGre words, then
 *         EP_WBA, EP_KZM, EP_KZS. */
void fric_fx_ep_pack(const fric_fx_ep_t *p, uint32_t *words);

/** @brief The inverse of fric_fx_ep_pack(). */
fric_fx_ep_t fric_fx_ep_unpack(uint32_t width, const uint32_t *words);

/** @brief fric_fx_word_fits() for an elasto-plastic set's words: the LuGre
 *         words and EP_WBA, EP_KZM, EP_KZS (addresses below FRIC_FX_WORDS_EP). */
int fric_fx_ep_word_fits(uint32_t width, uint32_t addr, uint32_t data);

/**
 * @brief Velocity code from two encoder positions, as fric_encvel.v of the
 *        board tops computes it once per sample tick.
 *
 * d = pos_now - pos_prev modulo 2^32 (read as a signed count), limited to
 * (S,16,0); v = rsr(d * gain, shift) limited to (S,W,0).
 *
 * Scaling and overflow: gain (U,16,0), shift 0..31; d * gain is exact in
 * 33 bits. Each limit sets FRIC_FX_FLAG_ENC_SAT in *flags.
 */
int32_t fric_fx_enc_velocity(uint32_t width, uint32_t pos_now, uint32_t pos_prev, uint32_t gain,
                             uint32_t shift, uint32_t *flags);

/** @brief g(v) in (U,W-1,G) output LSB, as the step uses it. */
int64_t fric_fx_lugre_g(const fric_fx_lugre_t *p, int32_t v, uint32_t *flags);

/** @brief Write the set as FRIC_FX_WORDS_STRIBECK words (signed fields
 *         sign-extended to 32 bits). */
void fric_fx_stribeck_pack(const fric_fx_stribeck_t *p, uint32_t *words);
/** @brief Write the set as FRIC_FX_WORDS_LUGRE words. */
void fric_fx_lugre_pack(const fric_fx_lugre_t *p, uint32_t *words);

/**
 * @brief The inverse of fric_fx_lugre_pack(): a set from its
 *        FRIC_FX_WORDS_LUGRE words (a signed field's word is taken by its
 *        field's width, so a word that fits gives its value). The Stribeck
 *        set is the result's .g (words 0 .. FRIC_FX_WORDS_STRIBECK - 1).
 */
fric_fx_lugre_t fric_fx_lugre_unpack(uint32_t width, const uint32_t *words);

/** @brief Does a 32-bit word fit the field of parameter word @p addr?
 *  Unsigned fields of b bits take 0 .. 2^b - 1; signed ones (sign-extended
 *  to 32 bits, as pack writes them) -2^(b-1) .. 2^(b-1) - 1. The rule a
 *  core's cfg port applies: a word that does not fit is refused.
 *  @return 1 if it fits; 0 if not, or for a width other than 16/18 or an
 *  address at or beyond FRIC_FX_WORDS_LUGRE. */
int fric_fx_word_fits(uint32_t width, uint32_t addr, uint32_t data);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_FX_H */
