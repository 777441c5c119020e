import doctest

import pytest

import bot.engine.board
import bot.engine.checks
import bot.engine.notation
import bot.engine.position
import bot.engine.render
import bot.engine.rules
import bot.engine.supported
from bot.engine.board import (
    Cell,
    RuleVersion,
    all_cells,
    distance,
    is_adjacent,
    is_orthogonal_neighbour,
    orthogonal_neighbours,
    own_row,
    parse_cell,
    row_name,
)


@pytest.mark.parametrize("module", [
    bot.engine.board, bot.engine.checks, bot.engine.notation, bot.engine.position,
    bot.engine.render, bot.engine.rules, bot.engine.supported,
])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0


@pytest.mark.parametrize("token,name", [
    ("a1", "a1"), ("E6", "e6"), ("б2", "b2"), ("в6", "c6"), ("Г3", "d3"), ("д5", "e5"),
    ("с4", "c4"),  # Cyrillic «с» typed for Latin c
])
def test_cells_latin_and_cyrillic(token: str, name: str) -> None:
    assert parse_cell(token) == Cell.parse(name)
    assert str(parse_cell(token)) == name


@pytest.mark.parametrize("token", ["f7", "a0", "a7", "e9", "z1", "aa", "1a", "", "a10"])
def test_not_cells(token: str) -> None:
    assert parse_cell(token) is None
    with pytest.raises(ValueError):
        Cell.parse(token)


def test_board_is_5_by_6() -> None:
    cells = list(all_cells())
    assert len(cells) == 30 and len(set(cells)) == 30
    with pytest.raises(ValueError):
        Cell(5, 1)


def test_distance_rp_counts_no_diagonals() -> None:
    assert distance(Cell.parse("a1"), Cell.parse("c6")) == 7
    assert distance(Cell.parse("b6"), Cell.parse("c6")) == 1
    assert distance(Cell.parse("b6"), Cell.parse("e2")) == 7


def test_distance_glossary_counts_diagonals() -> None:
    assert distance(Cell.parse("a1"), Cell.parse("c6"), RuleVersion.GLOSSARY) == 5
    assert distance(Cell.parse("b6"), Cell.parse("e2"), RuleVersion.GLOSSARY) == 4


def test_adjacent_includes_diagonals_orthogonal_does_not() -> None:
    b2 = Cell.parse("b2")
    assert is_adjacent(b2, Cell.parse("c3"))
    assert not is_orthogonal_neighbour(b2, Cell.parse("c3"))
    assert is_orthogonal_neighbour(b2, Cell.parse("b3"))
    assert not is_adjacent(b2, b2)
    assert not is_adjacent(b2, Cell.parse("b4"))
    assert sum(is_adjacent(b2, c) for c in all_cells()) == 8
    assert len(orthogonal_neighbours(Cell.parse("a1"))) == 2


def test_rows_from_each_side() -> None:
    assert own_row(1, enemy=False) == 1 and own_row(6, enemy=True) == 1
    assert row_name(1) == "ваш 3-й ряд" and row_name(6) == "3-й ряд противника"


def test_engine_is_pure() -> None:
    import ast
    from pathlib import Path

    allowed = ("bot.engine", "bot.corpus.model", "bot.corpus.abilities", "bot.corpus.icons",
               "bot.ru", "bot.verdict",
               "__future__", "collections", "dataclasses", "enum", "functools", "typing", "re")
    for path in Path(bot.engine.board.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.startswith(allowed), f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", path.name
