-- SPDX-License-Identifier: Apache-2.0
-- tb_eng_ghdl: the GHDL bench of the VHDL fric_eng. It holds the engine and
-- the clock, and nothing else: every input and every check comes from the C
-- test logic of the Verilator bench (tb/fric_eng/tb_eng.c, cmocka), which
-- runs beside it through fric_vhpi_pkg and compares each output beat of both
-- models with the C fixed-point model, bit for bit. Each SET applies the
-- inputs (clock low) and returns the outputs 1 ns later; each TICK is one
-- clock period. Input words: rst; then for the LuGre side and the Stribeck
-- side each s_tdata, s_tuser, s_tvalid, m_tready, cfg_valid, cfg_commit,
-- cfg_addr, cfg_axis, cfg_data, flags_clear; then srst_valid, srst_all,
-- srst_axis. Output words: for each side s_tready, m_tdata, m_tuser,
-- m_tvalid, cfg_ready, flags; then srst_ready (dut_eng_ghdl.c).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_vhpi_pkg.all;

entity tb_eng_ghdl is
    generic (
        NUM_AXES : integer := 4
    );
end entity tb_eng_ghdl;

architecture sim of tb_eng_ghdl is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    signal clk, rst : std_logic := '0';
    -- LuGre side
    signal lg_s_tdata, lg_m_tdata : std_logic_vector(15 downto 0) := (others => '0');
    signal lg_s_tuser, lg_cfg_axis, lg_srst_axis : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal lg_m_tuser : std_logic_vector(AXIS_W + 3 downto 0);
    signal lg_s_tvalid, lg_s_tready, lg_m_tvalid, lg_m_tready : std_logic := '0';
    signal lg_cfg_valid, lg_cfg_ready, lg_cfg_commit, lg_srst_valid, lg_srst_ready, lg_srst_all : std_logic := '0';
    signal lg_cfg_addr : std_logic_vector(4 downto 0) := (others => '0');
    signal lg_cfg_data : std_logic_vector(31 downto 0) := (others => '0');
    signal lg_flags, lg_flags_clear : std_logic_vector(4 downto 0) := (others => '0');
    -- Stribeck side
    signal st_s_tdata, st_m_tdata : std_logic_vector(15 downto 0) := (others => '0');
    signal st_s_tuser, st_cfg_axis : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal st_m_tuser : std_logic_vector(AXIS_W + 1 downto 0);
    signal st_s_tvalid, st_s_tready, st_m_tvalid, st_m_tready : std_logic := '0';
    signal st_cfg_valid, st_cfg_ready, st_cfg_commit : std_logic := '0';
    signal st_cfg_addr : std_logic_vector(3 downto 0) := (others => '0');
    signal st_cfg_data : std_logic_vector(31 downto 0) := (others => '0');
    signal st_flags, st_flags_clear : std_logic_vector(2 downto 0) := (others => '0');
begin
    dut : entity work.fric_eng
        generic map (NUM_AXES => NUM_AXES)
        port map (
            clk => clk, rst => rst,
            st_s_axis_tdata => st_s_tdata, st_s_axis_tuser => st_s_tuser, st_s_axis_tvalid => st_s_tvalid,
            st_s_axis_tready => st_s_tready, st_m_axis_tdata => st_m_tdata, st_m_axis_tuser => st_m_tuser,
            st_m_axis_tvalid => st_m_tvalid, st_m_axis_tready => st_m_tready,
            st_cfg_valid => st_cfg_valid, st_cfg_ready => st_cfg_ready, st_cfg_commit => st_cfg_commit,
            st_cfg_addr => st_cfg_addr, st_cfg_axis => st_cfg_axis, st_cfg_data => st_cfg_data,
            st_flags => st_flags, st_flags_clear => st_flags_clear,
            lg_s_axis_tdata => lg_s_tdata, lg_s_axis_tuser => lg_s_tuser, lg_s_axis_tvalid => lg_s_tvalid,
            lg_s_axis_tready => lg_s_tready, lg_m_axis_tdata => lg_m_tdata, lg_m_axis_tuser => lg_m_tuser,
            lg_m_axis_tvalid => lg_m_tvalid, lg_m_axis_tready => lg_m_tready,
            lg_cfg_valid => lg_cfg_valid, lg_cfg_ready => lg_cfg_ready, lg_cfg_commit => lg_cfg_commit,
            lg_cfg_addr => lg_cfg_addr, lg_cfg_axis => lg_cfg_axis, lg_cfg_data => lg_cfg_data,
            lg_srst_valid => lg_srst_valid, lg_srst_ready => lg_srst_ready, lg_srst_all => lg_srst_all,
            lg_srst_axis => lg_srst_axis, lg_flags => lg_flags, lg_flags_clear => lg_flags_clear);

    process
        variable cmd : integer;
    begin
        loop
            cmd := fvh_wait;
            if cmd = FVH_SET then
                rst            <= bit1(fvh_in(0));
                lg_s_tdata     <= bits(fvh_in(1), 16);
                lg_s_tuser     <= bits(fvh_in(2), AXIS_W);
                lg_s_tvalid    <= bit1(fvh_in(3));
                lg_m_tready    <= bit1(fvh_in(4));
                lg_cfg_valid   <= bit1(fvh_in(5));
                lg_cfg_commit  <= bit1(fvh_in(6));
                lg_cfg_addr    <= bits(fvh_in(7), 5);
                lg_cfg_axis    <= bits(fvh_in(8), AXIS_W);
                lg_cfg_data    <= bits(fvh_in(9), 32);
                lg_flags_clear <= bits(fvh_in(10), 5);
                st_s_tdata     <= bits(fvh_in(11), 16);
                st_s_tuser     <= bits(fvh_in(12), AXIS_W);
                st_s_tvalid    <= bit1(fvh_in(13));
                st_m_tready    <= bit1(fvh_in(14));
                st_cfg_valid   <= bit1(fvh_in(15));
                st_cfg_commit  <= bit1(fvh_in(16));
                st_cfg_addr    <= bits(fvh_in(17), 4);
                st_cfg_axis    <= bits(fvh_in(18), AXIS_W);
                st_cfg_data    <= bits(fvh_in(19), 32);
                st_flags_clear <= bits(fvh_in(20), 3);
                lg_srst_valid  <= bit1(fvh_in(21));
                lg_srst_all    <= bit1(fvh_in(22));
                lg_srst_axis   <= bits(fvh_in(23), AXIS_W);
                wait for 1 ns;
                fvh_out(0, int(lg_s_tready));
                fvh_out(1, int(lg_m_tdata));
                fvh_out(2, int(lg_m_tuser));
                fvh_out(3, int(lg_m_tvalid));
                fvh_out(4, int(lg_cfg_ready));
                fvh_out(5, int(lg_flags));
                fvh_out(6, int(st_s_tready));
                fvh_out(7, int(st_m_tdata));
                fvh_out(8, int(st_m_tuser));
                fvh_out(9, int(st_m_tvalid));
                fvh_out(10, int(st_cfg_ready));
                fvh_out(11, int(st_flags));
                fvh_out(12, int(lg_srst_ready));
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
