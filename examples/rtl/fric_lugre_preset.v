// SPDX-License-Identifier: Apache-2.0
// fric_lugre_preset: the LuGre core with a parameter set fixed when the
// design is built, loaded by a small sequencer after every rst: no register
// file, no processor. The set is the output of
//
//     fricore compile --params lugre.json --ts 1e-4 --width 16 --format vh > fric_lugre_set.vh
//
// on the include path: its FRIC_P_SET holds word i at [32*i +: 32], in the
// order of docs/generated/formats.md. After rst the sequencer writes the
// words into the core's staging set (cfg_commit 0), commits the set to axis
// 0, 1, ... NUM_AXES-1 (cfg_commit 1), then raises `loaded`. Until then the
// sample input is held off (s_axis_tready low), so no sample meets a core
// without its set. tb/preset checks it against fricore trace --fixed.
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
module fric_lugre_preset #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 1,
    parameter integer OPT_FAST = 1
) (
    input  wire                   clk,
    input  wire                   rst,
    output reg                    loaded = 1'b0,

    input  wire [W-1:0]           s_axis_tdata,
    input  wire [AXIS_W-1:0]      s_axis_tuser,
    input  wire                   s_axis_tvalid,
    output wire                   s_axis_tready,

    output wire [W-1:0]           m_axis_tdata,
    output wire [AXIS_W+3:0]      m_axis_tuser,
    output wire                   m_axis_tvalid,
    input  wire                   m_axis_tready,

    output wire [4:0]             flags
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
`include "fric_lugre_set.vh"

    generate
        if (FRIC_P_WIDTH != W || FRIC_P_WORDS != `FRIC_WORDS_LUGRE) begin : g_bad_set
            // a set compiled for another width, or a Stribeck set: elaboration stops here
            fric_lugre_preset_set_does_not_match_W_or_is_not_a_lugre_set bad();
        end
    endgenerate

    // the sequencer: the words, then one commit per axis
    reg [4:0]        word_reg = 5'd0;
    reg [AXIS_W-1:0] axis_reg = {AXIS_W{1'b0}};
    reg              commit_reg = 1'b0;
    wire             cfg_ready;
    wire             cfg_valid = !loaded;
    always @(posedge clk) begin
        if (cfg_valid && cfg_ready) begin
            if (!commit_reg) begin
                word_reg <= word_reg + 5'd1;
                if (word_reg == 5'd19) commit_reg <= 1'b1;
            end else begin
                axis_reg <= axis_reg + 1'b1;
                if (axis_reg == NUM_AXES[AXIS_W-1:0] - 1'b1) loaded <= 1'b1;
            end
        end
        if (rst) begin
            word_reg <= 5'd0;
            axis_reg <= {AXIS_W{1'b0}};
            commit_reg <= 1'b0;
            loaded <= 1'b0;
        end
    end

    wire core_ready;
    wire unused_srst_ready;  // no state reset here: rst zeroes the state
    assign s_axis_tready = core_ready && loaded;

    fric_lugre #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FAST(OPT_FAST)) core (
        .clk(clk), .rst(rst),
        .s_axis_tdata(s_axis_tdata), .s_axis_tuser(s_axis_tuser),
        .s_axis_tvalid(s_axis_tvalid && loaded), .s_axis_tready(core_ready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser),
        .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_commit(commit_reg),
        .cfg_addr(word_reg), .cfg_axis(axis_reg), .cfg_data(FRIC_P_SET[32*word_reg +: 32]),
        .srst_valid(1'b0), .srst_ready(unused_srst_ready), .srst_all(1'b0), .srst_axis({AXIS_W{1'b0}}),
        .flags(flags), .flags_clear(5'd0)
    );
endmodule
`default_nettype wire
