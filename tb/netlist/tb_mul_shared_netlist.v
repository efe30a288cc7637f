// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// tb_mul_shared_netlist: fric_mul_shared_probe (three fric_mul on one shared
// operand b) as a vendor synthesis mapped it (its netlist, renamed
// fric_mul_shared_probe_net, with the family's cell models, Icarus) beside
// its RTL, on the same random operands and clock-enable gaps. Every output
// of the netlist must equal the RTL's once the RTL's is defined; a mapping
// that feeds the shared operand to only one of the multipliers (the others
// see 0), or that ties the register of b to 0, fails it. On a mismatch it prints the first failing product, both
// values and the cycle, and ends with FAIL; otherwise with ok.
//
// Parameter (-P): FAMILY, a name for the messages.
module tb_mul_shared_netlist;
    parameter FAMILY = "?";
    localparam integer W = 18;
    localparam integer N_CYCLES = 3000;

    reg clk = 1'b0;
    reg ce = 1'b0;
    reg [W-1:0] a0 = {W{1'b0}}, a1 = {W{1'b0}}, a2 = {W{1'b0}}, b = {W{1'b0}};
    wire [2*W-1:0] r0, r1, r2, n0, n1, n2;
    wire [W-1:0] rq, nq;

    fric_mul_shared_probe u_rtl (.clk(clk), .ce(ce), .a0(a0), .a1(a1), .a2(a2), .b(b), .p0(r0), .p1(r1), .p2(r2), .bq(rq));
    fric_mul_shared_probe_net u_net (.clk(clk), .ce(ce), .a0(a0), .a1(a1), .a2(a2), .b(b), .p0(n0), .p1(n1), .p2(n2), .bq(nq));

    integer cycle = 0, checked = 0, nonzero = 0, errors = 0, seed = 7;
    task check;
        input [8*2-1:0] name;
        input [2*W-1:0] r, n;
        begin
            if (^r !== 1'bx) begin
                checked = checked + 1;
                if (r != 0) nonzero = nonzero + 1;
                if (r !== n) begin
                    errors = errors + 1;
                    if (errors == 1)
                        $display("FAIL fric_mul shared operand %0s: %0s at cycle %0d: RTL %h, netlist %h",
                                 FAMILY, name, cycle, r, n);
                end
            end
        end
    endtask

    initial begin
        while (cycle < N_CYCLES) begin
            ce = ($random(seed) & 3) != 0;
            a0 = $random(seed);
            a1 = $random(seed);
            a2 = $random(seed);
            b = $random(seed);
            #5 clk = 1'b1;
            #1;
            check("p0", r0, n0);
            check("p1", r1, n1);
            check("p2", r2, n2);
            check("bq", {{W{1'b0}}, rq}, {{W{1'b0}}, nq});
            #4 clk = 1'b0;
            cycle = cycle + 1;
        end
        // (the outputs are nonzero nearly always: a mapping that ties an
        // operand to 0 can not pass on outputs that are 0 in the RTL too)
        if (errors == 0 && checked > 4 * (N_CYCLES - 100) && nonzero > checked / 2)
            $display("ok   fric_mul shared operand %0s: the three products and the register of b equal the RTL's, %0d outputs over %0d cycles",
                     FAMILY, checked, N_CYCLES);
        else if (errors == 0)
            $display("FAIL fric_mul shared operand %0s: only %0d outputs checked, %0d nonzero", FAMILY, checked, nonzero);
        else
            $display("FAIL fric_mul shared operand %0s: %0d mismatching outputs of %0d", FAMILY, errors, checked);
        $finish;
    end
endmodule
`resetall
