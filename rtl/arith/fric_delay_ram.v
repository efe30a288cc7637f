// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_delay_ram: a WIDTH-bit delay line of DEPTH clock-enabled stages held
// in a block RAM (iCE40 EBR, ECP5 DP16KD) instead of WIDTH * DEPTH
// flip-flops: the same contract as fric_delay.
//
// Contract: q is d delayed by DEPTH cycles in which ce was high (DEPTH >= 3).
// No reset: it carries data, not state; until DEPTH advances have passed, q
// is whatever the RAM held (the caller's valid bits, in flip-flops, say
// which outputs mean something).
// Structure: a ring of 2^AW >= DEPTH - 1 words, then a flip-flop (so no
// logic follows the RAM's slow clock-to-output). On each advance the word
// at the write pointer takes d and the registered read port takes the word
// written DEPTH - 2 advances ago (the read pointer runs DEPTH - 2 words
// behind); read and write addresses always differ, so no read-during-write
// behaviour is relied on.
// Resources: one RAM of 2^AW x WIDTH bits (WIDTH <= 16 and 2^AW <= 256 fit
// one iCE40 EBR), WIDTH output flip-flops and two AW-bit pointers.
module fric_delay_ram #(
    // bits carried
    parameter integer WIDTH = 16,
    // stages, >= 2
    parameter integer DEPTH = 16
) (
    input  wire             clk,
    input  wire             ce,
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] q
);
    // address bits: the smallest AW with 2^AW >= DEPTH
    function integer addr_bits;
        input integer n;
        integer b;
        begin
            addr_bits = 1;
            for (b = 1; b < 31; b = b + 1)
                if ((1 << b) < n) addr_bits = b + 1;
        end
    endfunction
    localparam integer AW = addr_bits(DEPTH - 1);
    localparam integer RP0 = (1 << AW) - (DEPTH - 2);

    initial begin
        if (DEPTH < 3) begin
            $display("fric_delay_ram: DEPTH = %0d, must be >= 3 (use fric_delay)", DEPTH);
            $finish;
        end
    end

    (* ram_style = "block" *)
    reg [WIDTH-1:0] mem [0:(1<<AW)-1];
    reg [AW-1:0]    wp_reg = {AW{1'b0}};
    reg [AW-1:0]    rp_reg = RP0[AW-1:0];
    reg [WIDTH-1:0] rd_reg, q_reg;
    always @(posedge clk) begin
        if (ce) begin
            mem[wp_reg] <= d;
            rd_reg <= mem[rp_reg];
            q_reg <= rd_reg;
            wp_reg <= wp_reg + {{(AW-1){1'b0}}, 1'b1};
            rp_reg <= rp_reg + {{(AW-1){1'b0}}, 1'b1};
        end
    end
    assign q = q_reg;
endmodule
`resetall
