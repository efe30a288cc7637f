# fric_stribeck (VHDL-2008): the file list, in analysis order, that the GHDL
# benches and ghdl --synth read (paths relative to the repository root).
rtl/vhdl/fric_pkg.vhd
rtl/vhdl/fric_tool_pkg.vhd
rtl/vhdl/fric_core_pkg.vhd
rtl/vhdl/fric_delay.vhd
rtl/vhdl/fric_delay_ram.vhd
rtl/vhdl/fric_rsr.vhd
rtl/vhdl/fric_mul.vhd
rtl/vhdl/fric_exp2.vhd
rtl/vhdl/fric_spram.vhd
rtl/vhdl/fric_word_fits.vhd
rtl/vhdl/fric_stribeck.vhd
