"""The checks of SPEC §5, each returning a :class:`CheckResult`: geometry, movement, manoeuvre,
formation, the die and effects here; jump and teleport in :mod:`bot.engine.relocation`,
ranged attacks in :mod:`bot.engine.ranged`.

The checks apply РП 4.1-2 where it defines the term, else the glossary, and report the
glossary's verdict as an other version when it differs. Example (the issue's position):

>>> from bot.engine.position import Piece, Position
>>> from bot.engine.board import Cell
>>> pos = Position((Piece(cell=Cell.parse("a1")), Piece(cell=Cell.parse("c6"), enemy=True)))
>>> r = range_between(pos, Ref.at(pos, "a1"), Ref.at(pos, "c6"), 4)
>>> r.verdict, r.value, r.other_versions[0].value
('no', 7, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from bot.corpus.abilities import (
    Ability,
    AsAdjacent,
    Cannot,
    Diagonal,
    MovementBonus,
    MovesOnly,
    OntoOccupied,
    Selector,
    Swap,
    SwapTwo,
    Trigger,
    walk,
)
from bot.engine import rules, triggers
from bot.engine.board import (
    Cell,
    RuleVersion,
    distance,
    is_adjacent,
    is_orthogonal_neighbour,
)
from bot.engine.conditions import Scene, cell_is, selects
from bot.engine.declare import (
    Bonus,
    Bound,
    available,
    best,
    binds,
    bonus,
    bound_rules,
    cells,
    closed_stops,
    marker_fact,
    moves_only_rules,
    needs_board,
    onto_occupied,
    report_fired,
    static_effect,
    units,
    unread_fact,
    verdict,
    way_text,
    within,
)
from bot.engine.defence import defences
from bot.engine.position import Piece, Position, Ref
from bot.engine.ranged import can_shoot
from bot.engine.relocation import can_jump, can_teleport
from bot.engine.result import (
    Builder,
    CheckResult,
    Cite,
    OtherVersion,
    Verdict,
    verdict_of,
    verdict_word,
)
from bot.engine.rules import Route
from bot.engine.truth import FALSE, TRUE, Truth, all_of
from bot.engine.ways import (
    Held,
    Way,
    held,
    held_effects,
    occupying_marker,
    unread_aura,
    unread_mention,
    unread_rule,
    ways,
)

RP, GL = RuleVersion.RP, RuleVersion.GLOSSARY

__all__ = ["Ref", "adjacency", "can_apply_effect", "can_jump", "can_manoeuvre", "can_move",
           "can_shoot", "can_swap", "can_teleport", "in_formation", "range_between",
           "throw_value"]


# ---------------------------------------------------------------------------------------------
# Geometry checks


def range_between(position: Position, a: Ref, b: Ref, x: int) -> CheckResult:
    """«Дальность Х» (``dalnost``): is ``b`` within X cells of ``a``?

    Worked example: a1 → c6 is 2 + 5 = 7 cells by РП 4.1-2 (not within 4); the glossary counts
    diagonals, max(2, 5) = 5.
    """
    b_ = Builder().cite(rules.RANGE)
    if a.cell is None or b.cell is None:
        b_.reason("Карта во вспомогательной зоне: дальность не ограничивает атаки и воздействия "
                  "по ней, а она сама может объявлять их по любой карте в зоне битвы.")
        return b_.done("yes", None, value_label="дальность")
    d, g = distance(a.cell, b.cell, RP), distance(a.cell, b.cell, GL)
    verdict = verdict_of(d <= x)
    b_.reason(f"От {a.cell} до {b.cell}: {cells(d)} по вертикали и горизонтали "
              f"(без диагоналей) — {'не больше' if d <= x else 'больше'} {x}.")
    if g != d:
        other = verdict_of(g <= x)
        note = f"По глоссарию диагонали считаются: {cells(g)}" + (
            f", вердикт «{verdict_word(other).lower()}»." if other != verdict else ", вердикт тот же.")
        b_.cite(rules.RANGE, GL).other_version(OtherVersion.of(GL, other, g, note))
    return b_.done(verdict, d, value_label="дальность")


def adjacency(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Рядом»: one of the 8 surrounding cells (``stroy`` excludes diagonals explicitly, so
    plain «рядом» includes them). Worked example: b2 and c3 are adjacent (diagonally)."""
    b_ = Builder().cite(rules.FORMATION, GL)
    if a.cell is None or b.cell is None:
        b_.reason("Летающее существо во вспомогательной зоне не стоит на клетке поля боя, "
                  "поэтому ни с кем не находится рядом.")
        return b_.done("no")
    if a.cell == b.cell:
        return b_.reason("Это одна и та же клетка.").done("no")
    adj = is_adjacent(a.cell, b.cell)
    if adj and is_orthogonal_neighbour(a.cell, b.cell):
        b_.reason(f"{b.cell} — соседняя клетка {a.cell} по вертикали или горизонтали "
                  "(напротив, сзади, справа или слева).")
    elif adj:
        b_.reason(f"{b.cell} — соседняя клетка {a.cell} по диагонали: «рядом» включает "
                  "диагонали (в отличие от «Строя», где сказано «но не по диагонали»).")
    else:
        b_.reason(f"{b.cell} не входит в 8 клеток вокруг {a.cell}.")
    return b_.done(verdict_of(adj))


