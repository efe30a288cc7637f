/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_svg.h
 * @brief Plots as self-contained SVG: axes with SI labels and ticks, and
 *        one or more series, each a polyline or a set of dots, with a legend
 *        when they are labelled; several panels stack in one file. Used by
 *        `fricore sim --plot-time` and `--plot-hysteresis` (one line),
 *        `fricore fit --plot` (data, fitted curve and residuals) and
 *        `fricore servo` (several series on one axis).
 *
 * The plot area maps data to pixels linearly; the mapping is written on the
 * data group as attributes (data-x0, data-x1, data-y0, data-y1: the data
 * values at the plot area's left, right, bottom and top; data-px0, data-px1,
 * data-py0, data-py1: their pixel positions), so a test can turn the
 * polyline back into data and compare it with the CSV. The ticks are
 * 1, 2 or 5 times a power of ten; an axis whose data are flat (to 1e-9 of
 * their magnitude) is widened by 10% of it, so its ticks stay distinct.
 */
#ifndef FRIC_CLI_SVG_H
#define FRIC_CLI_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** One series of a panel: n finite points (x[i], y[i]). */
typedef struct {
    const double *x, *y;
    size_t n;
    const char *id;    /**< the id of its data group (unique in the page) */
    const char *label; /**< its legend entry, or NULL */
    const char *color; /**< stroke colour ("#1f77b4") */
    bool dots;         /**< dots (a path of round-capped zero-length segments) instead of a line */
} fric_svg_series_t;

/** One panel: a title, axis labels, and its series on shared axes. */
typedef struct {
    const char *title, *xlabel, *ylabel;
    const fric_svg_series_t *s;
    size_t ns;
} fric_svg_panel_t;

/**
 * @brief Write np panels stacked top to bottom as one <svg> element to f.
 *        The caller checks f's writes.
 * @return 0, or -1 (nothing written) when a panel's range is not finite.
 */
int fric_svg_panels(FILE *f, const fric_svg_panel_t *p, size_t np);

/**
 * @brief Write the plot of finite (x[i], y[i]), i < n, as one <svg> element
 *        to f (a file of its own, with id "data", or inline in an HTML page,
 *        where the id must be unique). The caller checks f's writes.
 * @return 0, or -1 (nothing written) when an axis' range is not finite
 *         (data beyond about 1e307), so every number written is finite.
 */
int fric_svg_write(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                   const double *x, const double *y, size_t n);

/** Most series one plot holds. */
#define FRIC_SVG_MAX_SERIES 4

/**
 * @brief One panel of nser (1 .. FRIC_SVG_MAX_SERIES) lines y[k] over one
 *        x, on one y axis spanning them all, each its own colour and data
 *        group (id, then id-1, id-2, ...), with a legend of the labels when
 *        labels is not NULL.
 * @return 0, or -1 (nothing written) when a range is not finite or nser is
 *         out of range.
 */
int fric_svg_write_series(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                          const double *x, const double *const *y, const char *const *labels, size_t nser, size_t n);

#endif /* FRIC_CLI_SVG_H */
