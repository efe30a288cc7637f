// SPDX-License-Identifier: Apache-2.0
// tb_preset: examples/rtl/fric_lugre_preset.v under iverilog. After rst it
// waits for `loaded`, then runs the velocity codes of vel.hex (N of them,
// one axis) through the core, with the output stalled every second cycle, and
// writes each force code, in decimal, to force.txt. scripts/test_preset.sh
// compares them with fricore trace --fixed for the set the preset holds.
`timescale 1ns / 1ps
`default_nettype none
module tb_preset;
    parameter integer W = 16;
    parameter integer N = 400;
    reg clk = 1'b0, rst = 1'b1;
    always #5 clk = !clk;
    reg  [W-1:0] vel [0:N-1];
    reg  [W-1:0] s_data;
    reg          s_valid = 1'b0;
    wire         s_ready, m_valid, loaded;
    wire [W-1:0] m_data;
    wire [4:0]   m_user;
    wire [4:0]   flags;
    reg          m_ready = 1'b0;
    integer i = 0, got = 0, fd, cycles = 0;

    fric_lugre_preset #(.W(W), .NUM_AXES(1)) dut (
        .clk(clk), .rst(rst), .loaded(loaded),
        .s_axis_tdata(s_data), .s_axis_tuser(1'b0), .s_axis_tvalid(s_valid), .s_axis_tready(s_ready),
        .m_axis_tdata(m_data), .m_axis_tuser(m_user), .m_axis_tvalid(m_valid), .m_axis_tready(m_ready),
        .flags(flags));

    initial begin
        $readmemh("vel.hex", vel);
        fd = $fopen("force.txt", "w");
        repeat (4) @(posedge clk);
        rst <= 1'b0;
    end
    // the samples back to back, each held until the core takes it
    always @(posedge clk) begin
        cycles <= cycles + 1;
        m_ready <= !m_ready;
        if (!rst && loaded && (!s_valid || s_ready)) begin
            s_valid <= (s_valid ? i + 1 : i) < N;
            s_data <= vel[s_valid ? i + 1 : i];
            if (s_valid) i <= i + 1;
        end
        if (m_valid && m_ready) begin
            $fwrite(fd, "%0d\n", $signed(m_data));
            got <= got + 1;
            if (got + 1 == N) begin
                $fclose(fd);
                $display("tb_preset: %0d forces, loaded after reset, %0d cycles", N, cycles);
                $finish;
            end
        end
        if (cycles > 20000) begin
            $display("tb_preset: FAIL timeout, %0d of %0d forces", got, N);
            $finish;
        end
    end
endmodule
`default_nettype wire
