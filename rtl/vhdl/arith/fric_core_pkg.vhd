-- SPDX-License-Identifier: Apache-2.0
-- fric_core_pkg: what the VHDL cores and their real-valued variants share
-- beyond the generated formats (fric_pkg): the latency of fric_stribeck as a
-- function of its generics (the twin of rtl/cores/fric_stribeck_latency.vh), so
-- that the core and its real variant agree, and three small helpers.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

package fric_core_pkg is
    -- a when c, else b (a conditional constant: VHDL-2008 has no "when" in expressions)
    function pick(c : boolean; a, b : integer) return integer;
    -- '1' when b
    function b2l(b : boolean) return std_logic;
    -- an unsigned vector as an index
    function idx(v : std_logic_vector) return integer;
    -- cycles from the input handshake to m_axis_tvalid, no backpressure
    function fric_stribeck_latency(w : integer; fast : integer) return integer;
end package fric_core_pkg;

package body fric_core_pkg is
    function pick(c : boolean; a, b : integer) return integer is
    begin
        if c then return a; else return b; end if;
    end function;
    function b2l(b : boolean) return std_logic is
    begin
        if b then return '1'; else return '0'; end if;
    end function;
    function idx(v : std_logic_vector) return integer is
    begin
        return to_integer(unsigned(v));
    end function;
    function fric_stribeck_latency(w : integer; fast : integer) return integer is
        variable rs, ls, le, lsg : integer;
    begin
        if fast /= 0 then rs := 3; lsg := 2; else rs := 2; lsg := 1; end if;
        ls := (w + 1) / 2;
        le := ((w - 4) + 1) / 2 + 2 * rs + 2;
        if fast /= 0 then le := le + 2; end if;
        -- input, |v|, square, normalize, rsr, select, scale, shift, rsr, y, exp,
        -- dip product, sign, rsr, magnitude, rsr, saturate, output buffer
        return 1 + 1 + ls + 1 + rs + 1 + 2 + 1 + rs + 1 + le + 2 + lsg + rs + 1 + rs + 1 + 1;
    end function;
end package body fric_core_pkg;
