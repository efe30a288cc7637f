/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_fmu_files.h
 * @brief The files that fricore export --format fmu packs (the FMU shared
 *        libraries and the C sources), embedded into the fricore binary by
 *        mk/fmu.mk.
 */
#ifndef FRIC_FMU_FILES_H
#define FRIC_FMU_FILES_H

#include <stddef.h>

/** One file: its path in the archive and its bytes [data, end). */
typedef struct {
    const char *name;
    int fmi; /**< 2 or 3: only in an FMU of that version; 0: in both */
    const unsigned char *data, *end;
} fric_fmu_file_t;

extern const fric_fmu_file_t fric_fmu_files[];
extern const size_t fric_fmu_nfiles;

#endif /* FRIC_FMU_FILES_H */
