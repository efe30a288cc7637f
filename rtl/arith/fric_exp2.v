// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_exp2: the exponential unit, E = 2^-y. The RTL twin of fric_fx_exp2()
// in cmodel/src/fric_fx.c (see docs/fixed-point.md, "The exponential unit").
//
//   y = yi + f:  the top TB bits of f index the exp2pair table, which holds
//   T[i] - 2^(TP-1) and T[i] - T[i+1] in one word;
//   m = T[i] - rsr((T[i] - T[i+1]) * fr, FB)   (fr: the low FB bits of f);
//   E = rsr(m, TP - EF + yi).
//
// Formats: y (U,YI,YF) = (U,5,W+4); e (U,1,EF) = (U,1,W), e in [0, 2^W].
// Latency: ceil(FB/2) + 2 RS + 2 clock-enabled cycles from y to e, plus 2
// when RS = 3 (table read 1, or 3 from the logic ROM of a fast clock;
// interpolation product ceil(FB/2), its rounding RS,
// subtraction 1, final rounding shift RS, RS being the fric_rsr stages);
// one y per cycle.
// The instantiating core passes the latency it schedules for, and
// elaboration stops if it differs.
// Resources: the table (2^TB x 2W bits: two iCE40 EBR with RS = 2, or LUT
// logic with RS = 3) and one (FB x FB) product, in fabric when OPT_FABRIC.
module fric_exp2 #(
    // datapath width, 16 or 18
    parameter integer W = 16,
    // 1: interpolation product in fabric (iCE40, to save SB_MAC16); 0: DSP
    parameter integer OPT_FABRIC = 1,
    // 1: a registered ECP5 MULT18X18D for it (synthesis only; fric_mul)
    parameter integer OPT_ECP5_DSP = 0,
    // stages of each rounding shift (fric_rsr STAGES), 2 or 3
    parameter integer RS = 2,
    // the latency the caller expects: must be ceil(FB/2) + 2 RS + 2
    parameter integer LATENCY = 12
) (
    input  wire                                  clk,
    input  wire                                  ce,
    input  wire [`FRIC_YI(W)+`FRIC_YF(W)-1:0]    y,
    output wire [W:0]                            e
);
    localparam integer YI = `FRIC_YI(W);
    localparam integer YF = `FRIC_YF(W);
    localparam integer TB = `FRIC_TB(W);
    localparam integer TP = `FRIC_TP(W);
    localparam integer FB = `FRIC_FB(W);
    localparam integer EF = `FRIC_EF(W);
    // interpolation product latency, 2 rows per stage in fabric
    localparam integer LI = (FB + 1) / 2;
    // table read cycles: 1 from a block RAM, 3 from the logic ROM of a fast clock
    localparam integer TR = (RS == 3) ? 3 : 1;
    localparam integer SH0_I = TP - EF;
    localparam [YI:0] SH0 = SH0_I[YI:0];

    // the exp2pair table (rtl/generated/fric_tables.vh), 2W of its 36 bits
