"""The ability extractor on the seed cards (site text and nxt placeholders) and the nxt sample."""

import dataclasses
import json
from pathlib import Path

import pytest

from bot.corpus.abilities import (
    Ability,
    Activated,
    Attack,
    AttackBonus,
    Cell,
    Cost,
    Counters,
    Delayed,
    Discharge,
    Formation,
    Ignore,
    Incorporeal,
    Jump,
    Keyword,
    Limit,
    Manoeuvre,
    MaxLives,
    MovementBonus,
    PlayerIs,
    Protection,
    Reduction,
    Selector,
    Shot,
    Static,
    Strike,
    Teleport,
    Throw,
    Trigger,
    Unparsed,
    When,
    Wound,
    XValue,
    read_in_full,
)
from bot.importers.abilities import (
    coverage,
    coverage_report,
    extract_abilities,
    split_sentences,
)
from bot.importers.nxt_text import render_text

SAMPLE = Path(__file__).parents[2] / "fixtures" / "nxt-sample.json"
# The seed cards' text, as their pages on the site write it (cards/50-put-khraniteley.yaml).
TEXT_168 = ("Телепортация. Когда перемещается с клетки вашего третьего ряда на клетку третьего ряда "
            "противника или наоборот — метание «магмы» на 1, дальность 4 (2 раза за ход).")
TEXT_194 = ("Бестелесный: -1 от простого удара. При движении на клетку, занятую наземным существом "
            "противника — может ранить его на 1 и совершить прыжок дальностью 3, только на "
            "свободную клетку.")
SITE_194 = ("Бестелесный: -1 от . При движении на клетку, занятую наземным существом противника — "
            "может ранить его на 1 и совершить прыжок дальностью 3, только на свободную клетку.")
NXT_194 = SITE_194.replace("-1 от .", "-1 от {strike}.")
ENEMY_GROUND = Selector(side="enemy", flags=("ground",))
TAP = Cost(tap=True)


def kinds(abilities: list[Ability]) -> list[str]:
    return [a.kind for a in abilities]


def test_baalit() -> None:
    teleport, trig = extract_abilities(TEXT_168)
    assert teleport == Teleport(text="Телепортация.")
    assert isinstance(trig, Trigger)
    assert trig.when == When(event="relocate", from_=Cell(region="own_third_row"),
                             to=Cell(region="enemy_third_row"), reverse=True)
    assert trig.effects == (Throw(values=(1, 1, 1), range=4, name="магмы"),)
    assert trig.limit == Limit(count=2, per="turn")
    assert coverage([teleport, trig]) == 1.0


@pytest.mark.parametrize("text", [TEXT_194, NXT_194])
def test_ten(text: str) -> None:
    incorporeal, trig = extract_abilities(text)
    minus_one = Reduction(value=1, against=(Attack(kind="simple_strike"),))
    assert isinstance(incorporeal, Incorporeal) and incorporeal.grants == (minus_one,)
    assert trig == Trigger(
        when=When(event="move", to=Cell(occupied_by=ENEMY_GROUND)), optional=True,
        effects=(Wound(value=1, target="that"), Jump(range=3, to=Cell(free=True))),
        text=trig.text)
    assert all(a.text in text for a in (incorporeal, trig))


def test_lost_icon_is_unparsed_not_guessed() -> None:
    incorporeal, trig = extract_abilities(SITE_194)
    assert isinstance(incorporeal, Incorporeal) and kinds(list(incorporeal.grants)) == ["unparsed"]
    grant = incorporeal.grants[0]
    assert isinstance(grant, Unparsed) and "утерян" in (grant.fragment or "")
    assert not read_in_full(incorporeal) and read_in_full(trig)
    assert coverage([incorporeal, trig]) == 0.5
    (alone,) = extract_abilities("-1 от .")
    assert alone == Unparsed(text="-1 от .")


@pytest.mark.parametrize("text,expected", [
    ("Телепортация.", Teleport()),
    ("Прыжок, дальность 2.", Jump(range=2)),
    ("Манёвр.", Manoeuvre()),
    ("Бестелесное.", Incorporeal()),
    ("{tap}: Выстрел на 1-2-3, дальность 3 (1 раз за бой).",
     Activated(cost=TAP, effects=(Shot(values=(1, 2, 3), range=3),),
               limit=Limit(count=1, per="battle"))),
    ("Закрыться: Разряд на 2.", Activated(cost=TAP, effects=(Discharge(values=(2, 2, 2)),))),
    ("Метание на 1-1-2, дальность 2 (2 раза за ход).",
     Activated(effects=(Throw(values=(1, 1, 2), range=2),), limit=Limit(count=2, per="turn"))),
    ("Метание на 1-1-2, дальность 2.", Throw(values=(1, 1, 2), range=2)),
    ("-2 от выстрелов.", Reduction(value=2, against=(Attack(kind="shot"),))),
    ("Опыт в атаке 1.", Keyword(code="ova", value=1)),
    ("Защита от выстрелов.", Protection(against=(Attack(kind="shot"),))),
    ("Максимум 12 жизней.", MaxLives(value=12)),
    ("Максимум 3 жетона.", Counters(action="max", count=3, item="token")),
    ("Игнорирует защиту от летающих и защиту от выстрелов.",
     Ignore(protection=(Attack(kind="shot"),
                        Attack(kind="attack", by=Selector(flags=("flying",)))))),
])
def test_single_sentences(text: str, expected: Ability) -> None:
    (ability,) = extract_abilities(text)
    assert ability == dataclasses.replace(expected, text=text)


