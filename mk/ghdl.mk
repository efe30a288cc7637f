# SPDX-License-Identifier: Apache-2.0
# GHDL benches of the VHDL cores (rtl/vhdl/). The test logic is the same C
# file as the Verilator bench's (tb/fric_stribeck/tb_stribeck.c), built with
# -fPIC into a shared library, libfric_tb.so, that the VHDL bench's foreign
# subprograms name (tb/ghdl/fric_vhpi_pkg.vhd: VHPIDIRECT). The benches are
# compiled with GHDL's LLVM back end (Debian's ghdl-llvm, make deps), which
# links the library into an executable per configuration: it simulates these
# cores about 2.6 times as fast as the mcode back end (Debian's default ghdl,
# still the one that analyses for ghdl --synth below). Each configuration
# lives in its own directory, where the library sits beside the executable.
#
# Each run also runs the Verilator bench of the same configuration with the
# same SWEEP_STRIDE and compares the two pin-stream hashes: the VHDL and the
# Verilog cores then produced identical outputs cycle for cycle.
#
#   make test-ghdl       ten runs, two at a time (part of make test): the
#                        Stribeck sweeps over one code in 1024 / 1024 / 32 / 64
#                        (64 and 256 codes a set at W 16 and W 18, 2048 and
#                        4096 in the real variants) and random traffic of
#                        GHDL_ST_RANDOM_OPS beats a pattern; the LuGre, engine,
#                        elasto-plastic and GMS benches a selection of their
#                        tests (below)
#   make test-ghdl-full  every configuration over every code and every test
#                        (estimated at about an hour on 2 cores; not in make test)

GHDL := ghdl
GHDL_FLAGS := --std=08
GHDL_RUN_FLAGS := --ieee-asserts=disable
# the benches' simulator: analysis and elaboration (-O2) with the LLVM back end
GHDL_SIM := ghdl-llvm
GHDL_SIM_FLAGS := --std=08 -O2
# $(1) the configuration's directory  $(2) the VHDL files  $(3) the bench's
# top: analyses the files and links the bench, with libfric_tb.so, into
# $(1)/tb (found at run time through its rpath)
ghdl_elab = cd $(1) && rm -f *.o *.cf tb && for f in $(abspath $(2)); do $(GHDL_SIM) -a $(GHDL_SIM_FLAGS) $$f || exit 1; done && \
  $(GHDL_SIM) -e $(GHDL_SIM_FLAGS) -o tb -Wl,$(abspath $(1))/libfric_tb.so -Wl,-Wl,-rpath,$(abspath $(1)) $(3)
# make test's random traffic in GHDL: 5,000 operations in the Stribeck runs
# (GHDL_ST_RANDOM_OPS) and 15,000 in the LuGre runs that take it (the lowest
# tb_lugre.c's test_random_traffic accepts is 6,000; the Verilator runs of
# both benches take 60,000)
GHDL_ST_RANDOM_OPS := 5000
GHDL_RANDOM_OPS := 15000
# and 100 parameter loads mid-stream (PARAM_EVENTS; the Verilator runs 400)
GHDL_PARAM_EVENTS := 100
STRIBECK_VHDL := $(shell grep -v '^\#' rtl/vhdl/cores/fric_stribeck.f) rtl/vhdl/sim/fric_stribeck_real.vhd
GHDL_TB_VHDL := tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_stribeck_ghdl.vhd

# position-independent objects of the C model for the shared library
$(BUILD)/pic/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -fPIC -MMD -MP -c $< -o $@
GHDL_PIC_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/obj/%.o) $(BUILD)/pic/obj/cmodel/bench/fric_accuracy.o \
  $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(BUILD)/pic/obj/tb/ghdl/dut_stribeck_ghdl.o
$(BUILD)/pic/obj/tb/ghdl/%.o: CFLAGS += -Itb/fric_stribeck -Itb/ghdl
$(BUILD)/pic/obj/cmodel/src/fric_fx.o $(BUILD)/pic/obj/cmodel/generated/fric_fx_tables.o $(BUILD)/pic/obj/cmodel/src/fric_status.o: CFLAGS += -mgeneral-regs-only

# $(1) name  $(2) W  $(3) OPT_FABRIC  $(4) REAL (0/1)  $(5) OPT_FAST  $(6) further -g generics
# $(7) SWEEP_STRIDE in make test  $(8) the Verilator bench of the same configuration
define ghdl_stribeck
$(BUILD)/ghdl/$(1)/tb.o: tb/fric_stribeck/tb_stribeck.c tb/fric_stribeck/dut_stribeck.h tb/ghdl/fric_vhpi.h tb/tb_pins.h tb/tb_speed.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(TB_CFLAGS) -Itb/ghdl -fPIC -DTB_GHDL -Dmain=tb_main -DTB_W=$(2) -DTB_FABRIC=$(3) -DTB_REAL=$(4) \
	  -DTB_FAST=$(5) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/ghdl/$(1)/libfric_tb.so: $(BUILD)/ghdl/$(1)/tb.o $(GHDL_PIC_OBJS)
	$$(call msg,LD,$$@) $(CC) -shared -o $$@ $$^ -lcmocka $(LDLIBS)
