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
// ceil(B_W / LATENCY) partial products per stage).
module fric_mul #(
    // width of a
    parameter integer A_W = 16,
    // width of b
    parameter integer B_W = 16,
    // cycles from a, b to p
    parameter integer LATENCY = 2,
    // 1: shift-and-add in fabric; 0: '*' for a DSP block
    parameter integer OPT_FABRIC = 0
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
    end

    generate
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
            // ROWS partial products per stage; stage k adds rows k*ROWS ..
            localparam integer ROWS = (B_W + LATENCY - 1) / LATENCY;
            genvar k;
            for (k = 0; k < LATENCY; k = k + 1) begin : g_stage
                reg [P_W-1:0] acc_reg;
                wire [P_W-1:0] acc_in;
                wire [A_W-1:0] a_in;
                wire [B_W-1:0] b_in;
                if (k == 0) begin : g_first
                    assign acc_in = {P_W{1'b0}};
                    assign a_in = a;
                    assign b_in = b;
                end else begin : g_next
                    assign acc_in = g_stage[k-1].acc_reg;
                    assign a_in = g_stage[k-1].g_carry.a_reg;
                    assign b_in = g_stage[k-1].g_carry.b_reg;
                end
                // the sum of this stage's rows: sum over j of (a AND b[j]) << j
                reg [P_W-1:0] sum;
                integer j;
                always @(*) begin
                    sum = acc_in;
                    for (j = k * ROWS; j < (k + 1) * ROWS; j = j + 1)
                        if (j < B_W && b_in[j]) sum = sum + ({{B_W{1'b0}}, a_in} << j);
                end
                always @(posedge clk) if (ce) acc_reg <= sum;
                // the operands travel with the partial sum, except out of the
                // last stage; the bits of b already used are dropped (constant
                // zero, so synthesis removes their flip-flops)
                if (k < LATENCY - 1) begin : g_carry
                    reg [A_W-1:0] a_reg;
                    reg [B_W-1:0] b_reg;
                    wire [B_W-1:0] b_left = ((k + 1) * ROWS >= B_W) ? {B_W{1'b0}} :
                                            ((b_in >> ((k + 1) * ROWS)) << ((k + 1) * ROWS));
                    always @(posedge clk) begin
                        if (ce) begin
                            a_reg <= a_in;
                            b_reg <= b_left;
                        end
                    end
                end
            end
            assign p = g_stage[LATENCY-1].acc_reg;
        end
    endgenerate
endmodule
`resetall
