// SPDX-License-Identifier: Apache-2.0
// fric_stribeck: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directories rtl/generated,
// rtl/arith and rtl/cores).
rtl/arith/fric_delay.v
rtl/arith/fric_delay_ram.v
rtl/arith/fric_rsr.v
rtl/arith/fric_mul.v
rtl/arith/fric_exp2.v
rtl/arith/fric_spram.v
rtl/arith/fric_word_fits.v
rtl/cores/fric_stribeck.v
