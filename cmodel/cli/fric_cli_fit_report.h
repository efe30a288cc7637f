/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_fit_report.h
 * @brief The plot (`fricore fit --plot FILE.svg`) and the HTML report
 *        (`--report FILE.html`) of a fit: the data against the fitted model,
 *        and the residuals.
 *
 * fit static: the measured F against v with the fitted steady-state curve
 * F_ss(v), and the residual F - F_ss(v) against v. fit dynamic: the measured
 * and the model force against t (the model run along the measured velocity
 * as the fit ran it), and the residual against t. Both plots are one SVG of
 * two panels (fric_cli_svg.h), the same in the file and in the report; the
 * data groups are "data", "fit" and "residual". At most FRIC_FIT_PLOT_POINTS
 * rows are drawn (every stride-th); the report says so.
 */
#ifndef FRIC_CLI_FIT_REPORT_H
#define FRIC_CLI_FIT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fric_fit.h"

/** Rows drawn at most per series. */
#define FRIC_FIT_PLOT_POINTS 4000

/** What the plot and the report show. */
typedef struct {
    bool dynamic;
    int argc;                 /**< the command line, for the report */
    char **argv;
    const char *data;         /**< the CSV's path */
    const double *x;          /**< per row: v (static) or t (dynamic) */
    const double *f, *fm;     /**< per row: measured force, model force (N) */
    size_t first, n;          /**< the rows the fit used: first .. n-1 */
    fric_stribeck_cfg_t curve; /**< static: the fitted curve */
    const fric_fit_report_t *rep;
    const char *warnings;     /**< "; "-joined, or "" */
    const char *params;       /**< the parameter file written */
    const fric_fit_compare_t *compare; /**< static --compare: the variants, or NULL */
    const char *verdict;      /**< with compare: what a free delta would buy */
} fric_fit_view_t;

/**
 * @brief Write the two-panel SVG to f (whose writes the caller checks).
 * @return 0, -1 when a range is not finite (nothing written), -2 out of memory.
 */
int fric_fit_plot(FILE *f, const fric_fit_view_t *v);

/** @brief Write the HTML report to f. @return as fric_fit_plot(). */
int fric_fit_report(FILE *f, const fric_fit_view_t *v);

#endif /* FRIC_CLI_FIT_REPORT_H */
