"""The query set (queries.yaml) against the fixture corpus and the shipped corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.yamlio import read_yaml
from bot.lookup.lookup import Lookup

QUERIES: dict[str, list[dict[str, Any]]] = read_yaml(Path(__file__).with_name("queries.yaml"))


def _cases(kind: str, corpus: str) -> list[Any]:
    return [
        pytest.param(entry, id=f"{kind}:{entry['q']}")
        for entry in QUERIES[kind]
        if entry.get("only", corpus) == corpus
    ]


def check(lookup: Lookup, kind: str, entry: dict[str, Any], shipped: bool) -> None:
    items = lookup.corpus.terms if kind == "terms" else lookup.corpus.cards
    wanted = [entry["expect"]] if entry["expect"] else []
    wanted += entry.get("candidates", []) + entry.get("listed", [])
    if shipped and any(i not in items for i in wanted):
        pytest.skip("the shipped corpus lacks an id of this entry")
    query = str(entry["q"])
    match = lookup.find_term(query) if kind == "terms" else lookup.find_card(query)
    listed = [c.item.id for c in match.candidates]
    got = match.best.id if match.best else None
    assert got == entry["expect"], f"{query!r}: best {got}, candidates {listed}"
    for item_id in entry.get("candidates", []):
        assert item_id in listed, f"{query!r}: {item_id} not among {listed}"
    if "listed" in entry:
        assert listed == entry["listed"], f"{query!r}: listed {listed}"
    if "parameter" in entry:
        assert match.parameter == entry["parameter"]
    if match.best is not None:
        assert listed[0] == match.best.id
    assert len(listed) <= 5


@pytest.mark.parametrize("entry", _cases("terms", "fixture"))
def test_term_query_fixture(lookup: Lookup, entry: dict[str, Any]) -> None:
    check(lookup, "terms", entry, shipped=False)


@pytest.mark.parametrize("entry", _cases("cards", "fixture"))
def test_card_query_fixture(lookup: Lookup, entry: dict[str, Any]) -> None:
    check(lookup, "cards", entry, shipped=False)


@pytest.mark.parametrize("entry", _cases("terms", "shipped"))
def test_term_query_shipped(shipped_lookup: Lookup, entry: dict[str, Any]) -> None:
    check(shipped_lookup, "terms", entry, shipped=True)


@pytest.mark.parametrize("entry", _cases("cards", "shipped"))
def test_card_query_shipped(shipped_lookup: Lookup, entry: dict[str, Any]) -> None:
    check(shipped_lookup, "cards", entry, shipped=True)
