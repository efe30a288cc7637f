// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
`include "fric_regs_map.vh"
// fric_regs: the register file of the board tops, a Wishbone B4 classic
// slave (32-bit data, byte addresses, 32-bit accesses; wb_sel_i is not
// used), and the sample sequencer that drives the Stribeck and LuGre cores.
// The map (addresses, fields, meanings) is docs/generated/register-map.md, generated
// with rtl/generated/fric_regs_map.vh and fricore_regs.h from cmodel/gen/fric_gen_regs.c.
//
// Sample sets: a sample tick (tick, with CTRL.RUN) or a STEP write requests
// one set: the velocity of every axis (registered one cycle before it is sent) (VEL[a], or the encoder estimate enc_vel
// for the axes of CTRL.ENC_AXES) goes to both cores, axis 0 first, and the
// forces they return are written to FORCE_S[a] and FORCE_L[a] as they come
// (each returned beat registered once on the way in, so the cores' output
// logic does not reach the sequencer's state in the same cycle).
// STATUS.ACTIVE is high until both cores have returned every axis; SAMPLES
// then counts the set. One request waits while a set runs; a tick that finds
// one already waiting is dropped and sets OVERRUN.
//
// Parameters: a write to S_PARAM[i] / L_PARAM[i] goes to the core's staging
// set at once (the bus waits for the core's cfg_ready) and into a readback
// memory. COMMIT and SRST collect axis masks; at the next sample boundary
// (no set in the cores) the sequencer applies them axis by axis (Stribeck
// commit, LuGre commit, LuGre state reset), before any further set starts,
// so every set sees one parameter set per axis and core (each step a
// registered request to the core, advancing the cycle after its handshake).
// S_PARAM words past the Stribeck core's word addresses (16 and up) are
// refused here and set S_CFG.
//
// Bus timing: wb_ack_o of a read is high 5 cycles after the cycle in which
// wb_stb_i rises (the request registered with its address classes decoded;
// the plain registers' one-hot AND-OR mux; the readback memory and table
// reads with the final mux; the data out: each a register); of a write 2
// cycles after, except a parameter word, which waits for the core (and for
// a commit being applied).
//
// Flags: FLAGS = the cores' sticky flags (cleared through their
// flags_clear) and this file's own (OVERRUN, ENC_SAT, ENC_ERR, VEL_SAT, and
// the S_CFG of refused word numbers); a 1 written clears, a set wins.
// rst (synchronous) clears the registers, the requests, the masks and the
// flags, and drops a set in progress (the cores are reset with it by the top).
module fric_regs #(
    // datapath width of the cores: 16 or 18
    parameter integer W = 16,
    // axes of both cores, 1..8
    parameter integer NUM_AXES = 4,
    // 1: the encoder path is present (CAPS.ENC)
    parameter integer HAS_ENC = 1,
    // 1: the Stribeck / the LuGre core is present (CAPS.STRIBECK, CAPS.LUGRE;
    // the top puts fric_core_absent in place of a core left out)
    parameter integer HAS_STRIBECK = 1,
    parameter integer HAS_LUGRE = 1,
    // 1: the shadow readback memory in LUT RAM (ECP5: its read is registered
    // in fabric, not behind a block RAM's slow output); 0: one block RAM
    parameter integer OPT_LUTRAM = 0
) (
    input  wire                   clk,
    input  wire                   rst,

    // Wishbone B4 classic slave
    input  wire                   wb_cyc_i,
    input  wire                   wb_stb_i,
    input  wire                   wb_we_i,
    input  wire [11:0]            wb_adr_i,
    input  wire [31:0]            wb_dat_i,
    input  wire [3:0]             wb_sel_i,
    output reg  [31:0]            wb_dat_o,
    output reg                    wb_ack_o,

    // sample tick (one cycle), encoder estimate and status
    input  wire                   tick,
    output wire [23:0]            tick_div,
    input  wire [31:0]            enc_pos,
    input  wire [W-1:0]           enc_vel,
    input  wire                   enc_sat,
    input  wire                   enc_err,
    output wire [15:0]            enc_gain,
    output wire [4:0]             enc_shift,

    // the Stribeck core
    output wire [W-1:0]           st_s_tdata,
    output wire [AXIS_W-1:0]      st_s_tuser,
    output wire                   st_s_tvalid,
    input  wire                   st_s_tready,
    input  wire [W-1:0]           st_m_tdata,
    input  wire [AXIS_W+1:0]      st_m_tuser,
    input  wire                   st_m_tvalid,
    output wire                   st_cfg_valid,
    input  wire                   st_cfg_ready,
    output wire                   st_cfg_commit,
    output wire [3:0]             st_cfg_addr,
    output wire [AXIS_W-1:0]      st_cfg_axis,
    output wire [31:0]            st_cfg_data,
    input  wire [2:0]             st_flags,
    output wire [2:0]             st_flags_clear,

    // the LuGre core
    output wire [W-1:0]           lg_s_tdata,
    output wire [AXIS_W-1:0]      lg_s_tuser,
    output wire                   lg_s_tvalid,
    input  wire                   lg_s_tready,
    input  wire [W-1:0]           lg_m_tdata,
    input  wire [AXIS_W+3:0]      lg_m_tuser,
    input  wire                   lg_m_tvalid,
    output wire                   lg_cfg_valid,
    input  wire                   lg_cfg_ready,
    output wire                   lg_cfg_commit,
    output wire [4:0]             lg_cfg_addr,
    output wire [AXIS_W-1:0]      lg_cfg_axis,
    output wire [31:0]            lg_cfg_data,
    output wire                   lg_srst_valid,
    input  wire                   lg_srst_ready,
    output wire [AXIS_W-1:0]      lg_srst_axis,
    input  wire [4:0]             lg_flags,
    output wire [4:0]             lg_flags_clear
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);
    localparam integer MAXA = `FRIC_REG_MAX_AXES;

    initial begin
        if (NUM_AXES < 1 || NUM_AXES > MAXA) begin
            $display("fric_regs: NUM_AXES = %0d, allowed 1..%0d", NUM_AXES, MAXA);
            $finish;
        end
        if (W != 16 && W != 18) begin
            $display("fric_regs: W = %0d, allowed 16 or 18", W);
            $finish;
        end
    end

    // ---- address decode -------------------------------------------------------
    // the bus request, registered before the state machine decodes it (one
    // cycle more per access; the decode then starts from registers): taken
    // in WB_IDLE, decoded in the next cycle, which is still WB_IDLE
    reg rq_v = 1'b0, rq_we;
    // decoded with the request: the addresses the sequencer's masks follow,
    // and whether the masks written are nonzero
    reg rq_commit, rq_srst, rq_flags, rq_nz16, rq_nz8;
    reg [11:2] rq_adr;
    reg [31:0] rq_dat;
    // the address classes, decoded from the bus's address (ai) and
    // registered with the request (rq_*), so the state machine's write
    // enables and the read select start from registers
    wire [11:0] ai = {wb_adr_i[11:2], 2'b00};
    wire ai_param = (ai[11:7] == 5'b0_0010) || (ai[11:7] == 5'b0_0011);  // 0x100..0x1FC
    wire ai_vel = (ai[11:5] == 7'b0010_000) && ({1'b0, ai[4:2]} < NUM_AXES[3:0]);  // VEL[0..NUM_AXES-1]
    reg rq_param, rq_vel, rq_ctrl, rq_tdiv, rq_step, rq_escale;

    // ---- registers ----------------------------------------------------------------
    reg run_reg;
    reg [MAXA-1:0] enc_axes_reg;
    reg [23:0] tick_div_reg;
    reg [15:0] enc_gain_reg;
    reg [4:0] enc_shift_reg;
    reg [31:0] samples_reg;
    reg [15:0] set_cnt_reg, set_cycles_reg;  // cycles of the running set, of the last one
    reg [W-1:0] vel_reg [0:NUM_AXES-1];
    reg [W-1:0] fs_reg [0:NUM_AXES-1];
    reg [W-1:0] fl_reg [0:NUM_AXES-1];
    reg [MAXA-1:0] pend_s_reg, pend_l_reg, pend_r_reg;
    reg req_reg;
    // own sticky flags: OVERRUN, ENC_SAT, ENC_ERR, VEL_SAT, S_CFG (refused word numbers)
    reg ovr_reg, esat_reg, eerr_reg, vsat_reg, scfg_reg;

    assign tick_div = tick_div_reg;
    assign enc_gain = enc_gain_reg;
    assign enc_shift = enc_shift_reg;


    // ---- bus state --------------------------------------------------------------------
    localparam [2:0] WB_IDLE = 3'd0, WB_RD0 = 3'd5, WB_RD = 3'd1, WB_RD2 = 3'd4, WB_PW = 3'd2, WB_ACK = 3'd3;
    reg [2:0] wb_state_reg;
    reg [11:2] wb_a_reg;  // the word address taken
    reg [31:0] wb_d_reg;

    // ---- sequencer state ------------------------------------------------------------
    localparam [1:0] SQ_IDLE = 2'd0, SQ_APPLY = 2'd1, SQ_RUN = 2'd2;
    reg [1:0] sq_reg;
    reg [3:0] ax_reg;         // axis being applied or sent (NUM_AXES: all sent)
    reg [1:0] step_reg;       // APPLY: 0 Stribeck commit, 1 LuGre commit, 2 state reset
    reg [MAXA-1:0] ap_s_reg, ap_l_reg, ap_r_reg;  // masks being applied
    reg sent_s_reg, sent_l_reg; // this axis's sample taken by the core
    reg ld_reg;                 // RUN: this cycle loads the axis's velocity into vel_q_reg
    reg [W-1:0] vel_q_reg;      // the velocity of axis ax_reg, registered (a short path into the cores)
    reg [3:0] got_s_reg, got_l_reg;   // outputs returned in this set

    wire wb_new = rq_v & (wb_state_reg == WB_IDLE);
    // pending = |{pend_s_reg, pend_l_reg, pend_r_reg}, kept as a register of
    // its own (set with the masks, cleared when APPLY takes them) so the
    // sequencer's decisions do not start with a 24-input OR
    reg pending_reg = 1'b0;
    wire pending = pending_reg;

    // parameter word to the cores (the bus owns the cfg ports outside APPLY)
    // wb_pw_reg: wb_state_reg is WB_PW; pws_reg, pwr_reg, pwl_reg: and the
    // word is an S_PARAM word 0..15, an S_PARAM word 16..31 (refused) or an
    // L_PARAM word. Flags of their own, kept with the state, so the cfg
    // handshakes start from registers.
    reg wb_pw_reg = 1'b0, pws_reg = 1'b0, pwr_reg = 1'b0, pwl_reg = 1'b0;
    wire sq_not_apply = (sq_reg != SQ_APPLY);
    wire pw_s = pws_reg && sq_not_apply;
    wire pw_s_refused = pwr_reg && sq_not_apply;
    wire pw_l = pwl_reg && sq_not_apply;
    wire [2:0] ax = ax_reg[2:0];
    // APPLY's step requests are registers: entering a step (at the take, or
    // the cycle after the last step ended) sets the step's request when its
    // mask bit is set, or ap_skip_reg when it is not; the request drops at
    // its handshake. ap_adv_reg (the step is done) is set by a handshake or a
    // skip, and the step advances the next cycle, so the cores' ready flags
    // (across the chip) only reach these registers.
    reg ap_sv_reg = 1'b0, ap_lv_reg = 1'b0, ap_rv_reg = 1'b0;
    reg ap_skip_reg = 1'b0, ap_adv_reg = 1'b0;
    reg nx_l_reg, nx_r_reg, nx_s_reg, ax_last_reg;
    wire ap_s = ap_sv_reg;
    wire ap_l = ap_lv_reg;
    wire ap_r = ap_rv_reg;

    // readback memory of both shadow sets: 64 words, read every cycle at the
    // taken address (wb_a_reg) into shadow_q (valid in WB_RD, where the read
    // mux takes it); written by a parameter word the bus forwards.
    // A read never uses a word written in the same cycle (the bus is busy
    // with the write then), so no read-during-write logic is needed.
    wire [31:0] shadow_q;
    wire        shadow_we = pw_s_refused || (pw_s && st_cfg_ready) || (pw_l && lg_cfg_ready);
    wire [5:0]  shadow_wa = {wb_a_reg[7], wb_a_reg[6:2]};
    wire [5:0]  shadow_ra = {wb_a_reg[7], wb_a_reg[6:2]};  // taken in WB_IDLE, read in WB_RD0
    integer i;
    generate
        if (OPT_LUTRAM != 0) begin : g_shadow_lut
            (* ram_style = "distributed", no_rw_check *)
            reg [31:0] shadow_mem [0:63];
            reg [31:0] q_reg;
            initial for (i = 0; i < 64; i = i + 1) shadow_mem[i] = 32'd0;  // as the cores' staging sets
            always @(posedge clk) begin
                if (shadow_we) shadow_mem[shadow_wa] <= wb_d_reg;
                q_reg <= shadow_mem[shadow_ra];
            end
            assign shadow_q = q_reg;
        end else begin : g_shadow_bram
            (* no_rw_check *)
            reg [31:0] shadow_mem [0:63];
            reg [31:0] q_reg;
            initial for (i = 0; i < 64; i = i + 1) shadow_mem[i] = 32'd0;  // as the cores' staging sets
            always @(posedge clk) begin
                if (shadow_we) shadow_mem[shadow_wa] <= wb_d_reg;
                q_reg <= shadow_mem[shadow_ra];
            end
            assign shadow_q = q_reg;
        end
    endgenerate

    assign st_cfg_valid = pw_s | ap_s;
    assign st_cfg_commit = ap_s;
    assign st_cfg_addr = wb_a_reg[5:2];
    assign st_cfg_axis = ax[AXIS_W-1:0];
    assign st_cfg_data = wb_d_reg;
    assign lg_cfg_valid = pw_l | ap_l;
    assign lg_cfg_commit = ap_l;
    assign lg_cfg_addr = wb_a_reg[6:2];
    assign lg_cfg_axis = ax[AXIS_W-1:0];
    assign lg_cfg_data = wb_d_reg;
    assign lg_srst_valid = ap_r;
    assign lg_srst_axis = ax[AXIS_W-1:0];

    // an APPLY step is done when its handshake completes or its axis is not in the mask
    wire ap_hs_s = ap_sv_reg && st_cfg_ready;
    wire ap_hs_l = ap_lv_reg && lg_cfg_ready;
    wire ap_hs_r = ap_rv_reg && lg_srst_ready;

    // the sample of axis ax_reg, to both cores in lockstep
    wire [W-1:0] vel_now = (enc_axes_reg[ax] && HAS_ENC != 0) ? enc_vel : vel_reg[ax[AXIS_W-1:0]];
    wire in_run = (sq_reg == SQ_RUN) && (ax_reg < NUM_AXES[3:0]) && !ld_reg;
    assign st_s_tdata = vel_q_reg;
    assign lg_s_tdata = vel_q_reg;
    assign st_s_tuser = ax[AXIS_W-1:0];
    assign lg_s_tuser = ax[AXIS_W-1:0];
    assign st_s_tvalid = in_run && !sent_s_reg;
    assign lg_s_tvalid = in_run && !sent_l_reg;
    wire take_s = st_s_tvalid && st_s_tready;
    wire take_l = lg_s_tvalid && lg_s_tready;
    // the axis advances the cycle after both cores have taken its sample, so
    // the counter sees only these registers (not the cores' tready, across the chip)
    wire both_sent = sent_s_reg && sent_l_reg;
    // the cores' returned beats, registered once (below)
    reg              sb_v_reg = 1'b0, lb_v_reg = 1'b0;
    reg [W-1:0]      sb_d_reg, lb_d_reg;
    reg [AXIS_W-1:0] sb_a_reg, lb_a_reg;

    // ---- W1C of the flags --------------------------------------------------------------
    wire fl_wr = wb_new && rq_we && rq_flags;
    wire commit_wr = wb_new && rq_we && rq_commit;
    wire srst_wr = wb_new && rq_we && rq_srst;
    // the sequencer takes the collected masks at a boundary (not while the bus writes a word)
    wire ap_take = (sq_reg == SQ_IDLE) && pending && !wb_pw_reg;
    // a tick with RUN finds a request that is not taken this cycle: one set is dropped
    wire overrun = tick && run_reg && req_reg && !(sq_reg == SQ_IDLE && !pending);
    assign st_flags_clear = fl_wr ? rq_dat[2:0] : 3'd0;
    assign lg_flags_clear = fl_wr ? rq_dat[12:8] : 5'd0;

    // a VEL write, saturated to (S,W,0); the range is checked with the request
    wire signed [31:0] vin = $signed(wb_dat_i);
    reg v_hi, v_lo;
    wire [W-1:0] vin_sat = v_hi ? {1'b0, {(W-1){1'b1}}} : v_lo ? {1'b1, {(W-1){1'b0}}} : rq_dat[W-1:0];

    // ---- read data ---------------------------------------------------------------------
    function [31:0] sx;  // sign-extend a W-bit code
        input [W-1:0] x;
        begin
            sx = {{(32-W){x[W-1]}}, x};
        end
    endfunction

    // the read mux in two registered levels, so that neither is more than a
    // few LUT levels deep (the UP5K's 48 MHz): in WB_RD0 the address decode
    // and the plain registers' mux (rd_plain_reg); in WB_RD the readback
    // memory, the per-axis tables and the final choice (rd_reg), driven out
    // in WB_RD2. A plain register is thus read one cycle after the address
    // is taken.
    reg [31:0] rd_plain, rd_plain_reg, rd, rd_reg;
    reg sel_shadow_reg, sel_tab_reg;
    reg [1:0] tab_kind_reg;
    // the plain registers' select, one-hot, decoded from the request when the
    // bus takes it (WB_IDLE), so the mux in WB_RD0 is an AND-OR of registers
    localparam integer NPLAIN = 12;
    reg [NPLAIN-1:0] rsel_reg, rq_rsel;
    wire [NPLAIN-1:0] rsel_ai = {
        ai == `FRIC_REG_SET_CYCLES, ai == `FRIC_REG_ENC_VEL, ai == `FRIC_REG_ENC_SCALE,
        ai == `FRIC_REG_ENC_POS, ai == `FRIC_REG_SAMPLES, ai == `FRIC_REG_FLAGS,
        ai == `FRIC_REG_STATUS, ai == `FRIC_REG_TICK_DIV, ai == `FRIC_REG_CTRL,
        ai == `FRIC_REG_CAPS, ai == `FRIC_REG_VERSION, ai == `FRIC_REG_ID};
    wire [31:0] plain_val [0:NPLAIN-1];
    assign plain_val[0] = `FRIC_REG_ID_VALUE;
    assign plain_val[1] = {8'd0, `FRIC_REG_VERSION_VALUE};
    assign plain_val[2] = {13'd0, (HAS_ENC != 0), (HAS_LUGRE != 0), (HAS_STRIBECK != 0), 3'd0, W[4:0], 4'd0, NUM_AXES[3:0]};
    assign plain_val[3] = {16'd0, enc_axes_reg, 7'd0, run_reg};
    assign plain_val[4] = {8'd0, tick_div_reg};
    assign plain_val[5] = {29'd0, req_reg, sq_reg == SQ_RUN, pending || sq_reg == SQ_APPLY};
    assign plain_val[6] = {12'd0, vsat_reg, eerr_reg, esat_reg, ovr_reg, 3'd0, lg_flags, 5'd0, st_flags[2] | scfg_reg, st_flags[1:0]};
    assign plain_val[7] = samples_reg;
    assign plain_val[8] = (HAS_ENC != 0) ? enc_pos : 32'd0;
    assign plain_val[9] = {11'd0, enc_shift_reg, enc_gain_reg};
    assign plain_val[10] = (HAS_ENC != 0) ? sx(enc_vel) : 32'd0;
    assign plain_val[11] = {16'd0, set_cycles_reg};
    integer pv;
    always @(*) begin
        rd_plain = 32'd0;
        for (pv = 0; pv < NPLAIN; pv = pv + 1)
            rd_plain = rd_plain | ({32{rsel_reg[pv]}} & plain_val[pv]);
    end
    always @(*) begin
        rd = rd_plain_reg;
        if (sel_shadow_reg) rd = shadow_q;
        if (sel_tab_reg) begin
            case (tab_kind_reg)
                2'd0: rd = sx(vel_reg[wb_a_reg[AXIS_W+1:2]]);
                2'd1: rd = sx(fs_reg[wb_a_reg[AXIS_W+1:2]]);
                default: rd = sx(fl_reg[wb_a_reg[AXIS_W+1:2]]);
            endcase
        end
    end

    integer k;
    always @(posedge clk) begin

        // ---- bus ----
        rq_v <= wb_cyc_i && wb_stb_i && (wb_state_reg == WB_IDLE) && !rq_v && !rst;
        rq_we <= wb_we_i;
        rq_adr <= wb_adr_i[11:2];
        rq_dat <= wb_dat_i;
        rq_commit <= ai == `FRIC_REG_COMMIT;
        rq_srst <= ai == `FRIC_REG_SRST;
        rq_flags <= ai == `FRIC_REG_FLAGS;
        rq_param <= ai_param;
        rq_vel <= ai_vel;
        rq_ctrl <= ai == `FRIC_REG_CTRL;
        rq_tdiv <= ai == `FRIC_REG_TICK_DIV;
        rq_step <= ai == `FRIC_REG_STEP;
        rq_escale <= ai == `FRIC_REG_ENC_SCALE;
        rq_rsel <= rsel_ai;
        rq_nz16 <= |wb_dat_i[15:0];
        rq_nz8 <= |wb_dat_i[7:0];
        v_hi <= (vin > $signed((32'sd1 <<< (W - 1)) - 32'sd1));
        v_lo <= (vin < -$signed(32'sd1 <<< (W - 1)));
        case (wb_state_reg)
            WB_IDLE: if (wb_new) begin
                wb_a_reg <= rq_adr;
                rsel_reg <= rq_rsel;
                wb_d_reg <= rq_dat;
                if (!rq_we) begin
                    wb_state_reg <= WB_RD0;
                end else if (rq_param) begin
                    wb_state_reg <= WB_PW;
                    wb_pw_reg <= 1'b1;
                    pws_reg <= !rq_adr[7] && !rq_adr[6];
                    pwr_reg <= !rq_adr[7] && rq_adr[6];
                    pwl_reg <= rq_adr[7];
                end else begin
                    wb_ack_o <= 1'b1;
                    wb_state_reg <= WB_ACK;
                    if (rq_ctrl) begin
                        run_reg <= rq_dat[0];
                        enc_axes_reg <= rq_dat[15:8];
                    end
                    if (rq_tdiv) tick_div_reg <= rq_dat[23:0];
                    if (rq_step) req_reg <= 1'b1;
                    if (rq_escale) begin
                        enc_gain_reg <= rq_dat[15:0];
                        enc_shift_reg <= rq_dat[20:16];
                    end
                    if (rq_vel) vel_reg[rq_adr[AXIS_W+1:2]] <= vin_sat;
                end
            end
            WB_RD0: begin
                rd_plain_reg <= rd_plain;
                sel_shadow_reg <= (wb_a_reg[11:8] == 4'h1);
                sel_tab_reg <= (wb_a_reg[11:8] == 4'h2 && wb_a_reg[7:5] <= 3'd2 && {1'b0, wb_a_reg[4:2]} < NUM_AXES[3:0]);
                tab_kind_reg <= wb_a_reg[6:5];
                wb_state_reg <= WB_RD;
            end
            WB_RD: begin
                rd_reg <= rd;
                wb_state_reg <= WB_RD2;
            end
            WB_RD2: begin
                wb_dat_o <= rd_reg;
                wb_ack_o <= 1'b1;
                wb_state_reg <= WB_ACK;
            end
            WB_PW: if (shadow_we) begin
                wb_pw_reg <= 1'b0;
                pws_reg <= 1'b0;
                pwr_reg <= 1'b0;
                pwl_reg <= 1'b0;
                wb_ack_o <= 1'b1;
                wb_state_reg <= WB_ACK;
            end
            default: begin  // WB_ACK
                wb_ack_o <= 1'b0;
                wb_state_reg <= WB_IDLE;
            end
        endcase

        // ---- masks (COMMIT and SRST accumulate; APPLY takes them) ----
        pend_s_reg <= (ap_take ? {MAXA{1'b0}} : pend_s_reg) | (commit_wr ? rq_dat[7:0] : {MAXA{1'b0}});
        pend_l_reg <= (ap_take ? {MAXA{1'b0}} : pend_l_reg) | (commit_wr ? rq_dat[15:8] : {MAXA{1'b0}});
        pend_r_reg <= (ap_take ? {MAXA{1'b0}} : pend_r_reg) | (srst_wr ? rq_dat[7:0] : {MAXA{1'b0}});
        pending_reg <= (pending_reg && !ap_take) || (commit_wr && rq_nz16) || (srst_wr && rq_nz8);
        if (ap_take) begin
            ap_s_reg <= pend_s_reg;
            ap_l_reg <= pend_l_reg;
            ap_r_reg <= pend_r_reg;
            ax_reg <= 4'd0;
            step_reg <= 2'd0;
            ap_sv_reg <= pend_s_reg[0];
            ap_skip_reg <= !pend_s_reg[0];
            sq_reg <= SQ_APPLY;
        end else if (sq_reg == SQ_IDLE && req_reg && !pending) begin  // a set starts
            req_reg <= 1'b0;
            ax_reg <= 4'd0;
            sent_s_reg <= 1'b0;
            sent_l_reg <= 1'b0;
            got_s_reg <= 4'd0;
            got_l_reg <= 4'd0;
            set_cnt_reg <= 16'd1;
            ld_reg <= 1'b1;
            sq_reg <= SQ_RUN;
        end

        // ---- the sample request: a tick with RUN, or STEP ----
        if (tick && run_reg) req_reg <= 1'b1;

        // ---- APPLY: per axis, Stribeck commit, LuGre commit, state reset ----
        if (!ap_take) ap_skip_reg <= 1'b0;
        if (ap_hs_s) ap_sv_reg <= 1'b0;
        if (ap_hs_l) ap_lv_reg <= 1'b0;
        if (ap_hs_r) ap_rv_reg <= 1'b0;
        ap_adv_reg <= ap_skip_reg || ap_hs_s || ap_hs_l || ap_hs_r;
        // the mask bits of the next steps, and whether the axis is the last,
        // registered from ax_reg: a step advances at least two cycles after
        // ax_reg changes, so these are current when it does
        nx_l_reg <= ap_l_reg[ax];
        nx_r_reg <= ap_r_reg[ax];
        nx_s_reg <= ap_s_reg[ax + 3'd1];
        ax_last_reg <= (ax_reg == NUM_AXES[3:0] - 4'd1);
        if (sq_reg == SQ_APPLY && ap_adv_reg) begin
            if (step_reg == 2'd0) begin
                step_reg <= 2'd1;
                ap_lv_reg <= nx_l_reg;
                ap_skip_reg <= !nx_l_reg;
            end else if (step_reg == 2'd1) begin
                step_reg <= 2'd2;
                ap_rv_reg <= nx_r_reg;
                ap_skip_reg <= !nx_r_reg;
            end else begin
                step_reg <= 2'd0;
                if (ax_last_reg) begin
                    sq_reg <= SQ_IDLE;  // the last axis: APPLY ends
                end else begin
                    ax_reg <= ax_reg + 4'd1;
                    ap_sv_reg <= nx_s_reg;
                    ap_skip_reg <= !nx_s_reg;
                end
            end
        end

        // ---- RUN: one axis after the other to both cores, outputs as they come ----
        if (sq_reg == SQ_RUN) begin
            if (set_cnt_reg != 16'hFFFF) set_cnt_reg <= set_cnt_reg + 16'd1;
            if (ld_reg) begin
                vel_q_reg <= vel_now;
                ld_reg <= 1'b0;
            end
            if (in_run) begin
                if (both_sent) begin
                    ax_reg <= ax_reg + 4'd1;
                    ld_reg <= 1'b1;
                    sent_s_reg <= 1'b0;
                    sent_l_reg <= 1'b0;
                end else begin
                    if (take_s) sent_s_reg <= 1'b1;
                    if (take_l) sent_l_reg <= 1'b1;
                end
            end
            if (sb_v_reg) begin
                fs_reg[sb_a_reg] <= sb_d_reg;
                got_s_reg <= got_s_reg + 4'd1;
            end
            if (lb_v_reg) begin
                fl_reg[lb_a_reg] <= lb_d_reg;
                got_l_reg <= got_l_reg + 4'd1;
            end
            // got + v == NUM_AXES for both, as two comparisons with constants
            if ((sb_v_reg ? got_s_reg == NUM_AXES[3:0] - 4'd1 : got_s_reg == NUM_AXES[3:0]) &&
                (lb_v_reg ? got_l_reg == NUM_AXES[3:0] - 4'd1 : got_l_reg == NUM_AXES[3:0])) begin
                samples_reg <= samples_reg + 32'd1;
                set_cycles_reg <= set_cnt_reg;
                sq_reg <= SQ_IDLE;
            end
        end

        // ---- own sticky flags: a set wins over a clear ----
        if (fl_wr) begin
            if (rq_dat[16]) ovr_reg <= 1'b0;
            if (rq_dat[17]) esat_reg <= 1'b0;
            if (rq_dat[18]) eerr_reg <= 1'b0;
            if (rq_dat[19]) vsat_reg <= 1'b0;
            if (rq_dat[2]) scfg_reg <= 1'b0;
        end
        if (overrun) ovr_reg <= 1'b1;
        if (enc_sat && HAS_ENC != 0) esat_reg <= 1'b1;
        if (enc_err && HAS_ENC != 0) eerr_reg <= 1'b1;
        if (wb_new && rq_we && rq_vel && (v_hi || v_lo)) vsat_reg <= 1'b1;
        if (pw_s_refused) scfg_reg <= 1'b1;

        if (rst) begin
            wb_state_reg <= WB_IDLE;
            wb_pw_reg <= 1'b0;
            pws_reg <= 1'b0;
            pwr_reg <= 1'b0;
            pwl_reg <= 1'b0;
            wb_ack_o <= 1'b0;
            run_reg <= 1'b0;
            enc_axes_reg <= {MAXA{1'b0}};
            tick_div_reg <= 24'd0;
            enc_gain_reg <= 16'd0;
            enc_shift_reg <= 5'd0;
            samples_reg <= 32'd0;
            set_cycles_reg <= 16'd0;
            pend_s_reg <= {MAXA{1'b0}};
            pend_l_reg <= {MAXA{1'b0}};
            pend_r_reg <= {MAXA{1'b0}};
            pending_reg <= 1'b0;
            ap_sv_reg <= 1'b0;
            ap_lv_reg <= 1'b0;
            ap_rv_reg <= 1'b0;
            ap_skip_reg <= 1'b0;
            ap_adv_reg <= 1'b0;
            req_reg <= 1'b0;
            sq_reg <= SQ_IDLE;
            ovr_reg <= 1'b0;
            esat_reg <= 1'b0;
            eerr_reg <= 1'b0;
            vsat_reg <= 1'b0;
            scfg_reg <= 1'b0;
            for (k = 0; k < NUM_AXES; k = k + 1) vel_reg[k] <= {W{1'b0}};
        end
    end

    // the returned beats, registered
    always @(posedge clk) begin
        sb_v_reg <= st_m_tvalid && !rst;
        lb_v_reg <= lg_m_tvalid && !rst;
        sb_d_reg <= st_m_tdata;
        lb_d_reg <= lg_m_tdata;
        sb_a_reg <= st_m_tuser[AXIS_W-1:0];
        lb_a_reg <= lg_m_tuser[AXIS_W-1:0];
    end

    // the cores' stream outputs are always taken
    wire unused_in = &{1'b0, st_m_tuser[AXIS_W+1:AXIS_W], lg_m_tuser[AXIS_W+3:AXIS_W], wb_sel_i, wb_adr_i[1:0]};

`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_regs.sby, docs/formal.md) ========
    // The module is the top of its proof. Environment (assumptions):
    //   - rst is high in the first cycle;
    //   - the master follows Wishbone B4 classic: stb only inside cyc; once
    //     cyc and stb are high they stay high, with we and adr stable (and
    //     dat, in a write), until ack (a reset ends the cycle). fric_spi_wb does this (its own
    //     proof); a master that drops cyc before the ack is outside it;
    //   - a core's cfg_ready / srst_ready is not low for more than
    //     F_RDY_MAX cycles in a row while it is asked;
    //   - a core returns no beat that it was not given (rst drops them all).
    // Every other input is free in every cycle. Properties:
    //   wb_ack_req    an ack only while cyc and stb are high (none after cyc falls)
    //   wb_ack_once   an ack only for a request open and un-acked in the
    //                 previous cycle: exactly one ack per request, none without
    //   wb_latency    a read is acked 5 cycles after its request starts, a
    //                 write other than a parameter word 2 cycles after
    //   wb_stall      every request is acked at most F_STALL_MAX cycles after it starts
    //   cfg_hold      a cfg or srst request to a core is held, unchanged, until ready
    //   commit_bound  a commit or state reset goes to a core only when no
    //                 sample of a set is in flight in either core
    //   flags_clear   flags_clear bits only when a FLAGS write with them is taken
    // and the register map's promises, end to end (from the write's ack on
    // the bus to the cores' ports; addresses and fields from the generated
    // map):
    //   commit_once   a commit (either core) or state reset only for an axis
    //                 written to COMMIT / SRST and not applied since
    //   commit_held   the bits written are held, every one and no other,
    //                 until the sequencer takes them at a boundary
    //   commit_next   the bits taken at a boundary are all applied before it
    //                 ends; no set starts with a bit written and not applied
    //   param_word    a parameter word reaches its core once, before the ack,
    //                 with the write's address and data; S_PARAM[16..] none
    //   step          a STEP write or a tick with RUN requests a set, held
    //                 until a set starts; a set starts only for a request
    //   w1c           an own flag falls only with a 1 written to its bit,
    //                 and such a write clears it
    // The f_inv_* assertions are invariants of the state that make the
    // induction close.
    localparam integer F_RDY_MAX = 3;
    // the latest ack of a request, in cycles after it starts: a parameter
    // word taken (2) as an APPLY starts (3 steps per axis, each at most
    // F_RDY_MAX + 2 cycles), then its own handshake and the ack
    localparam integer F_STALL_MAX = 2 + 3 * NUM_AXES * (F_RDY_MAX + 2) + F_RDY_MAX + 1;

    reg f_past_valid = 1'b0, f_prev_rst = 1'b1, f_prev_ack = 1'b0;
    always @(posedge clk) begin
        f_past_valid <= 1'b1;
        f_prev_rst <= rst;
        f_prev_ack <= wb_ack_o;
    end
    always @(*) if (!f_past_valid) assume(rst);

    // ---- the master ----
    // Its rules are assumptions when this module is the top of the proof,
    // and assertions when the master is a module of the proof too
    // (FRIC_FORMAL_REGS_INNER: fric_axil_wb in rtl/formal/fric_regs_axil_f.v)
`ifdef FRIC_FORMAL_REGS_INNER
`define FRIC_F_MASTER assert
`else
`define FRIC_F_MASTER assume
`endif
    wire f_req = wb_cyc_i && wb_stb_i;
    always @(*) if (wb_stb_i) f_master_cyc: `FRIC_F_MASTER(wb_cyc_i);
    always @(posedge clk)
        if (f_past_valid && $past(f_req && !wb_ack_o && !rst))
            f_master_hold: `FRIC_F_MASTER(f_req && wb_we_i == $past(wb_we_i) && wb_adr_i == $past(wb_adr_i)
                                          && (!wb_we_i || wb_dat_i == $past(wb_dat_i)));
`undef FRIC_F_MASTER
    // f_age: the cycles of the open request, 0 in its first
    reg [7:0] f_age = 8'd0;
    always @(posedge clk)
        if (rst || !f_req || wb_ack_o) f_age <= 8'd0;
        else if (f_age != 8'hff) f_age <= f_age + 8'd1;
    wire f_start = f_req && f_age == 8'd0;
    wire f_is_param = ai_param;

    // ---- the cores ----
    reg [3:0] f_st_low = 4'd0, f_lg_low = 4'd0, f_sr_low = 4'd0;
    always @(posedge clk) begin
        f_st_low <= (st_cfg_valid && !st_cfg_ready) ? f_st_low + 4'd1 : 4'd0;
        f_lg_low <= (lg_cfg_valid && !lg_cfg_ready) ? f_lg_low + 4'd1 : 4'd0;
        f_sr_low <= (lg_srst_valid && !lg_srst_ready) ? f_sr_low + 4'd1 : 4'd0;
        if (rst) begin
            f_st_low <= 4'd0;
            f_lg_low <= 4'd0;
            f_sr_low <= 4'd0;
        end
    end
    always @(*) begin
        if (f_st_low >= F_RDY_MAX) assume(st_cfg_ready);
        if (f_lg_low >= F_RDY_MAX) assume(lg_cfg_ready);
        if (f_sr_low >= F_RDY_MAX) assume(lg_srst_ready);
    end
    // samples in a core: given and not returned
    reg [3:0] f_st_fly = 4'd0, f_lg_fly = 4'd0;
    always @(posedge clk) begin
        f_st_fly <= f_st_fly + {3'd0, take_s} - {3'd0, st_m_tvalid};
        f_lg_fly <= f_lg_fly + {3'd0, take_l} - {3'd0, lg_m_tvalid};
        if (rst) begin
            f_st_fly <= 4'd0;
            f_lg_fly <= 4'd0;
        end
    end
    always @(*) begin
        if (f_st_fly == 4'd0) assume(!st_m_tvalid);
        if (f_lg_fly == 4'd0) assume(!lg_m_tvalid);
    end

    // ---- Wishbone slave ----
    always @(*)
        if (f_past_valid) begin
            if (wb_ack_o) p_wb_ack_req: assert(wb_cyc_i && wb_stb_i);
            if (!wb_cyc_i) p_wb_ack_req_cyc: assert(!wb_ack_o);
            if (wb_ack_o) begin
                if (!wb_we_i) p_wb_latency_rd: assert(f_age == 8'd5);
                else if (!f_is_param) p_wb_latency_wr: assert(f_age == 8'd2);
                else p_wb_latency_pw: assert(f_age >= 8'd3);
            end
            if (f_req) p_wb_stall: assert(f_age <= F_STALL_MAX);
        end
    always @(posedge clk)
        if (f_past_valid && wb_ack_o)
            p_wb_ack_once: assert($past(f_req) && !$past(wb_ack_o) && !$past(rst));

    // ---- cfg and srst requests held until ready ----
    always @(posedge clk)
        if (f_past_valid && !$past(rst) && !rst) begin
            if ($past(st_cfg_valid && !st_cfg_ready)) begin
                p_cfg_hold_st: assert(st_cfg_valid && st_cfg_commit == $past(st_cfg_commit));
                // a commit's axis; a word's address and data (a word has no axis)
                if (st_cfg_commit) p_cfg_hold_st_axis: assert(st_cfg_axis == $past(st_cfg_axis));
                else p_cfg_hold_st_word: assert(st_cfg_addr == $past(st_cfg_addr) && st_cfg_data == $past(st_cfg_data));
            end
            if ($past(lg_cfg_valid && !lg_cfg_ready)) begin
                p_cfg_hold_lg: assert(lg_cfg_valid && lg_cfg_commit == $past(lg_cfg_commit));
                if (lg_cfg_commit) p_cfg_hold_lg_axis: assert(lg_cfg_axis == $past(lg_cfg_axis));
                else p_cfg_hold_lg_word: assert(lg_cfg_addr == $past(lg_cfg_addr) && lg_cfg_data == $past(lg_cfg_data));
            end
            if ($past(lg_srst_valid && !lg_srst_ready))
                p_cfg_hold_srst: assert(lg_srst_valid && lg_srst_axis == $past(lg_srst_axis));
        end

    // ---- commits and state resets at a sample boundary ----
    always @(*)
        if (f_past_valid && ((st_cfg_valid && st_cfg_commit) || (lg_cfg_valid && lg_cfg_commit) || lg_srst_valid))
            p_commit_bound: assert(f_st_fly == 4'd0 && f_lg_fly == 4'd0 && !sb_v_reg && !lb_v_reg && !st_s_tvalid && !lg_s_tvalid);

    // ---- flags_clear only for a FLAGS write taken, with its bits ----
    always @(*)
        if (f_past_valid && !(rq_v && f_req && wb_we_i && {wb_adr_i[11:2], 2'b00} == `FRIC_REG_FLAGS && wb_state_reg == WB_IDLE))
            p_flags_clear: assert(st_flags_clear == 3'd0 && lg_flags_clear == 5'd0);
        else if (f_past_valid)
            p_flags_clear_bits: assert(st_flags_clear == wb_dat_i[2:0] && lg_flags_clear == wb_dat_i[12:8]);

    // ---- invariants ----
    wire f_wb_open = f_req && !rst;
    always @(*)
        if (f_past_valid && !f_prev_rst) begin
            assert(wb_state_reg == WB_IDLE || wb_state_reg == WB_RD0 || wb_state_reg == WB_RD ||
                   wb_state_reg == WB_RD2 || wb_state_reg == WB_PW || wb_state_reg == WB_ACK);
            assert(wb_ack_o == (wb_state_reg == WB_ACK));
            assert(wb_pw_reg == (wb_state_reg == WB_PW));
            assert({1'b0, pws_reg} + {1'b0, pwr_reg} + {1'b0, pwl_reg} == {1'b0, wb_pw_reg});
            if (rq_v) assert(wb_state_reg == WB_IDLE && f_req && f_age == 8'd1 && rq_we == wb_we_i &&
                             rq_param == f_is_param && rq_adr == wb_adr_i[11:2] && (!rq_we || rq_dat == wb_dat_i) &&
                             rq_flags == ({wb_adr_i[11:2], 2'b00} == `FRIC_REG_FLAGS));
            if (wb_state_reg == WB_IDLE && !rq_v && f_req) assert(f_age == 8'd0);
            if (wb_state_reg != WB_IDLE) assert(f_req && wb_a_reg == wb_adr_i[11:2]);
            if (wb_state_reg == WB_RD0) assert(!wb_we_i && f_age == 8'd2);
            if (wb_state_reg == WB_RD) assert(!wb_we_i && f_age == 8'd3);
            if (wb_state_reg == WB_RD2) assert(!wb_we_i && f_age == 8'd4);
            if (wb_state_reg == WB_PW) assert(wb_we_i && f_is_param && f_age >= 8'd2 && wb_d_reg == wb_dat_i &&
                                              pws_reg == (!wb_adr_i[7] && !wb_adr_i[6]) && pwl_reg == wb_adr_i[7]);
            if (wb_state_reg == WB_ACK && wb_we_i) assert(f_is_param ? f_age >= 8'd3 : f_age == 8'd2);
            if (wb_state_reg == WB_ACK && !wb_we_i) assert(f_age == 8'd5);
        end
    // the sequencer
    reg [7:0] f_apply_left;   // an upper bound of the cycles until APPLY ends
    reg [3:0] f_step_left;
    always @(*) begin
        f_step_left = 4'd0;
        if (ap_sv_reg) f_step_left = F_RDY_MAX[3:0] - f_st_low + 4'd2;
        if (ap_lv_reg) f_step_left = F_RDY_MAX[3:0] - f_lg_low + 4'd2;
        if (ap_rv_reg) f_step_left = F_RDY_MAX[3:0] - f_sr_low + 4'd2;
        if (ap_skip_reg) f_step_left = 4'd2;
        if (ap_adv_reg) f_step_left = 4'd1;
        f_apply_left = (sq_reg != SQ_APPLY) ? 8'd0 :
            {4'd0, f_step_left} + ((NUM_AXES[7:0] - 8'd1 - {4'd0, ax_reg}) * 8'd3 + (8'd2 - {6'd0, step_reg})) * (F_RDY_MAX[7:0] + 8'd2);
    end
    always @(*)
        if (f_past_valid && !f_prev_rst) begin
            assert(sq_reg == SQ_IDLE || sq_reg == SQ_APPLY || sq_reg == SQ_RUN);
            assert(f_st_low <= F_RDY_MAX && f_lg_low <= F_RDY_MAX && f_sr_low <= F_RDY_MAX);
            if (sq_reg == SQ_APPLY) begin
                assert({2'd0, ap_sv_reg} + {2'd0, ap_lv_reg} + {2'd0, ap_rv_reg} + {2'd0, ap_skip_reg} + {2'd0, ap_adv_reg} == 3'd1);
                assert(step_reg <= 2'd2 && ax_reg < NUM_AXES[3:0]);
                if (ap_sv_reg) assert(step_reg == 2'd0);
                if (ap_lv_reg) assert(step_reg == 2'd1);
                if (ap_rv_reg) assert(step_reg == 2'd2);
                if (ap_adv_reg) assert(ax_last_reg == (ax_reg == NUM_AXES[3:0] - 4'd1));
            end else begin
                assert(!ap_sv_reg && !ap_lv_reg && !ap_rv_reg && !ap_skip_reg && !ap_adv_reg);
            end
            if (!ap_sv_reg) assert(f_st_low == 4'd0 || pws_reg);
            if (!ap_lv_reg) assert(f_lg_low == 4'd0 || pwl_reg);
            if (!ap_rv_reg) assert(f_sr_low == 4'd0);
            if (wb_state_reg == WB_PW)
                assert(f_age + f_apply_left + ((sq_reg == SQ_APPLY) ? F_RDY_MAX :
                       pws_reg ? F_RDY_MAX - f_st_low : pwl_reg ? F_RDY_MAX - f_lg_low : 0) + 1 <= F_STALL_MAX);
            // the samples of a set: sent = returned + in flight
            if (sq_reg == SQ_RUN) begin
                assert(ax_reg <= NUM_AXES[3:0] && got_s_reg <= NUM_AXES[3:0] && got_l_reg <= NUM_AXES[3:0]);
                if (ax_reg == NUM_AXES[3:0]) assert(!sent_s_reg && !sent_l_reg);
                assert(f_st_fly <= NUM_AXES[3:0] && f_lg_fly <= NUM_AXES[3:0]);
                assert(got_s_reg + {3'd0, sb_v_reg} <= ax_reg + {3'd0, sent_s_reg});
                assert(got_l_reg + {3'd0, lb_v_reg} <= ax_reg + {3'd0, sent_l_reg});
                assert(ax_reg + {3'd0, sent_s_reg} == got_s_reg + {3'd0, sb_v_reg} + f_st_fly);
                assert(ax_reg + {3'd0, sent_l_reg} == got_l_reg + {3'd0, lb_v_reg} + f_lg_fly);
            end else begin
                assert(f_st_fly == 4'd0 && f_lg_fly == 4'd0 && !sb_v_reg && !lb_v_reg);
            end
        end

    // ---- the map's promises, end to end -------------------------------------------
    // Observed at the bus (a write is done at its ack, with the address and
    // data the master holds) and at the cores' ports. The addresses, fields
    // and parameter words are the generated map's (fric_regs_map.vh), so the
    // properties follow the map. A ghost copy of the masks: f_g_* the axis
    // bits written to COMMIT (Stribeck, LuGre) and SRST since the sequencer
    // last took the masks (at a sample boundary, ap_take), f_a_* those taken
    // and not yet applied. Bits of axes past NUM_AXES select nothing.
    localparam [MAXA-1:0] F_AXM = {MAXA{1'b1}} >> (MAXA - NUM_AXES);
    // the words each core's cfg port addresses
    localparam integer F_S_WORDS = 16, F_L_WORDS = 32;
    wire f_wr_ack = wb_ack_o && wb_we_i;
    wire [11:0] f_wa = {wb_adr_i[11:2], 2'b00};
    wire f_wr_commit = f_wr_ack && f_wa == `FRIC_REG_COMMIT;
    wire f_wr_srst = f_wr_ack && f_wa == `FRIC_REG_SRST;
    wire [MAXA-1:0] f_new_s = f_wr_commit ? wb_dat_i[`FRIC_REG_COMMIT_STRIBECK_LSB +: MAXA] & F_AXM : {MAXA{1'b0}};
    wire [MAXA-1:0] f_new_l = f_wr_commit ? wb_dat_i[`FRIC_REG_COMMIT_LUGRE_LSB +: MAXA] & F_AXM : {MAXA{1'b0}};
    wire [MAXA-1:0] f_new_r = f_wr_srst ? wb_dat_i[`FRIC_REG_SRST_AXES_LSB +: MAXA] & F_AXM : {MAXA{1'b0}};
    // a commit or state reset a core takes, as an axis bit
    wire f_hs_cs = st_cfg_valid && st_cfg_ready && st_cfg_commit;
    wire f_hs_cl = lg_cfg_valid && lg_cfg_ready && lg_cfg_commit;
    wire f_hs_r = lg_srst_valid && lg_srst_ready;
    wire [MAXA-1:0] f_bit_s = f_hs_cs ? ({{(MAXA-1){1'b0}}, 1'b1} << st_cfg_axis) : {MAXA{1'b0}};
    wire [MAXA-1:0] f_bit_l = f_hs_cl ? ({{(MAXA-1){1'b0}}, 1'b1} << lg_cfg_axis) : {MAXA{1'b0}};
    wire [MAXA-1:0] f_bit_r = f_hs_r ? ({{(MAXA-1){1'b0}}, 1'b1} << lg_srst_axis) : {MAXA{1'b0}};
    // a sample set starts
    wire f_set_go = (sq_reg == SQ_IDLE) && !ap_take && req_reg && !pending;
    reg [MAXA-1:0] f_g_s = {MAXA{1'b0}}, f_g_l = {MAXA{1'b0}}, f_g_r = {MAXA{1'b0}};
    reg [MAXA-1:0] f_a_s = {MAXA{1'b0}}, f_a_l = {MAXA{1'b0}}, f_a_r = {MAXA{1'b0}};
    // STEP: a write asks for a set; a tick with RUN too. f_step / f_tick: a
    // request that no set has served yet (a set that starts in the cycle a
    // STEP write takes effect, the cycle before its ack, serves it)
    reg f_step = 1'b0, f_tick = 1'b0, f_prev_set_go = 1'b0, f_prev_take = 1'b0;
    wire f_step_new = f_wr_ack && f_wa == `FRIC_REG_STEP && !f_prev_set_go;
    // parameter words handed to a core during the open request
    reg [1:0] f_pw_cnt = 2'd0;
    wire f_hs_ws = st_cfg_valid && st_cfg_ready && !st_cfg_commit;
    wire f_hs_wl = lg_cfg_valid && lg_cfg_ready && !lg_cfg_commit;
    reg [2:0] f_ax_prev;
    always @(posedge clk) begin
        if (ap_take) begin
            f_a_s <= f_g_s | f_new_s;
            f_a_l <= f_g_l | f_new_l;
            f_a_r <= f_g_r | f_new_r;
            f_g_s <= {MAXA{1'b0}};
            f_g_l <= {MAXA{1'b0}};
            f_g_r <= {MAXA{1'b0}};
        end else begin
            f_a_s <= f_a_s & ~f_bit_s;
            f_a_l <= f_a_l & ~f_bit_l;
            f_a_r <= f_a_r & ~f_bit_r;
            f_g_s <= f_g_s | f_new_s;
            f_g_l <= f_g_l | f_new_l;
            f_g_r <= f_g_r | f_new_r;
        end
        f_step <= (f_step || f_step_new) && !f_set_go;
        f_tick <= (f_tick && !f_set_go) || (tick && run_reg);
        f_prev_set_go <= f_set_go;
        f_prev_take <= ap_take;
        f_ax_prev <= ax;
        f_pw_cnt <= wb_ack_o ? 2'd0 : f_pw_cnt + {1'b0, f_hs_ws || f_hs_wl};
        if (rst) begin
            f_g_s <= {MAXA{1'b0}};
            f_g_l <= {MAXA{1'b0}};
            f_g_r <= {MAXA{1'b0}};
            f_a_s <= {MAXA{1'b0}};
            f_a_l <= {MAXA{1'b0}};
            f_a_r <= {MAXA{1'b0}};
            f_step <= 1'b0;
            f_tick <= 1'b0;
            f_prev_set_go <= 1'b0;
            f_prev_take <= 1'b0;
            f_pw_cnt <= 2'd0;
        end
    end
    // the write open on the bus is to parameter word i of S_PARAM / L_PARAM
    wire f_in_s = f_wa >= `FRIC_REG_S_PARAM && f_wa < `FRIC_REG_S_PARAM + 4 * `FRIC_REG_S_PARAM_COUNT;
    wire f_in_l = f_wa >= `FRIC_REG_L_PARAM && f_wa < `FRIC_REG_L_PARAM + 4 * `FRIC_REG_L_PARAM_COUNT;
    wire [11:0] f_wi_s = (f_wa - `FRIC_REG_S_PARAM) >> 2;
    wire [11:0] f_wi_l = (f_wa - `FRIC_REG_L_PARAM) >> 2;
    // the words a core takes: S_PARAM[0..15] the Stribeck core's, L_PARAM[0..31] the LuGre core's
    wire f_word_s = f_in_s && f_wi_s < F_S_WORDS;
    wire f_word_l = f_in_l && f_wi_l < F_L_WORDS;
    always @(*)
        if (f_past_valid && !rst) begin
            // p_commit_once: a commit (either core) or a state reset only for
            // an axis written and not applied since: each bit written reaches
            // its core once, and no bit not written does
            if (f_hs_cs) p_commit_once_s: assert(f_a_s[st_cfg_axis]);
            if (f_hs_cl) p_commit_once_l: assert(f_a_l[lg_cfg_axis]);
            if (f_hs_r) p_commit_once_r: assert(f_a_r[lg_srst_axis]);
            // p_commit_next: at the boundary the sequencer takes every bit
            // written before it, and applies all of them before it leaves
            // the boundary; no set starts with a bit written and not applied
            if (sq_reg != SQ_APPLY) p_commit_next_all: assert(f_a_s == 0 && f_a_l == 0 && f_a_r == 0);
            // p_commit_held: until the boundary takes them, the bits written
            // are held in the masks (STATUS.PENDING), every one, no other
            if (!f_prev_rst) p_commit_held: assert((pend_s_reg & F_AXM) == (f_g_s | f_new_s) &&
                                                   (pend_l_reg & F_AXM) == (f_g_l | f_new_l) &&
                                                   (pend_r_reg & F_AXM) == (f_g_r | f_new_r));
            if (f_set_go) p_commit_next_set: assert(f_g_s == 0 && f_g_l == 0 && f_g_r == 0 &&
                                                    f_new_s == 0 && f_new_l == 0 && f_new_r == 0);
            // p_param_word: a parameter word goes to its core with the
            // address and data of the write open on the bus, once; a write to
            // a word no core has goes to none
            if (f_hs_ws) p_param_word_s: assert(f_req && wb_we_i && f_in_s && f_wi_s == {8'd0, st_cfg_addr} &&
                                                st_cfg_data == wb_dat_i && f_pw_cnt == 2'd0);
            if (f_hs_wl) p_param_word_l: assert(f_req && wb_we_i && f_in_l && f_wi_l == {7'd0, lg_cfg_addr} &&
                                                lg_cfg_data == wb_dat_i && f_pw_cnt == 2'd0);
            if (f_hs_ws || f_hs_wl) p_param_word_one: assert(!(f_hs_ws && f_hs_wl));
            if (f_wr_ack) p_param_word_ack: assert(f_pw_cnt == ((f_word_s || f_word_l) ? 2'd1 : 2'd0));
            // p_step: every STEP write (any data) and every tick with RUN
            // requests a set, held (STATUS.REQUEST) until a set starts; a set
            // starts only for a request
            if (f_step || f_step_new) p_step_held: assert(req_reg);
            if (f_set_go) p_step_only: assert(f_step || f_tick || f_step_new);
        end
    // p_w1c: an own sticky flag falls only with a FLAGS write of a 1 to its
    // bit (or rst); a 1 written clears it unless it is set in the same cycle
    wire f_wr_flags = f_wr_ack && f_wa == `FRIC_REG_FLAGS;
    always @(posedge clk)
        if (f_past_valid && !$past(rst) && !rst) begin
            if ($past(ovr_reg) && !ovr_reg) p_w1c_ovr: assert(f_wr_flags && wb_dat_i[`FRIC_REG_FLAGS_OVERRUN_LSB]);
            if ($past(esat_reg) && !esat_reg) p_w1c_esat: assert(f_wr_flags && wb_dat_i[`FRIC_REG_FLAGS_ENC_SAT_LSB]);
            if ($past(eerr_reg) && !eerr_reg) p_w1c_eerr: assert(f_wr_flags && wb_dat_i[`FRIC_REG_FLAGS_ENC_ERR_LSB]);
            if ($past(vsat_reg) && !vsat_reg) p_w1c_vsat: assert(f_wr_flags && wb_dat_i[`FRIC_REG_FLAGS_VEL_SAT_LSB]);
            if ($past(scfg_reg) && !scfg_reg) p_w1c_scfg: assert(f_wr_flags && wb_dat_i[`FRIC_REG_FLAGS_S_CFG_LSB]);
            if (f_wr_flags) begin
                if (wb_dat_i[`FRIC_REG_FLAGS_OVERRUN_LSB] && !$past(overrun)) p_w1c_clr_ovr: assert(!ovr_reg);
                if (wb_dat_i[`FRIC_REG_FLAGS_ENC_SAT_LSB] && !$past(enc_sat && HAS_ENC != 0)) p_w1c_clr_esat: assert(!esat_reg);
                if (wb_dat_i[`FRIC_REG_FLAGS_ENC_ERR_LSB] && !$past(enc_err && HAS_ENC != 0)) p_w1c_clr_eerr: assert(!eerr_reg);
                if (wb_dat_i[`FRIC_REG_FLAGS_VEL_SAT_LSB]) p_w1c_clr_vsat: assert(!vsat_reg);
                if (wb_dat_i[`FRIC_REG_FLAGS_S_CFG_LSB]) p_w1c_clr_scfg: assert(!scfg_reg);
            end
        end
`ifndef FRIC_FORMAL_NOINV
    // invariants of the ghost copies (the induction's): in APPLY, the bits
    // taken and not yet applied are the mask's bits of the axes whose step
    // is still to come
    reg [MAXA-1:0] f_left_s, f_left_l, f_left_r;
    integer fx;
    always @(*)
        for (fx = 0; fx < MAXA; fx = fx + 1) begin
            f_left_s[fx] = fx < NUM_AXES && (fx > ax_reg || (fx == ax_reg && step_reg == 2'd0 && !ap_adv_reg));
            f_left_l[fx] = fx < NUM_AXES && (fx > ax_reg || (fx == ax_reg && (step_reg == 2'd0 || (step_reg == 2'd1 && !ap_adv_reg))));
            f_left_r[fx] = fx < NUM_AXES && (fx > ax_reg || (fx == ax_reg && (step_reg != 2'd2 || !ap_adv_reg)));
        end
    always @(*)
        if (f_past_valid && !f_prev_rst && !rst) begin
            if (pend_s_reg != 0 || pend_l_reg != 0 || pend_r_reg != 0) f_inv_pending: assert(pending_reg);
            if (sq_reg == SQ_APPLY) begin
                f_inv_apply: assert(f_a_s == (ap_s_reg & f_left_s) && f_a_l == (ap_l_reg & f_left_l) &&
                                    f_a_r == (ap_r_reg & f_left_r));
                if (step_reg == 2'd0 && !ap_adv_reg) f_inv_step_s: assert(ap_sv_reg == ap_s_reg[ax]);
                if (step_reg == 2'd1 && !ap_adv_reg) f_inv_step_l: assert(ap_lv_reg == ap_l_reg[ax]);
                if (step_reg == 2'd2 && !ap_adv_reg) f_inv_step_r: assert(ap_rv_reg == ap_r_reg[ax]);
                if (!f_prev_take) f_inv_nx: assert(nx_l_reg == ap_l_reg[f_ax_prev] && nx_r_reg == ap_r_reg[f_ax_prev] &&
                                                   nx_s_reg == ap_s_reg[f_ax_prev + 3'd1]);
                if (ap_adv_reg) f_inv_adv: assert(!f_prev_take && f_ax_prev == ax);
            end
            f_inv_req: assert(req_reg == (f_step || f_tick || f_step_new));
            if (wb_state_reg != WB_ACK) f_inv_pw: assert(f_pw_cnt == 2'd0);
            else if (wb_we_i) f_inv_pw_ack: assert(f_pw_cnt == ((f_word_s || f_word_l) ? 2'd1 : 2'd0));
        end
`endif

    // ---- reachability ----
    reg f_acked = 1'b0;
    always @(posedge clk) if (wb_ack_o) f_acked <= 1'b1;
    always @(*) begin
        cover(f_acked && f_start && !rst && f_prev_ack);        // back-to-back requests
        cover(wb_ack_o && !wb_we_i);                                  // a read
        cover(wb_ack_o && wb_we_i && !f_is_param);                    // a plain write
        cover(wb_ack_o && wb_we_i && f_is_param && f_age > 8'd4);     // a parameter word stalled by a core
        cover(wb_state_reg == WB_PW && st_cfg_valid && st_cfg_commit); // a commit applied while the bus waits
        cover(sq_reg == SQ_RUN && got_s_reg == NUM_AXES[3:0] - 4'd1 && sb_v_reg); // a set completes
        cover(f_hs_cl && lg_cfg_axis == NUM_AXES - 1);                // a LuGre commit of the last axis
        cover(f_hs_r && f_g_r != 0);                                   // a state reset while another waits
        cover(f_hs_wl && lg_cfg_addr == 5'd31);                        // LuGre word 31
        cover(f_set_go && f_step && !f_tick);                          // a set for a STEP write
    end
`endif
endmodule
`resetall
