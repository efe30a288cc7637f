`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_lugre_seq: the sequencer architecture of the Dahl / LuGre core
// (fric_lugre.v selects it with OPT_PIPE = 0), for NUM_AXES axes with the
// exact step (stable at any sample time), bit-exact with
// fric_fx_lugre_step() of the C model (docs/fixed-point.md,
// docs/fric_lugre.md):
//
//   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)   (the Stribeck level)
//   w'   = w + (w_ss - w)(1 - 2^-y2),  y2 = sigma0 |v| Ts / g(v) log2(e)
//   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
//
// Dahl is the configuration DM = 0 (g = FC) and C1M = 0. v = 0 holds the
// state and gives F = sat(rsr(w, WG)).
//
// Architecture: a sequencer. One sample at a time runs through a fixed
// program of register transfers around one W x W multiplier, three table
// ROMs (exp2, reciprocal, h) and the state and parameter memories; the 44-bit
// products (w_ss - w) * psi and (w' - w) * c1 are three partial products on
// the same multiplier. Trade-off: one multiplier and the memories in block
// RAM, for tens of cycles per sample; throughput is one sample per program
// run. The pipelined architecture (fric_lugre_pipe.v) takes one sample per
// clock with 20 multipliers.
//
// Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis.
// m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1); tuser =
// {W_SAT, S1_SAT, G_SAT, F_SAT, axis}: this sample's flags and the axis.
// s_axis_tready is high when the sequencer is idle and nothing is pending;
// the result waits in a one-entry output register.
//
// Parameters: cfg words (fric_formats.vh numbering, 20 words) are written
// into a staging set; a commit copies the staging set into the axis's
// parameter memory, atomically, between two samples (the stream is held for
// the 21 cycles of the copy). A word that does not fit its field, or an
// address past the last word, is ignored and sets the CFG flag. cfg_ready
// (a register) is low while a commit waits or copies. Parameters start at 0.
//
// State reset: srst_valid with srst_all (every axis) or srst_axis zeroes the
// bristle state between two samples (one cycle per axis). rst (synchronous)
// drops the sample in flight and the output, clears the flags and every
// axis's state, cancels a state reset not yet done, and keeps the
// parameters, the staging set and a commit already taken (which is then
// applied).
//
// Sticky flags: flags = {CFG, W_SAT, S1_SAT, G_SAT, F_SAT}, cleared by
// writing 1s to flags_clear (a set wins).
module fric_lugre_seq #(
    // datapath width: 16 (iCE40) or 18 (ECP5)
    parameter integer W = 16,
    // axes; the state and parameter memories have 2^AXIS_W entries
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
    localparam integer TP = `FRIC_TP(W);
    localparam integer YF = `FRIC_YF(W);
    localparam integer YW = `FRIC_YI(W) + `FRIC_YF(W);
    localparam integer FB = `FRIC_FB(W);
    localparam integer RF = `FRIC_RF(W);
    localparam integer HP = `FRIC_HP(W);
    localparam integer HF = `FRIC_HF(W);
    localparam integer NWORDS = `FRIC_WORDS_LUGRE;
    localparam integer PW = `FRIC_BITS_FC_P(W);   // the widest field
    localparam integer SW = W + WG;               // the state w, (S,W,WG)
    localparam integer TN = `FRIC_TABLE_N;

    // parameter word numbers (fric_formats.vh), 5 bits
    localparam [4:0] A_KM = `FRIC_WORD_KM;
    localparam [4:0] A_KS = `FRIC_WORD_KS;
    localparam [4:0] A_DSEL = `FRIC_WORD_DSEL;
    localparam [4:0] A_FC_P = `FRIC_WORD_FC_P;
    localparam [4:0] A_DM_P = `FRIC_WORD_DM_P;
    localparam [4:0] A_DS_P = `FRIC_WORD_DS_P;
    localparam [4:0] A_BM_P = `FRIC_WORD_BM_P;
    localparam [4:0] A_BS_P = `FRIC_WORD_BS_P;
    localparam [4:0] A_KYM = `FRIC_WORD_KYM;
    localparam [4:0] A_KYX = `FRIC_WORD_KYX;
    localparam [4:0] A_C1M = `FRIC_WORD_C1M;
    localparam [4:0] A_C1S = `FRIC_WORD_C1S;
    localparam [4:0] A_MD_EN = `FRIC_WORD_MD_EN;
    localparam [4:0] A_KDM = `FRIC_WORD_KDM;
    localparam [4:0] A_KDS = `FRIC_WORD_KDS;
    localparam signed [63:0] YMAX = (64'sd1 <<< YW) - 1;
    localparam signed [63:0] YLIM = 64'sd1 <<< YW;
    localparam signed [63:0] GMAX = (64'sd1 <<< (W - 1 + G)) - 1;
    localparam signed [63:0] WMAX = (64'sd1 <<< (W - 1 + WG)) - 1;
    localparam signed [63:0] S1MAX = (64'sd1 <<< (W + 1 + WG)) - 1;
    localparam signed [63:0] FMAX = (64'sd1 <<< (W - 1)) - 1;
    localparam signed [63:0] ONE_E = 64'sd1 <<< EF;
    localparam signed [63:0] ONE_W = 64'sd1 <<< W;

    // ---- arithmetic of the C model (fric_fx.c), one function each ---------
    // rsr: round half up after an arithmetic right shift; s <= 0: x; s >= 62: 0
    function automatic signed [63:0] rsr(input signed [63:0] x, input integer s);
        reg signed [63:0] t;
        begin
            if (s <= 0) rsr = x;
            else if (s >= 62) rsr = 64'sd0;
            else begin
                t = x + (64'sd1 <<< (s - 1));
                rsr = t >>> s;
            end
        end
    endfunction
    function automatic integer bitlen(input [63:0] x);
        integer i;
        begin
            bitlen = 0;
            for (i = 0; i < 64; i = i + 1) if (x[i]) bitlen = i + 1;
        end
    endfunction
    // norm: a W-bit mantissa in [2^(W-1), 2^W) and its exponent, x ~ m 2^e;
    // returned as {e (8 bits, signed), m (64 bits)}
    function automatic [71:0] norm(input [63:0] x);
        integer bl, e;
        reg [63:0] m;
        begin
            bl = bitlen(x);
            if (x == 64'd0) begin
                e = 0;
                m = 64'd0;
            end else if (bl <= W) begin
                e = bl - W;
                m = x << (W - bl);
            end else begin
                e = bl - W;
                m = rsr(x, e);
                if ((m >> W) != 64'd0) begin
                    m = m >> 1;
                    e = e + 1;
                end
            end
            norm = {e[7:0], m};
        end
    endfunction
    // shift_to: x 2^-s rounded (s > 0) or exact (s <= 0), limited to lim (x >= 0)
    function automatic signed [63:0] shift_to(input signed [63:0] x, input integer s, input signed [63:0] lim);
        reg signed [63:0] y;
        begin
            if (s >= 0) begin
                y = rsr(x, s);
                shift_to = (y > lim) ? lim : y;
            end else if (-s >= 62 || x > (lim >>> (-s))) begin
                shift_to = (x != 64'sd0) ? lim : 64'sd0;
            end else begin
                shift_to = x <<< (-s);
            end
        end
    endfunction
    // the exponent argument of the Stribeck-type weight from p, pe (the
    // normalized |v| or |v|^2) and the scale field m, s: y = p m >> (s - pe)
    function automatic signed [63:0] weight_y(input signed [63:0] prod, input integer s, input integer pe);
        begin
            if (s < pe) weight_y = (prod != 64'sd0) ? YMAX : 64'sd0;
            else weight_y = shift_to(prod, s - pe, YMAX);
        end
    endfunction

    // in_sym(x, b): -(2^b - 1) <= x <= 2^b - 1, decided on the bits that can
    // overflow (a shallow AND/OR, not two 64-bit comparisons): the bits from
    // b up are all copies of the sign, and x is not -2^b
    function automatic in_sym(input signed [63:0] x, input integer b);
        reg [63:0] hi_mask;
        begin
            hi_mask = ~((64'd1 << b) - 64'd1);
            in_sym = ((x & hi_mask) == 64'd0) ||
                     ((x & hi_mask) == hi_mask && (x & ~hi_mask) != 64'd0);
        end
    endfunction

    // ---- memories -------------------------------------------------------------
    // parameters: NA axis slots and the staging slot, 32 words each (20 used)
    localparam integer STG = NA;
    reg [PW-1:0] par [0:(2*NA)*32-1];
    // the read address: one register (so that synthesis merges it into the
    // block RAM's read port), {slot, word}
    reg [AXIS_W+5:0] par_ra;
    wire [PW-1:0] par_q = par[par_ra];
    wire signed [63:0] par_s = {{(64-PW){par_q[PW-1]}}, par_q};   // a signed field
    wire signed [31:0] par_u = {{(32-PW){1'b0}}, par_q};          // an unsigned field
`ifndef SYNTHESIS
    // simulation starts at 0, as the block RAM of the bitstream does
    integer pi;
    initial for (pi = 0; pi < 2 * NA * 32; pi = pi + 1) par[pi] = {PW{1'b0}};
`endif

    // bristle state w per axis
    reg [SW-1:0] stm [0:NA-1];
    reg [AXIS_W-1:0] st_ra;
    wire signed [63:0] st_q = {{(64-SW){stm[st_ra][SW-1]}}, stm[st_ra]};
`ifndef SYNTHESIS
    integer si;
    initial for (si = 0; si < NA; si = si + 1) stm[si] = {SW{1'b0}};
`endif
    reg st_we;
    reg [AXIS_W-1:0] st_wa;
    reg [SW-1:0] st_wd;
    always @(posedge clk) if (st_we) stm[st_wa] <= st_wd;

    // tables (generated; 257 entries each)
    reg [TP:0] tab_exp [0:511];
    reg [W-1:0] tab_rec [0:511];
    reg [W-1:0] tab_h [0:511];
    initial begin
        $readmemh((W == 18) ? "rtl/tables/fric_exp2_w18.hex" : "rtl/tables/fric_exp2_w16.hex", tab_exp, 0, TN - 1);
        $readmemh((W == 18) ? "rtl/tables/fric_recip_w18.hex" : "rtl/tables/fric_recip_w16.hex", tab_rec, 0, TN - 1);
        $readmemh((W == 18) ? "rtl/tables/fric_h_w18.hex" : "rtl/tables/fric_h_w16.hex", tab_h, 0, TN - 1);
    end
    reg [8:0] tx_a, tr_a, th_a;
    wire [TP:0] tx_q = tab_exp[tx_a];
    wire [W-1:0] tr_q = tab_rec[tr_a];
    wire [W-1:0] th_q = tab_h[th_a];

    // ---- the multiplier: operands registered in one state, product two states later
    reg [W-1:0] mul_a, mul_b;
    reg [2*W-1:0] mul_p;
    always @(posedge clk) mul_p <= mul_a * mul_b;
    wire signed [63:0] mp = {{(64-2*W){1'b0}}, mul_p};

    // ---- the shared units: inputs registered in one state, result (logic
    // from those registers) used in the next ---------------------------------
    // A: the narrow rounding shift and the limited shift (shift_to), NW bits
    localparam integer NW = 2 * W + 2;
    localparam [1:0] UA_RSR = 2'd0, UA_YMAX = 2'd1, UA_YLIM = 2'd2;
    reg [1:0] ua_op;
    reg signed [NW-1:0] ua_x;
    reg signed [31:0] ua_s;
    wire signed [63:0] ua_x64 = {{(64-NW){ua_x[NW-1]}}, ua_x};
    wire signed [63:0] ua_full = (ua_op == UA_RSR) ? rsr(ua_x64, ua_s)
                                                  : shift_to(ua_x64, ua_s, (ua_op == UA_YMAX) ? YMAX : YLIM);
    wire signed [NW-1:0] ua_y = ua_full[NW-1:0];
    // B: normalization of a 2W-bit value: {bitlen, e, m}
    reg [2*W-1:0] ub_x;
    wire [71:0] ub_n = norm({{(64-2*W){1'b0}}, ub_x});
    wire [W-1:0] ub_m = ub_n[W-1:0];
    wire signed [31:0] ub_e = {{24{ub_n[71]}}, ub_n[71:64]};
    wire ub_wide = bitlen({{(64-2*W){1'b0}}, ub_x}) > W;   // wider than W bits
    // C: the wide rounding shift (the state's 64-bit arithmetic)
    reg signed [63:0] uc_x;
    reg signed [31:0] uc_s;
    wire signed [63:0] uc_y = rsr(uc_x, uc_s);

    // ---- the program ---------------------------------------------------------
    localparam [6:0]
        S_IDLE = 7'd0,  S_CLR = 7'd1,  S_CP = 7'd2,
        S_A0 = 7'd3,  S_A1 = 7'd4,  S_A2 = 7'd5,  S_A3 = 7'd6,  S_A4 = 7'd7,  S_A5 = 7'd8,  S_A6 = 7'd9,
        S_X0 = 7'd10, S_X1 = 7'd11, S_X2 = 7'd12, S_X3 = 7'd13, S_X4 = 7'd14, S_X5 = 7'd15, S_X6 = 7'd16,
        S_G0 = 7'd20, S_G1 = 7'd21, S_G2 = 7'd22, S_G3 = 7'd23, S_G4 = 7'd24, S_G5 = 7'd25,
        S_G6 = 7'd26, S_G7 = 7'd27, S_G8 = 7'd28, S_G9 = 7'd29, S_G10 = 7'd30, S_G11 = 7'd31,
        S_G12 = 7'd32, S_G13 = 7'd33,
        S_P2 = 7'd35,
        S_P1 = 7'd40, S_P1A = 7'd41, S_P1B = 7'd42, S_P1C = 7'd43, S_P1D = 7'd44, S_P1E = 7'd45,
        S_P1F = 7'd46, S_P1G = 7'd47, S_P1H = 7'd48,
        S_M0 = 7'd50, S_M1 = 7'd51, S_M2 = 7'd52, S_M3 = 7'd53, S_M4 = 7'd54, S_M5 = 7'd55, S_M6 = 7'd56,
        S_W1 = 7'd60,
        S_C0 = 7'd61, S_C1 = 7'd62, S_C2 = 7'd63, S_C3 = 7'd64, S_C4 = 7'd65, S_C5 = 7'd66,
        S_C6 = 7'd67, S_C7 = 7'd68, S_C8 = 7'd69, S_C9 = 7'd78, S_C10 = 7'd79, S_C11 = 7'd80,
        S_S2 = 7'd70, S_V0 = 7'd71, S_V1 = 7'd72, S_V2 = 7'd73, S_V3 = 7'd74, S_V4 = 7'd75,
        S_HOLD = 7'd76, S_OUT = 7'd77;

    reg [6:0] st;
    reg [6:0] x_ret, m_ret;          // return states of the exp2 and wide-product subprograms

    // sample registers
    reg signed [W-1:0] v_r;
    reg [AXIS_W-1:0] ax;
    reg neg;
    reg [W-1:0] a;
    reg signed [SW-1:0] w0;
    reg dsel;
    reg [W-1:0] km, pq;
    reg signed [31:0] pqe, pe, ks;
    // exp2 subprogram: e_r = 2^-x_y
    reg [YW-1:0] x_y;
    reg signed [31:0] x_yi;
    reg [W-1:0] x_fr;
    reg [TP:0] x_t0;
    reg [W:0] e_r;
    // g and the step exponent
    reg [W-1:0] dm_mag;
    reg dm_neg, e_one;
    reg [PW-1:0] fc;
    reg [W+G-1:0] g;                  // g in [1, 2^(W-1+G) - 1]
    reg signed [SW:0] diff;
    reg signed [31:0] ds, ge, te, kyx, sh;
    reg [W-1:0] tn, r_fr;
    reg [W-1:0] r_t0;
    reg [2*W-1:0] prod2;
    reg [YF-2:0] y2;                 // y2 below 2^(YF-1): the bits the h table takes
    // small-y2 path
    reg [W-1:0] pm, h_fr, h_t0;
    reg signed [31:0] pn;
    // wide product subprogram: m_res = rsr(m_x * m_m, m_s)
    reg signed [SW:0] m_x;
    reg [SW-1:0] m_abs;
    wire [3*W-1:W] m_abs3 = {{(3*W-SW){1'b0}}, m_abs[SW-1:W]};   // the high chunks
    reg signed [63:0] m_acc, m_res;
    reg [W:0] m_m;
    reg signed [31:0] m_s;
    reg m_neg;
    // update and output
    reg signed [SW:0] dw;
    reg signed [SW-1:0] w1;
    reg signed [SW+1:0] s1;
    reg md_en;
    reg dw_wide;                      // dw is the wide product's result (m_res)
    reg [W-1:0] c1m;
    reg [W:0] c1;
    reg signed [31:0] c1s, kds, bs;
    reg [3:0] sfl;                    // {W_SAT, S1_SAT, G_SAT, F_SAT} of this sample
    reg [W-1:0] fo_r;

    // output register
    reg [W-1:0] o_data;
    reg [AXIS_W+3:0] o_user;
    reg o_valid;
    assign m_axis_tdata = o_data;
    assign m_axis_tuser = o_user;
    assign m_axis_tvalid = o_valid;

    // cfg port, state resets, flags
    reg cfg_rdy = 1'b1, commit_pend = 1'b0, srst_pend = 1'b0, srst_pend_all = 1'b0, srst_rdy = 1'b1;
    reg [AXIS_W-1:0] commit_ax, srst_ax;
    reg [5:0] cnt;
    reg [AXIS_W:0] clr_cnt;
    reg [4:0] sticky;
    wire cfg_bad;
    assign cfg_ready = cfg_rdy;
    assign srst_ready = srst_rdy;
    assign flags = sticky;
    assign s_axis_tready = (st == S_IDLE) && !commit_pend && !srst_pend && !rst;

    // does a cfg word fit its field (fric_fx_word_fits)
`include "fric_lugre_fits.vh"

    // the field of the direction of v: positive-direction word + 5 for v < 0
    function automatic [4:0] dir_word(input [4:0] wp, input d);
        dir_word = wp + (d ? 5'd5 : 5'd0);
    endfunction

    wire signed [63:0] v_abs = (v_r < 0) ? -{{(64-W){v_r[W-1]}}, v_r} : {{(64-W){v_r[W-1]}}, v_r};

    // ---- cfg and state-reset requests (taken any time, applied when idle) ----
    // The parameter memory's one write port: a cfg word into the staging
    // slot, or, during a commit's copy (the cfg port is not ready then), the
    // staging word read in the cycle before into the axis's slot.
    wire cfg_take = cfg_valid && cfg_rdy && !rst;
    wire cfg_word_ok = cfg_take && !cfg_commit && fits(cfg_addr, cfg_data);
    // a refused word sets CFG at the clock that takes it, so the flag is
    // visible from the next cycle on (as cfg_ready is high again)
    assign cfg_bad = cfg_take && !cfg_commit && !cfg_word_ok;
    wire cp_we = !rst && st == S_CP && cnt != 6'd0;
    wire par_we = cfg_word_ok || cp_we;
    wire [AXIS_W+5:0] par_wa = cp_we ? {1'b0, commit_ax, cnt[4:0] - 5'd1} : {STG[AXIS_W:0], cfg_addr};
    wire [PW-1:0] par_wd = cp_we ? par_q : cfg_data[PW-1:0];
    always @(posedge clk) if (par_we) par[par_wa] <= par_wd;

    always @(posedge clk) begin
        if (rst) begin
            // a commit already taken survives (it is applied after the
            // state clear); a pending state reset is covered by the clear
            srst_rdy <= 1'b1;
            srst_pend <= 1'b0;
            srst_pend_all <= 1'b0;
        end else begin
            if (cfg_take && cfg_commit) begin
                commit_pend <= 1'b1;
                commit_ax <= cfg_axis;
                cfg_rdy <= 1'b0;
            end
            if (srst_valid && srst_rdy) begin
                srst_pend <= 1'b1;
                srst_pend_all <= srst_all;
                srst_ax <= srst_axis;
                srst_rdy <= 1'b0;
            end
            // the sequencer's side: a commit copied, a state reset done
            if (st == S_CP && cnt == NWORDS[5:0]) begin
                commit_pend <= 1'b0;
                cfg_rdy <= 1'b1;
            end
            if (st == S_IDLE && !commit_pend && srst_pend && !srst_pend_all) begin
                srst_pend <= 1'b0;
                srst_rdy <= 1'b1;
            end
            if (st == S_CLR && clr_cnt == NA[AXIS_W:0] - 1 && srst_pend && srst_pend_all) begin
                srst_pend <= 1'b0;
                srst_rdy <= 1'b1;
            end
        end
    end

    // ---- the sequencer ----------------------------------------------------------
    // Each state names what it issues (MUL: product two states later; UA, UB,
    // UC: result in the next state) and what it takes.
    always @(posedge clk) begin
        st_we <= 1'b0;
        if (rst) begin
            st <= S_CLR;
            clr_cnt <= {(AXIS_W+1){1'b0}};
            o_valid <= 1'b0;
            sticky <= 5'd0;
        end else begin
            if (o_valid && m_axis_tready) o_valid <= 1'b0;
            sticky <= (sticky & ~flags_clear) | {cfg_bad, 4'd0};
            case (st)
                S_CLR: begin // every axis's state to 0, one per cycle
                    st_we <= 1'b1;
                    st_wa <= clr_cnt[AXIS_W-1:0];
                    st_wd <= {SW{1'b0}};
                    clr_cnt <= clr_cnt + 1'b1;
                    if (clr_cnt == NA[AXIS_W:0] - 1) st <= S_IDLE;
                end
                S_IDLE: begin
                    if (commit_pend) begin
                        st <= S_CP;
                        cnt <= 6'd0;
                    end else if (srst_pend && srst_pend_all) begin
                        st <= S_CLR;
                        clr_cnt <= {(AXIS_W+1){1'b0}};
                    end else if (srst_pend) begin
                        st_we <= 1'b1;
                        st_wa <= srst_ax;
                        st_wd <= {SW{1'b0}};
                    end else if (s_axis_tvalid) begin
                        v_r <= s_axis_tdata;
                        ax <= s_axis_tuser;
                        st_ra <= s_axis_tuser;
                        par_ra <= {1'b0, s_axis_tuser, A_DSEL};
                        sfl <= 4'd0;
                        st <= S_A0;
                    end
                end
                S_CP: begin // word cnt read from staging; word cnt - 1 written (above)
                    par_ra <= {STG[AXIS_W:0], cnt[4:0]};
                    cnt <= cnt + 1'b1;
                    if (cnt == NWORDS[5:0]) st <= S_IDLE;
                end

                // ---- |v|, the square, y = p KM >> (KS - pe) ---------------------
                S_A0: begin // MUL |v|^2
                    a <= v_abs[W-1:0];
                    neg <= v_r < 0;
                    w0 <= st_q[SW-1:0];
                    dsel <= par_q[0];
                    mul_a <= v_abs[W-1:0];
                    mul_b <= v_abs[W-1:0];
                    par_ra <= {1'b0, ax, A_KM};
                    if (v_r == 0) begin // hold: F = sat(rsr(w, WG))
                        uc_x <= st_q;
                        uc_s <= WG;
                        st <= S_HOLD;
                    end else begin
                        st <= S_A1;
                    end
                end
                S_A1: begin
                    km <= par_q[W-1:0];
                    par_ra <= {1'b0, ax, A_KS};
                    st <= S_A2;
                end
                S_A2: begin // UB norm(|v|^2)
                    ks <= par_u;
                    ub_x <= mul_p;
                    st <= S_A3;
                end
                S_A3: begin : a3 // the square normalized when wider than W; MUL p * KM
                    reg [W-1:0] pv;
                    pq <= ub_wide ? ub_m : ub_x[W-1:0];
                    pqe <= ub_wide ? ub_e : 32'sd0;
                    pv = dsel ? (ub_wide ? ub_m : ub_x[W-1:0]) : a;
                    pe <= (dsel && ub_wide) ? ub_e : 32'sd0;
                    mul_a <= pv;
                    mul_b <= km;
                    st <= S_A4;
                end
                S_A4: st <= S_A5;
                S_A5: begin // UA y = shift_to(p KM, KS - pe, YMAX), or saturated
                    x_ret <= S_G0;
                    if (ks < pe) begin
                        x_y <= (mp != 64'sd0) ? YMAX[YW-1:0] : {YW{1'b0}};
                        st <= S_X0;
                    end else begin
                        ua_op <= UA_YMAX;
                        ua_x <= mp[NW-1:0];
                        ua_s <= ks - pe;
                        st <= S_A6;
                    end
                end
                S_A6: begin
                    x_y <= ua_y[YW-1:0];
                    st <= S_X0;
                end

                // ---- exp2 subprogram: e_r = 2^-x_y, then back to x_ret --------
                S_X0: begin
                    x_yi <= {{(32-YW+YF){1'b0}}, x_y[YW-1:YF]};
                    x_fr <= {{(W-FB){1'b0}}, x_y[FB-1:0]};
                    tx_a <= {1'b0, x_y[YF-1 -: 8]};
                    st <= S_X1;
                end
                S_X1: begin
                    x_t0 <= tx_q;
                    tx_a <= tx_a + 9'd1;
                    st <= S_X2;
                end
                S_X2: begin : x2 // MUL (T[i] - T[i+1]) fr
                    reg [TP:0] dt;
                    dt = x_t0 - tx_q;
                    mul_a <= dt[W-1:0];
                    mul_b <= x_fr;
                    st <= S_X3;
                end
                S_X3: st <= S_X4;
                S_X4: begin // UA rsr(product, FB)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= FB;
                    st <= S_X5;
                end
                S_X5: begin // UA rsr(T[i] - that, TP - EF + yi)
                    ua_op <= UA_RSR;
                    ua_x <= $signed({{(NW-TP-1){1'b0}}, x_t0}) - ua_y;
                    ua_s <= TP - EF + x_yi;
                    st <= S_X6;
                end
                S_X6: begin
                    e_r <= ua_y[W:0];
                    st <= x_ret;
                end

                // ---- g(v), the steady state, the step exponent y2 ---------------
                S_G0: begin
                    par_ra <= {1'b0, ax, dir_word(A_DM_P, neg)};
                    st <= S_G1;
                end
                S_G1: begin : g1 // MUL |DM| E
                    reg [W-1:0] mag;
                    mag = (par_s < 0) ? (-par_s[W-1:0]) : par_s[W-1:0];
                    dm_neg <= par_s < 0;
                    dm_mag <= mag;
                    mul_a <= mag;
                    mul_b <= e_r[W-1:0];
                    e_one <= (e_r == ONE_E[W:0]);
                    par_ra <= {1'b0, ax, dir_word(A_DS_P, neg)};
                    st <= S_G2;
                end
                S_G2: begin
                    ds <= par_u;
                    par_ra <= {1'b0, ax, dir_word(A_FC_P, neg)};
                    st <= S_G3;
                end
                S_G3: begin : g3 // UA the dip rsr(DM E, EF + DS - G); MUL |v| KYM next
                    reg signed [NW-1:0] pr;
                    fc <= par_q;
                    pr = e_one ? ($signed({{(NW-W){1'b0}}, dm_mag}) <<< EF) : mp[NW-1:0];
                    ua_op <= UA_RSR;
                    ua_x <= dm_neg ? -pr : pr;
                    ua_s <= EF + ds - G;
                    par_ra <= {1'b0, ax, A_KYM};
                    st <= S_G4;
                end
                S_G4: begin : g4 // g, limited to [1, 2^(W-1+G) - 1]; UB norm(g); MUL |v| KYM
                    reg signed [NW:0] gv;
                    gv = $signed({{(NW+1-PW){1'b0}}, fc}) + {ua_y[NW-1], ua_y};
                    if (gv[NW] || gv[NW-1:W-1+G] != 0 || gv == 0) begin
                        sfl[1] <= 1'b1;
                        gv = gv[NW] || gv == 0 ? 1 : GMAX[NW:0];
                    end
                    g <= gv[W+G-1:0];
                    ub_x <= {{(W-G){1'b0}}, gv[W+G-1:0]};
                    mul_a <= a;
                    mul_b <= par_q[W-1:0];
                    par_ra <= {1'b0, ax, A_KYX};
                    st <= S_G5;
                end
                S_G5: begin : g5 // w_ss, diff; the reciprocal's index from norm(g)
                    reg [W-1:0] low;
                    reg signed [SW:0] wss;
                    wss = $signed({{(SW+1-W-G){1'b0}}, g}) <<< (WG - G);
                    diff <= (neg ? -wss : wss) - {w0[SW-1], w0};
                    ge <= ub_e;
                    low = ub_m - (1 << (W - 1));
                    tr_a <= {1'b0, low[W-2 -: 8]};
                    r_fr <= {{(W-RF){1'b0}}, low[RF-1:0]};
                    kyx <= par_s[31:0];
                    st <= S_G6;
                end
                S_G6: begin // UB norm(|v| KYM); the reciprocal table
                    ub_x <= mul_p;
                    r_t0 <= tr_q;
                    tr_a <= tr_a + 9'd1;
                    st <= S_G7;
                end
                S_G7: begin : g7 // MUL (R[i] - R[i+1]) fr
                    reg [W-1:0] dt;
                    tn <= ub_m;
                    te <= ub_e;
                    dt = r_t0 - tr_q;
                    mul_a <= dt;
                    mul_b <= r_fr;
                    st <= S_G8;
                end
                S_G8: begin
                    sh <= 2 * W - 1 - YF + kyx + ge - te;
                    st <= S_G9;
                end
                S_G9: begin // UA rsr(product, RF)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= RF;
                    st <= S_G10;
                end
                S_G10: begin : g10 // MUL tn * r
                    reg signed [NW-1:0] rv;
                    rv = $signed({{(NW-W){1'b0}}, r_t0}) - ua_y;
                    mul_a <= tn;
                    mul_b <= rv[W-1:0];
                    st <= S_G11;
                end
                S_G11: st <= S_G12;
                S_G12: begin // UA y2 = shift_to(tn r, sh, YLIM)
                    prod2 <= mul_p;
                    ua_op <= UA_YLIM;
                    ua_x <= mp[NW-1:0];
                    ua_s <= sh;
                    st <= S_G13;
                end
                S_G13: begin
                    y2 <= ua_y[YF-2:0];
                    dw_wide <= 1'b0;
                    if (prod2 == {(2*W){1'b0}}) begin          // KYM = 0: no bristle motion
                        dw <= {(SW+1){1'b0}};
                        st <= S_W1;
                    end else if (ua_y >= YLIM[NW-1:0]) begin    // w = w_ss
                        dw <= diff;
                        st <= S_W1;
                    end else if ({{(64-NW){ua_y[NW-1]}}, ua_y} >= (64'sd1 <<< (YF - 1))) begin
                        dw_wide <= 1'b1;
                        x_y <= ua_y[YW-1:0];
                        x_ret <= S_P2;
                        st <= S_X0;
                    end else begin
                        dw_wide <= 1'b1;
                        ub_x <= prod2;                          // UB norm(prod)
                        st <= S_P1;
                    end
                end

                // ---- psi = 1 - 2^-y2, dw = rsr(diff psi, W) ---------------------
                S_P2: begin
                    m_x <= diff;
                    m_m <= ONE_W[W:0] - e_r;
                    m_s <= W;
                    m_ret <= S_W1;
                    st <= S_M0;
                end

                // ---- small y2: psi = y2 h(y2) in floating form ---------------
                S_P1: begin
                    pm <= ub_m;
                    pn <= ub_e;
                    th_a <= {1'b0, y2[YF-2 -: 8]};
                    h_fr <= {{(W-HF){1'b0}}, y2[HF-1:0]};
                    st <= S_P1A;
                end
                S_P1A: begin
                    h_t0 <= th_q;
                    th_a <= th_a + 9'd1;
                    st <= S_P1B;
                end
                S_P1B: begin : p1b // MUL (H[i] - H[i+1]) fr
                    reg [W-1:0] dt;
                    dt = h_t0 - th_q;
                    mul_a <= dt;
                    mul_b <= h_fr;
                    st <= S_P1C;
                end
                S_P1C: st <= S_P1D;
                S_P1D: begin // UA rsr(product, HF)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= HF;
                    st <= S_P1E;
                end
                S_P1E: begin : p1e // MUL pm * h
                    reg signed [NW-1:0] hh;
                    hh = $signed({{(NW-W){1'b0}}, h_t0}) - ua_y;
                    mul_a <= pm;
                    mul_b <= hh[W-1:0];
                    st <= S_P1F;
                end
                S_P1F: st <= S_P1G;
                S_P1G: begin // UA psi = rsr(product, HP)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= HP;
                    st <= S_P1H;
                end
                S_P1H: begin
                    m_x <= diff;
                    m_m <= ua_y[W:0];
                    m_s <= sh + YF - pn;
                    m_ret <= S_W1;
                    st <= S_M0;
                end

                // ---- wide product: m_res = rsr(m_x * m_m, m_s) ----------------
                S_M0: begin : m0
                    reg [3*W-1:0] ab;
                    ab = (m_x < 0) ? {{(3*W-SW-1){1'b0}}, -m_x} : {{(3*W-SW-1){1'b0}}, m_x};
                    m_abs <= ab[SW-1:0];
                    m_neg <= m_x < 0;
                    mul_a <= ab[W-1:0];
                    mul_b <= m_m[W-1:0];
                    st <= S_M1;
                end
                S_M1: begin
                    mul_a <= m_abs3[2*W-1:W];
                    mul_b <= m_m[W-1:0];
                    st <= S_M2;
                end
                S_M2: begin
                    mul_a <= m_abs3[3*W-1:2*W];
                    mul_b <= m_m[W-1:0];
                    m_acc <= mp;
                    st <= S_M3;
                end
                S_M3: begin
                    m_acc <= m_acc + (mp <<< W);
                    st <= S_M4;
                end
                S_M4: begin
                    m_acc <= m_acc + (mp <<< (2 * W));
                    st <= S_M5;
                end
                S_M5: begin : m5 // UC rsr(signed product, m_s)
                    reg signed [63:0] pr;
                    pr = m_m[W] ? ($signed({{(64-SW){1'b0}}, m_abs}) <<< W) : m_acc;   // m = 2^W exactly
                    uc_x <= m_neg ? -pr : pr;
                    uc_s <= m_s;
                    st <= S_M6;
                end
                S_M6: begin
                    m_res <= uc_y;
                    st <= m_ret;
                end

                // ---- the new state --------------------------------------------
                S_W1: begin : w1s
                    reg signed [63:0] nw;
                    nw = {{(64-SW){w0[SW-1]}}, w0} + (dw_wide ? m_res : {{(63-SW){dw[SW]}}, dw});
                    if (!in_sym(nw, W - 1 + WG)) begin
                        sfl[3] <= 1'b1;
                        nw = nw[63] ? -WMAX : WMAX;
                    end
                    w1 <= nw[SW-1:0];
                    dw <= nw[SW:0] - {w0[SW-1], w0};
                    st_we <= 1'b1;
                    st_wa <= ax;
                    st_wd <= nw[SW-1:0];
                    par_ra <= {1'b0, ax, A_MD_EN};
                    st <= S_C0;
                end

                // ---- c1(v) and the sigma1 term --------------------------------
                S_C0: begin
                    md_en <= par_q[0];
                    par_ra <= {1'b0, ax, A_C1S};
                    st <= S_C1;
                end
                S_C1: begin
                    c1s <= par_u;
                    par_ra <= {1'b0, ax, A_C1M};
                    st <= S_C2;
                end
                S_C2: begin
                    c1m <= par_q[W-1:0];
                    c1 <= {1'b0, par_q[W-1:0]};
                    par_ra <= {1'b0, ax, A_KDM};
                    st <= md_en ? S_C3 : S_C8;
                end
                S_C3: begin // MUL pq * KDM
                    mul_a <= pq;
                    mul_b <= par_q[W-1:0];
                    par_ra <= {1'b0, ax, A_KDS};
                    st <= S_C4;
                end
                S_C4: begin
                    kds <= par_u;
                    st <= S_C5;
                end
                S_C5: begin // UA yd = shift_to(pq KDM, KDS - pqe, YMAX), or saturated
                    x_ret <= S_C6;
                    if (kds < pqe) begin
                        x_y <= (mp != 64'sd0) ? YMAX[YW-1:0] : {YW{1'b0}};
                        st <= S_X0;
                    end else begin
                        ua_op <= UA_YMAX;
                        ua_x <= mp[NW-1:0];
                        ua_s <= kds - pqe;
                        st <= S_C10;
                    end
                end
                S_C10: begin
                    x_y <= ua_y[YW-1:0];
                    st <= S_X0;
                end
                S_C6: begin // c1 = C1M when E = 1, else MUL C1M E
                    if (e_r == ONE_E[W:0]) begin
                        c1 <= {1'b0, c1m};
                        st <= S_C8;
                    end else begin
                        mul_a <= c1m;
                        mul_b <= e_r[W-1:0];
                        st <= S_C7;
                    end
                end
                S_C7: st <= S_C9;
                S_C9: begin // UA rsr(C1M E, EF)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= EF;
                    st <= S_C11;
                end
                S_C11: begin
                    c1 <= ua_y[W:0];
                    st <= S_C8;
                end
                S_C8: begin
                    m_x <= dw;
                    m_m <= c1;
                    m_s <= c1s;
                    m_ret <= S_S2;
                    st <= S_M0;
                end

                // ---- the sigma1 term's limit, the viscous term, the output ----
                S_S2: begin : s2
                    reg signed [63:0] v1;
                    v1 = m_res;
                    if (!in_sym(v1, W + 1 + WG)) begin
                        sfl[2] <= 1'b1;
                        v1 = v1[63] ? -S1MAX : S1MAX;
                    end
                    s1 <= v1[SW+1:0];
                    par_ra <= {1'b0, ax, dir_word(A_BM_P, neg)};
                    st <= S_V0;
                end
                S_V0: begin // MUL |v| BM
                    mul_a <= a;
                    mul_b <= par_q[W-1:0];
                    par_ra <= {1'b0, ax, dir_word(A_BS_P, neg)};
                    st <= S_V1;
                end
                S_V1: begin
                    bs <= par_u;
                    st <= S_V2;
                end
                S_V2: begin // UA visc = rsr(|v| BM, BS)
                    ua_op <= UA_RSR;
                    ua_x <= mp[NW-1:0];
                    ua_s <= bs;
                    st <= S_V3;
                end
                S_V3: begin : v3 // UC rsr(w' + s1 + sign(v) visc 2^(WG-G), WG)
                    reg signed [63:0] vv;
                    vv = {{(64-NW){ua_y[NW-1]}}, ua_y} <<< (WG - G);
                    uc_x <= {{(64-SW){w1[SW-1]}}, w1} + {{(62-SW){s1[SW+1]}}, s1} + (neg ? -vv : vv);
                    uc_s <= WG;
                    st <= S_V4;
                end
                S_V4, S_HOLD: begin : v4 // the output, limited
                    reg signed [63:0] fo;
                    fo = uc_y;
                    if (!in_sym(fo, W - 1)) begin
                        sfl[0] <= 1'b1;
                        fo = fo[63] ? -FMAX : FMAX;
                    end
                    fo_r <= fo[W-1:0];
                    st <= S_OUT;
                end
                S_OUT: begin
                    if (!o_valid || m_axis_tready) begin
                        o_data <= fo_r;
                        o_user <= {sfl, ax};
                        o_valid <= 1'b1;
                        sticky <= (sticky & ~flags_clear) | {cfg_bad, sfl};
                        st <= S_IDLE;
                    end
                end
                default: st <= S_IDLE;
            endcase
        end
    end
endmodule

`resetall
