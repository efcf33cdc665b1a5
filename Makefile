# The two commands of the README: `make run` and `make test`. Both set everything up.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup lint bench

$(STAMP): pyproject.toml scripts/system-deps.sh
	bash scripts/system-deps.sh
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,packaging]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(PY) -m numdesk

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# A file's tests stay on one worker: module fixtures (a built bundle, a shared table)
# are made once. The slowest tests are listed so a growing suite is seen early.
# A worker that dies (a crash, or a test ended by its timeout) is not replaced: with
# --dist loadfile, pytest-xdist 3.8 can wait forever for the dead worker's files
# (pytest-dev/pytest-xdist#1378), so the run stops at once and names the test instead.
test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n auto --dist loadfile --max-worker-restart=0 --durations=20

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m numdesk.bench
