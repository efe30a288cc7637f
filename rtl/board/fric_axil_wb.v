// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// fric_axil_wb: an AXI4-Lite slave that serves the register map of
// fric_regs through a Wishbone B4 classic master, one access at a time.
// The map (addresses, fields, access kinds) is docs/generated/register-map.md;
// the access class of each address comes from the generator
// (rtl/generated/fric_regs_access.vh), so nothing of the map is written here.
//
// AXI4-Lite side (32-bit data, byte addresses of ADR_W bits; the low two
// bits select nothing, every access is to the whole word):
// - AW, W and AR are each taken into a one-entry holding register; each
//   channel's ready is high while its register is empty, so AWVALID and
//   WVALID may come in either order or together, and the master may hold
//   any valid low or any ready low for as long as it likes.
// - A write is looked at once its address and its data are both held and
//   the B channel is free; a read once its address is held and the R
//   channel is free. When both wait, they take turns (the one that did not
//   run last goes first).
// - Responses (BRESP, RRESP): SLVERR, with no bus cycle, for an address the
//   map does not list (any address bit above bit 11 set, too; a read then
//   returns RDATA 0), a write to a read-only (R) register, and a write whose
//   WSTRB is not 4'b1111 (only whole words are written). SLVERR also when
//   the slave ends the cycle with wb_err_i (fric_regs never does). OKAY
//   otherwise.
// - BVALID and RVALID are held, with their response and data unchanged,
//   until BREADY / RREADY. One response per request, in request order.
// - Latency: with the bus free, a request held in one cycle starts its bus
//   cycle in the next; B or R is valid the cycle after the slave's ack; a
//   refused access is answered the cycle after it is held (fric_regs acks a
//   plain write 2 cycles, a read 5 cycles after stb rises).
//
// rst (synchronous) empties the holding registers, drops the responses and
// ends a bus cycle in progress.
module fric_axil_wb #(
    // byte address width of both buses
    parameter integer ADR_W = 12
) (
    input  wire             clk,
    input  wire             rst,
    // AXI4-Lite slave
    input  wire [ADR_W-1:0] s_axil_awaddr,
    input  wire [2:0]       s_axil_awprot,
    input  wire             s_axil_awvalid,
    output wire             s_axil_awready,
    input  wire [31:0]      s_axil_wdata,
    input  wire [3:0]       s_axil_wstrb,
    input  wire             s_axil_wvalid,
    output wire             s_axil_wready,
    output wire [1:0]       s_axil_bresp,
    output wire             s_axil_bvalid,
    input  wire             s_axil_bready,
    input  wire [ADR_W-1:0] s_axil_araddr,
    input  wire [2:0]       s_axil_arprot,
    input  wire             s_axil_arvalid,
    output wire             s_axil_arready,
    output wire [31:0]      s_axil_rdata,
    output wire [1:0]       s_axil_rresp,
    output wire             s_axil_rvalid,
    input  wire             s_axil_rready,
    // Wishbone B4 classic master
    output wire             wb_cyc_o,
    output wire             wb_stb_o,
    output wire             wb_we_o,
    output wire [ADR_W-1:0] wb_adr_o,
    output wire [31:0]      wb_dat_o,
    output wire [3:0]       wb_sel_o,
    input  wire [31:0]      wb_dat_i,
    input  wire             wb_ack_i,
    input  wire             wb_err_i
);
    initial begin
        if (ADR_W < 3 || ADR_W > 32) begin
            $display("fric_axil_wb: ADR_W = %0d, allowed 3..32", ADR_W);
            $finish;
        end
    end

    localparam [1:0] RESP_OKAY = 2'b00, RESP_SLVERR = 2'b10;
