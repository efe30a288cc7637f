// SPDX-License-Identifier: Apache-2.0
// dut_encvel.cpp: thin Verilator glue behind dut_encvel.h. No test logic
// here: it only moves pins and clock edges.
#include "dut_encvel.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vdut.h"
#include "verilated.h"
#include "tb_vl_warn.h"

struct dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vdut> top;
};

extern "C" dut_t *dut_open(void)
{
    dut_t *d = new dut;
    d->ctx.reset(new VerilatedContext);
    d->top.reset(new Vdut(d->ctx.get()));
    d->top->clk = 0;
    d->top->eval();
    if (d->ctx->gotFinish()) {
        std::fprintf(stderr, "dut_open: the model called $finish during elaboration\n");
        std::exit(1);
    }
    return d;
}

extern "C" void dut_close(dut_t *d)
{
    d->top->final();
    delete d;
}

extern "C" void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out)
{
    Vdut *t = d->top.get();
    t->rst = in->rst;
    t->tick = in->tick;
    t->pos = in->pos;
    t->gain = in->gain;
    t->shift = in->shift;
    t->eval();
    out->vel = t->vel;
    out->done = t->done;
    out->sat = t->sat;
}

extern "C" void dut_tick(dut_t *d)
{
    Vdut *t = d->top.get();
    d->ctx->timeInc(1);
    t->clk = 1;
    t->eval();
    d->ctx->timeInc(1);
    t->clk = 0;
    t->eval();
}
