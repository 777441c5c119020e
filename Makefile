# Newcomers need two commands: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench clean index regen

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

# After a change to the ability extractor or vocabulary: the schema, the shipped cards and the
# unread report are generated from them (tests check all three are current).
regen: setup
	$(BIN)/python -m bot.corpus.abilities.schema
	$(BIN)/python -m bot.importers.seeds | tail -n 1
	$(BIN)/python -m bot.importers.abilities.unread --write docs/unread-abilities.md
	@grep -m1 '^\*\*' docs/unread-abilities.md
	$(BIN)/python -m bot.importers.abilities.audit measure tests/importers/abilities/audit/*.yaml | tail -n 1

bench: setup
	$(BIN)/python -m bot.bench $(if $(QUICK),--quick,)

clean:
	rm -rf $(VENV) .data build *.egg-info
