/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_report.h
 * @brief The HTML report of `fricore sim` and `fricore-cosim --report` (and
 *        the pieces `fricore servo --report` shares): one
 *        self-contained page (inline CSS and SVG, no script, nothing loaded
 *        from elsewhere: its Content-Security-Policy forbids it) with the
 *        inputs, the summary, the plots (friction and velocity over time, the
 *        force-displacement loop), the equations, the integration
 *        method, the assumptions and limits, and the references.
 */
#ifndef FRIC_CLI_REPORT_H
#define FRIC_CLI_REPORT_H

#include "fric_cli_sim.h"

/* The plots' titles and axis labels, one definition for the SVG files and
 * the report. */
#define FRIC_PLOT_TIME_TITLE "fricore sim: friction force"
#define FRIC_PLOT_TIME_X "time t [s]"
#define FRIC_PLOT_HYST_TITLE "fricore sim: force-displacement loop"
#define FRIC_PLOT_HYST_X "displacement x [m]"
#define FRIC_PLOT_F "friction force F_f [N]"
#define FRIC_PLOT_VEL_TITLE "fricore sim: slider velocity"
#define FRIC_PLOT_V "velocity v [m/s]"

/** @brief Write s to f with <, >, & and " escaped for HTML. */
void fric_html_text(FILE *f, const char *s);

/** @brief The start of a report page, up to <body>: its title (HTML, not
 *         escaped), the Content-Security-Policy and the style every report shares. */
void fric_report_head(FILE *f, const char *title);

/** @brief The paragraph "Command: fricore ARGS" (argv[1..argc-1], escaped). */
void fric_report_command(FILE *f, int argc, char **argv);

/**
 * @brief Write the report of run r (and of its rerun at dt/2, or NULL) to f,
 *        whose writes the caller checks. Every number in it is finite (an
 *        absent metric reads "none") once fric_sim_cli_run() has checked r.
 * @return 0, or -1 when a plot's range is not finite (fric_svg_write()).
 */
int fric_sim_report(FILE *f, const fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt,
                    const fric_sim_result_t *r, const fric_sim_result_t *half);

/* The pieces of the page, shared with `fricore servo`'s report
 * (fric_cli_servo.c): one style, one head, one way to write a table row, a
 * friction set and the references; the head, the command line and the
 * escaping above. */

/** @brief A key-value table row: name (HTML), value (%.6g, "none" for NAN), unit (HTML). */
void fric_report_row(FILE *f, const char *name, double v, const char *unit);
/** @brief A key-value table row with a text value (escaped). */
void fric_report_row_text(FILE *f, const char *name, const char *v, const char *unit);
/** @brief A group heading row of a key-value table (group is HTML). */
void fric_report_group(FILE *f, const char *group);
/** @brief A friction set's rows under a group heading (the model and the parameters it uses). */
void fric_report_friction_rows(FILE *f, const char *group, const fric_model_t *m);
/** @brief The force law of a friction kind, as paragraphs of the equations block. */
void fric_report_friction_equations(FILE *f, fric_model_kind_t k);
/** @brief "every sample", "every 2nd sample", "every 501st sample": which samples a plot of stride shows. */
void fric_report_every(char *buf, size_t n, size_t stride);
/** @brief The references, the footer and the end of the page. */
void fric_report_references(FILE *f);

#endif /* FRIC_CLI_REPORT_H */
