/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_compile.h
 * @brief The parameter compiler: SI parameters to the integers that the
 *        fixed-point model (fric_fx.h) and the RTL hold, with a report of
 *        every parameter's quantization error.
 *
 * All reciprocals and exponential scale factors (1/vs, sigma0*Ts/g's
 * constant, sigma1/(sigma0*Ts), 1/vd) are computed here, once, in double
 * precision, so that no per-sample division reaches the core. A parameter
 * that cannot be represented is refused with ::FRIC_ERR_RANGE and a message
 * in the report that names it and gives the representable range; nothing
 * wraps and nothing is clamped silently.
 *
 * Input contract: every function here returns in bounded time (at most a
 * few 2^W evaluations of the steady-state curve) for every double in every
 * field, +-0, subnormals, huge values, +-infinity and NaN included. A
 * compile returns ::FRIC_OK only with valid fields and a report whose every
 * number is finite; otherwise an error with the reason in the report's why.
 * Products of the parameters and the LSB sizes (sigma0 * ts and the like)
 * are formed with a wider exponent, so a representable set compiles even
 * where such a product alone would leave the double range.
 *
 * Port scaling: velocity code v means v * V_LSB m/s with
 * V_LSB = v_max / 2^(W-1); force code F means F * F_LSB N with
 * F_LSB = f_max / 2^(W-1).
 */
#ifndef FRIC_COMPILE_H
#define FRIC_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "fric_ep.h"
#include "fric_fx.h"
#include "fric_gms.h"
#include "fric_lugre.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Compile options. */
typedef struct {
    uint32_t width; /**< datapath width W, 16 or 18 */
    double v_max;   /**< velocity full scale, m/s, > 0 (default 1); v_max / 2^(W-1) must be a normal double */
    double f_max;   /**< force full scale, N; 0 = automatic (fric_compile_auto_fmax()); f_max / 2^(W-1) must be a normal double */
    double ts;      /**< sample time, s, finite and > 0 for Dahl and LuGre; a Stribeck set takes 0 (unset) or a finite ts > 0 and only reports it */
} fric_compile_opts_t;

/** Default options: W = 16, v_max = 1 m/s, automatic f_max, ts = 0 (unset). */
fric_compile_opts_t fric_compile_opts_default(void);

/** One row of the quantization report. */
typedef struct {
    const char *param; /**< the option's name: "fc", "vs", "sigma0", ... */
    const char *unit;
    double requested;  /**< SI value asked for */
    double represented;/**< SI value the integers represent */
} fric_quant_t;

#define FRIC_COMPILE_MAX_QUANT 16

/** What the compiler did. */
typedef struct {
    uint32_t width;
    double v_max, f_max, v_lsb, f_lsb, ts;
    fric_quant_t quant[FRIC_COMPILE_MAX_QUANT];
    size_t nquant;
    char why[400]; /**< on an error: the parameter and its representable range */
} fric_compile_report_t;

/**
 * @brief Smallest power of two (N), at least 2^-20, at least 1.25 times the
 *        peak |F| of the steady-state curve over |v| <= v_max (at every
 *        velocity code; a run of codes is skipped where an upper bound on
 *        |F| shows that it cannot raise the power of two).
 * @return NaN when an argument is invalid (curve NULL or refused by
 *         fric_stribeck_check(), v_max not finite and > 0, width not 16 or
 *         18); +infinity when no double is 1.25 times the peak.
 */
double fric_compile_auto_fmax(const fric_stribeck_cfg_t *curve, double v_max, uint32_t width);

/** @brief Compile a Stribeck (Coulomb, Coulomb + viscous) set. @p rep may be
 *         NULL (no report), here and in the two calls below. */
fric_status_t fric_compile_stribeck(const fric_stribeck_cfg_t *cfg, const fric_compile_opts_t *opt,
                                    fric_fx_stribeck_t *out, fric_compile_report_t *rep);

/** @brief Compile a LuGre set at sample time opt->ts. */
fric_status_t fric_compile_lugre(const fric_lugre_cfg_t *cfg, const fric_compile_opts_t *opt,
                                 fric_fx_lugre_t *out, fric_compile_report_t *rep);

/**
 * @brief Compile a GMS set at sample time opt->ts: the level s(v) and sigma2
 *        as a Stribeck set, C into the slip exponent, each element's k into
 *        its increment per velocity code and sample and alpha into a
 *        (U,1,W) fraction. The report gives gms-c and the worst element of
 *        gms-k and gms-alpha.
 */
fric_status_t fric_compile_gms(const fric_gms_cfg_t *cfg, const fric_compile_opts_t *opt, fric_fx_gms_t *out,
                               fric_compile_report_t *rep);

/** @brief The SI set that a fixed-point GMS set represents at sample time ts
 *         (its alphas sum to 1 within the fractions' rounding, not
 *         necessarily within ::FRIC_GMS_ALPHA_SUM_TOL); NaN in C and the
 *         curve when @p p is refused by fric_fx_gms_check(). */
fric_gms_cfg_t fric_fx_gms_effective(const fric_fx_gms_t *p, double v_lsb, double f_lsb, double ts);

/**
 * @brief Compile an elasto-plastic set at sample time opt->ts: its LuGre set
 *        (fric_compile_lugre()), z_ba into w_ba = sigma0*z_ba in (U,W-1,G)
 *        output LSB (EP_WBA, >= 1 and below the compiled levels) and
 *        sigma0*Ts into the distance per velocity code and sample (EP_KZM,
 *        EP_KZS). The report adds z-ba and sigma0 as the distance carries it.
 */
fric_status_t fric_compile_ep(const fric_ep_cfg_t *cfg, const fric_compile_opts_t *opt, fric_fx_ep_t *out,
                              fric_compile_report_t *rep);

/** @brief The SI set that a fixed-point elasto-plastic set represents at
 *         sample time ts (z_ba from EP_WBA and the sigma0 of KYM); NaN in
 *         every field when @p p is refused by fric_fx_ep_check(). */
fric_ep_cfg_t fric_fx_ep_effective(const fric_fx_ep_t *p, double v_lsb, double f_lsb, double ts);

/** @brief Compile a Dahl set (the LuGre set with g = Fc, sigma1 = 0). */
fric_status_t fric_compile_dahl(const fric_dahl_cfg_t *cfg, const fric_compile_opts_t *opt,
                                fric_fx_lugre_t *out, fric_compile_report_t *rep);

/** @brief The SI set that a fixed-point Stribeck set represents; NaN in every
 *         field when @p p is NULL or refused by fric_fx_stribeck_check(). */
fric_stribeck_cfg_t fric_fx_stribeck_effective(const fric_fx_stribeck_t *p, double v_lsb,
                                               double f_lsb);

/** @brief The SI set that a fixed-point LuGre set represents at sample time ts;
 *         NaN in every field when @p p is NULL or refused by fric_fx_lugre_check(). */
fric_lugre_cfg_t fric_fx_lugre_effective(const fric_fx_lugre_t *p, double v_lsb, double f_lsb,
                                         double ts);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_COMPILE_H */
