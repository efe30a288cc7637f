// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_formats.vh"
`include "fric_eng_isa.vh"
// fric_eng: both friction models of the UP5K image on one programmable
// engine: the Stribeck core and the Dahl / LuGre core of fric_top, NUM_AXES
// (1..4) axes each, at W = 16, bit-exact with fric_fx_stribeck() and
// fric_fx_lugre_step() (cmodel/src/fric_fx.c). The engine runs the program
// of cmodel/src/fric_eng.c (rtl/generated/fric_eng_rom.vh); its
// instruction set and the simulator it matches instruction for instruction
// are in cmodel/include/fric_eng.h; docs/fric_eng.md has the design.
//
// Architecture: a barrel processor. Eight hardware threads ("slots"): slot
// a < 4 runs the LuGre program for axis a, slot 4 + a the Stribeck program
// for axis a. Every 9 clocks (FRIC_ENG_ROUND) each slot issues one
// instruction (slots 0..7 in clocks 0..7 of the round, none in clock 8), so
// an instruction has written its result (S9, in the clock of its slot's next
// fetch) before its slot's next instruction reads registers (S1): no
// forwarding, no hazard, no branch penalty. The 60-bit datapath is cut so no carry chain
// exceeds 20 bits (the UP5K's 48 MHz), and every result leaves through one
// adder: S0 fetch; S1 decode, register and parameter read; S2 operand B,
// table read, CPY's write, S3's classes and IN's marks sampled; S3 IN and
// OUT act, shift amount, compare (three 20-bit chunks at once), multiplier
// operands; S4, S5 shift (three levels each), the compare's verdict, the
// branch, MIN / MAX's choice, the products (three SB_MAC16), and in S5 the
// PC and MIN / MAX's flag; S6..S8 the adder (20 bits a stage; the products
// enter as its two operands, p2's sign correction in the second); S9 the
// register write. Memories: the register file (two read ports, 8 slots x 32
// x 60 bits; port B's copy keeps the flags B >= 64 and B >= 32 beside each
// value, written with it, so S2's clamp ranges are RAM bits), the program
// ROM (512 x 32), the table ROM (1024 x 33), the parameter memory (8 slots x
// 32 words and two staging sets, 20 bits each, with the same two flags).
// The flags an OUT sends are cleared a clock later (S4).
//
// Throughput and latency: a sample takes 9 clocks per instruction of its
// path: Stribeck 29..49 instructions, LuGre 19..161 (FRIC_ENG_MAX_INSTR_*).
// The eight slots run in parallel, so a set of NUM_AXES axes of both models
// takes at most 161 x 9 = 1449 clocks of work.
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
    localparam integer W = 16;      // the models' width (the field widths FRIC_BITS_*(W))
    // the round: a slot issues every FRIC_ENG_ROUND = 9 clocks (the stages below:
    // S9's register write comes in the clock of the slot's next fetch, S0, and
    // before its read, S1)
    localparam integer ROUND = `FRIC_ENG_ROUND;
    localparam [3:0] PH_LAST = ROUND[3:0] - 4'd1;
    localparam integer DW = 60;     // datapath width: every value of the program fits (S,60)
    localparam integer CH = 20;     // carry-chain chunk
    localparam integer PWB = 20;    // parameter word bits kept (the widest field, FC, has 19)
    localparam integer TVB = `FRIC_ENG_TAB_VALUE_BITS;
    localparam integer TDB = `FRIC_ENG_TAB_DIFF_BITS;

    initial begin
        if (ROUND != 9) begin
            $display("fric_eng: FRIC_ENG_ROUND %0d; this pipeline needs a round of 9 clocks", ROUND);
            $finish;
        end
        if (NUM_AXES < 1 || NUM_AXES > 4) begin
            $display("fric_eng: NUM_AXES %0d; allowed 1..4", NUM_AXES);
            $finish;
        end
    end

    // ---- memories ------------------------------------------------------------------
    reg [31:0] prog [0:511];
    reg [TDB+TVB-1:0] tab [0:1023];
    // no_rw_check: no address is read in the clock that writes it (a slot
    // reads its registers and parameters only after its last write; the
    // staging sets are not written while a commit copies), so Yosys adds no
    // read-during-write bypass
    (* no_rw_check *) reg [DW-1:0] rfa [0:255];
    // rfb keeps two flags beside each value, B >= 64 and B >= 32, computed
    // when the value is written (S9), so S2's clamp ranges are not an OR over
    // a block RAM's output (they fit in the RAMs' spare bits: 62 of 64)
    (* no_rw_check *) reg [DW+1:0] rfb [0:255];
    // par, likewise: {P >= 64, P >= 32, P} (22 of the 24 bits of its RAMs)
    (* no_rw_check *) reg [PWB+1:0] par [0:511];
    // both ROMs, from the generator (rtl/generated/fric_eng_rom.vh)
