// fric_top: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directory rtl/).
// The board tops add their clock and pin wrapper (rtl/boards/).
rtl/fric_top.v
rtl/fric_spi_wb.v
rtl/fric_regs.v
rtl/fric_tick.v
rtl/fric_qenc.v
rtl/fric_encvel.v
rtl/fric_core_absent.v
rtl/fric_eng.v
rtl/fric_stribeck.v
rtl/fric_spram.v
rtl/fric_delay_ram.v
rtl/fric_lugre.v
rtl/fric_lugre_pipe.v
rtl/fric_lugre_seq.v
rtl/fric_norm.v
rtl/fric_interp.v
rtl/fric_scale_y.v
rtl/fric_word_fits.v
rtl/fric_exp2.v
rtl/fric_mul.v
rtl/fric_rsr.v
rtl/fric_delay.v
