// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_stribeck_harness: an I/O harness for measuring fric_stribeck alone
// (resources and Fmax) on a device with few pins. Every core input comes
// from a register loaded from a serial shift chain (din, shifted each
// clock, copied in parallel on load); every core output is registered and
// XOR-folded into dout, so nothing is optimized away and every timing path
// of the core starts and ends at a register. Not for use in a design.
//
// Its own cost: IN_BITS + IN_BITS shift/hold flip-flops, OUT_BITS capture
// flip-flops and the XOR tree (docs/results/synth.md lists the totals).
module fric_stribeck_harness #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 8,
    parameter integer OPT_FABRIC = 1,
    parameter integer OPT_FAST = 0,
    parameter integer OPT_ECP5_DSP = 0,
    parameter integer OPT_SPRAM = 0,
    parameter integer OPT_RAM_DELAY = 0
) (
    input  wire clk,
    input  wire din,
    input  wire load,
    output wire dout
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    // inputs: rst, s_axis (tdata, tuser, tvalid), m_axis_tready,
    // cfg (valid, commit, addr, axis, data), flags_clear
    localparam integer IN_BITS = 1 + W + AXIS_W + 1 + 1 + 1 + 1 + 4 + AXIS_W + 32 + 3;
    // outputs: s_axis_tready, m_axis (tdata, tuser, tvalid), cfg_ready, flags
    localparam integer OUT_BITS = 1 + W + AXIS_W + 2 + 1 + 1 + 3;

    reg [IN_BITS-1:0] chain_reg, in_reg;
    always @(posedge clk) begin
        chain_reg <= {chain_reg[IN_BITS-2:0], din};
        if (load) in_reg <= chain_reg;
    end

    wire [OUT_BITS-1:0] out;
    fric_stribeck #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FABRIC(OPT_FABRIC), .OPT_FAST(OPT_FAST), .OPT_ECP5_DSP(OPT_ECP5_DSP), .OPT_SPRAM(OPT_SPRAM), .OPT_RAM_DELAY(OPT_RAM_DELAY)) u_core (
        .clk(clk),
        .rst(in_reg[0]),
        .s_axis_tdata(in_reg[W:1]),
        .s_axis_tuser(in_reg[W+AXIS_W:W+1]),
        .s_axis_tvalid(in_reg[W+AXIS_W+1]),
        .s_axis_tready(out[0]),
        .m_axis_tdata(out[W:1]),
        .m_axis_tuser(out[W+AXIS_W+2:W+1]),
        .m_axis_tvalid(out[W+AXIS_W+3]),
        .m_axis_tready(in_reg[W+AXIS_W+2]),
        .cfg_valid(in_reg[W+AXIS_W+3]),
        .cfg_ready(out[W+AXIS_W+4]),
        .cfg_commit(in_reg[W+AXIS_W+4]),
        .cfg_addr(in_reg[W+AXIS_W+8:W+AXIS_W+5]),
        .cfg_axis(in_reg[W+2*AXIS_W+8:W+AXIS_W+9]),
        .cfg_data(in_reg[W+2*AXIS_W+40:W+2*AXIS_W+9]),
        .flags(out[W+AXIS_W+7:W+AXIS_W+5]),
        .flags_clear(in_reg[W+2*AXIS_W+43:W+2*AXIS_W+41])
    );

    reg [OUT_BITS-1:0] out_reg;
    reg dout_reg;
    always @(posedge clk) begin
        out_reg <= out;
        dout_reg <= ^out_reg;
    end
    assign dout = dout_reg;
endmodule
`resetall
