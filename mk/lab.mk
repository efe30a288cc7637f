# SPDX-License-Identifier: Apache-2.0
# The lab page (docs/lab.md): build/lab/index.html, one self-contained file
# that runs fricore's own C, compiled to WebAssembly, in the browser, and its
# test in headless Chromium.
#
#   make                       builds $(LAB)/index.html (in BUILD_ALL)
#   make test                  test-lab: scripts/test_lab.py drives the page
#   make bench-lab             the page's time for the Canudas run against the CLI's
#   make docs-lab-image        docs/images/lab.png, the page after the example's run

LAB := $(BUILD)/lab
# Debian's clang with wasi-libc, lld and the wasm32 compiler-rt (make deps)
LAB_CC := clang-14 --target=wasm32-wasi --sysroot=/usr
# The C of the page: libfricore (less the MCU driver, and the fitter, which
# needs MINPACK, a host library), the commands the page runs, and
# cmodel/lab/, whose fric_lab_out.c stands in for fric_cli_out.c (WASI
# without a file system: stdout and stderr only).
LAB_C_SRCS := $(filter-out cmodel/dev/% cmodel/src/fric_fit.c,$(LIB_SRCS)) \
  $(addprefix cmodel/cli/,fric_cli.c fric_cli_sim.c fric_cli_friction.c fric_cli_fixed.c fric_cli_report.c \
    fric_cli_svg.c fric_cmd_sim.c fric_cmd_compile.c) \
  cmodel/lab/fric_lab.c cmodel/lab/fric_lab_out.c
LAB_OBJS := $(LAB_C_SRCS:%.c=$(LAB)/obj/%.o)
# the project's flags and warnings (-Wall -Wextra -Werror ...), without debug information
LAB_CFLAGS := $(filter-out -g,$(CFLAGS)) -Icmodel/lab
# what the page calls (cmodel/lab/fric_lab.h)
LAB_EXPORTS := malloc free fric_cmd_compile fric_lab_options fric_lab_sim_check fric_lab_sim fric_lab_points \
  fric_lab_stride fric_lab_series fric_lab_record_len fric_lab_record_every fric_lab_record fric_lab_fixed \
  fric_lab_fixed_len fric_lab_fixed_code fric_lab_fixed_force fric_lab_double_force fric_lab_params_load \
  fric_lab_params_save
LAB_PAGE_SRCS := cmodel/lab/index.html.in cmodel/lab/lab.css cmodel/lab/lab.js

$(LAB)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,WASMCC,$@) $(LAB_CC) $(LAB_CFLAGS) -MMD -MP -c $< -o $@
# a WASI reactor: no main(), _initialize() run once by the page
$(LAB)/fricore.wasm: $(LAB_OBJS)
	$(call msg,WASMLD,$@) $(LAB_CC) -O2 -mexec-model=reactor $(LAB_EXPORTS:%=-Wl,--export=%) -Wl,--strip-all \
	  $^ -lm -o $@
$(LAB)/index.html: $(LAB_PAGE_SRCS) $(LAB)/fricore.wasm scripts/lab_page.py
	$(call msg,GEN,$@) python3 scripts/lab_page.py $(LAB_PAGE_SRCS) $(LAB)/fricore.wasm $@

.PHONY: lab test-lab bench-lab docs-lab-image
lab: $(LAB)/index.html
BUILD_ALL += lab

# Selenium with Debian's python3-selenium and chromium-driver: /usr/bin/python3
# (the interpreter those packages install for), the chromedriver named.
test-lab: $(LAB)/index.html $(FRICORE)
	@$(RUN_TEST) "lab page (headless Chromium)" $(LOGS)/test-lab.log \
	  /usr/bin/python3 scripts/test_lab.py $(LAB)/index.html $(FRICORE)
TEST_ALL += test-lab

bench-lab: $(LAB)/index.html $(FRICORE)
	$(call msg,BENCH,$@) /usr/bin/python3 scripts/test_lab.py --bench $(LAB)/index.html $(FRICORE)

docs-lab-image: $(LAB)/index.html
	@mkdir -p docs/images
	$(call msg,PNG,docs/images/lab.png) /usr/bin/python3 scripts/test_lab.py --screenshot docs/images/lab.png $(LAB)/index.html
