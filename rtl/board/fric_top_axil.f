// SPDX-License-Identifier: Apache-2.0
// fric_top_axil: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directories rtl/generated,
// rtl/arith and rtl/cores): fric_top's, with the AXI4-Lite slave in place
// of the SPI bridge.
rtl/arith/fric_delay.v
rtl/arith/fric_delay_ram.v
rtl/arith/fric_rsr.v
rtl/arith/fric_mul.v
rtl/arith/fric_exp2.v
rtl/arith/fric_spram.v
rtl/arith/fric_word_fits.v
rtl/arith/fric_norm.v
rtl/arith/fric_interp.v
rtl/arith/fric_scale_y.v
rtl/cores/fric_stribeck.v
rtl/cores/fric_lugre.v
rtl/cores/fric_eng.v
rtl/board/fric_core_absent.v
rtl/board/fric_qenc.v
rtl/board/fric_encvel.v
rtl/board/fric_tick.v
rtl/board/fric_regs.v
rtl/board/fric_axil_wb.v
rtl/board/fric_top_axil.v
