# SPDX-License-Identifier: Apache-2.0
# The models on a microcontroller (docs/mcu.md): the fixed-point and double
# per-sample steps cross-compiled for a Cortex-M0+ and a Cortex-M4 without
# FPU (arm-none-eabi-gcc, newlib-nano for libgcc's soft-float and libm),
# linked into the bare-metal harness cmodel/mcu/fric_mcu.c, and run in the
# unicorn emulator (scripts/mcu_emu.py), which counts the instructions per
# sample and checks the outputs against the host's models. The adaptive
# observer's adaptation law (fric_adapt.c, kind adapt) runs on inputs recorded
# from a host servo run (fric-adapt-dump), its counts per sample and per
# window update.
#
#   make test-mcu    (in make test) a few hundred samples of each step at -O2:
#                    fixed point and the law bit-exact, double within 1e-12,
#                    counts exact
#   make bench-mcu   (in make bench) one sine period of both velocity sets
#                    of the x86 speed benchmark, -O2 and -Os: instructions per
#                    sample and sizes; rewrites the "Microcontroller" section
#                    of docs/results/bench.md
#
# Builds, build/mcu/TARGET-OPT[-w16]/: TARGET m0plus (-mcpu=cortex-m0plus)
# or m4 (-mcpu=cortex-m4 -mfloat-abi=soft: no FPU, every double operation a
# libgcc call); -w16 compiles fric_fx.c with FRIC_FX_ONLY_WIDTH=16, the
# firmware for one datapath width (fixed-point steps only).

MCU_CC := arm-none-eabi-gcc
MCU_CPU_m0plus := -mcpu=cortex-m0plus -mthumb
MCU_CPU_m4 := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
MCU_CFLAGS := -std=c11 -g $(CWARN) -ffunction-sections -fdata-sections -Icmodel/include -Icmodel/generated
MCU_LDFLAGS := -nostartfiles --specs=nano.specs -Wl,--gc-sections -T cmodel/mcu/fric_mcu.ld
MCU_LIBS := -lm -lc -lgcc
MCU_SRCS := cmodel/src/fric_fx.c cmodel/generated/fric_fx_tables.c cmodel/src/fric_stribeck.c cmodel/src/fric_lugre.c \
  cmodel/src/fric_adapt.c
MCU_DIR := $(BUILD)/mcu
MCU_KIND_none := 0
MCU_KIND_fx_stribeck := 1
MCU_KIND_fx_lugre := 2
MCU_KIND_stribeck := 3
MCU_KIND_lugre := 4
MCU_KIND_adapt := 5
MCU_KINDS_ALL := none fx_stribeck fx_lugre stribeck lugre adapt
MCU_KINDS_FX := none fx_stribeck fx_lugre
MCU_BENCH_SAMPLES := 20000
MCU_TEST_SAMPLES := 300
MCU_EMU := $(VENV)/bin/python scripts/mcu_emu.py
# The adaptation law: its default rate (2 Hz, windows of 5000 samples), 4
# windows of a drift run for the bench; 50 Hz, 3 windows for the test
# (fric-adapt-dump RATE START N).
MCU_ADAPT_BENCH := $(MCU_DIR)/adapt_2_40000_20000.json
MCU_ADAPT_TEST := $(MCU_DIR)/adapt_50_24000_600.json
MCU_BENCH_REFS := $(MCU_DIR)/ref_sweep_$(MCU_BENCH_SAMPLES).json $(MCU_DIR)/ref_slow_$(MCU_BENCH_SAMPLES).json $(MCU_ADAPT_BENCH)

# $(1) build, $(2) target, $(3) optimization, $(4) extra flags, $(5) kinds
define mcu_build
$(MCU_DIR)/$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(MCU_CC) $(MCU_CPU_$(2)) -$(3) $(MCU_CFLAGS) $(4) -MMD -MP -c $$< -o $$@
$(MCU_DIR)/$(1)/harness_%.o: cmodel/mcu/fric_mcu.c
	@mkdir -p $$(@D)
	$$(call msg,CC,$$@) $(MCU_CC) $(MCU_CPU_$(2)) -$(3) $(MCU_CFLAGS) $(4) -DFRIC_MCU_KIND=$$(MCU_KIND_$$*) -MMD -MP -c $$< -o $$@
