# SPDX-License-Identifier: Apache-2.0
# fricore servo: the servo axis with friction compensation (docs/servo.md).
#
#   make test-servo    the RTL compensator in the loop: fricore-cosim servo
#                      bit-exact with the fixed-point run, and its check
#                      failing when a mismatch is injected, and the HTML
#                      report in headless Chromium (part of make test; the
#                      CLI's own tests are in test-cli)
#   make servo-bench   the benchmark cases, the mismatch study and the
#                      bandwidth sweep: docs/results/servo.md

.PHONY: test-servo servo-bench
test-servo: $(COSIM) $(FRICORE)
	@$(RUN_TEST) "fricore-cosim servo" $(LOGS)/test-servo.log tb/cosim/test_servo.sh $(BIN)
	@mkdir -p $(BUILD)/servo
	@$(FRICORE) servo --compensation lugre --comp-arith fixed --f-max 4 --duration 1 --report $(BUILD)/servo/report.html \
	  --summary $(BUILD)/servo/summary.json 2>$(BUILD)/servo/stderr.log
	@scripts/check_page.sh $(BUILD)/servo/report.html "Assumptions and limits" "error-data" "velocity-data" "friction-data"
	@echo "ok   $(BUILD)/servo/report.html (fricore servo --report) loads in headless Chromium with nothing on its console"
TEST_ALL += test-servo

servo-bench: $(COSIM) $(FRICORE)
	@mkdir -p $(BUILD)/results $(BUILD)/servo-bench docs/results
	$(call msg,PY,$@) python3 scripts/servo_bench.py $(BIN) $(BUILD)/servo-bench $(BUILD)/results/servo.json docs/results/servo.md
