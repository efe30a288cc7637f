// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_ulx3s_top: fricore on the ULX3S (ECP5 LFE5U-85F by default; the
// other sizes by ULX3S_DEVICE in mk/board.mk): fric_top at W = 18 with
// NUM_AXES axes, clocked at 115 MHz from the 25 MHz oscillator through an
// EHXPLLL (VCO 575 MHz: CLKI_DIV 5, CLKFB_DIV 23, CLKOP_DIV 5).
// Synthesis only (it instantiates the ECP5 PLL); fric_top is what the
// benches simulate. Pins: constraints/ulx3s.lpf, docs/board.md.
//
// Reset: held until the PLL locks and for 2^RST_BITS cycles after, and while
// FIRE1 (btn_fire1) is pressed. led[0] heartbeat (about 3.7 Hz),
// led[1] PLL locked, led[2] the sample tick stretched to be visible.
module fric_ulx3s_top #(
    // axes of both cores, 1..8
    parameter integer NUM_AXES = 8,
    // power-on reset length, 2^RST_BITS cycles
    parameter integer RST_BITS = 8
) (
    input  wire       clk_25mhz,
    input  wire       btn_fire1,
    output wire [7:0] led,
    input  wire       spi_cs_n,
    input  wire       spi_sck,
    input  wire       spi_mosi,
    output wire       spi_miso,
    input  wire       enc_a,
    input  wire       enc_b,
    output wire       tick_out
);
    wire clk, locked;
    (* FREQUENCY_PIN_CLKI = "25", FREQUENCY_PIN_CLKOP = "115" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"),
        .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(5), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(5), .CLKOP_CPHASE(2), .CLKOP_FPHASE(0),
        .FEEDBK_PATH("CLKOP"), .CLKFB_DIV(23)
    ) u_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_25mhz), .CLKOP(clk), .CLKFB(clk), .CLKINTFB(),
        .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1), .PHASELOADREG(1'b1),
        .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(locked));

    // reset: synchronized button and lock, then a counter
    reg [1:0] btn_sync_reg = 2'b00;
    reg [RST_BITS:0] por_reg = {(RST_BITS + 1){1'b0}};
    always @(posedge clk) begin
        btn_sync_reg <= {btn_sync_reg[0], btn_fire1};
        if (!locked || btn_sync_reg[1]) por_reg <= {(RST_BITS + 1){1'b0}};
        else if (!por_reg[RST_BITS]) por_reg <= por_reg + 1'b1;
    end
    reg rst_reg = 1'b1;  // a register: it fans out through fric_top's reset tree
    always @(posedge clk) rst_reg <= !por_reg[RST_BITS];

    wire tick, hb;
    fric_top #(
        .W(18), .NUM_AXES(NUM_AXES), .ST_OPT_FABRIC(0), .ST_OPT_FAST(1), .ST_OPT_SPRAM(0),
        .ST_OPT_RAM_DELAY(0), .LG_OPT_FAST(1), .OPT_ECP5_DSP(1), .OPT_LUTRAM(1), .HEARTBEAT_BITS(25)
    ) u_top (
        .clk(clk), .rst(rst_reg), .spi_cs_n(spi_cs_n), .spi_sck(spi_sck), .spi_mosi(spi_mosi),
        .spi_miso(spi_miso), .enc_a(enc_a), .enc_b(enc_b), .tick_out(tick), .led(hb));
    assign tick_out = tick;

    // the sample tick, stretched to about 8 ms so the LED shows it
    reg [19:0] tick_led_reg = 20'd0;
    always @(posedge clk) begin
        if (tick) tick_led_reg <= 20'hFFFFF;
        else if (tick_led_reg != 20'd0) tick_led_reg <= tick_led_reg - 20'd1;
    end
    assign led = {5'd0, tick_led_reg != 20'd0, locked, hb};
endmodule
`resetall
