"""The extractor on real card texts: tests/fixtures/ability-sentences.yaml (60 sentences of the
berserk-nxt card base), read as the nxt import reads them (placeholders kept) and rendered."""

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.yamlio import read_yaml
from bot.importers.abilities import coverage, extract_abilities
from bot.importers.nxt_text import render_text

SENTENCES = Path(__file__).parents[1] / "fixtures" / "ability-sentences.yaml"
ROWS: list[dict[str, Any]] = read_yaml(SENTENCES)

#: Share of the set read in full: 35 of 60 (58.3%) with bot/importers/abilities.py of
#: 2026-11-30 (the extractor before it read 14 of 60). Raise it when the extractor learns more.
COVERAGE_FLOOR = 35 / 60


def _extract(text: str) -> list[dict[str, Any]]:
    return extract_abilities(text)


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_sentence(row: dict[str, Any]) -> None:
    abilities = _extract(row["text"])
    assert len({a["text"] for a in abilities}) == 1, "one sentence per row"
    assert [a["kind"] for a in abilities] == row["kinds"]
    rendered = extract_abilities(render_text(row["text"]).text)
    assert [a["kind"] for a in rendered] == row["kinds"], "the rendered text reads the same"
    for key, value in (row.get("expect") or {}).items():
        assert abilities[0][key] == value, key


def test_set_size_and_coverage() -> None:
    assert 40 <= len(ROWS) <= 60
    everything = [a for row in ROWS for a in _extract(row["text"])]
    assert coverage(everything) >= COVERAGE_FLOOR
