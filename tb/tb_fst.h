// SPDX-License-Identifier: Apache-2.0
// tb_fst.h: the optional FST waveform of the Verilator glue files.
//
// A bench model is built with --trace-fst only when make is given
// VL_TRACE=1: tracing every net adds about 70 % to the model's compile
// time, and make test never writes a waveform. In a build without it, a
// waveform request is refused with a note on stderr and the run goes on.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

class TbFst {
public:
    // Before the model is constructed: tracing must be on from its start.
    void enable(VerilatedContext *ctx, const char *path)
    {
#if VM_TRACE
        if (path) ctx->traceEverOn(true);
#else
        (void)ctx;
        if (path)
            std::fprintf(stderr, "no waveform written to %s: this bench was built without tracing "
                                 "(rebuild it with make VL_TRACE=1)\n", path);
#endif
    }
    // After: attach the model and open the file.
    template <class Top> void open(Top *top, const char *path)
    {
#if VM_TRACE
        if (!path) return;
        fst_.reset(new VerilatedFstC);
        top->trace(fst_.get(), 99);
        fst_->open(path);
#else
        (void)top;
        (void)path;
#endif
    }
    void dump(uint64_t time)
    {
#if VM_TRACE
        if (fst_) fst_->dump(time);
#else
        (void)time;
#endif
    }
    void close()
    {
#if VM_TRACE
        if (fst_) fst_->close();
#endif
    }

private:
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst_;
#endif
};
