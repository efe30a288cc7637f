// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_mul: exact unsigned product p = a * b with a fixed latency, either
// in a DSP block (iCE40 SB_MAC16, ECP5 MULT18X18D: a plain registered '*'
// that Yosys maps) or in fabric as a pipelined shift-and-add array, so a
// core can keep within a DSP budget and still take one sample per clock.
//
// Formats: a (U,A_W,0), b (U,B_W,0), p (U,A_W+B_W,0), exact.
// Latency: LATENCY clock-enabled cycles in both implementations
// (OPT_FABRIC = 0: LATENCY >= 2; OPT_FABRIC = 1: LATENCY >= 1, adding
// ceil(B_W / LATENCY) partial products per stage, every stage at least one).
// Resources in fabric: per stage two (A_W + rows)-bit sums side by side (the
// next stage's rows; the top A_W bits of the partial sum plus this stage's
// summed rows) and the registers that carry a, the unused bits of b, the
// summed rows and the partial sum.
module fric_mul #(
    // width of a
    parameter integer A_W = 16,
    // width of b
    parameter integer B_W = 16,
    // cycles from a, b to p
    parameter integer LATENCY = 2,
    // 1: shift-and-add in fabric; 0: '*' for a DSP block
    parameter integer OPT_FABRIC = 0,
    // DSP mode on ECP5 (synthesis only): 1 instantiates MULT18X18D with its
    // input and output registers, which Yosys does not pack on its own
    // (needed for 150 MHz); 0 leaves the '*' to Yosys. Same latency, same
    // exact product; simulation always uses the '*'.
    parameter integer OPT_ECP5_DSP = 0
) (
    input  wire               clk,
    input  wire               ce,
    input  wire [A_W-1:0]     a,
    input  wire [B_W-1:0]     b,
    output wire [A_W+B_W-1:0] p
);
    localparam integer P_W = A_W + B_W;

    initial begin
        if (LATENCY < ((OPT_FABRIC != 0) ? 1 : 2)) begin
            $display("fric_mul: LATENCY %0d too small for OPT_FABRIC %0d", LATENCY, OPT_FABRIC);
            $finish;
        end
        if (OPT_FABRIC != 0 && ((B_W + LATENCY - 1) / LATENCY) * (LATENCY - 1) >= B_W) begin
            $display("fric_mul: LATENCY %0d leaves a fabric stage without rows for B_W %0d", LATENCY, B_W);
            $finish;
        end
    end

    generate
