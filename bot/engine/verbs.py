"""The questions ``!check`` answers, one entry per verb: the one table the parser, the dispatch,
the help and the benchmark read. Adding a verb is adding one :class:`Verb` to :data:`VERBS`.

>>> verb = verb_for("Дальность")
>>> verb.name, verb.word, verb.refs, verb.number, verb.term
('range', 'дальность', 2, 'required', 'dalnost')
>>> verb_for("манёвр").example
'манёвр b2 b3'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.engine import checks, rules
from bot.engine.checks import Ref
from bot.engine.position import Position
from bot.engine.result import CheckResult
from bot.ru import fold

#: Whether a verb takes a number after its cells (a range): never, optionally, always.
Number = Literal["none", "optional", "required"]


@dataclass(frozen=True)
class Question:
    """A parsed question: the verb, the word the user typed and its arguments."""

    verb: str
    word: str
    refs: tuple[Ref, ...] = ()
    number: int | None = None
    die: tuple[int, int, int] | None = None
    roll: int | None = None
    modifier: int = 0
    named: tuple[tuple[str, int], ...] = ()  # named die modifiers: ("blessing", 1), ("ova", 2)


Check = Callable[[Position, Question], CheckResult]


@dataclass(frozen=True)
class Verb:
    """One question of the notation.

    ``aliases`` are what users may type (matched folded: case and ё ignored); ``usage`` is how
    it is written, its first word the one shown; ``refs`` how many cells (or cards) it takes;
    ``pieces`` how many of them must hold a creature (the first ones); ``help`` its line in
    ``!help check`` (verbs with the same help and arguments share one line, verbs without help
    are listed together). A ``die`` verb reads die values instead of cells.
    """

    name: str
    aliases: tuple[str, ...]
    usage: str
    example: str
    check: Check
    term: str | None = None
    refs: int = 2
    number: Number = "none"
    pieces: int = 0
    die: bool = False
    help: str = ""

    @property
    def word(self) -> str:
        """The word the verb is shown by: «дальность»."""
        return self.usage.split()[0]

    @property
    def arguments(self) -> str:
        """Its usage without the word: «A B [X]»."""
        return self.usage.partition(" ")[2]


# ---------------------------------------------------------------------------------------------
# How each verb calls its check


def _range(position: Position, q: Question) -> CheckResult:
    return checks.range_between(position, q.refs[0], q.refs[1], q.number if q.number is not None else 0)


def _pair(check: Callable[[Position, Ref, Ref], CheckResult]) -> Check:
    return lambda position, q: check(position, q.refs[0], q.refs[1])


def _jump(position: Position, q: Question) -> CheckResult:
    return checks.can_jump(position, q.refs[0], q.refs[1], q.number)


def _attack(position: Position, q: Question) -> CheckResult:
    return checks.can_shoot(position, q.verb, q.refs[0], q.refs[1], q.number)


def _die(position: Position, q: Question) -> CheckResult:
    assert q.die is not None and q.roll is not None
    return checks.throw_value(q.die, q.roll, q.modifier, q.named)


def _effect(position: Position, q: Question) -> CheckResult:
    return checks.can_apply_effect(position, q.verb, q.refs[0])


_ATTACK_HELP = "своей особенностью карты"
_EFFECT_HELP = "применимо ли к существу на A"


def _attack_verb(name: str, *english: str) -> Verb:
    word = rules.ATTACKS[name].name
    return Verb(name, (word, *english), f"{word} A B [X]", f"{word} a1 b3", _attack,
                rules.ATTACKS[name].term, number="optional", pieces=1, help=_ATTACK_HELP)


def _effect_verb(name: str, *english: str) -> Verb:
    word = rules.EFFECTS[name].name
    return Verb(name, (word, *english), f"{word} A", f"{word} a1", _effect,
                rules.EFFECTS[name].term, refs=1, pieces=1, help=_EFFECT_HELP)


VERBS: tuple[Verb, ...] = (
    Verb("range", ("дальность", "range", "distance", "dist"), "дальность A B X",
         "дальность a1 c3 4", _range, rules.RANGE, number="required",
         help="в дальности X? (РП 4.1-2 без диагоналей; глоссарий — с диагоналями)"),
    Verb("adjacent", ("рядом", "adjacent", "adj", "соседние"), "рядом A B", "рядом b2 c3",
         _pair(checks.adjacency), rules.FORMATION, help="соседние клетки (8 вокруг)"),
    Verb("move", ("движение", "move", "двигаться"), "движение A B", "движение a1 a2",
         _pair(checks.can_move), rules.MOVEMENT, pieces=1, help="дойдёт ли обычным движением"),
    Verb("jump", ("прыжок", "jump"), "прыжок A B [X]", "прыжок b2 c4 3", _jump, rules.JUMP,
         number="optional", pieces=1),
    Verb("teleport", ("телепортация", "teleport", "tp"), "телепортация A B",
         "телепортация a1 b6", _pair(checks.can_teleport), rules.TELEPORT, pieces=1),
    Verb("manoeuvre", ("маневр", "manoeuvre", "maneuver", "manoeuver"), "манёвр A B",
         "манёвр b2 b3", _pair(checks.can_manoeuvre), rules.MANOEUVRE, pieces=1),
    Verb("swap", ("обмен", "поменяться", "swap"), "обмен A B", "обмен b2 b3",
         _pair(checks.can_swap), rules.RELOCATION, pieces=1,
         help="поменяться местами: манёвром или особенностью карты"),
    _attack_verb("throw", "throw"),
    _attack_verb("shot", "shot", "shoot"),
    _attack_verb("discharge", "discharge"),
    Verb("formation", ("строй", "formation"), "строй A B", "строй b2 c2",
         _pair(checks.in_formation), rules.FORMATION, pieces=2, help="образуют ли строй"),
    Verb("die", ("кубик", "die", "dice", "бросок"), "кубик X-Y-Z R [±N]", "кубик 1-2-3 5 +1",
         _die, rules.THROW, refs=0, die=True,
         help="величина при броске R; модификаторы: `+1`, `-1`, `благословление`, "
              "`проклятие`, `ова N`, `овз N`, `неповоротливость N`"),
    _effect_verb("poison", "poison"),
    _effect_verb("heal", "heal"),
    _effect_verb("finish", "finish"),
    _effect_verb("vampirism", "vampirism"),
    _effect_verb("corpse_eating", "corpse-eating", "necrophagy"),
)
#: Verb by canonical name, and by every alias (folded).
BY_NAME: dict[str, Verb] = {v.name: v for v in VERBS}
BY_ALIAS: dict[str, Verb] = {fold(a): v for v in VERBS for a in v.aliases}


def verb_for(word: str) -> Verb | None:
    """The verb a typed word names, if any (case and ё ignored)."""
    return BY_ALIAS.get(fold(word).strip())


def usage_list() -> str:
    """Every question as written: «дальность A B X», «рядом A B», …"""
    return ", ".join(f"«{v.usage}»" for v in VERBS)
