// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// tb_bram_netlist: fric_bram_probe as a vendor synthesis mapped it (its
// netlist, renamed fric_bram_probe_net, with the family's cell models,
// Icarus) beside its RTL, on the same random reads, writes, byte enables and
// clock-enable gaps. Every output of the netlist must equal the RTL's once
// the RTL's is defined; a block RAM model that is missing or reads the wrong
// word fails it. On a mismatch it prints the first failing output, both
// values and the cycle, and ends with FAIL; otherwise with ok. With
// +first_fail (the seeded runs) it ends at the first mismatching cycle.
//
// Parameter (-P): FAMILY, a name for the messages.
module tb_bram_netlist;
    parameter FAMILY = "?";
    localparam integer N_CYCLES = 6000;

    reg clk = 1'b0;
    reg ce = 1'b0;
    reg [9:0] ra = 10'd0;
    reg [8:0] wa = 9'd0;
    reg [33:0] wd = 34'd0;
    reg we36 = 1'b0;
    reg [1:0] we18 = 2'b00;
    reg we62 = 1'b0;
    wire [31:0] r_rom36, n_rom36;
    wire [17:0] r_rom18, n_rom18, r_ram18, n_ram18;
    wire [33:0] r_ram36, n_ram36;
    wire [32:0] r_rom33, n_rom33;
    wire [61:0] r_ram62, n_ram62;

    fric_bram_probe u_rtl (.clk(clk), .ce(ce), .ra(ra), .wa(wa), .wd(wd), .we36(we36), .we18(we18), .we62(we62),
        .q_rom36(r_rom36), .q_rom18(r_rom18), .q_ram36(r_ram36), .q_ram18(r_ram18), .q_rom33(r_rom33), .q_ram62(r_ram62));
    fric_bram_probe_net u_net (.clk(clk), .ce(ce), .ra(ra), .wa(wa), .wd(wd), .we36(we36), .we18(we18), .we62(we62),
        .q_rom36(n_rom36), .q_rom18(n_rom18), .q_ram36(n_ram36), .q_ram18(n_ram18), .q_rom33(n_rom33), .q_ram62(n_ram62));

    integer cycle = 0, checked = 0, errors = 0, seed = 1;
    task check;
        input [8*8-1:0] name;
        input [61:0] r, n;
        begin
            if (^r !== 1'bx) begin
                checked = checked + 1;
                if (r !== n) begin
                    errors = errors + 1;
                    if (errors == 1)
                        $display("FAIL %0s: %0s at cycle %0d: RTL %h, netlist %h", FAMILY, name, cycle, r, n);
                end
            end
        end
    endtask

    initial begin
        while (cycle < N_CYCLES && !(errors != 0 && $test$plusargs("first_fail"))) begin
            // the next inputs: reads anywhere, ram36's and ram62's writes
            // elsewhere than the word being read (their read-during-write is
            // undefined)
            ce = ($random(seed) & 3) != 0;
            ra = $random(seed);
            wa = $random(seed);
            wd = {$random(seed), $random(seed)};
            we36 = $random(seed) & (wa[7:0] != ra[7:0]);
            we18 = $random(seed);
            we62 = $random(seed) & (wa[6:0] != ra[6:0]);
            #5 clk = 1'b1;
            #1;
            if (cycle > 2) begin
                check("rom36", {30'd0, r_rom36}, {30'd0, n_rom36});
                check("rom18", {44'd0, r_rom18}, {44'd0, n_rom18});
                check("ram36", {28'd0, r_ram36}, {28'd0, n_ram36});
                check("ram18", {44'd0, r_ram18}, {44'd0, n_ram18});
                check("rom33", {29'd0, r_rom33}, {29'd0, n_rom33});
                check("ram62", r_ram62, n_ram62);
            end
            #4 clk = 1'b0;
            cycle = cycle + 1;
        end
        if (errors == 0 && checked > 6 * (N_CYCLES - 100))
            $display("ok   %0s: fric_bram_probe netlist equals its RTL, %0d outputs over %0d cycles", FAMILY, checked, N_CYCLES);
        else if (errors == 0)
            $display("FAIL %0s: only %0d outputs checked", FAMILY, checked);
        else
            $display("FAIL %0s: %0d mismatching outputs of %0d", FAMILY, errors, checked);
        $finish;
    end
endmodule
`resetall
