// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// tb_axil_regs: fric_regs (W 16, 2 axes, no encoder) as the AXI4-Lite
// benches' Wishbone slave: behind the Verilog fric_axil_wb in the Verilator
// bench (tb_axil_harness.v), behind the VHDL one in the GHDL bench
// (tb/ghdl/tb_axil_ghdl.vhd, through tb/ghdl/dut_axil_ghdl.cpp). The cores
// are left out as fric_top leaves them out: fric_core_absent's idle
// behaviour (inputs always taken, no output beat, every cfg word and state
// reset taken at once, no flags). No sample tick comes, so the sequencer's
// registers change only by the bus.
module tb_axil_regs (
    input  wire        clk,
    input  wire        rst,
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [11:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    input  wire [3:0]  wb_sel_i,
    output wire [31:0] wb_dat_o,
    output wire        wb_ack_o
);
    /* verilator lint_off PINCONNECTEMPTY */
    fric_regs #(.W(16), .NUM_AXES(2), .HAS_ENC(0), .HAS_STRIBECK(0), .HAS_LUGRE(0)) u_regs (
        .clk(clk), .rst(rst),
        .wb_cyc_i(wb_cyc_i), .wb_stb_i(wb_stb_i), .wb_we_i(wb_we_i), .wb_adr_i(wb_adr_i),
        .wb_dat_i(wb_dat_i), .wb_sel_i(wb_sel_i), .wb_dat_o(wb_dat_o), .wb_ack_o(wb_ack_o),
        .tick(1'b0), .tick_div(), .enc_pos(32'd0), .enc_vel(16'd0), .enc_sat(1'b0), .enc_err(1'b0),
        .enc_gain(), .enc_shift(),
        .st_s_tdata(), .st_s_tuser(), .st_s_tvalid(), .st_s_tready(1'b1),
        .st_m_tdata(16'd0), .st_m_tuser(3'd0), .st_m_tvalid(1'b0),
        .st_cfg_valid(), .st_cfg_ready(1'b1), .st_cfg_commit(), .st_cfg_addr(), .st_cfg_axis(),
        .st_cfg_data(), .st_flags(3'd0), .st_flags_clear(),
        .lg_s_tdata(), .lg_s_tuser(), .lg_s_tvalid(), .lg_s_tready(1'b1),
        .lg_m_tdata(16'd0), .lg_m_tuser(5'd0), .lg_m_tvalid(1'b0),
        .lg_cfg_valid(), .lg_cfg_ready(1'b1), .lg_cfg_commit(), .lg_cfg_addr(), .lg_cfg_axis(),
        .lg_cfg_data(), .lg_srst_valid(), .lg_srst_ready(1'b1), .lg_srst_axis(),
        .lg_flags(5'd0), .lg_flags_clear());
    /* verilator lint_on PINCONNECTEMPTY */
endmodule

`resetall
