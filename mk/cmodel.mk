# SPDX-License-Identifier: Apache-2.0
# The C model: libfricore, the fricore command, and their tests.
# Two variants of every object: build/obj (release, -O2) and build/san
# (AddressSanitizer + UndefinedBehaviorSanitizer), both -Wall -Wextra -Werror.

CC := gcc
CWARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS := -std=c11 -O2 -g $(CWARN) -Icmodel/include -Icmodel/generated -Icmodel/cli -Icmodel/bench
SANFLAGS := -O1 -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
LDLIBS := -lcminpack -lm

LIB_SRCS := $(wildcard cmodel/src/*.c) cmodel/generated/fric_fx_tables.c cmodel/dev/fricore_dev.c
# The fixed-point library: integer only. -mgeneral-regs-only makes any
# floating-point operation a compile error; test-nofp also inspects the objects.
FX_SRCS := cmodel/src/fric_fx.c cmodel/generated/fric_fx_tables.c cmodel/src/fric_status.c cmodel/src/fric_eng.c \
  cmodel/src/fric_adapt.c
FX_OBJS := $(FX_SRCS:%.c=$(BUILD)/obj/%.o)
$(FX_OBJS) $(FX_SRCS:%.c=$(BUILD)/san/obj/%.o): CFLAGS += -mgeneral-regs-only
CLI_SRCS := $(wildcard cmodel/cli/*.c)
TEST_SRCS := $(wildcard cmodel/tests/test_*.c)
TEST_NAMES := $(notdir $(TEST_SRCS:.c=))

LIB := $(BUILD)/lib/libfricore.a
LIB_SAN := $(BUILD)/san/lib/libfricore.a
FRICORE := $(BIN)/fricore
FRICORE_SAN := $(BUILD)/san/bin/fricore

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/san/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $(SANFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(call msg,AR,$@) rm -f $@ && ar rcs $@ $^
$(LIB_SAN): $(LIB_SRCS:%.c=$(BUILD)/san/obj/%.o)
	@mkdir -p $(@D)
	$(call msg,AR,$@) rm -f $@ && ar rcs $@ $^

$(FRICORE): $(CLI_SRCS:%.c=$(BUILD)/obj/%.o) $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@
$(FRICORE_SAN): $(CLI_SRCS:%.c=$(BUILD)/san/obj/%.o) $(LIB_SAN)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $(SANFLAGS) $^ $(LDLIBS) -o $@

# The accuracy measurements (cmodel/bench/fric_accuracy.c) are shared by the
# benchmark and the unit tests, which run a reduced sweep of the same code.
ACC_OBJ := $(BUILD)/obj/cmodel/bench/fric_accuracy.o
ACC_OBJ_SAN := $(BUILD)/san/obj/cmodel/bench/fric_accuracy.o

$(BUILD)/tests/%: $(BUILD)/obj/cmodel/tests/%.o $(ACC_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ -lcmocka $(LDLIBS) -o $@
$(BUILD)/san/tests/%: $(BUILD)/san/obj/cmodel/tests/%.o $(ACC_OBJ_SAN) $(LIB_SAN)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $(SANFLAGS) $^ -lcmocka $(LDLIBS) -o $@

# the compilers' dependency files, not those in Verilator's output directories
# (every -Mdir is named obj): those are read by Verilator's own make, and here
# would name the Verilog sources and netlists as prerequisites of its output
-include $(shell find $(BUILD) -name '*.d' -not -regex '.*/obj/[^/]*\.d' 2>/dev/null)

.PHONY: cmodel test-cmodel test-cmodel-san test-cli test-nofp
cmodel: $(LIB) $(FRICORE)
BUILD_ALL += cmodel

# Unit tests, release build, then the same tests under ASan + UBSan.
test-cmodel: $(TEST_NAMES:%=$(BUILD)/tests/%)
	@for t in $^; do n=$$(basename $$t); $(RUN_TEST) $$n $(LOGS)/$$n.log $$t || exit 1; done
test-cmodel-san: $(TEST_NAMES:%=$(BUILD)/san/tests/%)
	@for t in $^; do n=$$(basename $$t); $(RUN_TEST) "$$n (asan+ubsan)" $(LOGS)/$$n-san.log $$t || exit 1; done
# Command-line tests run the sanitized binary, so a crash or UB fails them too.
test-cli: $(FRICORE_SAN)
	@$(RUN_TEST) "fricore CLI (asan+ubsan)" $(LOGS)/test-cli.log cmodel/tests/cli/run.sh $(FRICORE_SAN)
TEST_ALL += test-cmodel test-cmodel-san test-cli test-nofp
TEST_BUILD += $(TEST_NAMES:%=$(BUILD)/tests/%) $(TEST_NAMES:%=$(BUILD)/san/tests/%) $(FRICORE_SAN)

# The axes of fricore sim --report as headless Chromium draws them (no label
# past a plot's edge, SI prefixes, the stride as an ordinal), with a
# screenshot of every plot in build/report-axes/ (about 5 s).
.PHONY: test-report-axes
test-report-axes: $(FRICORE)
	@$(RUN_TEST) "sim --report axes (headless Chromium)" $(LOGS)/test-report-axes.log \
	  /usr/bin/python3 scripts/test_report_axes.py $(FRICORE) $(BUILD)/report-axes
TEST_ALL += test-report-axes

# fricore export --format mujoco in MuJoCo (the pinned PyPI mujoco of .venv):
# its RK4 at 1 ms gives fricore's Canudas 1995 stick-slip period within 0.1 %.
.PHONY: test-mujoco
test-mujoco: $(FRICORE)
	@$(RUN_TEST) "MuJoCo export (stick-slip period)" $(LOGS)/test-mujoco.log $(VENV)/bin/python scripts/test_mujoco.py $(FRICORE)
TEST_ALL += test-mujoco

# The fixed-point objects reference no floating-point symbol (libm, soft-float
# helpers) and use no SSE/x87 register.
# The double-precision compiler is the negative control: the check must flag it.
test-nofp: $(FX_OBJS) $(BUILD)/obj/cmodel/src/fric_compile.o
	@scripts/check_nofp.sh $(FX_OBJS)
	@if scripts/check_nofp.sh $(BUILD)/obj/cmodel/src/fric_compile.o >/dev/null; then \
	  echo "FAIL check_nofp.sh does not flag the double-precision fric_compile.o"; exit 1; \
	else echo "ok   check_nofp.sh flags fric_compile.o (double precision), as it must"; fi

# The accuracy benchmark: every input code, every trace, 1 us .. 10 ms.
BENCH_ACC := $(BIN)/fric-bench-accuracy
$(BENCH_ACC): $(BUILD)/obj/cmodel/bench/fric_bench_accuracy.o $(ACC_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

.PHONY: bench-accuracy
bench-accuracy: $(BENCH_ACC)
	@mkdir -p $(BUILD)/results docs/results
	$(call msg,RUN,$@) $(BENCH_ACC) $(BUILD)/results/accuracy.json docs/results/accuracy.md

# The stimulus files of the LuGre benches (Verilator and GHDL read the same
# file): the accuracy benchmark's velocity traces, compiled, per width.
STIM_GEN := $(BIN)/fric-stim
STIM_DIR := $(BUILD)/stim
STIM_FILES := $(STIM_DIR)/lugre_traces_w16.txt $(STIM_DIR)/lugre_traces_w18.txt
TEST_BUILD += $(STIM_FILES)
$(STIM_GEN): $(BUILD)/obj/cmodel/bench/fric_stim.o $(ACC_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@
$(STIM_DIR)/lugre_traces_w%.txt: $(STIM_GEN)
	@mkdir -p $(@D)
	$(call msg,RUN,$@) $(STIM_GEN) $@.tmp $* && mv $@.tmp $@

# The simulator's speed benchmark (steps/s, against 10 M LuGre RK4 steps/s).
BENCH_SIM := $(BIN)/fric-bench-sim
$(BENCH_SIM): $(BUILD)/obj/cmodel/bench/fric_bench_sim.o $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

.PHONY: bench-sim
bench-sim: $(BENCH_SIM)
	@mkdir -p $(BUILD)/results
	$(call msg,RUN,$@) $(BENCH_SIM) $(BUILD)/results/sim_speed.json

# The demonstration `make` runs: the canonical example's HTML report, with
# its plots also as SVG files. The README shows the two plots from
# docs/images/, which test-demo checks against this run (make docs-images
# rewrites them), and test-demo loads the report in headless Chromium.
DEMO := $(BUILD)/demo
DEMO_RUN := sim --example canudas1995
$(BUILD)/report.html: $(FRICORE)
	@mkdir -p $(DEMO)
	$(call msg,RUN,$@) $(FRICORE) $(DEMO_RUN) --report $@ --summary $(DEMO)/summary.json \
	  --plot-time $(DEMO)/canudas1995-friction.svg --plot-hysteresis $(DEMO)/canudas1995-hysteresis.svg
	@echo "demo: $@ (the Canudas de Wit 1995 stick-slip run; open it in a browser)"
.PHONY: demo docs-images test-demo
demo: $(BUILD)/report.html
BUILD_ALL += demo
DEMO_IMAGES := canudas1995-friction.svg canudas1995-hysteresis.svg
docs-images: demo
	@mkdir -p docs/images
	$(call msg,CP,$@) cp $(DEMO_IMAGES:%=$(DEMO)/%) docs/images/
test-demo: demo
	@for f in $(DEMO_IMAGES); do \
	  if cmp -s docs/images/$$f $(DEMO)/$$f; then echo "ok   docs/images/$$f is this build's demo plot"; \
	  else echo "FAIL docs/images/$$f differs from $(DEMO)/$$f (run: make docs-images)"; exit 1; fi; done
	@$(FRICORE) $(DEMO_RUN) 2>$(DEMO)/stderr.txt >/dev/null && [ ! -s $(DEMO)/stderr.txt ] \
	  && echo "ok   the demonstration run prints nothing on stderr (no warning)" \
	  || { echo "FAIL the demonstration run printed: $$(cat $(DEMO)/stderr.txt)"; exit 1; }
	@scripts/check_page.sh $(BUILD)/report.html "Assumptions and limits" "time-data" "hysteresis-data"
	@echo "ok   $(BUILD)/report.html loads in headless Chromium with nothing on its console"
TEST_ALL += test-demo

# The C models' speed per sample (make bench): double, fixed point and a plain
# libm baseline, for Stribeck, Dahl and LuGre over 1e6 samples.
BENCH_SPEED := $(BIN)/fric-bench-speed
$(BENCH_SPEED): $(BUILD)/obj/cmodel/bench/fric_bench_speed.o $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

# The adaptation law's inputs and outputs recorded from a servo run: the
# reference of its MCU build (mk/mcu.mk).
ADAPT_DUMP := $(BIN)/fric-adapt-dump
$(ADAPT_DUMP): $(BUILD)/obj/cmodel/bench/fric_adapt_dump.o $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

.PHONY: bench-speed
bench-speed: $(BENCH_SPEED)
	@mkdir -p $(BUILD)/results
	$(call msg,RUN,$@) $(BENCH_SPEED) $(BUILD)/results/c_speed.json
