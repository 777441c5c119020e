"""The glossary importer (SPEC §3): the site's page «Глоссарий терминов» saved as text.

Layout: a breadcrumb line («Главная » Правила » Глоссарий терминов»), the title, then blocks
separated by blank lines: a term's name on a line of its own, then its definition — one or
more paragraphs, some with lists (see «Возрождение», «Инкарнация X»). A block is a name when
it is one short line that is not a sentence, not a list item and does not end with a colon.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.importers.errors import ImporterError
from bot.importers.headings import kinds_from_text, parse_heading
from bot.importers.merge import ImportBatch, merge_import, read_source_text, relative_file

SOURCE_ID = "glossary"
SOURCE_TITLE = "Глоссарий терминов (сайт, без даты)"
SOURCE_RANK = 1
_MAX_NAME = 60


def glossary_source(file: str | None = None, breadcrumb: str | None = None) -> dict[str, Any]:
    source: dict[str, Any] = {"id": SOURCE_ID, "title": SOURCE_TITLE, "date": None,
                              "rank": SOURCE_RANK, "file": file}
    if breadcrumb:
        source["note"] = breadcrumb
    return source


def parse_glossary(text: str) -> list[dict[str, Any]]:
    """The glossary's terms, each with one ``glossary`` version."""
    return _read(text)[1]


def import_glossary(path: Path, root: Path) -> str:
    """Import the glossary page into ``root`` (rules/); return a short English report."""
    breadcrumb, terms = _read(read_source_text(path))
    source = glossary_source(relative_file(path, root), breadcrumb)
    batch = ImportBatch(sources=[source], terms=terms, cards=[],
                        complete_sources=frozenset({SOURCE_ID}))
    result = merge_import(root, batch)
    return f"glossary {path.name}: {len(terms)} term(s)\n{result.summary()}"


def _read(text: str) -> tuple[str, list[dict[str, Any]]]:
    blocks = _blocks(text)
    if not blocks:
        raise ImporterError("glossary page is empty")
    breadcrumb = blocks[0][0]
    if "»" not in breadcrumb:
        raise ImporterError(
            "not a glossary page: the first line should be a breadcrumb like "
            f"«Главная » Правила » Глоссарий терминов», got {breadcrumb[:80]!r}"
        )
    title_at = 1 if len(blocks[0]) == 1 else None
    body = blocks[2:] if title_at else [blocks[0][2:], *blocks[1:]]
    terms = _terms([b for b in body if b])
    if not terms:
        raise ImporterError("glossary page has no term blocks (a name line, then its definition)")
    return breadcrumb, terms


def _blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = [[]]
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.strip():
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def is_name_block(block: list[str]) -> bool:
    """One short line that is neither a sentence nor a list item nor a lead-in («…:»)."""
    if len(block) != 1:
        return False
    line = block[0]
    core = line.rstrip(".")
    return (
        len(line) <= _MAX_NAME
        and line[:1].isupper()
        and not line.endswith((":", ";"))
        and not re.search(r"[.!?]\s", core)
        and "." not in core.replace("...", "")
    )


def _terms(blocks: list[list[str]]) -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = []
    name: str | None = None
    body: list[list[str]] = []
    for block in blocks:
        if is_name_block(block) and (name is None or body):
            if name is not None:
                terms.append(_term(name, body))
            name, body = block[0], []
        elif name is None:
            raise ImporterError(f"glossary: definition text before any term name: {block[0][:60]!r}")
        else:
            body.append(block)
    if name is not None:
        if not body:
            raise ImporterError(f"glossary: term «{name}» has no definition")
        terms.append(_term(name, body))
    return terms


def _term(name: str, body: list[list[str]]) -> dict[str, Any]:
    head = parse_heading(name)
    text = "\n\n".join("\n".join(block) for block in body)
    return {
        "id": head.id, "name": head.name, "aliases": head.aliases,
        "abbreviations": head.abbreviations, "kinds": kinds_from_text(text),
        "parameters": head.parameters,
        "versions": [{"source": SOURCE_ID, "heading": name, "text": text}],
    }
