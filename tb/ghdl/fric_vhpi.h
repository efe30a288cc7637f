/* SPDX-License-Identifier: Apache-2.0 */
/* fric_vhpi.h: the bridge between a GHDL test bench and C test logic.
 *
 * The VHDL bench (tb_*_ghdl.vhd) owns the clock; the C test logic (the same
 * cmocka files as the Verilator benches, behind their dut_*.h interface)
 * runs as a coroutine beside it, in the shared library the bench's foreign
 * subprograms name (fric_vhpi_pkg.vhd, VHPIDIRECT, GHDL's mcode back end).
 * The test logic asks for one thing at a time, SET (apply these inputs,
 * settle, return the outputs) or TICK (one rising and one falling clock
 * edge), and the VHDL side carries it out and asks for the next: one
 * control transfer each way per request, no threads.
 *
 * VHDL side (foreign): fvh_wait() returns the next request, FVH_SET,
 * FVH_TICK or FVH_DONE (the test logic has returned: exit with
 * fvh_status()); fvh_in(k) reads input word k of a SET; fvh_out(k, v)
 * writes output word k. C side: fric_vhpi_request(). */
#ifndef FRIC_VHPI_H
#define FRIC_VHPI_H

#include <stdint.h>

enum { FVH_DONE = 0, FVH_SET = 1, FVH_TICK = 2 };
enum { FVH_WORDS = 32 };

/** The test logic's entry point (the cmocka main, renamed at build time). */
int tb_main(void);

/** Test side: make a request; for FVH_SET, in[0..nin-1] are the inputs and
 *  out[0..nout-1] receive the outputs. Returns when the VHDL side is done. */
void fric_vhpi_request(int cmd, const int32_t *in, int nin, int32_t *out, int nout);

/* The foreign subprograms (VHDL side). */
int32_t fvh_wait(void);
int32_t fvh_in(int32_t k);
void fvh_out(int32_t k, int32_t v);
int32_t fvh_status(void);

#endif