$(BUILD)/ghdl/$(1)/tb: $(STRIBECK_VHDL) $(GHDL_TB_VHDL) $(BUILD)/ghdl/$(1)/libfric_tb.so
	$$(call msg,GHDL,$$@) $$(call ghdl_elab,$(BUILD)/ghdl/$(1),$(STRIBECK_VHDL) $(GHDL_TB_VHDL),tb_stribeck_ghdl)
.PHONY: run-$(1)
run-$(1): $(BUILD)/ghdl/$(1)/tb $(8)
	@SWEEP_STRIDE=$$(or $$(STRIDE),$(7)) $$(if $$(SOAK),SOAK=$$(SOAK) TEST=test_soak,$$(if $$(FULL),,RANDOM_OPS=$(GHDL_ST_RANDOM_OPS) PARAM_EVENTS=$(GHDL_PARAM_EVENTS))) \
	  $(RUN_TEST) $(1) $(LOGS)/$$(RUN_TAG)$(1).log scripts/ghdl_run.sh $(1) $(BUILD)/ghdl/$(1) "$$(RUN_TAG)" $(8) \
	  ./tb -gW=$(2) -gOPT_FABRIC=$(3) -gREAL_VARIANT=$(4) -gOPT_FAST=$(5) $(6) $(GHDL_RUN_FLAGS)
GHDL_RUNS += run-$(1)
endef

GHDL_RUNS :=
$(eval $(call ghdl_stribeck,tb_stribeck_ghdl_w16,16,1,0,0,-gOPT_SPRAM=1 -gOPT_RAM_DELAY=1,1024,$(BUILD)/tb/tb_stribeck_w16/tb_stribeck_w16))
$(eval $(call ghdl_stribeck,tb_stribeck_ghdl_w18,18,0,0,1,,1024,$(BUILD)/tb/tb_stribeck_w18/tb_stribeck_w18))
$(eval $(call ghdl_stribeck,tb_stribeck_ghdl_real_w16,16,1,1,0,,32,$(BUILD)/tb/tb_stribeck_real_w16/tb_stribeck_real_w16))
$(eval $(call ghdl_stribeck,tb_stribeck_ghdl_real_w18,18,0,1,1,,64,$(BUILD)/tb/tb_stribeck_real_w18/tb_stribeck_real_w18))


