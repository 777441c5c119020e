"""The case library (cases/rulings.yaml) on the shipped corpus: every case gives its ruling."""

from functools import cache

import pytest

from bot import PROJECT_ROOT
from bot.commands.case import Case, load_cases
from bot.commands.check import corpus_resolver
from bot.corpus.abilities import Cell, Jump, Limit, Throw, Trigger
from bot.corpus.load import load_corpus
from bot.corpus.model import Corpus
from bot.engine import check, rules
from bot.engine.verbs import BY_NAME, verb_for

CASES = load_cases()


@cache
def shipped() -> Corpus:
    return load_corpus(PROJECT_ROOT)


def test_library_size_and_coverage() -> None:
    assert len(CASES) >= 40
    verbs = {getattr(verb_for(c.check.split("|")[-1].split()[0]), "name", None) for c in CASES}
    assert verbs == set(BY_NAME), set(BY_NAME) - verbs
    text = " ".join(c.check for c in CASES)
    assert "168 " in text and "194 " in text
    assert sum(bool(c.expect.get("glossary")) for c in CASES) >= 5
    assert any(c.expect.get("triggers") for c in CASES if c.check.startswith("168"))
    assert any(c.expect.get("triggers") for c in CASES if c.check.startswith("194"))


@pytest.mark.parametrize("case", CASES, ids=[f"case{c.number}" for c in CASES])
def test_case(case: Case) -> None:
    _, result = check(case.check, corpus_resolver(shipped()))
    expect = case.expect
    assert result.verdict == expect["verdict"], result.reasons
    if "value" in expect:
        assert result.value == expect["value"]
    if "triggers" in expect:
        assert len(result.triggers) == expect["triggers"], result.triggers
    if "glossary" in expect:
        glossary = expect["glossary"]
        if glossary is None:
            assert result.other_versions == ()
        else:
            other = result.other_versions[0]
            assert other.verdict == glossary["verdict"]
            if "value" in glossary:
                assert other.value == glossary["value"]
    if "says" in expect:
        assert any(expect["says"] in r for r in result.reasons), result.reasons
    if "cites" in expect:
        assert set(expect["cites"]) <= {c.term for c in result.citations}, result.citations
    assert result.citations, "every verdict cites a rule"
    # Judge.warm prepares the quotes of these terms only
    assert {c.term for c in result.citations} <= rules.CITED, result.citations
    assert result.reasons


def test_seed_cards_carry_their_abilities() -> None:
    cards = shipped().cards
    baalit, ten = cards["50-168"], cards["50-194"]
    assert [a.kind for a in baalit.abilities] == ["teleport", "trigger"]
    trig = baalit.abilities[1]
    assert isinstance(trig, Trigger)
    assert trig.effects == (Throw(values=(1, 1, 1), range=4, name="магмы"),)
    assert trig.limit == Limit(count=2, per="turn")
    assert [a.kind for a in ten.abilities] == ["incorporeal", "trigger"]
    move = ten.abilities[1]
    assert isinstance(move, Trigger) and move.effects[1] == Jump(range=3, to=Cell(free=True))
