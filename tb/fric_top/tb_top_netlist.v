// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// tb_top_netlist: replays the pins of a tb_top run (VECTORS=, one line per
// clock cycle: inputs {rst, spi_cs_n, spi_sck, spi_mosi, enc_a, enc_b} and
// the RTL's outputs {spi_miso, tick_out}, hex) on the synthesized iCE40
// netlist of fric_top with Yosys' cell models, and requires every output bit
// of every cycle to equal the RTL's. The RTL run itself checked every force
// it read over SPI against the C model, so the netlist then gives the same
// forces bit for bit. Simulation only (Icarus Verilog).
module tb_top_netlist;
    reg clk = 1'b0;
    reg [5:0] in_v = 6'b110000;
    reg [1:0] out_v;
    wire miso, tick, led;
    fric_top dut (
        .clk(clk), .rst(in_v[5]), .spi_cs_n(in_v[4]), .spi_sck(in_v[3]), .spi_mosi(in_v[2]),
        .spi_miso(miso), .enc_a(in_v[1]), .enc_b(in_v[0]), .tick_out(tick), .led(led));

    integer fd, n, cycles, bad, miso_edges;
    reg [8*512-1:0] path;
    reg prev_miso;
    initial begin
        if (!$value$plusargs("vectors=%s", path)) begin
            $display("tb_top_netlist: give +vectors=FILE");
            $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("tb_top_netlist: cannot read %0s", path);
            $finish;
        end
        cycles = 0;
        bad = 0;
        miso_edges = 0;
        prev_miso = 1'b0;
        n = $fscanf(fd, "%h %h\n", in_v, out_v);
        while (n == 2) begin
            #1;
            if ({miso, tick} !== out_v) begin
                if (bad < 5)
                    $display("tb_top_netlist: cycle %0d: netlist miso %b tick %b, RTL %b %b", cycles, miso, tick, out_v[1], out_v[0]);
                bad = bad + 1;
            end
            if (miso !== prev_miso) miso_edges = miso_edges + 1;
            prev_miso = miso;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
            cycles = cycles + 1;
            n = $fscanf(fd, "%h %h\n", in_v, out_v);
        end
        if (bad == 0 && cycles > 1000 && miso_edges > 100)
            $display("ok   tb_top_netlist: %0d cycles, every MISO and tick bit equal to the RTL's (%0d MISO changes)", cycles, miso_edges);
        else
            $display("FAIL tb_top_netlist: %0d cycles, %0d differ, %0d MISO changes", cycles, bad, miso_edges);
        $finish;
    end
endmodule
`resetall
