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
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_tick.sby, docs/formal.md) =======
    // The module is the top of its proof; rst is high in the first cycle and
    // free after it; div is free but keeps each value for 3 cycles or more
    // (a TICK_DIV write of fric_regs). Properties:
    //   tick_period  with DIV = d >= 1 unchanged since 2 cycles before the last
    //                tick, the next tick comes exactly d cycles after it
    //   tick_once    with DIV >= 2 unchanged for 2 cycles, a tick lasts one cycle
    //   tick_stop    with DIV = 0 for 2 cycles, no tick
    //   tick_late    a tick is never more than 4 cycles overdue: once the
    //                cycles since the last tick (or reset, or stop) reach DIV,
    //                it comes within 4 (a shorter period written while the
    //                count is past it, "a cycle or two later, once"; the first
    //                tick after a start with DIV = 1)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    reg [23:0] f_div_last;
    reg [1:0]  f_div_age = 2'd0;   // cycles div has kept its value (saturating at 3)
    reg [24:0] f_since = 25'd0;    // cycles since the last tick (or reset, or DIV = 0)
    reg        f_clean = 1'b0;     // div unchanged since 2 cycles before the last tick
    reg        f_seen = 1'b0;      // a tick since reset or stop
    reg        f_tick_last = 1'b0;
    wire f_div_same = (div == f_div_last);
    // div is a register of fric_regs, written by a bus write: it keeps a
    // value for 3 cycles or more (a write takes 3 cycles at the fastest)
    always @(*) if (f_past_valid && !f_div_same) assume(f_div_age >= 2'd2);
    // cycles in a row without a tick while the count since the last one is
    // DIV or more (saturating)
    reg [2:0]  f_over = 3'd0;
    wire f_due = f_past_valid && !rst && div != 24'd0 && f_since >= {1'b0, div} && !tick;
    always @(posedge clk) f_over <= f_due ? ((f_over == 3'd7) ? 3'd7 : f_over + 3'd1) : 3'd0;
    always @(posedge clk) begin
        f_div_last <= div;
        f_div_age <= !f_div_same ? 2'd0 : (f_div_age == 2'd3) ? 2'd3 : f_div_age + 2'd1;
        f_tick_last <= tick;
        if (f_since != {25{1'b1}}) f_since <= f_since + 25'd1;
        if (!f_div_same) f_clean <= 1'b0;
        if (tick) begin
            f_since <= 25'd1;
            f_seen <= 1'b1;
            f_clean <= f_div_same && f_div_age >= 2'd1;
        end
        if (rst || (f_past_valid && f_div_last == 24'd0)) begin  // reset, or stopped
            f_since <= 25'd1;
            f_seen <= 1'b0;
            f_clean <= 1'b0;
        end
    end
    always @(*)
        if (f_past_valid && !rst) begin
            if (tick && f_seen && f_clean && f_div_same) p_tick_period: assert(f_since == {1'b0, div});
            if (f_tick_last && f_div_same && f_div_age >= 2'd2 && div >= 24'd2) p_tick_once: assert(!tick);
            p_tick_late: assert(f_over <= 3'd4);
            if (div == 24'd0 && f_div_same && f_div_age >= 2'd1) p_tick_stop: assert(!tick);
        end

    // ---- invariants ----
    always @(*)
        if (f_past_valid && !rst) begin
            f_inv_div: assert(div_m1_reg == f_div_last - 24'd1 && div_m2_reg == f_div_last - 24'd2 &&
                              div_z_reg == (f_div_last == 24'd0) && div_1_reg == (f_div_last == 24'd1));
            // the count is the cycles since the last tick (since a reset or stop: one less)
            if (!tick) f_inv_cnt: assert(f_since == {1'b0, cnt_reg} + {24'd0, !f_seen});
            if (cnt_reg == 24'hffffff) f_inv_cnt_max: assert(fire || div_z_reg);  // the count never wraps
            if (tick) f_inv_tick: assert(cnt_reg == 24'd0);
        end
    always @(*) begin
        cover(f_past_valid && !rst && tick && f_seen && f_clean && div == 24'd3);
        cover(f_past_valid && !rst && tick && f_seen && f_over >= 3'd2);  // a shortened period's late tick
    end
`endif
endmodule
`resetall
