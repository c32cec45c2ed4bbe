# Two entry points: `make run` (install + start the bot) and `make test` (install + run the tests);
# `make play` tries Keeper on a local table in the browser, without Discord.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# the bot's runtime dependencies only
$(VENV)/.installed-run: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e .
	touch $@

# the bot plus the test tools
$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed-run

# the bot plus SimCord's browser preview (the `play` extra)
$(VENV)/.installed-play: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[play]'
	touch $@ $(VENV)/.installed-run

.PHONY: install run test bench simulate play
install: $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(PY) -m bot

play: $(VENV)/.installed-play
	$(PY) -m bot.play

test: $(VENV)/.installed-test
	$(PY) -m pytest -q

bench: $(VENV)/.installed-test
	$(PY) -m bench

simulate: $(VENV)/.installed-run
	$(PY) -m engine simulate thing --players 8 --games 200 --seed 1
