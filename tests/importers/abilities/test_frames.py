"""Frames on real card texts: tests/fixtures/ability-frames*.yaml (sentences of the berserk-nxt card
base, each with its hand-written reading), read with the card's name as the nxt import reads
them (placeholders kept) and rendered; and the frame parts on their own."""

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.abilities import (
    Attack,
    Has,
    InRow,
    Limit,
    Lives,
    Nearby,
    Selector,
    Squad,
    State,
    TurnIs,
    When,
    XValue,
    from_data,
    read_in_full,
    to_data,
)
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities import extract_abilities, split_sentences
from bot.importers.abilities.audit import card_name, entries_of, is_canonical
from bot.importers.abilities.conditions import condition
from bot.importers.abilities.frames import split_cost
from bot.importers.abilities.parts import cap, limit, x_value
from bot.importers.abilities.text import SELF, mark_name
from bot.importers.abilities.triggers import whens
from bot.importers.nxt_text import render_text

# ability-frames.yaml and every ability-frames-<shape>.yaml beside it (one file per shape group).
SENTENCES = sorted((Path(__file__).parents[2] / "fixtures").glob("ability-frames*.yaml"))
ROWS: list[dict[str, Any]] = [row for path in SENTENCES for row in read_yaml(path)]


def _name(row: dict[str, Any]) -> str:
    return card_name(str(row["card"]))


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_sentence(row: dict[str, Any]) -> None:
    expected = row["reading"]
    got = entries_of(row["text"], _name(row))
    if expected == [{"kind": "unparsed"}]:
        assert not all(read_in_full(from_data({**g, "text": "x"})) for g in got)
    else:
        assert got == expected
        assert entries_of(render_text(row["text"]).text, _name(row)) == expected


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['card']}:{r['text'][:30]}" for r in ROWS])
def test_reading_is_canonical(row: dict[str, Any]) -> None:
    assert all(is_canonical(entry, row["text"]) for entry in row["reading"])


@pytest.mark.parametrize(("text", "sentences"), [
    ("{tap}: Разряд на 1-2-2, дальность 5.В конце хода противника ранить его на 1",
     ["{tap}: Разряд на 1-2-2, дальность 5.", "В конце хода противника ранить его на 1"]),
    ("Строй: {ovz} 1Когда получает благословление", ["Строй: {ovz} 1", "Когда получает благословление"]),
    ("Телепортация. {tap}: Выстрел на 1.", ["Телепортация.", "{tap}: Выстрел на 1."]),
    ("Вампиризм. Максимум 8 {health} В начале хода противника ранить его на 1.",  # 50-109
     ["Вампиризм.", "Максимум 8 {health}", "В начале хода противника ранить его на 1."]),
    ("Разряд на 2-3-3, дальность 4.", ["Разряд на 2-3-3, дальность 4."]),
])
def test_sentences_split_at_a_glued_dot_or_digit(text: str, sentences: list[str]) -> None:
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(("sentence", "name", "marked"), [
    ("ранить Глорма на 1", "Глорм", f"ранить {SELF} на 1"),
    ("При ближнем ударе по Слизи ранить атаковавшего на 1", "Слизь",
     f"При ближнем ударе по {SELF} ранить атаковавшего на 1"),
    ("выстрел плевок слизью на 1", "Слизь", "выстрел плевок слизью на 1"),  # not capitalised
    ("При ударе по Древнему огру он получает", "Древний огр", f"При ударе по {SELF} он получает"),
    ("все атаки по Проклятому Доспеху", "Проклятый доспех", f"все атаки по {SELF}"),
    ("Гоблины получают", "Гоблин", "Гоблины получают"),  # another number: a class, not the card
])
def test_the_cards_own_name_in_any_case(sentence: str, name: str, marked: str) -> None:
    assert mark_name(sentence, name) == marked


def test_a_fragment_keeps_the_cards_name() -> None:
    text = "Закрыться: Выстрел на 1, при этом Глорм делает что-то неведомое."
    (ability,) = extract_abilities(text, name="Глорм")
    assert ability.kind == "activated" and not read_in_full(ability)
    fragment = to_data(ability)["effects"][-1]
    assert fragment == {"kind": "unparsed", "fragment": "глорм делает что-то неведомое"}


