// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_rsr: arithmetic right shift with rounding half up, the RTL twin of
// fric_fx_rsr() in cmodel/include/fric_fx.h:
//
//     y = rsr(x, s) = floor((x + 2^(s-1)) / 2^s),   y = x for s = 0.
//
// Computed as ((2x >>> s) + 1) >>> 1, which is the same integer for every x
// and every s >= 0 (2x >>> s = floor(x / 2^(s-1)), and for s = 0
// (2x + 1) >>> 1 = x), so there is neither a decrement of s nor a special
// case in the path. A test of the C helper pins the formula down.
//
// Formats: x (S,X_W,0), s (U,S_W,0), y (S,Y_W,0). Y_W >= X_W keeps every
// result; Y_W < X_W is used only where the caller has bounded the result to
// Y_W bits by construction (the dropped bits are then copies of the sign, or
// zero for a result read as unsigned), so it is a change of width, not a
// narrowing of value, and needs no saturation.
// OPT_SAT = 1 is for a non-negative x and Y_W < X_W: y is the result
// limited to 2^Y_W - 1 (read as unsigned Y_W bits), a range limit the
// caller defines (the viscous limit, y of the exponent). The limit is
// decided on t = 2x >>> s (rsr >= 2^Y_W exactly when t >= 2^(Y_W+1) - 1),
// beside a (Y_W+1)-bit rounding add, so the carry chain is Y_W + 1 bits, not
// X_W + 1.
// Latency: STAGES clock-enabled cycles: 2 (barrel shift, then the rounding
// add) or 3 (the barrel shift split in two, for a faster clock).
module fric_rsr #(
    // input width
    parameter integer X_W = 32,
    // shift-amount width
    parameter integer S_W = 6,
    // output width
    parameter integer Y_W = 32,
    // pipeline stages, 2 or 3
    parameter integer STAGES = 2,
    // 1: limit y to 2^Y_W - 1 (x >= 0, Y_W < X_W); 0: exact
    parameter integer OPT_SAT = 0
) (
    input  wire                  clk,
    input  wire                  ce,
    input  wire signed [X_W-1:0] x,
    input  wire        [S_W-1:0] s,
    output wire signed [Y_W-1:0] y
);
    initial begin
        if ((STAGES != 2 && STAGES != 3) || (STAGES == 3 && S_W < 3)) begin
            $display("fric_rsr: STAGES = %0d with S_W = %0d: must be 2, or 3 with S_W >= 3", STAGES, S_W);
            $finish;
        end
        if (OPT_SAT != 0 && Y_W >= X_W) begin
            $display("fric_rsr: OPT_SAT needs Y_W < X_W (Y_W = %0d, X_W = %0d)", Y_W, X_W);
            $finish;
        end
    end

    // t = 2x >>> s, after STAGES - 1 cycles
    wire signed [X_W:0] x2 = {x, 1'b0};
    wire signed [X_W:0] t_reg;
    generate
        if (STAGES == 2) begin : g_one_shift
            reg signed [X_W:0] t1_reg;
            always @(posedge clk) if (ce) t1_reg <= x2 >>> s;
            assign t_reg = t1_reg;
        end else begin : g_two_shifts
            // the amount's high bits first (multiples of 4), then the low two
            reg signed [X_W:0] t1_reg, t2_reg;
            reg [1:0]          lo_reg;
            always @(posedge clk) begin
                if (ce) begin
                    t1_reg <= x2 >>> {s[S_W-1:2], 2'b00};
                    lo_reg <= s[1:0];
                    t2_reg <= t1_reg >>> lo_reg;
                end
            end
            assign t_reg = t2_reg;
        end
    endgenerate
    generate
        if (OPT_SAT != 0) begin : g_sat
            // t >= 2^(Y_W+1) - 1: above the range, or all ones in its Y_W + 1 bits
            wire over = (|t_reg[X_W:Y_W+1]) || (&t_reg[Y_W:0]);
            // t + 1 in Y_W + 1 bits (it carries out only when over)
            wire [Y_W:0] t_inc = t_reg[Y_W:0] + {{Y_W{1'b0}}, 1'b1};
            reg [Y_W-1:0] y_reg;
            always @(posedge clk) if (ce) y_reg <= over ? {Y_W{1'b1}} : t_inc[Y_W:1];
            assign y = y_reg;
        end else begin : g_exact
            // t + 1 in X_W + 2 bits; its bits above bit 0 are (t + 1) >>> 1, which fits X_W bits
            wire signed [X_W+1:0] t_inc = {t_reg[X_W], t_reg} + {{(X_W+1){1'b0}}, 1'b1};
            wire signed [X_W-1:0] y_full = t_inc[X_W:1];
            if (Y_W > X_W) begin : g_extend
                reg signed [X_W-1:0] y_reg;
                always @(posedge clk) if (ce) y_reg <= y_full;
                assign y = {{(Y_W-X_W){y_reg[X_W-1]}}, y_reg};
            end else begin : g_trim
                reg signed [Y_W-1:0] y_reg;
                always @(posedge clk) if (ce) y_reg <= y_full[Y_W-1:0];
                assign y = y_reg;
            end
        end
    endgenerate
endmodule
`resetall
