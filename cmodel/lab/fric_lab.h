/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_lab.h
 * @brief The functions the lab page (build/lab/index.html) calls in the
 *        WebAssembly build of libfricore and the fricore commands.
 *
 * The page runs the project's own C: `fricore sim` (fric_cmd_sim_hooked(),
 * the command's options, validation, integrators, run and JSON summary),
 * `fricore compile` (fric_cmd_compile()) and the fixed-point model as
 * `fricore trace --fixed` and `fricore curve --fixed` run it. JavaScript only
 * builds the command lines from the form, reads what the C writes to stdout
 * and stderr (the module's WASI fd_write) and draws the arrays kept here.
 *
 * Every function taking (argc, argv) takes the command line as main() has it:
 * argv[0] "fricore", argv[1] the command ("sim", "trace", ...), the options
 * from argv[2]. Each returns the command's exit status (0, 1: the run failed,
 * 2: bad input) after one message line on stderr for 1 and 2, exactly the
 * line the CLI prints. Nothing here exits, and each call starts afresh.
 */
#ifndef FRIC_LAB_H
#define FRIC_LAB_H

#include <stddef.h>
#include <stdint.h>

/** The series kept from the run at dt, every fric_lab_stride()-th sample. */
enum {
    FRIC_LAB_T,        /**< time, s */
    FRIC_LAB_X,        /**< position, m */
    FRIC_LAB_V,        /**< velocity, m/s */
    FRIC_LAB_Z,        /**< bristle deflection, m */
    FRIC_LAB_F,        /**< friction force F_f, N */
    FRIC_LAB_F_SPRING, /**< spring force, N */
    FRIC_LAB_F_EXT,    /**< external force, N */
    FRIC_LAB_NSERIES
};

/** The longest velocity record the fixed-point overlay takes, samples. */
#define FRIC_LAB_MAX_RECORD 2000001u

/**
 * @brief Print the option tables as JSON on stdout: "sim" (fricore sim's
 *        options: name, alias, kind, unit, help, choices, default), "fixed"
 *        (--width, --v-max, --f-max, --ts) and "applies" (for each model, the
 *        friction options fricore sim accepts with it).
 * @return 0.
 */
int fric_lab_options(void);

/**
 * @brief Check a `fricore sim` command line: parse and validate it exactly
 *        as the command does (its warnings, such as the passivity note, on
 *        stderr), without running.
 * @return 0 (valid) or 2 (the refusal on stderr).
 */
int fric_lab_sim_check(int argc, char **argv);

/**
 * @brief Run `fricore sim`: the JSON summary on stdout with every number at
 *        %.17g, and the series kept for the page: at most max_points samples
 *        of the run at dt (fric_lab_series()) and the velocity every
 *        round(ts/dt) steps for the fixed-point overlay (none for ts <= 0, or
 *        past FRIC_LAB_MAX_RECORD samples). Calls the import
 *        fric_lab_progress() every 65536 samples.
 * @return the command's exit status.
 */
int fric_lab_sim(int argc, char **argv, double ts, size_t max_points);

/** @brief Samples kept by the last fric_lab_sim(), and its stride in steps. */
size_t fric_lab_points(void);
size_t fric_lab_stride(void);

/** @brief One kept series (FRIC_LAB_T ... FRIC_LAB_F_EXT), or NULL. */
const double *fric_lab_series(int which);

/** @brief The velocity record of the last run: its samples, and the steps between two. */
size_t fric_lab_record_len(void);
size_t fric_lab_record_every(void);
const double *fric_lab_record(void);

/**
 * @brief The fixed-point model over the velocity record, as `fricore trace
 *        --fixed` (argv[1] "trace": Dahl, LuGre, elasto-plastic, GMS
 *        through fric_model_fx_step() and fric_model_step(), each velocity held over
 *        --ts) or `fricore curve --fixed` (argv[1] "curve": the static
 *        models) computes it, beside the double-precision model as the same
 *        command without --fixed does. With run = 0 only the options are
 *        checked and the set compiled. With run = 1 the record is taken
 *        through both, and a JSON summary is printed on stdout (the port
 *        scales, the error in LSB); a velocity outside the input port's range
 *        is refused as the command refuses it (status 2).
 * @return the command's exit status.
 */
int fric_lab_fixed(int argc, char **argv, int run);

/** @brief The last fric_lab_fixed() run: the force codes, and the forces in N (fixed, double). */
size_t fric_lab_fixed_len(void);
const int32_t *fric_lab_fixed_code(void);
const double *fric_lab_fixed_force(void);
const double *fric_lab_double_force(void);

/**
 * @brief Read a parameter file held in memory (fric_params_parse(), the
 *        grammar of every fricore command's --params): print on stdout a
 *        JSON object of the options it sets, each under its option name
 *        (an alias such as sigma2 under b) with the value as written, a list
 *        comma-separated as --gms-k takes it. The file is taken as
 *        `fricore sim --params` takes it, and refused with its message
 *        ("the parameter file" for the path): a file that does not parse, a
 *        key that is not a friction or fixed-point option, a bad value, or a
 *        key the model needs from a file (fric_cli_friction_build_quiet())
 *        that it does not give.
 * @return 0, or 2 after one message line on stderr (nothing on stdout).
 */
int fric_lab_params_load(const char *text, size_t len);

/**
 * @brief Write the parameter file of a command line of fricore trace or
 *        curve (argv[1]) with the fixed-point options, as fric_lab_fixed()
 *        takes it: the model is built and validated as the command builds
 *        it, then every option given is printed under its file key (fc_neg,
 *        gms_k, ...) in the fewest digits that read back exactly (%.15g, else %.17g), the GMS
 *        lists as JSON arrays.
 * @return 0, or 2 after the command's refusal on stderr (nothing on stdout).
 */
int fric_lab_params_save(int argc, char **argv);

/** @brief Progress of a run, 0 .. 1: a function of the page, imported by the module. */
#if defined(__wasm__)
__attribute__((import_module("env"), import_name("fric_lab_progress")))
#endif
void fric_lab_progress(double done);

#endif /* FRIC_LAB_H */
