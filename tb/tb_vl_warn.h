/* SPDX-License-Identifier: Apache-2.0 */
// tb_vl_warn.h: Verilator's run-time warnings stop the run.
//
// Include once in each Verilator glue file; the build defines VL_USER_WARN
// (VL_TB_CXXFLAGS in mk/tb.mk), which makes verilated.cpp leave vl_warn to
// us. Verilator only prints a run-time warning and goes on; here it ends
// the program with status 2, so a bench never passes over one. (The cores
// read no file: their tables are compiled in from rtl/generated/.)
#ifndef TB_VL_WARN_H
#define TB_VL_WARN_H

#include <cstdio>
#include <cstdlib>

#include "verilated.h"

#ifndef VL_USER_WARN
#error "tb_vl_warn.h needs -DVL_USER_WARN in the Verilator build's -CFLAGS (VL_TB_CXXFLAGS)"
#endif

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)hier;
    std::fflush(stdout);
    std::fprintf(stderr, "%%Error: %s:%d: %s (Verilator run-time warning, fatal here)\n",
                 filename ? filename : "", linenum, msg);
    std::exit(2);
}

#endif
