// fric_stribeck: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directory rtl/).
rtl/fric_delay.v
rtl/fric_delay_ram.v
rtl/fric_rsr.v
rtl/fric_mul.v
rtl/fric_exp2.v
rtl/fric_spram.v
rtl/fric_word_fits.v
rtl/fric_stribeck.v
