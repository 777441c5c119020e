"""One function per check of SPEC §5, each returning a :class:`CheckResult`.

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

import re
from dataclasses import dataclass

from bot.corpus.abilities import (
    Ability,
    Activated,
    Discharge,
    Jump,
    Limit,
    Shot,
    Throw,
    Trigger,
    Unparsed,
    read_in_full,
    walk,
)
from bot.engine import rules, supported
from bot.engine.board import (
    Cell,
    RuleVersion,
    all_cells,
    distance,
    is_adjacent,
    is_orthogonal_neighbour,
    parse_cell,
)
from bot.engine.position import Piece, Position
from bot.engine.result import (
    Builder,
    CheckResult,
    OtherVersion,
    Value,
    Verdict,
    verdict_of,
    verdict_word,
)
from bot.ru import agree, count

RP, GL = RuleVersion.RP, RuleVersion.GLOSSARY


@dataclass(frozen=True)
class Ref:
    """A question argument: a cell (with the piece on it, if any) or a flying piece."""

    token: str
    cell: Cell | None
    piece: Piece | None

    @classmethod
    def at(cls, position: Position, token: str) -> Ref:
        cell = parse_cell(token)
        return cls(token, cell, position.at(cell))

    @property
    def where(self) -> str:
        return str(self.cell) if self.cell else "вспомогательная зона"


@dataclass(frozen=True)
class Way:
    """A way to relocate or attack that a piece has: from its card, or assumed for ``?``."""

    kind: str
    slow: bool
    range: int | None
    text: str
    values: tuple[int, int, int] | None = None
    name: str | None = None
    tap: bool = False
    limit: Limit | None = None
    trigger: Trigger | None = None
    assumed: bool = False
    cost: tuple[str, ...] = ()  # paid with more than closing: "counter", "instant"
    unread: tuple[str, ...] = ()  # parts of its sentence the extractor could not read


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
    b_.reason(f"От {a.cell} до {b.cell}: {_cells(d)} по вертикали и горизонтали "
              f"(без диагоналей) — {'не больше' if d <= x else 'больше'} {x}.")
    if g != d:
        other = verdict_of(g <= x)
        note = f"По глоссарию диагонали считаются: {_cells(g)}" + (
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
    """«Движение» (``dvizhenie``): 1 unit per orthogonal step onto unoccupied cells; only an open
    creature with movement > 0. Worked example: a piece with movement 1 on a1 may move to a2,
    not to b2 (2 steps). An incorporeal creature may step onto occupied cells."""
    b_ = Builder().cite(rules.MOVEMENT)
    piece = a.piece
    failure = _needs_piece_on_board(b_, a, "двигаться")
    if failure or piece is None or a.cell is None:
        return failure or b_.done("no")
    if b.cell is None:
        return b_.reason("Движение идёт по клеткам поля боя, не во вспомогательную зону.").done("no")
    if b.cell == a.cell:
        return b_.reason("Это та же клетка.").done("no")
    if piece.closed:
        return b_.reason(f"{piece.name} закрыто: двигаться может только открытое существо.").done("no")
    target = position.at(b.cell)
    if target is not None and not piece.incorporeal:
        b_.cite(rules.FREE_CELL)
        return b_.reason(f"Клетка {b.cell} занята ({target.name}): двигаться можно только на "
                         "незанятую клетку.").done("no")
    steps = rules.path_length(position, piece, b.cell)
    if piece.incorporeal:
        b_.cite(rules.INCORPOREAL)
        b_.reason("Бестелесное существо может двигаться на занятые клетки.")
    if steps is None:
        return b_.reason(f"До {b.cell} нет пути по незанятым клеткам.").done("no")
    movement = piece.movement()
    if movement is None:
        b_.reason(f"Нужно {_units(steps)} движения.")
        return b_.done("unknown", steps, missing=f"запас движения {piece.name} (укажите «движение N»)",
                       value_label="единиц движения")
    ok = movement > 0 and steps <= movement
    b_.reason(f"Нужно {_units(steps)} движения (шаги напротив/назад/вправо/влево), "
              f"в запасе {movement}.")
    if ok:
        if target is not None:
            b_.warn(f"Бестелесное существо на занятой клетке {b.cell} обязано сойти с неё при "
                    "ближайшей возможности, иначе изгоняется.")
        _relocation_triggers(b_, position, piece, a.cell, b.cell)
        _move_onto_triggers(b_, position, piece, b.cell)
    return b_.done(verdict_of(ok), steps, value_label="единиц движения")


def can_jump(position: Position, a: Ref, b: Ref, x: int | None = None) -> CheckResult:
    """«Прыжок, дальность Х» (``pryzhok``): a ground creature to an unoccupied cell within radius
    X (counted like «Дальность», ``radius``). Slow (a separate sentence): not after slow movement,
    allowed with 0 movement; inside a trigger: neither restriction. Worked example: ``?`` on b2
    with «прыжок b2 c4 3» → yes (3 cells)."""
    return _relocate(position, a, b, "jump", x)


def can_teleport(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Телепортация» (``teleportatsiya``): a ground creature to any unoccupied cell; slow or in
    a trigger, as for jumps. Worked example: «Баалит» on a1 → b6: yes, and its magma trigger
    fires (your third row → the opponent's third row)."""
    return _relocate(position, a, b, "teleport", None)


