// tb_vl_warn.h: Verilator's run-time warnings stop the run.
//
// Include once in each Verilator glue file (the build defines VL_USER_WARN,
// which makes verilated.cpp leave vl_warn to us). The one warning the
// benches can meet is "$readmem file not found": the cores read their
// tables from rtl/tables/ relative to the working directory, and without
// them every force is wrong. Verilator only prints that and goes on; here
// it ends the program with status 2 and says where to run from.
#ifndef TB_VL_WARN_H
#define TB_VL_WARN_H

#include <cstdio>
#include <cstdlib>

#include "verilated.h"

#ifdef VL_USER_WARN
void vl_warn(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)hier;
    std::fflush(stdout);
    std::fprintf(stderr, "%%Error: %s:%d: %s (Verilator run-time warning, fatal here; the cores "
                 "read rtl/tables/*.hex relative to the working directory: run from the "
                 "project root)\n", filename ? filename : "", linenum, msg);
    std::exit(2);
}
#endif

#endif
