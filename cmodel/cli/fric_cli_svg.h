/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_svg.h
 * @brief A line plot as a self-contained SVG file: axes with SI labels and
 *        ticks, one polyline. Used by `fricore sim --plot-time` and
 *        `--plot-hysteresis`, and by `fricore servo` (several series on one axis).
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

#include <stddef.h>
#include <stdio.h>

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
 * @brief fric_svg_write() with nser (1 .. FRIC_SVG_MAX_SERIES) series y[k]
 *        over one x, on one y axis spanning them all, each its own colour
 *        and polyline (with data-label when labels is not NULL), and a
 *        legend of the labels. With one series and no labels the output is
 *        fric_svg_write()'s, byte for byte.
 * @return 0, or -1 (nothing written) when a range is not finite or nser is
 *         out of range.
 */
int fric_svg_write_series(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                          const double *x, const double *const *y, const char *const *labels, size_t nser, size_t n);

#endif /* FRIC_CLI_SVG_H */