def test_formation_with_icon_and_name() -> None:
    for text in ("Строй: {zot} .", "Строй: Защита от метания."):
        (ability,) = extract_abilities(text)
        assert ability == Formation(grants=(Protection(against=(Attack(kind="throw"),)),),
                                    text=text)


def test_throw_with_a_delayed_effect() -> None:
    text = ("{tap}: Метание бомбы на 1 по карте на выбранной клетке, дальность 3; в начале вашего "
            "следующего хода все карты на этой клетке ранятся на 2 (воздействие взрыв )\u0001")
    (bomb,) = extract_abilities(text)
    assert isinstance(bomb, Activated) and bomb.cost == TAP and bomb.impact == "взрыв"
    throw, later = bomb.effects
    assert throw == Throw(values=(1, 1, 1), range=3, name="бомбы",
                          target=Selector(what="card", place="chosen_cell"))
    everyone = Selector(what="card", all=True, place="that_cell")
    assert later == Delayed(at=When(event="turn_start", turn="own", next=True),
                            effects=(Wound(value=2, target=everyone),))
    assert coverage([bomb]) == 1.0


def test_partly_read_sentence_keeps_the_rest_unparsed() -> None:
    text = ("Закрыться: Метание бревна на 3-4-4, дальность 2, только через свободную клетку, "
            "при этом переместиться на эту клетку.")
    (log,) = extract_abilities(text)
    assert isinstance(log, Activated)
    throw, rest = log.effects
    assert throw == Throw(values=(3, 4, 4), range=2, name="бревна")
    assert isinstance(rest, Unparsed) and (rest.fragment or "").startswith("только через свободную")
    assert coverage([log]) == 0.0
    assert coverage_report([log])["unparsed"] == [rest.fragment]


def test_a_bare_effect_with_an_unread_rest_gives_an_unparsed_entry() -> None:
    text = "Метание на 2-3-4, только по картам разной элитности."  # after 40-17
    throw, rest = extract_abilities(text)
    assert throw == Throw(values=(2, 3, 4), text=text)
    assert rest == Unparsed(fragment="только по картам разной элитности", text=text)
    assert coverage([throw, rest]) == 0.0


def test_unknown_trigger_condition_is_unparsed() -> None:
    # «размен» is no event of the vocabulary («погружение» was, until submerge was added)
    (ability,) = extract_abilities("При размене — может совершить телепортацию.")
    assert ability == Unparsed(text="При размене — может совершить телепортацию.")


def test_control_characters_nan_and_unknown_placeholders() -> None:
    assert extract_abilities("nan") == [] and extract_abilities("") == []
    assert split_sentences("А )\u0001 Б.") == ["А )", "Б."]
    (ability,) = extract_abilities("{frobnicate} на 1.")
    assert ability.kind == "unparsed" and "{frobnicate}" in ability.text
    assert coverage([]) == 1.0


def test_every_sample_card() -> None:
    cards = json.loads(SAMPLE.read_text(encoding="utf-8"))
    everything = []
    by_name = {}
    for card in cards:
        abilities = extract_abilities(render_text(card["text"]).text, card["icons"],
                                      name=card["name"])
        assert all(a.text for a in abilities)
        everything += abilities
        by_name[card["name"]] = kinds(abilities)
    assert by_name["Кочевник"] == []
    assert by_name["Ост"] == ["activated", "activated"]  # «свести … к сильному» reads (10-5)
    assert by_name["Арбалетчик"] == ["formation", "activated", "activated", "attack_bonus",
                                     "trigger", "counters"]
    assert by_name["Орк-бомбардир"] == ["activated"]
    assert by_name["Кшар"] == ["activated", "activated", "attack_bonus"]
    assert by_name["Смотритель стойла"] == ["trigger", "trigger"]
    # «потерять полет, получить движение 1 и переместиться …» reads (movement_is, 10-14)
    assert by_name["Пустынный кондор"] == ["activated"]
    report = coverage_report(everything)
    assert report["sentences"] == 15 and report["parsed"] == 15
    assert coverage(everything) == pytest.approx(1.0)


