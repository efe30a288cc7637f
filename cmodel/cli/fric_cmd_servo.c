/* SPDX-License-Identifier: Apache-2.0 */
/* fricore servo: a servo axis with friction compensation, the compensator
 * in double or in the bit-exact fixed-point model (fric_cli_servo.h;
 * fricore-cosim servo runs the same with the Verilated core). */
#include "fric_cli_servo.h"
#include "fric_cmd.h"

int fric_cmd_servo(int argc, char **argv) { return fric_servo_main(argc, argv, "servo", NULL); }
