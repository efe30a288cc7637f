# SPDX-License-Identifier: Apache-2.0
# fric_ep (VHDL-2008): the file list, in analysis order, that the GHDL bench
# and ghdl --synth read (paths relative to the repository root).
rtl/vhdl/generated/fric_pkg.vhd
rtl/vhdl/arith/fric_core_pkg.vhd
rtl/vhdl/cores/fric_ep.vhd
