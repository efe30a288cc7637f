// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_core_absent: what fric_top puts in place of a core that a build
// leaves out (HAS_STRIBECK = 0 or HAS_LUGRE = 0), so that the register
// file's sample sequencer and parameter path run unchanged and the core's
// logic is not in the image. The register file reports the core as absent
// in CAPS, and the host driver refuses every operation on it
// (FRIC_ERR_DEV_CORE).
//
// Contract, with the ports of fric_stribeck / fric_lugre:
//   - s_axis: a beat is taken while the one-entry output register is free
//     or leaving (always in fric_top, which ties m_axis_tready high); one
//     cycle later it leaves on m_axis as force 0 with its axis and no
//     flags, and waits there for m_axis_tready;
//   - cfg and srst: every request is taken and has no effect;
//   - flags: always 0.
// Latency 1 cycle; rst (synchronous) empties the output register.
module fric_core_absent #(
    // datapath width of the velocity and force codes
    parameter integer W = 16,
    // axis index bits
    parameter integer AXIS_W = 2,
    // flag bits in m_axis_tuser above the axis (2: Stribeck, 4: LuGre)
    parameter integer UF = 2,
    // sticky flag bits (3: Stribeck, 5: LuGre)
    parameter integer FW = 3,
    // cfg word address bits (4: Stribeck, 5: LuGre)
    parameter integer AW = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [W-1:0]           s_axis_tdata,
    input  wire [AXIS_W-1:0]      s_axis_tuser,
    input  wire                   s_axis_tvalid,
    output wire                   s_axis_tready,

    output wire [W-1:0]           m_axis_tdata,
    output wire [AXIS_W+UF-1:0]   m_axis_tuser,
    output wire                   m_axis_tvalid,
    input  wire                   m_axis_tready,

    input  wire                   cfg_valid,
    output wire                   cfg_ready,
    input  wire                   cfg_commit,
    input  wire [AW-1:0]          cfg_addr,
    input  wire [AXIS_W-1:0]      cfg_axis,
    input  wire [31:0]            cfg_data,

    input  wire                   srst_valid,
    output wire                   srst_ready,
    input  wire                   srst_all,
    input  wire [AXIS_W-1:0]      srst_axis,

    output wire [FW-1:0]          flags,
    input  wire [FW-1:0]          flags_clear
);
    reg o_valid_reg = 1'b0;
    reg [AXIS_W-1:0] o_axis_reg = {AXIS_W{1'b0}};
    wire o_free = !o_valid_reg || m_axis_tready;

    always @(posedge clk) begin
        if (o_free) begin
            o_valid_reg <= s_axis_tvalid;
            o_axis_reg <= s_axis_tuser;
        end
        if (rst) o_valid_reg <= 1'b0;
    end

    assign s_axis_tready = o_free && !rst;
    assign m_axis_tdata = {W{1'b0}};
    assign m_axis_tuser = {{UF{1'b0}}, o_axis_reg};
    assign m_axis_tvalid = o_valid_reg;
    assign cfg_ready = 1'b1;
    assign srst_ready = 1'b1;
    assign flags = {FW{1'b0}};

    // the inputs an absent core has no use for
    wire unused_ok = &{1'b0, s_axis_tdata, cfg_valid, cfg_commit, cfg_addr, cfg_axis, cfg_data,
                       srst_valid, srst_all, srst_axis, flags_clear};
endmodule
`resetall
