-- SPDX-License-Identifier: Apache-2.0
-- fric_interp: a decreasing table with linear interpolation; the VHDL-2008
-- twin of rtl/arith/fric_interp.v (same ports, latency and results) and of
-- interp() in cmodel/src/fric_fx.c:
--
--   m = T[i] - rsr((T[i] - T[i+1]) * fr, FR_W)
--
-- for the reciprocal and h tables (2^TB + 1 entries of T_W bits, from
-- fric_pkg; the Verilog unit's OPT_H is TABLE here: "recip" or "h").
-- Both reads of a sample come from two copies of the table.
--
-- Formats: idx (U,TB,0); fr (U,FR_W,0); m (U,T_W,0), between T[i+1] and T[i].
-- Latency: TR + LM + RS + 2 clock-enabled cycles (TR = 2 from block RAM, 4
-- from logic ROM with RS = 3); one sample per cycle.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_interp is
    generic (
        T_W          : integer := 16;      -- table word width (the datapath width W)
        TB           : integer := 8;       -- index bits
        FR_W         : integer := 7;       -- fraction bits
        TABLE        : string  := "recip"; -- "recip" or "h", for width T_W
        RS           : integer := 2;       -- rounding-shift stages: 3 also reads from logic ROM
        LM           : integer := 2;       -- product latency
        OPT_ECP5_DSP : integer := 0
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        idx : in  std_logic_vector(TB - 1 downto 0);
        fr  : in  std_logic_vector(FR_W - 1 downto 0);
        m   : out std_logic_vector(T_W - 1 downto 0)
    );
end entity fric_interp;

architecture rtl of fric_interp is
    constant TR : integer := pick(RS = 3, 4, 2);
    constant TN : integer := 2 ** TB + 1;
    type rom_t is array (0 to TN - 1) of std_logic_vector(T_W - 1 downto 0);
    function rom_init return rom_t is
        variable t : fric_table_t(0 to TN - 1);
        variable r : rom_t;
    begin
        if TABLE = "recip" then
            t := fric_table_recip(T_W);
        elsif TABLE = "h" then
            t := fric_table_h(T_W);
        else
            report "fric_interp: TABLE = " & TABLE & ", must be recip or h" severity failure;
        end if;
        for i in r'range loop
            r(i) := std_logic_vector(t(i)(T_W - 1 downto 0));
        end loop;
        return r;
    end function;
    signal rom0 : rom_t := rom_init;
    signal rom1 : rom_t := rom_init;
    signal a0_reg, a1_reg : unsigned(TB downto 0);
    signal q0_reg, q1_reg, t0_q, t1_q : std_logic_vector(T_W - 1 downto 0);
    signal tq : std_logic_vector(2 * T_W - 1 downto 0);
    signal fr_t, fr_reg : std_logic_vector(FR_W - 1 downto 0);
    signal d_reg, t0_reg, dfr_r, t0_m : std_logic_vector(T_W - 1 downto 0);
    signal dfr : std_logic_vector(T_W + FR_W - 1 downto 0);
    signal m_reg : unsigned(T_W - 1 downto 0);
begin
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                a0_reg <= resize(unsigned(idx), TB + 1);
                a1_reg <= resize(unsigned(idx), TB + 1) + 1;
                q0_reg <= rom0(to_integer(a0_reg));
                q1_reg <= rom1(to_integer(a1_reg));
            end if;
        end if;
    end process;
    u_q : entity work.fric_delay
        generic map (WIDTH => 2 * T_W, DEPTH => TR - 2)
        port map (clk => clk, ce => ce, d => q0_reg & q1_reg, q => tq);
    t0_q <= tq(2 * T_W - 1 downto T_W);
    t1_q <= tq(T_W - 1 downto 0);
    u_fr : entity work.fric_delay
        generic map (WIDTH => FR_W, DEPTH => TR)
        port map (clk => clk, ce => ce, d => fr, q => fr_t);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                d_reg  <= std_logic_vector(unsigned(t0_q) - unsigned(t1_q));
                t0_reg <= t0_q;
                fr_reg <= fr_t;
            end if;
        end if;
    end process;
    u_mul : entity work.fric_mul
        generic map (A_W => T_W, B_W => FR_W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => d_reg, b => fr_reg, p => dfr);
    u_rsr : entity work.fric_rsr
        generic map (X_W => T_W + FR_W + 1, S_W => 6, Y_W => T_W, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & dfr, s => std_logic_vector(to_unsigned(FR_W, 6)), y => dfr_r);
    u_t0 : entity work.fric_delay
        generic map (WIDTH => T_W, DEPTH => LM + RS)
        port map (clk => clk, ce => ce, d => t0_reg, q => t0_m);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                m_reg <= unsigned(t0_m) - unsigned(dfr_r);
            end if;
        end if;
    end process;
    m <= std_logic_vector(m_reg);
end architecture rtl;
