# Two entry points: `make run` (install + start the bot) and `make test` (install + run the tests).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

.PHONY: install run test bench simulate
install: $(VENV)/.installed

run: install
	$(PY) -m bot

test: install
	$(PY) -m pytest -q

bench: install
	$(PY) -m bench

simulate: install
	$(PY) -m engine simulate thing --players 8 --games 200 --seed 1
