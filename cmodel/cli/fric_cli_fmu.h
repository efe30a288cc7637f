/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_fmu.h
 * @brief fricore export --format fmu: the Co-Simulation FMU (FMI 2.0 or
 *        3.0) of one friction contact, as a .fmu archive in memory.
 *
 * The archive holds modelDescription.xml, resources/fricore.json (the set,
 * every value explicit, which the FMU's model reads when instantiated),
 * the shared library for this platform, the C sources (and, for FMI 3,
 * sources/buildDescription.xml). The shared libraries and sources are
 * embedded into the fricore binary by the build (mk/fmu.mk), so writing an
 * FMU needs no compiler. The writer (cmodel/fmu/fric_cli_fmu.c, libzip) is
 * linked into the fricore binaries that mk/fmu.mk builds; in any other
 * program that links the command's objects the function is absent (a weak
 * reference, NULL).
 */
#ifndef FRIC_CLI_FMU_H
#define FRIC_CLI_FMU_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_model.h"

/** What to export: a validated set. */
typedef struct {
    int fmi;                 /**< 2 or 3 */
    bool fixed;              /**< the hardware's fixed-point arithmetic, else double */
    fric_model_kind_t kind;
    fric_model_values_t val; /**< the raw values the set was built from */
    fric_compile_opts_t opt; /**< fixed: width, v_max, f_max (resolved, > 0) and ts, as compiled */
    double step;             /**< DefaultExperiment stepSize, s, or 0 (none) */
} fric_cli_fmu_t;

/**
 * @brief The .fmu archive of f.
 * @param out receives a malloc'd buffer (the caller frees it), len its size.
 * @return 0, or FRIC_EXIT_RUN after one error line (the build has no FMU
 *         files, or libzip failed).
 */
int fric_cli_fmu_archive(const fric_cli_fmu_t *f, const char *cmd, unsigned char **out, size_t *len);

#endif /* FRIC_CLI_FMU_H */