# Synthesis of the VHDL cores: ghdl --synth elaborates each with the
# generics of its Verilog run and writes Verilog (the black-box stubs it
# emits for the vendor primitives are dropped and their string generics
# restored, scripts/ghdl_netlist.py), which Yosys and nextpnr then take through the same harness as
# the Verilog core (with the parameter overrides removed from its instance:
# the netlist is already elaborated). GHDL 2.0's synthesis drops VHDL
# attributes, so the script marks as logic the same memories the Verilog
# marks with ram_style: the field memories, and the exp2 ROM when RS = 3.
# Records: synth.json with "lang": "vhdl"; docs/results/synth.md compares
# them with the Verilog runs.
#
#   make synth-vhdl   the Stribeck core on both targets, the LuGre core on
#                     the ECP5 and the engine on the UP5K (part of make synth)
# $(1) run  $(2) core (stribeck, lugre, eng)  $(3) the generics, as name=value  $(4) memories to mark as
# logic  $(5) yosys synth command  $(6) nextpnr command  $(7) memories to mark no_rw_check
# The VHDL runs place and route at 90 % of the Verilog run's target clock:
# the check is an Fmax within 10 % of the Verilog core's, and a run that
# misses that fails the build. The measured Fmax of both, and their ratio,
# are in docs/results/synth.md.
vhdl_mhz = $(shell awk 'BEGIN { print $(1) * 0.9 }')
define vhdl_synth_run
$(SYNTH)/$(1)/fric_$(2).v: $(shell grep -v '^\#' rtl/vhdl/cores/fric_$(2).f) scripts/ghdl_netlist.py
	@mkdir -p $$(@D) && rm -f $$(@D)/*.cf
	$$(call msg,GHDL,$$@) cd $$(@D) && for f in $$(abspath $$(filter %.vhd,$$^)); do $(GHDL) -a $(GHDL_FLAGS) $$$$f || exit 1; done
	$$(Q)cd $$(@D) && $(GHDL) --synth $(GHDL_FLAGS) $(addprefix -g,$(3)) --out=verilog fric_$(2) >netlist.v 2>ghdl_synth.log \
	  || { grep -v -e 'not bound' -e 'unhandled attribute' ghdl_synth.log; exit 1; }
	$$(Q)python3 scripts/ghdl_netlist.py $$(@D)/netlist.v $$@
$(SYNTH)/$(1)/harness.v: rtl/synth/fric_$(2)_harness.v
	@mkdir -p $$(@D)
	$$(call msg,SED,$$@) sed 's/fric_$(2) #(.*) u_core/fric_$(2) u_core/' $$< >$$@
	@grep -q 'fric_$(2) u_core' $$@ || { echo "FAIL $$@: the core instance was not found"; exit 1; }
$(SYNTH)/$(1)/synth.json: $(SYNTH)/$(1)/fric_$(2).v $(SYNTH)/$(1)/harness.v
	@printf '%s\n' \
	  'read_verilog -defer $(RTL_INC) $(SYNTH)/$(1)/fric_$(2).v $(SYNTH)/$(1)/harness.v' \
	  'chparam $(foreach g,$(3),-set $(subst =, ,$(g))) fric_$(2)_harness' \
	  'hierarchy -top fric_$(2)_harness' \
	  $(if $(4),'setattr -set ram_style "logic" $(4)') \
	  $(if $(7),'setattr -set no_rw_check 1 $(7)') \
	  '$(5) -top fric_$(2)_harness -json $$@' \
	  'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json
	$$(call msg,PNR,$$@) $(6) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef
$(eval $(call vhdl_synth_run,stribeck_vhdl_ecp5,stribeck,W=18 OPT_FABRIC=0 OPT_FAST=1 OPT_ECP5_DSP=1 OPT_SPRAM=0 OPT_RAM_DELAY=0,m:mem_* fric_exp2*/m:*,synth_ecp5,$(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(call vhdl_mhz,$(STRIBECK_ECP5_MHZ)) --textcfg $(SYNTH)/stribeck_vhdl_ecp5/out.config))
$(eval $(call vhdl_synth_run,stribeck_vhdl_up5k,stribeck,W=16 OPT_FABRIC=1 OPT_FAST=0 OPT_ECP5_DSP=0 OPT_SPRAM=1 OPT_RAM_DELAY=1,m:mem_*,synth_ice40 -dsp,$(NEXTPNR_ICE40) --up5k --package sg48 --freq $(call vhdl_mhz,$(STRIBECK_UP5K_MHZ)) --pcf-allow-unconstrained --asc $(SYNTH)/stribeck_vhdl_up5k/out.asc))
$(eval $(call vhdl_synth_run,lugre_vhdl_ecp5,lugre,W=18 OPT_FAST=1 OPT_ECP5_DSP=1,fric_exp2*/m:* fric_interp*/m:*,synth_ecp5,$(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(call vhdl_mhz,$(LUGRE_ECP5_MHZ)) --textcfg $(SYNTH)/lugre_vhdl_ecp5/out.config))
$(SYNTH)/lugre_vhdl_ecp5/rate.txt: $(SYNTH)/lugre_ecp5/rate.txt
	$(call msg,CP,$@) cp $< $@
# the shared engine on the UP5K, against the Verilog run eng_up5k; GHDL drops
# the Verilog's no_rw_check on the register file and parameter memory, so
# the script sets it (no address is read in the clock that writes it)
$(eval $(call vhdl_synth_run,eng_vhdl_up5k,eng,NUM_AXES=4,,synth_ice40 -dsp,$(NEXTPNR_ICE40) --up5k --package sg48 --freq $(call vhdl_mhz,$(ENG_UP5K_MHZ)) --pcf-allow-unconstrained --asc $(SYNTH)/eng_vhdl_up5k/out.asc,m:rfa m:rfb m:par))
$(SYNTH)/eng_vhdl_up5k/rate.txt: $(SYNTH)/eng_up5k/rate.txt
	$(call msg,CP,$@) cp $< $@
.PHONY: synth-vhdl
synth-vhdl: $(SYNTH)/stribeck_vhdl_ecp5/pnr.log $(SYNTH)/stribeck_vhdl_up5k/pnr.log $(SYNTH)/lugre_vhdl_ecp5/pnr.log \
  $(SYNTH)/lugre_vhdl_ecp5/rate.txt \
  $(SYNTH)/eng_vhdl_up5k/pnr.log $(SYNTH)/eng_vhdl_up5k/rate.txt
# make synth only (about 2.5 minutes of CPU for the Stribeck twin, 5 for the
# LuGre one); make test simulates the same ghdl --synth netlists against the
# C model (make test-vhdl-netlist, below)
.PHONY: synth-vhdl-stribeck
synth-vhdl-stribeck: $(SYNTH)/stribeck_vhdl_ecp5/pnr.log $(SYNTH)/stribeck_vhdl_up5k/pnr.log
SYNTH_ALL += synth-vhdl
# The GHDL soak (not in make test): 10^6 random samples over all axes
# through each VHDL core: the Stribeck core (W 16, the iCE40 one) and the
# LuGre core (W 16), every beat bit-exact with the C model (for LuGre the
# state bound checked at every sample), and the same run through the
# Verilog core with the same pin stream. About 2 hours, nearly all of it the
# LuGre run (GHDL simulates the LuGre core at about 600 cycles/s).
# The logs are soak-ghdl.log and soak-verilator.log in each run's directory
# (RUN_TAG), beside those of make test's runs.
GHDL_SOAK_N ?= 1e6
.PHONY: soak-ghdl
soak-ghdl: $(BUILD)/ghdl/tb_lugre_ghdl_w16/tb $(BUILD)/tb/tb_lugre_w16/tb_lugre_w16 \
           $(BUILD)/ghdl/tb_stribeck_ghdl_w16/tb $(BUILD)/tb/tb_stribeck_w16/tb_stribeck_w16
	@$(MAKE) --no-print-directory run-tb_stribeck_ghdl_w16 SOAK=$(GHDL_SOAK_N) RUN_TAG=soak-
	@$(MAKE) --no-print-directory run-tb_lugre_ghdl_w16 SOAK=$(GHDL_SOAK_N) RUN_TAG=soak-

# ---- the synthesized VHDL, simulated ------------------------------------------
# ghdl --synth's Verilog netlist of each VHDL core (after scripts/ghdl_netlist.py,
# as the synthesis runs read it), Verilated with the core's own C bench: every
# output beat bit-exact with the C model, and, where the Verilator bench of the
# same configuration exists, the same pin stream. Configurations without vendor
# primitives (OPT_ECP5_DSP 0, OPT_SPRAM 0), so no cell models are needed; the
# engine's is the very netlist of its UP5K synthesis run. It catches GHDL
# 2.0's Verilog writer losing the sign of arithmetic shifts and writing
# constants as ASCII strings (both repaired by scripts/ghdl_netlist.py).
# $(1) name  $(2) core  $(3) generics  $(4) the C bench's tb.o (its directory name)  $(5) TEST
# $(6) the Verilator bench of the same configuration, for the pin stream (or empty)
# The C++ glue is tb/fric_<core>/dut_<core>.cpp, or NETSIM_GLUE_<core> for a
# core on another's ports (fric_gms has fric_lugre's)
netsim_glue = $(or $(NETSIM_GLUE_$(1)),tb/fric_$(1)/dut_$(1).cpp)
NETSIM_GLUE_gms := tb/fric_lugre/dut_lugre.cpp
NETSIM_GLUE_ep := tb/fric_lugre/dut_lugre.cpp
define vhdl_netlist_run
$(BUILD)/netsim/$(1)/fric_$(2).v: $(shell grep -v '^\#' rtl/vhdl/cores/fric_$(2).f) scripts/ghdl_netlist.py
	@rm -rf $$(@D) && mkdir -p $$(@D)
	$$(call msg,GHDL,$$@) cd $$(@D) && for f in $$(abspath $$(filter %.vhd,$$^)); do $(GHDL) -a $(GHDL_FLAGS) $$$$f || exit 1; done
	$$(Q)cd $$(@D) && $(GHDL) --synth $(GHDL_FLAGS) $(addprefix -g,$(3)) --out=verilog fric_$(2) >netlist.v 2>ghdl_synth.log \
	  || { grep -v -e 'not bound' -e 'unhandled attribute' ghdl_synth.log; exit 1; }
	$$(Q)python3 scripts/ghdl_netlist.py $$(@D)/netlist.v $$@
$(BUILD)/netsim/$(1)/tb: $(BUILD)/netsim/$(1)/fric_$(2).v $(BUILD)/tb/$(4)/tb.o $(call netsim_glue,$(2)) tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(ACC_OBJ) $(LIB)
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wno-fatal -Wno-lint -Wno-style $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_$(2) $$< -Mdir $(BUILD)/netsim/$(1)/obj -o $$(abspath $$@) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath $(dir $(call netsim_glue,$(2))))" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath $(call netsim_glue,$(2))) $(abspath $(BUILD)/tb/$(4)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) \
	  >$(BUILD)/netsim/$(1)/verilator.log 2>&1 || { tail -20 $(BUILD)/netsim/$(1)/verilator.log; exit 1; }
