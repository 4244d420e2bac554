# cardlib: `make lab` opens the notebooks, `make test` passes every test; both set themselves up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= twentyfive
PORT   ?= 8866
# make app calls `cardlib app` (cardlib/cli.py): SEED= deals that seed on every page load (empty: a new deal
# each time); HOST=0.0.0.0 listens on the local network (see the README for what that exposes); APP_LANG=ja
# speaks Japanese; a busy PORT stops with a message (Voila never moves to another port).
SEED   ?=
HOST   ?= 127.0.0.1
APP_LANG ?=
# Voila's own kernel culling: a page closed or reloaded leaves its kernel without a connection,
# and Voila shuts it down after CULL_IDLE seconds idle (checked every CULL_EVERY seconds).
CULL_IDLE  ?= 60
CULL_EVERY ?= 15
# JupyterLab and Voila refuse to run as root without this flag.
ROOT   := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# The student's git-ignored copy of notebooks/ and exercises/: the tracked ones stay pristine.
MYWORK := mywork
GAMES  := $(sort $(basename $(notdir $(wildcard notebooks/apps/*.ipynb))))

.PHONY: lab test bench app class check-game exercises chromium postgresql printables handout clean

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

# pg_virtualenv (Debian's postgresql-common) starts a throwaway PostgreSQL cluster in a temporary folder
# (-t, even as root), exports PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE to pytest and drops the cluster
# after: the class database's tests run on it and on SQLite, and fail rather than skip without it.
test: $(VENV)/.dev chromium postgresql
	CARDLIB_REQUIRE_POSTGRES=1 pg_virtualenv -t $(BIN)/python -m pytest -n 2 --dist loadgroup -q

bench: $(VENV)/.dev
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/satori.py
	$(BIN)/python bench/cfr.py
	$(BIN)/python bench/scout.py
	$(BIN)/python bench/loop.py
	$(BIN)/python bench/classroom.py
	$(BIN)/python bench/browser.py

# check-game comes first so a wrong name fails before any venv set-up or Voila traceback.
app: check-game $(VENV)/.lab
	$(BIN)/python -m cardlib app $(GAME) --host=$(HOST) --port=$(PORT) $(if $(SEED),--seed=$(SEED)) \
	  $(if $(APP_LANG),--lang=$(APP_LANG)) --cull-idle=$(CULL_IDLE) --cull-every=$(CULL_EVERY)

# make class calls `cardlib class` (cardlib/class_command.py): students join at HOST:PORT with the class CODE
# (empty: four random letters) and play GAME (empty: each chooses); every round lands in DB; the teacher's
# dashboard is on 127.0.0.1 at PORT + 1. STUDENTS kernels start ahead of the class. (GAME's default above
# is make app's: make class leaves it out unless given.)
DB       ?= sqlite:///class.db
CODE     ?=
STUDENTS ?= 30
class: $(VENV)/.lab
	$(BIN)/python -m cardlib class $(if $(filter-out file,$(origin GAME)),--game=$(GAME)) --host=$(HOST) \
	  --port=$(PORT) --db="$(DB)" $(if $(CODE),--code=$(CODE)) $(if $(SEED),--seed=$(SEED)) \
	  $(if $(APP_LANG),--lang=$(APP_LANG)) --students=$(STUDENTS) --cull-idle=$(CULL_IDLE) --cull-every=$(CULL_EVERY)

check-game:
	@test -f "notebooks/apps/$(GAME).ipynb" || { \
	  echo "make app: no game named '$(GAME)'; use GAME= one of: $(GAMES)" >&2; exit 1; }
	@echo "$(APP_LANG)" | grep -Eq '^(en|ja)?$$' || { \
	  echo "make app: APP_LANG must be en or ja, not '$(APP_LANG)'" >&2; exit 1; }
	@echo "$(SEED)" | grep -Eq '^[0-9]*$$' || { \
	  echo "make app: SEED must be a whole number (or empty for a new deal on every load), not '$(SEED)'" >&2; exit 1; }

# One printable page a game (rules in short, reference tables, a score sheet) as PDF, by chromium.
printables: $(VENV)/.dev chromium
	$(BIN)/python tools/printables.py dist/printables

# dist/student.zip (no solutions) and dist/teacher.zip (solutions, teacher pages, printables).
handout: printables
	$(BIN)/python tools/handout.py dist

exercises: $(VENV)/.dev
	$(BIN)/python tools/build_exercises.py

# Debian's chromium for the browser tests and printables, and a CJK font so Japanese tables show.
chromium:
	@{ command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; } || { \
	  echo "Installing Debian's chromium and fonts-noto-cjk for the browser tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium fonts-noto-cjk; }

# Debian's PostgreSQL server for the class database's tests (pg_virtualenv comes with it).
postgresql:
	@{ command -v pg_virtualenv >/dev/null && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; } || { \
	  echo "Installing Debian's postgresql for the class database's tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q postgresql; }

# cardlib's light page frontend (frontend/): npm ci (the exact versions of package-lock.json), then esbuild writes
# the minified bundle, its style sheet, its icon font and THIRD-PARTY-NOTICES.txt into the cardlib template's
# static/. Only to change the frontend: the built files are committed, so `make test` and the wheel need no npm.
.PHONY: frontend
frontend:
	cd frontend && npm ci --no-audit --no-fund && npm run build

clean:
	rm -rf $(VENV) .pytest_cache dist
