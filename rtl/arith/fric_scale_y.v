// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_scale_y: the exponent argument of a Stribeck-type weight, the RTL
// twin of the last part of fric_fx_stribeck_y() in cmodel/src/fric_fx.c:
//
//   y = limit(rsr(p * k, s - pe), 2^(YI+YF) - 1),   s >= pe
//   y = (p * k != 0) ? 2^(YI+YF) - 1 : 0,           s <  pe
//
// with p the normalized |v| or |v|^2 (mantissa p, exponent pe >= 0) and
// (k, s) the scale field pair. The limit is a range limit (E = 2^-y is
// already 0 there) and sets no flag.
//
// Formats: p, k (U,W,0); pe (U,5,0); s (U,6,0); y (U,YI,YF).
// Timing: p, pe, k at cycle 0, s at cycle LM (so a core reads each field
// one stage before its use); y at LM + RS + 2.
module fric_scale_y #(
    parameter integer W = 16,
    // product latency (fric_mul, DSP), >= 2
    parameter integer LM = 2,
    // stages of the rounding shift, 2 or 3
    parameter integer RS = 2,
    // 1: the product in a registered ECP5 MULT18X18D (synthesis only)
    parameter integer OPT_ECP5_DSP = 0
) (
    input  wire                               clk,
    input  wire                               ce,
    input  wire [W-1:0]                       p,
    input  wire [4:0]                         pe,
    input  wire [W-1:0]                       k,
    input  wire [5:0]                         s,
    output wire [`FRIC_YI(W)+`FRIC_YF(W)-1:0] y
);
    localparam integer YW = `FRIC_YI(W) + `FRIC_YF(W);
    localparam [YW-1:0] YMAX = {YW{1'b1}};

    // c0 -> LM: P = p k (U,2W,0)
    wire [2*W-1:0] pk;
    wire [4:0]     pe_m;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_mul (
        .clk(clk), .ce(ce), .a(p), .b(k), .p(pk));
    fric_delay #(.WIDTH(5), .DEPTH(LM)) u_pe (.clk(clk), .ce(ce), .d(pe), .q(pe_m));

    // LM -> LM + 1: the net shift s - pe; a negative one saturates y
    reg [2*W-1:0] pk_reg;
    reg [5:0]     sh_reg;
    reg           neg_reg;
    wire          neg = (s < {1'b0, pe_m});
    always @(posedge clk) begin
        if (ce) begin
            pk_reg  <= pk;
            neg_reg <= neg;
            sh_reg  <= neg ? 6'd0 : s - {1'b0, pe_m};
        end
    end

    // -> +RS: rsr(P, s - pe), limited
    wire [YW-1:0] yr;
    wire [1:0]    spec;   // {negative shift, P != 0}
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(YW), .STAGES(RS), .OPT_SAT(1)) u_rsr (
        .clk(clk), .ce(ce), .x({1'b0, pk_reg}), .s(sh_reg), .y(yr));
    fric_delay #(.WIDTH(2), .DEPTH(RS)) u_spec (.clk(clk), .ce(ce),
        .d({neg_reg, pk_reg != {(2*W){1'b0}}}), .q(spec));

    // -> +1: y
    reg [YW-1:0] y_reg;
    always @(posedge clk) if (ce) y_reg <= spec[1] ? (spec[0] ? YMAX : {YW{1'b0}}) : yr;
    assign y = y_reg;
endmodule
`resetall
