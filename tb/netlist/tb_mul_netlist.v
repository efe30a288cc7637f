// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// tb_mul_netlist: the multiplier wrapper fric_mul as a vendor synthesis
// mapped it (its write_verilog netlist with the family's cell models, Icarus)
// against the exact product. fric_mul's product is unsigned, so a mapping
// that takes an operand's top bit as a sign gets every operand at and above
// 2^(N-1) wrong: the bench drives, on both inputs, the two's complement
// boundary codes -2^(N-1), -1, 0, 1 and 2^(N-1)-1 (as N-bit words) in every
// pairing, then random operands, with clock-enable gaps. On a mismatch it
// prints the first failing pair, both products and the cycle, and ends with
// FAIL; otherwise with ok.
//
// Parameters (-P): A_W, B_W, LATENCY as the netlist was synthesized;
// FAMILY, a name for the messages.
module tb_mul_netlist;
    parameter integer A_W = 18;
    parameter integer B_W = 18;
    parameter integer LATENCY = 3;
    parameter FAMILY = "?";
    localparam integer P_W = A_W + B_W;
    localparam integer N_RANDOM = 4000;

    reg clk = 1'b0;
    reg ce = 1'b0;
    reg [A_W-1:0] a = {A_W{1'b0}};
    reg [B_W-1:0] b = {B_W{1'b0}};
    wire [P_W-1:0] p;

    fric_mul u_dut (.clk(clk), .ce(ce), .a(a), .b(b), .p(p));

    // the expected products, delayed by LATENCY enabled cycles
    reg [P_W-1:0] exp_pipe [0:LATENCY];
    reg [A_W-1:0] a_pipe [0:LATENCY];
    reg [B_W-1:0] b_pipe [0:LATENCY];
    reg [LATENCY:0] vld_pipe = {(LATENCY+1){1'b0}};
    integer k, cycle = 0, checked = 0, errors = 0;

    // the boundary codes of an N-bit word: -2^(N-1), -1, 0, 1, 2^(N-1)-1
    function [63:0] edge_code;
        input integer n, i;
        begin
            case (i)
                0: edge_code = 64'd1 << (n - 1);
                1: edge_code = (64'd1 << n) - 64'd1;
                2: edge_code = 64'd0;
                3: edge_code = 64'd1;
                default: edge_code = (64'd1 << (n - 1)) - 64'd1;
            endcase
        end
    endfunction

    task step;
        begin
            #5 clk = 1'b1;
            if (ce) begin
                for (k = LATENCY; k > 0; k = k - 1) begin
                    exp_pipe[k] = exp_pipe[k-1];
                    a_pipe[k] = a_pipe[k-1];
                    b_pipe[k] = b_pipe[k-1];
                end
                vld_pipe = {vld_pipe[LATENCY-1:0], 1'b0};
            end
            #5 clk = 1'b0;
            cycle = cycle + 1;
            // (while ce is low the product must hold: checked again, counted once)
            if (vld_pipe[LATENCY]) begin
                if (ce) checked = checked + 1;
                if (p !== exp_pipe[LATENCY] && errors == 0) begin
                    $display("FAIL fric_mul %s %0dx%0d: a %h b %h: netlist %h, exact %h (cycle %0d)", FAMILY,
                             A_W, B_W, a_pipe[LATENCY], b_pipe[LATENCY], p, exp_pipe[LATENCY], cycle);
                    errors = errors + 1;
                end else if (p !== exp_pipe[LATENCY]) begin
                    errors = errors + 1;
                end
            end
        end
    endtask

    task drive;
        input [A_W-1:0] av;
        input [B_W-1:0] bv;
        begin
            a = av;
            b = bv;
            ce = 1'b1;
            exp_pipe[0] = {{B_W{1'b0}}, av} * {{A_W{1'b0}}, bv};
            a_pipe[0] = av;
            b_pipe[0] = bv;
            vld_pipe[0] = 1'b1;
            step;
            vld_pipe[0] = 1'b0;
        end
    endtask

    integer i, j, seed = 46;
    reg [63:0] ra, rb;
    initial begin
        for (i = 0; i < 5; i = i + 1)
            for (j = 0; j < 5; j = j + 1)
                drive(edge_code(A_W, i), edge_code(B_W, j));
        // (+first_fail, the seeded runs: stop at the first wrong product)
        for (i = 0; i < N_RANDOM && !(errors != 0 && $test$plusargs("first_fail")); i = i + 1) begin
            ra = {$random(seed), $random(seed)};
            rb = {$random(seed), $random(seed)};
            drive(ra[A_W-1:0], rb[B_W-1:0]);
            // a clock-enable gap now and then: the pipeline must hold
            if (ra[40 +: 3] == 3'd0) begin
                ce = 1'b0;
                a = ~a;
                b = ~b;
                step;
                step;
            end
        end
        // flush
        for (i = 0; i < LATENCY + 2; i = i + 1) begin
            ce = 1'b1;
            step;
        end
        if (errors != 0 || checked != 25 + N_RANDOM) begin
            $display("FAIL fric_mul %s %0dx%0d: %0d of %0d products wrong", FAMILY, A_W, B_W, errors, checked);
            $finish;
        end
        $display("ok   fric_mul %s %0dx%0d (latency %0d): %0d products exact, 25 sign-boundary pairs among them",
                 FAMILY, A_W, B_W, LATENCY, checked);
        $finish;
    end
endmodule
`resetall
