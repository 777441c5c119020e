"""No file of the project holds a merge's conflict markers: a botched rebase once landed them
in docs/abilities.md, and every other test passed (a Markdown table with a stray line is still
a table). Cheap to check, so every text file the project ships is read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What the project writes by hand or generates, and ships.
FOLDERS = ("bot", "tests", "docs", "cases", "rules", "cards", ".ci")
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".json", ".toml", ".txt", ".cfg", ""}
#: «<<<<<<< ours», «>>>>>>> 1a2b3c (message)»: built here so this file does not match itself.
MARKER = re.compile("^(?:" + "<" * 7 + "|" + ">" * 7 + ")(?: |$)", re.MULTILINE)


def _files() -> list[Path]:
    out = [ROOT / name for name in ("README.md", "Makefile", "pyproject.toml") if (ROOT / name).is_file()]
    for folder in FOLDERS:
        out += [p for p in sorted((ROOT / folder).rglob("*"))
                if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts]
    return out


def test_no_file_holds_conflict_markers() -> None:
    found = []
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
                  for m in MARKER.finditer(text)]
    assert not found, "conflict markers left by a merge: " + ", ".join(found)


def test_the_check_sees_a_marker() -> None:
    assert MARKER.search("a\n" + "<" * 7 + " HEAD\nb\n")
    assert MARKER.search(">" * 7 + " 18cb926 (Read …)")
    assert not MARKER.search("a <<<<<<< b") and not MARKER.search("=======")
