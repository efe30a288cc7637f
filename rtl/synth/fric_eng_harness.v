// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_eng_harness: an I/O harness for measuring fric_eng alone (resources
// and Fmax) on a device with few pins, as fric_lugre_harness does for the
// LuGre core: every engine input comes from a register loaded from a serial
// shift chain (din, shifted each clock, copied in parallel on load); every
// output is registered and XOR-folded into dout, so nothing is optimized
// away and every timing path of the engine starts and ends at a register.
// W is the models' width, 16 (the engine's only one; the synthesis records
// read it from here). Not for use in a design.
module fric_eng_harness #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 4
) (
    input  wire clk,
    input  wire din,
    input  wire load,
    output wire dout
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    // inputs: rst; per model s_axis (tdata, tuser, tvalid), m_axis_tready,
    // cfg (valid, commit, addr, axis, data), flags_clear; LuGre srst (valid, all, axis)
    localparam integer LG_IN = W + AXIS_W + 1 + 1 + 1 + 1 + 5 + AXIS_W + 32 + 5;
    localparam integer ST_IN = W + AXIS_W + 1 + 1 + 1 + 1 + 4 + AXIS_W + 32 + 3;
    localparam integer IN_BITS = 1 + LG_IN + ST_IN + 2 + AXIS_W;
    // outputs per model: s_axis_tready, m_axis (tdata, tuser, tvalid), cfg_ready, flags; srst_ready
    localparam integer LG_OUT = 1 + W + AXIS_W + 4 + 1 + 1 + 5;
    localparam integer ST_OUT = 1 + W + AXIS_W + 2 + 1 + 1 + 3;
    localparam integer OUT_BITS = LG_OUT + ST_OUT + 1;

    initial begin
        if (W != 16) begin
            $display("fric_eng_harness: W %0d; the engine's models are W = 16", W);
            $finish;
        end
    end

    reg [IN_BITS-1:0] chain_reg, in_reg;
    always @(posedge clk) begin
        chain_reg <= {chain_reg[IN_BITS-2:0], din};
        if (load) in_reg <= chain_reg;
    end

    // input fields, from bit 1 (bit 0 is rst): the LuGre side, the Stribeck side, srst
    localparam integer L = 1;
    localparam integer L_TD = L, L_TU = L_TD + W, L_TV = L_TU + AXIS_W, L_MR = L_TV + 1, L_CV = L_MR + 1,
                       L_CC = L_CV + 1, L_CA = L_CC + 1, L_CX = L_CA + 5, L_CD = L_CX + AXIS_W, L_FC = L_CD + 32;
    localparam integer S = L + LG_IN;
    localparam integer S_TD = S, S_TU = S_TD + W, S_TV = S_TU + AXIS_W, S_MR = S_TV + 1, S_CV = S_MR + 1,
                       S_CC = S_CV + 1, S_CA = S_CC + 1, S_CX = S_CA + 4, S_CD = S_CX + AXIS_W, S_FC = S_CD + 32;
    localparam integer R_SV = S + ST_IN, R_SA = R_SV + 1, R_SX = R_SA + 1;
    // output fields
    localparam integer OL_TD = 1, OL_TU = OL_TD + W, OL_TV = OL_TU + AXIS_W + 4, OL_CR = OL_TV + 1, OL_FL = OL_CR + 1;
    localparam integer OS = LG_OUT;
    localparam integer OS_TD = OS + 1, OS_TU = OS_TD + W, OS_TV = OS_TU + AXIS_W + 2, OS_CR = OS_TV + 1,
                       OS_FL = OS_CR + 1;
    localparam integer O_SR = LG_OUT + ST_OUT;

    wire [OUT_BITS-1:0] out;
    fric_eng #(.NUM_AXES(NUM_AXES)) u_core (
        .clk(clk),
        .rst(in_reg[0]),
        .lg_s_axis_tdata(in_reg[L_TD +: W]),
        .lg_s_axis_tuser(in_reg[L_TU +: AXIS_W]),
        .lg_s_axis_tvalid(in_reg[L_TV]),
        .lg_s_axis_tready(out[0]),
        .lg_m_axis_tdata(out[OL_TD +: W]),
        .lg_m_axis_tuser(out[OL_TU +: AXIS_W + 4]),
        .lg_m_axis_tvalid(out[OL_TV]),
        .lg_m_axis_tready(in_reg[L_MR]),
        .lg_cfg_valid(in_reg[L_CV]),
        .lg_cfg_ready(out[OL_CR]),
        .lg_cfg_commit(in_reg[L_CC]),
        .lg_cfg_addr(in_reg[L_CA +: 5]),
        .lg_cfg_axis(in_reg[L_CX +: AXIS_W]),
        .lg_cfg_data(in_reg[L_CD +: 32]),
        .lg_srst_valid(in_reg[R_SV]),
        .lg_srst_ready(out[O_SR]),
        .lg_srst_all(in_reg[R_SA]),
        .lg_srst_axis(in_reg[R_SX +: AXIS_W]),
        .lg_flags(out[OL_FL +: 5]),
        .lg_flags_clear(in_reg[L_FC +: 5]),
        .st_s_axis_tdata(in_reg[S_TD +: W]),
        .st_s_axis_tuser(in_reg[S_TU +: AXIS_W]),
        .st_s_axis_tvalid(in_reg[S_TV]),
        .st_s_axis_tready(out[OS]),
        .st_m_axis_tdata(out[OS_TD +: W]),
        .st_m_axis_tuser(out[OS_TU +: AXIS_W + 2]),
        .st_m_axis_tvalid(out[OS_TV]),
        .st_m_axis_tready(in_reg[S_MR]),
        .st_cfg_valid(in_reg[S_CV]),
        .st_cfg_ready(out[OS_CR]),
        .st_cfg_commit(in_reg[S_CC]),
        .st_cfg_addr(in_reg[S_CA +: 4]),
        .st_cfg_axis(in_reg[S_CX +: AXIS_W]),
        .st_cfg_data(in_reg[S_CD +: 32]),
        .st_flags(out[OS_FL +: 3]),
        .st_flags_clear(in_reg[S_FC +: 3])
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