.PHONY: netsim-$(1)
netsim-$(1): TEST_RUN = $$(or $$(NETSIM_TEST),$(5))
netsim-$(1): $(BUILD)/netsim/$(1)/tb $(6) $(STIM_FILES)
	@echo "== $(1): the ghdl --synth netlist of fric_$(2) ($(3)), TEST=$$(TEST_RUN)"
	@STIM_DIR=$(STIM_DIR) TEST='$$(TEST_RUN)' $$< >$(BUILD)/netsim/$(1)/run.log 2>&1 \
	  || { tail -20 $(BUILD)/netsim/$(1)/run.log; echo "FAIL $(1): the VHDL netlist"; exit 1; }
	@grep -E 'bit-exact|beats checked|samples compared' $(BUILD)/netsim/$(1)/run.log | head -3
	@$$(if $(6),STIM_DIR=$(STIM_DIR) TEST='$$(TEST_RUN)' $(6) >$(BUILD)/netsim/$(1)/rtl.log 2>&1; \
	  v=$$$$(sed -n 's/^.*: pin stream hash //p' $(BUILD)/netsim/$(1)/rtl.log | tr '\n' ' '); \
	  g=$$$$(sed -n 's/^.*: pin stream hash //p' $(BUILD)/netsim/$(1)/run.log | tr '\n' ' '); \
	  if [ -n "$$$$v" ] && [ "$$$$v" = "$$$$g" ]; then echo "ok   $(1): netlist and Verilog RTL pin streams identical ($$$$g)"; \
	  else echo "FAIL $(1): the netlist's pin stream ($$$$g) differs from the Verilog RTL's ($$$$v)"; exit 1; fi, \
	  echo "ok   $(1): bit-exact with the C model")
