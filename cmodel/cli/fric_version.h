/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_version.h
 * @brief The version of the fricore tool, printed by `fricore --version`.
 *
 * This is the one place the version string is written. It is the release of
 * the tool and the C model; the register-map version the hardware reports
 * (FRIC_REG_VERSION_VALUE in fricore_regs.h) is a separate number.
 */
#ifndef FRIC_VERSION_H
#define FRIC_VERSION_H

/** Semantic version MAJOR.MINOR.PATCH of the fricore tool. */
#define FRICORE_VERSION "1.0.0"

#endif /* FRIC_VERSION_H */
