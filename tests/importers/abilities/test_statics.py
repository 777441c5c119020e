"""Static rules and turn-phase triggers on real card texts: tests/fixtures/ability-statics.yaml
(sentences of the berserk-nxt card base, each with its hand-written reading), read with the
card's name as the nxt import reads them (placeholders kept) and rendered."""

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.abilities import from_data, read_in_full
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities.audit import card_name, entries_of, is_canonical
from bot.importers.nxt_text import render_text

SENTENCES = Path(__file__).parents[2] / "fixtures" / "ability-statics.yaml"
ROWS: list[dict[str, Any]] = read_yaml(SENTENCES)


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_sentence(row: dict[str, Any]) -> None:
    expected = row["reading"]
    name = card_name(str(row["card"]))
    got = entries_of(row["text"], name)
    if expected == [{"kind": "unparsed"}]:
        assert not all(read_in_full(from_data({**g, "text": "x"})) for g in got)
    else:
        assert got == expected
        assert entries_of(render_text(row["text"]).text, name) == expected


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_reading_is_canonical(row: dict[str, Any]) -> None:
    assert all(is_canonical(entry, row["text"]) for entry in row["reading"])
