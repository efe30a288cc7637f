// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_gms: the generalized Maxwell-slip (GMS) friction core for NUM_AXES
// axes: N_i = 1..16 elements per axis, each a spring that sticks until it
// reaches its level and then slips toward it, bit-exact with
// fric_fx_gms_step() (cmodel/src/fric_fx.c; docs/fric_gms.md).
//
//   g   = s(v) = FC + rsr(DM * E, EF + DS - G), limited to [1, 2^(W-1+G) - 1]
//   L_i = sign(v) g AM_i 2^(WG-G-W)                      (exact)
//   y   = KCM 2^-KCX / g (one per sample), psi = 1 - 2^-y (three paths, as LuGre's)
//   slipping: F_i += rsr((L_i - F_i) psi, s);  sticking: F_i += sign(v) rsr(|v| KM_i 2^WG, KS_i),
//   ending at L_i (slipping) when it reaches it; v = 0: every element sticks and holds
//   F   = sat(rsr(sum F_i + sign(v) visc(|v|) 2^(WG-G), WG))
//
// Architecture: elements time-multiplexed, one sample at a time. A sample
// passes three phases:
//   1. the shared part (g, the slip exponent y, psi and its shift, the
//      viscous term) from the sample's |v| and its axis's fields, which are
//      held in registers for the whole sample: the pipelined units (the exp2
//      unit twice, the reciprocal and h tables, the rounding shifts) settle
//      in K_FE cycles, and no stage needs a valid bit;
//   2. the elements, one per clock through one element datapath (the level
//      product g AM_i, the stick increment |v| KM_i, the move (L_i - F_i)
//      psi as three W-bit partial products), reading each element's state
//      and fields from memories indexed {axis, element} and writing its new
//      state K_EW cycles later; the element forces are summed as they leave;
//   3. the viscous term is added, the sum rounded and saturated, and the
//      beat goes to the output register.
// A sample takes K_FE + n + K_EW + K_OUT + 3 cycles (n the axis's element
// count; the bench measures it). The parallel form (n element datapaths
// side by side) would take a sample every clock after the shared part,
// with 4n DSP products and n state memories instead of 4 and one; it is not
// built here (docs/fric_gms.md gives the comparison).
//
// Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis.
// m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1); tuser =
// {W_SAT, 0, G_SAT, F_SAT, axis} (the bit positions of fric_lugre's, the
// sigma1 bit always 0). s_axis_tready depends on registers only.
//
// Parameters: the 66 GMS words (fric_formats.vh: the Stribeck words,
// GMS_N, GMS_KCM, GMS_KCX, 16 element blocks KM, KS, AM) go through a
// request register, the field check (fric_word_fits) and a write register
// into the staging set (a word every third cycle). A commit waits until the
// sample in progress has left the datapath (no sample is taken meanwhile),
// then copies the staging set into the axis's field memories (the scalar
// fields in one cycle, the element fields one element per cycle, 16 cycles):
// no sample sees a mix of two sets. A word that does not fit its field, or
// an address past the last word, is ignored and sets the CFG flag. GMS_N
// takes 0..31 as its field allows: 0 gives no elements, and more than 16 is
// 16 (fric_fx_gms_step()'s rule). Parameters start at 0 (F = 0).
//
// State reset: srst_valid with srst_all (every axis) or srst_axis zeroes the
// element forces and slip states after the sample in progress and before
// any taken after it (16 cycles per axis). rst (synchronous) drops the
// sample in progress and the output register, clears the flags, zeroes
// every axis's state (16 cycles per axis), cancels a state reset not yet
// done, and keeps the parameters, the staging set and a commit already taken
// (which is then applied).
//
// Sticky flags: flags = {CFG, W_SAT, 0, G_SAT, F_SAT}, cleared by writing 1s
// to flags_clear (a set wins).
module fric_gms #(
    // datapath width: 16 or 18
    parameter integer W = 16,
    // axes; the memories have 2^AXIS_W axes of 16 elements
    parameter integer NUM_AXES = 8,
    // 1: three-stage rounding shifts and table ROMs in logic, for a fast
    // clock (ECP5); 0: two-stage shifts, tables in block RAM
    parameter integer OPT_FAST = 1,
    // 1: the products of the shared part and the level product g AM_i in
    // fabric, for a part with few DSP blocks; 0: DSP products
    parameter integer OPT_FABRIC = 0,
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
    input  wire [6:0]             cfg_addr,
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
    localparam integer NE = `FRIC_GMS_MAX;           // element slots per axis
    localparam integer EB = 4;                        // element index bits
    localparam integer EA_W = AXIS_W + EB;            // element memory address
    localparam integer E_LAST_I = NE - 1;
    localparam [EB-1:0] E_LAST = E_LAST_I[EB-1:0];

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
    localparam integer NWORDS = `FRIC_WORDS_GMS;
    localparam integer NSCAL = `FRIC_WORD_GMS_KM(0);  // scalar words 0..NSCAL-1
    localparam integer FC_W = `FRIC_BITS_FC_P(W);     // the widest field
    localparam integer PW = FC_W;
    localparam integer DS_W = `FRIC_BITS_DS_P(W);
    localparam integer BS_W = `FRIC_BITS_BS_P(W);
    localparam integer SH_W = `FRIC_BITS_KS(W);
    localparam integer KX_W = `FRIC_BITS_GMS_KCX(W);
    localparam integer N_W = `FRIC_BITS_GMS_N(W);
    localparam integer AM_W = `FRIC_BITS_GMS_AM(W);   // (U,1,W)
    localparam integer SW = W + WG;                   // an element force, (S,W,WG)
    localparam integer GW = W + 3;                    // g, (U,W-1,G)
    localparam integer DIP_W = W + 5;                 // the dip, signed
    localparam integer GR_W = W + 6;                  // FC + dip, signed
    localparam integer LSH = WG - G - W;              // L_i = g AM 2^LSH
    localparam integer LV_W = GW + AM_W + LSH;        // |L_i| < 2^LV_W (= SW)
    localparam integer DW = 2 * W + WG + 1;           // the stick increment, signed
    localparam integer MV_W = SW + 1;                 // |L_i - F_i| < 2^MV_W
    localparam integer PM_W = MV_W + W;               // |L_i - F_i| psi (psi < 2^W)
    localparam integer SUM_W = SW + 4;                // the element sum, 16 elements
    localparam integer TW = 2 * W + 22;               // the force sum, signed
    localparam [W-1:0] FMAX = {1'b0, {(W-1){1'b1}}};

    // ---- latencies of the units ----------------------------------------------
    localparam integer RS = (OPT_FAST != 0) ? 3 : 2;    // rounding-shift stages
    localparam integer LM = 2;                          // DSP product
    localparam integer LN = RS + 3;                     // fric_norm
    localparam integer LY = LM + RS + 2;                // fric_scale_y
    localparam integer LE = (`FRIC_FB(W) + 1) / 2 + 2 * RS + 2 + ((RS == 3) ? 2 : 0); // fric_exp2
    localparam integer LI = ((RS == 3) ? 4 : 2) + LM + RS + 2;                       // fric_interp
    // a shared-part product: DSP, or fabric with two rows per stage
    localparam integer LMF_W = (OPT_FABRIC != 0) ? (W + 1) / 2 : LM;     // W x W
    localparam integer LMF_G = (OPT_FABRIC != 0) ? (AM_W + 1) / 2 : LM;  // g x AM

    // ---- the shared part: cycles after the hold registers are loaded ---------
    // (the inputs are held, so each value is valid from its stage on)
    localparam integer F_P = 1 + LMF_W + LN + 1;          // p, pe of |v|^2
    localparam integer F_Y = F_P + LY;                    // y of g
    localparam integer F_E = F_Y + LE;                    // E
    localparam integer F_G = F_E + LMF_W + 2 + RS + 2;    // g, limited
    localparam integer F_GN = F_G + LN;                   // g normalized
    localparam integer F_R = F_GN + LI;                   // 1/g
    localparam integer F_PR = F_R + LMF_W;                // prod = t r
    localparam integer F_PA = F_PR + 1 + RS + 1;          // the path, y
    localparam integer F_P2 = F_PA + LE;                  // 2^-y
    localparam integer F_P1 = ((F_PA + LI > F_PR + LN) ? F_PA + LI : F_PR + LN) + LMF_W + RS; // y h(y)
    localparam integer F_PSI = ((F_P2 > F_P1) ? F_P2 : F_P1) + 1;                          // psi
    localparam integer F_VV = 1 + LMF_W + RS + 1;         // the viscous term
    localparam integer K_FE = ((F_PSI > F_VV) ? F_PSI : F_VV) + 1;

    // ---- the element stage: cycles after an element's issue ------------------
    localparam integer E_RD = 1;                 // its state and fields registered
    localparam integer E_LV = E_RD + LMF_G;      // g AM
    localparam integer E_AK = E_RD + LM;         // |v| KM
    localparam integer E_LIM = ((E_LV > E_AK) ? E_LV : E_AK) + 1; // L_i; the stick shift starts
    localparam integer E_SL = E_LIM + 1;         // slipping?, |L_i - F_i|
    localparam integer E_MV = E_SL + LM + 2;     // |L_i - F_i| psi
    localparam integer E_MS = E_MV + 1;          // signed
    localparam integer E_MR = E_MS + RS;         // the move, rounded
    localparam integer E_D = E_LIM - 1 + RS;     // the stick increment
    localparam integer E_F1 = ((E_MR > E_D) ? E_MR : E_D) + 1; // F + move, F +- d
    localparam integer E_FN = E_F1 + 1;          // the new force and slip state
    localparam integer K_EW = E_FN + 1;          // limited (W_SAT); written, summed
    localparam integer K_OUT = 1 + RS + 1;       // the sum: + visc, rounded, saturated

    initial begin
        if (W != 16 && W != 18) begin
            $display("fric_gms: W = %0d, must be 16 or 18", W);
            $finish;
        end
        if (LV_W != SW || LSH < 0 || NSCAL != 18 || NWORDS != NSCAL + 3 * NE) begin
            $display("fric_gms: the formats do not give the widths this datapath assumes");
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
    localparam integer A_N = `FRIC_WORD_GMS_N;
    localparam integer A_KCM = `FRIC_WORD_GMS_KCM;
    localparam integer A_KCX = `FRIC_WORD_GMS_KCX;

    // ---- the sequencer -----------------------------------------------------------
    localparam [2:0] S_IDLE = 3'd0, S_LD = 3'd1, S_FE = 3'd2, S_EL = 3'd3, S_DR = 3'd4, S_OUT = 3'd5,
                     S_CM = 3'd6, S_ZR = 3'd7;
    reg [2:0]        st_reg = S_ZR;
    reg [7:0]        cnt_reg = 8'd0;           // cycles left in S_FE, S_DR, S_OUT
    reg [EA_W-1:0]   zcnt_reg = {EA_W{1'b0}};  // the element zeroed in S_ZR
    reg [EA_W-1:0]   zend_reg = {EA_W{1'b1}};  // its last element
    reg [EB-1:0]     ecnt_reg = {EB{1'b0}};    // the element issued in S_EL, copied in S_CM
    reg              in_rdy_reg = 1'b0;        // S_IDLE and nothing else to do
    reg              cm_pend = 1'b0, sr_pend = 1'b0;
    reg [AXIS_W-1:0] cm_axis_reg, sr_axis_reg;
    reg              sr_all_reg;
    reg              zero_rst_reg = 1'b1;      // the zeroing is rst's (all axes)

    // the sample: velocity and axis, taken in S_IDLE
    reg [W-1:0]      in_d_reg;
    reg [AXIS_W-1:0] in_ax_reg;
    wire in_take = in_rdy_reg && s_axis_tvalid;
    assign s_axis_tready = in_rdy_reg;

    // the output register
    localparam integer BEAT_W = W + AXIS_W + 4;
    reg [BEAT_W-1:0] out_reg;
    reg              out_v_reg = 1'b0;
    wire pop = out_v_reg && m_axis_tready;
    wire out_free = !out_v_reg || m_axis_tready;

    // ---- parameter staging and field memories -------------------------------
    reg [PW-1:0]   stg    [0:NSCAL-1];
    reg [W-1:0]    stg_km [0:NE-1];
    reg [SH_W-1:0] stg_ks [0:NE-1];
    reg [AM_W-1:0] stg_am [0:NE-1];
    reg              m_dsel [0:NA-1];
    reg [N_W-1:0]    m_n    [0:NA-1];
    reg [W-1:0]      m_kcm  [0:NA-1];
    reg [KX_W-1:0]   m_kcx  [0:NA-1];
    // per direction, index {axis, v < 0}
    reg [W-1:0]      m_km   [0:2*NA-1];
    reg [SH_W-1:0]   m_ks   [0:2*NA-1];
    reg [FC_W-1:0]   m_fc   [0:2*NA-1];
    reg [W-1:0]      m_dm   [0:2*NA-1];
    reg [DS_W-1:0]   m_ds   [0:2*NA-1];
    reg [W-1:0]      m_bm   [0:2*NA-1];
    reg [BS_W-1:0]   m_bs   [0:2*NA-1];
    // per element, index {axis, element}
    reg [W-1:0]      m_ekm  [0:NA*NE-1];
    reg [SH_W-1:0]   m_eks  [0:NA*NE-1];
    reg [AM_W-1:0]   m_eam  [0:NA*NE-1];
    // the element states {slip (2 bits: 00 sticking, 01 slipping up, 11 down), F (S,W,WG)}
    reg [SW+1:0]     stm    [0:NA*NE-1];
`ifndef SYNTHESIS
    integer mi;
    initial begin
        for (mi = 0; mi < NSCAL; mi = mi + 1) stg[mi] = {PW{1'b0}};
        for (mi = 0; mi < NE; mi = mi + 1) begin
            stg_km[mi] = 0; stg_ks[mi] = 0; stg_am[mi] = 0;
        end
        for (mi = 0; mi < NA; mi = mi + 1) begin
            m_dsel[mi] = 0; m_n[mi] = 0; m_kcm[mi] = 0; m_kcx[mi] = 0;
        end
        for (mi = 0; mi < 2 * NA; mi = mi + 1) begin
            m_km[mi] = 0; m_ks[mi] = 0; m_fc[mi] = 0; m_dm[mi] = 0; m_ds[mi] = 0; m_bm[mi] = 0; m_bs[mi] = 0;
        end
        for (mi = 0; mi < NA * NE; mi = mi + 1) begin
            m_ekm[mi] = 0; m_eks[mi] = 0; m_eam[mi] = 0; stm[mi] = 0;
        end
    end
`endif

    // cfg: a word is registered, checked and written into the staging set
    reg              cfg_ready_reg = 1'b1;
    reg              req_v_reg = 1'b0;
    reg [6:0]        req_addr_reg;
    reg [PW-1:0]     req_data_reg;
    wire cfg_take = cfg_valid && cfg_ready_reg;
    // the word's width checks (fric_word_fits, the rule of fric_fx_word_fits())
    // and the one-hot field class of its address, both registered with the
    // request. Classes: 0 DS_W, 1 BS_W (BS, GMS_N), 2 SH_W, 3 W, 4 FC_W,
    // 5 W signed (DM), 6 one bit (DSEL), 7 KX_W signed (KCX), 8 AM_W
    localparam integer NCLS = 9;
    localparam [7:0] W8 = W[7:0], FC8 = FC_W[7:0], SH8 = SH_W[7:0], BS8 = BS_W[7:0], DS8 = DS_W[7:0],
                     KX8 = KX_W[7:0], AM8 = AM_W[7:0];
    wire [NCLS-1:0] req_ok;
    fric_word_fits #(.N(8), .WIDTHS({KX8, 8'd1, W8, FC8, W8, SH8, BS8, DS8}), .SIGNS(8'b10100000)) u_fits (
        .clk(clk), .en(cfg_take), .d(cfg_data), .fits(req_ok[7:0]));
    fric_word_fits #(.N(1), .WIDTHS(AM8), .SIGNS(1'b0)) u_fits_am (
        .clk(clk), .en(cfg_take), .d(cfg_data), .fits(req_ok[8]));
    // an element word's class, by comparison with the 48 element addresses
    // (a shallow OR of equalities, where a division by 3 would be a long chain)
    function [NCLS-1:0] el_class;
        input [6:0] addr;
        integer i;
        begin
            el_class = 9'b000000000;
            for (i = 0; i < NE; i = i + 1) begin
                if ({25'd0, addr} == NSCAL + 3 * i)     el_class = 9'b000001000;   // KM_i
                if ({25'd0, addr} == NSCAL + 3 * i + 1) el_class = 9'b000000100;   // KS_i
                if ({25'd0, addr} == NSCAL + 3 * i + 2) el_class = 9'b100000000;   // AM_i
            end
        end
    endfunction
    // an element word's element and field (0 KM, 1 KS, 2 AM), likewise
    function [EB+1:0] el_index;
        input [6:0] addr;
        integer i;
        begin
            el_index = {(EB+2){1'b0}};
            for (i = 0; i < NE; i = i + 1) begin
                if ({25'd0, addr} == NSCAL + 3 * i)     el_index = {i[EB-1:0], 2'd0};
                if ({25'd0, addr} == NSCAL + 3 * i + 1) el_index = {i[EB-1:0], 2'd1};
                if ({25'd0, addr} == NSCAL + 3 * i + 2) el_index = {i[EB-1:0], 2'd2};
            end
        end
    endfunction
    function [NCLS-1:0] addr_class;
        input [6:0] addr;
        begin
            case (addr)
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N:                            addr_class = 9'b000000001;
                `FRIC_WORD_BS_P, `FRIC_WORD_BS_N, `FRIC_WORD_GMS_N:          addr_class = 9'b000000010;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N:                              addr_class = 9'b000000100;
                `FRIC_WORD_KM, `FRIC_WORD_KM_N, `FRIC_WORD_BM_P, `FRIC_WORD_BM_N,
                `FRIC_WORD_GMS_KCM:                                           addr_class = 9'b000001000;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N:                            addr_class = 9'b000010000;
                `FRIC_WORD_DM_P, `FRIC_WORD_DM_N:                            addr_class = 9'b000100000;
                `FRIC_WORD_DSEL:                                              addr_class = 9'b001000000;
                `FRIC_WORD_GMS_KCX:                                           addr_class = 9'b010000000;
                default:                                                      addr_class = el_class(addr);
            endcase
        end
    endfunction
    reg [NCLS-1:0] req_cls_reg;
    always @(posedge clk) if (cfg_take) req_cls_reg <= addr_class(cfg_addr);
    wire req_fits = |(req_ok & req_cls_reg);
    // the checked word, registered, is written in the next cycle: a scalar
    // word, or an element word (its element and field decoded here)
    reg          wr_v_reg = 1'b0, bad_reg = 1'b0;
    reg [6:0]    wr_addr_reg;
    reg [PW-1:0] wr_data_reg;
    reg          wr_el_reg;
    reg [EB-1:0] wr_ei_reg;
    reg [1:0]    wr_ef_reg;
    wire [EB+1:0] req_eif = el_index(req_addr_reg);
    wire cfg_bad = bad_reg && !flags_clear[4];
    wire cm_pend_next = (cfg_take && cfg_commit) || (cm_pend && !(st_reg == S_CM && ecnt_reg == E_LAST));
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
        // is low); a flags_clear of CFG or a rst in those cycles cancels it
        bad_reg     <= req_v_reg && !req_fits && !flags_clear[4] && !rst;
        wr_addr_reg <= req_addr_reg;
        wr_data_reg <= req_data_reg;
        wr_el_reg   <= (req_addr_reg >= NSCAL[6:0]);
        wr_ei_reg   <= req_eif[EB+1:2];
        wr_ef_reg   <= req_eif[1:0];
        if (wr_v_reg) begin
            if (!wr_el_reg)             stg[wr_addr_reg[4:0]] <= wr_data_reg;
            else if (wr_ef_reg == 2'd0) stg_km[wr_ei_reg] <= wr_data_reg[W-1:0];
            else if (wr_ef_reg == 2'd1) stg_ks[wr_ei_reg] <= wr_data_reg[SH_W-1:0];
            else                        stg_am[wr_ei_reg] <= wr_data_reg[AM_W-1:0];
        end
    end
    // the commit's copy (S_CM): the scalar fields in its first cycle, the
    // element fields one element per cycle
    always @(posedge clk) begin
        if (st_reg == S_CM) begin
            m_ekm[{cm_axis_reg, ecnt_reg}] <= stg_km[ecnt_reg];
            m_eks[{cm_axis_reg, ecnt_reg}] <= stg_ks[ecnt_reg];
            m_eam[{cm_axis_reg, ecnt_reg}] <= stg_am[ecnt_reg];
        end
        if (st_reg == S_CM && ecnt_reg == {EB{1'b0}}) begin
            m_dsel[cm_axis_reg] <= stg[A_DSEL][0];
            m_n[cm_axis_reg]    <= stg[A_N][N_W-1:0];
            m_kcm[cm_axis_reg]  <= stg[A_KCM][W-1:0];
            m_kcx[cm_axis_reg]  <= stg[A_KCX][KX_W-1:0];
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

    // ---- the hold registers: the sample and its axis's fields (S_LD) --------
    reg [W-1:0]      a_reg;                 // |v| <= 2^(W-1)
    reg              neg_reg, zero_reg;     // v < 0, v = 0
    reg              h_dsel;
    reg [W-1:0]      h_km, h_dm, h_bm, h_kcm;
    reg [SH_W-1:0]   h_ks;
    reg [FC_W-1:0]   h_fc;
    reg [DS_W-1:0]   h_ds;
    reg [BS_W-1:0]   h_bs;
    reg [KX_W-1:0]   h_kcx;
    reg [EB:0]       h_n;                   // elements, min(GMS_N, 16)
    wire             in_neg = in_d_reg[W-1];
    always @(posedge clk) begin
        if (st_reg == S_LD) begin
            a_reg    <= in_neg ? (~in_d_reg + {{(W-1){1'b0}}, 1'b1}) : in_d_reg;
            neg_reg  <= in_neg;
            zero_reg <= (in_d_reg == {W{1'b0}});
            h_dsel   <= m_dsel[in_ax_reg];
            h_n      <= (m_n[in_ax_reg] > NE[N_W-1:0]) ? NE[EB:0] : m_n[in_ax_reg][EB:0];
            h_kcm    <= m_kcm[in_ax_reg];
            h_kcx    <= m_kcx[in_ax_reg];
            h_km     <= m_km[{in_ax_reg, in_neg}];
            h_ks     <= m_ks[{in_ax_reg, in_neg}];
            h_fc     <= m_fc[{in_ax_reg, in_neg}];
            h_dm     <= m_dm[{in_ax_reg, in_neg}];
            h_ds     <= m_ds[{in_ax_reg, in_neg}];
            h_bm     <= m_bm[{in_ax_reg, in_neg}];
            h_bs     <= m_bs[{in_ax_reg, in_neg}];
        end
    end
    wire ce = 1'b1;   // the arithmetic runs every cycle (the sequencer times it)

    // ---- the exponent argument of g (delta 1 or 2) ----------------------------
    wire [2*W-1:0] q;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LMF_W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_sq (
        .clk(clk), .ce(ce), .a(a_reg), .b(a_reg), .p(q));
    wire [W-1:0]      qn_m;
    wire signed [7:0] qn_e;
    wire              qn_big;
    fric_norm #(.X_W(2*W), .W(W), .RS(RS)) u_nq (.clk(clk), .ce(ce), .x(q), .m(qn_m), .e(qn_e), .big(qn_big));
    reg [W-1:0] q_lo_reg, p2_reg;
    reg [4:0]   pe2_reg;
    always @(posedge clk) begin
        q_lo_reg <= q[W-1:0];
        // |v|^2 as is when it fits W bits (pe = 0), else normalized
        p2_reg  <= qn_big ? qn_m : q_lo_reg;
        pe2_reg <= qn_big ? qn_e[4:0] : 5'd0;
    end
    wire [YW-1:0] y_g;
    fric_scale_y #(.W(W), .LM(LM), .RS(RS), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_yg (
        .clk(clk), .ce(ce), .p(h_dsel ? p2_reg : a_reg), .pe(h_dsel ? pe2_reg : 5'd0),
        .k(h_km), .s(h_ks), .y(y_g));
    wire [W:0] e_g;                                     // (U,1,EF)
    fric_exp2 #(.W(W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp_g (.clk(clk), .ce(ce), .y(y_g), .e(e_g));

    // ---- g = FC + rsr(DM E, EF + DS - G), limited to [1, 2^(W-1+G) - 1] ----
    wire         dm_neg = h_dm[W-1];
    wire [W-1:0] dm_abs = h_dm[W-1] ? (~h_dm + {{(W-1){1'b0}}, 1'b1}) : h_dm;
    wire [2*W-1:0] dprod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LMF_W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_dip (
        .clk(clk), .ce(ce), .a(dm_abs), .b(e_g[W-1:0]), .p(dprod));
    reg                e_one_reg;
    reg [2*W-1:0]      dmag_reg;
    reg signed [2*W:0] dsig_reg;
    always @(posedge clk) begin
        e_one_reg <= e_g[W];
        // E = 1 (2^EF) selects |DM| 2^EF (the inputs are held: E is settled)
        dmag_reg <= e_one_reg ? {dm_abs, {W{1'b0}}} : dprod;
        dsig_reg <= dm_neg ? -$signed({1'b0, dmag_reg}) : $signed({1'b0, dmag_reg});
    end
    localparam integer DSH0_I = EF - G;
    wire [5:0] dsh = {{(6-DS_W){1'b0}}, h_ds} + DSH0_I[5:0];
    wire signed [DIP_W-1:0] dip;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(DIP_W), .STAGES(RS)) u_rsr_dip (
        .clk(clk), .ce(ce), .x(dsig_reg), .s(dsh), .y(dip));
    reg signed [GR_W-1:0] graw_reg;
    reg [GW-1:0]          g_reg;
    reg                   gsat_reg;
    wire g_low  = graw_reg[GR_W-1] || (graw_reg == {GR_W{1'b0}});
    wire g_high = !graw_reg[GR_W-1] && (|graw_reg[GR_W-2:GW]);
    always @(posedge clk) begin
        graw_reg <= $signed({3'b000, h_fc}) + {{(GR_W-DIP_W){dip[DIP_W-1]}}, dip};
        g_reg    <= g_low ? {{(GW-1){1'b0}}, 1'b1} : (g_high ? {GW{1'b1}} : graw_reg[GW-1:0]);
        gsat_reg <= (g_low || g_high) && !zero_reg;
    end

    // ---- y = KCM 2^-KCX / g: KCM and g normalized, 1/g from the table -------
    wire [W-1:0]      tn, gn;
    wire signed [7:0] te, ge;
    wire              t_big_unused, g_big_unused;
    fric_norm #(.X_W(W), .W(W), .RS(RS)) u_nt (.clk(clk), .ce(ce), .x(h_kcm), .m(tn), .e(te), .big(t_big_unused));
    fric_norm #(.X_W(GW), .W(W), .RS(RS)) u_ng (.clk(clk), .ce(ce), .x(g_reg), .m(gn), .e(ge), .big(g_big_unused));
    wire [W-1:0] r;
    fric_interp #(.T_W(W), .TB(TB), .FR_W(RF), .RS(RS), .LM(LM), .OPT_ECP5_DSP(OPT_ECP5_DSP),
                  .OPT_H(0))
        u_rec (.clk(clk), .ce(ce), .idx(gn[W-2 -: TB]), .fr(gn[RF-1:0]), .m(r));
    // the net shift sh = 2W - 1 - YF + KCX + ge - te (y = prod 2^-(sh + YF) 2^YF)
    localparam integer SH0_I = 2 * W - 1 - YF;
    reg signed [9:0] sh_reg;
    always @(posedge clk)
        sh_reg <= $signed(SH0_I[9:0]) + {{(10-KX_W){h_kcx[KX_W-1]}}, h_kcx} + {{2{ge[7]}}, ge} - {{2{te[7]}}, te};
    wire [2*W-1:0] prod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LMF_W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_pr (
        .clk(clk), .ce(ce), .a(tn), .b(r), .p(prod));
    // the rounding shift's amount (a negative sh, or one past 63, decided
    // apart); prod = 0 only when KCM = 0
    reg [2*W-1:0] prod_reg;
    reg [5:0]     s2_reg;
    reg           sneg_reg, pz_reg;
    always @(posedge clk) begin
        prod_reg <= prod;
        sneg_reg <= sh_reg[9];
        s2_reg   <= sh_reg[9] ? 6'd0 : ((sh_reg > 10'sd63) ? 6'd63 : sh_reg[5:0]);
        pz_reg   <= (prod == {(2*W){1'b0}});
    end
    wire [YW:0] y2r;                                    // limited to 2^(YW+1) - 1
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(YW+1), .STAGES(RS), .OPT_SAT(1)) u_rsr_y2 (
        .clk(clk), .ce(ce), .x({1'b0, prod_reg}), .s(s2_reg), .y(y2r));
    // the path: 0 no motion (KCM = 0), 1 small y (h table), 2 exp2, 3 y >=
    // 2^YI (F_i = L_i; a negative shift of a nonzero prod lands here)
    localparam [1:0] P_ZERO = 2'd0, P_SMALL = 2'd1, P_EXP = 2'd2, P_SS = 2'd3;
    reg [1:0]    path_reg;
    reg [YW-1:0] y2_reg;
    always @(posedge clk) begin
        y2_reg <= y2r[YW-1:0];
        if (pz_reg)                   path_reg <= P_ZERO;
        else if (sneg_reg || y2r[YW]) path_reg <= P_SS;
        else if (|y2r[YW-1:YF-1])     path_reg <= P_EXP;
        else                          path_reg <= P_SMALL;
    end
    // path 2: psi = 1 - 2^-y
    wire [W:0] e2;
    fric_exp2 #(.W(W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp_2 (.clk(clk), .ce(ce), .y(y2_reg), .e(e2));
    // path 1: psi = rsr(pm h(y), HP) with prod = pm 2^pn, and the shift sh + YF - pn
    wire [W-1:0]      pm;
    wire signed [7:0] pn;
    wire              p_big_unused;
    fric_norm #(.X_W(2*W), .W(W), .RS(RS)) u_np (.clk(clk), .ce(ce), .x(prod), .m(pm), .e(pn), .big(p_big_unused));
    wire [W-1:0] hv;
    fric_interp #(.T_W(W), .TB(TB), .FR_W(HF), .RS(RS), .LM(LM), .OPT_ECP5_DSP(OPT_ECP5_DSP),
                  .OPT_H(1))
        u_h (.clk(clk), .ce(ce), .idx(y2_reg[YF-2 -: TB]), .fr(y2_reg[HF-1:0]), .m(hv));
    wire [2*W-1:0] pmh;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LMF_W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_pmh (
        .clk(clk), .ce(ce), .a(pm), .b(hv), .p(pmh));
    localparam [5:0] HPS = HP[5:0];
    wire [W:0] psi1;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(W+1), .STAGES(RS)) u_rsr_psi1 (
        .clk(clk), .ce(ce), .x({1'b0, pmh}), .s(HPS), .y(psi1));
    localparam [10:0] YF11 = YF[10:0];
    reg signed [10:0] s1sh_reg;
    always @(posedge clk) s1sh_reg <= {sh_reg[9], sh_reg} + $signed(YF11) - {{3{pn[7]}}, pn};
    // psi (U,1,W) <= 2^W and the shift of the move
    localparam [W:0] ONE_W = {1'b1, {W{1'b0}}};
    localparam integer W_I = W;
    reg [W:0] psi_reg;
    reg [5:0] sdw_reg;
    always @(posedge clk) begin
        case (path_reg)
            P_ZERO:  psi_reg <= {(W+1){1'b0}};
            P_SMALL: psi_reg <= psi1;
            P_EXP:   psi_reg <= ONE_W - e2;
            default: psi_reg <= ONE_W;
        endcase
        if (path_reg == P_SMALL) sdw_reg <= s1sh_reg[10] ? 6'd0 : ((s1sh_reg > 11'sd63) ? 6'd63 : s1sh_reg[5:0]);
        else                     sdw_reg <= W_I[5:0];
    end

    // ---- the viscous term sign(v) rsr(|v| BM, BS) 2^(WG-G) -------------------
    wire [2*W-1:0] vprod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LMF_W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_vis (
        .clk(clk), .ce(ce), .a(a_reg), .b(h_bm), .p(vprod));
    wire [2*W-1:0] vv;
    fric_rsr #(.X_W(2*W+1), .S_W(BS_W), .Y_W(2*W), .STAGES(RS)) u_rsr_v (
        .clk(clk), .ce(ce), .x({1'b0, vprod}), .s(h_bs), .y(vv));
    reg signed [TW-1:0] svv_reg;                        // +-visc 2^(WG-G)
    always @(posedge clk)
        svv_reg <= neg_reg ? -$signed({{(TW-2*W-(WG-G)){1'b0}}, vv, {(WG-G){1'b0}}})
                           : $signed({{(TW-2*W-(WG-G)){1'b0}}, vv, {(WG-G){1'b0}}});

    // ---- the element stage --------------------------------------------------------
    // issue: the element ecnt_reg of the sample's axis, in S_EL
    wire             e_issue = (st_reg == S_EL);
    reg  [K_EW:1]    ev_reg = {K_EW{1'b0}};      // ev_reg[k]: an element at stage k
    reg  [EB-1:0]    ei_q [1:K_EW];              // its index
    integer ek;
    always @(posedge clk) begin
        ev_reg <= {ev_reg[K_EW-1:1], e_issue};
        ei_q[1] <= ecnt_reg;
        for (ek = 2; ek <= K_EW; ek = ek + 1) ei_q[ek] <= ei_q[ek-1];
        if (rst) ev_reg <= {K_EW{1'b0}};
    end
    // E_RD: the element's state and fields (zeroing and the pipeline's
    // writes never meet a read of the same element: one sample at a time)
    reg signed [SW-1:0] ef_reg;
    reg [1:0]           es_reg;
    reg [W-1:0]         ekm_reg;
    reg [SH_W-1:0]      eks_reg;
    reg [AM_W-1:0]      eam_reg;
    wire [EA_W-1:0] e_ra = {in_ax_reg, ecnt_reg};
    always @(posedge clk) begin
        {es_reg, ef_reg} <= stm[e_ra];
        ekm_reg <= m_ekm[e_ra];
        eks_reg <= m_eks[e_ra];
        eam_reg <= m_eam[e_ra];
    end
    // the direction of motion as a slip code: 01 up, 11 down, 00 (v = 0)
    wire [1:0] dcode = zero_reg ? 2'b00 : (neg_reg ? 2'b11 : 2'b01);
    // the level g AM_i and the stick product |v| KM_i
    wire [GW+AM_W-1:0] lvp;
    fric_mul #(.A_W(GW), .B_W(AM_W), .LATENCY(LMF_G), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(0)) u_lv (
        .clk(clk), .ce(ce), .a(g_reg), .b(eam_reg), .p(lvp));
    wire [2*W-1:0] akm;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_akm (
        .clk(clk), .ce(ce), .a(a_reg), .b(ekm_reg), .p(akm));
    // a reversed slipping element sticks (E_RD + 1)
    reg [1:0] es0_reg;
    always @(posedge clk) es0_reg <= (es_reg == dcode) ? es_reg : 2'b00;
    wire signed [SW-1:0] ef_lim;
    wire [1:0]           es_lim;
    fric_delay #(.WIDTH(SW), .DEPTH(E_LIM - E_RD - 1)) u_ef_lim (.clk(clk), .ce(ce), .d(ef_reg), .q(ef_lim));
    fric_delay #(.WIDTH(2), .DEPTH(E_LIM - E_RD - 2)) u_es_lim (.clk(clk), .ce(ce), .d(es0_reg), .q(es_lim));
    wire [GW+AM_W-1:0] lvp_l;
    wire [2*W-1:0]     akm_l;
    wire [SH_W-1:0]    eks_l;
    fric_delay #(.WIDTH(GW+AM_W), .DEPTH(E_LIM - 1 - E_LV)) u_lvp (.clk(clk), .ce(ce), .d(lvp), .q(lvp_l));
    fric_delay #(.WIDTH(2*W), .DEPTH(E_LIM - 1 - E_AK)) u_akm_l (.clk(clk), .ce(ce), .d(akm), .q(akm_l));
    fric_delay #(.WIDTH(SH_W), .DEPTH(E_LIM - 1 - E_RD)) u_eks (.clk(clk), .ce(ce), .d(eks_reg), .q(eks_l));
    // E_LIM: L_i = sign(v) g AM_i 2^LSH, (S,SW+1); the stick increment
    // d = rsr(|v| KM_i 2^WG, KS_i) starts (exact for KS_i <= WG, rounded above)
    wire signed [SW:0] lv_pos = $signed({1'b0, lvp_l, {LSH{1'b0}}});
    reg signed [SW:0]   lim_reg;
    reg signed [SW-1:0] ef_l_reg;
    reg [1:0]           es_l_reg;
    always @(posedge clk) begin
        lim_reg  <= neg_reg ? -lv_pos : lv_pos;
        ef_l_reg <= ef_lim;
        es_l_reg <= es_lim;
    end
    wire signed [DW-1:0] dinc;
    fric_rsr #(.X_W(DW), .S_W(SH_W), .Y_W(DW), .STAGES(RS)) u_rsr_d (
        .clk(clk), .ce(ce), .x($signed({1'b0, akm_l, {WG{1'b0}}})), .s(eks_l), .y(dinc));
    // E_SL: slipping (a slipping element, or a sticking one at or beyond its
    // level), and |L_i - F_i| with its sign
    // both differences, so that |L_i - F_i| is one carry chain and a multiplexer
    wire signed [SW+1:0] diff = {lim_reg[SW], lim_reg} - {{2{ef_l_reg[SW-1]}}, ef_l_reg};
    wire signed [SW+1:0] ndiff = {{2{ef_l_reg[SW-1]}}, ef_l_reg} - {lim_reg[SW], lim_reg};
    wire at_lim = neg_reg ? ($signed({ef_l_reg[SW-1], ef_l_reg}) <= lim_reg)
                          : ($signed({ef_l_reg[SW-1], ef_l_reg}) >= lim_reg);
    reg                 sl_reg, dfs_reg;
    reg [MV_W-1:0]      adf_reg;
    reg signed [SW:0]   lim_s_reg;
    reg signed [SW-1:0] ef_s_reg;
    always @(posedge clk) begin
        sl_reg    <= (es_l_reg != 2'b00) || at_lim;
        dfs_reg   <= diff[SW+1];
        adf_reg   <= diff[SW+1] ? ndiff[MV_W-1:0] : diff[MV_W-1:0];
        lim_s_reg <= lim_reg;
        ef_s_reg  <= ef_l_reg;
    end
    // |L_i - F_i| psi: three W-bit partial products (psi = 1 by a mux)
    wire [3*W-1:0] adf_x = {{(3*W-MV_W){1'b0}}, adf_reg};
    wire [2*W-1:0] mp0, mp1, mp2;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_m0 (
        .clk(clk), .ce(ce), .a(adf_x[W-1:0]), .b(psi_reg[W-1:0]), .p(mp0));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_m1 (
        .clk(clk), .ce(ce), .a(adf_x[2*W-1:W]), .b(psi_reg[W-1:0]), .p(mp1));
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LM), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_m2 (
        .clk(clk), .ce(ce), .a(adf_x[3*W-1:2*W]), .b(psi_reg[W-1:0]), .p(mp2));
    wire [MV_W:0] mctl;                                 // {sign, |diff|} at E_SL + LM
    fric_delay #(.WIDTH(MV_W+1), .DEPTH(LM)) u_mctl (.clk(clk), .ce(ce), .d({dfs_reg, adf_reg}), .q(mctl));
    reg [3*W:0]        ms01_reg;
    reg [MV_W-W-1:0]   mp2_reg;                         // the top partial product is below 2^(MV_W-W)
    reg [MV_W:0]       mctl1_reg;
    reg [PM_W-1:0]     mmag_reg;                        // E_MV
    reg                msgn_reg;
    always @(posedge clk) begin
        ms01_reg  <= {{(W+1){1'b0}}, mp0} + {1'b0, mp1, {W{1'b0}}};
        mp2_reg   <= mp2[MV_W-W-1:0];
        mctl1_reg <= mctl;
        mmag_reg  <= psi_reg[W] ? {mctl1_reg[MV_W-1:0], {W{1'b0}}}
                                : ({{(PM_W-3*W-1){1'b0}}, ms01_reg} + {mp2_reg, {(2*W){1'b0}}});
        msgn_reg  <= mctl1_reg[MV_W];
    end
    reg signed [PM_W:0] msg_reg;                        // E_MS
    always @(posedge clk) msg_reg <= msgn_reg ? -$signed({1'b0, mmag_reg}) : $signed({1'b0, mmag_reg});
    wire signed [MV_W:0] mv;                            // E_MR, |move| <= |diff|
    fric_rsr #(.X_W(PM_W+1), .S_W(6), .Y_W(MV_W+1), .STAGES(RS)) u_rsr_mv (
        .clk(clk), .ce(ce), .x(msg_reg), .s(sdw_reg), .y(mv));
    // the element's values, brought to E_F1 - 1
    wire signed [SW-1:0] ef_f;
    wire signed [SW:0]   lim_f;
    wire                 sl_f;
    wire signed [MV_W:0] mv_f;
    wire signed [DW-1:0] d_f;
    fric_delay #(.WIDTH(SW), .DEPTH(E_F1 - 1 - E_SL)) u_ef_f (.clk(clk), .ce(ce), .d(ef_s_reg), .q(ef_f));
    fric_delay #(.WIDTH(SW+1), .DEPTH(E_F1 - 1 - E_SL)) u_lim_f (.clk(clk), .ce(ce), .d(lim_s_reg), .q(lim_f));
    fric_delay #(.WIDTH(1), .DEPTH(E_F1 - 1 - E_SL)) u_sl_f (.clk(clk), .ce(ce), .d(sl_reg), .q(sl_f));
    fric_delay #(.WIDTH(MV_W+1), .DEPTH(E_F1 - 1 - E_MR)) u_mv_f (.clk(clk), .ce(ce), .d(mv), .q(mv_f));
    fric_delay #(.WIDTH(DW), .DEPTH(E_F1 - 1 - E_D)) u_d_f (.clk(clk), .ce(ce), .d(dinc), .q(d_f));
    // E_F1: F + move (slipping), F +- d (sticking)
    localparam integer F1_W = DW + 1;
    reg signed [MV_W:0] fmv_reg;
    reg signed [F1_W-1:0] f1_reg;
    reg signed [SW:0]   lim_1_reg;
    reg signed [SW-1:0] ef_1_reg;
    reg                 sl_1_reg;
    always @(posedge clk) begin
        fmv_reg   <= {ef_f[SW-1], ef_f[SW-1], ef_f} + mv_f;
        f1_reg    <= neg_reg ? ({{(F1_W-SW){ef_f[SW-1]}}, ef_f} - {d_f[DW-1], d_f})
                             : ({{(F1_W-SW){ef_f[SW-1]}}, ef_f} + {d_f[DW-1], d_f});
        lim_1_reg <= lim_f;
        ef_1_reg  <= ef_f;
        sl_1_reg  <= sl_f;
    end
    // E_FN: the new force and slip state. v = 0: sticking, held. Slipping:
    // F + move. Sticking: F +- d short of the level, else the level, slipping.
    wire signed [F1_W-1:0] lim_1x = {{(F1_W-SW-1){lim_1_reg[SW]}}, lim_1_reg};
    wire short = neg_reg ? (f1_reg > lim_1x) : (f1_reg < lim_1x);
    reg signed [SW+1:0] fn_reg;
    reg [1:0]           sn_reg;
    always @(posedge clk) begin
        if (zero_reg) begin
            fn_reg <= {{2{ef_1_reg[SW-1]}}, ef_1_reg};
            sn_reg <= 2'b00;
        end else if (sl_1_reg) begin
            fn_reg <= fmv_reg;
            sn_reg <= dcode;
        end else if (short) begin
            fn_reg <= f1_reg[SW+1:0];   // between F and L_i: within SW + 1 bits
            sn_reg <= 2'b00;
        end else begin
            fn_reg <= {lim_1_reg[SW], lim_1_reg};
            sn_reg <= dcode;
        end
    end
    // K_EW: limited to +-(2^(W-1+WG) - 1) (W_SAT; cannot happen with AM <= 2^W)
    localparam signed [SW+1:0] EMAX = $signed({3'b000, {(SW-1){1'b1}}});
    wire fn_ok = (fn_reg[SW+1:SW-1] == 3'b000) || ((fn_reg[SW+1:SW-1] == 3'b111) && (|fn_reg[SW-2:0]));
    wire signed [SW-1:0] fn_c = fn_ok ? fn_reg[SW-1:0] : (fn_reg[SW+1] ? -EMAX[SW-1:0] : EMAX[SW-1:0]);
    reg                  wsat_reg = 1'b0;
    reg signed [SUM_W-1:0] sum_reg;
    always @(posedge clk) begin
        if (ev_reg[K_EW - 1]) begin
            stm[{in_ax_reg, ei_q[K_EW - 1]}] <= {sn_reg, fn_c};
        end else if (st_reg == S_ZR) begin
            stm[zcnt_reg] <= {(SW+2){1'b0}};
        end
        if (st_reg == S_LD) begin
            sum_reg  <= {SUM_W{1'b0}};
            wsat_reg <= 1'b0;
        end else if (ev_reg[K_EW - 1]) begin
            sum_reg  <= sum_reg + {{(SUM_W-SW){fn_c[SW-1]}}, fn_c};
            wsat_reg <= wsat_reg || !fn_ok;
        end
    end

    // ---- F = sat(rsr(sum + visc, WG)) -----------------------------------------
    reg signed [TW-1:0] tot_reg;
    always @(posedge clk) tot_reg <= {{(TW-SUM_W){sum_reg[SUM_W-1]}}, sum_reg} + svv_reg;
    localparam [4:0] WGS = WG[4:0];
    wire signed [TW-1:0] fr;
    fric_rsr #(.X_W(TW), .S_W(5), .Y_W(TW), .STAGES(RS)) u_rsr_f (
        .clk(clk), .ce(ce), .x(tot_reg), .s(WGS), .y(fr));
    wire [TW-W:0] f_hi = fr[TW-1:W-1];
    wire f_ok = (f_hi == {(TW-W+1){1'b0}}) || ((&f_hi) && (|fr[W-2:0]));
    wire [W-1:0] f_sat = f_ok ? fr[W-1:0] : (fr[TW-1] ? ~FMAX + {{(W-1){1'b0}}, 1'b1} : FMAX);
    wire [BEAT_W-1:0] beat = {wsat_reg, 1'b0, gsat_reg, !f_ok, in_ax_reg, f_sat};

    // ---- the sequencer ----------------------------------------------------------------
    // S_IDLE: the zeroing first, then a commit, then a state reset, then a sample
`ifdef FRIC_FORMAL_SHORT
    // the formal proofs' schedule (rtl/formal/fric_gms_*.sby): the datapath
    // is cut there, so only the sequencer's counts remain, shortened
    localparam [7:0] FE_CNT = 8'd2, DR_CNT = 8'd2, OUT_CNT = 8'd1;
`else
    localparam [7:0] FE_CNT = K_FE[7:0], DR_CNT = K_EW[7:0], OUT_CNT = K_OUT[7:0];
`endif
    wire sr_take = srst_valid && srst_ready;
    reg  srst_ready_reg = 1'b0;
    wire sr_done = (st_reg == S_ZR) && !zero_rst_reg && (zcnt_reg == zend_reg);
    wire sr_pend_next = sr_take || (sr_pend && !sr_done);
    always @(posedge clk) begin
        in_rdy_reg <= 1'b0;
        case (st_reg)
            S_IDLE: begin
                if (cm_pend) begin
                    st_reg   <= S_CM;
                    ecnt_reg <= {EB{1'b0}};
                end else if (sr_pend) begin
                    st_reg       <= S_ZR;
                    zero_rst_reg <= 1'b0;
                    zcnt_reg     <= sr_all_reg ? {EA_W{1'b0}} : {sr_axis_reg, {EB{1'b0}}};
                    zend_reg     <= sr_all_reg ? {EA_W{1'b1}} : {sr_axis_reg, {EB{1'b1}}};
                end else if (in_take) begin
                    st_reg    <= S_LD;
                    in_d_reg  <= s_axis_tdata;
                    in_ax_reg <= s_axis_tuser;
                end else begin
                    in_rdy_reg <= !cm_pend_next && !sr_pend_next;
                end
            end
            S_LD: begin
                st_reg  <= S_FE;
                cnt_reg <= FE_CNT;
            end
            S_FE: begin
                cnt_reg <= cnt_reg - 8'd1;
                if (cnt_reg == 8'd1) begin
                    ecnt_reg <= {EB{1'b0}};
                    if (h_n == {(EB+1){1'b0}}) begin
                        st_reg  <= S_DR;
                        cnt_reg <= DR_CNT;
                    end else begin
                        st_reg <= S_EL;
                    end
                end
            end
            S_EL: begin
                ecnt_reg <= ecnt_reg + {{(EB-1){1'b0}}, 1'b1};
                if ({1'b0, ecnt_reg} == h_n - {{EB{1'b0}}, 1'b1}) begin
                    st_reg  <= S_DR;
                    cnt_reg <= DR_CNT;
                end
            end
            S_DR: begin
                // the last element written and summed, then the output stages
                cnt_reg <= cnt_reg - 8'd1;
                if (cnt_reg == 8'd1) begin
                    st_reg  <= S_OUT;
                    cnt_reg <= OUT_CNT;
                end
            end
            S_OUT: begin
                if (cnt_reg != 8'd0) cnt_reg <= cnt_reg - 8'd1;
                if (cnt_reg == 8'd0 && out_free) begin
                    st_reg     <= S_IDLE;
                    in_rdy_reg <= !cm_pend_next && !sr_pend_next;
                end
            end
            S_CM: begin
                ecnt_reg <= ecnt_reg + {{(EB-1){1'b0}}, 1'b1};
                if (ecnt_reg == E_LAST) begin
                    st_reg     <= S_IDLE;
                    in_rdy_reg <= !sr_pend_next;
                end
            end
            default: begin   // S_ZR
                zcnt_reg <= zcnt_reg + {{(EA_W-1){1'b0}}, 1'b1};
                if (zcnt_reg == zend_reg) begin
                    st_reg     <= S_IDLE;
                    in_rdy_reg <= !cm_pend_next && !sr_pend_next;
                end
            end
        endcase
        if (rst) begin
            st_reg       <= S_ZR;
            zero_rst_reg <= 1'b1;
            zcnt_reg     <= {EA_W{1'b0}};
            zend_reg     <= {EA_W{1'b1}};
            in_rdy_reg   <= 1'b0;
        end
    end
    // state resets: taken while none is pending, done when S_ZR of it ends
    always @(posedge clk) begin
        if (sr_take) begin
            sr_all_reg  <= srst_all;
            sr_axis_reg <= srst_axis;
        end
        sr_pend <= sr_pend_next;
        srst_ready_reg <= !sr_take && !sr_pend_next && !rst;
        if (rst) sr_pend <= 1'b0;
    end
    assign srst_ready = srst_ready_reg;

    // ---- the output register -----------------------------------------------------
    always @(posedge clk) begin
        if (pop) out_v_reg <= 1'b0;
        if (st_reg == S_OUT && cnt_reg == 8'd0 && out_free) begin
            out_reg   <= beat;
            out_v_reg <= 1'b1;
        end
        if (rst) out_v_reg <= 1'b0;
    end
    assign m_axis_tvalid = out_v_reg;
    assign m_axis_tdata  = out_reg[W-1:0];
    assign m_axis_tuser  = out_reg[BEAT_W-1:W];

    // bits that are never read: exponent bits past a known range, the
    // normalized g's leading one (the table indexes below it), the top bits
    // of bounded values
    wire unused_bits = &{1'b0, qn_e[7:5], gn[W-1], mp2[2*W-1:MV_W-W], f1_reg[F1_W-1:SW+2],
                         wr_addr_reg[6:5], diff[SW], ndiff[SW+1:SW]};

    // ---- sticky flags ----------------------------------------------------------
    reg [4:0] flags_reg = 5'd0;
    wire [4:0] flags_set = {cfg_bad, pop ? out_reg[BEAT_W-1:BEAT_W-4] : 4'd0};
    always @(posedge clk) begin
        flags_reg <= (flags_reg & ~flags_clear) | flags_set;
        if (rst) flags_reg <= 5'd0;
    end
    assign flags = flags_reg;
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_gms_*.sby, docs/formal.md) =====
    // The module is the top of its proofs, with FRIC_FORMAL_SHORT: the
    // datapath is cut (the element sum, the sum with the viscous term, its
    // flags and the element state written are free values in every cycle),
    // and the sequencer's waits for the cut arithmetic are shortened to
    // FE_CNT, DR_CNT, OUT_CNT above; no property depends on a computed value
    // or on the length of those waits. Environment (assumptions): rst is
    // high in the first cycle and free after it; s_axis follows AXI4-Stream;
    // m_axis_tready, the cfg port, the state-reset port and flags_clear are
    // free.
    // Stream properties (fric_gms_axis.sby, k-induction), from
    // rtl/formal/fric_axis_track.vh:
    //   m_hold       m_axis_tvalid is held until m_axis_tready, with tdata
    //                and tuser stable
    //   one_out      every accepted input beat gives exactly one output beat,
    //                in order, with its axis
    // and the time-multiplexed sequencer's own:
    //   gms_latency  the tracked beat comes out F_LAT0 + n cycles after its
    //                handshake (n = min(GMS_N, 16) of its axis's set), plus
    //                the cycles it waits for the output register, and stays
    //                in the datapath no longer than that
    //   gms_elements the elements of its sample are issued once each, in
    //                order 0 .. n-1, for its axis, and the element writes in
    //                its time are its axis's
    localparam integer F_LAT0 = FE_CNT + DR_CNT + OUT_CNT + 3;
    localparam integer F_OUT = 2;
    localparam integer F_LATENCY = F_LAT0 + NE;
    localparam integer F_NP = 2;
    wire f_busy = (st_reg == S_LD) || (st_reg == S_FE) || (st_reg == S_EL) || (st_reg == S_DR) ||
                  (st_reg == S_OUT);
    wire f_load = (st_reg == S_OUT) && (cnt_reg == 8'd0) && out_free;
    function f_vp;
        input integer pl;
        begin
            f_vp = (pl == 1) ? f_busy : 1'b0;
        end
    endfunction
    wire f_adv1 = f_load;
    wire f_v1_next = in_take || (f_busy && !f_load);
    wire [1:0] count_reg = {1'b0, out_v_reg};
    wire f_tr_step = (f_tr_stage == 8'd1) && f_load;
`include "fric_axis_track.vh"

    // ---- the sequencer's schedule and the elements of the tracked beat ----
    reg [7:0]  f_tr_cyc;       // cycles since its handshake
    reg [7:0]  f_tr_wait;      // cycles it waited for the output register
    reg [EB:0] f_tr_n;         // its axis's element count at its handshake
    reg [EB:0] f_tr_iss;       // its elements issued so far
    wire [N_W-1:0] f_n_in = m_n[s_axis_tuser];
    wire f_tr_dp = f_tr_v && (f_tr_stage == 8'd1);   // it is in the datapath
    always @(posedge clk) begin
        if (f_tr_dp) begin
            f_tr_cyc <= f_tr_cyc + 8'd1;
            if (st_reg == S_OUT && cnt_reg == 8'd0 && !out_free) f_tr_wait <= f_tr_wait + 8'd1;
            if (e_issue) f_tr_iss <= f_tr_iss + {{EB{1'b0}}, 1'b1};
        end
        if (f_tr_in) begin
            f_tr_cyc  <= 8'd1;
            f_tr_wait <= 8'd0;
            f_tr_iss  <= {(EB+1){1'b0}};
            f_tr_n    <= (f_n_in > NE[N_W-1:0]) ? NE[EB:0] : f_n_in[EB:0];
        end
    end
    always @(*)
        if (f_past_valid && !rst && f_tr_dp) begin
            if (f_load) p_gms_latency: assert(f_tr_cyc == F_LAT0[7:0] - 8'd1 + {3'd0, f_tr_n} + f_tr_wait);
            // ... and never later: no sample stays in the datapath longer
            p_gms_latency_bound: assert(f_tr_cyc <= F_LAT0[7:0] - 8'd1 + {3'd0, f_tr_n} + f_tr_wait);
            if (f_load) p_gms_elements_n: assert(f_tr_iss == f_tr_n);
            if (e_issue) p_gms_elements_order: assert({1'b0, ecnt_reg} == f_tr_iss && f_tr_iss < f_tr_n);
            p_gms_elements_axis: assert(in_ax_reg == f_tr_axis);
        end
`ifndef FRIC_FORMAL_NOINV
    // ---- invariants (for the induction) ----
    localparam [7:0] F_C_EL = 8'd2 + FE_CNT;
    always @(*)
        if (f_past_valid) begin
            f_inv_rdy: assert(!in_rdy_reg || (st_reg == S_IDLE && !cm_pend && !sr_pend));
            f_inv_idle: assert(f_busy || !(st_reg == S_OUT));
            if (st_reg == S_EL) f_inv_el: assert({1'b0, ecnt_reg} < h_n);
            if (st_reg == S_FE) f_inv_fe: assert(cnt_reg != 8'd0 && cnt_reg <= FE_CNT);
            if (st_reg == S_DR) f_inv_dr: assert(cnt_reg != 8'd0 && cnt_reg <= DR_CNT);
            if (st_reg == S_OUT) f_inv_out: assert(cnt_reg <= OUT_CNT);
            if (st_reg == S_CM) f_inv_cm: assert(cm_pend);
            if (f_busy && st_reg != S_LD) f_inv_hn: assert(h_n <= NE[EB:0]);
            // the tracked beat: in the datapath, behind the output register's
            // beat if any; in the output register, at the head; never
            // advancing its run count (the input is closed while it is in)
            if (!rst && f_tr_v) begin
                f_inv_tr_run: assert(f_tr_run == 8'd1 && f_tr_stage >= 8'd1 && f_tr_stage <= F_OUT[7:0]);
                if (f_tr_stage == 8'd1) f_inv_tr_1: assert(f_tr_ahead == {7'd0, out_v_reg} &&
                                                           (!f_tr_free || st_reg == S_LD));
                if (f_tr_stage == F_OUT[7:0]) f_inv_tr_2: assert(out_v_reg && f_tr_ahead == 8'd0 && !f_tr_free &&
                                                                 out_reg[W+AXIS_W-1:W] == f_tr_axis);
            end
            if (!rst && f_tr_v && f_tr_stage == 8'd1) begin
                f_inv_tr_busy: assert(f_busy);
                if (st_reg != S_LD) f_inv_tr_n: assert(h_n == f_tr_n && in_ax_reg == f_tr_axis);
                else                f_inv_tr_ld: assert(in_ax_reg == f_tr_axis &&
                                                        f_tr_n == ((m_n[in_ax_reg] > NE[N_W-1:0]) ? NE[EB:0]
                                                                   : m_n[in_ax_reg][EB:0]));
                f_inv_tr_n16: assert(f_tr_n <= NE[EB:0]);
                case (st_reg)
                    S_LD:  f_inv_s_ld: assert(f_tr_cyc == 8'd1 && f_tr_iss == 0 && f_tr_wait == 8'd0);
                    S_FE:  f_inv_s_fe: assert(f_tr_cyc == 8'd2 + FE_CNT - cnt_reg && f_tr_iss == 0 &&
                                              f_tr_wait == 8'd0);
                    S_EL:  f_inv_s_el: assert(f_tr_cyc == F_C_EL + {4'd0, ecnt_reg} &&
                                              f_tr_iss == {1'b0, ecnt_reg} && f_tr_wait == 8'd0);
                    S_DR:  f_inv_s_dr: assert(f_tr_cyc == F_C_EL + {3'd0, f_tr_n} + DR_CNT - cnt_reg &&
                                              f_tr_iss == f_tr_n && f_tr_wait == 8'd0);
                    S_OUT: f_inv_s_out: assert(f_tr_cyc == F_C_EL + {3'd0, f_tr_n} + DR_CNT + OUT_CNT - cnt_reg +
                                                           f_tr_wait && f_tr_iss == f_tr_n &&
                                                           f_tr_wait < 8'd64);
                    default: ;
                endcase
            end
        end
    // the tracked beat waits at most 63 cycles for the output register (a
    // bound for the induction's counters, not a property of the core)
    always @(*) if (f_past_valid && f_tr_dp && f_tr_wait >= 8'd62) assume(m_axis_tready);
`endif
    // reachability: the zeroing after reset takes 2^AXIS_W * 16 cycles, so
    // the cover run (NUM_AXES 1: 32 cycles) reaches a beat through and the
    // end of a commit's copy
    always @(*) begin
        cover(f_tr_dp && f_load && f_tr_n == 0);              // a beat of no elements through
        cover(f_tr_dp && f_load && f_tr_wait != 8'd0);        // ... after waiting for the output
        cover(f_past_valid && !rst && st_reg == S_CM && ecnt_reg == E_LAST); // a commit's copy ends
    end

`ifdef FRIC_FORMAL_CFG
    // ---- the cfg port, state resets and flags (fric_gms_cfg.sby) ----
    // cfg_word      a word changes the staging set only through a handshake
    //               (cfg_valid and cfg_ready): a word that fits its field is
    //               written, any other sets CFG and changes nothing (f_stg:
    //               the staging set of the port's contract, the scalar words
    //               and the 16 element blocks, compared whenever cfg_ready is
    //               high; the fit rule written apart from the core's)
    // cfg_commit    a commit's set is the staging set at its handshake; a
    //               sample accepted up to the commit's handshake uses the
    //               axis's old set, a later one the new set, and the field
    //               memories of the sample's axis (scalars and elements) hold
    //               that one set while the sample is in the datapath
    // srst          a state reset (one axis, or all; rst: all) zeroes the
    //               axis's element states after the sample in progress and
    //               before any taken after it: a sample with no sample of its
    //               axis taken between the reset's handshake and its own reads
    //               state 0 for each element it issues
    // flags         a sticky flag falls only with its flags_clear bit or
    //               rst, and rises only for an output beat that carries it
    //               or a refused word; a refused word sets CFG (unless
    //               flags_clear's CFG bit or rst comes before it shows)
`ifdef FRIC_FORMAL_NO_CFG
    // a narrower environment for the state-reset bug's bounded check: no
    // cfg request, no flags_clear
    always @(*) assume(!cfg_valid && flags_clear == 5'd0);
`endif
`ifdef SYNTHESIS
    // the parameters and states start at 0 (the simulation's initial
    // block, which Yosys skips here, says so; so do the FPGAs' RAMs)
    integer fm;
    initial begin
        for (fm = 0; fm < NSCAL; fm = fm + 1) stg[fm] = {PW{1'b0}};
        for (fm = 0; fm < NE; fm = fm + 1) begin
            stg_km[fm] = 0; stg_ks[fm] = 0; stg_am[fm] = 0;
        end
        for (fm = 0; fm < NA; fm = fm + 1) begin
            m_dsel[fm] = 0; m_n[fm] = 0; m_kcm[fm] = 0; m_kcx[fm] = 0;
        end
        for (fm = 0; fm < 2 * NA; fm = fm + 1) begin
            m_km[fm] = 0; m_ks[fm] = 0; m_fc[fm] = 0; m_dm[fm] = 0; m_ds[fm] = 0; m_bm[fm] = 0; m_bs[fm] = 0;
        end
        for (fm = 0; fm < NA * NE; fm = fm + 1) begin
            m_ekm[fm] = 0; m_eks[fm] = 0; m_eam[fm] = 0; stm[fm] = 0;
        end
    end
`endif
    // the fit rule of the contract (fric_fx_word_fits() for the GMS set):
    // a constant width per word, plain shifts
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
    function automatic f_fits(input [6:0] addr, input [31:0] d);
        integer i;
        begin
            case (addr)
                `FRIC_WORD_KM:      f_fits = f_fits_u(d, `FRIC_BITS_KM(W));
                `FRIC_WORD_KS:      f_fits = f_fits_u(d, `FRIC_BITS_KS(W));
                `FRIC_WORD_DSEL:    f_fits = f_fits_u(d, `FRIC_BITS_DSEL(W));
                `FRIC_WORD_FC_P:    f_fits = f_fits_u(d, `FRIC_BITS_FC_P(W));
                `FRIC_WORD_DM_P:    f_fits = f_fits_s(d, `FRIC_BITS_DM_P(W));
                `FRIC_WORD_DS_P:    f_fits = f_fits_u(d, `FRIC_BITS_DS_P(W));
                `FRIC_WORD_BM_P:    f_fits = f_fits_u(d, `FRIC_BITS_BM_P(W));
                `FRIC_WORD_BS_P:    f_fits = f_fits_u(d, `FRIC_BITS_BS_P(W));
                `FRIC_WORD_FC_N:    f_fits = f_fits_u(d, `FRIC_BITS_FC_N(W));
                `FRIC_WORD_DM_N:    f_fits = f_fits_s(d, `FRIC_BITS_DM_N(W));
                `FRIC_WORD_DS_N:    f_fits = f_fits_u(d, `FRIC_BITS_DS_N(W));
                `FRIC_WORD_BM_N:    f_fits = f_fits_u(d, `FRIC_BITS_BM_N(W));
                `FRIC_WORD_BS_N:    f_fits = f_fits_u(d, `FRIC_BITS_BS_N(W));
                `FRIC_WORD_KM_N:    f_fits = f_fits_u(d, `FRIC_BITS_KM_N(W));
                `FRIC_WORD_KS_N:    f_fits = f_fits_u(d, `FRIC_BITS_KS_N(W));
                `FRIC_WORD_GMS_N:   f_fits = f_fits_u(d, `FRIC_BITS_GMS_N(W));
                `FRIC_WORD_GMS_KCM: f_fits = f_fits_u(d, `FRIC_BITS_GMS_KCM(W));
                `FRIC_WORD_GMS_KCX: f_fits = f_fits_s(d, `FRIC_BITS_GMS_KCX(W));
                default: begin
                    f_fits = 1'b0;
                    for (i = 0; i < NE; i = i + 1) begin
                        if (addr == `FRIC_WORD_GMS_KM(i)) f_fits = f_fits_u(d, `FRIC_BITS_GMS_KM(W));
                        if (addr == `FRIC_WORD_GMS_KS(i)) f_fits = f_fits_u(d, `FRIC_BITS_GMS_KS(W));
                        if (addr == `FRIC_WORD_GMS_AM(i)) f_fits = f_fits_u(d, `FRIC_BITS_GMS_AM(W));
                    end
                end
            endcase
        end
    endfunction
    // a set: the scalar words (PW bits each), then the elements' KM, KS, AM
    localparam integer F_OKM = NSCAL * PW;
    localparam integer F_OKS = F_OKM + NE * W;
    localparam integer F_OAM = F_OKS + NE * SH_W;
    localparam integer F_SETW = F_OAM + NE * AM_W;
    // a set with word a (a fitting word's data d) put in
    function [F_SETW-1:0] f_put;
        input [F_SETW-1:0] s;
        input [6:0]        a;
        input [PW-1:0]     d;
        integer k;
        begin
            f_put = s;
            for (k = 0; k < NSCAL; k = k + 1) if (a == k) f_put[PW*k +: PW] = d;
            for (k = 0; k < NE; k = k + 1) begin
                if (a == `FRIC_WORD_GMS_KM(k)) f_put[F_OKM + W*k +: W] = d[W-1:0];
                if (a == `FRIC_WORD_GMS_KS(k)) f_put[F_OKS + SH_W*k +: SH_W] = d[SH_W-1:0];
                if (a == `FRIC_WORD_GMS_AM(k)) f_put[F_OAM + AM_W*k +: AM_W] = d[AM_W-1:0];
            end
        end
    endfunction
    reg [F_SETW-1:0] f_stg = {F_SETW{1'b0}};
    wire f_cfg_hs = cfg_valid && cfg_ready;
    wire f_word_hs = f_cfg_hs && !cfg_commit;
    wire f_word_ok = f_fits(cfg_addr, cfg_data);
    always @(posedge clk)
        if (f_word_hs && f_word_ok) f_stg <= f_put(f_stg, cfg_addr, cfg_data[PW-1:0]);
    // the staging set as the RTL holds it
    reg [F_SETW-1:0] f_stg_rtl;
    integer fv;
    always @(*) begin
        for (fv = 0; fv < NSCAL; fv = fv + 1) f_stg_rtl[PW*fv +: PW] = stg[fv];
        for (fv = 0; fv < NE; fv = fv + 1) begin
            f_stg_rtl[F_OKM + W*fv +: W] = stg_km[fv];
            f_stg_rtl[F_OKS + SH_W*fv +: SH_W] = stg_ks[fv];
            f_stg_rtl[F_OAM + AM_W*fv +: AM_W] = stg_am[fv];
        end
    end
    always @(*)
        if (f_past_valid && cfg_ready) p_cfg_word: assert(f_stg_rtl == f_stg);

    // the committed set of each axis (the contract's), from the handshake
    reg [F_SETW-1:0] f_set [0:NA-1];
    integer fi;
    initial for (fi = 0; fi < NA; fi = fi + 1) f_set[fi] = {F_SETW{1'b0}};
    always @(posedge clk)
        if (f_cfg_hs && cfg_commit) f_set[cfg_axis] <= f_stg;
    // the scalar field memories of an axis, against a set (each field its width)
    function f_mem_sc;
        input [AXIS_W-1:0] a;
        input [F_SETW-1:0] s;
        begin
            f_mem_sc =
                m_km[{a, 1'b0}] == s[PW*A_KM +: W]      && m_km[{a, 1'b1}] == s[PW*A_KM_N +: W] &&
                m_ks[{a, 1'b0}] == s[PW*A_KS +: SH_W]   && m_ks[{a, 1'b1}] == s[PW*A_KS_N +: SH_W] &&
                m_dsel[a] == s[PW*A_DSEL]         && m_n[a]   == s[PW*A_N +: N_W] &&
                m_kcm[a]  == s[PW*A_KCM +: W]     && m_kcx[a] == s[PW*A_KCX +: KX_W] &&
                m_fc[{a, 1'b0}] == s[PW*A_FC_P +: FC_W] && m_fc[{a, 1'b1}] == s[PW*A_FC_N +: FC_W] &&
                m_dm[{a, 1'b0}] == s[PW*A_DM_P +: W]    && m_dm[{a, 1'b1}] == s[PW*A_DM_N +: W] &&
                m_ds[{a, 1'b0}] == s[PW*A_DS_P +: DS_W] && m_ds[{a, 1'b1}] == s[PW*A_DS_N +: DS_W] &&
                m_bm[{a, 1'b0}] == s[PW*A_BM_P +: W]    && m_bm[{a, 1'b1}] == s[PW*A_BM_N +: W] &&
                m_bs[{a, 1'b0}] == s[PW*A_BS_P +: BS_W] && m_bs[{a, 1'b1}] == s[PW*A_BS_N +: BS_W];
        end
    endfunction
    // element i's field memories of an axis, against a set
    function f_mem_el;
        input [AXIS_W-1:0] a;
        input integer      i;
        input [F_SETW-1:0] s;
        begin
            f_mem_el = m_ekm[{a, i[EB-1:0]}] == s[F_OKM + W*i +: W] &&
                       m_eks[{a, i[EB-1:0]}] == s[F_OKS + SH_W*i +: SH_W] &&
                       m_eam[{a, i[EB-1:0]}] == s[F_OAM + AM_W*i +: AM_W];
        end
    endfunction
    function f_mem_is;
        input [AXIS_W-1:0] a;
        input [F_SETW-1:0] s;
        integer i;
        begin
            f_mem_is = f_mem_sc(a, s);
            for (i = 0; i < NE; i = i + 1) if (!f_mem_el(a, i, s)) f_mem_is = 1'b0;
        end
    endfunction
    // the tracked beat's set, taken at its handshake
    reg [F_SETW-1:0] f_tr_set;
    always @(posedge clk) if (f_tr_in) f_tr_set <= f_set[s_axis_tuser];
    always @(*)
        if (f_past_valid && !rst && f_tr_dp)
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
    // each element's state is read as it is issued
    always @(*)
        if (f_past_valid && !rst && f_tr_dp && f_tr_sr && e_issue)
            p_srst: assert(stm[e_ra] == {(SW+2){1'b0}});

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
    // ---- invariants of the cfg proof (k-induction) ----
    reg f_req_ok;                            // the fit of the word in the request register
    always @(posedge clk) if (cfg_take) f_req_ok <= f_word_ok;
    // the first element of a zeroing
    wire [EA_W-1:0] f_zstart = (zero_rst_reg || sr_all_reg) ? {EA_W{1'b0}} : {sr_axis_reg, {EB{1'b0}}};
    wire [EA_W-1:0] f_zend = (zero_rst_reg || sr_all_reg) ? {EA_W{1'b1}} : {sr_axis_reg, {EB{1'b1}}};
    wire [NA-1:0] f_sr_done;
    genvar fga, fge;
    generate
        for (fga = 0; fga < NA; fga = fga + 1) begin : g_f_axis
            localparam [AXIS_W-1:0] FA = fga;
            assign f_sr_done[fga] = f_sr_mark[fga] &&
                                    !(st_reg == S_ZR && zcnt_reg <= {FA, {EB{1'b1}}} && zend_reg >= {FA, {EB{1'b0}}}) &&
                                    !(sr_pend && (sr_all_reg || sr_axis_reg == fga));
            always @(*)
                if (f_past_valid) begin
                    // the field memories hold the committed set, but while the axis's commit waits
                    if (!(cm_pend && cm_axis_reg == fga)) assert(f_mem_is(fga, f_set[fga]));
                    // a done state reset: no sample of the axis in the datapath
                    if (f_sr_done[fga]) assert(!(f_busy && in_ax_reg == fga));
                end
            for (fge = 0; fge < NE; fge = fge + 1) begin : g_f_el
                localparam [EA_W-1:0] FE = fga * (1 << EB) + fge;
                always @(*)
                    if (f_past_valid) begin
                        // ... and its element states 0
                        if (f_sr_done[fga]) assert(stm[FE] == {(SW+2){1'b0}});
                        // the commit's copy: the scalars in its first cycle, the elements in order
                        if (st_reg == S_CM && cm_axis_reg == fga && fge < ecnt_reg)
                            assert(f_mem_el(fga, fge, f_stg));
                        // a zeroing: the elements before its count are 0
                        if (st_reg == S_ZR && FE >= f_zstart &&
                            FE < zcnt_reg)
                            assert(stm[FE] == {(SW+2){1'b0}});
                        // the tracked sample after a state reset: the elements it has not issued are 0
                        if (!rst && f_tr_dp && f_tr_sr && fga == f_tr_axis &&
                            (st_reg == S_LD || st_reg == S_FE || (st_reg == S_EL && fge >= ecnt_reg)))
                            assert(stm[FE] == {(SW+2){1'b0}});
                    end
            end
        end
        // the element writes in flight: issued k cycles ago, one a cycle, in order
        for (fge = 1; fge < K_EW; fge = fge + 1) begin : g_f_ev
            always @(*)
                if (f_past_valid) begin
                    if (st_reg == S_DR && fge <= K_EW - cnt_reg) assert(!ev_reg[fge]);
                    if (st_reg == S_EL && ev_reg[fge])
                        assert(ecnt_reg >= fge && {1'b0, ei_q[fge]} + fge == {1'b0, ecnt_reg});
                    if (st_reg == S_DR && ev_reg[fge]) assert(ei_q[fge] < h_n);
                end
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
                f_inv_wr_set: assert(f_stg == f_put(f_stg_rtl, wr_addr_reg, wr_data_reg) &&
                                     wr_el_reg == (wr_addr_reg >= NSCAL[6:0]) &&
                                     {wr_ei_reg, wr_ef_reg} == el_index(wr_addr_reg) &&
                                     wr_addr_reg < NWORDS[6:0]);
            else
                f_inv_stg: assert(f_stg == f_stg_rtl);
            f_inv_bad: assert(f_bad_q[0] == (req_v_reg && !f_req_ok) && f_bad_q[1] == bad_reg);
            // a waiting commit: the port closed, its set the staging set
            if (cm_pend) f_inv_cmp: assert(!cfg_ready_reg && !req_v_reg && !wr_v_reg && f_set[cm_axis_reg] == f_stg);
            if (st_reg == S_CM && ecnt_reg != {EB{1'b0}}) f_inv_cm_sc: assert(f_mem_sc(cm_axis_reg, f_stg));
            if (sr_pend) f_inv_srp: assert(!srst_ready_reg);
            if (st_reg == S_ZR) f_inv_zr: assert(zend_reg == f_zend && zcnt_reg >= f_zstart &&
                                                 zcnt_reg <= zend_reg && (zero_rst_reg || sr_pend));
            // no element write outside the sample's time
            if (!(st_reg == S_EL || st_reg == S_DR)) f_inv_ev: assert(ev_reg[K_EW-1:1] == {(K_EW-1){1'b0}});
            if (!rst && f_tr_dp && !(cm_pend && cm_axis_reg == f_tr_axis))
                f_inv_tr_set: assert(f_tr_set == f_set[f_tr_axis]);
        end
`endif
    always @(*) begin
        cover(f_tr_dp && cm_pend);                                 // a commit waiting for a sample
        cover(f_tr_dp && f_tr_sr && e_issue);                      // a sample after a state reset reading its state
        cover(f_bad_q[2]);                                         // a refused word
    end
`endif
`endif
endmodule
`resetall
