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
// Latency: done pulses LATENCY = 7 cycles after tick, with vel updated (a
// pipeline of one operation a stage: difference, limit, product, product
// register, rounding add, shift, limit, so it runs at the cores' clock);
// the board top starts the sample set with done, so the cores see this
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
    reg signed [31:0] diff_reg;       // (S,32,0): the count change, modulo 2^32
    reg signed [15:0] d_reg;          // (S,16,0): limited
    reg [15:0] gain_reg;
    reg [4:0] s_reg;
    reg signed [32:0] p_reg, p2_reg;  // (S,33,0): d * GAIN, exact
    reg signed [33:0] rc_reg;         // 2^(SHIFT-1), or 0 for SHIFT 0
    reg signed [33:0] r_reg, q_reg;   // rounded, then shifted
    reg d_sat_reg;

    always @(posedge clk) begin
        v_reg <= {v_reg[LATENCY-2:0], tick};
        done <= v_reg[LATENCY-1];
        sat <= 1'b0;
        // 0: the difference, and the scale of this tick
        if (tick) begin
            prev_reg <= pos;
            diff_reg <= $signed(pos - prev_reg);
            gain_reg <= gain;
            s_reg <= shift;
            rc_reg <= (shift == 5'd0) ? 34'sd0 : (34'sd1 <<< (shift - 5'd1));
        end
        // 1: limited to 16 bits
        if (v_reg[0]) begin
            d_reg <= (diff_reg > 32'sd32767) ? 16'sd32767 : (diff_reg < -32'sd32768) ? -16'sd32768 : diff_reg[15:0];
            d_sat_reg <= (diff_reg > 32'sd32767) || (diff_reg < -32'sd32768);
        end
        // 2, 3: the product and its register
        p_reg <= d_reg * $signed({1'b0, gain_reg});
        p2_reg <= p_reg;
        // 4, 5: rsr
        if (v_reg[3]) r_reg <= {p2_reg[32], p2_reg} + rc_reg;
        if (v_reg[4]) q_reg <= r_reg >>> s_reg;
        // 6: limited to (S,W,0)
        if (v_reg[5]) begin
            vel <= (q_reg > VMAX) ? VMAX[W-1:0] : (q_reg < VMIN) ? VMIN[W-1:0] : q_reg[W-1:0];
            sat <= d_sat_reg | (q_reg > VMAX) | (q_reg < VMIN);
        end
        if (rst) begin
            prev_reg <= 32'd0;
            vel <= {W{1'b0}};
            v_reg <= {LATENCY{1'b0}};
            done <= 1'b0;
            sat <= 1'b0;
        end
    end
endmodule
`resetall
