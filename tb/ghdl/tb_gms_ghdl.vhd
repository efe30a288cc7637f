-- SPDX-License-Identifier: Apache-2.0
-- tb_gms_ghdl: the GHDL bench of the VHDL fric_gms. It holds the core and
-- the clock, and nothing else: every input and every check comes from the C
-- test logic of the Verilator bench (tb/fric_gms/tb_gms.c, cmocka), which runs beside
-- it through fric_vhpi_pkg and compares each output beat with the C
-- fixed-point model, bit for bit. Each SET applies the inputs (clock low)
-- and returns the outputs 1 ns later; each TICK is one clock period. Input
-- words: rst, s_tdata, s_tuser, s_tvalid, m_tready, cfg_valid, cfg_commit,
-- cfg_addr, cfg_axis, cfg_data, flags_clear, srst_valid, srst_all,
-- srst_axis; output words: s_tready, m_tdata, m_tuser, m_tvalid, cfg_ready,
-- srst_ready, flags (dut_lugre_ghdl.c, built for 8 axes and the GMS set).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_vhpi_pkg.all;

entity tb_gms_ghdl is
    generic (
        W            : integer := 16;
        NUM_AXES     : integer := 8;
        OPT_FAST     : integer := 1;
        OPT_FABRIC   : integer := 0
    );
end entity tb_gms_ghdl;

architecture sim of tb_gms_ghdl is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    signal clk, rst, s_axis_tvalid, s_axis_tready, m_axis_tvalid, m_axis_tready : std_logic := '0';
    signal cfg_valid, cfg_ready, cfg_commit, srst_valid, srst_ready, srst_all : std_logic := '0';
    signal s_axis_tdata, m_axis_tdata : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal s_axis_tuser, cfg_axis, srst_axis : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal m_axis_tuser : std_logic_vector(AXIS_W + 3 downto 0);
    signal cfg_addr : std_logic_vector(6 downto 0) := (others => '0');
    signal cfg_data : std_logic_vector(31 downto 0) := (others => '0');
    signal flags, flags_clear : std_logic_vector(4 downto 0) := (others => '0');

begin
    dut : entity work.fric_gms
        generic map (W => W, NUM_AXES => NUM_AXES, OPT_FAST => OPT_FAST, OPT_FABRIC => OPT_FABRIC)
        port map (
            clk => clk, rst => rst,
            s_axis_tdata => s_axis_tdata, s_axis_tuser => s_axis_tuser,
            s_axis_tvalid => s_axis_tvalid, s_axis_tready => s_axis_tready,
            m_axis_tdata => m_axis_tdata, m_axis_tuser => m_axis_tuser,
            m_axis_tvalid => m_axis_tvalid, m_axis_tready => m_axis_tready,
            cfg_valid => cfg_valid, cfg_ready => cfg_ready, cfg_commit => cfg_commit,
            cfg_addr => cfg_addr, cfg_axis => cfg_axis, cfg_data => cfg_data,
            srst_valid => srst_valid, srst_ready => srst_ready, srst_all => srst_all, srst_axis => srst_axis,
            flags => flags, flags_clear => flags_clear);

    process
        variable cmd : integer;
    begin
        loop
            cmd := fvh_wait;
            if cmd = FVH_SET then
                rst           <= bit1(fvh_in(0));
                s_axis_tdata  <= bits(fvh_in(1), W);
                s_axis_tuser  <= bits(fvh_in(2), AXIS_W);
                s_axis_tvalid <= bit1(fvh_in(3));
                m_axis_tready <= bit1(fvh_in(4));
                cfg_valid     <= bit1(fvh_in(5));
                cfg_commit    <= bit1(fvh_in(6));
                cfg_addr      <= bits(fvh_in(7), 7);
                cfg_axis      <= bits(fvh_in(8), AXIS_W);
                cfg_data      <= bits(fvh_in(9), 32);
                flags_clear   <= bits(fvh_in(10), 5);
                srst_valid    <= bit1(fvh_in(11));
                srst_all      <= bit1(fvh_in(12));
                srst_axis     <= bits(fvh_in(13), AXIS_W);
                wait for 1 ns;
                fvh_out(0, int(s_axis_tready));
                fvh_out(1, int(m_axis_tdata));
                fvh_out(2, int(m_axis_tuser));
                fvh_out(3, int(m_axis_tvalid));
                fvh_out(4, int(cfg_ready));
                fvh_out(5, int(srst_ready));
                fvh_out(6, int(flags));
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
