# The generator: the single source of truth for formats, tables and
# parameter words (cmodel/gen/fric_gen.c). Its outputs are committed;
# `make gen` rewrites them, and `make test` regenerates them into build/gen
# and fails if any committed file differs.

FRIC_GEN := $(BIN)/fric_gen
GEN_FILES := cmodel/include/fric_fx_formats.h cmodel/src/fric_fx_tables.c rtl/fric_formats.vh docs/generated/formats.md \
  $(foreach t,exp2 recip h exp2pair,$(foreach w,16 18,rtl/tables/fric_$(t)_w$(w).hex)) \
  cmodel/include/fricore_regs.h rtl/fric_regs_map.vh docs/register-map.md rtl/vhdl/fric_pkg.vhd \
  rtl/tables/fric_eng_prog.hex rtl/tables/fric_eng_tab.hex rtl/fric_eng_isa.vh rtl/vhdl/fric_eng_pkg.vhd \
  docs/generated/fric_eng_program.md

$(FRIC_GEN): cmodel/gen/fric_gen.c cmodel/gen/fric_gen_regs.c cmodel/gen/fric_gen_io.c cmodel/gen/fric_gen.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) cmodel/gen/fric_gen.c cmodel/gen/fric_gen_regs.c cmodel/gen/fric_gen_io.c -lm -o $@

# The engine's files (fric_gen_eng.c) come from the library: its assembled
# program and the C model's tables, which fric_gen writes.
FRIC_GEN_ENG := $(BIN)/fric_gen_eng
# (the library by its path: LIB is defined in cmodel.mk, included after this file)
$(FRIC_GEN_ENG): cmodel/gen/fric_gen_eng.c cmodel/gen/fric_gen_io.c cmodel/gen/fric_gen.h $(BUILD)/lib/libfricore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) cmodel/gen/fric_gen_eng.c cmodel/gen/fric_gen_io.c $(BUILD)/lib/libfricore.a -o $@

.PHONY: gen test-gen
gen: $(FRIC_GEN) $(FRIC_GEN_ENG)
	@mkdir -p docs/generated rtl/vhdl
	$(FRIC_GEN) .
	$(FRIC_GEN_ENG) .

test-gen: $(FRIC_GEN) $(FRIC_GEN_ENG)
	@rm -rf $(BUILD)/gen && mkdir -p $(BUILD)/gen/cmodel/include $(BUILD)/gen/cmodel/src $(BUILD)/gen/rtl/tables $(BUILD)/gen/rtl/vhdl $(BUILD)/gen/docs/generated
	@$(FRIC_GEN) $(BUILD)/gen
	@$(FRIC_GEN_ENG) $(BUILD)/gen
	@bad=0; for f in $(GEN_FILES); do \
	  if cmp -s $$f $(BUILD)/gen/$$f; then echo "ok   $$f matches its regeneration"; \
	  else echo "FAIL $$f differs from its regeneration (run make gen)"; diff $$f $(BUILD)/gen/$$f | head -5; bad=1; fi; done; \
	n=$$(cd $(BUILD)/gen && find . -type f | wc -l); \
	if [ $$n -ne $(words $(GEN_FILES)) ]; then echo "FAIL the generator writes $$n files, the list has $(words $(GEN_FILES))"; bad=1; fi; \
	exit $$bad
TEST_ALL += test-gen
