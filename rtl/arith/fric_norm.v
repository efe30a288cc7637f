// SPDX-License-Identifier: Apache-2.0
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
// Latency: RS + 3 clock-enabled cycles (bit length 2, rounding shift RS,
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

    // c0 -> c2: the bit length, in two stages of shallow logic: per group of
    // four bits (x padded to 64: 16 groups) whether it holds a one and where
    // its highest one is; then a balanced tree of 2:1 merges over the groups
    // (depth 4, no priority chain), and bl = index + 1 (0 for x = 0)
    localparam integer NG = 16;
    wire [63:0] xp = {{(64-X_W){1'b0}}, x};
    reg [NG-1:0]   g_any_reg;
    reg [2*NG-1:0] g_pos_reg;
    reg [X_W-1:0]  x1_reg;
    integer gi;
    always @(posedge clk) begin
        if (ce) begin
            x1_reg <= x;
            for (gi = 0; gi < NG; gi = gi + 1) begin
                g_any_reg[gi] <= |xp[4*gi +: 4];
                g_pos_reg[2*gi +: 2] <= xp[4*gi+3] ? 2'd3 : (xp[4*gi+2] ? 2'd2 : (xp[4*gi+1] ? 2'd1 : 2'd0));
            end
        end
    end
    // tree level l has NG >> l nodes, each {any, index}; the upper half of a
    // merge sets the index's bit l + 1
    genvar tl, tn;
    generate
        for (tl = 0; tl <= 4; tl = tl + 1) begin : g_level
            localparam integer N = NG >> tl;
            wire [N-1:0]   any_l;
            wire [6*N-1:0] idx_l;
            for (tn = 0; tn < N; tn = tn + 1) begin : g_node
                if (tl == 0) begin : g_leaf
                    assign any_l[tn] = g_any_reg[tn];
                    assign idx_l[6*tn +: 6] = {4'd0, g_pos_reg[2*tn +: 2]};
                end else begin : g_merge
                    wire hi = g_level[tl-1].any_l[2*tn+1];
                    wire [5:0] ih = g_level[tl-1].idx_l[6*(2*tn+1) +: 6];
                    wire [5:0] il = g_level[tl-1].idx_l[6*(2*tn) +: 6];
                    assign any_l[tn] = hi || g_level[tl-1].any_l[2*tn];
                    assign idx_l[6*tn +: 6] = hi ? (ih | (6'd1 << (tl + 1))) : il;
                end
            end
        end
    endgenerate
    reg [X_W-1:0]  x_reg;
    reg [BL_W-1:0] bl_reg;
    always @(posedge clk) begin
        if (ce) begin
            x_reg  <= x1_reg;
            bl_reg <= g_level[4].any_l[0] ? g_level[4].idx_l[5:0] + 6'd1 : {BL_W{1'b0}};
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
