/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_fixed.h
 * @brief The fixed-point options shared by fricore compile, trace and
 *        curve --fixed (--width, --v-max, --f-max, --ts), and the step from a
 *        validated friction model to its compiled fixed-point set.
 */
#ifndef FRIC_CLI_FIXED_H
#define FRIC_CLI_FIXED_H

#include "fric_cli.h"
#include "fric_cli_friction.h"

/** Raw option values. */
typedef struct {
    const char *width; /* "16" | "18" */
    double v_max, f_max, ts;
} fric_cli_fixed_t;

/** A compiled set: the Stribeck core for the static kinds, else the LuGre core. */
typedef fric_model_fx_t fric_cli_fx_t;

#define FRIC_CLI_FIXED_NOPTS 4

/** A sample time above this, s, compiles with a warning (a unit slip: 100 for 100 us). */
#define FRIC_CLI_TS_PLAUSIBLE 0.01

void fric_cli_fixed_defaults(fric_cli_fixed_t *x);

/** Write the options (at most FRIC_CLI_FIXED_NOPTS); ts_help says what --ts means here. */
size_t fric_cli_fixed_opts(fric_cli_fixed_t *x, fric_opt_t *out, const char *ts_help);

/**
 * @brief Compile model m with the options. ts_default > 0 is used for a
 *        dynamic model when --ts is not given; 0 makes --ts required for it.
 * A --ts above FRIC_CLI_TS_PLAUSIBLE compiles with a warning on stderr.
 * @return 0, or FRIC_EXIT_USAGE after one error line naming the parameter.
 */
int fric_cli_fixed_compile(const fric_model_t *m, const fric_cli_fixed_t *x, fric_opt_t *opts,
                           size_t n, const char *cmd, double ts_default, fric_cli_fx_t *out);

/**
 * @brief Refuse the fixed-point options (--width, --v-max, --f-max, and --ts
 *        when ts_too) given without --fixed.
 * @return 0, or FRIC_EXIT_USAGE after one error line.
 */
int fric_cli_fixed_only(fric_opt_t *opts, size_t n, const char *cmd, bool ts_too);

/**
 * @brief The input port's code of velocity v (m/s), rounded to nearest;
 *        a velocity outside the port's range is refused (exit 2, one line
 *        "WHERE: velocity ... is outside the input range [...]").
 * @param where "--v", "stdin line 3", for the message.
 * @return 0, or FRIC_EXIT_USAGE.
 */
int fric_cli_vcode(const fric_compile_report_t *rep, double v, const char *cmd, const char *where, int32_t *code);

/** Report sticky flags on stderr as warnings (nothing when flags = 0). */
void fric_cli_report_flags(const char *cmd, uint32_t flags);

#endif /* FRIC_CLI_FIXED_H */
