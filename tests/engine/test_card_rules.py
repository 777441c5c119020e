"""The engine against the ability vocabulary, with hand-built readings: costs, conditions,
triggers, the target's protections, adjacent targets and movement rules of card text. Real
cards with the same readings are in cases/rulings.yaml; these cover every kind the engine
applies, read today or not."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import get_args

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
    DieRoll,
    Discharge,
    Grant,
    Has,
    Ignore,
    InColumn,
    Incorporeal,
    InGraveyard,
    InRow,
    InZone,
    Jump,
    Keyword,
    Lives,
    Makeup,
    More,
    Move,
    Moved,
    MovementBonus,
    MovementOf,
    Mulligan,
    Nearby,
    OnlyTargets,
    OntoOccupied,
    PlayerIs,
    Protection,
    RangeBonus,
    Reduction,
    Selector,
    Shot,
    Shown,
    Squad,
    State,
    Static,
    SwapTwo,
    Teleport,
    Throw,
    Trigger,
    TurnIs,
    Unparsed,
    When,
    Wound,
    WoundsTaken,
    to_data,
)
from bot.corpus.abilities.vocabulary import Flag, Nth
from bot.corpus.model import Card
from bot.engine import can_jump, can_move, can_shoot, can_swap, can_teleport
from bot.engine.board import Cell as BoardCell
from bot.engine.conditions import (
    ATTACK_FIELDS,
    CELL_FIELDS,
    SELECTOR_FILTERS,
    SELECTOR_QUANTIFIERS,
    Scene,
    cell_is,
    has_flag,
    holds,
    selects,
)
from bot.engine.defence import concerns_attack
from bot.engine.position import Piece, Position, Ref
from bot.engine.result import CheckResult
from bot.engine.supported import applied
from bot.engine.triggers import Step, event_matches
from bot.importers.abilities import extract_abilities

_NUMBERS = iter(range(500, 10_000))


def card(*abilities: Ability, name: str = "", text: str = "Текст.", movement: int = 1,
         lives: int = 6, classes: tuple[str, ...] = (), icons: tuple[tuple[str, int], ...] = (),
         creature_type: str = "Нелетающее", element: str | None = None,
         cost: int | None = 3) -> Card:
    number = next(_NUMBERS)
    data = tuple({**to_data(a), "text": a.text or text} for a in abilities)
    return Card(id=f"10-{number}", set_id=10, set_name="Война стихий", number=number,
                name=name or f"Проба {number}", movement=movement, lives=lives, classes=classes,
                icons=icons, creature_type=creature_type, element=element, cost=cost,
                ability_data=data)


def at(c: Card | None, cell: str, **state: object) -> Piece:
    return Piece(card=c, cell=BoardCell.parse(cell), **state)  # type: ignore[arg-type]


def pos(*pieces: Piece) -> Position:
    return Position(pieces)


def shoot(position: Position, kind: str, a: str, b: str) -> CheckResult:
    return can_shoot(position, kind, Ref.at(position, a), Ref.at(position, b))


def reasons(r: CheckResult) -> str:
    return " ".join(r.reasons)


SHOT = Activated(text="Закрыться: Выстрел на 2.", cost=Cost(tap=True),
                 effects=(Shot(values=(2, 2, 2)),))


# --- costs ------------------------------------------------------------------------------------


def test_counter_and_token_costs_need_the_state() -> None:
    paid = card(Activated(text="2 фишки: Разряд на 4.", cost=Cost(counters=2),
                          effects=(Discharge(values=(4, 4, 4)),)))
    enemy = at(None, "a5", enemy=True)
    r = shoot(pos(at(paid, "a1"), enemy), "discharge", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "фишки N" in r.missing
    assert "oplata" in {c.term for c in r.citations}
    assert shoot(pos(at(paid, "a1", counters=1), enemy), "discharge", "a1", "a5").verdict == "no"
    assert shoot(pos(at(paid, "a1", counters=2), enemy), "discharge", "a1", "a5").verdict == "yes"
    tokens = card(Activated(text="Жетон, закрыться: Выстрел на 2.", cost=Cost(tap=True, tokens=1),
                            effects=(Shot(values=(2, 2, 2)),)))
    r = shoot(pos(at(tokens, "a1"), enemy), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "жетоны N" in r.missing
    assert shoot(pos(at(tokens, "a1", tokens=1), enemy), "shot", "a1", "a5").verdict == "yes"
    assert shoot(pos(at(tokens, "a1", tokens=1, closed=True), enemy), "shot", "a1",
                 "a5").verdict == "no"


def test_x_counters_close_a_neighbour_and_extra_lives() -> None:
    x = card(Activated(text="X фишек: Выстрел на X.", cost=Cost(counters="X"),
                       effects=(Shot(values=(1, 1, 1)),)))
    enemy = at(None, "a5", enemy=True)
    assert shoot(pos(at(x, "a1", counters=2), enemy), "shot", "a1", "a5").verdict == "yes"
    assert shoot(pos(at(x, "a1", counters=0), enemy), "shot", "a1", "a5").verdict == "unknown"
    close = card(Activated(text="Закрыть стоящее рядом ваше существо: Выстрел на 1.",
                           cost=Cost(close=Selector(side="own", place="adjacent", other=True)),
                           effects=(Shot(values=(1, 1, 1)),)))
    assert shoot(pos(at(close, "a1"), enemy), "shot", "a1", "a5").verdict == "no"
    assert shoot(pos(at(close, "a1"), at(None, "b1"), enemy), "shot", "a1", "a5").verdict == "yes"
    assert shoot(pos(at(close, "a1"), at(None, "b1", closed=True), enemy), "shot", "a1",
                 "a5").verdict == "no"
    lives = card(Activated(text="Снять дополнительную жизнь: Выстрел на 1.",
                           cost=Cost(extra_lives=1), effects=(Shot(values=(1, 1, 1)),)))
    r = shoot(pos(at(lives, "a1"), enemy), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "дополнительные жизни" in r.missing



def test_x_lost_of_counters_is_bounded_by_the_counters_on_the_card() -> None:
    """«Снимите X фишек с …, при этом выстрел на X»: the counters the notation shows bound X as a
    cost «X фишек» does; with none, X = 0, which no rule settles; an unknown count is asked for."""
    zap = Shot(values=("X", "X", "X"))
    x = card(Activated(text="Закрыться: Снимите X фишек, при этом выстрел на X.", cost=Cost(tap=True),
                       effects=(Counters(action="lose", count="X", item="counter"), zap)))
    enemy = at(None, "a5", enemy=True)
    assert shoot(pos(at(x, "a1", counters=2), enemy), "shot", "a1", "a5").verdict == "yes"
    none = shoot(pos(at(x, "a1", counters=0), enemy), "shot", "a1", "a5")
    assert none.verdict == "unknown" and none.missing and "X = 0" in none.missing
    unsaid = shoot(pos(at(x, "a1"), enemy), "shot", "a1", "a5")
    assert unsaid.verdict == "unknown" and unsaid.missing and "фишки N" in unsaid.missing


def test_costs_no_notation_says_are_unknown() -> None:
    """A symbiote to destroy, a token on a card in the graveyard, markers of the card's own: the
    notation says none of them, so a shot paid so is «Неизвестно», naming what is missing."""
    enemy = at(None, "a5", enemy=True)
    for cost, fact in ((Cost(destroy="symbiote"), "симбиот"),
                       (Cost(graveyard_token=True), "жетоном инкарнации"),
                       (Cost(graveyard_exile=True), "на вашем кладбище"),
                       (Cost(tap=True, markers=2, marker="фуража"), "маркеров «фуража»")):
        paid = card(Activated(text="…: Выстрел на 1.", cost=cost, effects=(Shot(values=(1, 1, 1)),)))
        r = shoot(pos(at(paid, "a1"), enemy), "shot", "a1", "a5")
        assert r.verdict == "unknown" and r.missing and fact in r.missing, (cost, r.missing)
    closed = card(Activated(text="…", cost=Cost(tap=True, markers=2, marker="фуража"),
                            effects=(Shot(values=(1, 1, 1)),)))
    assert shoot(pos(at(closed, "a1", closed=True), enemy), "shot", "a1", "a5").verdict == "no"


# --- conditions -------------------------------------------------------------------------------


def test_conditions_the_position_settles_and_those_it_cannot() -> None:
    owner = at(card(classes=("Гном",), element="Горы"), "b2", wounds=1)
    friend = at(card(classes=("Гном",)), "c2")
    enemy = at(None, "b3", enemy=True)
    scene = Scene(pos(owner, friend, enemy), owner, active_enemy=False)

    def value(condition: object) -> bool | None:
        return holds(condition, scene).value  # type: ignore[arg-type]

    assert value(State(flags=("wounded",))) is True and value(State(flags=("closed",))) is False
    assert value(Lives(at_most=5)) is True and value(Lives(at_least=6)) is False
    assert value(Nearby(place="adjacent", selector=Selector(side="own", classes=("Гном",)))) is True
    assert value(Nearby(place="adjacent", selector=Selector(side="enemy"))) is True
    assert value(Nearby(place="adjacent", selector=Selector(side="enemy"), min=2)) is False
    # «пока рядом с … нет карт противника», «стоит в столбце, в котором нет карт противника»
    assert value(Nearby(place="adjacent", selector=Selector(side="enemy"), negated=True)) is False
    assert value(Nearby(place="same_column", selector=Selector(what="card", side="enemy"),
                        negated=True)) is False  # the enemy on b3
    assert value(Nearby(place="same_column", selector=Selector(what="card", side="own"),
                        negated=True)) is True  # the friend is on c2
    # «пока Серый клинок или стоящее рядом ваше существо …» (40-90): the owner is wounded, its
    # friend on c2 is not
    beside = Selector(side="own", place="adjacent")
    assert value(State(subject=beside, flags=("wounded",))) is False
    assert value(State(subject=Selector(side="own", place="adjacent", or_self=True),
                       flags=("wounded",))) is True
    # «пока рядом … больше ваших существ, чем существ противника» (10-186): one and one
    more = More(more=Selector(side="own", place="adjacent"),
                than=Selector(side="enemy", place="adjacent"))
    assert value(more) is False
    assert value(More(more=Selector(side="own"), than=Selector(side="enemy"))) is True  # 2 > 1
    # «существо с 4 или менее жизнями» (20-8): the owner has 6 - 1 wound = 5; a «?» is unknown
    assert selects(Selector(lives_max=5), owner, scene).value is True
    assert selects(Selector(lives_max=4), owner, scene).value is False
    assert selects(Selector(lives_min=1, lives_max=1, side="enemy"), enemy, scene).value is None
    # «по картам, рядом с которыми стоят два или более ваших существа со строем» (50-48): the
    # owner has one friend beside it; next to a cell with a marker (40-217) or in a column with
    # one (40-62) is unknown: the notation places no markers
    assert selects(Selector(next_to=Selector(side="own")), owner, scene).value is True
    assert selects(Selector(next_to=Selector(side="own"), next_to_min=2), owner,
                   scene).value is False
    assert selects(Selector(next_to=Selector(side="enemy")), friend, scene).value is True  # b3
    bonfire = Selector(what="cell", markers=("костра",))
    assert selects(Selector(next_to=bonfire), friend, scene).value is None
    assert selects(bonfire, friend, scene).value is False
    # «компаньона» (50-139): a symbiote of the type Компаньон, told by the card
    assert selects(Selector(what="symbiote", flags=("companion",)), friend, scene).value is False
    lair = Nearby(place="same_column", selector=Selector(what="cell", side="own", markers=("логова",)))
    assert value(lair) is None and "логова" in holds(lair, scene).missing
    # «стоящих в других столбцах» (40-67): the friend on c2 is, the enemy on b3 is not
    assert value(Nearby(place="other_column", selector=Selector(side="own"))) is True
    assert value(Nearby(place="other_column", selector=Selector(side="enemy"))) is False
    # «стоящую с Магистром пламени в одном ряду или столбце» (40-33): c2 its row, b3 its column
    line = Selector(what="card", place="same_row_or_column")
    assert selects(line, friend, scene).value is True and selects(line, enemy, scene).value is True
    assert selects(line, at(None, "c3", enemy=True), scene).value is False
    # «каждую карту противника, напротив которой стоит ваше существо» (40-40): the owner on b2
    # faces the enemy on b3; nobody of the owner's stands in front of d4; «напротив существ в
    # строю с Дрорном» (50-49): the friend is a Гном with no «Строй»
    facing = Selector(what="card", side="enemy", opposite=Selector(side="own"))
    assert selects(facing, enemy, scene).value is True
    assert selects(facing, at(None, "d4", enemy=True), scene).value is False
    assert selects(facing, friend, scene).value is False
    ranked = Selector(what="card", side="enemy", opposite=Selector(place="in_formation"))
    assert selects(ranked, at(None, "c3", enemy=True), scene).value is False
    assert value(Nearby(place="adjacent", selector=Selector(side="enemy", classes=("Орк",)),
                        negated=True)) is None
    # «?» enemy: its class is unknown
    assert value(Nearby(place="adjacent", selector=Selector(side="enemy", classes=("Орк",)))) is None
    assert value(Squad(selector=Selector(classes=("Гном",)))) is True
    assert value(Squad(selector=Selector(classes=("Гном",)), min=2)) is True  # owner and friend
    assert value(Squad(selector=Selector(classes=("Гном",)), min=3)) is None
    assert value(Squad(selector=Selector(classes=("Гном",)), negated=True)) is False
    assert value(Squad(selector=Selector(what="terrain", classes=("Лес",)))) is None
    assert value(InRow(rows=(2,))) is True and value(InRow(rows=(1,))) is False
    assert value(InColumn(columns=("left_edge",))) is False
    assert value(TurnIs(turn="own")) is True
    assert value(Has(having=("counter",))) is None  # «фишки N» not given
    assert value(Has(having=("parasite",))) is None  # «с паразитом»: the notation has no parasites
    assert value(Has(having=("symbiote",), min=2)) is None  # «хотя бы двух симбиотов»
    counted = at(card(), "b2", counters=3)
    assert holds(Has(having=("counter",), min=2), Scene(pos(counted), counted)).value is True
    for unknown in (InZone(zone="depth"), PlayerIs(player="first"), DieRoll(values=(6,)),
                    InGraveyard(side="enemy", selector=Selector(what="artefact")),
                    Unparsed(fragment="если …")):
        assert value(unknown) is None
    assert holds(Has(having=("counter",)), Scene(pos(owner), owner)).missing.startswith("сколько")
    # «…, если он на кладбище» (30-140): a card of the position is on the battlefield
    assert holds(State(graveyard=True), Scene(pos(owner), owner)).value is False
    # «если Нейбл стоит у края поля боя» (40-82): a border cell
    edge, middle = at(card(), "a3"), at(card(), "c3")
    assert holds(State(region="edge"), Scene(pos(edge), edge)).value is True
    assert holds(State(region="edge"), Scene(pos(middle), middle)).value is False


def test_a_count_of_tokens_or_counters_on_the_card() -> None:
    """«если имеет 5 или более жетонов» (40-206): from the notation's tokens; unknown without."""
    def value(piece: Piece, condition: Has) -> bool | None:
        return holds(condition, Scene(pos(piece), piece)).value

    five = Has(having=("token",), min=5)
    assert value(at(card(), "b2", tokens=5), five) is True
    assert value(at(card(), "b2", tokens=4), five) is False
    assert value(at(card(), "b2"), five) is None
    assert value(at(card(), "b2", counters=2), Has(having=("counter",), min=2)) is True
    assert value(at(card(), "b2"), Has(having=("cur",), min=2)) is None  # no count of a curse


