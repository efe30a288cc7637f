# SPDX-License-Identifier: Apache-2.0
# Formal proofs (docs/formal.md): SymbiYosys (the pinned yowasp-sby) with
# the Yices solver on the interfaces of the board logic (register file,
# AXI4-Lite and SPI bridges, tick, encoder) and of every core. The
# properties are the FORMAL sections of the RTL, the runs rtl/formal/*.sby,
# the driver scripts/formal.py; each run's files in build/formal/<proof>/.
#
#   make formal          every proof and every seeded bug, then
#                        docs/results/formal.md (hours of CPU: the proofs of
#                        the dynamic cores take 4 to 40 minutes each, and
#                        docs/results/formal.md gives every run's time; not in
#                        make or make test). A subset: scripts/formal.py
#                        proofs NAME... or mutants NAME..., then
#                        scripts/formal.py report docs/results/formal.md
#   make formal-mutants  the seeded bugs alone: each applied to a copy of its
#                        RTL file in build/formal/mutants/, and its proof must
#                        fail on the property the bug is for
#   make test-formal     the proofs and bugs that fit make test (about 2
#                        minutes; part of make test)

FORMAL_PY := $(VENV)/bin/python scripts/formal.py

.PHONY: formal formal-run formal-mutants formal-mutants-run test-formal
formal: deps
	@$(MAKE) --no-print-directory formal-run
# the report is written from the records of every run, passed or not; the
# target fails when a proof fails or a bug is not caught
formal-run:
	@mkdir -p $(BUILD)/formal docs/results
	@rc=0; $(FORMAL_PY) proofs || rc=1; $(FORMAL_PY) mutants || rc=1; \
	  $(FORMAL_PY) report docs/results/formal.md || rc=1; exit $$rc
formal-mutants: deps
	@$(MAKE) --no-print-directory formal-mutants-run
formal-mutants-run:
	@mkdir -p $(BUILD)/formal
	@$(FORMAL_PY) mutants

test-formal:
	@mkdir -p $(BUILD)/formal
	@$(RUN_TEST) "formal proofs and seeded bugs" $(LOGS)/test-formal.log $(FORMAL_PY) test

TEST_ALL += test-formal
