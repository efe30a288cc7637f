/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: fricore curve: its options, the model built from them (--fixed: the compiled set) and the curve at --v or at the velocities on stdin.
 * The input is the command line: arguments separated by NUL or newline bytes
 * (fuzz_util.h). */
#include "fric_cmd.h"
#include "fuzz_util.h"

int fuzz_target(const uint8_t *data, size_t size)
{
    return fuzz_cmd(data, size, "curve", fric_cmd_curve, NULL, true);
}