def can_manoeuvre(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Манёвр» (``manevr``, glossary only): swap with another creature of the same squad
    напротив/сзади/справа/слева; not after moving; allowed with 0 movement.
    Worked example: your ``?`` on b2 with your ``?`` on b3 → yes."""
    b_ = Builder().cite(rules.MANOEUVRE, GL)
    piece, other = a.piece, b.piece
    failure = _needs_piece_on_board(b_, a, "совершать манёвр")
    if failure or piece is None or a.cell is None:
        return failure or b_.done("no")
    if piece.card is not None and not piece.has("manoeuvre"):
        return b_.reason(f"У {piece.genitive} нет особенности «Манёвр».").done("no")
    if piece.card is None:
        b_.warn("Для неизвестного существа предполагается, что у него есть «Манёвр».")
    if other is None or b.cell is None:
        return b_.reason(f"На {b.where} нет существа, с которым можно поменяться местами.").done("no")
    if other.enemy != piece.enemy:
        return b_.reason(f"{other.name} — не из того же отряда.").done("no")
    if not is_orthogonal_neighbour(a.cell, b.cell):
        return b_.reason(f"{b.cell} не напротив, не сзади, не справа и не слева от {a.cell}.").done("no")
    if piece.moved:
        return b_.reason("Существо не может использовать манёвр, если оно уже двигалось.").done("no")
    b_.reason(f"{piece.name} и {other.name} — одного отряда, на соседних клетках по "
              "вертикали или горизонтали; существо ещё не двигалось.")
    if piece.closed:
        b_.warn("Существо закрыто: манёвр оплачивается тратой всех единиц движения — уточните, "
                "может ли оно его объявить.")
    _relocation_triggers(b_, position, piece, a.cell, b.cell)
    _relocation_triggers(b_, position, other, b.cell, a.cell)
    return b_.done("yes")


# ---------------------------------------------------------------------------------------------
# Ranged attacks


def can_shoot(position: Position, kind: str, a: Ref, b: Ref, x: int | None = None) -> CheckResult:
    """The piece's own «метание|выстрел|разряд на X-Y-Z, дальность N» (``metanie``, ``vystrel``,
    ``razryad``, ``dalnost``). Worked example: «Баалит» on b6 throws «магмы» on 1 at c6
    (1 cell ≤ 4): yes — but only when its trigger fires, at most 2 times a turn."""
    attack = rules.ATTACKS[kind]
    name = attack.name
    b_ = Builder().cite(attack.term)
    piece = a.piece
    if piece is None:
        return b_.reason(f"На {a.where} нет существа.").done("no")
    ways = _ranged_ways(piece, kind, x)
    if not ways:
        unread = _unread_mention(piece, kind)
        if unread is not None:  # «Метание ритуального ножа на X, …» (10-110): not read ≠ none
            missing = f"особенность, которую бот не прочитал: «{unread}»"
            return (b_.reason(f"Особенность «{name}» у {piece.genitive} есть в тексте, но бот "
                              "её не прочитал.").done("unknown", missing=missing))
        return b_.reason(f"У {piece.genitive} нет особенности «{name}».").done("no")
    if b.piece is None:
        return b_.reason(f"На {b.where} нет карты — цели {attack.genitive}.").done("no")
    if b.piece is piece:
        return b_.reason("Существо не может быть целью своей же атаки.").done("no")
    results = [_settle(way, _ranged_with(way, kind, a, b)) for way in ways]
    return _best(results)


def _payment(way: Way) -> str:
    parts = (["фишка"] if "counter" in way.cost else []) + (["закрыться"] if way.tap else [])
    return f", оплата — {', '.join(parts)}" if parts else ""


def _settle(way: Way, result: CheckResult) -> CheckResult:
    """A «yes» that rests on facts the notation or the extractor lacks becomes «unknown»: a
    way paid with a counter (counters are not in the notation), or a sentence with a part not
    read (it may restrict the attack: «… по летающему существу»)."""
    if result.verdict != "yes":
        return result
    if way.unread:
        missing = f"условие особенности, которое бот не прочитал: «{way.unread[0]}»"
    elif "counter" in way.cost:
        missing = "есть ли на существе фишка (оплата включает фишку)"
    else:
        return result
    return result.unknown(missing)


def _ranged_with(way: Way, kind: str, a: Ref, b: Ref) -> CheckResult:
    attack = rules.ATTACKS[kind]
    b_ = Builder().cite(attack.term)
    piece, target = a.piece, b.piece
    assert piece is not None and target is not None
    b_.reach = way.range
    b_.reason(f"{_way_text(way)}.")
    if way.values is not None:
        named = f" «{way.name}»" if way.name else ""
        rng = f", дальность {way.range}" if way.range is not None else ", без дальности"
        b_.reason(f"{attack.name.capitalize()}{named} на {'-'.join(map(str, way.values))}"
                  f"{rng}" + _payment(way) + ".")
    if way.assumed:
        b_.warn(f"Для неизвестного существа предполагается «{attack.name}»"
                + (f", дальность {way.range}." if way.range is not None else " без дальности."))
    if kind == "throw":
        b_.reason("Защита от выстрелов или разрядов не даёт защиту от метания.")
    if way.tap and piece.closed:
        return b_.reason("Оплата — закрыться, а существо уже закрыто.").done("no")
    if target.enemy == piece.enemy:
        b_.warn(f"Цель {target.name} — из вашего же отряда.")
    _limit_and_trigger_notes(b_, way)
    if way.range is None or a.cell is None or b.cell is None:
        b_.cite(rules.RANGE)
        why = ("дальность не указана — ограничения нет" if way.range is None
               else "карта во вспомогательной зоне — дальность не ограничивает")
        b_.reason(f"Дальность: {why}.")
        d = distance(a.cell, b.cell) if a.cell and b.cell else None
        return b_.done("yes", d, value_label="дальность")
    return _range_verdict(b_, a.cell, b.cell, way.range)


def _range_verdict(b_: Builder, src: Cell, dst: Cell, x: int) -> CheckResult:
    b_.cite(rules.RANGE)
    d, g = distance(src, dst, RP), distance(src, dst, GL)
    verdict = verdict_of(d <= x)
    b_.reason(f"От {src} до {dst}: {_cells(d)} без диагоналей, дальность {x}.")
    if verdict_of(g <= x) != verdict:
        b_.cite(rules.RANGE, GL).other_version(OtherVersion.of(
            GL, verdict_of(g <= x), g, f"По глоссарию диагонали считаются: {_cells(g)}."))
    return b_.done(verdict, d, value_label="дальность")


# ---------------------------------------------------------------------------------------------
# Formation, die, effects


def in_formation(position: Position, a: Ref, b: Ref) -> CheckResult:
    """«Строй» (``stroy``, glossary): two of your creatures with «Строй» on cells рядом, but not
    diagonally. Worked example: your ``?`` on b2 and c2 → yes; b2 and c3 → no (diagonal)."""
    b_ = Builder().cite(rules.FORMATION, GL)
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
    return b_.done("yes")


def _effect_notes(b_: Builder, effect: str, piece: Piece) -> None:
    if effect == "heal" and piece.wounds == 0:
        b_.warn("На существе нет ран: излечивать нечего.")
    if effect == "finish":
        b_.warn("Добивание — по стоящему рядом существу с X или менее текущими жизнями.")
    if effect == "corpse_eating":
        b_.warn("Трупоедство — когда существо уничтожает стоящее рядом небестелесное существо "
                "противника.")


# ---------------------------------------------------------------------------------------------
# Jump and teleport


def _relocate(position: Position, a: Ref, b: Ref, kind: str, x: int | None) -> CheckResult:
    relocation = rules.RELOCATIONS[kind]
    b_ = Builder().cite(relocation.term)
    piece = a.piece
    failure = _needs_piece(b_, a)
    if failure or piece is None:
        return failure or b_.done("no")
    ways = _relocation_ways(piece, kind, x)
    if not ways:
        # «… может совершить прыжок, дальность 2, при этом выстрел …» (50-84), not read: the
        # card may jump, so the answer is not «no»
        unread = _unread_mention(piece, kind) if piece.card else None
        if unread is not None:
            missing = f"особенность, которую бот не прочитал: «{unread}»"
            return (b_.reason(f"{relocation.genitive.capitalize()} у {piece.genitive} есть в тексте, но бот её "
                              "не прочитал.").done("unknown", missing=missing))
        return b_.reason(f"У {piece.genitive} нет {relocation.genitive}.").done("no")
    results = [_relocate_with(position, way, a, b, x) for way in ways]
    return _best(results)


def _relocate_with(position: Position, way: Way, a: Ref, b: Ref, asked: int | None) -> CheckResult:
    term = rules.RELOCATIONS[way.kind].term
    b_ = Builder().cite(term)
    piece = a.piece
    assert piece is not None
    b_.reach = way.range
    b_.reason(f"{_way_text(way)}.")
    if way.assumed:
        b_.warn("Для неизвестного существа предполагается " + (
            "медленная телепортация (отдельным предложением)." if way.kind == "teleport"
            else f"медленный «Прыжок, дальность {way.range}» (отдельным предложением)."))
    if asked is not None and way.range is not None and not way.assumed and asked != way.range:
        b_.warn(f"В вопросе дальность {asked}, на карте — {way.range}; применена дальность с карты.")
    verdict, value, missing = _relocate_verdict(b_, position, way, a, b, RP)
    g_builder = Builder()
    g_verdict, g_value, _ = _relocate_verdict(g_builder, position, way, a, b, GL)
    if g_verdict != verdict:
        why = " ".join(r for r in g_builder.reasons if r not in b_.reasons)
        g_shown = g_value if way.kind == "jump" else None
        b_.cite(term, GL).other_version(OtherVersion.of(GL, g_verdict, g_shown, why))
    if verdict == "yes" and a.cell is not None and b.cell is not None:
        _limit_and_trigger_notes(b_, way)
        _relocation_triggers(b_, position, piece, a.cell, b.cell)
    if way.kind != "jump":
        return b_.done(verdict, None, missing=missing)
    return b_.done(verdict, value, missing=missing, value_label="дальность")


def _relocate_verdict(b_: Builder, position: Position, way: Way, a: Ref, b: Ref,
                      version: RuleVersion) -> tuple[Verdict, Value, str | None]:
    """Apply one rule version to a jump/teleport; reasons go to ``b_``."""
    piece = a.piece
    assert piece is not None
    relocation = rules.RELOCATIONS[way.kind]
    what = relocation.accusative
    if not rules.may_relocate_by_ability(piece, version):
        b_.cite(rules.GROUND)
        b_.reason(f"Только наземные существа могут иметь и использовать {what}, а "
                  f"{piece.name} летает.")
        return "no", None, None
    if version is RP:
        b_.reason(f"{piece.name} — наземное существо: может иметь и использовать {what}.")
    else:
        b_.reason(f"По глоссарию {what} могут использовать любые существа, но никогда — после "
                  "того, как существо двигалось (деления на медленные и не медленные нет).")
    if b.cell is None:
        b_.reason("Переместиться можно только на клетку поля боя.")
        return "no", None, None
    if a.cell == b.cell or not rules.free_cell(position, b.cell):
        b_.cite(rules.FREE_CELL)
        b_.reason(f"Клетка {b.cell} занята: нужна незанятая клетка.")
        return "no", None, None
    if not rules.slow_allowed(piece, way.slow, version):
        b_.cite(rules.SLOW_MOVEMENT)
        b_.reason("Существо уже двигалось в этот ход: " + (
            f"{agree('медленн', relocation.gender, 'acc')} {what} использовать нельзя."
            if version is RP else f"по глоссарию {what} уже нельзя."))
        return "no", None, None
    if way.slow and version is RP:
        b_.reason("Существо ещё не двигалось в этот ход.")
    value = distance(a.cell, b.cell, version) if a.cell is not None else None
    if way.kind == "jump":
        found = _jump_radius(b_, way, a, b, version, value)
        if found is not None:
            return found
    b_.reason(f"Клетка {b.cell} свободна.")
    _slow_notes(b_, way, piece, version)
    return "yes", value, None


def _jump_radius(b_: Builder, way: Way, a: Ref, b: Ref, version: RuleVersion,
                 value: Value) -> tuple[Verdict, Value, str | None] | None:
    """«Радиус» (``radius``) counted by the range rules of ``version``; None when within."""
    if way.range is None:
        return "unknown", value, "дальность прыжка (укажите её в вопросе: «прыжок A B X»)"
    b_.cite(rules.RADIUS).cite(rules.RANGE, version)
    how = " без диагоналей" if version is RP else " с диагоналями"
    if not rules.within_range(a.cell, b.cell, way.range, version):
        b_.reason(f"До {b.cell} {_cells(value or 0)}{how} — больше радиуса {way.range}.")
        return "no", value, None
    b_.reason(f"До {b.cell} {_cells(value or 0)}{how} — в радиусе {way.range}.")
    return None


def _slow_notes(b_: Builder, way: Way, piece: Piece, version: RuleVersion) -> None:
    if version is not RP:
        return
    gender = rules.RELOCATIONS[way.kind].gender
    if way.slow:
        b_.reason(f"{agree('Медленн', gender)}: используется вместо движения; можно и при запасе "
                  "движения 0.")
    else:
        b_.reason(f"Не {agree('медленн', gender)}: не требует оплаты и не "
                  f"{agree('ограничен', gender, 'short')} движением в этот ход.")
    if piece.closed and way.slow:
        b_.warn("Существо закрыто: медленная особенность оплачивается тратой всех единиц "
                "движения — уточните, может ли оно её объявить.")


# ---------------------------------------------------------------------------------------------
# Abilities of a piece


def _relocation_ways(piece: Piece, kind: str, asked: int | None) -> list[Way]:
    if piece.card is None:
        return [Way(kind, True, asked, "", assumed=True)]
    # written as a sentence of its own: the slow jump or teleport of the rules
    ways = [Way(kind, True, _range(a), a.text) for a in piece.abilities(kind)]
    ways += [Way(kind, False, _range(eff), trig.text, trigger=trig, limit=trig.limit)
             for trig, eff in piece.trigger_effects(kind)]
    return ways


def _range(effect: Ability) -> int | None:
    """A jump's or a ranged attack's range, when the card gives a number («X» is not one)."""
    rng = effect.range if isinstance(effect, Jump | Throw | Shot | Discharge) else None
    return rng if isinstance(rng, int) else None


def _ranged_ways(piece: Piece, kind: str, asked: int | None) -> list[Way]:
    if piece.card is None:
        return [Way(kind, False, asked, "", assumed=True)]
    ways = [_ranged_way(kind, a, a.text, unread=_unread(piece, a)) for a in piece.abilities(kind)]
    ways += [_ranged_way(kind, eff, act.text, paid=act, unread=_unread(piece, act))
             for act, eff in piece.activated_effects(kind)]
    ways += [_ranged_way(kind, eff, trig.text, trig=trig)
             for trig, eff in piece.trigger_effects(kind)]
    return ways


_RANGED_STEMS = {"throw": "метани", "shot": "выстрел", "discharge": "разряд",
                 "jump": "прыж", "teleport": "телепорт"}


def _unread_mention(piece: Piece, kind: str) -> str | None:
    """An unparsed sentence of the card that names the ability («Метание … на X», «… может
    совершить прыжок …»), if any: the card may have it, so a check must not say «no»."""
    pattern = r"(?<![а-я])" + _RANGED_STEMS[kind]
    for a in piece.abilities():
        if not read_in_full(a) and re.search(pattern, a.text.casefold()):
            return a.text
    return None


def _unread(piece: Piece, entry: Ability) -> tuple[str, ...]:
    """Parts of ``entry``'s sentence the extractor left unparsed (inside the reading, or an
    unparsed entry of the same sentence)."""
    return tuple(u.fragment or u.text or a.text for a in piece.abilities()
                 if a is entry or (a.text == entry.text and isinstance(a, Unparsed))
                 for u in walk(a) if isinstance(u, Unparsed))


def _ranged_way(kind: str, effect: Ability, text: str, *, paid: Activated | None = None,
                trig: Trigger | None = None, unread: tuple[str, ...] = ()) -> Way:
    assert isinstance(effect, Throw | Shot | Discharge)
    values = tuple(v for v in effect.values if isinstance(v, int))
    frame = paid or trig
    cost = (("counter",) if paid and paid.cost.counters else ()) + (
        ("instant",) if paid and paid.instant else ())
    return Way(kind, False, _range(effect), text,
               values=(values[0], values[1], values[2]) if len(values) == 3 else None,
               name=effect.name, tap=bool(paid and paid.cost.tap),
               limit=frame.limit if frame else None, trigger=trig, cost=cost, unread=unread)


def _way_text(way: Way) -> str:
    if way.assumed:
        rng = f", дальность {way.range}" if way.range is not None else ""
        return "Предполагаемая особенность: " + {
            "jump": f"«Прыжок{rng}» (медленный)", "teleport": "«Телепортация» (медленная)"}.get(
            way.kind, f"«{_attack_name(way.kind).capitalize()}{rng}»")
    text = way.text.strip().rstrip(".")
    if way.trigger is not None:
        return f"Срабатывающая особенность карты: «{text}» — не медленная"
    slow = ", записана отдельным предложением — медленная" if way.kind in ("jump", "teleport") \
        and way.slow else ""
    return f"Особенность карты: «{text}»{slow}"


def _limit_and_trigger_notes(b_: Builder, way: Way) -> None:
    if way.trigger is not None:
        b_.warn(f"Это часть срабатывающей особенности: используется только когда она "
                f"срабатывает («{way.trigger.text.strip()}»).")
    _limit_note(b_, way.limit)


def _limit_note(b_: Builder, limit: Limit | None) -> None:
    """«N раз за ход» (``raz-za-khod``): a marker per use, none in the preliminary combat phase."""
    if not limit:
        return
    count, per = limit.count, limit.per
    b_.cite(rules.PER_TURN)
    b_.warn(f"Не более {count} раз за {'ход' if per == 'turn' else 'бой'}: за каждое "
            "использование — маркер" + ("; нельзя в Предварительной фазе боя." if per == "turn"
                                        else "."))


# ---------------------------------------------------------------------------------------------
# Triggers


def _relocation_triggers(b_: Builder, position: Position, piece: Piece, src: Cell,
                         dst: Cell) -> None:
    """Card triggers on relocation, e.g. «Баалит»: third row ↔ the opponent's third row."""
    for trig in piece.triggers("relocate"):
        if not supported.fires_on_third_rows(trig.when):
            continue
        if not rules.third_row_crossing(piece, src, dst, trig.when.reverse):
            continue
        b_.cite(rules.ROW).cite(rules.RANGE)
        for eff in trig.effects:
            if eff.kind in rules.ATTACKS:
                b_.cite(rules.ATTACKS[eff.kind].term)
        b_.trigger(f"{piece.name}: перемещение {src} → {dst} (с вашего 3-го ряда на 3-й ряд "
                   f"противника или наоборот) — {_effects_text(trig)}."
                   + _targets_text(position, piece, trig, dst))
        _limit_note(b_, trig.limit)


