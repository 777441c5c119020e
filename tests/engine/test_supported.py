"""The engine's one list of what `!check` applies of a card's abilities."""

import pytest

from bot.corpus.abilities import (
    Ability,
    Activated,
    AdjacentTargets,
    Attack,
    AttackBonus,
    Cannot,
    Cell,
    Choice,
    Cost,
    Counters,
    Diagonal,
    Ignore,
    Jump,
    Keyword,
    MovementBonus,
    OntoOccupied,
    Protection,
    RangeBonus,
    RangeIs,
    Reduction,
    Selector,
    Shot,
    State,
    Static,
    Swap,
    SwapTwo,
    Teleport,
    Throw,
    Trigger,
    Unparsed,
    When,
    Wound,
)
from bot.engine.supported import applied

ONTO = When(event="move", to=Cell(occupied_by=Selector(side="enemy", flags=("ground",))))
ROWS = When(event="relocate", from_=Cell(region="own_third_row"),
            to=Cell(region="enemy_third_row"), reverse=True)


@pytest.mark.parametrize("ability,expected", [
    (Teleport(), True), (Jump(range=2), True), (Shot(values=(1, 1, 1)), True),
    (RangeIs(value=2, attacks=(Attack(kind="attack", reach="ranged"),),
             target=Selector(what="card", all=True, place="adjacent")), True),
    (Keyword(code="vmp"), False), (Unparsed(text="…"), False),
    (AttackBonus(value=1, to=(Attack(kind="shot"),)), False),
    (Activated(cost=Cost(tap=True), effects=(Shot(values=(1, 2, 3)),)), True),
    (Activated(cost=Cost(tap=True), effects=(Counters(action="gain", count=1),)), False),
    (Trigger(when=ONTO, effects=(Wound(value=1, target="that"),)), True),
    (Trigger(when=ROWS, effects=(Wound(value=1, target="that"),)), True),
    (Trigger(when=When(event="death"), effects=(Jump(range=3),)), True),
    (Trigger(when=When(event="death"), effects=(Wound(value=1, target="that"),)), False),
    # a way in one option of a choice, as `!check` finds it (40-82: «метание …, либо …»)
    (Trigger(when=When(event="attack"), effects=(Choice(options=(
        (Throw(values=(1, 1, 1), range=3),), (Wound(value=1, target="that"),))),)), True),
    # any relocation trigger fires when the question describes the move (its cells evaluated)
    (Trigger(when=When(event="relocate", to=Cell(adjacent=True)),
             effects=(Wound(value=1, target="that"),)), True),
    (Trigger(when=When(event="attacked"), effects=(Wound(value=1, target="attacker"),)), False),
    (Trigger(when=When(event="relocate", timing="instead"), effects=(Wound(value=1, target="self"),)),
     False),
    (Trigger(when=When(event="move", subject=Selector(side="enemy")),
             effects=(Wound(value=1, target="that"),)), True),
    (Activated(cost=Cost(tap=True), effects=(Jump(range=2),)), True),
    # swaps the `обмен` check applies (50-53's paid swap of two cards, 50-213's triggered swap)
    (Activated(cost=Cost(tap=True, counters=1),
               effects=(SwapTwo(cards=Selector(side="enemy"), adjacent=True),)), True),
    (Trigger(when=When(event="assault", target="self"),
             effects=(Swap(with_=Selector(side="own")),)), True),
    (Protection(against=(Attack(kind="shot"),)), True),
    (Protection(against=(Attack(kind="simple_strike"),)), False),
    (Reduction(value=1, against=(Attack(kind="attack", reach="ranged"),)), True),
    (Reduction(value=1, against=(Attack(kind="attack", reach="melee"),)), False),
    (Ignore(protection=(Attack(kind="shot"),)), True),
    (Ignore(protection=(Attack(kind="shot"),), until="end_of_enemy_turn"), False),
    (Diagonal(), True), (Diagonal(ways=("dash",)), False),
    (OntoOccupied(way="jump", occupant=Selector(side="own")), True),
    (AdjacentTargets(attacks=(Attack(kind="shot"),)), True),
    (Cannot(actions=("move",)), True), (Cannot(actions=("defend",)), False),
    (MovementBonus(value=1), True), (RangeBonus(value=1), True),
    (MovementBonus(value=1, until="end_of_turn"), False),
    (MovementBonus(value=1, target=Selector(side="own")), True),  # of the cards it describes
    (MovementBonus(value=1, target="host"), False),  # the notation shows no hosts
    (Static(condition=State(flags=("unwounded",)), grants=(Diagonal(),)), True),
    (Static(condition=State(flags=("closed",)), grants=(Keyword(code="armor", value=1),)), False),
])
def test_applied(ability: Ability, expected: bool) -> None:
    assert applied(ability) is expected
