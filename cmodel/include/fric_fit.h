/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_fit.h
 * @brief Identification of friction parameters from measured data, by
 *        Levenberg-Marquardt least squares (MINPACK, through cminpack).
 *
 * Static: from constant-velocity runs (v, F), the steady-state curve
 *     F_ss(v) = g(v) sgn(v) + sigma2 v,  g(v) = Fc + (Fs - Fc) exp(-|v/vs|^delta)
 * with Fc, Fs, vs, sigma2 (and delta, or the negative-side Fc, Fs, sigma2).
 *
 * Dynamic: from a presliding, small-amplitude or breakaway record
 * (t, v, F), sigma0 and sigma1 (and sigma2 on request) of the LuGre model,
 * whose steady state is held at the static fit. The model runs along the
 * measured velocity with the exact step (fric_lugre_step()): row k's
 * velocity is held from t[k-1] to t[k] and the force of that step is
 * compared with F[k]. The initial bristle force f0 = sigma0 z(0) is fitted
 * too, as a nuisance parameter (the last one in the report), started at
 * F[0] - sigma2 v[0]; |z(0)| is held at most g(v[0]) / sigma0.
 *
 * Uncertainty: the covariance sigma^2 (J^T J)^-1 at the solution, with
 * sigma^2 = SSR / (m - p) (m residuals, p parameters), gives each
 * parameter's standard error; the 95 % interval is value +- t(0.975, m - p)
 * times it. These are the linearised (asymptotic) intervals: they hold for
 * independent force noise of constant variance and a model that fits.
 *
 * Host-only: needs libm, malloc and libcminpack (link -lcminpack).
 */
#ifndef FRIC_FIT_H
#define FRIC_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_lugre.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most parameters of one fit. */
#define FRIC_FIT_MAX_PARAMS 8

/** Warning bits of a fit (fric_fit_report_t.warn). */
enum {
    FRIC_FIT_WARN_NO_LOW_V = 1u << 0, /**< static: no data below 3 vs (in some direction): fs, vs not identifiable */
    FRIC_FIT_WARN_WIDE = 1u << 1,     /**< some 95 % interval is wider than its value (see wide[]) */
    FRIC_FIT_WARN_RANK = 1u << 2,     /**< the Jacobian is rank-deficient: some combination is not identifiable */
    FRIC_FIT_WARN_SIGMA1 = 1u << 3,   /**< dynamic: sigma1 is not identifiable from this data */
    FRIC_FIT_WARN_NOT_CONVERGED = 1u << 4 /**< the solver stopped on its evaluation limit */
};

/** What a fit found, parameter by parameter, in the order of name[]. */
typedef struct {
    size_t np;                          /**< parameters fitted */
    const char *name[FRIC_FIT_MAX_PARAMS]; /**< option names: "fc", "fs", "vs", "sigma2", "fc_neg", ... */
    double value[FRIC_FIT_MAX_PARAMS];
    double se[FRIC_FIT_MAX_PARAMS];     /**< standard error */
    double lo[FRIC_FIT_MAX_PARAMS], hi[FRIC_FIT_MAX_PARAMS]; /**< 95 % interval */
    bool wide[FRIC_FIT_MAX_PARAMS];     /**< interval wider than |value| */
    size_t m;                           /**< residuals (data rows used) */
    double rms;                         /**< residual RMS, N */
    double tq;                          /**< t(0.975, m - np) */
    int rank;                           /**< rank of the Jacobian at the solution */
    int info;                           /**< MINPACK's stop reason (1..4 converged, 5 evaluation limit) */
    int nfev;                           /**< model evaluations */
    unsigned warn;                      /**< FRIC_FIT_WARN_* */
    double v_low;                       /**< static: smallest |v| with data, m/s */
    char why[200];                      /**< on an error, the reason */
} fric_fit_report_t;

/** Static fit options. */
typedef struct {
    bool asymmetric; /**< fit fc_neg, fs_neg, sigma2_neg too (vs, delta shared) */
    bool fit_delta;  /**< fit delta; else it is held at delta */
    double delta;    /**< the Stribeck exponent when not fitted (2) */
} fric_fit_static_opts_t;

/** Errors of a fit (negative; the report's why says more). */
enum {
    FRIC_FIT_ERR_DATA = -1,   /**< too few rows, no motion, a direction missing, not finite */
    FRIC_FIT_ERR_NOMEM = -2,
    FRIC_FIT_ERR_SOLVER = -3  /**< MINPACK refused the problem, or the result is not finite */
};

/**
 * @brief Fit the steady-state curve to n rows (v[i], f[i]), m/s and N.
 * Rows at v = 0 carry no steady-state information and are left out.
 * @param out the fitted curve (negative side = positive side unless asymmetric).
 * @return 0, or an FRIC_FIT_ERR_* code with rep->why.
 */
int fric_fit_static(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                    fric_stribeck_cfg_t *out, fric_fit_report_t *rep);

/** Dynamic fit options. */
typedef struct {
    bool fit_sigma2; /**< fit sigma2 (one value for both directions) too */
} fric_fit_dynamic_opts_t;

/**
 * @brief Fit sigma0, sigma1 (and sigma2) to a record: times t (s, strictly
 *        increasing), velocities v (m/s), forces f (N), n rows.
 * @param base the static part (fc, fs, vs, delta, sigma2 per direction,
 *        vd); its sigma0 and sigma1 are ignored.
 * @param out base with the fitted values (sigma1 clamped to >= 0).
 * @return 0, or an FRIC_FIT_ERR_* code with rep->why.
 */
int fric_fit_dynamic(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *base,
                     const fric_fit_dynamic_opts_t *o, fric_lugre_cfg_t *out, fric_fit_report_t *rep);

/**
 * @brief The force of the LuGre set cfg along a record, as fric_fit_dynamic()
 *        computes it: fm[k], k >= 1, the force of the exact step from t[k-1]
 *        to t[k] at v[k]; fm[0] = sigma0 z(0) + sigma2 v[0], with z(0) from
 *        the initial bristle force f0 (the fit's last parameter), |z(0)| held
 *        at most g(v[0]) / sigma0. n rows, t strictly increasing.
 */
void fric_fit_dynamic_force(const double *t, const double *v, size_t n, const fric_lugre_cfg_t *cfg, double f0,
                            double *fm);

/** @brief Student's t quantile t(0.975, dof), dof >= 1 (1.96 as dof grows). */
double fric_fit_t975(double dof);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_FIT_H */