`include "fric_regs_access.vh"
    // the map's access class of a held address: bit 0 listed, bit 1
    // writable (an address bit above bit 11 set: not listed; the low two
    // bits select nothing)
    function [1:0] acc_of;
        input [ADR_W-1:2] a;
        reg [31:2] x;
        begin
            x = 30'd0;
            x[ADR_W-1:2] = a;
            acc_of = (x[31:12] == 20'd0) ? fric_reg_access(x[11:2]) : 2'b00;
        end
    endfunction

    // holding registers of the three request channels
    reg aw_full_reg = 1'b0, w_full_reg = 1'b0, ar_full_reg = 1'b0;
    reg [ADR_W-1:0] aw_addr_reg, ar_addr_reg;
    reg [31:0] w_data_reg;
    reg [3:0] w_strb_reg;
    // the bus cycle, and the responses
    reg bus_reg = 1'b0, bus_we_reg = 1'b0;
    reg last_wr_reg = 1'b0;  // the last access was a write
    reg b_valid_reg = 1'b0, r_valid_reg = 1'b0;
    reg [1:0] b_resp_reg, r_resp_reg;
    reg [31:0] r_data_reg;

    assign s_axil_awready = !aw_full_reg;
    assign s_axil_wready = !w_full_reg;
    assign s_axil_arready = !ar_full_reg;
    assign s_axil_bvalid = b_valid_reg;
    assign s_axil_bresp = b_resp_reg;
    assign s_axil_rvalid = r_valid_reg;
    assign s_axil_rresp = r_resp_reg;
    assign s_axil_rdata = r_data_reg;

    assign wb_cyc_o = bus_reg;
    assign wb_stb_o = bus_reg;
    assign wb_we_o = bus_we_reg;
    assign wb_adr_o = bus_we_reg ? aw_addr_reg : ar_addr_reg;
    assign wb_dat_o = w_data_reg;
    assign wb_sel_o = 4'b1111;

    wire wr_ready = aw_full_reg && w_full_reg && !b_valid_reg;
    wire rd_ready = ar_full_reg && !r_valid_reg;
    wire full_word = (w_strb_reg == 4'b1111);
    wire [1:0] aw_acc = acc_of(aw_addr_reg[ADR_W-1:2]);
    wire [1:0] ar_acc = acc_of(ar_addr_reg[ADR_W-1:2]);
    wire wr_ok = full_word && aw_acc[1];  // a write the map takes
    wire rd_ok = ar_acc[0];               // a read the map serves
    // what starts this cycle (nothing while a bus cycle runs)
    wire go_wr = !bus_reg && wr_ready && (!rd_ready || !last_wr_reg);
    wire go_rd = !bus_reg && rd_ready && !go_wr;
    wire bus_end = bus_reg && (wb_ack_i || wb_err_i);

    always @(posedge clk) begin
        // request channels
        if (s_axil_awvalid && !aw_full_reg) begin
            aw_full_reg <= 1'b1;
            aw_addr_reg <= s_axil_awaddr;
        end
        if (s_axil_wvalid && !w_full_reg) begin
            w_full_reg <= 1'b1;
            w_data_reg <= s_axil_wdata;
            w_strb_reg <= s_axil_wstrb;
        end
        if (s_axil_arvalid && !ar_full_reg) begin
            ar_full_reg <= 1'b1;
            ar_addr_reg <= s_axil_araddr;
        end
        // responses taken
        if (s_axil_bready) b_valid_reg <= 1'b0;
        if (s_axil_rready) r_valid_reg <= 1'b0;
        // a write: a refused one is answered at once, a taken one runs a cycle
        if (go_wr) begin
            last_wr_reg <= 1'b1;
            if (wr_ok) begin
                bus_reg <= 1'b1;
                bus_we_reg <= 1'b1;
            end else begin
                aw_full_reg <= 1'b0;
                w_full_reg <= 1'b0;
                b_valid_reg <= 1'b1;
                b_resp_reg <= RESP_SLVERR;
            end
        end
        if (go_rd) begin
            last_wr_reg <= 1'b0;
            if (rd_ok) begin
                bus_reg <= 1'b1;
                bus_we_reg <= 1'b0;
            end else begin
                ar_full_reg <= 1'b0;
                r_valid_reg <= 1'b1;
                r_resp_reg <= RESP_SLVERR;
                r_data_reg <= 32'd0;
            end
        end
        if (bus_end) begin
            bus_reg <= 1'b0;
            if (bus_we_reg) begin
                aw_full_reg <= 1'b0;
                w_full_reg <= 1'b0;
                b_valid_reg <= 1'b1;
                b_resp_reg <= wb_err_i ? RESP_SLVERR : RESP_OKAY;
            end else begin
                ar_full_reg <= 1'b0;
                r_valid_reg <= 1'b1;
                r_resp_reg <= wb_err_i ? RESP_SLVERR : RESP_OKAY;
                r_data_reg <= wb_ack_i ? wb_dat_i : 32'd0;
            end
        end
        if (rst) begin
            aw_full_reg <= 1'b0;
            w_full_reg <= 1'b0;
            ar_full_reg <= 1'b0;
            bus_reg <= 1'b0;
            bus_we_reg <= 1'b0;
            last_wr_reg <= 1'b0;
            b_valid_reg <= 1'b0;
            r_valid_reg <= 1'b0;
        end
    end

`ifdef FORMAL
    // ---- FORMAL ----------------------------------------------------------------
    // Environment: rst in the first cycle; an AXI4-Lite master that holds
    // each valid, with its payload, until ready, and that leaves BVALID and
    // RVALID waiting at most F_STALL_MAX cycles in a row; a Wishbone slave
    // that ends a cycle (ack or err, not both) only while stb is high, within
    // F_ACK_MAX cycles.
    localparam integer F_ACK_MAX = 3;
    localparam integer F_STALL_MAX = 3;
    // a write or read held complete is answered within F_LAT cycles: the
    // other channel's access may run first, each waits its response's stall
    localparam integer F_LAT = 2 * (F_ACK_MAX + F_STALL_MAX + 3);

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) assume(rst == !f_past_valid);

    // the master
    always @(posedge clk) begin
        if (f_past_valid && !$past(rst)) begin
            if ($past(s_axil_awvalid && !s_axil_awready))
                assume(s_axil_awvalid && $stable(s_axil_awaddr) && $stable(s_axil_awprot));
            if ($past(s_axil_wvalid && !s_axil_wready))
                assume(s_axil_wvalid && $stable(s_axil_wdata) && $stable(s_axil_wstrb));
            if ($past(s_axil_arvalid && !s_axil_arready))
                assume(s_axil_arvalid && $stable(s_axil_araddr) && $stable(s_axil_arprot));
        end
    end
    reg [3:0] f_bstall = 4'd0, f_rstall = 4'd0;
    always @(posedge clk) begin
        f_bstall <= (s_axil_bvalid && !s_axil_bready) ? f_bstall + 4'd1 : 4'd0;
        f_rstall <= (s_axil_rvalid && !s_axil_rready) ? f_rstall + 4'd1 : 4'd0;
        if (rst) begin
            f_bstall <= 4'd0;
            f_rstall <= 4'd0;
        end
    end
    always @(*) begin
        if (f_bstall >= F_STALL_MAX) assume(s_axil_bready);
        if (f_rstall >= F_STALL_MAX) assume(s_axil_rready);
    end

    // the slave: assumed when this module is the top of the proof; with
    // FRIC_FORMAL_AXIL_INNER the slave is fric_regs, a module of the proof
    // (rtl/formal/fric_regs_axil_f.v), whose ack rules are asserted here and
    // whose latency is its own proof's (so p_latency is left out)
    reg [3:0] f_ack_wait = 4'd0;
    always @(posedge clk) begin
        f_ack_wait <= (wb_stb_o && !wb_ack_i && !wb_err_i) ? f_ack_wait + 4'd1 : 4'd0;
        if (rst) f_ack_wait <= 4'd0;
    end
