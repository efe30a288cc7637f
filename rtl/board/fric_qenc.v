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
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_qenc.sby, docs/formal.md) =======
    // The module is the top of its proof. rst is high in the first cycle and
    // free after it; A and B change at most once in 2 cycles (together or
    // apart), the documented input rate, and not in the 3 cycles after a
    // reset (see below). A reference counts the transitions
    // of the pins, 2 cycles late (the synchronizers), as the comment above
    // says. Properties:
    //   qenc_count  pos is the reference count (modulo 2^32) in every cycle:
    //               +1 for each transition with A leading B, -1 for each in
    //               the other order, 0 for a skipped state; so pos moves by
    //               at most one count a cycle, whole (both halves at once)
    //   qenc_err    err is high for one cycle exactly after a skipped state
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);
    reg [1:0] f_pin_last = 2'b00;
    reg       f_pin_moved = 1'b0;
    always @(posedge clk) begin
        f_pin_last <= {enc_a, enc_b};
        f_pin_moved <= ({enc_a, enc_b} != f_pin_last) && f_past_valid;
    end
    always @(*) if (f_past_valid && f_pin_moved) assume({enc_a, enc_b} == f_pin_last);
    // the synchronizers restart from 00 at a reset: the count takes the pins'
    // state as a transition 2 cycles after the reset ends, so the pins must
    // not move in those cycles either (else two steps come in consecutive
    // cycles, faster than the documented rate)
    reg [1:0] f_rst_age = 2'd0;
    always @(posedge clk) f_rst_age <= rst ? 2'd0 : (f_rst_age == 2'd3) ? 2'd3 : f_rst_age + 2'd1;
    always @(*) if (f_past_valid && !rst && f_rst_age < 2'd3) assume({enc_a, enc_b} == f_pin_last);
    // the reference: the pins 2 cycles late, their last state, the count
    reg [1:0] f_q1 = 2'b00, f_q2 = 2'b00, f_prev = 2'b00;
    reg [31:0] f_pos = 32'd0;
    reg f_err = 1'b0;
    reg f_stepped = 1'b0;   // the count stepped in the last cycle
    always @(posedge clk) f_stepped <= (up || down) && !rst;
    wire f_up = (f_prev == 2'b00 && f_q2 == 2'b10) || (f_prev == 2'b10 && f_q2 == 2'b11) ||
                (f_prev == 2'b11 && f_q2 == 2'b01) || (f_prev == 2'b01 && f_q2 == 2'b00);
    wire f_down = (f_q2 == 2'b00 && f_prev == 2'b10) || (f_q2 == 2'b10 && f_prev == 2'b11) ||
                  (f_q2 == 2'b11 && f_prev == 2'b01) || (f_q2 == 2'b01 && f_prev == 2'b00);
    always @(posedge clk) begin
        f_q1 <= {enc_a, enc_b};
        f_q2 <= f_q1;
        f_prev <= f_q2;
        f_pos <= f_pos + (f_up ? 32'd1 : f_down ? 32'hffffffff : 32'd0);
        f_err <= (f_prev ^ f_q2) == 2'b11;
        if (rst) begin
            f_q1 <= 2'b00;
            f_q2 <= 2'b00;
            f_prev <= 2'b00;
            f_pos <= 32'd0;
            f_err <= 1'b0;
        end
    end
    always @(*)
        if (f_past_valid && !rst) begin
            p_qenc_count: assert(pos == f_pos);
            p_qenc_err: assert(err == f_err);
        end
    // invariants
    always @(*)
        if (f_past_valid && !rst) begin
            f_inv_sync: assert({a_sync_reg[0], b_sync_reg[0]} == f_q1 && {a_sync_reg[1], b_sync_reg[1]} == f_q2 &&
                               prev_reg == f_prev);
            // the half flags are current unless the count stepped in the last cycle
            if (!f_stepped) f_inv_lo: assert(lo_ff_reg == (pos[15:0] == 16'hffff) &&
                                                                 lo_00_reg == (pos[15:0] == 16'h0000));
        end
    always @(*) begin
        cover(f_past_valid && !rst && pos == 32'd2);          // two counts up
        cover(f_past_valid && !rst && pos == 32'hffffffff);  // down through zero
    end
`endif
endmodule
`resetall
