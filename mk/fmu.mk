# SPDX-License-Identifier: Apache-2.0
# The Co-Simulation FMU of fricore export --format fmu: the model
# (cmodel/fmu/fric_fmu_model.c, which calls libfricore) behind the FMI 2 and
# FMI 3 glue, built here as one shared library per FMI version, and embedded
# with the C sources an importer needs into the fricore binary, which packs
# them into the .fmu archive it writes (so export needs no compiler).

# The library sources the model calls, and the headers they include: what
# the FMU's sources/ folder holds beside the model and its glue.
FMU_LIB_SRCS := $(addprefix cmodel/src/,fric_model.c fric_array.c fric_ep.c fric_gms.c fric_lugre.c fric_stribeck.c fric_compile.c fric_fx.c \
  fric_params.c fric_status.c) cmodel/generated/fric_fx_tables.c
FMU_LIB_HDRS := $(addprefix cmodel/include/,fric_model.h fric_array.h fric_compile.h fric_ep.h fric_gms.h fric_fx.h fric_lugre.h fric_params.h \
  fric_status.h fric_stribeck.h) $(addprefix cmodel/src/,fric_check.h fric_curve.h) cmodel/generated/fric_fx_formats.h
FMU_MODEL := cmodel/fmu/fric_fmu_model.c cmodel/fmu/fric_fmu_glue.c
FMU_MODEL_HDRS := cmodel/fmu/fric_fmu_model.h cmodel/fmu/fric_fmu_glue.h
FMI2_HDRS := $(addprefix cmodel/fmu/fmi/,fmi2Functions.h fmi2FunctionTypes.h fmi2TypesPlatform.h)
FMI3_HDRS := $(addprefix cmodel/fmu/fmi/,fmi3Functions.h fmi3FunctionTypes.h fmi3PlatformTypes.h)

FMU_DIR := $(BUILD)/fmu
FMU_CFLAGS := $(CFLAGS) -fPIC -fvisibility=hidden -Icmodel/fmu -Icmodel/fmu/fmi -Icmodel/src
FMU2_SO := $(FMU_DIR)/fmi2/fricore.so
FMU3_SO := $(FMU_DIR)/fmi3/fricore.so

$(FMU_DIR)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(FMU_CFLAGS) -MMD -MP -c $< -o $@

$(FMU_DIR)/fmi%/fricore.so: mk/fmu.mk $(FMU_DIR)/pic/cmodel/fmu/fric_fmi%.o $(FMU_MODEL:%.c=$(FMU_DIR)/pic/%.o) $(FMU_LIB_SRCS:%.c=$(FMU_DIR)/pic/%.o)
	@mkdir -p $(@D)
	$(call msg,LD,$@) $(CC) -shared -s -Wl,--no-undefined -Wl,-soname,fricore.so $(filter %.o,$^) -lm -o $@

# The embedded files: each a name in the archive and its bytes (.incbin).
FMU_SOURCES := $(FMU_LIB_SRCS) $(FMU_LIB_HDRS) $(FMU_MODEL) $(FMU_MODEL_HDRS)
FMU_EMBED := binaries/linux64/fricore.so:2:$(FMU2_SO) binaries/x86_64-linux/fricore.so:3:$(FMU3_SO) \
  sources/fric_fmi2.c:2:cmodel/fmu/fric_fmi2.c sources/fric_fmi3.c:3:cmodel/fmu/fric_fmi3.c \
  $(foreach f,$(FMI2_HDRS),sources/$(notdir $(f)):2:$(f)) $(foreach f,$(FMI3_HDRS),sources/$(notdir $(f)):3:$(f)) \
  $(foreach f,$(FMU_SOURCES),sources/$(notdir $(f)):0:$(f))
FMU_FILES_C := $(FMU_DIR)/fric_fmu_files.c
FMU_FILES_O := $(BUILD)/obj/$(FMU_DIR)/fric_fmu_files.o
FMU_FILES_O_SAN := $(BUILD)/san/obj/$(FMU_DIR)/fric_fmu_files.o

$(FMU_FILES_C): mk/fmu.mk
	@mkdir -p $(@D)
	$(call msg,GEN,$@) { \
	  echo '/* The files of fricore export --format fmu, embedded by mk/fmu.mk. */'; \
	  echo '#include "fric_fmu_files.h"'; i=0; \
	  for e in $(FMU_EMBED); do \
	    echo "__asm__(\".section .rodata\\n.balign 16\\n.globl fric_fmu_d$$i\\n.hidden fric_fmu_d$$i\\nfric_fmu_d$$i:\\n.incbin \\\"$${e##*:}\\\"\\n.globl fric_fmu_e$$i\\n.hidden fric_fmu_e$$i\\nfric_fmu_e$$i:\\n.previous\");"; \
	    echo "extern const unsigned char fric_fmu_d$$i[], fric_fmu_e$$i[];"; i=$$((i+1)); done; \
	  echo 'const fric_fmu_file_t fric_fmu_files[] = {'; i=0; \
	  for e in $(FMU_EMBED); do n=$${e%%:*}; r=$${e#*:}; v=$${r%%:*}; \
	    echo "    {\"$$n\", $$v, fric_fmu_d$$i, fric_fmu_e$$i},"; i=$$((i+1)); done; \
	  echo '};'; echo "const size_t fric_fmu_nfiles = sizeof fric_fmu_files / sizeof fric_fmu_files[0];"; \
	} > $@.tmp && mv $@.tmp $@

FMU_EMBED_DEPS := $(FMU2_SO) $(FMU3_SO) $(foreach e,$(FMU_EMBED),$(lastword $(subst :, ,$(e))))
$(FMU_FILES_O): $(FMU_FILES_C) $(FMU_EMBED_DEPS)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) -Icmodel/fmu -c $< -o $@
$(FMU_FILES_O_SAN): $(FMU_FILES_C) $(FMU_EMBED_DEPS)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $(SANFLAGS) -Icmodel/fmu -c $< -o $@

# The fricore binaries carry the writer of the archive (libzip), the FMU's
# variable table and the embedded files; the library is searched again after
# them.
FMU_CLI_SRCS := cmodel/fmu/fric_cli_fmu.c cmodel/fmu/fric_fmu_model.c
$(FMU_CLI_SRCS:%.c=$(BUILD)/obj/%.o) $(FMU_CLI_SRCS:%.c=$(BUILD)/san/obj/%.o): CFLAGS += -Icmodel/fmu
$(FRICORE): $(FMU_CLI_SRCS:%.c=$(BUILD)/obj/%.o) $(FMU_FILES_O)
$(FRICORE): LDLIBS := $(LIB) -lzip $(LDLIBS)
$(FRICORE_SAN): $(FMU_CLI_SRCS:%.c=$(BUILD)/san/obj/%.o) $(FMU_FILES_O_SAN)
$(FRICORE_SAN): LDLIBS := $(LIB_SAN) -lzip $(LDLIBS)

.PHONY: fmu test-fmu
fmu: $(FMU2_SO) $(FMU3_SO)

# FMPy (pinned in .venv) imports the exported FMUs: validation, agreement
# with fricore trace, the stick-slip period in a closed loop, refused
# values, two instances, reset, the archive's sources built with gcc
# (about 11 s of CPU).
test-fmu: $(FRICORE)
	@$(RUN_TEST) "FMU export in FMPy" $(LOGS)/test-fmu.log $(VENV)/bin/python scripts/test_fmu.py $(FRICORE)
TEST_ALL += test-fmu
