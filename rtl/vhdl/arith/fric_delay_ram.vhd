-- SPDX-License-Identifier: Apache-2.0
-- fric_delay_ram: a WIDTH-bit delay line of DEPTH clock-enabled stages held
-- in a block RAM (iCE40 EBR, ECP5 DP16KD) instead of WIDTH * DEPTH
-- flip-flops; the VHDL-2008 twin of rtl/arith/fric_delay_ram.v, with the contract
-- of fric_delay (DEPTH >= 3). A ring of 2^AW >= DEPTH - 1 words, then a
-- flip-flop; the read pointer runs DEPTH - 2 words behind the write
-- pointer, so read and write addresses always differ. No reset: until DEPTH
-- advances have passed, q is whatever the RAM held.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity fric_delay_ram is
    generic (
        WIDTH : integer := 16;  -- bits carried
        DEPTH : integer := 16   -- stages, >= 3
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        d   : in  std_logic_vector(WIDTH - 1 downto 0);
        q   : out std_logic_vector(WIDTH - 1 downto 0)
    );
end entity fric_delay_ram;

architecture rtl of fric_delay_ram is
    -- the smallest AW with 2^AW >= n (at least 1)
    function addr_bits(n : integer) return integer is
        variable b : integer := 1;
    begin
        for k in 1 to 30 loop
            if 2 ** k < n then b := k + 1; end if;
        end loop;
        return b;
    end function;
    constant AW  : integer := addr_bits(DEPTH - 1);
    constant RP0 : integer := 2 ** AW - (DEPTH - 2);

    type mem_t is array (0 to 2 ** AW - 1) of std_logic_vector(WIDTH - 1 downto 0);
    signal mem           : mem_t;
    signal wp_reg        : unsigned(AW - 1 downto 0) := (others => '0');
    signal rp_reg        : unsigned(AW - 1 downto 0) := to_unsigned(RP0 mod 2 ** AW, AW);
    signal rd_reg, q_reg : std_logic_vector(WIDTH - 1 downto 0);
    attribute ram_style : string;
    attribute ram_style of mem : signal is "block";
begin
    assert DEPTH >= 3 report "fric_delay_ram: DEPTH = " & integer'image(DEPTH) & ", must be >= 3 (use fric_delay)"
        severity failure;

    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                mem(to_integer(wp_reg)) <= d;
                rd_reg <= mem(to_integer(rp_reg));
                q_reg  <= rd_reg;
                wp_reg <= wp_reg + 1;
                rp_reg <= rp_reg + 1;
            end if;
        end if;
    end process;
    q <= q_reg;
end architecture rtl;
