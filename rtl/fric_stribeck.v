`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
// fric_stribeck: Stribeck / Coulomb + viscous friction for NUM_AXES axes,
// one sample per clock, bit-exact with fric_fx_stribeck() of the C model:
//
//   F = sign(v) * sat(rsr(FC + rsr(DM * E, EF + DS - G) + rsr(|v| * BM, BS), G))
//   E = 2^-y,  y = (|v| or |v|^2 normalized) * KM >> KS   (delta 1 or 2, per axis)
//
// with the fields of the axis and of the direction of v (docs/fixed-point.md,
// docs/fric_stribeck.md). F(0) = 0.
//
// Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis
// index. m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1);
// tuser = {MAG_NEG, F_SAT, axis index}: this sample's flags and the index.
// Backpressure: one clock enable for the whole pipeline, ce = !m_axis_tvalid
// || m_axis_tready; s_axis_tready = ce.
//
// Latency: LATENCY clock cycles from the input handshake to m_axis_tvalid
// with no backpressure; 40 at W = 16, 42 at W = 18 (LATENCY below; elaboration
// checks these documented values).
//
// Parameters per axis: written word by word into a staging set through the
// cfg port (word numbers and field widths of fric_formats.vh), then applied
// to one axis by a commit. The commit travels down the pipeline beside the
// samples and writes each field just as the samples that follow it reach the
// stage that reads it, so a sample accepted after the commit sees only new
// fields and a sample accepted before it (or with it) only old ones: no
// sample mixes sets. cfg_ready is low while a commit is in flight and while
// the pipeline is stalled. A word with bits outside its field is ignored and
// sets the sticky CFG flag. Parameter memories start at zero (F = 0).
//
// Sticky flags: flags = {CFG, MAG_NEG, F_SAT}, set by any sample (or bad cfg
// word), cleared by writing 1s to flags_clear (a set wins over a clear in the
// same cycle) or by rst. rst (synchronous) drops the samples in flight and
// clears the flags; it keeps the parameters and lets a commit in flight finish.
module fric_stribeck #(
    // datapath width: 16 (iCE40 SB_MAC16) or 18 (ECP5 MULT18X18D)
    parameter integer W = 16,
    // axes; the parameter memories have 2^AXIS_W entries
    parameter integer NUM_AXES = 8,
    // 1: the square, the viscous and the interpolation products in fabric
    // (2 DSP blocks in all, for the iCE40 UP5K); 0: all five in DSP blocks
    parameter integer OPT_FABRIC = 1
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
    // index width (a localparam would be declared after the ports)
    function integer clog2;
        input integer n;
        integer k;
        begin
            clog2 = 1;
            for (k = 2; k < n; k = k * 2) clog2 = clog2 + 1;
        end
    endfunction
    localparam integer AXIS_W = (NUM_AXES > 1) ? clog2(NUM_AXES) : 1;
    localparam integer NA = 1 << AXIS_W;

    // ---- formats ------------------------------------------------------------
    localparam integer G = `FRIC_G(W);
    localparam integer EF = `FRIC_EF(W);
    localparam integer FB = `FRIC_FB(W);
    localparam integer YW = `FRIC_YI(W) + `FRIC_YF(W);
    localparam integer FC_W = `FRIC_BITS_FC_P(W);
    localparam integer DS_W = `FRIC_BITS_DS_P(W);
    localparam integer SH_W = `FRIC_BITS_KS(W);
    localparam [YW-1:0] YMAX = {YW{1'b1}};
    localparam [W-1:0] FMAX = {1'b0, {(W-1){1'b1}}};

    // ---- schedule: the stage (cycle after the input handshake) of each step --
    localparam integer LS = (W + 1) / 2;        // square a*a, fabric or DSP
    localparam integer LV = (W + 1) / 2;        // viscous a*BM
    localparam integer LD = 2;                  // scale p*KM and dip DM*E
    localparam integer LE = (FB + 1) / 2 + 6;   // exponential unit
    localparam integer K_IN = 1;                // input register
    localparam integer K_Q = K_IN + LS;         // a^2
    localparam integer K_NRM = K_Q + 1;         // a^2 and its normalizing shift pe
    localparam integer K_PM = K_NRM + 2;        // rsr(a^2, pe); DSEL read
    localparam integer K_P = K_PM + 1;          // p, pe; KM read
    localparam integer K_PP = K_P + LD;         // p*KM; KS read
    localparam integer K_SH = K_PP + 1;         // shift KS - pe
    localparam integer K_Y0 = K_SH + 2;         // both shift paths
    localparam integer K_Y = K_Y0 + 1;          // y (U,YI,YF)
    localparam integer K_E = K_Y + LE;          // E (U,1,EF); DM read
    localparam integer K_DP = K_E + LD;         // |DM|*E
    localparam integer K_DS = K_DP + 1;         // signed DM*E; DS read
    localparam integer K_DIP = K_DS + 2;        // dip (S,.,G)
    localparam integer K_VI = K_DIP - 3 - LV;   // viscous product start; BM read
    localparam integer K_BS = K_VI + LV;        // BS read
    localparam integer K_FC = K_BS + 2;         // FC read; base = FC + visc
    localparam integer K_MAG = K_DIP + 1;       // magnitude (S,W+1,G)
    localparam integer K_M = K_MAG + 2;         // rsr(mag, G)
    localparam integer K_OUT = K_M + 1;         // output register
    // cycles from the input handshake to m_axis_tvalid (no backpressure)
    localparam integer LATENCY = K_OUT;
    // the last stage at which a commit writes a field
    localparam integer K_LAST_FIELD = K_FC;

    initial begin
        if (W != 16 && W != 18) begin
            $display("fric_stribeck: W = %0d, must be 16 or 18 (tables exist for these)", W);
            $finish;
        end
        if (NUM_AXES < 1) begin
            $display("fric_stribeck: NUM_AXES = %0d, must be >= 1", NUM_AXES);
            $finish;
        end
        if (LATENCY != ((W == 16) ? 40 : 42)) begin
            $display("fric_stribeck: LATENCY %0d differs from the documented value", LATENCY);
            $finish;
        end
        if (K_VI < K_IN || K_FC + 1 != K_DIP || K_LAST_FIELD < K_FC) begin
            $display("fric_stribeck: inconsistent schedule");
            $finish;
        end
    end

    // ---- pipeline control ----------------------------------------------------
    wire ce = !m_axis_tvalid || m_axis_tready;
    assign s_axis_tready = ce;

    // per stage k = 2..K_M, slot k-2: axis, v < 0, v = 0 (valid bits: valid_reg)
    localparam integer CTL_W = AXIS_W + 2;
    reg [CTL_W*(K_M-1)-1:0] ctl_reg;
    reg [W-1:0]           v_reg;
    reg [AXIS_W-1:0]      axis_in_reg;
    reg                   valid_in_reg;

    wire [CTL_W-1:0] ctl1 = {axis_in_reg, v_reg[W-1], (v_reg == {W{1'b0}})};
    always @(posedge clk) begin
        if (ce) begin
            v_reg        <= s_axis_tdata;
            axis_in_reg  <= s_axis_tuser;
            valid_in_reg <= s_axis_tvalid;
            ctl_reg      <= {ctl_reg[CTL_W*(K_M-2)-1:0], ctl1};
        end
        if (rst) begin
            valid_in_reg <= 1'b0;
        end
    end
    // stage k's axis, v < 0 and v = 0 (k = 1: the input register itself)
    function [AXIS_W-1:0] ax_at;
        input integer k;
        begin
            ax_at = (k == 1) ? axis_in_reg : ctl_reg[CTL_W*(k-1)-1 -: AXIS_W];
        end
    endfunction
    function neg_at;
        input integer k;
        begin
            neg_at = (k == 1) ? v_reg[W-1] : ctl_reg[CTL_W*(k-2)+1];
        end
    endfunction
    function zero_at;
        input integer k;
        begin
            zero_at = (k == 1) ? (v_reg == {W{1'b0}}) : ctl_reg[CTL_W*(k-2)];
        end
    endfunction
    // valid bits of stages 2..K_OUT (bit k-2)
    reg [K_OUT-2:0] valid_reg;
    always @(posedge clk) begin
        if (ce) valid_reg <= {valid_reg[K_OUT-3:0], valid_in_reg};
        if (rst) valid_reg <= {(K_OUT-1){1'b0}};
    end

    // |v| and the stages that carry it (2 .. K_VI, slot k-2)
    wire [W-1:0] a1 = v_reg[W-1] ? (~v_reg + {{(W-1){1'b0}}, 1'b1}) : v_reg;
    reg [W*(K_VI-1)-1:0] a_reg;
    always @(posedge clk) if (ce) a_reg <= {a_reg[W*(K_VI-2)-1:0], a1};
    function [W-1:0] a_at;
        input integer k;
        begin
            a_at = (k == 1) ? a1 : a_reg[W*(k-1)-1 -: W];
        end
    endfunction

    // ---- parameter staging, commit tokens and memories ----------------------
    reg [W-1:0]      stg_km;
    reg [SH_W-1:0]   stg_ks;
    reg              stg_dsel;
    reg [FC_W-1:0]   stg_fc   [0:1];
    reg [W-1:0]      stg_dm   [0:1];
    reg [DS_W-1:0]   stg_ds   [0:1];
    reg [W-1:0]      stg_bm   [0:1];
    reg [SH_W-1:0]   stg_bs   [0:1];

    // commit tokens: valid and axis per stage 1..K_LAST_FIELD
    reg [K_LAST_FIELD-1:0]        tok_v_reg = {K_LAST_FIELD{1'b0}};
    reg [AXIS_W*K_LAST_FIELD-1:0] tok_a_reg;
    wire busy = |tok_v_reg;
    assign cfg_ready = ce && !busy;
    wire cfg_take = cfg_valid && cfg_ready;
    always @(posedge clk) begin
        if (ce) begin
            tok_v_reg <= {tok_v_reg[K_LAST_FIELD-2:0], cfg_take && cfg_commit};
            tok_a_reg <= {tok_a_reg[AXIS_W*(K_LAST_FIELD-1)-1:0], cfg_axis};
        end
    end
    function tok_v_at;
        input integer k;
        begin
            tok_v_at = tok_v_reg[k-1];
        end
    endfunction
    function [AXIS_W-1:0] tok_a_at;
        input integer k;
        begin
            tok_a_at = tok_a_reg[AXIS_W*k-1 -: AXIS_W];
        end
    endfunction

    // a cfg word fits its field: unsigned fields have no bits above their
    // width; DM is a sign-extended W-bit value
    function fits_u;
        input [31:0] d;
        input integer bits;
        begin
            fits_u = (bits >= 32) ? 1'b1 : ((d >> bits) == 32'd0);
        end
    endfunction
    function fits_s;
        input [31:0] d;
        input integer bits;
        begin
            fits_s = ($signed(d) >>> (bits - 1)) == 32'sd0 || ($signed(d) >>> (bits - 1)) == -32'sd1;
        end
    endfunction
    reg cfg_fits;
    always @(*) begin
        case (cfg_addr)
            `FRIC_WORD_KM:   cfg_fits = fits_u(cfg_data, W);
            `FRIC_WORD_KS:   cfg_fits = fits_u(cfg_data, SH_W);
            `FRIC_WORD_DSEL: cfg_fits = fits_u(cfg_data, 1);
            `FRIC_WORD_FC_P, `FRIC_WORD_FC_N: cfg_fits = fits_u(cfg_data, FC_W);
            `FRIC_WORD_DM_P, `FRIC_WORD_DM_N: cfg_fits = fits_s(cfg_data, W);
            `FRIC_WORD_DS_P, `FRIC_WORD_DS_N: cfg_fits = fits_u(cfg_data, DS_W);
            `FRIC_WORD_BM_P, `FRIC_WORD_BM_N: cfg_fits = fits_u(cfg_data, W);
            `FRIC_WORD_BS_P, `FRIC_WORD_BS_N: cfg_fits = fits_u(cfg_data, SH_W);
            default: cfg_fits = 1'b0;
        endcase
    end
    wire cfg_write = cfg_take && !cfg_commit && cfg_fits;
    wire cfg_bad = cfg_take && !cfg_commit && !cfg_fits;
    always @(posedge clk) begin
        if (cfg_write) begin
            case (cfg_addr)
                `FRIC_WORD_KM:   stg_km <= cfg_data[W-1:0];
                `FRIC_WORD_KS:   stg_ks <= cfg_data[SH_W-1:0];
                `FRIC_WORD_DSEL: stg_dsel <= cfg_data[0];
                `FRIC_WORD_FC_P: stg_fc[0] <= cfg_data[FC_W-1:0];
                `FRIC_WORD_DM_P: stg_dm[0] <= cfg_data[W-1:0];
                `FRIC_WORD_DS_P: stg_ds[0] <= cfg_data[DS_W-1:0];
                `FRIC_WORD_BM_P: stg_bm[0] <= cfg_data[W-1:0];
                `FRIC_WORD_BS_P: stg_bs[0] <= cfg_data[SH_W-1:0];
                `FRIC_WORD_FC_N: stg_fc[1] <= cfg_data[FC_W-1:0];
                `FRIC_WORD_DM_N: stg_dm[1] <= cfg_data[W-1:0];
                `FRIC_WORD_DS_N: stg_ds[1] <= cfg_data[DS_W-1:0];
                `FRIC_WORD_BM_N: stg_bm[1] <= cfg_data[W-1:0];
                `FRIC_WORD_BS_N: stg_bs[1] <= cfg_data[SH_W-1:0];
                default: ;
            endcase
        end
    end

    // The memories, one per field (and direction), each written by the
    // commit token at the stage that reads it.
    (* ram_style = "logic" *) reg [W-1:0] mem_km [0:NA-1];
    (* ram_style = "logic" *) reg [SH_W-1:0] mem_ks [0:NA-1];
    (* ram_style = "logic" *) reg mem_dsel [0:NA-1];
    (* ram_style = "logic" *) reg [FC_W-1:0] mem_fc_p [0:NA-1];
    (* ram_style = "logic" *) reg [FC_W-1:0] mem_fc_n [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0] mem_dm_p [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0] mem_dm_n [0:NA-1];
    (* ram_style = "logic" *) reg [DS_W-1:0] mem_ds_p [0:NA-1];
    (* ram_style = "logic" *) reg [DS_W-1:0] mem_ds_n [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0] mem_bm_p [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0] mem_bm_n [0:NA-1];
    (* ram_style = "logic" *) reg [SH_W-1:0] mem_bs_p [0:NA-1];
    (* ram_style = "logic" *) reg [SH_W-1:0] mem_bs_n [0:NA-1];
    integer i;
    initial begin
        for (i = 0; i < NA; i = i + 1) begin
            mem_km[i] = 0; mem_ks[i] = 0; mem_dsel[i] = 0;
            mem_fc_p[i] = 0; mem_fc_n[i] = 0; mem_dm_p[i] = 0; mem_dm_n[i] = 0;
            mem_ds_p[i] = 0; mem_ds_n[i] = 0; mem_bm_p[i] = 0; mem_bm_n[i] = 0;
            mem_bs_p[i] = 0; mem_bs_n[i] = 0;
        end
        stg_km = 0; stg_ks = 0; stg_dsel = 0;
        for (i = 0; i < 2; i = i + 1) begin
            stg_fc[i] = 0; stg_dm[i] = 0; stg_ds[i] = 0; stg_bm[i] = 0; stg_bs[i] = 0;
        end
    end
    always @(posedge clk) begin
        if (ce) begin
            if (tok_v_at(K_PM)) mem_dsel[tok_a_at(K_PM)] <= stg_dsel;
            if (tok_v_at(K_P))  mem_km[tok_a_at(K_P)] <= stg_km;
            if (tok_v_at(K_PP)) mem_ks[tok_a_at(K_PP)] <= stg_ks;
            if (tok_v_at(K_E)) begin
                mem_dm_p[tok_a_at(K_E)] <= stg_dm[0];
                mem_dm_n[tok_a_at(K_E)] <= stg_dm[1];
            end
            if (tok_v_at(K_DS)) begin
                mem_ds_p[tok_a_at(K_DS)] <= stg_ds[0];
                mem_ds_n[tok_a_at(K_DS)] <= stg_ds[1];
            end
            if (tok_v_at(K_VI)) begin
                mem_bm_p[tok_a_at(K_VI)] <= stg_bm[0];
                mem_bm_n[tok_a_at(K_VI)] <= stg_bm[1];
            end
            if (tok_v_at(K_BS)) begin
                mem_bs_p[tok_a_at(K_BS)] <= stg_bs[0];
                mem_bs_n[tok_a_at(K_BS)] <= stg_bs[1];
            end
            if (tok_v_at(K_FC)) begin
                mem_fc_p[tok_a_at(K_FC)] <= stg_fc[0];
                mem_fc_n[tok_a_at(K_FC)] <= stg_fc[1];
            end
        end
    end

    // the fields each stage reads, for its sample's axis and direction
    wire            f_dsel = mem_dsel[ax_at(K_PM)];
    wire [W-1:0]    f_km = mem_km[ax_at(K_P)];
    wire [SH_W-1:0] f_ks = mem_ks[ax_at(K_PP)];
    wire [W-1:0]    f_dm = neg_at(K_E) ? mem_dm_n[ax_at(K_E)] : mem_dm_p[ax_at(K_E)];
    wire [DS_W-1:0] f_ds = neg_at(K_DS) ? mem_ds_n[ax_at(K_DS)] : mem_ds_p[ax_at(K_DS)];
    wire [W-1:0]    f_bm = neg_at(K_VI) ? mem_bm_n[ax_at(K_VI)] : mem_bm_p[ax_at(K_VI)];
    wire [SH_W-1:0] f_bs = neg_at(K_BS) ? mem_bs_n[ax_at(K_BS)] : mem_bs_p[ax_at(K_BS)];
    wire [FC_W-1:0] f_fc = neg_at(K_FC) ? mem_fc_n[ax_at(K_FC)] : mem_fc_p[ax_at(K_FC)];

    // ---- y: the exponent argument ---------------------------------------------
    // K_IN -> K_Q: q = a^2, (U,2W-2,0)
    wire [2*W-1:0] q;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LS), .OPT_FABRIC(OPT_FABRIC)) u_sq (
        .clk(clk), .ce(ce), .a(a1), .b(a1), .p(q));

    // K_Q -> K_NRM: pe = max(0, bitlen(q) - W)
    function [5:0] norm_shift;
        input [2*W-1:0] x;
        integer b;
        begin
            norm_shift = 6'd0;
            for (b = W; b < 2 * W; b = b + 1)
                if (x[b]) norm_shift = b[5:0] - W[5:0] + 6'd1;
        end
    endfunction
    reg [2*W-1:0] q_reg;
    reg [5:0]     pe_nrm_reg;
    always @(posedge clk) begin
        if (ce) begin
            q_reg      <= q;
            pe_nrm_reg <= norm_shift(q);
        end
    end

    // K_NRM -> K_PM: pm = rsr(q, pe) <= 2^W
    wire [W:0] pm;
    wire [5:0] pe_pm;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(W+1)) u_rsr_q (
        .clk(clk), .ce(ce), .x({1'b0, q_reg}), .s(pe_nrm_reg), .y(pm));
    fric_delay #(.WIDTH(6), .DEPTH(2)) u_pe_pm (.clk(clk), .ce(ce), .d(pe_nrm_reg), .q(pe_pm));

    // K_PM -> K_P: renormalize (pm = 2^W -> 2^(W-1), pe + 1); p = a for delta 1
    reg [W-1:0] p_reg;
    reg [5:0]   pe_p_reg;
    always @(posedge clk) begin
        if (ce) begin
            if (!f_dsel) begin
                p_reg <= a_at(K_PM);
                pe_p_reg <= 6'd0;
            end else if (pm[W]) begin
                p_reg <= pm[W:1];
                pe_p_reg <= pe_pm + 6'd1;
            end else begin
                p_reg <= pm[W-1:0];
                pe_p_reg <= pe_pm;
            end
        end
    end

    // K_P -> K_PP: P = p * KM, (U,2W,0)
    wire [2*W-1:0] pk;
    wire [5:0]     pe_pp;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LD), .OPT_FABRIC(0)) u_scale (
        .clk(clk), .ce(ce), .a(p_reg), .b(f_km), .p(pk));
    fric_delay #(.WIDTH(6), .DEPTH(LD)) u_pe_pp (.clk(clk), .ce(ce), .d(pe_p_reg), .q(pe_pp));

    // K_PP -> K_SH: the shift KS - pe (signed: KS 0..63, pe 0..W)
    reg [2*W-1:0]    pk_reg;
    reg signed [6:0] sh_reg;
    always @(posedge clk) begin
        if (ce) begin
            pk_reg <= pk;
            sh_reg <= $signed({1'b0, f_ks}) - $signed({1'b0, pe_pp});
        end
    end

    // K_SH -> K_Y0: right path rsr(P, sh), left path P << -sh with its overflow
    wire        sh_neg = sh_reg[6];
    wire [5:0]  sh_r = sh_neg ? 6'd0 : sh_reg[5:0];
    wire [5:0]  sh_l = sh_neg ? 6'd0 - sh_reg[5:0] : 6'd0;
    wire [2*W:0] yr;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(2*W+1)) u_rsr_y (
        .clk(clk), .ce(ce), .x({1'b0, pk_reg}), .s(sh_r), .y(yr));
    reg [3*W-1:0] yl_reg;
    reg [YW-1:0]  yl2_reg;
    reg           yl_ovf_reg;
    wire          sh_neg_y0;
    always @(posedge clk) begin
        if (ce) begin
            yl_reg     <= {{W{1'b0}}, pk_reg} << sh_l;
            yl2_reg    <= yl_reg[YW-1:0];
            yl_ovf_reg <= (yl_reg > {{(3*W-YW){1'b0}}, YMAX});
        end
    end
    fric_delay #(.WIDTH(1), .DEPTH(2)) u_shneg (.clk(clk), .ce(ce), .d(sh_neg), .q(sh_neg_y0));

    // K_Y0 -> K_Y: y, limited to 2^(YI+YF) - 1 (a range limit: E is 0 there)
    reg [YW-1:0] y_reg;
    always @(posedge clk) begin
        if (ce) begin
            if (sh_neg_y0) y_reg <= yl_ovf_reg ? YMAX : yl2_reg;
            else           y_reg <= (yr > {{(2*W+1-YW){1'b0}}, YMAX}) ? YMAX : yr[YW-1:0];
        end
    end

    // ---- E and the dip ---------------------------------------------------------
    wire [W:0] e;
    fric_exp2 #(.W(W), .OPT_FABRIC(OPT_FABRIC), .LATENCY(LE),
                .TABLE_FILE(W == 18 ? "rtl/tables/fric_exp2pair_w18.hex" : "rtl/tables/fric_exp2pair_w16.hex"))
        u_exp (.clk(clk), .ce(ce), .y(y_reg), .e(e));

    // K_E -> K_DP: |DM| * E, E = 2^W (1.0) taken by a mux, not the multiplier
    wire         dm_neg = f_dm[W-1];
    wire [W-1:0] dm_abs = dm_neg ? (~f_dm + {{(W-1){1'b0}}, 1'b1}) : f_dm;
    wire [2*W-1:0] dprod;
    wire [W+1:0]   dm_d;   // {E = 1, DM < 0, |DM|} at K_DP
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LD), .OPT_FABRIC(0)) u_dip (
        .clk(clk), .ce(ce), .a(dm_abs), .b(e[W-1:0]), .p(dprod));
    fric_delay #(.WIDTH(W+2), .DEPTH(LD)) u_dm (.clk(clk), .ce(ce), .d({e[W], dm_neg, dm_abs}), .q(dm_d));

    // K_DP -> K_DS: the signed product DM * E, (S,2W,0)
    wire [2*W-1:0] dmag = dm_d[W+1] ? {dm_d[W-1:0], {W{1'b0}}} : dprod;
    reg signed [2*W:0] dsig_reg;
    always @(posedge clk) if (ce) dsig_reg <= dm_d[W] ? -$signed({1'b0, dmag}) : $signed({1'b0, dmag});

    // K_DS -> K_DIP: dip = rsr(DM * E, EF + DS - G)
    wire signed [2*W:0] dip;
    localparam integer DSH0_I = EF - G;
    localparam [5:0] DSH0 = DSH0_I[5:0];
    wire [5:0] dsh = {{(6-DS_W){1'b0}}, f_ds} + DSH0;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(2*W+1)) u_rsr_dip (
        .clk(clk), .ce(ce), .x(dsig_reg), .s(dsh), .y(dip));

    // ---- the viscous term and the base FC + visc ----------------------------------
    wire [2*W-1:0] vprod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LV), .OPT_FABRIC(OPT_FABRIC)) u_visc (
        .clk(clk), .ce(ce), .a(a_at(K_VI)), .b(f_bm), .p(vprod));
    wire signed [2*W:0] visc;
    fric_rsr #(.X_W(2*W+1), .S_W(SH_W), .Y_W(2*W+1)) u_rsr_visc (
        .clk(clk), .ce(ce), .x({1'b0, vprod}), .s(f_bs), .y(visc));
    reg signed [2*W+1:0] base_reg;
    always @(posedge clk) if (ce) base_reg <= $signed({{(2*W+2-FC_W){1'b0}}, f_fc}) + visc;

    // ---- magnitude, rounding, saturation ------------------------------------------
    reg signed [2*W+2:0] mag_reg;
    always @(posedge clk) if (ce) mag_reg <= {base_reg[2*W+1], base_reg} + {{2{dip[2*W]}}, dip};
    wire signed [2*W+2:0] mr;
    fric_rsr #(.X_W(2*W+3), .S_W(3), .Y_W(2*W+3)) u_rsr_mag (
        .clk(clk), .ce(ce), .x(mag_reg), .s(G[2:0]), .y(mr));

    wire m_negative = mr[2*W+2];
    wire m_over = !m_negative && (mr > $signed({{(W+3){1'b0}}, FMAX}));
    wire [W-1:0] msat = m_negative ? {W{1'b0}} : (m_over ? FMAX : mr[W-1:0]);
    wire v_zero = zero_at(K_M), v_neg = neg_at(K_M);
    reg [W-1:0]      f_reg;
    reg [1:0]        fl_reg;
    reg [AXIS_W-1:0] ax_out_reg;
    always @(posedge clk) begin
        if (ce) begin
            f_reg      <= v_zero ? {W{1'b0}} : (v_neg ? (~msat + {{(W-1){1'b0}}, 1'b1}) : msat);
            fl_reg     <= v_zero ? 2'b00 : {m_negative, m_over};
            ax_out_reg <= ax_at(K_M);
        end
    end
    assign m_axis_tvalid = valid_reg[K_OUT-2];
    assign m_axis_tdata  = f_reg;
    assign m_axis_tuser  = {fl_reg, ax_out_reg};

    // ---- sticky flags ----------------------------------------------------------------
    reg [2:0] flags_reg;
    wire [2:0] flags_set = {cfg_bad, (m_axis_tvalid && m_axis_tready) ? fl_reg : 2'b00};
    always @(posedge clk) begin
        flags_reg <= (flags_reg & ~flags_clear) | flags_set;
        if (rst) flags_reg <= 3'b000;
    end
    assign flags = flags_reg;
endmodule
`resetall
