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
#                    ADR_W 12 and 32; and the Verilator bench tb_axil
#                    (tb/fric_axil/): fric_axil_wb in front of fric_regs
#                    driven with random channel timing against the generated
#                    map; tb_axil_ghdl, the same test logic on the VHDL
#                    fric_axil_wb in GHDL, with the same fric_regs as its
#                    Wishbone slave (Verilated beside it); and a lint of the
#                    second top fric_top_axil (fric_top with the AXI4-Lite
#                    slave in place of SPI) (part of make test)

AXIL_V := rtl/board/fric_axil_wb.v
# the second top: fric_top behind AXI4-Lite instead of SPI
TOP_AXIL_SRCS := $(shell grep -v '^//' rtl/board/fric_top_axil.f)
AXIL_VHDL := rtl/vhdl/generated/fric_regs_pkg.vhd rtl/vhdl/board/fric_axil_wb.vhd

AXIL_TB := $(BUILD)/tb/tb_axil/tb_axil
$(BUILD)/tb/tb_axil/tb.o: tb/fric_axil/tb_axil.c tb/fric_axil/dut_axil.h tb/tb_rng.h cmodel/generated/fricore_regs.h
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -Itb -Itb/fric_axil -Icmodel/generated -c $< -o $@
$(AXIL_TB): $(BUILD)/tb/tb_axil/tb.o tb/fric_axil/dut_axil.cpp tb/fric_axil/tb_axil_harness.v tb/fric_axil/tb_axil_regs.v \
  tb/tb_vl_warn.h rtl/board/fric_axil_wb.v rtl/board/fric_regs.v $(VLT) $(RTL_VH)
	@mkdir -p $(@D) && rm -f $@
	$(call msg,VERILATE,$@) $(VERILATOR) --cc --exe --build -j 2 -Wall -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module tb_axil_harness $(RTL_INC) $(VLT) tb/fric_axil/tb_axil_harness.v \
	  tb/fric_axil/tb_axil_regs.v rtl/board/fric_axil_wb.v rtl/board/fric_regs.v \
	  -Mdir $(BUILD)/tb/tb_axil/obj -o $(abspath $@) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_axil)" -LDFLAGS "-Wl,--no-as-needed -lcmocka" \
	  $(abspath tb/fric_axil/dut_axil.cpp) $(abspath $(BUILD)/tb/tb_axil/tb.o) >$(@D)/verilator.log 2>&1 \
	  || { cat $(@D)/verilator.log; exit 1; }

# The GHDL bench: the VHDL fric_axil_wb under the same test logic
# (tb_axil.c), with the same Wishbone slave (tb_axil_regs.v: fric_regs,
# Verilated with -fPIC into the bench's library and clocked in step with
# GHDL by tb/ghdl/dut_axil_ghdl.cpp). Built with GHDL's LLVM back end, as
# the cores' GHDL benches are (mk/ghdl.mk).
AXIL_GHDL := $(BUILD)/ghdl/tb_axil_ghdl
AXIL_GHDL_VHDL := $(AXIL_VHDL) tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_axil_ghdl.vhd
VL_INC := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
$(AXIL_GHDL)/obj/Vregs__ALL.a: tb/fric_axil/tb_axil_regs.v rtl/board/fric_regs.v $(VLT) $(RTL_VH)
	@mkdir -p $(AXIL_GHDL)
	$(call msg,VERILATE,$@) $(VERILATOR) --cc --build -j 2 -Wall -O3 --x-assign fast --x-initial fast \
	  --prefix Vregs --top-module tb_axil_regs $(RTL_INC) $(VLT) tb/fric_axil/tb_axil_regs.v rtl/board/fric_regs.v \
	  -Mdir $(AXIL_GHDL)/obj -CFLAGS "-fPIC $(VL_TB_CXXFLAGS)" >$(AXIL_GHDL)/verilator.log 2>&1 \
	  || { cat $(AXIL_GHDL)/verilator.log; exit 1; }
	@$(MAKE) --no-print-directory -s -C $(AXIL_GHDL)/obj -f Vregs.mk verilated.o verilated_threads.o >>$(AXIL_GHDL)/verilator.log 2>&1 \
	  || { cat $(AXIL_GHDL)/verilator.log; exit 1; }
$(AXIL_GHDL)/tb.o: tb/fric_axil/tb_axil.c tb/fric_axil/dut_axil.h tb/tb_rng.h cmodel/generated/fricore_regs.h
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -fPIC -Dmain=tb_main -include tb/ghdl/fric_vhpi.h -Itb -Itb/fric_axil -Icmodel/generated -c $< -o $@
$(AXIL_GHDL)/dut.o: tb/ghdl/dut_axil_ghdl.cpp tb/fric_axil/dut_axil.h tb/ghdl/fric_vhpi.h tb/tb_vl_warn.h $(AXIL_GHDL)/obj/Vregs__ALL.a
	$(call msg,CXX,$@) $(CXX) -fPIC $(VL_TB_CXXFLAGS) -I$(AXIL_GHDL)/obj -I$(VL_INC) -I$(VL_INC)/vltstd \
	  -Itb/fric_axil -Itb/ghdl -c $< -o $@
$(AXIL_GHDL)/libfric_tb.so: $(AXIL_GHDL)/tb.o $(AXIL_GHDL)/dut.o $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(AXIL_GHDL)/obj/Vregs__ALL.a
	$(call msg,LD,$@) $(CXX) -shared -o $@ $(AXIL_GHDL)/tb.o $(AXIL_GHDL)/dut.o $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o \
	  $(AXIL_GHDL)/obj/Vregs__ALL.a $(AXIL_GHDL)/obj/verilated.o $(AXIL_GHDL)/obj/verilated_threads.o -lcmocka -lpthread
$(AXIL_GHDL)/tb: $(AXIL_GHDL_VHDL) $(AXIL_GHDL)/libfric_tb.so
	$(call msg,GHDL,$@) $(call ghdl_elab,$(AXIL_GHDL),$(AXIL_GHDL_VHDL),tb_axil_ghdl)

.PHONY: test-axil
test-axil: $(AXIL_TB) $(AXIL_GHDL)/tb
	@$(RUN_TEST) tb_axil $(LOGS)/tb_axil.log $(AXIL_TB)
	@$(RUN_TEST) tb_axil_ghdl $(LOGS)/tb_axil_ghdl.log sh -c 'cd $(AXIL_GHDL) && ./tb $(GHDL_RUN_FLAGS)'
	@for a in 12 32; do $(VERILATOR) --lint-only -Wall -Irtl/generated $(VLT) -GADR_W=$$a $(AXIL_V) --top-module fric_axil_wb || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_axil_wb, ADR_W $$a"; done
	@for g in "-GW=16 -GNUM_AXES=4" "-GW=16 -GNUM_AXES=4 -GOPT_ENGINE=1" "-GW=18 -GNUM_AXES=8 -GST_OPT_FAST=1 -GOPT_LUTRAM=1"; do \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) $$g $(TOP_AXIL_SRCS) --top-module fric_top_axil || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_top_axil, $$g"; done
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
TEST_BUILD += $(AXIL_TB) $(AXIL_GHDL)/tb