def test_paid_strikes_and_counters() -> None:
    uchr, special, bonus = extract_abilities(
        "{tap}: {uchr} на 1. {counter}{tap}: Особый удар молниеносный выпад на 3. "
        "+1 к ударам по горным.")
    assert uchr == Activated(cost=TAP, effects=(Strike(attack="through_row", values=(1, 1, 1)),),
                             text="{tap}: {uchr} на 1.")
    assert isinstance(special, Activated) and special.cost == Cost(tap=True, counters=1)
    assert special.effects == (Strike(attack="special_strike", values=(3, 3, 3),
                                      name="молниеносный выпад"),)
    assert bonus == AttackBonus(value=1, to=(Attack(kind="strike"),),
                                against=Selector(elements=("Горы",)), text=bonus.text)
    gain, per, lose, most = extract_abilities(
        "Закрыться: Получить фишку. +2 к выстрелу за каждую фишку на Арбалетчике. "
        "При выстреле теряет все фишки. Не может иметь более 4 фишек", name="Арбалетчик")
    assert isinstance(gain, Activated)
    assert gain.cost == TAP and gain.effects == (Counters(action="gain", count=1),)
    assert isinstance(per, AttackBonus)
    assert per.per == XValue(count="counter") and per.value == 2
    assert per.to == (Attack(kind="shot"),)
    assert isinstance(lose, Trigger)
    assert lose.when == When(event="attack", attack=Attack(kind="shot"))
    assert lose.effects == (Counters(action="lose", count="all"),)
    assert most == Counters(action="max", count=4, text=most.text)


def test_triggers_with_a_clear_effect() -> None:
    text = render_text(json.loads(SAMPLE.read_text(encoding="utf-8"))[3]["text"]).text
    start, step = extract_abilities(text)
    assert isinstance(start, Trigger) and isinstance(step, Trigger)
    assert start.when == When(event="turn_start", turn="own") and start.optional is True
    assert start.effects == (
        Wound(value=1, target=Selector(or_self=True, place="adjacent")),
        MovementBonus(value=1, target="target", until="end_of_your_turn"))
    assert start.impact == "щелчок хлыста"
    assert step.when == When(event="relocate", to=Cell(adjacent=True))
    assert step.effects == (Keyword(code="ova", value=1, or_increase=True,
                                    until="end_of_your_turn"),)
    (death,) = extract_abilities("При гибели метание лавки на 2, дальность 2.")
    assert isinstance(death, Trigger) and death.when == When(event="death")
    assert death.effects == (Throw(values=(2, 2, 2), range=2, name="лавки"),)


@pytest.mark.parametrize("text,expected", [
    ("Строй.", Formation()),
    ("{inc}", Incorporeal()),
    ("Трупоедство.", Keyword(code="nec")),
    ("-1 от дальних атак.", Reduction(value=1, against=(Attack(kind="attack", reach="ranged"),))),
    ("Второй игрок: начинает бой с фишкой.",
     Static(condition=PlayerIs(player="second"),
            grants=(Counters(action="start_with", count=1),))),
    ("Бестелесный: -1 от ближних атак.",
     Incorporeal(grants=(Reduction(value=1, against=(Attack(kind="attack", reach="melee"),)),))),
    ("При движении может совершить прыжок, дальность 3 (1 раз за ход).",
     Trigger(when=When(event="move"), effects=(Jump(range=3),), optional=True,
             limit=Limit(count=1, per="turn"))),
    ("-1 от атак степных карт.",
     Reduction(value=1, against=(Attack(kind="attack", by=Selector(what="card",
                                                                   elements=("Степи",))),))),
    ("При движении на клетку, занятую существом противника, может ранить его на 1.",
     Trigger(when=When(event="move", to=Cell(occupied_by=Selector(side="enemy"))),
             effects=(Wound(value=1, target="that"),), optional=True)),
    ("Закрыться: Разряд на 1 (не более 2 раз за ход).",
     Activated(cost=TAP, effects=(Discharge(values=(1, 1, 1)),),
               limit=Limit(count=2, per="turn"))),
])
def test_more_single_sentences(text: str, expected: Ability) -> None:
    (ability,) = extract_abilities(text)
    assert ability == dataclasses.replace(expected, text=text)


@pytest.mark.parametrize("text", [
    "+1 к простому удару за каждого вашего стоящего рядом Линдвурма.",
    "В начале хода противника, если рядом стоят две или более его карты может совершить прыжок, "
    "дальность 2.",
    "Прыжок.", "Метание.", "Закрыться: Удар через ряд на Х.",
    "+1 к простому удару по существам до конца хода.",
    "+1 к простому удару по существам напротив Бронтобея.",
])
def test_conditional_or_incomplete_sentences_stay_unparsed(text: str) -> None:
    assert kinds(extract_abilities(text)) == ["unparsed"]
