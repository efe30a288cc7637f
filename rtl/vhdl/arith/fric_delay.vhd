-- SPDX-License-Identifier: Apache-2.0
-- fric_delay: a WIDTH-bit delay line of DEPTH clock-enabled stages; the
-- VHDL-2008 twin of rtl/arith/fric_delay.v (same generics, ports and behaviour).
--
-- Contract: q is d delayed by DEPTH cycles in which ce was high; DEPTH = 0
-- is a wire. No reset: it carries data, not state (valid bits live in the
-- caller, which resets them).
library ieee;
use ieee.std_logic_1164.all;

entity fric_delay is
    generic (
        WIDTH : integer := 1;   -- bits carried
        DEPTH : integer := 1    -- stages, >= 0
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        d   : in  std_logic_vector(WIDTH - 1 downto 0);
        q   : out std_logic_vector(WIDTH - 1 downto 0)
    );
end entity fric_delay;

architecture rtl of fric_delay is
begin
    g_wire : if DEPTH = 0 generate
        q <= d;
    end generate;

    g_regs : if DEPTH > 0 generate
        type pipe_t is array (0 to DEPTH - 1) of std_logic_vector(WIDTH - 1 downto 0);
        signal pipe_reg : pipe_t;
    begin
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    pipe_reg(0) <= d;
                    for k in 1 to DEPTH - 1 loop
                        pipe_reg(k) <= pipe_reg(k - 1);
                    end loop;
                end if;
            end if;
        end process;
        q <= pipe_reg(DEPTH - 1);
    end generate;
end architecture rtl;
