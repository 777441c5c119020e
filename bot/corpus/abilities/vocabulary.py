"""The typed vocabulary of card abilities: what a sentence of card text says, as values.

An entry of a card's ``abilities:`` is one :data:`Ability`: a *frame* (:class:`Activated`,
:class:`Trigger`, :class:`Static`, :class:`Formation`, :class:`Incorporeal`) that wraps
*effects*, or a bare effect (an unconditional static ability such as «Броня 2»), or
:class:`Unparsed`. Frames say when an effect applies (a cost, a trigger, a condition); effects
say what happens or what holds (:class:`Wound`, :class:`Jump`, :class:`Protection` …). Effects
name who they apply to with a :data:`Target` (a :data:`Ref` such as ``"self"``, or a
:class:`Selector`) and attacks with :class:`Attack`; conditions are :data:`Condition` values.

Every value is a frozen dataclass or a string of a closed set (``Literal``), so one reading has
exactly one spelling: set-like tuples are sorted on construction, defaults are omitted when
written (:mod:`bot.corpus.abilities.codec`), and two readings are equal exactly when they say
the same thing. docs/abilities.md describes every kind, field and value with a real sentence.

>>> jump = Jump(range=3, to=Cell(free=True))
>>> trig = Trigger(when=When(event="move", to=Cell(occupied_by=Selector(side="enemy",
...                flags=("ground",)))), effects=(Wound(value=1, target="that"), jump),
...                optional=True)
>>> trig.kind, trig.effects[1].kind
('trigger', 'jump')
>>> Protection(against=(Attack(kind="throw"), Attack(kind="shot"))).against[0].kind
'shot'
"""

from __future__ import annotations

import dataclasses
import types
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Union, get_args, get_origin, get_type_hints

# ---------------------------------------------------------------------------------------------
# Closed sets of words. The order of each Literal is the canonical order of a set-like tuple.

#: A number on the card, or «X» (defined elsewhere in the sentence: «где X …», or the X paid),
#: or X plus or less a number: «Метание груды камней на X+1» ("X+1", 20-24), «стоимостью 3+Х
#: или менее» ("X+3", 40-44), «ранить … на X-1» ("X-1", 20-155). :func:`x_offset` reads them.
X = Literal["X", "X+1", "X+3", "X-1"]
Amount = int | X
#: «на 1-2-3» (weak, medium, strong); «на 2» is (2, 2, 2).
Values = tuple[Amount, Amount, Amount]

Per = Literal["turn", "battle", "own_turn", "enemy_turn"]
#: Whose turn: «вашего хода» own, «хода противника» enemy, «хода» any.
Turn = Literal["own", "enemy", "any"]
#: How long an effect lasts: «до конца хода» … ; ``its_next_turn``: «в свой следующий ход» said
#: of another card — only during the next turn of that card's owner (not the rest of this one);
#: ``while_in_squad``: as long as the card itself stays in its owner's squad («пока Судовой кок в
#: вашем отряде», 20-188); ``while_on_field``: as long as the card itself stays on the
#: battlefield («до тех пор, пока Король-жрец не покинет поле боя», 10-94).
Until = Literal["end_of_turn", "end_of_your_turn", "end_of_enemy_turn", "end_of_battle",
                "end_of_your_next_turn", "end_of_next_enemy_turn", "end_of_its_turn",
                "its_next_turn", "while_in_squad", "while_on_field"]
Strength = Literal["weak", "medium", "strong"]
Side = Literal["any", "own", "enemy"]
#: The noun of an attack description («простых ударов» simple_strike, «атак» attack …).
AttackKind = Literal[
    "attack", "strike", "simple_strike", "directed_strike", "through_row", "magic_strike",
    "special_strike", "counterstrike", "shot", "throw", "discharge", "magic", "spell", "poison",
    "meanness", "finishing",
]
Reach = Literal["melee", "ranged"]
#: Fixed participants of a sentence: the card itself, the one the trigger or an earlier
#: effect names («его», «это существо»), the attacked and attacking card, the target named by
#: an earlier effect («цель»), a symbiote's host, the card the card's own ``choose`` effect
#: chose («выбранное в начале боя существо»); ``subject``: the card whose event fired the
#: trigger (its ``when.subject``) when the trigger names another card too and no other ref says
#: it («Когда другое ваше тёмное существо уничтожает карту противника … Лилит может переместить
#: его …», 50-170: the destroyer); ``granter``: inside an ability a :class:`Grant` gives (where
#: ``self`` is the card that has it), the card whose ability gave it, named by its name («В начале
#: боя выберите существо противника, оно получает Когда Астральный двойник получает раны
#: раниться на столько же», 20-45); ``holder``: inside a modifier whose ``target`` describes
#: cards (a plural subject, «каждый ваш …»), each card that has it («Каждый ваш пират или койар
#: имеет +1 к простому удару по существам, стоящим на клетке позади него», 30-167; «… по
#: существам меньшей, чем они, стоимости», 40-104); ``shown``: the card a prophecy before it
#: showed («где Х стоимость показанной карты», 40-119), in the deck, never in play.
Ref = Literal["self", "that", "attacked", "attacker", "target", "host", "chosen", "companion",
              "symbiote", "defended", "paid", "subject", "granter", "holder", "shown"]
#: ``cell``: a cell of the battlefield with a marker on it (only with ``Selector.markers``):
#: «рядом с маркером костра» (40-217), «рядом с гнездом» (20-73), «с вашим логовом» (40-62).
Noun = Literal["card", "creature", "artefact", "terrain", "hero", "symbiote", "cell"]
Flag = Literal["flying", "nonflying", "ground", "closed", "open", "wounded", "unwounded",
               "elite", "ordinary", "incorporeal", "corporeal", "unique", "moved", "unmoved",
               "defender", "even_lives", "parasite", "unmoved_last_turn",
               "companion", "classed", "died_this_turn"]
Element = Literal["Степи", "Горы", "Леса", "Болота", "Тьма", "Нейтралы"]
#: Where a selected card stands, relative to ``Selector.of``.
Place = Literal["adjacent", "opposite", "in_formation", "same_column", "other_column", "same_row",
                "same_row_or_column", "behind", "left_or_right", "chosen_cell", "that_cell"]
#: Regions of the battlefield, rows counted from their owner's side; ``battlefield``: anywhere on
#: it («карта на поле боя»), not in the auxiliary zone where flyers and terrains stand; ``edge``:
#: a cell at the edge of the battlefield («у края поля боя»: its outer columns and rows).
Region = Literal["battlefield", "own_half", "enemy_half", "own_first_row", "own_third_row", "enemy_first_row",
                 "enemy_second_row", "enemy_third_row", "edge",
                 "foreign_half"]
#: Named abilities read as keywords: icon codes of the card database (bot/corpus/icons.py)
#: and named abilities without an icon («подлость» meanness, «орда» horde, «полёт» flight).
KeywordCode = Literal[
    "direct", "uht", "ova", "ovz", "ovs", "regen", "armor", "stamina", "fry", "bls", "vlh",
    "vmp", "fin", "cnc", "clm", "psn", "cur", "prp", "das", "nec", "icr", "meanness", "horde",
    "flight",
]
#: What a card has: a keyword or an attack (icon codes: «с выстрелом» sht …) or a state.
Having = Literal[
    "sht", "thr", "dsc", "mht", "uchr", "spl", "ova", "ovz", "armor", "bls", "cur", "psn", "vmp",
    "fin", "nec", "fry", "lep", "tlp", "frm", "zov", "zor", "zoo", "counter", "token", "extra_life",
    "symbiote", "magic_ability", "clm", "cnc", "vlh", "parasite", "horde", "ranged_attack", "flight",
]
#: «extra_life»: only in «начинает бой с 2 дополнительными жизнями» (start_with) and as lost
#: («Снимите X дополнительных жизней с Ведьмы слуа», 10-140); extra lives gained in play are
#: :class:`ExtraLives`. «incarnation»: «жетон инкарнации», the counters an
#: «Инкарнация X» card in a graveyard gathers (the glossary's «фишка инкарнации»).
Countable = Literal["counter", "token", "extra_life", "incarnation"]
#: What an «X» counts or measures («где X — число ран на Рэккене»).
Measure = Literal[
    "counter", "token", "wound", "life", "extra_life", "cards", "cells_moved", "weak_strike",
    "strike", "attack", "poison", "regen", "armor", "ovz", "movement", "cost", "excess_wounds",
    "shown_cards", "wounds_dealt", "event_x", "elements", "chosen", "free_cells", "paid",
    "strike_spread", "jump_range", "wounds_this_turn",
]
CountersAction = Literal["gain", "lose", "max", "start_with"]
#: Ways of moving or acting a rule changes.
Way = Literal["move", "dash", "jump", "teleport", "attack"]
#: ``use_magic``: «использовать магические способности» (30-87); ``be_exiled_from_graveyard``: «быть
#: изгнан с кладбища» (50-161).
Action = Literal["move", "attack", "defend", "be_healed", "gain_counters", "be_defended",
                 "use_magic", "be_exiled_from_graveyard"]
Event = Literal[
    "attack", "assault", "miss", "attacked", "wounded", "wounds", "death", "destroys",
    "leaves_field", "move", "relocate", "jump", "teleport", "dash", "turn_start", "turn_end",
    "battle_start", "recruit", "before_recruit", "incarnation", "prophecy", "corpse_eating",
    "vampirism", "heal", "concentration", "valhalla", "frenzy", "defend", "gains", "submerge",
    "emerge", "opens", "closes", "finishing", "overheal", "loses", "roll", "swap",
    "to_graveyard", "moves_other", "host_change", "blocks", "acts", "fights", "redirected",
    "valhalla_target",
]
#: One side's result of a fight («слабый», «промах»): the strengths and a miss.
FightOutcome = Literal["miss", "weak", "medium", "strong"]
Timing = Literal["on", "after", "instead", "before"]
Player = Literal["first", "second"]
Zone = Literal["surface", "depth"]
Column = Literal["left_edge", "center", "right_edge"]


