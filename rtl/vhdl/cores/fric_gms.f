# SPDX-License-Identifier: Apache-2.0
# fric_gms (VHDL-2008): the file list, in analysis order, that the GHDL
# benches and ghdl --synth read (paths relative to the repository root).
rtl/vhdl/generated/fric_pkg.vhd
rtl/vhdl/arith/fric_tool_pkg.vhd
rtl/vhdl/arith/fric_core_pkg.vhd
rtl/vhdl/arith/fric_delay.vhd
rtl/vhdl/arith/fric_rsr.vhd
rtl/vhdl/arith/fric_mul.vhd
rtl/vhdl/arith/fric_exp2.vhd
rtl/vhdl/arith/fric_word_fits.vhd
rtl/vhdl/arith/fric_norm.vhd
rtl/vhdl/arith/fric_interp.vhd
rtl/vhdl/arith/fric_scale_y.vhd
rtl/vhdl/cores/fric_gms.vhd
