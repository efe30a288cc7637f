/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_reduce.h
 * @brief From a long measured log to steady-state points: a smoothing
 *        differentiator (local polynomial least squares, the Savitzky-Golay
 *        filter on any sample times) and the detection of constant-velocity
 *        segments, for fric_fit_static() and fric_fit_dynamic().
 *
 * Differentiator: the velocity at time tau is the slope at tau of the
 * polynomial fitted by least squares to the `window` samples nearest tau
 * (the window slides inward at the ends of the record). The polynomial is
 * of degree 2, or 1 for a window of 2 (then the slope is exactly
 * (x[k] - x[k-1]) / (t[k] - t[k-1])). On evenly spaced samples this is the
 * Savitzky-Golay derivative filter. For white position noise (encoder
 * quantization) of standard deviation s and spacing h, a window of w gives
 * the velocity a standard deviation of about s sqrt(12 / (w^3 h^2)),
 * against the plain difference's s sqrt(2) / h.
 *
 * Segments (fric_reduce()): the velocity (given, or the differentiator's at
 * each sample) is smoothed over `window` samples. A segment grows sample by
 * sample while the smoothed velocity stays within tol_rel |mean| + tol_abs
 * of the segment's running mean; `gap` consecutive samples outside end it
 * (fewer are kept: a spike does not split a plateau). A segment is kept when
 * it holds at least min_samples samples and |mean velocity| >= v_min. Its
 * first drop_start and last drop_end fractions are dropped as transients
 * (acceleration, settling, deceleration); the rest is the steady window.
 * Each point is the window's mean velocity ((x_last - x_first) / (t_last -
 * t_first) for positions, free of quantization; the mean of v for
 * velocities), its force (the median, or the mean), the force's spread (the
 * robust standard deviation 1.4826 MAD for the median, the sample standard
 * deviation for the mean) and the sample count.
 *
 * Host-only (malloc); no printing, no file I/O.
 */
#ifndef FRIC_REDUCE_H
#define FRIC_REDUCE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Errors (negative); why says more, naming the option. */
enum {
    FRIC_REDUCE_ERR_DATA = -1,   /**< too few rows, time not increasing, a value not finite */
    FRIC_REDUCE_ERR_OPTION = -2, /**< an option outside its range */
    FRIC_REDUCE_ERR_NOMEM = -3
};

/**
 * @brief Velocities from positions x (m) at times t (s, increasing), n rows.
 * @param window samples per local fit, 2 .. min(n, 1001).
 * @param midpoint false: v[k] at t[k]; true: v[k] (k >= 1) at the step's
 *        midpoint (t[k-1] + t[k]) / 2, the velocity an exact step from
 *        t[k-1] to t[k] holds, and v[0] = v[1].
 * @return 0, or an FRIC_REDUCE_ERR_* code with why.
 */
int fric_sg_velocity(const double *t, const double *x, size_t n, size_t window, bool midpoint, double *v, char *why,
                     size_t why_len);

/** fric_reduce() options; fric_reduce_defaults() gives the documented defaults. */
typedef struct {
    size_t window;      /**< differentiator and smoothing window, samples, 2..1001 (9) */
    double tol_rel;     /**< relative velocity tolerance of a segment, 0..1 (0.1) */
    double tol_abs;     /**< absolute velocity tolerance, m/s, >= 0 (0) */
    size_t gap;         /**< consecutive samples outside the tolerance that end a segment, >= 1 (3) */
    size_t min_samples; /**< samples a segment needs, >= 3 (20) */
    double drop_start;  /**< fraction dropped at a segment's start, [0, 1) (0.3) */
    double drop_end;    /**< fraction dropped at its end, [0, 1), drop_start + drop_end < 1 (0.1) */
    double v_min;       /**< |mean velocity| below which a segment is a standstill, m/s, >= 0 (0) */
    bool mean;          /**< the force's mean (and standard deviation) instead of its median (and 1.4826 MAD) */
} fric_reduce_opts_t;

/** @brief The defaults given in fric_reduce_opts_t. */
fric_reduce_opts_t fric_reduce_defaults(void);

/** One steady-state point. */
typedef struct {
    double v;          /**< mean velocity of the steady window, m/s */
    double f;          /**< its force (median or mean), N */
    double f_sd;       /**< the force's spread, N */
    size_t n;          /**< samples in the window */
    size_t first, last; /**< the window's rows (inclusive) */
} fric_reduce_point_t;

/**
 * @brief The steady-state points of a log: rows (t[i], y[i], f[i]), y the
 *        velocity (m/s), or the position (m) when position is true.
 * @param out room for cap points; *nout the points found (all of them are
 *        counted, at most cap written).
 * @return 0, or an FRIC_REDUCE_ERR_* code with why.
 */
int fric_reduce(const double *t, const double *y, const double *f, size_t n, bool position, const fric_reduce_opts_t *o,
                fric_reduce_point_t *out, size_t cap, size_t *nout, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_REDUCE_H */