def x_offset(amount: object) -> int | None:
    """The number an amount of X adds to X («X+1» → 1, «X-1» → -1, «X» → 0); None when
    ``amount`` is no amount of X (a number, «all», None …). The one place X arithmetic is
    read: X itself is known only where the sentence's ``x`` can be counted.

    >>> x_offset("X+3"), x_offset("X-1"), x_offset("X"), x_offset(2)
    (3, -1, 0, None)
    """
    if not isinstance(amount, str) or amount not in get_args(X):
        return None
    return int(amount[1:]) if len(amount) > 1 else 0


# ---------------------------------------------------------------------------------------------
# Canonical order of set-like tuples


_SET_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _set_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(field name, sort key) of each set-like field of ``cls`` (computed once per class)."""
    found = _SET_FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = tuple((f.name, _sort_key(get_args(hints[f.name])[0]))
                      for f in dataclasses.fields(cls) if f.metadata.get("set"))
        _SET_FIELDS[cls] = found
    return found


def _sort_key(tp: Any) -> Any:
    """A sort key for values of type ``tp``: Literals in their declaration order, numbers by
    value, names alphabetically, vocabulary values field by field, union members in their
    declaration order."""
    members = get_args(tp) if get_origin(tp) in (Union, types.UnionType) else (tp,)
    if len(members) > 1:
        keys = [(_member_test(m), _sort_key(m)) for m in members]
        return lambda v: next((i, key(v)) for i, (test, key) in enumerate(keys) if test(v))
    if get_origin(tp) is Literal:
        order = {v: i for i, v in enumerate(get_args(tp))}
        return lambda v: order[v]
    if get_origin(tp) is tuple:
        item = _sort_key(get_args(tp)[0])
        return lambda v: tuple(item(x) for x in v)
    if tp is str:
        return lambda v: v.casefold()
    if tp is type(None):
        return lambda v: 0
    if isinstance(tp, type) and issubclass(tp, Value):
        return lambda v: _value_key(type(v))(v)
    return lambda v: v  # int, bool


_VALUE_KEYS: dict[type, Any] = {}


def _value_key(cls: type) -> Any:
    if cls not in _VALUE_KEYS:
        hints = get_type_hints(cls)
        keys = [(f.name, _sort_key(hints[f.name])) for f in dataclasses.fields(cls)]
        _VALUE_KEYS[cls] = lambda v: (getattr(cls, "kind", ""),
                                      *(key(getattr(v, name)) for name, key in keys))
    return _VALUE_KEYS[cls]


def _member_test(tp: Any) -> Any:
    """Whether a value is a member of the type ``tp`` (one member of a union)."""
    if get_origin(tp) is Literal:
        values = frozenset(get_args(tp))
        return lambda v: isinstance(v, str | int) and v in values
    if get_origin(tp) is tuple:
        return lambda v: isinstance(v, tuple)
    if tp is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    return lambda v: isinstance(v, tp)


_REQUIRED = object()  # a required field: shown in a repr whatever its value


# ---------------------------------------------------------------------------------------------
# The base: kw-only frozen values, set-like tuples sorted into their canonical order


def set_field(default: Any = ()) -> Any:
    """A tuple whose order carries no meaning (any of / all of): kept sorted, without repeats."""
    return field(default=default, metadata={"set": True})


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Value:
    """Base of every vocabulary value: canonicalises set-like tuples on construction; its repr
    shows the fields that differ from their defaults: ``Selector(side='enemy')``."""

    def __post_init__(self) -> None:
        for name, key in _set_fields(type(self)):
            items = getattr(self, name)
            if len(items) < 2:  # most are: nothing to sort or drop
                continue
            canonical = tuple(sorted(dict.fromkeys(items), key=key))
            if canonical != items:
                object.__setattr__(self, name, canonical)

    def __repr__(self) -> str:
        parts = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else _REQUIRED)
            if value != default:
                parts.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Kinded(Value):
    """A value of a discriminated union, written with its ``kind`` first."""

    kind: ClassVar[str]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Entry(Kinded):
    """A value that may be an entry of a card's ``abilities:`` (a frame or an effect). ``text``
    is the sentence of card text it was read from — on a top-level entry only."""

    text: str = ""


# ---------------------------------------------------------------------------------------------
# Parts shared by frames and effects


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Limit(Value):
    """«(N раз за ход/бой)», «(не более 2 раз за ход)», «(до 2 раз в ход)», «1 раз за ход:»;
    ``each``: «(1 раз за ход для каждого существа)» (30-4): counted for each card the trigger's
    event is of (its subject), not for the ability as a whole."""

    count: int
    per: Per
    each: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Nth(Value):
    """«во второй раз за ход», «второй раз за бой»: which time of the event (``count``: 2 for the
    second) within a turn or a battle (``per``) fires the trigger; ``or_more``: that time and
    every later one («второй или более раз за ход», 40-130). Of a subject that describes cards,
    it is that card's own time («одно и то же существо противника перемещается второй …»).
    The first time in a battle is count 1 («при первом сильном простом ударе за бой», 50-119);
    the first in a turn is the trigger's ``first``, never count 1 per turn."""

    count: int
    per: Per
    or_more: bool = False

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if self.count == 1 and self.per == "turn":
            raise ValueError("the first time in a turn is When.first, not an Nth")


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Cost(Value):
    """What an activated ability costs: «Закрыться» (tap), «Фишка» / «X фишек» (counters),
    «{token}» / «3 жетона» (tokens), «Закрыть стоящее рядом ваше существо» (close),
    «снять с себя дополнительную жизнь» (extra_lives), from other cards («снять Х дополнительных
    жизней с ваших слуа», 40-154: ``extra_lives_from``, the cards they are taken from, any number
    from each); ``max``: the most an X paid may be
    («X фишек, закрыться: … (максимум 3)», 20-123). ``destroy``: a card destroyed to pay,
    «уничтожить своего симбиота» (50-139: symbiote); ``graveyard_token``: «снять жетон
    инкарнации с карты на вашем кладбище» (40-176); ``graveyard_exile``: «изгнать карту с вашего
    кладбища» (40-15), any card of the owner's graveyard; ``markers`` of the ``marker`` named lost
    from the card itself, «потерять два маркера «фуража»» (50-1)."""

    tap: bool = False
    counters: Amount = 0
    tokens: Amount = 0
    close: Target | None = None
    extra_lives: Amount = 0
    extra_lives_from: Target | None = None
    max: int | None = None
    destroy: Target | None = None
    graveyard_token: bool = False
    graveyard_exile: bool = False
    markers: int = 0
    marker: str | None = None

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if bool(self.markers) != (self.marker is not None):
            raise ValueError("a cost of markers names the marker and how many")
        if self.extra_lives_from is not None and not self.extra_lives:
            raise ValueError("a cost of another card's extra lives says how many")


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Selector(Value):
    """Cards an effect, a condition or an event picks: «стоящее рядом существо противника»,
    «ваши горные существа», «каждую карту без ран».

    ``all``: every such card («все», «каждое», a plural subject); else one, chosen by the
    card's owner. ``up_to``: «до 3 …», «три или менее …». ``count``: that many of them, chosen
    by the card's owner («ранить на 1 двух существ противника, стоящих рядом с атакованным»,
    10-26: two, not fewer when there are two). ``other``: «другое», «другим вашим».
    ``other_than``: not that card, «другой» said of whom the card strikes on its own attack,
    «При простом ударе …, либо особый удар на 1-2-2 вторым клинком по другой карте» (40-83: not
    the one attacked, ``attacked``).
    ``or_self``: «себя или …». Filters (``flags``, ``elements``, ``classes``, ``having``,
    ``lacking``, ``cost_max``, ``cost_min``, ``movement_min``, ``movement_max``, ``region``) all
    hold; within one filter any value does («горные или лесные»). ``movement_min``/``max``: the
    card's movement («с движением 2 или больше», «с 1 движением»: min 1 and max 1).
    ``wounds_min``: the wounds on the card («по существам с 4 и более ранами», 21-4);
    ``lives_min``/``lives_max``: its current lives («существу противника с 4 или менее жизнями»,
    20-8: max 4; «существо с 1 текущей жизнью», 30-58: min and max 1); ``lives_above``: more
    current lives than that card has («немагические атаки карт с большим количеством текущих
    жизней, чем у Джинна Дзара», 30-23: than the card itself). ``healed_min``: the
    card was healed by that much or more in this turn («открыть существо, которое было излечено
    на 5 или более в этот ход», 50-99). ``name``:
    cards of this name, as the card database spells it
    («каждое Яйцо дракона», 30-98). ``place`` is relative to ``of``; ``region``: where the card
    stands on the battlefield («по картам в 3-м ряду противника», «на вашей половине поля
    боя»); ``rows``: it stands in one of these rows of its own half, counted from its owner's
    side (1 the front: «существо противника в его втором или третьем ряду», 20-112).
    ``graveyard``: a card in a graveyard, not on the battlefield («с существа на вашем
    кладбище»; ``side`` own: yours). ``markers``: a card with a marker of that name on it, the
    name as the ``marker`` effect writes it («по существам с маркером добычи», 10-68).
    ``cell_markers``: the card stands on a cell with a marker of that name on it, the name as the
    ``marker`` effect writes it («ранить все карты на клетках с омутом на 2», 40-141: «выбранная
    клетка получает маркер омута»).
    ``next_to``: the card stands next to at least ``next_to_min`` cards it describes, «по
    картам, рядом с которыми стоят два или более ваших существа со строем» (50-48: min 2), «по
    картам, стоящим рядом с вашими существами с дополнительными жизнями» (40-98), or next to a
    cell with a marker (``what: cell``), «каждое тёмное существо рядом с маркером костра»
    (40-217); ``next_to_negated``: not so many of them stand next to it («каждое нелетающее
    существо противника, рядом с которым нет хотя бы двух других его существ», 30-60: min 2).
    Of a ``cell`` selector, ``side`` own is a marker of your card («вашим логовом»).
    ``having_all``: every one of ``having``, not any («существо с проклятием и отравлением»,
    30-174). ``named_as``: a card of the same name as that one («вызвать демона с таким же
    названием», 20-148: as the demon the trigger names).
    ``opposite``: the card stands opposite (in the cell in front of) a card it describes,
    «каждую карту противника, напротив которой стоит ваше существо» (40-40).
    ``cost_below`` / ``cost_above``: its cost (the printed number, eliteness aside) is less /
    more than that card's: «При гибели вашего стоящего рядом существа меньшей стоимости …»
    (30-85: than the card itself), «… уничтожает карту противника большей стоимости, чем оно само
    (без учета элитности)» (20-14: than the destroyer, ``subject``); ``cost_equal``: the same
    as that card's, «получает +2 к простому удару по существам той же стоимости» (40-164: as the
    creature wounded before, ``that``).
    ``excluding``: «(кроме …)», none of the cards these describe: «при гибели существа (кроме
    летающих, бестелесных, Скелетов и симбиотов)» (20-164: four selectors, in the sentence's order).
    """

    what: Noun = "creature"
    name: str | None = None
    side: Side = "any"
    all: bool = False
    up_to: int | None = None
    count: int | None = None
    other: bool = False
    other_than: Ref | None = None
    or_self: bool = False
    flags: tuple[Flag, ...] = set_field()
    elements: tuple[Element, ...] = set_field()
    classes: tuple[str, ...] = set_field()
    having: tuple[Having, ...] = set_field()
    having_all: bool = False
    lacking: tuple[Having, ...] = set_field()
    markers: tuple[str, ...] = set_field()
    cell_markers: tuple[str, ...] = set_field()
    cost_max: Amount | None = None
    cost_min: Amount | None = None
    cost_below: Ref | None = None
    cost_above: Ref | None = None
    cost_equal: Ref | None = None
    movement_min: int | None = None
    movement_max: Amount | None = None
    wounds_min: int | None = None
    lives_min: int | None = None
    lives_max: int | None = None
    lives_above: Ref | None = None
    healed_min: int | None = None
    region: Region | None = None
    rows: tuple[int, ...] = set_field()
    place: Place | None = None
    of: Ref = "self"
    graveyard: bool = False
    next_to: Selector | None = None
    next_to_min: int = 1
    next_to_negated: bool = False
    named_as: Ref | None = None
    opposite: Selector | None = None
    excluding: tuple[Selector, ...] = ()

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if (self.next_to_min != 1 or self.next_to_negated) and self.next_to is None:
            raise ValueError("a selector's next_to_min counts the cards next_to names")
        if (self.what == "cell") != bool(self.what == "cell" and self.markers):
            raise ValueError("a cell is named by the marker on it")


