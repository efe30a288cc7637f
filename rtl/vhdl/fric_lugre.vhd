-- fric_lugre: the Dahl / LuGre dynamic friction core for NUM_AXES axes, with
-- the exact step of the fixed-point model (stable at any sample time); the
-- VHDL-2008 twin of rtl/fric_lugre.v, with the same generics and ports,
-- bit-exact with fric_fx_lugre_step() (docs/fric_lugre.md):
--
--   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)
--   w'   = w + (w_ss - w)(1 - 2^-y2),  y2 = sigma0 |v| Ts / g(v) log2(e)
--   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
--
-- OPT_PIPE = 1: the pipeline (fric_lugre_pipe.vhd), one sample per clock,
-- latency 114 cycles (W = 18, OPT_FAST 1) or 93 (W = 16, OPT_FAST 0).
-- OPT_PIPE = 0: the sequencer (fric_lugre_seq.vhd), one multiplier, one
-- sample per program run (4 cycles for v = 0, tens otherwise).
library ieee;
use ieee.std_logic_1164.all;
use work.fric_pkg.all;

entity fric_lugre is
    generic (
        W            : integer := 16;  -- datapath width: 16 or 18
        NUM_AXES     : integer := 8;   -- axes; the memories have 2^AXIS_W entries
        OPT_PIPE     : integer := 1;   -- 1: the pipeline; 0: the sequencer
        OPT_FAST     : integer := 1;   -- 1: three-stage rounding shifts, tables in logic (ECP5)
        OPT_ECP5_DSP : integer := 0    -- 1: products as registered ECP5 MULT18X18D (synthesis only)
    );
    port (
        clk           : in  std_logic;
        rst           : in  std_logic;
        s_axis_tdata  : in  std_logic_vector(W - 1 downto 0);
        s_axis_tuser  : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        s_axis_tvalid : in  std_logic;
        s_axis_tready : out std_logic;
        m_axis_tdata  : out std_logic_vector(W - 1 downto 0);
        m_axis_tuser  : out std_logic_vector(fric_axis_width(NUM_AXES) + 3 downto 0);
        m_axis_tvalid : out std_logic;
        m_axis_tready : in  std_logic;
        cfg_valid     : in  std_logic;
        cfg_ready     : out std_logic;
        cfg_commit    : in  std_logic;
        cfg_addr      : in  std_logic_vector(4 downto 0);
        cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        cfg_data      : in  std_logic_vector(31 downto 0);
        srst_valid    : in  std_logic;
        srst_ready    : out std_logic;
        srst_all      : in  std_logic;
        srst_axis     : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        flags         : out std_logic_vector(4 downto 0);
        flags_clear   : in  std_logic_vector(4 downto 0)
    );
end entity fric_lugre;

architecture rtl of fric_lugre is
begin
    g_pipe : if OPT_PIPE /= 0 generate
        u_core : entity work.fric_lugre_pipe
            generic map (W => W, NUM_AXES => NUM_AXES, OPT_FAST => OPT_FAST, OPT_ECP5_DSP => OPT_ECP5_DSP)
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
    end generate;
    g_seq : if OPT_PIPE = 0 generate
        u_core : entity work.fric_lugre_seq
            generic map (W => W, NUM_AXES => NUM_AXES)
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
    end generate;
end architecture rtl;