$(MCU_DIR)/$(1)/fric_mcu_%.elf: $(MCU_DIR)/$(1)/harness_%.o $(MCU_SRCS:%.c=$(MCU_DIR)/$(1)/obj/%.o) cmodel/mcu/fric_mcu.ld
	$$(call msg,LD,$$@) $(MCU_CC) $(MCU_CPU_$(2)) $(MCU_LDFLAGS) -Wl,-Map=$$(@:.elf=.map) $$(filter %.o,$$^) $(MCU_LIBS) -o $$@
MCU_ELFS_$(1) := $(5:%=$(MCU_DIR)/$(1)/fric_mcu_%.elf)
$(MCU_DIR)/bench/$(1).json: $$(MCU_ELFS_$(1)) $$(MCU_BENCH_REFS) scripts/mcu_emu.py
	@mkdir -p $$(@D)
	$$(call msg,EMU,$$@) $(MCU_EMU) bench $$@ $$(MCU_BENCH_REFS) $(MCU_DIR)/$(1) > $$(@:.json=.log) || { cat $$(@:.json=.log); exit 1; }
endef
MCU_BUILDS :=
$(foreach t,m0plus m4,$(foreach o,O2 Os,\
  $(eval $(call mcu_build,$(t)-$(o),$(t),$(o),,$(MCU_KINDS_ALL)))\
  $(eval $(call mcu_build,$(t)-$(o)-w16,$(t),$(o),-DFRIC_FX_ONLY_WIDTH=16,$(MCU_KINDS_FX)))\
  $(eval MCU_BUILDS += $(t)-$(o) $(t)-$(o)-w16)))

# The reference: the first N samples of a velocity set of fric-bench-speed
# and the host models' outputs over them (ref_SET_N.json).
$(MCU_DIR)/ref_%.json: $(BENCH_SPEED)
	@mkdir -p $(@D)
	$(call msg,RUN,$@) $(BENCH_SPEED) --dump $(word 1,$(subst _, ,$*)) $(word 2,$(subst _, ,$*)) $@.tmp && mv $@.tmp $@
MCU_TEST_REFS := $(MCU_DIR)/ref_sweep_$(MCU_TEST_SAMPLES).json $(MCU_DIR)/ref_slow_$(MCU_TEST_SAMPLES).json $(MCU_ADAPT_TEST)
$(MCU_DIR)/adapt_%.json: $(ADAPT_DUMP)
	@mkdir -p $(@D)
	$(call msg,RUN,$@) $(ADAPT_DUMP) $(subst _, ,$*) $@.tmp && mv $@.tmp $@
MCU_TEST_BUILDS := m0plus-O2 m4-O2 m0plus-O2-w16 m4-O2-w16
MCU_BENCH_JSONS := $(MCU_BUILDS:%=$(MCU_DIR)/bench/%.json)

# The parameter checks of a one-width build refuse the other width (and,
# the control, those of the default build do not).
MCU_WIDTH_SRCS := cmodel/mcu/fric_mcu_width.c cmodel/src/fric_fx.c cmodel/generated/fric_fx_tables.c
$(MCU_DIR)/width/only16 $(MCU_DIR)/width/both: $(MCU_WIDTH_SRCS)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) -std=c11 -O1 $(CWARN) -Icmodel/include -Icmodel/generated \
	  $(if $(filter %only16,$@),-DFRIC_FX_ONLY_WIDTH=16) $(MCU_WIDTH_SRCS) -o $@

.PHONY: test-mcu bench-mcu
MCU_TEST_DEPS := $(MCU_DIR)/width/only16 $(MCU_DIR)/width/both $(foreach b,$(MCU_TEST_BUILDS),$(MCU_ELFS_$(b))) $(MCU_TEST_REFS)
test-mcu: $(MCU_TEST_DEPS)
	@$(MCU_DIR)/width/only16 && $(MCU_DIR)/width/both
	@$(RUN_TEST) "test-mcu (Cortex-M0+, M4)" $(LOGS)/test-mcu.log $(MCU_EMU) test $(MCU_TEST_REFS) $(MCU_TEST_BUILDS:%=$(MCU_DIR)/%)
TEST_ALL += test-mcu
TEST_BUILD += $(MCU_TEST_DEPS)

bench-mcu: $(MCU_BENCH_JSONS)
	@mkdir -p $(BUILD)/results docs/results
	$(call msg,PY,$@) $(VENV)/bin/python scripts/bench.py --mcu $(MCU_DIR)/bench $(BUILD)/results/mcu.json docs/results/bench.md
