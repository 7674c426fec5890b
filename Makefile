# Every target sets up its own virtual environment first, so each works on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test bench bench-web lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/aos serve --host 127.0.0.1 --port 8000 --database-url sqlite:///aos.db

play: $(STAMP)
	$(BIN)/aos play --map rust-belt --players 3 --bots 2

test: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

bench-web: $(STAMP)
	$(BIN)/python benchmarks/web.py

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src/ageofsteam/engine src/ageofsteam/board src/ageofsteam/rules

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
