# One command sets up and plays; one sets up and tests. The venv is made on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench bench-openspiel lint demo clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	@$(VENV)/bin/cardtable

demo: $(STAMP)
	@$(VENV)/bin/cardtable demo

test: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup -q

bench: $(STAMP)
	$(PY) -m benchmarks

# Over Trump beside OpenSpiel's Oh Hell (C++), in a scratch venv kept out of the project's.
bench-openspiel: $(STAMP)
	@test -x .bench/openspiel/bin/python || ($(PYTHON) -m venv .bench/openspiel && .bench/openspiel/bin/pip install --quiet open-spiel)
	$(PY) -m benchmarks.openspiel .bench/openspiel/bin/python

lint: $(STAMP)
	$(VENV)/bin/ruff check cardtable tests benchmarks
	$(VENV)/bin/ruff format --check cardtable tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
