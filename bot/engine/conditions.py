"""What the position settles of a card's words: selectors, conditions and cells of events.

Card text describes cards («стоящее рядом существо противника»: a :class:`Selector`),
conditions («пока не имеет ран»: a :data:`Condition`) and cells («на клетку, занятую наземным
существом противника»: a vocabulary :class:`~bot.corpus.abilities.Cell`). Each is evaluated
here against a :class:`Scene` — the position, whose ability it is, and what the question
itself tells — as a :class:`~bot.engine.truth.Truth`: what the position cannot settle (a
``?``'s class, whose turn it is, what a die showed) is unknown with the fact named.

>>> from bot.corpus.abilities import State
>>> from bot.engine.board import Cell
>>> owner = Piece(cell=Cell.parse("b2"), wounds=1)
>>> holds(State(flags=("unwounded",)), Scene(Position((owner,)), owner)).value
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass

from bot.corpus.abilities import (
    Ability,
    Activated,
    Condition,
    DieRoll,
    Flag,
    Formation,
    Has,
    Having,
    InColumn,
    Incorporeal,
    InGraveyard,
    InRow,
    InZone,
    Lives,
    Makeup,
    More,
    Moved,
    MovementBonus,
    MovementOf,
    Mulligan,
    Nearby,
    OnBattlefield,
    Place,
    PlayerIs,
    Region,
    Selector,
    Shown,
    Squad,
    State,
    Static,
    Target,
    TurnIs,
    Unparsed,
    WoundsTaken,
)
from bot.corpus.abilities import Cell as CellSpec
from bot.corpus.icons import ICON_NAMES
from bot.engine.board import COLUMNS, ROWS, Cell, is_adjacent, is_orthogonal_neighbour, own_row
from bot.engine.position import Piece, Position
from bot.engine.truth import FALSE, TRUE, Truth, all_of, any_of


@dataclass(frozen=True)
class Scene:
    """What card words are evaluated against: the ``position``, the ``owner`` whose ability it
    is, the active player's side when the question tells it (``active_enemy``: True when it is
    the opponent's turn, None unknown), and the cards the event names (``refs``: «его» that,
    «атакованный» attacked …)."""

    position: Position
    owner: Piece
    active_enemy: bool | None = None
    refs: tuple[tuple[str, Piece], ...] = field(default=())

    def ref(self, name: str) -> Piece | None:
        if name == "self":
            return self.owner
        return next((p for r, p in self.refs if r == name), None)


# ---------------------------------------------------------------------------------------------
# Pieces and selectors


def piece_label(piece: Piece, genitive: bool = False) -> str:
    """«неизвестное существо на c3», «Баалит» на a1»: a piece in a missing fact; after «у»
    (``genitive``) «неизвестного существа на c3», «карты «Баалит»» на a1»."""
    name = piece.genitive if genitive else piece.name
    return f"{name} на {piece.where}" if piece.cell else name


_FLAG_WORDS: dict[str, str] = {
    "elite": "элитное ли", "ordinary": "рядовое ли", "unique": "уникальное ли",
    "incorporeal": "бестелесное ли", "corporeal": "бестелесное ли",
    "defender": "выступает ли защитником",
    "even_lives": "чётно ли число жизней (с дополнительными) у",
    "parasite": "паразит ли (симбиот на хозяине)",
    "unmoved_last_turn": "не перемещалась ли в свой прошлый ход карта",
    "companion": "компаньон ли",
    "classed": "есть ли класс у",
}


def has_flag(piece: Piece, flag: Flag) -> Truth:
    """Whether a piece is «летающий», «закрытый», «без ран», «элитный» … («?»: an ordinary
    ground creature whose elite, uniqueness and incorporeality the position does not tell)."""
    card = piece.card
    known: dict[str, bool | None] = {
        "flying": not piece.ground, "nonflying": piece.ground, "ground": piece.ground,
        "closed": piece.closed, "open": not piece.closed, "wounded": piece.wounds > 0,
        "unwounded": piece.wounds == 0, "moved": piece.moved,
        "unmoved": not piece.moved,
        "elite": card.elite if card else None, "ordinary": (not card.elite) if card else None,
        "unique": card.unique if card else None,
        "incorporeal": piece.incorporeal if card else None,
        "corporeal": (not piece.incorporeal) if card else None,
        "defender": None,  # the notation has no defenders
        "even_lives": None,  # nor extra lives, which count among the lives
        "parasite": None,  # nor symbiotes
        "unmoved_last_turn": None,  # nor what happened in an earlier turn
        # «компаньона стоимостью 5 или менее» (50-139): a symbiote of that type
        "companion": (card.creature_type == "Компаньон") if card else None,
        # «ваше существо с классом» (20-192): one with a class in the card database
        "classed": any(card.classes) if card else None,
        # «ваше лесное существо, погибшее в этот ход» (40-101): a card in a graveyard, not in play
        "died_this_turn": False,
    }
    value = known[flag]
    if value is None:
        words = _FLAG_WORDS[flag]
        return Truth.unknown(f"{words} {piece_label(piece, genitive=words.endswith(' у'))}")
    return Truth.of(value)


#: What a «с …» having asks of a card's abilities when its icons do not show it.
_HAVING_KINDS: dict[str, tuple[str, ...]] = {
    "sht": ("shot",), "thr": ("throw",), "dsc": ("discharge",), "lep": ("jump",),
    "tlp": ("teleport",), "frm": ("formation",),
}
_HAVING_WORDS: dict[str, str] = {
    "counter": "фишка", "token": "жетон", "extra_life": "дополнительные жизни",
    "symbiote": "симбиот", "magic_ability": "магическая способность", "parasite": "паразит",
    "horde": "орда", "ranged_attack": "дальняя атака", "flight": "полёт",
}
_MAGIC_ICONS = ("dsc", "mht", "spl")


def having_name(code: Having) -> str:
    return _HAVING_WORDS.get(code) or ICON_NAMES.get(code, code)


def has(piece: Piece, code: Having) -> Truth:
    """«с выстрелом», «с фишкой», «с магической способностью»: what the card has (its icons and
    read abilities) or what is on it (counters and tokens from the notation)."""
    if code in ("counter", "token"):
        n = piece.counters if code == "counter" else piece.tokens
        if n is None:
            return Truth.unknown(counters_fact(piece, code))
        return Truth.of(n > 0)
    if code == "flight":  # «с полетом или телепортацией» (20-23): a flyer
        return Truth.of(not piece.ground)
    if code in ("extra_life", "symbiote", "parasite"):  # the notation shows none of these
        return Truth.unknown(f"есть ли у {piece.genitive} {having_name(code)}")
    card = piece.card
    if card is None:
        where = f" на {piece.where}" if piece.cell else ""
        return Truth.unknown(f"есть ли у {piece.genitive}{where} «{having_name(code)}»")
    icons = {c for c, _ in card.icons}
    if code == "magic_ability":
        return Truth.of(bool(icons & set(_MAGIC_ICONS)) or any(
            k in ("discharge",) for k in _kinds(piece)))
    if code == "ranged_attack":
        return _has_ranged(piece, icons)
    kinds = _HAVING_KINDS.get(code, ())
    return Truth.of(code in icons or any(k in kinds for k in _kinds(piece))
                    or any(getattr(a, "code", None) == code for a in _entries(piece)))


def _has_ranged(piece: Piece, icons: set[str]) -> Truth:
    """«с дальней атакой»: a throw, a shot or a discharge (the engine's ranged attacks); a strike
    through a row alone leaves it unknown, as no source of the corpus says whether it is one."""
    if any(has(piece, code).value for code in ("sht", "thr", "dsc")):
        return Truth.of(True)
    if "uchr" in icons:
        return Truth.unknown(f"считается ли удар через ряд {piece.genitive} дальней атакой")
    return Truth.of(False)


def _has_at_least(piece: Piece, code: Having, n: int) -> Truth:
    """«имеет 5 или более жетонов»: ``n`` or more counters or tokens on the card (from the
    notation); ``n`` of anything else is not known."""
    if n == 1:
        return has(piece, code)
    if code in ("counter", "token"):
        count = piece.counters if code == "counter" else piece.tokens
        if count is None:
            return Truth.unknown(counters_fact(piece, code))
        return Truth.of(count >= n)
    return Truth.unknown(f"сколько у {piece.genitive} «{having_name(code)}»")


def counters_fact(piece: Piece, code: str = "counter") -> str:
    """The missing fact of a counter question: «сколько фишек на «Гиррит» (укажите «фишки N»)»."""
    what, state = ("фишек", "фишки N") if code == "counter" else ("жетонов", "жетоны N")
    return f"сколько {what} на {on_piece(piece)} (укажите «{state}»)"


def on_piece(piece: Piece) -> str:
    """For «на …»: «Гиррит»», «неизвестном существе на c3»."""
    if piece.card is not None:
        return piece.name
    where = f"на {piece.cell}" if piece.cell else "во вспомогательной зоне"
    return f"неизвестном существе{' противника' if piece.enemy else ''} {where}"


def _entries(piece: Piece) -> Iterator[Ability]:
    """The card's abilities and what its frames grant, flattened (for «has it …»)."""
    stack = list(piece.abilities())
    while stack:
        a = stack.pop()
        yield a
        if isinstance(a, Static | Formation | Incorporeal):
            stack.extend(a.grants)
        elif isinstance(a, Activated):
            stack.extend(a.effects)


def _kinds(piece: Piece) -> set[str]:
    return {a.kind for a in _entries(piece)}


#: The fields of a :class:`Selector` that :func:`selects` evaluates, and those that say how many
#: cards, not which (tests/engine/test_card_rules.py checks these cover every field, so a new
#: filter is evaluated before it can be silently ignored).
SELECTOR_FILTERS = frozenset({"what", "name", "side", "other", "other_than", "flags", "elements", "classes",
                              "having", "having_all", "lacking", "markers", "cell_markers", "cost_max",
                              "cost_min",
                              "cost_below", "cost_above", "cost_equal",
                              "movement_min", "movement_max", "wounds_min", "lives_min",
                              "lives_max", "lives_above", "healed_min", "region", "rows", "place", "of",
                              "graveyard", "next_to", "next_to_min",
                              "next_to_negated", "named_as", "opposite", "excluding"})
SELECTOR_QUANTIFIERS = frozenset({"all", "up_to", "count", "or_self"})


def selects(sel: Selector, piece: Piece, scene: Scene) -> Truth:
    """Whether ``piece`` is one of the cards ``sel`` describes, relative to the scene's owner
    («ваше» is the owner's side, «другое» not the owner, ``place`` around ``sel.of``)."""
    owner = scene.owner
    if sel.graveyard or (sel.other and piece is owner):
        return FALSE  # a placed piece is on the battlefield, not in a graveyard
    checks = [_noun(sel, piece), _side(sel, piece, owner), _name(sel, piece)]
    checks += [has_flag(piece, f) for f in sel.flags]
    checks.append(_elements(sel, piece))
    checks.append(_classes(sel, piece))
    if sel.having:  # «с выстрелом, метанием или разрядом»: any of them does
        found = [has(piece, h) for h in sel.having]
        # «с проклятием и отравлением» (30-174): every one of them
        checks.append(all_of(found) if sel.having_all else any_of(found))
    checks += [has(piece, h).negated() for h in sel.lacking]  # «без …»: none of them
    # the notation places no markers: whether the card has one is a fact to ask
    checks += [Truth.unknown(f"есть ли на {piece_label(piece)} маркер «{m}»") for m in sel.markers]
    # «все карты на клетках с омутом» (40-141): nor on cells
    checks += [FALSE if piece.cell is None else Truth.unknown(
        f"есть ли на клетке {piece.cell} маркер «{m}»") for m in sel.cell_markers]
    checks.append(_cost(sel, piece))
    for ref, less in ((sel.cost_below, True), (sel.cost_above, False), (sel.cost_equal, None)):
        if ref is not None:  # «меньшей стоимости» (30-85): than that card's cost
            checks.append(_cost_than(piece, scene.ref(ref), less=less))
    checks.append(_movement(sel, piece, scene.position))
    if sel.wounds_min is not None:  # «с 4 и более ранами» (21-4): the wounds the notation gives
        checks.append(Truth.of(piece.wounds >= sel.wounds_min))
    if sel.lives_min is not None or sel.lives_max is not None:  # «с 4 или менее жизнями» (20-8)
        checks.append(_lives(Lives(at_least=sel.lives_min, at_most=sel.lives_max), piece))
    if sel.lives_above is not None:  # «карт с большим количеством текущих жизней, чем у …» (30-23)
        checks.append(_lives_than(piece, scene.ref(sel.lives_above)))
    if sel.healed_min is not None:  # «которое было излечено на 5 или более в этот ход» (50-99)
        checks.append(Truth.unknown(f"излечено ли в этот ход на {sel.healed_min} или более "
                                    f"{piece_label(piece)}"))
    if sel.region is not None:
        # «стоящие не на своей половине поля» (foreign_half, 50-59): each card's own half
        whose = piece if sel.region == "foreign_half" else owner
        checks.append(Truth.of(piece.cell is not None and in_region(piece.cell, sel.region, whose)))
    if sel.rows:  # «в его втором или третьем ряду» (20-112): rows of its own half
        checks.append(Truth.of(piece.cell is not None
                               and own_rows(piece.cell, piece.enemy) in sel.rows))
    if sel.place is not None:
        anchor = scene.ref(sel.of)
        checks.append(at_place(piece, sel.place, anchor) if anchor is not None
                      else Truth.unknown("о какой карте речь в особенности"))
    if sel.next_to is not None:
        near = _next_to(sel.next_to, sel.next_to_min, piece, scene)
        # «рядом с которым нет хотя бы двух других его существ» (30-60): not so many
        checks.append(near.negated() if sel.next_to_negated else near)
    if sel.named_as is not None:  # «демона с таким же названием» (20-148): as that card's name
        anchor = scene.ref(sel.named_as)
        checks.append(Truth.of(piece.card.name == anchor.card.name)
                      if anchor is not None and anchor.card is not None and piece.card is not None
                      else Truth.unknown(f"такое же ли название у "
                                         f"{piece_label(piece, genitive=True)}, как у карты, о "
                                         "которой речь в особенности"))
    if sel.opposite is not None:
        checks.append(_opposite(sel.opposite, piece, scene))
    if sel.other_than is not None:  # «по другой карте» (40-83): not the one attacked
        anchor = scene.ref(sel.other_than)
        checks.append(Truth.of(piece is not anchor) if anchor is not None
                      else Truth.unknown(f"{piece_label(piece)} ли та карта, о которой речь в "
                                         "особенности"))
    if sel.excluding:  # «(кроме летающих, бестелесных, Скелетов и симбиотов)» (20-164)
        checks.append(any_of([selects(ex, piece, scene) for ex in sel.excluding]).negated())
    return all_of(checks)


def _opposite(facing: Selector, piece: Piece, scene: Scene) -> Truth:
    """«каждую карту противника, напротив которой стоит ваше существо» (40-40): ``piece``
    stands opposite (in the cell in front of) one of the cards ``facing`` describes."""
    if piece.cell is None:
        return FALSE  # a flyer in the auxiliary zone stands opposite nothing
    return any_of(each_placed(facing, scene, piece, lambda p: at_place(piece, "opposite", p)))


def _next_to(near: Selector, n: int, piece: Piece, scene: Scene) -> Truth:
    """«по картам, рядом с которыми стоят два или более ваших существа со строем» (50-48): at
    least ``n`` cards ``near`` describes stand next to ``piece`` (counted on the board shown, as
    «рядом стоит …» is); next to a cell with a marker is unknown (the notation places none)."""
    if near.what == "cell":
        return Truth.unknown(marker_cell_fact(near, piece))
    if piece.cell is None:
        return FALSE  # a flyer in the auxiliary zone stands next to nothing
    return at_least(each_placed(near, scene, piece, lambda p: at_place(p, "adjacent", piece)), n)


def marker_cell_fact(cell: Selector, piece: Piece | None = None) -> str:
    """The missing fact of a cell with a marker: «где клетка с маркером «логова»»."""
    names = ", ".join(f"«{m}»" for m in cell.markers)
    where = f" (и стоит ли рядом с ней {piece_label(piece)})" if piece is not None else ""
    return f"где клетка с маркером {names}{where}: позиция не показывает маркеры"


def _movement(sel: Selector, piece: Piece, position: Position) -> Truth:
    """«с движением 2 или больше», «с 1 движением»: the card's printed movement, when nothing
    may change it (its own «+N к движению», or any card's bonus given to others)."""
    if sel.movement_min is None and sel.movement_max is None:
        return TRUE
    where = f" на {piece.cell}" if piece.cell else ""
    fact = f"какое движение у {piece.genitive}{where}"
    low, high = sel.movement_min, sel.movement_max
    if isinstance(low, str) or isinstance(high, str):  # «… меньшей или равной … Х» (50-191)
        than, bound = ("больше", high) if isinstance(high, str) else ("меньше", low)
        return Truth.unknown(f"движение {piece_label(piece, genitive=True)} не {than} ли "
                             f"{str(bound).replace('X', 'Х')}")
    card = piece.card
    if card is None or card.movement is None:
        return Truth.unknown(fact)
    if any(isinstance(b, MovementBonus) for b in _nested(piece.abilities())) or any(
            b.target != "self" for p in position for b in _nested(p.abilities())
            if isinstance(b, MovementBonus)):
        return Truth.unknown(fact)  # a bonus may change it: not evaluated
    movement = card.movement
    return Truth.of((low is None or movement >= low) and (high is None or movement <= high))


def _nested(values: object) -> Iterator[object]:
    """Every vocabulary value inside ``values`` (effects of triggers, modes, grants …)."""
    stack = [values]
    while stack:
        v = stack.pop()
        if isinstance(v, list | tuple):
            stack.extend(v)
        elif is_dataclass(v) and not isinstance(v, type):
            yield v
            stack.extend(getattr(v, f.name) for f in fields(v))


def _name(sel: Selector, piece: Piece) -> Truth:
    """«каждое Яйцо дракона»: a card of that name; a «?» piece may be one."""
    if sel.name is None:
        return TRUE
    if piece.card is None:
        return Truth.unknown(f"«{sel.name}» ли {piece_label(piece)}")
    return Truth.of(piece.card.name == sel.name)


def _noun(sel: Selector, piece: Piece) -> Truth:
    card = piece.card
    if sel.what in ("card", "creature"):
        return TRUE  # the notation places creatures only
    if sel.what == "cell":
        return FALSE  # a piece is a card, not a cell (a cell with a marker: _next_to, _nearby)
    if sel.what == "hero":
        if card is None:
            return Truth.unknown(f"герой ли {piece_label(piece)}")
        return Truth.of(any(c.startswith("Герой") for c in card.classes))
    if sel.what == "symbiote":  # companions and parasites are both symbiotes
        return Truth.of(card is not None and card.creature_type in ("Компаньон", "Паразит"))
    return FALSE  # artefacts and terrains are not placed


def _side(sel: Selector, piece: Piece, owner: Piece) -> Truth:
    if sel.side == "any":
        return TRUE
    same = piece.enemy == owner.enemy
    return Truth.of(same if sel.side == "own" else not same)


def _elements(sel: Selector, piece: Piece) -> Truth:
    if not sel.elements:
        return TRUE
    if piece.card is None:
        return Truth.unknown(f"стихия {piece_label(piece)}")
    element = piece.card.element or ""
    return Truth.of(any(e in element for e in sel.elements))


def _classes(sel: Selector, piece: Piece) -> Truth:
    if not sel.classes:
        return TRUE
    if piece.card is None:
        return Truth.unknown(f"класс {piece_label(piece)}")
    mine = {c.casefold() for c in piece.card.classes}
    return Truth.of(any(c.casefold() in mine for c in sel.classes))


def _cost(sel: Selector, piece: Piece) -> Truth:
    if sel.cost_max is None and sel.cost_min is None:
        return TRUE
    cost = piece.card.cost if piece.card else None
    if cost is None:
        return Truth.unknown(f"стоимость {piece_label(piece)}")
    if isinstance(sel.cost_max, str) and sel.cost_min == sel.cost_max:  # «стоимостью Х» (40-123)
        return Truth.unknown(f"стоимость {piece_label(piece)} равна ли {sel.cost_max.replace('X', 'Х')}")
    if isinstance(sel.cost_max, str):  # «стоимостью Х или менее», «3+Х»: X not known here
        bound = str(sel.cost_max).replace("X", "Х")
        return Truth.unknown(f"стоимость {piece_label(piece)} не больше ли {bound}")
    if isinstance(sel.cost_min, str):
        return Truth.unknown(f"стоимость {piece_label(piece)} не меньше ли {sel.cost_min.replace('X', 'Х')}")
    return Truth.of((sel.cost_max is None or cost <= sel.cost_max)
                    and (sel.cost_min is None or cost >= sel.cost_min))


def _cost_than(piece: Piece, anchor: Piece | None, *, less: bool | None) -> Truth:
    """«существа меньшей стоимости» (30-85), «карту … большей стоимости, чем оно само» (20-14):
    ``piece``'s printed cost is less (more) than ``anchor``'s; ``less`` None: the same, «по
    существам той же стоимости» (40-164); unknown for a «?» or a card the position does not
    name."""
    if less is None:
        fact = (f"такая же ли стоимость у {piece_label(piece, genitive=True)}, как у карты, о "
                "которой речь в особенности")
    else:
        word = "меньше" if less else "больше"
        fact = f"стоимость {piece_label(piece)} {word} ли, чем у карты, о которой речь в особенности"
    if anchor is None or anchor.card is None or piece.card is None \
            or anchor.card.cost is None or piece.card.cost is None:
        return Truth.unknown(fact)
    if less is None:
        return Truth.of(piece.card.cost == anchor.card.cost)
    return Truth.of(piece.card.cost < anchor.card.cost if less
                    else piece.card.cost > anchor.card.cost)


def _lives_than(piece: Piece, anchor: Piece | None) -> Truth:
    """«карт с большим количеством текущих жизней, чем у Джинна Дзара» (30-23): ``piece`` has
    more current lives (its lives less its wounds) than ``anchor``; unknown for a «?» or a card
    the position does not name."""
    fact = (f"больше ли текущих жизней у {piece_label(piece, genitive=True)}, чем у карты, о "
            "которой речь в особенности")
    if anchor is None or anchor.card is None or piece.card is None \
            or anchor.card.lives is None or piece.card.lives is None:
        return Truth.unknown(fact)
    return Truth.of(piece.card.lives - piece.wounds > anchor.card.lives - anchor.wounds)


# ---------------------------------------------------------------------------------------------
# Places and regions


def front(cell: Cell, enemy: bool, step: int = 1) -> Cell | None:
    """The cell ``step`` rows toward the other side from a piece of that side (None: off board)."""
    row = cell.row - step if enemy else cell.row + step
    return Cell(cell.col, row) if 1 <= row <= 6 else None


def at_place(piece: Piece, place: Place, anchor: Piece) -> Truth:
    """Whether ``piece`` stands at ``place`` from ``anchor``: «рядом» (8 cells), «напротив»
    (the cell in front of it), «позади», «справа или слева», «в строю с» (orthogonal
    neighbours, both with «Строй»), the same row or column."""
    a, b = anchor.cell, piece.cell
    if piece is anchor:
        return FALSE
    if place in ("chosen_cell", "that_cell"):
        return Truth.unknown("какая клетка выбрана")
    if a is None or b is None:
        return FALSE  # a flyer in the auxiliary zone stands next to nothing
    if place == "adjacent":
        return Truth.of(is_adjacent(a, b))
    if place == "opposite":
        return Truth.of(front(a, anchor.enemy) == b)
    if place == "behind":
        return Truth.of(front(a, anchor.enemy, -1) == b)
    if place == "left_or_right":
        return Truth.of(a.row == b.row and abs(a.col - b.col) == 1)
    if place == "same_row":
        return Truth.of(a.row == b.row)
    if place == "same_column":
        return Truth.of(a.col == b.col)
    if place == "same_row_or_column":  # «стоящую с Магистром пламени в одном ряду или столбце»
        return Truth.of(a.row == b.row or a.col == b.col)
    if place == "other_column":
        return Truth.of(a.col != b.col)
    # in_formation: orthogonal neighbours of one squad, each with «Строй»
    if not is_orthogonal_neighbour(a, b) or piece.enemy != anchor.enemy:
        return FALSE
    return all_of(_has_formation(anchor), _has_formation(piece))


def _has_formation(piece: Piece) -> Truth:
    if piece.card is None:
        return Truth.unknown(f"есть ли «Строй» у {piece_label(piece, genitive=True)}")
    return Truth.of(piece.has("formation"))


def in_region(cell: Cell, region: Region, owner: Piece) -> bool:
    """«ваш третий ряд», «половина поля боя противника» … counted from the owner's side;
    ``foreign_half`` («не на своей половине поля», 50-59) is the half of the opponent of
    ``owner`` — the card that stands there, not the card of the ability."""
    row = own_row(cell.row, owner.enemy)
    if region == "edge":  # «у края поля боя»: the outer columns and rows
        return cell.col in (0, len(COLUMNS) - 1) or cell.row in (1, ROWS)
    return {
        "battlefield": True,  # a piece on a cell is on the battlefield
        "own_half": row <= 3, "enemy_half": row >= 4, "own_first_row": row == 3,
        "own_third_row": row == 1, "enemy_first_row": row == 4, "enemy_second_row": row == 5,
        "enemy_third_row": row == 6, "foreign_half": row >= 4,
    }[region]


def own_rows(cell: Cell, enemy: bool) -> int | None:
    """The row of ``cell`` on the half of that side, counted from its front (1) to its back (3);
    None on the other half."""
    row = own_row(cell.row, enemy)
    return 4 - row if row <= 3 else None


#: The fields of a cell (:class:`bot.corpus.abilities.Cell`) that :func:`cell_is` evaluates
#: (tests/engine/test_card_rules.py checks these are all of them).
CELL_FIELDS = frozenset({"free", "adjacent", "forward", "backward", "diagonal", "opposite",
                         "behind", "occupied_by", "next_to", "min", "region", "rows", "of",
                         "not_next_to", "orthogonal", "that_cell", "same_row", "same_column",
                         "markers", "vacated"})
#: The fields of an attack description that bot.engine.defence.concerns_attack evaluates.
ATTACK_FIELDS = frozenset({"kind", "strength", "magic", "reach", "by", "diagonal", "size_min",
                           "size_max", "size_even", "unanswered"})


def cell_is(spec: CellSpec, src: Cell | None, dst: Cell, scene: Scene,
            mover: Piece | None = None) -> Truth:
    """Whether a move from ``src`` onto ``dst`` is a move onto the cell ``spec`` describes:
    «на свободную клетку», «на соседнюю клетку», «на клетку, занятую …», «на клетку рядом с …»,
    «на клетку третьего ряда противника». Occupants are read from the scene's position
    before the move, the mover (default: the owner) excluded."""
    owner = scene.owner
    mover = mover or owner
    occupant = next((p for p in scene.position if p.cell == dst and p is not mover), None)
    checks = []
    if spec.free:
        checks.append(Truth.of(occupant is None))
    if spec.adjacent:
        checks.append(Truth.of(src is not None and is_adjacent(src, dst)))
    if spec.region is not None:
        whose = mover if spec.region == "foreign_half" else owner
        checks.append(Truth.of(in_region(dst, spec.region, whose)))
    if spec.rows:  # «на свободную клетку второго или третьего ряда» (40-16): the owner's half
        checks.append(Truth.of(own_rows(dst, owner.enemy) in spec.rows))
    if spec.occupied_by is not None:
        checks.append(FALSE if occupant is None else is_target(spec.occupied_by, occupant, scene))
    if isinstance(spec.next_to, Selector) and spec.next_to.what == "cell":
        checks.append(Truth.unknown(marker_cell_fact(spec.next_to)))  # «рядом с гнездом»
    elif spec.next_to is not None:
        found = each_placed(spec.next_to, scene, mover, _beside(dst))
        # «рядом с которой стоит 8 или более ваших существ»: at least ``min`` of them
        checks.append(at_least(found, spec.min))
    if spec.not_next_to is not None:  # «кроме клеток рядом с Гаргульей» (20-46): none of them
        checks.append(any_of(each_placed(spec.not_next_to, scene, mover, _beside(dst))).negated())
    if spec.forward:  # «на клетку вперёд»: the next cell ahead of the mover
        checks.append(Truth.of(src is not None and front(src, mover.enemy) == dst))
    if spec.backward:  # «на клетку назад»: the next cell behind the mover
        checks.append(Truth.of(src is not None and front(src, mover.enemy, -1) == dst))
    if spec.diagonal:  # «на 1 клетку по диагонали»
        checks.append(Truth.of(src is not None and abs(src.col - dst.col) == 1
                               and abs(src.row - dst.row) == 1))
    if spec.orthogonal:  # «на соседнюю клетку (но не по диагонали)» (20-174)
        checks.append(Truth.of(src is not None and is_orthogonal_neighbour(src, dst)))
    if spec.opposite is not None:  # «на клетку напротив себя»: the cell ahead of that card
        facing = scene.ref(spec.opposite) if isinstance(spec.opposite, str) else None
        checks.append(Truth.of(front(facing.cell, facing.enemy) == dst)
                      if facing is not None and facing.cell is not None
                      else Truth.unknown("напротив какой карты клетка, о которой речь в особенности"))
    if spec.behind is not None:  # «на свободную клетку позади себя»: the cell behind that card
        backing = scene.ref(spec.behind) if isinstance(spec.behind, str) else None
        checks.append(Truth.of(front(backing.cell, backing.enemy, -1) == dst)
                      if backing is not None and backing.cell is not None
                      else Truth.unknown("позади какой карты клетка, о которой речь в особенности"))
    if spec.of is not None:  # «на его клетку»: the cell that card stands (or stood) on
        named = scene.ref(spec.of) if not isinstance(spec.of, Selector) else None
        checks.append(Truth.of(named.cell == dst) if named is not None and named.cell else
                      Truth.unknown("на какой клетке стоит карта, о которой речь в особенности"))
    if spec.that_cell:  # «на нее», «на эту клетку»: a cell the ability named before (20-38)
        checks.append(Truth.unknown("та ли это клетка, о которой речь в особенности"))
    if spec.vacated:  # «освободившаяся клетка» (50-163): the cell a move of the trigger left
        checks.append(Truth.unknown("та ли это клетка, которую освободила карта, о которой речь в "
                                    "особенности"))
    if spec.markers:  # «с клетки с омутом» (40-141): the notation places no markers
        names = ", ".join(f"«{m}»" for m in spec.markers)
        checks.append(Truth.unknown(f"есть ли на {dst} маркер {names}: позиция не показывает "
                                    "маркеры"))
    if spec.same_row is not None:  # «на клетку в одном ряду с Терновой изгородью» (40-94)
        checks.append(_placed(spec.same_row, scene, mover, "в одном ряду с какой картой клетка",
                              lambda p: p.cell is not None and p.cell.row == dst.row))
    if spec.same_column is not None:  # «на клетку столбца, в котором стоит Цветок лотоса» (30-70)
        checks.append(_placed(spec.same_column, scene, mover, "в одном столбце с какой картой клетка",
                              lambda p: p.cell is not None and p.cell.col == dst.col))
    return all_of(checks)


def _placed(anchor: Target, scene: Scene, mover: Piece, unknown: str,
            fits: Callable[[Piece], bool]) -> Truth:
    """Whether a cell stands as ``fits`` says to the card ``anchor`` names (any of the cards a
    selector describes, the mover excluded), as the position shows it; ``unknown`` names the
    missing fact when the card is not on the board."""
    if isinstance(anchor, Selector):
        return any_of(each_placed(anchor, scene, mover, lambda p: Truth.of(fits(p))))
    named = scene.ref(anchor)
    if named is None or named.cell is None:
        return Truth.unknown(f"{unknown}, о которой речь в особенности")
    return Truth.of(fits(named))


def _beside(cell: Cell) -> Callable[[Piece], Truth]:
    """Whether a card stands next to ``cell`` (for ``each_placed``)."""
    return lambda p: Truth.of(p.cell is not None and is_adjacent(p.cell, cell))


def each_placed(target: Target, scene: Scene, skip: Piece,
                where: Callable[[Piece], Truth]) -> list[Truth]:
    """For each other card on the board (``skip``, the asking card, left out) that may stand
    as ``where`` says: whether it is one ``target`` names and stands so. The cards «рядом с …»,
    «напротив …», «в одном ряду с …» a condition counts (``any_of``, ``at_least``).

    >>> a1, b1 = Piece(cell=Cell.parse("a1")), Piece(cell=Cell.parse("b1"), enemy=True)
    >>> scene = Scene(Position(pieces=(a1, b1)), a1)
    >>> [t.value for t in each_placed(Selector(side="enemy"), scene, a1, lambda p: TRUE)]
    [True]
    """
    found = []
    for p in scene.position:
        if p is skip or p.cell is None:
            continue
        place = where(p)
        if place.value is not False:  # where first: it is cheaper than the selector
            found.append(all_of(is_target(target, p, scene), place))
    return found


def is_target(target: Target, piece: Piece, scene: Scene) -> Truth:
    """Whether ``piece`` is the card(s) ``target`` names, relative to the scene's owner."""
    if isinstance(target, Selector):
        return selects(target, piece, scene)
    named = scene.ref(target)
    return Truth.of(named is piece) if named is not None else Truth.unknown(
        "о какой карте речь в особенности")


# ---------------------------------------------------------------------------------------------
# Conditions


def holds(condition: Condition, scene: Scene) -> Truth:
    """Whether a «пока …» / «если …» / mode condition holds for the scene's owner."""
    match condition:
        case State():
            of_elements = Selector(elements=condition.elements)
            # «если он на кладбище» (30-140): a card of the position is on the battlefield
            away = [FALSE] if condition.graveyard else []
            region = condition.region
            return _subject(condition.subject, scene, lambda p: all_of(
                [*(has_flag(p, f) for f in condition.flags), _elements(of_elements, p), *away,
                 # «если Нейбл стоит у края поля боя» (40-82): where it stands on the board
                 *([Truth.of(p.cell is not None and in_region(p.cell, region, scene.owner))]
                   if region is not None else [])]))
        case Has():
            def having(p: Piece) -> Truth:
                found = any_of([_has_at_least(p, h, condition.min) for h in condition.having])
                return found.negated() if condition.negated else found
            return _subject(condition.subject, scene, having)
        case Nearby():
            return _nearby(condition, scene)
        case Squad():
            return _squad(condition, scene)
        case InRow():
            return _row(condition, scene)
        case InColumn():
            return _column(condition, scene)
        case OnBattlefield() if condition.each_row:  # «в каждом ряду поля боя есть …»
            board = scene.position.on_board()
            return all_of([any_of([selects(condition.selector, p, scene) for p in board
                                   if p.cell is not None and p.cell.row == row])
                           for row in range(1, ROWS + 1)])
        case OnBattlefield():
            found = [selects(condition.selector, p, scene) for p in scene.position.on_board()]
            result = at_least(found, condition.min)
            return result.negated() if condition.negated else result
        case More():
            return _more(condition, scene)
        case Mulligan():  # before the battle: no position shows it
            return Truth.unknown("использовали ли вы пересдачу")
        case Makeup():  # the position may not show the whole squad
            return _makeup(condition, scene)
        case Moved():  # the notation tells whether it moved, not how far or which way
            owner = scene.owner
            if not owner.moved and owner.movement_left is None:
                return FALSE
            return Truth.unknown(f"на сколько клеток и куда {owner.name} переместился в этот ход")
        case Lives():
            return _subject(condition.subject, scene, lambda p: _lives(condition, p))
        case WoundsTaken():  # the notation shows the wounds a card has, not when it got them
            return _subject(condition.subject, scene, lambda p: Truth.unknown(
                f"сколько ран {piece_label(p)} получил в этот ход"))
        case Shown():  # a prophecy's cards: no position shows them
            return Truth.unknown("какую карту показало пророчество")
        case InZone():
            return Truth.unknown("на поверхности или на глубине сейчас бой")
        case PlayerIs():
            return Truth.unknown("вы первый или второй игрок")
        case TurnIs():
            if scene.active_enemy is None:
                return Truth.unknown("чей сейчас ход")
            mine = scene.active_enemy == scene.owner.enemy
            return Truth.of(mine if condition.turn == "own" else
                            (not mine) if condition.turn == "enemy" else True)
        case DieRoll():
            return Truth.unknown("что выпало на кубике")
        case MovementOf():
            return _movement_of(condition, scene)
        case InGraveyard():  # the notation shows no graveyards
            whose = "вашем" if condition.side == "own" else "чужом"
            return Truth.unknown(f"что лежит на {whose} кладбище")
        case Unparsed():
            return Truth.unknown(f"выполнено ли условие, которое бот не прочитал: "
                                 f"«{condition.fragment or condition.text}»")
    return Truth.unknown("выполнено ли условие особенности")  # pragma: no cover


def _movement_of(cond: MovementOf, scene: Scene) -> Truth:
    """«если движение Вереселеня равно 5 или больше (с учётом модификаторов)» (30-121): its
    printed movement when nothing may change it (as a selector's «с движением …»)."""
    return _movement(Selector(movement_min=cond.at_least, movement_max=cond.at_most),
                     scene.owner, scene.position)


def _subject(subject: Target, scene: Scene, check: Callable[[Piece], Truth]) -> Truth:
    """The condition ``check`` of the subject: a named card, or any card a selector describes
    (each of them with ``all``: «пока все ваши существа имеют проклятие», 30-178 — the position
    may not show the whole squad, so only «not all» is certain)."""
    if isinstance(subject, Selector) and subject.all:
        if any(selects(subject, p, scene).value is True and check(p).value is False
               for p in scene.position):
            return FALSE
        return Truth.unknown("выполнено ли условие для всех карт, которые оно называет (позиция "
                             "может показывать не весь отряд)")
    if isinstance(subject, Selector):
        found = [selects(subject, p, scene) for p in scene.position]
        each = [all_of(f, check(p)) for f, p in zip(found, scene.position, strict=True)]
        if subject.or_self:  # «пока Серый клинок или стоящее рядом ваше существо имеет …»
            each.append(check(scene.owner))
        return any_of(each)
    piece = scene.ref(subject)
    if piece is None:
        return Truth.unknown("о какой карте речь в условии")
    return check(piece)


def _nearby(cond: Nearby, scene: Scene) -> Truth:
    owner = scene.owner
    if cond.selector.what == "cell":  # «пока стоит в одном столбце с вашим логовом» (40-62)
        return Truth.unknown(marker_cell_fact(cond.selector))
    if cond.negated and owner.cell is None and cond.place in ("same_column", "same_row"):
        return FALSE  # «пока стоит в столбце, в котором нет …»: it stands in none
    found = each_placed(cond.selector, scene, owner, lambda p: at_place(p, cond.place, owner))
    result = at_least(found, cond.min)
    return result.negated() if cond.negated else result  # «пока рядом … нет …»


def at_least(found: list[Truth], n: int) -> Truth:
    """Whether at least ``n`` of ``found`` hold: true when so many surely do, false when not so
    many may, else the first that may."""
    sure = sum(t.value is True for t in found)
    maybe = [t for t in found if t.value is None]
    return TRUE if sure >= n else FALSE if sure + len(maybe) < n else maybe[0]


def _more(cond: More, scene: Scene) -> Truth:
    """«больше ваших существ, чем существ противника»: counted on the board the position shows
    (as «рядом стоит …» is); a piece that may or may not count leaves it open when it could
    tip the comparison.

    >>> from bot.corpus.abilities import Selector
    >>> owner = Piece(cell=Cell.parse("b2"))
    >>> friends = [Piece(cell=Cell.parse(c)) for c in ("a2", "c2")]
    >>> scene = Scene(Position((owner, *friends, Piece(cell=Cell.parse("b3"), enemy=True))), owner)
    >>> _more(More(more=Selector(side="own", place="adjacent"),
    ...            than=Selector(side="enemy", place="adjacent")), scene).value
    True
    """
    def counts(sel: Selector) -> tuple[int, int]:
        found = [selects(sel, p, scene) for p in scene.position]
        sure = sum(t.value is True for t in found)
        return sure, sure + sum(t.value is None for t in found)
    (more_sure, more_may), (than_sure, than_may) = counts(cond.more), counts(cond.than)
    if more_sure > than_may:
        return TRUE
    if more_may <= than_sure:
        return FALSE
    return Truth.unknown("каких карт больше (не все карты позиции известны)")


def _makeup(cond: Makeup, scene: Scene) -> Truth:
    """What a squad is made of: unknown (the position may not show the whole squad), but for
    cards with the same name the position shows on that side."""
    side = scene.owner.enemy if cond.side == "own" else not scene.owner.enemy
    if cond.same_names is not None:
        names = [p.card.name for p in scene.position if p.enemy == side and p.card is not None]
        if len(names) != len(set(names)):
            return Truth.of(cond.same_names)
    who = "вашего" if cond.side == "own" else "чужого"
    return Truth.unknown(f"каков состав {who} отряда (позиция может показывать не весь отряд)")


def _squad(cond: Squad, scene: Scene) -> Truth:
    """«пока в вашем отряде есть …» (at least ``min``): the position may not show the whole
    squad, so only «there are» is certain (and so «нет …» only false)."""
    owner = scene.owner
    side = owner.enemy if cond.side == "own" else not owner.enemy
    found = sum(selects(cond.selector, p, scene).value is True
                for p in scene.position if p.enemy == side)
    who = "вашем" if cond.side == "own" else "чужом"
    result = TRUE if found >= cond.min else Truth.unknown(
        f"есть ли в {who} отряде то, что названо в условии (позиция может показывать не весь "
        "отряд)")
    return result.negated() if cond.negated else result


def _row(cond: InRow, scene: Scene) -> Truth:
    cell = scene.owner.cell
    if cell is None:
        return FALSE
    row = own_row(cell.row, scene.owner.enemy)
    if row >= 4:
        return Truth.unknown("считается ли ряд из условия на половине поля противника")
    return Truth.of(4 - row in cond.rows)


def _column(cond: InColumn, scene: Scene) -> Truth:
    cell = scene.owner.cell
    if cell is None:
        return FALSE
    col = cell.col if not scene.owner.enemy else len(COLUMNS) - 1 - cell.col
    name = "left_edge" if col == 0 else "right_edge" if col == len(COLUMNS) - 1 else \
        "center" if col == len(COLUMNS) // 2 else None
    return Truth.of(name in cond.columns)


def _lives(cond: Lives, piece: Piece) -> Truth:
    if piece.card is None or piece.card.lives is None:
        return Truth.unknown(f"сколько жизней у {piece_label(piece, genitive=True)}")
    lives = piece.card.lives - piece.wounds
    return Truth.of((cond.at_most is None or lives <= cond.at_most)
                    and (cond.at_least is None or lives >= cond.at_least))