NETSIM_RUNS += netsim-$(1)
NETSIM_DEPS += $(6)
endef
NETSIM_RUNS :=
NETSIM_DEPS :=
# the benches of netsim runs $(1)
netsim_tbs = $(foreach r,$(1),$(BUILD)/netsim/$(r:netsim-%=%)/tb)
$(eval $(call vhdl_netlist_run,lugre_w16,lugre,W=16 OPT_FAST=0 OPT_ECP5_DSP=0,tb_lugre_w16,test_random_traffic,$(BUILD)/tb/tb_lugre_w16/tb_lugre_w16))
$(eval $(call vhdl_netlist_run,lugre_w18,lugre,W=18 OPT_FAST=1 OPT_ECP5_DSP=0,tb_lugre_w18,test_random_traffic,$(BUILD)/tb/tb_lugre_w18/tb_lugre_w18))
$(eval $(call vhdl_netlist_run,stribeck_w16,stribeck,W=16 NUM_AXES=8 OPT_FABRIC=1 OPT_FAST=0 OPT_ECP5_DSP=0 OPT_SPRAM=0 OPT_RAM_DELAY=1,tb_stribeck_w16,test_random*,))
$(eval $(call vhdl_netlist_run,eng_ax4,eng,NUM_AXES=4,tb_eng_ax4,test_c*,$(BUILD)/tb/tb_eng_ax4/tb_eng_ax4))
$(eval $(call vhdl_netlist_run,stribeck_w18,stribeck,W=18 NUM_AXES=8 OPT_FABRIC=0 OPT_FAST=1 OPT_ECP5_DSP=0 OPT_SPRAM=0 OPT_RAM_DELAY=0,tb_stribeck_w18,test_random*,$(BUILD)/tb/tb_stribeck_w18/tb_stribeck_w18))
.PHONY: test-vhdl-netlist
# GHDL 2.0's Verilog writer drops the default of a multiplexer, so a 'when
# others' branch of the synthesizable VHDL is lost from its netlist unless it
# only covers a vector's metavalues (marked so in the source)
test-vhdl-netlist: $(call netsim_tbs,$(NETSIM_RUNS)) $(NETSIM_DEPS) $(STIM_FILES)
	@bad=$$(grep -rnE --include='*.vhd' '^\s*when others' rtl/vhdl/cores rtl/vhdl/arith rtl/vhdl/board rtl/vhdl/generated | grep -v 'metavalues only' || true); \
	  if [ -n "$$bad" ]; then echo "$$bad"; echo "FAIL 'when others' in synthesizable VHDL: ghdl --synth's Verilog loses that branch; name every choice"; exit 1; fi; \
	  echo "ok   no 'when others' branch in the synthesizable VHDL but metavalues"
	@$(MAKE) --no-print-directory $(NETSIM_RUNS)
TEST_ALL += test-vhdl-netlist

synth-report: $(SYNTH)/stribeck_vhdl_ecp5/pnr.log $(SYNTH)/stribeck_vhdl_up5k/pnr.log $(SYNTH)/lugre_vhdl_ecp5/pnr.log \
  $(SYNTH)/lugre_vhdl_ecp5/rate.txt \
  $(SYNTH)/eng_vhdl_up5k/pnr.log $(SYNTH)/eng_vhdl_up5k/rate.txt

# ---- fric_lugre (the pipeline) and its real variant ----------------------------
LUGRE_VHDL := $(shell grep -v '^\#' rtl/vhdl/cores/fric_lugre.f) rtl/vhdl/sim/fric_lugre_real.vhd
GHDL_LUGRE_TB_VHDL := tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_lugre_ghdl.vhd
GHDL_LUGRE_PIC_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/obj/%.o) $(BUILD)/pic/obj/cmodel/bench/fric_accuracy.o \
  $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(BUILD)/pic/obj/tb/ghdl/dut_lugre_ghdl.o

# $(1) name  $(2) W  $(3) REAL (0/1)  $(4) OPT_FAST  $(5) the Verilator bench of the same configuration
# $(6) the tests (a TEST pattern) in make test; test-ghdl-full runs them all (FULL=1), with the
# stability test at 4 of its 40 sample times (STAB_RUNS=4: 7.6 M cycles are hours in GHDL)
define ghdl_lugre
$(BUILD)/ghdl/$(1)/tb.o: tb/fric_lugre/tb_lugre.c tb/fric_lugre/dut_lugre.h tb/ghdl/fric_vhpi.h tb/tb_pins.h tb/tb_speed.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(LUGRE_TB_CFLAGS) -Itb/ghdl -fPIC -DTB_GHDL -Dmain=tb_main -DTB_W=$(2) -DTB_REAL=$(3) \
	  -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/ghdl/$(1)/libfric_tb.so: $(BUILD)/ghdl/$(1)/tb.o $(GHDL_LUGRE_PIC_OBJS)
	$$(call msg,LD,$$@) $(CC) -shared -o $$@ $$^ -lcmocka $(LDLIBS)
$(BUILD)/ghdl/$(1)/tb: $(LUGRE_VHDL) $(GHDL_LUGRE_TB_VHDL) $(BUILD)/ghdl/$(1)/libfric_tb.so
	$$(call msg,GHDL,$$@) $$(call ghdl_elab,$(BUILD)/ghdl/$(1),$(LUGRE_VHDL) $(GHDL_LUGRE_TB_VHDL),tb_lugre_ghdl)
.PHONY: run-$(1)
run-$(1): $(BUILD)/ghdl/$(1)/tb $(5) $(STIM_FILES)
	@STIM_DIR=$(abspath $(STIM_DIR)) $$(if $$(SOAK),SOAK=$$(SOAK) TEST=test_soak,$$(if $$(FULL),STAB_RUNS=4,TEST='$(6)' RANDOM_OPS=$(GHDL_RANDOM_OPS))) \
	  $(RUN_TEST) $(1) $(LOGS)/$$(RUN_TAG)$(1).log scripts/ghdl_run.sh $(1) $(BUILD)/ghdl/$(1) "$$(RUN_TAG)" $(5) \
	  ./tb -gW=$(2) -gREAL_VARIANT=$(3) -gOPT_FAST=$(4) $(GHDL_RUN_FLAGS)