`ifdef FRIC_FORMAL_AXIL_INNER
    always @(*)
        if (f_past_valid) begin
            f_slave_one: assert(!(wb_ack_i && wb_err_i));
            if (!wb_stb_o) f_slave_stb: assert(!wb_ack_i && !wb_err_i);
        end
`else
    always @(*) begin
        assume(!(wb_ack_i && wb_err_i));
        if (!wb_stb_o) assume(!wb_ack_i && !wb_err_i);
        if (f_ack_wait >= F_ACK_MAX) assume(wb_ack_i || wb_err_i);
    end
`endif

    // requests and responses counted at the ports: outstanding = taken minus
    // answered
    wire f_aw_hs = s_axil_awvalid && s_axil_awready;
    wire f_w_hs = s_axil_wvalid && s_axil_wready;
    wire f_ar_hs = s_axil_arvalid && s_axil_arready;
    wire f_b_hs = s_axil_bvalid && s_axil_bready;
    wire f_r_hs = s_axil_rvalid && s_axil_rready;
    reg [2:0] f_aw_out = 3'd0, f_w_out = 3'd0, f_ar_out = 3'd0;
    // the payload of the last request of each channel
    reg [ADR_W-1:0] f_aw_addr, f_ar_addr;
    reg [31:0] f_w_data, f_r_data;
    reg [3:0] f_w_strb;
    reg [1:0] f_r_resp, f_b_resp;
    always @(posedge clk) begin
        f_aw_out <= f_aw_out + {2'd0, f_aw_hs} - {2'd0, f_b_hs};
        f_w_out <= f_w_out + {2'd0, f_w_hs} - {2'd0, f_b_hs};
        f_ar_out <= f_ar_out + {2'd0, f_ar_hs} - {2'd0, f_r_hs};
        if (f_aw_hs) f_aw_addr <= s_axil_awaddr;
        if (f_w_hs) begin
            f_w_data <= s_axil_wdata;
            f_w_strb <= s_axil_wstrb;
        end
        if (f_ar_hs) f_ar_addr <= s_axil_araddr;
        // what the slave answered the read with
        if (wb_stb_o && !wb_we_o && (wb_ack_i || wb_err_i)) begin
            f_r_data <= wb_ack_i ? wb_dat_i : 32'd0;
            f_r_resp <= wb_err_i ? RESP_SLVERR : RESP_OKAY;
        end
        if (wb_stb_o && wb_we_o && (wb_ack_i || wb_err_i))
            f_b_resp <= wb_err_i ? RESP_SLVERR : RESP_OKAY;
        if (rst) begin
            f_aw_out <= 3'd0;
            f_w_out <= 3'd0;
            f_ar_out <= 3'd0;
        end
    end

    // the map's access class of the last write and read address taken
    // (fric_regs_access.vh: bit 0 listed, bit 1 writable; an address bit
    // above bit 11 set is not listed)
    wire [43:0] f_aw_x = {{(44 - ADR_W){1'b0}}, f_aw_addr};
    wire [43:0] f_ar_x = {{(44 - ADR_W){1'b0}}, f_ar_addr};
    wire [1:0] f_acc_w = (f_aw_x[43:12] == 32'd0) ? fric_reg_access(f_aw_x[11:2]) : 2'b00;
    wire [1:0] f_acc_r = (f_ar_x[43:12] == 32'd0) ? fric_reg_access(f_ar_x[11:2]) : 2'b00;

    // a write held complete (address and data, not yet answered), a read
    // held, and how long each has waited for its response
    wire f_wr_wait = (f_aw_out > {2'd0, b_valid_reg}) && (f_w_out > {2'd0, b_valid_reg});
    wire f_rd_wait = (f_ar_out > {2'd0, r_valid_reg});
    reg [5:0] f_wr_lat = 6'd0, f_rd_lat = 6'd0;
    always @(posedge clk) begin
        f_wr_lat <= f_wr_wait ? f_wr_lat + 6'd1 : 6'd0;
        f_rd_lat <= f_rd_wait ? f_rd_lat + 6'd1 : 6'd0;
        if (rst) begin
            f_wr_lat <= 6'd0;
            f_rd_lat <= 6'd0;
        end
    end

    always @(*) begin
        if (f_past_valid && !rst) begin
            // p_resp_req: no response without a request; one response per
            // request (the outstanding counts: each request held or being
            // answered, never more)
            p_resp_req_b: assert(!s_axil_bvalid || (f_aw_out != 0 && f_w_out != 0));
            p_resp_req_r: assert(!s_axil_rvalid || f_ar_out != 0);
            p_resp_req_aw: assert(f_aw_out == {2'd0, aw_full_reg} + {2'd0, b_valid_reg});
            p_resp_req_w: assert(f_w_out == {2'd0, w_full_reg} + {2'd0, b_valid_reg});
            p_resp_req_ar: assert(f_ar_out == {2'd0, ar_full_reg} + {2'd0, r_valid_reg});
            // p_wb_access: a bus write carries the address and data of the
            // write held, both taken, full word; a bus read the read's
            // address
            if (wb_stb_o && wb_we_o)
                p_wb_access_w: assert(aw_full_reg && w_full_reg && !b_valid_reg
                                      && wb_adr_o == f_aw_addr && wb_dat_o == f_w_data
                                      && wb_sel_o == 4'b1111);
            if (wb_stb_o && !wb_we_o)
                p_wb_access_r: assert(ar_full_reg && !r_valid_reg && wb_adr_o == f_ar_addr);
            p_wb_cyc: assert(wb_cyc_o == wb_stb_o);
            // induction invariants: what is held is what was taken last
            if (aw_full_reg) f_inv_aw: assert(aw_addr_reg == f_aw_addr);
            if (w_full_reg) f_inv_w: assert(w_data_reg == f_w_data && w_strb_reg == f_w_strb);
            if (ar_full_reg) f_inv_ar: assert(ar_addr_reg == f_ar_addr);
            if (wb_stb_o && wb_we_o) f_inv_bus_w: assert(aw_full_reg && w_full_reg);
            if (wb_stb_o && !wb_we_o) f_inv_bus_r: assert(ar_full_reg);
`ifndef FRIC_FORMAL_AXIL_INNER
            f_inv_ack: assert(f_ack_wait <= F_ACK_MAX && (wb_stb_o || f_ack_wait == 0));