#: Who an effect applies to: a fixed participant or a described set of cards.
Target = Ref | Selector


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Attack(Value):
    """An attack description: the noun (``kind``) and its adjectives. «слабых простых ударов»
    → simple_strike, strength (weak,); «дальних немагических атак» → attack, reach ranged,
    magic False; «атак летающих» → attack, by {flags: [flying]}; «ударов по диагонали» → strike,
    diagonal True («нанесенных не по диагонали»: False). ``size_min``/``size_max``: the value of
    the attack, «немагических атак величиной 1» (20-39: both 1), «ближних ударов величиной 3 и
    более» (20-191: ``size_min`` 3), «атак величиной X или менее» (20-157: ``size_max`` X, the X
    the sentence defines); ``size_even``: of an even value (False: odd), «от атак чётной
    величины» (40-218); ``unanswered``: a strike not struck back, «При безответном ударе вашего
    нелетающего существа …» (30-188)."""

    kind: AttackKind
    strength: tuple[Strength, ...] = set_field()
    magic: bool | None = None
    reach: Reach | None = None
    by: Target | None = None
    diagonal: bool | None = None
    size_min: int | None = None
    size_max: Amount | None = None
    size_even: bool | None = None
    unanswered: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Cell(Value):
    """A cell an effect moves to or an event moves onto: «на свободную клетку» (free),
    «на соседнюю клетку» (adjacent), «на клетку, занятую …» (occupied_by), «на клетку рядом с
    …» (next_to), «клетку третьего ряда противника» (region), «на его клетку» (of: the cell that
    card stands or stood on, 30-187); «на клетку вперёд» (forward: the cell next to the card
    ahead of it, towards its owner's opponent, 50-1), «на клетку назад» (backward: the cell next
    to it behind, 40-53), «на 1 клетку по диагонали» (diagonal: a cell
    next to it along a diagonal, 20-75), «на клетку напротив себя» (opposite: the cell next to
    that card ahead of it, 50-180), «на свободную клетку позади себя» (behind: the cell next to
    that card behind it, 50-47; «с клетки позади Скорпиона», 40-195). ``min``: at least that many cards of ``next_to`` stand
    next to it, «на клетку, рядом с которой стоит 8 или более ваших существ» (10-130);
    ``not_next_to``: no such card stands next to it, «(кроме клеток рядом с Гаргульей)» (20-46);
    ``orthogonal``: a cell next to it along its row or column, «на соседнюю клетку (но не по
    диагонали)» (20-174); ``that_cell``: the cell named before, «на нее» after «При ударе
    через ряд через свободную клетку» (20-38: the cell the strike passed over), «на эту
    клетку»; ``rows``: a cell of one of these rows of the half of the card's owner, counted
    from its side (1 the front: «на свободную клетку второго или третьего ряда», 40-16);
    ``same_row``: a cell of that card's row, «на клетку в одном ряду с Терновой изгородью»
    (40-94); ``same_column``: a cell of that card's column, «на клетку столбца, в котором стоит
    Цветок лотоса» (30-70); ``markers``: a cell with a marker of that name on it, the name as the ``marker``
    effect writes it, «с клетки с омутом» (40-141: «получает маркер омута»); ``vacated``: the
    cell the card of a trigger on a move left, «При рывке освободившаяся клетка получает маркер
    …» (50-163; after a death the cell the card stood on is ``of: that``, 30-145)."""

    free: bool = False
    adjacent: bool = False
    forward: bool = False
    backward: bool = False
    diagonal: bool = False
    opposite: Target | None = None
    behind: Target | None = None
    occupied_by: Target | None = None
    next_to: Target | None = None
    min: int = 1
    region: Region | None = None
    rows: tuple[int, ...] = set_field()
    of: Target | None = None
    not_next_to: Target | None = None
    orthogonal: bool = False
    that_cell: bool = False
    same_row: Target | None = None
    same_column: Target | None = None
    markers: tuple[str, ...] = set_field()
    vacated: bool = False

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if self.min != 1 and self.next_to is None:
            raise ValueError("a cell's min counts the cards next_to names")


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class XValue(Value):
    """What «X» is: «где X число ран на Рэккене (максимум 4)» (count wound, of self, max 4),
    «где X число речных дев в вашем отряде» (count cards, of: the cards counted), «где X
    величина слабого простого удара этого существа» (weak_strike, of that); «за каждую фишку
    на Арбалетчике» (counter); «за каждую свободную клетку рядом с собой» (free_cells: the free cells next
    to ``of``, 50-86). ``half``: half of it, rounded down («где X половина текущих жизней
    атакованного существа (при нечетном количестве текущих жизней округлять их в меньшую
    сторону)», 10-158)."""

    count: Measure
    of: Target = "self"
    max: int | None = None
    half: bool = False


