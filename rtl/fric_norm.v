`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_norm: normalize x > 0 to a W-bit mantissa m in [2^(W-1), 2^W) with
// x ~ m * 2^e, the RTL twin of norm() in cmodel/src/fric_fx.c: exact when x
// has at most W bits (a left shift), rounded half up when bits are dropped,
// and renormalized (m = 2^(W-1), e + 1) when the rounding carries to 2^W.
// x = 0 gives m = 0, e = 0.
//
// Method: with bl = bitlen(x), m = rsr(x * 2^W, bl) for every x: for
// bl <= W the dropped bits are zeros (the left shift, exact), for bl > W it
// is rsr(x, bl - W). One rounding shift, no left/right case.
//
// Formats: x (U,X_W,0); m (U,W,0); e signed, 8 bits (bl - W, -W..X_W - W);
// big = (bl > W), i.e. x did not fit W bits.
// Latency: RS + 2 clock-enabled cycles (bit length 1, rounding shift RS,
// renormalization 1); one x per cycle.
module fric_norm #(
    // input width, 1..56
    parameter integer X_W = 32,
    // mantissa width
    parameter integer W = 16,
    // stages of the rounding shift (fric_rsr STAGES), 2 or 3
    parameter integer RS = 2
) (
    input  wire              clk,
    input  wire              ce,
    input  wire [X_W-1:0]    x,
    output wire [W-1:0]      m,
    output wire signed [7:0] e,
    output wire              big
);
    localparam integer BL_W = 6;

    initial begin
        if (X_W < 1 || X_W > 56) begin
            $display("fric_norm: X_W = %0d, must be 1..56", X_W);
            $finish;
        end
    end

    // c0 -> c1: the bit length
    function [BL_W-1:0] bitlen;
        input [X_W-1:0] v;
        integer i;
        begin
            bitlen = {BL_W{1'b0}};
            for (i = 0; i < X_W; i = i + 1) if (v[i]) bitlen = i[BL_W-1:0] + 1'b1;
        end
    endfunction
    reg [X_W-1:0]  x_reg;
    reg [BL_W-1:0] bl_reg;
    always @(posedge clk) begin
        if (ce) begin
            x_reg  <= x;
            bl_reg <= bitlen(x);
        end
    end

    // c1 -> c1 + RS: m0 = rsr(x 2^W, bl) <= 2^W
    wire [W:0] m0;
    fric_rsr #(.X_W(X_W + W + 1), .S_W(BL_W), .Y_W(W + 1), .STAGES(RS)) u_rsr (
        .clk(clk), .ce(ce), .x({1'b0, x_reg, {W{1'b0}}}), .s(bl_reg), .y(m0));
    wire [BL_W-1:0] bl_d;
    fric_delay #(.WIDTH(BL_W), .DEPTH(RS)) u_bl (.clk(clk), .ce(ce), .d(bl_reg), .q(bl_d));

    // -> +1: renormalize a carry to 2^W; the exponent
    localparam integer W_I = W;
    reg [W-1:0]      m_reg;
    reg signed [7:0] e_reg;
    reg              big_reg;
    wire signed [7:0] e0 = $signed({2'b00, bl_d}) - $signed(W_I[7:0]);
    always @(posedge clk) begin
        if (ce) begin
            m_reg   <= m0[W] ? m0[W:1] : m0[W-1:0];
            e_reg   <= (bl_d == {BL_W{1'b0}}) ? 8'sd0 : e0 + $signed({7'd0, m0[W]});
            big_reg <= (bl_d > W_I[BL_W-1:0]);
        end
    end
    assign m = m_reg;
    assign e = e_reg;
    assign big = big_reg;
endmodule
`resetall
