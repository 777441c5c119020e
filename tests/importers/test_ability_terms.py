"""A card's ``rules`` name the terms its read sentences use, beside its icons' terms."""

from pathlib import Path

import pytest

from bot.corpus.load import load_corpus
from bot.importers.ability_terms import terms_of_readings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus():  # type: ignore[no-untyped-def]
    return load_corpus(ROOT)


def test_a_term_the_text_names_is_listed_without_an_icon(corpus) -> None:  # type: ignore[no-untyped-def]
    # ВС 21 «Мантикора»: no icon of a discharge; its read text says «по существам,
    # обладающим разрядом, магическим ударом или заклинанием».
    manticore = corpus.cards["10-21"]
    assert "dsc" not in manticore.icons
    assert {"razryad", "zaklinanie"} <= set(manticore.rules)
    assert manticore in corpus.cards_using("razryad")


def test_an_unread_sentence_adds_no_term() -> None:
    assert terms_of_readings([{"kind": "unparsed", "text": "может телепортироваться"}]) == []


def test_kinds_events_codes_and_named_frames() -> None:
    readings = [
        {"kind": "activated", "instant": True, "impact": "вспышка",
         "effects": [{"kind": "lose", "codes": ["psn", "flight"]}]},
        {"kind": "trigger", "when": {"event": "valhalla"}, "effects": [{"kind": "jump", "range": 2}]},
        {"kind": "reduction", "value": 1, "against": [{"kind": "throw"}]},
    ]
    assert terms_of_readings(readings) == ["vnezapnoe-deystvie", "vozdeystvie", "otravlenie",
                                           "valkhalla", "pryzhok", "metanie"]


def test_only_terms_of_the_corpus_are_listed(corpus) -> None:  # type: ignore[no-untyped-def]
    assert all(t in corpus.terms for card in corpus.cards.values() for t in card.rules)
