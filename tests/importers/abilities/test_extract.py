"""The ability extractor on the seed cards (site text and nxt placeholders) and the nxt sample."""

import json
from pathlib import Path

import pytest

from bot.importers.abilities import (
    coverage,
    coverage_report,
    extract_abilities,
    split_sentences,
)
from bot.importers.nxt_text import render_text

from .conftest import TEXT_168, TEXT_194

SAMPLE = Path(__file__).parents[1] / "fixtures" / "nxt-sample.json"
SITE_194 = ("Бестелесный: -1 от . При движении на клетку, занятую наземным существом противника — "
            "может ранить его на 1 и совершить прыжок дальностью 3, только на свободную клетку.")
NXT_194 = SITE_194.replace("-1 от .", "-1 от {strike}.")


def kinds(abilities: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return [a["kind"] for a in abilities]


def test_baalit() -> None:
    abilities = extract_abilities(TEXT_168)
    assert kinds(abilities) == ["teleport", "trigger"]
    assert abilities[0]["slow"] is True
    trig = abilities[1]
    assert trig["when"] == {"event": "relocate", "from": "own_third_row",
                            "to": "enemy_third_row", "reverse": True}
    assert trig["effects"] == [{"kind": "throw", "values": [1, 1, 1], "range": 4, "name": "магмы",
                                "limit": None, "tap": False}]
    assert trig["limit"] == {"count": 2, "per": "turn"}
    assert coverage(abilities) == 1.0


@pytest.mark.parametrize("text", [TEXT_194, NXT_194])
def test_ten(text: str) -> None:
    abilities = extract_abilities(text)
    assert kinds(abilities) == ["incorporeal", "attack_modifier", "trigger"]
    assert abilities[1]["value"] == -1 and abilities[1]["against"] == "simple_strike"
    trig = abilities[2]
    assert trig["when"] == {"event": "move_onto", "occupied_by": "enemy_ground"}
    assert trig["optional"] is True
    assert trig["effects"] == [
        {"kind": "wound", "value": 1, "target": "that_creature"},
        {"kind": "jump", "slow": False, "range": 3, "free_cell_only": True},
    ]
    assert all(a["text"] in text for a in abilities)


def test_lost_icon_is_unparsed_not_guessed() -> None:
    abilities = extract_abilities(SITE_194)
    assert kinds(abilities) == ["incorporeal", "unparsed", "trigger"]
    assert "утерян" in abilities[1]["fragment"]
    assert coverage(abilities) == 0.5


@pytest.mark.parametrize("text,expected", [
    ("Телепортация.", {"kind": "teleport", "slow": True}),
    ("Прыжок, дальность 2.", {"kind": "jump", "slow": True, "range": 2}),
    ("Манёвр.", {"kind": "manoeuvre"}),
    ("Бестелесное.", {"kind": "incorporeal"}),
    ("{tap}: Выстрел на 1-2-3, дальность 3 (1 раз за бой).",
     {"kind": "shot", "values": [1, 2, 3], "range": 3, "name": None,
      "limit": {"count": 1, "per": "battle"}, "tap": True}),
    ("Закрыться: Разряд на 2.", {"kind": "discharge", "values": [2, 2, 2], "range": None,
                                 "name": None, "limit": None, "tap": True}),
    ("Метание на 1-1-2, дальность 2 (2 раза за ход).",
     {"kind": "throw", "values": [1, 1, 2], "range": 2, "name": None,
      "limit": {"count": 2, "per": "turn"}, "tap": False}),
    ("-2 от выстрелов.", {"kind": "attack_modifier", "value": -2, "against": "shot"}),
    ("Опыт в атаке 1.", {"kind": "keyword", "icon": "ova", "name": "Опыт в атаке", "value": 1}),
])
def test_single_sentences(text: str, expected: dict) -> None:  # type: ignore[type-arg]
    (ability,) = extract_abilities(text)
    assert ability == {**expected, "text": text}


def test_formation_with_icon_and_name() -> None:
    for text in ("Строй: {zot} .", "Строй: Защита от метания."):
        (ability,) = extract_abilities(text)
        assert ability["kind"] == "formation"
        assert ability["grants"] == [{"kind": "keyword", "icon": "zot", "name": "Защита от метания"}]


def test_throw_with_a_delayed_effect() -> None:
    text = ("{tap}: Метание бомбы на 1 по карте на выбранной клетке, дальность 3; в начале вашего "
            "следующего хода все карты на этой клетке ранятся на 2 (воздействие взрыв )\u0001")
    throw, later = extract_abilities(text)
    assert throw["kind"] == "throw" and throw["range"] == 3 and throw["name"] == "бомбы"
    assert throw["tap"] is True and throw["target"] == "card_on_chosen_cell"
    assert later == {"kind": "delayed", "at": {"event": "turn_start", "whose": "own", "next": True},
                     "effects": [{"kind": "wound", "value": 2,
                                  "target": "all_cards_on_that_cell"}],
                     "impact": "взрыв", "text": throw["text"]}
    assert coverage([throw, later]) == 1.0


def test_partly_read_sentence_keeps_the_rest_unparsed() -> None:
    text = ("Закрыться: Метание бревна на 3-4-4, дальность 2, только через свободную клетку, "
            "при этом переместиться на эту клетку.")
    throw, rest = extract_abilities(text)
    assert throw["kind"] == "throw" and throw["values"] == [3, 4, 4] and throw["range"] == 2
    assert rest["kind"] == "unparsed" and rest["fragment"].startswith("только через свободную")
    assert coverage([throw, rest]) == 0.0


def test_unknown_trigger_condition_is_unparsed() -> None:
    (ability,) = extract_abilities("При атаке — может совершить телепортацию.")
    assert ability["kind"] == "unparsed"


def test_control_characters_nan_and_unknown_placeholders() -> None:
    assert extract_abilities("nan") == [] and extract_abilities("") == []
    assert split_sentences("А )\u0001 Б.") == ["А )", "Б."]
    (ability,) = extract_abilities("{frobnicate} на 1.")
    assert ability["kind"] == "unparsed" and "{frobnicate}" in ability["text"]
    assert coverage([]) == 1.0


def test_every_sample_card() -> None:
    cards = json.loads(SAMPLE.read_text(encoding="utf-8"))
    everything = []
    by_name = {}
    for card in cards:
        abilities = extract_abilities(render_text(card["text"]).text, card["icons"])
        for a in abilities:
            assert a["kind"] and isinstance(a["text"], str)
        everything += abilities
        by_name[card["name"]] = kinds(abilities)
    assert by_name["Кочевник"] == []
    assert by_name["Ост"] == ["unparsed", "discharge"]
    assert by_name["Арбалетчик"] == ["formation", "shot", "counters", "attack_bonus", "trigger",
                                     "counters"]
    assert by_name["Орк-бомбардир"] == ["throw", "delayed"]
    assert by_name["Кшар"] == ["strike", "strike", "attack_bonus"]
    assert by_name["Смотритель стойла"] == ["trigger", "trigger"]
    assert by_name["Пустынный кондор"] == ["unparsed"]
    report = coverage_report(everything)
    assert report["sentences"] == 15 and report["parsed"] == 13
    assert coverage(everything) == pytest.approx(13 / 15)


def test_paid_strikes_and_counters() -> None:
    uchr, special, bonus = extract_abilities(
        "{tap}: {uchr} на 1. {counter}{tap}: Особый удар молниеносный выпад на 3. "
        "+1 к ударам по горным.")
    assert uchr == {"kind": "strike", "strike": "through_row", "values": [1, 1, 1], "name": None,
                    "limit": None, "tap": True, "text": "{tap}: {uchr} на 1."}
    assert special["name"] == "молниеносный выпад" and special["cost"] == ["counter", "tap"]
    assert bonus["to"] == ["strike"] and bonus["target"] == "горным" and bonus["per"] is None
    gain, per, lose, most = extract_abilities(
        "Закрыться: Получить фишку. +2 к выстрелу за каждую фишку на Арбалетчике. "
        "При выстреле теряет все фишки. Не может иметь более 4 фишек")
    assert (gain["action"], gain["count"], gain["tap"]) == ("gain", 1, True)
    assert per["per"] == "counter" and per["value"] == 2 and per["to"] == ["shot"]
    assert lose["when"] == {"event": "attacks", "attack": "shot"}
    assert lose["effects"] == [{"kind": "counters", "action": "lose", "count": "all"}]
    assert (most["action"], most["count"]) == ("max", 4)


def test_triggers_with_a_clear_effect() -> None:
    text = render_text(json.loads(SAMPLE.read_text(encoding="utf-8"))[3]["text"]).text
    start, step = extract_abilities(text)
    assert start["when"] == {"event": "turn_start", "whose": "own"} and start["optional"] is True
    assert start["effects"] == [
        {"kind": "wound", "value": 1, "target": "self_or_adjacent"},
        {"kind": "movement_bonus", "value": 1, "target": "that_creature",
         "until": "end_of_your_turn"}]
    assert start["impact"] == "щелчок хлыста"
    assert step["when"] == {"event": "move_adjacent"}
    assert step["effects"] == [{"kind": "grant", "icon": "ova", "name": "Опыт в атаке", "value": 1,
                                "increase": 1, "until": "end_of_your_turn"}]
    (death,) = extract_abilities("При гибели метание лавки на 2, дальность 2.")
    assert death["when"] == {"event": "death"} and death["effects"][0]["range"] == 2


@pytest.mark.parametrize("text,expected", [
    ("Строй.", {"kind": "formation", "grants": []}),
    ("{inc}", {"kind": "incorporeal"}),
    ("Трупоедство.", {"kind": "keyword", "icon": "nec", "name": "Трупоедство"}),
    ("-1 от дальних атак.", {"kind": "attack_modifier", "value": -1, "against": "ranged_attack"}),
    ("Второй игрок: начинает бой с фишкой.",
     {"kind": "counters", "action": "start_with", "count": 1, "player": "second"}),
    ("Бестелесный: -1 от ближних атак.", {"kind": "incorporeal"}),
    ("При движении может совершить прыжок, дальность 3 (1 раз за ход).",
     {"kind": "trigger", "when": {"event": "move"},
      "effects": [{"kind": "jump", "slow": False, "range": 3, "free_cell_only": False}],
      "limit": {"count": 1, "per": "turn"}, "optional": True}),
    ("Закрыться: Разряд на 1 (не более 2 раз за ход).",
     {"kind": "discharge", "values": [1, 1, 1], "range": None, "name": None,
      "limit": {"count": 2, "per": "turn"}, "tap": True}),
])
def test_more_single_sentences(text: str, expected: dict) -> None:  # type: ignore[type-arg]
    ability = extract_abilities(text)[0]
    assert ability == {**expected, "text": text}


@pytest.mark.parametrize("text", [
    # teleport restricted to a row: the engine would allow any free cell — never read
    "Когда перемещается на клетку третьего ряда противника может телепортироваться на свободную "
    "клетку вашего третьего ряда, при этом получить +1 к простому удару (2 раза за бой).",
    "+1 к простому удару за каждого вашего стоящего рядом Линдвурма.",
    "-1 от атак степных карт.",
    "В начале хода противника, если рядом стоят две или более его карты может совершить прыжок, "
    "дальность 2.",
    "Прыжок.", "Метание.", "Закрыться: Удар через ряд на Х.",
    "При движении на клетку, занятую существом противника, может ранить его на 1.",
    "+1 к простому удару по существам до конца хода.",
])
def test_conditional_or_incomplete_sentences_stay_unparsed(text: str) -> None:
    assert kinds(extract_abilities(text)) == ["unparsed"]
