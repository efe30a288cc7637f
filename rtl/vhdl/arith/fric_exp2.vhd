-- SPDX-License-Identifier: Apache-2.0
-- fric_exp2: the exponential unit, E = 2^-y; the VHDL-2008 twin of
-- rtl/arith/fric_exp2.v (same generics, ports, latency and results) and of
-- fric_fx_exp2() in cmodel/src/fric_fx.c (docs/fixed-point.md):
--
--   y = yi + f:  the top TB bits of f index the exp2pair table (fric_pkg),
--   which holds T[i] - 2^(TP-1) and T[i] - T[i+1] in one word;
--   m = T[i] - rsr((T[i] - T[i+1]) * fr, FB)   (fr: the low FB bits of f);
--   E = rsr(m, TP - EF + yi).
--
-- Formats: y (U,YI,YF) = (U,5,W+4); e (U,1,EF) = (U,1,W), e in [0, 2^W].
-- Latency: ceil(FB/2) + 2 RS + 2 clock-enabled cycles, plus 2 when RS = 3
-- (table read 1, or 3 from the logic ROM of a fast clock); one y per cycle.
-- The caller passes the latency it schedules for; elaboration stops if it
-- differs. The table comes from fric_pkg (the generator's output, as the
-- Verilog unit's from fric_tables.vh).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_exp2 is
    generic (
        W            : integer := 16;  -- datapath width, 16 or 18
        OPT_FABRIC   : integer := 1;   -- 1: interpolation product in fabric
        OPT_ECP5_DSP : integer := 0;   -- 1: an explicit MULT18X18D for it (synthesis only)
        RS           : integer := 2;   -- stages of each rounding shift, 2 or 3
        LATENCY      : integer := 12   -- must be ceil(FB/2) + 2 RS + 2 (+ 2 when RS = 3)
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        y   : in  std_logic_vector(fric_YI(W) + fric_YF(W) - 1 downto 0);
        e   : out std_logic_vector(W downto 0)
    );
end entity fric_exp2;

architecture rtl of fric_exp2 is
    constant YI : integer := fric_YI(W);
    constant YF : integer := fric_YF(W);
    constant TB : integer := fric_TB(W);
    constant TP : integer := fric_TP(W);
    constant FB : integer := fric_FB(W);
    constant EF : integer := fric_EF(W);
    constant LI : integer := (FB + 1) / 2;                       -- interpolation product latency
    constant TR : integer := pick(RS = 3, 3, 1);                 -- table read cycles

    type rom_t is array (0 to 2 ** TB - 1) of std_logic_vector(2 * W - 1 downto 0);
    function rom_init return rom_t is
        constant t : fric_table_t := fric_table_exp2pair(W);
        variable r : rom_t;
    begin
        for i in r'range loop
            r(i) := std_logic_vector(t(i)(2 * W - 1 downto 0));
        end loop;
        return r;
    end function;
    -- a signal, not a constant, so that the ROM keeps its name (rom) in the
    -- netlist of ghdl --synth, which the synthesis script marks as logic
    -- with RS = 3, as the Verilog unit does with its ram_style attribute
    signal rom : rom_t := rom_init;

    signal rom_q0_reg, rom_q_reg : std_logic_vector(2 * W - 1 downto 0);
    signal fr1                   : std_logic_vector(FB - 1 downto 0);
    signal yi_m                  : std_logic_vector(YI - 1 downto 0);
    signal t1, t_m               : std_logic_vector(TP downto 0);
    signal d1                    : std_logic_vector(FB - 1 downto 0);
    signal dfr                   : std_logic_vector(2 * FB - 1 downto 0);
    signal dfr_r                 : std_logic_vector(FB - 1 downto 0);
    signal m_reg                 : unsigned(TP downto 0);
    signal sh                    : std_logic_vector(YI downto 0);
begin
    assert LATENCY = LI + 2 * RS + 2 + TR - 1
        report "fric_exp2: LATENCY " & integer'image(LATENCY) & ", but this unit takes " &
               integer'image(LI + 2 * RS + 1 + TR) & " cycles" severity failure;

    -- c0 -> c1: the table read (a registered ROM; with RS = 3 two more registers)
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                rom_q0_reg <= rom(to_integer(unsigned(y(YF - 1 downto YF - TB))));
            end if;
        end if;
    end process;
    u_rom_q : entity work.fric_delay
        generic map (WIDTH => 2 * W, DEPTH => TR - 1)
        port map (clk => clk, ce => ce, d => rom_q0_reg, q => rom_q_reg);
    u_fr : entity work.fric_delay
        generic map (WIDTH => FB, DEPTH => TR)
        port map (clk => clk, ce => ce, d => y(FB - 1 downto 0), q => fr1);

    -- c1: T (U,1,TP) = stored + 2^(TP-1) (exactly 2^TP at i = 0: a mux) and D
    t1 <= '1' & (TP - 1 downto 0 => '0') when rom_q_reg(TP - 1) = '1' else "01" & rom_q_reg(TP - 2 downto 0);
    d1 <= rom_q_reg(2 * W - 1 downto TP);

    -- c1 -> c1+LI: D * fr
    u_mul : entity work.fric_mul
        generic map (A_W => FB, B_W => FB, LATENCY => LI, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => d1, b => fr1, p => dfr);

    -- -> +RS: rsr(D * fr, FB), below 2^FB
    u_rsr_interp : entity work.fric_rsr
        generic map (X_W => 2 * FB + 1, S_W => 6, Y_W => FB, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & dfr, s => std_logic_vector(to_unsigned(FB, 6)), y => dfr_r);

    -- -> +1: m = T - rsr(D fr, FB), (U,1,TP)
    u_t : entity work.fric_delay
        generic map (WIDTH => TP + 1, DEPTH => LI + RS)
        port map (clk => clk, ce => ce, d => t1, q => t_m);
    u_yi : entity work.fric_delay
        generic map (WIDTH => YI, DEPTH => LI + RS + 1 + TR)
        port map (clk => clk, ce => ce, d => y(YI + YF - 1 downto YF), q => yi_m);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                m_reg <= unsigned(t_m) - resize(unsigned(dfr_r), TP + 1);
            end if;
        end if;
    end process;

    -- -> +RS: E = rsr(m, TP - EF + yi), at most 2^W
    sh <= std_logic_vector(resize(unsigned(yi_m), YI + 1) + to_unsigned(TP - EF, YI + 1));
    u_rsr_e : entity work.fric_rsr
        generic map (X_W => TP + 2, S_W => YI + 1, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & std_logic_vector(m_reg), s => sh, y => e);
end architecture rtl;
