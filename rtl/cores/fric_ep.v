// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_ep: the elasto-plastic friction core for NUM_AXES axes, bit-exact with
// fric_fx_ep_step() (cmodel/src/fric_fx.c; docs/fric_ep.md). It computes
// one sample at a time with a small state machine over one shared datapath:
// one product (a signed 48-bit by unsigned 20-bit multiplier with a
// registered result), one table read port (the reciprocal, h, exp2pair and
// elasto-plastic alpha tables of rtl/generated), and the normalizing and
// rounding shifts of the fixed-point model. It trades throughput for area:
// a sample takes K cycles (docs/fric_ep.md gives K per zone).
//
//   LuGre's step when EP_WBA = 0, v = 0 or sign(v) w >= g_w (alpha = 1);
//   below the breakaway w_b = EP_WBA 2^(WG-G): w' = w + sign(v) |v| KZM 2^-KZS (exact);
//   in the transition zone: alpha frozen at the predicted midpoint, the
//   step solved exactly (fric_fx.h, fric_fx_ep_step);
//   F = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG)).
//
// Streams (AXI4-Stream), as fric_lugre: s_axis: tdata = velocity code
// (S,W,0), tuser = axis. m_axis: tdata = force code (S,W,0), limited to
// +-(2^(W-1) - 1); tuser = {W_SAT, S1_SAT, G_SAT, F_SAT, axis}. A sample is
// taken only while the core is idle; s_axis_tready depends on registers only.
//
// Parameters: the LuGre set's 22 words and EP_WBA, EP_KZM, EP_KZS (words
// 22..24). A cfg word is checked against its field (fric_fx_ep_word_fits())
// and written into the staging set in the cycle of its handshake; a word
// that does not fit, or an address past 24, is ignored and sets the CFG flag.
// A commit is applied after the sample in progress (and one taken in the
// same cycle), before any sample taken after it: the staging set is copied
// into the axis's set, one word per cycle (cfg_ready low meanwhile).
// Parameters start at 0 (F = 0).
//
// State reset: srst_valid with srst_all (every axis) or srst_axis zeroes
// the state after the sample in progress and before any taken after it. rst
// (synchronous) drops the sample in progress and the output register,
// clears the flags, zeroes every axis's state (one cycle per axis) and keeps
// the parameters, the staging set and a commit already taken.
//
// Sticky flags: flags = {CFG, W_SAT, S1_SAT, G_SAT, F_SAT}, the sample flags
// set when the sample leaves (m_axis handshake), cleared by writing 1s to
// flags_clear (a set wins).
module fric_ep #(
    // datapath width: 16 or 18
    parameter integer W = 16,
    // axes; the memories have 2^AXIS_W entries
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

    // ---- formats ------------------------------------------------------------
    localparam integer G = `FRIC_G(W);
    localparam integer WG = `FRIC_WG(W);
    localparam integer EF = `FRIC_EF(W);
    localparam integer YF = `FRIC_YF(W);
    localparam integer YI = `FRIC_YI(W);
    localparam integer TB = `FRIC_TB(W);
    localparam integer TP = `FRIC_TP(W);
    localparam integer FB = `FRIC_FB(W);
    localparam integer RF = `FRIC_RF(W);
    localparam integer HP = `FRIC_HP(W);
    localparam integer HF = `FRIC_HF(W);
    localparam integer EPF = `FRIC_EPF(W);
    localparam integer EPB = `FRIC_EPB(W);
    localparam integer EPN = `FRIC_EP_TABLE_N;
    localparam integer L2E = `FRIC_EP_L2E(W);
    localparam integer NWORDS = `FRIC_WORDS_EP;
    localparam integer PW = `FRIC_BITS_FC_P(W);     // the widest field (FC, EP_WBA)
    localparam integer SW = W + WG;                 // the state w, (S,W,WG)
    localparam integer TW = 2 * W;                  // a table entry (exp2pair: 2W bits)
    localparam integer TA_W = 11;                   // table address (1025 alpha entries)
    localparam integer MA_W = 48;                   // multiplier operand A, signed
    localparam integer MB_W = 20;                   // multiplier operand B, unsigned
    localparam signed [63:0] ONE = 64'sd1;
    localparam signed [63:0] YMAX = (ONE <<< (YI + YF)) - 1;   // exp2's input limit
    localparam signed [63:0] YLIM = ONE <<< (YI + YF);         // y_over_g's limit
    localparam signed [63:0] GMAX = (ONE <<< (W - 1 + G)) - 1;
    localparam signed [63:0] WMAX = (ONE <<< (W - 1 + WG)) - 1;
    localparam signed [63:0] S1MAX = (ONE <<< (W + 1 + WG)) - 1;
    localparam signed [63:0] FMAX = (ONE <<< (W - 1)) - 1;
    localparam signed [63:0] EP1 = ONE <<< EPF;                // alpha = 1, (U,1,EPF)
    localparam signed [63:0] WG64 = {32'd0, WG[31:0]};
    localparam integer EPN_M1 = EPN - 1;
    localparam integer NA_M1 = NA - 1;
    localparam [TA_W-1:0] TA_LAST = EPN_M1[TA_W-1:0];        // the alpha table's last entry
    localparam [AXIS_W:0] AX_LAST = NA_M1[AXIS_W:0];

    initial begin
        if (W != 16 && W != 18) begin
            $display("fric_ep: W must be 16 or 18, not %0d", W);
            $finish;
        end
        if (NUM_AXES < 1 || NUM_AXES > 256) begin
            $display("fric_ep: NUM_AXES must be 1 to 256, not %0d", NUM_AXES);
            $finish;
        end
    end

    // ---- the model's integer helpers (fric_fx.c), on 64-bit values ----------
    // rsr(x, s): round half up after an arithmetic shift right by s (s <= 0: x)
    function automatic signed [63:0] rsr(input signed [63:0] x, input integer s);
        begin
            if (s <= 0) rsr = x;
            else if (s >= 62) rsr = 64'sd0;
            else rsr = (x + (ONE <<< (s - 1))) >>> s;
        end
    endfunction
    // bits needed for x >= 0
    function automatic integer bitlen(input signed [63:0] x);
        integer k;
        begin
            bitlen = 0;
            for (k = 0; k < 63; k = k + 1) if (x[k]) bitlen = k + 1;
        end
    endfunction
    // the exponent of norm(x, W): x ~ m 2^e with m in [2^(W-1), 2^W)
    function automatic integer norm_e(input signed [63:0] x);
        integer bl;
        reg signed [63:0] m;
        begin
            bl = bitlen(x);
            norm_e = (x == 64'sd0) ? 0 : bl - W;
            if (bl > W) begin
                m = rsr(x, bl - W);
                if ((m >>> W) != 64'sd0) norm_e = norm_e + 1;
            end
        end
    endfunction
    // the mantissa of norm(x, W)
    function automatic signed [63:0] norm_m(input signed [63:0] x);
        integer bl;
        reg signed [63:0] m;
        begin
            bl = bitlen(x);
            if (x == 64'sd0) norm_m = 64'sd0;
            else if (bl <= W) norm_m = x <<< (W - bl);
            else begin
                m = rsr(x, bl - W);
                norm_m = ((m >>> W) != 64'sd0) ? (m >>> 1) : m;
            end
        end
    endfunction
    // norm(x, W): {e (32 bits, signed), m (64 bits)}
    function automatic [95:0] norm(input signed [63:0] x);
        integer e;
        begin
            e = norm_e(x);
            norm = {e, norm_m(x)};
        end
    endfunction
    // shift_to(x, s, lim): x 2^-s rounded (s > 0) or exact, limited to lim (x >= 0)
    function automatic signed [63:0] shift_to(input signed [63:0] x, input integer s, input signed [63:0] lim);
        reg signed [63:0] y;
        begin
            if (s >= 0) begin
                y = rsr(x, s);
                shift_to = (y > lim) ? lim : y;
            end else if (-s >= 62 || x > (lim >>> (-s))) shift_to = (x != 64'sd0) ? lim : 64'sd0;
            else shift_to = x <<< (-s);
        end
    endfunction
    // a field's word, sign-extended from its width
    function automatic signed [63:0] sfield(input [PW-1:0] x, input integer bits);
        reg signed [63:0] t;
        begin
            t = {{(64 - PW){1'b0}}, x};
            sfield = (t <<< (64 - bits)) >>> (64 - bits);
        end
    endfunction
    function automatic signed [63:0] ufield(input [PW-1:0] x);
        begin
            ufield = {{(64 - PW){1'b0}}, x};
        end
    endfunction
    // does data fit the field of word addr (fric_fx_ep_word_fits())
    function automatic fits(input [4:0] addr, input [31:0] d);
        integer bits;
        reg sgn;
        reg signed [63:0] x;
        begin
            sgn = 1'b0;
            case (addr)
                `FRIC_WORD_KM:    bits = `FRIC_BITS_KM(W);
                `FRIC_WORD_KS:    bits = `FRIC_BITS_KS(W);
                `FRIC_WORD_DSEL:  bits = `FRIC_BITS_DSEL(W);
                `FRIC_WORD_FC_P:  bits = `FRIC_BITS_FC_P(W);
                `FRIC_WORD_DM_P:  begin bits = `FRIC_BITS_DM_P(W); sgn = 1'b1; end
                `FRIC_WORD_DS_P:  bits = `FRIC_BITS_DS_P(W);
                `FRIC_WORD_BM_P:  bits = `FRIC_BITS_BM_P(W);
                `FRIC_WORD_BS_P:  bits = `FRIC_BITS_BS_P(W);
                `FRIC_WORD_FC_N:  bits = `FRIC_BITS_FC_N(W);
                `FRIC_WORD_DM_N:  begin bits = `FRIC_BITS_DM_N(W); sgn = 1'b1; end
                `FRIC_WORD_DS_N:  bits = `FRIC_BITS_DS_N(W);
                `FRIC_WORD_BM_N:  bits = `FRIC_BITS_BM_N(W);
                `FRIC_WORD_BS_N:  bits = `FRIC_BITS_BS_N(W);
                `FRIC_WORD_KM_N:  bits = `FRIC_BITS_KM_N(W);
                `FRIC_WORD_KS_N:  bits = `FRIC_BITS_KS_N(W);
                `FRIC_WORD_KYM:   bits = `FRIC_BITS_KYM(W);
                `FRIC_WORD_KYX:   begin bits = `FRIC_BITS_KYX(W); sgn = 1'b1; end
                `FRIC_WORD_C1M:   bits = `FRIC_BITS_C1M(W);
                `FRIC_WORD_C1S:   bits = `FRIC_BITS_C1S(W);
                `FRIC_WORD_MD_EN: bits = `FRIC_BITS_MD_EN(W);
                `FRIC_WORD_KDM:   bits = `FRIC_BITS_KDM(W);
                `FRIC_WORD_KDS:   bits = `FRIC_BITS_KDS(W);
                `FRIC_WORD_EP_WBA: bits = `FRIC_BITS_EP_WBA(W);
                `FRIC_WORD_EP_KZM: bits = `FRIC_BITS_EP_KZM(W);
                `FRIC_WORD_EP_KZS: bits = `FRIC_BITS_EP_KZS(W);
                default:          bits = 0;
            endcase
            x = {32'd0, d};
            if (bits == 0) fits = 1'b0;
            else if (sgn) begin
                x = $signed({{32{d[31]}}, d});
                fits = (x >= -(ONE <<< (bits - 1))) && (x < (ONE <<< (bits - 1)));
            end else fits = (x < (ONE <<< bits));
        end
    endfunction

    // ---- tables (rtl/generated), one registered read port of two entries ----
`include "fric_tables.vh"
`include "fric_tables_ep.vh"
    localparam [1:0] T_RECIP = 2'd0, T_H = 2'd1, T_EXP = 2'd2, T_ALPHA = 2'd3;
    reg [TW-1:0] rom_recip [0:(1<<TB)];
    reg [TW-1:0] rom_h     [0:(1<<TB)];
    reg [TW-1:0] rom_exp   [0:(1<<TB)-1];
    reg [TW-1:0] rom_alpha [0:EPN-1];
    integer ri;
    reg [35:0] rt;
    initial begin
        for (ri = 0; ri <= (1 << TB); ri = ri + 1) begin
            rt = fric_tab_recip(W, ri);
            rom_recip[ri] = rt[TW-1:0];
            rt = fric_tab_h(W, ri);
            rom_h[ri] = rt[TW-1:0];
        end
        for (ri = 0; ri < (1 << TB); ri = ri + 1) begin
            rt = fric_tab_exp2pair(W, ri);
            rom_exp[ri] = rt[TW-1:0];
        end
        for (ri = 0; ri < EPN; ri = ri + 1) begin
            rt = fric_tab_epalpha(W, ri);
            rom_alpha[ri] = rt[TW-1:0];
        end
    end
    reg [1:0]      tsel_reg = T_RECIP;
    reg [TA_W-1:0] ta_reg = {TA_W{1'b0}};
    reg [TW-1:0]   tq0_reg, tq1_reg;
    wire [TA_W-1:0] ta1 = ta_reg + 1'b1;
    always @(posedge clk) begin
        case (tsel_reg)
            T_RECIP: begin tq0_reg <= rom_recip[ta_reg[TB:0]]; tq1_reg <= rom_recip[ta1[TB:0]]; end
            T_H:     begin tq0_reg <= rom_h[ta_reg[TB:0]];     tq1_reg <= rom_h[ta1[TB:0]]; end
            T_EXP:   begin tq0_reg <= rom_exp[ta_reg[TB-1:0]]; tq1_reg <= {TW{1'b0}}; end
            default: begin
                tq0_reg <= rom_alpha[ta_reg];
                tq1_reg <= (ta_reg == TA_LAST) ? rom_alpha[ta_reg] : rom_alpha[ta1];
            end
        endcase
    end
    wire signed [63:0] tq0 = {{(64 - TW){1'b0}}, tq0_reg};
    wire signed [63:0] tq1 = {{(64 - TW){1'b0}}, tq1_reg};

    // ---- the shared product, registered -------------------------------------
    reg signed [MA_W-1:0] ma_reg = {MA_W{1'b0}};
    reg [MB_W-1:0]        mb_reg = {MB_W{1'b0}};
    reg signed [MA_W+MB_W:0] mp_reg;
    always @(posedge clk) mp_reg <= ma_reg * $signed({1'b0, mb_reg});
    wire signed [63:0] mp = mp_reg[63:0];

    // ---- memories: staging set, the axes' sets, the axes' states ------------
    reg [PW-1:0] stg [0:31];
    reg [PW-1:0] par [0:NA*32-1];
    reg [SW-1:0] stm [0:NA-1];
    reg [PW-1:0] wk  [0:31];        // the set of the sample in progress
    integer mi;
    initial begin
        for (mi = 0; mi < 32; mi = mi + 1) begin
            stg[mi] = {PW{1'b0}};
            wk[mi] = {PW{1'b0}};
        end
        for (mi = 0; mi < NA * 32; mi = mi + 1) par[mi] = {PW{1'b0}};
        for (mi = 0; mi < NA; mi = mi + 1) stm[mi] = {SW{1'b0}};
    end

    // ---- the state machine ----------------------------------------------------
    localparam [5:0]
        S_IDLE = 6'd0, S_LOAD = 6'd1, S_START = 6'd2, S_ZERO = 6'd3, S_COMMIT = 6'd4, S_OUT = 6'd5,
        // y_w (y of a, KM, KS, DSEL), then exp2, then back to ret
        S_Y1 = 6'd6, S_Y2 = 6'd7, S_E0 = 6'd8, S_E1 = 6'd9, S_E2 = 6'd10,
        // a table interpolation, then back to ret
        S_I1 = 6'd11, S_I2 = 6'd12,
        // g
        S_G1 = 6'd13, S_G2 = 6'd14,
        // LuGre's approach
        S_L1 = 6'd15, S_L2 = 6'd16, S_L3 = 6'd17, S_L4 = 6'd18, S_L4B = 6'd19, S_L5 = 6'd20,
        S_L5B = 6'd21, S_L5C = 6'd22,
        // the elasto-plastic step
        S_P1 = 6'd23, S_P2 = 6'd24, S_P3 = 6'd25, S_P4 = 6'd26, S_P5 = 6'd27, S_P6 = 6'd28,
        S_P7 = 6'd29, S_P8 = 6'd30, S_P9 = 6'd31, S_P10 = 6'd32, S_P11 = 6'd33, S_P12 = 6'd34,
        S_P13 = 6'd35, S_P14 = 6'd36, S_P15 = 6'd37, S_P16A = 6'd38, S_P16B = 6'd39, S_P17 = 6'd40,
        S_P18 = 6'd41, S_P19 = 6'd42, S_P20 = 6'd43,
        // the end of the step (lugre_end)
        S_N0 = 6'd44, S_N1 = 6'd45, S_N1B = 6'd46, S_N2 = 6'd47, S_N3 = 6'd48, S_N4 = 6'd49, S_N5 = 6'd50,
        // the second rounding of exp2, the normalized g
        S_E3 = 6'd51, S_GN = 6'd52;

    reg [5:0]  st_reg = S_ZERO, ret_reg = S_IDLE;
    reg        ph_reg = 1'b0;           // compute states act when ph_reg = 1
    reg [AXIS_W:0] cnt_reg = {(AXIS_W+1){1'b0}};   // zeroing: the axis
    reg [5:0]  ld_reg = 6'd0;           // load and commit: the word
    reg [AXIS_W-1:0] ax_reg = {AXIS_W{1'b0}};
    reg [PW-1:0] parq_reg;
    reg        cm_pend = 1'b0, sr_pend = 1'b0, sr_all_reg = 1'b0;
    reg [AXIS_W-1:0] cm_axis_reg = {AXIS_W{1'b0}}, sr_axis_reg = {AXIS_W{1'b0}};

    // sample registers (formats as in fric_fx.c; 64-bit carriers)
    reg signed [W-1:0] v_reg;
    reg        neg_reg;
    reg signed [63:0] a_r, w0_r, g_r, gw_r, u_r, dl_r, room_r, rden_r, rg_r, tn_r, pm_r, prod_r,
                      alpha_r, diff_r, w1_r, dw_r, c1_r, s1_r, y_r, e_r, it_r, p_r, ym_r, gn_r, tot_r;
    integer    te_r, ge_r, de_r, sh_r, pn_r, ae_r, pe_r, yk_s_r, yi_r, it_fb_r;
    reg        dsel_r;
    reg [3:0]  sf_reg;                  // {W_SAT, S1_SAT, G_SAT, F_SAT} of the sample
    reg [W-1:0] f_reg;

    // the sample's fields
    wire signed [63:0] f_km   = ufield(neg_reg ? wk[`FRIC_WORD_KM_N] : wk[`FRIC_WORD_KM]);
    wire signed [63:0] f_ks   = ufield(neg_reg ? wk[`FRIC_WORD_KS_N] : wk[`FRIC_WORD_KS]);
    wire signed [63:0] f_fc   = ufield(neg_reg ? wk[`FRIC_WORD_FC_N] : wk[`FRIC_WORD_FC_P]);
    wire signed [63:0] f_dm   = sfield(neg_reg ? wk[`FRIC_WORD_DM_N] : wk[`FRIC_WORD_DM_P], `FRIC_BITS_DM_P(W));
    wire signed [63:0] f_ds   = ufield(neg_reg ? wk[`FRIC_WORD_DS_N] : wk[`FRIC_WORD_DS_P]);
    wire signed [63:0] f_bm   = ufield(neg_reg ? wk[`FRIC_WORD_BM_N] : wk[`FRIC_WORD_BM_P]);
    wire signed [63:0] f_bs   = ufield(neg_reg ? wk[`FRIC_WORD_BS_N] : wk[`FRIC_WORD_BS_P]);
    wire               f_dsel = wk[`FRIC_WORD_DSEL][0];
    wire signed [63:0] f_kym  = ufield(wk[`FRIC_WORD_KYM]);
    wire signed [63:0] f_kyx  = sfield(wk[`FRIC_WORD_KYX], `FRIC_BITS_KYX(W));
    wire signed [63:0] f_c1m  = ufield(wk[`FRIC_WORD_C1M]);
    wire signed [63:0] f_c1s  = ufield(wk[`FRIC_WORD_C1S]);
    wire               f_mden = wk[`FRIC_WORD_MD_EN][0];
    wire signed [63:0] f_kdm  = ufield(wk[`FRIC_WORD_KDM]);
    wire signed [63:0] f_kds  = ufield(wk[`FRIC_WORD_KDS]);
    wire signed [63:0] f_wba  = ufield(wk[`FRIC_WORD_EP_WBA]);
    wire signed [63:0] f_kzm  = ufield(wk[`FRIC_WORD_EP_KZM]);
    wire signed [63:0] f_kzs  = ufield(wk[`FRIC_WORD_EP_KZS]);

    // The fields are carried in 64-bit values; their top bits (zero, or sign
    // copies), the entries' bits past TW and the product's top bits (sign
    // copies: every product fits 64 bits) are not read.
    wire unused_bits = &{1'b0, rt[35:32], mp_reg[MA_W+MB_W:64], f_ks[63:32], f_dm[63:48], f_ds[63:32],
                         f_bm[63:20], f_bs[63:32], f_kym[63:20], f_kyx[63:32], f_c1s[63:32], f_kds[63:32],
                         f_kzm[63:20]};

    // output register
    reg          m_v_reg = 1'b0;
    reg [W-1:0]  m_d_reg;
    reg [AXIS_W+3:0] m_u_reg;
    wire pop = m_v_reg && m_axis_tready;

    wire idle = (st_reg == S_IDLE);
    assign s_axis_tready = idle && !cm_pend && !sr_pend;
    assign srst_ready = idle && !cm_pend && !sr_pend;
    assign cfg_ready = !cm_pend;
    wire s_take = s_axis_tvalid && s_axis_tready;
    wire cfg_take = cfg_valid && !cm_pend;
    wire cfg_bad = cfg_take && !cfg_commit && !fits(cfg_addr, cfg_data) && !flags_clear[4];

    // the cfg port: a word into the staging set, a commit pending
    always @(posedge clk) begin
        if (cfg_take && !cfg_commit && fits(cfg_addr, cfg_data)) stg[cfg_addr] <= cfg_data[PW-1:0];
        if (cfg_take && cfg_commit) begin
            cm_pend <= 1'b1;
            cm_axis_reg <= cfg_axis;
        end
        if (st_reg == S_COMMIT && ld_reg == NWORDS[5:0] - 6'd1) cm_pend <= 1'b0;
    end

    // the state of the sample's axis
    wire [SW-1:0] stm_q = stm[ax_reg];
    // a (read) port of the axes' sets
    always @(posedge clk) parq_reg <= par[{ax_reg, ld_reg[4:0]}];

    // the next values of the state machine's registers, and the temporaries
    // of one step
    reg signed [63:0] t0, t1, t2;
    integer k0;
    reg signed [63:0] a_r_n, y_r_n, it_r_n, e_r_n, g_r_n, gw_r_n, u_r_n, tn_r_n, prod_r_n, diff_r_n, w1_r_n,
                      pm_r_n, rden_r_n, dl_r_n, room_r_n, rg_r_n, alpha_r_n, dw_r_n, c1_r_n, s1_r_n, p_r_n, ym_r_n;
    integer    te_r_n, ge_r_n, de_r_n, sh_r_n, pn_r_n, ae_r_n, pe_r_n, yk_s_r_n, yi_r_n, it_fb_r_n;
    reg [3:0]  sf_reg_n;
    reg [W-1:0] f_reg_n;
    reg [5:0]  st_reg_n, ret_reg_n;
    reg signed [MA_W-1:0] ma_reg_n;
    reg [MB_W-1:0] mb_reg_n;
    reg        dsel_r_n, stm_we;
    reg signed [63:0] gn_r_n, tot_r_n;
    // the shared units: a normalizer, a limited shift, a rounding shift
    reg signed [63:0] nx, sx, sl, rx, nm, so, ro;
    integer    ss, rs, ne;
    reg [95:0] nq;
    reg [1:0]  tsel_reg_n;
    reg [TA_W-1:0] ta_reg_n;

    // one step of the state machine: the next values of its registers
    always @(*) begin
        a_r_n = a_r;
        sf_reg_n = sf_reg;
        f_reg_n = f_reg;
        st_reg_n = st_reg;
        ma_reg_n = ma_reg;
        mb_reg_n = mb_reg;
        ym_r_n = ym_r;
        yk_s_r_n = yk_s_r;
        dsel_r_n = dsel_r;
        ret_reg_n = ret_reg;
        pe_r_n = pe_r;
        y_r_n = y_r;
        yi_r_n = yi_r;
        tsel_reg_n = tsel_reg;
        ta_reg_n = ta_reg;
        p_r_n = p_r;
        it_r_n = it_r;
        e_r_n = e_r;
        g_r_n = g_r;
        gw_r_n = gw_r;
        u_r_n = u_r;
        tn_r_n = tn_r;
        te_r_n = te_r;
        ge_r_n = ge_r;
        it_fb_r_n = it_fb_r;
        sh_r_n = sh_r;
        prod_r_n = prod_r;
        diff_r_n = diff_r;
        w1_r_n = w1_r;
        pm_r_n = pm_r;
        pn_r_n = pn_r;
        rden_r_n = rden_r;
        dl_r_n = dl_r;
        room_r_n = room_r;
        de_r_n = de_r;
        rg_r_n = rg_r;
        alpha_r_n = alpha_r;
        ae_r_n = ae_r;
        dw_r_n = dw_r;
        c1_r_n = c1_r;
        s1_r_n = s1_r;
        gn_r_n = gn_r;
        tot_r_n = tot_r;
        stm_we = 1'b0;
        t0 = 64'sd0;
        t1 = 64'sd0;
        t2 = 64'sd0;
        k0 = 0;
        // the shared units' inputs (registers only), then their results
        nx = mp;
        sx = mp;
        ss = 0;
        sl = 64'sd0;
        rx = mp;
        rs = 0;
        case (st_reg)
            S_START: begin rx = w0_r; rs = WG; end
            S_Y2:    begin ss = yk_s_r - pe_r; sl = YMAX; end
            S_E2:    rs = FB;
            S_E3:    begin rx = it_r; rs = TP - EF + yi_r; end
            S_I2:    rs = it_fb_r;
            S_G2:    rs = EF + f_ds[31:0] - G;
            S_GN:    nx = g_r;
            S_L3:    begin ss = 2 * W - 1 - YF + f_kyx[31:0] + ge_r - te_r; sl = YLIM; end
            S_L4B:   rs = W;
            S_L5B:   rs = HP;
            S_L5C:   rs = sh_r + YF - pn_r;
            S_P1:    begin
                rs = f_kzs[31:0] - WG;
                t1 = f_wba <<< (WG - G);
                nx = gw_r - ((t1 > gw_r) ? gw_r : t1);  // g_w - w_b
            end
            S_P4:    begin ss = 2 * W - 1 + de_r - EPF; sl = EP1; end
            S_P6:    begin ss = 2 * W - 1 + ge_r + WG - G - EPF; sl = EP1; end
            S_P7:    begin nx = dl_r; rs = EPF; end
            S_P8:    begin ss = EPF + 1 - te_r; sl = room_r; end
            S_P9:    begin ss = 2 * W - 1 + de_r - EPF; sl = EP1; end
            S_P13:   begin ss = sh_r + EPF; sl = YLIM; end
            S_P14:   begin nx = (y_r < (ONE <<< (YF - 1))) ? prod_r : alpha_r; rs = EPF; end
            S_P16A:  rs = HP;
            S_P16B:  begin ss = sh_r + YF - pn_r; sl = room_r; end
            S_P19:   rs = W;
            S_P20:   begin ss = 2 * W - 1 + ae_r - EPF; sl = room_r; end
            S_N1B:   rs = EF;
            S_N3:    rs = f_c1s[31:0];
            S_N4:    rs = f_bs[31:0];
            S_N5:    begin rx = tot_r; rs = WG; end
            default: ;
        endcase
        nq = norm(nx);
        nm = nq[63:0];
        ne = nq[95:64];
        so = shift_to(sx, ss, sl);
        ro = rsr(rx, rs);
        t1 = 64'sd0;
        if (ph_reg) begin
                    case (st_reg)
                        S_START: begin
                            t0 = $signed({{(64 - W){v_reg[W-1]}}, v_reg});
                            a_r_n = (t0 < 0) ? -t0 : t0;
                            sf_reg_n = 4'd0;
                            if (t0 == 64'sd0) begin
                                // hold: F = sat(rsr(w, WG))
                                t1 = ro;
                                if (t1 > FMAX || t1 < -FMAX) begin
                                    sf_reg_n = 4'b0001;
                                    t1 = (t1 > 0) ? FMAX : -FMAX;
                                end
                                f_reg_n = t1[W-1:0];
                                st_reg_n = S_OUT;
                            end else begin
                                ma_reg_n = (t0 < 0) ? -t0[MA_W-1:0] : t0[MA_W-1:0];
                                mb_reg_n = (t0 < 0) ? -t0[MB_W-1:0] : t0[MB_W-1:0];
                                ym_r_n = f_km;
                                yk_s_r_n = f_ks[31:0];
                                dsel_r_n = f_dsel;
                                ret_reg_n = S_G1;
                                st_reg_n = S_Y1;
                            end
                        end
                        // ---- y_w then exp2_w ----
                        S_Y1: begin
                            if (dsel_r && ne > 0) begin
                                t1 = nm;
                                pe_r_n = ne;
                            end else begin
                                t1 = dsel_r ? mp : a_r;
                                pe_r_n = 0;
                            end
                            ma_reg_n = t1[MA_W-1:0];
                            mb_reg_n = ym_r[MB_W-1:0];
                            st_reg_n = S_Y2;
                        end
                        S_Y2: begin
                            if (yk_s_r < pe_r) y_r_n = (mp != 64'sd0) ? YMAX : 64'sd0;
                            else y_r_n = so;
                            st_reg_n = S_E0;
                        end
                        S_E0: begin
                            t0 = (y_r > YMAX) ? YMAX : y_r;
                            yi_r_n = t0[31:0] >>> YF;
                            tsel_reg_n = T_EXP;
                            ta_reg_n = {{(TA_W-TB){1'b0}}, t0[YF-1:FB]};
                            p_r_n = t0 & ((ONE <<< FB) - 1);
                            st_reg_n = S_E1;
                        end
                        S_E1: begin
                            // exp2pair: {T[i] - T[i+1], T[i] - 2^(TP-1)}
                            t0 = (tq0 & ((ONE <<< TP) - 1)) + (ONE <<< (TP - 1));
                            it_r_n = t0;
                            t1 = tq0 >>> TP;
                            ma_reg_n = t1[MA_W-1:0];
                            mb_reg_n = p_r[MB_W-1:0];
                            st_reg_n = S_E2;
                        end
                        S_E2: begin
                            it_r_n = it_r - ro;
                            st_reg_n = S_E3;
                        end
                        S_E3: begin
                            e_r_n = ro;
                            st_reg_n = ret_reg;
                        end
                        // ---- table interpolation: ta_reg, tsel_reg, p_r (fraction), it_fb_r set ----
                        S_I1: begin
                            t0 = tq0 - tq1;
                            ma_reg_n = t0[MA_W-1:0];
                            mb_reg_n = p_r[MB_W-1:0];
                            st_reg_n = S_I2;
                        end
                        S_I2: begin
                            it_r_n = tq0 - ro;
                            st_reg_n = ret_reg;
                        end
                        // ---- g ----
                        S_G1: begin
                            ma_reg_n = f_dm[MA_W-1:0];
                            mb_reg_n = e_r[MB_W-1:0];
                            st_reg_n = S_G2;
                        end
                        S_G2: begin
                            t0 = f_fc + ro;
                            if (t0 < 1 || t0 > GMAX) begin
                                sf_reg_n[1] = 1'b1;
                                t0 = (t0 < 1) ? 64'sd1 : GMAX;
                            end
                            g_r_n = t0;
                            t1 = t0 <<< (WG - G);
                            gw_r_n = t1;
                            t2 = neg_reg ? -w0_r : w0_r;
                            u_r_n = t2;
                            ma_reg_n = a_r[MA_W-1:0];
                            mb_reg_n = (f_wba == 0 || t2 >= t1) ? f_kym[MB_W-1:0] : f_kzm[MB_W-1:0];
                            st_reg_n = S_GN;
                        end
                        S_GN: begin
                            // g normalized; the product of G2 stands
                            gn_r_n = nm;
                            ge_r_n = ne;
                            st_reg_n = (f_wba == 0 || u_r >= gw_r) ? S_L1 : S_P1;
                        end
                        // ---- LuGre: y2 = |v| KYM 2^-KYX / g and the approach ----
                        S_L1: begin
                            tn_r_n = nm;
                            te_r_n = ne;
                            t0 = gn_r - (ONE <<< (W - 1));
                            tsel_reg_n = T_RECIP;
                            ta_reg_n = {{(TA_W-TB){1'b0}}, t0[RF+TB-1:RF]};
                            p_r_n = t0 & ((ONE <<< RF) - 1);
                            it_fb_r_n = RF;
                            ret_reg_n = S_L2;
                            st_reg_n = S_I1;
                        end
                        S_L2: begin
                            ma_reg_n = tn_r[MA_W-1:0];
                            mb_reg_n = it_r[MB_W-1:0];
                            st_reg_n = S_L3;
                        end
                        S_L3: begin
                            k0 = 2 * W - 1 - YF + f_kyx[31:0] + ge_r - te_r;
                            sh_r_n = k0;
                            prod_r_n = mp;
                            t0 = so;
                            y_r_n = t0;
                            t1 = (neg_reg ? -gw_r : gw_r) - w0_r;
                            diff_r_n = t1;
                            if (mp == 64'sd0) begin
                                w1_r_n = w0_r;
                                st_reg_n = S_N0;
                            end else if (t0 >= YLIM) begin
                                w1_r_n = w0_r + t1;
                                st_reg_n = S_N0;
                            end else if (t0 >= (ONE <<< (YF - 1))) begin
                                ret_reg_n = S_L4;
                                st_reg_n = S_E0;
                            end else begin
                                pm_r_n = nm;
                                pn_r_n = ne;
                                tsel_reg_n = T_H;
                                ta_reg_n = {{(TA_W-TB){1'b0}}, t0[HF+TB-1:HF]};
                                p_r_n = t0 & ((ONE <<< HF) - 1);
                                it_fb_r_n = HF;
                                ret_reg_n = S_L5;
                                st_reg_n = S_I1;
                            end
                        end
                        S_L4: begin
                            ma_reg_n = diff_r[MA_W-1:0];
                            t0 = (ONE <<< W) - e_r;
                            mb_reg_n = t0[MB_W-1:0];
                            st_reg_n = S_L4B;
                        end
                        S_L4B: begin
                            w1_r_n = w0_r + ro;
                            st_reg_n = S_N0;
                        end
                        S_L5: begin
                            ma_reg_n = pm_r[MA_W-1:0];
                            mb_reg_n = it_r[MB_W-1:0];
                            st_reg_n = S_L5B;
                        end
                        S_L5B: begin
                            t0 = ro;
                            ma_reg_n = diff_r[MA_W-1:0];
                            mb_reg_n = t0[MB_W-1:0];
                            st_reg_n = S_L5C;
                        end
                        S_L5C: begin
                            w1_r_n = w0_r + ro;
                            st_reg_n = S_N0;
                        end
                        // ---- the elasto-plastic step ----
                        S_P1: begin
                            // d = |v| KZM 2^(WG-KZS), (U,2W-1,WG)
                            t0 = (f_kzs <= WG64) ? (mp <<< (WG - f_kzs[31:0])) : ro;
                            t1 = f_wba <<< (WG - G);
                            if (t1 > gw_r) t1 = gw_r;            // w_b
                            rden_r_n = t1;                        // w_b until P2
                            if (u_r < t1 && u_r + t0 <= t1) begin
                                w1_r_n = neg_reg ? -(u_r + t0) : (u_r + t0);
                                st_reg_n = S_N0;
                            end else begin
                                t2 = u_r;
                                if (u_r < t1) begin
                                    dl_r_n = u_r + t0 - t1;
                                    t2 = t1;
                                end else dl_r_n = t0;
                                u_r_n = t2;
                                if (t2 >= gw_r) begin
                                    w1_r_n = neg_reg ? -gw_r : gw_r;
                                    st_reg_n = S_N0;
                                end else begin
                                    room_r_n = gw_r - t2;
                                    de_r_n = ne;
                                    t0 = nm - (ONE <<< (W - 1));
                                    tsel_reg_n = T_RECIP;
                                    ta_reg_n = {{(TA_W-TB){1'b0}}, t0[RF+TB-1:RF]};
                                    p_r_n = t0 & ((ONE <<< RF) - 1);
                                    it_fb_r_n = RF;
                                    ret_reg_n = S_P2;
                                    st_reg_n = S_I1;
                                end
                            end
                        end
                        S_P2: begin
                            // it_r = 1/(g_w - w_b); rden_r still holds w_b
                            prod_r_n = rden_r;                    // w_b
                            rden_r_n = it_r;
                            t0 = gn_r - (ONE <<< (W - 1));
                            ta_reg_n = {{(TA_W-TB){1'b0}}, t0[RF+TB-1:RF]};
                            p_r_n = t0 & ((ONE <<< RF) - 1);
                            ret_reg_n = S_P3;
                            st_reg_n = S_I1;
                        end
                        S_P3: begin
                            rg_r_n = it_r;
                            t0 = u_r - prod_r;                     // u - w_b
                            ma_reg_n = t0[MA_W-1:0];
                            mb_reg_n = rden_r[MB_W-1:0];
                            st_reg_n = S_P4;
                        end
                        S_P4: begin
                            t0 = so;
                            tsel_reg_n = T_ALPHA;
                            if (t0 >= EP1) begin
                                ta_reg_n = TA_LAST;
                                p_r_n = 64'sd0;
                            end else begin
                                ta_reg_n = t0[TA_W-1+EPB:EPB];
                                p_r_n = t0 & ((ONE <<< EPB) - 1);
                            end
                            it_fb_r_n = EPB;
                            ret_reg_n = S_P5;
                            st_reg_n = S_I1;
                        end
                        S_P5: begin
                            alpha_r_n = it_r;                     // alpha0
                            ma_reg_n = u_r[MA_W-1:0];
                            mb_reg_n = rg_r[MB_W-1:0];
                            st_reg_n = S_P6;
                        end
                        S_P6: begin
                            t0 = so;                             // qu
                            ma_reg_n = t0[MA_W-1:0];
                            mb_reg_n = alpha_r[MB_W-1:0];
                            st_reg_n = S_P7;
                        end
                        S_P7: begin
                            t0 = EP1 - ro;                       // hs
                            t1 = nm;
                            tn_r_n = t1;
                            te_r_n = ne;
                            ma_reg_n = t1[MA_W-1:0];
                            mb_reg_n = t0[MB_W-1:0];
                            st_reg_n = S_P8;
                        end
                        S_P8: begin
                            t0 = u_r + so;                       // u_m
                            t1 = t0 - prod_r;
                            ma_reg_n = t1[MA_W-1:0];
                            mb_reg_n = rden_r[MB_W-1:0];
                            st_reg_n = S_P9;
                        end
                        S_P9: begin
                            t0 = so;
                            if (t0 >= EP1) begin
                                ta_reg_n = TA_LAST;
                                p_r_n = 64'sd0;
                            end else begin
                                ta_reg_n = t0[TA_W-1+EPB:EPB];
                                p_r_n = t0 & ((ONE <<< EPB) - 1);
                            end
                            ret_reg_n = S_P10;
                            st_reg_n = S_I1;
                        end
                        S_P10: begin
                            alpha_r_n = it_r;
                            if (it_r == 64'sd0) begin
                                t0 = (dl_r < room_r) ? dl_r : room_r;
                                t1 = u_r + t0;
                                w1_r_n = neg_reg ? -t1 : t1;
                                st_reg_n = S_N0;
                            end else begin
                                ma_reg_n = tn_r[MA_W-1:0];
                                mb_reg_n = L2E[MB_W-1:0];
                                st_reg_n = S_P11;
                            end
                        end
                        S_P11: begin
                            // y_over_g(tn L2E, W - 1 + WG - G - te, g): 1/g is rg_r
                            t0 = nm;
                            sh_r_n = 2 * W - 1 - YF + (W - 1 + WG - G - te_r) + ge_r - ne;
                            ma_reg_n = t0[MA_W-1:0];
                            mb_reg_n = rg_r[MB_W-1:0];
                            st_reg_n = S_P12;
                        end
                        S_P12: begin
                            prod_r_n = mp;
                            ma_reg_n = mp[MA_W-1:0];
                            mb_reg_n = alpha_r[MB_W-1:0];
                            st_reg_n = S_P13;
                        end
                        S_P13: begin
                            y_r_n = so;
                            ma_reg_n = u_r[MA_W-1:0];
                            mb_reg_n = alpha_r[MB_W-1:0];
                            st_reg_n = S_P14;
                        end
                        S_P14: begin
                            diff_r_n = gw_r - ro;
                            if (y_r >= YLIM) begin
                                t1 = u_r + room_r;
                                w1_r_n = neg_reg ? -t1 : t1;
                                st_reg_n = S_N0;
                            end else if (y_r < (ONE <<< (YF - 1))) begin
                                pm_r_n = nm;
                                pn_r_n = ne;
                                tsel_reg_n = T_H;
                                ta_reg_n = {{(TA_W-TB){1'b0}}, y_r[HF+TB-1:HF]};
                                p_r_n = y_r & ((ONE <<< HF) - 1);
                                it_fb_r_n = HF;
                                ret_reg_n = S_P15;
                                st_reg_n = S_I1;
                            end else begin
                                ae_r_n = ne;
                                t0 = nm - (ONE <<< (W - 1));
                                tsel_reg_n = T_RECIP;
                                ta_reg_n = {{(TA_W-TB){1'b0}}, t0[RF+TB-1:RF]};
                                p_r_n = t0 & ((ONE <<< RF) - 1);
                                it_fb_r_n = RF;
                                ret_reg_n = S_P17;
                                st_reg_n = S_I1;
                            end
                        end
                        S_P15: begin
                            ma_reg_n = pm_r[MA_W-1:0];
                            mb_reg_n = it_r[MB_W-1:0];
                            st_reg_n = S_P16A;
                        end
                        S_P16A: begin
                            t0 = ro;
                            ma_reg_n = diff_r[MA_W-1:0];
                            mb_reg_n = t0[MB_W-1:0];
                            st_reg_n = S_P16B;
                        end
                        S_P16B: begin
                            t1 = u_r + so;
                            w1_r_n = neg_reg ? -t1 : t1;
                            st_reg_n = S_N0;
                        end
                        S_P17: begin
                            rden_r_n = it_r;                      // 1/alpha from here on
                            ret_reg_n = S_P18;
                            st_reg_n = S_E0;
                        end
                        S_P18: begin
                            ma_reg_n = diff_r[MA_W-1:0];
                            t0 = (ONE <<< W) - e_r;
                            mb_reg_n = t0[MB_W-1:0];
                            st_reg_n = S_P19;
                        end
                        S_P19: begin
                            t0 = ro;
                            ma_reg_n = t0[MA_W-1:0];
                            mb_reg_n = rden_r[MB_W-1:0];
                            st_reg_n = S_P20;
                        end
                        S_P20: begin
                            t1 = u_r + so;
                            w1_r_n = neg_reg ? -t1 : t1;
                            st_reg_n = S_N0;
                        end
                        // ---- lugre_end: the state stored, then the force ----
                        S_N0: begin
        `ifdef FRIC_EP_DEBUG
                            $display("ep dbg: g %0d w0 %0d w1 %0d y %0d prod %0d sh %0d pn %0d diff %0d", g_r, w0_r, w1_r, y_r, prod_r, sh_r, pn_r, diff_r);
        `endif
                            t0 = w1_r;
                            if (t0 > WMAX || t0 < -WMAX) begin
                                sf_reg_n[3] = 1'b1;
                                t0 = (t0 > 0) ? WMAX : -WMAX;
                            end
                            w1_r_n = t0;
                            stm_we = 1'b1;
                            dw_r_n = t0 - w0_r;
                            if (f_mden) begin
                                ma_reg_n = a_r[MA_W-1:0];
                                mb_reg_n = a_r[MB_W-1:0];
                                ym_r_n = f_kdm;
                                yk_s_r_n = f_kds[31:0];
                                dsel_r_n = 1'b1;
                                ret_reg_n = S_N1;
                                st_reg_n = S_Y1;
                            end else begin
                                c1_r_n = f_c1m;
                                st_reg_n = S_N2;
                            end
                        end
                        S_N1: begin
                            ma_reg_n = f_c1m[MA_W-1:0];
                            mb_reg_n = e_r[MB_W-1:0];
                            st_reg_n = S_N1B;
                        end
                        S_N1B: begin
                            c1_r_n = ro;
                            st_reg_n = S_N2;
                        end
                        S_N2: begin
                            ma_reg_n = dw_r[MA_W-1:0];
                            mb_reg_n = c1_r[MB_W-1:0];
                            st_reg_n = S_N3;
                        end
                        S_N3: begin
                            t0 = ro;
                            if (t0 > S1MAX || t0 < -S1MAX) begin
                                sf_reg_n[2] = 1'b1;
                                t0 = (t0 > 0) ? S1MAX : -S1MAX;
                            end
                            s1_r_n = t0;
                            ma_reg_n = a_r[MA_W-1:0];
                            mb_reg_n = f_bm[MB_W-1:0];
                            st_reg_n = S_N4;
                        end
                        S_N4: begin
                            t0 = ro <<< (WG - G);
                            tot_r_n = w1_r + s1_r + (neg_reg ? -t0 : t0);
                            st_reg_n = S_N5;
                        end
                        S_N5: begin
                            t1 = ro;
                            if (t1 > FMAX || t1 < -FMAX) begin
                                sf_reg_n[0] = 1'b1;
                                t1 = (t1 > 0) ? FMAX : -FMAX;
                            end
                            f_reg_n = t1[W-1:0];
                            st_reg_n = S_OUT;
                        end
                        default: st_reg_n = S_IDLE;
                    endcase
        end
    end

    always @(posedge clk) begin
        if (pop) m_v_reg <= 1'b0;
        if (st_reg != S_IDLE && st_reg != S_LOAD && st_reg != S_ZERO && st_reg != S_COMMIT)
            ph_reg <= !ph_reg;
        else
            ph_reg <= 1'b0;
        case (st_reg)
            S_IDLE: begin
                if (cm_pend) begin
                    st_reg <= S_COMMIT;
                    ld_reg <= 6'd0;
                end else if (sr_pend) begin
                    if (sr_all_reg) begin
                        st_reg <= S_ZERO;
                        cnt_reg <= {(AXIS_W+1){1'b0}};
                    end else stm[sr_axis_reg] <= {SW{1'b0}};
                    sr_pend <= 1'b0;
                end else if (s_take) begin
                    v_reg <= s_axis_tdata;
                    neg_reg <= s_axis_tdata[W-1];
                    ax_reg <= s_axis_tuser;
                    ld_reg <= 6'd0;
                    st_reg <= S_LOAD;
                end
                if (srst_valid && srst_ready) begin
                    sr_pend <= 1'b1;
                    sr_all_reg <= srst_all;
                    sr_axis_reg <= srst_axis;
                end
            end
            S_COMMIT: begin
                par[{cm_axis_reg, ld_reg[4:0]}] <= stg[ld_reg[4:0]];
                ld_reg <= ld_reg + 6'd1;
                if (ld_reg == NWORDS[5:0] - 6'd1) st_reg <= S_IDLE;
            end
            S_ZERO: begin
                stm[cnt_reg[AXIS_W-1:0]] <= {SW{1'b0}};
                cnt_reg <= cnt_reg + 1'b1;
                if (cnt_reg == AX_LAST) st_reg <= S_IDLE;
            end
            S_LOAD: begin
                // parq_reg holds word ld_reg - 1
                if (ld_reg != 6'd0) wk[ld_reg[4:0] - 5'd1] <= parq_reg;
                ld_reg <= ld_reg + 6'd1;
                if (ld_reg == NWORDS[5:0]) begin
                    st_reg <= S_START;
                    w0_r <= {{(64 - SW){stm_q[SW-1]}}, stm_q};
                end
            end
            S_OUT: begin
                if (!m_v_reg || pop) begin
                    m_v_reg <= 1'b1;
                    m_d_reg <= f_reg;
                    m_u_reg <= {sf_reg, ax_reg};
                    st_reg <= S_IDLE;
                end
            end
            default: if (ph_reg) begin
                a_r <= a_r_n;
                sf_reg <= sf_reg_n;
                f_reg <= f_reg_n;
                st_reg <= st_reg_n;
                ma_reg <= ma_reg_n;
                mb_reg <= mb_reg_n;
                ym_r <= ym_r_n;
                yk_s_r <= yk_s_r_n;
                dsel_r <= dsel_r_n;
                ret_reg <= ret_reg_n;
                pe_r <= pe_r_n;
                y_r <= y_r_n;
                yi_r <= yi_r_n;
                tsel_reg <= tsel_reg_n;
                ta_reg <= ta_reg_n;
                p_r <= p_r_n;
                it_r <= it_r_n;
                e_r <= e_r_n;
                g_r <= g_r_n;
                gw_r <= gw_r_n;
                u_r <= u_r_n;
                tn_r <= tn_r_n;
                te_r <= te_r_n;
                ge_r <= ge_r_n;
                it_fb_r <= it_fb_r_n;
                sh_r <= sh_r_n;
                prod_r <= prod_r_n;
                diff_r <= diff_r_n;
                w1_r <= w1_r_n;
                pm_r <= pm_r_n;
                pn_r <= pn_r_n;
                rden_r <= rden_r_n;
                dl_r <= dl_r_n;
                room_r <= room_r_n;
                de_r <= de_r_n;
                rg_r <= rg_r_n;
                alpha_r <= alpha_r_n;
                ae_r <= ae_r_n;
                dw_r <= dw_r_n;
                c1_r <= c1_r_n;
                s1_r <= s1_r_n;
                gn_r <= gn_r_n;
                tot_r <= tot_r_n;
                if (stm_we) stm[ax_reg] <= w1_r_n[SW-1:0];
            end
        endcase
        if (rst) begin
            st_reg <= S_ZERO;
            cnt_reg <= {(AXIS_W+1){1'b0}};
            m_v_reg <= 1'b0;
            sr_pend <= 1'b0;
        end
    end

    // ---- sticky flags ----------------------------------------------------------
    reg [4:0] flags_reg = 5'd0;
    wire [4:0] flags_set = {cfg_bad, pop ? m_u_reg[AXIS_W+3:AXIS_W] : 4'd0};
    always @(posedge clk) begin
        flags_reg <= (flags_reg & ~flags_clear) | flags_set;
        if (rst) flags_reg <= 5'd0;
    end
    assign flags = flags_reg;

    assign m_axis_tdata = m_d_reg;
    assign m_axis_tuser = m_u_reg;
    assign m_axis_tvalid = m_v_reg;
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_ep_*.sby, docs/formal.md) =======
    // The module is the top of its proofs. The datapath is cut
    // (rtl/formal/fric_ep_*.sby): the product, the table reads, the
    // velocity, every 64-bit and integer carrier of the step, the force and
    // the sample's flags are free values in every cycle, so the arithmetic
    // is removed and the state machine may take any path through its
    // states that its data could choose; no property below depends on a
    // computed value. Environment (assumptions):
    //   - rst is high in the first cycle, and free after it;
    //   - s_axis follows AXI4-Stream: tvalid held until tready, tdata and
    //     tuser stable meanwhile (a reset ends it);
    //   - m_axis_tready, the cfg port, the state-reset port and flags_clear
    //     are free.
    // Stream properties (fric_ep_axis.sby, k-induction):
    //   m_hold       m_axis_tvalid is held until m_axis_tready, with tdata
    //                and tuser stable
    //   one_out      every accepted input beat gives exactly one output beat,
    //                in order, with its axis: a reference queue of the
    //                accepted beats' axes (f_q0 the oldest) is never empty at
    //                an output handshake, and the beat going out is its head;
    //                no beat is dropped: every beat in the queue is held in
    //                the core (the sample in the state machine, or the output
    //                register) until its output handshake
    //   flags        a sticky flag falls only with its flags_clear bit or
    //                rst, rises only with an output beat that carries it or a
    //                refused word; a refused word sets CFG (unless
    //                flags_clear's CFG bit or rst comes with it)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    always @(posedge clk)
        if (f_past_valid && $past(s_axis_tvalid && !s_axis_tready && !rst)) begin
            assume(s_axis_tvalid);
            assume(s_axis_tdata == $past(s_axis_tdata));
            assume(s_axis_tuser == $past(s_axis_tuser));
        end

    wire f_in_hs = s_axis_tvalid && s_axis_tready;
    wire f_out_hs = m_axis_tvalid && m_axis_tready;
    // the sample in the state machine: taken, not yet in the output register
    wire f_busy = (st_reg != S_IDLE) && (st_reg != S_ZERO) && (st_reg != S_COMMIT);
    // the reference queue: the axes of the beats accepted and not yet out
    reg [1:0]        f_n = 2'd0;
    reg [AXIS_W-1:0] f_q0 = {AXIS_W{1'b0}}, f_q1 = {AXIS_W{1'b0}};
    always @(posedge clk) begin
        case ({f_in_hs, f_out_hs})
            2'b10: begin
                if (f_n == 2'd0) f_q0 <= s_axis_tuser;
                else f_q1 <= s_axis_tuser;
                if (f_n != 2'd3) f_n <= f_n + 2'd1;
            end
            2'b01: begin
                f_q0 <= f_q1;
                if (f_n != 2'd0) f_n <= f_n - 2'd1;
            end
            2'b11: begin
                if (f_n == 2'd1) f_q0 <= s_axis_tuser;
                else begin
                    f_q0 <= f_q1;
                    f_q1 <= s_axis_tuser;
                end
            end
            default: ;
        endcase
        if (rst) f_n <= 2'd0;
    end
    // the newest beat in the queue
    wire [AXIS_W-1:0] f_q_last = (f_n == 2'd2) ? f_q1 : f_q0;

    always @(posedge clk)
        if (f_past_valid && !rst && $past(m_axis_tvalid && !m_axis_tready && !rst))
            p_m_hold: assert(m_axis_tvalid && m_axis_tdata == $past(m_axis_tdata) &&
                             m_axis_tuser == $past(m_axis_tuser));
    always @(*)
        if (f_past_valid && !rst) begin
            if (f_out_hs) p_one_out_count: assert(f_n != 2'd0);
            if (f_out_hs) p_one_out_axis: assert(m_axis_tuser[AXIS_W-1:0] == f_q0);
            // every beat accepted and not out is in the core: the sample in
            // the state machine is the newest, the output register's the oldest
            p_one_out_held: assert(f_n == {1'b0, f_busy} + {1'b0, m_v_reg});
            if (f_busy) p_one_out_held_sm: assert(ax_reg == f_q_last);
            if (m_v_reg) p_one_out_held_out: assert(m_u_reg[AXIS_W-1:0] == f_q0);
        end

    // ---- sticky flags ----
    // the fit rule of the contract (fric_fx_ep_word_fits()), written apart
    // from the core's: a constant width per word, plain shifts
    function automatic f_fits_u(input [31:0] d, input integer bits);
        f_fits_u = (d >> bits) == 32'd0;
    endfunction
    function automatic f_fits_s(input [31:0] d, input integer bits);
        reg [31:0] hi;
        begin
            hi = $signed(d) >>> (bits - 1);
            f_fits_s = (hi == 32'd0) || (hi == 32'hFFFF_FFFF);
        end
    endfunction
    function automatic f_fits(input [4:0] addr, input [31:0] d);
        case (addr)
            `FRIC_WORD_KM:     f_fits = f_fits_u(d, `FRIC_BITS_KM(W));
            `FRIC_WORD_KS:     f_fits = f_fits_u(d, `FRIC_BITS_KS(W));
            `FRIC_WORD_DSEL:   f_fits = f_fits_u(d, `FRIC_BITS_DSEL(W));
            `FRIC_WORD_FC_P:   f_fits = f_fits_u(d, `FRIC_BITS_FC_P(W));
            `FRIC_WORD_DM_P:   f_fits = f_fits_s(d, `FRIC_BITS_DM_P(W));
            `FRIC_WORD_DS_P:   f_fits = f_fits_u(d, `FRIC_BITS_DS_P(W));
            `FRIC_WORD_BM_P:   f_fits = f_fits_u(d, `FRIC_BITS_BM_P(W));
            `FRIC_WORD_BS_P:   f_fits = f_fits_u(d, `FRIC_BITS_BS_P(W));
            `FRIC_WORD_FC_N:   f_fits = f_fits_u(d, `FRIC_BITS_FC_N(W));
            `FRIC_WORD_DM_N:   f_fits = f_fits_s(d, `FRIC_BITS_DM_N(W));
            `FRIC_WORD_DS_N:   f_fits = f_fits_u(d, `FRIC_BITS_DS_N(W));
            `FRIC_WORD_BM_N:   f_fits = f_fits_u(d, `FRIC_BITS_BM_N(W));
            `FRIC_WORD_BS_N:   f_fits = f_fits_u(d, `FRIC_BITS_BS_N(W));
            `FRIC_WORD_KM_N:   f_fits = f_fits_u(d, `FRIC_BITS_KM_N(W));
            `FRIC_WORD_KS_N:   f_fits = f_fits_u(d, `FRIC_BITS_KS_N(W));
            `FRIC_WORD_KYM:    f_fits = f_fits_u(d, `FRIC_BITS_KYM(W));
            `FRIC_WORD_KYX:    f_fits = f_fits_s(d, `FRIC_BITS_KYX(W));
            `FRIC_WORD_C1M:    f_fits = f_fits_u(d, `FRIC_BITS_C1M(W));
            `FRIC_WORD_C1S:    f_fits = f_fits_u(d, `FRIC_BITS_C1S(W));
            `FRIC_WORD_MD_EN:  f_fits = f_fits_u(d, `FRIC_BITS_MD_EN(W));
            `FRIC_WORD_KDM:    f_fits = f_fits_u(d, `FRIC_BITS_KDM(W));
            `FRIC_WORD_KDS:    f_fits = f_fits_u(d, `FRIC_BITS_KDS(W));
            `FRIC_WORD_EP_WBA: f_fits = f_fits_u(d, `FRIC_BITS_EP_WBA(W));
            `FRIC_WORD_EP_KZM: f_fits = f_fits_u(d, `FRIC_BITS_EP_KZM(W));
            `FRIC_WORD_EP_KZS: f_fits = f_fits_u(d, `FRIC_BITS_EP_KZS(W));
            default:           f_fits = 1'b0;
        endcase
    endfunction
    wire f_cfg_hs = cfg_valid && cfg_ready;
    wire f_word_hs = f_cfg_hs && !cfg_commit;
    wire f_word_ok = f_fits(cfg_addr, cfg_data);
    reg [4:0] f_flags_last = 5'd0, f_clear_last = 5'd0;
    reg f_rst_last = 1'b1;
    reg [3:0] f_pop_fl = 4'd0;
    reg f_bad_last = 1'b0;       // a refused word in the last cycle
    always @(posedge clk) begin
        f_flags_last <= flags;
        f_clear_last <= flags_clear;
        f_rst_last <= rst;
        f_pop_fl <= f_out_hs ? m_axis_tuser[AXIS_W+3:AXIS_W] : 4'd0;
        f_bad_last <= f_word_hs && !f_word_ok;
    end
    always @(*)
        if (f_past_valid) begin
            if (!f_rst_last) p_flags_sticky: assert((f_flags_last & ~flags & ~f_clear_last) == 5'd0);
            p_flags_set: assert((~f_flags_last[3:0] & flags[3:0] & ~f_pop_fl) == 4'd0);
            p_flags_set_cfg: assert(!(!f_flags_last[4] && flags[4]) || f_bad_last);
            if (f_bad_last && !f_clear_last[4] && !f_rst_last) p_flags_cfg_set: assert(flags[4]);
        end

`ifndef FRIC_FORMAL_NOINV
    // ---- invariants of the state machine (for the induction) ----
    wire f_sub = (st_reg == S_Y1) || (st_reg == S_Y2) || (st_reg == S_E0) || (st_reg == S_E1) ||
                 (st_reg == S_E2) || (st_reg == S_E3) || (st_reg == S_I1) || (st_reg == S_I2);
    always @(*)
        if (f_past_valid) begin
            f_inv_st: assert(st_reg <= S_GN);
            if (f_sub) f_inv_ret: assert(ret_reg >= S_Y1 && ret_reg <= S_GN);
            if (st_reg == S_LOAD) f_inv_ld: assert(ld_reg <= NWORDS[5:0]);
            if (st_reg == S_COMMIT) f_inv_cm: assert(cm_pend && ld_reg < NWORDS[5:0]);
            if (st_reg == S_ZERO) f_inv_zero: assert(cnt_reg <= AX_LAST);
            f_inv_n: assert(f_n <= 2'd2);
        end
`endif

    // ---- reachability ----
    always @(*) begin
        cover(f_past_valid && !rst && f_out_hs);                    // a beat through
        cover(f_past_valid && !rst && f_n == 2'd2);                 // a beat computed while the last waits
        cover(f_past_valid && !rst && cfg_valid && cfg_ready && cfg_commit && f_busy); // a commit during a sample
    end

`ifdef FRIC_FORMAL_CFG
    // ---- the cfg port and state resets (fric_ep_cfg.sby) ----
    // cfg_word      a word changes the staging set only through a handshake
    //               (cfg_valid and cfg_ready): a word that fits its field is
    //               written in the cycle of its handshake, any other changes
    //               nothing (f_stg: the staging set of the port's contract)
    // cfg_commit    a commit's set is the staging set at its handshake; a
    //               sample taken up to the commit's handshake uses the axis's
    //               old set, a later one the new set, and every field the
    //               sample reads (its working set, from the end of its load to
    //               its output) is that one set
    // srst          a state reset (one axis, or all; rst: all) zeroes the
    //               state after the sample in progress and before any taken
    //               after it: a sample with no sample of its axis taken
    //               between the reset's handshake and its own reads state 0
`ifdef FRIC_FORMAL_NO_CFG
    // a narrower environment for the state-reset bug's bounded check (its
    // trace needs no parameter traffic): no cfg request, no flags_clear
    always @(*) assume(!cfg_valid && flags_clear == 5'd0);
`endif
    localparam integer F_SETW = NWORDS * PW;
    reg [F_SETW-1:0] f_stg = {F_SETW{1'b0}};
    integer fw;
    always @(posedge clk)
        for (fw = 0; fw < NWORDS; fw = fw + 1)
            if (f_word_hs && f_word_ok && cfg_addr == fw) f_stg[PW*fw +: PW] <= cfg_data[PW-1:0];
    reg [F_SETW-1:0] f_stg_rtl, f_wk_rtl;
    always @(*)
        for (fw = 0; fw < NWORDS; fw = fw + 1) begin
            f_stg_rtl[PW*fw +: PW] = stg[fw];
            f_wk_rtl[PW*fw +: PW] = wk[fw];
        end
    always @(*)
        if (f_past_valid) p_cfg_word: assert(f_stg_rtl == f_stg);

    // the committed set of each axis (the contract's), from the handshake
    reg [F_SETW-1:0] f_set [0:NA-1];
    integer fi;
    initial for (fi = 0; fi < NA; fi = fi + 1) f_set[fi] = {F_SETW{1'b0}};
    always @(posedge clk)
        if (f_cfg_hs && cfg_commit) f_set[cfg_axis] <= f_stg;
    // the sample's set, taken at its handshake
    reg [F_SETW-1:0] f_tr_set = {F_SETW{1'b0}};
    always @(posedge clk) if (f_in_hs) f_tr_set <= f_set[s_axis_tuser];
    wire f_run = f_busy && (st_reg != S_LOAD);     // past its load
    always @(*)
        if (f_past_valid && !rst && f_run) p_cfg_commit: assert(f_wk_rtl == f_tr_set);

    // ---- state resets ----
    // f_sr_mark[a]: a state reset of axis a taken, no sample of a since
    reg [NA-1:0] f_sr_mark = {NA{1'b1}};
    reg f_tr_sr = 1'b0;
    integer fa;
    always @(posedge clk) begin
        if (f_in_hs) f_sr_mark[s_axis_tuser] <= 1'b0;
        if (srst_valid && srst_ready)
            for (fa = 0; fa < NA; fa = fa + 1)
                if (srst_all || srst_axis == fa) f_sr_mark[fa] <= 1'b1;
        if (rst) f_sr_mark <= {NA{1'b1}};
        if (f_in_hs) f_tr_sr <= f_sr_mark[s_axis_tuser];
    end
    // the state is read at the end of the load
    always @(*)
        if (f_past_valid && !rst && f_tr_sr && st_reg == S_LOAD && ld_reg == NWORDS[5:0])
            p_srst: assert(stm[ax_reg] == {SW{1'b0}});

`ifndef FRIC_FORMAL_NOINV
    // ---- invariants of the cfg proof (k-induction) ----
    // an axis's set in the parameter memory
    function [F_SETW-1:0] f_par;
        input [AXIS_W-1:0] a;
        integer k;
        begin
            for (k = 0; k < NWORDS; k = k + 1) f_par[PW*k +: PW] = par[{a, k[4:0]}];
        end
    endfunction
    wire [NA-1:0] f_sr_done;
    genvar fga;
    generate
        for (fga = 0; fga < NA; fga = fga + 1) begin : g_f_axis
            assign f_sr_done[fga] = f_sr_mark[fga] && !(st_reg == S_ZERO && cnt_reg <= fga) &&
                                    !(sr_pend && (sr_all_reg || sr_axis_reg == fga));
            always @(*)
                if (f_past_valid) begin
                    // the memory holds the committed set, but while the axis's commit waits
                    if (!(cm_pend && cm_axis_reg == fga)) assert(f_par(fga) == f_set[fga]);
                    // a done state reset: state 0, no sample of the axis in the machine
                    if (f_sr_done[fga]) assert(stm[fga] == {SW{1'b0}} && !(f_busy && ax_reg == fga));
                end
        end
    endgenerate
    integer fj;
    always @(*)
        if (f_past_valid) begin
            // a waiting commit: its set the staging set (the port is closed),
            // the words copied so far in place
            if (cm_pend) f_inv_cm_set: assert(f_set[cm_axis_reg] == f_stg);
            if (st_reg == S_COMMIT)
                for (fj = 0; fj < NWORDS; fj = fj + 1)
                    if (fj < ld_reg) assert(par[{cm_axis_reg, fj[4:0]}] == f_stg[PW*fj +: PW]);
            if (!rst && f_busy) begin
                // the sample's set stays in the memory while it runs
                f_inv_tr_par: assert(f_par(ax_reg) == f_tr_set);
                if (st_reg == S_LOAD) begin
                    for (fj = 0; fj < NWORDS; fj = fj + 1)
                        if (fj + 1 < ld_reg) assert(wk[fj] == f_tr_set[PW*fj +: PW]);
                    if (ld_reg != 6'd0) f_inv_ld_q: assert(parq_reg == par[{ax_reg, ld_reg[4:0] - 5'd1}]);
                    if (f_tr_sr) f_inv_tr_sr: assert(stm[ax_reg] == {SW{1'b0}});
                end
            end
        end
`endif
    always @(*) begin
        cover(f_past_valid && !rst && f_run && cm_pend);            // a commit waiting for a sample
        cover(f_past_valid && !rst && f_tr_sr && st_reg == S_LOAD && ld_reg == NWORDS[5:0]); // a sample after a state reset
        cover(f_past_valid && f_bad_last);                          // a refused word
    end
`endif
`endif
endmodule
`resetall
