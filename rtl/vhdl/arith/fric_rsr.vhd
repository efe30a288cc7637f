-- SPDX-License-Identifier: Apache-2.0
-- fric_rsr: arithmetic right shift with rounding half up; the VHDL-2008 twin
-- of rtl/arith/fric_rsr.v (same generics, ports, latency and results) and of
-- fric_fx_rsr() in cmodel/include/fric_fx.h:
--
--     y = rsr(x, s) = floor((x + 2^(s-1)) / 2^s),   y = x for s = 0,
--
-- computed as ((2x >>> s) + 1) >>> 1 (no decrement of s, no special case).
--
-- Formats: x (S,X_W,0), s (U,S_W,0), y (S,Y_W,0). Y_W < X_W only where the
-- caller has bounded the result to Y_W bits (a change of width, not of
-- value). OPT_SAT = 1 (x >= 0, Y_W < X_W): y limited to 2^Y_W - 1, decided
-- on t = 2x >>> s (t >= 2^(Y_W+1) - 1) beside a (Y_W+1)-bit rounding add.
-- Latency: STAGES clock-enabled cycles, 2 (shift, round) or 3 (the shift in
-- two: multiples of 4, then the low two bits).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity fric_rsr is
    generic (
        X_W     : integer := 32;  -- input width
        S_W     : integer := 6;   -- shift-amount width
        Y_W     : integer := 32;  -- output width
        STAGES  : integer := 2;   -- pipeline stages, 2 or 3
        OPT_SAT : integer := 0    -- 1: limit y to 2^Y_W - 1 (x >= 0, Y_W < X_W)
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        x   : in  std_logic_vector(X_W - 1 downto 0);
        s   : in  std_logic_vector(S_W - 1 downto 0);
        y   : out std_logic_vector(Y_W - 1 downto 0)
    );
end entity fric_rsr;

architecture rtl of fric_rsr is
    signal x2    : signed(X_W downto 0);
    signal t_reg : signed(X_W downto 0);
begin
    assert (STAGES = 2 or STAGES = 3) and not (STAGES = 3 and S_W < 3)
        report "fric_rsr: STAGES = " & integer'image(STAGES) & " with S_W = " & integer'image(S_W) &
               ": must be 2, or 3 with S_W >= 3" severity failure;
    assert OPT_SAT = 0 or Y_W < X_W
        report "fric_rsr: OPT_SAT needs Y_W < X_W" severity failure;

    x2 <= signed(x) & '0';

    -- t = 2x >>> s, after STAGES - 1 cycles
    g_one_shift : if STAGES = 2 generate
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    t_reg <= shift_right(x2, to_integer(unsigned(s)));
                end if;
            end if;
        end process;
    end generate;

    g_two_shifts : if STAGES = 3 generate
        signal t1_reg : signed(X_W downto 0);
        signal lo_reg : unsigned(1 downto 0);
    begin
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    t1_reg <= shift_right(x2, to_integer(unsigned(s(S_W - 1 downto 2))) * 4);
                    lo_reg <= unsigned(s(1 downto 0));
                    t_reg  <= shift_right(t1_reg, to_integer(lo_reg));
                end if;
            end if;
        end process;
    end generate;

    g_sat : if OPT_SAT /= 0 generate
        signal over  : std_logic;
        signal t_inc : unsigned(Y_W downto 0);
        signal y_reg : std_logic_vector(Y_W - 1 downto 0);
    begin
        -- t >= 2^(Y_W+1) - 1: above the range, or all ones in its Y_W + 1 bits
        over <= '1' when t_reg(X_W downto Y_W + 1) /= 0 or t_reg(Y_W downto 0) = -1 else '0';
        t_inc <= unsigned(t_reg(Y_W downto 0)) + 1;
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    if over = '1' then
                        y_reg <= (others => '1');
                    else
                        y_reg <= std_logic_vector(t_inc(Y_W downto 1));
                    end if;
                end if;
            end if;
        end process;
        y <= y_reg;
    end generate;

    g_exact : if OPT_SAT = 0 generate
        -- t + 1 in X_W + 2 bits; its bits above bit 0 are (t + 1) >>> 1, which fits X_W bits
        signal t_inc  : signed(X_W + 1 downto 0);
        signal y_full : signed(X_W - 1 downto 0);
    begin
        t_inc  <= resize(t_reg, X_W + 2) + 1;
        y_full <= t_inc(X_W downto 1);
        g_extend : if Y_W > X_W generate
            signal y_reg : signed(X_W - 1 downto 0);
        begin
            process (clk)
            begin
                if rising_edge(clk) then
                    if ce = '1' then
                        y_reg <= y_full;
                    end if;
                end if;
            end process;
            y <= std_logic_vector(resize(y_reg, Y_W));
        end generate;
        g_trim : if Y_W <= X_W generate
            signal y_reg : signed(Y_W - 1 downto 0);
        begin
            process (clk)
            begin
                if rising_edge(clk) then
                    if ce = '1' then
                        y_reg <= y_full(Y_W - 1 downto 0);
                    end if;
                end if;
            end process;
            y <= std_logic_vector(y_reg);
        end generate;
    end generate;
end architecture rtl;
