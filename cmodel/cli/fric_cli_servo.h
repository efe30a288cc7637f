/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_servo.h
 * @brief `fricore servo` and `fricore-cosim servo`: a 1-DOF servo axis with
 *        a LuGre machine friction, a cascaded P + PI controller, a quadrature
 *        encoder read through the board's velocity estimator, and a friction
 *        compensator (none, Coulomb, Stribeck or LuGre) in double, in the
 *        bit-exact fixed-point model, or as the Verilated fric_lugre core.
 *
 * The axis, its run and its metrics are libfricore's (fric_servo.h); one
 * option table and one set of outputs (JSON summary, CSV, SVG plots, HTML
 * report) here serve both programs. The co-simulation passes a
 * ::fric_servo_rtl_t, which becomes the run's core hooks: it presents each
 * sample's velocity code to the Verilated core and compares its force with
 * the fixed-point model's. docs/servo.md describes the axis, the controller
 * and the metrics.
 */
#ifndef FRIC_CLI_SERVO_H
#define FRIC_CLI_SERVO_H

#include <stdint.h>

#include "fricore.h"

/**
 * The Verilated core in the loop (fricore-cosim servo). start() loads the
 * compiled compensator set into the core before the run; sample() presents
 * velocity code v (S,W,0) of the sample at time t and returns 0 when the
 * core's force equals f_model, the C fixed-point model's, else prints the
 * sample, both forces and returns nonzero. With a core in the loop the
 * command also takes --inject-mismatch K, a test aid: at sample K the
 * model's force it is compared with is off by one LSB, so a test can see
 * the comparison fail.
 */
typedef struct {
    int (*start)(void *ctx, const fric_fx_lugre_t *l);
    int (*sample)(void *ctx, double t, int32_t v, int32_t f_model);
    void *ctx;
    uint32_t width; /**< the core's W: --width must equal it */
    /** the adaptive observer's new set: written to the core's shadow set
     *  and committed between two samples, the state kept; 0 when taken */
    int (*retune)(void *ctx, const fric_fx_lugre_t *l);
} fric_servo_rtl_t;

/**
 * @brief The servo command: argv as main() has it for `fricore servo`
 *        (argv[1] the command, options from argv[2]).
 * @param cmd "servo" (for messages)
 * @param rtl the core in the loop, or NULL (then --comp-arith rtl is refused).
 * @return 0 (outputs complete, every number finite), FRIC_EXIT_FAIL (the run
 *         diverged, or the core differed from the fixed-point model), or
 *         FRIC_EXIT_USAGE (bad input or an unusable output; nothing written).
 */
int fric_servo_main(int argc, char **argv, const char *cmd, const fric_servo_rtl_t *rtl);

#endif /* FRIC_CLI_SERVO_H */
