# fric_eng (VHDL-2008, the shared engine of the UP5K image): the file list, in analysis order,
# that the GHDL bench reads (paths relative to the root).
rtl/vhdl/fric_pkg.vhd
rtl/vhdl/fric_core_pkg.vhd
rtl/vhdl/fric_word_fits.vhd
rtl/vhdl/fric_eng_pkg.vhd
rtl/vhdl/fric_eng.vhd