def test_a_named_card_and_a_card_in_a_graveyard_are_not_any_piece() -> None:
    egg = at(card(name="Яйцо дракона"), "b2")
    other = at(card(), "c2")
    hidden = at(None, "b3")
    scene = Scene(pos(egg, other, hidden), egg)
    named = Selector(name="Яйцо дракона", what="card")
    assert selects(named, egg, scene).value is True
    assert selects(named, other, scene).value is False
    assert selects(named, hidden, scene).value is None  # «?»: it may be one
    buried = Selector(side="own", graveyard=True)
    assert all(selects(buried, p, scene).value is False for p in (egg, other, hidden))


def test_a_cost_of_x_or_less_is_not_known() -> None:
    cheap = at(card(cost=2), "b2")
    scene = Scene(pos(cheap), cheap)
    assert selects(Selector(cost_max=3), cheap, scene).value is True
    assert selects(Selector(cost_max=1), cheap, scene).value is False
    # «инквизитора стоимостью Х или менее, где Х избыточный урон» (50-219)
    r = selects(Selector(cost_max="X"), cheap, scene)
    assert r.value is None and r.missing and "Х" in r.missing
    # «закрыть существо стоимостью 3+Х или менее, …, где Х число фишку на Никзар» (40-44): X
    # arithmetic, the bound named as the card says it
    r = selects(Selector(cost_max="X+3"), cheap, scene)
    assert r.value is None and r.missing and "Х+3" in r.missing
    assert selects(Selector(movement_max="X-1"), cheap, scene).value is None


def test_a_cost_less_or_more_than_another_cards() -> None:
    # «При гибели вашего стоящего рядом существа меньшей стоимости …» (30-85): than the card
    # itself; «… карту противника большей стоимости, чем оно само» (20-14): than that card
    owner = at(card(cost=8), "b2")
    cheap, dear, hidden = at(card(cost=5), "b3"), at(card(cost=9), "c2"), at(None, "c3")
    scene = Scene(pos(owner, cheap, dear, hidden), owner)
    below = Selector(cost_below="self")
    assert [selects(below, p, scene).value for p in (cheap, dear, hidden)] == [True, False, None]
    above = Selector(cost_above="self")
    assert [selects(above, p, scene).value for p in (cheap, dear)] == [False, True]
    r = selects(Selector(cost_above="subject"), cheap, scene)  # no such card in the scene
    assert r.value is None and r.missing and "больше ли" in r.missing
    # «получает +2 к простому удару по существам той же стоимости» (40-164): as the card itself
    same = Selector(cost_equal="self")
    assert [selects(same, p, scene).value for p in (cheap, owner, hidden)] == [False, True, None]
    r = selects(Selector(cost_equal="that"), cheap, scene)  # the creature wounded: not shown
    assert r.value is None and r.missing and "такая же ли стоимость" in r.missing


def test_more_current_lives_than_another_cards() -> None:
    # «блокирует по себе немагические атаки карт с большим количеством текущих жизней, чем у
    # Джинна Дзара» (30-23): lives less wounds, compared with the card itself's
    owner = at(card(lives=6), "b2", wounds=1)  # 5 now
    more, same, hidden = at(card(lives=7), "b3", wounds=1), at(card(lives=5), "c2"), at(None, "c3")
    scene = Scene(pos(owner, more, same, hidden), owner)
    above = Selector(what="card", lives_above="self")
    assert [selects(above, p, scene).value for p in (more, same, hidden)] == [True, False, None]
    r = selects(Selector(lives_above="that"), more, scene)  # no such card in the scene
    assert r.value is None and r.missing and "больше ли текущих жизней" in r.missing


def test_a_throw_on_x_plus_1_paid_with_x_counters() -> None:
    # «X фишек, закрыться: Метание груды камней на X+1, дальность 5» (20-24): declared as a
    # throw on X paid (the counters needed), its values unknown until X is chosen
    x = card(Activated(text="X фишек, закрыться: Метание груды камней на X+1, дальность 5.",
                       cost=Cost(tap=True, counters="X"),
                       effects=(Throw(values=("X+1", "X+1", "X+1"), range=5, name="груды камней"),)))
    enemy = at(None, "a5", enemy=True)
    assert shoot(pos(at(x, "a1", counters=2), enemy), "throw", "a1", "a5").verdict == "yes"
    assert shoot(pos(at(x, "a1", counters=0), enemy), "throw", "a1", "a5").verdict == "unknown"


def test_a_card_not_on_its_own_half_is_on_the_half_of_its_opponent() -> None:
    # «ранить на 1 все наземные карты, стоящие не на своей половине поля» (50-59): each card's
    # own half, whichever side it is of
    owner = at(card(), "b2")
    ours_away, ours_home = at(card(), "b5"), at(card(), "c1")
    theirs_away, theirs_home = at(card(), "c2", enemy=True), at(card(), "c6", enemy=True)
    scene = Scene(pos(owner, ours_away, ours_home, theirs_away, theirs_home), owner)
    away = Selector(what="card", region="foreign_half")
    assert [selects(away, p, scene).value for p in (owner, ours_away, ours_home, theirs_away,
                                                     theirs_home)] == [False, True, False, True,
                                                                       False]


def test_a_heal_this_turn_and_a_move_last_turn_are_not_known() -> None:
    # «существо, которое было излечено на 5 или более в этот ход» (50-99), «карты, которые не
    # перемещались в свой прошлый ход» (50-137): the notation tells neither
    owner = at(card(), "b2")
    scene = Scene(pos(owner), owner)
    healed = selects(Selector(healed_min=5), owner, scene)
    assert healed.value is None and healed.missing and "излечено" in healed.missing
    still = selects(Selector(what="card", flags=("unmoved_last_turn",)), owner, scene)
    assert still.value is None and still.missing and "прошлый ход" in still.missing


def test_the_cell_of_a_card() -> None:
    owner = at(card(), "b2")
    scene = Scene(pos(owner), owner)
    b2, c2 = BoardCell.parse("b2"), BoardCell.parse("c2")
    assert cell_is(Cell(of="self"), None, b2, scene).value is True
    assert cell_is(Cell(of="self"), None, c2, scene).value is False
    assert cell_is(Cell(of="that"), None, b2, scene).value is None  # which card: unknown


def test_a_selector_of_cards_having_every_one_of_its_havings() -> None:
    # «стоящее рядом существо с проклятием и отравлением» (30-174): both, not either
    one = at(card(), "b2", counters=1, tokens=0)
    both = at(card(), "c2", counters=1, tokens=2)
    scene = Scene(pos(one, both), one)
    every = Selector(having=("counter", "token"), having_all=True)
    assert selects(every, one, scene).value is False
    assert selects(every, both, scene).value is True
    assert selects(Selector(having=("counter", "token")), one, scene).value is True


def test_a_cell_next_to_no_such_card() -> None:
    # «переместить стоящее рядом существо противника на одну клетку в любом направлении (кроме
    # клеток рядом с Гаргульей)» (20-46): not onto a cell next to the card itself
    owner, moved = at(card(), "b2"), at(card(), "c3")
    scene = Scene(pos(owner, moved), owner)
    b3, d4 = BoardCell.parse("b3"), BoardCell.parse("d4")
    assert cell_is(Cell(adjacent=True, not_next_to="self"), moved.cell, b3, scene,
                   moved).value is False
    assert cell_is(Cell(adjacent=True, not_next_to="self"), moved.cell, d4, scene,
                   moved).value is True
    # «на соседнюю клетку (но не по диагонали)» (20-174)
    assert cell_is(Cell(adjacent=True, orthogonal=True), moved.cell, d4, scene, moved).value is False
    assert cell_is(Cell(adjacent=True, orthogonal=True), moved.cell, b3, scene, moved).value is True


def test_a_way_under_a_condition() -> None:
    texts = "Прыжок, дальность 3, пока не имеет ран."
    jumper = card(Static(text=texts, condition=State(flags=("unwounded",)),
                         grants=(Jump(range=3),)))
    position = pos(at(jumper, "b2"))
    assert can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4")).verdict == "yes"
    position = pos(at(jumper, "b2", wounds=1))
    r = can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4"))
    assert r.verdict == "no" and "не выполнено" in reasons(r)
    deep = card(Static(text="На глубине: Прыжок, дальность 3.", condition=InZone(zone="depth"),
                       grants=(Jump(range=3),)))
    position = pos(at(deep, "b2"))
    r = can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4"))
    assert r.verdict == "unknown" and r.missing and "На глубине" in r.missing
    alone = card(Static(text="Прыжок, дальность 3, пока рядом с ним нет карт противника.",
                        condition=Nearby(place="adjacent", selector=Selector(what="card",
                                                                             side="enemy"),
                                         negated=True),
                        grants=(Jump(range=3),)))
    position = pos(at(alone, "b2"))
    assert can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4")).verdict == "yes"
    position = pos(at(alone, "b2"), at(None, "c2", enemy=True))
    r = can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4"))
    assert r.verdict == "no" and "не выполнено" in reasons(r)


# --- triggers ---------------------------------------------------------------------------------


ONTO_ENEMY = When(event="move", to=Cell(occupied_by=Selector(side="enemy", flags=("ground",))))


def test_a_trigger_fires_on_every_cell_of_the_path() -> None:
    ghost = card(Incorporeal(text="Бестелесный."),
                 Trigger(text="При движении на клетку, занятую наземным существом противника — "
                              "может ранить его на 1.", when=ONTO_ENEMY,
                         effects=(Wound(value=1, target="that"),), optional=True), movement=3)
    position = pos(at(ghost, "a1"), at(None, "a2", enemy=True), at(None, "a3", enemy=True))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a4"))
    assert r.verdict == "yes" and len(r.triggers) == 2
    assert "a2" in r.triggers[0] and "a3" in r.triggers[1]


