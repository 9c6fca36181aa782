# One command sets up and plays; one sets up and tests. The venv is made on first use.
# Two stamps: playing installs only what the app needs; testing adds pytest, hypothesis, ruff, mypy.
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

# Run It and Sets and Runs beside RLCard's UNO and Gin Rummy (issues 11 and 12), in a scratch venv
# made on first use. Pinned: the figures depend on these versions. A failed install stops nothing:
# the other figures print, then the comparison says in a line that it could not run, and why.
RLCARD_VENV := .bench/rlcard
RLCARD_STAMP := $(RLCARD_VENV)/.installed
RLCARD_LOG := .bench/rlcard-install.log
RLCARD_PACKAGES := rlcard==1.2.0 numpy==2.4.6 termcolor==3.3.0

$(RLCARD_STAMP):
	@mkdir -p .bench && rm -rf $(RLCARD_VENV)
	@echo "Installing RLCard into $(RLCARD_VENV) (first use only; log in $(RLCARD_LOG))"
	@if ($(PYTHON) -m venv $(RLCARD_VENV) && $(RLCARD_VENV)/bin/pip install \
		--disable-pip-version-check --retries 2 --timeout 30 $(RLCARD_PACKAGES)) \
		>$(RLCARD_LOG) 2>&1; then touch $@; \
	else echo "Installing RLCard failed; the RLCard comparison after the other figures says why."; fi

# Over Trump beside OpenSpiel's Oh Hell (C++), in a scratch venv kept out of the project's,
# made on first use; a failed install stops nothing, as with RLCard.
OPENSPIEL_VENV := .bench/openspiel
OPENSPIEL_STAMP := $(OPENSPIEL_VENV)/.installed
OPENSPIEL_LOG := .bench/openspiel-install.log

$(OPENSPIEL_STAMP):
	@mkdir -p .bench && rm -rf $(OPENSPIEL_VENV)
	@echo "Installing OpenSpiel into $(OPENSPIEL_VENV) (first use only; log in $(OPENSPIEL_LOG))"
	@if ($(PYTHON) -m venv $(OPENSPIEL_VENV) && $(OPENSPIEL_VENV)/bin/pip install \
		--disable-pip-version-check --retries 2 --timeout 30 open-spiel) \
		>$(OPENSPIEL_LOG) 2>&1; then touch $@; \
	else echo "Installing OpenSpiel failed; the OpenSpiel comparison says so (log in $(OPENSPIEL_LOG))."; fi

# Every figure beside its peer: the app's own, then RLCard's, then OpenSpiel's.
bench: $(DEV_STAMP) $(RLCARD_STAMP) $(OPENSPIEL_STAMP)
	$(PY) -m benchmarks
	$(PY) -m benchmarks.rlcard $(RLCARD_VENV)/bin/python $(RLCARD_LOG)
	-$(PY) -m benchmarks.openspiel $(OPENSPIEL_VENV)/bin/python

bench-openspiel: $(DEV_STAMP) $(OPENSPIEL_STAMP)
	$(PY) -m benchmarks.openspiel $(OPENSPIEL_VENV)/bin/python

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check cardtable tests benchmarks
	$(VENV)/bin/ruff format --check cardtable tests benchmarks
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
