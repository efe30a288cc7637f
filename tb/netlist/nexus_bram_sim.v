// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none
// Simulation model of the Lattice Nexus PDPSC16K block RAM (pseudo-dual
// port, one clock), the cell that Yosys' synth_nexus maps block memories to
// (share/nexus brams_map: $__NX_PDP16K_ with one clock) and that Yosys ships
// only as a black box (share/nexus/cells_xtra.v).
//
// It follows the Lattice Nexus memory usage guide (sysMEM EBR, FPGA-TN-02094)
// and the Lattice Radiant FPGA libraries reference, primitive PDPSC16K:
//   - the block holds 18432 bits, 2048 9-bit bytes; the write port (DI, ADW,
//     CEW, CSW) and the read port (ADR, CER, CSR, DO) are each X9, X18 or
//     X36 wide (DATA_WIDTH_W, DATA_WIDTH_R) and address words of that width
//     with AD[13:3], AD[13:4] or AD[13:5]; word k of width w holds bytes
//     k*w/9 .. k*w/9 + w/9 - 1, its byte j in data bits 9j .. 9j+8;
//   - in a write of width 18 or 36, ADW[1:0] or ADW[3:0] enable its bytes;
//   - a port takes part in a clock edge while its CE is high and its chip
//     select (CSW, CSR) equals its CSDECODE_W / CSDECODE_R setting;
//   - OUTREG "BYPASSED": DO is the register loaded at the read edge; a read
//     of the word being written in the same edge returns the old contents
//     (the read-before-write that Yosys' mapping relies on);
//   - INITVAL_00 .. INITVAL_3F are the initial contents, each "0x" and 80
//     hex digits, 32 10-bit slots with slot 0 in the low bits; slot j of
//     INITVAL_i holds byte 32*i + j in its low 9 bits.
// Only what Yosys instantiates is modelled: widths X1, X2, X4, OUTREG
// "REGISTERED", ECC "ENABLED", a chip-select setting other than three 0/1
// digits and a raised RST stop the simulation with a message rather than
// simulate behaviour this file does not describe. ONEBITERR and TWOBITERR
// are 0 (no ECC).
// Seeded mistake: with FRIC_SEED_BRAM_BUG defined a write ignores its byte
// enables (every byte of the word is written), and make test-netlist-seeded
// must then see the probe's check fail. Bench only.
// The module and port names are Lattice's, so they carry no fric_ prefix.
module PDPSC16K (DI, ADW, ADR, CLK, CER, CEW, CSW, CSR, RST, DO, ONEBITERR, TWOBITERR);
    input  wire [35:0] DI;
    input  wire [13:0] ADW;
    input  wire [13:0] ADR;
    input  wire        CLK;
    input  wire        CER;
    input  wire        CEW;
    input  wire [2:0]  CSW;
    input  wire [2:0]  CSR;
    input  wire        RST;
    output reg  [35:0] DO;
    output wire        ONEBITERR;
    output wire        TWOBITERR;
    // port widths: "X1", "X2", "X4", "X9", "X18", "X36"
    parameter DATA_WIDTH_W = "X36";
    parameter DATA_WIDTH_R = "X36";
    // "BYPASSED" or "REGISTERED" (an output pipeline register)
    parameter OUTREG = "BYPASSED";
    // of RST: "SYNC" or "ASYNC"
    parameter RESETMODE = "SYNC";
    // global set/reset: no effect in simulation
    parameter GSR = "ENABLED";
    // "DISABLED" or "ENABLED" (error correction)
    parameter ECC = "DISABLED";
    // the chip-select values that enable each port, three binary digits
    parameter CSDECODE_W = "000";
    parameter CSDECODE_R = "000";
    // of RST: "SYNC" or "ASYNC"
    parameter ASYNC_RST_RELEASE = "SYNC";
    // "STATIC" or "DYNAMIC": no effect in simulation
    parameter INIT_DATA = "STATIC";
    // initial contents
    parameter INITVAL_00 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_01 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_02 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_03 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_04 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_05 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_06 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_07 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_08 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_09 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0A = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0B = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0C = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0D = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0E = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_0F = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_10 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_11 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_12 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_13 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_14 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_15 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_16 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_17 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_18 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_19 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1A = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1B = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1C = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1D = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1E = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_1F = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_20 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_21 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_22 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_23 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_24 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_25 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_26 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_27 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_28 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_29 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2A = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2B = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2C = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2D = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2E = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_2F = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_30 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_31 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_32 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_33 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_34 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_35 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_36 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_37 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_38 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_39 = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3A = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3B = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3C = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3D = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3E = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    parameter INITVAL_3F = "0x00000000000000000000000000000000000000000000000000000000000000000000000000000000";

    // a width setting in bits (0: not modelled)
    function integer width_of;
        input [8*3-1:0] s;
        begin
            width_of = (s == "X36") ? 36 : (s == "X18") ? 18 : (s == "X9") ? 9 : 0;
        end
    endfunction
    // a chip-select setting as a value (8: not three binary digits)
    function [3:0] cs_of;
        input [8*3-1:0] s;
        integer i;
        begin
            cs_of = 4'd0;
            for (i = 0; i < 3; i = i + 1) begin
                if (s[8*i +: 8] == "1") cs_of[i] = 1'b1;
                else if (s[8*i +: 8] != "0") cs_of = 4'd8;
            end
        end
    endfunction
    localparam integer WR_W = width_of(DATA_WIDTH_W);
    localparam integer RD_W = width_of(DATA_WIDTH_R);
    localparam [3:0] CS_W = cs_of(CSDECODE_W);
    localparam [3:0] CS_R = cs_of(CSDECODE_R);

    reg [8:0] mem [0:2047];
    // a hex digit's value
    function [3:0] hex_digit;
        input [7:0] c;
        begin
            if (c >= "0" && c <= "9") hex_digit = c - "0";
            else if (c >= "a" && c <= "f") hex_digit = c - "a" + 8'd10;
            else if (c >= "A" && c <= "F") hex_digit = c - "A" + 8'd10;
            else hex_digit = 4'd0;
        end
    endfunction
    // the bytes of one INITVAL setting ("0x" and 80 hex digits)
    task load_initval;
        input integer idx;
        input [8*82-1:0] s;
        reg [319:0] v;
        integer i;
        begin
            for (i = 0; i < 80; i = i + 1) v[4*i +: 4] = hex_digit(s[8*i +: 8]);
            for (i = 0; i < 32; i = i + 1) mem[32*idx + i] = v[10*i +: 9];
        end
    endtask
    initial begin
        if (WR_W == 0 || RD_W == 0 || OUTREG != "BYPASSED" || ECC != "DISABLED" || CS_W[3] || CS_R[3]) begin
            $display("PDPSC16K model: DATA_WIDTH_W %0s, DATA_WIDTH_R %0s, OUTREG %0s, ECC %0s, CSDECODE %0s / %0s: not modelled",
                     DATA_WIDTH_W, DATA_WIDTH_R, OUTREG, ECC, CSDECODE_W, CSDECODE_R);
            $finish;
        end
        load_initval(0, INITVAL_00);
        load_initval(1, INITVAL_01);
        load_initval(2, INITVAL_02);
        load_initval(3, INITVAL_03);
        load_initval(4, INITVAL_04);
        load_initval(5, INITVAL_05);
        load_initval(6, INITVAL_06);
        load_initval(7, INITVAL_07);
        load_initval(8, INITVAL_08);
        load_initval(9, INITVAL_09);
        load_initval(10, INITVAL_0A);
        load_initval(11, INITVAL_0B);
        load_initval(12, INITVAL_0C);
        load_initval(13, INITVAL_0D);
        load_initval(14, INITVAL_0E);
        load_initval(15, INITVAL_0F);
        load_initval(16, INITVAL_10);
        load_initval(17, INITVAL_11);
        load_initval(18, INITVAL_12);
        load_initval(19, INITVAL_13);
        load_initval(20, INITVAL_14);
        load_initval(21, INITVAL_15);
        load_initval(22, INITVAL_16);
        load_initval(23, INITVAL_17);
        load_initval(24, INITVAL_18);
        load_initval(25, INITVAL_19);
        load_initval(26, INITVAL_1A);
        load_initval(27, INITVAL_1B);
        load_initval(28, INITVAL_1C);
        load_initval(29, INITVAL_1D);
        load_initval(30, INITVAL_1E);
        load_initval(31, INITVAL_1F);
        load_initval(32, INITVAL_20);
        load_initval(33, INITVAL_21);
        load_initval(34, INITVAL_22);
        load_initval(35, INITVAL_23);
        load_initval(36, INITVAL_24);
        load_initval(37, INITVAL_25);
        load_initval(38, INITVAL_26);
        load_initval(39, INITVAL_27);
        load_initval(40, INITVAL_28);
        load_initval(41, INITVAL_29);
        load_initval(42, INITVAL_2A);
        load_initval(43, INITVAL_2B);
        load_initval(44, INITVAL_2C);
        load_initval(45, INITVAL_2D);
        load_initval(46, INITVAL_2E);
        load_initval(47, INITVAL_2F);
        load_initval(48, INITVAL_30);
        load_initval(49, INITVAL_31);
        load_initval(50, INITVAL_32);
        load_initval(51, INITVAL_33);
        load_initval(52, INITVAL_34);
        load_initval(53, INITVAL_35);
        load_initval(54, INITVAL_36);
        load_initval(55, INITVAL_37);
        load_initval(56, INITVAL_38);
        load_initval(57, INITVAL_39);
        load_initval(58, INITVAL_3A);
        load_initval(59, INITVAL_3B);
        load_initval(60, INITVAL_3C);
        load_initval(61, INITVAL_3D);
        load_initval(62, INITVAL_3E);
        load_initval(63, INITVAL_3F);
        DO = 36'd0;
    end
    assign ONEBITERR = 1'b0;
    assign TWOBITERR = 1'b0;

    // the first byte of the word at an address
    function integer first_byte;
        input integer w;
        input [13:0] ad;
        begin
            first_byte = (w == 9) ? ad[13:3] : (w == 18) ? {ad[13:4], 1'b0} : {ad[13:5], 2'b00};
        end
    endfunction
    // byte enables of a write: ADW[1:0] (X18) or ADW[3:0] (X36)
