// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_tangnano9k_top: fricore on the Sipeed Tang Nano 9K (Gowin
// GW1NR-LV9QN88PC6/I5): the iCEBreaker image's configuration (fric_top at
// W = 16 with NUM_AXES axes, both models on the shared engine fric_eng),
// clocked at 40.5 MHz, as the iCEBreaker's, from the 27 MHz oscillator
// through an rPLL (IDIV_SEL 1, FBDIV_SEL 2, ODIV_SEL 16: PFD 13.5 MHz, VCO
// 648 MHz). The LuGre pipeline does not fit this part (about 13 000 flip-flops
// at W 18, 6480 here), so the image has the engine. Synthesis only (it
// instantiates the Gowin PLL); fric_top is what the benches simulate. Pins:
// constraints/tangnano9k.cst, docs/board.md.
//
// Reset: held until the PLL locks and for 2^RST_BITS cycles after, and while
// button S1 (btn_n, low when pressed) is down. led_n[0] heartbeat (about
// 2.4 Hz), led_n[1] the sample tick stretched to be visible (the LEDs light
// when low).
module fric_tangnano9k_top #(
    // axes of both models, 1..4 (the engine's range)
    parameter integer NUM_AXES = 4,
    // power-on reset length, 2^RST_BITS cycles
    parameter integer RST_BITS = 8
) (
    input  wire       clk_27mhz,
    input  wire       btn_n,
    output wire [1:0] led_n,
    input  wire       spi_cs_n,
    input  wire       spi_sck,
    input  wire       spi_mosi,
    output wire       spi_miso,
    input  wire       enc_a,
    input  wire       enc_b,
    output wire       tick_out
);
    wire clk, locked;
    rPLL #(
        .FCLKIN("27.0"), .IDIV_SEL(1), .FBDIV_SEL(2), .ODIV_SEL(16), .DEVICE("GW1NR-9C")
    ) u_pll (
        .CLKIN(clk_27mhz), .CLKOUT(clk), .LOCK(locked), .CLKOUTP(), .CLKOUTD(), .CLKOUTD3(),
        .RESET(1'b0), .RESET_P(1'b0), .CLKFB(1'b0), .FBDSEL(6'd0), .IDSEL(6'd0), .ODSEL(6'd0),
        .PSDA(4'd0), .DUTYDA(4'd0), .FDLY(4'd0));

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
        .W(16), .NUM_AXES(NUM_AXES), .OPT_ENGINE(1), .HAS_STRIBECK(1), .HAS_LUGRE(1), .ST_OPT_FABRIC(1), .ST_OPT_FAST(0),
        .ST_OPT_SPRAM(0), .ST_OPT_RAM_DELAY(1), .LG_OPT_FAST(0), .OPT_ECP5_DSP(0), .HEARTBEAT_BITS(24)
    ) u_top (
        .clk(clk), .rst(rst_reg), .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi),
        .spi_miso(spi_miso), .enc_a(enc_a), .enc_b(enc_b), .tick_out(tick), .led(hb));
    assign tick_out = tick;

    reg [18:0] tick_led_reg = 19'd0;
    always @(posedge clk) begin
        if (tick) tick_led_reg <= 19'h7FFFF;
        else if (tick_led_reg != 19'd0) tick_led_reg <= tick_led_reg - 19'd1;
    end
    assign led_n = {!(tick_led_reg != 19'd0), !hb};
endmodule
`resetall
