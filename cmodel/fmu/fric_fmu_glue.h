/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_fmu_glue.h
 * @brief What the FMI 2 and FMI 3 glue share: loading the configuration
 *        from the FMU's resources folder, and the instance's life cycle.
 */
#ifndef FRIC_FMU_GLUE_H
#define FRIC_FMU_GLUE_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_fmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where an instance is in the FMI life cycle. */
typedef enum {
    FRIC_FMU_INSTANTIATED,
    FRIC_FMU_INITIALIZING,
    FRIC_FMU_STEPPING,
    FRIC_FMU_TERMINATED,
    FRIC_FMU_ERROR /**< a step failed: only reset, terminate or free */
} fric_fmu_phase_t;

/**
 * @brief Read resources/fricore.json from a resources folder: dir is a
 *        native path (FMI 3) or a file: URI (FMI 2), with or without the
 *        trailing slash; the configuration's token must equal token.
 * @return 0, or -1 with the reason in why.
 */
int fric_fmu_load(const char *dir, bool uri, const char *token, fric_fmu_config_t *cfg, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_FMU_GLUE_H */
