/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_sim.h
 * @brief What `fricore sim` and `fricore-cosim` share: one option table
 *        (friction, plant, initial state, run, outputs), its validation, and
 *        one run loop with its summary, CSV, plots and HTML report.
 *
 * A command fills a ::fric_sim_cli_t with fric_sim_cli_init(), may append
 * options of its own to the table, parses with fric_sim_cli_parse(), and
 * runs with fric_sim_cli_run() and a stepper (fric_sim.h): the thing that
 * advances the plant and its contact by one step. `fricore sim` uses the
 * built-in steppers (RK4 and the exact-contact step of fric_plant.h); the
 * co-simulation's stepper takes the force from a friction core and the plant
 * from fric_plant_advance(). The run and every number it reports come from
 * libfricore (fric_sim_run(), fric_sim_metrics()); this face parses the
 * options and presents the result, so the two commands' outputs have one
 * definition.
 */
#ifndef FRIC_CLI_SIM_H
#define FRIC_CLI_SIM_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_cli.h"
#include "fric_cli_friction.h"
#include "fricore.h"

/** Option-table capacity: the shared options plus a few of the command's own. */
#define FRIC_SIM_MAX_OPTS (FRIC_CLI_FRICTION_NOPTS + 40)

/** Longest run without --allow-long, s. */
#define FRIC_SIM_MAX_DURATION 30.0

struct fric_sim_cli;

/**
 * What a caller that runs `fricore sim` in its own process (the lab page,
 * cmodel/lab/) adds to the command: fric_cmd_sim() uses none of it. A NULL
 * member does nothing, and the command's options, validation, run and
 * summary are the same.
 */
typedef struct {
    /** Print every number of the JSON summary as %.17g (exact) instead of at the CLI's precision. */
    bool full_precision;
    /** Called once the options are parsed and validated (their warnings printed),
     *  before the outputs are opened and the run starts: true to run, false to
     *  stop there with status 0 (a check of the options alone). */
    bool (*parsed)(void *ctx, const struct fric_sim_cli *s);
    /** Called for every sample of a run once it is checked finite: the run at
     *  dt (half false) and the --check-step rerun at dt/2 (half true); sample
     *  i of 0..n, with the spring and the external force at that sample. */
    void (*sample)(void *ctx, bool half, size_t i, size_t n, const fric_plant_state_t *s, double f_spring,
                   double f_ext);
    void *ctx;
} fric_sim_hooks_t;

/** The options and what is built from them. */
typedef struct fric_sim_cli {
    const char *cmd;   /**< "sim", "cosim" (for messages) */
    int argc;          /**< the command line, for the report */
    char **argv;
    fric_cli_friction_t fp;
    fric_plant_t plant;
    double x0, v0, z0;
    double csv_every; /* write every this-th sample to --csv (an integer >= 1) */
    double duration, dt, stick, slip, slip_min; /* thresholds: NAN until fric_sim_cli_parse() sets them */
    const char *example, *integrator;
    const char *csv, *summary, *plot_time, *plot_hyst, *report;
    bool allow_long, check_step;
    bool rk4_too_long; /**< set by fric_sim_cli_parse(): dt exceeds an RK4 stability estimate */
    fric_opt_t opts[FRIC_SIM_MAX_OPTS];
    size_t nopts;
    /* a command's own checks, run by fric_sim_cli_parse() after the plant's
     * and the run's and before the friction set is built (whose warnings
     * would otherwise precede a refusal); NULL for none. Returns 0 or
     * FRIC_EXIT_USAGE after one line. */
    int (*check)(void *ctx);
    void *check_ctx;
    const fric_sim_hooks_t *hooks; /**< NULL: the command alone */
    /* set by fric_sim_cli_parse() */
    fric_model_t model;
    fric_contact_t contact;
    fric_sim_cfg_t cfg; /**< what the library runs: the plant, contact, initial state, run and threshold above */
} fric_sim_cli_t;

/**
 * @brief Defaults (the Canudas de Wit 1995 set, 20 s at 10 us, RK4) and
 *        the shared option table.
 * @param models the '|'-separated friction models the command accepts.
 */
void fric_sim_cli_init(fric_sim_cli_t *s, const char *cmd, const char *models);

/** @brief Append a command's own options to the table (aborts past capacity). */
void fric_sim_cli_add(fric_sim_cli_t *s, const fric_opt_t *opts, size_t n);

/**
 * @brief Parse and validate; build the friction model and contact; warn when
 *        dt exceeds an RK4 stability estimate (for --integrator rk4): the
 *        bristle state's, or the plant's, 2.8/sqrt((k + sigma0)/m).
 *        --force-amp and --force-freq are given together or not at all
 *        (with f > 0 when A != 0), so the external force is never silently 0.
 * @return 0, FRIC_OPTS_HELP (help printed), or FRIC_EXIT_USAGE (one line
 *         naming the parameter and its allowed range printed).
 */
int fric_sim_cli_parse(fric_sim_cli_t *s, int argc, char **argv, const char *usage);

/** @brief The built-in stepper for s->integrator ("rk4" or "exact") over s->cfg. */
fric_sim_stepper_t fric_sim_cli_stepper(const fric_sim_cli_t *s);

/**
 * @brief Run with the stepper at s->dt (and again at dt/2 for --check-step),
 *        and write the CSV, plots, report and summary asked for.
 *
 * The outputs are checked and their temporary files created first
 * (fric_cli_out.h); the CSV is written during the run, the rest after it.
 * Every sample's state (x, v, z), forces (F_f, F_spring, F_ext) and energy
 * integrals are checked as they are computed, and every number of the
 * summary, the report and the plots before they are written: the run stops
 * at the first that is not finite, naming it, its time and its step. A run
 * that fails leaves no output file.
 * @return 0, 1 (FRIC_EXIT_FAIL: the run failed: a non-finite state, force
 *         or result, or the stepper), or FRIC_EXIT_USAGE (an output cannot
 *         be written: found before the run, or when a write fails).
 */
int fric_sim_cli_run(fric_sim_cli_t *s, const fric_sim_stepper_t *st);

/**
 * @brief `fricore sim` with hooks (NULL: exactly fric_cmd_sim()): the same
 *        options, validation, built-in integrators, run and outputs.
 * @return as fric_cmd_sim(); 0 also when hooks->parsed stopped it.
 */
int fric_cmd_sim_hooked(int argc, char **argv, const fric_sim_hooks_t *hooks);

#endif /* FRIC_CLI_SIM_H */
