// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_top_axil: fricore's top for an SoC FPGA whose processor reaches the
// fabric over AXI4-Lite (a Zynq, a Cyclone V SoC, a PolarFire SoC): fric_top
// with the SPI bridge replaced by the AXI4-Lite slave (docs/axi4-lite.md):
//
//   AXI4-Lite (fric_axil_wb) -> Wishbone -> register file and sample
//   sequencer (fric_regs) -> the Stribeck core and the LuGre / Dahl core,
//   NUM_AXES axes each; the sample tick (fric_tick, TICK_DIV) and the
//   quadrature encoder (fric_qenc, fric_encvel) feed the sequencer.
//
// Everything behind the bus is fric_top's, with its parameters, and
// behaves as it does there (docs/board.md); the register map is the same.
// The AXI4-Lite port is 12 address bits wide (the map's 4 KiB; the
// interconnect decodes the base address). rst (synchronous, high) resets
// every block through fric_top's reset tree; the AXI4-Lite slave leaves
// reset with the control blocks, so no channel is ready before then.
// tick_out is the sample tick (for a scope or an interrupt); led blinks at
// f_clk / 2^(HEARTBEAT_BITS) while the clock runs.
module fric_top_axil #(
    // datapath width of both cores: 16 (iCE40) or 18 (ECP5)
    parameter integer W = 16,
    // axes of both cores, 1..8
    parameter integer NUM_AXES = 4,
    // 1: the core is in the image; 0: left out (fric_core_absent takes its
    // place: forces 0, parameters ignored, CAPS says so)
    parameter integer HAS_STRIBECK = 1,
    parameter integer HAS_LUGRE = 1,
    // fric_stribeck options (see fric_stribeck.v)
    parameter integer ST_OPT_FABRIC = 1,
    parameter integer ST_OPT_FAST = 0,
    parameter integer ST_OPT_SPRAM = 0,
    parameter integer ST_OPT_RAM_DELAY = 0,
    // fric_lugre options (see fric_lugre.v)
    parameter integer LG_OPT_FAST = 1,
    // 1: both models on the shared engine fric_eng (the UP5K image: W = 16,
    // NUM_AXES <= 4; HAS_* and the ST_* / LG_* options do not apply)
    parameter integer OPT_ENGINE = 0,
    // 1: both cores' products as ECP5 MULT18X18D (synthesis only)
    parameter integer OPT_ECP5_DSP = 0,
    // 1: the register file's readback memory in LUT RAM (ECP5; fric_regs)
    parameter integer OPT_LUTRAM = 0,
    // heartbeat divider: led toggles every 2^(HEARTBEAT_BITS - 1) cycles
    parameter integer HEARTBEAT_BITS = 24
) (
    input  wire clk,
    input  wire rst,
    // AXI4-Lite slave (byte addresses; the map's 4 KiB)
    input  wire [11:0] s_axil_awaddr,
    input  wire [2:0]  s_axil_awprot,
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
    input  wire [2:0]  s_axil_arprot,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,
    input  wire enc_a,
    input  wire enc_b,
    output wire tick_out,
    output wire led
);
`include "fric_axis_width.vh"
    localparam integer AXIS_W = fric_axis_width(NUM_AXES);

    initial begin
        if (OPT_ENGINE != 0 && (W != 16 || NUM_AXES > 4)) begin
            $display("fric_top_axil: OPT_ENGINE needs W = 16 and NUM_AXES <= 4 (W %0d, NUM_AXES %0d)", W, NUM_AXES);
            $finish;
        end
    end

    // ---- reset tree --------------------------------------------------------------
    // rst reaches thousands of flip-flops; one net across the chip is the
    // longest path of the ULX3S top. It is registered twice on the way in and
    // once more for the control blocks, so each register drives one block's
    // area (the chain has different inputs at each stage, so synthesis keeps
    // it). The cores leave reset one cycle before the blocks that drive them.
    reg rst_1_reg, rst_core_reg, rst_ctl_reg;
    always @(posedge clk) begin
        rst_1_reg <= rst;
        rst_core_reg <= rst_1_reg;
        rst_ctl_reg <= rst_core_reg;
    end

    // ---- AXI4-Lite to Wishbone ------------------------------------------------
    wire wb_cyc, wb_stb, wb_we, wb_ack;
    wire [11:0] wb_adr;
    wire [31:0] wb_dat_w, wb_dat_r;
    wire [3:0] wb_sel;
    fric_axil_wb #(.ADR_W(12)) u_axil (
        .clk(clk), .rst(rst_ctl_reg),
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

    // ---- tick and encoder --------------------------------------------------------
    wire [23:0] tick_div;
    wire tick, enc_done, enc_sat, enc_err;
    wire [31:0] enc_pos;
    wire [W-1:0] enc_vel;
    wire [15:0] enc_gain;
    wire [4:0] enc_shift;
    fric_tick u_tick (.clk(clk), .rst(rst_ctl_reg), .div(tick_div), .tick(tick));
    fric_qenc u_qenc (.clk(clk), .rst(rst_ctl_reg), .enc_a(enc_a), .enc_b(enc_b), .pos(enc_pos), .err(enc_err));
    fric_encvel #(.W(W)) u_encvel (
        .clk(clk), .rst(rst_ctl_reg), .tick(tick), .pos(enc_pos), .gain(enc_gain), .shift(enc_shift),
        .vel(enc_vel), .done(enc_done), .sat(enc_sat));
    assign tick_out = tick;

    // ---- register file and sequencer ------------------------------------------------
    wire [W-1:0] st_s_tdata, st_m_tdata, lg_s_tdata, lg_m_tdata;
    wire [AXIS_W-1:0] st_s_tuser, lg_s_tuser, st_cfg_axis, lg_cfg_axis, lg_srst_axis;
    wire [AXIS_W+1:0] st_m_tuser;
    wire [AXIS_W+3:0] lg_m_tuser;
    wire st_s_tvalid, st_s_tready, st_m_tvalid, lg_s_tvalid, lg_s_tready, lg_m_tvalid;
    wire st_cfg_valid, st_cfg_ready, st_cfg_commit, lg_cfg_valid, lg_cfg_ready, lg_cfg_commit;
    wire lg_srst_valid, lg_srst_ready;
    wire [3:0] st_cfg_addr;
    wire [4:0] lg_cfg_addr;
    wire [31:0] st_cfg_data, lg_cfg_data;
    wire [2:0] st_flags, st_flags_clear;
    wire [4:0] lg_flags, lg_flags_clear;

    fric_regs #(.W(W), .NUM_AXES(NUM_AXES), .HAS_ENC(1), .HAS_STRIBECK(HAS_STRIBECK), .HAS_LUGRE(HAS_LUGRE),
                .OPT_LUTRAM(OPT_LUTRAM)) u_regs (
        .clk(clk), .rst(rst_ctl_reg),
        .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we), .wb_adr_i(wb_adr),
        .wb_dat_i(wb_dat_w), .wb_sel_i(wb_sel), .wb_dat_o(wb_dat_r), .wb_ack_o(wb_ack),
        .tick(enc_done), .tick_div(tick_div), .enc_pos(enc_pos), .enc_vel(enc_vel),
        .enc_sat(enc_sat), .enc_err(enc_err), .enc_gain(enc_gain), .enc_shift(enc_shift),
        .st_s_tdata(st_s_tdata), .st_s_tuser(st_s_tuser), .st_s_tvalid(st_s_tvalid), .st_s_tready(st_s_tready),
        .st_m_tdata(st_m_tdata), .st_m_tuser(st_m_tuser), .st_m_tvalid(st_m_tvalid),
        .st_cfg_valid(st_cfg_valid), .st_cfg_ready(st_cfg_ready), .st_cfg_commit(st_cfg_commit),
        .st_cfg_addr(st_cfg_addr), .st_cfg_axis(st_cfg_axis), .st_cfg_data(st_cfg_data),
        .st_flags(st_flags), .st_flags_clear(st_flags_clear),
        .lg_s_tdata(lg_s_tdata), .lg_s_tuser(lg_s_tuser), .lg_s_tvalid(lg_s_tvalid), .lg_s_tready(lg_s_tready),
        .lg_m_tdata(lg_m_tdata), .lg_m_tuser(lg_m_tuser), .lg_m_tvalid(lg_m_tvalid),
        .lg_cfg_valid(lg_cfg_valid), .lg_cfg_ready(lg_cfg_ready), .lg_cfg_commit(lg_cfg_commit),
        .lg_cfg_addr(lg_cfg_addr), .lg_cfg_axis(lg_cfg_axis), .lg_cfg_data(lg_cfg_data),
        .lg_srst_valid(lg_srst_valid), .lg_srst_ready(lg_srst_ready), .lg_srst_axis(lg_srst_axis),
        .lg_flags(lg_flags), .lg_flags_clear(lg_flags_clear));

    // ---- the cores ------------------------------------------------------------------------
    generate
        if (OPT_ENGINE != 0) begin : g_engine
            fric_eng #(.NUM_AXES(NUM_AXES)) u_eng (
                .clk(clk), .rst(rst_core_reg),
                .st_s_axis_tdata(st_s_tdata), .st_s_axis_tuser(st_s_tuser), .st_s_axis_tvalid(st_s_tvalid),
                .st_s_axis_tready(st_s_tready), .st_m_axis_tdata(st_m_tdata), .st_m_axis_tuser(st_m_tuser),
                .st_m_axis_tvalid(st_m_tvalid), .st_m_axis_tready(1'b1),
                .st_cfg_valid(st_cfg_valid), .st_cfg_ready(st_cfg_ready), .st_cfg_commit(st_cfg_commit),
                .st_cfg_addr(st_cfg_addr), .st_cfg_axis(st_cfg_axis), .st_cfg_data(st_cfg_data),
                .st_flags(st_flags), .st_flags_clear(st_flags_clear),
                .lg_s_axis_tdata(lg_s_tdata), .lg_s_axis_tuser(lg_s_tuser), .lg_s_axis_tvalid(lg_s_tvalid),
                .lg_s_axis_tready(lg_s_tready), .lg_m_axis_tdata(lg_m_tdata), .lg_m_axis_tuser(lg_m_tuser),
                .lg_m_axis_tvalid(lg_m_tvalid), .lg_m_axis_tready(1'b1),
                .lg_cfg_valid(lg_cfg_valid), .lg_cfg_ready(lg_cfg_ready), .lg_cfg_commit(lg_cfg_commit),
                .lg_cfg_addr(lg_cfg_addr), .lg_cfg_axis(lg_cfg_axis), .lg_cfg_data(lg_cfg_data),
                .lg_srst_valid(lg_srst_valid), .lg_srst_ready(lg_srst_ready), .lg_srst_all(1'b0),
                .lg_srst_axis(lg_srst_axis), .lg_flags(lg_flags), .lg_flags_clear(lg_flags_clear));
        end else if (HAS_STRIBECK != 0) begin : g_stribeck
            fric_stribeck #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FABRIC(ST_OPT_FABRIC), .OPT_FAST(ST_OPT_FAST),
                            .OPT_ECP5_DSP(OPT_ECP5_DSP), .OPT_SPRAM(ST_OPT_SPRAM), .OPT_RAM_DELAY(ST_OPT_RAM_DELAY)) u_stribeck (
                .clk(clk), .rst(rst_core_reg),
                .s_axis_tdata(st_s_tdata), .s_axis_tuser(st_s_tuser), .s_axis_tvalid(st_s_tvalid), .s_axis_tready(st_s_tready),
                .m_axis_tdata(st_m_tdata), .m_axis_tuser(st_m_tuser), .m_axis_tvalid(st_m_tvalid), .m_axis_tready(1'b1),
                .cfg_valid(st_cfg_valid), .cfg_ready(st_cfg_ready), .cfg_commit(st_cfg_commit),
                .cfg_addr(st_cfg_addr), .cfg_axis(st_cfg_axis), .cfg_data(st_cfg_data),
                .flags(st_flags), .flags_clear(st_flags_clear));
        end else begin : g_no_stribeck
            wire unused_srst_ready;  // the Stribeck core has no state to reset
            fric_core_absent #(.W(W), .AXIS_W(AXIS_W), .UF(2), .FW(3), .AW(4)) u_stribeck (
                .clk(clk), .rst(rst_core_reg),
                .s_axis_tdata(st_s_tdata), .s_axis_tuser(st_s_tuser), .s_axis_tvalid(st_s_tvalid), .s_axis_tready(st_s_tready),
                .m_axis_tdata(st_m_tdata), .m_axis_tuser(st_m_tuser), .m_axis_tvalid(st_m_tvalid), .m_axis_tready(1'b1),
                .cfg_valid(st_cfg_valid), .cfg_ready(st_cfg_ready), .cfg_commit(st_cfg_commit),
                .cfg_addr(st_cfg_addr), .cfg_axis(st_cfg_axis), .cfg_data(st_cfg_data),
                .srst_valid(1'b0), .srst_ready(unused_srst_ready), .srst_all(1'b0), .srst_axis({AXIS_W{1'b0}}),
                .flags(st_flags), .flags_clear(st_flags_clear));
        end
        if (OPT_ENGINE != 0) begin : g_engine_lg
            // the engine above serves both models
        end else if (HAS_LUGRE != 0) begin : g_lugre
            fric_lugre #(.W(W), .NUM_AXES(NUM_AXES), .OPT_FAST(LG_OPT_FAST),
                         .OPT_ECP5_DSP(OPT_ECP5_DSP)) u_lugre (
                .clk(clk), .rst(rst_core_reg),
                .s_axis_tdata(lg_s_tdata), .s_axis_tuser(lg_s_tuser), .s_axis_tvalid(lg_s_tvalid), .s_axis_tready(lg_s_tready),
                .m_axis_tdata(lg_m_tdata), .m_axis_tuser(lg_m_tuser), .m_axis_tvalid(lg_m_tvalid), .m_axis_tready(1'b1),
                .cfg_valid(lg_cfg_valid), .cfg_ready(lg_cfg_ready), .cfg_commit(lg_cfg_commit),
                .cfg_addr(lg_cfg_addr), .cfg_axis(lg_cfg_axis), .cfg_data(lg_cfg_data),
                .srst_valid(lg_srst_valid), .srst_ready(lg_srst_ready), .srst_all(1'b0), .srst_axis(lg_srst_axis),
                .flags(lg_flags), .flags_clear(lg_flags_clear));
        end else begin : g_no_lugre
            fric_core_absent #(.W(W), .AXIS_W(AXIS_W), .UF(4), .FW(5), .AW(5)) u_lugre (
                .clk(clk), .rst(rst_core_reg),
                .s_axis_tdata(lg_s_tdata), .s_axis_tuser(lg_s_tuser), .s_axis_tvalid(lg_s_tvalid), .s_axis_tready(lg_s_tready),
                .m_axis_tdata(lg_m_tdata), .m_axis_tuser(lg_m_tuser), .m_axis_tvalid(lg_m_tvalid), .m_axis_tready(1'b1),
                .cfg_valid(lg_cfg_valid), .cfg_ready(lg_cfg_ready), .cfg_commit(lg_cfg_commit),
                .cfg_addr(lg_cfg_addr), .cfg_axis(lg_cfg_axis), .cfg_data(lg_cfg_data),
                .srst_valid(lg_srst_valid), .srst_ready(lg_srst_ready), .srst_all(1'b0), .srst_axis(lg_srst_axis),
                .flags(lg_flags), .flags_clear(lg_flags_clear));
        end
    endgenerate

    // ---- heartbeat ---------------------------------------------------------------------------
    reg [HEARTBEAT_BITS-1:0] hb_reg;
    always @(posedge clk) begin
        hb_reg <= hb_reg + 1'b1;
        if (rst_ctl_reg) hb_reg <= {HEARTBEAT_BITS{1'b0}};
    end
    assign led = hb_reg[HEARTBEAT_BITS-1];
endmodule
`resetall
