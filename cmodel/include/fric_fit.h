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
 * Bounds: every parameter has a physical range (sigma2, sigma0 and sigma1
 * >= 0; fc and fs in [0, 10 max |F|], a level ten times the largest force
 * measured being no finding of the data; vs > 0; delta in [0.5, 10]; f0
 * free), which a caller's
 * bounds (fric_fit_bound_t) may narrow or pin to one value. MINPACK has no
 * bounds, so the solver works on unbounded u, mapped onto each range by the
 * MINUIT transforms: x = lo + (hi - lo) (sin u + 1) / 2 within two bounds,
 * x = lo + s (sqrt(u^2 + 1) - 1) above one (s the parameter's scale from
 * the data), x = u without. A parameter that ends within 1e-4 of its range
 * (two bounds) or of its scale (one bound) from a bound is at the bound
 * (at_bound[]): it is held there for the statistics, and the fit says so.
 *
 * Weights and robust loss (static): rows may carry weights (1 / variance,
 * for example n / sd^2 of a reduced log's point). soft_l1 and huber losses
 * are minimised by iteratively reweighted least squares: each round refits
 * with MINPACK under weights w_i from the last round's residuals r_i,
 * scaled by s = 1.4826 median |r_i sqrt(w_data,i)| (or a given scale):
 * huber w = 1 for |r|/s <= 1.345, else 1.345 s / |r|; soft_l1
 * w = 1 / sqrt(1 + (r/s)^2); until no parameter moves by more than 1e-8 of
 * itself (at most FRIC_FIT_IRLS_MAX rounds).
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

#include "fric_gms.h"
#include "fric_lugre.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most parameters of one fit. */
#define FRIC_FIT_MAX_PARAMS 10

/** Most reweighting rounds of a robust fit. */
#define FRIC_FIT_IRLS_MAX 60

/** Warning bits of a fit (fric_fit_report_t.warn). */
enum {
    FRIC_FIT_WARN_NO_LOW_V = 1u << 0, /**< static: no data below 3 vs (in some direction): fs, vs not identifiable */
    FRIC_FIT_WARN_WIDE = 1u << 1,     /**< some 95 % interval is wider than its value (see wide[]) */
    FRIC_FIT_WARN_RANK = 1u << 2,     /**< the Jacobian is rank-deficient: some combination is not identifiable */
    FRIC_FIT_WARN_SIGMA1 = 1u << 3,   /**< dynamic: sigma1 is not identifiable from this data */
    FRIC_FIT_WARN_NOT_CONVERGED = 1u << 4, /**< the solver stopped on its evaluation limit, or the reweighting did not settle */
    FRIC_FIT_WARN_AT_BOUND = 1u << 5  /**< some parameter ended on a bound (see at_bound[]) */
};

/** What a fit found, parameter by parameter, in the order of name[]. */
typedef struct {
    size_t np;                          /**< parameters fitted */
    const char *name[FRIC_FIT_MAX_PARAMS]; /**< option names: "fc", "fs", "vs", "sigma2", "fc_neg", ... */
    double value[FRIC_FIT_MAX_PARAMS];
    double se[FRIC_FIT_MAX_PARAMS];     /**< standard error (inf when fixed, at a bound or unidentifiable) */
    double lo[FRIC_FIT_MAX_PARAMS], hi[FRIC_FIT_MAX_PARAMS]; /**< 95 % interval */
    bool wide[FRIC_FIT_MAX_PARAMS];     /**< interval wider than |value| */
    bool fixed[FRIC_FIT_MAX_PARAMS];    /**< held at a value by the caller */
    bool at_bound[FRIC_FIT_MAX_PARAMS]; /**< ended on a bound (not fixed) */
    double bound_lo[FRIC_FIT_MAX_PARAMS], bound_hi[FRIC_FIT_MAX_PARAMS]; /**< the range applied (+-inf: open) */
    bool converged;                     /**< the solver (and the reweighting) converged */
    int nactive;                        /**< parameters in the covariance (neither fixed nor at a bound) */
    int rounds;                         /**< reweighting rounds (robust loss), else 0 */
    size_t m;                           /**< residuals (data rows used) */
    double rms;                         /**< residual RMS, N (unweighted) */
    double ssr;                         /**< weighted residual sum of squares (what the fit minimised, last round) */
    double tq;                          /**< t(0.975, m - np) */
    int rank;                           /**< rank of the Jacobian at the solution */
    int info;                           /**< MINPACK's stop reason (1..4 converged, 5 evaluation limit) */
    int nfev;                           /**< model evaluations */
    unsigned warn;                      /**< FRIC_FIT_WARN_* */
    double v_low;                       /**< static: smallest |v| with data, m/s */
    char why[200];                      /**< on an error, the reason */
} fric_fit_report_t;

/** A bound on one parameter: lo <= x <= hi (lo == hi holds it fixed). */
typedef struct {
    const char *name; /**< the parameter's name in the report ("delta", "fs", "sigma1", ...) */
    double lo, hi;    /**< within the physical range; -inf/inf: keep that side's physical bound */
} fric_fit_bound_t;

/** The loss a static fit minimises. */
typedef enum {
    FRIC_FIT_LOSS_L2 = 0,  /**< least squares */
    FRIC_FIT_LOSS_SOFT_L1, /**< 2 (sqrt(1 + (r/s)^2) - 1): linear in |r| far out */
    FRIC_FIT_LOSS_HUBER    /**< quadratic to 1.345 s, linear beyond */
} fric_fit_loss_t;

/** Static fit options (zero-initialised: symmetric, delta 2 held, least squares). */
typedef struct {
    bool asymmetric; /**< fit fc_neg, fs_neg, sigma2_neg too (vs, delta shared) */
    bool fit_delta;  /**< fit delta; else it is held at delta */
    double delta;    /**< the Stribeck exponent when not fitted (0 means 2) */
    bool vs_per_direction;   /**< with asymmetric: a Stribeck velocity vs_neg for v < 0 too */
    const double *weight;    /**< per row, finite and > 0 (1 / variance), or NULL: all 1 */
    fric_fit_loss_t loss;
    double loss_scale;       /**< s in N; 0: from the residuals each round (1.4826 MAD) */
    const fric_fit_bound_t *bounds; /**< nbounds bounds, or NULL */
    size_t nbounds;
    bool skip_unknown;       /**< pass over a bound on a parameter this fit does not have (else refuse it) */
} fric_fit_static_opts_t;

/** Errors of a fit (negative; the report's why says more). */
enum {
    FRIC_FIT_ERR_DATA = -1,   /**< too few rows, no motion, a direction missing, not finite */
    FRIC_FIT_ERR_NOMEM = -2,
    FRIC_FIT_ERR_SOLVER = -3, /**< MINPACK refused the problem, or the result is not finite */
    FRIC_FIT_ERR_OPTION = -4  /**< a bound names no parameter of the fit, is empty or leaves the physical range */
};

/**
 * @brief Fit the steady-state curve to n rows (v[i], f[i]), m/s and N.
 * Rows at v = 0 carry no steady-state information and are left out.
 * @param out the fitted curve (negative side = positive side unless
 *        asymmetric; vs_neg = vs unless vs_per_direction).
 * @return 0, or an FRIC_FIT_ERR_* code with rep->why.
 */
int fric_fit_static(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                    fric_stribeck_cfg_t *out, fric_fit_report_t *rep);

/** Dynamic fit options. */
typedef struct {
    bool fit_sigma2; /**< fit sigma2 (one value for both directions) too */
    const fric_fit_bound_t *bounds; /**< on sigma0, sigma1, sigma2, f0; or NULL */
    size_t nbounds;
} fric_fit_dynamic_opts_t;

/**
 * @brief Fit sigma0, sigma1 (and sigma2) to a record: times t (s, strictly
 *        increasing), velocities v (m/s), forces f (N), n rows.
 * @param base the static part (fc, fs, vs, delta, sigma2 per direction,
 *        vd); its sigma0 and sigma1 are ignored.
 * @param out base with the fitted values (sigma0, sigma1 >= 0 by their bounds).
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

/* ---- model comparison ----------------------------------------------------- */

/** One variant of the steady-state curve that fric_fit_compare() fits. */
typedef struct {
    const char *name;      /**< "asymmetric, one vs, delta = 2" */
    bool asymmetric;       /**< levels per direction */
    bool vs_per_direction; /**< a vs per direction (needs asymmetric) */
    double delta;          /**< held exponent, or 0: fitted */
} fric_fit_variant_t;

/** The variants compared, in order: {symmetric, asymmetric, asymmetric with
 *  a vs per direction} x {delta = 1, delta = 2, delta free}. */
#define FRIC_FIT_NVARIANTS 9
extern const fric_fit_variant_t fric_fit_variants[FRIC_FIT_NVARIANTS];

/** One variant's fit. */
typedef struct {
    int status;             /**< 0, or the FRIC_FIT_ERR_* of this variant's fit (rep.why) */
    int k;                  /**< parameters fitted (not fixed) */
    double aic, bic;        /**< m ln(SSR/m) + 2k, m ln(SSR/m) + k ln m (SSR weighted) */
    bool usable;            /**< fitted, converged, and no parameter at a bound */
    fric_stribeck_cfg_t cfg;
    double vs_neg;          /**< the v < 0 Stribeck velocity (= cfg.vs unless vs_per_direction) */
    fric_fit_report_t rep;
} fric_fit_compare_row_t;

/** What fric_fit_compare() found. Indices are into row[] (and fric_fit_variants), -1: none. */
typedef struct {
    fric_fit_compare_row_t row[FRIC_FIT_NVARIANTS];
    int best_aic, best_bic;  /**< the usable variant of least AIC, of least BIC */
    int hw_best;             /**< the usable variant with delta 1 or 2 of least BIC (what the hardware holds) */
    int hw_free;             /**< the delta-free variant of hw_best's family, when it converged (it may end on a bound) */
    bool free_at_bound;      /**< hw_free ended with a parameter on a bound (delta at 0.5 or 10, say) */
    double free_rms_gain;    /**< hw_best's residual RMS minus hw_free's, N */
    double free_bic_gain;    /**< hw_best's BIC minus hw_free's (> 0: BIC prefers the free delta) */
    double free_max_diff;    /**< largest |F_free(v) - F_hw(v)| over the data's speeds, N */
} fric_fit_compare_t;

/**
 * @brief Fit every variant of fric_fit_variants to the rows, by least
 *        squares under o's weights and bounds (a bound on a parameter a
 *        variant does not have is skipped; o's asymmetric, fit_delta, delta,
 *        vs_per_direction and loss are ignored), and rank them by AIC and BIC.
 * @return 0 (some variants may have failed: row[].status);
 *         FRIC_FIT_ERR_OPTION when a bound is bad for a variant that has the
 *         parameter; or the FRIC_FIT_ERR_* of the first variant when none
 *         could be fitted (its why in out->row[0].rep.why).
 */
int fric_fit_compare(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                     fric_fit_compare_t *out);

/**
 * @brief The steady-state force of a fitted curve with a Stribeck velocity
 *        per direction: cfg's levels and vs for v > 0, vs_neg for v < 0.
 */
double fric_fit_curve(const fric_stribeck_cfg_t *cfg, double vs_neg, double v);

/** @brief Student's t quantile t(0.975, dof), dof >= 1 (1.96 as dof grows). */
double fric_fit_t975(double dof);

/** What fric_fit_gms_virgin() found. */
typedef struct {
    unsigned n;                     /**< elements with a stiffness (of the n asked) */
    unsigned dropped;               /**< elements whose stiffness came out 0 (left out) */
    double k[FRIC_GMS_MAX];         /**< element stiffnesses, N/m, > 0 */
    double alpha[FRIC_GMS_MAX];     /**< element fractions, > 0, sum 1 */
    double x_break[FRIC_GMS_MAX];   /**< each element's breakpoint (where it reaches its level), m */
    double plateau;                 /**< the fitted curve's plateau sum k_j x_j, N (held at fs) */
    double rms;                     /**< residual RMS over the rows, N */
    size_t points;
    char why[200];                  /**< on an error: the reason */
} fric_fit_gms_result_t;

/**
 * @brief The GMS elements from a virgin curve: a loading from rest, rows (x,
 *        F) with x of one sign (m, N), at a velocity slow enough that the
 *        level is the static one, fs.
 *
 * The virgin curve of n elements is piecewise linear, F(x) = sum_j min(k_j
 * |x|, alpha_j fs). With the breakpoints x_j = j max|x| / n on a grid, F is
 * linear in the stiffnesses, F(x) = sum_j k_j min(|x|, x_j), so the fit is
 * the linear least-squares problem min |A k - F| with k >= 0, and the
 * plateau sum_j k_j x_j = fs held by a row of weight 1e6 (the weighting
 * method for an equality constraint). Non-negativity is the only inequality,
 * so the solver is Lawson and Hanson's NNLS (an active-set method that ends
 * at the exact optimum in finitely many steps; MINPACK has no bounds and
 * would need a transform of each k), its subproblems by Householder QR.
 * Elements whose stiffness comes out 0 are left out (dropped); alpha_j =
 * k_j x_j / plateau.
 * @return 0; FRIC_FIT_ERR_DATA (too few rows, x of both signs, no motion, not
 *         finite), FRIC_FIT_ERR_OPTION (n outside 1..16, fs not > 0),
 *         FRIC_FIT_ERR_SOLVER, FRIC_FIT_ERR_NOMEM; r->why says why.
 */
int fric_fit_gms_virgin(const double *x, const double *f, size_t m, unsigned n, double fs, fric_fit_gms_result_t *r);

/** What fric_fit_ep_zba() found. */
typedef struct {
    double z_ba;       /**< the breakaway deflection, m */
    double z_ba_max;   /**< its range's end, fric_ep_z_ba_max(), m */
    double rms;        /**< the elasto-plastic model's RMS force error at z_ba, N */
    double rms_lugre;  /**< the LuGre set's own, N (for comparison) */
    bool identifiable; /**< z_ba moves the error by 1 % or more over its range */
    bool at_edge;      /**< the best of the search grid is at an end of the range */
    size_t points;     /**< rows compared (all but the first) */
    char why[200];     /**< on an error: the reason */
} fric_fit_ep_result_t;

/**
 * @brief The elasto-plastic breakaway deflection z_ba from a record (t, v,
 *        F) from rest, over a LuGre set (the dynamic fit's): the model runs
 *        along the measured velocity with fric_ep_step(), row k's velocity
 *        held from t[k-1] to t[k], and z_ba minimizes the RMS force error.
 *
 * One parameter over a bounded range (0, fric_ep_z_ba_max()), on which the
 * error need not be unimodal: a log-spaced grid of 96 points, then golden
 * section (80 steps) between the best point's neighbours. No derivative is
 * needed, and no local minimum away from the grid's best is taken.
 * @return 0; FRIC_FIT_ERR_DATA (fewer than 4 rows, t not increasing, not
 *         finite), FRIC_FIT_ERR_OPTION (the LuGre set refused),
 *         FRIC_FIT_ERR_SOLVER (the model's force not finite); r->why.
 */
int fric_fit_ep_zba(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *lugre,
                    fric_fit_ep_result_t *r);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_FIT_H */
