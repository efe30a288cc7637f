// fric_lugre: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directory rtl/).
rtl/fric_lugre.v