def test_another_cards_trigger_fires_on_an_enemy_move() -> None:
    watcher = card(Trigger(text="Когда существо противника перемещается на соседнюю с ним "
                                "клетку — выстрел на 1.",
                           when=When(event="relocate", subject=Selector(side="enemy"),
                                     to=Cell(next_to="self")),
                           effects=(Shot(values=(1, 1, 1)),)))
    mover = at(None, "c4", enemy=True, movement_left=2)
    position = pos(at(watcher, "c2"), mover)
    r = can_move(position, Ref.at(position, "c4"), Ref.at(position, "c3"))
    assert r.verdict == "yes" and len(r.triggers) == 1 and "c3" in r.triggers[0]
    r = can_move(position, Ref.at(position, "c4"), Ref.at(position, "c5"))
    assert r.triggers == ()


def test_a_triggered_ranged_attack_at_a_named_target_is_not_checked() -> None:
    # a target the card names («по карте, стоящей рядом с атакованным», 40-9): the cards in
    # range are listed, which of them it may hit is not checked
    aimed = Shot(values=(1, 1, 1), target=Selector(what="card", place="adjacent", of="attacked"))
    watcher = card(Trigger(text="Когда существо противника перемещается на соседнюю с ним "
                                "клетку — выстрел на 1 по карте рядом с атакованным.",
                           when=When(event="relocate", subject=Selector(side="enemy"),
                                     to=Cell(next_to="self")),
                           effects=(aimed,)))
    position = pos(at(watcher, "c2"), at(None, "c4", enemy=True, movement_left=2))
    r = can_move(position, Ref.at(position, "c4"), Ref.at(position, "c3"))
    assert len(r.triggers) == 1 and "не проверено" in r.triggers[0]


def test_a_trigger_on_two_events_and_one_on_a_move_it_cannot_settle() -> None:
    piece = at(card(), "b2")
    jump = Step("jump", BoardCell.parse("b2"), BoardCell.parse("b4"))
    both = When(event="teleport", also=("jump",))  # «При прыжке или телепортации …»
    assert event_matches(both, piece, piece, jump, pos(piece)).value is True
    assert event_matches(When(event="teleport"), piece, piece, jump, pos(piece)).value is False
    # «Когда карты на поле боя меняются местами» (40-85): a jump is no swap
    swap = When(event="swap", subject=Selector(what="card"))
    assert event_matches(swap, piece, piece, jump, pos(piece)).value is False
    second = When(event="jump", nth=Nth(count=2, per="turn"))  # «… второй раз за ход»
    r = event_matches(second, piece, piece, jump, pos(piece))
    assert r.value is None and r.missing and "который это раз" in r.missing
    # «Когда передвигается второй раз за ход …» (40-59)
    moved = When(event="move", nth=Nth(count=2, per="turn"))
    step = Step("move", BoardCell.parse("b2"), BoardCell.parse("b3"))
    r = event_matches(moved, piece, piece, step, pos(piece))
    assert r.value is None and r.missing and "который это раз" in r.missing


def test_a_trigger_on_a_diagonal_move() -> None:
    # «При перемещении по диагонали получает +1 к простому удару …» (20-72): a step of movement
    # is known to be diagonal or not; a jump «по диагонали» is not defined — it may have fired
    piece = at(card(), "b2")
    diagonal = When(event="relocate", diagonal=True)
    step = Step("move", BoardCell.parse("b2"), BoardCell.parse("c3"))
    assert event_matches(diagonal, piece, piece, step, pos(piece)).value is True
    straight = Step("move", BoardCell.parse("b2"), BoardCell.parse("b3"))
    assert event_matches(diagonal, piece, piece, straight, pos(piece)).value is False
    jump = Step("jump", BoardCell.parse("b2"), BoardCell.parse("d4"))
    assert event_matches(diagonal, piece, piece, jump, pos(piece)).value is None


def test_every_field_of_a_trigger_phrase_is_settled_or_unknown() -> None:
    # a field of When the engine does not check never counts as matched: the trigger may have
    # fired («Неизвестно»), it is never taken as fired, nor as not fired
    import dataclasses

    from bot.engine.triggers import _CHECKED, unchecked

    piece = at(card(), "b2")
    step = Step("move", BoardCell.parse("b2"), BoardCell.parse("b3"))
    samples = {"turn": "own", "nth": Nth(count=2, per="turn"), "over": Cell(free=True),
               "moving": "self", "item": "counter", "next": True, "attack": Attack(kind="shot"),
               "target": "self", "keyword": "bls", "value": 3, "in_assault": True,
               "host_death": True, "at_least": 3, "at_most": 3, "by_other": True,
               "harmless": True, "reaches": 3, "after_rolls": True,
               "not_at_turn_start": True}
    for f in dataclasses.fields(When):
        if f.name in _CHECKED:
            continue
        assert f.name in samples, f"a new field of When, {f.name}: add it to this test"
        when = dataclasses.replace(When(event="move"), **{f.name: samples[f.name]})
        assert unchecked(when), f.name
        assert event_matches(when, piece, piece, step, pos(piece)).value is None, f.name


def test_a_trigger_on_jumping_and_its_condition() -> None:
    hopper = card(Jump(text="Прыжок, дальность 3.", range=3),
                  Trigger(text="При прыжке, если закрыт — ранить себя на 1.",
                          when=When(event="jump", condition=State(flags=("wounded",))),
                          effects=(Wound(value=1, target="self"),)))
    position = pos(at(hopper, "b2"))
    assert can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4")).triggers == ()
    position = pos(at(hopper, "b2", wounds=1))
    assert len(can_jump(position, Ref.at(position, "b2"), Ref.at(position, "b4")).triggers) == 1


def test_a_triggered_teleport_and_an_instant_one_are_not_declared_bare() -> None:
    death = card(Trigger(text="При гибели — телепортация.", when=When(event="death"),
                         effects=(Teleport(),)))
    position = pos(at(death, "b2"))
    r = can_teleport(position, Ref.at(position, "b2"), Ref.at(position, "d4"))
    assert r.verdict == "unknown" and r.missing and "«При гибели»" in r.missing
    instant = card(Activated(text="Внезапное действие: при атаке по нему — телепортироваться на "
                                  "свободную клетку рядом с атаковавшим.", instant=True,
                             when=When(event="attacked"),
                             effects=(Teleport(to=Cell(free=True, next_to="attacker")),)))
    position = pos(at(instant, "b2"), at(None, "d5", enemy=True))
    r = can_teleport(position, Ref.at(position, "b2"), Ref.at(position, "d4"))
    assert r.verdict == "unknown"
    position = pos(at(instant, "b2"))  # nobody stands next to d4: it is not the named cell
    assert can_teleport(position, Ref.at(position, "b2"), Ref.at(position, "d4")).verdict == "no"


# --- the target -------------------------------------------------------------------------------


def test_protections_by_icon_and_text_with_their_conditions() -> None:
    shooter = at(card(SHOT), "a1")
    icon = at(card(icons=(("zov", 0),)), "a5", enemy=True)
    r = shoot(pos(shooter, icon), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "Защита от выстрелов" in r.missing
    assert "zashchita-ot-vystrelov" in {c.term for c in r.citations}
    closed_only = card(Static(text="Защита от выстрелов, пока закрыт.",
                              condition=State(flags=("closed",)),
                              grants=(Protection(against=(Attack(kind="shot"),)),)))
    assert shoot(pos(shooter, at(closed_only, "a5", enemy=True)), "shot", "a1", "a5").verdict == "yes"
    assert shoot(pos(shooter, at(closed_only, "a5", enemy=True, closed=True)), "shot", "a1",
                 "a5").verdict == "unknown"
    magic = at(card(icons=(("zom", 0),)), "a5", enemy=True)
    r = shoot(pos(shooter, magic), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "магии" in r.missing
    weak = at(card(Protection(text="Защита от слабых выстрелов.",
                              against=(Attack(kind="shot", strength=("weak",)),))), "a5", enemy=True)
    assert shoot(pos(shooter, weak), "shot", "a1", "a5").verdict == "unknown"


def test_protection_from_flyers_and_the_attacker_who_ignores_it() -> None:
    target = at(card(icons=(("zoal", 0),)), "c4", enemy=True)
    ground = at(card(SHOT), "c1")
    assert shoot(pos(ground, target), "shot", "c1", "c4").verdict == "yes"
    flyer = Piece(card=card(SHOT, creature_type="Летающее"), flying=True)
    position = pos(flyer, target)
    r = can_shoot(position, "shot", Ref(".", None, flyer), Ref.at(position, "c4"))
    assert r.verdict == "unknown" and r.missing and "летающих" in r.missing
    ignoring = Piece(card=card(SHOT, Ignore(text="Игнорирует защиту от летающих.", protection=(
        Attack(kind="attack", by=Selector(flags=("flying",))),)), creature_type="Летающее"),
        flying=True)
    position = pos(ignoring, target)
    r = can_shoot(position, "shot", Ref(".", None, ignoring), Ref.at(position, "c4"))
    assert r.verdict == "yes" and "игнорирует" in reasons(r)


def test_an_attacker_who_ignores_the_abilities_of_the_attacked() -> None:
    target = at(card(Reduction(text="-1 от выстрелов.", value=1, against=(Attack(kind="shot"),)),
                     icons=(("zov", 0),)), "c4", enemy=True)
    shooter = at(card(SHOT), "c1")
    assert shoot(pos(shooter, target), "shot", "c1", "c4").verdict == "unknown"
    etun = at(card(SHOT, Ignore(text="Игнорирует особенности атакованного существа.",
                                abilities_of="attacked")), "c1")
    r = shoot(pos(etun, target), "shot", "c1", "c4")
    assert r.verdict == "yes" and "игнорирует" in reasons(r) and "меньше" not in reasons(r)
    # «Игнорирует особенности, обязывающие выбирать цель метания»: nothing the checks apply
    assert not applied(Ignore(forced_targets=(Attack(kind="throw"),)))
    assert applied(Ignore(abilities_of="attacked"))


def test_a_rule_under_a_graveyard_condition_is_unknown() -> None:
    text = "Не может объявлять метание, пока на вашем кладбище 5 или более карт."
    burner = at(card(Activated(text="Закрыться: Метание на 1.", cost=Cost(tap=True),
                               effects=(Throw(values=(1, 1, 1)),)),
                     Static(text=text, condition=InGraveyard(selector=Selector(what="card"), min=5),
                            grants=(Cannot(actions=("attack",), attacks=(Attack(kind="throw"),)),))),
                "a1")
    r = shoot(pos(burner, at(None, "a5", enemy=True)), "throw", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "кладбище" in r.missing


def test_a_throw_is_not_stopped_by_protection_from_shots_and_reductions_are_reported() -> None:
    thrower = at(card(Activated(text="Закрыться: Метание на 2.", cost=Cost(tap=True),
                                effects=(Throw(values=(2, 2, 2)),))), "a1")
    target = at(card(Reduction(text="-1 от дальних атак.", value=1, against=(
        Attack(kind="attack", reach="ranged"),)), icons=(("zov", 0), ("zor", 0))), "a5", enemy=True)
    r = can_shoot(pos(thrower, target), "throw", Ref.at(pos(thrower, target), "a1"),
                  Ref.at(pos(thrower, target), "a5"))
    assert r.verdict == "yes" and "2-2-2 → 1-1-1" in reasons(r)
    assert "minus-x-ot-ataki" in {c.term for c in r.citations}
    melee = at(card(Reduction(text="-1 от ближних атак.", value=1, against=(
        Attack(kind="attack", reach="melee"),))), "a5", enemy=True)
    assert "меньше" not in reasons(shoot(pos(thrower, melee), "throw", "a1", "a5"))


def test_an_attack_along_a_diagonal_is_not_settled_for_a_shot() -> None:
    shooter = at(card(), "a1")
    scene = Scene(pos(shooter), shooter)
    diagonal = Attack(kind="attack", diagonal=True)  # «-1 от атак по диагонали»
    r = concerns_attack(diagonal, "shot", shooter, scene)
    assert r.value is None and r.missing and "по диагонали" in r.missing
    assert concerns_attack(Attack(kind="attack"), "shot", shooter, scene).value is True


# --- adjacent targets -------------------------------------------------------------------------


def test_an_adjacent_target_needs_the_cards_own_words() -> None:
    enemy = at(None, "b2", enemy=True)
    r = shoot(pos(at(card(SHOT), "a1"), enemy), "shot", "a1", "b2")
    assert r.verdict == "unknown" and r.missing and "рядом" in r.missing
    flagged = card(Activated(text="Закрыться: Выстрел на 3, дальность 3 (в том числе по карте "
                                  "рядом).", cost=Cost(tap=True),
                             effects=(Shot(values=(3, 3, 3), range=3, adjacent=True),)))
    assert shoot(pos(at(flagged, "a1"), enemy), "shot", "a1", "b2").verdict == "yes"
    allowed = card(SHOT, AdjacentTargets(text="Может стрелять по стоящим рядом картам.",
                                         attacks=(Attack(kind="shot"),)))
    assert shoot(pos(at(allowed, "a1"), enemy), "shot", "a1", "b2").verdict == "yes"
    only_throws = card(SHOT, AdjacentTargets(text="Может метать по стоящим рядом картам.",
                                             attacks=(Attack(kind="throw"),)))
    assert shoot(pos(at(only_throws, "a1"), enemy), "shot", "a1", "b2").verdict == "unknown"


# --- movement from card text ------------------------------------------------------------------


def test_diagonal_movement_and_its_condition() -> None:
    diagonal = card(Diagonal(text="Может двигаться по диагонали."))
    position = pos(at(diagonal, "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "b2"))
    assert (r.verdict, r.value) == ("yes", 1)
    unwounded = card(Static(text="Может двигаться по диагонали, пока не имеет ран.",
                            condition=State(flags=("unwounded",)), grants=(Diagonal(),)))
    position = pos(at(unwounded, "a1", wounds=1))
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "b2")).verdict == "no"
    squad = card(Static(text="Может двигаться по диагонали, пока в вашем отряде есть лес.",
                        condition=Squad(selector=Selector(what="terrain", classes=("Лес",))),
                        grants=(Diagonal(),)))
    position = pos(at(squad, "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "b2"))
    assert r.verdict == "unknown" and r.missing and "лес" in r.missing


def test_diagonal_movement_a_trigger_gives_for_a_while() -> None:
    # 50-116 «Дух тайфуна»: whether its concentration fired, the position does not show
    typhoon = card(Trigger(text="Концентрация: может двигаться по диагонали до конца вашего хода.",
                           when=When(event="concentration"), optional=True,
                           effects=(Diagonal(until="end_of_your_turn"),)))
    position = pos(at(typhoon, "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "b2"))
    assert r.verdict == "unknown" and r.missing and "Концентрация" in r.missing
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "a2")).verdict == "yes"
    lasting = card(Diagonal(text="Может двигаться по диагонали до конца хода.", until="end_of_turn"))
    position = pos(at(lasting, "a1"))
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "b2")).verdict == "unknown"


def test_cannot_move_and_movement_bonuses() -> None:
    rooted = card(Cannot(text="Не может передвигаться.", actions=("move",)), movement=2)
    position = pos(at(rooted, "a1"))
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "a2")).verdict == "no"
    fast = card(MovementBonus(text="+1 к движению.", value=1), movement=1)
    position = pos(at(fast, "a1"))
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3")).verdict == "yes"
    maybe = card(Static(text="Первый игрок: +1 к движению.", condition=PlayerIs(player="first"),
                        grants=(MovementBonus(value=1),)), movement=1)
    position = pos(at(maybe, "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "unknown" and r.missing and "первый" in r.missing
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "a4")).verdict == "no"


def test_an_occupied_destination_the_card_allows() -> None:
    swapper = card(OntoOccupied(text="Может объявлять движение на клетку, занятую другим вашим "
                                     "существом, поменявшись с ним местами.", way="move",
                                occupant=Selector(side="own", other=True), swap=True))
    position = pos(at(swapper, "a1"), at(None, "a2"), at(None, "b1", enemy=True))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a2"))
    assert r.verdict == "yes" and "меняется с ним местами" in reasons(r)
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "b1")).verdict == "no"
    gnome = card(classes=("Гном",))
    jumper = card(Jump(text="Прыжок, дальность 3.", range=3),
                  OntoOccupied(text="Может объявлять прыжок на клетку, занятую другим вашим "
                                    "гномом, поменявшись с ним местами.", way="jump",
                               occupant=Selector(side="own", classes=("Гном",), other=True),
                               swap=True))
    position = pos(at(jumper, "a1"), at(gnome, "a3"), at(None, "b2"))
    assert can_jump(position, Ref.at(position, "a1"), Ref.at(position, "a3")).verdict == "yes"
    r = can_jump(position, Ref.at(position, "a1"), Ref.at(position, "b2"))
    assert r.verdict == "unknown"  # the «?» there may be a gnome


