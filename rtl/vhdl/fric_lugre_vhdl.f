# fric_lugre (VHDL-2008, the pipeline and the sequencer): the file list, in analysis order,
# that the GHDL benches and ghdl --synth read (paths relative to the root).
rtl/vhdl/fric_pkg.vhd
rtl/vhdl/fric_tool_pkg.vhd
rtl/vhdl/fric_core_pkg.vhd
rtl/vhdl/fric_delay.vhd
rtl/vhdl/fric_rsr.vhd
rtl/vhdl/fric_mul.vhd
rtl/vhdl/fric_exp2.vhd
rtl/vhdl/fric_word_fits.vhd
rtl/vhdl/fric_norm.vhd
rtl/vhdl/fric_interp.vhd
rtl/vhdl/fric_scale_y.vhd
rtl/vhdl/fric_lugre_pipe.vhd
rtl/vhdl/fric_lugre_seq.vhd
rtl/vhdl/fric_lugre.vhd
