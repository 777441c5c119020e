"""The card page importer (SPEC §3): the site's card page saved as text.

Layout: ``Key<TAB>Value`` lines (Выпуск, Стихия, Стоимость, Тип, Класс, Свойства, Иконки,
Текст, Худ. текст, Художник), then «Правила» — term definitions, each ending with a source
stamp («РП 4.1-2 от 09.11.2024»), possibly over several paragraphs — and «Дополнительные
правила»: further terms by name only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.corpus.ids import top_level
from bot.corpus.sets import KNOWN_SETS
from bot.importers.errors import ImporterError
from bot.importers.headings import kinds_from_text, parse_heading, unique
from bot.importers.merge import ImportBatch, merge_import, read_source_text, relative_file
from bot.ru import fold

RULES = "Правила"
MORE_RULES = "Дополнительные правила"
STAMP_RE = re.compile(r"\s*(РП\s+(\d+(?:[.\-]\d+)*)\s+от\s+(\d{2})\.(\d{2})\.(\d{4}))\s*$")
STAMP_RANK = 0  # the dated rules document wins over the glossary
PAGE_RANK = 2  # card pages define nothing themselves: they list terms by name
UNKNOWN_ICON = "unknown"
#: What the site's page loses: icons, from the text («-1 от .») and from «Иконки» («:1»).
LOSSY_FIELDS = frozenset({"text", "icons"})

_HEADER_KEYS = {"Выпуск", "Стихия", "Стоимость", "Тип", "Класс", "Свойства", "Иконки", "Текст",
                "Худ. текст", "Художник"}
_STATS_RE = re.compile(r"^(\d+)\s+(\d+)\s+(\d+)-(\d+)-(\d+)$")
_RELEASE_RE = re.compile(r"^(.*\S)\s+(\d+)$")


@dataclass
class CardPage:
    """A parsed card page: the card, its terms and the sources they cite."""

    card: dict[str, Any]
    terms: list[dict[str, Any]]
    sources: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def parse_card_page(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The card (a YAML-shaped dict plus ``set_id``) and the terms its page lists."""
    page = read_card_page(text)
    return page.card, page.terms


def import_card_page(path: Path, root: Path) -> str:
    """Import one card page into ``root`` (rules/, cards/); return a short English report."""
    page = read_card_page(read_source_text(path), file=relative_file(path, root))
    # The site loses icons: an empty «Иконки» line does not say the card has none, so it
    # does not clear the icons another source (the card database) gave the card.
    card = {k: v for k, v in page.card.items() if k != "icons" or v}
    batch = ImportBatch(sources=page.sources, terms=page.terms, cards=[card],
                        rules_from_terms=True, lossy=LOSSY_FIELDS)
    result = merge_import(root, batch)
    if UNKNOWN_ICON in result.cards[card["id"]].get("icons", {}):
        page.warnings.append("an icon's code is not on the page: curate the card's `icons` "
                             "and list `icons` under `curated:`")
    defined = sum(1 for t in page.terms if t.get("versions"))
    lines = [
        f"card page {path.name}: card {page.card['id']}, {defined} defined term(s), "
        f"{len(page.terms) - defined} listed by name",
        result.summary(),
        *(f"warning: {w}" for w in page.warnings),
    ]
    return "\n".join(lines)


