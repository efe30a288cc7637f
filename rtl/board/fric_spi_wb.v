// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// fric_spi_wb: an SPI slave (mode 0: SCK idles low, MOSI and MISO sampled
// on the rising edge, changed after the falling edge; MSB first) bridging to
// a Wishbone B4 classic master (32-bit data, byte addresses).
//
// The SPI pins are asynchronous to clk: spi_cs_n, spi_sck and spi_mosi each
// pass a two-flip-flop synchronizer, and the SCK edges are detected in the
// clk domain; spi_miso is a register. The SCK frequency must therefore stay
// below f_clk / 10 (the MISO bit leaves about four clk cycles after the
// falling edge that asks for it, and must be there half an SCK period later);
// with CS_N high for at least 4 clk cycles between transactions.
//
// Transaction (CS_N low throughout), docs/board.md:
//   write: 0x02, A[15:8], A[7:0], then words D[31:24] D[23:16] D[15:8] D[7:0]
//          ...: each word is written at A, A + 4, ... as its last byte ends
//   read:  0x03, A[15:8], A[7:0], one dummy byte, then words as above: the
//          word at A is read during the dummy byte, the next one while the
//          current one is shifted out (so one word past the burst is read)
// A is a byte address (its low two bits are ignored). Words at or above
// 2^ADR_W are not accessed: reads give 0, writes are dropped. Other command
// bytes are ignored until CS_N rises. MISO is 0 outside read data. A word
// must complete on the bus before the next one ends (32 SCK cycles; the
// fricore register file answers within a few hundred clk cycles).
module fric_spi_wb #(
    // byte-address bits of the Wishbone bus (at most 16)
    parameter integer ADR_W = 12
) (
    input  wire             clk,
    input  wire             rst,

    input  wire             spi_cs_n,
    input  wire             spi_sck,
    input  wire             spi_mosi,
    output wire             spi_miso,

    output reg              wb_cyc_o,
    output reg              wb_stb_o,
    output reg              wb_we_o,
    output reg  [ADR_W-1:0] wb_adr_o,
    output reg  [31:0]      wb_dat_o,
    output wire [3:0]       wb_sel_o,
    input  wire [31:0]      wb_dat_i,
    input  wire             wb_ack_i
);
    initial begin
        if (ADR_W < 3 || ADR_W > 16) begin
            $display("fric_spi_wb: ADR_W = %0d, allowed 3..16", ADR_W);
            $finish;
        end
    end

    localparam [7:0] CMD_WRITE = 8'h02;
    localparam [7:0] CMD_READ = 8'h03;

    // ---- synchronizers and edges ------------------------------------------------
    reg [1:0] cs_sync_reg;
    reg [2:0] sck_sync_reg;
    reg [2:0] mosi_sync_reg;
    // active, sck_rise and sck_fall are registers, decoded from the
    // synchronizers' outputs (cs_sync_reg[1], sck_sync_reg[2:1]), so the
    // edge logic starts from one flip-flop; mosi takes a third stage to stay
    // aligned with them. MISO is tx_reg's MSB itself, so a pin change still
    // reaches MISO in the same number of cycles as before these registers.
    reg active = 1'b0, sck_rise = 1'b0, sck_fall = 1'b0;
    wire mosi = mosi_sync_reg[2];

    // ---- byte framing -------------------------------------------------------------
    reg [2:0] bit_reg;          // bits of the current byte received
    reg [6:0] rx_reg;           // the bits so far
    reg [2:0] byte_reg;         // 0 command, 1 and 2 address, 3 first data (or dummy), then 4 (held)
    reg [1:0] wbyte_reg;        // byte within a data word
    reg [7:0] cmd_reg;
    reg [15:0] addr_reg;        // byte address of the next word
    reg [23:0] wdata_reg;       // the first three bytes of a word being written
    reg [31:0] rbuf_reg;        // the word fetched for reading
    reg [23:0] tx_word_reg;     // the low three bytes of the word being shifted out
    reg [7:0] tx_reg;           // the byte being shifted out, MSB on spi_miso
    reg [1:0] tbyte_reg;        // byte of tx_word_reg sent next

    wire [7:0] rx_byte = {rx_reg, mosi};
    // the framing state decoded a cycle ahead: bit_reg, byte_reg, wbyte_reg,
    // tbyte_reg and cmd_reg change only at SCK edges, at least five clk
    // cycles apart (SCK < f_clk / 10; after CS_N falls, the first edge is
    // half an SCK period later), so these registers equal the direct
    // comparisons at every edge (checked in simulation below), and the edge
    // logic starts from one flip-flop instead of a comparison tree (the
    // UP5K's 48 MHz)
    wire bit0_now = (bit_reg == 3'd0);
    wire bit7_now = (bit_reg == 3'd7);
    wire tb0_now = (tbyte_reg == 2'd0);
    wire wb3_now = (wbyte_reg == 2'd3);
    wire is_rd_now = (cmd_reg == CMD_READ);
    wire is_wr_now = (cmd_reg == CMD_WRITE);
    wire rd_data_now = is_rd_now && (byte_reg == 3'd4);
    reg bit0_reg, bit7_reg, tb0_reg, wb3_reg, is_rd_reg, is_wr_reg, rd_data_reg;
    always @(posedge clk) begin
        bit0_reg <= bit0_now;
        bit7_reg <= bit7_now;
        tb0_reg <= tb0_now;
        wb3_reg <= wb3_now;
        is_rd_reg <= is_rd_now;
        is_wr_reg <= is_wr_now;
        rd_data_reg <= rd_data_now;
    end
    wire byte_done = active && sck_rise && bit7_reg;
    wire in_range = ({2'b00, addr_reg[15:2]} < (16'd1 << (ADR_W - 2)));
    // the next word's address, registered from addr_reg: addr_reg changes
    // only at SCK edges, at least five clk cycles apart (SCK < f_clk / 10),
    // so it is current whenever an edge uses it, and the increment is not in
    // series with the edge logic
    reg [15:0] addr_nx_reg;
    always @(posedge clk) addr_nx_reg <= addr_reg + 16'd4;
    // the three bus requests an edge can start, armed a cycle ahead from the
    // same framing state (so an edge only ANDs itself with one register):
    //   f: the last address byte of a read ends (fetch the first word)
    //   w: the last byte of a written word ends
    //   n: a read word's first bit goes out (fetch the next word)
    // each with whether its word is in range. The first word's address takes
    // its bits 7..2 from rx_reg[6:1] (the byte's last bit, MOSI, is bit 0).
    wire first_ok_now = ({addr_reg[15:8], rx_reg[6:1]} < (14'd1 << (ADR_W - 2)));
    wire nx_ok_now = ({2'b00, addr_reg[15:2]} < ((16'd1 << (ADR_W - 2)) - 16'd1));
    wire arm_f_now = bit7_now && (byte_reg == 3'd2) && is_rd_now;
    wire arm_w_now = bit7_now && (byte_reg >= 3'd3) && is_wr_now && wb3_now;
    wire arm_n_now = bit0_now && rd_data_now && tb0_now;
    reg arm_f_reg, arm_w_reg, arm_n_reg, f_ok_reg, w_ok_reg, n_ok_reg;
    always @(posedge clk) begin
        arm_f_reg <= arm_f_now;
        arm_w_reg <= arm_w_now;
        arm_n_reg <= arm_n_now;
        f_ok_reg <= first_ok_now;
        w_ok_reg <= in_range;
        n_ok_reg <= nx_ok_now;
    end
    wire go_f = active && sck_rise && arm_f_reg;
    wire go_w = active && sck_rise && arm_w_reg;
    wire go_n = active && sck_fall && arm_n_reg;
`ifndef SYNTHESIS
    reg [15:0] addr_prev_reg;
    always @(posedge clk) addr_prev_reg <= addr_reg;
    always @(posedge clk)
        if (active && (sck_rise || sck_fall) &&
            (addr_prev_reg != addr_reg ||
             {bit0_reg, bit7_reg, tb0_reg, wb3_reg, is_rd_reg, is_wr_reg, rd_data_reg,
              arm_f_reg, arm_w_reg, arm_n_reg, f_ok_reg, w_ok_reg, n_ok_reg} !=
             {bit0_now, bit7_now, tb0_now, wb3_now, is_rd_now, is_wr_now, rd_data_now,
              arm_f_now, arm_w_now, arm_n_now, first_ok_now, in_range, nx_ok_now})) begin
            $display("fric_spi_wb: an SCK edge one cycle after the framing state changed (SCK too fast for f_clk / 10)");
            $finish;
        end
`endif

    assign wb_sel_o = 4'hF;
    assign spi_miso = tx_reg[7];

    always @(posedge clk) begin
        cs_sync_reg <= {cs_sync_reg[0], spi_cs_n};
        sck_sync_reg <= {sck_sync_reg[1:0], spi_sck};
        mosi_sync_reg <= {mosi_sync_reg[1:0], spi_mosi};
        active <= !cs_sync_reg[1];
        sck_rise <= (sck_sync_reg[2:1] == 2'b01);
        sck_fall <= (sck_sync_reg[2:1] == 2'b10);

        // the bus cycle ends at its acknowledge
        if (wb_stb_o && wb_ack_i) begin
            wb_cyc_o <= 1'b0;
            wb_stb_o <= 1'b0;
            if (!wb_we_o) rbuf_reg <= wb_dat_i;
        end

        if (active && sck_rise) begin
            bit_reg <= bit_reg + 3'd1;
            rx_reg <= rx_byte[6:0];
        end
        if (byte_done) begin
            if (byte_reg != 3'd4) byte_reg <= byte_reg + 3'd1;
            case (byte_reg)
                3'd0: cmd_reg <= rx_byte;
                3'd1: addr_reg[15:8] <= rx_byte;
                3'd2: begin
                    addr_reg[7:0] <= {rx_byte[7:2], 2'b00};
                end
                default: if (is_wr_reg) begin
                    wbyte_reg <= wbyte_reg + 2'd1;
                    wdata_reg <= {wdata_reg[15:0], rx_byte};
                end
            endcase
        end
        // the bus requests (at most one at an edge)
        if (go_f) begin  // fetch the first word now
            if (f_ok_reg) begin
                wb_cyc_o <= 1'b1;
                wb_stb_o <= 1'b1;
                wb_we_o <= 1'b0;
                wb_adr_o <= {addr_reg[ADR_W-1:8], rx_reg[6:1], 2'b00};
            end else begin
                rbuf_reg <= 32'd0;
            end
        end
        if (go_w) begin
            if (w_ok_reg) begin
                wb_cyc_o <= 1'b1;
                wb_stb_o <= 1'b1;
                wb_we_o <= 1'b1;
                wb_adr_o <= addr_reg[ADR_W-1:0];
                wb_dat_o <= {wdata_reg, rx_byte};
            end
            addr_reg <= addr_nx_reg;
        end

        // MISO: the next bit after each falling edge; a new byte after a byte ends
        if (active && sck_fall) begin
            if (bit0_reg) begin
                if (rd_data_reg) begin
                    tbyte_reg <= tbyte_reg + 2'd1;
                    if (tb0_reg) begin  // a new word: take the fetched one (go_n fetches the next)
                        tx_word_reg <= rbuf_reg[23:0];
                        tx_reg <= rbuf_reg[31:24];
                    end else begin
                        tx_reg <= (tbyte_reg == 2'd1) ? tx_word_reg[23:16] :
                                  (tbyte_reg == 2'd2) ? tx_word_reg[15:8] : tx_word_reg[7:0];
                    end
                end else begin
                    tx_reg <= 8'd0;
                end
            end else begin
                tx_reg <= {tx_reg[6:0], 1'b0};
            end
        end

        if (go_n) begin
            addr_reg <= addr_nx_reg;
            if (n_ok_reg) begin
                wb_cyc_o <= 1'b1;
                wb_stb_o <= 1'b1;
                wb_we_o <= 1'b0;
                wb_adr_o <= addr_nx_reg[ADR_W-1:0];
            end else begin
                rbuf_reg <= 32'd0;
            end
        end

        if (!active) begin
            bit_reg <= 3'd0;
            byte_reg <= 3'd0;
            wbyte_reg <= 2'd0;
            tbyte_reg <= 2'd0;
            cmd_reg <= 8'd0;
            tx_reg <= 8'd0;
        end
        if (rst) begin
            cs_sync_reg <= 2'b11;
            sck_sync_reg <= 3'b000;
            active <= 1'b0;
            sck_rise <= 1'b0;
            sck_fall <= 1'b0;
            wb_cyc_o <= 1'b0;
            wb_stb_o <= 1'b0;
            wb_we_o <= 1'b0;
            bit_reg <= 3'd0;
            byte_reg <= 3'd0;
            wbyte_reg <= 2'd0;
            tbyte_reg <= 2'd0;
            cmd_reg <= 8'd0;
            tx_reg <= 8'd0;
        end
    end
endmodule
`resetall
