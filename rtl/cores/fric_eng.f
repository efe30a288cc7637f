// SPDX-License-Identifier: Apache-2.0
// fric_eng: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directories rtl/generated,
// rtl/arith and rtl/cores).
rtl/arith/fric_word_fits.v
rtl/cores/fric_eng.v
