# SPDX-License-Identifier: Apache-2.0
# make bench: every benchmark of the project, measured in one run on this
# machine; prints every figure and writes build/results/bench.json and
# docs/results/bench.md with its plots (docs/results/bench_*.svg).
# Not part of make or make test (timings need a quiet machine; a benchmark
# never fails on a figure). Its FPGA figures are the records of
# make synth-report, so it first runs whatever of make synth is missing;
# after make synth, about 3 minutes, plus make bench-mcu's emulation (about
# 4.4e9 Cortex-M instructions: some 9 minutes of CPU time, two builds at a
# time).
#
#   make bench         everything (scripts/bench.py)
#   make bench-speed   the C models' ns per sample alone
#   make bench-sim     the integrators' steps/s alone
#   make bench-fit     fricore fit on 1e5 rows, static and dynamic (goal: 2 s each)
#   make bench-mcu     the models on an emulated Cortex-M0+ / M4 alone
#                      (mk/mcu.mk; its section of docs/results/bench.md)

BENCH_TBS := tb_stribeck_w16 tb_stribeck_w18 tb_lugre_w16 tb_lugre_w18 tb_top_w16 tb_top_w18

.PHONY: bench bench-run
bench: deps
	@$(MAKE) --no-print-directory bench-run
bench-run: $(MCU_BENCH_JSONS) $(BENCH_SPEED) $(BENCH_SIM) $(FRICORE) $(COSIM) $(foreach t,$(BENCH_TBS),$(BUILD)/tb/$t/$t) \
           bench-accuracy synth-report
	@mkdir -p $(BUILD)/results docs/results
	$(call msg,PY,$@) $(VENV)/bin/python scripts/bench.py $(BUILD) $(VENV)/bin/python $(BUILD)/results/bench.json docs/results/bench.md

.PHONY: bench-fit
bench-fit: $(FRICORE)
	@mkdir -p $(BUILD)/results/bench
	$(call msg,PY,$@) $(VENV)/bin/python scripts/bench_fit.py $(BUILD) $(BUILD)/results/bench/fit.json
