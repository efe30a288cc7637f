`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_qenc: quadrature-encoder decoder (x4). enc_a and enc_b are
// asynchronous: each passes a two-flip-flop synchronizer. Every valid
// transition counts one: up when A leads B (AB = 00, 10, 11, 01, 00, ...),
// down in the other order. A transition that changes both inputs at once
// (a skipped state: the count can not know the direction) does not count
// and raises err for one cycle. pos wraps modulo 2^32 like any position
// counter; differences of it (fric_encvel) are exact across the wrap.
// Input rate: at most one transition per 2 clk cycles.
module fric_qenc (
    input  wire        clk,
    input  wire        rst,
    input  wire        enc_a,
    input  wire        enc_b,
    output reg  [31:0] pos,
    output reg         err
);
    reg [1:0] a_sync_reg, b_sync_reg;
    reg [1:0] prev_reg;
    wire [1:0] cur = {a_sync_reg[1], b_sync_reg[1]};
    // up: 00->10, 10->11, 11->01, 01->00
    wire up = (prev_reg == 2'b00 && cur == 2'b10) || (prev_reg == 2'b10 && cur == 2'b11) ||
              (prev_reg == 2'b11 && cur == 2'b01) || (prev_reg == 2'b01 && cur == 2'b00);
    wire down = (cur == 2'b00 && prev_reg == 2'b10) || (cur == 2'b10 && prev_reg == 2'b11) ||
                (cur == 2'b11 && prev_reg == 2'b01) || (cur == 2'b01 && prev_reg == 2'b00);
    always @(posedge clk) begin
        a_sync_reg <= {a_sync_reg[0], enc_a};
        b_sync_reg <= {b_sync_reg[0], enc_b};
        prev_reg <= cur;
        err <= (prev_reg ^ cur) == 2'b11;
        // two 16-bit halves (no 32-bit carry chain): the high half steps when
        // the low half wraps, in the same cycle, so pos is always whole
        if (up) pos[15:0] <= pos[15:0] + 16'd1;
        else if (down) pos[15:0] <= pos[15:0] - 16'd1;
        if (up && pos[15:0] == 16'hffff) pos[31:16] <= pos[31:16] + 16'd1;
        else if (down && pos[15:0] == 16'h0000) pos[31:16] <= pos[31:16] - 16'd1;
        if (rst) begin
            a_sync_reg <= 2'b00;
            b_sync_reg <= 2'b00;
            prev_reg <= 2'b00;
            pos <= 32'd0;
            err <= 1'b0;
        end
    end
endmodule
`resetall
