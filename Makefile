# Newcomers need two commands: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench clean index

setup: $(STAMP)

# Reinstall only when the project metadata changes, so `make setup` is quick when done.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: setup
	$(BIN)/berserk-judge

lint: setup
	$(BIN)/ruff check bot tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: setup
	$(BIN)/python -m bot.bench $(if $(QUICK),--quick,)

clean:
	rm -rf $(VENV) .data build *.egg-info
