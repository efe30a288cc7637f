-- SPDX-License-Identifier: Apache-2.0
-- fric_word_fits: does a 32-bit configuration word fit a field? For N field
-- classes at once; the VHDL-2008 twin of rtl/arith/fric_word_fits.v (same
-- generics, ports, latency and structure):
--   unsigned class of width w:  d < 2^w                 (bits 31..w zero)
--   signed class of width w:    -2^(w-1) <= d < 2^(w-1)  (bits 31..w-1 equal)
-- The thresholds cut the 32 bits into at most 2N + 1 segments; a register
-- holds whether each segment is all zeros and whether it is all ones, and
-- fits(c) is the AND of the segments at or above its threshold.
-- Latency: 1 clock (en) to fits, held until the next en.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity fric_word_fits is
    generic (
        N      : integer := 1;                                    -- classes, 1..8
        WIDTHS : std_logic_vector(8 * N - 1 downto 0) := x"10";    -- class c's width: bits 8c+7..8c, 1..32
        SIGNS  : std_logic_vector(N - 1 downto 0) := "0"           -- bit c: class c is signed
    );
    port (
        clk  : in  std_logic;
        en   : in  std_logic;
        d    : in  std_logic_vector(31 downto 0);
        fits : out std_logic_vector(N - 1 downto 0)
    );
end entity fric_word_fits;

architecture rtl of fric_word_fits is
    constant NSEG : integer := 2 * N + 1;

    function width_of(c : integer) return integer is
    begin
        return to_integer(unsigned(WIDTHS(8 * c + 7 downto 8 * c)));
    end function;
    -- the threshold bit of class c: the first bit that must be zero (or a
    -- copy of the sign, for a signed class)
    function thr(c : integer) return integer is
    begin
        if SIGNS(c) = '1' then return width_of(c) - 1; else return width_of(c); end if;
    end function;
    -- the segment of bit b: how many thresholds lie at or below b
    function seg_of(b : integer) return integer is
        variable s : integer := 0;
    begin
        for c in 0 to N - 1 loop
            if width_of(c) <= b then s := s + 1; end if;
            if SIGNS(c) = '1' and width_of(c) - 1 <= b then s := s + 1; end if;
        end loop;
        return s;
    end function;
    function widths_ok return boolean is
    begin
        for c in 0 to N - 1 loop
            if width_of(c) < 1 or width_of(c) > 32 then return false; end if;
        end loop;
        return true;
    end function;

    signal zero_c, ones_c     : std_logic_vector(NSEG - 1 downto 0);
    signal zero_reg, ones_reg : std_logic_vector(NSEG - 1 downto 0) := (others => '1');
begin
    assert N >= 1 and N <= 8 report "fric_word_fits: N = " & integer'image(N) & ", must be 1..8" severity failure;
    assert widths_ok report "fric_word_fits: every class width must be 1..32" severity failure;

    -- per segment: all zeros, all ones (an empty segment is both)
    process (d)
        variable z, o : std_logic_vector(NSEG - 1 downto 0);
    begin
        z := (others => '1');
        o := (others => '1');
        for b in 0 to 31 loop
            if d(b) = '1' then z(seg_of(b)) := '0'; else o(seg_of(b)) := '0'; end if;
        end loop;
        zero_c <= z;
        ones_c <= o;
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if en = '1' then
                zero_reg <= zero_c;
                ones_reg <= ones_c;
            end if;
        end if;
    end process;

    g_class : for c in 0 to N - 1 generate
        constant S0 : integer := seg_of(thr(c));
    begin
        g_signed : if SIGNS(c) = '1' generate
            fits(c) <= '1' when zero_reg(NSEG - 1 downto S0) = (NSEG - 1 downto S0 => '1') or
                                ones_reg(NSEG - 1 downto S0) = (NSEG - 1 downto S0 => '1') else '0';
        end generate;
        g_unsigned : if SIGNS(c) /= '1' generate
            fits(c) <= '1' when zero_reg(NSEG - 1 downto S0) = (NSEG - 1 downto S0 => '1') else '0';
        end generate;
    end generate;
end architecture rtl;
