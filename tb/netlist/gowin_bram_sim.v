// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// Simulation models of the Gowin GW1N / GW2A block RAM cells that Yosys'
// synth_gowin instantiates for 9-bit-multiple widths (share/gowin/brams_map.v)
// and for which Yosys ships only black boxes: SPX9 (single port; an empty
// (* blackbox *) module in share/gowin/cells_sim.v, which mk/vendor.mk
// strips from its copy of that file) and SDPX9B (semi-dual port; only in
// cells_xtra_*.v, which the benches do not read).
//
// They follow the Gowin BSRAM & SSRAM user guide (UG285), primitives SPX9
// and SDPX9B:
//   - the block holds 18432 bits, 2048 9-bit bytes; a port of width 9, 18 or
//     36 (BIT_WIDTH, BIT_WIDTH_0 / _1) addresses words of that width with
//     AD[13:3], AD[13:4] or AD[13:5]; in a write of width 18 or 36 the low
//     bits AD[1:0] or AD[3:0] enable its 9-bit bytes;
//   - INIT_RAM_00 .. INIT_RAM_3F are the initial contents, 288 bits each,
//     INIT_RAM_00 bit 0 first (word k of width w is bits k*w .. k*w+w-1);
//   - READ_MODE 0 (bypass): DO is a register loaded at the read port's
//     clock edge while its CE is high; the block takes part only while
//     BLKSEL equals the BLK_SEL parameter;
//   - SPX9 WRITE_MODE: 0 normal (DO keeps its value in a write cycle),
//     1 write-through (DO takes the written word), 2 read-before-write (DO
//     takes the old word); SDPX9B writes at port A (CEA) and reads at port B.
// Seeded mistake: with FRIC_SEED_BRAM_BUG defined the read port never
// loads (DO stays 0, as Yosys' empty SPX9 black box reads in a Verilated
// bench), and make test-netlist-seeded must then see the probe's check
// fail. Bench only.
// Only what Yosys instantiates is modelled: READ_MODE 1 (the output
// pipeline register behind OCE) and a raised RESET stop the simulation with
// a message rather than simulate behaviour this file does not describe.
// The module and port names are Gowin's, so they carry no fric_ prefix.