# ---------------------------------------------------------------------------------------------
# Conditions («пока …», «если …», a mode prefix «На глубине:»)


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class State(Kinded):
    """«пока закрыт», «пока не имеет ран», «пока летающий», «пока хозяин открыт»; ``elements``:
    the subject is of one of these elements, «пока хозяин Шипокрыла горный» (20-56);
    ``graveyard``: the subject is in its owner's graveyard, «…, если он на кладбище» (30-140);
    ``region``: the subject stands there, «если Нейбл стоит у края поля боя» (40-82: ``edge``)."""

    kind: ClassVar[str] = "state"
    subject: Target = "self"
    flags: tuple[Flag, ...] = set_field()
    elements: tuple[Element, ...] = set_field()
    graveyard: bool = False
    region: Region | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Has(Kinded):
    """«пока имеет проклятие», «пока на Бон и Берроу есть фишка»; ``negated``: «нет фишки»;
    ``min``: at least that many of it, «если имеет 5 или более жетонов» (40-206), «пока имеет
    хотя бы двух симбиотов» (20-170)."""

    kind: ClassVar[str] = "has"
    subject: Target = "self"
    having: tuple[Having, ...] = set_field()
    negated: bool = False
    min: int = 1


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Nearby(Kinded):
    """«пока рядом стоит ваше существо без ран», «пока в строю с двумя или более существами»:
    at least ``min`` cards of ``selector`` stand at ``place`` from the subject; ``negated``:
    none do, «пока рядом с Девой поймы нет открытых карт противника»."""

    kind: ClassVar[str] = "nearby"
    place: Place
    selector: Selector = Selector()
    min: int = 1
    negated: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Squad(Kinded):
    """«пока в вашем отряде есть лес» (side own), «если в отряде противника …»; ``negated``:
    «нет …»; ``min``: «пока в отряде противника два или более летающих существа»."""

    kind: ClassVar[str] = "squad"
    side: Side = "own"
    selector: Selector
    negated: bool = False
    min: int = 1


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class InZone(Kinded):
    """«На поверхности:», «На глубине:» (and «пока на поверхности»)."""

    kind: ClassVar[str] = "zone"
    zone: Zone


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class InRow(Kinded):
    """«пока находится в 3 ряду», «во 2 или 3 ряду» (rows counted from its owner's side)."""

    kind: ClassVar[str] = "row"
    rows: tuple[int, ...] = set_field()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class InColumn(Kinded):
    """«пока стоит в центральном столбце», «в крайнем левом или правом столбце»."""

    kind: ClassVar[str] = "column"
    columns: tuple[Column, ...] = set_field()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class OnBattlefield(Kinded):
    """«пока на вашей половине поля боя нет существ стоимостью 3 или менее» (40-106): at least
    ``min`` cards of ``selector`` (its ``region`` says where) stand on the battlefield;
    ``negated``: none do; ``each_row``: in each of the six rows («если в каждом ряду поля боя
    есть ваше существо», 10-142)."""

    kind: ClassVar[str] = "battlefield"
    selector: Selector
    min: int = 1
    negated: bool = False
    each_row: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class More(Kinded):
    """«пока рядом с Головорезом больше ваших существ, чем существ противника» (10-186), «пока
    на половине поля боя противника больше ваших существ, чем на вашей половине поля боя»
    (20-147): more cards of ``more`` stand on the battlefield than of ``than`` (each selector's
    ``place``/``region`` says where)."""

    kind: ClassVar[str] = "more"
    more: Selector
    than: Selector


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Makeup(Kinded):
    """What a squad is made of, beyond «есть …»: ``elements_min``/``elements_max`` — cards of so
    many elements («пока в отряде противника есть карты трёх и более стихий», 30-175; «карты не
    более двух стихий», 30-183); ``same_names`` — cards with the same name there are (True) or
    none (False; «нет карт с одинаковым названием», 40-202); ``more_closed`` — more closed
    creatures than open ones (30-10); ``more_elite`` — more elite cards than the other squad
    (20-21)."""

    kind: ClassVar[str] = "makeup"
    side: Side = "own"
    elements_min: int | None = None
    elements_max: int | None = None
    same_names: bool | None = None
    more_closed: bool = False
    more_elite: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Mulligan(Kinded):
    """«если вы использовали пересдачу» (30-181): its owner redrew the hand before the battle."""

    kind: ClassVar[str] = "mulligan"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Moved(Kinded):
    """«если переместился хотя бы на 1 клетку по горизонтали в этот ход» (20-16): the card
    moved at least ``cells`` cells this turn, along a row (``horizontal``) or a column
    (``vertical``) when one is named."""

    kind: ClassVar[str] = "moved"
    cells: int = 1
    direction: Literal["horizontal", "vertical"] | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class WoundsTaken(Kinded):
    """«если получил менее 4 ран в этот ход» (30-159: at_most 3): the wounds the card got this
    turn, however many it has now."""

    kind: ClassVar[str] = "wounds_taken"
    subject: Target = "self"
    at_most: int | None = None
    at_least: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Lives(Kinded):
    """«пока имеет 5 или менее жизней» (at_most), «больше 10 жизней» (at_least 11)."""

    kind: ClassVar[str] = "lives"
    subject: Target = "self"
    at_most: int | None = None
    at_least: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MovementOf(Kinded):
    """«если движение Вереселеня равен 5 или больше (с учётом модификаторов)» (30-121:
    ``at_least`` 5): the card's movement now, its modifiers counted."""

    kind: ClassVar[str] = "movement"
    at_most: int | None = None
    at_least: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class PlayerIs(Kinded):
    """«Первый игрок:», «Второй игрок:»."""

    kind: ClassVar[str] = "player"
    player: Player


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class TurnIs(Kinded):
    """«в свой ход» / «в ваш ход» (own), «в ход противника» (enemy)."""

    kind: ClassVar[str] = "turn"
    turn: Turn


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class InGraveyard(Kinded):
    """«пока на кладбище противника есть артефакт» (side enemy), «пока на вашем кладбище 5 или
    более карт» (``min`` 5): at least ``min`` cards of ``selector`` lie in that side's
    graveyard."""

    kind: ClassVar[str] = "graveyard"
    side: Side = "own"
    selector: Selector
    min: int = 1


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Shown(Kinded):
    """«если показана карта стоимостью 4 или менее» (20-103), «если показанная карта золотой
    кристалл» (10-54: elite): the card a prophecy before it showed is one ``selector``
    describes."""

    kind: ClassVar[str] = "shown"
    selector: Selector


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class DieRoll(Kinded):
    """«если выпало 5 или 6», «если бросок кубика равен 4 или менее» (1, 2, 3, 4). ``above`` /
    ``at_most``: the roll is more than / at most a card's measure, «Когда бросок кубика существа
    противника больше его стоимости …» (40-218: ``{count: cost, of: that}``, the roller's
    printed cost), «Когда бросок кубика существа с проклятием меньше или равен его слабому
    простому удару …» (40-156: ``{count: weak_strike, of: that}``)."""

    kind: ClassVar[str] = "die"
    values: tuple[int, ...] = set_field()
    above: XValue | None = None
    at_most: XValue | None = None


# ---------------------------------------------------------------------------------------------
# What was not read


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Unparsed(Entry):
    """Text the extractor could not read — never guessed. At the top level ``text`` is the
    whole sentence; inside a reading (an effect, a condition, an event) ``fragment`` is the
    part not read, so the rest still tells the engine what kind of ability it is."""

    kind: ClassVar[str] = "unparsed"
    fragment: str | None = None


Condition = (State | Has | Nearby | Squad | InGraveyard | InZone | InRow | InColumn | Lives
             | Moved | Makeup | OnBattlefield | More | Mulligan | PlayerIs | TurnIs | DieRoll
             | MovementOf | WoundsTaken | Shown
             | Unparsed)


# ---------------------------------------------------------------------------------------------
# Triggers


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class When(Value):
    """What fires a trigger: «При выстреле», «Когда перемещается с клетки вашего третьего ряда
    на клетку третьего ряда противника или наоборот», «В начале хода противника».

    ``timing``: «При/Когда» on, «После» after, «Вместо …» instead, «До начала вашего хода»
    before. ``subject``: whose event
    («при гибели вашего существа»). ``attack``: the attack of an attack event («при сильном
    простом ударе»), or the attack a card dies or is wounded from («при гибели от атаки карты
    противника») or destroys with («когда уничтожает выстрелом …»); ``target``: what it is aimed at («по существу с проклятием»), or whom a
    ``defend`` event defends («выступает защитником вашему существу …»). ``turn``:
    a turn event's turn, else «в свой ход». ``from_``/``to``: the cells of a move
    (``reverse``: «или наоборот»). ``over``: the cell a strike through a row passes over
    («при ударе через ряд через ваше существо»). ``next``: «вашего следующего хода». ``value``: «Бешенство
    3». ``first``: «первый раз за ход»; ``nth``: a later time, «во второй
    раз за ход». ``condition``: «…, если …». ``also``: the other events
    of «при ударе или промахе», «при телепортации или прыжке» (``event`` is the one first in the
    table of events, ``also`` the rest). ``in_assault``: «в нападении» (the strike or miss of
    the card's own assault). ``keyword``: what a ``gains`` event gains («когда получает
    благословление»), or ``item``: what a ``gains`` or ``loses`` event gains or loses
    («когда существо противника получает фишку», «когда ваше существо теряет дополнительные
    жизни»). ``moving``: the card a ``closes`` event's closing moves («когда закрывается, чтобы
    переместить вашу боевую машину»: closed to pay for that card's move). ``host_death``: a symbiote's death because its host dies («Если должен
    погибнуть в результате гибели хозяина вместо этого …»). ``at_least``: the least amount
    of the one event that fires it — the wounds of «когда получает 3 или более раны от одной
    атаки» (``wounded``), the wounds a ``corpse_eating`` heals, «когда излечивается на 3 и
    более в результате трупоедства» (50-88); ``at_most``: the most, «должно получить ровно 1 рану» (40-133: both 1).
    ``diagonal``: a move along a diagonal («При перемещении по
    диагонали …», 20-72). ``by_other``: the card is moved by another card, not by itself
    («При перемещении Кугхора другой картой …», 20-60). ``harmless``: the attack of the event
    deals no wounds («Если карта противника атакует и не наносит ран …», 20-26). ``reaches``:
    a ``gains`` event after which the card has that many of its ``item`` or more, having had
    fewer before — «Когда получает третью фишку …» (10-178: 3), «Когда на Эвтерпе становится 3
    или более фишек …» (40-126: 3). ``after_rolls``: an ``attacked`` event once the attack's
    dice are rolled, not when it is declared — «Бестелесный: когда Скальный фантом атакован
    немагической атакой (после бросков кубика) атакованный бросает кубик; …» (20-43).
    ``not_at_turn_start``: an ``opens`` event other than the card's opening at the start of its
    own turn — «Когда открывается (кроме открытия в начале своего хода) …» (20-106).
    """

    event: Event
    also: tuple[Event, ...] = set_field()
    timing: Timing = "on"
    subject: Target = "self"
    attack: Attack | None = None
    target: Target | None = None
    turn: Turn | None = None
    in_assault: bool = False
    from_: Cell | None = None
    to: Cell | None = None
    over: Cell | None = None
    reverse: bool = False
    next: bool = False
    value: int | None = None
    keyword: KeywordCode | None = None
    first: bool = False
    condition: Condition | None = None
    host_death: bool = False
    item: Countable | None = None
    moving: Target | None = None
    nth: Nth | None = None
    at_least: int | None = None
    at_most: int | None = None
    diagonal: bool = False
    by_other: bool = False
    harmless: bool = False
    reaches: int | None = None
    after_rolls: bool = False
    not_at_turn_start: bool = False