@pytest.mark.parametrize(("prefix", "cost", "instant", "lim"), [
    ("фишка, закрыться: выстрел на 2", {"tap": True, "counters": 1}, False, None),
    ("x фишек, закрыться: разряд на x", {"tap": True, "counters": "X"}, False, None),
    ("3 фишки: разряд на 3", {"counters": 3}, False, None),
    ("жетон, закрыться: выстрел на 1", {"tap": True, "tokens": 1}, False, None),
    ("внезапное действие: закрыться: ранить его на 1", {"tap": True}, True, None),
    ("закрыть стоящее рядом ваше существо: переместиться на соседнюю клетку",
     {"close": {"side": "own", "place": "adjacent"}}, False, None),
    ("1 раз за ход: выстрел на 1", {}, False, Limit(count=1, per="turn")),
])
def test_cost_prefixes(prefix: str, cost: dict[str, Any], instant: bool,
                       lim: Limit | None) -> None:
    found = split_cost(prefix)
    assert found is not None
    got, is_instant, got_limit, _ = found
    assert to_data(got) == cost and is_instant == instant and got_limit == lim


def test_no_cost_prefix() -> None:
    assert split_cost("закрыться") is None
    assert split_cost("выстрел на 1: закрыться") is None


@pytest.mark.parametrize(("text", "when"), [
    ("при сильном простом ударе", When(event="attack", attack=Attack(
        kind="simple_strike", strength=("strong",)))),
    ("при среднем или сильном простом ударе", When(event="attack", attack=Attack(
        kind="simple_strike", strength=("medium", "strong")))),
    ("при дальней атаке", When(event="attack", attack=Attack(kind="attack", reach="ranged"))),
    ("при нападении простым ударом", When(event="assault", attack=Attack(kind="simple_strike"))),
    ("при гибели вашего существа", When(event="death", subject=Selector(side="own"))),
    ("при промахе вашего существа в ваш ход", When(event="miss", subject=Selector(side="own"),
                                                    turn="own")),
    ("после нападения", When(event="assault", timing="after")),
    ("когда получает раны", When(event="wounded")),
    ("когда выступает защитником", When(event="defend")),
    ("в начале вашего хода", When(event="turn_start", turn="own")),
    ("в конце хода", When(event="turn_end", turn="any")),
    ("до набора отряда", When(event="before_recruit")),
    (f"при атаке по {SELF}", When(event="attacked", attack=Attack(kind="attack"))),
])
def test_trigger_phrases(text: str, when: When) -> None:
    readings = [w for w, rest in whens(text + " получить фишку") if rest == " получить фишку"]
    assert readings[0] == when


def test_a_noun_phrase_in_the_wrong_case_is_no_subject() -> None:
    # «ваше существо» is the subject of «получает», not whose death it is
    for when, _rest in whens("при гибели ваше существо получает 2 дополнительные жизни"):
        assert when.subject == "self"


@pytest.mark.parametrize(("text", "expected"), [
    ("не имеет ран", State(flags=("unwounded",))),
    ("хозяин закрыт", State(subject="host", flags=("closed",))),
    ("имеет проклятие", Has(having=("cur",))),
    (f"на {SELF} нет фишки", Has(having=("counter",), negated=True)),
    ("в вашем отряде есть лес или река",
     Squad(selector=Selector(what="terrain", classes=("Лес", "Река")))),
    ("в отряде противника нет летающих существ",
     Squad(side="enemy", selector=Selector(flags=("flying",)), negated=True)),
    ("стоит в вашем третьем ряду", InRow(rows=(3,))),
    ("находится во 2 или 3 ряду", InRow(rows=(2, 3))),
    ("имеет 5 или менее жизней", Lives(at_most=5)),
    ("в ход противника", TurnIs(turn="enemy")),
    ("в строю с двумя или более существами", Nearby(place="in_formation", min=2)),
    ("рядом стоит ваше существо без ран",
     Nearby(place="adjacent", selector=Selector(side="own", flags=("unwounded",)))),
])
def test_conditions(text: str, expected: object) -> None:
    assert condition(text) == expected


@pytest.mark.parametrize("text", ["в отряде есть лес", "стоит в строю с элитным существом и",
                                  "имеет что-то", "рядом стоят все ваши существа"])
def test_unknown_conditions(text: str) -> None:
    assert condition(text) is None


def test_limits_caps_and_x() -> None:
    assert limit("не более 2 раз за ход") == Limit(count=2, per="turn")
    assert limit("до 2 раз в ход") == Limit(count=2, per="turn")
    assert limit("один раз за бой") == Limit(count=1, per="battle")
    assert limit("2 раза за ход для каждого существа") == Limit(count=2, per="turn", each=True)
    assert limit("1 раз за бой для каждого ряда") is None
    assert cap("максимум +2") == 2 and cap("максимум до 3") == 3 and cap("максимум") is None
    assert x_value(f"число ран на {SELF}") == XValue(count="wound")
    assert x_value("величина этого удара") == XValue(count="strike")
    assert x_value("количество стоящих рядом карт противника") == XValue(
        count="cards", of=Selector(what="card", side="enemy", place="adjacent"))
    assert x_value("число существ") is None
