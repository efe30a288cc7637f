/* SPDX-License-Identifier: Apache-2.0 */
/* Internal validation helpers shared by the model sources. */
#ifndef FRIC_CHECK_H
#define FRIC_CHECK_H

#include <math.h>
#include <stdbool.h>

/* x is finite and >= 0 (NaN fails every comparison, so it is refused). */
static inline bool fric_is_nonneg(double x) { return isfinite(x) && x >= 0.0; }

/* x is finite and > 0. */
static inline bool fric_is_pos(double x) { return isfinite(x) && x > 0.0; }

/* sign(v) with sign(0) = 0 (and sign(-0.0) = 0). */
static inline double fric_sign(double v) { return (v > 0.0) ? 1.0 : ((v < 0.0) ? -1.0 : 0.0); }

#endif /* FRIC_CHECK_H */
