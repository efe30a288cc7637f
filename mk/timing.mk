# SPDX-License-Identifier: Apache-2.0
# Timing over nextpnr's placement seeds: every board top and every core's
# out-of-context run placed and routed with --seed 1..8, each with its
# build's command and target clock (PNR_<image> in mk/board.mk, mk/synth.mk).
# Not part of make or make test (48 place-and-route runs, hours of CPU).
#
#   make timing-sweep     the runs not yet recorded, TIMING_JOBS (default 2)
#                         at once, then docs/results/timing.md; fails if a
#                         run misses its target clock or is not routed
#                         within TIMING_CPU_LIMIT
#   make timing-report    docs/results/timing.md from the records there are
#                         (seeds without one show as not run)
#   TIMING_IMAGES="icebreaker eng_up5k"  a subset of the images
#   TIMING_SEEDS="1 2 3"  a subset of the seeds
#
# One record a run, build/timing/<image>/seed<N>.json (with its nextpnr log
# beside it): an interrupted sweep keeps the runs it finished and the next
# one does the rest; a changed netlist makes its image's records stale (make
# redoes them, and the report takes only records of the current netlist; a
# netlist is keyed by its JSON with source line numbers masked, so an edit
# outside the synthesized logic keeps its records; a changed nextpnr command
# also redoes them).
# The report keeps the records it used in docs/results/timing-records.jsonl,
# committed with it, and takes a run recorded there as done when its
# netlist is unchanged, so a sweep can span checkouts.

TIMING := $(BUILD)/timing
TIMING_LEDGER := docs/results/timing-records.jsonl
TIMING_JOBS ?= 2
TIMING_ALL_IMAGES := icebreaker ulx3s tangnano9k stribeck_ecp5 stribeck_up5k lugre_ecp5 eng_up5k gms_ecp5 ep_ecp5 $(VENDOR_PNR_IMAGES)
TIMING_IMAGES ?= $(TIMING_ALL_IMAGES)
TIMING_ALL_SEEDS := 1 2 3 4 5 6 7 8
TIMING_SEEDS ?= $(TIMING_ALL_SEEDS)
TIMING_NICE ?= nice -n 5
# a run still routing after this much CPU time (seconds) is stopped and
# recorded as a failure, not routed: nextpnr's router1 can go round a
# congested region for hours. Two hours, twice the slowest run that
# finished (lugre_gw2a18, 54 minutes).
TIMING_CPU_LIMIT ?= 7200
# each image's target clock (its nextpnr --freq)
TIMING_MHZ_icebreaker = $(ICEBREAKER_MHZ)
TIMING_MHZ_ulx3s = $(ULX3S_MHZ)
TIMING_MHZ_tangnano9k = $(TANGNANO9K_MHZ)
TIMING_MHZ_stribeck_ecp5 = $(STRIBECK_ECP5_MHZ)
TIMING_MHZ_stribeck_up5k = $(STRIBECK_UP5K_MHZ)
TIMING_MHZ_lugre_ecp5 = $(LUGRE_ECP5_MHZ)
TIMING_MHZ_eng_up5k = $(ENG_UP5K_MHZ)
TIMING_MHZ_gms_ecp5 = $(GMS_ECP5_MHZ)
TIMING_MHZ_ep_ecp5 = $(EP_ECP5_MHZ)

# Each image's target and nextpnr command, in stamps touched only when they
# change, so that a new target or command redoes that image's runs.
.PHONY: timing-force
$(TIMING)/%/target.mhz: timing-force
	@mkdir -p $(@D)
	@$(call write_changed,$(TIMING_MHZ_$*))
$(TIMING)/%/pnr.cmd: timing-force
	@mkdir -p $(@D)
	@$(call write_changed,$(PNR_$*))

# $(1) image  $(2) seed
define timing_run
$(TIMING)/$(1)/seed$(2).json: $(SYNTH)/$(1)/synth.json $(TIMING)/$(1)/target.mhz $(TIMING)/$(1)/pnr.cmd
	@mkdir -p $$(@D)
	$(Q)$(TIMING_NICE) python3 scripts/timing_sweep.py run --image $(1) --seed $(2) --mhz $(TIMING_MHZ_$(1)) --json $$< --out $$@ --ledger $(TIMING_LEDGER) --cpu-limit $(TIMING_CPU_LIMIT) -- $(PNR_$(1))
endef
$(foreach i,$(TIMING_ALL_IMAGES),$(foreach s,$(TIMING_ALL_SEEDS),$(eval $(call timing_run,$(i),$(s)))))

TIMING_RECORDS := $(foreach i,$(TIMING_IMAGES),$(foreach s,$(TIMING_SEEDS),$(TIMING)/$(i)/seed$(s).json))
TIMING_REPORT = python3 scripts/timing_sweep.py report --records $(TIMING) --ledger $(TIMING_LEDGER) --out docs/results/timing.md \
  --seeds "$(TIMING_ALL_SEEDS)" --command "make timing-sweep" $(foreach i,$(TIMING_ALL_IMAGES),$(i)=$(SYNTH)/$(i)/synth.json@$(TIMING_MHZ_$(i)))

.PHONY: timing-sweep timing-runs timing-report
timing-sweep: deps
	@$(MAKE) --no-print-directory -j$(TIMING_JOBS) timing-runs
	@mkdir -p docs/results
	$(Q)$(TIMING_REPORT) --check
timing-runs: $(TIMING_RECORDS)
timing-report:
	@mkdir -p docs/results
	$(Q)$(TIMING_REPORT)

# The sweep's records and ledger, with a stand-in for nextpnr (seconds).
.PHONY: test-timing-sweep
test-timing-sweep:
	@$(RUN_TEST) test-timing-sweep $(LOGS)/test-timing-sweep.log python3 scripts/test_timing_sweep.py
TEST_ALL += test-timing-sweep
