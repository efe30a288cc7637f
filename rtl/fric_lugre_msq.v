`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_lugre_msq: the three-stage sequencer architecture of the Dahl / LuGre
// core (fric_lugre.v selects it with OPT_PIPE = 2), for NUM_AXES axes with
// the exact step (stable at any sample time), bit-exact with
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
// Architecture: the program of fric_lugre_seq.v cut where its dependencies
// allow, into three sequencers:
//
//   A  everything that depends on v and the parameters only: the weight E,
//      g(v), the normalized |v| KYM, the micro-damped sigma1 factor c1(v) and
//      the viscous term (reads the parameter memory);
//   B  the step exponent y2 (reciprocal of g) and the factor psi of the
//      update, 1 - 2^-y2 or, for small y2, y2 h(y2) in floating form;
//   C  the state: w' = w + rsr((w_ss - w) psi, .), limited; the sigma1 term;
//      the force (reads and writes the state memory).
//
// A has its own W x W multiplier and rounding shifter; B and C share one
// multiplier and one (wider) rounding shifter, so B takes a sample only when
// C is idle or handing its result on: two samples are in flight, one in A
// and one in B or C. A stage hands its sample to the next when that one is
// free (the next stage copies the registers it needs in that cycle), so
// samples leave in the order they came. Only C touches the state, and it
// finishes one sample before B takes the next, so samples of one axis need
// no interlock. Trade-off against fric_lugre_seq.v: two multipliers for
// about 1.4 times the throughput (about 40 cycles a sample, B and C
// together bound it); against fric_lugre_pipe.v: 2 multipliers, not 20, for
// a small fraction of its one sample per clock. Latency 7 (v = 0) to 97
// cycles, as the bench measures.
//
// Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis.
// m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1); tuser =
// {W_SAT, S1_SAT, G_SAT, F_SAT, axis}: this sample's flags and the axis.
// s_axis_tready is high when stage A is idle and no commit or state reset
// is pending; the result waits in a one-entry output register.
//
// Parameters: cfg words (fric_formats.vh numbering, 20 words) are written
// into a staging set; a commit copies the staging set into the axis's
// parameter memory, atomically, between two samples: it waits until every
// sample taken before it has left stage C (the stream is held meanwhile and
// for the 21 cycles of the copy). A word that does not fit its field, or an
// address past the last word, is ignored and sets the CFG flag. cfg_ready
// (a register) is low while a commit waits or copies. Parameters start at 0.
//
// State reset: srst_valid with srst_all (every axis) or srst_axis zeroes the
// bristle state between two samples (after the samples in flight; one cycle
// per axis). rst (synchronous) drops the samples in flight and the output,
// clears the flags and every axis's state, cancels a state reset not yet
// done, and keeps the parameters, the staging set and a commit already
// taken (which is then applied).
//
// Sticky flags: flags = {CFG, W_SAT, S1_SAT, G_SAT, F_SAT}, cleared by
// writing 1s to flags_clear (a set wins). A sample's flags are set when its
// result enters the output register.
module fric_lugre_msq #(
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
    localparam signed [63:0] YHALF = 64'sd1 <<< (YF - 1);
    localparam integer NW = 2 * W + 2;            // the narrow shifter's width

    localparam integer CW = SW + W + 4;           // the wide shifter's width (stage C)
    localparam integer SHW = 10;                  // signed shift amounts of stage B
    localparam integer SH0_I = 2 * W - 1 - YF;
    localparam signed [SHW-1:0] SH0 = SH0_I[SHW-1:0];

    // ---- arithmetic of the C model (fric_fx.c), one function each ---------
    // rsr_n, rsr_c: round half up after an arithmetic right shift by s =
    // 0..63, as ((2x >>> s) + 1) >>> 1 (the method of fric_rsr.v): the same
    // integer as fric_fx_rsr(x, s) for every s >= 0 (0 once s passes the
    // width, as the C model's s >= 62); NW and CW bits
    function automatic signed [NW-1:0] rsr_n(input signed [NW-1:0] x, input [5:0] s);
        reg signed [NW:0] t;
        begin
            t = $signed({x, 1'b0}) >>> s;
            t = t + 1;
            rsr_n = t[NW:1];
        end
    endfunction
    function automatic signed [CW-1:0] rsr_c(input signed [CW-1:0] x, input [5:0] s);
        reg signed [CW:0] t;
        begin
            t = $signed({x, 1'b0}) >>> s;
            t = t + 1;
            rsr_c = t[CW:1];
        end
    endfunction
    // norm_n: norm() of the C model for a 2W-bit x, {big, e, m}: a W-bit
    // mantissa m in [2^(W-1), 2^W) with x ~ m 2^e (exact when x has at most W
    // bits, rounded half up otherwise, renormalized when the rounding carries
    // to 2^W); x = 0 gives m = 0, e = 0; big = x wider than W bits. Computed
    // as m = rsr(x 2^W, bitlen(x)) (fric_norm.v's method).
    function automatic [W+8:0] norm_n(input [2*W-1:0] x);
        integer i;
        reg [5:0] bl;
        reg [3*W:0] t;
        reg [W+1:0] m;
        reg [7:0] e;
        begin
            bl = 6'd0;
            for (i = 0; i < 2 * W; i = i + 1) if (x[i]) bl = i[5:0] + 6'd1;
            t = {x, {W{1'b0}}, 1'b0} >> bl;
            m = t[W+1:0] + 1'b1;
            e = {2'b00, bl} - W[7:0];
            if (x == {(2*W){1'b0}}) norm_n = {(W+9){1'b0}};
            else if (m[W+1]) norm_n = {bl > W[5:0], e + 8'd1, 1'b1, {(W-1){1'b0}}};
            else norm_n = {bl > W[5:0], e, m[W:1]};
        end
    endfunction
    // shift_to_b: shift_to(x, s, 2^YW) of the C model for x = 0 or
    // x >= 2^(2W-2) (stage B's x is tn r, a product of two normalized W-bit
    // mantissas): x 2^-s rounded, limited to YLIM, for s >= 0 (y: rsr_n(x, s),
    // from the stage's one rounding shifter); for s < 0, x 2^-s >= 2^(2W-1)
    // > YLIM, so the result is YLIM, or 0 for x = 0 (checked in simulation)
    function automatic [YW:0] shift_to_b(input x_nz, input s_neg, input signed [NW-1:0] y);
        begin
            if (!s_neg) shift_to_b = (y > YLIM[NW-1:0]) ? YLIM[YW:0] : y[YW:0];
            else shift_to_b = x_nz ? YLIM[YW:0] : {(YW+1){1'b0}};
        end
    endfunction
    // in_sym(x, b): -(2^b - 1) <= x <= 2^b - 1, decided on the bits that can
    // overflow: the bits from b up are all copies of the sign, and x is not -2^b
    function automatic in_sym(input signed [CW-1:0] x, input integer b);
        reg [CW-1:0] hi_mask;
        begin
            hi_mask = ~(({{(CW-1){1'b0}}, 1'b1} << b) - 1'b1);
            in_sym = ((x & hi_mask) == {CW{1'b0}}) ||
                     ((x & hi_mask) == hi_mask && (x & ~hi_mask) != {CW{1'b0}});
        end
    endfunction
    // the field of the direction of v: positive-direction word + 5 for v < 0
    function automatic [4:0] dir_word(input [4:0] wp, input d);
        dir_word = wp + (d ? 5'd5 : 5'd0);
    endfunction

    // ---- memories -------------------------------------------------------------
    // parameters: NA axis slots and the staging slot, 32 words each (20 used);
    // read by stage A and by a commit's copy, one register as the address
    localparam integer STG = NA;
    reg [PW-1:0] par [0:(2*NA)*32-1];
    // read synchronously (a block RAM read port): the word addressed in one
    // cycle is on par_q in the next
    wire [AXIS_W+5:0] par_ra;
    reg [PW-1:0] par_q;
    always @(posedge clk) par_q <= par[par_ra];
`ifndef SYNTHESIS
    integer pi;
    initial for (pi = 0; pi < 2 * NA * 32; pi = pi + 1) par[pi] = {PW{1'b0}};
`endif

    // bristle state w per axis: read by stage C, written by C and by the
    // state clear (which runs only when every stage is idle)
    reg [SW-1:0] stm [0:NA-1];
    reg [AXIS_W-1:0] st_ra;
    wire signed [SW-1:0] st_q = stm[st_ra];
`ifndef SYNTHESIS
    integer si;
    initial for (si = 0; si < NA; si = si + 1) stm[si] = {SW{1'b0}};
`endif
    reg clr_we, c_we;
    reg [AXIS_W-1:0] clr_wa, c_wa;
    reg [SW-1:0] c_wd;
    wire st_we = clr_we || c_we;
    wire [AXIS_W-1:0] st_wa = clr_we ? clr_wa : c_wa;
    wire [SW-1:0] st_wd = clr_we ? {SW{1'b0}} : c_wd;
    always @(posedge clk) if (st_we) stm[st_wa] <= st_wd;

    // tables (generated; 257 entries each): exp2 for stages A and B, the
    // reciprocal and h for B
    reg [TP:0] tab_exp_a [0:511];
    reg [TP:0] tab_exp_b [0:511];
    reg [W-1:0] tab_rec [0:511];
    reg [W-1:0] tab_h [0:511];
    initial begin
        $readmemh((W == 18) ? "rtl/tables/fric_exp2_w18.hex" : "rtl/tables/fric_exp2_w16.hex", tab_exp_a, 0, TN - 1);
        $readmemh((W == 18) ? "rtl/tables/fric_exp2_w18.hex" : "rtl/tables/fric_exp2_w16.hex", tab_exp_b, 0, TN - 1);
        $readmemh((W == 18) ? "rtl/tables/fric_recip_w18.hex" : "rtl/tables/fric_recip_w16.hex", tab_rec, 0, TN - 1);
        $readmemh((W == 18) ? "rtl/tables/fric_h_w18.hex" : "rtl/tables/fric_h_w16.hex", tab_h, 0, TN - 1);
    end

    // ---- the shell: cfg port, commit copy, state clear and resets -------------
    localparam [1:0] SH_IDLE = 2'd0, SH_CLR = 2'd1, SH_CP = 2'd2;
    reg [1:0] sh_st;
    reg cfg_rdy = 1'b1, commit_pend = 1'b0, srst_pend = 1'b0, srst_pend_all = 1'b0, srst_rdy = 1'b1;
    reg [AXIS_W-1:0] commit_ax, srst_ax;
    reg [5:0] cnt;
    reg [AXIS_W:0] clr_cnt;
    assign cfg_ready = cfg_rdy;
    assign srst_ready = srst_rdy;

    // the stages' states (declared here: the shell waits for them)
    reg [5:0] a_st, b_st;
    reg [4:0] c_st;
    localparam [5:0] A_IDLE = 6'd0, B_IDLE = 6'd0;
    localparam [4:0] C_IDLE = 5'd0;
    wire busy = (a_st != A_IDLE) || (b_st != B_IDLE) || (c_st != C_IDLE);
    wire sh_free = (sh_st == SH_IDLE) && !commit_pend && !srst_pend;
    assign s_axis_tready = (a_st == A_IDLE) && sh_free && !rst;

`include "fric_lugre_fits.vh"

    wire cfg_take = cfg_valid && cfg_rdy && !rst;
    wire cfg_word_ok = cfg_take && !cfg_commit && fits(cfg_addr, cfg_data);
    // a refused word sets CFG at the clock that takes it
    wire cfg_bad = cfg_take && !cfg_commit && !cfg_word_ok;
    wire cp_we = !rst && sh_st == SH_CP && cnt != 6'd0;
    wire par_we = cfg_word_ok || cp_we;
    wire [AXIS_W+5:0] par_wa = cp_we ? {1'b0, commit_ax, cnt[4:0] - 5'd1} : {STG[AXIS_W:0], cfg_addr};
    wire [PW-1:0] par_wd = cp_we ? par_q : cfg_data[PW-1:0];
    always @(posedge clk) if (par_we) par[par_wa] <= par_wd;

    always @(posedge clk) begin
        if (rst) begin
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
            if (sh_st == SH_CP && cnt == NWORDS[5:0]) begin
                commit_pend <= 1'b0;
                cfg_rdy <= 1'b1;
            end
            if (sh_st == SH_IDLE && !busy && !commit_pend && srst_pend && !srst_pend_all) begin
                srst_pend <= 1'b0;
                srst_rdy <= 1'b1;
            end
            if (sh_st == SH_CLR && clr_cnt == NA[AXIS_W:0] - 1 && srst_pend && srst_pend_all) begin
                srst_pend <= 1'b0;
                srst_rdy <= 1'b1;
            end
        end
    end

    // the shell's sequencer (the parameter read address is shared with
    // stage A, which is idle whenever the shell copies)
    wire [AXIS_W+5:0] a_par_ra;
    always @(posedge clk) begin
        clr_we <= 1'b0;
        if (rst) begin
            sh_st <= SH_CLR;
            clr_cnt <= {(AXIS_W+1){1'b0}};
        end else begin
            case (sh_st)
                SH_CLR: begin
                    clr_we <= 1'b1;
                    clr_wa <= clr_cnt[AXIS_W-1:0];
                    clr_cnt <= clr_cnt + 1'b1;
                    if (clr_cnt == NA[AXIS_W:0] - 1) sh_st <= SH_IDLE;
                end
                SH_CP: begin
                    cnt <= cnt + 1'b1;
                    if (cnt == NWORDS[5:0]) sh_st <= SH_IDLE;
                end
                default: begin
                    if (!busy && commit_pend) begin
                        sh_st <= SH_CP;
                        cnt <= 6'd0;
                    end else if (!busy && srst_pend && srst_pend_all) begin
                        sh_st <= SH_CLR;
                        clr_cnt <= {(AXIS_W+1){1'b0}};
                    end else if (!busy && srst_pend) begin
                        clr_we <= 1'b1;
                        clr_wa <= srst_ax;
                    end
                end
            endcase
        end
    end
    // every state reads the word it asked for in the cycle after, so the
    // address may change every cycle (no enable)
    assign par_ra = (!rst && sh_st == SH_CP) ? {STG[AXIS_W:0], cnt[4:0]} : a_par_ra;

    // =========================================================================
    // Stage A: E, g(v), the normalized |v| KYM, c1(v), the viscous term
    // =========================================================================
    localparam [5:0]
        SA_A0 = 6'd1, SA_A1 = 6'd2, SA_A2 = 6'd3, SA_A3 = 6'd4, SA_A4 = 6'd5, SA_A5 = 6'd6, SA_A6 = 6'd7,
        SA_X0 = 6'd8, SA_X1 = 6'd9, SA_X2 = 6'd10, SA_X3 = 6'd11, SA_X4 = 6'd12, SA_X5 = 6'd13, SA_X6 = 6'd14,
        SA_G0 = 6'd15, SA_G1 = 6'd16, SA_G2 = 6'd17, SA_G3 = 6'd18, SA_G4 = 6'd19, SA_G5 = 6'd20,
        SA_G6 = 6'd21, SA_G7 = 6'd22,
        SA_C0 = 6'd23, SA_C1 = 6'd24, SA_C2 = 6'd25, SA_C3 = 6'd26, SA_C4 = 6'd27, SA_C5 = 6'd28,
        SA_C6 = 6'd29, SA_C7 = 6'd30, SA_C9 = 6'd31, SA_C10 = 6'd32, SA_C11 = 6'd33,
        SA_V0 = 6'd34, SA_V1 = 6'd35, SA_V2 = 6'd36, SA_V3 = 6'd37, SA_VP = 6'd38,
        SA_DONE = 6'd39;

    // the multiplier: operands registered in one state, product two states later
    reg [W-1:0] am_a, am_b;
    reg [2*W-1:0] am_p;
    always @(posedge clk) am_p <= am_a * am_b;
    wire signed [NW-1:0] amp = {2'b00, am_p};
    // the narrow shifter (rsr or shift_to), result in the next state
    localparam [1:0] UA_RSR = 2'd0, UA_YMAX = 2'd1;
    reg [1:0] aa_op;
    reg signed [NW-1:0] aa_x;
    reg [5:0] aa_s;
    wire signed [NW-1:0] aa_r = rsr_n(aa_x, aa_s);
    wire signed [NW-1:0] aa_y = (aa_op != UA_RSR && aa_r > YMAX[NW-1:0]) ? YMAX[NW-1:0] : aa_r;
    // normalization of a 2W-bit value
    reg [2*W-1:0] ab_x;
    wire [W+8:0] ab_n = norm_n(ab_x);
    wire [W-1:0] ab_m = ab_n[W-1:0];
    wire signed [7:0] ab_e = ab_n[W+7:W];
    wire ab_wide = ab_n[W+8];
    // the exp2 table
    reg [8:0] atx_a;
    wire [TP:0] atx_q = tab_exp_a[atx_a];

    reg [5:0] ax_ret;
    reg signed [W-1:0] a_v;
    reg [AXIS_W-1:0] a_ax;
    reg a_neg, a_hold;
    reg [W-1:0] a_a;
    reg a_dsel;
    reg [W-1:0] a_km, a_pq;
    reg [5:0] a_pqe, a_pe, a_ks;
    reg [YW-1:0] a_xy;
    reg [4:0] a_xyi;
    reg [W-1:0] a_xfr;
    reg [TP:0] a_xt0;
    reg [W:0] a_e;
    reg [W-1:0] a_dm_mag;
    reg a_dm_neg, a_e_one;
    reg [PW-1:0] a_fc;
    reg [3:0] a_ds;
    // handed to B
    reg [W+G-1:0] a_g;                // g in [1, 2^(W-1+G) - 1]
    reg [W-1:0] a_tn;
    reg signed [7:0] a_te, a_kyx;
    reg a_md_en;
    reg [W-1:0] a_c1m;
    reg [W-1:0] a_c1;                 // c1 <= C1M < 2^W
    reg [5:0] a_c1s, a_kds;
    reg [4:0] a_bs;
    reg signed [NW-1:0] a_visc;
    reg a_gsat;

    reg [AXIS_W+5:0] a_ra_r;
    assign a_par_ra = a_ra_r;
    wire s_take = s_axis_tvalid && s_axis_tready;
    wire b_take;
    wire signed [W:0] a_vabs = a_v[W-1] ? -{a_v[W-1], a_v} : {a_v[W-1], a_v};

    // the parameter word each state of A asks for, on par_q in the next state
    always @(*) begin
        a_ra_r = {1'b0, a_ax, A_DSEL};
        case (a_st)
            A_IDLE: a_ra_r = {1'b0, s_axis_tuser, A_DSEL};
            SA_A0:  a_ra_r = {1'b0, a_ax, A_KM};
            SA_A1:  a_ra_r = {1'b0, a_ax, A_KS};
            SA_G0:  a_ra_r = {1'b0, a_ax, dir_word(A_DM_P, a_neg)};
            SA_G1:  a_ra_r = {1'b0, a_ax, dir_word(A_DS_P, a_neg)};
            SA_G2:  a_ra_r = {1'b0, a_ax, dir_word(A_FC_P, a_neg)};
            SA_G3:  a_ra_r = {1'b0, a_ax, A_KYM};
            SA_G4:  a_ra_r = {1'b0, a_ax, A_KYX};
            SA_G7:  a_ra_r = {1'b0, a_ax, A_MD_EN};
            SA_C0:  a_ra_r = {1'b0, a_ax, A_C1S};
            SA_C1:  a_ra_r = {1'b0, a_ax, A_C1M};
            SA_C2:  a_ra_r = {1'b0, a_ax, A_KDM};
            SA_C3:  a_ra_r = {1'b0, a_ax, A_KDS};
            SA_VP:  a_ra_r = {1'b0, a_ax, dir_word(A_BM_P, a_neg)};
            SA_V0:  a_ra_r = {1'b0, a_ax, dir_word(A_BS_P, a_neg)};
            default: ;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            a_st <= A_IDLE;
        end else begin
            case (a_st)
                A_IDLE: begin
                    if (s_take) begin
                        a_v <= s_axis_tdata;
                        a_ax <= s_axis_tuser;
                        a_gsat <= 1'b0;
                        a_st <= SA_A0;
                    end
                end

                // ---- |v|, the square, y = p KM >> (KS - pe) ---------------------
                SA_A0: begin // MUL |v|^2
                    a_a <= a_vabs[W-1:0];
                    a_neg <= a_v < 0;
                    a_hold <= a_v == 0;
                    a_dsel <= par_q[0];
                    am_a <= a_vabs[W-1:0];
                    am_b <= a_vabs[W-1:0];
                    a_st <= (a_v == 0) ? SA_DONE : SA_A1;   // hold: nothing to compute here
                end
                SA_A1: begin
                    a_km <= par_q[W-1:0];
                    a_st <= SA_A2;
                end
                SA_A2: begin // norm(|v|^2)
                    a_ks <= par_q[5:0];
                    ab_x <= am_p;
                    a_st <= SA_A3;
                end
                SA_A3: begin : a3 // the square normalized when wider than W; MUL p * KM
                    reg [W-1:0] pv;
                    a_pq <= ab_wide ? ab_m : ab_x[W-1:0];
                    a_pqe <= ab_wide ? ab_e[5:0] : 6'd0;
                    pv = a_dsel ? (ab_wide ? ab_m : ab_x[W-1:0]) : a_a;
                    a_pe <= (a_dsel && ab_wide) ? ab_e[5:0] : 6'd0;
                    am_a <= pv;
                    am_b <= a_km;
                    a_st <= SA_A4;
                end
                SA_A4: a_st <= SA_A5;
                SA_A5: begin // y = shift_to(p KM, KS - pe, YMAX), or saturated
                    ax_ret <= SA_G0;
                    if (a_ks < a_pe) begin
                        a_xy <= (amp != {NW{1'b0}}) ? YMAX[YW-1:0] : {YW{1'b0}};
                        a_st <= SA_X0;
                    end else begin
                        aa_op <= UA_YMAX;
                        aa_x <= amp;
                        aa_s <= a_ks - a_pe;
                        a_st <= SA_A6;
                    end
                end
                SA_A6: begin
                    a_xy <= aa_y[YW-1:0];
                    a_st <= SA_X0;
                end

                // ---- exp2 subprogram: a_e = 2^-a_xy, then back to ax_ret -------
                SA_X0: begin
                    a_xyi <= a_xy[YW-1:YF];
                    a_xfr <= {{(W-FB){1'b0}}, a_xy[FB-1:0]};
                    atx_a <= {1'b0, a_xy[YF-1 -: 8]};
                    a_st <= SA_X1;
                end
                SA_X1: begin
                    a_xt0 <= atx_q;
                    atx_a <= atx_a + 9'd1;
                    a_st <= SA_X2;
                end
                SA_X2: begin : x2 // MUL (T[i] - T[i+1]) fr
                    reg [TP:0] dt;
                    dt = a_xt0 - atx_q;
                    am_a <= dt[W-1:0];
                    am_b <= a_xfr;
                    a_st <= SA_X3;
                end
                SA_X3: a_st <= SA_X4;
                SA_X4: begin // rsr(product, FB)
                    aa_op <= UA_RSR;
                    aa_x <= amp;
                    aa_s <= FB[5:0];
                    a_st <= SA_X5;
                end
                SA_X5: begin // rsr(T[i] - that, TP - EF + yi)
                    aa_op <= UA_RSR;
                    aa_x <= $signed({{(NW-TP-1){1'b0}}, a_xt0}) - aa_y;
                    aa_s <= TP[5:0] - EF[5:0] + {1'b0, a_xyi};
                    a_st <= SA_X6;
                end
                SA_X6: begin
                    a_e <= aa_y[W:0];
                    a_st <= ax_ret;
                end

                // ---- g(v) --------------------------------------------------------
                SA_G0: a_st <= SA_G1;   // read DM
                SA_G1: begin : g1 // MUL |DM| E
                    reg [W-1:0] mag;
                    mag = par_q[W-1] ? (-par_q[W-1:0]) : par_q[W-1:0];
                    a_dm_neg <= par_q[W-1];
                    a_dm_mag <= mag;
                    am_a <= mag;
                    am_b <= a_e[W-1:0];
                    a_e_one <= (a_e == ONE_E[W:0]);
                    a_st <= SA_G2;
                end
                SA_G2: begin
                    a_ds <= par_q[3:0];
                    a_st <= SA_G3;
                end
                SA_G3: begin : g3 // the dip rsr(DM E, EF + DS - G)
                    reg signed [NW-1:0] pr;
                    a_fc <= par_q;
                    pr = a_e_one ? ($signed({{(NW-W){1'b0}}, a_dm_mag}) <<< EF) : amp;
                    aa_op <= UA_RSR;
                    aa_x <= a_dm_neg ? -pr : pr;
                    aa_s <= EF[5:0] - G[5:0] + {2'b00, a_ds};
                    a_st <= SA_G4;
                end
                SA_G4: begin : g4 // g, limited to [1, 2^(W-1+G) - 1]; MUL |v| KYM
                    reg signed [NW:0] gv;
                    gv = $signed({{(NW+1-PW){1'b0}}, a_fc}) + {aa_y[NW-1], aa_y};
                    if (gv[NW] || gv[NW-1:W-1+G] != 0 || gv == 0) begin
                        a_gsat <= 1'b1;
                        gv = gv[NW] || gv == 0 ? 1 : GMAX[NW:0];
                    end
                    a_g <= gv[W+G-1:0];
                    am_a <= a_a;
                    am_b <= par_q[W-1:0];
                    a_st <= SA_G5;
                end
                SA_G5: begin
                    a_kyx <= par_q[7:0];
                    a_st <= SA_G6;
                end
                SA_G6: begin // norm(|v| KYM)
                    ab_x <= am_p;
                    a_st <= SA_G7;
                end
                SA_G7: begin
                    a_tn <= ab_m;
                    a_te <= ab_e;
                    a_st <= SA_C0;
                end

                // ---- c1(v) -------------------------------------------------------
                SA_C0: begin
                    a_md_en <= par_q[0];
                    a_st <= SA_C1;
                end
                SA_C1: begin
                    a_c1s <= par_q[5:0];
                    a_st <= SA_C2;
                end
                SA_C2: begin
                    a_c1m <= par_q[W-1:0];
                    a_c1 <= par_q[W-1:0];
                    a_st <= a_md_en ? SA_C3 : SA_VP;
                end
                SA_C3: begin // MUL pq * KDM
                    am_a <= a_pq;
                    am_b <= par_q[W-1:0];
                    a_st <= SA_C4;
                end
                SA_C4: begin
                    a_kds <= par_q[5:0];
                    a_st <= SA_C5;
                end
                SA_C5: begin // yd = shift_to(pq KDM, KDS - pqe, YMAX), or saturated
                    ax_ret <= SA_C6;
                    if (a_kds < a_pqe) begin
                        a_xy <= (amp != {NW{1'b0}}) ? YMAX[YW-1:0] : {YW{1'b0}};
                        a_st <= SA_X0;
                    end else begin
                        aa_op <= UA_YMAX;
                        aa_x <= amp;
                        aa_s <= a_kds - a_pqe;
                        a_st <= SA_C10;
                    end
                end
                SA_C10: begin
                    a_xy <= aa_y[YW-1:0];
                    a_st <= SA_X0;
                end
                SA_C6: begin // c1 = C1M when E = 1, else MUL C1M E
                    if (a_e == ONE_E[W:0]) begin
                        a_c1 <= a_c1m;
                        a_st <= SA_VP;
                    end else begin
                        am_a <= a_c1m;
                        am_b <= a_e[W-1:0];
                        a_st <= SA_C7;
                    end
                end
                SA_C7: a_st <= SA_C9;
                SA_C9: begin // rsr(C1M E, EF)
                    aa_op <= UA_RSR;
                    aa_x <= amp;
                    aa_s <= EF[5:0];
                    a_st <= SA_C11;
                end
                SA_C11: begin
                    a_c1 <= aa_y[W-1:0];
                    a_st <= SA_VP;
                end

                // ---- the viscous term ----------------------------------------------
                SA_VP: a_st <= SA_V0;   // read BM
                SA_V0: begin // MUL |v| BM
                    am_a <= a_a;
                    am_b <= par_q[W-1:0];
                    a_st <= SA_V1;
                end
                SA_V1: begin
                    a_bs <= par_q[4:0];
                    a_st <= SA_V2;
                end
                SA_V2: begin // visc = rsr(|v| BM, BS)
                    aa_op <= UA_RSR;
                    aa_x <= amp;
                    aa_s <= {1'b0, a_bs};
                    a_st <= SA_V3;
                end
                SA_V3: begin
                    a_visc <= aa_y;
                    a_st <= SA_DONE;
                end
                SA_DONE: if (b_take) a_st <= A_IDLE;
                default: a_st <= A_IDLE;
            endcase
        end
    end

    // =========================================================================
    // Stage B: y2 and psi
    // =========================================================================
    localparam [5:0]
        SB_B0 = 6'd1, SB_B1 = 6'd2, SB_B2 = 6'd3, SB_B3 = 6'd4, SB_B4 = 6'd5, SB_B5 = 6'd6,
        SB_B6 = 6'd7, SB_B7 = 6'd8, SB_B8 = 6'd9, SB_B9 = 6'd10,
        SB_X0 = 6'd12, SB_X1 = 6'd13, SB_X2 = 6'd14, SB_X3 = 6'd15, SB_X4 = 6'd16, SB_X5 = 6'd17, SB_X6 = 6'd18,
        SB_P1 = 6'd20, SB_P1A = 6'd21, SB_P1B = 6'd22, SB_P1C = 6'd23, SB_P1D = 6'd24, SB_P1E = 6'd25,
        SB_P1F = 6'd26, SB_P1G = 6'd27, SB_P1H = 6'd28,
        SB_DONE = 6'd29;
    assign b_take = (b_st == B_IDLE) && (a_st == SA_DONE) && (c_st == C_IDLE || c_out);

    // B and C share one W x W multiplier (operands registered, product two
    // states later) and one CW-bit rounding shifter: B takes a sample only
    // when C is idle or handing its result on, so the two never run at once
    reg [W-1:0] cm_a, cm_b;
    reg [2*W-1:0] cm_p;
    always @(posedge clk) cm_p <= cm_a * cm_b;
    wire signed [CW-1:0] cmp = {{(CW-2*W){1'b0}}, cm_p};
    reg signed [CW-1:0] cc_x;
    reg [5:0] cc_s;
    wire signed [CW-1:0] cc_y = rsr_c(cc_x, cc_s);
    // B's view: its operands are NW-bit values, sign-extended into cc_x
    // (rsr_c of such a value is rsr_n of it, sign-extended); for shift_to
    // the amount is s limited to 0..63 and ba_neg is s < 0 (the left shift)
    reg ba_neg;
    // ba_y: the rounding shift's result; ba_t: shift_to of it, which B
    // registers as y2 in SB_B8
    wire signed [NW-1:0] ba_y = cc_y[NW-1:0];
    wire [YW:0] ba_t = shift_to_b(cc_x != {CW{1'b0}}, ba_neg, ba_y);
`ifndef SYNTHESIS
    // shift_to_b's precondition (a left shift of a nonzero x always passes YLIM)
    always @(posedge clk) begin
        if (b_st == SB_B8 && ba_neg && cc_x != {CW{1'b0}} && cc_x < (ONE_W[CW-1:0] <<< (W - 2))) begin
            $display("fric_lugre_msq: stage B shift_to of %0d by a negative amount: x below 2^(2W-2)", cc_x);
            $finish;
        end
        // C's multiplicands stay below 2^W (psi of the small-y2 path; c1 = rsr(C1M E, EF))
        if (b_st == SB_P1H && ba_y[NW-1:W] != {(NW-W){1'b0}}) begin
            $display("fric_lugre_msq: stage B psi %0d not below 2^W", ba_y);
            $finish;
        end
        if (a_st == SA_C11 && aa_y[NW-1:W] != {(NW-W){1'b0}}) begin
            $display("fric_lugre_msq: stage A c1 %0d not below 2^W", aa_y);
            $finish;
        end
    end
`endif
    reg [2*W-1:0] bb_x;
    wire [W+8:0] bb_n = norm_n(bb_x);
    wire [W-1:0] bb_m = bb_n[W-1:0];
    wire signed [7:0] bb_e = bb_n[W+7:W];
    reg [8:0] btx_a, btr_a, bth_a;
    wire [TP:0] btx_q = tab_exp_b[btx_a];
    wire [W-1:0] btr_q = tab_rec[btr_a];
    wire [W-1:0] bth_q = tab_h[bth_a];

    // taken from A
    reg [AXIS_W-1:0] b_ax;
    reg b_neg, b_hold, b_gsat;
    reg [W+G-1:0] b_g;
    reg [W-1:0] b_tn;
    reg signed [7:0] b_te, b_kyx;
    reg [W-1:0] b_c1;
    reg [5:0] b_c1s;
    reg signed [NW-1:0] b_visc;
    // own
    reg signed [7:0] b_ge, b_pn;
    reg signed [SHW-1:0] b_sh;
    reg [W-1:0] b_rfr, b_rt0;
    reg [2*W-1:0] b_prod2;
    reg [YW:0] b_y2r;                 // y2 = shift_to(tn r, sh, YLIM), 0 .. YLIM
    reg [YF-2:0] b_y2;
    reg [YW-1:0] b_xy;
    reg [4:0] b_xyi;
    reg [W-1:0] b_xfr;
    reg [TP:0] b_xt0;
    reg [W-1:0] b_pm, b_hfr, b_ht0;
    // handed to C: the kind of update (0: none, 1: w = w_ss, 2: the product
    // rsr((w_ss - w) psi, b_ms))
    reg [1:0] b_kind;
    reg [W-1:0] b_psi;                // psi < 2^W (psi = 1 is the kind w = w_ss)
    reg signed [SHW-1:0] b_ms;
    wire c_take;

    // B's program runs in stage C's always block below (the two share units)

    // =========================================================================
    // Stage C: the state update, the sigma1 term, the force
    // =========================================================================
    localparam [4:0]
        SC_R0 = 5'd1, SC_R1 = 5'd2,
        SC_M0 = 5'd3, SC_M1 = 5'd4, SC_M2 = 5'd5, SC_M3 = 5'd6, SC_M4 = 5'd7, SC_M5 = 5'd8, SC_M6 = 5'd9,
        SC_W1 = 5'd10, SC_S1 = 5'd11, SC_S2 = 5'd12, SC_V3 = 5'd13, SC_V4 = 5'd14, SC_OUT = 5'd15;
    assign c_take = (c_st == C_IDLE) && (b_st == SB_DONE);

    // B's registers (b_ax, b_g, b_psi, ...) are read directly: B takes
    // its next sample only when C is done with this one
    // own
    reg [3:0] c_sfl;                  // {W_SAT, S1_SAT, G_SAT, F_SAT} of this sample
    reg signed [SW-1:0] c_w0, c_w1;
    reg signed [SW:0] c_diff, c_dw;
    reg signed [SW+1:0] c_s1;
    reg c_dw_wide, c_second;
    reg signed [SW:0] cm_x;
    reg [2*W-1:0] cm_abs;             // the low two words of |cm_x|
    reg signed [CW-1:0] cm_acc, cm_res;
    wire signed [CW-1:0] cm_acc_next = {cm_acc[CW-1-W:0], {W{1'b0}}} + cmp;
    reg [W-1:0] cm_m;
    reg [5:0] cm_s;
    reg cm_neg;
    reg [W-1:0] c_fo;

    // output register and the sticky flags
    reg [W-1:0] o_data;
    reg [AXIS_W+3:0] o_user;
    reg o_valid;
    reg [4:0] sticky;
    assign m_axis_tdata = o_data;
    assign m_axis_tuser = o_user;
    assign m_axis_tvalid = o_valid;
    assign flags = sticky;
    wire c_out = (c_st == SC_OUT) && (!o_valid || m_axis_tready);

    // the state read address follows B's axis every cycle (no enable, so
    // that synthesis can merge it into a RAM read port): at the take it is
    // the axis of the sample taken, read in SC_R0
    always @(posedge clk) st_ra <= b_ax;

    always @(posedge clk) begin
        c_we <= 1'b0;
        if (rst) begin
            b_st <= B_IDLE;
            c_st <= C_IDLE;
            o_valid <= 1'b0;
            sticky <= 5'd0;
        end else begin
            if (o_valid && m_axis_tready) o_valid <= 1'b0;
            sticky <= (sticky & ~flags_clear) | {cfg_bad, c_out ? c_sfl : 4'd0};
            // ---- stage B ----
            case (b_st)
                B_IDLE: begin
                    if (b_take) begin
                        b_ax <= a_ax;
                        b_neg <= a_neg;
                        b_hold <= a_hold;
                        b_gsat <= a_gsat;
                        b_g <= a_g;
                        b_tn <= a_tn;
                        b_te <= a_te;
                        b_kyx <= a_kyx;
                        b_c1 <= a_c1;
                        b_c1s <= a_c1s;
                        b_visc <= a_visc;
                        bb_x <= {{(W-G){1'b0}}, a_g};   // norm(g)
                        b_st <= a_hold ? SB_DONE : SB_B0;
                    end
                end
                SB_B0: begin : b0 // the reciprocal's index from norm(g)
                    reg [W-1:0] low;
                    b_ge <= bb_e;
                    low = bb_m - (1 << (W - 1));
                    btr_a <= {1'b0, low[W-2 -: 8]};
                    b_rfr <= {{(W-RF){1'b0}}, low[RF-1:0]};
                    b_st <= SB_B1;
                end
                SB_B1: begin
                    b_rt0 <= btr_q;
                    btr_a <= btr_a + 9'd1;
                    b_st <= SB_B2;
                end
                SB_B2: begin : b2 // MUL (R[i] - R[i+1]) fr
                    reg [W-1:0] dt;
                    dt = b_rt0 - btr_q;
                    cm_a <= dt;
                    cm_b <= b_rfr;
                    b_sh <= SH0 + {{(SHW-8){b_kyx[7]}}, b_kyx} + {{(SHW-8){b_ge[7]}}, b_ge}
                            - {{(SHW-8){b_te[7]}}, b_te};
                    b_st <= SB_B3;
                end
                SB_B3: b_st <= SB_B4;
                SB_B4: begin // rsr(product, RF)
                    cc_x <= cmp;
                    cc_s <= RF[5:0];
                    b_st <= SB_B5;
                end
                SB_B5: begin : b5 // MUL tn * r
                    reg signed [NW-1:0] rv;
                    rv = $signed({{(NW-W){1'b0}}, b_rt0}) - ba_y;
                    cm_a <= b_tn;
                    cm_b <= rv[W-1:0];
                    b_st <= SB_B6;
                end
                SB_B6: b_st <= SB_B7;
                SB_B7: begin // y2 = shift_to(tn r, sh, YLIM)
                    b_prod2 <= cm_p;
                    cc_x <= cmp;
                    cc_s <= (!b_sh[SHW-1] && b_sh < 64) ? b_sh[5:0] : 6'd63;
                    ba_neg <= b_sh[SHW-1];
                    b_st <= SB_B8;
                end
                SB_B8: begin // y2 registered: the path decision reads no shifter output
                    b_y2r <= ba_t;
                    b_st <= SB_B9;
                end
                SB_B9: begin
                    b_y2 <= b_y2r[YF-2:0];
                    if (b_prod2 == {(2*W){1'b0}}) begin          // KYM = 0: no bristle motion
                        b_kind <= 2'd0;
                        b_st <= SB_DONE;
                    end else if (b_y2r >= YLIM[YW:0]) begin       // w = w_ss
                        b_kind <= 2'd1;
                        b_st <= SB_DONE;
                    end else if (b_y2r >= YHALF[YW:0]) begin
                        b_kind <= 2'd2;
                        b_xy <= b_y2r[YW-1:0];
                        b_st <= SB_X0;
                    end else begin
                        b_kind <= 2'd2;
                        bb_x <= b_prod2;                          // norm(prod)
                        b_st <= SB_P1;
                    end
                end

                // ---- exp2: psi = 1 - 2^-y2, shift W ---------------------------------
                SB_X0: begin
                    b_xyi <= b_xy[YW-1:YF];
                    b_xfr <= {{(W-FB){1'b0}}, b_xy[FB-1:0]};
                    btx_a <= {1'b0, b_xy[YF-1 -: 8]};
                    b_st <= SB_X1;
                end
                SB_X1: begin
                    b_xt0 <= btx_q;
                    btx_a <= btx_a + 9'd1;
                    b_st <= SB_X2;
                end
                SB_X2: begin : bx2
                    reg [TP:0] dt;
                    dt = b_xt0 - btx_q;
                    cm_a <= dt[W-1:0];
                    cm_b <= b_xfr;
                    b_st <= SB_X3;
                end
                SB_X3: b_st <= SB_X4;
                SB_X4: begin
                    cc_x <= cmp;
                    cc_s <= FB[5:0];
                    b_st <= SB_X5;
                end
                SB_X5: begin
                    cc_x <= $signed({{(CW-TP-1){1'b0}}, b_xt0}) - {{(CW-NW){ba_y[NW-1]}}, ba_y};
                    cc_s <= TP[5:0] - EF[5:0] + {1'b0, b_xyi};   // 4 .. 35
                    b_st <= SB_X6;
                end
                SB_X6: begin : bx6
                    reg [W:0] e;
                    e = ba_y[W:0];
                    // e = 0 gives psi = 1 and rsr((w_ss - w) 2^W, W) = w_ss - w:
                    // the kind w = w_ss, so C's multiplicand stays below 2^W
                    if (e == {(W+1){1'b0}}) b_kind <= 2'd1;
                    b_psi <= ONE_W[W-1:0] - e[W-1:0];
                    b_ms <= W[SHW-1:0];
                    b_st <= SB_DONE;
                end

                // ---- small y2: psi = y2 h(y2) in floating form ------------------------
                SB_P1: begin
                    b_pm <= bb_m;
                    b_pn <= bb_e;
                    bth_a <= {1'b0, b_y2[YF-2 -: 8]};
                    b_hfr <= {{(W-HF){1'b0}}, b_y2[HF-1:0]};
                    b_st <= SB_P1A;
                end
                SB_P1A: begin
                    b_ht0 <= bth_q;
                    bth_a <= bth_a + 9'd1;
                    b_st <= SB_P1B;
                end
                SB_P1B: begin : p1b // MUL (H[i] - H[i+1]) fr
                    reg [W-1:0] dt;
                    dt = b_ht0 - bth_q;
                    cm_a <= dt;
                    cm_b <= b_hfr;
                    b_st <= SB_P1C;
                end
                SB_P1C: b_st <= SB_P1D;
                SB_P1D: begin
                    cc_x <= cmp;
                    cc_s <= HF[5:0];
                    b_st <= SB_P1E;
                end
                SB_P1E: begin : p1e // MUL pm * h
                    reg signed [NW-1:0] hh;
                    hh = $signed({{(NW-W){1'b0}}, b_ht0}) - ba_y;
                    cm_a <= b_pm;
                    cm_b <= hh[W-1:0];
                    b_st <= SB_P1F;
                end
                SB_P1F: b_st <= SB_P1G;
                SB_P1G: begin // psi = rsr(product, HP)
                    cc_x <= cmp;
                    cc_s <= HP[5:0];
                    b_st <= SB_P1H;
                end
                SB_P1H: begin
                    b_psi <= ba_y[W-1:0];   // rsr(pm h, HP) <= 2^W - 2
                    b_ms <= b_sh + YF[SHW-1:0] - {{(SHW-8){b_pn[7]}}, b_pn};
                    b_st <= SB_DONE;
                end
                SB_DONE: if (c_take) b_st <= B_IDLE;
                default: b_st <= B_IDLE;
            endcase
            // ---- stage C ----
            case (c_st)
                C_IDLE: begin
                    if (c_take) begin
                        c_sfl <= {2'b00, b_gsat, 1'b0};
                        c_st <= SC_R0;
                    end
                end
                SC_R0: begin : r0 // w, and w_ss - w
                    reg signed [SW:0] wss;
                    c_w0 <= st_q;
                    wss = $signed({{(SW+1-W-G){1'b0}}, b_g}) <<< (WG - G);
                    c_diff <= (b_neg ? -wss : wss) - {st_q[SW-1], st_q};
                    c_second <= 1'b0;
                    if (b_hold) begin // F = sat(rsr(w, WG))
                        cc_x <= {{(CW-SW){st_q[SW-1]}}, st_q};
                        cc_s <= WG[5:0];
                        c_st <= SC_V4;
                    end else begin
                        c_st <= SC_R1;
                    end
                end
                SC_R1: begin
                    c_dw_wide <= b_kind == 2'd2;
                    c_dw <= (b_kind == 2'd1) ? c_diff : {(SW+1){1'b0}};
                    cm_x <= c_diff;
                    cm_m <= b_psi;
                    // rsr with s <= 0 is x itself; s >= 62 gives 0 (as 63 does)
                    cm_s <= b_ms[SHW-1] ? 6'd0 : (b_ms > 63) ? 6'd63 : b_ms[5:0];
                    c_st <= (b_kind == 2'd2) ? SC_M0 : SC_W1;
                end

                // ---- wide product: cm_res = rsr(cm_x * cm_m, cm_s) ----------------
                // partial products from the top word down, accumulated as
                // acc 2^W + p (one adder over the bits above the low word)
                SC_M0: begin : m0
                    reg [3*W-1:0] ab;
                    ab = (cm_x < 0) ? {{(3*W-SW-1){1'b0}}, -cm_x} : {{(3*W-SW-1){1'b0}}, cm_x};
                    cm_abs <= ab[2*W-1:0];
                    cm_neg <= cm_x < 0;
                    cm_a <= ab[3*W-1:2*W];
                    cm_b <= cm_m;
                    c_st <= SC_M1;
                end
                SC_M1: begin
                    cm_a <= cm_abs[2*W-1:W];
                    cm_b <= cm_m;
                    cm_acc <= {CW{1'b0}};
                    c_st <= SC_M2;
                end
                SC_M2: begin
                    cm_a <= cm_abs[W-1:0];
                    cm_b <= cm_m;
                    cm_acc <= cm_acc_next;
                    c_st <= SC_M3;
                end
                SC_M3: begin
                    cm_acc <= cm_acc_next;
                    c_st <= SC_M4;
                end
                SC_M4: begin
                    cm_acc <= cm_acc_next;
                    c_st <= SC_M5;
                end
                SC_M5: begin : m5 // rsr(signed product, cm_s)
                    reg signed [CW-1:0] pr;
                    pr = cm_acc;
                    cc_x <= cm_neg ? -pr : pr;
                    cc_s <= cm_s;
                    c_st <= SC_M6;
                end
                SC_M6: begin
                    cm_res <= cc_y;
                    c_st <= c_second ? SC_S2 : SC_W1;
                end

                // ---- the new state --------------------------------------------------
                SC_W1: begin : w1s
                    reg signed [CW-1:0] nw;
                    nw = {{(CW-SW){c_w0[SW-1]}}, c_w0} + (c_dw_wide ? cm_res : {{(CW-SW-1){c_dw[SW]}}, c_dw});
                    if (!in_sym(nw, W - 1 + WG)) begin
                        c_sfl[3] <= 1'b1;
                        nw = nw[CW-1] ? -WMAX[CW-1:0] : WMAX[CW-1:0];
                    end
                    c_w1 <= nw[SW-1:0];
                    c_dw <= nw[SW:0] - {c_w0[SW-1], c_w0};
                    c_we <= 1'b1;
                    c_wa <= b_ax;
                    c_wd <= nw[SW-1:0];
                    c_st <= SC_S1;
                end
                SC_S1: begin // the sigma1 term rsr(dw c1, C1S)
                    cm_x <= c_dw;
                    cm_m <= b_c1;
                    cm_s <= b_c1s;
                    c_second <= 1'b1;
                    c_st <= SC_M0;
                end

                // ---- the sigma1 term's limit, the viscous term, the output ----------
                SC_S2: begin : s2
                    reg signed [CW-1:0] v1;
                    v1 = cm_res;
                    if (!in_sym(v1, W + 1 + WG)) begin
                        c_sfl[2] <= 1'b1;
                        v1 = v1[CW-1] ? -S1MAX[CW-1:0] : S1MAX[CW-1:0];
                    end
                    c_s1 <= v1[SW+1:0];
                    c_st <= SC_V3;
                end
                SC_V3: begin : v3 // rsr(w' + s1 + sign(v) visc 2^(WG-G), WG)
                    reg signed [CW-1:0] vv;
                    vv = {{(CW-NW){b_visc[NW-1]}}, b_visc} <<< (WG - G);
                    cc_x <= {{(CW-SW){c_w1[SW-1]}}, c_w1} + {{(CW-SW-2){c_s1[SW+1]}}, c_s1} + (b_neg ? -vv : vv);
                    cc_s <= WG[5:0];
                    c_st <= SC_V4;
                end
                SC_V4: begin : v4 // the output, limited
                    reg signed [CW-1:0] fo;
                    fo = cc_y;
                    if (!in_sym(fo, W - 1)) begin
                        c_sfl[0] <= 1'b1;
                        fo = fo[CW-1] ? -FMAX[CW-1:0] : FMAX[CW-1:0];
                    end
                    c_fo <= fo[W-1:0];
                    c_st <= SC_OUT;
                end
                SC_OUT: begin
                    if (c_out) begin
                        o_data <= c_fo;
                        o_user <= {c_sfl, b_ax};
                        o_valid <= 1'b1;
                        c_st <= C_IDLE;
                    end
                end
                default: c_st <= C_IDLE;
            endcase
        end
    end
endmodule

`resetall
