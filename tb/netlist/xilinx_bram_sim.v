// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// Simulation models of the Xilinx 7-series block RAM cells RAMB18E1 and
// RAMB36E1, which Yosys' synth_xilinx -family xc7 instantiates for block
// memories (share/xilinx/brams_xc6v_map.v) and of which its
// share/xilinx/cells_sim.v has only the ports, parameters and timing: no
// behaviour, so their outputs are never driven and read as zero in a
// Verilated bench. mk/vendor.mk strips both modules from its copy of that
// file and the benches read these instead.
//
// They follow the 7 Series FPGAs Memory Resources user guide (UG473):
//   - RAMB36E1 holds 36864 bits, 4096 9-bit bytes (RAMB18E1: 2048); byte k
//     is data bits 8k .. 8k+7 and parity bit k;
//   - a port of width 9, 18 or 36 (READ_WIDTH_x, WRITE_WIDTH_x; 36 only in
//     RAMB36E1) addresses words of that width with ADDR[14:3], ADDR[14:4] or
//     ADDR[14:5] (RAMB18E1: ADDR[13:3], ADDR[13:4]); word k of w bits holds
//     bytes k*w/9 .. k*w/9 + w/9 - 1, its byte j in DO[8j+7:8j] and DOP[j];
//     ADDRARDADDR[15] / ADDRBWRADDR[15] of RAMB36E1 serve only a cascade;
//   - RAM_MODE "SDP" (simple dual port): one read port of width 72 (RAMB18E1:
//     36) on port A's pins (ADDRARDADDR, CLKARDCLK, ENARDEN) and one write
//     port of that width on port B's (ADDRBWRADDR, CLKBWRCLK, ENBWREN), the
//     word's low half on DIADI / DIPADIP / DOADO / DOPADOP and its high half
//     on the B pins, words addressed with ADDR[14:6] (RAMB18E1: ADDR[13:5]);
//   - byte enables: WEBWE[7:0] of an SDP write (RAMB18E1: WEBWE[3:0]); in
//     "TDP", WEA / WEBWE bits [3:0], [1:0] or [0] of a write of width 36, 18
//     or 9;
//   - a port takes part in a clock edge while its EN is high; DOA_REG /
//     DOB_REG 0: DO is the output latch loaded at the read edge, first
//     INIT_A / INIT_B ({DOP, DO}; in SDP INIT_A is the low half of the word
//     and INIT_B the high half);
//   - WRITE_MODE "READ_FIRST": a port that writes a word outputs the word's
//     old contents, and a read at the same clock edge of a word being written
//     returns its old contents;
//   - INIT_00 .. INIT_3F (RAMB36E1: INIT_7F) are the data bits, INIT_00 bit 0
//     first; INITP_00 .. INITP_07 (RAMB36E1: INITP_0F) the parity bits.
// Only what Yosys instantiates for the cores and the probe is modelled:
// widths 1, 2 and 4, an SDP port narrower than 72 (36), WRITE_MODE
// "WRITE_FIRST" or "NO_CHANGE" on a cell that is written, the output
// registers (DOA_REG, DOB_REG 1), a cascade (RAM_EXTENSION), ECC, INIT_FILE,
// inverted pins (IS_*_INVERTED) and a raised RSTRAM or RSTREG stop the
// simulation with a message rather than simulate behaviour this file does
// not describe. The cascade, ECC and error outputs are 0.
// Seeded mistake: with FRIC_SEED_BRAM_BUG defined a TDP port that writes
// a word outputs the new contents (write-first, not read-first), and make
// test-netlist-seeded must then see the probe's check fail. Bench only.
// The cell and port names are Xilinx's, so they carry no fric_ prefix; the
// behaviour both cells share is in fric_xilinx_bram.
// (The file is named for the family, as the other cell models are.)
/* verilator lint_off DECLFILENAME */

