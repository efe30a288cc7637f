// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_encvel: velocity estimate from an encoder position, once per sample
// tick, bit-exact with fric_fx_enc_velocity() of the C model:
//
//   d = pos(now) - pos(previous tick), modulo 2^32, then limited to (S,16,0)
//   v = sat(rsr(d * GAIN, SHIFT)), a velocity code (S,W,0)
//
// GAIN is (U,16,0), SHIFT 0..31 (ENC_SCALE of the register map), both taken
// at the tick; each limit raises sat for one cycle. The first tick after rst
// measures from pos = 0.
// Latency: a pipeline of LATENCY = 7 stages of one operation each
// (difference, limit, product, product register, rounding add, shift,
// limit), so it runs at the cores' clock. vel (and sat, for one cycle) is
// updated at the 7th clock edge after the tick's, and done is high in the
// cycle after that: 8 cycles after the tick's cycle (tb_encvel checks it).
// The board top starts the sample set with done, so the cores see this
// tick's estimate. Ticks must be at least 7 cycles apart.
module fric_encvel #(
    // velocity code width: 16 or 18
    parameter integer W = 16
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         tick,
    input  wire [31:0]  pos,
    input  wire [15:0]  gain,
    input  wire [4:0]   shift,
    output reg  [W-1:0] vel,
    output reg          done,
    output reg          sat
);
    localparam integer LATENCY = 7;
    localparam signed [33:0] VMAX = (34'sd1 <<< (W - 1)) - 34'sd1;
    localparam signed [33:0] VMIN = -(34'sd1 <<< (W - 1));

    reg [LATENCY-1:0] v_reg;          // the tick, down the stages
    reg [31:0] prev_reg;
    // the count change, modulo 2^32, as two 16-bit halves: diff = (hi - b) * 2^16 + lo,
    // with hi's comparisons made at the tick against precomputed neighbours of prev
    reg [15:0] dlo_reg;
    reg dbo_reg;                      // b: the borrow of the low half
    reg [15:0] dhi_reg;               // hi
    reg h0_reg, hp_reg, hm_reg;       // hi = 0, +1, -1
    reg [15:0] prev_p_reg = 16'd1, prev_m_reg = 16'hffff;  // prev's high half + 1, - 1
    reg signed [15:0] d_reg;          // (S,16,0): limited
    reg [15:0] gain_reg;
    reg [4:0] s_reg;
    reg signed [32:0] p_reg, p2_reg;  // (S,33,0): d * GAIN, exact
    reg signed [33:0] rc_reg;         // 2^(SHIFT-1), or 0 for SHIFT 0
    reg signed [33:0] r_reg, q_reg;   // rounded, then shifted
    reg [33:W-1] fmask_reg;           // the bits of r that land at W-1 and up after the shift
    reg q_fits_reg;                   // q fits (S,W,0), decided from r with the shift
    // q's bits W..32 are sign copies when it fits and not read when it does not
    wire unused_q = &{1'b0, q_reg[32:W]};
    reg d_sat_reg;

    // The limits test equalities, not magnitudes (no carry chain): diff fits
    // (S,16,0) when its high half, hi - b, is the sign extension of lo, that
    // is hi = b - lo[15]; its sign is that of hi - b (hi[15], unless b = 1
    // and hi[14:0] = 0). q = r >>> s fits (S,W,0) when its bits 33..W-1 are
    // all equal, that is when r's bits W-1+s..33 all equal r's sign: decided
    // with the shift, from a mask of those bits made at the tick.
    wire d_fits = (h0_reg && dbo_reg == dlo_reg[15]) ||
                  (hp_reg && dbo_reg && !dlo_reg[15]) ||
                  (hm_reg && !dbo_reg && dlo_reg[15]);
    wire d_neg = dhi_reg[15] ^ (dbo_reg && dhi_reg[14:0] == 15'd0);
    always @(posedge clk) begin
        // prev changes only at a tick, and ticks are at least 7 cycles apart
        prev_p_reg <= prev_reg[31:16] + 16'd1;
        prev_m_reg <= prev_reg[31:16] - 16'd1;
        v_reg <= {v_reg[LATENCY-2:0], tick};
        done <= v_reg[LATENCY-1];
        sat <= 1'b0;
        // 0: the difference, and the scale of this tick
        if (tick) begin
            prev_reg <= pos;
            {dbo_reg, dlo_reg} <= {1'b0, pos[15:0]} - {1'b0, prev_reg[15:0]};
            dhi_reg <= pos[31:16] - prev_reg[31:16];
            h0_reg <= pos[31:16] == prev_reg[31:16];
            hp_reg <= pos[31:16] == prev_p_reg;
            hm_reg <= pos[31:16] == prev_m_reg;
            gain_reg <= gain;
            s_reg <= shift;
            fmask_reg <= {(35 - W){1'b1}} << shift;  // bit W-1+j set for j >= SHIFT
            rc_reg <= (34'sd1 << shift) >> 1;  // 2^(SHIFT-1), 0 for SHIFT 0, without a subtraction
        end
        // 1: limited to 16 bits
        if (v_reg[0]) begin
            d_reg <= d_fits ? dlo_reg : d_neg ? 16'h8000 : 16'h7fff;
            d_sat_reg <= !d_fits;
        end
        // 2, 3: the product and its register
        p_reg <= d_reg * $signed({1'b0, gain_reg});
        p2_reg <= p_reg;
        // 4, 5: rsr
        if (v_reg[3]) r_reg <= {p2_reg[32], p2_reg} + rc_reg;
        if (v_reg[4]) begin
            q_reg <= r_reg >>> s_reg;
            q_fits_reg <= &(~fmask_reg | ~(r_reg[33:W-1] ^ {(35 - W){r_reg[33]}}));
        end
        // 6: limited to (S,W,0)
        if (v_reg[5]) begin
            vel <= q_fits_reg ? q_reg[W-1:0] : q_reg[33] ? VMIN[W-1:0] : VMAX[W-1:0];
            sat <= d_sat_reg | !q_fits_reg;
        end
        if (rst) begin
            prev_reg <= 32'd0;
            prev_p_reg <= 16'd1;
            prev_m_reg <= 16'hffff;
            vel <= {W{1'b0}};
            v_reg <= {LATENCY{1'b0}};
            done <= 1'b0;
            sat <= 1'b0;
        end
    end
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_encvel.sby, docs/formal.md) =====
    // The module is the top of its proof. rst is high in the first cycle and
    // free after it; ticks come at least 7 cycles apart (documented); pos,
    // gain and shift are free. Properties, each against a plain reference
    // written with comparisons (the RTL decides the limits with equalities
    // and masks):
    //   encvel_done   done comes exactly 8 cycles after each tick
    //   encvel_diff   the count change since the last tick (from 0 after a
    //                 reset), modulo 2^32, limited to (S,16,0), and whether it
    //                 was limited
    //   encvel_vel    vel = sat(rsr(p, SHIFT)) of the product p = d * GAIN,
    //                 and sat for one cycle, with done, when either limit acted
    // (the product itself is the RTL's `*`: the proof follows its value)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    reg [3:0] f_gap = 4'd15;   // cycles since the last tick (saturating)
    always @(posedge clk) f_gap <= (tick && !rst) ? 4'd1 : (f_gap == 4'd15) ? 4'd15 : f_gap + 4'd1;
    always @(*) if (f_past_valid && tick) assume(f_gap >= 4'd7);
    // the pipeline's tick history
    reg [8:0] f_t = 9'd0;
    always @(posedge clk) f_t <= rst ? 9'd0 : {f_t[7:0], tick};
    // the reference
    reg [31:0] f_prev = 32'd0;
    reg signed [31:0] f_diff;
    reg [4:0] f_s;
    always @(posedge clk) begin
        if (tick) begin
            f_prev <= pos;
            f_diff <= pos - f_prev;
            f_s <= shift;
        end
        if (rst) f_prev <= 32'd0;
    end
    wire f_d_fits = (f_diff >= -32'sd32768) && (f_diff <= 32'sd32767);
    wire signed [15:0] f_d = f_d_fits ? f_diff[15:0] : (f_diff < 0) ? 16'sh8000 : 16'sh7fff;
    // from the product (stage 3): the rounding shift and the limit
    wire signed [39:0] f_r = {{7{p2_reg[32]}}, p2_reg} + ((f_s == 5'd0) ? 40'sd0 : (40'sd1 <<< (f_s - 5'd1)));
    wire signed [39:0] f_q = f_r >>> f_s;
    wire f_q_fits = (f_q >= -(40'sd1 <<< (W - 1))) && (f_q <= (40'sd1 <<< (W - 1)) - 40'sd1);
    reg [W-1:0] f_v;
    reg f_v_sat;
    always @(posedge clk)
        if (f_t[3]) begin
            f_v <= f_q_fits ? f_q[W-1:0] : f_q[39] ? VMIN[W-1:0] : VMAX[W-1:0];
            f_v_sat <= !f_q_fits;
        end
    // the stages: d at f_t[1] (2 cycles after the tick), vel and sat at
    // f_t[6] (the 7th edge after the tick), done at f_t[7]
    always @(*)
        if (f_past_valid && !rst) begin
            p_encvel_done: assert(done == f_t[7]);
            if (f_t[1]) p_encvel_diff: assert(d_reg == f_d && d_sat_reg == !f_d_fits);
            if (f_t[6]) p_encvel_vel: assert(vel == f_v && sat == (f_v_sat || !f_d_fits));
            if (!f_t[6]) p_encvel_sat: assert(!sat);
        end
    // invariants
    always @(*)
        if (f_past_valid && !rst) begin
            f_inv_t: assert(v_reg == f_t[6:0] && prev_reg == f_prev);
            if (|f_t[6:0]) f_inv_s: assert(s_reg == f_s);
            f_inv_gap: assert(f_gap >= 4'd1);
            if (f_t[0]) f_inv_t0: assert(f_gap == 4'd1);
            if (f_t[0] || f_t[1] || f_t[2] || f_t[3] || f_t[4] || f_t[5] || f_t[6]) f_inv_one: assert(f_t[6:0] == (7'd1 << (f_gap - 4'd1)));
        end
    always @(*) cover(f_past_valid && !rst && f_t[6] && sat && f_gap == 4'd7);
`endif
endmodule
`resetall