`endif
            f_inv_bstall: assert(f_bstall <= F_STALL_MAX && (s_axil_bvalid || f_bstall == 0));
            f_inv_rstall: assert(f_rstall <= F_STALL_MAX && (s_axil_rvalid || f_rstall == 0));
            // p_wstrb: a write whose WSTRB is not 4'b1111 runs no bus cycle
            if (wb_stb_o && wb_we_o) p_wstrb_full: assert(f_w_strb == 4'b1111);
            // p_map: a bus write only to an address the map lists writable,
            // a bus read only to one it lists
            if (wb_stb_o && wb_we_o) p_map_write: assert(f_acc_w[1]);
            if (wb_stb_o && !wb_we_o) p_map_read: assert(f_acc_r[0]);
`ifndef FRIC_FORMAL_AXIL_INNER
            // p_latency: bounded time to each response
            p_latency_w: assert(f_wr_lat < F_LAT);
            p_latency_r: assert(f_rd_lat < F_LAT);
`endif
        end
    end
    always @(posedge clk) begin
        if (f_past_valid && !rst && !$past(rst)) begin
            // p_hold: a response and its payload held until taken
            if ($past(s_axil_bvalid && !s_axil_bready))
                p_hold_b: assert(s_axil_bvalid && $stable(s_axil_bresp));
            if ($past(s_axil_rvalid && !s_axil_rready))
                p_hold_r: assert(s_axil_rvalid && $stable(s_axil_rdata) && $stable(s_axil_rresp));
            // p_wb_master: a bus request held, unchanged (a write's data
            // too), until ack or err
            if ($past(wb_stb_o && !wb_ack_i && !wb_err_i))
                p_wb_master: assert(wb_stb_o && $stable(wb_we_o) && $stable(wb_adr_o)
                                    && (!wb_we_o || $stable(wb_dat_o)));
            // p_resp_value: a new response says what the access got: the
            // slave's data and ack/err for a read; for a write its ack/err,
            // SLVERR for a partial WSTRB
            if (s_axil_rvalid && !$past(s_axil_rvalid))
                p_resp_value_r: assert(f_acc_r[0] ? (s_axil_rdata == f_r_data && s_axil_rresp == f_r_resp)
                                                  : (s_axil_rdata == 32'd0 && s_axil_rresp == RESP_SLVERR));
            if (s_axil_bvalid && !$past(s_axil_bvalid))
                p_resp_value_b: assert(s_axil_bresp == ((f_w_strb == 4'b1111 && f_acc_w[1]) ? f_b_resp
                                                                                           : RESP_SLVERR));
        end
    end
    always @(posedge clk) begin
        if (f_past_valid && !rst) begin
            cover(s_axil_bvalid && s_axil_bresp == RESP_OKAY);
            cover(s_axil_bvalid && s_axil_bresp == RESP_SLVERR && w_strb_reg != 4'b1111);
            cover(s_axil_rvalid && s_axil_bvalid);
            cover(s_axil_rvalid && s_axil_rresp == RESP_SLVERR);
            cover(s_axil_bvalid && s_axil_bresp == RESP_SLVERR && w_strb_reg == 4'b1111);
            cover($past(s_axil_wvalid && !s_axil_awvalid) && s_axil_awvalid && s_axil_bvalid == 1'b0
                  && aw_full_reg == 1'b0 && w_full_reg);
        end
    end
`endif
endmodule

`resetall
