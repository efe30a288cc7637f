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
`ifdef FORMAL
    // ==== formal properties (rtl/formal/fric_spi_wb.sby, docs/formal.md) =====
    // The module is the top of its proof. Environment (assumptions):
    //   - rst is high in the first cycle and only there;
    //   - SCK holds each level for at least F_HALF clk cycles (f_SCK below
    //     f_clk / (2 F_HALF); the documented limit f_clk / 10 is F_HALF = 5);
    //   - MOSI changes only in cycles in which SCK is low (mode 0: after the
    //     falling edge, stable at the rising one);
    //   - CS_N is free: it may rise or fall in any cycle, with SCK at either
    //     level, in the middle of a byte, a word or a bus cycle; it stays
    //     high for at least F_CS_HIGH cycles when it rises (the documented 4);
    //   - the slave acks only cyc and stb, within F_ACK_MAX cycles.
    // A reference decoder (f_ref_*) reads the pins through a plain 3-cycle
    // delay (the synchronizers' latency), counts the bits at SCK's rising
    // edges as docs/board.md describes the frame, and says which bus cycle
    // each edge must start. Properties:
    //   frame_cycles   a bus cycle starts exactly when the reference says one
    //                  must, with its we, address and data: every frame
    //                  produces exactly the bus cycles its header says
    //   wb_master      Wishbone B4 classic master: stb only inside cyc, the
    //                  request (we, adr, dat) held until ack, no cyc without stb
    //   read_miso      at each rising edge, MISO carries the bit of the
    //                  read word the reference has on MISO (the data its
    //                  bus cycle returned, MSB first), and 0 outside a
    //                  read's data
    //   decode_ahead   the framing state decoded a cycle ahead equals the
    //                  direct decode at every SCK edge (what the simulation
    //                  check above tests, here for every input)
    // The f_inv_* assertions make the induction close.
`ifdef FRIC_FORMAL_HALF
    localparam integer F_HALF = `FRIC_FORMAL_HALF;
`else
    localparam integer F_HALF = 5;
`endif
    localparam integer F_CS_HIGH = 4;
    localparam integer F_ACK_MAX = 16;
    // the most rising edges while a bus cycle waits for its ack
    localparam integer F_RISES = F_ACK_MAX / (2 * F_HALF) + 1;

    reg f_past_valid = 1'b0;
    reg [1:0] f_age = 2'd0;
    wire f_settled = (f_age == 2'd3);  // 3 cycles since the start
    always @(posedge clk) begin
        f_past_valid <= 1'b1;
        if (!f_settled) f_age <= f_age + 2'd1;
    end
    always @(*) assume(rst == !f_past_valid);

    // ---- the SPI master ----
    reg [3:0] f_sck_hold = 4'd0;   // cycles SCK has had its level, saturating
    reg [3:0] f_cs_hold = 4'd0;    // cycles CS_N has been high, saturating
    reg f_sck_last = 1'b0, f_mosi_last = 1'b0, f_cs_last = 1'b1;
    always @(posedge clk) begin
        f_sck_last <= spi_sck;
        f_mosi_last <= spi_mosi;
        f_cs_last <= spi_cs_n;
        f_sck_hold <= (spi_sck != f_sck_last) ? 4'd1 : (f_sck_hold == 4'd15) ? 4'd15 : f_sck_hold + 4'd1;
        f_cs_hold <= !spi_cs_n ? 4'd0 : (f_cs_hold == 4'd15) ? 4'd15 : f_cs_hold + 4'd1;
        if (rst) begin  // the pins are not seen in the reset cycle (the synchronizers' reset)
            f_sck_last <= 1'b0;
            f_sck_hold <= 4'd15;
            f_cs_last <= 1'b1;
            f_cs_hold <= 4'd15;
        end
    end
    always @(*)
        if (f_past_valid) begin
            if (spi_sck != f_sck_last) assume(f_sck_hold >= F_HALF);
            if (spi_mosi != f_mosi_last) assume(!spi_sck);
            if (!spi_cs_n && f_cs_last) assume(f_cs_hold >= F_CS_HIGH);
`ifdef FRIC_FORMAL_SPI_STEADY
            // a narrower master for deep bounded checks (a seeded bug of the
            // read data): one frame from the first cycle, SCK toggling every
            // F_HALF cycles; MOSI and the slave stay free
            assume(!spi_cs_n);
            assume((spi_sck != f_sck_last) == (f_sck_hold >= F_HALF));
