`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_tick: the sample-tick generator of the board tops. tick is high for
// one clk cycle every DIV cycles (the servo rate is f_clk / DIV); DIV = 0
// stops it. A new DIV takes effect one cycle after it is written (DIV - 1
// is registered, so the count compares with a register, not through a
// subtraction). The count ends at DIV - 1 by an equality (no carry chain in
// the tick's decision); a count already past a new, shorter period is
// caught by a registered comparison, so that period's tick comes one cycle
// later, once.
module fric_tick (
    input  wire        clk,
    input  wire        rst,
    input  wire [23:0] div,
    output reg         tick
);
    reg [23:0] cnt_reg;
    reg [23:0] div_m1_reg = 24'd0;
    reg        div_z_reg = 1'b1;
    reg        past_reg = 1'b0;   // the count was past DIV - 1 in the last cycle, which did not end it
    wire       fire = (cnt_reg == div_m1_reg) || past_reg;
    always @(posedge clk) begin
        div_m1_reg <= div - 24'd1;
        div_z_reg <= (div == 24'd0);
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
            past_reg <= 1'b0;
        end
    end
endmodule
`resetall