module fric_xilinx_bram #(
    parameter CELL = "RAMB36E1",
    // 1: RAMB36E1 (4096 bytes), 0: RAMB18E1 (2048 bytes)
    parameter integer FULL = 1,
    parameter RAM_MODE = "TDP",
    parameter integer READ_WIDTH_A = 0,
    parameter integer READ_WIDTH_B = 0,
    parameter integer WRITE_WIDTH_A = 0,
    parameter integer WRITE_WIDTH_B = 0,
    parameter WRITE_MODE_A = "WRITE_FIRST",
    parameter WRITE_MODE_B = "WRITE_FIRST",
    parameter integer DOA_REG = 0,
    parameter integer DOB_REG = 0,
    // {DOP, DO} of the output latches at start
    parameter [71:0] INIT_A = 72'h0,
    parameter [71:0] INIT_B = 72'h0,
    // the data bits (INIT_00 in the low bits) and the parity bits
    parameter [32767:0] INIT_DATA = 32768'h0,
    parameter [4095:0] INIT_PAR = 4096'h0
) (
    input  wire        CLKA,
    input  wire        CLKB,
    input  wire        ENA,
    input  wire        ENB,
    input  wire        RSTA,     // any reset pin of port A (not modelled)
    input  wire        RSTB,
    input  wire [15:0] ADDRA,
    input  wire [15:0] ADDRB,
    input  wire [31:0] DIA,
    input  wire [31:0] DIB,
    input  wire [3:0]  DIPA,
    input  wire [3:0]  DIPB,
    input  wire [3:0]  WEA,
    input  wire [7:0]  WEB,
    output wire [31:0] DOA,
    output wire [31:0] DOB,
    output wire [3:0]  DOPA,
    output wire [3:0]  DOPB
);
    localparam [0:0] BIG = (FULL != 0);
    localparam integer NB = BIG ? 4096 : 2048;
    // bytes of the A and B pins (SDP: a word's halves)
    localparam integer H = BIG ? 4 : 2;
    localparam [0:0] SDP = (RAM_MODE == "SDP");
    // port widths in bytes
    localparam integer RA = READ_WIDTH_A / 9;
    localparam integer RB = READ_WIDTH_B / 9;
    localparam integer WA = WRITE_WIDTH_A / 9;
    localparam integer WB = WRITE_WIDTH_B / 9;

    // a TDP width this cell has (0: unused port)
    function tdp_ok;
        input integer w;
        begin
            tdp_ok = (w == 0 || w == 9 || w == 18 || (BIG && w == 36));
        end
    endfunction
    localparam [0:0] WIDTHS_OK = SDP
        ? ((READ_WIDTH_A == 0 || READ_WIDTH_A == 18 * H) && READ_WIDTH_B == 0
           && WRITE_WIDTH_A == 0 && (WRITE_WIDTH_B == 0 || WRITE_WIDTH_B == 18 * H))
        : (RAM_MODE == "TDP" && tdp_ok(READ_WIDTH_A) && tdp_ok(READ_WIDTH_B)
           && tdp_ok(WRITE_WIDTH_A) && tdp_ok(WRITE_WIDTH_B));
    localparam [0:0] WRITTEN = (WRITE_WIDTH_A != 0 || WRITE_WIDTH_B != 0);
    localparam [0:0] MODES_OK = !WRITTEN || (WRITE_MODE_A == "READ_FIRST" && WRITE_MODE_B == "READ_FIRST");

    reg [8:0] mem [0:NB-1];
    reg [35:0] oa;      // {DOPA, DOA}
    reg [35:0] ob_tdp;  // {DOPB, DOB} of a TDP port B
    reg [35:0] ob_sdp;  // {DOPB, DOB}: an SDP word's high half
    integer k;
    initial begin
        if (!WIDTHS_OK || !MODES_OK || DOA_REG != 0 || DOB_REG != 0) begin
            $display("%0s model: RAM_MODE %0s, READ_WIDTH_A %0d, READ_WIDTH_B %0d, WRITE_WIDTH_A %0d, WRITE_WIDTH_B %0d, WRITE_MODE %0s / %0s, DOA_REG %0d, DOB_REG %0d: not modelled",
                     CELL, RAM_MODE, READ_WIDTH_A, READ_WIDTH_B, WRITE_WIDTH_A, WRITE_WIDTH_B,
                     WRITE_MODE_A, WRITE_MODE_B, DOA_REG, DOB_REG);
            $finish;
        end
        for (k = 0; k < NB; k = k + 1) mem[k] = {INIT_PAR[k], INIT_DATA[8*k +: 8]};
        oa = latch_init(INIT_A, SDP ? H : RA);
        ob_tdp = latch_init(INIT_B, RB);
        ob_sdp = latch_init(INIT_B, H);
    end

    // an output latch's start value: INIT_x holds {DOP, DO} of n bytes
    function [35:0] latch_init;
        input [71:0] v;
        input integer n;
        integer j;
        begin
            latch_init = 36'd0;
            for (j = 0; j < 4; j = j + 1)
                if (j < n) begin
                    latch_init[8*j +: 8] = v[8*j +: 8];
                    latch_init[32 + j] = v[8*n + j];
                end
        end
    endfunction
    // the first byte of the word of n bytes at an address's bits [14:3]
    // (RAMB18E1: [13:3], bit 14 being 0)
    function integer first_byte;
        input [11:0] ad;
        input integer n;
        integer b;
        begin
            b = {20'd0, ad};
            first_byte = b - (b % n);
        end
    endfunction
    // ADDR[15] addresses a cascade's other block, ADDR[2:0] bits in a byte
    wire unused_addr = &{1'b0, ADDRA[15], ADDRA[2:0], ADDRB[15], ADDRB[2:0]};

    assign {DOPA, DOA} = oa;
    assign {DOPB, DOB} = SDP ? ob_sdp : ob_tdp;

    integer ja, ba, bwa;
    reg [71:0] ra;      // the bytes read at port A, byte j in bits 9j .. 9j+8
    reg [8:0] lane_a;
    always @(posedge CLKA) begin
        if (RSTA) begin
            $display("%0s model: RSTRAMARSTRAM or RSTREGARSTREG raised, not modelled", CELL);
            $finish;
        end
        if (ENA) begin
            // the read first: a word being written reads its old contents
            if (RA != 0) begin
                ba = first_byte(ADDRA[14:3], SDP ? 2 * H : RA);
                ra = 72'd0;
                for (ja = 0; ja < 8; ja = ja + 1)
                    if (ja < (SDP ? 2 * H : RA)) ra[9*ja +: 9] = mem[ba + ja];
            end
            if (!SDP && WA != 0) begin
                bwa = first_byte(ADDRA[14:3], WA);
                for (ja = 0; ja < 4; ja = ja + 1)
                    if (ja < WA && WEA[ja]) begin
                        lane_a = {DIPA[ja], DIA[8*ja +: 8]};
                        mem[bwa + ja] <= lane_a;
`ifdef FRIC_SEED_BRAM_BUG
                        if (RA == WA) ra[9*ja +: 9] = lane_a;
`endif
                    end
            end
            if (RA != 0) begin
                for (ja = 0; ja < 4; ja = ja + 1) begin
                    oa[8*ja +: 8] <= ra[9*ja +: 8];
                    oa[32 + ja] <= ra[9*ja + 8];
                    if (SDP) begin
                        ob_sdp[8*ja +: 8] <= ra[9*(ja + H) +: 8];
                        ob_sdp[32 + ja] <= ra[9*(ja + H) + 8];
                    end
                end
            end
        end
    end

    integer jb, bb, bwb;
    reg [71:0] rb;
    reg [8:0] lane_b;
    always @(posedge CLKB) begin
        if (RSTB) begin
            $display("%0s model: RSTRAMB or RSTREGB raised, not modelled", CELL);
            $finish;
        end
        if (ENB) begin
            if (!SDP && RB != 0) begin
                bb = first_byte(ADDRB[14:3], RB);
                rb = 72'd0;
                for (jb = 0; jb < 4; jb = jb + 1)
                    if (jb < RB) rb[9*jb +: 9] = mem[bb + jb];
            end
            if (WB != 0) begin
                // SDP: the word's low half on the A pins, its high half on the B pins
                bwb = first_byte(ADDRB[14:3], WB);
                for (jb = 0; jb < 8; jb = jb + 1)
                    if (jb < WB && WEB[jb]) begin
                        if (SDP && jb < H) lane_b = {DIPA[jb], DIA[8*jb +: 8]};
                        else if (SDP) lane_b = {DIPB[jb - H], DIB[8*(jb - H) +: 8]};
                        else lane_b = {DIPB[jb], DIB[8*jb +: 8]};
                        mem[bwb + jb] <= lane_b;
`ifdef FRIC_SEED_BRAM_BUG
                        if (!SDP && RB == WB) rb[9*jb +: 9] = lane_b;
`endif
                    end
            end
            if (!SDP && RB != 0) begin
                for (jb = 0; jb < 4; jb = jb + 1) begin
                    ob_tdp[8*jb +: 8] <= rb[9*jb +: 8];
                    ob_tdp[32 + jb] <= rb[9*jb + 8];
                end
            end
        end
    end
endmodule

// RAMB18E1: 18 Kb, TDP ports of width 9 or 18, or SDP of width 36
module RAMB18E1 (
    input  wire        CLKARDCLK,
    input  wire        CLKBWRCLK,
    input  wire        ENARDEN,
    input  wire        ENBWREN,
    input  wire        REGCEAREGCE,
    input  wire        REGCEB,
    input  wire        RSTRAMARSTRAM,
    input  wire        RSTRAMB,
    input  wire        RSTREGARSTREG,
    input  wire        RSTREGB,
    input  wire [13:0] ADDRARDADDR,
    input  wire [13:0] ADDRBWRADDR,
    input  wire [15:0] DIADI,
    input  wire [15:0] DIBDI,
    input  wire [1:0]  DIPADIP,
    input  wire [1:0]  DIPBDIP,
    input  wire [1:0]  WEA,
    input  wire [3:0]  WEBWE,
    output wire [15:0] DOADO,
    output wire [15:0] DOBDO,
    output wire [1:0]  DOPADOP,
    output wire [1:0]  DOPBDOP
);
    parameter integer DOA_REG = 0;
    parameter integer DOB_REG = 0;
    parameter [255:0] INITP_00 = 256'h0;
    parameter [255:0] INITP_01 = 256'h0;
    parameter [255:0] INITP_02 = 256'h0;
    parameter [255:0] INITP_03 = 256'h0;
    parameter [255:0] INITP_04 = 256'h0;
    parameter [255:0] INITP_05 = 256'h0;
    parameter [255:0] INITP_06 = 256'h0;
    parameter [255:0] INITP_07 = 256'h0;
    parameter [255:0] INIT_00 = 256'h0;
    parameter [255:0] INIT_01 = 256'h0;
    parameter [255:0] INIT_02 = 256'h0;
    parameter [255:0] INIT_03 = 256'h0;
    parameter [255:0] INIT_04 = 256'h0;
    parameter [255:0] INIT_05 = 256'h0;
    parameter [255:0] INIT_06 = 256'h0;
    parameter [255:0] INIT_07 = 256'h0;
    parameter [255:0] INIT_08 = 256'h0;
    parameter [255:0] INIT_09 = 256'h0;
    parameter [255:0] INIT_0A = 256'h0;
    parameter [255:0] INIT_0B = 256'h0;
    parameter [255:0] INIT_0C = 256'h0;
    parameter [255:0] INIT_0D = 256'h0;
    parameter [255:0] INIT_0E = 256'h0;
    parameter [255:0] INIT_0F = 256'h0;
    parameter [255:0] INIT_10 = 256'h0;
    parameter [255:0] INIT_11 = 256'h0;
    parameter [255:0] INIT_12 = 256'h0;
    parameter [255:0] INIT_13 = 256'h0;
    parameter [255:0] INIT_14 = 256'h0;
    parameter [255:0] INIT_15 = 256'h0;
    parameter [255:0] INIT_16 = 256'h0;
    parameter [255:0] INIT_17 = 256'h0;
    parameter [255:0] INIT_18 = 256'h0;
    parameter [255:0] INIT_19 = 256'h0;
    parameter [255:0] INIT_1A = 256'h0;
    parameter [255:0] INIT_1B = 256'h0;
    parameter [255:0] INIT_1C = 256'h0;
    parameter [255:0] INIT_1D = 256'h0;
    parameter [255:0] INIT_1E = 256'h0;
    parameter [255:0] INIT_1F = 256'h0;
    parameter [255:0] INIT_20 = 256'h0;
    parameter [255:0] INIT_21 = 256'h0;
    parameter [255:0] INIT_22 = 256'h0;
    parameter [255:0] INIT_23 = 256'h0;
    parameter [255:0] INIT_24 = 256'h0;
    parameter [255:0] INIT_25 = 256'h0;
    parameter [255:0] INIT_26 = 256'h0;
    parameter [255:0] INIT_27 = 256'h0;
    parameter [255:0] INIT_28 = 256'h0;
    parameter [255:0] INIT_29 = 256'h0;
    parameter [255:0] INIT_2A = 256'h0;
    parameter [255:0] INIT_2B = 256'h0;
    parameter [255:0] INIT_2C = 256'h0;
    parameter [255:0] INIT_2D = 256'h0;
    parameter [255:0] INIT_2E = 256'h0;
    parameter [255:0] INIT_2F = 256'h0;
    parameter [255:0] INIT_30 = 256'h0;
    parameter [255:0] INIT_31 = 256'h0;
    parameter [255:0] INIT_32 = 256'h0;
    parameter [255:0] INIT_33 = 256'h0;
    parameter [255:0] INIT_34 = 256'h0;
    parameter [255:0] INIT_35 = 256'h0;
    parameter [255:0] INIT_36 = 256'h0;
    parameter [255:0] INIT_37 = 256'h0;
    parameter [255:0] INIT_38 = 256'h0;
    parameter [255:0] INIT_39 = 256'h0;
    parameter [255:0] INIT_3A = 256'h0;
    parameter [255:0] INIT_3B = 256'h0;
    parameter [255:0] INIT_3C = 256'h0;
    parameter [255:0] INIT_3D = 256'h0;
    parameter [255:0] INIT_3E = 256'h0;
    parameter [255:0] INIT_3F = 256'h0;
    // 18 bits in Xilinx's declaration; Yosys writes 72
    parameter [71:0] INIT_A = 72'h0;
    parameter [71:0] INIT_B = 72'h0;
    parameter INIT_FILE = "NONE";
    parameter RAM_MODE = "TDP";
    // without effect here: collisions of different clocks, the output
    // register's reset, the vendor simulator's checks and reset values
    /* verilator lint_off UNUSEDPARAM */
    parameter RDADDR_COLLISION_HWCONFIG = "DELAYED_WRITE";
    parameter integer READ_WIDTH_A = 0;
    parameter integer READ_WIDTH_B = 0;
    parameter RSTREG_PRIORITY_A = "RSTREG";
    parameter RSTREG_PRIORITY_B = "RSTREG";
    parameter SIM_COLLISION_CHECK = "ALL";
    parameter SIM_DEVICE = "VIRTEX6";
    parameter SRVAL_A = 18'h0;
    parameter SRVAL_B = 18'h0;
    /* verilator lint_on UNUSEDPARAM */
    parameter WRITE_MODE_A = "WRITE_FIRST";
    parameter WRITE_MODE_B = "WRITE_FIRST";
    parameter integer WRITE_WIDTH_A = 0;
    parameter integer WRITE_WIDTH_B = 0;
    parameter [0:0] IS_CLKARDCLK_INVERTED = 1'b0;
    parameter [0:0] IS_CLKBWRCLK_INVERTED = 1'b0;
    parameter [0:0] IS_ENARDEN_INVERTED = 1'b0;
    parameter [0:0] IS_ENBWREN_INVERTED = 1'b0;
    parameter [0:0] IS_RSTRAMARSTRAM_INVERTED = 1'b0;
    parameter [0:0] IS_RSTRAMB_INVERTED = 1'b0;
    parameter [0:0] IS_RSTREGARSTREG_INVERTED = 1'b0;
    parameter [0:0] IS_RSTREGB_INVERTED = 1'b0;

    initial begin
        if (INIT_FILE != "NONE" || {IS_CLKARDCLK_INVERTED, IS_CLKBWRCLK_INVERTED, IS_ENARDEN_INVERTED,
            IS_ENBWREN_INVERTED, IS_RSTRAMARSTRAM_INVERTED, IS_RSTRAMB_INVERTED, IS_RSTREGARSTREG_INVERTED,
            IS_RSTREGB_INVERTED} != 8'd0) begin
            $display("RAMB18E1 model: INIT_FILE %0s or an inverted pin (IS_*_INVERTED): not modelled", INIT_FILE);
            $finish;
        end
    end
    wire [15:0] doa_hi, dob_hi;
    wire [1:0] dopa_hi, dopb_hi;
    fric_xilinx_bram #(
        .CELL("RAMB18E1"), .FULL(0), .RAM_MODE(RAM_MODE),
        .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
        .WRITE_WIDTH_A(WRITE_WIDTH_A), .WRITE_WIDTH_B(WRITE_WIDTH_B),
        .WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B),
        .DOA_REG(DOA_REG), .DOB_REG(DOB_REG), .INIT_A(INIT_A), .INIT_B(INIT_B),
        .INIT_DATA({16384'd0, INIT_3F, INIT_3E, INIT_3D, INIT_3C, INIT_3B, INIT_3A, INIT_39, INIT_38,
            INIT_37, INIT_36, INIT_35, INIT_34, INIT_33, INIT_32, INIT_31, INIT_30,
            INIT_2F, INIT_2E, INIT_2D, INIT_2C, INIT_2B, INIT_2A, INIT_29, INIT_28,
            INIT_27, INIT_26, INIT_25, INIT_24, INIT_23, INIT_22, INIT_21, INIT_20,
            INIT_1F, INIT_1E, INIT_1D, INIT_1C, INIT_1B, INIT_1A, INIT_19, INIT_18,
            INIT_17, INIT_16, INIT_15, INIT_14, INIT_13, INIT_12, INIT_11, INIT_10,
            INIT_0F, INIT_0E, INIT_0D, INIT_0C, INIT_0B, INIT_0A, INIT_09, INIT_08,
            INIT_07, INIT_06, INIT_05, INIT_04, INIT_03, INIT_02, INIT_01, INIT_00}),
        .INIT_PAR({2048'd0, INITP_07, INITP_06, INITP_05, INITP_04, INITP_03, INITP_02, INITP_01, INITP_00})
    ) u_bram (
        .CLKA(CLKARDCLK), .CLKB(CLKBWRCLK), .ENA(ENARDEN), .ENB(ENBWREN),
        .RSTA(RSTRAMARSTRAM | RSTREGARSTREG), .RSTB(RSTRAMB | RSTREGB),
        .ADDRA({2'b00, ADDRARDADDR}), .ADDRB({2'b00, ADDRBWRADDR}),
        .DIA({16'd0, DIADI}), .DIB({16'd0, DIBDI}), .DIPA({2'b00, DIPADIP}), .DIPB({2'b00, DIPBDIP}),
        .WEA({2'b00, WEA}), .WEB({4'd0, WEBWE}),
        .DOA({doa_hi, DOADO}), .DOB({dob_hi, DOBDO}), .DOPA({dopa_hi, DOPADOP}), .DOPB({dopb_hi, DOPBDOP})
    );
    // REGCE* matter only with the output registers, which are not modelled
    wire unused = &{1'b0, REGCEAREGCE, REGCEB, doa_hi, dob_hi, dopa_hi, dopb_hi};
endmodule

// RAMB36E1: 36 Kb, TDP ports of width 9, 18 or 36, or SDP of width 72
module RAMB36E1 (
    output wire        CASCADEOUTA,
    output wire        CASCADEOUTB,
    output wire [31:0] DOADO,
    output wire [31:0] DOBDO,
    output wire [3:0]  DOPADOP,
    output wire [3:0]  DOPBDOP,
    output wire [7:0]  ECCPARITY,
    output wire [8:0]  RDADDRECC,
    output wire        SBITERR,
    output wire        DBITERR,
    input  wire        ENARDEN,
    input  wire        CLKARDCLK,
    input  wire        RSTRAMARSTRAM,
    input  wire        RSTREGARSTREG,
    input  wire        CASCADEINA,
    input  wire        REGCEAREGCE,
    input  wire        ENBWREN,
    input  wire        CLKBWRCLK,
    input  wire        RSTRAMB,
    input  wire        RSTREGB,
    input  wire        CASCADEINB,
    input  wire        REGCEB,
    input  wire        INJECTDBITERR,
    input  wire        INJECTSBITERR,
    input  wire [15:0] ADDRARDADDR,
    input  wire [15:0] ADDRBWRADDR,
    input  wire [31:0] DIADI,
    input  wire [31:0] DIBDI,
    input  wire [3:0]  DIPADIP,
    input  wire [3:0]  DIPBDIP,
    input  wire [3:0]  WEA,
    input  wire [7:0]  WEBWE
);
    parameter integer DOA_REG = 0;
    parameter integer DOB_REG = 0;
    parameter EN_ECC_READ = "FALSE";
    parameter EN_ECC_WRITE = "FALSE";
    parameter [255:0] INITP_00 = 256'h0;
    parameter [255:0] INITP_01 = 256'h0;
    parameter [255:0] INITP_02 = 256'h0;
    parameter [255:0] INITP_03 = 256'h0;
    parameter [255:0] INITP_04 = 256'h0;
    parameter [255:0] INITP_05 = 256'h0;
    parameter [255:0] INITP_06 = 256'h0;
    parameter [255:0] INITP_07 = 256'h0;
    parameter [255:0] INITP_08 = 256'h0;
    parameter [255:0] INITP_09 = 256'h0;
    parameter [255:0] INITP_0A = 256'h0;
    parameter [255:0] INITP_0B = 256'h0;
    parameter [255:0] INITP_0C = 256'h0;
    parameter [255:0] INITP_0D = 256'h0;
    parameter [255:0] INITP_0E = 256'h0;
    parameter [255:0] INITP_0F = 256'h0;
    parameter [255:0] INIT_00 = 256'h0;
    parameter [255:0] INIT_01 = 256'h0;
    parameter [255:0] INIT_02 = 256'h0;
    parameter [255:0] INIT_03 = 256'h0;
    parameter [255:0] INIT_04 = 256'h0;
    parameter [255:0] INIT_05 = 256'h0;
    parameter [255:0] INIT_06 = 256'h0;
    parameter [255:0] INIT_07 = 256'h0;
    parameter [255:0] INIT_08 = 256'h0;
    parameter [255:0] INIT_09 = 256'h0;
    parameter [255:0] INIT_0A = 256'h0;
    parameter [255:0] INIT_0B = 256'h0;
    parameter [255:0] INIT_0C = 256'h0;
    parameter [255:0] INIT_0D = 256'h0;
    parameter [255:0] INIT_0E = 256'h0;
    parameter [255:0] INIT_0F = 256'h0;
    parameter [255:0] INIT_10 = 256'h0;
    parameter [255:0] INIT_11 = 256'h0;
    parameter [255:0] INIT_12 = 256'h0;
    parameter [255:0] INIT_13 = 256'h0;
    parameter [255:0] INIT_14 = 256'h0;
    parameter [255:0] INIT_15 = 256'h0;
    parameter [255:0] INIT_16 = 256'h0;
    parameter [255:0] INIT_17 = 256'h0;
    parameter [255:0] INIT_18 = 256'h0;
    parameter [255:0] INIT_19 = 256'h0;
    parameter [255:0] INIT_1A = 256'h0;
    parameter [255:0] INIT_1B = 256'h0;
    parameter [255:0] INIT_1C = 256'h0;
    parameter [255:0] INIT_1D = 256'h0;
    parameter [255:0] INIT_1E = 256'h0;
    parameter [255:0] INIT_1F = 256'h0;
    parameter [255:0] INIT_20 = 256'h0;
    parameter [255:0] INIT_21 = 256'h0;
    parameter [255:0] INIT_22 = 256'h0;
    parameter [255:0] INIT_23 = 256'h0;
    parameter [255:0] INIT_24 = 256'h0;
    parameter [255:0] INIT_25 = 256'h0;
    parameter [255:0] INIT_26 = 256'h0;
    parameter [255:0] INIT_27 = 256'h0;
    parameter [255:0] INIT_28 = 256'h0;
    parameter [255:0] INIT_29 = 256'h0;
    parameter [255:0] INIT_2A = 256'h0;
    parameter [255:0] INIT_2B = 256'h0;
    parameter [255:0] INIT_2C = 256'h0;
    parameter [255:0] INIT_2D = 256'h0;
    parameter [255:0] INIT_2E = 256'h0;
    parameter [255:0] INIT_2F = 256'h0;
    parameter [255:0] INIT_30 = 256'h0;
    parameter [255:0] INIT_31 = 256'h0;
    parameter [255:0] INIT_32 = 256'h0;
    parameter [255:0] INIT_33 = 256'h0;
    parameter [255:0] INIT_34 = 256'h0;
    parameter [255:0] INIT_35 = 256'h0;
    parameter [255:0] INIT_36 = 256'h0;
    parameter [255:0] INIT_37 = 256'h0;
    parameter [255:0] INIT_38 = 256'h0;
    parameter [255:0] INIT_39 = 256'h0;
    parameter [255:0] INIT_3A = 256'h0;
    parameter [255:0] INIT_3B = 256'h0;
    parameter [255:0] INIT_3C = 256'h0;
    parameter [255:0] INIT_3D = 256'h0;
    parameter [255:0] INIT_3E = 256'h0;
    parameter [255:0] INIT_3F = 256'h0;
    parameter [255:0] INIT_40 = 256'h0;
    parameter [255:0] INIT_41 = 256'h0;
    parameter [255:0] INIT_42 = 256'h0;
    parameter [255:0] INIT_43 = 256'h0;
    parameter [255:0] INIT_44 = 256'h0;
    parameter [255:0] INIT_45 = 256'h0;
    parameter [255:0] INIT_46 = 256'h0;
    parameter [255:0] INIT_47 = 256'h0;
    parameter [255:0] INIT_48 = 256'h0;
    parameter [255:0] INIT_49 = 256'h0;
    parameter [255:0] INIT_4A = 256'h0;
    parameter [255:0] INIT_4B = 256'h0;
    parameter [255:0] INIT_4C = 256'h0;
    parameter [255:0] INIT_4D = 256'h0;
    parameter [255:0] INIT_4E = 256'h0;
    parameter [255:0] INIT_4F = 256'h0;
    parameter [255:0] INIT_50 = 256'h0;
    parameter [255:0] INIT_51 = 256'h0;
    parameter [255:0] INIT_52 = 256'h0;
    parameter [255:0] INIT_53 = 256'h0;
    parameter [255:0] INIT_54 = 256'h0;
    parameter [255:0] INIT_55 = 256'h0;
    parameter [255:0] INIT_56 = 256'h0;
    parameter [255:0] INIT_57 = 256'h0;
    parameter [255:0] INIT_58 = 256'h0;
    parameter [255:0] INIT_59 = 256'h0;
    parameter [255:0] INIT_5A = 256'h0;
    parameter [255:0] INIT_5B = 256'h0;
    parameter [255:0] INIT_5C = 256'h0;
    parameter [255:0] INIT_5D = 256'h0;
    parameter [255:0] INIT_5E = 256'h0;
    parameter [255:0] INIT_5F = 256'h0;
    parameter [255:0] INIT_60 = 256'h0;
    parameter [255:0] INIT_61 = 256'h0;
    parameter [255:0] INIT_62 = 256'h0;
    parameter [255:0] INIT_63 = 256'h0;
    parameter [255:0] INIT_64 = 256'h0;
    parameter [255:0] INIT_65 = 256'h0;
    parameter [255:0] INIT_66 = 256'h0;
    parameter [255:0] INIT_67 = 256'h0;
    parameter [255:0] INIT_68 = 256'h0;
    parameter [255:0] INIT_69 = 256'h0;
    parameter [255:0] INIT_6A = 256'h0;
    parameter [255:0] INIT_6B = 256'h0;
    parameter [255:0] INIT_6C = 256'h0;
    parameter [255:0] INIT_6D = 256'h0;
    parameter [255:0] INIT_6E = 256'h0;
    parameter [255:0] INIT_6F = 256'h0;
    parameter [255:0] INIT_70 = 256'h0;
    parameter [255:0] INIT_71 = 256'h0;
    parameter [255:0] INIT_72 = 256'h0;
    parameter [255:0] INIT_73 = 256'h0;
    parameter [255:0] INIT_74 = 256'h0;
    parameter [255:0] INIT_75 = 256'h0;
    parameter [255:0] INIT_76 = 256'h0;
    parameter [255:0] INIT_77 = 256'h0;
    parameter [255:0] INIT_78 = 256'h0;
    parameter [255:0] INIT_79 = 256'h0;
    parameter [255:0] INIT_7A = 256'h0;
    parameter [255:0] INIT_7B = 256'h0;
    parameter [255:0] INIT_7C = 256'h0;
    parameter [255:0] INIT_7D = 256'h0;
    parameter [255:0] INIT_7E = 256'h0;
    parameter [255:0] INIT_7F = 256'h0;
    // 36 bits in Xilinx's declaration; Yosys writes 72
    parameter [71:0] INIT_A = 72'h0;
    parameter [71:0] INIT_B = 72'h0;
    parameter INIT_FILE = "NONE";
    parameter RAM_EXTENSION_A = "NONE";
    parameter RAM_EXTENSION_B = "NONE";
    parameter RAM_MODE = "TDP";
    // without effect here: collisions of different clocks, the output
    // register's reset, the vendor simulator's checks and reset values
    /* verilator lint_off UNUSEDPARAM */
    parameter RDADDR_COLLISION_HWCONFIG = "DELAYED_WRITE";
    parameter integer READ_WIDTH_A = 0;
    parameter integer READ_WIDTH_B = 0;
    parameter RSTREG_PRIORITY_A = "RSTREG";
    parameter RSTREG_PRIORITY_B = "RSTREG";
    parameter SIM_COLLISION_CHECK = "ALL";
    parameter SIM_DEVICE = "VIRTEX6";
    parameter SRVAL_A = 36'h0;
    parameter SRVAL_B = 36'h0;
    /* verilator lint_on UNUSEDPARAM */
    parameter WRITE_MODE_A = "WRITE_FIRST";
    parameter WRITE_MODE_B = "WRITE_FIRST";
    parameter integer WRITE_WIDTH_A = 0;
    parameter integer WRITE_WIDTH_B = 0;
    parameter [0:0] IS_CLKARDCLK_INVERTED = 1'b0;
    parameter [0:0] IS_CLKBWRCLK_INVERTED = 1'b0;
    parameter [0:0] IS_ENARDEN_INVERTED = 1'b0;
    parameter [0:0] IS_ENBWREN_INVERTED = 1'b0;
    parameter [0:0] IS_RSTRAMARSTRAM_INVERTED = 1'b0;
    parameter [0:0] IS_RSTRAMB_INVERTED = 1'b0;
    parameter [0:0] IS_RSTREGARSTREG_INVERTED = 1'b0;
    parameter [0:0] IS_RSTREGB_INVERTED = 1'b0;

    initial begin
        if (INIT_FILE != "NONE" || RAM_EXTENSION_A != "NONE" || RAM_EXTENSION_B != "NONE"
            || EN_ECC_READ != "FALSE" || EN_ECC_WRITE != "FALSE"
            || {IS_CLKARDCLK_INVERTED, IS_CLKBWRCLK_INVERTED, IS_ENARDEN_INVERTED, IS_ENBWREN_INVERTED,
                IS_RSTRAMARSTRAM_INVERTED, IS_RSTRAMB_INVERTED, IS_RSTREGARSTREG_INVERTED,
                IS_RSTREGB_INVERTED} != 8'd0) begin
            $display("RAMB36E1 model: INIT_FILE %0s, RAM_EXTENSION %0s / %0s, EN_ECC_READ %0s, EN_ECC_WRITE %0s or an inverted pin (IS_*_INVERTED): not modelled",
                     INIT_FILE, RAM_EXTENSION_A, RAM_EXTENSION_B, EN_ECC_READ, EN_ECC_WRITE);
            $finish;
        end
    end
    fric_xilinx_bram #(
        .CELL("RAMB36E1"), .FULL(1), .RAM_MODE(RAM_MODE),
        .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
        .WRITE_WIDTH_A(WRITE_WIDTH_A), .WRITE_WIDTH_B(WRITE_WIDTH_B),
        .WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B),
        .DOA_REG(DOA_REG), .DOB_REG(DOB_REG), .INIT_A(INIT_A), .INIT_B(INIT_B),
        .INIT_DATA({INIT_7F, INIT_7E, INIT_7D, INIT_7C, INIT_7B, INIT_7A, INIT_79, INIT_78,
            INIT_77, INIT_76, INIT_75, INIT_74, INIT_73, INIT_72, INIT_71, INIT_70,
            INIT_6F, INIT_6E, INIT_6D, INIT_6C, INIT_6B, INIT_6A, INIT_69, INIT_68,
            INIT_67, INIT_66, INIT_65, INIT_64, INIT_63, INIT_62, INIT_61, INIT_60,
            INIT_5F, INIT_5E, INIT_5D, INIT_5C, INIT_5B, INIT_5A, INIT_59, INIT_58,
            INIT_57, INIT_56, INIT_55, INIT_54, INIT_53, INIT_52, INIT_51, INIT_50,
            INIT_4F, INIT_4E, INIT_4D, INIT_4C, INIT_4B, INIT_4A, INIT_49, INIT_48,
            INIT_47, INIT_46, INIT_45, INIT_44, INIT_43, INIT_42, INIT_41, INIT_40,
            INIT_3F, INIT_3E, INIT_3D, INIT_3C, INIT_3B, INIT_3A, INIT_39, INIT_38,
            INIT_37, INIT_36, INIT_35, INIT_34, INIT_33, INIT_32, INIT_31, INIT_30,
            INIT_2F, INIT_2E, INIT_2D, INIT_2C, INIT_2B, INIT_2A, INIT_29, INIT_28,
            INIT_27, INIT_26, INIT_25, INIT_24, INIT_23, INIT_22, INIT_21, INIT_20,
            INIT_1F, INIT_1E, INIT_1D, INIT_1C, INIT_1B, INIT_1A, INIT_19, INIT_18,
            INIT_17, INIT_16, INIT_15, INIT_14, INIT_13, INIT_12, INIT_11, INIT_10,
            INIT_0F, INIT_0E, INIT_0D, INIT_0C, INIT_0B, INIT_0A, INIT_09, INIT_08,
            INIT_07, INIT_06, INIT_05, INIT_04, INIT_03, INIT_02, INIT_01, INIT_00}),
        .INIT_PAR({INITP_0F, INITP_0E, INITP_0D, INITP_0C, INITP_0B, INITP_0A, INITP_09, INITP_08,
            INITP_07, INITP_06, INITP_05, INITP_04, INITP_03, INITP_02, INITP_01, INITP_00})
    ) u_bram (
        .CLKA(CLKARDCLK), .CLKB(CLKBWRCLK), .ENA(ENARDEN), .ENB(ENBWREN),
        .RSTA(RSTRAMARSTRAM | RSTREGARSTREG), .RSTB(RSTRAMB | RSTREGB),
        .ADDRA(ADDRARDADDR), .ADDRB(ADDRBWRADDR),
        .DIA(DIADI), .DIB(DIBDI), .DIPA(DIPADIP), .DIPB(DIPBDIP),
        .WEA(WEA), .WEB(WEBWE),
        .DOA(DOADO), .DOB(DOBDO), .DOPA(DOPADOP), .DOPB(DOPBDOP)
    );
    assign CASCADEOUTA = 1'b0;
    assign CASCADEOUTB = 1'b0;
    assign ECCPARITY = 8'd0;
    assign RDADDRECC = 9'd0;
    assign SBITERR = 1'b0;
    assign DBITERR = 1'b0;
    // REGCE* matter only with the output registers, the cascade and error
    // injection inputs only with a cascade or ECC, none of them modelled
    wire unused = &{1'b0, REGCEAREGCE, REGCEB, CASCADEINA, CASCADEINB, INJECTDBITERR, INJECTSBITERR};
endmodule
`resetall