def read_card_page(text: str, file: str | None = None) -> CardPage:
    """Parse a card page; raise :class:`ImporterError` if it is not one."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    if not any(line.strip() for line in lines):
        raise ImporterError("card page is empty")
    header, rules, more = _sections(lines)
    fields = _header_fields(header)
    page = CardPage(card={}, terms=[])
    page.warnings += [f"unknown header line {k!r} ignored" for k in fields if k not in _HEADER_KEYS]
    card = _card(fields)
    source_id = f"card-{card['id']}"
    page.sources.append(_page_source(card, source_id, file))
    page.terms += _definitions(rules, page.sources)
    page.terms += [_name_only(line, source_id) for line in more if line.strip()]
    card["rules"] = unique([t["id"] for t in page.terms], fold=False)
    card["source"] = source_id
    page.card = card
    return page


def _sections(lines: list[str]) -> tuple[list[str], list[str], list[str]]:
    marks = [line.strip() for line in lines]
    rules_at = marks.index(RULES) if RULES in marks else len(lines)
    more_at = marks.index(MORE_RULES) if MORE_RULES in marks else len(lines)
    if more_at < rules_at:
        raise ImporterError(f"«{MORE_RULES}» comes before «{RULES}»: not a card page layout")
    return lines[:rules_at], lines[rules_at + 1: more_at], lines[more_at + 1:]


def _header_fields(header: list[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in header:
        if not line.strip():
            continue
        key, _, value = line.partition("\t")
        fields[key.strip()] = value.strip()
    if "Выпуск" not in fields:
        raise ImporterError(
            "not a card page: no «Выпуск» line (expected tab-separated 'Key<TAB>Value' lines "
            "such as «Выпуск<TAB>Путь Хранителей 168»)"
        )
    return fields


def _card(fields: dict[str, str]) -> dict[str, Any]:
    set_id, set_name, number = _release(fields["Выпуск"])
    card: dict[str, Any] = {"set_id": set_id, "id": f"{set_id}-{number}", "number": number,
                            "name": placeholder_name(set_name, number)}
    if fields.get("Стихия"):
        card["element"] = fields["Стихия"]
    if fields.get("Стоимость"):
        card["cost"] = _int(fields["Стоимость"], "Стоимость")
    if fields.get("Тип"):
        card["type"] = fields["Тип"]
    if fields.get("Класс"):
        card["classes"] = [c.strip() for c in fields["Класс"].split(",") if c.strip()]
    if fields.get("Свойства"):
        card.update(_stats(fields["Свойства"]))
    card["icons"] = _icons(fields.get("Иконки", ""))
    card["text"] = fields.get("Текст", "")
    card["flavour"] = fields.get("Худ. текст", "")
    card["artist"] = fields.get("Художник", "")
    return card


def placeholder_name(set_name: str, number: int) -> str:
    """The name a card gets until it is curated (card pages do not carry the name)."""
    return f"{set_name} {number}"


def _release(value: str) -> tuple[int, str, int]:
    match = _RELEASE_RE.match(value)
    if not match:
        raise ImporterError(f"field «Выпуск»: expected '<set name> <number>', got {value!r}")
    name = fold(match.group(1))
    for card_set in KNOWN_SETS.values():
        if fold(card_set.name) == name:
            return card_set.id, card_set.name, int(match.group(2))
    raise ImporterError(f"field «Выпуск»: unknown set {match.group(1)!r} in {value!r}")


def _int(value: str, key: str) -> int:
    if not value.isdigit():
        raise ImporterError(f"field «{key}»: expected a number, got {value!r}")
    return int(value)


def _stats(value: str) -> dict[str, Any]:
    match = _STATS_RE.match(value)
    if not match:
        raise ImporterError(
            f"field «Свойства»: expected 'lives movement X-Y-Z' (e.g. '9 1 1-2-2'), got {value!r}"
        )
    lives, movement, *strike = (int(g) for g in match.groups())
    return {"lives": lives, "movement": movement, "strike": strike}


def _icons(value: str) -> dict[str, int]:
    """``:1`` is an icon whose code the page lost (its picture): recorded as ``unknown``."""
    icons: dict[str, int] = {}
    for token in value.split():
        code, sep, count = token.rpartition(":")
        if not sep or not count.isdigit():
            raise ImporterError(f"field «Иконки»: expected 'code:value' items, got {value!r}")
        icons[code.strip() or UNKNOWN_ICON] = int(count)
    return icons


def _page_source(card: dict[str, Any], source_id: str, file: str | None) -> dict[str, Any]:
    set_name = card["name"].rsplit(" ", 1)[0]
    return {"id": source_id, "title": f"Страница карты «{set_name}» {card['number']}",
            "date": None, "rank": PAGE_RANK, "file": file}


def stamp_source(stamp: str) -> dict[str, Any]:
    """«РП 4.1-2 от 09.11.2024» -> the source ``rp-4.1-2`` dated 2024-11-09."""
    match = STAMP_RE.search(stamp)
    if not match:
        raise ImporterError(f"not a source stamp: {stamp!r}")
    title, version, day, month, year = match.groups()
    return {"id": f"rp-{version}", "title": re.sub(r"\s+", " ", title), "date": f"{year}-{month}-{day}",
            "rank": STAMP_RANK}


def _definitions(lines: list[str], sources: list[dict[str, Any]]) -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = []
    block: list[str] = []
    for line in lines:
        block.append(line)
        match = STAMP_RE.search(line)
        if not match:
            continue
        block[-1] = line[: match.start()]
        source = stamp_source(match.group(1))
        if source["id"] not in {s["id"] for s in sources}:
            sources.append(source)
        terms.append(_defined_term("\n".join(block), source["id"]))
        block = []
    if any(line.strip() for line in block):
        start = next(line for line in block if line.strip())
        raise ImporterError(f"«{RULES}»: definition {start[:60]!r}… has no source stamp "
                            "(«РП <version> от <dd.mm.yyyy>»)")
    return terms


def definition_heading(text: str) -> str:
    """The first sentence of a definition, outside brackets: «Метание на X (на X-Y-Z)»."""
    for i, ch in top_level(text):
        if ch == "." and text[i + 1: i + 2] in (" ", "\n", ""):
            return text[:i].strip()
    return text.strip()


def _defined_term(raw: str, source_id: str) -> dict[str, Any]:
    text = re.sub(r"\n{3,}", "\n\n", raw.strip())
    heading = definition_heading(text)
    head = parse_heading(heading)
    return {
        "id": head.id, "name": head.name, "aliases": head.aliases,
        "abbreviations": head.abbreviations, "kinds": kinds_from_text(text, heading),
        "parameters": head.parameters,
        "versions": [{"source": source_id, "heading": heading, "text": text}],
    }


def _name_only(line: str, source_id: str) -> dict[str, Any]:
    head = parse_heading(line.strip())
    return {"id": head.id, "name": head.name, "aliases": head.aliases,
            "abbreviations": head.abbreviations, "parameters": head.parameters,
            "mentioned_in": [source_id]}