`endif
        end

    // ---- the slave ----
    reg [4:0] f_ack_wait = 5'd0;
    always @(posedge clk)
        f_ack_wait <= (wb_stb_o && !wb_ack_i && !rst) ? f_ack_wait + 5'd1 : 5'd0;
    always @(*) begin
        if (wb_ack_i) assume(wb_cyc_o && wb_stb_o);
        if (f_ack_wait >= F_ACK_MAX) assume(wb_ack_i || !wb_stb_o);
    end

    // ---- the reference decoder ----
    // the pins 3 cycles late, as the bridge sees them; SCK also 4 cycles late
    reg [2:0] f_cs_q = 3'b111, f_mosi_q = 3'b000;
    reg [3:0] f_sck_q = 4'b0000;
    always @(posedge clk) begin
        f_cs_q <= {f_cs_q[1:0], spi_cs_n};
        f_sck_q <= {f_sck_q[2:0], spi_sck};
        f_mosi_q <= {f_mosi_q[1:0], spi_mosi};
        if (rst) begin  // the synchronizers' reset values
            f_cs_q <= 3'b111;
            f_sck_q <= 4'b0000;
        end
    end
    wire f_ref_act = !f_cs_q[2];
    wire f_ref_rise = f_ref_act && !f_sck_q[3] && f_sck_q[2];
    wire f_ref_fall = f_ref_act && f_sck_q[3] && !f_sck_q[2];
    wire f_ref_bit = f_mosi_q[2];
    // the frame: f_ref_n header bits so far (0..24), f_ref_w data bits
    // after the header modulo 32, command, the header's bits, and the
    // address of the next word
    reg [4:0]  f_ref_n = 5'd0;
    reg [4:0]  f_ref_w = 5'd0;
    reg [31:0] f_ref_sh;             // the last 32 bits, the newest in bit 0
    // rx_reg has no reset: the reference starts with its bits (no frame
    // reads them before 8 new ones)
    always @(*) if (!f_past_valid) assume(f_ref_sh[6:0] == rx_reg);
    reg [7:0]  f_ref_cmd = 8'd0;
    reg [15:0] f_ref_a = 16'd0;
    reg        f_ref_d8 = 1'b0;      // 8 data bits or more (a read's dummy byte is done)
    // the bus cycle the last cycle's edge must start in this cycle
    reg        f_ref_exp = 1'b0;
    reg        f_ref_we = 1'b0;
    reg [15:0] f_ref_adr = 16'd0;
    reg [31:0] f_ref_dat = 32'd0;
    // the read data: the last word fetched, the word on MISO, and whether
    // a word has started going out in this frame
    reg [31:0] f_ref_rd, f_ref_word;
    reg        f_ref_on = 1'b0;
    // rbuf_reg has no reset: the reference starts with its word
    always @(*) if (!f_past_valid) assume(f_ref_rd == rbuf_reg);
    wire [31:0] f_ref_sh_next = {f_ref_sh[30:0], f_ref_bit};
    wire f_ref_hdr = (f_ref_n == 5'd24);
    // docs/board.md: words at or above 2^ADR_W are not accessed
    function f_in_range;
        input [15:0] a;
        begin
            f_in_range = ({2'b00, a[15:2]} < (16'd1 << (ADR_W - 2)));
        end
    endfunction
    always @(posedge clk) begin
        f_ref_exp <= 1'b0;
        if (f_ref_rise) begin
            f_ref_sh <= f_ref_sh_next;
            if (!f_ref_hdr) f_ref_n <= f_ref_n + 5'd1;
            else f_ref_w <= f_ref_w + 5'd1;
            if (f_ref_n == 5'd7) f_ref_cmd <= f_ref_sh_next[7:0];
            if (f_ref_n == 5'd23) begin
                f_ref_a <= {f_ref_sh_next[15:2], 2'b00};
                // a read fetches its first word as the address ends
                if (f_ref_cmd == CMD_READ && f_in_range({f_ref_sh_next[15:2], 2'b00})) begin
                    f_ref_exp <= 1'b1;
                    f_ref_we <= 1'b0;
                    f_ref_adr <= {f_ref_sh_next[15:2], 2'b00};
                end
            end
            // a write: each word as its last bit comes in
            if (f_ref_hdr && f_ref_w == 5'd31 && f_ref_cmd == CMD_WRITE) begin
                f_ref_a <= f_ref_a + 16'd4;
                if (f_in_range(f_ref_a)) begin
                    f_ref_exp <= 1'b1;
                    f_ref_we <= 1'b1;
                    f_ref_adr <= f_ref_a;
                    f_ref_dat <= f_ref_sh_next;
                end
            end
        end
        // a read: the next word as each word's first bit goes out, after
        // the dummy byte and then every 32 bits. A burst that wraps the
        // 16-bit address (0xFFFC + 4) does not access word 0 (the bridge
        // compares the unwrapped address)
        if (f_ref_fall && f_ref_hdr && f_ref_w == 5'd8 && f_ref_cmd == CMD_READ) begin
            f_ref_a <= f_ref_a + 16'd4;
            if (f_in_range(f_ref_a + 16'd4) && f_ref_a != 16'hfffc) begin
                f_ref_exp <= 1'b1;
                f_ref_we <= 1'b0;
                f_ref_adr <= f_ref_a + 16'd4;
            end
        end
        if (f_ref_rise && f_ref_hdr && f_ref_w == 5'd7) f_ref_d8 <= 1'b1;
        // the read data: the word each read bus cycle returns, or 0 for a
        // word the frame does not access (above); as each word's first bit
        // goes out, that word is the one shifted out on MISO, MSB first
        if (wb_stb_o && wb_ack_i && !wb_we_o) f_ref_rd <= wb_dat_i;
        if (f_ref_rise && f_ref_n == 5'd23 && f_ref_cmd == CMD_READ && !f_in_range({f_ref_sh_next[15:2], 2'b00}))
            f_ref_rd <= 32'd0;
        if (f_ref_fall && f_ref_hdr && f_ref_w == 5'd8 && f_ref_cmd == CMD_READ) begin
            if (!(f_in_range(f_ref_a + 16'd4) && f_ref_a != 16'hfffc)) f_ref_rd <= 32'd0;
            f_ref_word <= f_ref_rd;
            f_ref_on <= 1'b1;
        end
        if (!f_ref_act) begin
            f_ref_n <= 5'd0;
            f_ref_w <= 5'd0;
            f_ref_d8 <= 1'b0;
            f_ref_cmd <= 8'd0;
            f_ref_on <= 1'b0;
        end
        if (rst) begin
            f_ref_exp <= 1'b0;
            f_ref_on <= 1'b0;
        end
    end

    // ---- properties ----
    // a bus cycle starts: stb rises (the slave's ack always ends the last
    // one long before the next edge)
    reg f_stb_last = 1'b0;
    always @(posedge clk) f_stb_last <= wb_stb_o && !wb_ack_i && !rst;
    wire f_start = wb_stb_o && !f_stb_last;
    always @(*)
        if (f_past_valid && !rst) begin
            p_frame_cycles: assert(f_start == f_ref_exp);
            if (f_start) begin
                p_frame_we: assert(wb_we_o == f_ref_we);
                p_frame_adr: assert(wb_adr_o == f_ref_adr[ADR_W-1:0]);
                if (f_ref_we) p_frame_dat: assert(wb_dat_o == f_ref_dat);
            end
            p_wb_master_cyc: assert(wb_stb_o == wb_cyc_o);
        end
    // p_read_miso: at each rising edge the bridge sees, MISO carries the
    // bit the reference says: in a read's data, bit 31 - b of the word on
    // MISO (b = the data bits since the word's first, MSB first); 0
    // anywhere else (header, dummy byte, write frames)
    wire [4:0] f_rd_b = f_ref_w - 5'd8;
    always @(*)
        if (f_past_valid && !rst && f_ref_rise) begin
            if (f_ref_on) p_read_miso_data: assert(spi_miso == f_ref_word[5'd31 - f_rd_b]);
            else p_read_miso_zero: assert(!spi_miso);
        end
    reg [ADR_W-1:0] f_adr_last;
    reg [31:0] f_dat_last;
    reg f_we_last;
    always @(posedge clk) begin
        f_adr_last <= wb_adr_o;
        f_dat_last <= wb_dat_o;
        f_we_last <= wb_we_o;
    end
    always @(*)
        if (f_past_valid && !rst && f_stb_last) begin
            p_wb_master_hold: assert(wb_stb_o && wb_cyc_o && wb_we_o == f_we_last && wb_adr_o == f_adr_last &&
                                     (!wb_we_o || wb_dat_o == f_dat_last));
        end
    always @(*)
        if (f_past_valid && !rst && active && (sck_rise || sck_fall))
            p_decode_ahead: assert({bit0_reg, bit7_reg, tb0_reg, wb3_reg, is_rd_reg, is_wr_reg, rd_data_reg,
                                    arm_f_reg, arm_w_reg, arm_n_reg, f_ok_reg, w_ok_reg, n_ok_reg} ==
                                   {bit0_now, bit7_now, tb0_now, wb3_now, is_rd_now, is_wr_now, rd_data_now,
                                    arm_f_now, arm_w_now, arm_n_now, first_ok_now, in_range, nx_ok_now} &&
                                   addr_nx_reg == addr_reg + 16'd4);

    // ---- invariants: the reference and the bridge see the same pins ----
    wire [2:0] f_sck_chg = f_sck_q[2:0] ^ f_sck_q[3:1];
    always @(*)
        if (f_past_valid && !rst) begin
            i_pins_1: assert(cs_sync_reg == f_cs_q[1:0]);
            i_pins_2: assert(sck_sync_reg == f_sck_q[2:0]);
            if (f_settled) i_pins_3: assert(mosi_sync_reg == f_mosi_q);  // MOSI's synchronizer has no reset
            i_pins_4: assert(active == !f_cs_q[2]);
            i_pins_5: assert(sck_rise == (!f_sck_q[3] && f_sck_q[2]));
            i_pins_6: assert(sck_fall == (f_sck_q[3] && !f_sck_q[2]));
            // the SCK history agrees with the hold counter: its changes are
            // F_HALF cycles apart or more
            i_pins_7: assert(f_sck_last == f_sck_q[0] && f_cs_last == f_cs_q[0]);
            i_pins_8: assert(!(f_sck_chg[0] && f_sck_chg[1]) && !(f_sck_chg[1] && f_sck_chg[2]));
            if (F_HALF >= 3) i_pins_14: assert(!(f_sck_chg[0] && f_sck_chg[2]));
            if (f_sck_q[0] != f_sck_q[1]) i_pins_9: assert(f_sck_hold == 4'd1);
            else if (f_sck_q[1] != f_sck_q[2]) i_pins_10: assert(f_sck_hold == 4'd2);
            else if (f_sck_q[2] != f_sck_q[3]) i_pins_11: assert(f_sck_hold == 4'd3);
            else i_pins_12: assert(f_sck_hold >= 4'd4);
            if (!f_cs_q[0]) i_pins_13: assert(f_cs_hold == 4'd0);
            // the bus cycle: acked within F_ACK_MAX
            i_bus_1: assert(f_ack_wait <= F_ACK_MAX);
            if (!wb_stb_o) i_bus_2: assert(f_ack_wait == 5'd0);
            // a bus cycle ends long before the next edge that starts one
            // (CS_N may end the frame meanwhile)
            if (wb_stb_o) i_bus_3: assert(f_ref_hdr ? (f_ref_w <= F_RISES || (f_ref_w >= 5'd8 && f_ref_w <= 8 + F_RISES)) :
                                                      f_ref_n <= F_RISES);
        end

    // ---- invariants: the bridge's framing state is the reference's ----
    // F: the data bits after which a falling edge has been processed (SCK
    // was high in the last cycle of the bridge's view: the fall after the
    // last rise is still to come, or is seen in this cycle)
    wire [4:0] f_ref_f = f_ref_w - {4'd0, f_sck_q[3]};
    wire [23:0] f_wmask = (24'd1 << {f_ref_w[4:3], 3'd0}) - 24'd1;
    wire [31:0] f_sh_w = f_ref_sh >> f_ref_w[2:0];
    always @(*)
        if (f_past_valid && !rst) begin
            i_frame_1: assert(!f_ref_hdr || f_ref_n == 5'd24);
            i_frame_2: assert(f_ref_n <= 5'd24);
            if (!f_ref_hdr) i_frame_3: assert(f_ref_w == 5'd0 && !f_ref_d8);
            if (f_ref_hdr && !f_ref_d8) i_frame_4: assert(f_ref_w < 5'd8);
            i_frame_5: assert(bit_reg == (f_ref_hdr ? f_ref_w[2:0] : f_ref_n[2:0]));
            i_frame_6: assert(byte_reg == (!f_ref_hdr ? {1'b0, f_ref_n[4:3]} : f_ref_d8 ? 3'd4 : 3'd3));
            i_frame_7: assert(cmd_reg == f_ref_cmd);
            if (f_ref_n < 5'd8) i_frame_8: assert(f_ref_cmd == 8'd0);
            i_frame_9: assert(rx_reg == f_ref_sh[6:0]);
            i_frame_10: assert(wbyte_reg == ((f_ref_hdr && f_ref_cmd == CMD_WRITE) ? f_ref_w[4:3] : 2'd0));
            i_frame_11: assert(tbyte_reg == ((f_ref_hdr && f_ref_cmd == CMD_READ && (f_ref_d8 || f_ref_w == 5'd8)) ? f_ref_f[4:3] : 2'd0));
            if (f_ref_hdr) i_frame_12: assert(addr_reg == f_ref_a);
            i_frame_15: assert(f_ref_a[1:0] == 2'b00);
            if (!f_ref_hdr && f_ref_n >= 5'd16) i_frame_13: assert(addr_reg[15:8] == f_ref_sh[(f_ref_n - 5'd16) +: 8]);
            if (f_ref_hdr && f_ref_cmd == CMD_WRITE) i_frame_14: assert(((wdata_reg ^ f_sh_w[23:0]) & f_wmask) == 24'd0);
        end

    // ---- invariants: the read data path is the reference's ----
    // the data bit going out (falls processed since the word's first, in
    // the bridge's view), its byte and the bits of the byte still to go
    wire [4:0] f_tx_b = f_ref_f - 5'd8;
    wire [31:0] f_tx_word_sh = f_ref_word << {f_tx_b[4:3], 3'd0};
    wire [7:0] f_tx_byte = f_tx_word_sh[31:24] << f_tx_b[2:0];
    always @(*)
        if (f_past_valid && !rst) begin
            i_read_1: assert(rbuf_reg == f_ref_rd);
            if (f_ref_on) begin
                i_read_2: assert(f_ref_hdr && f_ref_cmd == CMD_READ && f_ref_d8);
                i_read_3: assert(tx_word_reg == f_ref_word[23:0] && tx_reg == f_tx_byte);
            end else begin
                i_read_4: assert(tx_reg == 8'd0);
                if (f_ref_hdr && f_ref_cmd == CMD_READ && f_ref_d8) i_read_5: assert(f_ref_w == 5'd8 && f_sck_q[3]);
            end
        end

    // ---- reachability ----
    always @(*) begin
        cover(f_past_valid && !rst && f_start && !wb_we_o);                 // a read's first word
        cover(f_past_valid && !rst && f_start && !wb_we_o && f_ref_w == 5'd8); // a read's next word
    end
`endif
endmodule
`resetall
