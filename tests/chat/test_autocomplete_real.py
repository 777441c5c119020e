"""Autocomplete on the real lookup and shipped corpus: ranked like the lookup, within limits.

How fast it is is measured by `make bench` (autocomplete p99 at scale and on the shipped
corpus, docs/benchmarks.md), not here: a timed unit test fails on a busy machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.chat import limits as L
from bot.chat.cog import card_choices, term_choices


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from bot.commands.judge import Judge

    return Judge.open(PROJECT_ROOT, Path(tmp_path_factory.mktemp("index")))


@pytest.mark.parametrize("current", ["", "т", "тел", "телепортац", "ntktg", "дальн", "ОвЗ", "я" * 300])
def test_term_choices(judge, current: str) -> None:  # type: ignore[no-untyped-def]
    choices = term_choices(judge, current)
    assert len(choices) <= L.CHOICES
    assert all(0 < len(c.name) <= L.CHOICE_NAME and 0 < len(c.value) <= L.CHOICE_VALUE
               for c in choices)
    expected = [t.name for t in judge.lookup.complete_terms(current[: L.CHOICE_VALUE], limit=25)]
    assert [c.value for c in choices] == [L.clip(n, L.CHOICE_VALUE) for n in expected][: len(choices)]


def test_term_prefix_ranks_first(judge) -> None:  # type: ignore[no-untyped-def]
    assert term_choices(judge, "телепор")[0].value == "Телепортация"


@pytest.mark.parametrize("current", ["", "1", "16", "168", "баал", "тень", "ПХ 1", "мантикора",
                                     "вс", "ntym", "орк-"])
def test_card_choices(judge, current: str) -> None:  # type: ignore[no-untyped-def]
    choices = card_choices(judge, current)
    assert len(choices) <= L.CHOICES
    assert all(0 < len(c.name) <= L.CHOICE_NAME and 0 < len(c.value) <= L.CHOICE_VALUE
               for c in choices)
    for choice in choices:  # every value is a query the card lookup resolves
        assert judge.lookup.find_card(choice.value).best is not None, choice.value


def test_card_by_name(judge) -> None:  # type: ignore[no-untyped-def]
    first = card_choices(judge, "баал")[0]
    assert (first.name, first.value) == ("Баалит — ПХ 168", "ПХ 168")


def test_a_reprint_offers_every_print_and_bans_show(judge) -> None:  # type: ignore[no-untyped-def]
    # «Гуль»: ПХ 43 (the newest print) and ВС 39, banned in the database
    names = [c.name for c in card_choices(judge, "гуль")]
    assert names[:2] == ["Гуль — ПХ 43", "Гуль — ВС 39 ⛔"]


def test_long_names_keep_set_and_number(judge) -> None:  # type: ignore[no-untyped-def]
    for card in judge.corpus.cards.values():
        for choice in card_choices(judge, card.name)[:1]:
            assert len(choice.name) <= L.CHOICE_NAME and choice.value.split()[-1].isdigit()