def _move_onto_triggers(b_: Builder, position: Position, piece: Piece, dst: Cell) -> None:
    """Card triggers on moving onto an enemy ground creature, e.g. «Тень»."""
    target = position.at(dst)
    if target is None or target.enemy == piece.enemy or not target.ground:
        return
    after = position.without(piece)  # it has left its cell; the enemy still stands on dst
    for trig in piece.triggers("move"):
        if not supported.fires_onto_enemy_ground(trig.when):
            continue
        free = [c for c in all_cells()
                if rules.free_cell(after, c) and rules.within_range(dst, c, _jump_range(trig))]
        b_.trigger(f"{piece.name}: движение на клетку {dst} с наземным существом противника "
                   f"({target.name}) — {_effects_text(trig)}. Свободных клеток для прыжка: "
                   f"{len(free)}" + (f" ({', '.join(map(str, free[:12]))}"
                                     f"{'…' if len(free) > 12 else ''})" if free else "") + ".")


def _jump_range(trig: Trigger) -> int | None:
    for eff in trig.effects:
        if isinstance(eff, Jump):
            return _range(eff)
    return None


def _effects_text(trig: Trigger) -> str:
    text = trig.text
    for sep in ("—", " - ", "–"):
        if sep in text:
            return text.split(sep, 1)[1].strip().rstrip(".")
    return text.strip().rstrip(".")


