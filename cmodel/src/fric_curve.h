/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the Stribeck level g(v) = Fc + (Fs - Fc) exp(-|v/vs|^delta) and
 * the LuGre force, one definition inlined into the static curve
 * (fric_stribeck.c), the LuGre model (fric_lugre.c) and the plant's
 * integrators (fric_plant.c), so an integrator's inner loop pays for no
 * call or struct copy around its exp(). */
#ifndef FRIC_CURVE_H
#define FRIC_CURVE_H

#include <math.h>
#include <stdbool.h>

/* exp(-|u|^delta), u = v/vs */
static inline double fric_curve_weight_u(double u, double delta)
{
    double p;
    if (delta == 2.0)
        p = u * u; /* the common Gaussian: skip pow (and fabs) */
    else if (delta == 1.0)
        p = fabs(u);
    else
        p = pow(fabs(u), delta);
    /* exp(-p) rounds to 0 for p > 745.14; saying so skips libm's slow
     * underflow path (errno), which a sliding contact would take at every
     * evaluation. The result is the same. */
    return (p > 746.0) ? 0.0 : exp(-p);
}

/* exp(-|v/vs|^delta) */
static inline double fric_curve_weight(double vs, double delta, double v)
{
    return fric_curve_weight_u(v / vs, delta);
}

/* g(v) with the levels and vs of the sign of v (v = 0 takes the v > 0 ones) */
static inline double fric_curve_level(double fc_pos, double fc_neg, double fs_pos, double fs_neg, double vs_pos,
                                      double vs_neg, double delta, double v)
{
    const bool neg = v < 0.0;
    const double fc = neg ? fc_neg : fc_pos;
    const double dip = (neg ? fs_neg : fs_pos) - fc;
    /* dip == 0 gives exactly fc: the Coulomb(+viscous) case is exact. */
    return (dip == 0.0) ? fc : fc + dip * fric_curve_weight(neg ? vs_neg : vs_pos, delta, v);
}

/* The LuGre force at (z, v) for g = g(v) and the coefficients of the sign
 * of v: dz/dt = v - sigma0 |v| z / g into *dzdt, and
 * F = sigma0 z + sigma1 dz/dt + sigma2 v returned. */
static inline double fric_curve_lugre_force(double sigma0, double sigma1, double sigma2, double g, double z,
                                            double v, double *dzdt)
{
    /* summed so that the terms not waiting for g come first: the critical
     * path of an integrator's stage is g -> dz -> F */
    const double dz = v - sigma0 * fabs(v) * z / g;
    *dzdt = dz;
    return (sigma0 * z + sigma2 * v) + sigma1 * dz;
}

#endif /* FRIC_CURVE_H */