// the 64 initial-content parameters of an X9 block and their concatenation
// (INIT_RAM_00 in the low bits)
`define FRIC_GW_INIT_PARAMS \
    parameter [287:0] INIT_RAM_00 = 288'h0; \
    parameter [287:0] INIT_RAM_01 = 288'h0; \
    parameter [287:0] INIT_RAM_02 = 288'h0; \
    parameter [287:0] INIT_RAM_03 = 288'h0; \
    parameter [287:0] INIT_RAM_04 = 288'h0; \
    parameter [287:0] INIT_RAM_05 = 288'h0; \
    parameter [287:0] INIT_RAM_06 = 288'h0; \
    parameter [287:0] INIT_RAM_07 = 288'h0; \
    parameter [287:0] INIT_RAM_08 = 288'h0; \
    parameter [287:0] INIT_RAM_09 = 288'h0; \
    parameter [287:0] INIT_RAM_0A = 288'h0; \
    parameter [287:0] INIT_RAM_0B = 288'h0; \
    parameter [287:0] INIT_RAM_0C = 288'h0; \
    parameter [287:0] INIT_RAM_0D = 288'h0; \
    parameter [287:0] INIT_RAM_0E = 288'h0; \
    parameter [287:0] INIT_RAM_0F = 288'h0; \
    parameter [287:0] INIT_RAM_10 = 288'h0; \
    parameter [287:0] INIT_RAM_11 = 288'h0; \
    parameter [287:0] INIT_RAM_12 = 288'h0; \
    parameter [287:0] INIT_RAM_13 = 288'h0; \
    parameter [287:0] INIT_RAM_14 = 288'h0; \
    parameter [287:0] INIT_RAM_15 = 288'h0; \
    parameter [287:0] INIT_RAM_16 = 288'h0; \
    parameter [287:0] INIT_RAM_17 = 288'h0; \
    parameter [287:0] INIT_RAM_18 = 288'h0; \
    parameter [287:0] INIT_RAM_19 = 288'h0; \
    parameter [287:0] INIT_RAM_1A = 288'h0; \
    parameter [287:0] INIT_RAM_1B = 288'h0; \
    parameter [287:0] INIT_RAM_1C = 288'h0; \
    parameter [287:0] INIT_RAM_1D = 288'h0; \
    parameter [287:0] INIT_RAM_1E = 288'h0; \
    parameter [287:0] INIT_RAM_1F = 288'h0; \
    parameter [287:0] INIT_RAM_20 = 288'h0; \
    parameter [287:0] INIT_RAM_21 = 288'h0; \
    parameter [287:0] INIT_RAM_22 = 288'h0; \
    parameter [287:0] INIT_RAM_23 = 288'h0; \
    parameter [287:0] INIT_RAM_24 = 288'h0; \
    parameter [287:0] INIT_RAM_25 = 288'h0; \
    parameter [287:0] INIT_RAM_26 = 288'h0; \
    parameter [287:0] INIT_RAM_27 = 288'h0; \
    parameter [287:0] INIT_RAM_28 = 288'h0; \
    parameter [287:0] INIT_RAM_29 = 288'h0; \
    parameter [287:0] INIT_RAM_2A = 288'h0; \
    parameter [287:0] INIT_RAM_2B = 288'h0; \
    parameter [287:0] INIT_RAM_2C = 288'h0; \
    parameter [287:0] INIT_RAM_2D = 288'h0; \
    parameter [287:0] INIT_RAM_2E = 288'h0; \
    parameter [287:0] INIT_RAM_2F = 288'h0; \
    parameter [287:0] INIT_RAM_30 = 288'h0; \
    parameter [287:0] INIT_RAM_31 = 288'h0; \
    parameter [287:0] INIT_RAM_32 = 288'h0; \
    parameter [287:0] INIT_RAM_33 = 288'h0; \
    parameter [287:0] INIT_RAM_34 = 288'h0; \
    parameter [287:0] INIT_RAM_35 = 288'h0; \
    parameter [287:0] INIT_RAM_36 = 288'h0; \
    parameter [287:0] INIT_RAM_37 = 288'h0; \
    parameter [287:0] INIT_RAM_38 = 288'h0; \
    parameter [287:0] INIT_RAM_39 = 288'h0; \
    parameter [287:0] INIT_RAM_3A = 288'h0; \
    parameter [287:0] INIT_RAM_3B = 288'h0; \
    parameter [287:0] INIT_RAM_3C = 288'h0; \
    parameter [287:0] INIT_RAM_3D = 288'h0; \
    parameter [287:0] INIT_RAM_3E = 288'h0; \
    parameter [287:0] INIT_RAM_3F = 288'h0; \
    localparam [18431:0] INIT_ALL = { \
        INIT_RAM_3F, INIT_RAM_3E, INIT_RAM_3D, INIT_RAM_3C, INIT_RAM_3B, INIT_RAM_3A, INIT_RAM_39, INIT_RAM_38, \
        INIT_RAM_37, INIT_RAM_36, INIT_RAM_35, INIT_RAM_34, INIT_RAM_33, INIT_RAM_32, INIT_RAM_31, INIT_RAM_30, \
        INIT_RAM_2F, INIT_RAM_2E, INIT_RAM_2D, INIT_RAM_2C, INIT_RAM_2B, INIT_RAM_2A, INIT_RAM_29, INIT_RAM_28, \
        INIT_RAM_27, INIT_RAM_26, INIT_RAM_25, INIT_RAM_24, INIT_RAM_23, INIT_RAM_22, INIT_RAM_21, INIT_RAM_20, \
        INIT_RAM_1F, INIT_RAM_1E, INIT_RAM_1D, INIT_RAM_1C, INIT_RAM_1B, INIT_RAM_1A, INIT_RAM_19, INIT_RAM_18, \
        INIT_RAM_17, INIT_RAM_16, INIT_RAM_15, INIT_RAM_14, INIT_RAM_13, INIT_RAM_12, INIT_RAM_11, INIT_RAM_10, \
        INIT_RAM_0F, INIT_RAM_0E, INIT_RAM_0D, INIT_RAM_0C, INIT_RAM_0B, INIT_RAM_0A, INIT_RAM_09, INIT_RAM_08, \
        INIT_RAM_07, INIT_RAM_06, INIT_RAM_05, INIT_RAM_04, INIT_RAM_03, INIT_RAM_02, INIT_RAM_01, INIT_RAM_00 \
    };

module fric_gw_bram_core #(
    parameter integer READ_MODE = 0,
    parameter integer WR_W = 36,           // write port width: 9, 18, 36
    parameter integer RD_W = 36,           // read port width
    parameter integer WRITE_MODE = 0,      // single port only (SP: WRITE_MODE)
    parameter integer SINGLE = 1,          // 1: SPX9 (one port), 0: SDPX9B
    parameter CELL = "?",
    parameter [18431:0] INIT = 18432'd0
) (
    input  wire        clk_w,
    input  wire        we,                 // a write at clk_w
    input  wire [13:0] ad_w,
    input  wire [35:0] di,
    input  wire        clk_r,
    input  wire        re,                 // a read at clk_r
    input  wire [13:0] ad_r,
    input  wire        reset,
    output reg  [35:0] dout
);
    reg [8:0] mem [0:2047];
    integer i;
    initial begin
        if (READ_MODE != 0 || (WR_W != 9 && WR_W != 18 && WR_W != 36) || (RD_W != 9 && RD_W != 18 && RD_W != 36) ||
            WRITE_MODE < 0 || WRITE_MODE > 2) begin
            $display("%s model: READ_MODE %0d, widths %0d / %0d, WRITE_MODE %0d: not modelled", CELL, READ_MODE,
                     WR_W, RD_W, WRITE_MODE);
            $finish;
        end
        for (i = 0; i < 2048; i = i + 1) mem[i] = INIT[9*i +: 9];
        dout = 36'd0;
    end
    // the first byte of a word, and the bytes of a word
    function integer first_byte;
        input integer w;
        input [13:0] ad;
        begin
            first_byte = (w == 9) ? ad[13:3] : (w == 18) ? {ad[13:4], 1'b0} : {ad[13:5], 2'b00};
        end
    endfunction
    function [35:0] rd_word;
        input integer w;
        input [13:0] ad;
        integer b0;
        begin
            b0 = first_byte(w, ad);
            rd_word = 36'd0;
            rd_word[8:0] = mem[b0];
            if (w >= 18) rd_word[17:9] = mem[b0 + 1];
            if (w == 36) rd_word[35:18] = {mem[b0 + 3], mem[b0 + 2]};
        end
    endfunction
    // byte enables of a write: AD[1:0] (18) or AD[3:0] (36)
    wire [3:0] be = (WR_W == 36) ? ad_w[3:0] : (WR_W == 18) ? {2'b00, ad_w[1:0]} : 4'b0001;
    reg [35:0] old_w;
    integer bw;
    always @(posedge clk_w) begin
        if (we) begin
            bw = first_byte(WR_W, ad_w);
            if (be[0]) mem[bw] <= di[8:0];
            if (be[1]) mem[bw + 1] <= di[17:9];
            if (be[2]) mem[bw + 2] <= di[26:18];
            if (be[3]) mem[bw + 3] <= di[35:27];
        end
    end
    always @(posedge clk_r) begin
        if (reset) begin
            $display("%s model: RESET raised, not modelled", CELL);
            $finish;
        end
        if (re) begin
            old_w = rd_word(WR_W, ad_w);
            if (SINGLE != 0 && we) begin
                // a write cycle of the single port
                if (WRITE_MODE == 1)
                    dout <= {be[3] ? di[35:27] : old_w[35:27], be[2] ? di[26:18] : old_w[26:18],
                             be[1] ? di[17:9] : old_w[17:9], be[0] ? di[8:0] : old_w[8:0]};
                else if (WRITE_MODE == 2)
                    dout <= old_w;
            end else begin
`ifndef FRIC_SEED_BRAM_BUG
                dout <= rd_word(RD_W, ad_r);