# ---------------------------------------------------------------------------------------------
# Effects: actions


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Wound(Entry):
    """«ранить его на 1», «ранить каждое стоящее рядом существо противника на 2»; ``range``:
    «ранить выбранное существо на 2, дальность 4» (the wounded card within that range)."""

    kind: ClassVar[str] = "wound"
    value: Amount | Values
    target: Target
    range: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Heal(Entry):
    """«Излечить существо на 2», «излечиться на 3», «полностью излечиться» (full); «Излечить
    существо на 1-2-2» (three numbers, by the die's strength, 50-122)."""

    kind: ClassVar[str] = "heal"
    value: Amount | Values | Literal["full"]
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class HealBonus(Entry):
    """«Излечить существо на 1 (+1 к излечению героев)» (20-173): the heal just before it, in
    the same ability, is ``value`` more when the card healed is one ``against`` describes."""

    kind: ClassVar[str] = "heal_bonus"
    value: int
    against: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class ExtraLives(Entry):
    """«получает 1 дополнительную жизнь»."""

    kind: ClassVar[str] = "extra_lives"
    value: Amount
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Ranged(Entry):
    """A ranged attack: «Метание «магмы» на 1, дальность 4», «Выстрел на 1-2-3», «Разряд на 2
    по карте на выбранной клетке». ``name``: the attack's own name («магмы», «джерида»).
    ``adjacent``: «в том числе по карте рядом». ``count``: «два выстрела на 1-2-2» (the
    attacks declared at once; ``or_fewer``: «три или менее метания»; ``different_targets``:
    «только по разным картам»). ``ahead``: only at a card in its own column ahead of it,
    towards its owner's opponent («Метание на 2-3-4, только вперед по прямой», 30-11)."""

    kind: ClassVar[str] = "ranged"
    values: Values
    range: Amount | None = None
    name: str | None = None
    target: Target | None = None
    adjacent: bool = False
    ahead: bool = False
    count: Amount = 1
    or_fewer: bool = False
    different_targets: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Throw(Ranged):
    kind: ClassVar[str] = "throw"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Shot(Ranged):
    kind: ClassVar[str] = "shot"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Discharge(Ranged):
    kind: ClassVar[str] = "discharge"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Strike(Entry):
    """A strike an ability declares: «Удар через ряд на 1» (through_row), «Магический удар на
    3» (magic_strike), «Особый удар молниеносный выпад на 3» (special_strike); ``count``,
    ``or_fewer``, ``different_targets`` as a ranged attack's («X особых ударов цепом на 1,
    только по разным картам противника»). ``different_elite``: two strikes, one at an elite
    card and one at an ordinary one («Два особых удара обоими мечами на 2-3-3, только по картам
    разной элитности», 40-17)."""

    kind: ClassVar[str] = "strike"
    attack: AttackKind
    values: Values
    name: str | None = None
    target: Target | None = None
    count: Amount = 1
    or_fewer: bool = False
    different_targets: bool = False
    different_elite: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Jump(Entry):
    """«Прыжок, дальность 3»; «совершить прыжок дальностью 3, только на свободную клетку»
    (to {free: true}). Written as a sentence of its own it is the slow jump of the rules."""

    kind: ClassVar[str] = "jump"
    range: Amount
    to: Cell | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Teleport(Entry):
    """«Телепортация»; «телепортироваться на клетку рядом с ним» (to)."""

    kind: ClassVar[str] = "teleport"
    to: Cell | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Manoeuvre(Entry):
    """«Манёвр»."""

    kind: ClassVar[str] = "manoeuvre"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Move(Entry):
    """«переместиться на соседнюю клетку», «переместить нелетающее существо противника на
    соседнюю клетку», «Переместиться на свободную клетку, дальность Х»."""

    kind: ClassVar[str] = "move"
    target: Target = "self"
    to: Cell = Cell()
    range: Amount | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Swap(Entry):
    """«поменяться местами с атакованным существом»."""

    kind: ClassVar[str] = "swap"
    with_: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class SwapTwo(Entry):
    """Two cards ``cards`` describes swap places (the card itself only when it is one of
    them): «поменять местами двух стоящих рядом друг с другом существ противника» (50-53);
    ``adjacent``: the two stand next to each other («стоящих рядом друг с другом»)."""

    kind: ClassVar[str] = "swap_two"
    cards: Selector
    adjacent: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Open(Entry):
    """«открыть ваше существо», «открыться»."""

    kind: ClassVar[str] = "open"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Close(Entry):
    """«закрыть его», «закрыть стоящее рядом существо»."""

    kind: ClassVar[str] = "close"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Destroy(Entry):
    """«уничтожить все ваши местности»."""

    kind: ClassVar[str] = "destroy"
    target: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Exile(Entry):
    """«изгнать это существо»."""

    kind: ClassVar[str] = "exile"
    target: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Summon(Entry):
    """«вызвать болотное существо стоимостью 5 или менее» (what), «на клетку …» (to); ``lives``:
    it comes into play with that many lives, «…, она входит в игру с 1 жизнью» (20-57)."""

    kind: ClassVar[str] = "summon"
    what: Selector
    to: Cell | None = None
    lives: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Transfer(Entry):
    """Counters or wounds moved from one card to another: «переместить фишку с противника на
    себя» (30-168), «перераспределить 2 (или менее) раны с другого болотного существа на себя»
    (10-110: ``or_fewer``); ``count`` ``all``: every one of them, «может перераспределить их на
    себя» (30-2: the wounds the trigger's card got)."""

    kind: ClassVar[str] = "transfer"
    item: Literal["counter", "wound"]
    count: int | Literal["all"]
    or_fewer: bool = False
    from_: Target
    to: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Resurrect(Entry):
    """«вызвать или возродить Яйцо дракона» (30-98: a :class:`Choice` of a summon and this): a
    card ``what`` describes comes back into play from its owner's graveyard; ``to``: onto
    which cell («… в вашем третьем ряду», 20-162; default: where its rules put it);
    ``closed``: it comes back closed, «Возродить существо (в закрытом виде, …)» (10-42);
    ``lives``: it comes back with that many lives, «…, оно входит в игру с 1 жизнью» (40-101).
    ``what`` ``self``: the card itself, from its owner's graveyard, «можете возродить Упырёныша на
    его клетке» (50-149: onto the cell of the card its trigger destroyed)."""

    kind: ClassVar[str] = "resurrect"
    what: Target
    to: Cell | None = None
    closed: bool = False
    lives: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Counters(Entry):
    """Counters (фишки) or tokens (жетоны): «Получить фишку» (gain 1), «теряет все фишки»
    (lose all), «Не может иметь более 4 фишек» (max 4), «начинает бой с фишкой»
    (start_with 1); «Начинает бой с 2 дополнительными жизнями» (start_with 2, extra_life);
    «Снимите X дополнительных жизней с Ведьмы слуа» (lose X, extra_life, 10-140);
    ``or_fewer``: «потерять 2 или менее фишек» (40-128: up to ``count``)."""

    kind: ClassVar[str] = "counters"
    action: CountersAction
    count: Amount | Literal["all"]
    or_fewer: bool = False
    item: Countable = "counter"
    target: Target = "self"

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if self.item == "extra_life" and self.action not in ("start_with", "lose"):
            raise ValueError("extra lives are counted here only in «начинает бой с …» "
                             "(start_with) and as lost (lose); gained ones are extra_lives")


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Lose(Entry):
    """«теряет проклятие» (codes), «потерять полет», «теряет защиту от летающих до конца хода»
    (protection), «теряет все особенности» (abilities: every ability it has), «оно теряет
    бестелесность до конца хода» (incorporeal: it is no longer incorporeal, 50-208), «потерять
    маркер "ловкости"» (marker: the marker of that name, 20-25), «может потерять телепортацию»
    (teleport: it no longer has «Телепортация», 20-137). Counters and tokens are lost with
    :class:`Counters`."""

    kind: ClassVar[str] = "lose"
    codes: tuple[KeywordCode, ...] = set_field()
    protection: tuple[Attack, ...] = set_field()
    abilities: bool = False
    incorporeal: bool = False
    teleport: bool = False
    marker: str | None = None
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Fight(Entry):
    """«сразиться простым ударом со стоящим рядом существом противника как с открытым»: a
    fight with ``with_`` (``attack``: with what), as if that card were open (``as_open``).
    «объявить простой безответный удар по карте противника, не закрываясь при этом»: a fight
    the card attacked does not strike back in (``unanswered``), for which the card does not
    close (``stays_open``). ``target``: who fights, when not the card itself («вместо этого он
    может сразиться простым ударом со стоящей рядом с ним картой», 50-172; ``of: that`` in
    ``with_`` is that card)."""

    kind: ClassVar[str] = "fight"
    with_: Target
    attack: Attack | None = None
    as_open: bool = False
    unanswered: bool = False
    stays_open: bool = False
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class FightResult(Entry):
    """«сделать результатом сражения «слабый-слабый» (вместо броска кубиков)» (50-174), «…
    промах-промах (вместо бросков кубика)» (20-22): the fight the trigger names has that result —
    ``attacker``'s, then ``defender``'s, as the fight table writes them — and no die is rolled."""

    kind: ClassVar[str] = "fight_result"
    attacker: FightOutcome
    defender: FightOutcome


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class RollTwice(Entry):
    """«бросьте кубик два раза и выберите один из результатов бросков» (10-189, when the card
    fights): its die for that fight is rolled twice and its owner picks one of the two results.
    ``target``: whose die, when not the card's own — «когда существо сражается простым ударом,
    оно бросает кубик два раза, а вы выбираете один из результатов бросков» (30-167, ``that``);
    the ability's owner («вы») picks."""

    kind: ClassVar[str] = "roll_twice"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Marker(Entry):
    """«атакованная карта получает маркер охоты до конца вашего хода» (name: «охоты»);
    ``cell``: put on a cell, not on a card («положите маркер костра на свободную клетку (до
    конца хода противника)», 10-175; then ``target`` is left out); ``count``: markers put on
    that many such cells, one on each («положите маркеры врата на три свободные клетки»,
    10-170); ``occupies``: a cell with the marker counts as occupied («…, клетка с маркером
    костра считается занятой», 10-175); ``rule``: an ability the marker has, said in brackets
    after it, in force wherever the marker is (not an ability of the card that put it): «…
    освободившаяся клетка получает маркер «гнили» (когда нетёмное существо перемещается на
    клетку с маркером «гнили» ранить его на 2)» (50-163, 30-145: a trigger)."""

    kind: ClassVar[str] = "marker"
    name: str
    target: Target = "self"
    cell: Cell | None = None
    count: int = 1
    until: Until | None = None
    occupies: bool = False
    rule: Ability | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Block(Entry):
    """«блокировать атаку», «блокировать удар»: the attack (None: the one that fired the
    trigger); ``at``: whom the attack blocked is aimed at, «блокировать любую атаку по себе»
    (40-205: self)."""

    kind: ClassVar[str] = "block"
    attack: Attack | None = None
    at: Target | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Redirect(Entry):
    """«перенаправить атаку со стоящего рядом существа в себя»: an attack (``attacks``, any
    when empty; ``by``: whose, «выстрел или метание карты противника») aimed at ``from_`` hits
    ``to`` instead."""

    kind: ClassVar[str] = "redirect"
    attacks: tuple[Attack, ...] = set_field()
    from_: Target
    to: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MustAttack(Entry):
    """«стоящее рядом существо противника (по его выбору) обязано 1 раз напасть на Торбьерна
    простым ударом»: ``who`` must attack ``whom`` ``times`` times with ``attack`` (any when
    None); ``their_choice``: «по его выбору», which of them the card's owner chooses (not
    the ability's owner)."""

    kind: ClassVar[str] = "must_attack"
    who: Target
    whom: Target = "self"
    attack: Attack | None = None
    times: int = 1
    their_choice: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Delayed(Entry):
    """«; в начале вашего следующего хода все карты на этой клетке ранятся на 2»: effects at
    a later moment (``at``)."""

    kind: ClassVar[str] = "delayed"
    at: When
    effects: tuple[Effect, ...]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Outcome(Value):
    """One result of a :class:`Roll`: the die ``values`` it is («если выпало 5 или 6»), and its
    ``effects``."""

    values: tuple[int, ...] = set_field()
    effects: tuple[Effect, ...]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Roll(Entry):
    """«бросьте кубик; если выпало 5 или 6 эта атака блокируется» (10-189): a die is rolled and
    each of ``outcomes`` says what its results do (a result in none of them does nothing);
    «…, иначе …» is an outcome of the other results."""

    kind: ClassVar[str] = "roll"
    outcomes: tuple[Outcome, ...]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Conditional(Entry):
    """«…; если после этого рядом с Раэром нет карт противника разряд на 3» (20-167): ``effects``
    happen only when ``condition`` holds once the effects before it in the same sequence are
    done («после этого»: the state they leave); else nothing of them happens. Only after other
    effects, and only with «после этого» (a bare «…, если …» may be a condition of the effect
    before it)."""

    kind: ClassVar[str] = "conditional"
    condition: Condition
    effects: tuple[Effect, ...]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Choice(Entry):
    """«получает +1 к простому удару или +1 к движению до конца вашего хода»: one option of
    ``options`` (each a sequence of effects), chosen by the card's owner; ``their_choice``: by
    the owner of the card the options are of, not the card's own — the opponent, «… или ранится
    на 3 (по выбору противника)» (20-9: of an enemy creature), the attacked's owner, «это
    существо должно закрыться либо получить 2 раны (по выбору атакованного)» (10-37);
    ``all_if``: every option is done, not one, when all these conditions hold, «…, либо ваше
    существо получает 1 дополнительную жизнь (совершите оба, если Нейбл стоит у края поля боя)»
    (40-82)."""

    kind: ClassVar[str] = "choice"
    options: tuple[tuple[Effect, ...], ...]
    their_choice: bool = False
    all_if: tuple[Condition, ...] = ()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Grant(Entry):
    """An ability that itself has a cost, a trigger or a condition, given to ``target``:
    «ваш йордлинг получает «Пока закрыт, отражает …» до конца хода»; or a quoted rule that has
    no ``target`` and ``until`` of its own («получает "может нападать простым ударом два раза
    за ход, только подряд" до конца вашего хода», 30-152). Plain effects are given with their
    own ``target``/``until`` instead."""

    kind: ClassVar[str] = "grant"
    ability: Ability
    target: Target = "self"
    until: Until | None = None


