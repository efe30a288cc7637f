/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fricore.h
 * @brief Umbrella header of libfricore, the fricore C model.
 *
 * Double-precision physics: fric_stribeck.h (Coulomb, Coulomb + viscous,
 * Stribeck), fric_lugre.h (Dahl, LuGre), fric_ep.h (elasto-plastic) and
 * fric_gms.h (generalized Maxwell-slip). Bit-exact fixed point:
 * fric_fx.h (formats in fric_fx_formats.h), and the parameter compiler
 * fric_compile.h that feeds it. A friction element of any kind, built from
 * values or a parameter file, and its compiled set: fric_model.h. A servo
 * axis with friction compensation, its run and its metrics: fric_servo.h.
 * Whole arrays through an element: fric_array.h. Status codes: fric_status.h.
 */
#ifndef FRICORE_H
#define FRICORE_H

#include "fric_status.h"
#include "fric_stribeck.h"
#include "fric_lugre.h"
#include "fric_ep.h"
#include "fric_gms.h"
#include "fric_plant.h"
#include "fric_sim.h"
#include "fric_fx.h"
#include "fric_compile.h"
#include "fric_model.h"
#include "fric_params.h"
#include "fric_adapt.h"
#include "fric_servo.h"
#include "fric_array.h"

#endif /* FRICORE_H */