GHDL_RUNS += run-$(1)
endef
# make test: the core at W 16 (OPT_FAST 0) and in the ULX3S configuration
# (W 18, OPT_FAST): the cfg word edges and a commit across a reset
# ('test_c*': two tests, so also the power-up return between tests; their
# random traffic and the accuracy traces run on their ghdl --synth
# netlists, test-vhdl-netlist, and in test-ghdl-full); the real variants the
# accuracy traces and the tests with an o in their names
$(eval $(call ghdl_lugre,tb_lugre_ghdl_w16,16,0,0,$(BUILD)/tb/tb_lugre_w16/tb_lugre_w16,test_c*))
$(eval $(call ghdl_lugre,tb_lugre_ghdl_w18,18,0,1,$(BUILD)/tb/tb_lugre_w18/tb_lugre_w18,test_c*))
$(eval $(call ghdl_lugre,tb_lugre_ghdl_real_w16,16,1,1,$(BUILD)/tb/tb_lugre_real_w16/tb_lugre_real_w16,test_acc*))
$(eval $(call ghdl_lugre,tb_lugre_ghdl_real_w18,18,1,1,$(BUILD)/tb/tb_lugre_real_w18/tb_lugre_real_w18,test_*o*))

# ---- fric_eng (the shared engine of the UP5K image) ----------------------------
ENG_VHDL := $(shell grep -v '^\#' rtl/vhdl/cores/fric_eng.f)
GHDL_ENG_TB_VHDL := tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_eng_ghdl.vhd
GHDL_ENG_PIC_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/obj/%.o) $(BUILD)/pic/obj/cmodel/bench/fric_accuracy.o \
  $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(BUILD)/pic/obj/tb/ghdl/dut_eng_ghdl.o
$(BUILD)/pic/obj/tb/ghdl/dut_eng_ghdl.o: CFLAGS += -Itb/fric_eng

# $(1) name  $(2) NUM_AXES  $(3) the Verilator bench of the same configuration  $(4) the tests (a TEST
# pattern) in make test  $(5) RANDOM_OPS in make test (test-ghdl-full runs every test at the C bench's counts)
define ghdl_eng
$(BUILD)/ghdl/$(1)/tb.o: tb/fric_eng/tb_eng.c tb/fric_eng/dut_eng.h tb/ghdl/fric_vhpi.h tb/tb_pins.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_eng -Itb/ghdl -fPIC -DTB_GHDL -Dmain=tb_main -DTB_NAX=$(2) -DTB_QUICK=0 \
	  -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/ghdl/$(1)/libfric_tb.so: $(BUILD)/ghdl/$(1)/tb.o $(GHDL_ENG_PIC_OBJS)
	$$(call msg,LD,$$@) $(CC) -shared -o $$@ $$^ -lcmocka $(LDLIBS)
$(BUILD)/ghdl/$(1)/tb: $(ENG_VHDL) $(GHDL_ENG_TB_VHDL) $(BUILD)/ghdl/$(1)/libfric_tb.so
	$$(call msg,GHDL,$$@) $$(call ghdl_elab,$(BUILD)/ghdl/$(1),$(ENG_VHDL) $(GHDL_ENG_TB_VHDL),tb_eng_ghdl)
.PHONY: run-$(1)
run-$(1): $(BUILD)/ghdl/$(1)/tb $(3)
	@$$(if $$(SOAK),SOAK=$$(SOAK) TEST=test_soak,$$(if $$(FULL),,TEST='$(4)' RANDOM_OPS=$(5))) \
	  $(RUN_TEST) $(1) $(LOGS)/$$(RUN_TAG)$(1).log scripts/ghdl_run.sh $(1) $(BUILD)/ghdl/$(1) "$$(RUN_TAG)" $(3) \
	  ./tb -gNUM_AXES=$(2) $(GHDL_RUN_FLAGS)
GHDL_RUNS += run-$(1)
endef
$(eval $(call ghdl_eng,tb_eng_ghdl_ax4,4,$(BUILD)/tb/tb_eng_ax4/tb_eng_ax4,test_r*,1000))

# ---- fric_gms (the generalized Maxwell-slip core, elements time-multiplexed) ----
GMS_VHDL := $(shell grep -v '^\#' rtl/vhdl/cores/fric_gms.f)
GHDL_GMS_TB_VHDL := tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_gms_ghdl.vhd
GHDL_GMS_PIC_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/obj/%.o) $(BUILD)/pic/obj/cmodel/bench/fric_accuracy.o \
  $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(BUILD)/pic/obj/tb/ghdl/dut_gms_ghdl.o
# fric_gms and fric_ep have fric_lugre's ports (fric_gms a wider cfg_addr):
# their C glue is dut_lugre_ghdl.c, built for each bench's axes and the
# words of its set
$(BUILD)/pic/obj/tb/ghdl/dut_gms_ghdl.o: DUT_DEFS := -DDUT_NUM_AXES=8 -DDUT_WORDS=FRIC_FX_WORDS_GMS
$(BUILD)/pic/obj/tb/ghdl/dut_ep_ghdl.o: DUT_DEFS := -DDUT_NUM_AXES=4 -DDUT_WORDS=FRIC_FX_WORDS_EP
$(BUILD)/pic/obj/tb/ghdl/dut_gms_ghdl.o $(BUILD)/pic/obj/tb/ghdl/dut_ep_ghdl.o: tb/ghdl/dut_lugre_ghdl.c
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -fPIC -MMD -MP $(DUT_DEFS) -c $< -o $@

