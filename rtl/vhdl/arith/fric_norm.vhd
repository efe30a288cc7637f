-- SPDX-License-Identifier: Apache-2.0
-- fric_norm: normalize x > 0 to a W-bit mantissa m in [2^(W-1), 2^W) with
-- x ~ m * 2^e; the VHDL-2008 twin of rtl/arith/fric_norm.v (same generics, ports,
-- latency and results) and of norm() in cmodel/src/fric_fx.c: exact when x
-- has at most W bits, rounded half up when bits are dropped, renormalized
-- (m = 2^(W-1), e + 1) when the rounding carries to 2^W. x = 0 gives m = 0,
-- e = 0. With bl = bitlen(x), m = rsr(x * 2^W, bl).
--
-- Formats: x (U,X_W,0); m (U,W,0); e signed, 8 bits (bl - W); big = (bl > W).
-- Latency: RS + 3 clock-enabled cycles (bit length 2: per 4-bit group its
-- leading one, registered, then a balanced tree; rounding shift RS;
-- renormalization 1); one x per cycle.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity fric_norm is
    generic (
        X_W : integer := 32;  -- input width, 1..56
        W   : integer := 16;  -- mantissa width
        RS  : integer := 2    -- stages of the rounding shift (fric_rsr)
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        x   : in  std_logic_vector(X_W - 1 downto 0);
        m   : out std_logic_vector(W - 1 downto 0);
        e   : out std_logic_vector(7 downto 0);   -- signed
        big : out std_logic
    );
end entity fric_norm;

architecture rtl of fric_norm is
    constant BL_W : integer := 6;
    constant NG   : integer := 16;    -- 4-bit groups of the 64-bit padded x
    type pos_t is array (0 to NG - 1) of unsigned(1 downto 0);
    signal g_any_reg : std_logic_vector(NG - 1 downto 0);
    signal g_pos_reg : pos_t;
    signal x1_reg, x_reg : std_logic_vector(X_W - 1 downto 0);
    signal bl_reg, bl_d : std_logic_vector(BL_W - 1 downto 0);
    signal m0 : std_logic_vector(W downto 0);
    signal m_reg : std_logic_vector(W - 1 downto 0);
    signal e_reg : signed(7 downto 0);
    signal big_reg : std_logic;
    signal bl_next : unsigned(BL_W - 1 downto 0);
begin
    assert X_W >= 1 and X_W <= 56 report "fric_norm: X_W = " & integer'image(X_W) & ", must be 1..56" severity failure;

    process (clk)
        variable xp : unsigned(63 downto 0);
    begin
        if rising_edge(clk) then
            if ce = '1' then
                x1_reg <= x;
                xp := resize(unsigned(x), 64);
                for gi in 0 to NG - 1 loop
                    if xp(4 * gi + 3 downto 4 * gi) /= 0 then g_any_reg(gi) <= '1'; else g_any_reg(gi) <= '0'; end if;
                    if xp(4 * gi + 3) = '1' then g_pos_reg(gi) <= "11";
                    elsif xp(4 * gi + 2) = '1' then g_pos_reg(gi) <= "10";
                    elsif xp(4 * gi + 1) = '1' then g_pos_reg(gi) <= "01";
                    else g_pos_reg(gi) <= "00";
                    end if;
                end loop;
            end if;
        end if;
    end process;

    -- the tree: level l merges pairs of level l - 1 (the upper one wins)
    process (all)
        type any_t is array (0 to NG - 1) of std_logic;
        type idx_t is array (0 to NG - 1) of unsigned(5 downto 0);
        variable any_v : any_t;
        variable idx_v : idx_t;
        variable n : integer;
    begin
        for k in 0 to NG - 1 loop
            any_v(k) := g_any_reg(k);
            idx_v(k) := "0000" & g_pos_reg(k);
        end loop;
        n := NG;
        for tl in 1 to 4 loop
            n := n / 2;
            for tn in 0 to NG / 2 - 1 loop
                if tn < n then
                    if any_v(2 * tn + 1) = '1' then
                        idx_v(tn) := idx_v(2 * tn + 1) or shift_left(to_unsigned(1, 6), tl + 1);
                    else
                        idx_v(tn) := idx_v(2 * tn);
                    end if;
                    any_v(tn) := any_v(2 * tn + 1) or any_v(2 * tn);
                end if;
            end loop;
        end loop;
        if any_v(0) = '1' then bl_next <= idx_v(0) + 1; else bl_next <= (others => '0'); end if;
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                x_reg  <= x1_reg;
                bl_reg <= std_logic_vector(bl_next);
            end if;
        end if;
    end process;

    u_rsr : entity work.fric_rsr
        generic map (X_W => X_W + W + 1, S_W => BL_W, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & x_reg & (W - 1 downto 0 => '0'), s => bl_reg, y => m0);
    u_bl : entity work.fric_delay
        generic map (WIDTH => BL_W, DEPTH => RS)
        port map (clk => clk, ce => ce, d => bl_reg, q => bl_d);

    process (clk)
        variable e0 : signed(7 downto 0);
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if m0(W) = '1' then m_reg <= m0(W downto 1); else m_reg <= m0(W - 1 downto 0); end if;
                e0 := signed(resize(unsigned(bl_d), 8)) - to_signed(W, 8);
                if unsigned(bl_d) = 0 then
                    e_reg <= (others => '0');
                elsif m0(W) = '1' then
                    e_reg <= e0 + 1;
                else
                    e_reg <= e0;
                end if;
                if unsigned(bl_d) > W then big_reg <= '1'; else big_reg <= '0'; end if;
            end if;
        end if;
    end process;
    m <= m_reg;
    e <= std_logic_vector(e_reg);
    big <= big_reg;
end architecture rtl;
