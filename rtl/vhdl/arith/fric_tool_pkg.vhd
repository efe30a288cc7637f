-- SPDX-License-Identifier: Apache-2.0
-- fric_tool_pkg: what the VHDL cores need to know about the tool reading
-- them. FRIC_SIMULATION is true in a simulator and false in synthesis
-- (ghdl --synth drops the text between the translate pragmas), so a core can
-- choose a vendor primitive for synthesis and a model for simulation, as
-- the Verilog cores do with `ifdef SYNTHESIS.
package fric_tool_pkg is
    constant FRIC_SIMULATION : boolean := false
    -- pragma translate_off
        or true
    -- pragma translate_on
    ;
end package fric_tool_pkg;
