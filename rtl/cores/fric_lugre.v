// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_lugre: the Dahl / LuGre dynamic friction core for NUM_AXES axes, a
// pipeline taking one sample per clock, with the exact step of the fixed-
// point model (stable at any sample time), bit-exact with
// fric_fx_lugre_step() (cmodel/src/fric_fx.c; docs/fric_lugre.md). Dahl is
// the configuration DM = 0 (g = FC) and C1M = 0; v = 0 holds the state.
//
//   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)
//   w'   = w + rsr((w_ss - w) psi, s),  psi = 1 - 2^-y2 (three paths), y2 = |v| KYM 2^-KYX / g
//   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
//
// Architecture: a fixed pipeline of K_SAT stages (K_* below) advancing on
// one registered clock enable, held high while the two-entry output buffer
// has room; latency K_SAT + 2 cycles from the input handshake to
// m_axis_tvalid when nothing waits. Each product has its own DSP block (20
// in all: (w_ss - w) psi and (w' - w) c1, whose first factors have 40/42-bit
// magnitudes, as three W-bit partial products each); the exp2 unit appears
// three times (g, the micro-damping weight, psi), the reciprocal and h
// tables once.
//
// State hazard: an axis's state w is read at stage K_RD (just before the
// product with psi) and its update written at stage K_WR. A sample whose
// axis is in stages 1..HAZ (HAZ = K_WR - K_RD) waits in the input register
// until that sample has written, so every sample sees the state its axis's
// previous sample left. Round-robin traffic over HAZ + 1 or more axes never
// waits; over N fewer axes a sample is taken every (HAZ + 1) / N cycles.
//
// Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis.
// m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1); tuser =
// {W_SAT, S1_SAT, G_SAT, F_SAT, axis}. s_axis_tready depends on registers
// only (the input register, the stages' axes, the enable).
//
// Parameters: cfg words go through a request register, the field check
// (fric_word_fits) and a write register into the staging set (a word every
// third cycle; a refused word's CFG flag shows before cfg_ready returns). A
// commit waits until the samples taken before it have left the pipeline
// (no sample is taken meanwhile), then writes the whole staging set into the
// axis's field memories in one cycle: no sample sees a mix of two sets.
// A word that does not fit its field, or an address past the last word, is
// ignored and sets the CFG flag. Parameters start at 0 (F = 0).
//
// State reset: srst_valid with srst_all (every axis: one cycle per axis) or
// srst_axis zeroes the state after the samples taken before it and before
// any taken after it. rst (synchronous) drops the samples in flight and the
// output buffer, clears the flags, zeroes every axis's state (one cycle per
// axis), cancels a state reset not yet done, and keeps the parameters, the
// staging set and a commit already taken (which is then applied).
//
// Sticky flags: flags = {CFG, W_SAT, S1_SAT, G_SAT, F_SAT}, cleared by
// writing 1s to flags_clear (a set wins).
module fric_lugre #(
    // datapath width: 16 or 18
    parameter integer W = 16,
    // axes; the memories have 2^AXIS_W entries
    parameter integer NUM_AXES = 8,
    // 1: three-stage rounding shifts and table ROMs in logic, for a fast
    // clock (ECP5); 0: two-stage shifts, tables in block RAM
    parameter integer OPT_FAST = 1,
    // 1: products as registered ECP5 MULT18X18D (synthesis only)
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
    localparam integer NA = 1 << AXIS_W;

    // ---- formats ------------------------------------------------------------
    localparam integer G = `FRIC_G(W);
    localparam integer WG = `FRIC_WG(W);
    localparam integer EF = `FRIC_EF(W);
    localparam integer YF = `FRIC_YF(W);
    localparam integer YW = `FRIC_YI(W) + `FRIC_YF(W);
    localparam integer TB = `FRIC_TB(W);
    localparam integer RF = `FRIC_RF(W);
    localparam integer HP = `FRIC_HP(W);
    localparam integer HF = `FRIC_HF(W);
    localparam integer NWORDS = `FRIC_WORDS_LUGRE;
    localparam integer FC_W = `FRIC_BITS_FC_P(W);   // the widest field
    localparam integer PW = FC_W;
    localparam integer DS_W = `FRIC_BITS_DS_P(W);
    localparam integer BS_W = `FRIC_BITS_BS_P(W);
    localparam integer SH_W = `FRIC_BITS_KS(W);
    localparam integer KX_W = `FRIC_BITS_KYX(W);
    localparam integer SW = W + WG;                 // the state w, (S,W,WG)
    localparam integer GW = W + 3;                  // g, (U,W-1,G)
    localparam integer DIP_W = W + 5;               // the dip, signed
    localparam integer GR_W = W + 6;                // FC + dip, signed
    localparam integer PM_W = SW + W;               // |diff| psi, |dw| c1
    localparam integer TW = 2 * W + 22;             // the force sum, signed
    localparam [W-1:0] FMAX = {1'b0, {(W-1){1'b1}}};

    // ---- schedule: the stage (cycles after the input register) of each step
    localparam integer RS = (OPT_FAST != 0) ? 3 : 2;    // rounding-shift stages
    localparam integer LM = 2;                          // DSP product
    localparam integer LN = RS + 3;                     // fric_norm
    localparam integer LY = LM + RS + 2;                // fric_scale_y
    localparam integer LE = (`FRIC_FB(W) + 1) / 2 + 2 * RS + 2 + ((RS == 3) ? 2 : 0); // fric_exp2
    localparam integer LI = ((RS == 3) ? 4 : 2) + LM + RS + 2;                       // fric_interp
    localparam integer K_A = 1;                 // |v|, v < 0, v = 0
    localparam integer K_Q = K_A + LM;          // |v|^2
    localparam integer K_NQ = K_Q + LN;         // |v|^2 normalized
    localparam integer K_P = K_NQ + 1;          // p, pe (delta 2); DSEL, KM, KDM used
    localparam integer K_Y = K_P + LY;          // y of g and of the micro-damping weight
    localparam integer K_E = K_Y + LE;          // E, E_d; DM (abs), C1M used
    localparam integer K_DP = K_E + LM;         // |DM| E
    localparam integer K_DS = K_DP + 2;         // DM E signed; DS used
    localparam integer K_DIP = K_DS + RS;       // dip; FC used
    localparam integer K_G = K_DIP + 2;         // g, limited; G_SAT
    localparam integer K_T0 = K_G - LM;         // |v| KYM; KYM used
    localparam integer K_GN = K_G + LN;         // g and |v| KYM normalized; KYX used
    localparam integer K_R = K_GN + LI;         // 1/g
    localparam integer K_PR = K_R + LM;         // prod = t r
    localparam integer K_Y2 = K_PR + 1 + RS;    // y2 = shift_to(prod, sh)
    localparam integer K_PA = K_Y2 + 1;         // the path, y2
    localparam integer K_P2 = K_PA + LE;        // 2^-y2 (path 2)
    localparam integer K_P1 = K_PA + LI + LM + RS; // y2 h(y2) normalized (path 1)
    localparam integer K_PSI = ((K_P2 > K_P1) ? K_P2 : K_P1) + 1; // psi and its shift
    localparam integer K_RD = K_PSI - 1;        // the state read (address of this stage)
    localparam integer K_DF = K_PSI + 1;        // |w_ss - w|
    localparam integer K_M2 = K_DF + LM + 2;    // |w_ss - w| psi
    localparam integer K_SG = K_M2 + 1;         // signed
    localparam integer K_DW = K_SG + RS;        // dw
    localparam integer K_W1 = K_DW + 1;         // w + dw
    localparam integer K_WR = K_W1 + 1;         // w' limited; written to the state memory
    localparam integer K_DC = K_WR + 1;         // w' - w
    localparam integer K_AD = K_DC + 1;         // |w' - w|; c1 used
    localparam integer K_N2 = K_AD + LM + 2;    // |w' - w| c1
    localparam integer K_NS = K_N2 + 1;         // signed; C1S used
    localparam integer K_S1 = K_NS + RS + 1;    // sigma1 term, limited; S1_SAT
    localparam integer K_SV = K_S1 - 1;         // +-visc
    localparam integer K_V0 = K_SV - 1 - LM - RS; // |v| BM; BM used (BS at K_V0 + LM)
    localparam integer K_C1 = K_E + LM + RS + 1; // c1(v); MD_EN used at K_C1 - 1
    localparam integer K_T = K_S1 + 1;          // the force sum
    localparam integer K_F = K_T + RS;          // rsr(sum, WG)
    localparam integer K_SAT = K_F + 1;         // saturated, flags
    // the latency (input handshake to m_axis_tvalid, no backpressure, no
    // wait) is K_SAT + 2
    // a sample waits while its axis is in stages 1..HAZ
    localparam integer HAZ = K_WR - K_RD;
    localparam integer NK = K_SAT;

    initial begin
        if (W != 16 && W != 18) begin
            $display("fric_lugre: W = %0d, must be 16 or 18", W);
            $finish;
        end
        // |v| is one delay line tapped at K_NQ, K_T0 and K_V0, in that order
        if (K_C1 > K_AD - 1 || K_T0 < K_NQ || K_V0 < K_T0) begin
            $display("fric_lugre: inconsistent schedule");
            $finish;
        end
    end

    // parameter word numbers (fric_formats.vh)
    localparam integer A_KM = `FRIC_WORD_KM;
    localparam integer A_KS = `FRIC_WORD_KS;
    localparam integer A_DSEL = `FRIC_WORD_DSEL;
    localparam integer A_FC_P = `FRIC_WORD_FC_P;
    localparam integer A_DM_P = `FRIC_WORD_DM_P;
    localparam integer A_DS_P = `FRIC_WORD_DS_P;
    localparam integer A_BM_P = `FRIC_WORD_BM_P;
    localparam integer A_BS_P = `FRIC_WORD_BS_P;
    localparam integer A_FC_N = `FRIC_WORD_FC_N;
    localparam integer A_DM_N = `FRIC_WORD_DM_N;
    localparam integer A_DS_N = `FRIC_WORD_DS_N;
    localparam integer A_BM_N = `FRIC_WORD_BM_N;
    localparam integer A_BS_N = `FRIC_WORD_BS_N;
    localparam integer A_KM_N = `FRIC_WORD_KM_N;
    localparam integer A_KS_N = `FRIC_WORD_KS_N;
    localparam integer A_KYM = `FRIC_WORD_KYM;
    localparam integer A_KYX = `FRIC_WORD_KYX;
    localparam integer A_C1M = `FRIC_WORD_C1M;
    localparam integer A_C1S = `FRIC_WORD_C1S;
    localparam integer A_MD_EN = `FRIC_WORD_MD_EN;
    localparam integer A_KDM = `FRIC_WORD_KDM;
    localparam integer A_KDS = `FRIC_WORD_KDS;

    // ---- pipeline control ----------------------------------------------------
    reg ce_reg = 1'b1;
    wire ce = ce_reg;
    // meant as a copy of ce_reg for the state-memory write alone; Yosys
    // merges the two all the same (keep or not: seen in the ULX3S netlist)
    (* keep *) reg ce_wr_reg = 1'b1;
    wire ce_wr = ce_wr_reg;

    // stage 0: the input register; a sample leaves it when no earlier sample
    // of its axis is in stages 1..HAZ
    reg              in_v_reg = 1'b0;
    reg [W-1:0]      in_d_reg;
    reg [AXIS_W-1:0] in_ax_reg;

    // per stage k = 1..NK, slot k-1: {axis, v < 0, v = 0}; valid bits apart
    localparam integer CTL_W = AXIS_W + 2;
    reg [CTL_W*NK-1:0] ctl_reg;
    reg [NK-1:0]       vld_reg = {NK{1'b0}};
    function [AXIS_W-1:0] ax_at;
        input integer k;
        begin
            ax_at = ctl_reg[CTL_W*k-1 -: AXIS_W];
        end
    endfunction
    function neg_at;
        input integer k;
        begin
            neg_at = ctl_reg[CTL_W*(k-1)+1];
        end
    endfunction
    function zero_at;
        input integer k;
        begin
            zero_at = ctl_reg[CTL_W*(k-1)];
        end
    endfunction

    // hz_reg[k-1]: stage k holds a sample of the input register's axis,
    // kept one cycle ahead from the next-state values (the shifted stage
    // axes against the axis the input register will hold), so that the
    // input handshake depends on registers, not on HAZ axis comparisons
    reg [HAZ-1:0] hz_reg = {HAZ{1'b0}};
    reg           hazard_reg = 1'b0;
    wire hazard = hazard_reg;
    wire adv = in_v_reg && !hazard;          // into stage 1 at ce
    // commit, state reset and zeroing block the input
    reg cm_pend = 1'b0, sr_pend = 1'b0, zero_busy = 1'b1;
    wire blk = cm_pend || sr_pend || zero_busy;
    wire in_ready = ce && (!in_v_reg || adv) && !blk;
    wire in_take = in_ready && s_axis_tvalid;
    assign s_axis_tready = in_ready;
    // the input register's and the stages' next valid state
    wire in_v_next = ce ? (in_take || (in_v_reg && !adv)) : in_v_reg;
    wire any_vld_next = ce ? ((|vld_reg[NK-2:0]) || adv) : (|vld_reg);
    // the hazard vector of the next cycle: with a new input sample, the
    // stages as they shift compared with its axis (stage 1 then receives the
    // present input sample, if any); otherwise the present vector shifted
    // (stage 1 then holds this axis exactly when the input sample advanced)
    reg [HAZ-1:0] hz_take, hz_next;
    integer hk;
    always @(*) begin
        hz_take[0] = in_v_reg && (in_ax_reg == s_axis_tuser);
        for (hk = 2; hk <= HAZ; hk = hk + 1)
            hz_take[hk-1] = vld_reg[hk-2] && (ax_at(hk - 1) == s_axis_tuser);
        if (!ce)
            hz_next = hz_reg;
        else if (in_take)
            hz_next = hz_take;
        else
            hz_next = {hz_reg[HAZ-2:0], adv};
    end
    // |hz_next with the ORs ahead of the in_take select (in_take depends on
    // s_axis_tvalid, which may arrive late): one LUT level after it
    wire haz_take = |hz_take;
    wire haz_shift = (|hz_reg[HAZ-2:0]) || adv;
    wire hazard_next = !ce ? hazard_reg : (in_take ? haz_take : haz_shift);

    always @(posedge clk) begin
        if (ce) begin
            if (in_take) begin
                in_d_reg  <= s_axis_tdata;
                in_ax_reg <= s_axis_tuser;
            end
            ctl_reg  <= {ctl_reg[CTL_W*(NK-1)-1:0], in_ax_reg, in_d_reg[W-1], (in_d_reg == {W{1'b0}})};
            vld_reg  <= {vld_reg[NK-2:0], adv};
        end
        in_v_reg   <= in_v_next;
        hz_reg     <= hz_next;
        hazard_reg <= hazard_next;
        if (rst) begin
            in_v_reg   <= 1'b0;
            vld_reg    <= {NK{1'b0}};
            hz_reg     <= {HAZ{1'b0}};
            hazard_reg <= 1'b0;
        end
    end
`ifndef SYNTHESIS
    // the registered hazard equals the direct comparison in every cycle
    reg [HAZ-1:0] hz_direct;
    integer hd;
    always @(*)
        for (hd = 1; hd <= HAZ; hd = hd + 1)
            hz_direct[hd-1] = vld_reg[hd-1] && (ax_at(hd) == in_ax_reg);
    always @(posedge clk)
        if (in_v_reg && (hazard_reg != (|hz_direct)))
            $error("fric_lugre: registered hazard %b, direct %b", hazard_reg, |hz_direct);
`endif
    // empty: no sample in the input register or any stage, registered from
    // the next-state values (so it is exact in every cycle, and the wide OR
    // is not on the path to the memories' write enables)
    reg  empty_reg = 1'b1;
    always @(posedge clk) empty_reg <= rst || (!in_v_next && !any_vld_next);
    wire empty = empty_reg;

    // ---- parameter staging and field memories -------------------------------
    reg [PW-1:0] stg [0:NWORDS-1];
    reg              m_dsel [0:NA-1];
    reg [W-1:0]      m_kym  [0:NA-1];
    reg [KX_W-1:0]   m_kyx  [0:NA-1];
    reg [W-1:0]      m_c1m  [0:NA-1];
    reg [SH_W-1:0]   m_c1s  [0:NA-1];
    reg              m_mden [0:NA-1];
    reg [W-1:0]      m_kdm  [0:NA-1];
    reg [SH_W-1:0]   m_kds  [0:NA-1];
    // per direction, index {axis, v < 0}
    reg [W-1:0]      m_km   [0:2*NA-1];
    reg [SH_W-1:0]   m_ks   [0:2*NA-1];
    reg [FC_W-1:0]   m_fc   [0:2*NA-1];
    reg [W-1:0]      m_dm   [0:2*NA-1];
    reg [DS_W-1:0]   m_ds   [0:2*NA-1];
    reg [W-1:0]      m_bm   [0:2*NA-1];
    reg [BS_W-1:0]   m_bs   [0:2*NA-1];
`ifndef SYNTHESIS
    integer mi;
    initial begin
        for (mi = 0; mi < NWORDS; mi = mi + 1) stg[mi] = {PW{1'b0}};
        for (mi = 0; mi < NA; mi = mi + 1) begin
            m_dsel[mi] = 0; m_kym[mi] = 0; m_kyx[mi] = 0;
            m_c1m[mi] = 0; m_c1s[mi] = 0; m_mden[mi] = 0; m_kdm[mi] = 0; m_kds[mi] = 0;
        end
        for (mi = 0; mi < 2 * NA; mi = mi + 1) begin
            m_km[mi] = 0; m_ks[mi] = 0; m_fc[mi] = 0; m_dm[mi] = 0; m_ds[mi] = 0; m_bm[mi] = 0; m_bs[mi] = 0;
        end
    end
`endif

    // cfg: a word is registered, checked and written into the staging set;
    // a commit is pending until the pipeline is empty, then applied
    reg              cfg_ready_reg = 1'b1;
    reg              req_v_reg = 1'b0;
    reg [4:0]        req_addr_reg;
    reg [PW-1:0]     req_data_reg;                      // the widest field is FC
    reg [AXIS_W-1:0] cm_axis_reg;
    wire cfg_take = cfg_valid && cfg_ready_reg;
    wire cm_apply = cm_pend && empty && !zero_busy;
    // the word's width checks (fric_word_fits, the C rule fric_fx_word_fits())
    // and the one-hot field class of its address, both registered with the
    // request. Classes: 0 DS_W, 1 BS_W, 2 SH_W, 3 W, 4 FC_W, 5 W signed (DM),
    // 6 one bit (DSEL, MD_EN), 7 KX_W signed (KYX)
    localparam integer NCLS = 8;
    localparam [7:0] W8 = W[7:0], FC8 = FC_W[7:0], SH8 = SH_W[7:0], BS8 = BS_W[7:0], DS8 = DS_W[7:0],
                     KX8 = KX_W[7:0];
    wire [NCLS-1:0] req_ok;
    fric_word_fits #(.N(NCLS), .WIDTHS({KX8, 8'd1, W8, FC8, W8, SH8, BS8, DS8}), .SIGNS(8'b10100000)) u_fits (
        .clk(clk), .en(cfg_take), .d(cfg_data), .fits(req_ok));
    function [NCLS-1:0] addr_class;
        input [4:0] addr;
        begin
            case (addr)
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N:                      addr_class = 8'b00000001;
                `FRIC_WORD_BS_P, `FRIC_WORD_BS_N:                      addr_class = 8'b00000010;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N, `FRIC_WORD_C1S, `FRIC_WORD_KDS: addr_class = 8'b00000100;
                `FRIC_WORD_KM, `FRIC_WORD_KM_N, `FRIC_WORD_BM_P, `FRIC_WORD_BM_N, `FRIC_WORD_KYM,
                `FRIC_WORD_C1M, `FRIC_WORD_KDM:                         addr_class = 8'b00001000;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N:                      addr_class = 8'b00010000;
                `FRIC_WORD_DM_P, `FRIC_WORD_DM_N:                      addr_class = 8'b00100000;
                `FRIC_WORD_DSEL, `FRIC_WORD_MD_EN:                     addr_class = 8'b01000000;
                `FRIC_WORD_KYX:                                         addr_class = 8'b10000000;
                default:                                                addr_class = 8'b00000000;
            endcase
        end
    endfunction
    reg [NCLS-1:0] req_cls_reg;
    always @(posedge clk) if (cfg_take) req_cls_reg <= addr_class(cfg_addr);
    wire req_fits = |(req_ok & req_cls_reg);
    // the checked word, registered, is written in the next cycle
    reg          wr_v_reg = 1'b0, bad_reg = 1'b0;
    reg [4:0]    wr_addr_reg;
    reg [PW-1:0] wr_data_reg;
    wire cfg_bad = bad_reg && !flags_clear[4];
    wire cm_pend_next = (cfg_take && cfg_commit) || (cm_pend && !cm_apply);
    assign cfg_ready = cfg_ready_reg;
    always @(posedge clk) begin
        req_v_reg <= cfg_take && !cfg_commit;
        if (cfg_take) begin
            req_addr_reg <= cfg_addr;
            req_data_reg <= cfg_data[PW-1:0];
        end
        if (cfg_take && cfg_commit) cm_axis_reg <= cfg_axis;
        cm_pend <= cm_pend_next;
        // low while a word is checked or written, or a commit is pending
        cfg_ready_reg <= !cfg_take && !req_v_reg && !cm_pend_next;
        wr_v_reg    <= req_v_reg && req_fits;
        // a refused word's CFG is set 2 cycles after its take (while cfg_ready
        // is low); a flags_clear of CFG or a rst in those cycles cancels it,
        // as if the flag had been set at the take (the C model's view)
        bad_reg     <= req_v_reg && !req_fits && !flags_clear[4] && !rst;
        wr_addr_reg <= req_addr_reg;
        wr_data_reg <= req_data_reg;
        if (wr_v_reg) stg[wr_addr_reg] <= wr_data_reg;
        if (cm_apply) begin
            m_dsel[cm_axis_reg] <= stg[A_DSEL][0];
            m_kym[cm_axis_reg]  <= stg[A_KYM][W-1:0];
            m_kyx[cm_axis_reg]  <= stg[A_KYX][KX_W-1:0];
            m_c1m[cm_axis_reg]  <= stg[A_C1M][W-1:0];
            m_c1s[cm_axis_reg]  <= stg[A_C1S][SH_W-1:0];
            m_mden[cm_axis_reg] <= stg[A_MD_EN][0];
            m_kdm[cm_axis_reg]  <= stg[A_KDM][W-1:0];
            m_kds[cm_axis_reg]  <= stg[A_KDS][SH_W-1:0];
            m_km[{cm_axis_reg, 1'b0}] <= stg[A_KM][W-1:0];
            m_ks[{cm_axis_reg, 1'b0}] <= stg[A_KS][SH_W-1:0];
            m_km[{cm_axis_reg, 1'b1}] <= stg[A_KM_N][W-1:0];
            m_ks[{cm_axis_reg, 1'b1}] <= stg[A_KS_N][SH_W-1:0];
            m_fc[{cm_axis_reg, 1'b0}] <= stg[A_FC_P][FC_W-1:0];
            m_dm[{cm_axis_reg, 1'b0}] <= stg[A_DM_P][W-1:0];
            m_ds[{cm_axis_reg, 1'b0}] <= stg[A_DS_P][DS_W-1:0];
            m_bm[{cm_axis_reg, 1'b0}] <= stg[A_BM_P][W-1:0];
            m_bs[{cm_axis_reg, 1'b0}] <= stg[A_BS_P][BS_W-1:0];
            m_fc[{cm_axis_reg, 1'b1}] <= stg[A_FC_N][FC_W-1:0];
            m_dm[{cm_axis_reg, 1'b1}] <= stg[A_DM_N][W-1:0];
            m_ds[{cm_axis_reg, 1'b1}] <= stg[A_DS_N][DS_W-1:0];
            m_bm[{cm_axis_reg, 1'b1}] <= stg[A_BM_N][W-1:0];
            m_bs[{cm_axis_reg, 1'b1}] <= stg[A_BS_N][BS_W-1:0];
        end
    end

    // field registers: each read one stage before its use, by that stage's axis
    reg              f_dsel;                    // at K_P
    reg [W-1:0]      f_km, f_kdm;               // at K_P
    reg [SH_W-1:0]   f_ks, f_kds;               // at K_P + LM
    reg [W-1:0]      f_dm;                      // at K_E - 1
    reg [W-1:0]      f_c1m;                     // at K_E
    reg              f_mden;                    // at K_C1 - 1
    reg [DS_W-1:0]   f_ds;                      // at K_DS
    reg [FC_W-1:0]   f_fc;                      // at K_DIP
    reg [W-1:0]      f_kym;                     // at K_T0
    reg [KX_W-1:0]   f_kyx;                     // at K_GN
    reg [SH_W-1:0]   f_c1s;                     // at K_NS
    reg [W-1:0]      f_bm;                      // at K_V0
    reg [BS_W-1:0]   f_bs;                      // at K_V0 + LM
    always @(posedge clk) begin
        if (ce) begin
            f_dsel <= m_dsel[ax_at(K_P - 1)];
            f_km   <= m_km[{ax_at(K_P - 1), neg_at(K_P - 1)}];
            f_kdm  <= m_kdm[ax_at(K_P - 1)];
            f_ks   <= m_ks[{ax_at(K_P + LM - 1), neg_at(K_P + LM - 1)}];
            f_kds  <= m_kds[ax_at(K_P + LM - 1)];
            f_dm   <= m_dm[{ax_at(K_E - 2), neg_at(K_E - 2)}];
            f_c1m  <= m_c1m[ax_at(K_E - 1)];
            f_mden <= m_mden[ax_at(K_C1 - 2)];
            f_ds   <= m_ds[{ax_at(K_DS - 1), neg_at(K_DS - 1)}];
            f_fc   <= m_fc[{ax_at(K_DIP - 1), neg_at(K_DIP - 1)}];
            f_kym  <= m_kym[ax_at(K_T0 - 1)];
            f_kyx  <= m_kyx[ax_at(K_GN - 1)];
            f_c1s  <= m_c1s[ax_at(K_NS - 1)];
            f_bm   <= m_bm[{ax_at(K_V0 - 1), neg_at(K_V0 - 1)}];
            f_bs   <= m_bs[{ax_at(K_V0 + LM - 1), neg_at(K_V0 + LM - 1)}];
        end
    end

    // ---- K_A: |v| (at most 2^(W-1): W bits) ----------------------------------
    reg [W-1:0] a_reg;
    always @(posedge clk) if (ce) a_reg <= in_d_reg[W-1] ? (~in_d_reg + {{(W-1){1'b0}}, 1'b1}) : in_d_reg;

    // ---- the exponent arguments: y of g (delta 1 or 2) and of the
    // micro-damping weight (delta 2) -------------------------------------------
    wire [2*W-1:0] q;                                   // K_Q
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_sq (
        .clk(clk), .ce(ce), .a(a_reg), .b(a_reg), .p(q));
    wire [W-1:0]      qn_m;                             // K_NQ
    wire signed [7:0] qn_e;
    wire              qn_big;
    fric_norm #(.X_W(2*W), .W(W), .RS(RS)) u_nq (.clk(clk), .ce(ce), .x(q), .m(qn_m), .e(qn_e), .big(qn_big));
    wire [W-1:0] q_nq;
    fric_delay #(.WIDTH(W), .DEPTH(LN)) u_q_nq (.clk(clk), .ce(ce), .d(q[W-1:0]), .q(q_nq));
    wire [W-1:0] a_nq;
    fric_delay #(.WIDTH(W), .DEPTH(K_NQ - K_A)) u_a_nq (.clk(clk), .ce(ce), .d(a_reg), .q(a_nq));
    // K_P: p = |v|^2 as is when it fits W bits (pe = 0), else normalized
    reg [W-1:0] p2_reg, a_p_reg;
    reg [4:0]   pe2_reg;
    always @(posedge clk) begin
        if (ce) begin
            p2_reg  <= qn_big ? qn_m : q_nq;
            pe2_reg <= qn_big ? qn_e[4:0] : 5'd0;
            a_p_reg <= a_nq;
        end
    end
    wire [YW-1:0] y_g, y_d;                             // K_Y
    fric_scale_y #(.W(W), .LM(LM), .RS(RS), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_yg (
        .clk(clk), .ce(ce), .p(f_dsel ? p2_reg : a_p_reg), .pe(f_dsel ? pe2_reg : 5'd0),
        .k(f_km), .s(f_ks), .y(y_g));
    fric_scale_y #(.W(W), .LM(LM), .RS(RS), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_yd (
        .clk(clk), .ce(ce), .p(p2_reg), .pe(pe2_reg), .k(f_kdm), .s(f_kds), .y(y_d));

    wire [W:0] e_g, e_d;                                // K_E, (U,1,EF)
    fric_exp2 #(.W(W), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp_g (.clk(clk), .ce(ce), .y(y_g), .e(e_g));
    fric_exp2 #(.W(W), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp_d (.clk(clk), .ce(ce), .y(y_d), .e(e_d));

    // ---- g = FC + rsr(DM E, EF + DS - G), limited to [1, 2^(W-1+G) - 1] ----
    reg         dm_neg_reg;
    reg [W-1:0] dm_abs_reg;
    always @(posedge clk) begin
        if (ce) begin
            dm_neg_reg <= f_dm[W-1];
            dm_abs_reg <= f_dm[W-1] ? (~f_dm + {{(W-1){1'b0}}, 1'b1}) : f_dm;
        end
    end
    wire [2*W-1:0] dprod;                               // K_DP
    wire [W+1:0]   dm_dp;                               // {E = 1, DM < 0, |DM|}
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_dip (
        .clk(clk), .ce(ce), .a(dm_abs_reg), .b(e_g[W-1:0]), .p(dprod));
    fric_delay #(.WIDTH(W+2), .DEPTH(LM)) u_dm_dp (.clk(clk), .ce(ce), .d({e_g[W], dm_neg_reg, dm_abs_reg}), .q(dm_dp));
    reg [2*W-1:0]      dmag_reg;
    reg                dneg_reg;
    reg signed [2*W:0] dsig_reg;                        // K_DS
    always @(posedge clk) begin
        if (ce) begin
            dmag_reg <= dm_dp[W+1] ? {dm_dp[W-1:0], {W{1'b0}}} : dprod;
            dneg_reg <= dm_dp[W];
            dsig_reg <= dneg_reg ? -$signed({1'b0, dmag_reg}) : $signed({1'b0, dmag_reg});
        end
    end
    localparam integer DSH0_I = EF - G;
    wire [5:0] dsh = {{(6-DS_W){1'b0}}, f_ds} + DSH0_I[5:0];
    wire signed [DIP_W-1:0] dip;                        // K_DIP
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(DIP_W), .STAGES(RS)) u_rsr_dip (
        .clk(clk), .ce(ce), .x(dsig_reg), .s(dsh), .y(dip));
    reg signed [GR_W-1:0] graw_reg;
    reg [GW-1:0]          g_reg;                        // K_G
    reg                   gsat_reg;
    // the limits decided on bits, not by comparisons: g <= 0 (sign, or
    // zero), g >= 2^GW (a positive value with bits above GW - 1)
    wire g_low  = graw_reg[GR_W-1] || (graw_reg == {GR_W{1'b0}});
    wire g_high = !graw_reg[GR_W-1] && (|graw_reg[GR_W-2:GW]);
    always @(posedge clk) begin
        if (ce) begin
            graw_reg <= $signed({3'b000, f_fc}) + {{(GR_W-DIP_W){dip[DIP_W-1]}}, dip};
            g_reg    <= g_low ? {{(GW-1){1'b0}}, 1'b1} : (g_high ? {GW{1'b1}} : graw_reg[GW-1:0]);
            gsat_reg <= (g_low || g_high) && !zero_at(K_G - 1);
        end
    end

    // ---- y2 = |v| KYM / g: t = |v| KYM and g normalized, 1/g from the table --
    wire [W-1:0] a_t0;
    fric_delay #(.WIDTH(W), .DEPTH(K_T0 - K_NQ)) u_a_t0 (.clk(clk), .ce(ce), .d(a_nq), .q(a_t0));
    wire [2*W-1:0] t;                                   // K_G
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_kym (
        .clk(clk), .ce(ce), .a(a_t0), .b(f_kym), .p(t));
    wire [W-1:0]      tn, gn;                           // K_GN
    wire signed [7:0] te, ge;
    wire              t_big_unused, g_big_unused;
    fric_norm #(.X_W(2*W), .W(W), .RS(RS)) u_nt (.clk(clk), .ce(ce), .x(t), .m(tn), .e(te), .big(t_big_unused));
    fric_norm #(.X_W(GW), .W(W), .RS(RS)) u_ng (.clk(clk), .ce(ce), .x(g_reg), .m(gn), .e(ge), .big(g_big_unused));
    wire [W-1:0] r;                                     // K_R
    fric_interp #(.T_W(W), .TB(TB), .FR_W(RF), .RS(RS), .LM(LM), .OPT_ECP5_DSP(OPT_ECP5_DSP),
                  .OPT_H(0))
        u_rec (.clk(clk), .ce(ce), .idx(gn[W-2 -: TB]), .fr(gn[RF-1:0]), .m(r));
    // the net shift sh = 2W - 1 - YF + KYX + ge - te (y2 = prod 2^-(sh + YF) 2^YF)
    localparam integer SH0_I = 2 * W - 1 - YF;
    reg signed [9:0] sh_reg;                            // K_GN + 1
    always @(posedge clk)
        if (ce) sh_reg <= $signed(SH0_I[9:0]) + {{(10-KX_W){f_kyx[KX_W-1]}}, f_kyx} + {{2{ge[7]}}, ge} - {{2{te[7]}}, te};
    wire [W-1:0] tn_r;
    fric_delay #(.WIDTH(W), .DEPTH(K_R - K_GN)) u_tn (.clk(clk), .ce(ce), .d(tn), .q(tn_r));
    wire [2*W-1:0] prod;                                // K_PR
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_pr (
        .clk(clk), .ce(ce), .a(tn_r), .b(r), .p(prod));
    wire signed [9:0] sh_pr;
    fric_delay #(.WIDTH(10), .DEPTH(K_PR - K_GN - 1)) u_sh_pr (.clk(clk), .ce(ce), .d(sh_reg), .q(sh_pr));
    // K_PR + 1: the rounding shift's amount (a negative sh, or one past 63,
    // decided apart); prod = 0 only when KYM = 0
    reg [2*W-1:0] prod_reg;
    reg [5:0]     s2_reg;
    reg           sneg_reg, pz_reg;
    always @(posedge clk) begin
        if (ce) begin
            prod_reg <= prod;
            sneg_reg <= sh_pr[9];
            s2_reg   <= sh_pr[9] ? 6'd0 : ((sh_pr > 10'sd63) ? 6'd63 : sh_pr[5:0]);
            pz_reg   <= (prod == {(2*W){1'b0}});
        end
    end
    wire [YW:0] y2r;                                    // K_Y2, limited to 2^(YW+1) - 1
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(YW+1), .STAGES(RS), .OPT_SAT(1)) u_rsr_y2 (
        .clk(clk), .ce(ce), .x({1'b0, prod_reg}), .s(s2_reg), .y(y2r));
    wire [1:0] y2spec;                                  // {sh < 0, prod = 0}
    fric_delay #(.WIDTH(2), .DEPTH(RS)) u_y2spec (.clk(clk), .ce(ce), .d({sneg_reg, pz_reg}), .q(y2spec));
    // K_PA: the path: 0 no motion (KYM = 0), 1 small y2 (h table), 2 exp2,
    // 3 y2 >= 2^YI (w' = w_ss; a negative shift of a nonzero prod lands here)
    localparam [1:0] P_ZERO = 2'd0, P_SMALL = 2'd1, P_EXP = 2'd2, P_SS = 2'd3;
    reg [1:0]    path_reg;
    reg [YW-1:0] y2_reg;
    always @(posedge clk) begin
        if (ce) begin
            y2_reg <= y2r[YW-1:0];
            if (y2spec[0])                 path_reg <= P_ZERO;
            else if (y2spec[1] || y2r[YW]) path_reg <= P_SS;
            else if (|y2r[YW-1:YF-1])      path_reg <= P_EXP;
            else                           path_reg <= P_SMALL;
        end
    end
    // path 2: psi = 1 - 2^-y2
    wire [W:0] e2;                                      // K_P2
    fric_exp2 #(.W(W), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp_2 (.clk(clk), .ce(ce), .y(y2_reg), .e(e2));
    // path 1: psi = rsr(pm h(y2), HP) with prod = pm 2^pn, and the shift sh + YF - pn
    wire [W-1:0]      pm;                               // K_PR + LN
    wire signed [7:0] pn;
    wire              p_big_unused;
    fric_norm #(.X_W(2*W), .W(W), .RS(RS)) u_np (.clk(clk), .ce(ce), .x(prod), .m(pm), .e(pn), .big(p_big_unused));
    wire [W-1:0] hv;                                    // K_PA + LI
    fric_interp #(.T_W(W), .TB(TB), .FR_W(HF), .RS(RS), .LM(LM), .OPT_ECP5_DSP(OPT_ECP5_DSP),
                  .OPT_H(1))
        u_h (.clk(clk), .ce(ce), .idx(y2_reg[YF-2 -: TB]), .fr(y2_reg[HF-1:0]), .m(hv));
    wire [W-1:0] pm_h;
    fric_delay #(.WIDTH(W), .DEPTH(K_PA + LI - K_PR - LN)) u_pm (.clk(clk), .ce(ce), .d(pm), .q(pm_h));
    wire [2*W-1:0] pmh;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_pmh (
        .clk(clk), .ce(ce), .a(pm_h), .b(hv), .p(pmh));
    localparam [5:0] HPS = HP[5:0];
    wire [W:0] psi1;                                    // K_P1
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(W+1), .STAGES(RS)) u_rsr_psi1 (
        .clk(clk), .ce(ce), .x({1'b0, pmh}), .s(HPS), .y(psi1));
    // the small path's shift, from sh at K_PR and pn at K_PR + LN
    wire signed [9:0] sh_np;
    fric_delay #(.WIDTH(10), .DEPTH(LN)) u_sh_np (.clk(clk), .ce(ce), .d(sh_pr), .q(sh_np));
    localparam [10:0] YF11 = YF[10:0];
    reg signed [10:0] s1sh_reg;                         // K_PR + LN + 1
    always @(posedge clk) if (ce) s1sh_reg <= {sh_np[9], sh_np} + $signed(YF11) - {{3{pn[7]}}, pn};
    wire signed [10:0] s1sh;
    fric_delay #(.WIDTH(11), .DEPTH(K_PSI - 1 - (K_PR + LN + 1))) u_s1sh (.clk(clk), .ce(ce), .d(s1sh_reg), .q(s1sh));
    wire [W:0] e2_s, psi1_s;
    fric_delay #(.WIDTH(W+1), .DEPTH(K_PSI - 1 - K_P2)) u_e2 (.clk(clk), .ce(ce), .d(e2), .q(e2_s));
    fric_delay #(.WIDTH(W+1), .DEPTH(K_PSI - 1 - K_P1)) u_psi1 (.clk(clk), .ce(ce), .d(psi1), .q(psi1_s));
    wire [1:0] path_s;
    fric_delay #(.WIDTH(2), .DEPTH(K_PSI - 1 - K_PA)) u_path (.clk(clk), .ce(ce), .d(path_reg), .q(path_s));
    // K_PSI: psi (U,1,W) <= 2^W, its "= 1" flag and the shift of dw
    localparam [W:0] ONE_W = {1'b1, {W{1'b0}}};
    localparam integer W_I = W;
    reg [W:0] psi_reg;
    reg [5:0] sdw_reg;
    always @(posedge clk) begin
        if (ce) begin
            case (path_s)
                P_ZERO:  psi_reg <= {(W+1){1'b0}};
                P_SMALL: psi_reg <= psi1_s;
                P_EXP:   psi_reg <= ONE_W - e2_s;
                default: psi_reg <= ONE_W;
            endcase
            if (path_s == P_SMALL) sdw_reg <= s1sh[10] ? 6'd0 : ((s1sh > 11'sd63) ? 6'd63 : s1sh[5:0]);
            else                   sdw_reg <= W_I[5:0];
        end
    end

    // ---- the state: read at K_RD, the update written at K_WR -----------------
    reg [SW-1:0] stm [0:NA-1];
`ifndef SYNTHESIS
    integer si;
    initial for (si = 0; si < NA; si = si + 1) stm[si] = {SW{1'b0}};
`endif
    reg signed [SW-1:0] w0_reg;                         // K_PSI
    always @(posedge clk) if (ce) w0_reg <= stm[ax_at(K_RD)];

    // w_ss = sign(v) g 2^(WG-G), registered beside the state read
    wire [GW-1:0] g_ps;
    fric_delay #(.WIDTH(GW), .DEPTH(K_PSI - 1 - K_G)) u_g_ps (.clk(clk), .ce(ce), .d(g_reg), .q(g_ps));
    wire signed [SW+1:0] gx = $signed({3'b000, g_ps, {(WG-G){1'b0}}});
    reg signed [SW+1:0] wss_reg;                        // K_PSI
    always @(posedge clk) if (ce) wss_reg <= neg_at(K_PSI - 1) ? -gx : gx;
    // K_DF: |w_ss - w| (< 2^SW) and its sign, from both differences
    wire signed [SW+1:0] w0x = {{2{w0_reg[SW-1]}}, w0_reg};
    wire signed [SW+1:0] dpos = wss_reg - w0x, dneg = w0x - wss_reg;
    reg [SW-1:0] adf_reg;
    reg          dfs_reg;
    reg [W:0]    psi_df;
    reg [5:0]    sdw_df;
    reg signed [SW-1:0] w0_df;
    always @(posedge clk) begin
        if (ce) begin
            dfs_reg <= dpos[SW+1];
            adf_reg <= dpos[SW+1] ? dneg[SW-1:0] : dpos[SW-1:0];
            psi_df  <= psi_reg;
            sdw_df  <= sdw_reg;
            w0_df   <= w0_reg;
        end
    end
    // |diff| psi: three W-bit partial products (psi = 1 by a mux)
    wire [3*W-1:0] adf_x = {{(3*W-SW){1'b0}}, adf_reg};
    wire [2*W-1:0] dp0, dp1, dp2;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_d0 (
        .clk(clk), .ce(ce), .a(adf_x[W-1:0]), .b(psi_df[W-1:0]), .p(dp0));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_d1 (
        .clk(clk), .ce(ce), .a(adf_x[2*W-1:W]), .b(psi_df[W-1:0]), .p(dp1));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_d2 (
        .clk(clk), .ce(ce), .a(adf_x[3*W-1:2*W]), .b(psi_df[W-1:0]), .p(dp2));
    wire [SW+7:0] dctl;                                 // {psi = 1, sign, shift, |diff|} at K_DF + LM
    fric_delay #(.WIDTH(SW+8), .DEPTH(LM)) u_dctl (.clk(clk), .ce(ce),
        .d({psi_df[W], dfs_reg, sdw_df, adf_reg}), .q(dctl));
    reg [3*W:0]   ds01_reg;
    reg [SW-W-1:0] dp2_reg;                             // the top partial product is below 2^(SW-W)
    reg [SW+7:0]  dctl1_reg;
    reg [PM_W-1:0] dmag_m_reg;                          // K_M2
    reg [6:0]      dctl2_reg;
    always @(posedge clk) begin
        if (ce) begin
            ds01_reg  <= {{(W+1){1'b0}}, dp0} + {1'b0, dp1, {W{1'b0}}};
            dp2_reg   <= dp2[SW-W-1:0];
            dctl1_reg <= dctl;
            dmag_m_reg <= dctl1_reg[SW+7] ? {dctl1_reg[SW-1:0], {W{1'b0}}}
                                          : ({{(PM_W-3*W-1){1'b0}}, ds01_reg} + {dp2_reg, {(2*W){1'b0}}});
            dctl2_reg <= dctl1_reg[SW+6:SW];
        end
    end
    reg signed [PM_W:0] dsg_reg;                        // K_SG
    reg [5:0]           sdw_sg;
    always @(posedge clk) begin
        if (ce) begin
            dsg_reg <= dctl2_reg[6] ? -$signed({1'b0, dmag_m_reg}) : $signed({1'b0, dmag_m_reg});
            sdw_sg  <= dctl2_reg[5:0];
        end
    end
    wire signed [SW:0] dw;                              // K_DW, |dw| <= |diff|
    fric_rsr #(.X_W(PM_W+1), .S_W(6), .Y_W(SW+1), .STAGES(RS)) u_rsr_dw (
        .clk(clk), .ce(ce), .x(dsg_reg), .s(sdw_sg), .y(dw));
    wire signed [SW-1:0] w0_dw;
    fric_delay #(.WIDTH(SW), .DEPTH(K_DW - K_DF)) u_w0_dw (.clk(clk), .ce(ce), .d(w0_df), .q(w0_dw));
    reg signed [SW+1:0] w1_reg;                         // K_W1
    reg signed [SW-1:0] w0_w1;
    always @(posedge clk) begin
        if (ce) begin
            w1_reg <= {{2{w0_dw[SW-1]}}, w0_dw} + {dw[SW], dw};
            w0_w1  <= w0_dw;
        end
    end
    // K_WR: w' limited to +-(2^(W-1+WG) - 1) (W_SAT; the convex update never needs it)
    localparam signed [SW+1:0] WMAX = $signed({3'b000, {(SW-1){1'b1}}});
    // -(2^b - 1) <= x <= 2^b - 1 for x of n bits: the bits from b up are all
    // copies of the sign, and a negative x is not -2^b (its low bits are not
    // all zero); a shallow AND/OR instead of two wide comparisons
    function sym_ok_w1;
        input [SW+1:0] x;
        begin
            sym_ok_w1 = (x[SW+1:SW-1] == 3'b000) || ((x[SW+1:SW-1] == 3'b111) && (|x[SW-2:0]));
        end
    endfunction
    reg signed [SW-1:0] w1c_reg, w0_wr;
    reg                 wsat_reg;
    // |w'| <= WMAX decided on the bits that can overflow (sym_ok below)
    wire w1_ok = sym_ok_w1(w1_reg);
    always @(posedge clk) begin
        if (ce) begin
            if (w1_ok)              w1c_reg <= w1_reg[SW-1:0];
            else if (w1_reg[SW+1])  w1c_reg <= -WMAX[SW-1:0];
            else                    w1c_reg <= WMAX[SW-1:0];
            wsat_reg <= !w1_ok;
            w0_wr    <= w0_w1;
        end
    end

    // state writes: the pipeline's (stage K_WR), or a reset's (pipeline empty)
    reg [AXIS_W-1:0] sr_axis_reg, zcnt_reg = {AXIS_W{1'b0}};
    reg              sr_all_reg;
    reg              srst_ready_reg = 1'b0;
    wire sr_take  = srst_valid && srst_ready_reg;
    wire sr_apply = sr_pend && empty && !zero_busy;
    always @(posedge clk) begin
        if (ce_wr && vld_reg[K_WR-1])     stm[ax_at(K_WR)] <= w1c_reg;
        else if (zero_busy)               stm[zcnt_reg] <= {SW{1'b0}};
        else if (sr_apply && !sr_all_reg) stm[sr_axis_reg] <= {SW{1'b0}};
    end
    wire sr_pend_next = sr_take || (sr_pend && !sr_apply);
    always @(posedge clk) begin
        if (sr_take) begin
            sr_all_reg  <= srst_all;
            sr_axis_reg <= srst_axis;
        end
        sr_pend <= sr_pend_next;
        if (zero_busy) begin
            zcnt_reg <= zcnt_reg + {{(AXIS_W-1){1'b0}}, 1'b1};
            if (zcnt_reg == {AXIS_W{1'b1}}) zero_busy <= 1'b0;
        end else if (sr_apply && sr_all_reg) begin
            zero_busy <= 1'b1;
            zcnt_reg  <= {AXIS_W{1'b0}};
        end
        srst_ready_reg <= !sr_take && !sr_pend_next && !rst;
        if (rst) begin
            sr_pend   <= 1'b0;
            zero_busy <= 1'b1;
            zcnt_reg  <= {AXIS_W{1'b0}};
        end
    end
    assign srst_ready = srst_ready_reg;

    // ---- the sigma1 term rsr((w' - w) c1(v), C1S), limited --------------------
    // c1(v) = C1M, or rsr(C1M E_d, EF) with micro-damping (E_d = 1: C1M)
    wire [2*W-1:0] c1p;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_c1 (
        .clk(clk), .ce(ce), .a(f_c1m), .b(e_d[W-1:0]), .p(c1p));
    localparam [5:0] EFS = EF[5:0];
    wire [W:0] c1r;                                     // K_C1 - 1
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(W+1), .STAGES(RS)) u_rsr_c1 (
        .clk(clk), .ce(ce), .x({1'b0, c1p}), .s(EFS), .y(c1r));
    wire [W:0] c1m_d;                                   // {E_d = 1, C1M}
    fric_delay #(.WIDTH(W+1), .DEPTH(LM + RS)) u_c1m (.clk(clk), .ce(ce), .d({e_d[W], f_c1m}), .q(c1m_d));
    reg [W-1:0] c1_reg;                                 // K_C1
    always @(posedge clk) if (ce) c1_reg <= (!f_mden || c1m_d[W]) ? c1m_d[W-1:0] : c1r[W-1:0];
    wire [W-1:0] c1_ad;
    fric_delay #(.WIDTH(W), .DEPTH(K_AD - 1 - K_C1)) u_c1_ad (.clk(clk), .ce(ce), .d(c1_reg), .q(c1_ad));

    reg signed [SW:0] dc_reg;                           // K_DC: w' - w
    reg signed [SW-1:0] w1_dc;
    always @(posedge clk) begin
        if (ce) begin
            dc_reg <= {w1c_reg[SW-1], w1c_reg} - {w0_wr[SW-1], w0_wr};
            w1_dc  <= w1c_reg;
        end
    end
    reg [SW-1:0] adc_reg;                               // K_AD: |w' - w| <= 2^SW - 2
    reg          dcs_reg;
    reg [W-1:0]  c1_m;
    always @(posedge clk) begin
        if (ce) begin
            dcs_reg <= dc_reg[SW];
            adc_reg <= dc_reg[SW] ? (~dc_reg[SW-1:0] + {{(SW-1){1'b0}}, 1'b1}) : dc_reg[SW-1:0];
            c1_m    <= c1_ad;
        end
    end
    wire [3*W-1:0] adc_x = {{(3*W-SW){1'b0}}, adc_reg};
    wire [2*W-1:0] cp0, cp1, cp2;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_s0 (
        .clk(clk), .ce(ce), .a(adc_x[W-1:0]), .b(c1_m), .p(cp0));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_s1 (
        .clk(clk), .ce(ce), .a(adc_x[2*W-1:W]), .b(c1_m), .p(cp1));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_s2 (
        .clk(clk), .ce(ce), .a(adc_x[3*W-1:2*W]), .b(c1_m), .p(cp2));
    wire dcs_m;
    fric_delay #(.WIDTH(1), .DEPTH(LM)) u_dcs (.clk(clk), .ce(ce), .d(dcs_reg), .q(dcs_m));
    reg [3*W:0]    cs01_reg;
    reg [SW-W-1:0] cp2_reg;
    reg            dcs1_reg, dcs2_reg;
    reg [PM_W-1:0] cmag_reg;                            // K_N2
    always @(posedge clk) begin
        if (ce) begin
            cs01_reg <= {{(W+1){1'b0}}, cp0} + {1'b0, cp1, {W{1'b0}}};
            cp2_reg  <= cp2[SW-W-1:0];
            dcs1_reg <= dcs_m;
            cmag_reg <= {{(PM_W-3*W-1){1'b0}}, cs01_reg} + {cp2_reg, {(2*W){1'b0}}};
            dcs2_reg <= dcs1_reg;
        end
    end
    reg signed [PM_W:0] csg_reg;                        // K_NS
    always @(posedge clk) if (ce) csg_reg <= dcs2_reg ? -$signed({1'b0, cmag_reg}) : $signed({1'b0, cmag_reg});
    wire signed [PM_W:0] s1r;                           // K_NS + RS
    fric_rsr #(.X_W(PM_W+1), .S_W(6), .Y_W(PM_W+1), .STAGES(RS)) u_rsr_s1 (
        .clk(clk), .ce(ce), .x(csg_reg), .s(f_c1s), .y(s1r));
    // K_S1: limited to +-(2^(W+1+WG) - 1)
    localparam signed [PM_W:0] S1MAX = $signed({{(PM_W-SW){1'b0}}, {(SW+1){1'b1}}});
    reg signed [SW+1:0] s1_reg;
    reg                 s1sat_reg;
    // |s1| <= S1MAX = 2^(SW+1) - 1, decided on bits as for w'
    wire [PM_W-SW-1:0] s1_hi = s1r[PM_W:SW+1];
    wire s1_ok = (s1_hi == {(PM_W-SW){1'b0}}) || ((&s1_hi) && (|s1r[SW:0]));
    always @(posedge clk) begin
        if (ce) begin
            if (s1_ok)            s1_reg <= s1r[SW+1:0];
            else if (s1r[PM_W])   s1_reg <= -S1MAX[SW+1:0];
            else                  s1_reg <= S1MAX[SW+1:0];
            s1sat_reg <= !s1_ok;
        end
    end

    // ---- the viscous term sign(v) rsr(|v| BM, BS) 2^(WG-G) -------------------
    wire [W-1:0] a_v0;
    fric_delay #(.WIDTH(W), .DEPTH(K_V0 - K_T0)) u_a_v0 (.clk(clk), .ce(ce), .d(a_t0), .q(a_v0));
    wire [2*W-1:0] vprod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_vis (
        .clk(clk), .ce(ce), .a(a_v0), .b(f_bm), .p(vprod));
    wire [2*W-1:0] vv;                                  // K_SV - 1
    fric_rsr #(.X_W(2*W+1), .S_W(BS_W), .Y_W(2*W), .STAGES(RS)) u_rsr_v (
        .clk(clk), .ce(ce), .x({1'b0, vprod}), .s(f_bs), .y(vv));
    reg signed [2*W:0] svv_reg;                         // K_SV
    always @(posedge clk) if (ce) svv_reg <= neg_at(K_SV - 1) ? -$signed({1'b0, vv}) : $signed({1'b0, vv});
    wire signed [SW-1:0] w1_sv;
    fric_delay #(.WIDTH(SW), .DEPTH(K_SV - K_DC)) u_w1_sv (.clk(clk), .ce(ce), .d(w1_dc), .q(w1_sv));

    // ---- F = sat(rsr(w' + s1 + visc, WG)) -----------------------------------
    reg signed [TW-1:0] t1_reg, tot_reg;                // K_S1, K_T
    always @(posedge clk) begin
        if (ce) begin
            t1_reg  <= {{(TW-SW){w1_sv[SW-1]}}, w1_sv} + {{(TW-2*W-1-(WG-G)){svv_reg[2*W]}}, svv_reg, {(WG-G){1'b0}}};
            tot_reg <= t1_reg + {{(TW-SW-2){s1_reg[SW+1]}}, s1_reg};
        end
    end
    localparam [4:0] WGS = WG[4:0];
    wire signed [TW-1:0] fr;                            // K_F
    fric_rsr #(.X_W(TW), .S_W(5), .Y_W(TW), .STAGES(RS)) u_rsr_f (
        .clk(clk), .ce(ce), .x(tot_reg), .s(WGS), .y(fr));
    wire gsat_f, wsat_f, s1sat_f;
    fric_delay #(.WIDTH(1), .DEPTH(K_F - K_G)) u_gsat (.clk(clk), .ce(ce), .d(gsat_reg), .q(gsat_f));
    fric_delay #(.WIDTH(1), .DEPTH(K_F - K_WR)) u_wsat (.clk(clk), .ce(ce), .d(wsat_reg), .q(wsat_f));
    fric_delay #(.WIDTH(1), .DEPTH(K_F - K_S1)) u_s1sat (.clk(clk), .ce(ce), .d(s1sat_reg), .q(s1sat_f));
    reg [W-1:0] f_reg;                                  // K_SAT
    reg [3:0]   fl_reg;
    // |F| <= 2^(W-1) - 1, decided on bits as for w'
    wire [TW-W:0] f_hi = fr[TW-1:W-1];
    wire f_ok = (f_hi == {(TW-W+1){1'b0}}) || ((&f_hi) && (|fr[W-2:0]));
    always @(posedge clk) begin
        if (ce) begin
            if (f_ok)            f_reg <= fr[W-1:0];
            else if (fr[TW-1])   f_reg <= ~FMAX + {{(W-1){1'b0}}, 1'b1};
            else                 f_reg <= FMAX;
            fl_reg <= {wsat_f, s1sat_f, gsat_f, !f_ok};
        end
    end

    // ---- K_SAT -> the two-entry output buffer --------------------------------
    localparam integer BEAT_W = W + AXIS_W + 4;
    wire [BEAT_W-1:0] beat = {fl_reg, ax_at(K_SAT), f_reg};
    reg [BEAT_W-1:0] buf0_reg, buf1_reg;
    reg [1:0]        count_reg = 2'd0;
    wire pop = (count_reg != 2'd0) && m_axis_tready;
    wire push = ce && vld_reg[K_SAT-1];
    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop};
    always @(posedge clk) begin
        if (pop) buf0_reg <= buf1_reg;
        if (push) begin
            if (count_reg - {1'b0, pop} == 2'd0) buf0_reg <= beat;
            else buf1_reg <= beat;
        end
        count_reg <= count_next;
        // at most one more beat arrives after ce falls: room for it is kept
        ce_reg <= (count_next < 2'd2);
        ce_wr_reg <= (count_next < 2'd2);
        if (rst) begin
            count_reg <= 2'd0;
            ce_reg <= 1'b1;
            ce_wr_reg <= 1'b1;
        end
    end
    assign m_axis_tvalid = (count_reg != 2'd0);
    assign m_axis_tdata  = buf0_reg[W-1:0];
    assign m_axis_tuser  = buf0_reg[BEAT_W-1:W];

    // bits that are never read: exponent bits past a known range, the
    // normalized g's leading one (the table indexes below it), the sign bits
    // of a bounded difference, the zero top bits of bounded products
    wire unused_bits = &{1'b0, qn_e[7:5], gn[W-1], dneg[SW+1:SW], c1r[W], dp2[2*W-1:SW-W], cp2[2*W-1:SW-W]};

    // ---- sticky flags ----------------------------------------------------------
    reg [4:0] flags_reg = 5'd0;
    wire [4:0] flags_set = {cfg_bad, pop ? buf0_reg[BEAT_W-1:BEAT_W-4] : 4'd0};
    always @(posedge clk) begin
        flags_reg <= (flags_reg & ~flags_clear) | flags_set;
        if (rst) flags_reg <= 5'd0;
    end
    assign flags = flags_reg;
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_lugre_*.sby, docs/formal.md) =====
    // The module is the top of its proofs. The datapath is cut
    // (rtl/formal/fric_lugre_*.sby): the saturated force and its flags at
    // K_SAT (f_reg, fl_reg) and the limited state written at K_WR (w1c_reg)
    // are free values in every cycle, so every register of the arithmetic
    // before them has no reader and is removed; no property below depends
    // on a computed value. Environment (assumptions):
    //   - rst is high in the first cycle, and free after it;
    //   - s_axis follows AXI4-Stream: tvalid held until tready, tdata and
    //     tuser stable meanwhile (a reset ends it);
    //   - m_axis_tready, the cfg port, the state-reset port and flags_clear
    //     are free.
    // Stream properties (fric_lugre_axis.sby, k-induction):
    //   m_hold       m_axis_tvalid is held until m_axis_tready, with tdata
    //                and tuser stable
    //   one_out      every accepted input beat gives exactly one output beat,
    //                in order, with its axis: the output count never passes
    //                the input count, and any input beat (f_pick chooses it)
    //                leaves after exactly the beats that were in the core
    //                before it
    //   latency      without backpressure and without a stall of the input
    //                (s_axis_tready high: no hazard wait, commit, state reset
    //                or zeroing) a beat comes out K_SAT + 2 cycles after its
    //                handshake; else at most K_SAT + 2 + the cycles of
    //                backpressure and of stall since then
    // f_tr_stage numbers the tracked beat's place: 1 the input register,
    // k + 1 the pipeline stage k (1..K_SAT), F_OUT the output buffer.
    localparam integer F_OUT = K_SAT + 2;
    localparam integer F_LATENCY = K_SAT + 2;
    // the stream part, shared with fric_stribeck: rtl/formal/fric_axis_track.vh.
    // Places: 1 the input register, k + 1 the stage k (1..K_SAT).
    localparam integer F_NP = K_SAT + 2;
    function f_vp;
        input integer p;
        begin
            f_vp = (p == 1) ? in_v_reg : vld_reg[p-2];
        end
    endfunction
    wire f_adv1 = adv;
    wire f_v1_next = in_v_next;
    wire f_tr_step;
`include "fric_axis_track.vh"
    // the input register passes the tracked beat on when no hazard holds it
    assign f_tr_step = ce && (f_tr_stage != 8'd1 || !hazard);

`ifndef FRIC_FORMAL_NOINV
    // ---- invariants (for the induction; the bounded proofs need none) ----
    // the tracked beat at its place, with the beats ahead of it (f_ah of
    // fric_axis_track.vh)
    genvar fk;
    generate
        for (fk = 2; fk <= K_SAT + 1; fk = fk + 1) begin : g_f_tr
            always @(*)
                if (f_past_valid && !rst && f_tr_v && f_tr_stage == fk)
                    assert(vld_reg[fk-2] && ax_at(fk - 1) == f_tr_axis && f_tr_ahead == f_ah[8*fk +: 8]);
        end
    endgenerate
    always @(*)
        if (f_past_valid && !rst) begin
            f_inv_count: assert(count_reg <= 2'd2);
            f_inv_ce: assert(ce_reg == (count_reg < 2'd2) && ce_wr_reg == ce_reg);
            if (f_tr_v) begin
                // a beat enters the buffer behind another only in a cycle of backpressure
                f_inv_tr_run: assert(f_tr_run <= F_OUT && (f_tr_stage != F_OUT || f_tr_ahead <= 8'd1) &&
                                     f_tr_run + ((f_tr_stage == F_OUT) ? f_tr_ahead : 8'd0) <= f_tr_stage &&
                                     f_tr_stage <= F_OUT && f_tr_stage >= 1);
                if (f_tr_free) f_inv_tr_free: assert(f_tr_run == f_tr_stage);
                if (f_tr_stage == 8'd1)
                    f_inv_tr_1: assert(in_v_reg && in_ax_reg == f_tr_axis && f_tr_ahead == f_ah[15:8]);
                if (f_tr_stage == F_OUT) begin
                    f_inv_tr_buf: assert(f_tr_ahead < {6'd0, count_reg});
                    if (f_tr_ahead == 8'd0) f_inv_tr_b0: assert(buf0_reg[W+AXIS_W-1:W] == f_tr_axis);
                    if (f_tr_ahead == 8'd1) f_inv_tr_b1: assert(buf1_reg[W+AXIS_W-1:W] == f_tr_axis);
                end
                f_inv_tr_v: assert(f_tr_ahead < f_fly);
            end
        end
`endif

`ifdef FRIC_FORMAL_CFG
    // ---- the cfg port, state resets and flags (fric_lugre_cfg.sby) ----
    // cfg_word      a word changes the staging set only through a handshake
    //               (cfg_valid and cfg_ready), as docs/fric_lugre.md says: a
    //               word that fits its field is written, any other sets CFG
    //               and changes nothing (f_stg: the staging set of the
    //               port's contract, compared whenever cfg_ready is high;
    //               the fit rule is fric_lugre_fits.vh, the simulation
    //               model's, written with plain shifts)
    // cfg_commit    a commit's set is the staging set at its handshake; a
    //               sample accepted up to the commit's handshake uses the
    //               axis's old set, a later one the new set, and the field
    //               memories of a sample's axis hold that one set while the
    //               sample is anywhere in the pipeline (every field it reads
    //               is from one set, as the fields are read from them)
    // srst          a state reset (one axis, or all; rst: all) zeroes the
    //               state after the samples taken before it and before any
    //               taken after it: a sample with no sample of its axis taken
    //               between the reset's handshake and its own reads state 0
    // flags         a sticky flag falls only with its flags_clear bit or
    //               rst, and rises only for an output beat that carries it
    //               or a refused word; a refused word sets CFG (unless
    //               flags_clear's CFG bit or rst comes before it shows)
`include "fric_lugre_fits.vh"
`ifdef FRIC_FORMAL_NO_CFG
    // a narrower environment for the state-reset bug's bounded check (its
    // trace needs no parameter traffic): no cfg request, no flags_clear
    always @(*) assume(!cfg_valid && flags_clear == 5'd0);
`endif
`ifdef SYNTHESIS
    // the parameters and states start at 0 (the simulation's initial
    // blocks, which Yosys skips, say so; so do the FPGAs' RAMs)
    integer fm;
    initial begin
        for (fm = 0; fm < NWORDS; fm = fm + 1) stg[fm] = {PW{1'b0}};
        for (fm = 0; fm < NA; fm = fm + 1) begin
            m_dsel[fm] = 0; m_kym[fm] = 0; m_kyx[fm] = 0;
            m_c1m[fm] = 0; m_c1s[fm] = 0; m_mden[fm] = 0; m_kdm[fm] = 0; m_kds[fm] = 0;
            stm[fm] = {SW{1'b0}};
        end
        for (fm = 0; fm < 2 * NA; fm = fm + 1) begin
            m_km[fm] = 0; m_ks[fm] = 0; m_fc[fm] = 0; m_dm[fm] = 0; m_ds[fm] = 0; m_bm[fm] = 0; m_bs[fm] = 0;
        end
    end
`endif
    localparam integer F_SETW = NWORDS * PW;
    reg [F_SETW-1:0] f_stg = {F_SETW{1'b0}};
    wire f_cfg_hs = cfg_valid && cfg_ready;
    wire f_word_hs = f_cfg_hs && !cfg_commit;
    wire f_word_ok = fits(cfg_addr, cfg_data);
    integer fw;
    always @(posedge clk)
        for (fw = 0; fw < NWORDS; fw = fw + 1)
            if (f_word_hs && f_word_ok && cfg_addr == fw) f_stg[PW*fw +: PW] <= cfg_data[PW-1:0];
    reg f_stg_eq;
    always @(*) begin
        f_stg_eq = 1'b1;
        for (fw = 0; fw < NWORDS; fw = fw + 1)
            if (stg[fw] != f_stg[PW*fw +: PW]) f_stg_eq = 1'b0;
    end
    always @(*)
        if (f_past_valid && cfg_ready) p_cfg_word: assert(f_stg_eq);

    // the committed set of each axis (the contract's), from the handshake
    reg [F_SETW-1:0] f_set [0:NA-1];
    integer fi;
    initial for (fi = 0; fi < NA; fi = fi + 1) f_set[fi] = {F_SETW{1'b0}};
    always @(posedge clk)
        if (f_cfg_hs && cfg_commit) f_set[cfg_axis] <= f_stg;
    // the field memories of an axis, against a set (each field its width)
    function f_mem_is;
        input [AXIS_W-1:0] a;
        input [F_SETW-1:0] s;
        begin
            f_mem_is =
                m_km[{a, 1'b0}] == s[PW*A_KM +: W]      && m_km[{a, 1'b1}] == s[PW*A_KM_N +: W] &&
                m_ks[{a, 1'b0}] == s[PW*A_KS +: SH_W]   && m_ks[{a, 1'b1}] == s[PW*A_KS_N +: SH_W] &&
                m_dsel[a] == s[PW*A_DSEL]         && m_kym[a]  == s[PW*A_KYM +: W] &&
                m_kyx[a]  == s[PW*A_KYX +: KX_W]  && m_c1m[a]  == s[PW*A_C1M +: W] &&
                m_c1s[a]  == s[PW*A_C1S +: SH_W]  && m_mden[a] == s[PW*A_MD_EN] &&
                m_kdm[a]  == s[PW*A_KDM +: W]     && m_kds[a]  == s[PW*A_KDS +: SH_W] &&
                m_fc[{a, 1'b0}] == s[PW*A_FC_P +: FC_W] && m_fc[{a, 1'b1}] == s[PW*A_FC_N +: FC_W] &&
                m_dm[{a, 1'b0}] == s[PW*A_DM_P +: W]    && m_dm[{a, 1'b1}] == s[PW*A_DM_N +: W] &&
                m_ds[{a, 1'b0}] == s[PW*A_DS_P +: DS_W] && m_ds[{a, 1'b1}] == s[PW*A_DS_N +: DS_W] &&
                m_bm[{a, 1'b0}] == s[PW*A_BM_P +: W]    && m_bm[{a, 1'b1}] == s[PW*A_BM_N +: W] &&
                m_bs[{a, 1'b0}] == s[PW*A_BS_P +: BS_W] && m_bs[{a, 1'b1}] == s[PW*A_BS_N +: BS_W];
        end
    endfunction
    // the tracked beat's set, taken at its handshake
    reg [F_SETW-1:0] f_tr_set;
    always @(posedge clk) if (f_tr_in) f_tr_set <= f_set[s_axis_tuser];
    always @(*)
        if (f_past_valid && !rst && f_tr_v && f_tr_stage < F_OUT)
            p_cfg_commit: assert(f_mem_is(f_tr_axis, f_tr_set));

    // ---- state resets ----
    // f_sr_mark[a]: a state reset of axis a taken, no sample of a since
    reg [NA-1:0] f_sr_mark = {NA{1'b1}};
    reg f_tr_sr;
    integer fa;
    always @(posedge clk) begin
        if (f_in_hs) f_sr_mark[s_axis_tuser] <= 1'b0;
        if (srst_valid && srst_ready)
            for (fa = 0; fa < NA; fa = fa + 1)
                if (srst_all || srst_axis == fa) f_sr_mark[fa] <= 1'b1;
        if (rst) f_sr_mark <= {NA{1'b1}};
        if (f_tr_in) f_tr_sr <= f_sr_mark[s_axis_tuser];
    end
    // the state read: at K_RD (place K_RD + 1) as the stage advances
    always @(*)
        if (f_past_valid && !rst && f_tr_v && f_tr_sr && f_tr_stage == K_RD + 1 && ce)
            p_srst: assert(stm[f_tr_axis] == {SW{1'b0}});

    // ---- sticky flags ----
    reg [4:0] f_flags_last = 5'd0, f_clear_last = 5'd0;
    reg f_rst_last = 1'b1;
    reg [3:0] f_pop_fl = 4'd0;
    reg [2:0] f_bad_q = 3'd0;   // a refused word, by the cycles since its handshake
    always @(posedge clk) begin
        f_flags_last <= flags;
        f_clear_last <= flags_clear;
        f_rst_last <= rst;
        f_pop_fl <= f_out_hs ? m_axis_tuser[AXIS_W+3:AXIS_W] : 4'd0;
        f_bad_q <= {f_bad_q[1] && !flags_clear[4] && !rst, f_bad_q[0] && !flags_clear[4] && !rst,
                    f_word_hs && !f_word_ok};
    end
    always @(*)
        if (f_past_valid) begin
            if (!f_rst_last) p_flags_sticky: assert((f_flags_last & ~flags & ~f_clear_last) == 5'd0);
            p_flags_set: assert((~f_flags_last[3:0] & flags[3:0] & ~f_pop_fl) == 4'd0);
            p_flags_set_cfg: assert(!(!f_flags_last[4] && flags[4]) || f_bad_q[2]);
            if (f_bad_q[2]) p_flags_cfg_set: assert(flags[4]);
        end
`ifndef FRIC_FORMAL_NOINV
    // ---- invariants of the cfg proof (k-induction; the bounded runs need none) ----
    // the staging set as the RTL holds it, and a set with one word put in
    reg [F_SETW-1:0] f_stg_rtl;
    integer fv;
    always @(*) for (fv = 0; fv < NWORDS; fv = fv + 1) f_stg_rtl[PW*fv +: PW] = stg[fv];
    function [F_SETW-1:0] f_put;
        input [F_SETW-1:0] s;
        input [4:0]        a;
        input [PW-1:0]     d;
        integer k;
        begin
            f_put = s;
            for (k = 0; k < NWORDS; k = k + 1) if (a == k) f_put[PW*k +: PW] = d;
        end
    endfunction
    reg f_req_ok;                            // the fit of the word in the request register
    always @(posedge clk) if (cfg_take) f_req_ok <= f_word_ok;
    // an axis's state reset is done: marked, and neither pending nor in the zeroing
    wire [NA-1:0] f_sr_done;
    genvar fga, fgp;
    generate
        for (fga = 0; fga < NA; fga = fga + 1) begin : g_f_axis
            assign f_sr_done[fga] = f_sr_mark[fga] && !(zero_busy && zcnt_reg <= fga) &&
                                    !(sr_pend && (sr_all_reg || sr_axis_reg == fga));
            always @(*)
                if (f_past_valid) begin
                    // the field memories hold the committed set, but while the axis's commit waits
                    if (!(cm_pend && cm_axis_reg == fga)) assert(f_mem_is(fga, f_set[fga]));
                    // a done state reset: state 0, no sample of the axis in the input register
                    if (f_sr_done[fga]) assert(stm[fga] == {SW{1'b0}} && !(in_v_reg && in_ax_reg == fga));
                end
            // ... nor in a stage up to the state write
            for (fgp = 2; fgp <= K_WR + 1; fgp = fgp + 1) begin : g_f_place
                always @(*)
                    if (f_past_valid && f_sr_done[fga]) assert(!(vld_reg[fgp-2] && ax_at(fgp - 1) == fga));
            end
        end
        // the tracked beat after a state reset: no sample of its axis ahead
        // of it up to the state write until it reads its state
        for (fgp = 2; fgp <= K_WR + 1; fgp = fgp + 1) begin : g_f_tr_sr
            always @(*)
                if (f_past_valid && !rst && f_tr_v && f_tr_sr && f_tr_stage <= K_RD + 1 && f_tr_stage < fgp)
                    assert(!(vld_reg[fgp-2] && ax_at(fgp - 1) == f_tr_axis));
        end
    endgenerate
    always @(*)
        if (f_past_valid) begin
            // the word in flight: checked in the request register, written from the write register
            f_inv_req: assert(!(req_v_reg && wr_v_reg) && !(cfg_ready_reg && (req_v_reg || wr_v_reg)));
            if (req_v_reg)
                f_inv_req_set: assert(req_fits == f_req_ok &&
                                      f_stg == (f_req_ok ? f_put(f_stg_rtl, req_addr_reg, req_data_reg) : f_stg_rtl));
            else if (wr_v_reg)
                f_inv_wr_set: assert(f_stg == f_put(f_stg_rtl, wr_addr_reg, wr_data_reg));
            else
                f_inv_stg: assert(f_stg == f_stg_rtl);
            f_inv_bad: assert(f_bad_q[0] == (req_v_reg && !f_req_ok) && f_bad_q[1] == bad_reg);
            // a waiting commit: the port closed, its set the staging set
            if (cm_pend) f_inv_cm: assert(!cfg_ready_reg && !req_v_reg && !wr_v_reg && f_set[cm_axis_reg] == f_stg);
            if (sr_pend) f_inv_srp: assert(!srst_ready_reg);
            f_inv_empty: assert(empty == (!in_v_reg && vld_reg == {NK{1'b0}}));
            if (zero_busy) f_inv_zero: assert(!in_v_reg && vld_reg == {NK{1'b0}});
            if (!rst && f_tr_v && f_tr_stage < F_OUT && !(cm_pend && cm_axis_reg == f_tr_axis))
                f_inv_tr_set: assert(f_tr_set == f_set[f_tr_axis]);
            if (!rst && f_tr_v && f_tr_sr && f_tr_stage <= K_RD + 1)
                f_inv_tr_sr: assert(stm[f_tr_axis] == {SW{1'b0}});
        end
`endif
    always @(*) begin
        cover(f_tr_v && f_tr_stage < F_OUT && cm_pend);            // a commit waiting for a sample in flight
        cover(f_tr_v && f_tr_sr);                                  // a sample taken after a state reset
        cover(f_bad_q[2]);                                         // a refused word
`ifdef FRIC_FORMAL_DEEP_COVER
        cover(f_tr_v && f_tr_sr && f_tr_stage == K_RD + 1 && ce);  // ... reading its state (K_RD + 2 cycles)
`endif
    end
`endif

    // ---- reachability (the cover tasks reach the shallow ones; a beat
    // through takes K_SAT + 4 cycles from reset, which the cover runs do
    // not reach in the time they have: FRIC_FORMAL_DEEP_COVER adds them) ----
    always @(*) begin
`ifdef FRIC_FORMAL_DEEP_COVER
        cover(f_tr_out && f_tr_free);                              // a beat through without a stall
        cover(f_tr_out && !f_tr_free);                             // a beat through backpressure
`endif
        cover(f_tr_v && !f_tr_free && f_tr_stage > 8'd1);          // a beat in the pipeline held by a stall
        cover(f_past_valid && !rst && f_in_hs && f_prev_in_hs);    // back-to-back input beats
        cover(f_past_valid && rst && f_fly != 8'd0);               // a reset with beats in flight
        cover(f_past_valid && !rst && cfg_valid && cfg_ready && cfg_commit &&
              s_axis_tvalid && !s_axis_tready && f_fly != 8'd0);   // a commit while the input stalls
    end
`endif
endmodule
`resetall
