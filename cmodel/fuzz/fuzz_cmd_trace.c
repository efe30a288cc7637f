/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: fricore trace: its options, the compiled or double-precision contact, and the run over the velocities on stdin.
 * The input is the command line: arguments separated by NUL or newline bytes
 * (fuzz_util.h). */
#include "fric_cmd.h"
#include "fuzz_util.h"

int fuzz_target(const uint8_t *data, size_t size)
{
    return fuzz_cmd(data, size, "trace", fric_cmd_trace, NULL, true);
}
