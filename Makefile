# One command sets up and plays; one sets up and tests. The venv is made on first use.
# Two stamps: playing installs only what the app needs; testing adds pytest, hypothesis, ruff.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PLAY_STAMP := $(VENV)/.installed-play
DEV_STAMP := $(VENV)/.installed-dev
PIP := $(PY) -m pip install --quiet --disable-pip-version-check

.PHONY: play test bench bench-openspiel lint demo clean

$(PLAY_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e .
	@touch $(PLAY_STAMP)

$(DEV_STAMP): $(PLAY_STAMP)
	@$(PIP) -e '.[dev]'
	@touch $(DEV_STAMP)

play: $(PLAY_STAMP)
	@$(VENV)/bin/cardtable

demo: $(PLAY_STAMP)
	@$(VENV)/bin/cardtable demo

test: $(DEV_STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup -q

bench: $(DEV_STAMP)
	$(PY) -m benchmarks

# Over Trump beside OpenSpiel's Oh Hell (C++), in a scratch venv kept out of the project's.
bench-openspiel: $(DEV_STAMP)
	@test -x .bench/openspiel/bin/python || ($(PYTHON) -m venv .bench/openspiel && .bench/openspiel/bin/pip install --quiet open-spiel)
	$(PY) -m benchmarks.openspiel .bench/openspiel/bin/python

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check cardtable tests benchmarks
	$(VENV)/bin/ruff format --check cardtable tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
