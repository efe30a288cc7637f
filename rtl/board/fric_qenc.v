// SPDX-License-Identifier: Apache-2.0
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
// Input rate: at most one transition per 2 clk cycles (the high half of
// the count steps on flags of the low half registered a cycle earlier;
// checked in simulation).
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
    // the low half is all ones / all zeros: registered, so they are a cycle
    // old, which is current at any step (steps are at least 2 cycles apart)
    reg lo_ff_reg = 1'b0, lo_00_reg = 1'b1;
    always @(posedge clk) begin
        lo_ff_reg <= (pos[15:0] == 16'hffff);
        lo_00_reg <= (pos[15:0] == 16'h0000);
        a_sync_reg <= {a_sync_reg[0], enc_a};
        b_sync_reg <= {b_sync_reg[0], enc_b};
        prev_reg <= cur;
        err <= (prev_reg ^ cur) == 2'b11;
        // two 16-bit halves (no 32-bit carry chain): the high half steps when
        // the low half wraps, in the same cycle, so pos is always whole
        if (up) pos[15:0] <= pos[15:0] + 16'd1;
        else if (down) pos[15:0] <= pos[15:0] - 16'd1;
        if (up && lo_ff_reg) pos[31:16] <= pos[31:16] + 16'd1;
        else if (down && lo_00_reg) pos[31:16] <= pos[31:16] - 16'd1;
        if (rst) begin
            a_sync_reg <= 2'b00;
            b_sync_reg <= 2'b00;
            prev_reg <= 2'b00;
            pos <= 32'd0;
            lo_ff_reg <= 1'b0;
            lo_00_reg <= 1'b1;
            err <= 1'b0;
        end
    end
`ifndef SYNTHESIS
    reg step_prev_reg = 1'b0;
    always @(posedge clk) begin
        step_prev_reg <= (up || down) && !rst;
        if ((up || down) && step_prev_reg && !rst) begin
            $display("fric_qenc: two count steps in consecutive cycles (input faster than one transition per 2 cycles)");
            $finish;
        end
    end
`endif
endmodule
`resetall
