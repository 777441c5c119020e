"""Jump and teleport (``pryzhok``, ``teleportatsiya``): a ground creature to an unoccupied cell.

A *slow* one (a sentence of its own) cannot be used after slow movement this turn and can be
used with 0 movement; one inside a trigger has neither restriction but is not an action of its
own (it happens when the trigger fires). A closed creature does neither (only an open creature
moves). The card may allow an occupied cell («Может объявлять прыжок на клетку, занятую другим
вашим гномом …, поменявшись с ним местами») and its trigger may fire on arrival («Баалит»).
The glossary's verdict is computed too: any creature, never after moving, radius with
diagonals.

>>> from bot.engine.board import Cell
>>> from bot.engine.position import Piece
>>> pos = Position((Piece(cell=Cell.parse("b2")),))
>>> r = can_jump(pos, Ref.at(pos, "b2"), Ref.at(pos, "c4"), 3)
>>> r.verdict, r.value
('yes', 3)
"""

from __future__ import annotations

from bot.corpus.abilities import Jump, MovesOnly, RangeBonus, Teleport
from bot.engine import rules, triggers
from bot.engine.board import Cell, RuleVersion, distance
from bot.engine.conditions import Scene, cell_is
from bot.engine.declare import (
    available,
    best,
    bonus,
    cells,
    closed_stops,
    limit_note,
    marker_fact,
    moves_only_rules,
    needs_piece,
    onto_occupied,
    report_fired,
    unread_fact,
    verdict,
    way_text,
    within,
)
from bot.engine.position import Piece, Position, Ref
from bot.engine.result import Builder, CheckResult, OtherVersion, Value
from bot.engine.truth import FALSE, TRUE, Truth, all_of
from bot.engine.ways import (
    Way,
    given_fact,
    granted_by_another,
    granted_for_a_while,
    occupying_marker,
    unread_aura,
    unread_mention,
    unread_rule,
    ways,
)
from bot.ru import agree

RP, GL = RuleVersion.RP, RuleVersion.GLOSSARY
_STEMS = {"jump": "прыж", "teleport": "телепорт"}


def can_jump(position: Position, a: Ref, b: Ref, x: int | None = None) -> CheckResult:
    """«Прыжок, дальность Х» (``pryzhok``): a ground creature to an unoccupied cell within radius
    X (counted like «Дальность», ``radius``). Worked example: ``?`` on b2 with «прыжок b2 c4 3»
    → yes (3 cells)."""
    return _relocate(position, a, b, "jump", x)


