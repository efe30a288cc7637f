// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_mul_shared_probe: three DSP multipliers (fric_mul, OPT_FABRIC 0) on
// one shared operand b, as fric_lugre's |diff| psi partial products, and a
// register of b beside them (bq, as the multipliers' operand registers:
// same input, same clock enable), for checking a family's DSP mapping
// (tb/netlist/tb_mul_shared_netlist.v): synthesized for the family, its
// netlist runs beside this RTL on the same inputs. Yosys merges the
// identical registers of b (the three in fric_mul, and bq) into one
// flip-flop; Yosys 0.70's lattice_dsp_nexus then takes that flip-flop into
// one MULT18X18's input register and ties its other readers to 0: the other
// two multipliers' b, and bq. Bench only, never in a synthesis file list of
// a core.
module fric_mul_shared_probe #(
    parameter integer W = 18,
    parameter integer LATENCY = 3
) (
    input  wire           clk,
    input  wire           ce,
    input  wire [W-1:0]   a0,
    input  wire [W-1:0]   a1,
    input  wire [W-1:0]   a2,
    input  wire [W-1:0]   b,
    output wire [2*W-1:0] p0,
    output wire [2*W-1:0] p1,
    output wire [2*W-1:0] p2,
    output reg  [W-1:0]   bq
);
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LATENCY), .OPT_FABRIC(0)) u_m0 (.clk(clk), .ce(ce), .a(a0), .b(b), .p(p0));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LATENCY), .OPT_FABRIC(0)) u_m1 (.clk(clk), .ce(ce), .a(a1), .b(b), .p(p1));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LATENCY), .OPT_FABRIC(0)) u_m2 (.clk(clk), .ce(ce), .a(a2), .b(b), .p(p2));
    always @(posedge clk)
        if (ce) bq <= b;
endmodule
`resetall