def test_two_cards_another_card_swaps() -> None:
    # «Фишка, закрыться: … поменять местами двух стоящих рядом друг с другом существ противника»
    # (50-53): the holder's ability, paid; both cards of its selector, next to each other
    paid = Activated(cost=Cost(tap=True, counters=1), effects=(
        SwapTwo(cards=Selector(side="enemy"), adjacent=True),))
    holder = card(paid, text="Фишка, закрыться: поменять местами двух стоящих рядом друг с "
                             "другом существ противника.")
    enemies = (at(card(), "b5", enemy=True), at(card(), "c5", enemy=True),
               at(card(), "e5", enemy=True))
    position = pos(at(holder, "a1", counters=1), *enemies, at(card(), "b2"))
    swap = can_swap(position, Ref.at(position, "b5"), Ref.at(position, "c5"))
    assert swap.verdict == "yes" and "Фишка, закрыться" in reasons(swap)
    assert can_swap(position, Ref.at(position, "b5"), Ref.at(position, "e5")).verdict == "no"
    assert can_swap(position, Ref.at(position, "a1"), Ref.at(position, "b2")).verdict == "no"
    position = pos(at(holder, "a1"), *enemies)  # how many counters: not said
    assert can_swap(position, Ref.at(position, "b5"), Ref.at(position, "c5")).verdict == "unknown"
    # «Концентрация: поменять двух ваших стоящих рядом …» (40-85): the card itself is one of them
    own = card(Trigger(when=When(event="concentration"), effects=(
        SwapTwo(cards=Selector(side="own"), adjacent=True),)))
    position = pos(at(own, "b2"), at(card(), "c3"), at(card(), "c2", enemy=True))
    r = can_swap(position, Ref.at(position, "b2"), Ref.at(position, "c3"))
    assert r.verdict == "unknown" and "сработала ли особенность" in (r.missing or "")
    assert can_swap(position, Ref.at(position, "b2"), Ref.at(position, "c2")).verdict == "no"


