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
endmodule
`resetall
