"""The rules, each implemented once, each naming the term it comes from.

These are small predicates on cells and pieces; :mod:`bot.engine.checks` combines them into
answers with reasons and citations. Term ids follow docs/architecture.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from bot.corpus.abilities import Cost, Selector
from bot.engine.board import (
    CELL_COUNT,
    CELLS_BY_INDEX,
    NEIGHBOUR_INDEX,
    Cell,
    RuleVersion,
    all_cells,
    distance,
    is_adjacent,
    own_row,
)
from bot.engine.conditions import Scene, counters_fact, has_flag, on_piece, selects
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
#: Protections the rules corpus has a term for (known by name only today), by attack kind.
PROTECTION_TERMS: dict[str, str] = {
    "shot": "zashchita-ot-vystrelov", "throw": "zashchita-ot-metaniy",
    "discharge": "zashchita-ot-razryadov",
}
#: Every term a check may cite: their quotes are prepared when a long-running process warms up
#: (``Judge.warm``); tests/engine/test_cases.py checks that no case cites another.
CITED: frozenset[str] = frozenset({
    RANGE, RADIUS, MOVEMENT, SLOW_MOVEMENT, TELEPORT, JUMP, MANOEUVRE, THROW, SHOT, DISCHARGE,
    FORMATION, PER_TURN, INCORPOREAL, ATTACK_MINUS, GROUND, FREE_CELL, ROW, BLESSING, CURSE,
    ATTACK_EXPERIENCE, DEFENCE_EXPERIENCE, CLUMSINESS, PAYMENT, RELOCATION, TRIGGERED, TARGET,
    RANGED_ATTACK,
    *(n.term for n in (*ATTACKS.values(), *RELOCATIONS.values(), *EFFECTS.values())),
    *(term for term, _, _ in DIE_MODIFIERS.values()),
    *PROTECTION_TERMS.values(),
})


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


@dataclass(frozen=True)
class Route:
    """Every shortest movement from ``start`` to its last cell at once, without listing the
    paths (a long diagonal of the board has 126): the ``cells`` stepped onto on some shortest
    path, nearest first and the destination last; for each, the cells it is entered from
    (``sources``); the cells every shortest path steps onto (``always``); ``steps`` taken.
    A jump or a teleport is a route of one step (:meth:`direct`)."""

    start: Cell
    steps: int
    cells: tuple[Cell, ...]
    sources: dict[Cell, tuple[Cell, ...]]
    always: frozenset[Cell]

    @classmethod
    def direct(cls, src: Cell, dst: Cell) -> Route:
        return cls(src, 1, (dst,), {dst: (src,)}, frozenset({dst}))

    def path(self) -> tuple[Cell, ...]:
        """One of the shortest paths, both ends included."""
        out = [self.cells[-1]]
        while out[-1] != self.start:
            out.append(self.sources[out[-1]][0])
        return tuple(reversed(out))


def shortest_route(position: Position, piece: Piece, dst: Cell, *, diagonal: bool = False,
                   through_occupied: bool = False) -> Route | None:
    """Every shortest movement (``dvizhenie``) from the piece to ``dst``; None when ``dst``
    cannot be reached.

    Each step goes напротив/назад/вправо/влево (and diagonally when the card allows it) onto an
    unoccupied cell; an incorporeal creature (``bestelesnost``) may step onto occupied cells.
    ``dst`` itself is entered whoever stands there: whether it may be occupied is the
    caller's rule (an incorporeal creature, «может объявлять движение на клетку, занятую …»).

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> route = shortest_route(Position((p,)), p, Cell.parse("b2"))
    >>> route.steps, [str(c) for c in route.cells], [str(c) for c in route.always]
    (2, ['a2', 'b1', 'b2'], ['b2'])
    """
    if piece.cell is None or piece.cell == dst:
        return None
    start, goal = piece.cell.index, dst.index
    near = NEIGHBOUR_INDEX[diagonal]
    blocked = [False] * len(CELL_COUNT) if through_occupied else _occupancy(position)
    blocked[goal] = False
    dist = [-1] * len(CELL_COUNT)
    ways = [0] * len(CELL_COUNT)  # shortest paths from the start to each cell
    dist[start], ways[start] = 0, 1
    queue = deque([start])
    while queue:
        i = queue.popleft()
        if i == goal:
            break
        for j in near[i]:
            if dist[j] < 0:
                if blocked[j]:
                    continue
                dist[j] = dist[i] + 1
                queue.append(j)
            if dist[j] == dist[i] + 1:
                ways[j] += ways[i]
    if dist[goal] < 0:
        return None
    sources: dict[int, tuple[int, ...]] = {}
    onward = {goal: 1}  # shortest paths from each cell on the way to the destination
    level = [goal]
    while level and level[0] != start:
        below: dict[int, None] = {}
        for i in level:
            sources[i] = tuple(j for j in near[i] if dist[j] == dist[i] - 1)
            for j in sources[i]:
                onward[j] = onward.get(j, 0) + onward[i]
                below[j] = None
        level = list(below)
    order = sorted(sources, key=lambda i: (dist[i], CELLS_BY_INDEX[i]))
    total = ways[goal]
    return Route(piece.cell, dist[goal], tuple(CELLS_BY_INDEX[i] for i in order),
                 {CELLS_BY_INDEX[i]: tuple(CELLS_BY_INDEX[j] for j in src)
                  for i, src in sources.items()},
                 frozenset(CELLS_BY_INDEX[i] for i in order if ways[i] * onward[i] == total))


def _occupancy(position: Position) -> list[bool]:
    """Which cells (by index) hold a card (``nezanyataya-kletka``: a cell is free when none)."""
    out = [False] * len(CELL_COUNT)
    for p in position:
        if p.cell is not None:
            out[p.cell.index] = True
    return out


def shortest_path(position: Position, piece: Piece, dst: Cell) -> tuple[Cell, ...] | None:
    """One shortest movement from the piece to ``dst``, both ends included (the board picture
    draws it); None when unreachable.

    >>> from bot.engine.position import Piece
    >>> p = Piece(cell=Cell.parse("a1"))
    >>> [str(c) for c in shortest_path(Position((p,)), p, Cell.parse("b2"))]
    ['a1', 'a2', 'b2']
    """
    route = shortest_route(position, piece, dst, through_occupied=piece.incorporeal)
    return route.path() if route is not None else None


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
    if cost.extra_lives and cost.extra_lives_from is not None:
        # «снять Х дополнительных жизней с ваших слуа» (40-154): the notation shows no extra lives
        parts.append(Truth.unknown("есть ли дополнительные жизни на картах, с которых их снимают "
                                   "в оплату"))
    elif cost.extra_lives:
        parts.append(Truth.unknown(f"есть ли на {on_piece(piece)} дополнительные жизни (оплата — "
                                   "снять дополнительную жизнь)"))
    if cost.destroy == "symbiote":
        parts.append(Truth.unknown(f"есть ли у {piece.genitive} симбиот (оплата — уничтожить "
                                   "своего симбиота)"))
    if cost.graveyard_token:
        parts.append(Truth.unknown("есть ли на вашем кладбище карта с жетоном инкарнации "
                                   "(оплата — снять его)"))
    if cost.graveyard_exile:
        parts.append(Truth.unknown("есть ли карта на вашем кладбище (оплата — изгнать её)"))
    if cost.markers:
        parts.append(Truth.unknown(f"сколько маркеров «{cost.marker}» на {on_piece(piece)} (оплата — "
                                   f"потерять {cost.markers})"))
    return all_of(parts)


def _has_items(piece: Piece, amount: int | str, code: str) -> Truth:
    have = piece.counters if code == "counter" else piece.tokens
    forms = ("фишка", "фишки", "фишек") if code == "counter" else ("жетон", "жетона", "жетонов")
    if have is None:
        return Truth.unknown(counters_fact(piece, code))
    if amount == "X":
        return x_of_items(piece, code, f"оплатить «X {forms[2]}»")
    assert isinstance(amount, int)
    ok = have >= amount
    return Truth.of(ok, f"Оплата — {count(amount, *forms)}, на {on_piece(piece)} "
                        f"{count(have, *forms)}" + ("." if ok else ": не хватает."))


def x_of_items(piece: Piece, code: str, doing: str) -> Truth:
    """An X the owner picks up to the counters (``code`` "counter") or tokens ("token") on
    ``piece``: a cost «X фишек», or «снимите X фишек, при этом разряд на X». None of them
    leaves X = 0, which no rule of the corpus allows or forbids.

    >>> x_of_items(Piece(cell=Cell.parse("a1"), counters=0), "counter", "оплатить «X фишек»").missing
    'можно ли оплатить «X фишек» при X = 0 (на неизвестном существе на a1 нет фишек)'
    """
    have = piece.counters if code == "counter" else piece.tokens
    forms = ("фишка", "фишки", "фишек") if code == "counter" else ("жетон", "жетона", "жетонов")
    if have is None:
        return Truth.unknown(counters_fact(piece, code))
    if have == 0:
        return Truth.unknown(f"можно ли {doing} при X = 0 (на {on_piece(piece)} нет {forms[2]})")
    return Truth.of(True, f"X — не больше, чем {forms[2]} на {on_piece(piece)}: "
                          f"{count(have, *forms)}.")


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

