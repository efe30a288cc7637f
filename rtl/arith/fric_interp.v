// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_interp: a decreasing table with linear interpolation, the RTL twin of
// interp() in cmodel/src/fric_fx.c:
//
//   m = T[i] - rsr((T[i] - T[i+1]) * fr, FR_W)
//
// for the reciprocal and h tables (2^TB + 1 entries of T_W bits, generated:
// rtl/generated/fric_tables.vh). Both reads of a sample come from two
// copies of the table, so one sample is taken per cycle.
//
// Formats: idx (U,TB,0); fr (U,FR_W,0); m (U,T_W,0), between T[i+1] and T[i].
// Latency: TR + LM + RS + 2 clock-enabled cycles (table read TR: the two
// addresses i and i + 1 registered, then 1 cycle from block RAM, or 3 from
// logic ROM for a fast clock; difference 1; product LM; rounding RS;
// subtraction 1); one sample per cycle.
module fric_interp #(
    // entry width
    parameter integer T_W = 16,
    // index bits (2^TB + 1 entries)
    parameter integer TB = 8,
    // interpolation fraction bits
    parameter integer FR_W = 7,
    // the table: 0 the reciprocal table, 1 the h table (fric_tables.vh), at
    // the width T_W
    parameter integer OPT_H = 0,
    // stages of the rounding shift, 2 or 3 (3: the table in logic, TR = 3)
    parameter integer RS = 2,
    // product latency (fric_mul, DSP), >= 2
    parameter integer LM = 2,
    // 1: the product in a registered ECP5 MULT18X18D (synthesis only)
    parameter integer OPT_ECP5_DSP = 0
) (
    input  wire            clk,
    input  wire            ce,
    input  wire [TB-1:0]   idx,
    input  wire [FR_W-1:0] fr,
    output wire [T_W-1:0]  m
);
    localparam integer TR = (RS == 3) ? 4 : 2;
    localparam integer TN = (1 << TB) + 1;

    // the table (rtl/generated/fric_tables.vh), T_W of its 36 bits
`include "fric_tables.vh"
    function automatic [T_W-1:0] rom_word(input integer i);
        reg [35:0] t;
        begin
            t = (OPT_H != 0) ? fric_tab_h(T_W, i) : fric_tab_recip(T_W, i);
            rom_word = t[T_W-1:0];
        end
    endfunction
    integer ri;

    // ---- c0 -> c0 + TR: T[i] and T[i+1] ----------------------------------
    // the addresses i and i + 1, registered (the increment is a carry chain)
    wire [T_W-1:0] t0_q, t1_q;
    reg  [TB:0] a0_reg, a1_reg;
    always @(posedge clk) begin
        if (ce) begin
            a0_reg <= {1'b0, idx};
            a1_reg <= {1'b0, idx} + {{TB{1'b0}}, 1'b1};
        end
    end
    generate
        if (RS == 3) begin : g_rom_logic
            (* ram_style = "logic" *)
            reg [T_W-1:0] rom0 [0:TN-1];
            (* ram_style = "logic" *)
            reg [T_W-1:0] rom1 [0:TN-1];
            initial begin
                for (ri = 0; ri < TN; ri = ri + 1) begin
                    rom0[ri] = rom_word(ri);
                    rom1[ri] = rom_word(ri);
                end
            end
            reg [T_W-1:0] q0_reg, q1_reg;
            always @(posedge clk) begin
                if (ce) begin
                    q0_reg <= rom0[a0_reg];
                    q1_reg <= rom1[a1_reg];
                end
            end
            fric_delay #(.WIDTH(2*T_W), .DEPTH(TR - 2)) u_q (.clk(clk), .ce(ce), .d({q0_reg, q1_reg}), .q({t0_q, t1_q}));
        end else begin : g_rom_block
            (* ram_style = "block" *)
            reg [T_W-1:0] rom0 [0:TN-1];
            (* ram_style = "block" *)
            reg [T_W-1:0] rom1 [0:TN-1];
            initial begin
                for (ri = 0; ri < TN; ri = ri + 1) begin
                    rom0[ri] = rom_word(ri);
                    rom1[ri] = rom_word(ri);
                end
            end
            reg [T_W-1:0] q0_reg, q1_reg;
            always @(posedge clk) begin
                if (ce) begin
                    q0_reg <= rom0[a0_reg];
                    q1_reg <= rom1[a1_reg];
                end
            end
            assign t0_q = q0_reg;
            assign t1_q = q1_reg;
        end
    endgenerate
    wire [FR_W-1:0] fr_t;
    fric_delay #(.WIDTH(FR_W), .DEPTH(TR)) u_fr (.clk(clk), .ce(ce), .d(fr), .q(fr_t));

    // ---- -> +1: the difference (the table decreases) ----------------------
    reg [T_W-1:0] d_reg, t0_reg;
    reg [FR_W-1:0] fr_reg;
    always @(posedge clk) begin
        if (ce) begin
            d_reg  <= t0_q - t1_q;
            t0_reg <= t0_q;
            fr_reg <= fr_t;
        end
    end

    // ---- -> +LM + RS: rsr(d fr, FR_W) < 2^T_W -----------------------------
    wire [T_W+FR_W-1:0] dfr;
    fric_mul #(.A_W(T_W), .B_W(FR_W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_mul (
        .clk(clk), .ce(ce), .a(d_reg), .b(fr_reg), .p(dfr));
    localparam [5:0] FRS = FR_W[5:0];
    wire [T_W-1:0] dfr_r;
    fric_rsr #(.X_W(T_W + FR_W + 1), .S_W(6), .Y_W(T_W), .STAGES(RS)) u_rsr (
        .clk(clk), .ce(ce), .x({1'b0, dfr}), .s(FRS), .y(dfr_r));
    wire [T_W-1:0] t0_m;
    fric_delay #(.WIDTH(T_W), .DEPTH(LM + RS)) u_t0 (.clk(clk), .ce(ce), .d(t0_reg), .q(t0_m));

    // ---- -> +1: m -----------------------------------------------------------
    reg [T_W-1:0] m_reg;
    always @(posedge clk) if (ce) m_reg <= t0_m - dfr_r;
    assign m = m_reg;
endmodule
`resetall
