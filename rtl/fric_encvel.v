`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_encvel: velocity estimate from an encoder position, once per sample
// tick, bit-exact with fric_fx_enc_velocity() of the C model:
//
//   d = pos(now) - pos(previous tick), modulo 2^32, then limited to (S,16,0)
//   v = sat(rsr(d * GAIN, SHIFT)), a velocity code (S,W,0)
//
// GAIN is (U,16,0), SHIFT 0..31 (ENC_SCALE of the register map); each limit
// raises sat for one cycle. The first tick after rst measures from pos = 0.
// Latency: done pulses 3 cycles after tick, with vel updated; the board top
// starts the sample set with done, so the cores see this tick's estimate.
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
    reg [31:0] prev_reg;
    reg signed [15:0] d_reg;
    reg d_sat_reg;
    reg signed [32:0] p_reg;    // (S,33,0): d * GAIN, exact
    reg [4:0] s_reg;
    reg v1_reg, v2_reg;

    wire signed [31:0] diff = $signed(pos - prev_reg);
    wire d_hi = (diff > 32'sd32767);
    wire d_lo = (diff < -32'sd32768);
    // rsr: (p + 2^(s-1)) >>> s for s > 0; p for s = 0
    wire signed [33:0] p_rnd = {p_reg[32], p_reg} + ((s_reg == 5'd0) ? 34'sd0 : (34'sd1 <<< (s_reg - 5'd1)));
    wire signed [33:0] q = p_rnd >>> s_reg;
    localparam signed [33:0] VMAX = (34'sd1 <<< (W - 1)) - 34'sd1;
    localparam signed [33:0] VMIN = -(34'sd1 <<< (W - 1));
    always @(posedge clk) begin
        v1_reg <= tick;
        v2_reg <= v1_reg;
        done <= v2_reg;
        sat <= 1'b0;
        if (tick) begin
            prev_reg <= pos;
            d_reg <= d_hi ? 16'sd32767 : d_lo ? -16'sd32768 : diff[15:0];
            d_sat_reg <= d_hi | d_lo;
            s_reg <= shift;
        end
        if (v1_reg) p_reg <= d_reg * $signed({1'b0, gain});
        if (v2_reg) begin
            if (q > VMAX) vel <= VMAX[W-1:0];
            else if (q < VMIN) vel <= VMIN[W-1:0];
            else vel <= q[W-1:0];
            sat <= d_sat_reg | (q > VMAX) | (q < VMIN);
        end
        if (rst) begin
            prev_reg <= 32'd0;
            vel <= {W{1'b0}};
            v1_reg <= 1'b0;
            v2_reg <= 1'b0;
            done <= 1'b0;
            sat <= 1'b0;
        end
    end
endmodule
`resetall
