// SPDX-License-Identifier: Apache-2.0
// fric_axis_track.vh: the stream part of a pipeline core's FORMAL section
// (fric_stribeck, fric_lugre; docs/formal.md), included inside the module.
// The including module defines, before the include:
//   F_OUT       the tracked beat's place in the output buffer (the places
//               before it: 1 the input register, then the stages)
//   F_LATENCY   the cycles from the input handshake to m_axis_tvalid
//               without backpressure or stall
//   f_tr_step   the tracked beat moves to the next place in this cycle
//               (the pipeline advances, and nothing holds it)
// and, for the induction's invariants (not with FRIC_FORMAL_NOINV):
//   F_NP        the places 0..F_NP-1: 0 before the input register, 1 the
//               input register, then the stages in order
//   f_vp(p)     the valid bit of place p (1..F_NP-1)
//   f_adv1      the input register passes its beat on at an advance
//   f_v1_next   the input register's valid bit after an advance
// and its own s_axis, m_axis, rst, clk, ce (the pipeline advances) and
// count_reg (the output buffer's count).
//
// Environment: rst is high in the first cycle and free after it; s_axis
// follows AXI4-Stream (tvalid held until tready, tdata and tuser stable
// meanwhile; a reset ends it). Properties:
//   p_m_hold     m_axis_tvalid held until m_axis_tready, tdata and tuser
//                stable meanwhile
//   p_one_out_*  every accepted input beat gives exactly one output beat, in
//                order, with its axis: the output count never passes the
//                input count, and any input beat (f_pick chooses it) leaves
//                after exactly the beats that were in the core before it,
//                within F_LATENCY cycles of no backpressure and no stall
//   p_latency*   the tracked beat at the head of the output: F_LATENCY
//                cycles after its handshake without backpressure and stall,
//                at most that many cycles of neither otherwise
reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

// ---- the input master ----
always @(posedge clk)
    if (f_past_valid && $past(s_axis_tvalid && !s_axis_tready && !rst)) begin
        assume(s_axis_tvalid);
        assume(s_axis_tdata == $past(s_axis_tdata));
        assume(s_axis_tuser == $past(s_axis_tuser));
    end

// ---- beat counts and one tracked beat ----
wire f_in_hs = s_axis_tvalid && s_axis_tready;
wire f_out_hs = m_axis_tvalid && m_axis_tready;
reg [7:0] f_fly = 8'd0;                  // beats in the core: accepted, not yet out
(* anyseq *) reg f_pick;                 // the tracked beat: any one (chosen at its handshake)
reg              f_tr_v = 1'b0;          // it is in the core
wire f_tr_in = f_in_hs && f_pick && !f_tr_v;
reg [7:0]        f_tr_ahead;             // beats before it still in the core
reg [AXIS_W-1:0] f_tr_axis;
reg [7:0]        f_tr_stage;             // its place: 1..F_OUT
reg [7:0]        f_tr_run;               // cycles since its handshake without backpressure or stall
reg              f_tr_free;              // no backpressure and no stall since its handshake
reg              f_prev_in_hs = 1'b0;
wire f_stalled = !s_axis_tready || (m_axis_tvalid && !m_axis_tready);
wire f_tr_out = f_tr_v && f_out_hs && (f_tr_ahead == 8'd0);
always @(posedge clk) begin
    f_prev_in_hs <= f_in_hs && !rst;
    f_fly <= f_fly + {7'd0, f_in_hs} - {7'd0, f_out_hs};
    if (f_tr_v && f_out_hs && f_tr_ahead != 8'd0) f_tr_ahead <= f_tr_ahead - 8'd1;
    if (f_tr_v) begin
        if (!f_stalled) f_tr_run <= f_tr_run + 8'd1;
        if (!s_axis_tready || !m_axis_tready) f_tr_free <= 1'b0;
        if (f_tr_step && f_tr_stage < F_OUT) f_tr_stage <= f_tr_stage + 8'd1;
    end
    if (f_tr_out) f_tr_v <= 1'b0;
    if (f_tr_in) begin
        f_tr_v <= 1'b1;
        f_tr_ahead <= f_fly - {7'd0, f_out_hs};
        f_tr_axis <= s_axis_tuser;
        f_tr_stage <= 8'd1;
        f_tr_run <= 8'd1;
        f_tr_free <= 1'b1;
    end
    if (rst) begin
        f_fly <= 8'd0;
        f_tr_v <= 1'b0;
    end
end

// ---- stream properties ----
always @(posedge clk)
    if (f_past_valid && !rst && $past(m_axis_tvalid && !m_axis_tready && !rst))
        p_m_hold: assert(m_axis_tvalid && m_axis_tdata == $past(m_axis_tdata) && m_axis_tuser == $past(m_axis_tuser));
always @(*)
    if (f_past_valid && !rst) begin
        if (f_out_hs) p_one_out_count: assert(f_fly != 8'd0);
        // every accepted beat leaves within F_LATENCY cycles of no
        // backpressure and no stall: none is dropped
        if (f_tr_v) p_one_out_live: assert(f_tr_run <= F_LATENCY);
        if (f_tr_out) p_one_out_axis: assert(m_axis_tuser[AXIS_W-1:0] == f_tr_axis);
        if (f_tr_v && m_axis_tvalid && f_tr_ahead == 8'd0) begin
            if (f_tr_free) p_latency: assert(f_tr_run == F_LATENCY);
            p_latency_bound: assert(f_tr_run <= F_LATENCY);
        end
    end

`ifndef FRIC_FORMAL_NOINV
// ---- beats ahead of each place (for the induction; the bounded runs need none) ----
// f_ah[8p +: 8]: the beats ahead of place p (valid at a later place, or in
// the output buffer), kept as registers that follow the pipeline's moves
// and tied to the valid bits by one relation per place. (The same counts as
// sums over the places would leave the induction step an identity of as
// many terms as stages to prove, which takes the solver far longer.)
reg [8*F_NP-1:0] f_ah = {8*F_NP{1'b0}};
wire [7:0] f_pop8 = {7'd0, f_out_hs};
wire [7:0] f_ah1 = f_ah[15:8] - f_pop8 + {7'd0, f_adv1};
integer f_p;
always @(posedge clk) begin
    for (f_p = 0; f_p < F_NP; f_p = f_p + 1) f_ah[8*f_p +: 8] <= f_ah[8*f_p +: 8] - f_pop8;
    if (ce) begin
        for (f_p = 2; f_p < F_NP; f_p = f_p + 1) f_ah[8*f_p +: 8] <= f_ah[8*(f_p-1) +: 8] - f_pop8;
        f_ah[15:8] <= f_ah1;
        f_ah[7:0]  <= f_ah1 + {7'd0, f_v1_next};
    end
    if (rst) f_ah <= {8*F_NP{1'b0}};
end
genvar f_gp;
generate
    for (f_gp = 1; f_gp < F_NP; f_gp = f_gp + 1) begin : g_f_ah
        always @(*)
            if (f_past_valid) assert(f_ah[8*(f_gp-1) +: 8] == f_ah[8*f_gp +: 8] + {7'd0, f_vp(f_gp)});
    end
endgenerate
always @(*)
    if (f_past_valid) begin
        f_inv_ah_buf: assert(f_ah[8*(F_NP-1) +: 8] == {6'd0, count_reg});
        f_inv_fly: assert(f_fly == f_ah[7:0]);
    end
`endif
