// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// tb_axil_harness: fric_axil_wb in front of fric_regs (W 16, 2 axes, no
// encoder), the bench's device. The cores are left out as fric_top leaves
// them out: fric_core_absent's idle behaviour (inputs always taken, no
// output beat, every cfg word and state reset taken at once, no flags). No
// sample tick comes, so the sequencer's registers change only by the bus.
module tb_axil_harness (
    input  wire        clk,
    input  wire        rst,
    input  wire [11:0] s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [11:0] s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready
);
    wire wb_cyc, wb_stb, wb_we, wb_ack;
    wire [11:0] wb_adr;
    wire [31:0] wb_dat_w, wb_dat_r;
    wire [3:0] wb_sel;

    fric_axil_wb #(.ADR_W(12)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(3'd0), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready),
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arprot(3'd0), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready),
        .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .wb_cyc_o(wb_cyc), .wb_stb_o(wb_stb), .wb_we_o(wb_we), .wb_adr_o(wb_adr), .wb_dat_o(wb_dat_w),
        .wb_sel_o(wb_sel), .wb_dat_i(wb_dat_r), .wb_ack_i(wb_ack), .wb_err_i(1'b0));

    /* verilator lint_off PINCONNECTEMPTY */
    fric_regs #(.W(16), .NUM_AXES(2), .HAS_ENC(0), .HAS_STRIBECK(0), .HAS_LUGRE(0)) u_regs (
        .clk(clk), .rst(rst),
        .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we), .wb_adr_i(wb_adr),
        .wb_dat_i(wb_dat_w), .wb_sel_i(wb_sel), .wb_dat_o(wb_dat_r), .wb_ack_o(wb_ack),
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
