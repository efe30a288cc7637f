/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_array.h
 * @brief Whole arrays through a friction element (fric_model.h): the
 *        steady-state curve, the velocity codes of the input port, and a
 *        Dahl or LuGre contact run over a velocity record, in double
 *        precision or bit for bit as the hardware computes it.
 *
 * These are the loops that the faces without a C loop of their own (the
 * Python package) call once per array; each gives the same numbers as the
 * per-sample calls it is made of, sample for sample. Units are SI: m/s, N,
 * m, s. A function that can refuse a sample stops at the first one, sets
 * *bad to its index and writes the reason to why (the array's name given
 * by the caller, the index, the value and the allowed range); the outputs
 * before it are written, those after it are not.
 */
#ifndef FRIC_ARRAY_H
#define FRIC_ARRAY_H

#include <stddef.h>
#include <stdint.h>

#include "fric_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The input port's code of velocity v (m/s), rounded to nearest:
 *        code = nearbyint(v / V_LSB) in (S,W,0).
 * @return FRIC_OK, or FRIC_ERR_VELOCITY when v is NaN or the code is outside
 *         [-2^(W-1), 2^(W-1) - 1] (*code untouched).
 */
fric_status_t fric_model_vcode(const fric_compile_report_t *rep, double v, int32_t *code);

/**
 * @brief The fixed-point steady-state force code at velocity code v: the
 *        Stribeck core, the LuGre core stepped from w_ss = sign(v)*g(v),
 *        where a step leaves the state unchanged, or fric_fx_gms_steady().
 * Scaling and overflow: as fric_fx_stribeck() and fric_fx_lugre_step();
 * their sticky flags are ORed into *flags.
 */
int32_t fric_model_fx_steady(const fric_model_fx_t *c, int32_t v, uint32_t *flags);

/** The state of a compiled set with a state: the LuGre core's, or the GMS model's. */
typedef struct {
    fric_fx_state_t l;
    fric_fx_gms_state_t g;
} fric_model_fx_state_t;

/** @brief The state at rest (w = 0; every GMS element unloaded and sticking). */
void fric_model_fx_rest(fric_model_fx_state_t *st);

/**
 * @brief One fixed-point step of a compiled Dahl, LuGre, elasto-plastic or GMS set at
 *        velocity code v (fric_fx_lugre_step(), fric_fx_gms_step()); the
 *        force code. A static set returns fric_fx_stribeck()'s code.
 */
int32_t fric_model_fx_step(const fric_model_fx_t *c, fric_model_fx_state_t *st, int32_t v, uint32_t *flags);

/**
 * @brief The state as a deflection, m, as fric_model_state_z() of the double
 *        model: w * 2^-WG * F_LSB / sigma0 (Dahl, LuGre), sum F_i * 2^-WG *
 *        F_LSB / sum k_i (GMS; m's k_i); 0 for a static set.
 */
double fric_model_fx_state_z(const fric_model_t *m, const fric_model_fx_t *c, const fric_model_fx_state_t *st);

/**
 * @brief Steady-state force f[i] (N) of m at v[i] (m/s), i < n.
 * @param name the array's name for the message ("v", "--v").
 * @return FRIC_OK, or FRIC_ERR_VELOCITY at the first v[i] that is not
 *         finite or whose force is not finite (*bad = i, why says which).
 */
fric_status_t fric_array_curve(const fric_model_t *m, const double *v, double *f, size_t n, const char *name,
                               size_t *bad, char *why, size_t why_len);

/**
 * @brief The input port's codes of n velocities (fric_model_vcode()).
 * @return FRIC_OK, or FRIC_ERR_VELOCITY at the first velocity outside the
 *         port (*bad = i; why gives the range and says to raise --v-max).
 */
fric_status_t fric_array_vcode(const fric_compile_report_t *rep, const double *v, int32_t *code, size_t n,
                               const char *name, size_t *bad, char *why, size_t why_len);

/**
 * @brief Fixed-point steady-state force of n velocity codes
 *        (fric_model_fx_steady()): fcode[i], and f[i] = fcode[i] * F_LSB in N
 *        when f is not NULL. Flags ORed into *flags.
 */
void fric_array_curve_fx(const fric_model_fx_t *c, const int32_t *v, int32_t *fcode, double *f, size_t n,
                         uint32_t *flags);

/**
 * @brief Run a Dahl or LuGre contact (m dynamic) in double precision with
 *        the exact step (fric_lugre_step()) over n velocities held for ts
 *        seconds each, from state *st (updated): force f[i] (N) and bristle
 *        deflection z[i] (m) after step i.
 * @return FRIC_OK; FRIC_ERR_RANGE when m is not dynamic; FRIC_ERR_TS when ts is not finite and > 0;
 *         FRIC_ERR_VELOCITY at the first v[i] that is not finite, or whose
 *         force or state is not finite (*bad = i).
 */
fric_status_t fric_array_trace(const fric_model_t *m, fric_lugre_state_t *st, double ts, const double *v, double *f,
                               double *z, size_t n, const char *name, size_t *bad, char *why, size_t why_len);

/**
 * @brief Run the compiled Dahl or LuGre core (c->dynamic) bit for bit over
 *        n velocities (m/s) from state *st (updated): each velocity to its
 *        input code (fric_model_vcode()), then the hardware's step
 *        (fric_fx_lugre_step()); force code fcode[i], and when not NULL the
 *        velocity the port sees vq[i] = code * V_LSB (m/s), the force
 *        f[i] = fcode[i] * F_LSB (N) and the bristle deflection
 *        z[i] = w * F_LSB * 2^-WG / sigma0 (m) after step i. Sticky flags
 *        ORed into *flags. One pass: what the hardware does per sample.
 * @param sigma0 the element's bristle stiffness (N/m), which scales z.
 * @return FRIC_OK, or FRIC_ERR_VELOCITY at the first velocity outside the
 *         port, as fric_array_vcode() (the steps before it are done).
 */
fric_status_t fric_array_trace_fx(const fric_model_fx_t *c, double sigma0, fric_fx_state_t *st, const double *v,
                                  double *vq, int32_t *fcode, double *f, double *z, size_t n, uint32_t *flags,
                                  const char *name, size_t *bad, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_ARRAY_H */
