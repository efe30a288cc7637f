// SPDX-License-Identifier: Apache-2.0
// fric_ep: the file list that simulation, lint and synthesis all read
// (paths relative to the repository root; include directories rtl/generated,
// rtl/arith and rtl/cores).
rtl/cores/fric_ep.v
