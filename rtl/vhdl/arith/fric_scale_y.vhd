-- SPDX-License-Identifier: Apache-2.0
-- fric_scale_y: the exponent argument of a Stribeck-type weight; the
-- VHDL-2008 twin of rtl/arith/fric_scale_y.v (same generics, ports, timing):
--
--   y = limit(rsr(p * k, s - pe), 2^(YI+YF) - 1),   s >= pe
--   y = (p * k != 0) ? 2^(YI+YF) - 1 : 0,           s <  pe
--
-- Formats: p, k (U,W,0); pe (U,5,0); s (U,6,0); y (U,YI,YF).
-- Timing: p, pe, k at cycle 0, s at cycle LM; y at LM + RS + 2.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;

entity fric_scale_y is
    generic (
        W            : integer := 16;
        LM           : integer := 2;   -- product latency
        RS           : integer := 2;   -- rounding-shift stages
        OPT_ECP5_DSP : integer := 0
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        p   : in  std_logic_vector(W - 1 downto 0);
        pe  : in  std_logic_vector(4 downto 0);
        k   : in  std_logic_vector(W - 1 downto 0);
        s   : in  std_logic_vector(5 downto 0);
        y   : out std_logic_vector(fric_YI(W) + fric_YF(W) - 1 downto 0)
    );
end entity fric_scale_y;

architecture rtl of fric_scale_y is
    constant YW : integer := fric_YI(W) + fric_YF(W);
    signal pk, pk_reg : std_logic_vector(2 * W - 1 downto 0);
    signal pe_m : std_logic_vector(4 downto 0);
    signal sh_reg : std_logic_vector(5 downto 0);
    signal neg, neg_reg, pk_nz : std_logic;
    signal yr, y_reg : std_logic_vector(YW - 1 downto 0);
    signal spec : std_logic_vector(1 downto 0);
begin
    u_mul : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => p, b => k, p => pk);
    u_pe : entity work.fric_delay
        generic map (WIDTH => 5, DEPTH => LM)
        port map (clk => clk, ce => ce, d => pe, q => pe_m);
    neg <= '1' when unsigned(s) < unsigned(pe_m) else '0';
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                pk_reg  <= pk;
                neg_reg <= neg;
                if neg = '1' then
                    sh_reg <= (others => '0');
                else
                    sh_reg <= std_logic_vector(unsigned(s) - resize(unsigned(pe_m), 6));
                end if;
            end if;
        end if;
    end process;
    u_rsr : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => YW, STAGES => RS, OPT_SAT => 1)
        port map (clk => clk, ce => ce, x => '0' & pk_reg, s => sh_reg, y => yr);
    pk_nz <= '1' when unsigned(pk_reg) /= 0 else '0';
    u_spec : entity work.fric_delay
        generic map (WIDTH => 2, DEPTH => RS)
        port map (clk => clk, ce => ce, d => neg_reg & pk_nz, q => spec);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if spec(1) = '1' then
                    y_reg <= (others => spec(0));
                else
                    y_reg <= yr;
                end if;
            end if;
        end if;
    end process;
    y <= y_reg;
end architecture rtl;
