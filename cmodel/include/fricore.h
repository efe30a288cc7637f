/**
 * @file fricore.h
 * @brief Umbrella header of libfricore, the fricore C model.
 *
 * Double-precision physics: fric_stribeck.h (Coulomb, Coulomb + viscous,
 * Stribeck) and fric_lugre.h (Dahl, LuGre). Status codes: fric_status.h.
 */
#ifndef FRICORE_H
#define FRICORE_H

#include "fric_status.h"
#include "fric_stribeck.h"
#include "fric_lugre.h"

#endif /* FRICORE_H */
