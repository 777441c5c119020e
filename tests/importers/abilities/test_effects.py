"""Effects and targets on real card texts: tests/fixtures/ability-effects.yaml (sentences of the
berserk-nxt card base, each with its hand-written reading), read as the nxt import reads them
(placeholders kept) and rendered; and the phrase readers on their own."""

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.abilities import (
    Attack,
    Heal,
    Keyword,
    Protection,
    Reduction,
    Selector,
    Wound,
    read_in_full,
)
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities import extract_abilities
from bot.importers.abilities.attacks import genitive_attacks
from bot.importers.abilities.audit import card_name, entries_of, is_canonical
from bot.importers.abilities.effects import choose, gets
from bot.importers.abilities.frames import body
from bot.importers.abilities.modifiers import modifier
from bot.importers.abilities.selectors import described, target
from bot.importers.nxt_text import render_text

SENTENCES = Path(__file__).parents[2] / "fixtures" / "ability-effects.yaml"
ROWS: list[dict[str, Any]] = read_yaml(SENTENCES)


def _name(row: dict[str, Any]) -> str:
    return card_name(str(row["card"]))


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_sentence(row: dict[str, Any]) -> None:
    assert entries_of(row["text"], _name(row)) == row["reading"]
    assert entries_of(render_text(row["text"]).text, _name(row)) == row["reading"]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_reading_is_canonical(row: dict[str, Any]) -> None:
    assert all(is_canonical(entry, row["text"]) for entry in row["reading"])


def test_unread_rows_stay_unread() -> None:
    for row in ROWS:
        if row["reading"] == [{"kind": "unparsed"}]:
            found = extract_abilities(row["text"], name=_name(row))
            assert not any(read_in_full(a) for a in found)


@pytest.mark.parametrize(("phrase", "expected"), [
    ("каждое стоящее рядом существо противника",
     Selector(side="enemy", all=True, place="adjacent")),
    ("всех ваших существ с благословлением", Selector(side="own", all=True, having=("bls",))),
    ("до трех ваших лесных существ", Selector(side="own", up_to=3, elements=("Леса",))),
    ("вашего инквизитора", Selector(side="own", classes=("Инквизитор",))),
    ("стоящие рядом карты", Selector(what="card", all=True, place="adjacent")),
    ("атакованного", "attacked"),
    ("себя или стоящее рядом существо", Selector(or_self=True, place="adjacent")),
])
def test_targets(phrase: str, expected: object) -> None:
    assert target(phrase, plural=True) == expected


@pytest.mark.parametrize("phrase", [
    "существа",  # a genitive singular, or a plural the verb must confirm
    "существо с ранами и отравлением",  # «и» between two havings is not read
    "существо в вашем третьем ряду",  # an unknown qualifier
    "ваше существо противника",  # two sides
])
def test_targets_not_read(phrase: str) -> None:
    assert target(phrase, plural=False) is None


def test_singular_verb_never_takes_a_genitive_subject() -> None:
    """«При гибели существа получает фишку»: «существа» is the trigger's, not a subject."""
    assert gets("существа получает фишку") is None
    assert body("существа получает фишку") is None


def test_described_never_has_all() -> None:
    assert described("все летающие существа") == Selector(flags=("flying",))


@pytest.mark.parametrize(("text", "expected"), [
    ("-1 от атак степных и темных карт",
     Reduction(value=1, against=(Attack(kind="attack",
                                        by=Selector(what="card", elements=("Степи", "Тьма"))),))),
    ("защиту от всех немагических атак",
     Protection(against=(Attack(kind="attack", magic=False),))),
    ("направленный удар", Keyword(code="direct")),
    ("броню 2", Keyword(code="armor", value=2)),
])
def test_modifiers(text: str, expected: object) -> None:
    assert modifier(text) == (expected, "")


@pytest.mark.parametrize("text", [
    "проклятие 2",  # a keyword without a number takes none
    "опыт в атаке",  # … and one with a number needs it
    "-1 от немагических выстрелов",  # not said of shots
])
def test_modifiers_not_read(text: str) -> None:
    found = modifier(text)
    assert found is None or found[1] != ""


def test_attacks() -> None:
    assert genitive_attacks("выстрелов и метаний") == (
        (Attack(kind="shot"), Attack(kind="throw")), "")


@pytest.mark.parametrize(("text", "impact", "effects"), [
    ("воздействие покой излечить существо на 1", "покой", (Heal(value=1, target=Selector()),)),
    ("воздействие натравить сову ранить его на 1", "натравить сову",
     (Wound(value=1, target="that"),)),
])
def test_unquoted_names_end_before_a_verb(text: str, impact: str, effects: tuple) -> None:
    clause = body(text)
    assert clause is not None and clause.impact == impact and clause.effects == effects


def test_an_unquoted_name_ends_before_the_words_of_a_target() -> None:
    clause = body("воздействие сглаз существо получает проклятие")
    assert clause is not None and clause.impact == "сглаз"
    assert clause.effects == (Keyword(code="cur", target=Selector()),)


@pytest.mark.parametrize("text", ["выберите атакованное существо", "выбрать это существо",
                                  "выберите атакующее существо"])
def test_choosing_a_fixed_participant_is_not_read(text: str) -> None:
    # «выберите …» picks one card of a description; a participant needs no choice (and once
    # crashed the reader: IndexError)
    assert choose(text) is None
    assert all(a.kind == "unparsed" for a in extract_abilities(f"Закрыться: {text}."))