# ---------------------------------------------------------------------------------------------
# Effects: what holds (static modifiers); each applies to ``target`` until ``until`` (None:
# for as long as its frame applies)


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Keyword(Entry):
    """A named ability: «Броня 2», «Вампиризм», «Добивание на 3», «получает отравление на 2».
    ``or_increase``: «опыт в атаке 1 или +1 к опыту в атаке» (or +value if it has it).
    ``against``: only against these cards — «Направленный удар по болотным». ``max``:
    «(максимум до 3)», the most its value grows to. Three numbers: by the die's strength,
    «получает отравление на 1-2-3» (30-132). ``any_times``: «Инкарнация 2, любое число раз за
    бой» (50-161: not once a battle, as the rule of «Инкарнация X» has it)."""

    kind: ClassVar[str] = "keyword"
    code: KeywordCode
    value: Amount | Values | None = None
    or_increase: bool = False
    target: Target = "self"
    until: Until | None = None
    against: Target | None = None
    max: int | None = None
    any_times: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Protection(Entry):
    """«Защита от выстрелов» ({zov}), «Защита от слабых простых ударов», «Защита от
    летающих» (against: attack by flying)."""

    kind: ClassVar[str] = "protection"
    against: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Reduction(Entry):
    """«-1 от простого удара», «-2 от немагических атак», «−1 от атак летающих»: wounds of
    those attacks are reduced by ``value``."""

    kind: ClassVar[str] = "reduction"
    value: Amount
    against: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Vulnerability(Entry):
    """«получает на 1 рану больше от слабых выстрелов» (40-81): each of these attacks wounds
    the target by ``value`` more (the opposite of a :class:`Reduction`)."""

    kind: ClassVar[str] = "vulnerability"
    value: Amount
    against: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class AttackBonus(Entry):
    """«+1 к ударам по горным» (to strike, against: горные creatures), «-1 к простому удару»
    (value -1), «+2 к выстрелу за каждую фишку на Арбалетчике» (per counter); ``max``:
    «(максимум +2)», the most the bonuses of this ability add up to; ``next``: «+1 к
    следующему простому удару» (its next such attack only); ``this``: «+1 к этому выстрелу»
    (only the attack that fired the trigger: «При нападении выстрелом …», 40-10)."""

    kind: ClassVar[str] = "attack_bonus"
    value: Amount
    to: tuple[Attack, ...] = set_field()
    against: Target | None = None
    per: XValue | None = None
    target: Target = "self"
    until: Until | None = None
    max: int | None = None
    next: bool = False
    this: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class KeywordBonus(Entry):
    """«+2 к бешенству до конца хода», «+1 к броне»: the value of a keyword the card has grows by
    ``value`` (``max``: the most the bonuses add up to, «(максимум +2)»). ``next``: only its
    next use grows («+1 к следующему добиванию»); ``against``: only against these cards («+1 к
    добиванию темных существ», in the genitive). ``up_to``: the most the value itself grows to,
    «+1 к отравлению (максимум до 2)» (10-123)."""

    kind: ClassVar[str] = "keyword_bonus"
    code: KeywordCode
    value: Amount
    against: Target | None = None
    target: Target = "self"
    until: Until | None = None
    max: int | None = None
    next: bool = False
    up_to: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MovementBonus(Entry):
    """«+1 к движению», «цель получает +1 движение до конца вашего хода», «−1 к движению»."""

    kind: ClassVar[str] = "movement_bonus"
    value: Amount
    target: Target = "self"
    until: Until | None = None
    max: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MovementIs(Entry):
    """«получить движение 2» (50-173: a flyer that lost its flight): the card's movement becomes
    ``value`` (not a bonus to it)."""

    kind: ClassVar[str] = "movement_is"
    value: int
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class RangeBonus(Entry):
    """«получает +1 к дальности разряда до конца хода»; ``per``: that much for each, «+1 к
    дальности выстрела за каждую свободную клетку рядом с собой» (50-86); ``jump``: to the range
    of its jumps, not of an attack, «… получают +1 к дальности прыжка» (20-172)."""

    kind: ClassVar[str] = "range_bonus"
    value: Amount
    to: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None
    max: int | None = None
    per: XValue | None = None
    jump: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class DieBonus(Entry):
    """«+1 к броскам кубика»; ``next``: only its next roll, «+1 к следующему броску кубика». As
    an effect of an :class:`Activated` ability («Уменьшить выбранный бросок кубика на 2», 40-24)
    it is the one roll the ability is used on. ``against``: only its rolls in attacks at these
    cards, «ваши существа получают +1 к броскам кубика при атаках по этому существу до конца
    хода» (10-9)."""

    kind: ClassVar[str] = "die_bonus"
    value: Amount
    target: Target = "self"
    until: Until | None = None
    max: int | None = None
    next: bool = False
    against: Target | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class DieResult(Entry):
    """A die roll that is not rolled: its result is ``value``. «Ваш первый за ход бросок кубика
    равен 6» (20-19: ``yours``, the first roll of any of the player's cards, ``first: turn``),
    «Первый бросок кубика Хитрого лепрекона за бой равен 6» (40-97: ``first: battle``),
    «следующий бросок кубика вашего выбранного существа равен 6» (40-46: ``next``)."""

    kind: ClassVar[str] = "die_result"
    value: int
    target: Target = "self"
    yours: bool = False
    first: Per | None = None
    next: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Reroll(Entry):
    """«перебросить кубик» (10-181): a die roll is rolled again; as an effect of an activated
    ability, the one roll the ability is used on (of a card ``target`` describes)."""

    kind: ClassVar[str] = "reroll"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Cancel(Entry):
    """«отменить действие существа с проклятием» (30-162): the action a card of ``target``
    declares is cancelled, as if it were not declared (an instant ability's effect: the one
    action it is used on)."""

    kind: ClassVar[str] = "cancel"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MaxWounds(Entry):
    """«Не может получить более 3 ран за ход» (20-47): the most wounds the card takes ``per``
    turn; wounds beyond are not dealt."""

    kind: ClassVar[str] = "max_wounds"
    value: int
    per: Per = "turn"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Unchangeable(Entry):
    """«Дальность метания Дикого циклопа не может быть изменена» (20-99: ``what: range``), «Сила
    простого удара Гидры не может быть снижена» (10-136: ``what: strength``, ``lowered``: it may
    not be lowered, only raised): what no other ability changes for the card's ``attacks``."""

    kind: ClassVar[str] = "unchangeable"
    what: Literal["strength", "range"]
    attacks: tuple[Attack, ...] = set_field()
    lowered: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class RangeIs(Entry):
    """«Дальние атаки (кроме удара через ряд) стоящих рядом карт имеют дальность 2» (50-10): the
    range of the ``attacks`` of the cards of ``target`` is ``value``, whatever their own;
    ``excluding``: attacks it does not change."""

    kind: ClassVar[str] = "range_is"
    value: int
    attacks: tuple[Attack, ...] = set_field()
    excluding: tuple[Attack, ...] = set_field()
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MaxLives(Entry):
    """«Максимум 12 жизней»."""

    kind: ClassVar[str] = "max_lives"
    value: int


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Ignore(Entry):
    """«Игнорирует защиту от летающих» (protection), «Игнорирует броню» (codes); «Игнорирует
    особенности, обязывающие выбирать цель метания» (``forced_targets``: other cards' rules of
    whom these attacks may be declared at do not bind it); «Игнорирует особенности атакованного
    существа» (``abilities_of``: the abilities of that card do not work against it). ``of``:
    only the protections of these cards, «Игнорирует защиту от разрядов существ с магической
    особенностью» (30-32)."""

    kind: ClassVar[str] = "ignore"
    protection: tuple[Attack, ...] = set_field()
    of: Selector | None = None
    codes: tuple[KeywordCode, ...] = set_field()
    forced_targets: tuple[Attack, ...] = set_field()
    abilities_of: Target | None = None
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class ReduceTo(Entry):
    """«Все простые удары по Степному волколаку сводятся к слабым» (to weak), «… сводятся к 1»
    (to 1): attacks ``against`` the target become that strength or value. ``next``: only the
    next such attack, «следующий простой удар Финириарха сводится к сильному» (40-105). As an
    effect of an :class:`Activated` ability («свести простой удар вашего существа к сильному»,
    10-5) it is the one attack the ability is used on; with ``until``, every such attack until
    then («до конца этого хода все простые удары по выбранному существу сводятся к сильным»,
    30-191)."""

    kind: ClassVar[str] = "reduce_to"
    against: tuple[Attack, ...] = set_field()
    to: Strength | int
    target: Target = "self"
    next: bool = False
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class NoWounds(Entry):
    """«Не получает ран от ответных ударов»."""

    kind: ClassVar[str] = "no_wounds"
    against: tuple[Attack, ...] = set_field()
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class WoundsOnlyFrom(Entry):
    """«Получает раны только от простого удара»: wounds from nothing else; ``source``: only
    from that card («Карлик Унд получает раны только от хозяина», 20-6)."""

    kind: ClassVar[str] = "wounds_only_from"
    attacks: tuple[Attack, ...] = set_field()
    source: Ref | None = None