`ifdef SYNTHESIS
        if (OPT_FABRIC == 0 && OPT_ECP5_DSP != 0) begin : g_ecp5
            // unsigned 18x18 with both operand registers and the output register
            wire [17:0] a18 = {{(18-A_W){1'b0}}, a};
            wire [17:0] b18 = {{(18-B_W){1'b0}}, b};
            wire [35:0] p36;
            MULT18X18D #(
                .REG_INPUTA_CLK("CLK0"), .REG_INPUTA_CE("CE0"), .REG_INPUTA_RST("RST0"),
                .REG_INPUTB_CLK("CLK0"), .REG_INPUTB_CE("CE0"), .REG_INPUTB_RST("RST0"),
                .REG_PIPELINE_CLK("NONE"),
                .REG_OUTPUT_CLK("CLK0"), .REG_OUTPUT_CE("CE0"), .REG_OUTPUT_RST("RST0"),
                .GSR("DISABLED"), .RESETMODE("SYNC")
            ) u_mult (
                .A0(a18[0]), .A1(a18[1]), .A2(a18[2]), .A3(a18[3]), .A4(a18[4]), .A5(a18[5]),
                .A6(a18[6]), .A7(a18[7]), .A8(a18[8]), .A9(a18[9]), .A10(a18[10]), .A11(a18[11]),
                .A12(a18[12]), .A13(a18[13]), .A14(a18[14]), .A15(a18[15]), .A16(a18[16]), .A17(a18[17]),
                .B0(b18[0]), .B1(b18[1]), .B2(b18[2]), .B3(b18[3]), .B4(b18[4]), .B5(b18[5]),
                .B6(b18[6]), .B7(b18[7]), .B8(b18[8]), .B9(b18[9]), .B10(b18[10]), .B11(b18[11]),
                .B12(b18[12]), .B13(b18[13]), .B14(b18[14]), .B15(b18[15]), .B16(b18[16]), .B17(b18[17]),
                .C0(1'b0), .C1(1'b0), .C2(1'b0), .C3(1'b0), .C4(1'b0), .C5(1'b0), .C6(1'b0), .C7(1'b0),
                .C8(1'b0), .C9(1'b0), .C10(1'b0), .C11(1'b0), .C12(1'b0), .C13(1'b0), .C14(1'b0),
                .C15(1'b0), .C16(1'b0), .C17(1'b0),
                .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
                .CLK0(clk), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0),
                .CE0(ce), .CE1(1'b0), .CE2(1'b0), .CE3(1'b0),
                .RST0(1'b0), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0),
                .P0(p36[0]), .P1(p36[1]), .P2(p36[2]), .P3(p36[3]), .P4(p36[4]), .P5(p36[5]),
                .P6(p36[6]), .P7(p36[7]), .P8(p36[8]), .P9(p36[9]), .P10(p36[10]), .P11(p36[11]),
                .P12(p36[12]), .P13(p36[13]), .P14(p36[14]), .P15(p36[15]), .P16(p36[16]), .P17(p36[17]),
                .P18(p36[18]), .P19(p36[19]), .P20(p36[20]), .P21(p36[21]), .P22(p36[22]), .P23(p36[23]),
                .P24(p36[24]), .P25(p36[25]), .P26(p36[26]), .P27(p36[27]), .P28(p36[28]), .P29(p36[29]),
                .P30(p36[30]), .P31(p36[31]), .P32(p36[32]), .P33(p36[33]), .P34(p36[34]), .P35(p36[35])
            );
            fric_delay #(.WIDTH(P_W), .DEPTH(LATENCY - 2)) u_pad (.clk(clk), .ce(ce), .d(p36[P_W-1:0]), .q(p));
        end else
`endif
        if (OPT_FABRIC == 0) begin : g_dsp
            reg [A_W-1:0] a_reg;
            reg [B_W-1:0] b_reg;
            reg [P_W-1:0] p_reg;
            always @(posedge clk) begin
                if (ce) begin
                    a_reg <= a;
                    b_reg <= b;
                    p_reg <= a_reg * b_reg;
                end
            end
            fric_delay #(.WIDTH(P_W), .DEPTH(LATENCY - 2)) u_pad (.clk(clk), .ce(ce), .d(p_reg), .q(p));
        end else begin : g_fabric
            // ROWS partial products per stage; stage k takes rows
            // lo(k) .. hi(k)-1 (lo(k) = k*ROWS). Before stage k the partial
            // sum is below 2^(A_W+lo(k)), so its bits under lo(k) are final
            // and pass by, and only its top A_W bits meet the rows. The rows
            // of a stage are summed one stage ahead, beside the previous
            // stage's accumulation, so every stage holds one carry chain
            // of A_W + ROWS bits (with two rows), not two in series.
            localparam integer ROWS = (B_W + LATENCY - 1) / LATENCY;
            genvar k;
            for (k = 0; k < LATENCY; k = k + 1) begin : g_stage
                localparam integer LO = (k * ROWS < B_W) ? k * ROWS : B_W;
                localparam integer HI = ((k + 1) * ROWS < B_W) ? (k + 1) * ROWS : B_W;
                // the rows of the next stage
                localparam integer NLO = HI;
                localparam integer NHI = ((k + 2) * ROWS < B_W) ? (k + 2) * ROWS : B_W;
                // partial sum after this stage: A_W + HI bits
                reg  [A_W+HI-1:0] acc_reg;
                // this stage's rows, summed: below 2^(A_W+HI-LO)
                wire [A_W+HI-LO-1:0] rows_in;
                if (k == 0) begin : g_first
                    // the rows, summed: each a gated copy of a (no adder);
                    // the first starts the sum, so two rows make one
                    // two-operand adder, one carry chain
                    reg [A_W+HI-LO-1:0] r0;
                    integer j;
                    always @(*) begin
                        r0 = {{(HI-LO){1'b0}}, a & {A_W{b[LO]}}};
                        for (j = LO + 1; j < HI; j = j + 1)
                            r0 = r0 + ({{(HI-LO){1'b0}}, a & {A_W{b[j]}}} << (j - LO));
                    end
                    assign rows_in = r0;
                    always @(posedge clk) if (ce) acc_reg <= rows_in;
                end else begin : g_next
                    assign rows_in = g_stage[k-1].g_carry.rows_reg;
                    wire [A_W+LO-1:0] acc_in = g_stage[k-1].acc_reg;
                    wire [A_W+HI-LO-1:0] top = {{(HI-LO){1'b0}}, acc_in[A_W+LO-1:LO]} + rows_in;
                    always @(posedge clk) if (ce) acc_reg <= {top, acc_in[LO-1:0]};
                end
                // the operands and the next stage's summed rows travel with the
                // partial sum, except out of the last stage; only the bits of b
                // still to be summed are kept
                if (k < LATENCY - 1) begin : g_carry
                    // this stage's operands
                    wire [A_W-1:0] a_in;
                    wire [B_W-1:0] b_in;
                    if (k == 0) begin : g_src_port
                        assign a_in = a;
                        assign b_in = b;
                    end else begin : g_src_prev
                        assign a_in = g_stage[k-1].g_carry.g_ops.a_reg;
                        assign b_in = g_stage[k-1].g_carry.g_ops.b_reg;
                    end
                    reg [A_W+NHI-NLO-1:0] rows_reg;
                    reg [A_W+NHI-NLO-1:0] rn;
                    integer jn;
                    always @(*) begin
                        rn = {{(NHI-NLO){1'b0}}, a_in & {A_W{b_in[NLO]}}};
                        for (jn = NLO + 1; jn < NHI; jn = jn + 1)
                            rn = rn + ({{(NHI-NLO){1'b0}}, a_in & {A_W{b_in[jn]}}} << (jn - NLO));
                    end
                    always @(posedge clk) if (ce) rows_reg <= rn;
                    // the operands, while a later stage has rows to sum
                    if (k < LATENCY - 2) begin : g_ops
                        reg [A_W-1:0] a_reg;
                        reg [B_W-1:0] b_reg;
                        wire [B_W-1:0] b_left = (NHI >= B_W) ? {B_W{1'b0}} : ((b_in >> NHI) << NHI);
                        always @(posedge clk) begin
                            if (ce) begin
                                a_reg <= a_in;
                                b_reg <= b_left;
                            end
                        end
                    end
                end
            end
            assign p = g_stage[LATENCY-1].acc_reg;
        end
    endgenerate
endmodule
`resetall
