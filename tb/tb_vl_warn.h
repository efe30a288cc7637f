// tb_vl_warn.h: Verilator's run-time warnings stop the run.
//
// Include once in each Verilator glue file; the build defines VL_USER_WARN
// (VL_TB_CXXFLAGS in mk/tb.mk), which makes verilated.cpp leave vl_warn to
// us. The one warning the benches can meet is "$readmem file not found": the cores read their
// tables from rtl/tables/ relative to the working directory, and without
// them every force is wrong. Verilator only prints that and goes on; here
// it ends the program with status 2 and says where to run from.
#ifndef TB_VL_WARN_H
#define TB_VL_WARN_H

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "verilated.h"

#ifndef VL_USER_WARN
#error "tb_vl_warn.h needs -DVL_USER_WARN in the Verilator build's -CFLAGS (VL_TB_CXXFLAGS)"
#endif

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)hier;
    std::fflush(stdout);
    const bool readmem = std::strstr(msg, "$readmem") != nullptr;
    std::fprintf(stderr, "%%Error: %s:%d: %s (Verilator run-time warning, fatal here%s)\n",
                 filename ? filename : "", linenum, msg,
                 readmem ? "; the cores read rtl/tables/*.hex relative to the working directory: "
                           "run from the project root" : "");
    std::exit(2);
}

#endif
