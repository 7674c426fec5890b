# Every target sets up its own virtual environment first, so each works on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test test-quick screenshots bench bench-web bench-bots train-bots bench-faults lint clean chromium

# The linter of the web client's JavaScript (ESLint, pinned in package-lock.json), installed with Node's npm.
NODE_STAMP := node_modules/.installed

TRAIN_STAMP := $(VENV)/.installed-train

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dev,rl]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/aos serve --host 127.0.0.1 --port 8000 --database-url sqlite:///aos.db

play: $(STAMP)
	$(BIN)/aos play --map rust-belt --players 3 --bots 2

# The browser tests drive the system Chromium (nothing is downloaded): install Debian's package when it is missing.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium \
	    || echo "Chromium could not be installed: the browser tests will be skipped"; \
	fi

# The server tests run a second time on PostgreSQL (tests/server/conftest.py): on the database named by
# AOS_TEST_DATABASE_URL, or else on a local cluster that scripts/local-postgres.sh installs and starts (and leaves
# running). Where that cannot be done, those variants are skipped, and the summary says why (tests/conftest.py).
test: $(STAMP) chromium
	@url="$${AOS_TEST_DATABASE_URL:-}"; why=; \
	  if [ -z "$$url" ]; then \
	    log=$$(mktemp); \
	    if url=$$(bash scripts/local-postgres.sh 2>"$$log"); then echo "PostgreSQL for the server tests: $$url"; \
	    else url=; cat "$$log" >&2; why="$$(tail -n 1 "$$log")"; fi; \
	    rm -f "$$log"; \
	  fi; \
	  echo "$(BIN)/pytest -n 2"; \
	  AOS_TEST_DATABASE_URL="$$url" AOS_TEST_NO_DATABASE="$$why" $(BIN)/pytest -n 2

# About a minute: every test but whole random games, the browser and server processes (marked slow).
test-quick: $(STAMP)
	$(BIN)/pytest -n 2 -m "not slow"

# Every map mid-game in the browser, desktop and phone width, and the table's features (the reload on one's build
# turn, discs clicked on area maps, the lobby, readability, the phone layout, the rules at hand, your record), as
# PNG files to look at (build/ is not committed). FULL=1 adds two whole games played by clicks (about 5 minutes).
SCREENSHOT_TESTS := tests/browser/test_map_panels.py tests/browser/test_every_hex.py tests/browser/test_reload_highlights.py tests/browser/test_maps.py \
  tests/browser/test_lobby_choices.py tests/browser/test_readability.py tests/browser/test_board_view.py \
  tests/browser/test_phone.py tests/browser/test_rules_at_hand.py tests/browser/test_record.py
screenshots: $(STAMP) chromium
	AOS_SCREENSHOTS=build/screenshots $(BIN)/pytest -p no:xdist -q $(SCREENSHOT_TESTS) \
	  $(if $(filter-out 0,$(FULL)),tests/browser/test_play_by_clicks.py)
	@echo "Screenshots: build/screenshots/map-*-desktop.png and map-*-phone.png (every map), reload-build-*,"
	@echo "  maps-1-area-discs-*, lobby-*, charts-legend, taiwan-readable, phone-*, tour-*, rules-*, and with FULL=1 clicks-*"

# Every benchmark runs even when one misses its target; the exit status says whether any did.
bench: $(STAMP)
	@status=0; \
	  $(BIN)/python benchmarks/run.py || status=1; \
	  $(BIN)/python benchmarks/solo_random.py || status=1; \
	  $(BIN)/python benchmarks/rl.py || status=1; \
	  exit $$status

bench-web: $(STAMP)
	$(BIN)/python benchmarks/web.py

# Two server processes on one PostgreSQL under 100 games, kill -9 of one, a PostgreSQL restart (about a minute;
# a local cluster is installed and started when AOS_TEST_DATABASE_URL is not set).
bench-faults: $(STAMP)
	url="$${AOS_TEST_DATABASE_URL:-$$(bash scripts/local-postgres.sh)}"; \
	  $(BIN)/python benchmarks/faults.py --database-url "$$url" --pg-restart "$$(bash scripts/local-postgres.sh restart-command)"

# The bots' ladder: every level against every other on every map, with ratings (results in
# benchmarks/results/bots.json, the README's table and the lobby's ratings made from it; hours on 2 cores;
# SCALE=0.1 plays a tenth of the games).
bench-bots: $(TRAIN_STAMP)
	$(BIN)/python benchmarks/bots.py --games-scale $(or $(SCALE),1)

# The hard bot's evaluator, trained again by self-play on every map (about an hour on 2 cores; GAMES=n games a map).
train-bots: $(TRAIN_STAMP)
	$(BIN)/python -m ageofsteam.bots.training --games $(or $(GAMES),300) --workers $$(nproc)

$(TRAIN_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,dev,rl,train]'
	touch $(TRAIN_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy src/ageofsteam
	node_modules/.bin/eslint --max-warnings 0 src/ageofsteam/web

clean:
	rm -rf $(VENV) node_modules build *.egg-info src/*.egg-info
