# SPDX-License-Identifier: Apache-2.0
# Verilator benches driven by C (cmocka). The test logic is C, compiled with
# gcc into an object; Verilator's C++ side is only the glue in
# tb/<core>/dut_<core>.cpp. Each configuration is its own executable.
#
#   make test-rtl        the Stribeck benches      } all four part of
#   make test-rtl-lugre  the LuGre benches         } make test
#   make test-rtl-eng    the engine's benches      }
#   make test-rtl-gms    the GMS benches (make test: the W 18 one)
#   make VL_TRACE=1 ...  builds the benches with --trace-fst; then TRACE=1
#                        make test-rtl also writes build/tb/<bench>.fst

VERILATOR := verilator
# Every Verilator build compiles the same run-time library (verilated.cpp and
# its siblings, about 5 s of CPU each time): ccache (scripts/deps.sh) compiles
# it once per build directory and hands the object to the other builds.
# Its cache is build/ccache, so make clean empties it. Without ccache the
# builds compile as before.
export OBJCACHE := $(shell command -v ccache 2>/dev/null)
export CCACHE_DIR := $(abspath $(BUILD))/ccache
# the C++ flags of every Verilator build with a tb/ glue file: VL_USER_WARN
# hands Verilator's run-time warnings to tb/tb_vl_warn.h, which makes them fatal
VL_TB_CXXFLAGS := -O2 -DVL_USER_WARN -I$(abspath tb)
VLT := rtl/fric.vlt
# Waveforms: VL_TRACE=1 builds every bench with --trace-fst (tb/tb_fst.h).
# Off by default: tracing every net adds about 70 % to a model's
# compile time. The stamp holds the setting: a change rebuilds the benches.
VL_TRACE ?= 0
VL_TRACE_FLAG := $(if $(filter 1,$(VL_TRACE)),--trace-fst)
VL_TRACE_STAMP := $(BUILD)/vl_trace.stamp
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(VL_TRACE_STAMP) 2>/dev/null)" = "$(VL_TRACE)" ] || echo "$(VL_TRACE)" >$(VL_TRACE_STAMP); })
# the include directories of every Verilog tool, and the include files
RTL_INC := -Irtl/generated -Irtl/arith -Irtl/cores
RTL_VH := $(wildcard rtl/generated/*.vh rtl/arith/*.vh rtl/cores/*.vh)
# the file lists: '//' comment lines, one path per line
rtl_files = $(shell grep -v '^//' $(1))
STRIBECK_SRCS := $(call rtl_files,rtl/cores/fric_stribeck.f)
TB_CFLAGS := $(CFLAGS) -Itb/fric_stribeck

# $(1) name  $(2) W  $(3) OPT_FABRIC  $(4) REAL (0/1)  $(5) top  $(6) sources  $(7) OPT_FAST
# $(8) further -G options of the top
define stribeck_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_stribeck/tb_stribeck.c tb/fric_stribeck/dut_stribeck.h tb/tb_pins.h tb/tb_speed.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(TB_CFLAGS) -DTB_W=$(2) -DTB_FABRIC=$(3) -DTB_REAL=$(4) -DTB_FAST=$(7) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_stribeck/dut_stribeck.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(6) $(VLT) $(RTL_VH) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module $(5) -GW=$(2) -GOPT_FABRIC=$(3) -GOPT_FAST=$(7) $(8) $(RTL_INC) $(VLT) $(6) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_stribeck)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_stribeck/dut_stribeck.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef

TB_BINS :=
# the two configurations that are built: iCE40 (W 16, fabric products,
# parameters in SPRAM) and ECP5 (W 18, DSP products, fast rounding shifts)
$(eval $(call stribeck_bench,tb_stribeck_w16,16,1,0,fric_stribeck,$(STRIBECK_SRCS),0,-GOPT_SPRAM=1 -GOPT_RAM_DELAY=1))
$(eval $(call stribeck_bench,tb_stribeck_w18,18,0,0,fric_stribeck,$(STRIBECK_SRCS),1))
$(eval $(call stribeck_bench,tb_stribeck_real_w16,16,1,1,fric_stribeck_real,rtl/sim/fric_stribeck_real.v,0))
$(eval $(call stribeck_bench,tb_stribeck_real_w18,18,0,1,fric_stribeck_real,rtl/sim/fric_stribeck_real.v,1))

.PHONY: test-rtl lint-rtl
test-rtl: $(TB_BINS)
	@for t in $^; do n=$$(basename $$t); $(RUN_TEST) $$n $(LOGS)/$$n.log $$t || exit 1; done

# verilator --lint-only -Wall over every file list, at both widths.
lint-rtl:
	@for cfg in "16 1 0 1 1" "16 1 0 0 0" "18 0 1 0 0" "16 0 1 0 1" "18 1 0 0 1"; do set -- $$cfg; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$1 -GOPT_FABRIC=$$2 -GOPT_FAST=$$3 -GOPT_SPRAM=$$4 -GOPT_RAM_DELAY=$$5 $(STRIBECK_SRCS) --top-module fric_stribeck && \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$1 -GOPT_FAST=$$3 rtl/sim/fric_stribeck_real.v --top-module fric_stribeck_real || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_stribeck and fric_stribeck_real, W $$1 OPT_FABRIC $$2 OPT_FAST $$3 OPT_SPRAM $$4 OPT_RAM_DELAY $$5"; done
	@iverilog -g2005 $(RTL_INC) -o $(BUILD)/iverilog_stribeck.vvp -s fric_stribeck $(STRIBECK_SRCS) && echo "ok   iverilog -g2005 elaborates fric_stribeck"
	@for cfg in "16 0" "16 1" "18 0" "18 1"; do set -- $$cfg; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$1 -GOPT_FAST=$$2 $(LUGRE_SRCS) --top-module fric_lugre || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_lugre, W $$1 OPT_FAST $$2"; done
	@for w in 16 18; do $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$w rtl/sim/fric_lugre_real.v --top-module fric_lugre_real || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_lugre_real, W $$w"; done
	@iverilog -g2005 $(RTL_INC) -o $(BUILD)/iverilog_lugre.vvp -s fric_lugre $(LUGRE_SRCS) && echo "ok   iverilog -g2005 elaborates fric_lugre"
	@iverilog -g2005 $(RTL_INC) -o $(BUILD)/iverilog_eng.vvp -s fric_eng $(ENG_SRCS) && echo "ok   iverilog -g2005 elaborates fric_eng"
	@for cfg in "16 0 0" "16 0 1" "18 1 0" "18 1 1"; do set -- $$cfg; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$1 -GOPT_FAST=$$2 -GOPT_FABRIC=$$3 $(GMS_SRCS) --top-module fric_gms || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_gms, W $$1 OPT_FAST $$2 OPT_FABRIC $$3"; done
	@iverilog -g2005 $(RTL_INC) -o $(BUILD)/iverilog_gms.vvp -s fric_gms $(GMS_SRCS) && echo "ok   iverilog -g2005 elaborates fric_gms"
	@# the synthesis runs' I/O harnesses, each with its core
	@for h in stribeck lugre eng gms; do \
	  srcs="$$(grep -v '^//' rtl/cores/fric_$$h.f)"; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) rtl/synth/fric_$${h}_harness.v $$srcs --top-module fric_$${h}_harness || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_$${h}_harness"; done

TEST_ALL += lint-rtl test-rtl
TEST_BUILD += $(TB_BINS)

# ---- fric_lugre -------------------------------------------------------------
LUGRE_SRCS := $(call rtl_files,rtl/cores/fric_lugre.f)
LUGRE_TB_CFLAGS := $(CFLAGS) -Itb/fric_lugre

# $(1) name  $(2) W  $(3) top  $(4) sources  $(5) REAL (0/1)  $(6) more -G parameters
# $(7) the documented latency (docs/fric_lugre.md), which test_latency checks (empty: not checked)
define lugre_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_lugre/tb_lugre.c tb/fric_lugre/dut_lugre.h tb/tb_pins.h tb/tb_speed.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(LUGRE_TB_CFLAGS) -DTB_W=$(2) -DTB_REAL=$(5) -DTB_LATENCY=$(or $(7),0) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_lugre/dut_lugre.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(4) $(VLT) $(RTL_VH) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module $(3) -GW=$(2) $(6) $(RTL_INC) $(VLT) $(4) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_lugre)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_lugre/dut_lugre.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
LUGRE_TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef
LUGRE_TB_BINS :=
# W 16 with two-stage rounding shifts and tables in block RAM (OPT_FAST 0),
# and the ULX3S configuration, W 18 with OPT_FAST
$(eval $(call lugre_bench,tb_lugre_w16,16,fric_lugre,$(LUGRE_SRCS),0,-GOPT_FAST=0,93))
$(eval $(call lugre_bench,tb_lugre_w18,18,fric_lugre,$(LUGRE_SRCS),0,-GOPT_FAST=1,114))
$(eval $(call lugre_bench,tb_lugre_real_w16,16,fric_lugre_real,rtl/sim/fric_lugre_real.v,1))
$(eval $(call lugre_bench,tb_lugre_real_w18,18,fric_lugre_real,rtl/sim/fric_lugre_real.v,1))

.PHONY: test-rtl-lugre
# The benches run from a scratch directory, not the project root: the cores
# carry their tables in their source and read no file at run time.
test-rtl-lugre: $(LUGRE_TB_BINS) $(STIM_FILES)
	@mkdir -p $(BUILD)/run && cd $(BUILD)/run && for t in $(abspath $(LUGRE_TB_BINS)); do n=$$(basename $$t); \
	  STIM_DIR=$(abspath $(STIM_DIR)) $(abspath scripts/run_test.sh) "$$n (run from $(BUILD)/run)" $(abspath $(LOGS))/$$n.log $$t || exit 1; done
TEST_ALL += test-rtl-lugre
TEST_BUILD += $(LUGRE_TB_BINS)

# ---- fric_ep: the sequential elasto-plastic core -----------------------------
EP_SRCS := $(call rtl_files,rtl/cores/fric_ep.f)
# $(1) name  $(2) W
define ep_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_ep/tb_ep.c tb/fric_lugre/dut_lugre.h tb/tb_pins.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_lugre -DTB_W=$(2) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_lugre/dut_lugre.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(EP_SRCS) $(VLT) $(RTL_VH) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_ep -GW=$(2) -GNUM_AXES=4 $(RTL_INC) $(VLT) $(EP_SRCS) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_lugre)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_lugre/dut_lugre.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
EP_TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef
EP_TB_BINS :=
$(eval $(call ep_bench,tb_ep_w16,16))
$(eval $(call ep_bench,tb_ep_w18,18))

.PHONY: test-rtl-ep lint-rtl-ep
# fric_ep against fric_fx_ep_step(), bit for bit, at W 16 and 18
test-rtl-ep: $(EP_TB_BINS) lint-rtl-ep
	@mkdir -p $(BUILD)/run && cd $(BUILD)/run && for t in $(abspath $(EP_TB_BINS)); do n=$$(basename $$t); \
	  $(abspath scripts/run_test.sh) "$$n" $(abspath $(LOGS))/$$n.log $$t || exit 1; done
lint-rtl-ep:
	@for w in 16 18; do $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$w $(EP_SRCS) --top-module fric_ep || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_ep, W $$w"; done
	@iverilog -g2005 $(RTL_INC) -o $(BUILD)/iverilog_ep.vvp -s fric_ep $(EP_SRCS) && echo "ok   iverilog -g2005 elaborates fric_ep"
	@$(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) rtl/synth/fric_ep_harness.v $(EP_SRCS) --top-module fric_ep_harness && \
	  echo "ok   verilator --lint-only -Wall: fric_ep_harness"
# make lint-rtl covers fric_ep too
lint-rtl: lint-rtl-ep
# make test runs both benches: their Verilator builds are already test-ghdl's
# (its fric_ep runs compare pin streams with them) and lint-rtl-ep is
# lint-rtl's, so what this adds is the two runs, about 3.5 s of CPU each
TEST_ALL += test-rtl-ep
TEST_BUILD += $(EP_TB_BINS)

# ---- fric_gms ---------------------------------------------------------------
GMS_SRCS := $(call rtl_files,rtl/cores/fric_gms.f)
# fric_gms has fric_lugre's ports (a 7-bit cfg_addr): its bench drives them
# through tb/fric_lugre/dut_lugre.h and dut_lugre.cpp
GMS_TB_CFLAGS := $(CFLAGS) -Itb/fric_lugre

# $(1) name  $(2) W  $(3) more -G parameters  $(4) the documented latency of a
# sample without elements (docs/fric_gms.md: TB_LAT0 + n cycles), which
# test_latency checks
define gms_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_gms/tb_gms.c tb/fric_lugre/dut_lugre.h mk/tb.mk tb/tb_pins.h tb/tb_rng.h tb/tb_env.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(GMS_TB_CFLAGS) -DTB_W=$(2) -DTB_LAT0=$(4) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_lugre/dut_lugre.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(GMS_SRCS) $(VLT) $(RTL_VH) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_gms -GW=$(2) $(3) $(RTL_INC) $(VLT) $(GMS_SRCS) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_lugre)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_lugre/dut_lugre.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
GMS_TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef
GMS_TB_BINS :=
# the UP5K configuration (W 16, two-stage shifts, tables in block RAM, the
# shared part's products in fabric) and the ECP5 one (W 18, OPT_FAST, DSP)
$(eval $(call gms_bench,tb_gms_w16,16,-GOPT_FAST=0 -GOPT_FABRIC=1,121))
$(eval $(call gms_bench,tb_gms_w18,18,-GOPT_FAST=1 -GOPT_FABRIC=0,110))

# make test runs the ECP5 configuration's bench (the one make synth places);
# make test-rtl-gms runs both
.PHONY: test-rtl-gms test-rtl-gms-ecp5
test-rtl-gms: $(GMS_TB_BINS)
	@mkdir -p $(BUILD)/run && cd $(BUILD)/run && for t in $(abspath $(GMS_TB_BINS)); do n=$$(basename $$t); \
	  $(abspath scripts/run_test.sh) "$$n (run from $(BUILD)/run)" $(abspath $(LOGS))/$$n.log $$t || exit 1; done
test-rtl-gms-ecp5: $(BUILD)/tb/tb_gms_w18/tb_gms_w18
	@mkdir -p $(BUILD)/run && cd $(BUILD)/run && \
	  $(abspath scripts/run_test.sh) "tb_gms_w18 (run from $(BUILD)/run)" $(abspath $(LOGS))/tb_gms_w18.log $(abspath $<)
TEST_ALL += test-rtl-gms-ecp5
TEST_BUILD += $(BUILD)/tb/tb_gms_w18/tb_gms_w18

# ---- fric_eng: the shared engine of the UP5K image -------------------------------
ENG_SRCS := $(call rtl_files,rtl/cores/fric_eng.f)
ENG_DEPS := $(RTL_VH)

# $(1) name  $(2) NUM_AXES  $(3) TB_QUICK (1: skip the whole-range tests)
define eng_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_eng/tb_eng.c tb/fric_eng/dut_eng.h tb/tb_rng.h tb/tb_env.h tb/tb_pins.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_eng -DTB_NAX=$(2) -DTB_QUICK=$(3) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_eng/dut_eng.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(ENG_SRCS) $(ENG_DEPS) $(VLT) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_eng -GNUM_AXES=$(2) $(RTL_INC) $(VLT) $(ENG_SRCS) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_eng)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_eng/dut_eng.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
ENG_TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef
ENG_TB_BINS :=
# the iCEBreaker's 4 axes, and 3 (an axis count that leaves a slot of each
# model idle; without the two whole-range tests, which ax4 runs)
$(eval $(call eng_bench,tb_eng_ax4,4,0))
$(eval $(call eng_bench,tb_eng_ax3,3,1))

.PHONY: test-rtl-eng
test-rtl-eng: $(ENG_TB_BINS)
	@for t in $(ENG_TB_BINS); do n=$$(basename $$t); $(RUN_TEST) $$n $(LOGS)/$$n.log $$t || exit 1; done
	@for n in 1 2 3 4; do $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GNUM_AXES=$$n $(ENG_SRCS) --top-module fric_eng || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_eng, NUM_AXES $$n"; done
TEST_ALL += test-rtl-eng
TEST_BUILD += $(ENG_TB_BINS)

# ---- fricore-cosim: the plant in C, the friction from the Verilated core ----
COSIM_W := 16
COSIM := $(BIN)/fricore-cosim
# MINPACK (the fit's solver, in libfricore) by its path, so that it links after the library
COSIM_MINPACK := $(shell $(CC) -print-file-name=libcminpack.so)
COSIM_CLI_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out cmodel/cli/fricore_main.c cmodel/cli/fric_cmd_%.c,$(CLI_SRCS)))
$(BUILD)/cosim/fricore_cosim.o: tb/cosim/fricore_cosim.c tb/fric_lugre/dut_lugre.h
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -Itb/fric_lugre -DCOSIM_W=$(COSIM_W) -MMD -MP -c $< -o $@
$(COSIM): $(BUILD)/cosim/fricore_cosim.o $(COSIM_CLI_OBJS) tb/fric_lugre/dut_lugre.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(LUGRE_SRCS) $(VLT) $(RTL_VH) $(LIB)
	@mkdir -p $(BUILD)/cosim $(@D) && rm -f $@
	$(call msg,VERILATE,$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_lugre -GW=$(COSIM_W) $(RTL_INC) $(VLT) $(LUGRE_SRCS) \
	  -Mdir $(BUILD)/cosim/obj -o $(abspath $@) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_lugre)" -LDFLAGS "-lm" \
	  $(abspath tb/fric_lugre/dut_lugre.cpp) $(abspath $(BUILD)/cosim/fricore_cosim.o) $(abspath $(COSIM_CLI_OBJS)) $(abspath $(LIB)) $(COSIM_MINPACK) \
	  >$(BUILD)/cosim/verilator.log 2>&1 || { cat $(BUILD)/cosim/verilator.log; exit 1; }
BUILD_ALL += $(COSIM)

.PHONY: cosim-report
cosim-report: $(COSIM) $(FRICORE)
	@mkdir -p $(BUILD)/results docs/results
	$(call msg,PY,$@) python3 scripts/cosim_report.py $(BIN) $(BUILD)/results/cosim.json docs/results/cosim.md

.PHONY: test-cosim
test-cosim: $(COSIM) $(FRICORE)
	@$(RUN_TEST) fricore-cosim $(LOGS)/test-cosim.log tb/cosim/test_cosim.sh $(BIN)
TEST_ALL += test-cosim

# The LuGre soak: 1e8 random samples over all axes at each width, bit for
# bit, flags included, with the state bound checked at every sample (about
# 22 minutes a bench on a 2-core machine; not part of make test).
SOAK_N ?= 1e8
.PHONY: soak-lugre
soak-lugre: $(BUILD)/tb/tb_lugre_w16/tb_lugre_w16 $(BUILD)/tb/tb_lugre_w18/tb_lugre_w18 $(STIM_FILES)
	@for t in $(filter-out $(STIM_FILES),$^); do echo "== $$(basename $$t) SOAK=$(SOAK_N)"; SOAK=$(SOAK_N) $$t || exit 1; done

# The Stribeck core's soak, likewise (test_soak of tb_stribeck.c: random
# velocities on random axes, a new set every 20000 samples on average, random
# gaps and backpressure, every beat and the sticky flags bit-exact), at each
# width; not part of make test.
.PHONY: soak-stribeck
soak-stribeck: $(BUILD)/tb/tb_stribeck_w16/tb_stribeck_w16 $(BUILD)/tb/tb_stribeck_w18/tb_stribeck_w18
	@for t in $^; do echo "== $$(basename $$t) SOAK=$(SOAK_N)"; SOAK=$(SOAK_N) TEST=test_soak $$t || exit 1; done

# The preset example (examples/rtl/fric_lugre_preset.v): a set from
# fricore compile --format vh loaded into fric_lugre without fric_regs,
# linted and run under iverilog against fricore trace --fixed.
.PHONY: test-preset
test-preset: $(FRICORE)
	@$(RUN_TEST) fric_lugre_preset $(LOGS)/test-preset.log scripts/test_preset.sh $(FRICORE) $(BUILD)/preset
TEST_ALL += test-preset
