# cardlib: `make lab` opens the notebooks, `make test` passes every test; both set themselves up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= twentyfive
PORT   ?= 8866
# JupyterLab and Voila refuse to run as root without this flag.
ROOT   := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# The student's git-ignored copy of notebooks/ and exercises/: the tracked ones stay pristine.
MYWORK := mywork
GAMES  := $(sort $(basename $(notdir $(wildcard notebooks/apps/*.ipynb))))

.PHONY: lab test bench app check-game exercises chromium clean

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

# Serve the repository root so ../exercises/ links resolve; the browser and the printed URL
# both open the working copy's start page.
lab: $(VENV)/.lab
	$(BIN)/python tools/working_copy.py $(MYWORK)
	$(BIN)/jupyter lab $(ROOT) --ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/$(MYWORK)/notebooks/00_start_here.ipynb

test: $(VENV)/.dev chromium
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

bench: $(VENV)/.dev
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/satori.py
	$(BIN)/python bench/cfr.py
	$(BIN)/python bench/scout.py
	$(BIN)/python bench/loop.py

# check-game comes first so a wrong name fails before any venv set-up or Voila traceback.
app: check-game $(VENV)/.lab
	$(BIN)/voila --port=$(PORT) --no-browser notebooks/apps/$(GAME).ipynb

check-game:
	@test -f "notebooks/apps/$(GAME).ipynb" || { \
	  echo "make app: no game named '$(GAME)'; use GAME= one of: $(GAMES)" >&2; exit 1; }

exercises: $(VENV)/.dev
	$(BIN)/python tools/build_exercises.py

chromium:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

clean:
	rm -rf $(VENV) .pytest_cache
