"""Lone readers: a whole normalised clause → its abilities (without ``text``), or None.

Each reads one short statement in full — a lone keyword or icon («Броня 2», ``{zot}``), «Прыжок,
дальность 2», «Максимум 3 жетона», «-1 от простого удара», «+1 к ударам по горным» … — and
serves :mod:`bot.importers.abilities.frames` both for a sentence of its own and for a clause
inside a frame («Строй: Броня 2», «, пока …»).
"""

from __future__ import annotations

import re

from bot.corpus.abilities import (
    Ability,
    Attack,
    AttackBonus,
    Cannot,
    Countable,
    Counters,
    Diagonal,
    Formation,
    Ignore,
    Incorporeal,
    Jump,
    Keyword,
    KeywordCode,
    Manoeuvre,
    MaxLives,
    Protection,
    Reduction,
    Selector,
    Teleport,
    Unparsed,
    XValue,
)
from bot.importers.abilities.effects import bonus_attacks
from bot.importers.abilities.selectors import dative_target, noun_phrase
from bot.importers.abilities.text import SELF
from bot.importers.abilities.words import (
    AGAINST,
    ICON_NAMES,
    ICON_NEEDS_VALUES,
    KEYWORDS,
    PROTECTIONS,
    RANGE_OF,
    UNTIL,
    alternation,
)

#: «Защита от летающих» ({zoal}): attacks of flying creatures.
_FROM_FLYERS = Attack(kind="attack", by=Selector(flags=("flying",)))
_PROTECTIONS = {**PROTECTIONS, "zoal": _FROM_FLYERS}


# ---------------------------------------------------------------------------------------------
# Lone abilities


def standalone(s: str) -> list[Ability] | None:
    """«Телепортация», «Прыжок, дальность 2», «Манёвр»."""
    if s == "телепортация":
        return [Teleport()]
    m = re.fullmatch(r"прыжок,?\s+дальност(?:ь|ью)\s+(\d+)", s)
    if m:
        return [Jump(range=int(m.group(1)))]
    if s == "маневр":
        return [Manoeuvre()]
    return None


def keyword(s: str) -> list[Ability] | None:
    """A lone named ability: an icon (``{zot}``) or its name («Защита от метания», «Броня 2»);
    «Инкарнация 2, любое число раз за бой» (50-161: not once a battle, as the rule has it)."""
    s, any_times = re.subn(r", любое число раз за бой$", "", s.strip(" ."))
    m = re.fullmatch(r"(?:\{([a-z_]+)\}|([а-я ]+?))\s*(\d+)?", s.strip(" ."))
    if not m:
        return None
    code = m.group(1) or KEYWORDS.get((m.group(2) or "").strip())
    if code not in ICON_NAMES or code in ICON_NEEDS_VALUES:
        return None
    value = int(m.group(3)) if m.group(3) else None
    lone: dict[str, Ability] = {"frm": Formation(), "inc": Incorporeal(), "tlp": Teleport()}
    if code in lone or code in _PROTECTIONS:
        if value is not None:
            return None
        return [lone[code] if code in lone else Protection(against=(_PROTECTIONS[code],))]
    if any_times and code != "icr":
        return None
    return [Keyword(code=code, value=value, any_times=bool(any_times))]  # type: ignore[arg-type]


def counters(s: str) -> list[Ability] | None:
    """«Не может иметь более 4 фишек», «Максимум 3 жетона», «Второй игрок: начинает бой с
    фишкой», «Начинает бой с 2 дополнительными жизнями»."""
    m = re.fullmatch(r"не может иметь (?:более|больше) (\d+) фиш(?:ки|ек|ка)", s)
    if m:
        return [Counters(action="max", count=int(m.group(1)))]
    m = re.fullmatch(r"максимум (\d+) (фишк[уиа]|фишек|жетона?|жетонов)", s)
    if m:
        item: Countable = "token" if m.group(2).startswith("жетон") else "counter"
        return [Counters(action="max", count=int(m.group(1)), item=item)]
    m = re.fullmatch(r"начинает бой с (?:(?P<n>\d+|двумя|тремя) )?(?P<what>фишкой|фишками|"
                     r"жетоном|жетонами|дополнительной жизнью|дополнительными жизнями)", s)
    if m and (m.group("n") in (None, "1")) == m.group("what").endswith(("ой", "ом", "ью")):
        n = m.group("n")
        count = 1 if n is None else int(n) if n.isdigit() else _START_COUNTS[n]
        what = m.group("what")
        kept: Countable = ("token" if what.startswith("жетон") else "extra_life"
                           if what.startswith("доп") else "counter")
        return [Counters(action="start_with", count=count, item=kept)]
    return None


_START_COUNTS = {"двумя": 2, "тремя": 3}


def max_lives(s: str) -> list[Ability] | None:
    """«Максимум 12 жизней»."""
    m = re.fullmatch(r"максимум (\d+) жизн(?:ей|и|ь)", s)
    return [MaxLives(value=int(m.group(1)))] if m else None


