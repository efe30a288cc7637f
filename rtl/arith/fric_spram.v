// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_spram: a 16-bit single-port RAM with a registered read, as the
// iCE40 UP5K SPRAM (SB_SPRAM256KA) behaves: cs = 0 holds dout; a write
// (cs = 1, we = 1) leaves dout undefined. Synthesis maps it to one
// SB_SPRAM256KA; simulation models it with 2^ADDR_W words that start at
// zero (the SPRAM itself starts undefined) and writes a poison value to dout
// on a write, so a design that wrongly reads dout after a write fails.
module fric_spram #(
    // address bits used (the SPRAM has 14)
    parameter integer ADDR_W = 4
) (
    input  wire              clk,
    input  wire              cs,
    input  wire              we,
    input  wire [ADDR_W-1:0] addr,
    input  wire [15:0]       din,
    output wire [15:0]       dout
);
`ifdef SYNTHESIS
    SB_SPRAM256KA u_spram (
        .ADDRESS({{(14-ADDR_W){1'b0}}, addr}), .DATAIN(din), .MASKWREN(4'b1111), .WREN(we),
        .CHIPSELECT(cs), .CLOCK(clk), .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1), .DATAOUT(dout));
`else
    reg [15:0] mem [0:(1<<ADDR_W)-1];
    reg [15:0] dout_reg = 16'd0;
    integer i;
    initial for (i = 0; i < (1 << ADDR_W); i = i + 1) mem[i] = 16'd0;
    always @(posedge clk) begin
        if (cs) begin
            if (we) begin
                mem[addr] <= din;
                dout_reg <= 16'hdead;
            end else begin
                dout_reg <= mem[addr];
            end
        end
    end
    assign dout = dout_reg;
`endif
endmodule
`resetall
