`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_lugre: the Dahl / LuGre dynamic friction core for NUM_AXES axes, with
// the exact step of the fixed-point model (stable at any sample time), bit-
// exact with fric_fx_lugre_step() (cmodel/src/fric_fx.c; docs/fric_lugre.md):
//
//   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)   (the Stribeck level)
//   w'   = w + (w_ss - w)(1 - 2^-y2),  y2 = sigma0 |v| Ts / g(v) log2(e)
//   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
//
// Dahl is the configuration DM = 0 (g = FC) and C1M = 0; v = 0 holds the
// state. One of three architectures with the same ports, contract and results:
//
//   OPT_PIPE = 1  fric_lugre_pipe: a pipeline, one sample per clock; a
//                 sample whose axis is among the last HAZ samples taken
//                 waits (HAZ = 12 with OPT_FAST, 11 without), so round-robin
//                 traffic over N axes runs at min(1, N / (HAZ + 1)) samples
//                 per clock; latency 114 cycles (W = 18, OPT_FAST 1) or 93
//                 (W = 16, OPT_FAST 0), as the benches measure; 20 DSP
//                 products.
//   OPT_PIPE = 0  fric_lugre_seq: a sequencer around one multiplier, one
//                 sample at a time, 4 (v = 0) to 89 cycles.
//   OPT_PIPE = 2  fric_lugre_msq: the sequencer's program in three stages,
//                 the last two sharing a multiplier, two samples in flight:
//                 about one sample per 40 cycles (0.025 per clock
//                 round-robin), latency 7 (v = 0) to 97 cycles, as the
//                 benches measure.
//
// Ports (all three): s_axis velocity code (S,W,0) with the axis in tuser;
// m_axis force code (S,W,0) with {W_SAT, S1_SAT, G_SAT, F_SAT, axis} in
// tuser; the cfg port (20 words into a staging set, a commit applies it to
// one axis between two samples); the state-reset port (one axis or all);
// sticky flags {CFG, W_SAT, S1_SAT, G_SAT, F_SAT} with W1C flags_clear.
// Each architecture's header gives its timing in full.
module fric_lugre #(
    // datapath width: 16 or 18
    parameter integer W = 16,
    // axes; the memories have 2^AXIS_W entries
    parameter integer NUM_AXES = 8,
    // 1: the pipeline; 0: the sequencer; 2: the three-stage sequencer
    parameter integer OPT_PIPE = 1,
    // pipeline only: 1 three-stage rounding shifts and table ROMs in logic
    // (a fast clock, ECP5); 0 two-stage shifts, tables in block RAM
    parameter integer OPT_FAST = 1,
    // pipeline only: 1 products as registered ECP5 MULT18X18D (synthesis)
    parameter integer OPT_ECP5_DSP = 0
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [W-1:0]           s_axis_tdata,
    input  wire [AXIS_W-1:0]      s_axis_tuser,
    input  wire                   s_axis_tvalid,
    output wire                   s_axis_tready,

    output wire [W-1:0]           m_axis_tdata,
    output wire [AXIS_W+3:0]      m_axis_tuser,
    output wire                   m_axis_tvalid,
    input  wire                   m_axis_tready,

    input  wire                   cfg_valid,
    output wire                   cfg_ready,
    input  wire                   cfg_commit,
    input  wire [4:0]             cfg_addr,
    input  wire [AXIS_W-1:0]      cfg_axis,
    input  wire [31:0]            cfg_data,

    input  wire                   srst_valid,
    output wire                   srst_ready,
    input  wire                   srst_all,
    input  wire [AXIS_W-1:0]      srst_axis,

    output wire [4:0]             flags,
    input  wire [4:0]             flags_clear
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);

    // OPT_PIPE names one of three architectures (was: any nonzero value the pipeline)
    initial begin
        if (OPT_PIPE < 0 || OPT_PIPE > 2) begin
            $display("fric_lugre: OPT_PIPE %0d; allowed 0 (sequencer), 1 (pipeline), 2 (three-stage sequencer)", OPT_PIPE);
            $finish;
        end
    end

    generate
        if (OPT_PIPE == 1) begin : g_pipe
            fric_lugre_pipe #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FAST(OPT_FAST), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_core (
                .clk(clk), .rst(rst),
                .s_axis_tdata(s_axis_tdata), .s_axis_tuser(s_axis_tuser),
                .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser),
                .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
                .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_commit(cfg_commit),
                .cfg_addr(cfg_addr), .cfg_axis(cfg_axis), .cfg_data(cfg_data),
                .srst_valid(srst_valid), .srst_ready(srst_ready), .srst_all(srst_all), .srst_axis(srst_axis),
                .flags(flags), .flags_clear(flags_clear));
        end else if (OPT_PIPE == 2) begin : g_msq
            fric_lugre_msq #(.W(W), .NUM_AXES(NUM_AXES)) u_core (
                .clk(clk), .rst(rst),
                .s_axis_tdata(s_axis_tdata), .s_axis_tuser(s_axis_tuser),
                .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser),
                .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
                .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_commit(cfg_commit),
                .cfg_addr(cfg_addr), .cfg_axis(cfg_axis), .cfg_data(cfg_data),
                .srst_valid(srst_valid), .srst_ready(srst_ready), .srst_all(srst_all), .srst_axis(srst_axis),
                .flags(flags), .flags_clear(flags_clear));
        end else begin : g_seq
            fric_lugre_seq #(.W(W), .NUM_AXES(NUM_AXES)) u_core (
                .clk(clk), .rst(rst),
                .s_axis_tdata(s_axis_tdata), .s_axis_tuser(s_axis_tuser),
                .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser),
                .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
                .cfg_valid(cfg_valid), .cfg_ready(cfg_ready), .cfg_commit(cfg_commit),
                .cfg_addr(cfg_addr), .cfg_axis(cfg_axis), .cfg_data(cfg_data),
                .srst_valid(srst_valid), .srst_ready(srst_ready), .srst_all(srst_all), .srst_axis(srst_axis),
                .flags(flags), .flags_clear(flags_clear));
        end
    endgenerate
endmodule
`resetall
