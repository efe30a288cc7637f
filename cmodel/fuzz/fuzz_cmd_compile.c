/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: fricore compile: its options, the compiler, and the JSON, Verilog or hex it prints.
 * The input is the command line: arguments separated by NUL or newline bytes
 * (fuzz_util.h). */
#include "fric_cmd.h"
#include "fuzz_util.h"

int fuzz_target(const uint8_t *data, size_t size)
{
    return fuzz_cmd(data, size, "compile", fric_cmd_compile, NULL, true);
}