# $(1) name  $(2) W  $(3) OPT_FAST  $(4) OPT_FABRIC  $(5) TB_LAT0 (as the Verilator bench's, mk/tb.mk)
# $(6) the Verilator bench of the same configuration  $(7) the tests (a TEST pattern) in make test
# $(8) RANDOM_OPS in make test (test-ghdl-full runs every test at the C bench's counts)
define ghdl_gms
$(BUILD)/ghdl/$(1)/tb.o: tb/fric_gms/tb_gms.c tb/fric_lugre/dut_lugre.h tb/ghdl/fric_vhpi.h tb/tb_pins.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(GMS_TB_CFLAGS) -Itb/ghdl -fPIC -DTB_GHDL -Dmain=tb_main -DTB_W=$(2) -DTB_LAT0=$(5) \
	  -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/ghdl/$(1)/libfric_tb.so: $(BUILD)/ghdl/$(1)/tb.o $(GHDL_GMS_PIC_OBJS)
	$$(call msg,LD,$$@) $(CC) -shared -o $$@ $$^ -lcmocka $(LDLIBS)
$(BUILD)/ghdl/$(1)/tb: $(GMS_VHDL) $(GHDL_GMS_TB_VHDL) $(BUILD)/ghdl/$(1)/libfric_tb.so
	$$(call msg,GHDL,$$@) $$(call ghdl_elab,$(BUILD)/ghdl/$(1),$(GMS_VHDL) $(GHDL_GMS_TB_VHDL),tb_gms_ghdl)
.PHONY: run-$(1)
run-$(1): $(BUILD)/ghdl/$(1)/tb $(6)
	@$$(if $$(FULL),,TEST='$(7)' RANDOM_OPS=$(8)) \
	  $(RUN_TEST) $(1) $(LOGS)/$$(RUN_TAG)$(1).log scripts/ghdl_run.sh $(1) $(BUILD)/ghdl/$(1) "$$(RUN_TAG)" $(6) \
	  ./tb -gW=$(2) -gOPT_FAST=$(3) -gOPT_FABRIC=$(4) $(GHDL_RUN_FLAGS)
GHDL_RUNS += run-$(1)
endef
# make test: the UP5K configuration (W 16, two-stage shifts, the shared
# part's products in fabric) and the ECP5 one (W 18, OPT_FAST, DSP), each
# with random traffic of GMS_GHDL_RANDOM_OPS operations (samples, cfg words,
# commits, state and core resets, flag clears, with gaps and backpressure)
GMS_GHDL_RANDOM_OPS := 300
$(eval $(call ghdl_gms,tb_gms_ghdl_w16,16,0,1,121,$(BUILD)/tb/tb_gms_w16/tb_gms_w16,test_random*,$(GMS_GHDL_RANDOM_OPS)))
$(eval $(call ghdl_gms,tb_gms_ghdl_w18,18,1,0,110,$(BUILD)/tb/tb_gms_w18/tb_gms_w18,test_random*,$(GMS_GHDL_RANDOM_OPS)))
test-ghdl: $(BUILD)/tb/tb_gms_w18/tb_gms_w18
test-ghdl-full: $(GMS_TB_BINS)
# the ghdl --synth netlist of fric_gms (the ECP5 configuration without vendor
# primitives), Verilated with tb_gms.c's random traffic: bit-exact with the C
# model and the Verilog RTL's pin stream. Its own target, not in make test
# (Verilating the netlist takes minutes): make test-vhdl-netlist-gms
$(eval $(call vhdl_netlist_run,gms_w18,gms,W=18 OPT_FAST=1 OPT_FABRIC=0 OPT_ECP5_DSP=0,tb_gms_w18,test_random*,$(BUILD)/tb/tb_gms_w18/tb_gms_w18))
NETSIM_RUNS := $(filter-out netsim-gms_w18,$(NETSIM_RUNS))
NETSIM_DEPS := $(filter-out $(BUILD)/tb/tb_gms_w18/tb_gms_w18,$(NETSIM_DEPS))
.PHONY: test-vhdl-netlist-gms
test-vhdl-netlist-gms: netsim-gms_w18
# ---- fric_ep (the sequential elasto-plastic core) ------------------------------
# The C test logic of the Verilator bench (tb/fric_ep/tb_ep.c) drives the
# VHDL core through tb_ep_ghdl.vhd; fric_ep has fric_lugre's ports, so the C
# glue is dut_lugre_ghdl.c, built for the bench's 4 axes and the 25 words of
# the elasto-plastic set.
EP_VHDL := $(shell grep -v '^\#' rtl/vhdl/cores/fric_ep.f)
GHDL_EP_TB_VHDL := tb/ghdl/fric_vhpi_pkg.vhd tb/ghdl/tb_ep_ghdl.vhd
GHDL_EP_PIC_OBJS := $(LIB_SRCS:%.c=$(BUILD)/pic/obj/%.o) $(BUILD)/pic/obj/cmodel/bench/fric_accuracy.o \
  $(BUILD)/pic/obj/tb/ghdl/fric_vhpi.o $(BUILD)/pic/obj/tb/ghdl/dut_ep_ghdl.o
