"""The rules, each implemented once, each naming the term it comes from.

These are small predicates on cells and pieces; :mod:`bot.engine.checks` combines them into
answers with reasons and citations. Term ids follow docs/architecture.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from bot.engine.board import Cell, RuleVersion, distance, orthogonal_neighbours, own_row
from bot.engine.position import Piece, Position
from bot.ru import Gender

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


def path_length(position: Position, piece: Piece, dst: Cell) -> int | None:
    """Orthogonal steps from the piece to ``dst`` (``dvizhenie``); None when unreachable.

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> path_length(Position((p,)), p, Cell.parse("b2"))
    2
    """
    path = shortest_path(position, piece, dst)
    return None if path is None else len(path) - 1


def shortest_path(position: Position, piece: Piece, dst: Cell) -> tuple[Cell, ...] | None:
    """The cells of a shortest movement from the piece to ``dst``, both ends included
    (``dvizhenie``); None when unreachable.

    Each step goes напротив/назад/вправо/влево onto an unoccupied cell; an incorporeal creature
    (``bestelesnost``) may step onto occupied cells too.

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> [str(c) for c in shortest_path(Position((p,)), p, Cell.parse("b2"))]
    ['a1', 'a2', 'b2']
    """
    if piece.cell is None:
        return None
    through_occupied = piece.incorporeal
    came_from: dict[Cell, Cell | None] = {piece.cell: None}
    queue = deque([piece.cell])
    while queue:
        cell = queue.popleft()
        if cell == dst:
            path = [cell]
            while (prev := came_from[path[-1]]) is not None:
                path.append(prev)
            return tuple(reversed(path))
        for nxt in orthogonal_neighbours(cell):
            if nxt in came_from or not (through_occupied or free_cell(position, nxt)):
                continue
            came_from[nxt] = cell
            queue.append(nxt)
    return None


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
