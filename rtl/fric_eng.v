`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
`include "fric_eng_isa.vh"
// fric_eng: both friction models of the UP5K image on one programmable
// engine: the Stribeck core and the Dahl / LuGre core of fric_top, NUM_AXES
// (1..4) axes each, at W = 16, bit-exact with fric_fx_stribeck() and
// fric_fx_lugre_step() (cmodel/src/fric_fx.c). The engine runs the program
// of cmodel/src/fric_eng.c (rtl/tables/fric_eng_prog.hex, generated); its
// instruction set and the simulator it matches instruction for instruction
// are in cmodel/include/fric_eng.h; docs/fric_eng.md has the design.
//
// Architecture: a barrel processor. Eight hardware threads ("slots"): slot
// a < 4 runs the LuGre program for axis a, slot 4 + a the Stribeck program
// for axis a. Every D = 12 clocks each slot issues one instruction (slots 0..7
// in clocks 0..7 of the round, none in 8..11), so an instruction has retired
// before its slot issues again: no forwarding, no hazard, no branch penalty.
// The 60-bit datapath is cut so no carry chain exceeds 20 bits (the UP5K's
// 48 MHz): stages S0 fetch, S1 decode and register read, S2 operand B,
// S3..S5 compare (three 20-bit chunks), S4..S5 shift (three levels each),
// S6..S8 add (three chunks), S3..S8 multiply (three SB_MAC16 16 x 16
// partial products and their sums), S9 result, S10 side effects (IN, PC,
// flags), S11 register write. Memories: the register file (two read ports,
// 8 slots x 32 x 60 bits), the program ROM (512 x 32), the table ROM
// (1024 x 33), the parameter memory (8 slots x 32 words and two staging
// sets, 20 bits each).
//
// Throughput and latency: a sample takes 12 clocks per instruction of its
// path: Stribeck 29..49 instructions, LuGre 19..161 (FRIC_ENG_MAX_INSTR_*).
// The eight slots run in parallel, so a set of NUM_AXES axes of both models
// takes at most 161 x 12 = 1932 clocks (40 us at 48 MHz).
//
// Ports, per model, are those of fric_stribeck (st_*) and fric_lugre (lg_*):
//   s_axis: tdata velocity code (S,16,0), tuser axis. One input register per
//     model: a beat waits there until its axis's slot takes it (IN); a beat
//     for an axis >= NUM_AXES is taken and dropped.
//   m_axis: tdata force (S,16,0); tuser {MAG_NEG, F_SAT, axis} (Stribeck),
//     {W_SAT, S1_SAT, G_SAT, F_SAT, axis} (LuGre). One output register per
//     model; an OUT waits (its slot reissues it) while the register is full.
//   cfg: words into the model's staging set (a word that does not fit its
//     field, or a word number past the set, is dropped and sets CFG); a
//     commit marks the axis's slot, whose next IN copies the staging set in
//     (CPY, one word per instruction), so no sample mixes two sets. A commit
//     is marked only once no sample waits in the model's input register: a
//     sample taken before the commit, or in the same clock, sees the old set.
//     cfg_ready is low while the model's request waits and while any commit
//     waits or copies (the parameter memory has one write port).
//   srst (LuGre): one axis or all, marked like a commit; the slot's next IN
//     zeroes its state. srst_ready is low while a request waits.
//   flags: sticky {CFG, MAG_NEG, F_SAT} / {CFG, W_SAT, S1_SAT, G_SAT, F_SAT},
//     set by each emitted sample's flags, cleared by 1s in flags_clear (a set wins).
// rst (synchronous): every slot restarts its boot code (which zeroes the
// LuGre states), the registers of the streams empty, flags and pending state
// resets clear; the parameters and staging sets stay, and a commit taken
// (pending or copying) is copied again from the start.
module fric_eng #(
    // axes of each model, 1..4
    parameter integer NUM_AXES = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [15:0]            st_s_axis_tdata,
    input  wire [AXIS_W-1:0]      st_s_axis_tuser,
    input  wire                   st_s_axis_tvalid,
    output wire                   st_s_axis_tready,
    output wire [15:0]            st_m_axis_tdata,
    output wire [AXIS_W+1:0]      st_m_axis_tuser,
    output wire                   st_m_axis_tvalid,
    input  wire                   st_m_axis_tready,
    input  wire                   st_cfg_valid,
    output wire                   st_cfg_ready,
    input  wire                   st_cfg_commit,
    input  wire [3:0]             st_cfg_addr,
    input  wire [AXIS_W-1:0]      st_cfg_axis,
    input  wire [31:0]            st_cfg_data,
    output wire [2:0]             st_flags,
    input  wire [2:0]             st_flags_clear,

    input  wire [15:0]            lg_s_axis_tdata,
    input  wire [AXIS_W-1:0]      lg_s_axis_tuser,
    input  wire                   lg_s_axis_tvalid,
    output wire                   lg_s_axis_tready,
    output wire [15:0]            lg_m_axis_tdata,
    output wire [AXIS_W+3:0]      lg_m_axis_tuser,
    output wire                   lg_m_axis_tvalid,
    input  wire                   lg_m_axis_tready,
    input  wire                   lg_cfg_valid,
    output wire                   lg_cfg_ready,
    input  wire                   lg_cfg_commit,
    input  wire [4:0]             lg_cfg_addr,
    input  wire [AXIS_W-1:0]      lg_cfg_axis,
    input  wire [31:0]            lg_cfg_data,
    input  wire                   lg_srst_valid,
    output wire                   lg_srst_ready,
    input  wire                   lg_srst_all,
    input  wire [AXIS_W-1:0]      lg_srst_axis,
    output wire [4:0]             lg_flags,
    input  wire [4:0]             lg_flags_clear
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    localparam integer W = 16;      // the width of the models (fric_lugre_fits.vh)
    localparam [3:0] PH_LAST = 4'd11; // the pipeline is D = 12 stages: a slot issues every 12 clocks
    localparam integer DW = 60;     // datapath width: every value of the program fits (S,60)
    localparam integer CH = 20;     // carry-chain chunk
    localparam integer PWB = 20;    // parameter word bits kept (the widest field, FC, has 19)
    localparam integer TVB = `FRIC_ENG_TAB_VALUE_BITS;
    localparam integer TDB = `FRIC_ENG_TAB_DIFF_BITS;

    initial begin
        if (NUM_AXES < 1 || NUM_AXES > 4) begin
            $display("fric_eng: NUM_AXES %0d; allowed 1..4", NUM_AXES);
            $finish;
        end
    end

