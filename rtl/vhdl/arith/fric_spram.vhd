-- SPDX-License-Identifier: Apache-2.0
-- fric_spram: a 16-bit single-port RAM with a registered read, as the
-- iCE40 UP5K SPRAM (SB_SPRAM256KA) behaves; the VHDL-2008 twin of
-- rtl/arith/fric_spram.v: cs = 0 holds dout; a write (cs = 1, we = 1) leaves dout
-- undefined. Synthesis maps it to one SB_SPRAM256KA (fric_tool_pkg);
-- simulation models it with 2^ADDR_W words that start at zero (the SPRAM
-- itself starts undefined), and a write puts a poison value on dout, so a
-- design that wrongly reads dout after a write fails.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_tool_pkg.all;

entity fric_spram is
    generic (
        ADDR_W : integer := 4   -- address bits used (the SPRAM has 14)
    );
    port (
        clk  : in  std_logic;
        cs   : in  std_logic;
        we   : in  std_logic;
        addr : in  std_logic_vector(ADDR_W - 1 downto 0);
        din  : in  std_logic_vector(15 downto 0);
        dout : out std_logic_vector(15 downto 0)
    );
end entity fric_spram;

architecture rtl of fric_spram is
    component SB_SPRAM256KA is
        port (
            ADDRESS    : in  std_logic_vector(13 downto 0);
            DATAIN     : in  std_logic_vector(15 downto 0);
            MASKWREN   : in  std_logic_vector(3 downto 0);
            WREN       : in  std_logic;
            CHIPSELECT : in  std_logic;
            CLOCK      : in  std_logic;
            STANDBY    : in  std_logic;
            SLEEP      : in  std_logic;
            POWEROFF   : in  std_logic;
            DATAOUT    : out std_logic_vector(15 downto 0)
        );
    end component;
begin
    g_prim : if not FRIC_SIMULATION generate
        u_spram : SB_SPRAM256KA
            port map (
                ADDRESS => std_logic_vector(resize(unsigned(addr), 14)), DATAIN => din, MASKWREN => "1111",
                WREN => we, CHIPSELECT => cs, CLOCK => clk, STANDBY => '0', SLEEP => '0', POWEROFF => '1',
                DATAOUT => dout);
    end generate;

    g_model : if FRIC_SIMULATION generate
        type mem_t is array (0 to 2 ** ADDR_W - 1) of std_logic_vector(15 downto 0);
        signal mem      : mem_t := (others => (others => '0'));
        signal dout_reg : std_logic_vector(15 downto 0) := (others => '0');
    begin
        process (clk)
        begin
            if rising_edge(clk) then
                if cs = '1' then
                    if we = '1' then
                        mem(to_integer(unsigned(addr))) <= din;
                        dout_reg <= x"dead";
                    else
                        dout_reg <= mem(to_integer(unsigned(addr)));
                    end if;
                end if;
            end if;
        end process;
        dout <= dout_reg;
    end generate;
end architecture rtl;
