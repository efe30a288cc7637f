// SPDX-License-Identifier: Apache-2.0
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
// Backpressure: the pipeline advances on one registered clock enable, held
// high while the 2-entry output buffer has room; s_axis_tready is that
// register, so no ready path runs combinationally through the core.
//
// Latency: LATENCY clock cycles from the input handshake to m_axis_tvalid
// with no backpressure: 42 for (W = 16, OPT_FAST = 0), 53 for (W = 18,
// OPT_FAST = 1) (LATENCY below, fric_stribeck_latency.vh; the bench measures it).
//
// Parameters per axis: written word by word into a staging set through the
// cfg port (word numbers and field widths of fric_formats.vh), then applied
// to one axis by a commit. Requests are registered and decoded in two
// stages (one word every third cycle). A commit enters the pipeline at the next advance after its
// handshake and travels down beside the samples, writing each field just as
// the samples that follow it reach the stage that reads it: samples accepted
// up to that advance see only old fields, later ones only new: no sample
// mixes sets. Every field is read from its memory one stage before
// its use into a register. cfg_ready (a register) is low while a request or a
// commit is in flight. A word with bits outside its field is ignored and
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
    parameter integer OPT_FABRIC = 1,
    // 1: three-stage rounding shifts, for a fast clock (ECP5); 0: two
    parameter integer OPT_FAST = 0,
    // 1: DSP products as registered ECP5 MULT18X18D (synthesis only)
    parameter integer OPT_ECP5_DSP = 0,
    // 1: KM, DM, BM and the low 16 bits of FC in four single-port RAMs
    // (iCE40 UP5K SPRAM) instead of flip-flops; each commit then stalls the
    // stream for 8 cycles while it writes them (both directions of each)
    parameter integer OPT_SPRAM = 0,
    // 1: the longest delay line (|v| to the viscous product, 16 or more
    // stages) in a block RAM (one iCE40 EBR) instead of flip-flops
    parameter integer OPT_RAM_DELAY = 0
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
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    localparam integer NA = 1 << AXIS_W;

    // ---- formats ------------------------------------------------------------
    localparam integer G = `FRIC_G(W);
    localparam integer EF = `FRIC_EF(W);
    localparam integer FB = `FRIC_FB(W);
    localparam integer YW = `FRIC_YI(W) + `FRIC_YF(W);
    localparam integer FC_W = `FRIC_BITS_FC_P(W);
    localparam integer DS_W = `FRIC_BITS_DS_P(W);
    localparam integer BS_W = `FRIC_BITS_BS_P(W);
    localparam integer KS_W = `FRIC_BITS_KS(W);
    localparam [YW-1:0] YMAX = {YW{1'b1}};
    localparam [W-1:0] FMAX = {1'b0, {(W-1){1'b1}}};
    // the viscous limit 2^(W+G+1) - 1: never changes a result (fric_fx.c)
    localparam integer VIS_W = W + G + 1;
    localparam integer BASE_W = VIS_W + 1;      // FC + visc, unsigned
    localparam integer DIP_W = W + 5;           // |dip| <= 2^(W+3), signed
    localparam integer MAG_W = BASE_W + 2;      // signed

    // ---- schedule: the stage (cycle after the input handshake) of each step --
    localparam integer RS = (OPT_FAST != 0) ? 3 : 2; // stages of a rounding shift
    localparam integer LS = (W + 1) / 2;        // square a*a, fabric or DSP
    localparam integer LV = (W + 1) / 2;        // viscous a*BM
    localparam integer LD = 2;                  // scale p*KM and dip DM*E
    localparam integer LE = (FB + 1) / 2 + 2 * RS + 2 + ((RS == 3) ? 2 : 0); // exponential unit
    localparam integer K_IN = 1;                // input register
    localparam integer K_Q = K_IN + 1 + LS;     // a^2 (from the registered |v|; DSEL used at K_IN)
    localparam integer K_NRM = K_Q + 1;         // a^2 and its normalizing shift pe
    localparam integer K_PM = K_NRM + RS;       // rsr(a^2, pe)
    localparam integer K_P = K_PM + 1;          // p, pe; KM used
    localparam integer K_PP = K_P + LD;         // p*KM; KS used
    localparam integer K_SH = K_PP + 1;         // P and the shift KS - pe
    localparam integer K_Y0 = K_SH + RS;        // rsr(P, KS - pe)
    localparam integer K_Y = K_Y0 + 1;          // y (U,YI,YF)
    localparam integer K_E = K_Y + LE;          // E (U,1,EF); DM used
    localparam integer K_DP = K_E + LD;         // |DM|*E
    localparam integer LSG = (OPT_FAST != 0) ? 2 : 1; // the sign of DM*E: 1 or 2 stages
    localparam integer K_DS = K_DP + LSG;       // signed DM*E; DS used
    localparam integer K_DIP = K_DS + RS;       // dip (S,W+4,G)
    localparam integer K_VI = K_DIP - LV - RS - 1; // viscous product; BM used
    localparam integer K_BS = K_VI + LV;        // BS used
    localparam integer K_VL = K_BS + RS;        // visc, limited
    localparam integer K_FC = K_VL;             // FC used; base = FC + visc
    localparam integer K_MAG = K_DIP + 1;       // magnitude (S,W+5,G)
    localparam integer K_M = K_MAG + RS;        // rsr(mag, G)
    localparam integer K_SAT = K_M + 1;         // saturated magnitude, flags
    localparam integer K_OUT = K_SAT + 1;       // output buffer
    // cycles from the input handshake to m_axis_tvalid (no backpressure)
    localparam integer LATENCY = K_OUT;
    // the last stage at which a commit writes (fields are read one stage early)
    localparam integer K_LAST_WRITE = K_FC - 1;

`include "fric_stribeck_latency.vh"

    initial begin
        if (LATENCY != fric_stribeck_latency(W, OPT_FAST)) begin
            $display("fric_stribeck: LATENCY %0d differs from fric_stribeck_latency.vh", LATENCY);
            $finish;
        end
        if (OPT_SPRAM != 0 && W != 16) begin
            $display("fric_stribeck: OPT_SPRAM needs W = 16 (the RAM words are 16 bits)");
            $finish;
        end
        if (W != 16 && W != 18) begin
            $display("fric_stribeck: W = %0d, must be 16 or 18 (tables exist for these)", W);
            $finish;
        end
        if (NUM_AXES < 1) begin
            $display("fric_stribeck: NUM_AXES = %0d, must be >= 1", NUM_AXES);
            $finish;
        end
        if (K_VI < K_IN + 1 || K_FC + 1 != K_DIP || K_LAST_WRITE < K_DS - 1) begin
            $display("fric_stribeck: inconsistent schedule");
            $finish;
        end
    end

    // ---- pipeline control ----------------------------------------------------
    // ce: registered, high while the output buffer can take what is in flight
    reg ce_reg = 1'b1;
    wire ce = ce_reg;
    assign s_axis_tready = ce;

    // per stage k = 2..K_SAT, slot k-2: axis, v < 0, v = 0 (valid bits: valid_reg)
    localparam integer CTL_W = AXIS_W + 2;
    reg [CTL_W*(K_SAT-1)-1:0] ctl_reg;
    reg [W-1:0]           v_reg;
    reg [AXIS_W-1:0]      axis_in_reg;
    reg                   valid_in_reg;

    wire [CTL_W-1:0] ctl1 = {axis_in_reg, v_reg[W-1], (v_reg == {W{1'b0}})};
    always @(posedge clk) begin
        if (ce) begin
            v_reg        <= s_axis_tdata;
            axis_in_reg  <= s_axis_tuser;
            valid_in_reg <= s_axis_tvalid;
            ctl_reg      <= {ctl_reg[CTL_W*(K_SAT-2)-1:0], ctl1};
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
    // valid bits of stages 2..K_SAT (bit k-2)
    reg [K_SAT-2:0] valid_reg;
    always @(posedge clk) begin
        if (ce) valid_reg <= {valid_reg[K_SAT-3:0], valid_in_reg};
        if (rst) valid_reg <= {(K_SAT-1){1'b0}};
    end

    // |v| at stage 2 (the square's input), and delayed to K_VI (the viscous
    // product's), in flip-flops or in a block RAM
    wire [W-1:0] a1 = v_reg[W-1] ? (~v_reg + {{(W-1){1'b0}}, 1'b1}) : v_reg;
    reg [W-1:0] a2_reg;
    // the square's second operand: |v| for delta 2, 1 for delta 1 (DSEL is
    // read at the input port: f_dsel1 is the field of the sample at stage 1)
    reg         f_dsel1;
    reg [W-1:0] sq_b_reg;
    always @(posedge clk) begin
        if (ce) begin
            a2_reg <= a1;
            sq_b_reg <= f_dsel1 ? a1 : {{(W-1){1'b0}}, 1'b1};
        end
    end
    wire [W-1:0] a_vi;
    generate
        if (OPT_RAM_DELAY != 0) begin : g_a_ram
            fric_delay_ram #(.WIDTH(W), .DEPTH(K_VI - 2)) u_a (.clk(clk), .ce(ce), .d(a2_reg), .q(a_vi));
        end else begin : g_a_ff
            fric_delay #(.WIDTH(W), .DEPTH(K_VI - 2)) u_a (.clk(clk), .ce(ce), .d(a2_reg), .q(a_vi));
        end
    endgenerate

    // ---- parameter staging, commit tokens and memories ----------------------
    reg [W-1:0]      stg_km   [0:1];
    reg [KS_W-1:0]   stg_ks   [0:1];
    reg              stg_dsel;
    reg [FC_W-1:0]   stg_fc   [0:1];
    reg [W-1:0]      stg_dm   [0:1];
    reg [DS_W-1:0]   stg_ds   [0:1];
    reg [W-1:0]      stg_bm   [0:1];
    reg [BS_W-1:0]   stg_bs   [0:1];

    // The configuration request is registered first (the port takes one word
    // every other cycle): a word is checked and written in the cycle after its
    // handshake; a commit enters the pipeline at the next advance after it,
    // so it applies to the samples accepted from the second advance on.
    reg              req_v_reg = 1'b0;
    reg              req_commit_reg;
    reg [3:0]        req_addr_reg;
    reg [AXIS_W-1:0] req_axis_reg;
    reg [FC_W-1:0]   req_data_reg;                      // the widest field is FC
    reg              wr_v_reg = 1'b0, bad_reg = 1'b0;  // the decoded request
    reg [3:0]        wr_addr_reg;
    reg [FC_W-1:0]   wr_data_reg;                       // the widest field is FC

    // commit tokens, one bit per stage 1..K_LAST_WRITE; the axis is held in
    // commit_axis_reg, stable while a token is in flight
    reg [K_LAST_WRITE-1:0] tok_reg = {K_LAST_WRITE{1'b0}};
    reg [AXIS_W-1:0]       commit_axis_reg;
    // cfg_ready is a register: high when no request, decoded word or commit
    // token is in flight in the coming cycle (a request does not need the
    // pipeline to advance; a commit waits for an advance to enter)
    reg  cfg_ready_reg = 1'b1;
    assign cfg_ready = cfg_ready_reg;
    wire cfg_take = cfg_valid && cfg_ready_reg;
    wire tok_enter = req_v_reg && req_commit_reg && ce;
    // a word in the second stage, good or bad (ready does not wait for the check)
    wire word_next = req_v_reg && !req_commit_reg;
    wire [K_LAST_WRITE-1:0] tok_next = ce ? {tok_reg[K_LAST_WRITE-2:0], tok_enter} : tok_reg;
    // the same as !(|tok_next) && !req_v_next && !word_next, written so that
    // cfg_valid (which may arrive late, from a bus) meets one gate: every
    // other term is a function of registers only
    wire cfg_busy_next = (|tok_next) || word_next || (req_v_reg && req_commit_reg && !ce);
    always @(posedge clk) cfg_ready_reg <= !cfg_busy_next && !cfg_take;
    always @(posedge clk) begin
        if (cfg_take) begin
            req_v_reg      <= 1'b1;
            req_commit_reg <= cfg_commit;
            req_addr_reg   <= cfg_addr;
            req_axis_reg   <= cfg_axis;
            req_data_reg   <= cfg_data[FC_W-1:0];
        end else if (req_v_reg && (!req_commit_reg || ce)) begin
            req_v_reg <= 1'b0;
        end
        if (ce) tok_reg <= {tok_reg[K_LAST_WRITE-2:0], tok_enter};
        if (tok_enter) commit_axis_reg <= req_axis_reg;
    end
    // the token writes at stage k (it entered k cycles of ce ago)
    function tok_at;
        input integer k;
        begin
            tok_at = tok_reg[k-1];
        end
    endfunction

    // the width checks of the word (fric_word_fits) and the field class of
    // its address, both registered with the request; the second stage only
    // ANDs them. Classes: 0 DS_W, 1 BS_W, 2 KS_W, 3 W, 4 FC_W, 5 W signed (DM),
    // 6 one bit (DSEL)
    localparam integer NCLS = 7;
    localparam [7:0] W8 = W[7:0], FC8 = FC_W[7:0], KS8 = KS_W[7:0], BS8 = BS_W[7:0], DS8 = DS_W[7:0];
    wire [NCLS-1:0] req_ok;     // the word fits the width of each class
    fric_word_fits #(.N(NCLS), .WIDTHS({8'd1, W8, FC8, W8, KS8, BS8, DS8}), .SIGNS(7'b0100000)) u_fits (
        .clk(clk), .en(cfg_take), .d(cfg_data), .fits(req_ok));
    reg [NCLS-1:0] req_cls_reg;  // one-hot class of the address (0: no such word)
    function [NCLS-1:0] addr_class;
        input [3:0] addr;
        begin
            case (addr)
                `FRIC_WORD_KM, `FRIC_WORD_KM_N: addr_class = 7'b0001000;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N: addr_class = 7'b0000100;
                `FRIC_WORD_DSEL: addr_class = 7'b1000000;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N: addr_class = 7'b0010000;
                `FRIC_WORD_DM_P, `FRIC_WORD_DM_N: addr_class = 7'b0100000;
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N: addr_class = 7'b0000001;
                `FRIC_WORD_BM_P, `FRIC_WORD_BM_N: addr_class = 7'b0001000;
                `FRIC_WORD_BS_P, `FRIC_WORD_BS_N: addr_class = 7'b0000010;
                default: addr_class = 7'b0000000;
            endcase
        end
    endfunction
    always @(posedge clk) if (cfg_take) req_cls_reg <= addr_class(cfg_addr);
    wire cfg_fits = |(req_ok & req_cls_reg);
    // second request stage: the decoded word (registered), written next cycle
    always @(posedge clk) begin
        wr_v_reg    <= req_v_reg && !req_commit_reg && cfg_fits;
        bad_reg     <= req_v_reg && !req_commit_reg && !cfg_fits;
        wr_addr_reg <= req_addr_reg;
        wr_data_reg <= req_data_reg;
    end
    wire cfg_bad = bad_reg;
    always @(posedge clk) begin
        if (wr_v_reg) begin
            case (wr_addr_reg)
                `FRIC_WORD_KM:   stg_km[0] <= wr_data_reg[W-1:0];
                `FRIC_WORD_KS:   stg_ks[0] <= wr_data_reg[KS_W-1:0];
                `FRIC_WORD_KM_N: stg_km[1] <= wr_data_reg[W-1:0];
                `FRIC_WORD_KS_N: stg_ks[1] <= wr_data_reg[KS_W-1:0];
                `FRIC_WORD_DSEL: stg_dsel <= wr_data_reg[0];
                `FRIC_WORD_FC_P: stg_fc[0] <= wr_data_reg[FC_W-1:0];
                `FRIC_WORD_DM_P: stg_dm[0] <= wr_data_reg[W-1:0];
                `FRIC_WORD_DS_P: stg_ds[0] <= wr_data_reg[DS_W-1:0];
                `FRIC_WORD_BM_P: stg_bm[0] <= wr_data_reg[W-1:0];
                `FRIC_WORD_BS_P: stg_bs[0] <= wr_data_reg[BS_W-1:0];
                `FRIC_WORD_FC_N: stg_fc[1] <= wr_data_reg[FC_W-1:0];
                `FRIC_WORD_DM_N: stg_dm[1] <= wr_data_reg[W-1:0];
                `FRIC_WORD_DS_N: stg_ds[1] <= wr_data_reg[DS_W-1:0];
                `FRIC_WORD_BM_N: stg_bm[1] <= wr_data_reg[W-1:0];
                `FRIC_WORD_BS_N: stg_bs[1] <= wr_data_reg[BS_W-1:0];
                default: ;
            endcase
        end
    end

    // The memories, one per field (and direction). A field used at stage k is
    // read at stage k-1 into a register, and the commit token writes it at
    // stage k-1: the sample that entered with the commit reads the old value
    // in that cycle, the next one the new value in the next.
    (* ram_style = "logic" *) reg [W-1:0]    mem_km_p [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0]    mem_km_n [0:NA-1];
    (* ram_style = "logic" *) reg [KS_W-1:0] mem_ks_p [0:NA-1];
    (* ram_style = "logic" *) reg [KS_W-1:0] mem_ks_n [0:NA-1];
    (* ram_style = "logic" *) reg            mem_dsel [0:NA-1];
    (* ram_style = "logic" *) reg [FC_W-1:0] mem_fc_p [0:NA-1];
    (* ram_style = "logic" *) reg [FC_W-1:0] mem_fc_n [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0]    mem_dm_p [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0]    mem_dm_n [0:NA-1];
    (* ram_style = "logic" *) reg [DS_W-1:0] mem_ds_p [0:NA-1];
    (* ram_style = "logic" *) reg [DS_W-1:0] mem_ds_n [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0]    mem_bm_p [0:NA-1];
    (* ram_style = "logic" *) reg [W-1:0]    mem_bm_n [0:NA-1];
    (* ram_style = "logic" *) reg [BS_W-1:0] mem_bs_p [0:NA-1];
    (* ram_style = "logic" *) reg [BS_W-1:0] mem_bs_n [0:NA-1];
    integer i;
    initial begin
        for (i = 0; i < NA; i = i + 1) begin
            mem_km_p[i] = 0; mem_km_n[i] = 0; mem_ks_p[i] = 0; mem_ks_n[i] = 0; mem_dsel[i] = 0;
            mem_fc_p[i] = 0; mem_fc_n[i] = 0; mem_dm_p[i] = 0; mem_dm_n[i] = 0;
            mem_ds_p[i] = 0; mem_ds_n[i] = 0; mem_bm_p[i] = 0; mem_bm_n[i] = 0;
            mem_bs_p[i] = 0; mem_bs_n[i] = 0;
        end
        stg_dsel = 0;
        for (i = 0; i < 2; i = i + 1) begin
            stg_km[i] = 0; stg_ks[i] = 0; stg_fc[i] = 0; stg_dm[i] = 0; stg_ds[i] = 0; stg_bm[i] = 0; stg_bs[i] = 0;
        end
        commit_axis_reg = 0;
        req_commit_reg = 0; req_addr_reg = 0; req_cls_reg = 0; req_axis_reg = 0; req_data_reg = 0;
        wr_addr_reg = 0; wr_data_reg = 0;
    end
    // DSEL is read at the port into stage 1, so the commit writes it as it
    // enters: the sample entering beside it reads the old value, later ones
    // the new
    always @(posedge clk) begin
        if (tok_enter) mem_dsel[req_axis_reg] <= stg_dsel;
        if (ce) f_dsel1 <= mem_dsel[s_axis_tuser];
    end
    always @(posedge clk) begin
        if (ce) begin
            if (tok_at(K_P - 1) && OPT_SPRAM == 0) begin
                mem_km_p[commit_axis_reg] <= stg_km[0];
                mem_km_n[commit_axis_reg] <= stg_km[1];
            end
            if (tok_at(K_PP - 1)) begin
                mem_ks_p[commit_axis_reg] <= stg_ks[0];
                mem_ks_n[commit_axis_reg] <= stg_ks[1];
            end
            if (tok_at(K_E - 2) && OPT_SPRAM == 0) begin
                mem_dm_p[commit_axis_reg] <= stg_dm[0];
                mem_dm_n[commit_axis_reg] <= stg_dm[1];
            end
            if (tok_at(K_DS - 1)) begin
                mem_ds_p[commit_axis_reg] <= stg_ds[0];
                mem_ds_n[commit_axis_reg] <= stg_ds[1];
            end
            if (tok_at(K_VI - 2) && OPT_SPRAM == 0) begin
                mem_bm_p[commit_axis_reg] <= stg_bm[0];
                mem_bm_n[commit_axis_reg] <= stg_bm[1];
            end
            if (tok_at(K_BS - 1)) begin
                mem_bs_p[commit_axis_reg] <= stg_bs[0];
                mem_bs_n[commit_axis_reg] <= stg_bs[1];
            end
            if (tok_at(K_FC - 2)) begin
                mem_fc_p[commit_axis_reg] <= stg_fc[0];
                mem_fc_n[commit_axis_reg] <= stg_fc[1];
            end
        end
    end

    // the fields, read one stage before their use into registers
    reg [W-1:0]    f_km_ff;
    reg [KS_W-1:0] f_ks;
    reg [W-1:0]    f_dm_ff;
    reg [DS_W-1:0] f_ds;
    reg [W-1:0]    f_bm_ff;
    reg [BS_W-1:0] f_bs;
    reg [FC_W-1:0] f_fc_ff;
    wire [W-1:0]    f_km, f_dm, f_bm_pre;
    wire [FC_W-1:0] f_fc_pre;
    reg  [W-1:0]    f_bm;
    reg  [FC_W-1:0] f_fc;
    always @(posedge clk) begin
        if (ce) begin
            f_bm <= f_bm_pre;
            f_fc <= f_fc_pre;
        end
    end

    // ---- the single-port RAM option -------------------------------------------
    // A commit token at a RAM field's read stage (with ce) starts its writes:
    // the pipeline holds (ce low) for 2 cycles (one per direction)
    // while the RAM is written; the value the sample ahead read is kept in a
    // hold register, since a write spoils the RAM's output.
    reg [1:0] wr_left_reg = 2'd0;  // writes still to do
    reg [1:0] wr_left_next;
    always @(*) begin
        wr_left_next = (wr_left_reg != 2'd0) ? wr_left_reg - 2'd1 : 2'd0;
        if (OPT_SPRAM != 0 && ce) begin
            if (tok_at(K_P - 1) || tok_at(K_E - 2) || tok_at(K_VI - 2) || tok_at(K_FC - 2)) wr_left_next = 2'd2;
        end
    end
    always @(posedge clk) wr_left_reg <= wr_left_next;
    generate
        if (OPT_SPRAM != 0) begin : g_spram
            localparam integer AW = AXIS_W + 1;
            reg [1:0] wr_sel_reg = 2'd0;   // 0 KM, 1 DM, 2 BM, 3 FC
            reg       wr_dir_reg = 1'b0;   // the direction being written
            always @(posedge clk) begin
                if (ce) begin
                    if (tok_at(K_P - 1))  wr_sel_reg <= 2'd0;
                    if (tok_at(K_E - 2))  wr_sel_reg <= 2'd1;
                    if (tok_at(K_VI - 2)) wr_sel_reg <= 2'd2;
                    if (tok_at(K_FC - 2)) wr_sel_reg <= 2'd3;
                    wr_dir_reg <= 1'b0;
                end else if (wr_left_reg != 2'd0) begin
                    wr_dir_reg <= 1'b1;
                end
            end
            wire [15:0] q_km, q_dm, q_bm, q_fc;
            wire we_km = (wr_left_reg != 2'd0) && (wr_sel_reg == 2'd0);
            wire we_dm = (wr_left_reg != 2'd0) && (wr_sel_reg == 2'd1);
            wire we_bm = (wr_left_reg != 2'd0) && (wr_sel_reg == 2'd2);
            wire we_fc = (wr_left_reg != 2'd0) && (wr_sel_reg == 2'd3);
            wire [AW-1:0] wa = {wr_dir_reg, commit_axis_reg};
            fric_spram #(.ADDR_W(AW)) u_km (.clk(clk), .cs(ce || we_km), .we(we_km),
                .addr(we_km ? wa : {neg_at(K_P - 1), ax_at(K_P - 1)}), .din(stg_km[wr_dir_reg][15:0]), .dout(q_km));
            fric_spram #(.ADDR_W(AW)) u_dm (.clk(clk), .cs(ce || we_dm), .we(we_dm),
                .addr(we_dm ? wa : {neg_at(K_E - 2), ax_at(K_E - 2)}), .din(stg_dm[wr_dir_reg][15:0]), .dout(q_dm));
            fric_spram #(.ADDR_W(AW)) u_bm (.clk(clk), .cs(ce || we_bm), .we(we_bm),
                .addr(we_bm ? wa : {neg_at(K_VI - 2), ax_at(K_VI - 2)}), .din(stg_bm[wr_dir_reg][15:0]), .dout(q_bm));
            fric_spram #(.ADDR_W(AW)) u_fc (.clk(clk), .cs(ce || we_fc), .we(we_fc),
                .addr(we_fc ? wa : {neg_at(K_FC - 2), ax_at(K_FC - 2)}), .din(stg_fc[wr_dir_reg][15:0]), .dout(q_fc));
            // hold: the first write cycle keeps the output the sample ahead read
            reg [15:0] h_km, h_dm, h_bm, h_fc;
            reg [3:0]  hv = 4'd0;
            always @(posedge clk) begin
                if (we_km && !hv[0]) begin h_km <= q_km; hv[0] <= 1'b1; end else if (ce) hv[0] <= 1'b0;
                if (we_dm && !hv[1]) begin h_dm <= q_dm; hv[1] <= 1'b1; end else if (ce) hv[1] <= 1'b0;
                if (we_bm && !hv[2]) begin h_bm <= q_bm; hv[2] <= 1'b1; end else if (ce) hv[2] <= 1'b0;
                if (we_fc && !hv[3]) begin h_fc <= q_fc; hv[3] <= 1'b1; end else if (ce) hv[3] <= 1'b0;
            end
            assign f_km = hv[0] ? h_km : q_km;
            assign f_dm = hv[1] ? h_dm : q_dm;
            assign f_bm_pre = hv[2] ? h_bm : q_bm;
            // FC: 16 bits in the RAM, the top bits in flip-flops
            assign f_fc_pre = {f_fc_ff[FC_W-1:16], hv[3] ? h_fc : q_fc};
        end else begin : g_ff
            assign f_km = f_km_ff;
            assign f_dm = f_dm_ff;
            assign f_bm_pre = f_bm_ff;
            assign f_fc_pre = f_fc_ff;
        end
    endgenerate
    always @(posedge clk) begin
        if (ce) begin
            f_km_ff <= neg_at(K_P - 1) ? mem_km_n[ax_at(K_P - 1)] : mem_km_p[ax_at(K_P - 1)];
            f_ks   <= neg_at(K_PP - 1) ? mem_ks_n[ax_at(K_PP - 1)] : mem_ks_p[ax_at(K_PP - 1)];
            // DM is read two stages early: its magnitude is formed in between
            f_dm_ff <= neg_at(K_E - 2) ? mem_dm_n[ax_at(K_E - 2)] : mem_dm_p[ax_at(K_E - 2)];
            f_ds   <= neg_at(K_DS - 1) ? mem_ds_n[ax_at(K_DS - 1)] : mem_ds_p[ax_at(K_DS - 1)];
            // BM and FC are read two stages early and registered twice
            f_bm_ff <= neg_at(K_VI - 2) ? mem_bm_n[ax_at(K_VI - 2)] : mem_bm_p[ax_at(K_VI - 2)];
            f_bs   <= neg_at(K_BS - 1) ? mem_bs_n[ax_at(K_BS - 1)] : mem_bs_p[ax_at(K_BS - 1)];
            f_fc_ff <= neg_at(K_FC - 2) ? mem_fc_n[ax_at(K_FC - 2)] : mem_fc_p[ax_at(K_FC - 2)];
        end
    end

    // ---- y: the exponent argument ---------------------------------------------
    // K_IN + 1 -> K_Q: q = a^2 (U,2W-2,0) for delta 2, q = a * 1 for delta 1,
    // which the normalization below leaves as it is (a < 2^W: pe = 0)
    wire [2*W-1:0] q;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LS), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_sq (
        .clk(clk), .ce(ce), .a(a2_reg), .b(sq_b_reg), .p(q));

    // K_Q -> K_NRM: pe = max(0, bitlen(q) - W)
    function [4:0] norm_shift;
        input [2*W-1:0] x;
        integer b;
        begin
            norm_shift = 5'd0;
            for (b = W; b < 2 * W; b = b + 1)
                if (x[b]) norm_shift = b[4:0] - W[4:0] + 5'd1;
        end
    endfunction
    reg [2*W-1:0] q_reg;
    reg [4:0]     pe_nrm_reg;
    always @(posedge clk) begin
        if (ce) begin
            q_reg      <= q;
            pe_nrm_reg <= norm_shift(q);
        end
    end

    // K_NRM -> K_PM: pm = rsr(q, pe) <= 2^W
    wire [W:0] pm;
    wire [4:0] pe_pm;
    fric_rsr #(.X_W(2*W+1), .S_W(5), .Y_W(W+1), .STAGES(RS)) u_rsr_q (
        .clk(clk), .ce(ce), .x({1'b0, q_reg}), .s(pe_nrm_reg), .y(pm));
    fric_delay #(.WIDTH(5), .DEPTH(RS)) u_pe_pm (.clk(clk), .ce(ce), .d(pe_nrm_reg), .q(pe_pm));

    // K_PM -> K_P: renormalize (pm = 2^W -> 2^(W-1), pe + 1)
    reg [W-1:0] p_reg;
    reg [4:0]   pe_p_reg;
    always @(posedge clk) begin
        if (ce) begin
            if (pm[W]) begin
                p_reg <= pm[W:1];
                pe_p_reg <= pe_pm + 5'd1;
            end else begin
                p_reg <= pm[W-1:0];
                pe_p_reg <= pe_pm;
            end
        end
    end

    // K_P -> K_PP: P = p * KM, (U,2W,0)
    wire [2*W-1:0] pk;
    wire [4:0]     pe_pp;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LD), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_scale (
        .clk(clk), .ce(ce), .a(p_reg), .b(f_km), .p(pk));
    fric_delay #(.WIDTH(5), .DEPTH(LD)) u_pe_pp (.clk(clk), .ce(ce), .d(pe_p_reg), .q(pe_pp));

    // K_PP -> K_SH: the shift KS - pe (a negative one saturates y: fric_fx.c)
    reg [2*W-1:0]    pk_reg;
    reg [KS_W-1:0]   sh_reg;
    reg              sh_neg_reg;
    wire             sh_neg = ({1'b0, f_ks} < {{(KS_W-4){1'b0}}, pe_pp});
    always @(posedge clk) begin
        if (ce) begin
            pk_reg     <= pk;
            sh_neg_reg <= sh_neg;
            sh_reg     <= sh_neg ? {KS_W{1'b0}} : f_ks - {{(KS_W-5){1'b0}}, pe_pp};
        end
    end

    // K_SH -> K_Y0: rsr(P, sh)
    // limited to 2^(YI+YF) - 1 (a range limit: E is 0 there)
    wire [YW-1:0] yr;
    wire [1:0]   yspec;    // {negative shift, P != 0} at K_Y0
    fric_rsr #(.X_W(2*W+1), .S_W(KS_W), .Y_W(YW), .STAGES(RS), .OPT_SAT(1)) u_rsr_y (
        .clk(clk), .ce(ce), .x({1'b0, pk_reg}), .s(sh_reg), .y(yr));
    fric_delay #(.WIDTH(2), .DEPTH(RS)) u_yspec (.clk(clk), .ce(ce),
        .d({sh_neg_reg, pk_reg != {(2*W){1'b0}}}), .q(yspec));

    // K_Y0 -> K_Y: y; a negative shift of a nonzero P saturates it
    reg [YW-1:0] y_reg;
    always @(posedge clk) begin
        if (ce) begin
            if (yspec[1]) y_reg <= yspec[0] ? YMAX : {YW{1'b0}};
            else          y_reg <= yr;
        end
    end

    // ---- E and the dip ---------------------------------------------------------
    wire [W:0] e;
    fric_exp2 #(.W(W), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP), .RS(RS), .LATENCY(LE))
        u_exp (.clk(clk), .ce(ce), .y(y_reg), .e(e));

    // K_E - 1 -> K_E: the sign and magnitude of DM
    reg          dm_neg;
    reg [W-1:0]  dm_abs;
    always @(posedge clk) begin
        if (ce) begin
            dm_neg <= f_dm[W-1];
            dm_abs <= f_dm[W-1] ? (~f_dm + {{(W-1){1'b0}}, 1'b1}) : f_dm;
        end
    end

    // K_E -> K_DP: |DM| * E, E = 2^W (1.0) taken by a mux, not the multiplier
    wire [2*W-1:0] dprod;
    wire [W+1:0]   dm_d;   // {E = 1, DM < 0, |DM|} at K_DP
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LD), .OPT_FABRIC(0), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_dip (
        .clk(clk), .ce(ce), .a(dm_abs), .b(e[W-1:0]), .p(dprod));
    fric_delay #(.WIDTH(W+2), .DEPTH(LD)) u_dm (.clk(clk), .ce(ce), .d({e[W], dm_neg, dm_abs}), .q(dm_d));

    // K_DP -> K_DS: the signed product DM * E, (S,2W,0); for a fast clock the
    // E = 1 mux and the negation take a stage each
    wire [2*W-1:0] dmag = dm_d[W+1] ? {dm_d[W-1:0], {W{1'b0}}} : dprod;
    wire [2*W-1:0] dmag_s;
    wire           dneg_s;
    fric_delay #(.WIDTH(2*W+1), .DEPTH(LSG - 1)) u_dmag (.clk(clk), .ce(ce), .d({dm_d[W], dmag}), .q({dneg_s, dmag_s}));
    reg signed [2*W:0] dsig_reg;
    always @(posedge clk) if (ce) dsig_reg <= dneg_s ? -$signed({1'b0, dmag_s}) : $signed({1'b0, dmag_s});

    // K_DS -> K_DIP: dip = rsr(DM * E, EF + DS - G), |dip| <= 2^(W+3)
    wire signed [DIP_W-1:0] dip;
    localparam integer DSH0_I = EF - G;
    localparam [5:0] DSH0 = DSH0_I[5:0];
    wire [5:0] dsh = {{(6-DS_W){1'b0}}, f_ds} + DSH0;
    fric_rsr #(.X_W(2*W+1), .S_W(6), .Y_W(DIP_W), .STAGES(RS)) u_rsr_dip (
        .clk(clk), .ce(ce), .x(dsig_reg), .s(dsh), .y(dip));

    // ---- the viscous term and the base FC + visc ----------------------------------
    wire [2*W-1:0] vprod;
    fric_mul #(.A_W(W), .B_W(W), .LATENCY(LV), .OPT_FABRIC(OPT_FABRIC), .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_visc (
        .clk(clk), .ce(ce), .a(a_vi), .b(f_bm), .p(vprod));
    // visc = rsr(|v| BM, BS), limited to VCL
    wire [VIS_W-1:0] visc;
    fric_rsr #(.X_W(2*W+1), .S_W(BS_W), .Y_W(VIS_W), .STAGES(RS), .OPT_SAT(1)) u_rsr_visc (
        .clk(clk), .ce(ce), .x({1'b0, vprod}), .s(f_bs), .y(visc));
    reg [BASE_W-1:0] base_reg;
    always @(posedge clk) if (ce) base_reg <= {{(BASE_W-FC_W){1'b0}}, f_fc} + {1'b0, visc};

    // ---- magnitude, rounding, saturation ------------------------------------------
    reg signed [MAG_W-1:0] mag_reg;
    always @(posedge clk) if (ce) mag_reg <= $signed({2'b00, base_reg}) + {{(MAG_W-DIP_W){dip[DIP_W-1]}}, dip};
    wire signed [MAG_W-1:0] mr;
    fric_rsr #(.X_W(MAG_W), .S_W(3), .Y_W(MAG_W), .STAGES(RS)) u_rsr_mag (
        .clk(clk), .ce(ce), .x(mag_reg), .s(G[2:0]), .y(mr));

    // K_M -> K_SAT: limit the magnitude to [0, 2^(W-1) - 1], flag each limit,
    // and apply the sign: the negation of mr runs beside the limit test, so
    // the force leaves this stage in a register (no carry chain before the
    // output buffer)
    wire m_negative = mr[MAG_W-1];
    wire m_over = !m_negative && (|mr[MAG_W-2:W-1]);
    wire [W-1:0] m_neg = ~mr[W-1:0] + {{(W-1){1'b0}}, 1'b1};
    reg [W-1:0]      fsat_reg;
    reg [1:0]        fl_reg;
    always @(posedge clk) begin
        if (ce) begin
            if (zero_at(K_M) || m_negative) fsat_reg <= {W{1'b0}};
            else if (m_over)                fsat_reg <= neg_at(K_M) ? ~FMAX + {{(W-1){1'b0}}, 1'b1} : FMAX;
            else                            fsat_reg <= neg_at(K_M) ? m_neg : mr[W-1:0];
            fl_reg <= zero_at(K_M) ? 2'b00 : {m_negative, m_over};
        end
    end
    wire [W-1:0] f_sat = fsat_reg;

    // ---- K_SAT -> K_OUT: the two-entry output buffer ----------------------------
    localparam integer BEAT_W = W + AXIS_W + 2;
    wire [BEAT_W-1:0] beat = {fl_reg, ax_at(K_SAT), f_sat};
    reg [BEAT_W-1:0] buf0_reg, buf1_reg;
    reg [1:0]        count_reg = 2'd0;
    wire pop = (count_reg != 2'd0) && m_axis_tready;
    wire push = ce && valid_reg[K_SAT-2];
    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop};
    always @(posedge clk) begin
        if (pop) buf0_reg <= buf1_reg;
        if (push) begin
            if (count_reg - {1'b0, pop} == 2'd0) buf0_reg <= beat;
            else buf1_reg <= beat;
        end
        count_reg <= count_next;
        // at most one more beat arrives after ce falls: room for it is kept;
        // and the pipeline holds while a commit writes a single-port RAM
        ce_reg <= (count_next < 2'd2) && (wr_left_next == 2'd0);
        if (rst) begin
            count_reg <= 2'd0;
            ce_reg <= (wr_left_next == 2'd0); // a commit's RAM writes finish across a reset
        end
    end
    assign m_axis_tvalid = (count_reg != 2'd0);
    assign m_axis_tdata  = buf0_reg[W-1:0];
    assign m_axis_tuser  = buf0_reg[BEAT_W-1:W];

    // ---- sticky flags ----------------------------------------------------------------
    reg [2:0] flags_reg;
    wire [2:0] flags_set = {cfg_bad, pop ? buf0_reg[BEAT_W-1:BEAT_W-2] : 2'b00};
    always @(posedge clk) begin
        flags_reg <= (flags_reg & ~flags_clear) | flags_set;
        if (rst) flags_reg <= 3'b000;
    end
    assign flags = flags_reg;
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_stribeck_*.sby, docs/formal.md) ==
    // The module is the top of its proofs; the arithmetic units are cut
    // (their outputs free, rtl/formal/*.sby), since no property below
    // depends on the values they compute. Environment (assumptions):
    //   - rst is high in the first cycle, and free after it;
    //   - s_axis follows AXI4-Stream: tvalid held until tready, tdata and
    //     tuser stable meanwhile (a reset ends it);
    //   - m_axis_tready, the cfg port and flags_clear are free.
    // Stream properties (fric_stribeck_axis.sby, k-induction):
    //   m_hold       m_axis_tvalid is held until m_axis_tready, with tdata
    //                and tuser stable
    //   one_out      every accepted input beat gives exactly one output beat,
    //                in order: the output count never passes the input count,
    //                and any input beat (f_pick chooses it) leaves after
    //                exactly the beats that were in the core before it, with
    //                its axis, and force and flags 0 for a velocity of 0
    //   latency      without backpressure and without a stall of the core
    //                (s_axis_tready high) a beat comes out LATENCY cycles
    //                after its handshake; else at most LATENCY + the cycles of
    //                backpressure and of stall since then
    // The f_inv assertions are invariants of the pipeline that make the
    // induction close.
    // the stream part, shared with fric_lugre: rtl/formal/fric_axis_track.vh.
    // Places: 1 the input register, k the stage k (2..K_SAT).
    localparam integer F_OUT = K_OUT;
    localparam integer F_LATENCY = LATENCY;
    localparam integer F_NP = K_SAT + 1;
    function f_vp;
        input integer p;
        begin
            f_vp = (p == 1) ? valid_in_reg : valid_reg[p-2];
        end
    endfunction
    wire f_adv1 = valid_in_reg;
    wire f_v1_next = s_axis_tvalid;
    wire f_tr_step = ce;
`include "fric_axis_track.vh"
    // a zero velocity's beat: force 0, flags 0
    reg f_tr_zero;
    always @(posedge clk) if (f_tr_in) f_tr_zero <= (s_axis_tdata == {W{1'b0}});
    always @(*)
        if (f_past_valid && !rst && f_tr_out && f_tr_zero)
            p_one_out_zero: assert(m_axis_tdata == {W{1'b0}} && m_axis_tuser[AXIS_W+1:AXIS_W] == 2'b00);

`ifndef FRIC_FORMAL_NOINV
    // ---- invariants (for the induction; the bounded proofs need none) ----
    // the tracked beat at its place, with the beats ahead of it (f_ah of
    // fric_axis_track.vh)
    genvar fk;
    generate
        for (fk = 2; fk <= K_SAT; fk = fk + 1) begin : g_f_tr
            always @(*)
                if (f_past_valid && !rst && f_tr_v && f_tr_stage == fk)
                    assert(valid_reg[fk-2] && ax_at(fk) == f_tr_axis && zero_at(fk) == f_tr_zero &&
                           f_tr_ahead == f_ah[8*fk +: 8]);
        end
    endgenerate
    always @(*)
        if (f_past_valid && !rst) begin
            f_inv_count: assert(count_reg <= 2'd2);
            f_inv_ce: assert(ce_reg == (count_reg < 2'd2 && wr_left_reg == 2'd0));
            if (f_tr_v) begin
                // a beat enters the buffer behind another only in a cycle of backpressure
                f_inv_tr_run: assert(f_tr_run <= K_OUT && (f_tr_stage != K_OUT || f_tr_ahead <= 8'd1) &&
                                     f_tr_run + ((f_tr_stage == K_OUT) ? f_tr_ahead : 8'd0) <= f_tr_stage &&
                                     f_tr_stage <= K_OUT && f_tr_stage >= 1);
                if (f_tr_free) f_inv_tr_free: assert(f_tr_run == f_tr_stage);
                if (f_tr_stage == 8'd1) begin
                    f_inv_tr_1: assert(valid_in_reg && axis_in_reg == f_tr_axis && zero_at(1) == f_tr_zero &&
                                       f_tr_ahead == f_ah[15:8]);
                end
                if (f_tr_stage == K_SAT && f_tr_zero) f_inv_tr_sat: assert(fl_reg == 2'b00 && fsat_reg == {W{1'b0}});
                if (f_tr_stage == K_OUT) begin
                    f_inv_tr_buf: assert(f_tr_ahead < {6'd0, count_reg});
                    if (f_tr_ahead == 8'd0) f_inv_tr_b0: assert(buf0_reg[W+AXIS_W-1:W] == f_tr_axis &&
                                                                (!f_tr_zero || buf0_reg[W-1:0] == {W{1'b0}} && buf0_reg[BEAT_W-1:BEAT_W-2] == 2'b00));
                    if (f_tr_ahead == 8'd1) f_inv_tr_b1: assert(buf1_reg[W+AXIS_W-1:W] == f_tr_axis &&
                                                                (!f_tr_zero || buf1_reg[W-1:0] == {W{1'b0}} && buf1_reg[BEAT_W-1:BEAT_W-2] == 2'b00));
                end
            end
            if (f_tr_v) f_inv_tr_v: assert(f_tr_ahead < f_fly);
        end
`endif

`ifdef FRIC_FORMAL_CFG
    // ---- the cfg port (fric_stribeck_cfg.sby, bounded) ----
    // cfg_word      a word changes the staging set only through a handshake
    //               (cfg_valid and cfg_ready), as docs/fric_stribeck.md says:
    //               a word that fits its field is written, any other sets CFG
    //               and changes nothing (f_stg_*: the staging set the port's
    //               contract gives, compared whenever cfg_ready is high)
    // cfg_commit    a commit takes effect at the first advance after its
    //               handshake: a sample accepted up to that advance uses
    //               only the axis's old set, a later one only the new one,
    //               every field of it (the tracked beat's fields are compared
    //               as each is read, against the set committed before it)
    // flags_sticky  a sticky flag falls only with its flags_clear bit or
    //               rst, and rises only for an output beat that carries it
    //               or a refused word; a refused word does set CFG
    function f_fits;
        input [3:0] addr;
        input [31:0] d;
        begin
            case (addr)
                `FRIC_WORD_KM, `FRIC_WORD_KM_N, `FRIC_WORD_BM_P, `FRIC_WORD_BM_N: f_fits = (d >> W) == 32'd0;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N: f_fits = (d >> KS_W) == 32'd0;
                `FRIC_WORD_DSEL: f_fits = (d >> 1) == 32'd0;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N: f_fits = (d >> FC_W) == 32'd0;
                `FRIC_WORD_DM_P, `FRIC_WORD_DM_N: f_fits = (&d[31:W-1]) || !(|d[31:W-1]);
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N: f_fits = (d >> DS_W) == 32'd0;
                `FRIC_WORD_BS_P, `FRIC_WORD_BS_N: f_fits = (d >> BS_W) == 32'd0;
                default: f_fits = 1'b0;
            endcase
        end
    endfunction
`ifdef FRIC_FORMAL_NO_BP
    // no backpressure: the board top ties m_axis_tready high (the stream
    // proofs cover backpressure); with OPT_SPRAM a commit still stalls
    always @(*) assume(m_axis_tready);
`endif
    // the staging set of the contract
    reg [W-1:0] f_stg_km_p = 0, f_stg_km_n = 0, f_stg_dm_p = 0, f_stg_dm_n = 0, f_stg_bm_p = 0, f_stg_bm_n = 0;
    reg [KS_W-1:0] f_stg_ks_p = 0, f_stg_ks_n = 0;
    reg f_stg_dsel = 0;
    reg [FC_W-1:0] f_stg_fc_p = 0, f_stg_fc_n = 0;
    reg [DS_W-1:0] f_stg_ds_p = 0, f_stg_ds_n = 0;
    reg [BS_W-1:0] f_stg_bs_p = 0, f_stg_bs_n = 0;
    wire f_cfg_hs = cfg_valid && cfg_ready;
    wire f_word_hs = f_cfg_hs && !cfg_commit;
    wire f_word_ok = f_fits(cfg_addr, cfg_data);
    always @(posedge clk)
        if (f_word_hs && f_word_ok)
            case (cfg_addr)
                `FRIC_WORD_KM:   f_stg_km_p <= cfg_data[W-1:0];
                `FRIC_WORD_KS:   f_stg_ks_p <= cfg_data[KS_W-1:0];
                `FRIC_WORD_KM_N: f_stg_km_n <= cfg_data[W-1:0];
                `FRIC_WORD_KS_N: f_stg_ks_n <= cfg_data[KS_W-1:0];
                `FRIC_WORD_DSEL: f_stg_dsel <= cfg_data[0];
                `FRIC_WORD_FC_P: f_stg_fc_p <= cfg_data[FC_W-1:0];
                `FRIC_WORD_DM_P: f_stg_dm_p <= cfg_data[W-1:0];
                `FRIC_WORD_DS_P: f_stg_ds_p <= cfg_data[DS_W-1:0];
                `FRIC_WORD_BM_P: f_stg_bm_p <= cfg_data[W-1:0];
                `FRIC_WORD_BS_P: f_stg_bs_p <= cfg_data[BS_W-1:0];
                `FRIC_WORD_FC_N: f_stg_fc_n <= cfg_data[FC_W-1:0];
                `FRIC_WORD_DM_N: f_stg_dm_n <= cfg_data[W-1:0];
                `FRIC_WORD_DS_N: f_stg_ds_n <= cfg_data[DS_W-1:0];
                `FRIC_WORD_BM_N: f_stg_bm_n <= cfg_data[W-1:0];
                `FRIC_WORD_BS_N: f_stg_bs_n <= cfg_data[BS_W-1:0];
                default: ;
            endcase
    wire f_stg_eq = stg_km[0] == f_stg_km_p && stg_km[1] == f_stg_km_n && stg_ks[0] == f_stg_ks_p &&
                    stg_ks[1] == f_stg_ks_n && stg_dsel == f_stg_dsel &&
                    stg_fc[0] == f_stg_fc_p && stg_fc[1] == f_stg_fc_n && stg_dm[0] == f_stg_dm_p &&
                    stg_dm[1] == f_stg_dm_n && stg_ds[0] == f_stg_ds_p && stg_ds[1] == f_stg_ds_n &&
                    stg_bm[0] == f_stg_bm_p && stg_bm[1] == f_stg_bm_n && stg_bs[0] == f_stg_bs_p &&
                    stg_bs[1] == f_stg_bs_n;
    always @(*)
        if (f_past_valid && cfg_ready) p_cfg_word: assert(f_stg_eq);

    // the committed sets per axis, changed at the commit's boundary: the
    // first cycle after its handshake in which the core advances
    reg f_cm_pend = 1'b0;
    reg [AXIS_W-1:0] f_cm_axis;
    always @(posedge clk) begin
        if (f_cm_pend && s_axis_tready) f_cm_pend <= 1'b0;
        if (f_cfg_hs && cfg_commit) begin
            f_cm_pend <= 1'b1;
            f_cm_axis <= cfg_axis;
        end
    end
    wire f_bound = f_cm_pend && s_axis_tready;
    reg f_set_dsel [0:NA-1];
    reg [W-1:0] f_set_km [0:2*NA-1];      // {direction, axis}
    reg [KS_W-1:0] f_set_ks [0:2*NA-1];
    reg [FC_W-1:0] f_set_fc [0:2*NA-1];
    reg [W-1:0] f_set_dm [0:2*NA-1];
    reg [DS_W-1:0] f_set_ds [0:2*NA-1];
    reg [W-1:0] f_set_bm [0:2*NA-1];
    reg [BS_W-1:0] f_set_bs [0:2*NA-1];
    integer fi;
    initial
        for (fi = 0; fi < NA; fi = fi + 1) begin
            f_set_km[fi] = 0; f_set_ks[fi] = 0; f_set_dsel[fi] = 0; f_set_km[NA+fi] = 0; f_set_ks[NA+fi] = 0;
            f_set_fc[fi] = 0; f_set_dm[fi] = 0; f_set_ds[fi] = 0; f_set_bm[fi] = 0; f_set_bs[fi] = 0;
            f_set_fc[NA+fi] = 0; f_set_dm[NA+fi] = 0; f_set_ds[NA+fi] = 0; f_set_bm[NA+fi] = 0; f_set_bs[NA+fi] = 0;
        end
    always @(posedge clk)
        if (f_bound) begin
            f_set_km[{1'b0, f_cm_axis}] <= f_stg_km_p;
            f_set_km[{1'b1, f_cm_axis}] <= f_stg_km_n;
            f_set_ks[{1'b0, f_cm_axis}] <= f_stg_ks_p;
            f_set_ks[{1'b1, f_cm_axis}] <= f_stg_ks_n;
            f_set_dsel[f_cm_axis] <= f_stg_dsel;
            f_set_fc[{1'b0, f_cm_axis}] <= f_stg_fc_p;
            f_set_fc[{1'b1, f_cm_axis}] <= f_stg_fc_n;
            f_set_dm[{1'b0, f_cm_axis}] <= f_stg_dm_p;
            f_set_dm[{1'b1, f_cm_axis}] <= f_stg_dm_n;
            f_set_ds[{1'b0, f_cm_axis}] <= f_stg_ds_p;
            f_set_ds[{1'b1, f_cm_axis}] <= f_stg_ds_n;
            f_set_bm[{1'b0, f_cm_axis}] <= f_stg_bm_p;
            f_set_bm[{1'b1, f_cm_axis}] <= f_stg_bm_n;
            f_set_bs[{1'b0, f_cm_axis}] <= f_stg_bs_p;
            f_set_bs[{1'b1, f_cm_axis}] <= f_stg_bs_n;
        end
    // the tracked beat's set, taken at its handshake
    reg [W-1:0] f_tr_km, f_tr_dm, f_tr_bm;
    reg [KS_W-1:0] f_tr_ks;
    reg f_tr_dsel;
    reg [FC_W-1:0] f_tr_fc;
    reg [DS_W-1:0] f_tr_ds;
    reg [BS_W-1:0] f_tr_bs;
    wire [AXIS_W:0] f_in_dir = {s_axis_tdata[W-1], s_axis_tuser};
    always @(posedge clk)
        if (f_tr_in) begin
            f_tr_km <= f_set_km[f_in_dir];
            f_tr_ks <= f_set_ks[f_in_dir];
            f_tr_dsel <= f_set_dsel[s_axis_tuser];
            f_tr_fc <= f_set_fc[f_in_dir];
            f_tr_dm <= f_set_dm[f_in_dir];
            f_tr_ds <= f_set_ds[f_in_dir];
            f_tr_bm <= f_set_bm[f_in_dir];
            f_tr_bs <= f_set_bs[f_in_dir];
        end
    // each field as the stage that uses it holds it
    always @(*)
        if (f_past_valid && !rst && f_tr_v) begin
            if (f_tr_stage == 8'd1)       p_cfg_commit_dsel: assert(f_dsel1 == f_tr_dsel);
            if (f_tr_stage == K_P)        p_cfg_commit_km: assert(f_km == f_tr_km);
            if (f_tr_stage == K_PP)       p_cfg_commit_ks: assert(f_ks == f_tr_ks);
            if (f_tr_stage == K_E - 1)    p_cfg_commit_dm: assert(f_dm == f_tr_dm);
            if (f_tr_stage == K_DS)       p_cfg_commit_ds: assert(f_ds == f_tr_ds);
            if (f_tr_stage == K_VI)       p_cfg_commit_bm: assert(f_bm == f_tr_bm);
            if (f_tr_stage == K_BS)       p_cfg_commit_bs: assert(f_bs == f_tr_bs);
            if (f_tr_stage == K_FC)       p_cfg_commit_fc: assert(f_fc == f_tr_fc);
        end

    // ---- sticky flags ----
    reg [2:0] f_flags_last = 3'd0, f_clear_last = 3'd0;
    reg f_rst_last = 1'b1, f_pop_neg = 1'b0, f_pop_sat = 1'b0;
    reg [2:0] f_bad_q = 3'd0;   // refused words, by the cycles since their handshake
    always @(posedge clk) begin
        f_flags_last <= flags;
        f_clear_last <= flags_clear;
        f_rst_last <= rst;
        f_pop_neg <= f_out_hs && m_axis_tuser[AXIS_W+1];
        f_pop_sat <= f_out_hs && m_axis_tuser[AXIS_W];
        f_bad_q <= {f_bad_q[1:0], f_word_hs && !f_word_ok};
    end
    always @(*)
        if (f_past_valid) begin
            if (!f_rst_last) begin
                if (f_flags_last[0] && !flags[0]) p_flags_sticky_sat: assert(f_clear_last[0]);
                if (f_flags_last[1] && !flags[1]) p_flags_sticky_neg: assert(f_clear_last[1]);
                if (f_flags_last[2] && !flags[2]) p_flags_sticky_cfg: assert(f_clear_last[2]);
            end
            if (!f_flags_last[0] && flags[0]) p_flags_set_sat: assert(f_pop_sat);
            if (!f_flags_last[1] && flags[1]) p_flags_set_neg: assert(f_pop_neg);
            if (!f_flags_last[2] && flags[2]) p_flags_set_cfg: assert(f_bad_q[2]);
            if (f_bad_q[2] && !f_rst_last) p_flags_cfg_set: assert(flags[2]);
        end
`ifndef FRIC_FORMAL_NOINV
    // ---- invariants of the cfg proof (k-induction, OPT_SPRAM 0; the bounded runs need none) ----
    // f_tok: the place of the commit token in flight (0: none; one at a time);
    // a field written at place wp is still the old one while f_tok <= wp
    reg [7:0] f_tok;
    integer ft;
    always @(*) begin
        f_tok = 8'd0;
        for (ft = 1; ft <= K_LAST_WRITE; ft = ft + 1) if (tok_reg[ft-1]) f_tok = ft;
    end
    // the committing axis's set before the commit (per direction: _p, _n)
    reg [W-1:0] f_old_km_p, f_old_km_n, f_old_dm_p, f_old_dm_n, f_old_bm_p, f_old_bm_n;
    reg [KS_W-1:0] f_old_ks_p, f_old_ks_n;
    reg [FC_W-1:0] f_old_fc_p, f_old_fc_n;
    reg [DS_W-1:0] f_old_ds_p, f_old_ds_n;
    reg [BS_W-1:0] f_old_bs_p, f_old_bs_n;
    always @(posedge clk)
        if (f_bound) begin
            f_old_km_p <= f_set_km[{1'b0, f_cm_axis}];
            f_old_km_n <= f_set_km[{1'b1, f_cm_axis}];
            f_old_ks_p <= f_set_ks[{1'b0, f_cm_axis}];
            f_old_ks_n <= f_set_ks[{1'b1, f_cm_axis}];
            f_old_dm_p <= f_set_dm[{1'b0, f_cm_axis}];
            f_old_dm_n <= f_set_dm[{1'b1, f_cm_axis}];
            f_old_ds_p <= f_set_ds[{1'b0, f_cm_axis}];
            f_old_ds_n <= f_set_ds[{1'b1, f_cm_axis}];
            f_old_bm_p <= f_set_bm[{1'b0, f_cm_axis}];
            f_old_bm_n <= f_set_bm[{1'b1, f_cm_axis}];
            f_old_bs_p <= f_set_bs[{1'b0, f_cm_axis}];
            f_old_bs_n <= f_set_bs[{1'b1, f_cm_axis}];
            f_old_fc_p <= f_set_fc[{1'b0, f_cm_axis}];
            f_old_fc_n <= f_set_fc[{1'b1, f_cm_axis}];
        end
    // the committed set of the token's axis is the staging set
    wire f_set_stg = f_set_km[{1'b0, f_cm_axis}] == f_stg_km_p && f_set_km[{1'b1, f_cm_axis}] == f_stg_km_n &&
                     f_set_ks[{1'b0, f_cm_axis}] == f_stg_ks_p && f_set_ks[{1'b1, f_cm_axis}] == f_stg_ks_n &&
                     f_set_dsel[f_cm_axis] == f_stg_dsel &&
                     f_set_dm[{1'b0, f_cm_axis}] == f_stg_dm_p && f_set_dm[{1'b1, f_cm_axis}] == f_stg_dm_n &&
                     f_set_ds[{1'b0, f_cm_axis}] == f_stg_ds_p && f_set_ds[{1'b1, f_cm_axis}] == f_stg_ds_n &&
                     f_set_bm[{1'b0, f_cm_axis}] == f_stg_bm_p && f_set_bm[{1'b1, f_cm_axis}] == f_stg_bm_n &&
                     f_set_bs[{1'b0, f_cm_axis}] == f_stg_bs_p && f_set_bs[{1'b1, f_cm_axis}] == f_stg_bs_n &&
                     f_set_fc[{1'b0, f_cm_axis}] == f_stg_fc_p && f_set_fc[{1'b1, f_cm_axis}] == f_stg_fc_n;
    always @(*)
        if (f_past_valid) begin
            f_inv_tok_one: assert($onehot0(tok_reg));
            f_inv_cm_pend: assert(f_cm_pend == (req_v_reg && req_commit_reg));
            if (cfg_ready_reg) f_inv_ready: assert(!req_v_reg && !wr_v_reg && f_tok == 8'd0);
            // no word in flight: the staging set is the contract's
            if (!(req_v_reg && !req_commit_reg) && !wr_v_reg) f_inv_stg: assert(f_stg_eq);
            if (f_cm_pend) f_inv_cm: assert(req_axis_reg == f_cm_axis && !wr_v_reg && f_tok == 8'd0);
            if (f_tok != 8'd0)
                f_inv_tok: assert(commit_axis_reg == f_cm_axis && !req_v_reg && !wr_v_reg && !cfg_ready_reg && f_set_stg);
        end
    reg f_tr_neg;
    always @(posedge clk) if (f_tr_in) f_tr_neg <= s_axis_tdata[W-1];
    wire [AXIS_W:0] f_tr_dir = {f_tr_neg, f_tr_axis};
    genvar fga, fgp;
    generate
        if (OPT_SPRAM == 0) begin : g_f_cfg_inv
            // each axis's memories: its committed set, but the fields the token has yet to write
            for (fga = 0; fga < NA; fga = fga + 1) begin : g_f_mem
                wire tk = (commit_axis_reg == fga) && (f_tok != 8'd0);
                always @(*)
                    if (f_past_valid) begin
                        assert(mem_dsel[fga] == f_set_dsel[fga]);
                        assert(mem_km_p[fga] == ((tk && f_tok <= K_P - 1) ? f_old_km_p : f_set_km[fga]));
                        assert(mem_km_n[fga] == ((tk && f_tok <= K_P - 1) ? f_old_km_n : f_set_km[NA+fga]));
                        assert(mem_ks_p[fga] == ((tk && f_tok <= K_PP - 1) ? f_old_ks_p : f_set_ks[fga]));
                        assert(mem_ks_n[fga] == ((tk && f_tok <= K_PP - 1) ? f_old_ks_n : f_set_ks[NA+fga]));
                        assert(mem_dm_p[fga] == ((tk && f_tok <= K_E - 2) ? f_old_dm_p : f_set_dm[fga]));
                        assert(mem_dm_n[fga] == ((tk && f_tok <= K_E - 2) ? f_old_dm_n : f_set_dm[NA+fga]));
                        assert(mem_ds_p[fga] == ((tk && f_tok <= K_DS - 1) ? f_old_ds_p : f_set_ds[fga]));
                        assert(mem_ds_n[fga] == ((tk && f_tok <= K_DS - 1) ? f_old_ds_n : f_set_ds[NA+fga]));
                        assert(mem_bm_p[fga] == ((tk && f_tok <= K_VI - 2) ? f_old_bm_p : f_set_bm[fga]));
                        assert(mem_bm_n[fga] == ((tk && f_tok <= K_VI - 2) ? f_old_bm_n : f_set_bm[NA+fga]));
                        assert(mem_bs_p[fga] == ((tk && f_tok <= K_BS - 1) ? f_old_bs_p : f_set_bs[fga]));
                        assert(mem_bs_n[fga] == ((tk && f_tok <= K_BS - 1) ? f_old_bs_n : f_set_bs[NA+fga]));
                        assert(mem_fc_p[fga] == ((tk && f_tok <= K_FC - 2) ? f_old_fc_p : f_set_fc[fga]));
                        assert(mem_fc_n[fga] == ((tk && f_tok <= K_FC - 2) ? f_old_fc_n : f_set_fc[NA+fga]));
                    end
            end
            // the tracked beat's direction at its stage
            for (fgp = 1; fgp <= K_FC; fgp = fgp + 1) begin : g_f_tr_neg
                always @(*)
                    if (f_past_valid && !rst && f_tr_v && f_tr_stage == fgp) assert(neg_at(fgp) == f_tr_neg);
            end
        end
    endgenerate
    // a field the tracked beat has yet to read (at place wp): the memory holds
    // its set, but while the token of its axis, ahead of it, has yet to write
    // the field (then its set is the committed one)
    wire f_tk_ahead = (f_tok > f_tr_stage) && (commit_axis_reg == f_tr_axis);
    always @(*)
        if (f_past_valid && !rst && f_tr_v && OPT_SPRAM == 0) begin
            if (f_tr_stage <= K_P - 1)
                f_inv_tr_km: assert((f_tk_ahead && f_tok <= K_P - 1) ? f_tr_km == f_set_km[f_tr_dir] :
                                    (f_tr_neg ? mem_km_n[f_tr_axis] : mem_km_p[f_tr_axis]) == f_tr_km);
            if (f_tr_stage <= K_PP - 1)
                f_inv_tr_ks: assert((f_tk_ahead && f_tok <= K_PP - 1) ? f_tr_ks == f_set_ks[f_tr_dir] :
                                    (f_tr_neg ? mem_ks_n[f_tr_axis] : mem_ks_p[f_tr_axis]) == f_tr_ks);
            if (f_tr_stage <= K_E - 2)
                f_inv_tr_dm: assert((f_tk_ahead && f_tok <= K_E - 2) ? f_tr_dm == f_set_dm[f_tr_dir] :
                                    (f_tr_neg ? mem_dm_n[f_tr_axis] : mem_dm_p[f_tr_axis]) == f_tr_dm);
            if (f_tr_stage <= K_DS - 1)
                f_inv_tr_ds: assert((f_tk_ahead && f_tok <= K_DS - 1) ? f_tr_ds == f_set_ds[f_tr_dir] :
                                    (f_tr_neg ? mem_ds_n[f_tr_axis] : mem_ds_p[f_tr_axis]) == f_tr_ds);
            if (f_tr_stage <= K_VI - 2)
                f_inv_tr_bm: assert((f_tk_ahead && f_tok <= K_VI - 2) ? f_tr_bm == f_set_bm[f_tr_dir] :
                                    (f_tr_neg ? mem_bm_n[f_tr_axis] : mem_bm_p[f_tr_axis]) == f_tr_bm);
            if (f_tr_stage <= K_BS - 1)
                f_inv_tr_bs: assert((f_tk_ahead && f_tok <= K_BS - 1) ? f_tr_bs == f_set_bs[f_tr_dir] :
                                    (f_tr_neg ? mem_bs_n[f_tr_axis] : mem_bs_p[f_tr_axis]) == f_tr_bs);
            if (f_tr_stage <= K_FC - 2)
                f_inv_tr_fc: assert((f_tk_ahead && f_tok <= K_FC - 2) ? f_tr_fc == f_set_fc[f_tr_dir] :
                                    (f_tr_neg ? mem_fc_n[f_tr_axis] : mem_fc_p[f_tr_axis]) == f_tr_fc);
            // the fields read two stages early, in their first register
            if (f_tr_stage == K_VI - 1) f_inv_tr_bm_ff: assert(f_bm_ff == f_tr_bm);
            if (f_tr_stage == K_FC - 1) f_inv_tr_fc_ff: assert(f_fc_ff == f_tr_fc);
        end
`endif
    always @(*) begin
        cover(f_tr_v && f_tr_stage == K_FC && f_cm_pend);           // a commit while a sample is in flight
        cover(f_tr_v && !s_axis_tready && (|tok_reg));             // a sample held by a commit's stall (OPT_SPRAM)
        cover(f_bad_q[2]);                                          // a refused word
    end
`endif

    // ---- reachability ----
    always @(*) begin
        cover(f_tr_out && f_tr_free);                              // a beat through without a stall
        cover(f_tr_out && !f_tr_free);                             // a beat through backpressure
        cover(f_past_valid && !rst && f_in_hs && f_prev_in_hs);    // back-to-back input beats
        cover(f_past_valid && rst && f_fly != 8'd0);               // a reset with beats in flight
    end
`endif
endmodule
`resetall
