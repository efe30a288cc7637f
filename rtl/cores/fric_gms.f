// SPDX-License-Identifier: Apache-2.0
// fric_gms: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directories rtl/generated,
// rtl/arith and rtl/cores).
rtl/arith/fric_delay.v
rtl/arith/fric_rsr.v
rtl/arith/fric_mul.v
rtl/arith/fric_exp2.v
rtl/arith/fric_word_fits.v
rtl/arith/fric_norm.v
rtl/arith/fric_interp.v
rtl/arith/fric_scale_y.v
rtl/cores/fric_gms.v
