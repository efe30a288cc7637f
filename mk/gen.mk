# SPDX-License-Identifier: Apache-2.0
# The generator: the single source of truth for formats, tables and
# parameter words (cmodel/gen/fric_gen.c). Its outputs are committed;
# `make gen` rewrites them, and `make test` regenerates them into build/gen
# and fails if any committed file differs.

FRIC_GEN := $(BIN)/fric_gen
# Every generated file lives in a folder named generated/; test-gen also
# fails on a file there that the generators do not write.
GEN_FILES := cmodel/generated/fric_fx_formats.h cmodel/generated/fric_fx_tables.c cmodel/generated/fricore_regs.h \
  rtl/generated/fric_formats.vh rtl/generated/fric_tables.vh rtl/generated/fric_tables_ep.vh rtl/generated/fric_regs_map.vh rtl/generated/fric_regs_access.vh \
  rtl/generated/fric_eng_isa.vh rtl/generated/fric_eng_rom.vh \
  rtl/vhdl/generated/fric_pkg.vhd rtl/vhdl/generated/fric_eng_pkg.vhd rtl/vhdl/generated/fric_regs_pkg.vhd \
  docs/generated/formats.md docs/generated/register-map.md docs/generated/fric_eng_program.md

$(FRIC_GEN): cmodel/gen/fric_gen.c cmodel/gen/fric_gen_regs.c cmodel/gen/fric_gen_io.c cmodel/gen/fric_gen.h
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) cmodel/gen/fric_gen.c cmodel/gen/fric_gen_regs.c cmodel/gen/fric_gen_io.c -lm -o $@

# The engine's files (fric_gen_eng.c) come from the library: its assembled
# program and the C model's tables, which fric_gen writes.
FRIC_GEN_ENG := $(BIN)/fric_gen_eng
# (the library by its path: LIB is defined in cmodel.mk, included after this file)
$(FRIC_GEN_ENG): cmodel/gen/fric_gen_eng.c cmodel/gen/fric_gen_io.c cmodel/gen/fric_gen.h $(BUILD)/lib/libfricore.a
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) cmodel/gen/fric_gen_eng.c cmodel/gen/fric_gen_io.c $(BUILD)/lib/libfricore.a -o $@

.PHONY: gen test-gen
gen: $(FRIC_GEN) $(FRIC_GEN_ENG)
	$(call msg,GEN,$@) $(FRIC_GEN) .
	$(Q)$(FRIC_GEN_ENG) .

test-gen: $(FRIC_GEN) $(FRIC_GEN_ENG)
	@rm -rf $(BUILD)/gen && mkdir -p $(BUILD)/gen
	@$(FRIC_GEN) $(BUILD)/gen
	@$(FRIC_GEN_ENG) $(BUILD)/gen
	@bad=0; for f in $(GEN_FILES); do \
	  if ! cmp -s $$f $(BUILD)/gen/$$f; then echo "FAIL $$f differs from its regeneration (run make gen)"; diff $$f $(BUILD)/gen/$$f | head -5; bad=1; fi; done; \
	n=$$(cd $(BUILD)/gen && find . -type f | wc -l); \
	if [ $$n -ne $(words $(GEN_FILES)) ]; then echo "FAIL the generator writes $$n files, the list has $(words $(GEN_FILES))"; bad=1; fi; \
	for f in $$(git ls-files -co --exclude-standard | grep '/generated/'); do \
	  case " $(GEN_FILES) " in *" $$f "*) ;; *) echo "FAIL $$f is under a generated/ folder, but no generator writes it"; bad=1;; esac; done; \
	if [ $$bad = 0 ]; then echo "ok   all $(words $(GEN_FILES)) generated files match their regeneration"; fi; \
	exit $$bad
TEST_ALL += test-gen
TEST_BUILD += $(FRIC_GEN) $(FRIC_GEN_ENG)

# Every source file, hand-written or generated, starts with the license line
# (scripts/spdx.py; --fix adds it).
.PHONY: test-spdx
test-spdx:
	@python3 scripts/spdx.py
TEST_ALL += test-spdx

# The README's results table is the digest of docs/results/synth.md
# (make synth-report rewrites both).
.PHONY: test-readme
test-readme:
	@python3 scripts/readme_results.py
	@h=$$(MAKEFLAGS= $(MAKE) --no-print-directory -s help); for t in $$(grep -o 'make [a-z][a-z0-9-]*' README.md | cut -d' ' -f2 | sort -u); do \
	  echo "$$h" | grep -qw -- "$$t" || { echo "FAIL README.md names make $$t, which make help does not list"; exit 1; }; done; \
	  echo "ok   make help lists every make target README.md names"
TEST_ALL += test-readme

# The handshake timing diagrams (docs/handshakes.md): WaveDrom sources in
# docs/diagrams, the SVGs committed in docs/img; `make diagrams` redraws
# them, test-diagrams fails when a committed SVG differs from its drawing.
WAVEDROM := $(VENV)/bin/yowasp-wavedrom
DIAGRAMS := $(patsubst docs/diagrams/%.json,docs/img/handshake-%.svg,$(wildcard docs/diagrams/*.json))
.PHONY: diagrams test-diagrams
diagrams: $(DIAGRAMS)
docs/img/handshake-%.svg: docs/diagrams/%.json
	$(call msg,WAVEDROM,$@) $(WAVEDROM) $< > $@.tmp && mv $@.tmp $@
test-diagrams:
	@rm -rf $(BUILD)/diagrams && mkdir -p $(BUILD)/diagrams; bad=0; \
	for j in docs/diagrams/*.json; do n=$$(basename $$j .json); \
	  $(WAVEDROM) $$j > $(BUILD)/diagrams/$$n.svg || bad=1; \
	  if ! cmp -s $(BUILD)/diagrams/$$n.svg docs/img/handshake-$$n.svg; then \
	    echo "FAIL docs/img/handshake-$$n.svg differs from its drawing of $$j (run make diagrams)"; bad=1; fi; done; \
	if [ $$bad = 0 ]; then echo "ok   the handshake diagrams match their WaveDrom sources"; fi; exit $$bad
TEST_ALL += test-diagrams