# ---------------------------------------------------------------------------------------------
# Movement


def can_move(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Движение» (see :func:`_can_move`); a «no» that a rule moving onto some cells «как на
    соседние» may turn (the card's own, 40-193, or another's for it, 30-57) is «unknown»: the
    engine does not apply those rules."""
    r = _can_move(position, a, b)
    piece = a.piece
    if r.verdict != "no" or piece is None or piece.closed or a.cell is None or b.cell is None \
            or a.cell == b.cell:
        return r
    rule = _as_adjacent_move(position, piece)
    return r.unknown(f"позволяет ли «{rule}» это движение (бот это правило не применяет)") \
        if rule is not None else r


def _as_adjacent_move(position: Position, piece: Piece) -> str | None:
    """The sentence of a rule «может передвигаться на клетки … как на соседние» that may hold
    for ``piece``: its own, or another card's that describes it."""
    for holder in position:
        for h in held_effects(holder, "as_adjacent"):
            rule = h.ability
            if not isinstance(rule, AsAdjacent) or rule.way != "move":
                continue
            if binds(holder, rule.target, piece, Scene(position, holder)).value is not False:
                return h.text.strip().rstrip(".")
    return None


def _can_move(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Движение» (``dvizhenie``): 1 unit per orthogonal step onto unoccupied cells; only an open
    creature with movement > 0. Worked example: a piece with movement 1 on a1 may move to a2,
    not to b2 (2 steps). An incorporeal creature may step onto occupied cells; the card may
    allow diagonal steps, or an occupied destination («… поменявшись с ним местами»), or forbid
    moving («Не может передвигаться»). Triggers fire for every cell of the path."""
    b_ = Builder().cite(rules.MOVEMENT)
    piece = a.piece
    failure = needs_board(b_, piece, a.where, "двигаться")
    if failure or piece is None or a.cell is None:
        return failure or b_.done("no")
    if b.cell is None:
        return b_.reason("Движение идёт по клеткам поля боя, не во вспомогательную зону.").done("no")
    if b.cell == a.cell:
        return b_.reason("Это та же клетка.").done("no")
    stop = closed_stops(b_, piece)
    if stop:
        return stop
    cannot, rule = static_effect(piece, position, "cannot", _cannot("move"))
    if cannot.value is True and rule is not None:
        return b_.reason(f"{piece.name} не может передвигаться: «{rule.text.strip()}».").done("no")
    facts = [cannot.negated()]
    for kept in _kept_still(position, piece):
        # «Стоящие рядом существа противника с движением … не могут двигаться» (50-191)
        if kept.binds.value is True:
            return b_.reason(f"{piece.name} не может передвигаться: {kept.said}.").done("no")
        b_.reason(f"{kept.said} — возможно, {piece.name} не может передвигаться.")
        facts.append(kept.binds.negated())
    target = position.at(b.cell)
    if target is not None and not piece.incorporeal:
        onto, why = onto_occupied(piece, "move", target, position)
        if onto.value is False:
            b_.cite(rules.FREE_CELL)
            return b_.reason(f"Клетка {b.cell} занята ({target.name}): двигаться можно только на "
                             "незанятую клетку.").done("no")
        b_.reason(why or "")
        facts.append(onto)
    if piece.incorporeal:
        b_.cite(rules.INCORPOREAL)
        b_.reason("Бестелесное существо может двигаться на занятые клетки.")
    diagonal, rule = static_effect(piece, position, "diagonal", _diagonal)
    if diagonal.value is False:
        rule = _triggered_diagonal(piece)
        if rule is not None:
            diagonal = Truth.unknown(f"сработала ли «{rule.text.strip().rstrip('.')}»")
    if diagonal.value is not False and rule is not None:
        b_.reason(f"Карта позволяет двигаться по диагонали: «{rule.text.strip().rstrip('.')}»"
                  + (" — но выполнено ли условие, из позиции не видно." if diagonal.value is None
                     else "."))
    orth = rules.shortest_route(position, piece, b.cell, through_occupied=piece.incorporeal)
    diag = rules.shortest_route(position, piece, b.cell, diagonal=True,
                                through_occupied=piece.incorporeal) \
        if diagonal.value is not False else None
    route = diag if diagonal.value is True else orth
    if route is not None:
        facts.append(_moves_only(b_, position, piece, route))
    v, steps, missing = _move_verdict(b_, position, piece, route, facts)
    if diagonal.value is None:
        v2, steps2, _ = _move_verdict(Builder(), position, piece, diag, facts)
        if v2 != v:
            b_.reason(f"По диагонали нужно {units(steps2 or 0)} — тогда ответ другой.")
            v, missing = "unknown", diagonal.missing
    told = unread_rule(piece, *_MOVING)
    if told is not None and v != "unknown":  # it may allow or forbid: neither is certain
        v, missing = "unknown", unread_fact(b_, piece, told).missing
    aura = unread_aura(position, piece, *_MOVING) if v != "unknown" else None
    if aura is not None:  # «Хозяин не может перемещаться на клетки вашей половины …» (30-34)
        v, missing = "unknown", unread_fact(b_, *aura).missing
    marked = occupying_marker(position) if v == "yes" else None
    if marked is not None:  # «…, клетка с маркером костра считается занятой» (10-175)
        v, missing = "unknown", marker_fact(b_, marked, f"на клетке {b.cell} или на пути").missing
    if v != "no" and route is not None:
        if target is not None and piece.incorporeal:
            b_.warn(f"Бестелесное существо на занятой клетке {b.cell} обязано сойти с неё при "
                    "ближайшей возможности, иначе изгоняется.")
        report_fired(b_, triggers.fired(position, piece, "move", route))
    return b_.done(v, steps, missing=missing, value_label="единиц движения")


#: Words of card text that speak of moving.
_MOVING = ("передвиг", "двигат", "движени", "диагонал", "перемещат")


def _kept_still(position: Position, piece: Piece) -> Iterator[Bound]:
    """Another card's rule that the cards it describes cannot move («Стоящие рядом существа
    противника с движением меньшей или равной оставшимся единицам брони Законника не могут
    двигаться», 50-191), when it may bind ``piece``."""
    for rule in bound_rules(position, piece, "cannot"):
        ability = rule.held.ability
        if isinstance(ability, Cannot) and "move" in ability.actions and not ability.attacks \
                and ability.until is None and isinstance(ability.target, Selector):
            yield rule


def _cannot(action: str) -> Callable[[Ability], Truth]:
    def test(rule: Ability) -> Truth:
        assert isinstance(rule, Cannot)
        return Truth.of(action in rule.actions and rule.target == "self" and rule.until is None)
    return test


def _diagonal(rule: Ability) -> Truth:
    assert isinstance(rule, Diagonal)
    if rule.until is not None and _lets_it_move(rule):
        return Truth.unknown("действует ли ещё разрешение двигаться по диагонали")  # for a while
    return Truth.of(_lets_it_move(rule))


def _lets_it_move(rule: Diagonal) -> bool:
    """«может двигаться по диагонали» said of the card itself (not of others, not of attacks)."""
    return "move" in rule.ways and rule.target == "self"


def _triggered_diagonal(piece: Piece) -> Held | None:
    """A trigger that lets the card move diagonally for a while («Концентрация: может двигаться
    по диагонали до конца вашего хода», 50-116): whether it fired, the position does not show."""
    for h in held(piece):
        if isinstance(h.ability, Trigger) and any(
                isinstance(e, Diagonal) and _lets_it_move(e) for e in walk(h.ability.effects)):
            return h
    return None


def _moves_only(b_: Builder, position: Position, piece: Piece, route: rules.Route) -> Truth:
    """«Каждое существо противника, стоящее рядом с Ламией, может передвигаться только на
    соседние с Ламией клетки» (20-78): every cell stepped onto must be such a cell."""
    found = TRUE
    for rule in moves_only_rules(position, piece, "move"):
        spec = rule.held.ability
        assert isinstance(spec, MovesOnly)
        fits = [cell_is(spec.cells, route.start, c, rule.scene, mover=piece) for c in route.cells]
        if fits[-1].value is False:
            b_.reason(f"Двигаться можно только так: {rule.said}; клетка {route.cells[-1]} — "
                      "не такая.")
            fact = FALSE
        elif all(f.value is True for f in fits):
            b_.reason(f"{rule.said}: путь идёт только по таким клеткам.")
            fact = TRUE
        else:
            b_.reason(f"{rule.said}: не всякий путь идёт только по таким клеткам.")
            fact = Truth.unknown(f"есть ли путь только по клеткам, которые позволяет "
                                 f"«{rule.held.text.strip().rstrip('.')}»")
        found = all_of(found, rule.verdict(fact))
    return found


def _move_verdict(b_: Builder, position: Position, piece: Piece, route: rules.Route | None,
                  facts: list[Truth]) -> tuple[Verdict, int | None, str | None]:
    """Steps of the shortest path against the movement left (with the card's «+N к движению»)."""
    if route is None:
        b_.reason("Пути по незанятым клеткам нет.")
        return "no", None, None
    steps = route.steps
    movement = piece.movement()
    if movement is None:
        b_.reason(f"Нужно {units(steps)} движения.")
        return "unknown", steps, f"запас движения {piece.name} (укажите «движение N»)"
    more = Bonus()
    if piece.movement_left is None:
        more = bonus(piece, position, "movement_bonus", lambda e: isinstance(e, MovementBonus))
    changed = more.sure or more.up or more.down
    b_.reason(f"Нужно {units(steps)} движения, в запасе {movement}"
              + (f", с особенностями {more.said()}" if changed else "") + ".")
    enough = within(steps, movement, more)
    least, most = movement + more.sure + more.down, movement + more.sure + more.up
    positive = TRUE if least > 0 else FALSE if most <= 0 else Truth.unknown(
        more.missing or "выполнено ли условие прибавки")
    v, missing = verdict([positive, enough, *facts])
    return v, steps, missing


def can_manoeuvre(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Манёвр» (``manevr``, glossary only): swap with another creature of the same squad
    напротив/сзади/справа/слева; not after moving; allowed with 0 movement; only an open
    creature (a way of moving). Worked example: your ``?`` on b2 with your ``?`` on b3 → yes."""
    b_ = Builder().cite(rules.MANOEUVRE, GL)
    piece, other = a.piece, b.piece
    failure = needs_board(b_, piece, a.where, "совершать манёвр")
    if failure or piece is None or a.cell is None:
        return failure or b_.done("no")
    if piece.card is not None and not piece.has("manoeuvre"):
        return b_.reason(f"У {piece.genitive} нет особенности «Манёвр».").done("no")
    if piece.card is None:
        b_.warn("Для неизвестного существа предполагается, что у него есть «Манёвр».")
    if a.cell == b.cell:
        return one_cell(b_, a.cell, "манёвр — обмен местами с другим существом на соседней "
                        "клетке")
    if other is None or b.cell is None:
        return b_.reason(f"На {b.where} нет существа, с которым можно поменяться местами.").done("no")
    if other.enemy != piece.enemy:
        return b_.reason(f"{other.name} — не из того же отряда.").done("no")
    if not is_orthogonal_neighbour(a.cell, b.cell):
        return b_.reason(f"{b.cell} не напротив, не сзади, не справа и не слева от {a.cell}.").done("no")
    stop = closed_stops(b_, piece)
    if stop:
        return stop
    if piece.moved:
        return b_.reason("Существо не может использовать манёвр, если оно уже двигалось.").done("no")
    b_.reason(f"{piece.name} и {other.name} — одного отряда, на соседних клетках по "
              "вертикали или горизонтали; существо ещё не двигалось.")
    after = position.moved(piece, b.cell)
    report_fired(b_, triggers.fired(position, piece, "manoeuvre", Route.direct(a.cell, b.cell))
                 + triggers.fired(after, other, "manoeuvre", Route.direct(b.cell, a.cell)))
    return b_.done("yes")


def can_swap(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Поменяться местами» (``peremeshchenie``): by «Манёвр» (:func:`can_manoeuvre`), by the
    card's «поменяться местами с …» (its cost, trigger and condition apply as for any ability)
    or by moving, jumping or teleporting onto the other's cell where the card allows it
    «поменявшись с ним местами». A ``?`` is assumed to have «Манёвр». Worked example: your
    ``?`` on b2 and your ``?`` on b3 → yes (by manoeuvre)."""
    b_ = Builder().cite(rules.RELOCATION)
    piece, other = a.piece, b.piece
    failure = needs_board(b_, piece, a.where, "меняться местами")
    if failure or piece is None or a.cell is None:
        return failure or b_.done("no")
    if other is None or b.cell is None or other is piece:
        return b_.reason(f"На {b.where} нет другого существа, с которым можно поменяться "
                         "местами.").done("no")
    results = []
    if piece.card is None or piece.has("manoeuvre"):
        results.append(can_manoeuvre(position, a, b))
    results += [_swap_with(position, way, a, b) for way in ways(piece, "swap")
                if not way.assumed]
    # «поменять двух ваших стоящих рядом друг с другом существ местами» (40-85): the card's own
    # when it is one of the two; another card's when it may swap these two
    for holder in position:
        if holder.card is None:
            continue
        for way in ways(holder, "swap_two"):
            found = _swap_two(position, holder, way, a, b)
            if holder is piece or found.verdict != "no":
                results.append(found)
    by_moving = {"move": can_move, "jump": can_jump, "teleport": can_teleport}
    for h in held_effects(piece, "onto_occupied"):
        rule = h.ability
        if isinstance(rule, OntoOccupied) and rule.swap and rule.way in by_moving:
            results.append(by_moving[rule.way](position, a, b))
    if results:
        found = best(results)
        cite = Cite(rules.RELOCATION)
        return found if cite in found.citations else replace(
            found, citations=(cite, *found.citations))
    unread = unread_mention(piece, "помен")
    if unread is not None:
        return b_.reason("Обмен местами у карты есть в тексте, но бот его не прочитал.").done(
            "unknown", missing=f"особенность, которую бот не прочитал: «{unread}»")
    return b_.reason(f"У {piece.genitive} нет ни «Манёвра», ни особенности поменяться "
                     "местами.").done("no")


#: A swap partner the card names by its part in an event («меняется местами с атакующим»,
#: 40-120): whether the asked card is that one, the position does not show.
_PARTNERS = {
    "attacker": "атаковало ли эту карту {} (меняться местами можно только с атакующим)",
    "attacked": "атаковано ли ею {} (меняться местами можно только с атакованным)",
}


def _swap_with(position: Position, way: Way, a: Ref, b: Ref) -> CheckResult:
    """A card's «поменяться местами с …»: usable now, and ``b`` is the one it names."""
    b_ = Builder().cite(rules.RELOCATION)
    piece, other = a.piece, b.piece
    assert piece is not None and other is not None and a.cell is not None and b.cell is not None
    b_.reason(f"{way_text(way)}.")
    usable = available(b_, position, piece, way, "обмен местами")
    if usable.value is False:
        return b_.done("no")
    partner = way.effect.with_ if isinstance(way.effect, Swap) else None
    named = selects(partner, other, Scene(position, piece)) if isinstance(partner, Selector) \
        else Truth.unknown(_PARTNERS[partner].format(other.name)) if partner in _PARTNERS \
        else Truth.unknown("с каким существом особенность позволяет поменяться местами")
    if named.value is False:
        return b_.reason(f"{other.name} на {b.cell} — не то существо, с которым особенность "
                         "позволяет поменяться местами.").done("no")
    v, missing = verdict([usable, named])
    if v != "no":
        after = position.moved(piece, b.cell)
        report_fired(b_, triggers.fired(position, piece, "manoeuvre", Route.direct(a.cell, b.cell))
                     + triggers.fired(after, other, "manoeuvre", Route.direct(b.cell, a.cell)))
    return b_.done(v, missing=missing)


def _swap_two(position: Position, holder: Piece, way: Way, a: Ref, b: Ref) -> CheckResult:
    """A card's «поменять местами двух … существ» (``swap_two``, 40-85, 50-53): usable now, both
    ``a`` and ``b`` of the cards it describes (relative to ``holder``, whose ability it is) and,
    for «стоящих рядом друг с другом», next to each other."""
    b_ = Builder().cite(rules.RELOCATION)
    piece, other = a.piece, b.piece
    assert piece is not None and other is not None and a.cell is not None and b.cell is not None
    effect = way.effect
    assert isinstance(effect, SwapTwo)
    who = "" if holder is piece else f"{holder.name}: "
    b_.reason(f"{who}{way_text(way)}.")
    usable = available(b_, position, holder, way, "обмен местами")
    if usable.value is False:
        return b_.done("no")
    scene = Scene(position, holder)
    facts = [usable]
    for ref, p in ((a, piece), (b, other)):
        named = selects(effect.cards, p, scene)
        if named.value is False:
            return b_.reason(f"{p.name} на {ref.cell} — не из тех карт, которых особенность "
                             "меняет местами.").done("no")
        facts.append(named)
    if effect.adjacent and not is_adjacent(a.cell, b.cell):
        return b_.reason(f"{a.cell} и {b.cell} не рядом: особенность меняет местами карты, "
                         "стоящие рядом друг с другом.").done("no")
    v, missing = verdict(facts)
    if v != "no":
        after = position.moved(piece, b.cell)
        report_fired(b_, triggers.fired(position, piece, "manoeuvre", Route.direct(a.cell, b.cell))
                     + triggers.fired(after, other, "manoeuvre", Route.direct(b.cell, a.cell)))
    return b_.done(v, missing=missing)


# ---------------------------------------------------------------------------------------------
# Formation, die, effects


def one_cell(b_: Builder, cell: Cell, need: str) -> CheckResult:
    """The question names one cell twice («строй a1 a1»): say so, not «a1 и a1 не рядом»."""
    return b_.reason(f"Обе клетки вопроса — {cell}: {need}.").done("no")


def in_formation(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Строй» (``stroy``, glossary): two of your creatures with «Строй» on cells рядом, but not
    diagonally. Worked example: your ``?`` on b2 and c2 → yes; b2 and c3 → no (diagonal)."""
    b_ = Builder().cite(rules.FORMATION, GL)
    if a.cell is not None and a.cell == b.cell:
        return one_cell(b_, a.cell, "строй образуют два разных существа на соседних клетках")
    for ref in (a, b):
        if ref.piece is None or ref.cell is None:
            return b_.reason(f"На {ref.where} нет существа на поле боя.").done("no")
        piece = ref.piece
        if piece.card is None:
            b_.warn(f"Для неизвестного существа на {ref.cell} предполагается «Строй».")
        elif not piece.has("formation"):
            return b_.reason(f"У {piece.genitive} нет особенности «Строй».").done("no")
    pa, pb = a.piece, b.piece
    assert pa is not None and pb is not None and a.cell is not None and b.cell is not None
    if pa.enemy != pb.enemy:
        return b_.reason("Строй образуют только существа одного отряда.").done("no")
    if not is_orthogonal_neighbour(a.cell, b.cell):
        diag = is_adjacent(a.cell, b.cell)
        return b_.reason(f"{a.cell} и {b.cell} " + ("рядом, но по диагонали — строй требует "
                         "«рядом, но не по диагонали»." if diag else "не рядом.")).done("no")
    b_.reason(f"{a.cell} и {b.cell} — рядом не по диагонали, у обоих «Строй».")
    for piece in (pa, pb) if pa.card is not pb.card else (pa,):
        grants = [_granted(a_) for a_ in piece.abilities("formation")
                  if getattr(a_, "grants", ())]
        if grants:
            who = f"Каждый {piece.name}" if pa.card is pb.card else piece.name
            b_.reason(f"{who} в строю получает: {', '.join(str(g) for g in grants)}.")
    return b_.done("yes")


def _granted(formation: Ability) -> str:
    """What a creature in formation gets, as the card says it: «Строй: Броня 2.» → «Броня 2»."""
    return formation.text.partition(":")[2].strip().rstrip(".") or formation.text


def throw_value(values: tuple[int, int, int], roll: int, modifier: int = 0,
                named: tuple[tuple[str, int], ...] = ()) -> CheckResult:
    """«Метание на X-Y-Z» (``metanie``): the value for die ``roll`` with ``modifier`` and named
    modifiers (``("blessing", 1)``, ``("ova", 2)`` …, see :data:`rules.DIE_MODIFIERS`).

    Worked example: 1-2-3, roll 5, +1 → 6 → Z = 3. Благословление +1 and проклятие −1 do not
    stack; ОвА/ОвЗ/неповоротливость are modifiers of the simple strike die.
    """
    b_ = Builder().cite(rules.THROW)
    total = roll + modifier
    parts = [f"{modifier:+d}"] if modifier else []
    for kind in dict.fromkeys(k for k, _ in named):
        amounts = [v for k, v in named if k == kind]
        delta = rules.named_die_modifier(kind, amounts)
        term, _, title = rules.DIE_MODIFIERS[kind]
        b_.cite(term)
        total += delta
        parts.append(f"{delta:+d} ({title})")
        _die_modifier_note(b_, kind, title, len(amounts))
    mod = f" {' '.join(parts)} = {total}" if parts else ""
    value, letter = rules.die_result(values, total)
    b_.reason(f"Бросок {roll}{mod}: 3 или меньше — X, 4–5 — Y, 6 и больше — Z; здесь {letter}.")
    b_.reason(f"{'-'.join(map(str, values))} → {value}.")
    return b_.done("yes", value, value_label="результат")


def _die_modifier_note(b_: Builder, kind: str, title: str, count: int) -> None:
    if count > 1:
        b_.warn(f"{title} встречается {count} раза: " + (
            "он не складывается — модификатор не меняется." if kind in ("blessing", "curse")
            else "применяется самый большой по величине."))
    if kind == "ova":
        b_.warn("Опыт в атаке — только к броску простого удара, объявленного этой картой.")
    elif kind == "ovz":
        b_.warn("Опыт в защите — только когда карта отражает простой удар.")
    elif kind == "clumsy":
        b_.warn("Неповоротливость — только когда карта нападает простым ударом или отражает его.")


def can_apply_effect(position: Position, effect: str, a: Ref) -> CheckResult:
    """Отравление / излечение / добивание / вампиризм / трупоедство on the piece at ``a``:
    impossible on an incorporeal creature (``bestelesnost``). Worked example: «Тень» → no."""
    named = rules.EFFECTS[effect]
    b_ = Builder().cite(named.term, GL)
    piece = a.piece
    if piece is None:
        return b_.reason(f"На {a.where} нет существа.").done("no")
    if rules.effect_blocked_by_incorporeal(piece):
        b_.cite(rules.INCORPOREAL)
        b_.reason(f"{piece.name} — бестелесное существо: бестелесное существо нельзя отравить, использовать на "
                  "нём вампиризм, добивание и трупоедство, и оно не может быть излечено.")
        if effect == "finish":
            b_.warn("Когда бестелесное существо должно погибнуть — вместо этого оно изгоняется.")
        return b_.done("no")
    if piece.card is None:
        b_.warn("Для неизвестного существа предполагается, что оно не бестелесное.")
    b_.reason(f"{piece.name} — не бестелесное существо: {named.name} к нему применимо (по тексту "
              "термина — к небестелесному существу).")
    _effect_notes(b_, effect, piece)
    if effect == "poison":
        for d in defences(piece, "poison", Piece(), position):
            source = "значок карты" if d.source == "значок" else f"«{d.source.strip().rstrip('.')}»"
            b_.reason(f"У {piece.genitive} «{d.name}» ({source})" + (
                f" — если она действует (не хватает факта — {d.holds.missing})" if d.holds.value is None else "") + ".")
            return b_.done("unknown", missing=f"что даёт «{d.name}» (текста правила в корпусе "
                                              "нет)")
    return b_.done("yes")


def _effect_notes(b_: Builder, effect: str, piece: Piece) -> None:
    if effect == "heal" and piece.wounds == 0:
        b_.warn("На существе нет ран: излечивать нечего.")
    if effect == "finish":
        b_.warn("Добивание — по стоящему рядом существу с X или менее текущими жизнями.")
    if effect == "corpse_eating":
        b_.warn("Трупоедство — когда существо уничтожает стоящее рядом небестелесное существо "
                "противника.")


