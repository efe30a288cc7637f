// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_delay: a WIDTH-bit delay line of DEPTH clock-enabled stages.
//
// Contract: q is d delayed by DEPTH cycles in which ce was high; DEPTH = 0
// is a wire. No reset: it carries data, not state (valid bits live in the
// caller, which resets them).
module fric_delay #(
    // bits carried
    parameter integer WIDTH = 1,
    // stages, >= 0
    parameter integer DEPTH = 1
) (
    input  wire             clk,
    input  wire             ce,
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] q
);
    generate
        if (DEPTH == 0) begin : g_wire
            assign q = d;
        end else begin : g_regs
            reg [WIDTH*DEPTH-1:0] pipe_reg;
            if (DEPTH == 1) begin : g_one
                always @(posedge clk) if (ce) pipe_reg <= d;
            end else begin : g_many
                always @(posedge clk) if (ce) pipe_reg <= {pipe_reg[WIDTH*(DEPTH-1)-1:0], d};
            end
            assign q = pipe_reg[WIDTH*DEPTH-1 -: WIDTH];
        end
    endgenerate
endmodule
`resetall
