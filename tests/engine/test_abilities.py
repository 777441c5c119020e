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


def test_partly_read_sentence_keeps_the_rest_unparsed() -> None:
    text = ("{tap}: Метание бомбы на 1 по карте на выбранной клетке, дальность 3; в начале вашего "
            "следующего хода все карты на этой клетке ранятся на 2 (воздействие взрыв )\u0001")
    throw, rest = extract_abilities(text)
    assert throw["kind"] == "throw" and throw["range"] == 3 and throw["name"] == "бомбы"
    assert throw["tap"] is True
    assert rest["kind"] == "unparsed" and "ранятся на 2" in rest["fragment"]
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
    for card in cards:
        abilities = extract_abilities(card["text"], card["icons"])
        for a in abilities:
            assert a["kind"] and isinstance(a["text"], str)
        everything += abilities
    by_name = {c["name"]: kinds(extract_abilities(c["text"])) for c in cards}
    assert by_name["Кочевник"] == []
    assert "discharge" in by_name["Ост"]
    assert by_name["Арбалетчик"][:2] == ["formation", "shot"]
    assert by_name["Орк-бомбардир"][0] == "throw"
    assert by_name["Кшар"] == ["unparsed"] * 3
    report = coverage_report(everything)
    assert report["sentences"] == 15 and report["parsed"] == 3
    assert coverage(everything) == pytest.approx(0.2)