def can_teleport(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Телепортация» (``teleportatsiya``): a ground creature to any unoccupied cell. Worked
    example: «Баалит» on a1 → b6: yes, and its magma trigger fires (your third row → the
    opponent's third row)."""
    return _relocate(position, a, b, "teleport", None)


def _relocate(position: Position, a: Ref, b: Ref, kind: str, x: int | None) -> CheckResult:
    relocation = rules.RELOCATIONS[kind]
    b_ = Builder().cite(relocation.term)
    piece = a.piece
    failure = needs_piece(b_, piece, a.where)
    if failure or piece is None:
        return failure or b_.done("no")
    found = ways(piece, kind, x)
    given = granted_for_a_while(piece, kind) if not found else None
    if given is not None:
        # «В начале вашего хода вы можете снять …; Ночной гость получает Прыжок, дальность 4 до
        # конца хода» (40-152): the card has it only after its trigger, which the position
        # does not show
        said = given.text.strip().rstrip(".")
        return (b_.reason(f"{relocation.name.capitalize()} у {piece.genitive} есть только на "
                          f"время, после срабатывания особенности «{said}»; сработала ли она, из "
                          "позиции не видно.")
                .done("unknown", missing=f"сработала ли «{said}»"))
    other = granted_by_another(position, piece, kind)
    if not found and other is not None:  # another card may give it one (as 40-38 a throw)
        return b_.done("unknown", missing=given_fact(piece, other, relocation.name))
    if not found:
        # «… может совершить прыжок, дальность 2, при этом выстрел …» (50-84), not read: the
        # card may jump, so the answer is not «no»
        unread = unread_mention(piece, _STEMS[kind]) if piece.card else None
        if unread is not None:
            missing = f"особенность, которую бот не прочитал: «{unread}»"
            return (b_.reason(f"{relocation.genitive.capitalize()} у {piece.genitive} есть в "
                              "тексте, но бот её не прочитал.").done("unknown", missing=missing))
        return b_.reason(f"У {piece.genitive} нет {relocation.genitive}.").done("no")
    result = best([_relocate_with(position, way, a, b, x) for way in found])
    if other is not None and result.verdict == "no":
        return result.unknown(given_fact(piece, other, relocation.name))
    return result


def _relocate_with(position: Position, way: Way, a: Ref, b: Ref, asked: int | None) -> CheckResult:
    relocation = rules.RELOCATIONS[way.kind]
    b_ = Builder().cite(relocation.term)
    piece = a.piece
    assert piece is not None
    b_.reach = way.range
    b_.reason(f"{way_text(way)}.")
    if way.assumed:
        b_.warn("Для неизвестного существа предполагается " + (
            "медленная телепортация (отдельным предложением)." if way.kind == "teleport"
            else f"медленный «Прыжок, дальность {way.range}» (отдельным предложением)."))
    if asked is not None and way.range is not None and not way.assumed and asked != way.range:
        b_.warn(f"В вопросе дальность {asked}, на карте — {way.range}; применена дальность с карты.")
    stop = closed_stops(b_, piece)
    if stop:
        return stop
    usable = available(b_, position, piece, way, relocation.name)
    told = unread_rule(piece, _STEMS[way.kind], skip=way.text)  # may allow or forbid
    unsure = unread_fact(b_, piece, told) if told is not None else None
    if usable.value is False and unsure is None:
        return b_.done("no")
    aura = unread_aura(position, piece, _STEMS[way.kind]) if unsure is None else None
    if aura is not None:  # «Существа противника могут объявлять прыжок … только …» (20-100)
        unsure = unread_fact(b_, *aura)
    # «…, клетка с маркером костра считается занятой» (10-175): it can only forbid
    marked = occupying_marker(position) if b.cell is not None and not position.occupied(b.cell) \
        else None
    marker = marker_fact(b_, marked, f"на клетке {b.cell}") if marked is not None else TRUE
    rp = _version(b_, position, way, a, b, RP)
    g_builder = Builder()
    gl = _version(g_builder, position, way, a, b, GL)
    (v_rp, missing), (v_gl, _) = (verdict([usable, rp[0], marker], unsure),
                                  verdict([usable, gl[0], marker], unsure))
    if v_gl != v_rp:
        why = " ".join(r for r in g_builder.reasons if r not in b_.reasons)
        b_.cite(relocation.term, GL).other_version(
            OtherVersion.of(GL, v_gl, gl[1] if way.kind == "jump" else None, why))
    if v_rp != "no" and a.cell is not None and b.cell is not None:
        if way.trigger is None:
            limit_note(b_, way.limit)
        report_fired(b_, triggers.fired(position, piece, way.kind, rules.Route.direct(a.cell, b.cell)))
    label = "дальность" if way.kind == "jump" else ""
    return b_.done(v_rp, rp[1] if way.kind == "jump" else None, missing=missing, value_label=label)


def _version(b_: Builder, position: Position, way: Way, a: Ref, b: Ref,
             version: RuleVersion) -> tuple[Truth, Value]:
    """One rule version's answer to a jump/teleport (who, where, when, how far); reasons go to
    ``b_``. The value is the distance (the radius counted by that version's range rules)."""
    piece = a.piece
    assert piece is not None
    relocation = rules.RELOCATIONS[way.kind]
    what = relocation.accusative
    if not rules.may_relocate_by_ability(piece, version):
        b_.cite(rules.GROUND)
        b_.reason(f"Только наземные существа могут иметь и использовать {what}, а "
                  f"{piece.name} летает.")
        return FALSE, None
    if version is RP:
        b_.reason(f"{piece.name} — наземное существо: может иметь и использовать {what}.")
    else:
        b_.reason(f"По глоссарию {what} могут использовать любые существа, но никогда — после "
                  "того, как существо двигалось (деления на медленные и не медленные нет).")
    if b.cell is None or a.cell == b.cell:
        b_.reason("Переместиться можно только на другую клетку поля боя.")
        return FALSE, None
    where = _destination(b_, position, way, a, b)
    if where.value is False:
        return where, None
    if not rules.slow_allowed(piece, way.slow, version):
        b_.cite(rules.SLOW_MOVEMENT)
        b_.reason("Существо уже двигалось в этот ход: " + (
            f"{agree('медленн', relocation.gender, 'acc')} {what} использовать нельзя."
            if version is RP else f"по глоссарию {what} уже нельзя."))
        return FALSE, None
    if way.slow and version is RP:
        b_.reason("Существо ещё не двигалось в этот ход.")
    value = distance(a.cell, b.cell, version) if a.cell is not None else None
    if way.kind == "jump":
        radius = _jump_radius(b_, position, way, a, b, version, value)
        if radius.value is not True:
            return radius, value
    if version is RP:
        _slow_notes(b_, way)
    return where, value


def _destination(b_: Builder, position: Position, way: Way, a: Ref, b: Ref) -> Truth:
    """An unoccupied cell (``nezanyataya-kletka``), or an occupied one the card allows
    («… на клетку, занятую другим вашим гномом …»), and the cell its text names («только на
    свободную клетку», «на клетку рядом с атаковавшим»)."""
    piece = a.piece
    assert piece is not None and b.cell is not None
    occupant = position.at(b.cell)
    spec = way.effect.to if isinstance(way.effect, Jump | Teleport) else None
    found = TRUE
    if occupant is not None:
        onto = onto_occupied(piece, way.kind, occupant, position) if not (
            spec is not None and spec.free) else (FALSE, None)
        if onto[0].value is False:
            b_.cite(rules.FREE_CELL)
            b_.reason(f"Клетка {b.cell} занята ({occupant.name}): нужна незанятая клетка.")
            return FALSE
        found = onto[0]
        if onto[1]:
            b_.reason(onto[1])
    else:
        b_.reason(f"Клетка {b.cell} свободна.")
    if spec is not None:
        # «свободную» alone is settled above; the rest of a named cell («… рядом с …») counts too.
        named = cell_is(spec, a.cell, b.cell, Scene(position, piece))
        if named.value is False:
            b_.reason(f"Клетка {b.cell} — не та, что названа в особенности.")
        found = all_of(found, named)
    return all_of(found, _only_onto(b_, position, piece, way.kind, a.cell, b.cell))


def _only_onto(b_: Builder, position: Position, piece: Piece, kind: str, start: Cell | None,
               end: Cell) -> Truth:
    """Whether ``end`` is a cell every rule of the position on where ``piece``'s ``kind`` may
    end allows: «Существа противника могут объявлять прыжок или телепортацию только на свободные
    клетки рядом с Иссой» (20-100)."""
    found = TRUE
    for rule in moves_only_rules(position, piece, kind):
        spec = rule.held.ability
        assert isinstance(spec, MovesOnly)
        fits = cell_is(spec.cells, start, end, rule.scene, mover=piece)
        if fits.value is not None:
            b_.reason(f"Клетка {end} " + ("не " if fits.value is False else "")
                      + f"подходит под особенность {rule.said}.")
        found = all_of(found, rule.verdict(fits))
    return found


def _jump_radius(b_: Builder, position: Position, way: Way, a: Ref, b: Ref,
                 version: RuleVersion, value: Value) -> Truth:
    """«Радиус» (``radius``) counted by the range rules of ``version``, with the «+N к дальности
    прыжка» of the cards of the position («Ваши стоящие рядом с Аларино существа с прыжком
    получают +1 к дальности прыжка», 20-172)."""
    if way.range is None:
        return Truth.unknown("дальность прыжка (укажите её в вопросе: «прыжок A B X»)")
    b_.cite(rules.RADIUS).cite(rules.RANGE, version)
    assert a.piece is not None
    more = bonus(a.piece, position, "range_bonus", lambda e: isinstance(e, RangeBonus) and e.jump)
    if more.sure or more.up or more.down:
        b_.reason(f"Прибавка к дальности прыжка: {more.said()}.")
    how = " без диагоналей" if version is RP else " с диагоналями"
    if a.cell is None or b.cell is None or not isinstance(value, int):
        inside = Truth.of(rules.within_range(a.cell, b.cell, way.range, version))
    else:
        inside = within(value, way.range, more)
    radius = way.range + more.sure
    b_.reason(f"До {b.cell} {cells(value or 0)}{how} — " + (
        f"больше радиуса {radius}." if inside.value is False else f"в радиусе {radius}."
        if inside.value is True else f"в радиусе {radius + more.up}, если прибавка действует."))
    return inside


def _slow_notes(b_: Builder, way: Way) -> None:
    gender = rules.RELOCATIONS[way.kind].gender
    if way.slow:
        b_.reason(f"{agree('Медленн', gender)}: используется вместо движения; можно и при запасе "
                  "движения 0.")
    else:
        b_.reason(f"Не {agree('медленн', gender)}: не требует оплаты и не "
                  f"{agree('ограничен', gender, 'short')} движением в этот ход.")

