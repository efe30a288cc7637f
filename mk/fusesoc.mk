# SPDX-License-Identifier: Apache-2.0
# FuseSoC: the targets of fricore.core (docs/fusesoc.md), run with the
# pinned FuseSoC of .venv/ (scripts/requirements.txt). Verilator and GHDL
# come from the system, as for the other fragments.
#
#   make test-fusesoc  Verilator lint (-Wall, rtl/fric.vlt) of fric_top, of
#                      fric_top on the shared engine and of each core, and
#                      GHDL analysis and elaboration of each VHDL core
#                      (part of make test)
#
# Each target builds in build/fusesoc/<target>/, its output in
# build/fusesoc/<target>.log; a failing target prints its log. FuseSoC
# reads an empty configuration file, so the libraries of the user's own
# fusesoc.conf play no part: the core is the one in this checkout. The make
# that FuseSoC runs inside does not inherit this make's flags.

FUSESOC := $(VENV)/bin/fusesoc
FUSESOC_DIR := $(BUILD)/fusesoc
FUSESOC_CORE := fricore:ip:fricore
FUSESOC_TARGETS := lint lint_top_eng lint_stribeck lint_lugre lint_eng lint_ep lint_gms ghdl_stribeck ghdl_lugre ghdl_eng ghdl_gms ghdl_ep

.PHONY: test-fusesoc
test-fusesoc:
	@$(VENV)/bin/python scripts/check_core_files.py fricore.core
	@mkdir -p $(FUSESOC_DIR) && : >$(FUSESOC_DIR)/fusesoc.conf
	@for t in $(FUSESOC_TARGETS); do \
	  log=$(FUSESOC_DIR)/$$t.log; t0=$$(date +%s.%N); \
	  if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(FUSESOC) --config $(FUSESOC_DIR)/fusesoc.conf --cores-root . run --build-root $(FUSESOC_DIR)/$$t \
	       --target $$t $(FUSESOC_CORE) >$$log 2>&1; then \
	    dt=$$(awk -v a=$$t0 -v b=$$(date +%s.%N) 'BEGIN { printf "%.1f", b - a }'); \
	    case $$t in \
	      lint*) vc=$$(echo $(FUSESOC_DIR)/$$t/*/$$t/*.vc); \
	        what="verilator --lint-only -Wall of $$(sed -n 's/^--top-module //p' $$vc)$$(sed -n 's/^-G/, /p' $$vc | tr -d '\n')";; \
	      ghdl*) what="ghdl --std=08 analysis and elaboration of the VHDL fric_$${t#ghdl_}";; \
	    esac; \
	    echo "ok   fusesoc $$t: $$what ($$dt s)"; \
	  else \
	    echo "FAIL fusesoc run --target $$t $(FUSESOC_CORE) (log $$log):"; sed 's/^/    | /' $$log; exit 1; \
	  fi; done

TEST_ALL += test-fusesoc
