// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_regs_axil_f: the top of a formal proof (rtl/formal/fric_regs_axil.sby,
// docs/formal.md), not a design module: the register file behind the
// AXI4-Lite slave, as fric_axil_wb serves it. Every AXI4-Lite, core and
// board input is free, within the environment of the two FORMAL sections:
// fric_axil_wb's AXI4-Lite master rules (assumed) and fric_regs' core rules
// (assumed). Read with FRIC_FORMAL_REGS_INNER and FRIC_FORMAL_AXIL_INNER,
// the Wishbone rules between the two are asserted, not assumed: the
// adapter's master behaviour is what fric_regs' properties need, and
// fric_regs' acks are what the adapter's need. fric_regs' properties (its
// handshakes and the register map's promises, end to end) thus hold for
// accesses made over AXI4-Lite.
module fric_regs_axil_f #(
    // datapath width of the cores: 16 or 18
    parameter integer W = 16,
    // axes of both cores, 1..8
    parameter integer NUM_AXES = 2
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [11:0]            s_axil_awaddr,
    input  wire [2:0]             s_axil_awprot,
    input  wire                   s_axil_awvalid,
    output wire                   s_axil_awready,
    input  wire [31:0]            s_axil_wdata,
    input  wire [3:0]             s_axil_wstrb,
    input  wire                   s_axil_wvalid,
    output wire                   s_axil_wready,
    output wire [1:0]             s_axil_bresp,
    output wire                   s_axil_bvalid,
    input  wire                   s_axil_bready,
    input  wire [11:0]            s_axil_araddr,
    input  wire [2:0]             s_axil_arprot,
    input  wire                   s_axil_arvalid,
    output wire                   s_axil_arready,
    output wire [31:0]            s_axil_rdata,
    output wire [1:0]             s_axil_rresp,
    output wire                   s_axil_rvalid,
    input  wire                   s_axil_rready,
    input  wire                   tick,
    input  wire [31:0]            enc_pos,
    input  wire [W-1:0]           enc_vel,
    input  wire                   enc_sat,
    input  wire                   enc_err,
    input  wire                   st_s_tready,
    input  wire [W-1:0]           st_m_tdata,
    input  wire [AXIS_W+1:0]      st_m_tuser,
    input  wire                   st_m_tvalid,
    input  wire                   st_cfg_ready,
    input  wire [2:0]             st_flags,
    input  wire                   lg_s_tready,
    input  wire [W-1:0]           lg_m_tdata,
    input  wire [AXIS_W+3:0]      lg_m_tuser,
    input  wire                   lg_m_tvalid,
    input  wire                   lg_cfg_ready,
    input  wire                   lg_srst_ready,
    input  wire [4:0]             lg_flags
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);

    wire wb_cyc, wb_stb, wb_we, wb_ack;
    wire [11:0] wb_adr;
    wire [31:0] wb_dat_w, wb_dat_r;
    wire [3:0] wb_sel;

    fric_axil_wb #(.ADR_W(12)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot),
        .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready),
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arprot(s_axil_arprot),
        .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
        .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .wb_cyc_o(wb_cyc), .wb_stb_o(wb_stb), .wb_we_o(wb_we), .wb_adr_o(wb_adr),
        .wb_dat_o(wb_dat_w), .wb_sel_o(wb_sel), .wb_dat_i(wb_dat_r), .wb_ack_i(wb_ack),
        .wb_err_i(1'b0));

    // the cores' outputs of the register file are observed by its FORMAL
    // section; here they go nowhere
    fric_regs #(.W(W), .NUM_AXES(NUM_AXES)) u_regs (
        .clk(clk), .rst(rst),
        .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we), .wb_adr_i(wb_adr),
        .wb_dat_i(wb_dat_w), .wb_sel_i(wb_sel), .wb_dat_o(wb_dat_r), .wb_ack_o(wb_ack),
        .tick(tick), .tick_div(), .enc_pos(enc_pos), .enc_vel(enc_vel), .enc_sat(enc_sat),
        .enc_err(enc_err), .enc_gain(), .enc_shift(),
        .st_s_tdata(), .st_s_tuser(), .st_s_tvalid(), .st_s_tready(st_s_tready),
        .st_m_tdata(st_m_tdata), .st_m_tuser(st_m_tuser), .st_m_tvalid(st_m_tvalid),
        .st_cfg_valid(), .st_cfg_ready(st_cfg_ready), .st_cfg_commit(), .st_cfg_addr(),
        .st_cfg_axis(), .st_cfg_data(), .st_flags(st_flags), .st_flags_clear(),
        .lg_s_tdata(), .lg_s_tuser(), .lg_s_tvalid(), .lg_s_tready(lg_s_tready),
        .lg_m_tdata(lg_m_tdata), .lg_m_tuser(lg_m_tuser), .lg_m_tvalid(lg_m_tvalid),
        .lg_cfg_valid(), .lg_cfg_ready(lg_cfg_ready), .lg_cfg_commit(), .lg_cfg_addr(),
        .lg_cfg_axis(), .lg_cfg_data(), .lg_srst_valid(), .lg_srst_ready(lg_srst_ready),
        .lg_srst_axis(), .lg_flags(lg_flags), .lg_flags_clear());
endmodule
`resetall