def _targets_text(position: Position, piece: Piece, trig: Trigger, dst: Cell) -> str:
    parts = []
    for eff in trig.effects:
        if eff.kind not in rules.ATTACKS:
            continue
        rng = _range(eff)
        enemies = position.enemies_of(piece)
        inside = [p for p in enemies if rules.within_range(dst, p.cell, rng)]
        glossary = [p for p in enemies if rules.within_range(dst, p.cell, rng, GL)]
        listed = ", ".join(_piece_at(p, dst) for p in inside) or "никого"
        parts.append(f" Карты противника в дальности {rng} от {dst}: {listed}.")
        outside = [p for p in enemies if p not in inside]
        if outside:
            parts.append(" Вне дальности: " + ", ".join(_piece_at(p, dst) for p in outside) + ".")
        if glossary != inside:
            extra = ", ".join(_piece_at(p, dst, GL) for p in glossary if p not in inside)
            parts.append(f" По глоссарию (с диагоналями) ещё: {extra}.")
    return "".join(parts)


def _piece_at(piece: Piece, origin: Cell, version: RuleVersion = RP) -> str:
    if piece.cell is None:
        return f"{piece.name} (летает — дальность не ограничивает)"
    return f"{piece.name} на {piece.cell} ({_cells(distance(origin, piece.cell, version))})"


# ---------------------------------------------------------------------------------------------
# Helpers


def _needs_piece(b_: Builder, a: Ref) -> CheckResult | None:
    if a.piece is None:
        return b_.reason(f"На {a.where} нет существа.").done("no")
    return None


def _needs_piece_on_board(b_: Builder, a: Ref, action: str) -> CheckResult | None:
    missing = _needs_piece(b_, a)
    if missing:
        return missing
    if a.cell is None:
        return b_.reason(f"Летающее существо во вспомогательной зоне не может {action} "
                         "по клеткам поля боя.").done("no")
    return None


def _best(results: list[CheckResult]) -> CheckResult:
    for verdict in ("yes", "unknown", "no"):
        for r in results:
            if r.verdict == verdict:
                return r
    return results[0]


def _attack_name(kind: str) -> str:
    attack = rules.ATTACKS.get(kind)
    return attack.name if attack else kind


def _cells(n: int) -> str:
    return count(n, "клетка", "клетки", "клеток")


def _units(n: int) -> str:
    return count(n, "единица", "единицы", "единиц")