def test_a_free_cell_that_the_card_also_names() -> None:
    # «только на свободную клетку рядом …»: free is not the whole of the named cell.
    jumper = card(Jump(text="Прыжок на свободную соседнюю клетку, дальность 3.", range=3,
                       to=Cell(free=True, adjacent=True)))
    position = pos(at(jumper, "a1"), at(None, "b2"))
    assert can_jump(position, Ref.at(position, "a1"), Ref.at(position, "a2")).verdict == "yes"
    r = can_jump(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "no" and "не та, что названа" in reasons(r)
    assert can_jump(position, Ref.at(position, "a1"), Ref.at(position, "b2")).verdict == "no"


def test_range_bonus_and_cannot_attack() -> None:
    enemy = at(None, "a5", enemy=True)
    ranged = Activated(text="Закрыться: Выстрел на 1, дальность 3.", cost=Cost(tap=True),
                       effects=(Shot(values=(1, 1, 1), range=3),))
    plain = card(ranged)
    assert shoot(pos(at(plain, "a1"), enemy), "shot", "a1", "a5").verdict == "no"
    longer = card(ranged, RangeBonus(text="+1 к дальности выстрела.", value=1,
                                     to=(Attack(kind="shot"),)))
    assert shoot(pos(at(longer, "a1"), enemy), "shot", "a1", "a5").verdict == "yes"
    pacifist = card(SHOT, Cannot(text="Не может атаковать.", actions=("attack",)))
    assert shoot(pos(at(pacifist, "a1"), enemy), "shot", "a1", "a5").verdict == "no"
    no_strike = card(SHOT, Cannot(text="Строй: не может нападать простым ударом.",
                                  actions=("attack",), attacks=(Attack(kind="simple_strike"),)))
    assert shoot(pos(at(no_strike, "a1"), enemy), "shot", "a1", "a5").verdict == "yes"
    no_shot = card(SHOT, Cannot(text="Не может объявлять выстрел.", actions=("attack",),
                                attacks=(Attack(kind="shot"),)))
    assert shoot(pos(at(no_shot, "a1"), enemy), "shot", "a1", "a5").verdict == "no"


# --- what the bot did not read ----------------------------------------------------------------


def test_an_unread_sentence_about_the_action_makes_the_answer_unknown() -> None:
    enemy = at(None, "a5", enemy=True)
    shooter = card(SHOT, Unparsed(text="Может объявлять выстрел только по карте без ран."))
    r = shoot(pos(at(shooter, "a1"), enemy), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "только по карте без ран" in r.missing
    # a trigger sentence fires: it does not change whether the shot is allowed
    fires = card(SHOT, Unparsed(text="При выстреле получает фишку за каждую рану цели."))
    assert shoot(pos(at(fires, "a1"), enemy), "shot", "a1", "a5").verdict == "yes"
    guarded = card(Unparsed(text="На поверхности: Защита от выстрелов."))
    r = shoot(pos(at(card(SHOT), "a1"), at(guarded, "a5", enemy=True)), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "На поверхности" in r.missing
    defender = card(Unparsed(text="Может выступать защитником любому вашему существу."))
    r = shoot(pos(at(card(SHOT), "a1"), at(defender, "a5", enemy=True)), "shot", "a1", "a5")
    assert r.verdict == "yes"
    # the unread sentence may allow what the read ones forbid: «no» is not certain either
    walker = card(Unparsed(text="Может передвигаться на две клетки за единицу движения."))
    position = pos(at(walker, "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "unknown"


def test_a_triggered_teleport_into_a_row_counts_only_that_rows_free_cells() -> None:
    # 20-116 «Ахти»: «Когда перемещается на клетку третьего ряда противника может
    # телепортироваться на свободную клетку вашего третьего ряда …»
    akhti = card(Trigger(text="Когда перемещается на клетку третьего ряда противника может "
                              "телепортироваться на свободную клетку вашего третьего ряда.",
                         when=When(event="relocate", to=Cell(region="enemy_third_row")),
                         effects=(Teleport(to=Cell(free=True, region="own_third_row")),),
                         optional=True))
    position = pos(at(akhti, "b5"), at(None, "c1"))
    r = can_move(position, Ref.at(position, "b5"), Ref.at(position, "b6"))
    assert r.verdict == "yes" and len(r.triggers) == 1
    assert "Свободных клеток для телепортации: 4 (a1, b1, d1, e1)" in r.triggers[0]


def test_a_card_with_any_of_the_havings_is_selected() -> None:
    # «Ваши существа с выстрелом, метанием или разрядом …» (10-188): one of the three does
    archer = at(card(icons=(("sht", 1),)), "b2")
    plain = at(card(), "c2")
    scene = Scene(pos(archer, plain), archer)
    ranged = Selector(having=("sht", "thr", "dsc"))
    assert selects(ranged, archer, scene).value is True
    assert selects(ranged, plain, scene).value is False
    assert selects(Selector(lacking=("sht", "thr")), archer, scene).value is False


def test_a_ranged_attack_is_a_throw_shot_or_discharge_and_a_strike_through_a_row_is_unknown() -> None:
    # «Безответный удар по картам с дальней атакой» (40-100): no source says whether a strike
    # through a row is a ranged attack, so a card with only that is not settled
    ranged = Selector(what="card", having=("ranged_attack",))
    thrower = at(card(Activated(text="Закрыться: Метание на 1.", cost=Cost(tap=True),
                                effects=(Throw(values=(1, 1, 1)),))), "b2")
    through = at(card(icons=(("uchr", 1),)), "c2")
    plain = at(card(), "d2")
    scene = Scene(pos(thrower, through, plain), thrower)
    assert selects(ranged, thrower, scene).value is True
    assert selects(ranged, plain, scene).value is False
    r = selects(ranged, through, scene)
    assert r.value is None and "удар через ряд" in r.missing


def test_another_cards_rule_of_whom_attacks_may_be_declared_at() -> None:
    # «Карты противника могут объявлять выстрел только по <карте>, пока он стоит рядом с
    # существом противника» (like 10-106): binds our shooter, whatever card it stands near
    lure = OnlyTargets(text="Только по нему.", attackers=Selector(what="card", side="enemy",
                                                                  all=True),
                       attacks=(Attack(kind="shot"),), targets="self")
    near = Static(text="Только по нему, пока рядом.", grants=(lure,),
                  condition=Nearby(place="adjacent", selector=Selector(side="enemy")))
    shooter, other = at(card(SHOT), "a1"), at(None, "a4", enemy=True)
    assert shoot(pos(shooter, other, at(card(lure), "e6", enemy=True)), "shot", "a1",
                 "a4").verdict == "no"
    assert shoot(pos(shooter, at(card(lure), "a3", enemy=True)), "shot", "a1",
                 "a3").verdict == "yes"
    assert shoot(pos(shooter, other, at(card(near), "e6", enemy=True)), "shot", "a1",
                 "a4").verdict == "yes"  # nothing stands next to it: the rule does not hold
    assert shoot(pos(shooter, other, at(card(near), "e6", enemy=True), at(None, "e5")), "shot",
                 "a1", "a4").verdict == "no"
    # our own card's rule does not bind our shooter (it binds the enemy's cards)
    assert shoot(pos(shooter, other, at(card(lure), "e6")), "shot", "a1", "a4").verdict == "yes"
    freed = at(card(SHOT, Ignore(text="Игнорирует особенности, обязывающие выбирать цель "
                                      "выстрела.", forced_targets=(Attack(kind="shot"),))), "a1")
    r = shoot(pos(freed, other, at(card(lure), "e6", enemy=True)), "shot", "a1", "a4")
    assert r.verdict == "yes" and "не действует" in reasons(r)


def test_a_rule_for_the_cards_at_the_edge_of_the_field_but_a_strike_through_a_row() -> None:
    # «Карты, стоящие у края поля, могут объявлять дальние атаки только по Пугалу (кроме удара
    # через ряд, независимо от дальноти)» (30-190; an artefact, so a hand-built holder here)
    rule, = extract_abilities("Карты, стоящие у края поля, могут объявлять дальние атаки только "
                              "по Пугалу (кроме {uchr} , независимо от дальноти)", name="Пугало")
    lure = at(card(rule, name="Пугало"), "c4", enemy=True)
    edge, inner = at(card(SHOT), "a2"), at(card(SHOT), "b2")
    r = shoot(pos(edge, lure, at(None, "c5", enemy=True)), "shot", "a2", "c5")
    assert r.verdict == "no" and "не такая" in reasons(r)
    assert shoot(pos(inner, lure, at(None, "c5", enemy=True)), "shot", "b2", "c5").verdict == "yes"
    assert shoot(pos(edge, lure), "shot", "a2", "c4").verdict == "yes"
    # a rule that leaves out a shot does not bind it
    spared = replace(rule, excluding=(Attack(kind="shot"),))
    lure = at(card(spared, name="Пугало"), "c4", enemy=True)
    assert shoot(pos(edge, lure, at(None, "c5", enemy=True)), "shot", "a2", "c5").verdict == "yes"


def test_a_rule_of_whom_the_card_itself_may_attack() -> None:
    # «Может объявлять выстрел только по летающим существам»: the card's own rule
    picky = at(card(SHOT, OnlyTargets(text="Только по летающим.", attacks=(
        Attack(kind="shot"),), targets=Selector(flags=("flying",)))), "a1")
    assert shoot(pos(picky, at(None, "a4", enemy=True)), "shot", "a1", "a4").verdict == "no"
    flyer = Piece(card=card(creature_type="Летающее"), flying=True, enemy=True)
    position = pos(picky, flyer)
    r = can_shoot(position, "shot", Ref.at(position, "a1"), Ref(".", None, flyer))
    assert r.verdict == "yes" and "подходит" in reasons(r)


def test_a_rule_of_whom_every_attack_of_the_card_may_be_at() -> None:
    # «Может нападать только на карты, стоящие в одном столбце с ним» (40-102): its shot too
    rule, = extract_abilities("Может нападать только на карты, стоящие в одном столбце с ним.",
                              name="Циклоп-маг")
    cyclops = at(card(SHOT, rule), "c1")
    assert shoot(pos(cyclops, at(None, "c4", enemy=True)), "shot", "c1", "c4").verdict == "yes"
    r = shoot(pos(cyclops, at(None, "d3", enemy=True)), "shot", "c1", "d3")
    assert r.verdict == "no" and "не такая" in reasons(r)


def test_a_rule_of_where_the_enemys_jumps_and_teleports_may_end() -> None:
    # «Существа противника могут объявлять прыжок или телепортацию только на свободные клетки
    # рядом с Иссой» (20-100): the cell it ends on; not a rule of moving
    rule, = extract_abilities("Существа противника могут объявлять прыжок или телепортацию "
                              "только на свободные клетки рядом с Иссой.", name="Исса")
    issa = at(card(rule, name="Исса"), "c3", enemy=True)
    tp = at(card(Teleport(text="Телепортация.")), "a1")
    position = pos(issa, tp)
    far = can_teleport(position, Ref.at(position, "a1"), Ref.at(position, "e6"))
    near = can_teleport(position, Ref.at(position, "a1"), Ref.at(position, "d4"))
    assert far.verdict == "no" and "не подходит" in reasons(far)
    assert near.verdict == "yes" and "подходит" in reasons(near)
    own = pos(at(card(rule, name="Исса"), "c3"), tp)  # binds the enemy's cards only
    assert can_teleport(own, Ref.at(own, "a1"), Ref.at(own, "e6")).verdict == "yes"
    walker = pos(issa, at(card(), "a1", movement_left=2))
    assert can_move(walker, Ref.at(walker, "a1"), Ref.at(walker, "a3")).verdict == "yes"


def test_another_cards_bonus_to_the_range_of_jumps_not_of_attacks() -> None:
    # «Ваши стоящие рядом с Аларино существа с прыжком получают +1 к дальности прыжка» (20-172)
    rule, = extract_abilities("Ваши стоящие рядом с Аларино существа с прыжком получают +1 к "
                              "дальности прыжка.", name="Аларино")
    shot = Activated(text="Закрыться: Выстрел на 2, дальность 3.", cost=Cost(tap=True),
                     effects=(Shot(values=(2, 2, 2), range=3),))
    jumper = card(Jump(text="Прыжок, дальность 3.", range=3), shot)
    near = pos(at(card(rule, name="Аларино"), "c2"), at(jumper, "b2"))
    r = can_jump(near, Ref.at(near, "b2"), Ref.at(near, "b6"))
    assert r.verdict == "yes" and "Прибавка к дальности прыжка: +1" in reasons(r)
    assert shoot(pos(*near.pieces, at(None, "b6", enemy=True)), "shot", "b2", "b6").verdict == "no"
    far = pos(at(card(rule, name="Аларино"), "e6"), at(jumper, "b2"))
    assert can_jump(far, Ref.at(far, "b2"), Ref.at(far, "b6")).verdict == "no"
    unknown = pos(at(card(rule, name="Аларино"), "c2"), at(None, "b2"))
    r = can_jump(unknown, Ref.at(unknown, "b2"), Ref.at(unknown, "b6"), 3)
    assert r.verdict == "unknown" and "+1, если выполнено условие" in reasons(r)


def test_another_cards_rule_sets_the_range_of_its_neighbours_ranged_attacks() -> None:
    # «Дальние атаки (кроме удара через ряд) стоящих рядом карт имеют дальность 2» (50-10)
    rule, = extract_abilities("Дальние атаки (кроме {uchr}) стоящих рядом карт имеют дальность 2.",
                              name="Элементаль песка")
    sand = at(card(rule, name="Элементаль песка"), "c3", enemy=True)
    thrower = card(Activated(text="Закрыться: Метание на 1, дальность 3.", cost=Cost(tap=True),
                             effects=(Throw(values=(1, 1, 1), range=3),)))
    r = shoot(pos(sand, at(thrower, "c2"), at(None, "c5", enemy=True)), "throw", "c2", "c5")
    assert r.verdict == "no" and "Дальность 2" in reasons(r)
    assert shoot(pos(sand, at(thrower, "c2"), at(None, "c4", enemy=True)), "throw", "c2",
                 "c4").verdict == "yes"
    away = at(card(rule, name="Элементаль песка"), "e6", enemy=True)
    assert shoot(pos(away, at(thrower, "c2"), at(None, "c5", enemy=True)), "throw", "c2",
                 "c5").verdict == "yes"
    unlimited = at(card(SHOT), "c2")  # «Выстрел на 2» has no range: now it has 2
    assert shoot(pos(sand, unlimited, at(None, "c6", enemy=True)), "shot", "c2", "c6").verdict \
        == "no"


def test_a_rule_keeping_the_enemy_off_the_half_holds_under_its_conditions() -> None:
    # «Существа противника не могут перемещаться на клетки вашей половины поля боя, пока в
    # вашем первом ряду стоит Ррег и два или более других ваших существа» (20-122)
    rule, = extract_abilities(
        "Существа противника не могут перемещаться на клетки вашей половины поля боя, пока в "
        "вашем первом ряду стоит Ррег и два или более других ваших существа.", name="Ррег")
    rreg = at(card(rule, name="Ррег"), "c4", enemy=True)
    guards = [at(None, "b4", enemy=True), at(None, "d4", enemy=True)]
    walker = at(card(), "a3", movement_left=1)
    full = pos(rreg, *guards, walker)
    r = can_move(full, Ref.at(full, "a3"), Ref.at(full, "a4"))
    assert r.verdict == "no" and "не такая" in reasons(r)
    assert can_move(full, Ref.at(full, "a3"), Ref.at(full, "b3")).verdict == "yes"
    few = pos(rreg, guards[0], walker)
    assert can_move(few, Ref.at(few, "a3"), Ref.at(few, "a4")).verdict == "yes"
    tp = pos(rreg, *guards, at(card(Teleport(text="Телепортация.")), "a1"))
    assert can_teleport(tp, Ref.at(tp, "a1"), Ref.at(tp, "e6")).verdict == "no"
    assert can_teleport(tp, Ref.at(tp, "a1"), Ref.at(tp, "e3")).verdict == "yes"


def test_another_cards_unread_rule_of_others_makes_the_answer_unknown() -> None:
    # «Существа противника могут объявлять прыжок или телепортацию только на …» (20-100): not
    # read, it may forbid our jump; a sentence of its own action («Закрыться: …») does not
    jumper = at(card(Jump(text="Прыжок, дальность 2.", range=2)), "a1")
    aura = at(card(Unparsed(text="Существа противника могут объявлять прыжок только на клетки "
                                 "рядом с ним.")), "e6", enemy=True)
    own = at(card(Unparsed(text="Закрыться: прыжок на клетку рядом с существом противника.")),
             "e6", enemy=True)
    assert can_jump(pos(jumper, aura), Ref.at(pos(jumper, aura), "a1"),
                    Ref.at(pos(jumper, aura), "a3")).verdict == "unknown"
    assert can_jump(pos(jumper, own), Ref.at(pos(jumper, own), "a1"),
                    Ref.at(pos(jumper, own), "a3")).verdict == "yes"


def test_a_paid_ability_that_leaves_another_card_a_state_about_the_action_is_unknown() -> None:
    # «Закрыться: … нелетающее существо противника получает сеть на свой следующий ход не
    # может передвигаться и действовать» (10-77): once paid, the net may be on our creature;
    # «Закрыться: Разряд на 1-2-2; … одно из них получает проклятие» (50-175) says nothing of it
    mover = at(card(movement=1), "c3")
    net = at(card(Unparsed(text="Закрыться: Воздействие бросок сети, дальность 2 нелетающее "
                                "существо противника получает сеть на свой следующий ход не "
                                "может передвигаться и действовать.")), "c5", enemy=True)
    curse = at(card(Unparsed(text="Закрыться: передвигается на 1 клетку; ваше существо получает проклятие.")),
               "c5", enemy=True)
    netted = pos(mover, net)
    assert can_move(netted, Ref.at(netted, "c3"), Ref.at(netted, "b3")).verdict == "unknown"
    cursed = pos(mover, curse)
    assert can_move(cursed, Ref.at(cursed, "c3"), Ref.at(cursed, "b3")).verdict == "yes"


def test_another_cards_movement_and_range_changes() -> None:
    # «Существа противника имеют −1 к движению, пока стоят напротив Навки» (40-138)
    slow = MovementBonus(text="−1 к движению напротив.", value=-1,
                         target=Selector(side="enemy", all=True, place="opposite"))
    mover = at(card(movement=1), "c3")
    position = pos(mover, at(card(slow), "c4", enemy=True))
    r = can_move(position, Ref.at(position, "c3"), Ref.at(position, "b3"))
    assert r.verdict == "no" and "−1 к движению" in reasons(r)
    aside = pos(mover, at(card(slow), "d4", enemy=True))  # not opposite: no change
    assert can_move(aside, Ref.at(aside, "c3"), Ref.at(aside, "b3")).verdict == "yes"
    # a −1 under a condition the position cannot settle: 1 movement may not be enough
    maybe = Static(text="Вторым игроком: −1 к движению.", grants=(slow,),
                   condition=PlayerIs(player="second"))
    unsure = pos(mover, at(card(maybe), "c4", enemy=True))
    assert can_move(unsure, Ref.at(unsure, "c3"), Ref.at(unsure, "b3")).verdict == "unknown"
    # «Ваши существа … в одном столбце с Паладином Алламора получают +1 к дальности» (10-188)
    far = RangeBonus(text="+1 к дальности в столбце.", value=1,
                     target=Selector(side="own", all=True, place="same_column"))
    thrower = at(card(Throw(text="Метание на 1, дальность 3.", values=(1, 1, 1), range=3)), "c1")
    assert shoot(pos(thrower, at(None, "c5", enemy=True)), "throw", "c1", "c5").verdict == "no"
    helped = pos(thrower, at(card(far), "c2"), at(None, "c5", enemy=True))
    assert shoot(helped, "throw", "c1", "c5").verdict == "yes"


def test_every_selector_filter_and_flag_is_evaluated() -> None:
    # a field or flag the engine does not know would be ignored or crash, not «unknown»
    assert {f.name for f in fields(Selector)} == SELECTOR_FILTERS | SELECTOR_QUANTIFIERS
    assert {f.name for f in fields(Cell)} == CELL_FIELDS
    assert {f.name for f in fields(Attack)} == ATTACK_FIELDS
    piece = at(card(), "b2")
    for flag in get_args(Flag):
        assert has_flag(piece, flag).value in (True, False, None)


def test_a_selector_excluding_some_cards() -> None:
    # «при гибели существа (кроме летающих, бестелесных, Скелетов и симбиотов)» (20-164)
    sel = Selector(excluding=(Selector(flags=("flying",)), Selector(what="card", name="Скелет")))
    owner = at(card(), "a1")
    skeleton, other, unknown = at(card(name="Скелет"), "b2"), at(card(), "c3"), at(None, "d4")
    scene = Scene(pos(owner, skeleton, other, unknown), owner)
    assert selects(sel, skeleton, scene).value is False
    assert selects(sel, other, scene).value is True
    assert selects(sel, unknown, scene).value is None  # a «?» may be a Скелет


def test_a_selector_other_than_a_card_the_event_names() -> None:
    # «При простом ударе …, либо особый удар … по другой карте» (40-83): not the one attacked
    sel = Selector(what="card", other_than="attacked")
    owner, attacked, other = at(card(), "a1"), at(card(), "a2"), at(card(), "b2")
    scene = Scene(pos(owner, attacked, other), owner, refs=(("attacked", attacked),))
    assert selects(sel, attacked, scene).value is False
    assert selects(sel, other, scene).value is True
    assert selects(sel, other, Scene(pos(owner, attacked, other), owner)).value is None


def test_a_cell_ahead_diagonal_or_opposite() -> None:
    owner = at(card(), "b2")
    scene = Scene(pos(owner), owner)
    b2, b3, c3, a2 = (BoardCell.parse(c) for c in ("b2", "b3", "c3", "a2"))
    assert cell_is(Cell(forward=True), b2, b3, scene).value is True
    assert cell_is(Cell(forward=True), b2, a2, scene).value is False
    b1 = BoardCell.parse("b1")
    assert cell_is(Cell(backward=True), b2, b1, scene).value is True
    assert cell_is(Cell(backward=True), b2, b3, scene).value is False
    assert cell_is(Cell(diagonal=True), b2, c3, scene).value is True
    assert cell_is(Cell(diagonal=True), b2, b3, scene).value is False
    assert cell_is(Cell(opposite="self"), None, b3, scene).value is True
    assert cell_is(Cell(opposite="self"), None, c3, scene).value is False
    # «на свободную клетку позади себя» (50-47): the cell behind the card itself
    assert cell_is(Cell(behind="self"), None, b1, scene).value is True
    assert cell_is(Cell(behind="self"), None, b3, scene).value is False
    assert cell_is(Cell(behind="attacked"), None, b1, scene).value is None
    # «на нее» after «через свободную клетку» (20-38): which cell that was the position does not say
    assert cell_is(Cell(that_cell=True), b2, b3, scene).value is None
    # «освободившаяся клетка» (50-163): which cell the card of the trigger left it does not say
    assert cell_is(Cell(vacated=True), b2, b3, scene).value is None
    # «на клетку в одном ряду с Терновой изгородью» (40-94)
    assert cell_is(Cell(same_row="self"), None, a2, scene).value is True
    assert cell_is(Cell(same_row="self"), None, b3, scene).value is False
    assert cell_is(Cell(same_row="attacker"), None, b3, scene).value is None
    enemy = at(card(), "e3", enemy=True)
    both = Scene(pos(owner, enemy), owner)
    assert cell_is(Cell(same_row=Selector(side="enemy")), None, BoardCell.parse("a3"),
                   both).value is True
    assert cell_is(Cell(same_row=Selector(side="enemy")), None, a2, both).value is False
    # «на клетку столбца, в котором стоит Цветок лотоса» (30-70)
    assert cell_is(Cell(same_column="self"), None, b3, scene).value is True
    assert cell_is(Cell(same_column="self"), None, a2, scene).value is False
    assert cell_is(Cell(same_column="attacker"), None, b3, scene).value is None
def test_a_card_of_the_same_name() -> None:
    # «вызвать демона с таким же названием» (20-148): named as the card the trigger names
    owner = at(card(), "b2")
    demon = at(card(name="Бес"), "c3")
    same, other = at(card(name="Бес"), "d4"), at(card(name="Чёрт"), "e5")
    scene = Scene(pos(owner, demon, same, other), owner, refs=(("that", demon),))
    assert selects(Selector(named_as="that"), same, scene).value is True
    assert selects(Selector(named_as="that"), other, scene).value is False
    assert selects(Selector(named_as="that"), at(None, "a1"), scene).value is None
    assert selects(Selector(named_as="that"), same, Scene(pos(owner, same), owner)).value is None


def test_companions_and_parasites_are_symbiotes() -> None:
    owner = at(card(), "b2")
    scene = Scene(pos(owner), owner)
    for kind, expected in (("Компаньон", True), ("Паразит", True), ("Нелетающее", False)):
        piece = at(card(creature_type=kind), "c2")
        assert selects(Selector(what="symbiote"), piece, scene).value is expected
def test_a_ranged_attack_aimed_by_its_own_words() -> None:
    # «Закрыться: Выстрел на 2 по летающему существу»: a ground «?» is no such target
    aimed = at(card(Activated(text="Закрыться: Выстрел на 2 по летающему существу.",
                              cost=Cost(tap=True), effects=(Shot(values=(2, 2, 2), target=Selector(
                                  flags=("flying",))),))), "a1")
    assert shoot(pos(aimed, at(None, "a4", enemy=True)), "shot", "a1", "a4").verdict == "no"
    back = at(card(Activated(text="Закрыться: Выстрел на 2 по атаковавшему.", cost=Cost(tap=True),
                             effects=(Shot(values=(2, 2, 2), target="attacker"),))), "a1")
    r = shoot(pos(back, at(None, "a4", enemy=True)), "shot", "a1", "a4")
    assert r.verdict == "unknown" and r.missing and "участник события" in r.missing


def test_a_triggered_teleport_onto_the_cell_another_card_left_is_not_listed_as_any_cell() -> None:
    # 30-161 «Кседдэн»: «При телепортации другого вашего демона может телепортироваться на
    # клетку, которую тот демон занимал …»: one cell, not every free one
    kseddan = card(Trigger(text="При телепортации другого вашего демона может телепортироваться "
                                "на клетку, которую тот демон занимал.",
                           when=When(event="teleport",
                                     subject=Selector(side="own", other=True, classes=("Демон",))),
                           effects=(Teleport(to=Cell(of="that")),), optional=True))
    demon = card(Teleport(text="Телепортация."), classes=("Демон",))
    position = pos(at(kseddan, "a1"), at(demon, "c2"))
    r = can_teleport(position, Ref.at(position, "c2"), Ref.at(position, "c5"))
    assert len(r.triggers) == 1, r.triggers
    assert "Свободных клеток" not in r.triggers[0] and "не проверено" in r.triggers[0]


def test_a_teleport_in_the_outcome_of_a_die_roll_is_a_triggered_way() -> None:
    # «При гибели бросьте кубик; если выпало 6 телепортация»: the card has the teleport only
    # there — not declarable on its own, and not «the card has no teleport» either
    from bot.corpus.abilities import Outcome, Roll

    roller = card(Trigger(text="При гибели бросьте кубик; если выпало 6 телепортация.",
                          when=When(event="death"),
                          effects=(Roll(outcomes=(Outcome(values=(6,), effects=(Teleport(),)),)),)))
    position = pos(at(roller, "b2"))
    r = can_teleport(position, Ref.at(position, "b2"), Ref.at(position, "d4"))
    assert r.verdict == "unknown" and r.missing and "«При гибели" in r.missing


def test_a_creature_with_movement_n_or_more_by_its_printed_movement() -> None:
    # 10-83 «Серк»: «-1 от атак существ с движением 2 или больше»; 50-4 «с 1 движением»
    slow, fast = at(card(movement=1), "b2"), at(card(movement=2), "c2", enemy=True)
    scene = Scene(pos(slow, fast), slow)
    assert selects(Selector(movement_min=2), fast, scene).value is True
    assert selects(Selector(movement_min=2), slow, scene).value is False
    assert selects(Selector(movement_min=1, movement_max=1), slow, scene).value is True
    assert selects(Selector(movement_min=1, movement_max=1), fast, scene).value is False
    unknown = at(None, "d2", enemy=True)  # a «?»: its movement is not known
    r = selects(Selector(movement_min=2), unknown, Scene(pos(slow, unknown), slow))
    assert r.value is None and r.missing and "движение" in r.missing
    # «с движением Х или менее» (50-169): X is not known here
    bounded = selects(Selector(movement_max="X"), slow, scene)  # the missing fact is X's bound
    assert bounded.value is None and bounded.missing and "не больше ли Х" in bounded.missing
    # its own «+1 к движению», or another card's bonus to others, may change it
    boosted = at(card(MovementBonus(text="+1 к движению.", value=1), movement=1), "e2")
    assert selects(Selector(movement_min=2), boosted, Scene(pos(boosted), boosted)).value is None
    giver = at(card(MovementBonus(text="Ваши существа получают +1 к движению.", value=1,
                                  target=Selector(side="own", all=True))), "a1")
    assert selects(Selector(movement_min=2), slow, Scene(pos(slow, giver), slow)).value is None
    selfish = at(card(MovementBonus(text="+1 к движению.", value=1)), "a1")
    assert selects(Selector(movement_min=2), slow, Scene(pos(slow, selfish), slow)).value is False


def test_a_selector_of_a_marked_card_asks_whether_the_marker_is_there() -> None:
    # «по существам с маркером добычи» (10-68): the notation places no markers
    owner = at(card(), "b2")
    scene = Scene(pos(owner), owner)
    piece = at(card(), "c2", enemy=True)
    r = selects(Selector(markers=("добычи",)), piece, scene)
    assert r.value is None and r.missing and "маркер «добычи»" in r.missing
    assert selects(Selector(markers=("добычи",), side="own"), piece, scene).value is False
    # «ранить все карты на клетках с омутом на 2» (40-141): nor on cells
    r = selects(Selector(what="card", cell_markers=("омута",)), piece, scene)
    assert r.value is None and r.missing and "клетке c2 маркер «омута»" in r.missing


def test_a_shot_that_ignores_the_attacked_cards_abilities_passes_its_protection() -> None:
    # 10-99 «Серый альв»: its paid shot ignores the target's «Защита от выстрелов», its other
    # shot does not
    text = ("{tap}: Выстрел на 2-3-3. {counter}: Выстрел огненной стрелой на 5 (игнорирует "
            "особенности атакованного существа)")
    alv = card(*extract_abilities(text, name="Серый альв"), name="Серый альв")
    guarded = at(card(icons=(("zov", 1),), name="Щитоносец"), "a4", enemy=True)
    paid = shoot(pos(at(alv, "a1", counters=1), guarded), "shot", "a1", "a4")
    assert paid.verdict == "yes" and "её игнорирует" in reasons(paid)
    unpaid = shoot(pos(at(alv, "a1", counters=0), guarded), "shot", "a1", "a4")
    assert unpaid.verdict == "unknown" and "игнорирует" not in reasons(unpaid)
    assert "Защита от выстрелов" in (unpaid.missing or "")


def test_a_protection_from_attacks_of_a_value_is_not_settled_before_the_die() -> None:
    # 20-39 «Дух горы»: «Бестелесный: защита от немагических атак величиной 1» — the shot's
    # value is known only once the die is rolled
    duh = card(*extract_abilities("Бестелесный: защита от немагических атак величиной 1.",
                                  name="Дух горы"), name="Дух горы")
    protection = next(a for a in duh.abilities[0].grants if isinstance(a, Protection))
    attack = protection.against[0]
    assert (attack.size_min, attack.size_max) == (1, 1)
    shooter = at(card(SHOT), "a1")
    scene = Scene(pos(shooter), shooter)
    found = concerns_attack(Attack(kind="attack", size_min=3), "throw", shooter, scene)
    assert found.value is None and "величины" in found.missing
    r = shoot(pos(shooter, at(duh, "a4", enemy=True)), "shot", "a1", "a4")
    assert r.verdict == "unknown" and "Дух горы" in reasons(r)


def test_an_ignore_of_some_cards_protections_covers_only_those_cards() -> None:
    # 30-32 «Фарро»: «Игнорирует {zor} существ с магической особенностью»
    text = "Игнорирует {zor} существ с магической особенностью. {tap}: Разряд на 2-3-3"
    farro = at(card(*extract_abilities(text, name="Фарро"), name="Фарро"), "a1")
    mage = at(card(icons=(("zor", 1), ("dsc", 1)), name="Маг"), "a4", enemy=True)
    plain = at(card(icons=(("zor", 1),), name="Воин"), "a4", enemy=True)
    r = shoot(pos(farro, mage), "discharge", "a1", "a4")
    assert r.verdict == "yes" and "её игнорирует" in reasons(r)
    r = shoot(pos(farro, plain), "discharge", "a1", "a4")
    assert r.verdict == "unknown" and "игнорирует" not in reasons(r)


def test_whether_a_card_has_an_even_number_of_lives_is_unknown() -> None:
    # «по существам с чётным количеством жизней» (40-54): extra lives count among the lives,
    # and the notation shows none
    target = at(card(lives=6), "b2", wounds=2)
    r = has_flag(target, "even_lives")
    assert r.value is None and "чётно ли число жизней" in r.missing


def test_a_range_that_cannot_be_changed_takes_no_range_bonus() -> None:
    # 20-99 «Дикий циклоп»: «Дальность метания Дикого циклопа не может быть изменена»
    fixed = extract_abilities("Дальность метания Дикого циклопа не может быть изменена.",
                              name="Дикий циклоп")
    throw = Activated(text="Закрыться: Метание на 2, дальность 2.", cost=Cost(tap=True),
                      effects=(Throw(values=(2, 2, 2), range=2),))
    more = RangeBonus(text="+1 к дальности метания.", value=1, to=(Attack(kind="throw"),))
    enemy = at(None, "a4", enemy=True)
    assert shoot(pos(at(card(throw, more), "a1"), enemy), "throw", "a1", "a4").verdict == "yes"
    r = shoot(pos(at(card(throw, more, *fixed), "a1"), enemy), "throw", "a1", "a4")
    assert r.verdict == "no" and "не действуют" in reasons(r)


def test_a_card_that_puts_occupying_markers_leaves_free_cells_unsure() -> None:
    # 10-175 «Крондак»: «… положите маркер костра на свободную клетку (до конца хода
    # противника), клетка с маркером костра считается занятой»: the notation has no markers
    text = ("{tap}: Воздействие разжигание костра положите маркер костра на свободную клетку (до "
            "конца хода противника)\u0001 клетка с маркером костра считается занятой.")
    krondak = at(card(*extract_abilities(text, name="Крондак"), name="Крондак"), "e6")
    walker = at(card(Jump(text="Прыжок, дальность 2.", range=2), movement=2), "a1")
    assert can_move(pos(walker), Ref.at(pos(walker), "a1"), Ref.at(pos(walker), "a3")).verdict \
        == "yes"
    position = pos(walker, krondak, at(None, "b1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "unknown" and "маркера костра" in (r.missing or "")
    r = can_jump(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "unknown" and "Крондак" in reasons(r)
    assert can_jump(position, Ref.at(position, "a1"), Ref.at(position, "b1")).verdict == "no"


def test_a_selector_of_cards_with_so_many_wounds() -> None:
    # 21-4 «Орк-стрелок»: «+1 к выстрелу по существам с 4 и более ранами»
    bonus = extract_abilities("+1 квыстрелупо существам с 4 и более ранами.")[0]
    assert isinstance(bonus, AttackBonus) and bonus.against is not None
    orc = at(card(bonus), "a1")
    for wounds, expected in ((4, True), (5, True), (3, False)):
        target = at(None, "a4", enemy=True, wounds=wounds)
        assert selects(bonus.against, target, Scene(pos(orc, target), orc)).value is expected


def test_whether_a_card_is_a_parasite_is_unknown() -> None:
    # «+1 к простому удару по хозяину, пока паразит» (20-138): the notation has no symbiotes
    r = has_flag(at(card(), "b2"), "parasite")
    assert r.value is None and "паразит" in r.missing


def test_a_symbiotes_bonus_to_its_host_is_unknown_for_any_card() -> None:
    # 20-115 «Ядовитый плющ»: «Хозяин имеет -1 к движению, пока Ядовитый плющ его паразит»
    ivy = card(*extract_abilities("Хозяин имеет -1 к {move} , пока Ядовитый плющ его паразит.",
                                  name="Ядовитый плющ"), name="Ядовитый плющ")
    walker = at(card(movement=2), "a1")
    position = pos(walker, at(ivy, "e6"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "unknown" and "хозяин" in (r.missing or "")
    assert can_move(position, Ref.at(position, "a1"), Ref.at(position, "a2")).verdict == "yes"


def test_a_ranged_attack_only_straight_ahead() -> None:
    # 30-11 «Баллиста»: «{tap}: Метание на 2-3-4, только вперед по прямой»
    ballista = card(*extract_abilities("{tap}: Метание на 2-3-4, только вперед по прямой."),
                    name="Баллиста")
    assert shoot(pos(at(ballista, "c1"), at(None, "c5", enemy=True)), "throw", "c1", "c5"
                 ).verdict == "yes"
    for cell in ("d5", "b2"):
        r = shoot(pos(at(ballista, "c1"), at(None, cell, enemy=True)), "throw", "c1", cell)
        assert r.verdict == "no" and "вперёд по прямой" in reasons(r)
    # an enemy's ballista faces the other way
    r = shoot(pos(at(ballista, "c5", enemy=True), at(None, "c1")), "throw", "c5", "c1")
    assert r.verdict == "yes"
    assert shoot(pos(at(ballista, "c1", enemy=True), at(None, "c5")), "throw", "c1", "c5"
                 ).verdict == "no"


def test_a_range_bonus_for_each_free_cell_next_to_the_card() -> None:
    # 50-86 «Страж восхода»: «Выстрел на 2-3-3, дальность 2» and «+1 к дальности выстрела за
    # каждую свободную клетку рядом с собой»: on a1 three cells are next to it
    text = ("{tap}: Выстрел на 2-3-3, дальность 2. +1 к дальности выстрела за каждую свободную "
            "клетку рядом с собой.")
    guard = card(*extract_abilities(text, name="Страж восхода"), name="Страж восхода")
    assert shoot(pos(at(guard, "a1"), at(None, "a6", enemy=True)), "shot", "a1", "a6"
                 ).verdict == "yes"  # 5 cells: range 2 + 3 free cells
    r = shoot(pos(at(guard, "a1"), at(None, "a2"), at(None, "b2"), at(None, "a6", enemy=True)),
              "shot", "a1", "a6")
    assert r.verdict == "no"  # one free cell left: range 3
    assert shoot(pos(at(guard, "a1"), at(None, "a2"), at(None, "b2"), at(None, "a4", enemy=True)),
                 "shot", "a1", "a4").verdict == "yes"


def test_a_condition_on_every_card_of_a_squad_is_false_or_unknown() -> None:
    # 30-178 «Боцман проклятых»: «…, пока все ваши существа имеют проклятие»
    every = Has(subject=Selector(side="own", all=True), having=("cur",))
    cursed = card(Keyword(text="Проклятие.", code="cur"))
    owner = at(cursed, "a1")
    assert holds(every, Scene(pos(owner, at(cursed, "b1")), owner)).value is None
    r = holds(every, Scene(pos(owner, at(card(), "b1")), owner))
    assert r.value is False


def test_a_granted_attack_under_a_count_of_cards_with_counters() -> None:
    # 30-41 «Послушник»: «Имеет {tap}: Разряд на 2, пока у трёх или более ваших карт есть фишка»
    novice = card(*extract_abilities("Имеет  {tap}: Разряд на 2 , пока у трёх или более ваших "
                                     "карт есть {counter} .", name="Послушник"), name="Послушник")
    enemy = at(None, "a4", enemy=True)
    three = pos(at(novice, "a1", counters=1), at(card(), "b1", counters=1),
                at(card(), "c1", counters=2), enemy)
    assert shoot(three, "discharge", "a1", "a4").verdict == "yes"
    two = pos(at(novice, "a1", counters=1), at(card(), "b1", counters=1), at(card(), "c1"), enemy)
    assert shoot(two, "discharge", "a1", "a4").verdict == "unknown"  # the squad may have more


def test_whether_a_card_moved_so_far_this_turn() -> None:
    # 20-16 «Пикинер Альхенгарда»: «+1 к ударам, если переместился хотя бы на 1 клетку по
    # горизонтали в этот ход»: not moved is false; moved, how far and where is not told
    cond = Moved(direction="horizontal")
    still = at(card(), "a1")
    assert holds(cond, Scene(pos(still), still)).value is False
    moved = at(card(movement=2), "a1", movement_left=1)
    assert holds(cond, Scene(pos(moved), moved)).value is None


def test_a_trigger_on_moving_onto_any_cell_fires_on_each_cell() -> None:
    # 20-144 «Призрачный рыцарь»: «При движении на клетку воздействие холод тьмы ранить на 1
    # каждое другое существо на этой клетке»
    trigger = extract_abilities("При движении на клетку воздействие холод тьмы ранить на 1 "
                                "каждое другое существо на этой клетке.", name="Призрачный рыцарь")
    knight = card(Incorporeal(text="Бестелесный."), *trigger, movement=2, name="Призрачный рыцарь")
    position = pos(at(knight, "a1"), at(None, "a2", enemy=True))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a3"))
    assert r.verdict == "yes" and len(r.triggers) == 2
    assert "a2" in r.triggers[0] and "a3" in r.triggers[1]


def test_the_makeup_of_a_squad_is_unknown_but_for_names_the_position_shows() -> None:
    # 40-202 «Урайон»: «… пока в вашем отряде нет карт с одинаковым названием»; 30-10: «пока в
    # вашем отряде больше закрытых существ, чем открытых»
    owner = at(card(name="Урайон"), "a1")
    twin = card(name="Гном")
    none_alike = Makeup(same_names=False)
    assert holds(none_alike, Scene(pos(owner, at(twin, "b1")), owner)).value is None
    r = holds(none_alike, Scene(pos(owner, at(twin, "b1"), at(twin, "c1")), owner))
    assert r.value is False
    r = holds(Makeup(more_closed=True), Scene(pos(owner, at(card(), "b1", closed=True)), owner))
    assert r.value is None and "состав" in r.missing


def test_a_condition_on_the_cards_of_a_half_of_the_battlefield() -> None:
    # 40-106 «Вербер»: «…, пока на вашей половине поля боя нет существ стоимостью 3 или менее»
    (rule,) = extract_abilities("{direct}, пока на вашей половине поля боя нет существ "
                                "стоимостью 3 или менее.")
    assert isinstance(rule, Static) and rule.condition is not None
    owner = at(card(cost=5), "a1")
    cheap, dear = card(cost=3), card(cost=4)
    assert holds(rule.condition, Scene(pos(owner, at(dear, "b2")), owner)).value is True
    assert holds(rule.condition, Scene(pos(owner, at(cheap, "b2")), owner)).value is False
    assert holds(rule.condition, Scene(pos(owner, at(cheap, "b5")), owner)).value is True
    assert holds(rule.condition, Scene(pos(owner, at(None, "b2")), owner)).value is None


def test_a_move_onto_cells_as_if_adjacent_is_not_a_certain_no() -> None:
    # 30-57 «Буровая установка»: «Ваши горные существа могут передвигаться на клетки рядом с
    # Буровой установкой как на соседние»; 40-193: «Может передвигаться на клетки с артефактами
    # как на соседние» — the engine does not apply these, so a «no» they may turn is unknown
    drill = card(*extract_abilities("Ваши горные существа могут передвигаться на клетки рядом с "
                                    "Буровой установкой как на соседние.",
                                    name="Буровая установка"), name="Буровая установка")
    dwarf = at(card(element="Горы"), "a1")
    elf = at(card(element="Леса"), "a1")
    r = can_move(pos(dwarf, at(drill, "e5")), Ref.at(pos(dwarf), "a1"), Ref.at(pos(dwarf), "e6"))
    assert r.verdict == "unknown" and "как на соседние" in (r.missing or "")
    r = can_move(pos(elf, at(drill, "e5")), Ref.at(pos(elf), "a1"), Ref.at(pos(elf), "e6"))
    assert r.verdict == "no"
    sailor = at(card(*extract_abilities("Может передвигаться на клетки с артефактами как на "
                                        "соседние.")), "a1")
    assert can_move(pos(sailor), Ref.at(pos(sailor), "a1"), Ref.at(pos(sailor), "a3")).verdict \
        == "unknown"


def test_an_enemy_next_to_the_card_moves_only_onto_cells_next_to_it() -> None:
    # 20-78 «Ламия»: «Каждое существо противника, стоящее рядом с Ламией, может передвигаться
    # только на соседние с Ламией клетки»
    lamia = card(*extract_abilities("Каждое существо противника, стоящее рядом с Ламией, может "
                                    "передвигаться только на соседние с Ламией клетки.",
                                    name="Ламия"), name="Ламия")
    foe = at(card(movement=2), "c4", enemy=True)
    position = pos(at(lamia, "c3"), foe)
    assert can_move(position, Ref.at(position, "c4"), Ref.at(position, "b4")).verdict == "yes"
    r = can_move(position, Ref.at(position, "c4"), Ref.at(position, "c5"))
    assert r.verdict == "no" and "Ламия" in reasons(r)
    far = pos(at(lamia, "a1"), foe)  # not next to it: free to move
    assert can_move(far, Ref.at(far, "c4"), Ref.at(far, "c5")).verdict == "yes"


def test_a_condition_on_each_row_of_the_battlefield() -> None:
    # 10-142 «Суккуб-истязатель»: «+3 к разряду, если в каждом ряду поля боя есть ваше существо»
    (rule,) = extract_abilities("+3 к разряду, если в каждом ряду поля боя есть ваше существо.")
    assert isinstance(rule, Static) and rule.condition is not None
    owner = at(card(), "a1")
    mine = [at(card(), f"b{row}") for row in range(2, 7)]
    assert holds(rule.condition, Scene(pos(owner, *mine), owner)).value is True
    assert holds(rule.condition, Scene(pos(owner, *mine[:-1]), owner)).value is False
    foes = [at(card(), f"b{row}", enemy=True) for row in range(2, 7)]
    assert holds(rule.condition, Scene(pos(owner, *foes), owner)).value is False


def test_a_selector_of_flyers_or_cards_with_teleport() -> None:
    # 20-23 «Сфинкс Дзара»: «+2 к простому удару по существам с полетом или телепортацией»
    (bonus,) = extract_abilities("+2 к {strike} по существам с полетом или телепортацией.")
    assert isinstance(bonus, AttackBonus) and isinstance(bonus.against, Selector)
    sphinx = at(card(bonus), "a1")
    flyer = Piece(card=card(creature_type="Летающее"), cell=None, enemy=True)
    porter = at(card(Teleport(text="Телепортация.")), "a2", enemy=True)
    walker = at(card(), "b2", enemy=True)
    scene = Scene(pos(sphinx, flyer, porter, walker), sphinx)
    assert [selects(bonus.against, p, scene).value for p in (flyer, porter, walker)] \
        == [True, True, False]


def test_attacks_at_different_creatures_may_hit_a_creature() -> None:
    # 10-10 «Аколит Дзара»: «{tap}: Три или менее разряда на 1 по разным существам»
    acolyte = card(*extract_abilities("{tap}: Три или менее разряда на 1 по разным существам."))
    r = shoot(pos(at(acolyte, "a1"), at(card(), "a4", enemy=True)), "discharge", "a1", "a4")
    assert r.verdict == "yes"


def test_whether_a_mulligan_was_taken_is_unknown() -> None:
    # 30-181 «Корсар Маэнаса»: «{ova}: 2 если вы использовали пересдачу»
    owner = at(card(), "a1")
    r = holds(Mulligan(), Scene(pos(owner), owner))
    assert r.value is None and "пересдачу" in r.missing


def test_the_wounds_got_this_turn_are_unknown() -> None:
    # 30-159 «Тухлопуз»: «В конце хода противника, если получил менее 4 ран в этот ход …»: the
    # notation shows the wounds a card has, not when it got them
    owner = at(card(), "a1")
    r = holds(WoundsTaken(at_most=3), Scene(pos(owner), owner))
    assert r.value is None and "в этот ход" in r.missing


def test_movement_now_is_the_printed_one_unless_a_bonus_may_change_it() -> None:
    # 30-121 «Вереселень»: «…, если движение Вереселеня равен 5 или больше (с учётом
    # модификаторов) …»
    fast, slow = at(card(movement=5), "a1"), at(card(movement=2), "a1")
    assert holds(MovementOf(at_least=5), Scene(pos(fast), fast)).value is True
    assert holds(MovementOf(at_least=5), Scene(pos(slow), slow)).value is False
    spurred = at(card(MovementBonus(value=3), movement=2), "a1")
    assert holds(MovementOf(at_least=5), Scene(pos(spurred), spurred)).value is None


def test_the_edge_of_the_battlefield_is_its_outer_columns_and_rows() -> None:
    # 50-39 «Крейд-Моор»: «В начале боя выбранное существо у края поля боя …»
    owner = at(card(), "c3")
    edge = Selector(region="edge")
    pieces = {c: at(card(), c, enemy=True) for c in ("a3", "e4", "c1", "c6", "b2", "d5")}
    scene = Scene(pos(owner, *pieces.values()), owner)
    assert {c: selects(edge, p, scene).value for c, p in pieces.items()} == {
        "a3": True, "e4": True, "c1": True, "c6": True, "b2": False, "d5": False}
    assert selects(edge, owner, scene).value is False


def test_rows_count_from_the_front_of_the_half_of_the_card_or_of_the_owner() -> None:
    # 20-112 «Умпи»: «существо противника в его втором или третьем ряду»; 40-16 «Элементаль
    # огня»: «на свободную клетку второго или третьего ряда»
    owner = at(card(), "c3")  # rows 1-3 are the owner's half, 3 its front
    back = Selector(rows=(2, 3))
    pieces = {c: at(card(), c, enemy=True) for c in ("c4", "c5", "c6", "c2")}
    scene = Scene(pos(owner, *pieces.values()), owner)
    assert {c: selects(back, p, scene).value for c, p in pieces.items()} == {
        "c4": False, "c5": True, "c6": True, "c2": False}
    spec = Cell(free=True, rows=(2, 3))
    assert [cell_is(spec, None, BoardCell.parse(c), scene).value for c in ("b1", "b2", "b3", "b5")] \
        == [True, True, False, False]


def test_next_to_negated_and_a_card_with_a_class() -> None:
    # «каждое нелетающее существо противника, рядом с которым нет хотя бы двух других его
    # существ» (30-60): b3 has one other enemy beside it, c5 two, a «?» is no card
    owner = at(card(), "a1")
    lone = at(card(classes=("Орк",)), "b3", enemy=True)
    crowded = at(card(), "c5", enemy=True)
    scene = Scene(pos(owner, lone, crowded, at(card(), "b4", enemy=True),
                      at(card(), "d5", enemy=True)), owner)
    few = Selector(side="enemy", next_to=Selector(side="enemy"), next_to_min=2,
                   next_to_negated=True)
    assert selects(few, lone, scene).value is True
    assert selects(few, crowded, scene).value is False
    # «ваше существо с классом» (20-192): the card database's classes; a «?» is unknown
    classed = Selector(flags=("classed",))
    assert selects(classed, lone, scene).value is True
    assert selects(classed, owner, scene).value is False
    assert selects(classed, at(None, "e6"), scene).value is None


# --- a way another card gives ------------------------------------------------------------------


def test_a_way_another_card_may_give_is_unknown() -> None:
    """«Закрыться: Воздействие гром-молот выбранный гном получает закрыться: Метание на Х,
    дальность 3, …» (40-38, an artefact the notation does not place; here a creature): whether
    the gnome got the throw the position does not show — neither «no way» nor «out of range» is
    certain; a card the grant does not describe is not concerned."""
    throw = Activated(cost=Cost(tap=True), effects=(Throw(values=(1, 1, 1), range=3),))
    giver = card(Activated(text="Закрыться: выбранный гном получает закрыться: Метание на 1, "
                                "дальность 3.", cost=Cost(tap=True),
                           effects=(Grant(ability=throw, target=Selector(classes=("Гном",))),)))
    gnome, elf = card(classes=("Гном",)), card(classes=("Эльф",))
    enemy = at(None, "a5", enemy=True)
    r = shoot(pos(at(giver, "c1"), at(gnome, "a1"), enemy), "throw", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "получил ли" in r.missing
    assert shoot(pos(at(gnome, "a1"), enemy), "throw", "a1", "a5").verdict == "no"
    assert shoot(pos(at(giver, "c1"), at(elf, "a1"), enemy), "throw", "a1", "a5").verdict == "no"
    short = card(Activated(text="Закрыться: Метание на 1, дальность 2.", cost=Cost(tap=True),
                           effects=(Throw(values=(1, 1, 1), range=2),)), classes=("Гном",))
    assert shoot(pos(at(short, "a1"), enemy), "throw", "a1", "a5").verdict == "no"
    r = shoot(pos(at(giver, "c1"), at(short, "a1"), enemy), "throw", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "получил ли" in r.missing


def test_an_attack_after_the_card_moves_is_from_another_cell() -> None:
    """«Закрыть стоящее рядом ваше существо: Переместить Кулеврину орков на соседнюю клетку, при
    этом она может совершить выстрел на 1-2-2, дальность 4 (2 раза за ход)» (50-24, an artefact
    the notation does not place; here a creature): the shot is made from the cell it moves to,
    which the question does not say — «Неизвестно», unless the cost cannot be paid."""
    shot = Shot(values=(1, 2, 2), range=4)
    mover = card(Activated(text="Закрыть стоящее рядом ваше существо: Переместить … на соседнюю "
                                "клетку, при этом она может совершить выстрел на 1-2-2, дальность 4.",
                           cost=Cost(close=Selector(side="own", place="adjacent")),
                           effects=(Move(to=Cell(adjacent=True)), Choice(options=((shot,), ())))))
    enemy = at(None, "a5", enemy=True)
    r = shoot(pos(at(mover, "a1"), at(None, "b1"), enemy), "shot", "a1", "a5")
    assert r.verdict == "unknown" and r.missing and "с какой клетки" in r.missing
    far = at(None, "a6", enemy=True)  # 5 cells: one step nearer it is in range
    assert shoot(pos(at(mover, "a1"), at(None, "b1"), far), "shot", "a1", "a6").verdict == "unknown"
    assert shoot(pos(at(mover, "a1"), enemy), "shot", "a1", "a5").verdict == "no"  # none to close


def test_a_missing_fact_about_a_piece_after_у_names_it_in_the_genitive() -> None:
    unknown = at(None, "b3", enemy=True)
    scene = Scene(pos(unknown), unknown, active_enemy=False)
    lives = holds(Lives(at_most=3), scene)
    assert lives.value is None
    assert "сколько жизней у неизвестного существа противника на b3" in (lives.missing or "")
    classed = has_flag(unknown, "classed")
    assert "есть ли класс у неизвестного существа противника на b3" in (classed.missing or "")


def test_what_a_prophecy_showed_is_unknown() -> None:
    # 20-103 «Невеста окуня»: «…; если показана карта стоимостью 4 или менее …»
    owner = at(card(), "a1")
    r = holds(Shown(selector=Selector(what="card", cost_max=4)), Scene(pos(owner), owner))
    assert r.value is None and "пророчество" in r.missing


def test_a_range_bonus_a_trigger_gives_may_decide() -> None:
    # 20-103 «Невеста окуня»: «В начале вашего хода пророчество 1; если показана карта
    # стоимостью 4 или менее получить +2 к дальности метания до конца хода»
    text = ("В начале вашего хода пророчество 1; если показана карта стоимостью 4 или менее "
            "получить +2 к дальности метания до конца хода.")
    throw = Activated(text="Закрыться: Метание на 1, дальность 3.", cost=Cost(tap=True),
                      effects=(Throw(values=(1, 1, 1), range=3),))
    bride = card(throw, *extract_abilities(text))
    far = shoot(pos(at(bride, "a1"), at(card(), "a5", enemy=True)), "throw", "a1", "a5")
    assert far.verdict == "unknown" and "сработала ли особенность" in (far.missing or "")
    too_far = shoot(pos(at(bride, "a1"), at(card(), "b6", enemy=True)), "throw", "a1", "b6")
    assert too_far.verdict == "no"  # 6 cells: beyond 3 + 2
    # a bonus to another kind of attack does not count
    shooter = card(Activated(text="Закрыться: Выстрел на 1, дальность 3.", cost=Cost(tap=True),
                             effects=(Shot(values=(1, 1, 1), range=3),)), *extract_abilities(text))
    assert shoot(pos(at(shooter, "a1"), at(card(), "a5", enemy=True)), "shot", "a1",
                 "a5").verdict == "no"


def test_a_movement_bonus_a_trigger_gives_again_may_be_any_size() -> None:
    # 30-121 «Вереселень»: «При простом ударе на X получает +X к движению»: no bound
    grows = Trigger(when=When(event="attack", attack=Attack(kind="simple_strike")),
                    effects=(MovementBonus(value="X"),),
                    text="При простом ударе на X получает +X к движению.")
    position = pos(at(card(grows), "a1"))
    r = can_move(position, Ref.at(position, "a1"), Ref.at(position, "a5"))
    assert r.verdict == "unknown"


def test_a_cost_of_exactly_x_is_unknown() -> None:
    # 40-123 «Мастер ядов»: «существа противника стоимостью Х …, где Х стоимость показанной карты»
    owner = at(card(), "a1")
    r = selects(Selector(cost_min="X", cost_max="X"), owner, Scene(pos(owner), owner))
    assert r.value is None and "равна ли Х" in (r.missing or "")