`include "fric_lugre_fits.vh"

    // ---- memories ------------------------------------------------------------------
    reg [31:0] prog [0:511];
    reg [TDB+TVB-1:0] tab [0:1023];
    reg [DW-1:0] rfa [0:255];
    reg [DW-1:0] rfb [0:255];
    reg [PWB-1:0] par [0:511];
    integer mi;
    initial begin
        $readmemh("rtl/tables/fric_eng_prog.hex", prog);
        $readmemh("rtl/tables/fric_eng_tab.hex", tab);
        for (mi = 0; mi < 256; mi = mi + 1) begin
            rfa[mi] = {DW{1'b0}};
            rfb[mi] = {DW{1'b0}};
        end
        for (mi = 0; mi < 512; mi = mi + 1) par[mi] = {PWB{1'b0}};
    end

    // ---- per-slot state ----------------------------------------------------------------
    reg [8:0] pc_r [0:7];
    reg [7:0] dir_r = 8'd0;         // sign of the slot's last v (PARD operands)
    reg [4:0] jfl_r [0:7];          // the job's flags, FRIC_FX_FLAG bits 0..4
    reg [7:0] cpend_r = 8'd0;       // a commit waits for the slot's IN
    reg [7:0] busy_r = 8'd0;        // the slot is copying a commit
    reg [3:0] rpend_r = 4'd0;       // a state reset waits (LuGre slots)

    // the round: slot ph issues in clocks ph = 0..7 of every D
    reg [3:0] ph = 4'd0;
    always @(posedge clk) ph <= (rst || ph == PH_LAST) ? 4'd0 : ph + 4'd1;

    // ---- S0: fetch --------------------------------------------------------------------
    wire issue = !rst && !ph[3];
    wire [2:0] slot0 = ph[2:0];
    wire [8:0] pc0 = pc_r[slot0];
    reg [31:0] ir = 32'd0;
    reg s1_v = 1'b0;
    reg [2:0] s1_slot = 3'd0;
    reg [8:0] s1_pc = 9'd0;
    always @(posedge clk) begin
        ir <= prog[pc0];
        s1_v <= issue;
        s1_slot <= slot0;
        s1_pc <= pc0;
    end

    // ---- S1: decode, register and parameter read ------------------------------------------
    wire [5:0] op1 = ir[31:26];
    wire [1:0] bsel1 = ir[15:14];
    wire [4:0] word1 = ir[4:0] + ((bsel1 == `FRIC_ENG_B_PARD && dir_r[s1_slot]) ? `FRIC_ENG_DIR_OFFSET : 5'd0);
    // parameter address: {staging, slot, word}; CPY reads the staging set of its model
    wire [8:0] pa1 = (op1 == `FRIC_ENG_OP_CPY) ? {1'b1, 2'b00, s1_slot[2], ir[4:0]} : {1'b0, s1_slot, word1};
    reg [DW-1:0] rfa_q, rfb_q;
    reg [PWB-1:0] par_q;
    reg s2_v = 1'b0;
    reg [2:0] s2_slot;
    reg [8:0] s2_pc;
    reg [31:0] s2_ir;
    always @(posedge clk) begin
        rfa_q <= rfa[{s1_slot, ir[20:16]}];
        rfb_q <= rfb[{s1_slot, ir[4:0]}];
        par_q <= par[pa1];
        s2_v <= s1_v && !rst;
        s2_slot <= s1_slot;
        s2_pc <= s1_pc;
        s2_ir <= ir;
    end

    // ---- S2: operand B, table read, CPY ------------------------------------------------
    wire [5:0] op2 = s2_ir[31:26];
    wire [1:0] bsel2 = s2_ir[15:14];
    wire [DW-1:0] b2 = (bsel2 == `FRIC_ENG_B_REG) ? rfb_q :
                       (bsel2 == `FRIC_ENG_B_IMM) ? {{(DW-14){s2_ir[13]}}, s2_ir[13:0]} :
                       {{(DW-PWB){par_q[PWB-1]}}, par_q};
    reg [TDB+TVB-1:0] tab_q;
    reg [DW-1:0] s3_a, s3_b;
    reg s3_v = 1'b0;
    reg [2:0] s3_slot;
    reg [8:0] s3_pc;
    reg [31:0] s3_ir;
    always @(posedge clk) begin
        tab_q <= tab[{s2_ir[6:5], rfa_q[7:0]}];
        s3_a <= rfa_q;
        s3_b <= b2;
        s3_v <= s2_v && !rst;
        s3_slot <= s2_slot;
        s3_pc <= s2_pc;
        s3_ir <= s2_ir;
    end

    // the parameter memory's write port: a CPY's word, or a cfg word into a
    // staging set (never both: cfg_ready is low while a commit copies)
    reg cfg_we;
    reg [8:0] cfg_wa;
    reg [PWB-1:0] cfg_wd;
    wire cpy_we = s2_v && op2 == `FRIC_ENG_OP_CPY;
    always @(posedge clk) begin
        if (cpy_we) par[{1'b0, s2_slot, s2_ir[4:0]}] <= par_q;
        else if (cfg_we) par[cfg_wa] <= cfg_wd;
    end

    // ---- S3: classes, shift amount, compare chunk 0, multiplier operands, narrow units ----------
    wire [5:0] op3 = s3_ir[31:26];
    wire is_sub3 = op3 == `FRIC_ENG_OP_SUB;
    wire is_rsr3 = op3 == `FRIC_ENG_OP_RSR;
    wire is_shr3 = op3 == `FRIC_ENG_OP_SHR;
    wire is_neg3 = op3 == `FRIC_ENG_OP_NEGIF;
    wire is_mulp3 = op3 == `FRIC_ENG_OP_MULP;
    wire is_out3 = op3 == `FRIC_ENG_OP_OUT;
    wire b_neg3 = s3_b[DW-1];
    // B clamped to 0..63 and to 0..16
    wire [5:0] s63 = b_neg3 ? 6'd0 : (|s3_b[DW-2:6]) ? 6'd63 : s3_b[5:0];
    wire [4:0] s16 = b_neg3 ? 5'd0 : ((|s3_b[DW-2:5]) || (s3_b[4] && |s3_b[3:0])) ? 5'd16 : s3_b[4:0];
    // RSR by s >= 1 is the floor shift of A by s - 1, plus 1, halved
    wire rsr_up3 = is_rsr3 && s63 != 6'd0;
    wire [5:0] sa3 = rsr_up3 ? s63 - 6'd1 : is_shr3 ? s63 : 6'd0;
    wire negate3 = is_neg3 && b_neg3;
    // the multiplier's B: the low 16 bits, or 1 with a 16-bit shift after
    wire sp16_3 = is_mulp3 ? s16[4] : s3_b[16];
    wire [15:0] mb3 = sp16_3 ? 16'd1 : is_mulp3 ? (16'd1 << s16[3:0]) : s3_b[15:0];
    // bit length of A[31:0]: per byte, then the top nonzero byte (S4)
    function automatic [3:0] blen8(input [7:0] x);
        integer k;
        begin
            blen8 = 4'd0;
            for (k = 0; k < 8; k = k + 1) if (x[k]) blen8 = k[3:0] + 4'd1;
        end
    endfunction
    // a narrow result: TBL's value or difference, AND's 16 bits
    wire td3 = s3_ir[8];
    wire [TVB-1:0] narrow3 = (op3 == `FRIC_ENG_OP_TBL) ? (td3 ? {{(TVB-TDB){1'b0}}, tab_q[TDB+TVB-1:TVB]} : tab_q[TVB-1:0]) :
                             {{(TVB-16){1'b0}}, s3_a[15:0] & s3_b[15:0]};

    // the compare A - B in 61 bits (no overflow), chunk by chunk: borrow and equality
    wire [CH:0] cmp0 = {1'b0, s3_a[CH-1:0]} - {1'b0, s3_b[CH-1:0]};

    reg s4_v = 1'b0;
    reg [2:0] s4_slot;
    reg [8:0] s4_pc;
    reg [31:0] s4_ir;
    reg [DW-1:0] s4_x, s4_b;
    reg [DW-1:CH] s4_a;           // A's high chunks for the compare
    reg [5:0] s4_sa;
    reg s4_cin, s4_half, s4_bor, s4_eq, s4_sp16, s4_neg;
    reg [15:0] ma0, ma1, ma2, mb, s4_mb;
    reg [3:0] s4_bl [0:3];
    reg [TVB-1:0] s4_nar;
    reg s4_stall;                 // an OUT whose output register was full
    always @(posedge clk) begin
        s4_v <= s3_v && !rst;
        s4_slot <= s3_slot;
        s4_pc <= s3_pc;
        s4_ir <= s3_ir;
        s4_x <= negate3 ? ~s3_a : s3_a;
        s4_b <= s3_b;
        s4_a <= s3_a[DW-1:CH];
        s4_sa <= sa3;
        s4_cin <= rsr_up3 || negate3 || is_sub3;
        s4_half <= rsr_up3;
        s4_bor <= cmp0[CH];
        s4_eq <= cmp0[CH-1:0] == {CH{1'b0}};
        // the multiplier: A[47:0] in three unsigned 16-bit chunks (the top one's
        // sign corrected in S5), B in 16 bits
        ma0 <= s3_a[15:0];
        ma1 <= s3_a[31:16];
        ma2 <= s3_a[47:32];
        mb <= mb3;
        s4_mb <= mb3;
        s4_sp16 <= sp16_3;
        s4_neg <= s3_a[47];
        s4_bl[0] <= blen8(s3_a[7:0]);
        s4_bl[1] <= blen8(s3_a[15:8]);
        s4_bl[2] <= blen8(s3_a[23:16]);
        s4_bl[3] <= blen8(s3_a[31:24]);
        s4_nar <= narrow3;
    end
    // ADD takes B, SUB ~B (with the carry in), every other class 0
    wire [1:0] ysel4_c = {s4_ir[31:26] == `FRIC_ENG_OP_SUB, s4_ir[31:26] == `FRIC_ENG_OP_ADD};

    // ---- the output registers: OUT acts in S3 ------------------------------------------
    reg [1:0] o_v = 2'b00;
    reg [15:0] o_d [0:1];
    reg [1:0] o_ax [0:1];
    reg [4:0] o_fl [0:1];
    wire f3 = s3_slot[2];                       // 1: a Stribeck slot
    wire out_go3 = s3_v && is_out3 && !o_v[f3];
    wire out_stall3 = s3_v && is_out3 && o_v[f3];

    // ---- S4: shift levels 32, 16, 8; compare chunk 1; multiply; bit length ------------------------
    wire [DW-1:0] sh4a = s4_sa[5] ? {{32{s4_x[DW-1]}}, s4_x[DW-1:32]} : s4_x;
    wire [DW-1:0] sh4b = s4_sa[4] ? {{16{sh4a[DW-1]}}, sh4a[DW-1:16]} : sh4a;
    wire [DW-1:0] sh4c = s4_sa[3] ? {{8{sh4b[DW-1]}}, sh4b[DW-1:8]} : sh4b;
    wire [CH:0] cmp1 = {1'b0, s4_a[2*CH-1:CH]} - {1'b0, s4_b[2*CH-1:CH]} - {{CH{1'b0}}, s4_bor};
    wire [5:0] blen4 = (s4_bl[3] != 4'd0) ? {2'd0, s4_bl[3]} + 6'd24 :
                       (s4_bl[2] != 4'd0) ? {2'd0, s4_bl[2]} + 6'd16 :
                       (s4_bl[1] != 4'd0) ? {2'd0, s4_bl[1]} + 6'd8 : {2'd0, s4_bl[0]};
    reg [31:0] p0, p1, p2;
    reg s5_v = 1'b0;
    reg [2:0] s5_slot;
    reg [8:0] s5_pc;
    reg [31:0] s5_ir;
    reg [DW-1:0] s5_x, s5_b;
    reg [DW-1:2*CH] s5_a;
    reg [2:0] s5_sa;
    reg s5_cin, s5_half, s5_bor, s5_eq, s5_sp16, s5_stall;
    reg [15:0] s5_corr;
    reg [TVB-1:0] s5_nar;
    reg [1:0] s5_ysel;
    always @(posedge clk) begin
        p0 <= ma0 * mb;
        p1 <= ma1 * mb;
        p2 <= ma2 * mb;
        s5_v <= s4_v && !rst;
        s5_slot <= s4_slot;
        s5_pc <= s4_pc;
        s5_ir <= s4_ir;
        s5_x <= sh4c;
        s5_b <= s4_b;
        s5_a <= s4_a[DW-1:2*CH];
        s5_sa <= s4_sa[2:0];
        s5_cin <= s4_cin;
        s5_half <= s4_half;
        s5_bor <= cmp1[CH];
        s5_eq <= s4_eq && cmp1[CH-1:0] == {CH{1'b0}};
        s5_sp16 <= s4_sp16;
        s5_corr <= s4_neg ? s4_mb : 16'd0;
        s5_nar <= (s4_ir[31:26] == `FRIC_ENG_OP_BLEN) ? {{(TVB-6){1'b0}}, blen4} : s4_nar;
        s5_ysel <= ysel4_c;
        s5_stall <= s4_stall;
    end

    // ---- S5: shift levels 4, 2, 1; compare chunk 2 (61 bits: the sign); products' first sums ----------
    wire [DW-1:0] sh5a = s5_sa[2] ? {{4{s5_x[DW-1]}}, s5_x[DW-1:4]} : s5_x;
    wire [DW-1:0] sh5b = s5_sa[1] ? {{2{sh5a[DW-1]}}, sh5a[DW-1:2]} : sh5a;
    wire [DW-1:0] sh5c = s5_sa[0] ? {sh5b[DW-1], sh5b[DW-1:1]} : sh5b;
    wire [CH:0] cmp2 = {s5_a[DW-1], s5_a} - {s5_b[DW-1], s5_b[DW-1:2*CH]} - {{CH{1'b0}}, s5_bor};
    // A < B (signed), A == B
    wire lt5 = cmp2[CH];
    wire eq5 = s5_eq && cmp2[CH-1:0] == {CH{1'b0}};
    // lo = p0 + p1 * 2^16, first 17 bits; p2 signed: p2 - (A < 0 ? B * 2^16 : 0)
    wire [16:0] m5 = {1'b0, p0[31:16]} + {1'b0, p1[15:0]};
    wire [15:0] p2h5 = p2[31:16] - s5_corr;
    reg s6_v = 1'b0;
    reg [2:0] s6_slot;
    reg [8:0] s6_pc;
    reg [31:0] s6_ir;
    reg [DW-1:0] s6_x, s6_y, s6_b;
    reg s6_cin, s6_half, s6_lt, s6_eq, s6_sp16, s6_stall;
    reg [47:0] s6_lo;             // bits 31:0 final; 47:32 = p1[31:16] before the carry
    reg s6_mc;
    reg [31:0] s6_p2;
    reg [TVB-1:0] s6_nar;
    always @(posedge clk) begin
        s6_v <= s5_v && !rst;
        s6_slot <= s5_slot;
        s6_pc <= s5_pc;
        s6_ir <= s5_ir;
        s6_x <= sh5c;
        s6_y <= s5_ysel[0] ? s5_b : s5_ysel[1] ? ~s5_b : {DW{1'b0}};
        s6_b <= s5_b;
        s6_cin <= s5_cin;
        s6_half <= s5_half;
        s6_lt <= lt5;
        s6_eq <= eq5;
        s6_sp16 <= s5_sp16;
        s6_lo <= {p1[31:16], m5[15:0], p0[15:0]};
        s6_mc <= m5[16];
        s6_p2 <= {p2h5, p2[15:0]};
        s6_nar <= s5_nar;
        s6_stall <= s5_stall;
    end

    // ---- S6..S8: the adder, 20 bits a stage; the product's high half; branch and MIN / MAX decisions ----
    wire [5:0] op6 = s6_ir[31:26];
    wire [CH:0] add0 = {1'b0, s6_x[CH-1:0]} + {1'b0, s6_y[CH-1:0]} + {{CH{1'b0}}, s6_cin};
    wire br_take6 = (op6 == `FRIC_ENG_OP_BLT && s6_lt) || (op6 == `FRIC_ENG_OP_BGE && !s6_lt) ||
                    (op6 == `FRIC_ENG_OP_BEQ && s6_eq) || (op6 == `FRIC_ENG_OP_BNE && !s6_eq);
    // MIN takes B when B < A, MAX when B > A
    wire take_b6 = (op6 == `FRIC_ENG_OP_MIN && !s6_lt && !s6_eq) || (op6 == `FRIC_ENG_OP_MAX && s6_lt);
    wire [15:0] lo_hi6 = s6_lo[47:32] + {15'd0, s6_mc};
    reg s7_v = 1'b0;
    reg [2:0] s7_slot;
    reg [8:0] s7_pc;
    reg [31:0] s7_ir;
    reg [DW-1:CH] s7_x, s7_y;
    reg [CH-1:0] s7_s0;
    reg s7_c, s7_half, s7_take, s7_br, s7_sp16, s7_stall;
    reg [DW-1:0] s7_b;
    reg [47:0] s7_lo;
    reg [31:0] s7_p2;
    reg [TVB-1:0] s7_nar;
    always @(posedge clk) begin
        s7_v <= s6_v && !rst;
        s7_slot <= s6_slot;
        s7_pc <= s6_pc;
        s7_ir <= s6_ir;
        s7_x <= s6_x[DW-1:CH];
        s7_y <= s6_y[DW-1:CH];
        s7_s0 <= add0[CH-1:0];
        s7_c <= add0[CH];
        s7_half <= s6_half;
        s7_take <= take_b6;
        s7_br <= br_take6;
        s7_sp16 <= s6_sp16;
        s7_b <= s6_b;
        s7_lo <= {lo_hi6, s6_lo[31:0]};
        s7_p2 <= s6_p2;
        s7_nar <= s6_nar;
        s7_stall <= s6_stall;
    end

    wire [CH:0] add1 = {1'b0, s7_x[2*CH-1:CH]} + {1'b0, s7_y[2*CH-1:CH]} + {{CH{1'b0}}, s7_c};
    // the product's bits 47:32 plus p2's low 16 (the high 16 in S8)
    wire [16:0] mh7 = {1'b0, s7_lo[47:32]} + {1'b0, s7_p2[15:0]};
    reg s8_v = 1'b0;
    reg [2:0] s8_slot;
    reg [8:0] s8_pc;
    reg [31:0] s8_ir;
    reg [DW-1:2*CH] s8_x, s8_y;
    reg [2*CH-1:0] s8_s;
    reg s8_c, s8_half, s8_take, s8_br, s8_sp16, s8_stall, s8_mc;
    reg [DW-1:0] s8_b;
    reg [47:0] s8_prod;           // bits 47:0 of the product
    reg [11:0] s8_p2h;            // the bits of p2's high half below bit 60
    reg [TVB-1:0] s8_nar;
    always @(posedge clk) begin
        s8_v <= s7_v && !rst;
        s8_slot <= s7_slot;
        s8_pc <= s7_pc;
        s8_ir <= s7_ir;
        s8_x <= s7_x[DW-1:2*CH];
        s8_y <= s7_y[DW-1:2*CH];
        s8_s <= {add1[CH-1:0], s7_s0};
        s8_c <= add1[CH];
        s8_half <= s7_half;
        s8_take <= s7_take;
        s8_br <= s7_br;
        s8_sp16 <= s7_sp16;
        s8_b <= s7_b;
        s8_prod <= {mh7[15:0], s7_lo[31:0]};
        s8_mc <= mh7[16];
        s8_p2h <= s7_p2[27:16];
        s8_nar <= s7_nar;
        s8_stall <= s7_stall;
    end

    wire [CH-1:0] add2 = s8_x + s8_y + {{(CH-1){1'b0}}, s8_c};
    wire [11:0] mh8 = s8_p2h + {11'd0, s8_mc};
    reg s9_v = 1'b0;
    reg [2:0] s9_slot;
    reg [8:0] s9_pc;
    reg [31:0] s9_ir;
    reg [DW-1:0] s9_sum, s9_b;
    reg [DW-1:0] s9_prod;
    reg s9_half, s9_take, s9_br, s9_sp16, s9_stall;
    reg [TVB-1:0] s9_nar;
    always @(posedge clk) begin
        s9_v <= s8_v && !rst;
        s9_slot <= s8_slot;
        s9_pc <= s8_pc;
        s9_ir <= s8_ir;
        s9_sum <= {add2, s8_s};
        s9_b <= s8_b;
        s9_prod <= {mh8, s8_prod};
        s9_half <= s8_half;
        s9_take <= s8_take;
        s9_br <= s8_br;
        s9_sp16 <= s8_sp16;
        s9_nar <= s8_nar;
        s9_stall <= s8_stall;
    end

    // ---- S9: the result ------------------------------------------------------------------
    wire [5:0] op9 = s9_ir[31:26];
    wire mul9 = op9 == `FRIC_ENG_OP_MUL || op9 == `FRIC_ENG_OP_MULP;
    wire nar9 = op9 == `FRIC_ENG_OP_TBL || op9 == `FRIC_ENG_OP_AND || op9 == `FRIC_ENG_OP_BLEN;
    wire [DW-1:0] res9 = mul9 ? (s9_sp16 ? {s9_prod[DW-17:0], 16'd0} : s9_prod) :
                         nar9 ? {{(DW-TVB){1'b0}}, s9_nar} :
                         s9_take ? s9_b :
                         s9_half ? {s9_sum[DW-1], s9_sum[DW-1:1]} : s9_sum;
    reg s10_v = 1'b0;
    reg [2:0] s10_slot;
    reg [8:0] s10_pc;
    reg [31:0] s10_ir;
    reg [DW-1:0] s10_res;
    reg s10_take, s10_br, s10_stall;
    always @(posedge clk) begin
        s10_v <= s9_v && !rst;
        s10_slot <= s9_slot;
        s10_pc <= s9_pc;
        s10_ir <= s9_ir;
        s10_res <= res9;
        s10_take <= s9_take;
        s10_br <= s9_br;
        s10_stall <= s9_stall;
    end

    // ---- the input registers ----------------------------------------------------------------
    reg [1:0] i_v = 2'b00;
    reg [15:0] i_d [0:1];
    reg [1:0] i_ax [0:1];

    // ---- S10: IN, the PC, flags --------------------------------------------------------------
    wire [5:0] op10 = s10_ir[31:26];
    wire [4:0] rd10 = s10_ir[25:21];
    wire [8:0] tgt10 = s10_ir[13:5];
    wire [2:0] fl10 = s10_ir[10:8];
    wire f10 = s10_slot[2];
    wire in10 = s10_v && op10 == `FRIC_ENG_OP_IN;
    wire in_commit10 = in10 && cpend_r[s10_slot];
    wire in_rst10 = in10 && !cpend_r[s10_slot] && !f10 && rpend_r[s10_slot[1:0]];
    wire in_take10 = in10 && !cpend_r[s10_slot] && !in_rst10 && i_v[f10] && i_ax[f10] == s10_slot[1:0];
    wire jump10 = (op10 >= `FRIC_ENG_OP_BLT && op10 <= `FRIC_ENG_OP_BNE && s10_br) ||
                  (op10 == `FRIC_ENG_OP_OUT && !s10_stall) || in_commit10;
    wire hold10 = (op10 == `FRIC_ENG_OP_OUT && s10_stall) || (in10 && !in_commit10 && !in_take10);
    wire [8:0] pc_next10 = jump10 ? tgt10 : hold10 ? s10_pc : s10_pc + 9'd1;
    wire wr10 = s10_v && (in_take10 || in_rst10 ||
                          !(op10 == `FRIC_ENG_OP_IN || op10 == `FRIC_ENG_OP_OUT || op10 == `FRIC_ENG_OP_CPY ||
                            (op10 >= `FRIC_ENG_OP_BLT && op10 <= `FRIC_ENG_OP_BNE)));
    reg s11_we = 1'b0;
    reg [7:0] s11_wa;
    reg [DW-1:0] s11_wd;
    always @(posedge clk) begin
        s11_we <= wr10 && !rst;
        s11_wa <= {s10_slot, in_rst10 ? `FRIC_ENG_R_STATE : rd10};
        s11_wd <= in_rst10 ? {DW{1'b0}} : in_take10 ? {{(DW-16){i_d[f10][15]}}, i_d[f10]} : s10_res;
    end

    // ---- S11: the register write -------------------------------------------------------------
    always @(posedge clk) begin
        if (s11_we) begin
            rfa[s11_wa] <= s11_wd;
            rfb[s11_wa] <= s11_wd;
        end
    end

    // ---- slot state, streams, cfg, flags ---------------------------------------------------------
    localparam [AXIS_W:0] NA = NUM_AXES[AXIS_W:0];
    // cfg requests, one register per model; the LuGre one is served first
    reg [1:0] q_v = 2'b00, q_commit;
    reg [4:0] q_addr [0:1];
    reg [31:0] q_data [0:1];
    reg [1:0] q_ax [0:1];
    wire commit_busy = |cpend_r || |busy_r;
    // model index: 0 LuGre, 1 Stribeck. A commit (or a state reset) is
    // applied only when no sample waits in the model's input register, so a
    // sample taken before it, or in the same clock, sees the old set.
    assign lg_cfg_ready = !q_v[0] && !commit_busy;
    assign st_cfg_ready = !q_v[1] && !commit_busy;
    assign lg_s_axis_tready = !i_v[0];
    assign st_s_axis_tready = !i_v[1];
    // a commit only marks its slot: each model's is served on its own; the
    // words share the parameter memory's write port, LuGre's first
    wire [1:0] c_go = q_v & q_commit & ~i_v;
    wire [1:0] w_req = q_v & ~q_commit;
    wire wf = !w_req[0];               // the word written this cycle: LuGre's if any
    wire w_go = w_req[wf];
    wire [4:0] q_nw = wf ? `FRIC_WORDS_STRIBECK : `FRIC_WORDS_LUGRE;
    wire q_fit = q_addr[wf] < q_nw && fits(q_addr[wf], q_data[wf]);
    // the state-reset request
    reg r_v = 1'b0, r_all;
    reg [AXIS_W-1:0] r_ax;
    assign lg_srst_ready = !r_v;
    reg [2:0] sticky_st = 3'd0;
    reg [4:0] sticky_lg = 5'd0;
    reg [1:0] cfg_bad;
    integer si;
    always @(posedge clk) begin
        // cfg: take requests, serve one a cycle
        cfg_we <= 1'b0;
        cfg_bad <= 2'b00;
        if (lg_cfg_valid && lg_cfg_ready) begin
            q_v[0] <= 1'b1;
            q_commit[0] <= lg_cfg_commit;
            q_addr[0] <= lg_cfg_addr;
            q_data[0] <= lg_cfg_data;
            q_ax[0] <= {{(2-AXIS_W){1'b0}}, lg_cfg_axis};
        end
        if (st_cfg_valid && st_cfg_ready) begin
            q_v[1] <= 1'b1;
            q_commit[1] <= st_cfg_commit;
            q_addr[1] <= {1'b0, st_cfg_addr};
            q_data[1] <= st_cfg_data;
            q_ax[1] <= {{(2-AXIS_W){1'b0}}, st_cfg_axis};
        end
        for (si = 0; si < 2; si = si + 1) begin
            if (c_go[si]) begin
                q_v[si] <= 1'b0;
                if ({1'b0, q_ax[si]} < {{(2-AXIS_W){1'b0}}, NA}) cpend_r[{si[0], q_ax[si]}] <= 1'b1;
            end
        end
        if (w_go) begin
            q_v[wf] <= 1'b0;
            if (q_fit) begin
                cfg_we <= 1'b1;
                cfg_wa <= {1'b1, 2'b00, wf, q_addr[wf]};
                cfg_wd <= q_data[wf][PWB-1:0];
            end else begin
                cfg_bad[wf] <= 1'b1;
            end
        end

        // state resets
        if (lg_srst_valid && lg_srst_ready) begin
            r_v <= 1'b1;
            r_all <= lg_srst_all;
            r_ax <= lg_srst_axis;
        end
        if (r_v && !i_v[0]) begin
            r_v <= 1'b0;
            for (si = 0; si < 4; si = si + 1)
                if (si < NUM_AXES && (r_all || r_ax == si[AXIS_W-1:0])) rpend_r[si] <= 1'b1;
        end

        // inputs
        if (lg_s_axis_tvalid && !i_v[0] && {1'b0, lg_s_axis_tuser} < NA) begin
            i_v[0] <= 1'b1;
            i_d[0] <= lg_s_axis_tdata;
            i_ax[0] <= {{(2-AXIS_W){1'b0}}, lg_s_axis_tuser};
        end
        if (st_s_axis_tvalid && !i_v[1] && {1'b0, st_s_axis_tuser} < NA) begin
            i_v[1] <= 1'b1;
            i_d[1] <= st_s_axis_tdata;
            i_ax[1] <= {{(2-AXIS_W){1'b0}}, st_s_axis_tuser};
        end

        // outputs: OUT in S3
        if (o_v[0] && lg_m_axis_tready) o_v[0] <= 1'b0;
        if (o_v[1] && st_m_axis_tready) o_v[1] <= 1'b0;
        if (out_go3) begin
            o_v[f3] <= 1'b1;
            o_d[f3] <= s3_a[15:0];
            o_ax[f3] <= s3_slot[1:0];
            o_fl[f3] <= jfl_r[s3_slot];
            jfl_r[s3_slot] <= 5'd0;
        end
        s4_stall <= out_stall3;

        // S10: IN, MIN / MAX flags, the PC
        if (s10_v) begin
            pc_r[s10_slot] <= pc_next10;
            if (s10_take && fl10 != 3'd0) jfl_r[s10_slot] <= jfl_r[s10_slot] | (5'd1 << (fl10 - 3'd1));
            if (in10) busy_r[s10_slot] <= 1'b0;
            if (in_commit10) begin
                cpend_r[s10_slot] <= 1'b0;
                busy_r[s10_slot] <= 1'b1;
            end
            if (in_rst10) rpend_r[s10_slot[1:0]] <= 1'b0;
            if (in_take10) begin
                i_v[f10] <= 1'b0;
                dir_r[s10_slot] <= i_d[f10][15];
            end
        end

        // sticky flags: a set wins over a clear
        sticky_st <= (sticky_st & ~st_flags_clear) | {cfg_bad[1], (out_go3 && f3) ? {jfl_r[s3_slot][1], jfl_r[s3_slot][0]} : 2'b00};
        sticky_lg <= (sticky_lg & ~lg_flags_clear) |
                     {cfg_bad[0], (out_go3 && !f3) ? {jfl_r[s3_slot][4:2], jfl_r[s3_slot][0]} : 4'd0};

        if (rst) begin
            for (si = 0; si < 8; si = si + 1) begin
                pc_r[si] <= (si < 4) ? `FRIC_ENG_BOOT_LUGRE : `FRIC_ENG_BOOT_STRIBECK;
                jfl_r[si] <= 5'd0;
            end
            // a commit being copied starts again from its first word
            cpend_r <= cpend_r | busy_r;
            busy_r <= 8'd0;
            rpend_r <= 4'd0;
            r_v <= 1'b0;
            dir_r <= 8'd0;
            i_v <= 2'b00;
            o_v <= 2'b00;
            sticky_st <= 3'd0;
            sticky_lg <= 5'd0;
            s4_stall <= 1'b0;
        end
    end

    assign lg_m_axis_tvalid = o_v[0];
    assign lg_m_axis_tdata = o_d[0];
    assign lg_m_axis_tuser = {o_fl[0][4:2], o_fl[0][0], o_ax[0][AXIS_W-1:0]};
    assign st_m_axis_tvalid = o_v[1];
    assign st_m_axis_tdata = o_d[1];
    assign st_m_axis_tuser = {o_fl[1][1:0], o_ax[1][AXIS_W-1:0]};
    assign lg_flags = sticky_lg;
    assign st_flags = sticky_st;

    // the instruction word travels whole; each stage uses some fields (synthesis drops the rest)
    wire unused = &{1'b0, s10_ir[20:14], s10_ir[4:0], s7_p2[31:28]};
endmodule
`resetall
