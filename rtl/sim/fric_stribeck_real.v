// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_stribeck_real: SIMULATION ONLY. The real-valued twin of
// fric_stribeck, with the same parameters, ports, latency and flow control:
// it decodes the same parameter words into real values and computes
//
//   F = sign(v) * (Fc + (Fs - Fc) * exp(-(|v|/vs)^delta)) + b * v
//
// in double precision with $exp, quantizing only at the output port (round
// half up of the magnitude, sign after, saturated to +-(2^(W-1) - 1)). Use it
// to see what the fixed-point arithmetic costs; it is never synthesized
// (Yosys rejects 'real') and appears in no synthesis file list.
//
// Differences from the fixed-point core: a commit applies to every field at
// the same advance (no pipeline of fields is needed), cfg_ready is low only
// while a request is pending, and ce is the plain !m_axis_tvalid ||
// m_axis_tready (no output buffer).
module fric_stribeck_real #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 8,
    // accepted for port compatibility; unused
    parameter integer OPT_FABRIC = 1,
    // selects the latency of the core it stands in for
    parameter integer OPT_FAST = 0
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [W-1:0]           s_axis_tdata,
    input  wire [AXIS_W-1:0]      s_axis_tuser,
    input  wire                   s_axis_tvalid,
    output wire                   s_axis_tready,
    output wire [W-1:0]           m_axis_tdata,
    output wire [AXIS_W+1:0]      m_axis_tuser,
    output wire                   m_axis_tvalid,
    input  wire                   m_axis_tready,
    input  wire                   cfg_valid,
    output wire                   cfg_ready,
    input  wire                   cfg_commit,
    input  wire [3:0]             cfg_addr,
    input  wire [AXIS_W-1:0]      cfg_axis,
    input  wire [31:0]            cfg_data,
    output wire [2:0]             flags,
    input  wire [2:0]             flags_clear
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    localparam integer NA = 1 << AXIS_W;
    localparam integer NW = `FRIC_WORDS_STRIBECK;
`include "fric_stribeck_latency.vh"
    localparam integer LATENCY = fric_stribeck_latency(W, OPT_FAST);
    localparam integer G = `FRIC_G(W);
    localparam integer YF = `FRIC_YF(W);
    localparam real FMAX = (2.0 ** (W - 1)) - 1.0;

    wire ce = !m_axis_tvalid || m_axis_tready;
    assign s_axis_tready = ce;
    reg req_v = 1'b0, req_commit = 1'b0, bad_d = 1'b0;
    reg [3:0] req_addr = 4'd0;
    reg [AXIS_W-1:0] req_axis;
    reg [31:0] req_data = 32'd0;
    assign cfg_ready = ce && !req_v;

    // staging words and per-axis sets, as the fixed-point core holds them
    reg [31:0] stg [0:NW-1];
    reg [31:0] set [0:NA-1][0:NW-1];
    integer i, j;
    initial begin
        for (i = 0; i < NW; i = i + 1) stg[i] = 0;
        for (i = 0; i < NA; i = i + 1) for (j = 0; j < NW; j = j + 1) set[i][j] = 0;
        req_axis = 0;
    end

    function fits;
        input [3:0] addr;
        input [31:0] d;
        integer bits;
        begin
            case (addr)
                `FRIC_WORD_KM, `FRIC_WORD_KM_N, `FRIC_WORD_BM_P, `FRIC_WORD_BM_N: bits = W;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N, `FRIC_WORD_BS_P, `FRIC_WORD_BS_N: bits = `FRIC_BITS_KS(W);
                `FRIC_WORD_DSEL: bits = 1;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N: bits = `FRIC_BITS_FC_P(W);
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N: bits = `FRIC_BITS_DS_P(W);
                default: bits = -1;
            endcase
            if (addr == `FRIC_WORD_DM_P || addr == `FRIC_WORD_DM_N)
                fits = ($signed(d) >>> (W - 1)) == 0 || ($signed(d) >>> (W - 1)) == -1;
            else
                fits = (bits > 0) && ((d >> bits) == 0);
        end
    endfunction

    // the force of one sample, in output LSB, from the axis's words
    function real dm_of;
        input [31:0] d;
        begin
            dm_of = $itor($signed(d));
        end
    endfunction
    reg [2:0] flags_reg;
    reg [W-1:0] f_now;
    reg [1:0] fl_now;
    real a, y, e, fc, dip, visc, mag;
    integer o, m_int;
    reg [3:0] ok, os;               // the word numbers of KM and KS of v's direction
    always @(*) begin
        a = $itor($signed(s_axis_tdata));
        if (a < 0.0) a = -a;
        o = s_axis_tdata[W-1] ? (`FRIC_WORD_FC_N - `FRIC_WORD_FC_P) : 0;
        ok = s_axis_tdata[W-1] ? `FRIC_WORD_KM_N : `FRIC_WORD_KM;
        os = s_axis_tdata[W-1] ? `FRIC_WORD_KS_N : `FRIC_WORD_KS;
        y = (set[s_axis_tuser][`FRIC_WORD_DSEL][0] ? a * a : a) * $itor(set[s_axis_tuser][ok])
            / (2.0 ** $itor(set[s_axis_tuser][os])) / (2.0 ** YF);
        e = $exp(-y * 0.6931471805599453);
        fc = $itor(set[s_axis_tuser][`FRIC_WORD_FC_P + o]) / (2.0 ** G);
        dip = dm_of(set[s_axis_tuser][`FRIC_WORD_DM_P + o]) / (2.0 ** $itor(set[s_axis_tuser][`FRIC_WORD_DS_P + o])) * e;
        visc = a * $itor(set[s_axis_tuser][`FRIC_WORD_BM_P + o])
               / (2.0 ** $itor(set[s_axis_tuser][`FRIC_WORD_BS_P + o])) / (2.0 ** G);
        mag = $floor(fc + dip + visc + 0.5);
        fl_now = 2'b00;
        if (mag < 0.0) begin
            mag = 0.0;
            fl_now[1] = 1'b1;
        end
        if (mag > FMAX) begin
            mag = FMAX;
            fl_now[0] = 1'b1;
        end
        if (s_axis_tdata == {W{1'b0}}) begin
            mag = 0.0;
            fl_now = 2'b00;
        end
        m_int = s_axis_tdata[W-1] ? -$rtoi(mag) : $rtoi(mag);
        f_now = m_int[W-1:0];
    end

    // the same latency as the fixed-point core
    reg [LATENCY-1:0] valid_reg;
    reg [(W+AXIS_W+2)*LATENCY-1:0] pipe_reg;
    wire [W+AXIS_W+1:0] beat = {fl_now, s_axis_tuser, f_now};
    always @(posedge clk) begin
        if (ce) begin
            valid_reg <= {valid_reg[LATENCY-2:0], s_axis_tvalid};
            pipe_reg <= {pipe_reg[(W+AXIS_W+2)*(LATENCY-1)-1:0], beat};
        end
        // the core's contract: a word is checked and written a cycle after its
        // handshake; a commit applies from the second advance after it
        if (cfg_valid && cfg_ready) begin
            req_v <= 1'b1;
            req_commit <= cfg_commit;
            req_addr <= cfg_addr;
            req_axis <= cfg_axis;
            req_data <= cfg_data;
        end else if (req_v && (!req_commit || ce)) begin
            req_v <= 1'b0;
        end
        if (req_v && !req_commit && fits(req_addr, req_data)) stg[req_addr] <= req_data;
        // the sample accepted at this advance was computed from the old set
        if (req_v && req_commit && ce)
            for (j = 0; j < NW; j = j + 1) set[req_axis][j] <= stg[j];
        bad_d <= req_v && !req_commit && !fits(req_addr, req_data);
        flags_reg <= (flags_reg & ~flags_clear) |
                     {bad_d,
                      (m_axis_tvalid && m_axis_tready) ? m_axis_tuser[AXIS_W+1:AXIS_W] : 2'b00};
        if (rst) begin
            valid_reg <= {LATENCY{1'b0}};
            flags_reg <= 3'b000;
        end
    end
    wire [W+AXIS_W+1:0] out_beat = pipe_reg[(W+AXIS_W+2)*LATENCY-1 -: (W+AXIS_W+2)];
    assign m_axis_tvalid = valid_reg[LATENCY-1];
    assign m_axis_tdata = out_beat[W-1:0];
    assign m_axis_tuser = out_beat[W+AXIS_W+1:W];
    assign flags = flags_reg;
endmodule
`resetall