`endif
            end
        end
    end
endmodule

module SPX9 (DO, DI, BLKSEL, AD, WRE, CLK, CE, OCE, RESET);
    output wire [35:0] DO;
    input  wire [35:0] DI;
    input  wire [2:0]  BLKSEL;
    input  wire [13:0] AD;
    input  wire        WRE, CLK, CE, OCE, RESET;
    parameter READ_MODE = 1'b0;
    parameter WRITE_MODE = 2'b00;
    parameter BIT_WIDTH = 36;
    parameter BLK_SEL = 3'b000;
    parameter RESET_MODE = "SYNC";
    `FRIC_GW_INIT_PARAMS
    wire sel = CE && (BLKSEL == BLK_SEL);
    fric_gw_bram_core #(.READ_MODE(READ_MODE), .WR_W(BIT_WIDTH), .RD_W(BIT_WIDTH), .WRITE_MODE(WRITE_MODE),
        .SINGLE(1), .CELL("SPX9"), .INIT(INIT_ALL)) u_core (
        .clk_w(CLK), .we(sel && WRE), .ad_w(AD), .di(DI),
        .clk_r(CLK), .re(sel), .ad_r(AD), .reset(RESET), .dout(DO));
endmodule

module SDPX9B (CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB, ADA, ADB, BLKSELA, BLKSELB, DI, DO);
    input  wire        CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB;
    input  wire [13:0] ADA, ADB;
    input  wire [2:0]  BLKSELA, BLKSELB;
    input  wire [35:0] DI;
    output wire [35:0] DO;
    parameter READ_MODE = 1'b0;
    parameter BIT_WIDTH_0 = 36;
    parameter BIT_WIDTH_1 = 36;
    parameter BLK_SEL_0 = 3'b000;
    parameter BLK_SEL_1 = 3'b000;
    parameter RESET_MODE = "SYNC";
    `FRIC_GW_INIT_PARAMS
    fric_gw_bram_core #(.READ_MODE(READ_MODE), .WR_W(BIT_WIDTH_0), .RD_W(BIT_WIDTH_1), .WRITE_MODE(0),
        .SINGLE(0), .CELL("SDPX9B"), .INIT(INIT_ALL)) u_core (
        .clk_w(CLKA), .we(CEA && (BLKSELA == BLK_SEL_0)), .ad_w(ADA), .di(DI),
        .clk_r(CLKB), .re(CEB && (BLKSELB == BLK_SEL_1)), .ad_r(ADB), .reset(RESETA || RESETB), .dout(DO));
endmodule
`undef FRIC_GW_INIT_PARAMS
`resetall
