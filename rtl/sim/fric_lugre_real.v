// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_lugre_real: SIMULATION ONLY. The real-valued twin of fric_lugre, with
// the same parameters and ports: it decodes the same parameter words into
// real values (velocity in input codes, force and state in output LSB) and
// takes the exact step in double precision,
//
//   g   = FC 2^-G + DM 2^-DS 2^-y,        y  = (|v| or |v|^2) KM 2^-(KS+YF)
//   (FC, DM, DS, KM, KS of the direction of v: the _N words for v < 0)
//   w'  = w_ss + (w - w_ss) 2^-y2,         y2 = |v| KYM (2^W - 1) / (g 2^(G+W+KYX))
//   F   = w' + c1 (w' - w) + sign(v) |v| BM 2^-(BS+G),   c1 = C1M 2^-C1S (2^-yd with MD_EN)
//
// with $pow, quantizing only at the output port (round half up, saturated to
// +-(2^(W-1) - 1), F_SAT). v = 0 holds the state. The other flags: G_SAT when
// g leaves the core's range [2^-G, 2^(W-1) - 2^-G]; S1_SAT and W_SAT are never
// set (the real state needs no limit). Use it to see what the fixed-point
// arithmetic costs; Yosys rejects 'real', so it is in no synthesis file list.
//
// Flow control: one sample at a time, like the core, with a latency of one
// cycle (the result is computed at the input handshake); a commit and a state
// reset apply at their handshake, between two samples.
module fric_lugre_real #(
    parameter integer W = 16,
    parameter integer NUM_AXES = 8
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
    localparam integer NA = 1 << AXIS_W;
    localparam integer NWORDS = `FRIC_WORDS_LUGRE;
    localparam integer G = `FRIC_G(W);
    localparam integer YF = `FRIC_YF(W);
    localparam real FMAX = (2.0 ** (W - 1)) - 1.0;
    localparam real GMIN = 2.0 ** (-G);
    localparam real GMAX = (2.0 ** (W - 1)) - 2.0 ** (-G);

    // the staging set and the axes' sets, one 32-bit word per field
    reg [31:0] stg [0:NWORDS-1];
    reg [31:0] set [0:NA-1][0:NWORDS-1];
    real wst [0:NA-1];
    integer i, j;
    initial begin
        for (j = 0; j < NWORDS; j = j + 1) stg[j] = 32'd0;
        for (i = 0; i < NA; i = i + 1) begin
            wst[i] = 0.0;
            for (j = 0; j < NWORDS; j = j + 1) set[i][j] = 32'd0;
        end
    end

    // does a word fit its field (fric_fx_word_fits)
`include "fric_lugre_fits.vh"

    function automatic real u(input [31:0] x);
        u = $itor(x);
    endfunction
    function automatic real s32(input [31:0] x);
        s32 = $itor($signed(x));
    endfunction

    reg o_valid;
    reg [W-1:0] o_data;
    reg [AXIS_W+3:0] o_user;
    reg [4:0] sticky;
    assign s_axis_tready = !o_valid || m_axis_tready;
    assign m_axis_tvalid = o_valid;
    assign m_axis_tdata = o_data;
    assign m_axis_tuser = o_user;
    assign cfg_ready = 1'b1;
    assign srst_ready = 1'b1;
    assign flags = sticky;

    // one exact step of the sample at the input port (logic; taken at the handshake)
    real av, y, e, g, wss, w0, w1, y2, c1, yd, visc, f, fr;
    reg neg, hold;
    integer o;
    reg [4:0] ok, os;               // the word numbers of KM and KS of v's direction
    reg [3:0] sfl;
    reg [31:0] fo;                  // the rounded force, within +-(2^(W-1) - 1)
    always @* begin
        sfl = 4'd0;
        y = 0.0; e = 0.0; g = 0.0; wss = 0.0; y2 = 0.0; c1 = 0.0; yd = 0.0; visc = 0.0;
        av = $itor($signed(s_axis_tdata));
        neg = av < 0.0;
        if (neg) av = -av;
        o = neg ? (`FRIC_WORD_FC_N - `FRIC_WORD_FC_P) : 0;
        ok = neg ? `FRIC_WORD_KM_N : `FRIC_WORD_KM;
        os = neg ? `FRIC_WORD_KS_N : `FRIC_WORD_KS;
        w0 = wst[s_axis_tuser];
        w1 = w0;
        hold = av == 0.0;
        if (hold) begin
            f = w0;
        end else begin
            y = (set[s_axis_tuser][`FRIC_WORD_DSEL][0] ? av * av : av) * u(set[s_axis_tuser][ok])
                / (2.0 ** (u(set[s_axis_tuser][os]) + YF));
            e = 2.0 ** (-y);
            g = u(set[s_axis_tuser][`FRIC_WORD_FC_P + o]) * GMIN
                + s32(set[s_axis_tuser][`FRIC_WORD_DM_P + o]) / (2.0 ** u(set[s_axis_tuser][`FRIC_WORD_DS_P + o])) * e;
            if (g < GMIN || g > GMAX) begin
                sfl[1] = 1'b1;
                g = (g < GMIN) ? GMIN : GMAX;
            end
            wss = neg ? -g : g;
            y2 = av * u(set[s_axis_tuser][`FRIC_WORD_KYM]) * ((2.0 ** W) - 1.0)
                 / (g * (2.0 ** (G + W + s32(set[s_axis_tuser][`FRIC_WORD_KYX]))));
            w1 = wss + (w0 - wss) * (2.0 ** (-y2));
            c1 = u(set[s_axis_tuser][`FRIC_WORD_C1M]) / (2.0 ** u(set[s_axis_tuser][`FRIC_WORD_C1S]));
            if (set[s_axis_tuser][`FRIC_WORD_MD_EN][0]) begin
                yd = av * av * u(set[s_axis_tuser][`FRIC_WORD_KDM]) / (2.0 ** (u(set[s_axis_tuser][`FRIC_WORD_KDS]) + YF));
                c1 = c1 * (2.0 ** (-yd));
            end
            visc = av * u(set[s_axis_tuser][`FRIC_WORD_BM_P + o]) / (2.0 ** (u(set[s_axis_tuser][`FRIC_WORD_BS_P + o]) + G));
            f = w1 + c1 * (w1 - w0) + (neg ? -visc : visc);
        end
        fr = $floor(f + 0.5);
        if (fr > FMAX || fr < -FMAX) begin
            sfl[0] = 1'b1;
            fr = (fr > 0.0) ? FMAX : -FMAX;
        end
        fo = $rtoi(fr);
    end

    wire take = s_axis_tvalid && s_axis_tready;
    wire bad_word = cfg_valid && !cfg_commit && !fits(cfg_addr, cfg_data);
    always @(posedge clk) begin
        if (rst) begin
            o_valid <= 1'b0;
            sticky <= 5'd0;
            for (i = 0; i < NA; i = i + 1) wst[i] <= 0.0;
        end else begin
            if (o_valid && m_axis_tready) o_valid <= 1'b0;
            if (cfg_valid && cfg_commit)
                for (j = 0; j < NWORDS; j = j + 1) set[cfg_axis][j] <= stg[j];
            if (cfg_valid && !cfg_commit && !bad_word) stg[cfg_addr] <= cfg_data;
            if (srst_valid) begin
                if (srst_all) for (i = 0; i < NA; i = i + 1) wst[i] <= 0.0;
                else wst[srst_axis] <= 0.0;
            end
            if (take) begin
                if (!hold) wst[s_axis_tuser] <= w1;
                o_data <= fo[W-1:0];
                o_user <= {sfl, s_axis_tuser};
                o_valid <= 1'b1;
            end
            sticky <= (sticky & ~flags_clear) | {bad_word, take ? sfl : 4'd0};
        end
    end
endmodule

`resetall
