"""docs/abilities.md: every YAML example is a reading of a real sentence of the card database,
written in its canonical form."""

import json
import re
from functools import cache
from typing import Any

import pytest
import yaml

from bot import PROJECT_ROOT
from bot.corpus.abilities import from_data, read_in_full, to_data
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities import extract_abilities, split_sentences
from bot.importers.nxt_text import render_text

DOC = PROJECT_ROOT / "docs" / "abilities.md"
DB = PROJECT_ROOT / "cards" / "sources" / "berserk-nxt-data.json"
BLOCKS: list[Any] = [yaml.safe_load(b) for b in
                     re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


@cache
def database_sentences() -> frozenset[str]:
    """Every ability sentence of the database, rendered as the nxt import stores it, and of
    the shipped cards (the seed cards' text is their page's)."""
    records = json.loads(DB.read_text(encoding="utf-8"))
    shipped = [c.get("text", "") for path in (PROJECT_ROOT / "cards").glob("*.yaml")
               for c in read_yaml(path)["cards"]]
    return frozenset(render_text(s).text for text in
                     [str(r.get("text") or "") for r in records] + shipped
                     for s in split_sentences(text))


def test_the_doc_has_examples() -> None:
    assert len(BLOCKS) >= 15


@pytest.mark.parametrize("block", BLOCKS, ids=[str(i) for i in range(len(BLOCKS))])
def test_example_is_canonical_and_real(block: Any) -> None:
    assert isinstance(block, list) and block
    for entry in block:
        assert to_data(from_data(entry)) == entry, "not in canonical form"
        assert list(entry)[:2] == ["kind", "text"]
        assert entry["text"] in database_sentences(), entry["text"]


@pytest.mark.parametrize("block", BLOCKS, ids=[str(i) for i in range(len(BLOCKS))])
def test_where_the_extractor_reads_an_example_it_reads_it_as_written(block: Any) -> None:
    """The doc is a small golden set: a sentence the extractor reads in full must read exactly
    as the doc writes it."""
    for text in dict.fromkeys(entry["text"] for entry in block):
        found = extract_abilities(text)
        if all(read_in_full(a) for a in found):
            assert [to_data(a) for a in found] == [e for e in block if e["text"] == text]
