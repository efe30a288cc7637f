# SPDX-License-Identifier: Apache-2.0
# The AXI4-Lite face of the register map (docs/axi4-lite.md): fric_axil_wb,
# an AXI4-Lite slave in front of fric_regs' Wishbone slave, in Verilog
# (rtl/board/fric_axil_wb.v) and VHDL-2008 (rtl/vhdl/board/fric_axil_wb.vhd).
# Its protocol proof and seeded bugs run with the others (make formal,
# make test-formal: scripts/formal.py, axil_*).
#
#   make test-axil   Verilator lint of the Verilog; GHDL analyses the VHDL and
#                    synthesises it (ghdl --synth) to a netlist that Yosys
#                    proves equivalent to the Verilog, signal for signal, by
#                    induction (equiv_make, equiv_simple, equiv_induct), at
#                    ADR_W 12 and 32 (about 2 s; part of make test)

AXIL_V := rtl/board/fric_axil_wb.v
AXIL_VHDL := rtl/vhdl/generated/fric_regs_pkg.vhd rtl/vhdl/board/fric_axil_wb.vhd

.PHONY: test-axil
test-axil:
	@for a in 12 32; do $(VERILATOR) --lint-only -Wall -Irtl/generated $(VLT) -GADR_W=$$a $(AXIL_V) --top-module fric_axil_wb || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_axil_wb, ADR_W $$a"; done
	@for a in 12 32; do d=$(BUILD)/axil/adr$$a; rm -rf $$d; mkdir -p $$d; \
	  ( cd $$d && for f in $(abspath $(AXIL_VHDL)); do $(GHDL) -a $(GHDL_FLAGS) $$f || exit 1; done && \
	    $(GHDL) --synth $(GHDL_FLAGS) -gADR_W=$$a --out=verilog fric_axil_wb >vhdl.v ) || exit 1; \
	  printf '%s\n' "read_verilog $$d/vhdl.v" "rename fric_axil_wb gate" "read_verilog -Irtl/generated $(AXIL_V)" \
	    "chparam -set ADR_W $$a fric_axil_wb" "rename fric_axil_wb gold" "proc" "opt_clean" \
	    "equiv_make gold gate equiv" "hierarchy -top equiv" "equiv_simple -seq 4" "equiv_induct -seq 4" \
	    "equiv_status -assert" >$$d/equiv.ys; \
	  $(YOSYS) -q -l $$d/equiv.log $$d/equiv.ys >/dev/null || { tail -20 $$d/equiv.log; exit 1; }; \
	  grep -q "Equivalence successfully proven" $$d/equiv.log || { tail -20 $$d/equiv.log; exit 1; }; \
	  echo "ok   fric_axil_wb.vhd equivalent to fric_axil_wb.v (ghdl --synth, yosys equiv_induct), ADR_W $$a"; done

TEST_ALL += test-axil