`ifndef FRIC_SEED_BRAM_BUG
    wire [3:0] be = (WR_W == 36) ? ADW[3:0] : (WR_W == 18) ? {2'b00, ADW[1:0]} : 4'b0001;
`else
    wire [3:0] be = (WR_W == 36) ? 4'b1111 : (WR_W == 18) ? 4'b0011 : 4'b0001;
`endif
    wire wr = CEW && (CSW == CS_W[2:0]);
    wire rd = CER && (CSR == CS_R[2:0]);
    integer bw, br;
    reg [35:0] rword;
    always @(posedge CLK) begin
        if (RST) begin
            $display("PDPSC16K model: RST raised, not modelled");
            $finish;
        end
        // the read first: a read of the word being written sees the old one
        if (rd) begin
            br = first_byte(RD_W, ADR);
            rword = 36'd0;
            rword[8:0] = mem[br];
            if (RD_W >= 18) rword[17:9] = mem[br + 1];
            if (RD_W == 36) rword[35:18] = {mem[br + 3], mem[br + 2]};
            DO <= rword;
        end
        if (wr) begin
            bw = first_byte(WR_W, ADW);
            if (be[0]) mem[bw] <= DI[8:0];
            if (be[1]) mem[bw + 1] <= DI[17:9];
            if (be[2]) mem[bw + 2] <= DI[26:18];
            if (be[3]) mem[bw + 3] <= DI[35:27];
        end
    end
endmodule
`resetall
