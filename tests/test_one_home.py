"""Issue 13: each shared vocabulary has one home, and the layers of docs/architecture.md hold.

These read the source: a copy of the ё fold, the plural rule or the ellipsis cut written
again outside ``bot/ru.py``, or an import up the layers, fails here rather than in a review.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot import ru

BOT = Path(__file__).resolve().parents[1] / "bot"

#: Layers, lowest first, as docs/architecture.md draws them. A module of a higher layer may
#: import a lower one, never the reverse. The command-line modules of a package are the CLI.
LAYERS = {
    "ru": 0, "verdict": 0, "dbschema": 0, "corpus": 1, "importers": 2, "engine": 2, "lookup": 2,
    "picture": 3, "rulings": 3, "answers": 4, "commands": 5, "chat": 6, "cli": 6, "console": 6,
    "bench": 6, "__main__": 7,
}
CLI_MODULES = ("rulings/cli.py", "importers/cli.py")


def _sources() -> list[tuple[str, str]]:
    out = []
    for path in sorted(BOT.rglob("*.py")):
        rel = path.relative_to(BOT).as_posix()
        out.append((rel, path.read_text(encoding="utf-8")))
    return out


def _layer(rel: str) -> int | None:
    if rel in CLI_MODULES:
        return LAYERS["cli"]
    return LAYERS.get(rel.split("/")[0].removesuffix(".py"))


def _runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """``bot.*`` modules imported outside ``if TYPE_CHECKING:`` blocks, with their lines."""
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                   for stmt in node.body for n in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "bot" else [f"bot.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found += [(node.lineno, n) for n in names if n.startswith("bot.")]
    return found


def test_no_module_imports_a_higher_layer() -> None:
    upward = []
    for rel, text in _sources():
        mine = _layer(rel)
        if mine is None:
            continue
        for line, module in _runtime_imports(ast.parse(text)):
            theirs = LAYERS.get(module.split(".")[1])
            if theirs is not None and theirs > mine:
                upward.append(f"{rel}:{line} imports {module}")
    assert not upward


@pytest.mark.parametrize(("what", "pattern"), [
    ("the ё fold (bot.ru.fold)", r"""\.replace\(["']ё["'], ["']е["']\)"""),
    ("the plural rule (bot.ru.plural)", r"% 10 == 1"),
    ("the ellipsis cut (bot.ru.clip)", r"""\[: ?(?:max\()?[\w.]+ - 1(?:, 0\))?\] \+ ["']…["']"""),
])
def test_written_once_in_ru(what: str, pattern: str) -> None:
    rx = re.compile(pattern)
    copies = [rel for rel, text in _sources() if rel != "ru.py" and rx.search(text)
              and not rel.startswith("bench/")]  # the benchmark makes typed variants, not folds
    assert not copies, f"{what} is written again in {copies}"


def test_lookup_logic_reads_the_kind_not_its_label() -> None:
    """``how`` is the label a candidate shows; which hits are which is decided by ``Kind``."""
    text = (BOT / "lookup" / "lookup.py").read_text(encoding="utf-8")
    assert not re.search(r"\.how ?[=!]=", text)


def test_plural_chooses_any_value_by_the_russian_rule() -> None:
    assert [ru.plural(n, "one", "few", "many") for n in (1, 3, 5, 11, 21, 104)] == [
        "one", "few", "many", "many", "one", "few"]
    assert ru.plural(2, ("nom", False), ("gen", False), ("gen", True)) == ("gen", False)


def test_clip_and_echo_cut_the_same_way() -> None:
    assert ru.clip("абвгд", 5) == "абвгд" and ru.clip("абвгде", 5) == "абвг…"
    assert ru.clip("абв", 0) == "…"
    assert ru.echo("абвгде", 5) == ru.clip("абвгде", 5)
