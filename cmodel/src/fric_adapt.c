/* SPDX-License-Identifier: Apache-2.0 */
/* The adaptation law of the adaptive LuGre observer, integers only (see
 * fric_adapt.h and docs/servo.md). */
#include "fric_adapt.h"

#include <stddef.h>

#include "fric_fx.h"

#define Q FRIC_ADAPT_Q
#define LIM FRIC_ADAPT_LIM

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* a - b, saturated to +-(2^63 - 1) */
static int64_t sat_sub(int64_t a, int64_t b)
{
    if (b > 0 && a < -INT64_MAX + b) return -INT64_MAX;
    if (b < 0 && a > INT64_MAX + b) return INT64_MAX;
    return a - b;
}

/* a b / 2^s toward zero, 0 <= s < 64, saturated to +-(2^63 - 1): a
 * 64 x 64-bit product in 32-bit halves */
static int64_t mul_shr(int64_t a, int64_t b, unsigned s)
{
    const bool neg = (a < 0) != (b < 0);
    const uint64_t ua = a < 0 ? 0u - (uint64_t)a : (uint64_t)a, ub = b < 0 ? 0u - (uint64_t)b : (uint64_t)b;
    const uint64_t a0 = ua & 0xFFFFFFFFu, a1 = ua >> 32, b0 = ub & 0xFFFFFFFFu, b1 = ub >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    const uint64_t lo = (p00 & 0xFFFFFFFFu) | (mid << 32), hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    const uint64_t rlo = s == 0 ? lo : (lo >> s) | (hi << (64 - s)), rhi = s == 0 ? hi : hi >> s;
    const uint64_t mag = rhi != 0 || rlo > (uint64_t)INT64_MAX ? (uint64_t)INT64_MAX : rlo;
    return neg ? -(int64_t)mag : (int64_t)mag;
}

/* num 2^s / den for den > 0, toward zero, saturated: num is scaled up as
 * far as it fits and den down by the rest */
static int64_t div_shl(int64_t num, int64_t den, unsigned s)
{
    unsigned k = s;
    while (k > 0 && num > -(INT64_C(1) << 61) && num < (INT64_C(1) << 61)) {
        num *= 2;
        k--;
    }
    const int64_t d = den >> k;
    if (d <= 0) return num > 0 ? INT64_MAX : num < 0 ? -INT64_MAX : 0;
    return num / d;
}

fric_status_t fric_adapt_check(const fric_adapt_cfg_t *k)
{
    if (!k) return FRIC_ERR_NULL;
    const int64_t one = INT64_C(1) << Q;
    for (int d = 0; d < 2; d++)
        if (k->fc[d] < 0 || k->fc[d] > LIM || k->s2[d] < 0 || k->s2[d] > FRIC_ADAPT_S2_MAX) return FRIC_ERR_RANGE;
    const bool ok = k->gate >= 1 && k->gate <= LIM && k->acc_gate >= 0 && k->win >= 16u && k->win <= 65536u &&
                    k->gain > 0 && k->gain <= one && k->lo >= one / 10 && k->lo <= one && k->hi >= one &&
                    k->hi <= 10 * one && k->slew >= 1 && k->dz >= 0 && k->dz <= one / 2;
    return ok ? FRIC_OK : FRIC_ERR_RANGE;
}

void fric_adapt_reset(fric_adapt_state_t *s)
{
    const fric_adapt_state_t z = {{1 << Q, 1 << Q}, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    *s = z;
}

/* an input code limited to +-FRIC_ADAPT_LIM */
static int32_t lim32(int32_t x) { return x > (int32_t)LIM ? (int32_t)LIM : x < -(int32_t)LIM ? -(int32_t)LIM : x; }

bool fric_adapt_sample(const fric_adapt_cfg_t *k, fric_adapt_state_t *s, const fric_adapt_in_t *in)
{
    /* the inputs limited: every product below is then 32 x 32 -> 64 bits
     * (phi2's 64 x 32), and e fits 32 bits (m <= 10, |phi| <= 2^17) */
    const int32_t vr = lim32(in->vr), jar = lim32(in->jar), y = lim32(in->y);
    const int32_t r = vr < 0 ? -vr : vr;
    if (r >= k->gate && !in->sat && (jar < 0 ? -jar : jar) <= k->acc_gate) {
        const int dir = vr > 0 ? 0 : 1;
        const int32_t sg = dir == 0 ? 1 : -1;
        const int32_t p1 = sg * (int32_t)clamp64(k->fc[dir], 0, LIM);
        const int32_t p2 = sg * (int32_t)clamp64(fric_fx_rsr(k->s2[dir] * r, 24), 0, LIM);
        const int32_t e = y - (int32_t)fric_fx_rsr((int64_t)s->m[0] * p1 + (int64_t)s->m[1] * p2, Q);
        s->s11 += (int64_t)p1 * p1;
        s->s12 += (int64_t)p1 * p2;
        s->s22 += (int64_t)p2 * p2;
        s->s1e += (int64_t)p1 * e;
        s->s2e += (int64_t)p2 * e;
        s->move += sg * in->vm;
        s->ref += r;
        s->n++;
    }
    return ++s->k >= k->win;
}

bool fric_adapt_update(const fric_adapt_cfg_t *k, fric_adapt_state_t *s)
{
    int64_t d1 = 0, d2 = 0;
    /* excitation: a 32nd of the window used, and the encoder moving with
     * the reference (at least half its speed: not stuck) */
    if (s->n >= k->win / 32 && s->s11 > 0 && 2 * s->move >= s->ref) {
        /* sigma2 only when its regressor is far from collinear with Fc's:
         * the part of it that Fc's cannot explain carries at least an
         * eighth of its RMS (var >= s22 / 64). Below that (short moves, a
         * single speed) a force error of a fraction of a percent of Fc,
         * which the steady-state regressor leaves unexplained, would be
         * taken for a large change of sigma2. */
        const int64_t a = div_shl(s->s12, s->s11, Q);
        const int64_t var = s->s22 - mul_shr(a, s->s12, Q);
        if (k->sigma2 && k->s2[0] + k->s2[1] > 0 && var > 0 && var >= (s->s22 >> FRIC_ADAPT_S2_EXC))
            d2 = div_shl(sat_sub(s->s2e, mul_shr(a, s->s1e, Q)), var, Q);
        /* the dead zone: corrections of less than dz of a multiplier (of
         * less force than dz Fc for m1); m1's correction given m2's */
        if (d2 > -k->dz && d2 < k->dz) d2 = 0;
        d1 = div_shl(sat_sub(s->s1e, mul_shr(d2, s->s12, Q)), s->s11, Q);
        if (d1 > -k->dz && d1 < k->dz) d1 = 0;
        /* the gain, the rate limit, the projection */
        d1 = clamp64(mul_shr(d1, k->gain, Q), -k->slew, k->slew);
        d2 = clamp64(mul_shr(d2, k->gain, Q), -k->slew, k->slew);
    }
    const int32_t m0 = (int32_t)clamp64(s->m[0] + d1, k->lo, k->hi);
    const int32_t m1 = (int32_t)clamp64(s->m[1] + d2, k->lo, k->hi);
    const bool moved = m0 != s->m[0] || m1 != s->m[1];
    const fric_adapt_state_t z = {{m0, m1}, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    *s = z;
    return moved;
}
