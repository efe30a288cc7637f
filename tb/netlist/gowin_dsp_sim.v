// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// Simulation models of the Gowin GW1N / GW2A multiplier cells that Yosys'
// synth_gowin instantiates (share/gowin/dsp_map.v) and for which Yosys ships
// only black boxes (share/gowin/cells_xtra_gw1n.v, cells_xtra_gw2a.v). They
// follow the Gowin DSP user guide: DOUT is the full product of A (or SIA
// when ASEL is 1) and B (or SIB when BSEL is 1), each operand two's
// complement when its ASIGN / BSIGN is 1 and unsigned when it is 0.
//
// Only the combinational configuration is modelled, the one dsp_map.v
// writes (every *REG parameter 0); any other setting stops the simulation
// with a message rather than simulate a register stage that is not there.
//
// Seeded mistake: with FRIC_SEED_SIGN_BUG defined the models take every
// operand as signed whatever ASIGN / BSIGN say (the kind of sign error a
// vendor mapping can make); the netlist checks must then fail
// (make test-netlist-seeded). Bench only, never in a synthesis file list.
// The module and port names are Gowin's, so they carry no fric_ prefix.

// one operand widened to W+1 bits: sign-extended when signed, else zero-extended
`define FRIC_GW_EXT(x, s, w) {((s) & (x[w-1])), x}
`ifdef FRIC_SEED_SIGN_BUG
`define FRIC_GW_SIGN(s) 1'b1
`else
`define FRIC_GW_SIGN(s) (s)
`endif

module fric_gw_mult_core #(
    parameter integer N = 18,
    // 1: a register parameter of the cell is set (not modelled)
    parameter integer REGS = 0,
    parameter CELL = "?"
) (
    input  wire [N-1:0]   a,
    input  wire [N-1:0]   sia,
    input  wire           asel,
    input  wire           as,
    input  wire [N-1:0]   b,
    input  wire [N-1:0]   sib,
    input  wire           bsel,
    input  wire           bs,
    output wire [N-1:0]   soa,
    output wire [N-1:0]   sob,
    output wire [2*N-1:0] p
);
    initial if (REGS != 0) begin
        $display("%s model: only the combinational configuration is modelled", CELL);
        $finish;
    end
    assign soa = asel ? sia : a;
    assign sob = bsel ? sib : b;
    wire signed [N:0] ax = `FRIC_GW_EXT(soa, `FRIC_GW_SIGN(as), N);
    wire signed [N:0] bx = `FRIC_GW_EXT(sob, `FRIC_GW_SIGN(bs), N);
    wire signed [2*N+1:0] px = ax * bx;
    assign p = px[2*N-1:0];
endmodule

module MULT9X9 (A, SIA, B, SIB, ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET, DOUT, SOA, SOB);
    input  wire [8:0] A, SIA, B, SIB;
    input  wire ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET;
    output wire [17:0] DOUT;
    output wire [8:0] SOA, SOB;
    parameter AREG = 1'b0;
    parameter BREG = 1'b0;
    parameter OUT_REG = 1'b0;
    parameter PIPE_REG = 1'b0;
    parameter ASIGN_REG = 1'b0;
    parameter BSIGN_REG = 1'b0;
    parameter SOA_REG = 1'b0;
    parameter MULT_RESET_MODE = "SYNC";
    fric_gw_mult_core #(.N(9), .REGS(AREG | BREG | OUT_REG | PIPE_REG | ASIGN_REG | BSIGN_REG | SOA_REG), .CELL("MULT9X9")) u_core (
        .a(A), .sia(SIA), .asel(ASEL), .as(ASIGN), .b(B), .sib(SIB), .bsel(BSEL), .bs(BSIGN), .soa(SOA), .sob(SOB), .p(DOUT));
endmodule

module MULT18X18 (A, SIA, B, SIB, ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET, DOUT, SOA, SOB);
    input  wire [17:0] A, SIA, B, SIB;
    input  wire ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET;
    output wire [35:0] DOUT;
    output wire [17:0] SOA, SOB;
    parameter AREG = 1'b0;
    parameter BREG = 1'b0;
    parameter OUT_REG = 1'b0;
    parameter PIPE_REG = 1'b0;
    parameter ASIGN_REG = 1'b0;
    parameter BSIGN_REG = 1'b0;
    parameter SOA_REG = 1'b0;
    parameter MULT_RESET_MODE = "SYNC";
    fric_gw_mult_core #(.N(18), .REGS(AREG | BREG | OUT_REG | PIPE_REG | ASIGN_REG | BSIGN_REG | SOA_REG), .CELL("MULT18X18")) u_core (
        .a(A), .sia(SIA), .asel(ASEL), .as(ASIGN), .b(B), .sib(SIB), .bsel(BSEL), .bs(BSIGN), .soa(SOA), .sob(SOB), .p(DOUT));
endmodule

module MULT36X36 (A, B, ASIGN, BSIGN, CE, CLK, RESET, DOUT);
    input  wire [35:0] A, B;
    input  wire ASIGN, BSIGN, CE, CLK, RESET;
    output wire [71:0] DOUT;
    parameter AREG = 1'b0;
    parameter BREG = 1'b0;
    parameter OUT0_REG = 1'b0;
    parameter OUT1_REG = 1'b0;
    parameter PIPE_REG = 1'b0;
    parameter ASIGN_REG = 1'b0;
    parameter BSIGN_REG = 1'b0;
    parameter MULT_RESET_MODE = "SYNC";
    fric_gw_mult_core #(.N(36), .REGS(AREG | BREG | OUT0_REG | OUT1_REG | PIPE_REG | ASIGN_REG | BSIGN_REG), .CELL("MULT36X36")) u_core (
        .a(A), .sia(36'd0), .asel(1'b0), .as(ASIGN), .b(B), .sib(36'd0), .bsel(1'b0), .bs(BSIGN), .soa(), .sob(), .p(DOUT));
endmodule

`undef FRIC_GW_EXT
`undef FRIC_GW_SIGN
`resetall
