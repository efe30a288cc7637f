-- SPDX-License-Identifier: Apache-2.0
-- tb_axil_ghdl: the GHDL bench of the VHDL fric_axil_wb. It holds the
-- adapter and the clock; the C side (dut_axil_ghdl.cpp, through
-- fric_vhpi_pkg) holds the rest: the test logic of the Verilator bench
-- (tb/fric_axil/tb_axil.c, cmocka), and the Wishbone slave, the Verilog
-- fric_regs of that bench (tb/fric_axil/tb_axil_regs.v) Verilated and clocked
-- in step with this bench. Each SET applies the inputs (clock low) and
-- returns the outputs 1 ns later; each TICK is one clock period (rising
-- edge, then falling edge). Input words: rst, awaddr, awvalid, wdata, wstrb,
-- wvalid, bready, araddr, arvalid, rready, wb_dat_i, wb_ack_i; output words:
-- awready, wready, bresp, bvalid, arready, rdata, rresp, rvalid, wb_cyc_o,
-- wb_stb_o, wb_we_o, wb_adr_o, wb_dat_o, wb_sel_o.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_vhpi_pkg.all;

entity tb_axil_ghdl is
end entity tb_axil_ghdl;

architecture sim of tb_axil_ghdl is
    signal clk, rst : std_logic := '0';
    signal awvalid, awready, wvalid, wready, bvalid, bready : std_logic := '0';
    signal arvalid, arready, rvalid, rready : std_logic := '0';
    signal awaddr, araddr, wb_adr : std_logic_vector(11 downto 0) := (others => '0');
    signal wdata, rdata, wb_dat_w, wb_dat_r : std_logic_vector(31 downto 0) := (others => '0');
    signal wstrb, wb_sel : std_logic_vector(3 downto 0) := (others => '0');
    signal bresp, rresp : std_logic_vector(1 downto 0);
    signal wb_cyc, wb_stb, wb_we, wb_ack : std_logic := '0';

    -- a 32-bit output as a word (its bits as a two's-complement integer)
    function int32(v : std_logic_vector(31 downto 0)) return integer is
    begin
        return to_integer(signed(to_01(unsigned(v), '0')));
    end function;
begin
    dut : entity work.fric_axil_wb
        generic map (ADR_W => 12)
        port map (
            clk => clk, rst => rst,
            s_axil_awaddr => awaddr, s_axil_awprot => "000", s_axil_awvalid => awvalid, s_axil_awready => awready,
            s_axil_wdata => wdata, s_axil_wstrb => wstrb, s_axil_wvalid => wvalid, s_axil_wready => wready,
            s_axil_bresp => bresp, s_axil_bvalid => bvalid, s_axil_bready => bready,
            s_axil_araddr => araddr, s_axil_arprot => "000", s_axil_arvalid => arvalid, s_axil_arready => arready,
            s_axil_rdata => rdata, s_axil_rresp => rresp, s_axil_rvalid => rvalid, s_axil_rready => rready,
            wb_cyc_o => wb_cyc, wb_stb_o => wb_stb, wb_we_o => wb_we, wb_adr_o => wb_adr,
            wb_dat_o => wb_dat_w, wb_sel_o => wb_sel, wb_dat_i => wb_dat_r, wb_ack_i => wb_ack, wb_err_i => '0');

    process
        variable cmd : integer;
    begin
        loop
            cmd := fvh_wait;
            if cmd = FVH_SET then
                rst      <= bit1(fvh_in(0));
                awaddr   <= bits(fvh_in(1), 12);
                awvalid  <= bit1(fvh_in(2));
                wdata    <= bits(fvh_in(3), 32);
                wstrb    <= bits(fvh_in(4), 4);
                wvalid   <= bit1(fvh_in(5));
                bready   <= bit1(fvh_in(6));
                araddr   <= bits(fvh_in(7), 12);
                arvalid  <= bit1(fvh_in(8));
                rready   <= bit1(fvh_in(9));
                wb_dat_r <= bits(fvh_in(10), 32);
                wb_ack   <= bit1(fvh_in(11));
                wait for 1 ns;
                fvh_out(0, int(awready));
                fvh_out(1, int(wready));
                fvh_out(2, int(bresp));
                fvh_out(3, int(bvalid));
                fvh_out(4, int(arready));
                fvh_out(5, int32(rdata));
                fvh_out(6, int(rresp));
                fvh_out(7, int(rvalid));
                fvh_out(8, int(wb_cyc));
                fvh_out(9, int(wb_stb));
                fvh_out(10, int(wb_we));
                fvh_out(11, int(wb_adr));
                fvh_out(12, int32(wb_dat_w));
                fvh_out(13, int(wb_sel));
            elsif cmd = FVH_TICK then
                clk <= '1';
                wait for 5 ns;
                clk <= '0';
                wait for 4 ns;
            else
                report "the C test logic returned " & integer'image(fvh_status);
                std.env.finish(fvh_status);
                wait;
            end if;
        end loop;
    end process;
end architecture sim;
