# SPDX-License-Identifier: Apache-2.0
# Fuzzing (docs/fuzzing.md): the targets of cmodel/fuzz/, each a file that
# defines fuzz_target() (cmodel/fuzz/fuzz_util.c wraps it in
# LLVMFuzzerTestOneInput), built two ways:
#  - make fuzz: clang with libFuzzer, ASan and UBSan (build/fuzz/bin/), each
#    target run for FUZZ_SECONDS (default 300) on its committed corpus
#    cmodel/tests/fuzz/TARGET/ plus a working corpus in build/fuzz/corpus/;
#    a crash, a hang, a leak or a sanitizer report stops it and its
#    reproducer is written to cmodel/tests/fuzz/TARGET/ (crash-*, timeout-*,
#    leak-*). FUZZ_RUNS=N also stops a target after N executions
#    (FUZZ_SECONDS=0: no time limit); make fuzz-TARGET runs one.
#    FUZZ_TIMEOUT=S (default 1) is the CPU time an input may take before it
#    stops the run as a hang (a timer on the thread's CPU time in the
#    target: a busy machine does not stretch it); libFuzzer's own
#    -timeout, wall time, is FUZZ_WALL_TIMEOUT (default 30 s), for an input
#    that waits without using the CPU.
#  - make test (test-fuzz-replay): gcc with ASan and UBSan and the replay
#    driver cmodel/fuzz/fuzz_replay.c, which runs every committed corpus file
#    through its target, each under a one-second alarm. No clang needed.
#  - make fuzz-report: docs/results/fuzz.md from the logs build/fuzz/*.log.

FUZZ_TARGETS := cmd_curve cmd_compile cmd_trace cmd_sim stdin_curve stdin_trace compile dev params
FUZZ_CORPUS := cmodel/tests/fuzz
FUZZ_SECONDS ?= 300
FUZZ_RUNS ?=
FUZZ_TIMEOUT ?= 1
FUZZ_WALL_TIMEOUT ?= 30
FUZZ_CC := clang
# libFuzzer's options for every target: one process, FUZZ_TIMEOUT s of CPU
# time per input at most (the targets' timer), FUZZ_WALL_TIMEOUT s of wall time
FUZZ_OPTS := -timeout=$(FUZZ_WALL_TIMEOUT) -report_slow_units=$(FUZZ_WALL_TIMEOUT) -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -max_total_time=$(FUZZ_SECONDS) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS))
# the command-line and stdin targets take the option names and numbers of the dictionary
FUZZ_DICT_cmd_curve := cmodel/fuzz/fricore.dict
FUZZ_DICT_cmd_compile := cmodel/fuzz/fricore.dict
FUZZ_DICT_cmd_trace := cmodel/fuzz/fricore.dict
FUZZ_DICT_cmd_sim := cmodel/fuzz/fricore.dict
FUZZ_DICT_stdin_curve := cmodel/fuzz/fricore.dict
FUZZ_DICT_stdin_trace := cmodel/fuzz/fricore.dict

# the library and the commands without main(), and what the targets share
FUZZ_LIB_SRCS := $(LIB_SRCS) $(filter-out cmodel/cli/fricore_main.c,$(CLI_SRCS)) cmodel/fuzz/fuzz_util.c

# -- the libFuzzer build (clang) --
FUZZ_SAN := -O2 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CLANG,$@) $(FUZZ_CC) $(CFLAGS) $(FUZZ_SAN) -MMD -MP -c $< -o $@
# The targets' own code (cmodel/fuzz/) has the sanitizers but no coverage:
# its loops over the input's and the output's bytes would cost each
# execution a callback per byte, and their branches say nothing about the
# code under test.
$(BUILD)/fuzz/obj/cmodel/fuzz/%.o: cmodel/fuzz/%.c
	@mkdir -p $(@D)
	$(call msg,CLANG,$@) $(FUZZ_CC) $(CFLAGS) $(filter-out -fsanitize=fuzzer-no-link%,$(FUZZ_SAN)) \
	  -fsanitize=address,undefined -MMD -MP -c $< -o $@
