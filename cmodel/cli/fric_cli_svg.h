/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_svg.h
 * @brief A line plot as a self-contained SVG file: axes with SI labels and
 *        ticks, one polyline. Used by `fricore sim --plot-time` and
 *        `--plot-hysteresis`.
 *
 * The plot area maps data to pixels linearly; the mapping is written on the
 * data group as attributes (data-x0, data-x1, data-y0, data-y1: the data
 * values at the plot area's left, right, bottom and top; data-px0, data-px1,
 * data-py0, data-py1: their pixel positions), so a test can turn the
 * polyline back into data and compare it with the CSV.
 */
#ifndef FRIC_CLI_SVG_H
#define FRIC_CLI_SVG_H

#include <stddef.h>
#include <stdio.h>

/**
 * @brief Write the plot of (x[i], y[i]), i < n, as one <svg> element to f
 *        (a file of its own, or inline in an HTML page); the data group gets
 *        the id given, which must be unique in an HTML page.
 */
void fric_svg_write(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                    const double *x, const double *y, size_t n);

/**
 * @brief Write the plot of (x[i], y[i]), i < n, to the file path (data
 *        group id "data").
 * @return 0, or -1 if the file cannot be written (errno set).
 */
int fric_svg_plot(const char *path, const char *title, const char *xlabel, const char *ylabel,
                  const double *x, const double *y, size_t n);

#endif /* FRIC_CLI_SVG_H */
