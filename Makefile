# Two commands on a fresh clone (only Python 3 needed):
#   make site   set up, check every scenario, build the site into site/
#   make test   set up and run the whole test suite (then the engine's and formats' tests on the reference paths alone)
#   make serve  preview the site at http://127.0.0.1:8000/ while editing (another port: make serve PORT=8001)
# (make lint: ruff with bugbear, mypy, and the translators' template and catalogs current; .ci/run runs it before the tests)
#   make pot    extract messages.pot from the code and update the catalogs (docs/authoring.md, translating)
PY ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test lint bench check serve clean pot zensical

# setup.py and the C source too: `pip install -e` builds the optional accelerator in place
$(STAMP): pyproject.toml setup.py tavla_docs/formats/jsonl/_speedups.c
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/tavla-docs build

check: $(STAMP)
	$(BIN)/tavla-docs check

# The engine's and the formats' tests run a second time on the reference paths alone
# (TAVLA_DOCS_PURE=1: no speed layer of engine/fast/ or formats/jsonl/; docs/architecture.md).
PURE_TESTS := tests/engine tests/formats tavla_docs/engine tavla_docs/formats
# The suite on every core (pytest-xdist, at most 4 workers; each has its own temporary folders and
# caches). `make test PYTEST_WORKERS=` runs it in one process.
PYTEST_WORKERS ?= --numprocesses=auto --maxprocesses=4

test: $(STAMP)
	$(BIN)/python scripts/ensure_chromium.py
	$(BIN)/python scripts/ensure_pango.py
	$(BIN)/python scripts/ensure_axe.py
	-$(MAKE) --no-print-directory zensical  # where it does not install, tests/site/test_zensical.py is skipped
	TAVLA_DOCS_PURE=0 $(BIN)/pytest -q $(PYTEST_WORKERS)  # the fast paths, even where the shell exported the switch
	TAVLA_DOCS_PURE=1 $(BIN)/pytest -q $(PYTEST_WORKERS) $(PURE_TESTS)

# Zensical in a venv of its own, with tavla-docs (the `tavla-docs` Markdown extension): never in .venv,
# whose MkDocs it must not change. tests/site/test_zensical.py builds the project with it.
ZVENV := .venv-zensical
$(ZVENV)/.installed: pyproject.toml setup.py
	$(PY) -m venv $(ZVENV)
	$(ZVENV)/bin/pip install --quiet zensical
	$(ZVENV)/bin/pip install --quiet -e .
	touch $@

zensical: $(ZVENV)/.installed

lint: $(STAMP)
	$(BIN)/ruff check tavla_docs tests benchmarks scripts conftest.py
	$(BIN)/mypy
	$(BIN)/tavla-docs translations --check

# The translators' template from the code (babel.cfg, [tool.babel.extract_messages] in pyproject.toml),
# then each catalog brought in step with it (new messages empty, gone ones removed; nothing marked fuzzy).
pot: $(STAMP)
	$(BIN)/pybabel -q extract
	$(BIN)/pybabel -q update -i tavla_docs/site/locales/messages.pot -d tavla_docs/site/locales --no-fuzzy-matching --ignore-obsolete

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# --dirty: a save rebuilds only the pages that depend on it (tavla_docs/site/build/incremental.py);
# `make serve SERVE_FLAGS=` rebuilds every page on each save.
SERVE_FLAGS ?= --dirty
serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve $(SERVE_FLAGS) --dev-addr 127.0.0.1:$(PORT)

clean:
	rm -rf $(VENV) $(ZVENV) site .tavla-cache .site.tmp-* .site.old-* .site.lock
