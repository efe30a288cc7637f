// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_icebreaker_top: fricore on the iCEBreaker (iCE40 UP5K-SG48):
// fric_top at W = 16 with NUM_AXES axes, clocked at 40.5 MHz from the 12 MHz
// oscillator through an SB_PLL40_PAD (DIVR 0, DIVF 53, DIVQ 4: VCO 648 MHz).
// Synthesis only (it instantiates the iCE40 PLL); fric_top is what the
// benches simulate. Pins: constraints/icebreaker.pcf, docs/board.md.
//
// Reset: held until the PLL locks and for 2^RST_BITS cycles after, and while
// the user button (btn_n, low when pressed) is down. ledg_n heartbeat
// (about 2.4 Hz), ledr_n the sample tick stretched to be visible.
module fric_icebreaker_top #(
    // axes of both cores, 1..8
    parameter integer NUM_AXES = 4,
    // 1: both models on the shared engine fric_eng (the image); 0: the
    // cores below (only for the UP5K budget study of docs/up5k.md)
    parameter integer OPT_ENGINE = 1,
    // 1: the core is in the image (fric_top with OPT_ENGINE 0; 0 only for
    // the UP5K budget study of docs/up5k.md)
    parameter integer HAS_STRIBECK = 1,
    parameter integer HAS_LUGRE = 1,
    // the Stribeck core's products: 1 in fabric (the image's choice), 0 in
    // SB_MAC16 (also for the budget study)
    parameter integer ST_OPT_FABRIC = 1,
    // power-on reset length, 2^RST_BITS cycles
    parameter integer RST_BITS = 8
) (
    input  wire clk_12mhz,
    input  wire btn_n,
    output wire ledr_n,
    output wire ledg_n,
    input  wire spi_cs_n,
    input  wire spi_sck,
    input  wire spi_mosi,
    output wire spi_miso,
    input  wire enc_a,
    input  wire enc_b,
    output wire tick_out
);
    wire clk, locked;
    SB_PLL40_PAD #(
        .FEEDBACK_PATH("SIMPLE"), .DIVR(4'b0000), .DIVF(7'b0110101), .DIVQ(3'b100), .FILTER_RANGE(3'b001)
    ) u_pll (
        .PACKAGEPIN(clk_12mhz), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0));

    reg [1:0] btn_sync_reg = 2'b00;
    reg [RST_BITS:0] por_reg = {(RST_BITS + 1){1'b0}};
    always @(posedge clk) begin
        btn_sync_reg <= {btn_sync_reg[0], !btn_n};
        if (!locked || btn_sync_reg[1]) por_reg <= {(RST_BITS + 1){1'b0}};
        else if (!por_reg[RST_BITS]) por_reg <= por_reg + 1'b1;
    end
    reg rst_reg = 1'b1;  // a register: it fans out through fric_top's reset tree
    always @(posedge clk) rst_reg <= !por_reg[RST_BITS];

    wire tick, hb;
    fric_top #(
        .W(16), .NUM_AXES(NUM_AXES), .OPT_ENGINE(OPT_ENGINE), .HAS_STRIBECK(HAS_STRIBECK), .HAS_LUGRE(HAS_LUGRE), .ST_OPT_FABRIC(ST_OPT_FABRIC), .ST_OPT_FAST(0), .ST_OPT_SPRAM(1),
        .ST_OPT_RAM_DELAY(1), .LG_OPT_FAST(0), .OPT_ECP5_DSP(0), .HEARTBEAT_BITS(24)
    ) u_top (
        .clk(clk), .rst(rst_reg), .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi),
        .spi_miso(spi_miso), .enc_a(enc_a), .enc_b(enc_b), .tick_out(tick), .led(hb));
    assign tick_out = tick;

    reg [18:0] tick_led_reg = 19'd0;
    always @(posedge clk) begin
        if (tick) tick_led_reg <= 19'h7FFFF;
        else if (tick_led_reg != 19'd0) tick_led_reg <= tick_led_reg - 19'd1;
    end
    assign ledg_n = !hb;
    assign ledr_n = !(tick_led_reg != 19'd0);
endmodule
`resetall
