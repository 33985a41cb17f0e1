# The two commands a newcomer needs: `make demo` and `make test`. Each does its own set-up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
NPM    := tools/npm
OUT    ?= demo-output
PYTEST_ARGS ?=

.PHONY: demo test install install-dev npm browser lint imports typecheck pytest nbval schemas notebooks bench mutate clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "sofia_nb needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.core: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[context]'
	touch $@

# The install itself puts jupyter/overrides.d/sofia_nb.json (widget state saved with the notebook)
# where the venv's JupyterLab reads it, as it does for a pip user (the wheel's shared data).
$(VENV)/.dev: pyproject.toml jupyter/overrides.d/sofia_nb.json | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[all,dev]'
	touch $@

install: $(VENV)/.core
install-dev: $(VENV)/.dev npm browser

# Reference MCP servers and the Copilot CLI, pinned by package-lock.json, into tools/npm/node_modules.
npm: $(NPM)/node_modules/.stamp
$(NPM)/node_modules/.stamp: $(NPM)/package.json $(NPM)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  cd $(NPM) && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.stamp; \
	else echo "npm not found: tests that need the reference MCP servers will be skipped"; fi

# Debian's Chromium for the real-browser UI test (never a browser download). Where it cannot be
# installed (not root, no apt) the UI test is skipped with the reason.
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1) \
	  || echo "could not install chromium: the UI browser test will be skipped"; \
	else echo "chromium not installed and apt-get unavailable: the UI browser test will be skipped"; fi

# The bundled demo, headless: the whole workshop (01_workshop), then the Ralph loop on its plan
# (02_develop) until the PoC's tests pass. Everything lands in $(OUT).
$(VENV)/.demo: pyproject.toml jupyter/overrides.d/sofia_nb.json | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[context,ui,batch]'
	touch $@

demo: $(VENV)/.demo
	@rm -rf $(OUT) && mkdir -p $(OUT)
	SOFIA_HOME=$(CURDIR)/$(OUT)/.sofia $(BIN)/sofia-nb run notebooks/01_workshop.ipynb --cwd $(OUT) \
	  --output $(OUT)/01_workshop.ipynb --timeout 300
	SOFIA_HOME=$(CURDIR)/$(OUT)/.sofia $(BIN)/sofia-nb run notebooks/02_develop.ipynb --cwd $(OUT) \
	  --output $(OUT)/02_develop.ipynb --timeout 300
	@echo "executed notebooks: $(CURDIR)/$(OUT)/01_workshop.ipynb $(CURDIR)/$(OUT)/02_develop.ipynb"
	@echo "export folder:      $$(ls -d $(CURDIR)/$(OUT)/exports/*)"
	@echo "proof of concept:   $$(ls -d $(CURDIR)/$(OUT)/poc/*)"
	@echo "sofia-nb:           $(CURDIR)/$(BIN)/sofia-nb  (or '. $(BIN)/activate' to put it on PATH)"

lint: $(VENV)/.dev
	$(BIN)/ruff check sofia_nb tests benchmarks tools/mutate.py
	$(BIN)/ruff format --check sofia_nb tests benchmarks tools/mutate.py

# The layer rules of docs/architecture.md §1 (import-linter contracts in pyproject.toml).
imports: $(VENV)/.dev
	$(BIN)/lint-imports --no-cache

typecheck: $(VENV)/.dev
	$(BIN)/mypy

pytest: install-dev
	$(BIN)/pytest $(PYTEST_ARGS)

# The notebooks are committed with the outputs of a headless demo run; nbval re-runs them and
# fails when what they show changes (volatile values: notebooks/nbval-sanitize.cfg).
NBVAL_HOME := $(shell mktemp -d -u /tmp/sofia-nbval-XXXXXX)
nbval: install-dev
	SOFIA_NB_HEADLESS=1 SOFIA_HOME=$(NBVAL_HOME) $(BIN)/pytest --nbval notebooks/*.ipynb \
	  --nbval-sanitize-with notebooks/nbval-sanitize.cfg -p no:cacheprovider -o testpaths=notebooks

# Re-execute the notebooks in place (headless, demo provider) to refresh their stored outputs.
notebooks: $(VENV)/.dev
	cd notebooks && for nb in 0*.ipynb; do \
	  SOFIA_NB_HEADLESS=1 SOFIA_HOME=$(NBVAL_HOME) ../$(BIN)/jupyter nbconvert --to notebook --execute \
	    --inplace --ExecutePreprocessor.timeout=300 --ExecutePreprocessor.kernel_name=python3 "$$nb" || exit 1; \
	done

test: install-dev lint imports typecheck pytest nbval
	@echo "sofia-nb: $(CURDIR)/$(BIN)/sofia-nb  (or '. $(BIN)/activate' to put it on PATH)"

# Mutation testing of the safety-critical modules, one module at a time with its own tests,
# resumable (state in mutants/); not part of `make test`. MODULES="redact consent" for some.
$(VENV)/.mutation: pyproject.toml | $(VENV)/.dev
	$(BIN)/python -m pip install -q -e '.[all,dev,mutation]'
	touch $@

mutate: $(VENV)/.mutation npm
	$(BIN)/python tools/mutate.py $(MODULES)

schemas: $(VENV)/.dev
	$(BIN)/python -m sofia_nb.cli.schemas docs/schemas

clean:
	rm -rf $(VENV) $(NPM)/node_modules $(OUT) .pytest_cache .mypy_cache .ruff_cache
