// fric_lugre: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directory rtl/).
rtl/fric_lugre.v
rtl/fric_lugre_pipe.v
rtl/fric_lugre_seq.v
rtl/fric_lugre_msq.v
rtl/fric_norm.v
rtl/fric_interp.v
rtl/fric_scale_y.v
rtl/fric_word_fits.v
rtl/fric_exp2.v
rtl/fric_mul.v
rtl/fric_rsr.v
rtl/fric_delay.v
