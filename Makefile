# SPDX-License-Identifier: Apache-2.0
# fricore top-level Makefile.
#
#   make          the main job: install missing tools, build everything
#   make test     every test
#   make test-build  the programs the tests run (make builds them too)
#   make deps     install the toolchain (Debian packages, pinned .venv)
#   make versions print the tool versions in use
#   make synth    the out-of-context syntheses, their VHDL twins and the report
#                 (docs/results/synth.md, docs/choosing-a-core.md)
#   make gen      rewrite the generated files (formats, tables, register map,
#                 the engine's ROMs) from the generator
#   make bench-accuracy  fixed-point against double: docs/results/accuracy.md
#   make bench-python  the Python package against C and numpy:
#                 the Python section of docs/results/bench.md
#   make servo-bench  the servo axis with friction compensation:
#                 docs/results/servo.md
#   make timing-sweep  every image on nextpnr placement seeds 1..8:
#                 docs/results/timing.md (hours; not in make or make test)
#   make bench    every benchmark: docs/results/bench.md (needs the records
#                 of make synth; not in make or make test)
#   make formal   every formal proof and seeded bug, then docs/results/formal.md
#                 (docs/formal.md; not in make or make test, which runs the
#                 short ones as test-formal)
#   make formal-mutants  the seeded bugs alone
#   V=1           show the commands
#   make clean    remove build/
#   make help     this list, and the targets each mk/*.mk describes in its head
#
# All output goes to build/. Each part of the project has its own fragment
# in mk/, included below.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := all
.SECONDARY:
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules

# make test runs its groups TEST_JOBS at a time (each group's output is
# printed whole when it ends)
TEST_JOBS ?= 2

# V=1 shows every command; by default each step prints one short line
# (what it does, and to which file), as kbuild does
V ?= 0
ifeq ($(V),1)
Q :=
msg =
else
Q := @
msg = @printf '  %-9s %s\n' '$(1)' '$(2)';
endif

BUILD := build
# one test program, its output in build/logs/, one line for it (scripts/run_test.sh)
RUN_TEST := V=$(V) scripts/run_test.sh
# a recipe line that writes $(1) to the target only when its content differs
# (a stamp: its prerequisites are remade when the text changes)
write_changed = echo '$(1)' | cmp -s - $@ || echo '$(1)' >$@
LOGS := $(BUILD)/logs
BIN := $(BUILD)/bin
VENV := .venv

# Every entry point first makes sure the toolchain is there (quiet and fast
# when it is), then runs the real work in a sub-make so nothing races it.
.PHONY: all test deps versions clean build-all test-all help
all: deps
	@t0=$$(date +%s); $(MAKE) --no-print-directory -j2 --output-sync=target build-all && \
	  echo "make: built in $$(( $$(date +%s) - t0 )) s: build/bin/fricore, build/report.html, build/ulx3s.bit, build/icebreaker.bin, build/tangnano9k.fs"
test: deps
	@t0=$$(date +%s); $(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target test-all && \
	  echo "make test: all $(words $(TEST_ALL)) test groups passed in $$(( $$(date +%s) - t0 )) s (logs in $(LOGS)/)"
deps:
	@scripts/deps.sh
versions:
	@scripts/deps.sh --versions
clean:
	rm -rf $(BUILD)
help:
	@awk 'NR > 3 && /^#$$/ { exit } NR > 3 { sub(/^# ?/, ""); print }' Makefile
	@echo; echo "and, described in the head of each fragment (what each checks: docs/verification.md):"
	@for f in mk/*.mk; do t=$$(sed -n 's/^#   make \([a-z0-9-]\{1,\}\).*/\1/p' $$f | sort -u | tr '\n' ' '); \
	  [ -z "$$t" ] || printf '%s\n' "$$t" | fold -s -w 80 | awk -v f="$$f" '{ printf "  %-15s%s\n", NR == 1 ? f : "", $$0 }'; done

# Fragments add their targets to these: make, make test and make synth.
# TEST_BUILD holds what the tests run (benches, sanitized builds, simulation
# models, the Stribeck core's two timing checks); make builds it, so that
# make test after make only runs tests (and rebuilds what changed).
BUILD_ALL :=
TEST_ALL :=
TEST_BUILD :=
SYNTH_ALL :=

include mk/gen.mk
include mk/cmodel.mk
include mk/tb.mk
include mk/servo.mk
include mk/synth.mk
include mk/board.mk
include mk/ghdl.mk
include mk/vendor.mk
include mk/mcu.mk
include mk/bench.mk
include mk/fusesoc.mk
include mk/lab.mk
include mk/formal.mk
include mk/axil.mk
include mk/timing.mk
include mk/fuzz.mk
include mk/python.mk
include mk/fmu.mk

# make test-build: the test programs alone
.PHONY: test-build
test-build: $(TEST_BUILD)
build-all: $(BUILD_ALL) test-build
test-all: $(TEST_ALL)
