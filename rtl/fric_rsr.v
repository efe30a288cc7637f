`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_rsr: arithmetic right shift with rounding half up, the RTL twin of
// fric_fx_rsr() in cmodel/include/fric_fx.h:
//
//     y = rsr(x, s) = floor((x + 2^(s-1)) / 2^s),   y = x for s = 0.
//
// Computed as ((x >>> (s-1)) + 1) >>> 1, which is the same integer for
// every x and s >= 1 (a test of the C helper pins the formula down).
//
// Formats: x (S,X_W,0), s (U,S_W,0), y (S,Y_W,0). Y_W >= X_W keeps every
// result; Y_W < X_W is used only where the caller has bounded the result to
// Y_W bits by construction (the dropped bits are then copies of the sign, or
// zero for a result read as unsigned), so it is a change of width, not a
// narrowing of value, and needs no saturation.
// Latency: 2 clock-enabled cycles (barrel shift, then the rounding add).
module fric_rsr #(
    // input width
    parameter integer X_W = 32,
    // shift-amount width
    parameter integer S_W = 6,
    // output width
    parameter integer Y_W = 32
) (
    input  wire                  clk,
    input  wire                  ce,
    input  wire signed [X_W-1:0] x,
    input  wire        [S_W-1:0] s,
    output wire signed [Y_W-1:0] y
);
    reg signed [X_W-1:0] t_reg;
    reg                  s_zero_reg;
    // t + 1 in X_W + 1 bits; its top X_W bits are (t + 1) >>> 1, which fits X_W bits
    wire signed [X_W:0]  t_inc = {t_reg[X_W-1], t_reg} + {{X_W{1'b0}}, 1'b1};
    wire signed [X_W-1:0] y_full = s_zero_reg ? t_reg : t_inc[X_W:1];

    always @(posedge clk) begin
        if (ce) begin
            s_zero_reg <= (s == {S_W{1'b0}});
            t_reg      <= (s == {S_W{1'b0}}) ? x : (x >>> (s - {{(S_W-1){1'b0}}, 1'b1}));
        end
    end

    generate
        if (Y_W > X_W) begin : g_extend
            reg signed [X_W-1:0] y_reg;
            always @(posedge clk) if (ce) y_reg <= y_full;
            assign y = {{(Y_W-X_W){y_reg[X_W-1]}}, y_reg};
        end else begin : g_trim
            reg signed [Y_W-1:0] y_reg;
            always @(posedge clk) if (ce) y_reg <= y_full[Y_W-1:0];
            assign y = y_reg;
        end
    endgenerate
endmodule
`resetall