# (dut_ep_ghdl.o's rule is beside the GMS bench's, above)

# $(1) name  $(2) W  $(3) the Verilator bench of the same configuration  $(4) the tests (a TEST
# pattern) in make test  $(5) RANDOM_OPS in make test (test-ghdl-full runs every test at the C
# bench's counts)
define ghdl_ep
$(BUILD)/ghdl/$(1)/tb.o: tb/fric_ep/tb_ep.c tb/fric_lugre/dut_lugre.h tb/ghdl/fric_vhpi.h tb/tb_pins.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_lugre -Itb/ghdl -fPIC -DTB_GHDL -Dmain=tb_main -DTB_W=$(2) \
	  -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/ghdl/$(1)/libfric_tb.so: $(BUILD)/ghdl/$(1)/tb.o $(GHDL_EP_PIC_OBJS)
	$$(call msg,LD,$$@) $(CC) -shared -o $$@ $$^ -lcmocka $(LDLIBS)
$(BUILD)/ghdl/$(1)/tb: $(EP_VHDL) $(GHDL_EP_TB_VHDL) $(BUILD)/ghdl/$(1)/libfric_tb.so
	$$(call msg,GHDL,$$@) $$(call ghdl_elab,$(BUILD)/ghdl/$(1),$(EP_VHDL) $(GHDL_EP_TB_VHDL),tb_ep_ghdl)
.PHONY: run-$(1)
run-$(1): $(BUILD)/ghdl/$(1)/tb $(3)
	@$$(if $$(FULL),,TEST='$(4)' RANDOM_OPS=$(5)) \
	  $(RUN_TEST) $(1) $(LOGS)/$$(RUN_TAG)$(1).log scripts/ghdl_run.sh $(1) $(BUILD)/ghdl/$(1) "$$(RUN_TAG)" $(3) \
	  ./tb -gW=$(2) $(GHDL_RUN_FLAGS)
GHDL_RUNS += run-$(1)
endef
# make test: at W 16 the directed walk through the three zones (190,000
# cycles), at W 18 the random test over 1000 operations (415,000 cycles);
# GHDL simulates this core at about 18,000 cycles per CPU second, so the two
# take about 10 and 25 s of CPU. test-ghdl-full: all five tests at the C
# bench's counts, about 8.1 M cycles at each width.
$(eval $(call ghdl_ep,tb_ep_ghdl_w16,16,$(BUILD)/tb/tb_ep_w16/tb_ep_w16,test_z*,1000))
$(eval $(call ghdl_ep,tb_ep_ghdl_w18,18,$(BUILD)/tb/tb_ep_w18/tb_ep_w18,test_random,1000))
# the ghdl --synth netlist of fric_ep (W 18, the bench's 4 axes), Verilated
# with tb_ep.c's directed walk through the three zones (190,000 cycles):
# bit-exact with the C model and the Verilog RTL's pin stream, in make test
# (test-vhdl-netlist). All five tests (8.4 M cycles, about 25 s):
# make netsim-ep_w18 NETSIM_TEST='test_*'
$(eval $(call vhdl_netlist_run,ep_w18,ep,W=18 NUM_AXES=4,tb_ep_w18,test_z*,$(BUILD)/tb/tb_ep_w18/tb_ep_w18))
# (here, after the last netsim run is defined)
TEST_BUILD += $(call netsim_tbs,$(NETSIM_RUNS))

# ---- make test-ghdl: the runs above but three -------------------------------------
# the runs build first (serially: Verilator's own build uses both cores),
# then run two at a time; here, after every run is defined, since a
# rule's prerequisites expand where the rule is read. make test leaves out
# the W 16 runs of the LuGre core, its real variant and the GMS core (their
# W 18 twins run; make test also simulates the ghdl --synth netlist of the
# W 16 LuGre configuration, make test-vhdl-netlist, and Verilator checks
# the W 16 real variant): make test-ghdl-full runs them.
GHDL_FULL_ONLY := run-tb_lugre_ghdl_w16 run-tb_lugre_ghdl_real_w16 run-tb_gms_ghdl_w16
GHDL_TEST_RUNS := $(filter-out $(GHDL_FULL_ONLY),$(GHDL_RUNS))
# the benches of GHDL runs $(1)
ghdl_tbs = $(foreach r,$(1),$(BUILD)/ghdl/$(r:run-%=%)/tb)
.PHONY: test-ghdl test-ghdl-full
test-ghdl: $(call ghdl_tbs,$(GHDL_TEST_RUNS)) $(TB_BINS) $(LUGRE_TB_BINS) $(ENG_TB_BINS) $(EP_TB_BINS) $(STIM_FILES)
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(GHDL_TEST_RUNS)
test-ghdl-full: $(call ghdl_tbs,$(GHDL_RUNS)) $(TB_BINS) $(LUGRE_TB_BINS) $(ENG_TB_BINS) $(EP_TB_BINS) $(STIM_FILES)
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(GHDL_RUNS) STRIDE=1 FULL=1
TEST_ALL += test-ghdl
TEST_BUILD += $(call ghdl_tbs,$(GHDL_TEST_RUNS))