def rules_of_moving(s: str) -> list[Ability] | None:
    """«Может двигаться по диагонали» (and «… до конца вашего хода», 50-116: for a while), «Не
    может передвигаться», «Не может выступать защитником»."""
    m = re.fullmatch(r"(?:может|могут) (?:двигаться|передвигаться) по диагонали"
                     r"(?: до конца (?P<until>" + alternation(UNTIL) + r"))?", s)
    if m:
        return [Diagonal(until=UNTIL[m.group("until")] if m.group("until") else None)]
    if re.fullmatch(r"(?:может|могут) (?:двигаться|передвигаться) и совершать рывок по диагонали",
                    s):
        return [Diagonal(ways=("move", "dash"))]
    if s == "не может передвигаться":
        return [Cannot(actions=("move",))]
    if s == "не может выступать защитником":
        return [Cannot(actions=("defend",))]
    return None


#: «Игнорирует особенности, обязывающие выбирать цель метания», «… выбирать целью разряда
#: какую-либо карту» (10-66); the attack is named as a range's is (RANGE_OF).
_FORCED_TARGET = re.compile(r"игнорирует особенности, обязывающие выбирать (?:цель (?P<a>"
                            + alternation(RANGE_OF) + r")|целью (?P<b>" + alternation(RANGE_OF)
                            + r") какую-либо карту)")


def ignore(s: str) -> list[Ability] | None:
    """«Игнорирует защиту от летающих и защиту от выстрелов», «Игнорирует броню», «игнорирует
    защиту от разрядов до конца хода противника» (until), «игнорирует защиту от выстрелов и
    броню до конца вашего хода» (50-78: protections and armor)."""
    if s == "игнорирует броню":
        return [Ignore(codes=("armor",))]
    if s == "игнорирует особенности атакованного существа":  # 10-98
        return [Ignore(abilities_of="attacked")]
    forced = _FORCED_TARGET.fullmatch(s)
    if forced:  # «… обязывающие выбирать цель метания» (30-11): «Карты противника могут
        # объявлять метание только по …» of other cards does not bind it
        attack = RANGE_OF[forced.group("a") or forced.group("b")]
        return [Ignore(forced_targets=(Attack(kind=attack),))]
    m = re.fullmatch(r"игнорирует ((?:защиту от [а-я]+)(?: и защиту от [а-я]+)*)"
                     r"(?P<armor> и броню)?(?: (?P<of>(?!до конца )[^,;()]+?))?"
                     r"(?: до конца (?P<until>" + alternation(UNTIL) + r"))?", s)
    if not m:
        return None
    of: Selector | None = None
    if m.group("of"):  # «… существ с магической особенностью» (30-32): whose protections
        read = noun_phrase(m.group("of"))
        if read is None or read.plural is not True or m.group("armor"):
            return None
        of = read.selector
    until = UNTIL[m.group("until")] if m.group("until") else None
    codes: tuple[KeywordCode, ...] = ("armor",) if m.group("armor") else ()
    against = []
    for name in re.findall(r"защиту от ([а-я]+)", m.group(1)):
        code = KEYWORDS.get(f"защита от {name}")
        if code not in _PROTECTIONS:
            return None
        against.append(_PROTECTIONS[code])
    return [Ignore(protection=tuple(against), codes=codes, until=until, of=of)]


# ---------------------------------------------------------------------------------------------
# Reductions and bonuses


def reduction(s: str) -> list[Ability] | None:
    """«-1 от простого удара»; «-1 от .» (the site lost the icon) is unparsed."""
    m = re.fullmatch(r"([-–−])\s*(\d+)\s+от\s*(.*)", s)
    if not m:
        return None
    obj = m.group(3).strip(" .")
    if not obj:  # the site's text lost the icon: known to be unread, inside «Бестелесный: …»
        return [Unparsed(fragment=f"{s} (значок утерян)")]
    against = AGAINST.get(obj)
    if against is None:
        return None
    return [Reduction(value=int(m.group(2)), against=(against,))]


def attack_bonus(s: str) -> list[Ability] | None:
    """«+1 к ударам по горным», «+2 к выстрелу за каждую фишку на Арбалетчике»."""
    m = re.fullmatch(r"\+(\d+) к (.+)", s)
    if not m:
        return None
    attacks, rest = bonus_attacks(m.group(2))
    if not attacks:
        return None
    per = None
    each = re.search(r"\s*за каждую фишку на " + SELF + "$", rest)
    if each:
        per = XValue(count="counter")
        rest = rest[: each.start()]
    against = None
    if rest.startswith(" по "):
        against = dative_target(rest[4:])
        if against is None:
            return None
    elif rest.strip():
        return None
    return [AttackBonus(value=int(m.group(1)), to=attacks, against=against, per=per)]