# ---------------------------------------------------------------------------------------------
# Effects: rules of moving and attacking


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Diagonal(Entry):
    """«Может двигаться по диагонали» (ways move), «Может двигаться и совершать рывок по
    диагонали» (move, dash); «Концентрация: может двигаться по диагонали до конца вашего хода»
    (until, 50-116)."""

    kind: ClassVar[str] = "diagonal"
    ways: tuple[Way, ...] = set_field(("move",))
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class OntoOccupied(Entry):
    """«Может объявлять прыжок на клетку, занятую другим вашим гномом или койаром, поменявшись с
    ним местами» (way jump, occupant, swap), «… уничтожив это существо» (destroy); ``then``:
    what the card gets when it does, «…, при этом получает направленный удар до конца хода»
    (30-172); ``impact``: the name of the impact it is, «… уничтожив это существо (воздействие
    затаптывание)» (20-20)."""

    kind: ClassVar[str] = "onto_occupied"
    way: Way
    occupant: Target
    swap: bool = False
    destroy: bool = False
    then: tuple[Effect, ...] = ()
    impact: str | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class AsAdjacent(Entry):
    """«Может передвигаться на клетки с артефактами как на соседние» (way move, targets),
    «Может нападать простым ударом на летающих как на стоящие рядом карты» (way attack,
    attack simple_strike); ``near``: onto the cells next to that card («Ваши горные существа
    могут передвигаться на клетки рядом с Буровой установкой как на соседние», 30-57: near
    self, ``target`` the cards that may); ``row_ends``: the two end cells of a row count as
    adjacent to each other («Возница может перемещаться между крайними клетками одного ряда как
    на рядом стоящую клетку», 10-143)."""

    kind: ClassVar[str] = "as_adjacent"
    way: Way
    targets: Target | None = None
    near: Target | None = None
    row_ends: bool = False
    attack: Attack | None = None
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MaxSymbiotes(Entry):
    """«Может иметь до 3 разных симбиотов»: how many different symbiotes it may have."""

    kind: ClassVar[str] = "max_symbiotes"
    value: int


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class SquadBan(Entry):
    """«Не может быть взят в отряд с темными существами»: not taken into a squad that has
    ``excludes``."""

    kind: ClassVar[str] = "squad_ban"
    excludes: Selector


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class CountersAsOpen(Entry):
    """«Отражает простой удар как открытая карта»: strikes back at these attacks as an open
    card does (even when closed)."""

    kind: ClassVar[str] = "counters_as_open"
    attacks: tuple[Attack, ...] = set_field()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class AdjacentTargets(Entry):
    """«Может стрелять по стоящим рядом картам»: these ranged attacks may aim at an adjacent
    card."""

    kind: ClassVar[str] = "adjacent_targets"
    attacks: tuple[Attack, ...] = set_field()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Cannot(Entry):
    """«Не может передвигаться» (move), «Не может выступать защитником» (defend), «Не может
    получать дополнительные жизни и быть излечен» (be_healed). ``attacks``: with action
    ``attack``, only these attacks are forbidden («Строй: не может нападать простым ударом»).
    """

    kind: ClassVar[str] = "cannot"
    actions: tuple[Action, ...] = set_field()
    attacks: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Defends(Entry):
    """Rules of defending: «Может выступать защитником любое число раз за ход» (any_number),
    «Может выступать защитником любому вашему нелетающему существу» (whom: any such creature,
    wherever it stands, not only one standing next to it)."""

    kind: ClassVar[str] = "defends"
    any_number: bool = False
    whom: Target | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class OnlyTargets(Entry):
    """Whom attacks may be declared at: «Карты противника могут объявлять выстрел и метание
    только по Резчику идолов (вне зависимости от дальности)» (attackers: enemy cards, attacks,
    targets: self, any_range), «Может объявлять выстрел только по карте без ран» (the card's own
    attacks: attackers self); ``excluding``: attacks it does not bind, «(кроме удара через ряд,
    …)» (30-190)."""

    kind: ClassVar[str] = "only_targets"
    attackers: Target = "self"
    attacks: tuple[Attack, ...] = set_field()
    excluding: tuple[Attack, ...] = set_field()
    targets: Target
    any_range: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MultiAttack(Entry):
    """«Может нападать простым ударом два раза за ход, только подряд, после первого нападения
    простым ударом не закрывается»: times, consecutive, stays_open."""

    kind: ClassVar[str] = "multi_attack"
    attack: Attack
    times: int
    consecutive: bool = False
    different_targets: bool = False
    stays_open: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class StaysOpen(Entry):
    """«Не закрывается после нападения» (after assault), «Выступая защитником, не
    закрывается» (after defend), «После размена простыми ударами не закрывается» (after fight:
    a simple strike and the answer to it, 30-185); ``attack``: «после нападения простым ударом»
    (only after that attack)."""

    kind: ClassVar[str] = "stays_open"
    after: Literal["assault", "defend", "attack", "fight"]
    target: Target = "self"
    until: Until | None = None
    attack: Attack | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class StaysClosed(Entry):
    """«атаковавший не открывается в начале своего следующего хода»: the target does not open
    at the start of its controller's next turn. ``whole_turn``: «не открывается в свой
    следующий ход» — it does not open during that whole turn (not only at its start).
    ``until``: at the start of none of its controller's turns until then, not only the next
    («… не открывается в начале хода, пока Орк-птицелов в вашем отряде», 20-93). ``range``: the
    card is chosen within that range, «(дальность 3, 1 раз за ход)» (50-158)."""

    kind: ClassVar[str] = "stays_closed"
    target: Target = "self"
    whole_turn: bool = False
    until: Until | None = None
    range: int | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Crystals(Entry):
    """«вы получаете 1 золотой кристалл» (при наборе отряда): the player gains ``value``
    crystals of that kind to recruit with; ``pay``: the player pays them instead («вы можете
    заплатить золотой кристалл», 50-149)."""

    kind: ClassVar[str] = "crystals"
    value: int
    crystal: Literal["gold", "silver"]
    pay: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class RegainSubtype(Entry):
    """«Возвращает свой подтип существа вместо того, чтобы погибнуть в результате гибели
    хозяина» (40-95): the symbiote is no longer one, a creature of its own subtype again."""

    kind: ClassVar[str] = "regain_subtype"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class DeclareValhalla(Entry):
    """«вы можете объявить его особенность вальхаллы» (40-46, «При гибели вашего существа с
    вальхаллой …»): the «Вальхалла: …» ability of ``target`` is used, as if it fired."""

    kind: ClassVar[str] = "declare_valhalla"
    target: Target


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class ToDeck(Entry):
    """«Вместо гибели возвращается в колоду» (20-69), «вернуть Тайник Эллиона в колоду» (20-189):
    the card goes back into its owner's deck."""

    kind: ClassVar[str] = "to_deck"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class BecomesCreature(Entry):
    """«становится существом с движением 2 и простой удар 3-4-5» (30-107), «Становится
    существом с движением 1, простой удар 4-5-6 и трупоедством» (40-203): the card (an
    artefact) becomes a creature with this ``movement`` (none for a flyer: «с полетом»),
    simple ``strike`` and keywords (``codes``); for a while: «стать существом с движением 1 и
    простой удар 2-3-4 до конца вашего хода» (``until``, 40-191)."""

    kind: ClassVar[str] = "becomes_creature"
    movement: int | None = None
    strike: Values
    codes: tuple[KeywordCode, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Land(Entry):
    """«приземляется на клетку вашей половины поля боя» (30-173): a flying card lands — it
    stops flying and stands on a cell (``to``: which; none said, any it may)."""

    kind: ClassVar[str] = "land"
    to: Cell | None = None
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class BecomesArtefact(Entry):
    """«полностью излечиться и стать артефактом» (20-46), «становится артефактом» (20-154):
    the card (a creature) becomes an artefact."""

    kind: ClassVar[str] = "becomes_artefact"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class GainClass(Entry):
    """«выбранное существо противника получает класс герой-воин» (40-214): the card gets
    these classes (as the card database spells them) besides its own."""

    kind: ClassVar[str] = "gain_class"
    classes: tuple[str, ...] = set_field()
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class IncarnatesOn(Entry):
    """«Инкарнирует на любой свободной клетке поля боя» (20-124): where «Инкарнация X» puts the
    card instead of its owner's third row (``cell``; None: where the rule puts it); ``open``:
    «Инкарнирует в открытом виде» (10-141), it comes into play open, not closed (stored:
    incarnation is no question of the checks)."""

    kind: ClassVar[str] = "incarnates_on"
    cell: Cell | None = None
    open: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class StrikeRange(Entry):
    """«Строй: Может объявлять простой удар с дальностью 2» (10-44): a strike declared at a card
    up to ``range`` cells away (stored: there is no strike question)."""

    kind: ClassVar[str] = "strike_range"
    attack: AttackKind
    range: int


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class MovesOnly(Entry):
    """«Каждое существо противника, стоящее рядом с Ламией, может передвигаться только на
    соседние с Ламией клетки» (20-78): the cards of ``target`` move only onto such ``cells``;
    ``ways``: only these ways of moving are bound, «Существа противника могут объявлять прыжок
    или телепортацию только на свободные клетки рядом с Иссой» (20-100: jump, teleport; none
    named: its movement)."""

    kind: ClassVar[str] = "moves_only"
    cells: Cell
    target: Target = "self"
    ways: tuple[Way, ...] = set_field()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class BecomeElement(Entry):
    """«выбранное существо становится тёмным» (30-191, 20-179): the card is of this element
    (instead of its own)."""

    kind: ClassVar[str] = "become_element"
    element: Element
    target: Target = "self"


SymbioteRole = Literal["parasite", "companion"]


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class BecomeSymbiote(Entry):
    """«Концентрация: может стать компаньоном вашему стоящему рядом существу» (50-147): the card
    itself (a symbiote) becomes the ``role`` of the creature ``host`` names — its parasite or its
    companion. ``target``: another card that becomes one, «может сделать его своим паразитом»
    (30-81: that creature, of the card itself)."""

    kind: ClassVar[str] = "become_symbiote"
    role: SymbioteRole
    host: Target
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Prevent(Entry):
    """«предотвращает следующие 3 раны от немагических атак по вашим картам» (20-26): a
    shield — the next ``value`` wounds that ``against`` attacks would deal to the cards of
    ``target`` (all of them together, not each) are not dealt, while it lasts (``until``)."""

    kind: ClassVar[str] = "prevent"
    value: Amount
    against: tuple[Attack, ...] = set_field()
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class RestoreArmor(Entry):
    """«полностью восстановить его броню» (40-41), «… броню вашей карты» (30-36): the card's
    «Броня» is whole again (the units it spent this turn come back)."""

    kind: ClassVar[str] = "restore_armor"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class SwapStrikes(Entry):
    """«поменять местами значения сильного и слабого простого удара существа до конца хода
    противника» (30-150): the values of the card's strong and weak simple strike change places
    (its medium one stays), until ``until``."""

    kind: ClassVar[str] = "swap_strikes"
    target: Target = "self"
    until: Until | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class CellZone(Entry):
    """«эта клетка считается глубиной и не считается поверхностью» (50-124): the cell counts as
    that zone (and not the other) from then on."""

    kind: ClassVar[str] = "cell_zone"
    zone: Zone
    cell: Cell


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class ChangeControl(Entry):
    """«он переходит под контроль противника» (40-181): the card passes to the opponent's
    control."""

    kind: ClassVar[str] = "change_control"
    target: Target = "self"


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class ToGraveyard(Entry):
    """«положите Упырёныша на кладбище» (50-149, before recruiting): the card is put into its
    owner's graveyard. ``from_deck``: a card of its name from its owner's deck, «может положить
    Стиградора из вашей колоды на кладбище» (30-155: another one, the card itself in play)."""

    kind: ClassVar[str] = "to_graveyard"
    target: Target = "self"
    from_deck: bool = False


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Choose(Entry):
    """«выбрать существо противника» (30-17), «выберите существо» (50-123): one card of
    ``what`` is chosen, for the card's other abilities to name («по этому существу»,
    «выбранное в начале боя существо»)."""

    kind: ClassVar[str] = "choose"
    what: Selector


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Prophecy(Entry):
    """«пророчество 1» (20-103, 10-54): its owner shows the ``value`` top cards of the deck
    (the keyword «Пророчество» done as an action); a ``shown`` condition after it asks what
    was shown."""

    kind: ClassVar[str] = "prophecy"
    value: int


Effect = (
    Wound | Heal | HealBonus | ExtraLives | Throw | Shot | Discharge | Strike | Jump | Teleport | Manoeuvre
    | Move | Swap | SwapTwo | Open | Close | Destroy | Exile | Summon | Counters | Lose | Fight | FightResult
    | RollTwice | Marker
    | Block | Redirect | MustAttack | Delayed | Roll | Conditional
    | Choice | Grant | Keyword | KeywordBonus | Protection | Reduction | Vulnerability | AttackBonus
    | MovementBonus | MovementIs
    | RangeBonus | DieBonus | DieResult | Reroll | Cancel | MaxWounds | Unchangeable | RangeIs | MaxLives | Ignore | ReduceTo | NoWounds | Diagonal | OntoOccupied | AsAdjacent
    | AdjacentTargets | CountersAsOpen | MaxSymbiotes | SquadBan | WoundsOnlyFrom | Cannot | Defends | OnlyTargets | MultiAttack | StaysOpen | StaysClosed | Crystals | ToDeck | RegainSubtype | DeclareValhalla | ToGraveyard | Choose | Prophecy | BecomesCreature | BecomesArtefact | Resurrect | Transfer
    | GainClass | ChangeControl | Land | RestoreArmor | SwapStrikes | CellZone | Prevent | BecomeSymbiote | BecomeElement | MovesOnly | StrikeRange | IncarnatesOn
    | Unparsed
)


# ---------------------------------------------------------------------------------------------
# Frames


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Activated(Entry):
    """An ability its owner declares: «Закрыться: Выстрел на 1-2-3», «Фишка, закрыться: …»,
    «Внезапное действие: …» (instant), «1 раз за ход: …» (limit, no cost).

    ``when``: an instant ability usable only when something happens («Внезапное действие:
    Закрыться: При перемещении существа противника …»). ``impact``/``spell``: «Воздействие
    песчаные когти …», «Заклинание «демоническая пасть» …» (the name, without quotes).
    """

    kind: ClassVar[str] = "activated"
    cost: Cost = Cost()
    instant: bool = False
    when: When | None = None
    condition: Condition | None = None
    effects: tuple[Effect, ...]
    limit: Limit | None = None
    impact: str | None = None
    spell: str | None = None
    x: XValue | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Trigger(Entry):
    """An ability that fires: «При гибели …», «Когда …», «В начале вашего хода …», «После
    …», «Вместо гибели …», and the named triggers «Концентрация: …», «Вальхалла: …»,
    «Бешенство 3: …». ``optional``: its effects begin with «может»."""

    kind: ClassVar[str] = "trigger"
    when: When
    effects: tuple[Effect, ...]
    optional: bool = False
    limit: Limit | None = None
    impact: str | None = None
    spell: str | None = None
    x: XValue | None = None


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Static(Entry):
    """Abilities that hold under a condition or a limit: «Броня 2, пока в строю с двумя или
    более существами», «На глубине: Защита от магии», «Второй игрок: …». Without either, the
    granted abilities are written bare (a :class:`Static` needs a condition, a limit or an
    ``x``: «+X к простому удару, где X …»)."""

    kind: ClassVar[str] = "static"
    condition: Condition | None = None
    limit: Limit | None = None
    grants: tuple[Ability, ...]
    x: XValue | None = None

    def __post_init__(self) -> None:
        Value.__post_init__(self)
        if self.condition is None and self.limit is None and self.x is None:
            raise ValueError("a static ability needs a condition, a limit or an X; "
                             "write its abilities bare")


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Formation(Entry):
    """«Строй» and «Строй: Броня 2» (grants: what a creature in formation has)."""

    kind: ClassVar[str] = "formation"
    grants: tuple[Ability, ...] = ()


@dataclass(frozen=True, kw_only=True, repr=False, slots=True)
class Incorporeal(Entry):
    """«Бестелесный» and «Бестелесный: -1 от простого удара» (grants)."""

    kind: ClassVar[str] = "incorporeal"
    grants: tuple[Ability, ...] = ()


Frame = Activated | Trigger | Static | Formation | Incorporeal
#: One entry of a card's ``abilities:``.
Ability = Frame | Effect

#: Kinds of the unions, for readers that dispatch on ``kind``.
EFFECT_KINDS: tuple[str, ...] = tuple(t.kind for t in get_args(Effect))
FRAME_KINDS: tuple[str, ...] = tuple(t.kind for t in get_args(Frame))
CONDITION_KINDS: tuple[str, ...] = tuple(t.kind for t in get_args(Condition))
RANGED_KINDS: tuple[str, ...] = (Throw.kind, Shot.kind, Discharge.kind)


def walk(value: Any) -> Any:
    """Every vocabulary value inside ``value`` (itself first), depth first.

    >>> [v.kind for v in walk(Trigger(when=When(event="death"), effects=(Unparsed(fragment="x"),)))
    ...  if isinstance(v, Kinded)]
    ['trigger', 'unparsed']
    """
    if isinstance(value, tuple):
        for item in value:
            yield from walk(item)
    elif isinstance(value, Value):
        yield value
        for name in field_names(type(value)):
            yield from walk(getattr(value, name))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a value class, worked out once (``dataclasses.fields`` is slow)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def value_classes() -> tuple[type[Value], ...]:
    """Every vocabulary value class (the bases included), in definition order of discovery."""
    out: list[type[Value]] = []
    todo: list[type[Value]] = [Value]
    while todo:
        cls = todo.pop(0)
        if cls not in out:
            out.append(cls)
            todo += cls.__subclasses__()
    return tuple(out)


def prepare() -> None:
    """Work out now what each class computes on its first value (the canonical order of its
    set-like fields, from its type hints): a card read later then pays none of it — in a
    ``!check`` that meets a kind for the first time that was most of its time."""
    for cls in value_classes():
        _set_fields(cls)
        _value_key(cls)  # a value sorted inside a set-like field: its key reads type hints too
        field_names(cls)


def read_in_full(ability: Ability) -> bool:
    """True when no part of the reading is :class:`Unparsed`."""
    return not any(isinstance(v, Unparsed) for v in walk(ability))


