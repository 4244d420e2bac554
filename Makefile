# cardlib: `make lab` opens the notebooks, `make test` passes every test; both set themselves up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= twentyfive
PORT   ?= 8866
# JupyterLab and Voila refuse to run as root without this flag.
ROOT   := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test bench app exercises chromium clean

$(VENV)/.lab: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[lab]'
	touch $@

$(VENV)/.dev: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[lab,dev]'
	touch $@ $(VENV)/.lab

lab: $(VENV)/.lab
	$(BIN)/jupyter lab $(ROOT) notebooks/00_start_here.ipynb

test: $(VENV)/.dev chromium
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

bench: $(VENV)/.dev
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/analysis.py

app: $(VENV)/.lab
	$(BIN)/voila --port=$(PORT) --no-browser notebooks/apps/$(GAME).ipynb

exercises: $(VENV)/.dev
	$(BIN)/python tools/build_exercises.py

chromium:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

clean:
	rm -rf $(VENV) .pytest_cache