`include "fric_tables.vh"
    function automatic [2*W-1:0] rom_word(input integer i);
        reg [35:0] t;
        begin
            t = fric_tab_exp2pair(W, i);
            rom_word = t[2*W-1:0];
        end
    endfunction
    integer ri;

    initial begin
        if (LATENCY != LI + 2 * RS + 2 + TR - 1) begin
            $display("fric_exp2: LATENCY %0d, but this unit takes %0d cycles", LATENCY, LI + 2 * RS + 1 + TR);
            $finish;
        end
    end

    // ---- c0 -> c1: table read ---------------------------------------------
    // A registered-output ROM: one block RAM (RS = 2), or, for a fast clock
    // (RS = 3), logic followed by two registers, since the block RAM's
    // clock-to-output alone leaves too little of a 150 MHz period.
    wire [2*W-1:0] rom_q_reg;
    generate
        if (RS == 3) begin : g_rom_logic
            (* ram_style = "logic" *)
            reg [2*W-1:0] rom [0:(1<<TB)-1];
            initial for (ri = 0; ri < (1 << TB); ri = ri + 1) rom[ri] = rom_word(ri);
            reg [2*W-1:0] rom_q0_reg;
            always @(posedge clk) if (ce) rom_q0_reg <= rom[y[YF-1 -: TB]];
            fric_delay #(.WIDTH(2*W), .DEPTH(TR - 1)) u_rom_q (.clk(clk), .ce(ce), .d(rom_q0_reg), .q(rom_q_reg));
        end else begin : g_rom_block
            (* ram_style = "block" *)
            reg [2*W-1:0] rom [0:(1<<TB)-1];
            initial for (ri = 0; ri < (1 << TB); ri = ri + 1) rom[ri] = rom_word(ri);
            reg [2*W-1:0] rom_q0_reg;
            always @(posedge clk) if (ce) rom_q0_reg <= rom[y[YF-1 -: TB]];
            fric_delay #(.WIDTH(2*W), .DEPTH(TR - 1)) u_rom_q (.clk(clk), .ce(ce), .d(rom_q0_reg), .q(rom_q_reg));
        end
    endgenerate

    wire [FB-1:0] fr0 = y[FB-1:0];
    wire [YI-1:0] yi0 = y[YI+YF-1:YF];
    wire [FB-1:0] fr1;
    wire [YI-1:0] yi_m;
    fric_delay #(.WIDTH(FB), .DEPTH(TR)) u_fr (.clk(clk), .ce(ce), .d(fr0), .q(fr1));

    // ---- c1: T (U,1,TP) and the difference D (U,0,FB bits) -------------
    // T = stored + 2^(TP-1): the stored value is below 2^(TP-1) except for
    // i = 0, where it is exactly 2^(TP-1) and T = 2^TP, so a mux, not an adder
    wire [TP:0]   t1 = rom_q_reg[TP-1] ? {1'b1, {TP{1'b0}}} : {2'b01, rom_q_reg[TP-2:0]};
    wire [FB-1:0] d1 = rom_q_reg[2*W-1:TP];

    // ---- c1 -> c1+LI: D * fr --------------------------------------------
    wire [2*FB-1:0] dfr;
    fric_mul #(.A_W(FB), .B_W(FB), .LATENCY(LI), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_mul (
        .clk(clk), .ce(ce), .a(d1), .b(fr1), .p(dfr));

    // ---- c1+LI -> c1+LI+RS: rsr(D * fr, FB) -------------------------------
    // the rounded product is below 2^FB: FB bits, read as unsigned
    wire [FB-1:0] dfr_r;
    fric_rsr #(.X_W(2*FB+1), .S_W(6), .Y_W(FB), .STAGES(RS)) u_rsr_interp (
        .clk(clk), .ce(ce), .x({1'b0, dfr}), .s(FB[5:0]), .y(dfr_r));

    // ---- c1+LI+RS -> +1: m = T - rsr(D fr, FB), (U,1,TP) -------------------
    wire [TP:0] t_m;
    fric_delay #(.WIDTH(TP+1), .DEPTH(LI+RS)) u_t (.clk(clk), .ce(ce), .d(t1), .q(t_m));
    fric_delay #(.WIDTH(YI), .DEPTH(LI+RS+1+TR)) u_yi (.clk(clk), .ce(ce), .d(yi0), .q(yi_m));
    reg [TP:0] m_reg;
    always @(posedge clk) if (ce) m_reg <= t_m - {{(TP+1-FB){1'b0}}, dfr_r};

    // ---- -> +RS: E = rsr(m, TP - EF + yi) ------------------------------------
    wire [YI:0] sh = {1'b0, yi_m} + SH0;
    // E <= 2^W: W + 1 bits, read as unsigned
    fric_rsr #(.X_W(TP+2), .S_W(YI+1), .Y_W(W+1), .STAGES(RS)) u_rsr_e (
        .clk(clk), .ce(ce), .x({1'b0, m_reg}), .s(sh), .y(e));
endmodule
`resetall
