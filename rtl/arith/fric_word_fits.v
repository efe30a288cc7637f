// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_word_fits: does a 32-bit configuration word fit a field? For N field
// classes at once, each an unsigned or a two's-complement field of a given
// width, with a shallow path (for the cfg port of a core on a slow device).
//
// Contract: on a clock with en high the word d is taken; from the next clock
// on, fits[c] = 1 exactly when that word fits class c:
//   unsigned class of width w:  d < 2^w                 (bits 31..w zero)
//   signed class of width w:    -2^(w-1) <= d < 2^(w-1)  (bits 31..w-1 equal)
// The C twin is fric_fx_check() in cmodel/src/fric_fx.c; the core's cfg
// decode ANDs fits with the one-hot class of the word's address.
// Structure: the thresholds (w, and w - 1 for a signed class) cut the 32
// bits into at most 2N + 1 segments; a register holds whether each segment
// is all zeros and whether it is all ones, and fits[c] is the AND of the
// segments at or above its threshold. No segment shares logic with another,
// so the path is two LUT levels before the register and two after it.
// Latency: 1 clock (en) to fits, held until the next en.
module fric_word_fits #(
    // classes, 1..8
    parameter integer N = 1,
    // class c's width in bits WIDTHS[8c+7:8c], 1..32
    parameter [8*N-1:0] WIDTHS = 8'd16,
    // bit c: class c is signed (two's complement)
    parameter [N-1:0] SIGNS = 1'b0
) (
    input  wire          clk,
    input  wire          en,
    input  wire [31:0]   d,
    output wire [N-1:0]  fits
);
    localparam integer NSEG = 2 * N + 1;

    // the width of class c
    function integer width_of;
        input integer c;
        begin
            width_of = {24'd0, WIDTHS[8*c +: 8]};
        end
    endfunction
    // the threshold bit of class c: the first bit that must be zero (or a
    // copy of the sign, for a signed class)
    function integer thr;
        input integer c;
        begin
            thr = width_of(c) - ((SIGNS[c] != 0) ? 1 : 0);
        end
    endfunction
    // the segment of bit b: how many thresholds (a signed class counts its
    // width and its width - 1) lie at or below b
    function integer seg_of;
        input integer b;
        integer c;
        begin
            seg_of = 0;
            for (c = 0; c < N; c = c + 1) begin
                if (width_of(c) <= b) seg_of = seg_of + 1;
                if (SIGNS[c] != 0 && width_of(c) - 1 <= b) seg_of = seg_of + 1;
            end
        end
    endfunction

    integer ci;
    initial begin
        if (N < 1 || N > 8) begin
            $display("fric_word_fits: N = %0d, must be 1..8", N);
            $finish;
        end
        for (ci = 0; ci < N; ci = ci + 1) begin
            if (width_of(ci) < 1 || width_of(ci) > 32) begin
                $display("fric_word_fits: class %0d has width %0d, must be 1..32", ci, width_of(ci));
                $finish;
            end
        end
    end

    // per segment: all zeros, all ones (an empty segment is both)
    reg [NSEG-1:0] zero_c, ones_c;
    integer b;
    always @(*) begin
        zero_c = {NSEG{1'b1}};
        ones_c = {NSEG{1'b1}};
        for (b = 0; b < 32; b = b + 1) begin
            if (d[b]) zero_c[seg_of(b)] = 1'b0;
            else      ones_c[seg_of(b)] = 1'b0;
        end
    end
    reg [NSEG-1:0] zero_reg = {NSEG{1'b1}}, ones_reg = {NSEG{1'b1}};
    always @(posedge clk) begin
        if (en) begin
            zero_reg <= zero_c;
            ones_reg <= ones_c;
        end
    end

    // fits[c]: every segment from the threshold's up is zero (or all ones)
    genvar gc;
    generate
        for (gc = 0; gc < N; gc = gc + 1) begin : g_class
            localparam integer S0 = seg_of(thr(gc));
            if (SIGNS[gc] != 0) begin : g_signed
                assign fits[gc] = (&zero_reg[NSEG-1:S0]) || (&ones_reg[NSEG-1:S0]);
            end else begin : g_unsigned
                assign fits[gc] = &zero_reg[NSEG-1:S0];
            end
        end
    endgenerate
endmodule
`resetall