`include "fric_eng_rom.vh"
    integer mi;
    initial begin
        for (mi = 0; mi < 512; mi = mi + 1) prog[mi] = fric_eng_prog_word(16, mi);
        for (mi = 0; mi < 1024; mi = mi + 1) tab[mi] = fric_eng_tab_word(16, mi);
        for (mi = 0; mi < 256; mi = mi + 1) begin
            rfa[mi] = {DW{1'b0}};
            rfb[mi] = {(DW+2){1'b0}};
        end
        for (mi = 0; mi < 512; mi = mi + 1) par[mi] = {(PWB+2){1'b0}};
    end

    // ---- per-slot state ----------------------------------------------------------------
    reg [8:0] pc_r [0:7];
    reg [7:0] dir_r = 8'd0;         // sign of the slot's last v (PARD operands)
    reg [4:0] jfl_r [0:7];          // the job's flags, FRIC_FX_FLAG bits 0..4
    reg [7:0] cpend_r = 8'd0;       // a commit waits for the slot's IN
    reg [7:0] busy_r = 8'd0;        // the slot is copying a commit
    reg [3:0] rpend_r = 4'd0;       // a state reset waits (LuGre slots)

    // the round: slot ph issues in clocks ph = 0..7 of every round; none in 8
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
    reg s1_dir = 1'b0;              // the slot's sign of v (dir_r changes at S3 of its IN, 9 clocks before its next fetch)
    always @(posedge clk) begin
        ir <= prog[pc0];
        s1_v <= issue;
        s1_slot <= slot0;
        s1_pc <= pc0;
        s1_dir <= dir_r[slot0];
    end

    // ---- S1: decode, register and parameter read ------------------------------------------
    wire [5:0] op1 = ir[31:26];
    wire [1:0] bsel1 = ir[15:14];
    // PARD: the v < 0 word number is in [9:5] (the assembler's)
    wire [4:0] word1 = (bsel1 == `FRIC_ENG_B_PARD && s1_dir) ? ir[9:5] : ir[4:0];
    // parameter address: {staging, slot, word}; CPY reads the staging set of its model
    wire [8:0] pa1 = (op1 == `FRIC_ENG_OP_CPY) ? {1'b1, 2'b00, s1_slot[2], ir[4:0]} : {1'b0, s1_slot, word1};
    reg [DW-1:0] rfa_q;
    reg [DW+1:0] rfb_q;             // {B >= 64, B >= 32, B}
    reg [PWB+1:0] par_q;            // {P >= 64, P >= 32, P}
    reg s2_v = 1'b0;
    reg [2:0] s2_slot;
    reg [8:0] s2_pc;
    reg [31:0] s2_ir;
    reg s2_cpy = 1'b0;              // a CPY in S2 (it writes par)
    always @(posedge clk) begin
        s2_cpy <= s1_v && !rst && op1 == `FRIC_ENG_OP_CPY;
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
    wire [DW-1:0] b2 = (bsel2 == `FRIC_ENG_B_REG) ? rfb_q[DW-1:0] :
                       (bsel2 == `FRIC_ENG_B_IMM) ? {{(DW-14){s2_ir[13]}}, s2_ir[13:0]} :
                       {{(DW-PWB){par_q[PWB-1]}}, par_q[PWB-1:0]};
    // B's range for the clamps of S3, from each source in parallel with the mux:
    // B >= 64 and B >= 32 (B >= 0)
    wire big6_2 = (bsel2 == `FRIC_ENG_B_REG) ? rfb_q[DW+1] :
                  (bsel2 == `FRIC_ENG_B_IMM) ? (!s2_ir[13] && |s2_ir[12:6]) : par_q[PWB+1];
    wire big5_2 = (bsel2 == `FRIC_ENG_B_REG) ? rfb_q[DW] :
                  (bsel2 == `FRIC_ENG_B_IMM) ? (!s2_ir[13] && |s2_ir[12:5]) : par_q[PWB];
    // IN's inputs for the slot, sampled here (S3 decides from registers):
    // its commit and state-reset marks, and whether the model's input
    // register holds its sample. A mark set after this clock waits for the
    // next IN; it is set only while the input register is empty, so a sample
    // sampled here is older than any such mark.
    wire f2 = s2_slot[2];
    reg [TDB+TVB-1:0] tab_q;
    reg [DW-1:0] s3_a, s3_b;
    reg s3_big6, s3_big5, s3_cp, s3_rp, s3_iv;
    // S3's classes, decoded here
    reg s3_sub, s3_rsr, s3_shr, s3_neg, s3_mulp, s3_in, s3_out, s3_tbl, s3_and, s3_nowr;
    reg [15:0] s3_vd;
    reg s3_v = 1'b0;
    reg [2:0] s3_slot;
    reg [7:0] s3_soh;               // the slot, one-hot
    reg [7:0] s4_jclr = 8'd0;       // S4: the slot whose OUT went, one-hot (its flags are cleared)
    reg [8:0] s3_pc;
    reg [31:0] s3_ir;
    always @(posedge clk) begin
        tab_q <= tab[{s2_ir[6:5], rfa_q[7:0]}];
        s3_a <= rfa_q;
        s3_b <= b2;
        s3_big6 <= big6_2;
        s3_big5 <= big5_2;
        s3_sub <= op2 == `FRIC_ENG_OP_SUB;
        s3_rsr <= op2 == `FRIC_ENG_OP_RSR;
        s3_shr <= op2 == `FRIC_ENG_OP_SHR;
        s3_neg <= op2 == `FRIC_ENG_OP_NEGIF;
        s3_mulp <= op2 == `FRIC_ENG_OP_MULP;
        s3_in <= op2 == `FRIC_ENG_OP_IN;
        s3_out <= op2 == `FRIC_ENG_OP_OUT;
        s3_tbl <= op2 == `FRIC_ENG_OP_TBL;
        s3_and <= op2 == `FRIC_ENG_OP_AND;
        // no register write: branches, CPY, OUT (IN writes only when it takes v or resets)
        s3_nowr <= (op2 >= `FRIC_ENG_OP_BLT && op2 <= `FRIC_ENG_OP_BNE) || op2 == `FRIC_ENG_OP_CPY ||
                   op2 == `FRIC_ENG_OP_OUT || op2 == `FRIC_ENG_OP_IN;
        s3_cp <= cpend_r[s2_slot];
        s3_rp <= !f2 && rpend_r[s2_slot[1:0]];
        s3_iv <= i_v[f2] && i_ax[f2] == s2_slot[1:0];
        s3_vd <= i_d[f2];
        s3_v <= s2_v && !rst;
        s3_slot <= s2_slot;
        s3_soh <= 8'd1 << s2_slot;
        s3_pc <= s2_pc;
        s3_ir <= s2_ir;
    end

    // the parameter memory's write port: a CPY's word, or a cfg word into a
    // staging set (never both: cfg_ready is low while a commit copies)
    reg cfg_we = 1'b0;
    reg [8:0] cfg_wa;
    reg [PWB+1:0] cfg_wd;           // {P >= 64, P >= 32, P}, as par keeps it
    wire cpy_we = s2_cpy;
    always @(posedge clk) begin
        if (cpy_we) par[{1'b0, s2_slot, s2_ir[4:0]}] <= par_q;
        else if (cfg_we) par[cfg_wa] <= cfg_wd;
    end

    // ---- the model registers the stages below read ------------------------------------------
    reg [1:0] i_v = 2'b00;            // input registers, per model (0 LuGre, 1 Stribeck)
    reg [15:0] i_d [0:1];
    reg [1:0] i_ax [0:1];
    reg [1:0] o_v = 2'b00;            // output registers
    reg [15:0] o_d [0:1];
    reg [1:0] o_ax [0:1];
    reg [4:0] o_fl [0:1];

    // ---- S3: classes, IN and OUT, shift amount, compare, multiplier operands ---------------------
    wire [5:0] op3 = s3_ir[31:26];
    wire is_sub3 = s3_sub;
    wire is_rsr3 = s3_rsr;
    wire is_shr3 = s3_shr;
    wire is_neg3 = s3_neg;
    wire is_mulp3 = s3_mulp;
    wire f3 = s3_slot[2];             // 1: a Stribeck slot
    wire [8:0] tgt3 = s3_ir[13:5];
    wire [8:0] pc1_3 = s3_pc + 9'd1;
    // IN: a commit first (to the copy code), then a state reset (r31 = 0, IN
    // again), then the slot's sample; nothing: IN again
    wire in3 = s3_v && s3_in;
    wire in_commit3 = in3 && s3_cp;
    wire in_rst3 = in3 && !s3_cp && s3_rp;
    wire in_take3 = in3 && !s3_cp && !s3_rp && s3_iv;
    // OUT: emitted when the model's output register is free, else issued again
    wire out3 = s3_v && s3_out;
    wire out_go3 = out3 && !o_v[f3];
    // the next PC (a branch's own is chosen in S4)
    wire [8:0] npc3 = (out_go3 || in_commit3) ? tgt3 : ((out3 || in3) && !in_take3) ? s3_pc : pc1_3;
    // which instructions write a register
    wire we3 = in_take3 || in_rst3 ||
               !s3_nowr;
    wire [4:0] rd3 = in_rst3 ? `FRIC_ENG_R_STATE : s3_ir[25:21];
    wire b_neg3 = s3_b[DW-1];
    // B clamped to 0..63 and to 0..16
    wire [5:0] s63 = b_neg3 ? 6'd0 : s3_big6 ? 6'd63 : s3_b[5:0];
    wire [4:0] s16 = b_neg3 ? 5'd0 : (s3_big5 || (s3_b[4] && |s3_b[3:0])) ? 5'd16 : s3_b[4:0];
    wire negate3 = is_neg3 && b_neg3;
    // the multiplier's B: the low 16 bits, or 1 with a 16-bit shift after
    wire sp16_3 = is_mulp3 ? s16[4] : s3_b[16];
    wire [15:0] mb3 = sp16_3 ? 16'd1 : is_mulp3 ? (16'd1 << s16[3:0]) : s3_b[15:0];
    // the shifter's input: A (or ~A to negate), or a value that only passes
    // through the shifter and the adder: TBL's value or difference, AND's 16
    // bits, IN's v, IN's state reset 0
    wire td3 = s3_ir[8];
    wire nar3 = s3_tbl || s3_and || s3_in;
    wire [TVB-1:0] narrow3 = s3_tbl ? (td3 ? {{(TVB-TDB){1'b0}}, tab_q[TDB+TVB-1:TVB]} : tab_q[TVB-1:0]) :
                             s3_and ? {{(TVB-16){1'b0}}, s3_a[15:0] & s3_b[15:0]} :
                             in_take3 ? {{(TVB-16){s3_vd[15]}}, s3_vd} : {TVB{1'b0}};
    wire nar_neg3 = in_take3 && s3_vd[15];
    // RSR: rsr(A, s) = ((2 A >> s) + 1) >> 1 for every s >= 0 (s = 0: A)
    wire [DW-1:0] x3 = nar3 ? {{(DW-TVB){nar_neg3}}, narrow3} : negate3 ? ~s3_a : is_rsr3 ? {s3_a[DW-2:0], 1'b0} : s3_a;
    // the compare A - B: per 20-bit chunk "less" and "equal", all three at once
    wire [2:0] lt3 = {$signed(s3_a[DW-1:2*CH]) < $signed(s3_b[DW-1:2*CH]),
                      s3_a[2*CH-1:CH] < s3_b[2*CH-1:CH], s3_a[CH-1:0] < s3_b[CH-1:0]};
    wire [2:0] eq3 = {s3_a[DW-1:2*CH] == s3_b[DW-1:2*CH], s3_a[2*CH-1:CH] == s3_b[2*CH-1:CH],
                      s3_a[CH-1:0] == s3_b[CH-1:0]};
    // bit length of A[31:0]: per byte here, the top nonzero byte in S4
    function automatic [3:0] blen8(input [7:0] x);
        integer k;
        begin
            blen8 = 4'd0;
            for (k = 0; k < 8; k = k + 1) if (x[k]) blen8 = k[3:0] + 4'd1;
        end
    endfunction

    reg s4_v = 1'b0;
    reg [2:0] s4_slot;
    reg [5:0] s4_op;
    reg [4:0] s4_fmask;   // the MIN / MAX flag, one-hot on FRIC_FX_FLAG bits 0..4 (0: none)
    reg [8:0] s4_npc, s4_tgt;
    reg s4_we;
    reg [4:0] s4_rd;
    reg [DW-1:0] s4_x, s4_b;
    reg [5:0] s4_sa;
    reg s4_cin, s4_half, s4_sp16, s4_neg;
    reg [2:0] s4_lt, s4_eq;
    reg [15:0] ma0, ma1, ma2, mb;
    reg [DW-49:0] s4_mb;      // B's bits that reach the correction of p2
    reg [15:0] s4_bl;
    always @(posedge clk) begin
        s4_v <= s3_v && !rst;
        s4_slot <= s3_slot;
        s4_op <= op3;
        s4_fmask <= (s3_ir[10:8] == 3'd0) ? 5'd0 : (5'd1 << (s3_ir[10:8] - 3'd1));
        s4_npc <= npc3;
        s4_tgt <= tgt3;
        s4_we <= we3;
        s4_rd <= rd3;
        s4_x <= x3;
        s4_b <= s3_b;
        s4_sa <= (is_rsr3 || is_shr3) ? s63 : 6'd0;
        s4_cin <= is_rsr3 || negate3 || is_sub3;
        s4_half <= is_rsr3;
        s4_lt <= lt3;
        s4_eq <= eq3;
        // the multiplier: A[47:0] in three unsigned 16-bit chunks (the top
        // one's sign corrected in S5), B in 16 bits
        ma0 <= s3_a[15:0];
        ma1 <= s3_a[31:16];
        ma2 <= s3_a[47:32];
        mb <= mb3;
        s4_mb <= mb3[DW-49:0];
        s4_sp16 <= sp16_3;
        s4_neg <= s3_a[47];
        s4_bl <= {blen8(s3_a[31:24]), blen8(s3_a[23:16]), blen8(s3_a[15:8]), blen8(s3_a[7:0])};
    end

    // ---- S4: shift levels 32, 16, 8; the compare's verdict; the branch; products ----------------
    wire [DW-1:0] sh4a = s4_sa[5] ? {{32{s4_x[DW-1]}}, s4_x[DW-1:32]} : s4_x;
    wire [DW-1:0] sh4b = s4_sa[4] ? {{16{sh4a[DW-1]}}, sh4a[DW-1:16]} : sh4a;
    wire [DW-1:0] sh4c = s4_sa[3] ? {{8{sh4b[DW-1]}}, sh4b[DW-1:8]} : sh4b;
    wire [5:0] blen4 = (s4_bl[15:12] != 4'd0) ? {2'd0, s4_bl[15:12]} + 6'd24 :
                       (s4_bl[11:8] != 4'd0) ? {2'd0, s4_bl[11:8]} + 6'd16 :
                       (s4_bl[7:4] != 4'd0) ? {2'd0, s4_bl[7:4]} + 6'd8 : {2'd0, s4_bl[3:0]};
    wire lt4 = s4_lt[2] || (s4_eq[2] && (s4_lt[1] || (s4_eq[1] && s4_lt[0])));
    wire eq4 = &s4_eq;
    wire br4 = (s4_op == `FRIC_ENG_OP_BLT && lt4) || (s4_op == `FRIC_ENG_OP_BGE && !lt4) ||
               (s4_op == `FRIC_ENG_OP_BEQ && eq4) || (s4_op == `FRIC_ENG_OP_BNE && !eq4);
    // MIN takes B when B < A, MAX when B > A
    wire take4 = (s4_op == `FRIC_ENG_OP_MIN && !lt4 && !eq4) || (s4_op == `FRIC_ENG_OP_MAX && lt4);
    reg [31:0] p0, p1, p2;
    reg s5_v = 1'b0;
    reg [2:0] s5_slot;
    reg [8:0] s5_npc;
    reg [4:0] s5_fmask;
    reg [7:0] s5_soh;     // the slot, one-hot
    reg s5_we, s5_take, s5_mul, s5_add, s5_sub, s5_cin, s5_half, s5_sp16;
    reg [4:0] s5_rd;
    reg [DW-1:0] s5_x, s5_b;
    reg [2:0] s5_sa;
    reg [DW-49:0] s5_ncorr;   // -(B * 2^48) when A < 0, bits 48 and up (the correction of p2)
    always @(posedge clk) begin
        p0 <= ma0 * mb;
        p1 <= ma1 * mb;
        p2 <= ma2 * mb;
        s5_v <= s4_v && !rst;
        s5_slot <= s4_slot;
        s5_npc <= br4 ? s4_tgt : s4_npc;
        s5_fmask <= s4_fmask;
        s5_soh <= 8'd1 << s4_slot;
        s5_we <= s4_we;
        s5_rd <= s4_rd;
        s5_take <= take4;
        s5_mul <= s4_op == `FRIC_ENG_OP_MUL || s4_op == `FRIC_ENG_OP_MULP;
        s5_add <= s4_op == `FRIC_ENG_OP_ADD;
        s5_sub <= s4_op == `FRIC_ENG_OP_SUB;
        s5_cin <= s4_cin;
        s5_half <= s4_half;
        s5_sp16 <= s4_sp16;
        s5_x <= (s4_op == `FRIC_ENG_OP_BLEN) ? {{(DW-6){1'b0}}, blen4} : sh4c;
        s5_b <= s4_b;
        s5_sa <= s4_sa[2:0];
        s5_ncorr <= s4_neg ? -s4_mb : {(DW-48){1'b0}};
    end

    // ---- S5: shift levels 4, 2, 1; the adder's operands; PC and MIN / MAX flag (in the slot state) ----
    wire [DW-1:0] sh5a = s5_sa[2] ? {{4{s5_x[DW-1]}}, s5_x[DW-1:4]} : s5_x;
    wire [DW-1:0] sh5b = s5_sa[1] ? {{2{sh5a[DW-1]}}, sh5a[DW-1:2]} : sh5a;
    wire [DW-1:0] sh5c = s5_sa[0] ? {sh5b[DW-1], sh5b[DW-1:1]} : sh5b;
    // the product as a sum of two operands: p0 + p2 * 2^32 and p1 * 2^16,
    // with p2's sign correction (minus B * 2^48 when A < 0, modulo 2^DW) in
    // the bits above p1 of the second, so no subtraction follows the
    // multipliers; B = 2^16 gives the chunks of A (p = A * 1) one place
    // higher, where the correction falls outside the result
    wire [DW-1:0] mx5 = s5_sp16 ? {p2[DW-49:0], p1[15:0], p0[15:0], 16'd0} : {p2[DW-33:0], p0};
    wire [DW-1:0] my5 = s5_sp16 ? {DW{1'b0}} : {s5_ncorr, p1, 16'd0};
    reg [DW-1:0] s6_x, s6_y;
    reg s6_v = 1'b0, s6_cin, s6_half, s6_we;
    reg [7:0] s6_wa;
    always @(posedge clk) begin
        s6_v <= s5_v && !rst;
        s6_x <= s5_mul ? mx5 : s5_take ? {DW{1'b0}} : sh5c;
        s6_y <= s5_mul ? my5 : (s5_add || s5_take) ? s5_b : s5_sub ? ~s5_b : {DW{1'b0}};
        s6_cin <= s5_cin;
        s6_half <= s5_half;
        s6_we <= s5_we;
        s6_wa <= {s5_slot, s5_rd};
    end

    // ---- S6..S8: the adder, 20 bits a stage --------------------------------------------------------
    wire [CH:0] add0 = {1'b0, s6_x[CH-1:0]} + {1'b0, s6_y[CH-1:0]} + {{CH{1'b0}}, s6_cin};
    reg [DW-1:CH] s7_x, s7_y;
    reg [CH-1:0] s7_s;
    reg s7_v = 1'b0, s7_c, s7_half, s7_we;
    reg [7:0] s7_wa;
    always @(posedge clk) begin
        s7_v <= s6_v && !rst;
        s7_x <= s6_x[DW-1:CH];
        s7_y <= s6_y[DW-1:CH];
        s7_s <= add0[CH-1:0];
        s7_c <= add0[CH];
        s7_half <= s6_half;
        s7_we <= s6_we;
        s7_wa <= s6_wa;
    end
    wire [CH:0] add1 = {1'b0, s7_x[2*CH-1:CH]} + {1'b0, s7_y[2*CH-1:CH]} + {{CH{1'b0}}, s7_c};
    reg [DW-1:2*CH] s8_x, s8_y;
    reg [2*CH-1:0] s8_s;
    reg s8_v = 1'b0, s8_c, s8_half, s8_we;
    reg [7:0] s8_wa;
    always @(posedge clk) begin
        s8_v <= s7_v && !rst;
        s8_x <= s7_x[DW-1:2*CH];
        s8_y <= s7_y[DW-1:2*CH];
        s8_s <= {add1[CH-1:0], s7_s};
        s8_c <= add1[CH];
        s8_half <= s7_half;
        s8_we <= s7_we;
        s8_wa <= s7_wa;
    end
    wire [CH-1:0] add2 = s8_x + s8_y + {{(CH-1){1'b0}}, s8_c};
    reg [DW-1:0] s9_sum;
    reg s9_we = 1'b0, s9_half;
    reg s9_orlo;                    // |s9_sum[2*CH-1:7], from S8's registers
    reg [7:0] s9_wa;
    always @(posedge clk) begin
        s9_we <= s8_v && s8_we && !rst;
        s9_sum <= {add2, s8_s};
        s9_orlo <= |s8_s[2*CH-1:7];
        s9_half <= s8_half;
        s9_wa <= s8_wa;
    end

    // ---- S9: the register write (RSR's halving on the way) --------------------------------------------
    wire [DW-1:0] wd9 = s9_half ? {s9_sum[DW-1], s9_sum[DW-1:1]} : s9_sum;
    // wd9 >= 64 and >= 32, from the sum's bits (halved: its bits one up)
    wire or7_9 = s9_orlo || |s9_sum[DW-2:2*CH];
    wire big6_9 = !s9_sum[DW-1] && (or7_9 || (!s9_half && s9_sum[6]));
    wire big5_9 = !s9_sum[DW-1] && (or7_9 || s9_sum[6] || (!s9_half && s9_sum[5]));
    always @(posedge clk) begin
        if (s9_we) begin
            rfa[s9_wa] <= wd9;
            rfb[s9_wa] <= {big6_9, big5_9, wd9};
        end
    end

    // ---- slot state, streams, cfg, flags ---------------------------------------------------------
    localparam [AXIS_W:0] NA = NUM_AXES[AXIS_W:0];
    // cfg requests, one register per model; the LuGre one is served first
    reg [1:0] q_v = 2'b00, q_commit;
    reg [4:0] q_addr [0:1];
    reg [PWB-1:0] q_data [0:1];
    reg [1:0] q_ax [0:1];
    // a commit anywhere: in a request register, marked or being copied
    wire commit_busy = |cpend_r || |busy_r || |(q_v & q_commit);
    // model index: 0 LuGre, 1 Stribeck. A commit (or a state reset) is
    // applied only when no sample waits in the model's input register, so a
    // sample taken before it, or in the same clock, sees the old set.
    // cfg_ready and srst_ready are registers: high from the clock after the
    // request register emptied and no commit remained (a clock later than
    // the state allows, never earlier)
    reg [1:0] c_rdy = 2'b00;
    reg r_rdy = 1'b0;
    assign lg_cfg_ready = c_rdy[0];
    assign st_cfg_ready = c_rdy[1];
    assign lg_s_axis_tready = !i_v[0];
    assign st_s_axis_tready = !i_v[1];
    // a commit only marks its slot: each model's is served on its own; the
    // words share the parameter memory's write port, LuGre's first
    // (not in a rst cycle: rst rewrites cpend_r, and the mark would be lost
    // with the request; the request waits and is marked after the reset)
    wire [1:0] c_go = q_v & q_commit & ~i_v & {2{!rst}};
    wire [1:0] w_req = q_v & q_old & ~q_commit;
    wire wf = !w_req[0];               // the word written this cycle: LuGre's if any
    wire w_go = w_req[wf];
    // a word fits its field: the width checks of every field class
    // (fric_word_fits, registered with the request) ANDed with the one-hot
    // class of its word number (0 past the set). Classes: 0 DS, 1 BS, 2 KS,
    // C1S, KDS, 3 the W-bit mantissas, 4 FC, 5 DM (signed), 6 DSEL, MD_EN,
    // 7 KYX (signed)
    localparam integer NCLS = 8;
    localparam integer B_KYX = `FRIC_BITS_KYX(W), B_DSEL = `FRIC_BITS_DSEL(W), B_DM = `FRIC_BITS_DM_P(W),
                       B_FC = `FRIC_BITS_FC_P(W), B_KM = `FRIC_BITS_KM(W), B_KS = `FRIC_BITS_KS(W),
                       B_BS = `FRIC_BITS_BS_P(W), B_DS = `FRIC_BITS_DS_P(W);
    localparam [8*NCLS-1:0] CLS_W = {B_KYX[7:0], B_DSEL[7:0], B_DM[7:0], B_FC[7:0], B_KM[7:0], B_KS[7:0],
                                     B_BS[7:0], B_DS[7:0]};
    function automatic [NCLS-1:0] word_class(input [4:0] addr, input stribeck);
        begin
            case (addr)
                `FRIC_WORD_DS_P, `FRIC_WORD_DS_N: word_class = 8'b00000001;
                `FRIC_WORD_BS_P, `FRIC_WORD_BS_N: word_class = 8'b00000010;
                `FRIC_WORD_KS, `FRIC_WORD_KS_N, `FRIC_WORD_C1S, `FRIC_WORD_KDS: word_class = 8'b00000100;
                `FRIC_WORD_KM, `FRIC_WORD_KM_N, `FRIC_WORD_BM_P, `FRIC_WORD_BM_N, `FRIC_WORD_KYM, `FRIC_WORD_C1M,
                `FRIC_WORD_KDM:
                    word_class = 8'b00001000;
                `FRIC_WORD_FC_P, `FRIC_WORD_FC_N: word_class = 8'b00010000;
                `FRIC_WORD_DM_P, `FRIC_WORD_DM_N: word_class = 8'b00100000;
                `FRIC_WORD_DSEL, `FRIC_WORD_MD_EN: word_class = 8'b01000000;
                `FRIC_WORD_KYX: word_class = 8'b10000000;
                default: word_class = 8'b00000000;
            endcase
            if (stribeck && addr >= `FRIC_WORDS_STRIBECK) word_class = 8'b00000000;
        end
    endfunction
    wire [NCLS-1:0] lg_fits, st_fits;
    fric_word_fits #(.N(NCLS), .WIDTHS(CLS_W), .SIGNS(8'b10100000)) u_lg_fits (
        .clk(clk), .en(c_rdy[0]), .d(lg_cfg_data), .fits(lg_fits));
    fric_word_fits #(.N(NCLS), .WIDTHS(CLS_W), .SIGNS(8'b10100000)) u_st_fits (
        .clk(clk), .en(c_rdy[1]), .d(st_cfg_data), .fits(st_fits));
    reg [NCLS-1:0] q_cls [0:1];
    // the verdict a clock after the checks (a request waits that clock)
    reg [1:0] q_ok = 2'b00, q_old = 2'b00;
    // the state-reset request
    reg r_v = 1'b0, r_all;
    reg [AXIS_W-1:0] r_ax;
    assign lg_srst_ready = r_rdy;
    wire [1:0] c_take = {st_cfg_valid && c_rdy[1], lg_cfg_valid && c_rdy[0]};
    wire c_take_commit = (c_take[0] && lg_cfg_commit) || (c_take[1] && st_cfg_commit);
    reg [2:0] sticky_st = 3'd0;
    reg [4:0] sticky_lg = 5'd0;
    reg [1:0] cfg_bad;
    integer si;
    always @(posedge clk) begin
        // cfg: take requests, serve one a cycle
        cfg_bad <= 2'b00;
        // a request register follows its port while ready (a register), so
        // the port's valid only sets q_v: a short path from the register file
        if (c_rdy[0]) begin
            q_v[0] <= lg_cfg_valid;
            q_commit[0] <= lg_cfg_commit;
            q_cls[0] <= word_class(lg_cfg_addr, 1'b0);
            q_addr[0] <= lg_cfg_addr;
            q_data[0] <= lg_cfg_data[PWB-1:0];
            q_ax[0] <= {{(2-AXIS_W){1'b0}}, lg_cfg_axis};
        end
        if (c_rdy[1]) begin
            q_v[1] <= st_cfg_valid;
            q_commit[1] <= st_cfg_commit;
            q_cls[1] <= word_class({1'b0, st_cfg_addr}, 1'b1);
            q_addr[1] <= {1'b0, st_cfg_addr};
            q_data[1] <= st_cfg_data[PWB-1:0];
            q_ax[1] <= {{(2-AXIS_W){1'b0}}, st_cfg_axis};
        end
        for (si = 0; si < 2; si = si + 1) begin
            if (c_go[si]) begin
                q_v[si] <= 1'b0;
                if ({1'b0, q_ax[si]} < {{(2-AXIS_W){1'b0}}, NA}) cpend_r[{si[0], q_ax[si]}] <= 1'b1;
            end
        end
        q_ok <= {|(st_fits & q_cls[1]), |(lg_fits & q_cls[0])};
        q_old <= q_v;
        cfg_we <= w_go && q_ok[wf];
        cfg_wa <= {1'b1, 2'b00, wf, q_addr[wf]};
        cfg_wd <= {!q_data[wf][PWB-1] && |q_data[wf][PWB-2:6], !q_data[wf][PWB-1] && |q_data[wf][PWB-2:5], q_data[wf]};
        if (w_go) begin
            q_v[wf] <= 1'b0;
            if (!q_ok[wf]) cfg_bad[wf] <= 1'b1;
        end

        c_rdy <= ~q_v & ~c_take & {2{!commit_busy && !c_take_commit}};
        r_rdy <= !r_v && !(lg_srst_valid && r_rdy);

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

        // S3: OUT, IN
        if (o_v[0] && lg_m_axis_tready) o_v[0] <= 1'b0;
        if (o_v[1] && st_m_axis_tready) o_v[1] <= 1'b0;
        if (out_go3) begin
            o_v[f3] <= 1'b1;
            o_d[f3] <= s3_a[15:0];
            o_ax[f3] <= s3_slot[1:0];
            o_fl[f3] <= jfl_r[s3_slot];
        end
        // the slot's bits, through its one-hot code (the enables are then
        // one LUT of registers)
        for (si = 0; si < 8; si = si + 1) begin
            if (in3 && s3_soh[si]) busy_r[si] <= 1'b0;
            if (in_commit3 && s3_soh[si]) begin
                cpend_r[si] <= 1'b0;
                busy_r[si] <= 1'b1;
            end
            if (in_take3 && s3_soh[si]) dir_r[si] <= s3_vd[15];
        end
        for (si = 0; si < 4; si = si + 1)
            if (in_rst3 && s3_soh[si]) rpend_r[si] <= 1'b0;
        if (in_take3) i_v[f3] <= 1'b0;

        // S4: the flags an OUT sent are cleared a clock after it (the slot's
        // next instruction is a round later, so nothing sets them between)
        s4_jclr <= (out_go3 && !rst) ? s3_soh : 8'd0;
        for (si = 0; si < 8; si = si + 1)
            if (s4_jclr[si]) jfl_r[si] <= 5'd0;

        // S5: the PC
        if (s5_v) pc_r[s5_slot] <= s5_npc;

        // S5: MIN / MAX's flag, set in the slot's flags (one-hot decodes, so
        // the set is an OR of registers)
        if (s5_v && s5_take)
            for (si = 0; si < 8; si = si + 1)
                if (s5_soh[si]) jfl_r[si] <= jfl_r[si] | s5_fmask;

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
            r_rdy <= 1'b0;
            c_rdy <= 2'b00;
            dir_r <= 8'd0;
            i_v <= 2'b00;
            o_v <= 2'b00;
            sticky_st <= 3'd0;
            sticky_lg <= 5'd0;
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

    wire unused = &{1'b0, s3_ir[4:0], s3_ir[20:14], p2[31:DW-32]};
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_eng.sby, docs/formal.md) ========
    // The module is the top of its proof. The processor is cut (rtl/formal/fric_eng.sby): the
    // instruction classes S3 acts on (s3_in, s3_out), S3's instruction word and PC, the operand an
    // OUT sends (s3_a), CPY's write enable (s2_cpy) and MIN / MAX's flag set (s5_take, s5_fmask) are
    // free in every cycle, so the program ROM, the register file and the datapath have no reader and
    // are removed. Every program is one of those behaviours, so a property that holds here holds for
    // the real program; the round, the input and output registers, the cfg and state-reset requests,
    // the marks, the flags and the IN / OUT actions stay. What depends on the program (each sample an
    // IN takes leads to one OUT, the path's length) is left to the benches, which run the program
    // against its simulator. Environment (assumptions): rst high in the first cycle, free after it;
    // both s_axis masters follow AXI4-Stream (tvalid held until tready, payload stable meanwhile; a
    // reset ends it); the m_axis readies, the cfg and state-reset ports and flags_clear are free.
    // Properties, for each model m (0 LuGre, 1 Stribeck):
    //   m_hold     m_axis_tvalid held until m_axis_tready, payload stable
    //   in_once    every accepted input beat is taken by exactly one IN, of its axis's slot, with
    //              its velocity; an IN takes no other
    //   out_once   every OUT that goes gives exactly one output beat, with the OUT's value, its
    //              slot's axis and flags
    //   cfg_word   a cfg word is taken only when cfg_ready is high; each word taken is written into
    //              its model's staging set with its data, once, within 4 cycles, when it fits its
    //              field, and sets CFG otherwise; no other staging write happens
    //   cfg_commit a commit is marked only while no sample of its model waits; a sample accepted
    //              after a commit's handshake is taken only after the commit is marked (its slot's
    //              IN then copies the set before it takes the sample)
    //   srst       likewise for a state reset (LuGre): a sample accepted after it is taken only
    //              after its slot is marked (whose IN zeroes the state first)
    //   flags      a sticky flag falls only with its flags_clear bit or rst,
    //              rises only with an output beat that carries it or a
    //              refused word; a refused word sets CFG
`include "fric_lugre_fits.vh"
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    wire [1:0] f_s_valid = {st_s_axis_tvalid, lg_s_axis_tvalid};
    wire [1:0] f_s_ready = {st_s_axis_tready, lg_s_axis_tready};
    wire [15:0] f_s_data [0:1];
    assign f_s_data[0] = lg_s_axis_tdata;
    assign f_s_data[1] = st_s_axis_tdata;
    wire [AXIS_W-1:0] f_s_ax [0:1];
    assign f_s_ax[0] = lg_s_axis_tuser;
    assign f_s_ax[1] = st_s_axis_tuser;
    wire [1:0] f_m_valid = {st_m_axis_tvalid, lg_m_axis_tvalid};
    wire [1:0] f_m_ready = {st_m_axis_tready, lg_m_axis_tready};
    wire [15:0] f_m_data [0:1];
    assign f_m_data[0] = lg_m_axis_tdata;
    assign f_m_data[1] = st_m_axis_tdata;
    wire [AXIS_W+3:0] f_m_user [0:1];
    assign f_m_user[0] = lg_m_axis_tuser;
    assign f_m_user[1] = {2'b00, st_m_axis_tuser};
    wire [1:0] f_c_valid = {st_cfg_valid, lg_cfg_valid};
    wire [1:0] f_c_ready = {st_cfg_ready, lg_cfg_ready};
    wire [1:0] f_c_commit = {st_cfg_commit, lg_cfg_commit};
    wire [4:0] f_c_addr [0:1];
    assign f_c_addr[0] = lg_cfg_addr;
    assign f_c_addr[1] = {1'b0, st_cfg_addr};
    wire [31:0] f_c_data [0:1];
    assign f_c_data[0] = lg_cfg_data;
    assign f_c_data[1] = st_cfg_data;
    wire [AXIS_W-1:0] f_c_ax [0:1];
    assign f_c_ax[0] = lg_cfg_axis;
    assign f_c_ax[1] = st_cfg_axis;
    wire [4:0] f_flags [0:1];
    assign f_flags[0] = lg_flags;
    assign f_flags[1] = {2'b00, st_flags};
    wire [4:0] f_fclr [0:1];
    assign f_fclr[0] = lg_flags_clear;
    assign f_fclr[1] = {2'b00, st_flags_clear};
    // ---- the model's view, per model ----
    reg [1:0] f_inq = 2'b00;                 // an accepted beat not yet taken by an IN
    reg [15:0] f_inq_d [0:1];
    reg [AXIS_W-1:0] f_inq_ax [0:1];
    reg [1:0] f_inq_cm = 2'b00;              // accepted after a commit of its axis, not yet marked
    reg f_inq_sr = 1'b0;                     // (LuGre) accepted after a state reset of its axis, not yet marked
    reg [1:0] f_oq = 2'b00;                  // an OUT's beat not yet handed over
    reg [15:0] f_oq_d [0:1];
    reg [AXIS_W-1:0] f_oq_ax [0:1];
    reg [4:0] f_oq_fl [0:1];
    reg [1:0] f_wq = 2'b00;                  // a cfg word taken, not yet written or refused
    reg [4:0] f_wq_addr [0:1];
    reg [PWB-1:0] f_wq_data [0:1];
    reg [1:0] f_wq_ok;
    reg [2:0] f_wq_age [0:1];
    reg [7:0] f_cmq = 8'd0;                  // {model, axis}: a commit taken, not yet marked
    reg [3:0] f_srq = 4'd0;                  // a state reset of the axis taken, not yet marked
    reg [7:0] f_cp_last = 8'd0;
    reg [3:0] f_rp_last = 4'd0;
    reg [1:0] f_inq_last = 2'b00;
    reg [4:0] f_flags_last [0:1];
    reg [4:0] f_fclr_last [0:1];
    reg [1:0] f_bad_last = 2'b00;
    reg f_rst_last = 1'b1;
    integer fm, fa;
    // the marks: a commit leaves its request register, a state reset its
    wire [1:0] f_cm_go = c_go;
    wire f_sr_go = r_v && !i_v[0];
    initial begin
        f_flags_last[0] = 5'd0; f_flags_last[1] = 5'd0;
        f_fclr_last[0] = 5'd0; f_fclr_last[1] = 5'd0;
        f_wq_age[0] = 3'd0; f_wq_age[1] = 3'd0;
    end
    always @(posedge clk) begin
        f_cp_last <= cpend_r;
        f_rp_last <= rpend_r;
        f_inq_last <= f_inq;
        f_bad_last <= cfg_bad;
        f_rst_last <= rst;
        for (fm = 0; fm < 2; fm = fm + 1) begin
            f_flags_last[fm] <= f_flags[fm];
            f_fclr_last[fm] <= f_fclr[fm];
            // inputs
            if (in_take3 && f3 == fm) begin
                f_inq[fm] <= 1'b0;
                f_inq_cm[fm] <= 1'b0;
                if (fm == 0) f_inq_sr <= 1'b0;
            end
            if (f_s_valid[fm] && f_s_ready[fm]) begin
                f_inq[fm] <= 1'b1;
                f_inq_d[fm] <= f_s_data[fm];
                f_inq_ax[fm] <= f_s_ax[fm];
                // (a mark in the same cycle comes first: the sample is
                // taken after it)
                f_inq_cm[fm] <= f_cmq[{fm[0], {(2-AXIS_W){1'b0}}, f_s_ax[fm]}] &&
                                !(f_cm_go[fm] && q_ax[fm] == {{(2-AXIS_W){1'b0}}, f_s_ax[fm]});
                if (fm == 0) f_inq_sr <= f_srq[{{(2-AXIS_W){1'b0}}, f_s_ax[fm]}] && !f_sr_go;
            end
            // a mark (the request register lets the commit go) clears what waits for it
            if (f_cm_go[fm] && f_inq[fm] && q_ax[fm] == {{(2-AXIS_W){1'b0}}, f_inq_ax[fm]}) f_inq_cm[fm] <= 1'b0;
            // outputs
            if (f_m_valid[fm] && f_m_ready[fm]) f_oq[fm] <= 1'b0;
            if (out_go3 && f3 == fm) begin
                f_oq[fm] <= 1'b1;
                f_oq_d[fm] <= s3_a[15:0];
                f_oq_ax[fm] <= s3_slot[AXIS_W-1:0];
                f_oq_fl[fm] <= jfl_r[s3_slot];
            end
            // cfg words
            if (f_wq[fm]) f_wq_age[fm] <= f_wq_age[fm] + 3'd1;
            if ((cfg_we && cfg_wa[8] && cfg_wa[5] == fm) || cfg_bad[fm]) f_wq[fm] <= 1'b0;
            if (f_c_valid[fm] && f_c_ready[fm] && !f_c_commit[fm]) begin
                f_wq[fm] <= 1'b1;
                f_wq_addr[fm] <= f_c_addr[fm];
                f_wq_data[fm] <= f_c_data[fm][PWB-1:0];
                f_wq_ok[fm] <= fits(f_c_addr[fm], f_c_data[fm]) && (fm == 0 || f_c_addr[fm] < `FRIC_WORDS_STRIBECK);
                f_wq_age[fm] <= 3'd0;
            end
            // commits: taken, then marked
            if (f_cm_go[fm]) f_cmq[{fm[0], q_ax[fm]}] <= 1'b0;
            if (f_c_valid[fm] && f_c_ready[fm] && f_c_commit[fm])
                f_cmq[{fm[0], {(2-AXIS_W){1'b0}}, f_c_ax[fm]}] <= 1'b1;
        end
        // state resets
        if (f_sr_go) begin
            f_srq <= 4'd0;
            f_inq_sr <= 1'b0;
        end
        if (lg_srst_valid && lg_srst_ready)
            for (fa = 0; fa < NUM_AXES; fa = fa + 1)
                if (lg_srst_all || lg_srst_axis == fa) f_srq[fa] <= 1'b1;
        if (rst) begin
            f_inq <= 2'b00;
            f_inq_cm <= 2'b00;
            f_oq <= 2'b00;
            // rst drops a state reset not yet marked: the boot code zeroes
            // every state
            f_srq <= 4'd0;
            f_inq_sr <= 1'b0;
        end
    end

`ifndef FRIC_FORMAL_NOINV
    // ---- invariants (for the induction; also in reset cycles: rst leaves the request registers) ----
    integer fj;
    always @(*)
        if (f_past_valid) begin
            for (fj = 0; fj < 2; fj = fj + 1) begin
                // a commit taken and not marked is the one in the request register
                assert(f_cmq[4*fj +: 4] == ((q_v[fj] && q_commit[fj]) ? (4'd1 << q_ax[fj]) : 4'd0));
                if (f_inq_cm[fj]) assert(f_inq[fj] && f_cmq[{fj[0], {(2-AXIS_W){1'b0}}, f_inq_ax[fj]}]);
                // a word taken and not written or refused: in the request register,
                // or being written, or refused in this cycle
                assert(f_wq[fj] == ((q_v[fj] && !q_commit[fj]) || (cfg_we && cfg_wa[5] == fj) || cfg_bad[fj]));
                if (q_v[fj] && !q_commit[fj])
                    assert(q_addr[fj] == f_wq_addr[fj] && q_data[fj] == f_wq_data[fj] &&
                                       (|((fj == 0 ? lg_fits : st_fits) & q_cls[fj])) == f_wq_ok[fj] &&
                                       (q_old[fj] ? (q_ok[fj] == f_wq_ok[fj] && f_wq_age[fj] >= 3'd1 && f_wq_age[fj] <= 3'd2)
                                                  : f_wq_age[fj] == 3'd0) && !c_rdy[fj]);
                if (cfg_we && cfg_wa[5] == fj || cfg_bad[fj]) assert(f_wq_age[fj] <= 3'd3 && !(cfg_we && cfg_wa[5] == fj && cfg_bad[fj]));
                if (q_v[fj] && q_commit[fj]) assert(!c_rdy[fj]);
            end
            f_inv_we: assert(!cfg_we || (cfg_wa[8] && cfg_wa[7:6] == 2'b00));
            // a state reset taken and not marked is the one in its request register
            f_inv_srq: assert(f_srq == (r_v ? (r_all ? ((4'd1 << NUM_AXES) - 4'd1) : (4'd1 << r_ax)) : 4'd0));
            if (f_inq_sr) f_inv_inq_sr: assert(f_inq[0] && f_srq[{{(2-AXIS_W){1'b0}}, f_inq_ax[0]}]);
            if (r_v) f_inv_rv: assert(!r_rdy);
            // no sample accepted after a commit or a state reset waits for its
            // mark: the mark goes in the first cycle the input register is
            // empty, the only cycles such a sample can be accepted in
            f_inv_nowait: assert(f_inq_cm == 2'b00 && !f_inq_sr);
            // a beat held in an input or output register (for any number of
            // cycles) is the one the model's view holds
            for (fj = 0; fj < 2; fj = fj + 1) begin
                if (i_v[fj]) assert(i_d[fj] == f_inq_d[fj] && i_ax[fj] == {{(2-AXIS_W){1'b0}}, f_inq_ax[fj]});
                if (o_v[fj]) assert(o_d[fj] == f_oq_d[fj] && o_ax[fj][AXIS_W-1:0] == f_oq_ax[fj] && o_fl[fj] == f_oq_fl[fj]);
            end
        end
`endif

    // ---- properties ----
    always @(*)
        if (f_past_valid && !rst) begin
            // the input and output registers are the model's beats
            f_inv_in: assert(lg_s_axis_tready == !f_inq[0] && st_s_axis_tready == !f_inq[1]);
            f_inv_out: assert(lg_m_axis_tvalid == f_oq[0] && st_m_axis_tvalid == f_oq[1]);
        end
    // the labelled forms (for the report and the seeded bugs)
    always @(posedge clk)
        if (f_past_valid && !rst) begin
            if ($past(lg_m_axis_tvalid && !lg_m_axis_tready && !rst))
                p_m_hold_lg: assert(lg_m_axis_tvalid && lg_m_axis_tdata == $past(lg_m_axis_tdata) && lg_m_axis_tuser == $past(lg_m_axis_tuser));
            if ($past(st_m_axis_tvalid && !st_m_axis_tready && !rst))
                p_m_hold_st: assert(st_m_axis_tvalid && st_m_axis_tdata == $past(st_m_axis_tdata) && st_m_axis_tuser == $past(st_m_axis_tuser));
        end
    always @(*)
        if (f_past_valid && !rst) begin
            if (in_take3) p_in_once_take: assert(f_inq[f3] && s3_slot[1:0] == f_inq_ax[f3] && s3_vd == f_inq_d[f3]);
            if (lg_s_axis_tvalid && lg_s_axis_tready) p_in_once_lg: assert(!f_inq[0] || (in_take3 && !f3));
            if (st_s_axis_tvalid && st_s_axis_tready) p_in_once_st: assert(!f_inq[1] || (in_take3 && f3));
            if (lg_m_axis_tvalid && lg_m_axis_tready) p_out_once_lg: assert(f_oq[0] && lg_m_axis_tdata == f_oq_d[0] &&
                                                                         lg_m_axis_tuser == {f_oq_fl[0][4:2], f_oq_fl[0][0], f_oq_ax[0]});
            if (st_m_axis_tvalid && st_m_axis_tready) p_out_once_st: assert(f_oq[1] && st_m_axis_tdata == f_oq_d[1] &&
                                                                         st_m_axis_tuser == {f_oq_fl[1][1:0], f_oq_ax[1]});
            if (out_go3) p_out_once_go: assert(!f_oq[f3]);
            if (cfg_we && cfg_wa[8])
                p_cfg_word: assert(f_wq[cfg_wa[5]] && f_wq_ok[cfg_wa[5]] && cfg_wa[4:0] == f_wq_addr[cfg_wa[5]] &&
                                   cfg_wd[PWB-1:0] == f_wq_data[cfg_wa[5]] && cfg_wa[7:6] == 2'b00);
            if (cfg_bad[0]) p_cfg_word_bad_lg: assert(f_wq[0] && !f_wq_ok[0]);
            if (cfg_bad[1]) p_cfg_word_bad_st: assert(f_wq[1] && !f_wq_ok[1]);
            p_cfg_word_done: assert((!f_wq[0] || f_wq_age[0] < 3'd4) && (!f_wq[1] || f_wq_age[1] < 3'd4));
            // (rst marks again a commit being copied: it restarts the copy)
            if (!f_rst_last) p_cfg_commit_mark: assert(((cpend_r[3:0] & ~f_cp_last[3:0]) == 4'd0 || !f_inq_last[0]) &&
                                      ((cpend_r[7:4] & ~f_cp_last[7:4]) == 4'd0 || !f_inq_last[1]));
            if (in_take3) p_cfg_commit_take: assert(!f_inq_cm[f3]);
            if (!f_rst_last) p_srst_mark: assert((rpend_r & ~f_rp_last) == 4'd0 || !f_inq_last[0]);
            if (in_take3 && !f3) p_srst_take: assert(!f_inq_sr);
        end
    always @(*)
        if (f_past_valid) begin
            if (!f_rst_last) p_flags_sticky: assert((f_flags_last[0] & ~lg_flags & ~f_fclr_last[0]) == 5'd0 &&
                                                    (f_flags_last[1][2:0] & ~st_flags & ~f_fclr_last[1][2:0]) == 3'd0);
            // a set: with a new output beat that carries it (the beat's flags
            // are in tuser), or a refused word (CFG)
            p_flags_set: assert(((~f_flags_last[0][3:0] & lg_flags[3:0]) == 4'd0 ||
                                 (lg_m_axis_tvalid && (~f_flags_last[0][3:0] & lg_flags[3:0] & ~lg_m_axis_tuser[AXIS_W+3:AXIS_W]) == 4'd0)) &&
                                ((~f_flags_last[1][1:0] & st_flags[1:0]) == 2'd0 ||
                                 (st_m_axis_tvalid && (~f_flags_last[1][1:0] & st_flags[1:0] & ~st_m_axis_tuser[AXIS_W+1:AXIS_W]) == 2'd0)));
            p_flags_set_cfg: assert((f_flags_last[0][4] || !lg_flags[4] || f_bad_last[0]) &&
                                    (f_flags_last[1][2] || !st_flags[2] || f_bad_last[1]));
            if (!f_rst_last) p_flags_cfg_set: assert((!f_bad_last[0] || lg_flags[4]) && (!f_bad_last[1] || st_flags[2]));
        end

    // ---- reachability ----
    always @(*) begin
        cover(f_past_valid && !rst && in_take3 && !f3 && f_inq_cm[0] == 1'b0 && busy_r[s3_slot]);  // a sample taken after a commit's copy
        cover(f_past_valid && !rst && lg_s_axis_tvalid && !lg_s_axis_tready);                     // an input stall
        cover(f_past_valid && !rst && lg_m_axis_tvalid && !lg_m_axis_tready);                     // backpressure
        // back to back: one input register, so a beat is accepted at best in
        // the cycle after its predecessor's IN (f_inq_last)
        cover(f_past_valid && !rst && lg_s_axis_tvalid && lg_s_axis_tready && f_inq_last[0]);     // back-to-back beats
        cover(f_past_valid && !rst && lg_cfg_valid && lg_cfg_ready && lg_cfg_commit &&
              lg_s_axis_tvalid && !lg_s_axis_tready);                                             // a commit while the input stalls
        cover(f_past_valid && rst && f_inq[0] && f_oq[0]);                                        // a reset with beats in flight
        cover(f_past_valid && !rst && in_rst3);                                                   // a state reset applied
    end
`endif
endmodule
`resetall
