// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_gms_harness: an I/O harness for measuring fric_gms alone
// (resources and Fmax) on a device with few pins, as fric_stribeck_harness
// does for the Stribeck core: every core input comes from a register loaded
// from a serial shift chain (din, shifted each clock, copied in parallel on
// load); every core output is registered and XOR-folded into dout, so
// nothing is optimized away and every timing path of the core starts and
// ends at a register. Not for use in a design.
module fric_gms_harness #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 8,
    parameter integer OPT_FAST = 1,
    parameter integer OPT_FABRIC = 0,
    parameter integer OPT_ECP5_DSP = 0
) (
    input  wire clk,
    input  wire din,
    input  wire load,
    output wire dout
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    // inputs: rst, s_axis (tdata, tuser, tvalid), m_axis_tready,
    // cfg (valid, commit, addr, axis, data), srst (valid, all, axis), flags_clear
    localparam integer IN_BITS = 1 + W + AXIS_W + 1 + 1 + 1 + 1 + 7 + AXIS_W + 32 + 2 + AXIS_W + 5;
    // outputs: s_axis_tready, m_axis (tdata, tuser, tvalid), cfg_ready, srst_ready, flags
    localparam integer OUT_BITS = 1 + W + AXIS_W + 4 + 1 + 1 + 1 + 5;

    reg [IN_BITS-1:0] chain_reg, in_reg;
    always @(posedge clk) begin
        chain_reg <= {chain_reg[IN_BITS-2:0], din};
        if (load) in_reg <= chain_reg;
    end

    // input fields, in order from bit 0
    localparam integer I_TD = 1, I_TU = I_TD + W, I_TV = I_TU + AXIS_W, I_MR = I_TV + 1, I_CV = I_MR + 1,
                       I_CC = I_CV + 1, I_CA = I_CC + 1, I_CX = I_CA + 7, I_CD = I_CX + AXIS_W, I_SV = I_CD + 32,
                       I_SA = I_SV + 1, I_SX = I_SA + 1, I_FC = I_SX + AXIS_W;
    // output fields
    localparam integer O_TD = 1, O_TU = O_TD + W, O_TV = O_TU + AXIS_W + 4, O_CR = O_TV + 1, O_SR = O_CR + 1,
                       O_FL = O_SR + 1;

    wire [OUT_BITS-1:0] out;
    fric_gms #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FAST(OPT_FAST), .OPT_FABRIC(OPT_FABRIC),
               .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_core (
        .clk(clk),
        .rst(in_reg[0]),
        .s_axis_tdata(in_reg[I_TD +: W]),
        .s_axis_tuser(in_reg[I_TU +: AXIS_W]),
        .s_axis_tvalid(in_reg[I_TV]),
        .s_axis_tready(out[0]),
        .m_axis_tdata(out[O_TD +: W]),
        .m_axis_tuser(out[O_TU +: AXIS_W + 4]),
        .m_axis_tvalid(out[O_TV]),
        .m_axis_tready(in_reg[I_MR]),
        .cfg_valid(in_reg[I_CV]),
        .cfg_ready(out[O_CR]),
        .cfg_commit(in_reg[I_CC]),
        .cfg_addr(in_reg[I_CA +: 7]),
        .cfg_axis(in_reg[I_CX +: AXIS_W]),
        .cfg_data(in_reg[I_CD +: 32]),
        .srst_valid(in_reg[I_SV]),
        .srst_ready(out[O_SR]),
        .srst_all(in_reg[I_SA]),
        .srst_axis(in_reg[I_SX +: AXIS_W]),
        .flags(out[O_FL +: 5]),
        .flags_clear(in_reg[I_FC +: 5])
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
