"""The rules, each implemented once, each naming the term it comes from.

These are small predicates on cells and pieces; :mod:`bot.engine.checks` combines them into
answers with reasons and citations. Term ids follow docs/architecture.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from bot.corpus.abilities import Cost, Selector
from bot.engine.board import (
    Cell,
    RuleVersion,
    all_cells,
    distance,
    is_adjacent,
    orthogonal_neighbours,
    own_row,
)
from bot.engine.conditions import Scene, counters_fact, has_flag, selects
from bot.engine.position import Piece, Position
from bot.engine.truth import TRUE, Truth, all_of, any_of
from bot.ru import Gender, count

# Term ids the engine cites.
RANGE = "dalnost"
RADIUS = "radius"
MOVEMENT = "dvizhenie"
SLOW_MOVEMENT = "medlennoe-dvizhenie"
TELEPORT = "teleportatsiya"
JUMP = "pryzhok"
MANOEUVRE = "manevr"
THROW = "metanie"
SHOT = "vystrel"
DISCHARGE = "razryad"
FORMATION = "stroy"
PER_TURN = "raz-za-khod"
INCORPOREAL = "bestelesnost"
ATTACK_MINUS = "minus-x-ot-ataki"
GROUND = "nazemnoe-sushchestvo"
FREE_CELL = "nezanyataya-kletka"
ROW = "ryad"
BLESSING = "blagoslovlenie"
CURSE = "proklyatie"
ATTACK_EXPERIENCE = "opyt-v-atake"
DEFENCE_EXPERIENCE = "opyt-v-zashchite"
CLUMSINESS = "nepovorotlivost"
PAYMENT = "oplata"
RELOCATION = "peremeshchenie"
TRIGGERED = "srabatyvayushchaya-osobennost"
TARGET = "tsel"
RANGED_ATTACK = "dalnyaya-nemagicheskaya-ataka"
#: Named die modifiers: key → (term id, sign, display name, stacks by value).
DIE_MODIFIERS: dict[str, tuple[str, int, str]] = {
    "blessing": (BLESSING, +1, "Благословление"),
    "curse": (CURSE, -1, "Проклятие"),
    "ova": (ATTACK_EXPERIENCE, +1, "Опыт в атаке"),
    "ovz": (DEFENCE_EXPERIENCE, +1, "Опыт в защите"),
    "clumsy": (CLUMSINESS, -1, "Неповоротливость"),
}


@dataclass(frozen=True)
class Named:
    """An action or effect the engine checks: the term defining it, and how messages name it.

    >>> ATTACKS["throw"].term, ATTACKS["throw"].genitive
    ('metanie', 'метания')
    """

    term: str
    name: str  # nominative: «метание»
    genitive: str  # «цели метания»
    accusative: str  # «использовать телепортацию»
    gender: Gender


#: Ranged attacks by ability kind (the ``kind`` of a card's ability and of a ``!check`` verb).
ATTACKS: dict[str, Named] = {
    "throw": Named(THROW, "метание", "метания", "метание", "n"),
    "shot": Named(SHOT, "выстрел", "выстрела", "выстрел", "m"),
    "discharge": Named(DISCHARGE, "разряд", "разряда", "разряд", "m"),
}
#: Relocations by ability: jump and teleport.
RELOCATIONS: dict[str, Named] = {
    "jump": Named(JUMP, "прыжок", "прыжка", "прыжок", "m"),
    "teleport": Named(TELEPORT, "телепортация", "телепортации", "телепортацию", "f"),
}
#: Effects an incorporeal creature is immune to (``bestelesnost``).
EFFECTS: dict[str, Named] = {
    "poison": Named("otravlenie", "отравление", "отравления", "отравление", "n"),
    "heal": Named("izlechenie", "излечение", "излечения", "излечение", "n"),
    "finish": Named("dobivanie", "добивание", "добивания", "добивание", "n"),
    "vampirism": Named("vampirizm", "вампиризм", "вампиризма", "вампиризм", "m"),
    "corpse_eating": Named("trupoedstvo", "трупоедство", "трупоедства", "трупоедство", "n"),
}


def within_range(a: Cell | None, b: Cell | None, x: int | None,
                 version: RuleVersion = RuleVersion.RP) -> bool:
    """«Дальность Х» (``dalnost``): X or fewer cells from the source; no X: no limit.

    A card in the auxiliary zone (``None``) is reached from anywhere and reaches anything.

    >>> within_range(Cell.parse("b6"), Cell.parse("c6"), 4)
    True
    >>> within_range(None, Cell.parse("a1"), 1)
    True
    """
    if x is None or a is None or b is None:
        return True
    return distance(a, b, version) <= x


def free_cell(position: Position, cell: Cell) -> bool:
    """«Незанятая клетка» (``nezanyataya-kletka``): no card stands on it."""
    return not position.occupied(cell)


def may_relocate_by_ability(piece: Piece, version: RuleVersion) -> bool:
    """Who may jump or teleport (``teleportatsiya``, ``pryzhok``).

    РП 4.1-2: only ground creatures. Glossary: any creature («Только существа могут …»).
    """
    return piece.ground if version is RuleVersion.RP else True


def slow_allowed(piece: Piece, slow: bool, version: RuleVersion) -> bool:
    """Slow jump/teleport not after slow movement this turn (``medlennoe-dvizhenie``).

    РП 4.1-2: only a slow one is restricted; one inside a trigger is not. The glossary has no
    split: jump and teleport are never allowed after the creature moved.
    """
    if version is RuleVersion.GLOSSARY or slow:
        return not piece.moved
    return True


def shortest_paths(position: Position, piece: Piece, dst: Cell, *, diagonal: bool = False,
                   through_occupied: bool = False) -> list[tuple[Cell, ...]]:
    """Every shortest movement path (``dvizhenie``) from the piece to ``dst``: the cells
    stepped onto, ``dst`` last; empty when ``dst`` cannot be reached.

    Each step goes напротив/назад/вправо/влево (and diagonally when the card allows it) onto an
    unoccupied cell; an incorporeal creature (``bestelesnost``) may step onto occupied cells.
    ``dst`` itself is entered whoever stands there: whether it may be occupied is the
    caller's rule (an incorporeal creature, «может объявлять движение на клетку, занятую …»).

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> [" ".join(map(str, path)) for path in shortest_paths(Position((p,)), p, Cell.parse("b2"))]
    ['a2 b2', 'b1 b2']
    """
    start = piece.cell
    if start is None or start == dst:
        return []
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == dst:
            break
        for nxt in _steps(cell, diagonal):
            if nxt in dist or not (nxt == dst or through_occupied or free_cell(position, nxt)):
                continue
            dist[nxt] = dist[cell] + 1
            queue.append(nxt)
    if dst not in dist:
        return []

    def back(cell: Cell) -> list[tuple[Cell, ...]]:
        if cell == start:
            return [()]
        return [(*path, cell) for prev in _steps(cell, diagonal)
                if dist.get(prev) == dist[cell] - 1 for path in back(prev)]

    return sorted(back(dst))


def shortest_path(position: Position, piece: Piece, dst: Cell) -> tuple[Cell, ...] | None:
    """One shortest movement from the piece to ``dst``, both ends included (the board picture
    draws it); None when unreachable.

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> [str(c) for c in shortest_path(Position((p,)), p, Cell.parse("b2"))]
    ['a1', 'a2', 'b2']
    """
    paths = shortest_paths(position, piece, dst, through_occupied=piece.incorporeal)
    return (piece.cell, *paths[0]) if paths and piece.cell is not None else None


def _steps(cell: Cell, diagonal: bool) -> list[Cell]:
    if not diagonal:
        return orthogonal_neighbours(cell)
    return [c for c in all_cells() if is_adjacent(cell, c)]


def die_result(values: tuple[int, int, int], roll: int) -> tuple[int, str]:
    """«Метание на X-Y-Z» (``metanie``): modified die ≤3 → X, 4–5 → Y, ≥6 → Z.

    >>> die_result((1, 2, 3), 5)
    (2, 'Y')
    """
    if roll <= 3:
        return values[0], "X"
    if roll <= 5:
        return values[1], "Y"
    return values[2], "Z"


def named_die_modifier(kind: str, values: list[int]) -> int:
    """One named die modifier, applied once (``blagoslovlenie``, ``proklyatie``: ±1, never
    stacking; ``opyt-v-atake``, ``opyt-v-zashchite``, ``nepovorotlivost``: ±X, the largest X).

    >>> named_die_modifier("blessing", [1, 1]), named_die_modifier("ova", [1, 2])
    (1, 2)
    """
    _, sign, _ = DIE_MODIFIERS[kind]
    if kind in ("blessing", "curse"):
        return sign
    return sign * max(values)


def effect_blocked_by_incorporeal(piece: Piece) -> bool:
    """«Бестелесность» (``bestelesnost``): an incorporeal creature cannot be poisoned, healed,
    vampirised, finished off or eaten."""
    return piece.incorporeal


def third_row_crossing(piece: Piece, src: Cell, dst: Cell, reverse: bool = True) -> bool:
    """From its controller's third row to the other side's third row (``ryad``), or back.

    >>> third_row_crossing(Piece(), Cell.parse("a1"), Cell.parse("b6"))
    True
    """
    a, b = own_row(src.row, piece.enemy), own_row(dst.row, piece.enemy)
    return (a == 1 and b == 6) or (reverse and a == 6 and b == 1)


def only_open_moves(piece: Piece) -> Truth:
    """«Двигаться может только открытое существо» (``dvizhenie``): moving, jumping,
    teleporting and manoeuvring are all ways of moving, so a closed creature does none."""
    if piece.closed:
        return Truth.of(False, f"{piece.name} закрыто: перемещаться (двигаться, прыгать, "
                               "телепортироваться, совершать манёвр) может только открытое "
                               "существо.")
    return TRUE


def cost_payable(cost: Cost, piece: Piece, position: Position) -> Truth:
    """«Оплата» (``oplata``): an ability is usable only if its cost can be paid. A closed
    creature cannot pay «Закрыться»; «Фишка» / «X фишек» / «жетон» costs need the counters
    or tokens on it (the notation's ``фишки N``, ``жетоны N``: without them, unknown);
    «Закрыть стоящее рядом ваше существо» needs an open one there.

    >>> cost_payable(Cost(tap=True), Piece(closed=True), Position()).value
    False
    >>> cost_payable(Cost(counters=1), Piece(cell=Cell.parse("a1")), Position()).missing
    'сколько фишек на неизвестном существе на a1 (укажите «фишки N»)'
    """
    parts = []
    if cost.tap and piece.closed:
        parts.append(Truth.of(False, f"Оплата — «Закрыться», а {piece.name} уже закрыто: "
                                     "закрытое существо не может её оплатить."))
    for amount, code in ((cost.counters, "counter"), (cost.tokens, "token")):
        if amount:
            parts.append(_has_items(piece, amount, code))
    if cost.close is not None:
        parts.append(_can_close(cost.close, piece, position))
    if cost.extra_lives:
        parts.append(Truth.unknown(f"есть ли на {piece.name} дополнительные жизни (оплата — "
                                   "снять дополнительную жизнь)"))
    return all_of(parts)


def _has_items(piece: Piece, amount: int | str, code: str) -> Truth:
    have = piece.counters if code == "counter" else piece.tokens
    forms = ("фишка", "фишки", "фишек") if code == "counter" else ("жетон", "жетона", "жетонов")
    if have is None:
        return Truth.unknown(counters_fact(piece, code))
    if amount == "X":
        if have == 0:
            return Truth.unknown(f"можно ли оплатить «X {forms[2]}» при X = 0 (на {piece.name} "
                                 f"нет {forms[2]})")
        return Truth.of(True, f"Оплата — X {forms[2]}: на {piece.name} "
                              f"{count(have, *forms)}, X — не больше {have}.")
    assert isinstance(amount, int)
    ok = have >= amount
    return Truth.of(ok, f"Оплата — {count(amount, *forms)}, на {piece.name} "
                        f"{count(have, *forms)}" + ("." if ok else ": не хватает."))


def _can_close(target: Selector | str, piece: Piece, position: Position) -> Truth:
    scene = Scene(position, piece)
    if not isinstance(target, Selector):
        return Truth.unknown("какое существо закрыть в оплату")
    found = any_of([all_of(selects(target, p, scene), has_flag(p, "open"))
                    for p in position if p is not piece])
    if found.value is False:
        return Truth.of(False, "Оплата — закрыть другое существо, а подходящего открытого "
                               "существа нет.")
    return found


def free_cells_within(position: Position, origin: Cell, x: int | None) -> list[Cell]:
    """Unoccupied cells (``nezanyataya-kletka``) within range X (``dalnost``) of ``origin``."""
    return [c for c in all_cells() if c != origin and free_cell(position, c)
            and within_range(origin, c, x)]


def adjacent_target(a: Cell | None, b: Cell | None) -> bool:
    """Whether a ranged attack's target stands «рядом» with the attacker (8 cells): no source
    in the corpus says whether that is allowed (SPEC §5), so the checks answer «unknown»
    unless the card itself allows it («в том числе по карте рядом»)."""
    return a is not None and b is not None and is_adjacent(a, b)

