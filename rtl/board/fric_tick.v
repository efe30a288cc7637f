// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_tick: the sample-tick generator of the board tops. tick is high for
// one clk cycle every DIV cycles (the servo rate is f_clk / DIV); DIV = 0
// stops it. A new DIV takes effect one cycle after it is written (DIV - 1
// and DIV - 2 are registered, so the count compares with registers, not
// through a subtraction). Whether the count ends in a cycle is itself a
// register, decided a cycle ahead by an equality (no carry chain, and no
// comparison, in the tick's decision); a count already past a new, shorter
// period is caught by a registered comparison, so that period's tick comes
// a cycle or two later, once.
module fric_tick (
    input  wire        clk,
    input  wire        rst,
    input  wire [23:0] div,
    output reg         tick
);
    reg [23:0] cnt_reg;
    reg [23:0] div_m1_reg = 24'd0, div_m2_reg = 24'd0;
    reg        div_z_reg = 1'b1, div_1_reg = 1'b0;
    reg        end_reg = 1'b0;    // the count is at DIV - 1 in this cycle (decided in the last)
    reg        past_reg = 1'b0;   // the count was past DIV - 1 in the last cycle, which did not end it
    wire       fire = end_reg || past_reg;
    always @(posedge clk) begin
        div_m1_reg <= div - 24'd1;
        div_m2_reg <= div - 24'd2;
        div_z_reg <= (div == 24'd0);
        div_1_reg <= (div == 24'd1);
        // the next count is 0 (end, or stopped) or this count + 1
        end_reg <= (div_z_reg || fire) ? div_1_reg : (cnt_reg == div_m2_reg);
        past_reg <= !div_z_reg && !fire && (cnt_reg > div_m1_reg);
        tick <= 1'b0;
        if (div_z_reg) begin
            cnt_reg <= 24'd0;
        end else if (fire) begin
            cnt_reg <= 24'd0;
            tick <= 1'b1;
        end else begin
            cnt_reg <= cnt_reg + 24'd1;
        end
        if (rst) begin
            cnt_reg <= 24'd0;
            tick <= 1'b0;
            end_reg <= 1'b0;
            past_reg <= 1'b0;
        end
    end
endmodule
`resetall
