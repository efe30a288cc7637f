// SPDX-License-Identifier: Apache-2.0
// dut_axil_ghdl.cpp: dut_axil.h on the GHDL bench (tb_axil_ghdl.vhd) through
// fric_vhpi: the same C test logic (tb/fric_axil/tb_axil.c) drives the VHDL
// fric_axil_wb as it drives the Verilog one. The adapter's Wishbone slave
// is the Verilator bench's: fric_regs (tb/fric_axil/tb_axil_regs.v),
// Verilated here and clocked in step with the VHDL bench. Its outputs are
// registers, so each cycle's order is: the VHDL side settles with the
// slave's outputs of this cycle and gives its Wishbone outputs; the slave
// takes them; both see the rising edge; the VHDL side settles again with
// the slave's new outputs. The word order is that of the bench's process.
// No test logic here.
#include "dut_axil.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vregs.h"
extern "C" {
#include "fric_vhpi.h"
}
#include "tb_vl_warn.h"
#include "verilated.h"

struct dut_axil {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vregs> regs;
    dut_axil_in_t in;  // the last inputs applied
};

static dut_axil_t *the_dut;

// the VHDL side with inputs in and the slave's present outputs; the slave
// takes the adapter's Wishbone outputs (and rst)
static void settle(dut_axil_t *d, dut_axil_out_t *out)
{
    Vregs *r = d->regs.get();
    const dut_axil_in_t *in = &d->in;
    const int32_t w[12] = {(int32_t)in->rst,     (int32_t)in->awaddr, (int32_t)in->awvalid, (int32_t)in->wdata,
                           (int32_t)in->wstrb,   (int32_t)in->wvalid, (int32_t)in->bready,  (int32_t)in->araddr,
                           (int32_t)in->arvalid, (int32_t)in->rready, (int32_t)r->wb_dat_o, (int32_t)r->wb_ack_o};
    int32_t o[14];
    fric_vhpi_request(FVH_SET, w, 12, o, 14);
    if (out) {
        out->awready = (uint32_t)o[0];
        out->wready = (uint32_t)o[1];
        out->bresp = (uint32_t)o[2];
        out->bvalid = (uint32_t)o[3];
        out->arready = (uint32_t)o[4];
        out->rdata = (uint32_t)o[5];
        out->rresp = (uint32_t)o[6];
        out->rvalid = (uint32_t)o[7];
    }
    r->rst = in->rst;
    r->wb_cyc_i = o[8];
    r->wb_stb_i = o[9];
    r->wb_we_i = o[10];
    r->wb_adr_i = (uint32_t)o[11];
    r->wb_dat_i = (uint32_t)o[12];
    r->wb_sel_i = (uint32_t)o[13];
    r->eval();
}

extern "C" dut_axil_t *dut_axil_open(void)
{
    if (the_dut) {
        std::fprintf(stderr, "dut_axil_open: the GHDL bench holds one device\n");
        std::exit(1);
    }
    dut_axil_t *d = new dut_axil;
    d->ctx.reset(new VerilatedContext);
    d->regs.reset(new Vregs(d->ctx.get()));
    d->in = dut_axil_in_t{};
    d->regs->clk = 0;
    d->regs->eval();
    if (d->ctx->gotFinish()) {
        std::fprintf(stderr, "dut_axil_open: the model called $finish during elaboration\n");
        std::exit(1);
    }
    the_dut = d;
    return d;
}

extern "C" void dut_axil_close(dut_axil_t *d)
{
    d->regs->final();
    delete d;
    the_dut = nullptr;
}

extern "C" void dut_axil_set(dut_axil_t *d, const dut_axil_in_t *in, dut_axil_out_t *out)
{
    d->in = *in;
    settle(d, out);
}

extern "C" void dut_axil_tick(dut_axil_t *d)
{
    Vregs *r = d->regs.get();
    d->ctx->timeInc(1);
    r->clk = 1;
    r->eval();
    fric_vhpi_request(FVH_TICK, nullptr, 0, nullptr, 0);
    d->ctx->timeInc(1);
    r->clk = 0;
    r->eval();
    settle(d, nullptr);
}
