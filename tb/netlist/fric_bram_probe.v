// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_bram_probe: the memory shapes of the cores in one small design, for
// checking a family's block RAM cell models (tb/netlist/tb_bram_netlist.v):
// synthesized for the family, its netlist runs beside this RTL on the same
// inputs. Bench only, never in a synthesis file list of a core.
//   - rom36: 256 x 32 ROM with a registered read under a clock enable (the
//     exponential unit's table, the engine's program)
//   - rom18: 1024 x 18 ROM, registered read (the engine's function table)
//   - ram36: 256 x 34 RAM, one write port and one registered read port (the
//     engine's register files and parameters)
//   - ram18: 512 x 18 single-port RAM written a 9-bit byte at a time (byte
//     enables), read at the address written, before the write
//   - rom33: 1024 x 33 ROM read under the clock enable (the engine's
//     function table at its width)
//   - ram62: 128 x 62 RAM, one write port and one registered read port (the
//     engine's register files at their width)
module fric_bram_probe (
    input  wire        clk,
    input  wire        ce,
    input  wire [9:0]  ra,      // read address (each memory takes its low bits)
    input  wire [8:0]  wa,      // write address (and ram18's read address)
    input  wire [33:0] wd,      // write data
    input  wire        we36,    // write ram36
    input  wire [1:0]  we18,    // byte enables of a ram18 write
    input  wire        we62,    // write ram62 (its data: {wd[27:0], wd})
    output reg  [31:0] q_rom36,
    output reg  [17:0] q_rom18,
    output reg  [33:0] q_ram36,
    output reg  [17:0] q_ram18,
    output reg  [32:0] q_rom33,
    output reg  [61:0] q_ram62
);
    // contents: a fixed scramble of the address, every bit position used
    function [31:0] rom36_word;
        input integer i;
        begin
            rom36_word = (i * 32'h9E3779B1) ^ (i << 7) ^ 32'h5A5A0F0F;
        end
    endfunction
    function [17:0] rom18_word;
        input integer i;
        begin
            rom18_word = (i * 18'h2F35B) ^ (i << 3);
        end
    endfunction
    function [32:0] rom33_word;
        input integer i;
        begin
            rom33_word = {i[0] ^ i[5], (i * 32'h7FEB352D) ^ (i << 11) ^ 32'hA5C3_3C5A};
        end
    endfunction
    (* ram_style = "block" *) reg [31:0] rom36 [0:255];
    (* ram_style = "block" *) reg [17:0] rom18 [0:1023];
    (* no_rw_check *) reg [33:0] ram36 [0:255];
    reg [17:0] ram18 [0:511];
    (* ram_style = "block" *) reg [32:0] rom33 [0:1023];
    (* no_rw_check *) reg [61:0] ram62 [0:127];
    integer i;
    initial begin
        for (i = 0; i < 256; i = i + 1) rom36[i] = rom36_word(i);
        for (i = 0; i < 1024; i = i + 1) rom18[i] = rom18_word(i);
        for (i = 0; i < 256; i = i + 1) ram36[i] = 34'd0;
        for (i = 0; i < 512; i = i + 1) ram18[i] = 18'd0;
        for (i = 0; i < 1024; i = i + 1) rom33[i] = rom33_word(i);
        for (i = 0; i < 128; i = i + 1) ram62[i] = 62'd0;
    end
    always @(posedge clk) begin
        if (ce) begin
            q_rom36 <= rom36[ra[7:0]];
            q_rom18 <= rom18[ra];
            q_rom33 <= rom33[ra];
        end
        q_ram62 <= ram62[ra[6:0]];
        if (we62) ram62[wa[6:0]] <= {wd[27:0], wd};
        q_ram36 <= ram36[ra[7:0]];
        q_ram18 <= ram18[wa];
        if (we36) ram36[wa[7:0]] <= wd;
        if (we18[0]) ram18[wa][8:0] <= wd[8:0];
        if (we18[1]) ram18[wa][17:9] <= wd[17:9];
    end
endmodule
`resetall