$(BUILD)/fuzz/bin/fuzz_%: $(BUILD)/fuzz/obj/cmodel/fuzz/fuzz_%.o $(FUZZ_LIB_SRCS:%.c=$(BUILD)/fuzz/obj/%.o)
	@mkdir -p $(@D)
	$(call msg,CLANG,$@) $(FUZZ_CC) -fsanitize=fuzzer,address,undefined $^ $(LDLIBS) -o $@

# -- the replay build (gcc, the objects of the sanitized build) --
$(BUILD)/fuzz/replay/fuzz_%: $(BUILD)/san/obj/cmodel/fuzz/fuzz_%.o $(BUILD)/san/obj/cmodel/fuzz/fuzz_replay.o \
  $(BUILD)/san/obj/cmodel/fuzz/fuzz_util.o $(filter-out %/fricore_main.o,$(CLI_SRCS:%.c=$(BUILD)/san/obj/%.o)) $(LIB_SAN)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $(SANFLAGS) $^ $(LDLIBS) -o $@

.PHONY: fuzz fuzz-build test-fuzz-replay $(FUZZ_TARGETS:%=fuzz-%)
fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/bin/fuzz_%)

# One target: its log in build/fuzz/TARGET.log (its first line the make
# command), one line with its executions. libFuzzer reads the committed
# corpus and writes what it finds to the working one; ASAN_OPTIONS makes a
# leak fail the run.
$(FUZZ_TARGETS:%=fuzz-%): fuzz-%: $(BUILD)/fuzz/bin/fuzz_%
	@mkdir -p $(BUILD)/fuzz/corpus/$* $(FUZZ_CORPUS)/$*
	$(call msg,FUZZ,$* ($(strip $(if $(filter 0,$(FUZZ_SECONDS)),,$(FUZZ_SECONDS) s) $(if $(FUZZ_RUNS),$(FUZZ_RUNS) runs))))
	@echo "# make fuzz-$* FUZZ_SECONDS=$(FUZZ_SECONDS)$(if $(FUZZ_RUNS), FUZZ_RUNS=$(FUZZ_RUNS)) FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) FUZZ_WALL_TIMEOUT=$(FUZZ_WALL_TIMEOUT) (commit $$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD -- cmodel mk 2>/dev/null || echo ', with changes'), started $$(date -u +%Y-%m-%dT%H:%M:%SZ))" \
	  >$(BUILD)/fuzz/$*.log
	@FUZZ_CPU_TIMEOUT=$(FUZZ_TIMEOUT) ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $< $(FUZZ_OPTS) $(if $(FUZZ_DICT_$*),-dict=$(FUZZ_DICT_$*)) -artifact_prefix=$(FUZZ_CORPUS)/$*/ \
	  $(BUILD)/fuzz/corpus/$* $(FUZZ_CORPUS)/$* >>$(BUILD)/fuzz/$*.log 2>&1 || \
	  { echo "FAIL fuzz-$*: see $(BUILD)/fuzz/$*.log; the reproducer is in $(FUZZ_CORPUS)/$*/"; \
	    tail -n 30 $(BUILD)/fuzz/$*.log; exit 1; }
	@n=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(BUILD)/fuzz/$*.log | tail -n 1); \
	  echo "ok   fuzz-$*: $$n executions, no crash, hang ($(FUZZ_TIMEOUT) s CPU), leak or sanitizer report (log: $(BUILD)/fuzz/$*.log)"

# docs/results/fuzz.md from the logs of the last runs
.PHONY: fuzz-report
fuzz-report:
	$(call msg,GEN,docs/results/fuzz.md) python3 scripts/fuzz_report.py $(BUILD)/fuzz docs/results/fuzz.md $(FUZZ_TARGETS)

# every target, one after the other
fuzz: deps
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-$$t || exit 1; done

# Every committed corpus file (seeds and crash reproducers) through its target.
test-fuzz-replay: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay/fuzz_%)
	@for t in $(FUZZ_TARGETS); do \
	  $(RUN_TEST) "fuzz $$t (asan+ubsan)" $(LOGS)/fuzz-replay-$$t.log $(BUILD)/fuzz/replay/fuzz_$$t $(FUZZ_CORPUS)/$$t \
	  || exit 1; done
TEST_ALL += test-fuzz-replay
TEST_BUILD += $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay/fuzz_%)
