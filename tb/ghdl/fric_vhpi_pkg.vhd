-- SPDX-License-Identifier: Apache-2.0
-- fric_vhpi_pkg: the foreign subprograms of fric_vhpi.h (VHPIDIRECT), which
-- the GHDL benches call to hand the clock to the C test logic. The LLVM back
-- end (make's benches) links them from the library built for the bench's
-- configuration; the mcode back end loads them from ./libfric_tb.so, the
-- same library, when ghdl -r runs in its directory. Also the
-- benches' conversions between the words of a request and their pins.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

package fric_vhpi_pkg is
    constant FVH_DONE : integer := 0;
    constant FVH_SET  : integer := 1;
    constant FVH_TICK : integer := 2;

    impure function fvh_wait return integer;
    attribute foreign of fvh_wait : function is "VHPIDIRECT ./libfric_tb.so fvh_wait";
    impure function fvh_in(k : integer) return integer;
    attribute foreign of fvh_in : function is "VHPIDIRECT ./libfric_tb.so fvh_in";
    procedure fvh_out(k : integer; v : integer);
    attribute foreign of fvh_out : procedure is "VHPIDIRECT ./libfric_tb.so fvh_out";
    impure function fvh_status return integer;
    attribute foreign of fvh_status : function is "VHPIDIRECT ./libfric_tb.so fvh_status";

    -- the low n bits of an input word
    function bits(v : integer; n : integer) return std_logic_vector;
    function bit1(v : integer) return std_logic;
    -- an output as a word; bits not yet driven to 0 or 1 read as 0
    function int(v : std_logic_vector) return integer;
    function int(v : std_logic) return integer;
end package fric_vhpi_pkg;

package body fric_vhpi_pkg is
    function bits(v : integer; n : integer) return std_logic_vector is
        constant x : std_logic_vector(31 downto 0) := std_logic_vector(to_signed(v, 32));
    begin
        return x(n - 1 downto 0);
    end function;
    function bit1(v : integer) return std_logic is
    begin
        if v /= 0 then return '1'; else return '0'; end if;
    end function;
    function int(v : std_logic_vector) return integer is
    begin
        return to_integer(to_01(unsigned(v), '0'));
    end function;
    function int(v : std_logic) return integer is
    begin
        if v = '1' then return 1; else return 0; end if;
    end function;
    -- the bodies run only if the library was not loaded
    impure function fvh_wait return integer is
    begin
        assert false report "fvh_wait: the foreign library is not loaded" severity failure;
        return FVH_DONE;
    end function;
    impure function fvh_in(k : integer) return integer is
    begin
        assert false report "fvh_in: the foreign library is not loaded" severity failure;
        return 0;
    end function;
    procedure fvh_out(k : integer; v : integer) is
    begin
        assert false report "fvh_out: the foreign library is not loaded" severity failure;
    end procedure;
    impure function fvh_status return integer is
    begin
        assert false report "fvh_status: the foreign library is not loaded" severity failure;
        return 1;
    end function;
end package body fric_vhpi_pkg;
