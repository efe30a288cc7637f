/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_fmu.h
 * @brief fricore export --format fmu: the Co-Simulation FMU (FMI 2.0 or
 *        3.0) of one friction contact, as a .fmu archive in memory.
 *
 * The archive holds modelDescription.xml, resources/fricore.json (the set,
 * every value explicit, which the FMU's model reads when instantiated),
 * the shared library for this platform, the C sources (and, for FMI 3,
 * sources/buildDescription.xml) and the licenses. The shared libraries and
 * sources were embedded into the fricore binary by the build
 * (fric_fmu_files.h), so that writing an FMU needs no compiler.
 */
#ifndef FRIC_CLI_FMU_H
#define FRIC_CLI_FMU_H

#include <stddef.h>

#include "fric_fmu_model.h"

/** What to export. */
typedef struct {
    int fmi;                 /**< 2 or 3 */
    fric_fmu_config_t cfg;   /**< the set, the arithmetic and (fixed) the compile options */
    double step;             /**< DefaultExperiment stepSize, s, or 0 (none) */
} fric_cli_fmu_t;

/**
 * @brief The .fmu archive of f.
 * @param out receives a malloc'd buffer (the caller frees it), len its size.
 * @return 0, or FRIC_EXIT_RUN after one error line (the build has no FMU
 *         files, or libzip failed).
 */
int fric_cli_fmu_archive(fric_cli_fmu_t *f, const char *cmd, unsigned char **out, size_t *len);

#endif /* FRIC_CLI_FMU_H */
