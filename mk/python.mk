# SPDX-License-Identifier: Apache-2.0
# The Python package fricore (pyproject.toml, python/fricore, docs/python.md).
#
#   make                 installs it into .venv (part of BUILD_ALL)
#   make test-python     its tests (python/tests, in TEST_ALL)
#   make test-doc-examples  the commands of README.md, docs/fit.md and
#                        docs/servo.md run as written (in TEST_ALL)
#   make bench-python    trace and curve over 1e6 samples against C and numpy:
#                        the Python section of docs/results/bench.md
#
# The build requirements pinned in pyproject.toml are downloaded once into
# .venv/wheelhouse (with numpy), so that the package and the sdist install
# without a network: pip install --no-index --find-links .venv/wheelhouse.

PY_BUILD_REQS := setuptools==84.2.1 cffi==2.1.1 pycparser==3.12 numpy==2.4.6
WHEELHOUSE := $(VENV)/wheelhouse
PY_STAMP := $(BUILD)/python/installed.stamp
PY_SRCS := pyproject.toml setup.py MANIFEST.in $(wildcard python/fricore/*.py) $(LIB_SRCS) \
  $(wildcard cmodel/include/*.h cmodel/generated/*.h cmodel/src/*.h) cmodel/cli/fric_version.h

$(WHEELHOUSE)/.stamp: mk/python.mk
	$(call msg,PIP,$(WHEELHOUSE)) $(VENV)/bin/pip download -q --disable-pip-version-check -d $(WHEELHOUSE) $(PY_BUILD_REQS)
	@touch $@

$(PY_STAMP): $(PY_SRCS) $(WHEELHOUSE)/.stamp
	@mkdir -p $(@D)
	$(call msg,PIP,fricore into $(VENV)) $(VENV)/bin/pip install -q --disable-pip-version-check --no-index \
	  --find-links $(WHEELHOUSE) --no-deps --force-reinstall . > $(BUILD)/python/install.log 2>&1 || \
	  { cat $(BUILD)/python/install.log; exit 1; }
	@touch $@

.PHONY: python test-python bench-python
python: $(PY_STAMP)
BUILD_ALL += python

test-python: $(PY_STAMP) $(FRICORE)
	@$(RUN_TEST) "Python package (pytest)" $(LOGS)/test-python.log env FRICORE=$(FRICORE) \
	  WHEELHOUSE=$(WHEELHOUSE) $(VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests
TEST_ALL += test-python

$(BIN)/fric-bench-trace: cmodel/bench/fric_bench_trace.c $(LIB)
	@mkdir -p $(@D)
	$(call msg,CC,$@) $(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

bench-python: $(PY_STAMP) $(BIN)/fric-bench-trace
	$(VENV)/bin/python scripts/bench_python.py $(BIN)/fric-bench-trace $(BUILD)/results/bench-python.json docs/results/bench.md

# A newcomer's path as written: every command of README.md, docs/fit.md and
# docs/servo.md (and the README's Python block) run in a scratch directory,
# outputs and warnings checked against the pages (scripts/test_doc_examples.py).
.PHONY: test-doc-examples
test-doc-examples: $(FRICORE) $(COSIM) $(PY_STAMP)
	@$(RUN_TEST) "doc examples" $(LOGS)/test-doc-examples.log python3 scripts/test_doc_examples.py $(BIN) $(VENV)/bin/python
TEST_ALL += test-doc-examples
