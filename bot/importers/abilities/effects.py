"""Effect parsers: the start of a normalised clause → (effect, the rest), or None.

Each parser is anchored at the start of its text and reads one effect; the same parsers serve
an activated ability's body and a trigger's effects.

>>> ranged("метание «магмы» на 1, дальность 4 (2 раза за ход)")
(Throw(values=(1, 1, 1), range=4, name='магмы'), ' (2 раза за ход)')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from bot.corpus.abilities import (
    Attack,
    AttackBonus,
    Cell,
    Counters,
    Discharge,
    Effect,
    Jump,
    Keyword,
    Limit,
    MovementBonus,
    RangeBonus,
    Selector,
    Shot,
    Strike,
    Target,
    Teleport,
    Throw,
    Values,
    Wound,
)
from bot.importers.abilities.words import (
    BONUS_TO,
    KEYWORD_DATIVE,
    KEYWORDS,
    NUMBERS,
    RANGE_OF,
    RANGED_KINDS,
    STRENGTH,
    STRIKE_KINDS,
    UNTIL,
    alternation,
)

EffectParser = Callable[[str], "tuple[Effect, str] | None"]

_VALUES = r"(\d+(?:-\d+-\d+)?)"
_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+)\s+)?"
_STRIKE_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+(?:\s+[а-я]+)?)\s+)?"
_RANGED = re.compile(r"(метание|выстрел|разряд)\s+" + _NAME + r"на\s+" + _VALUES
                     + r"(?:\s*,\s*дальность\s+(\d+))?")
_STRIKE = re.compile(r"(удар через ряд|\{uchr\}|магический удар|\{mht\}|особый удар)\s+"
                     + _STRIKE_NAME + r"на\s+" + _VALUES)
_LIMIT = re.compile(r"\(?\s*(?:не более\s+|до\s+)?(\d+|один|одна|два|две|три|четыре)\s+раза?"
                    r"\s+(?:за|в)\s+(ход|бой)а?\s*\)?")
_RANGED_CLASSES: dict[str, type[Throw | Shot | Discharge]] = {
    "throw": Throw, "shot": Shot, "discharge": Discharge}
_WOUND_TARGETS: dict[str, Target] = {
    "его": "that", "ее": "that", "это существо": "that", "цель": "target",
    "себя или стоящее рядом существо": Selector(or_self=True, place="adjacent"),
}
_GAIN = r"(?:получает|получить) "
_UNTIL_RE = r" до конца (?P<until>вашего хода|хода)"


def values(raw: str) -> Values:
    """«1-2-3» → (1, 2, 3); «2» → (2, 2, 2)."""
    if "-" in raw:
        weak, medium, strong = (int(v) for v in raw.split("-"))
        return (weak, medium, strong)
    return (int(raw), int(raw), int(raw))


def quoted_name(raw: str | None) -> str | None:
    return raw.strip("«»\"") if raw else None


def take_limit(text: str) -> tuple[Limit | None, str]:
    """«(2 раза за ход)» anywhere in ``text`` → the limit and the text without it."""
    m = _LIMIT.search(text)
    if not m:
        return None, text
    word = m.group(1)
    count = int(word) if word.isdigit() else NUMBERS[word]
    limit = Limit(count=count, per="turn" if m.group(2) == "ход" else "battle")
    return limit, text[: m.start()] + text[m.end():]


def ranged(text: str) -> tuple[Effect, str] | None:
    """«метание «магмы» на 1, дальность 4», «выстрел на 1-2-3»."""
    m = _RANGED.match(text)
    if not m:
        return None
    cls = _RANGED_CLASSES[RANGED_KINDS[m.group(1)]]
    rng = int(m.group(4)) if m.group(4) else None
    effect = cls(values=values(m.group(3)), range=rng, name=quoted_name(m.group(2)))
    return cast(Effect, effect), text[m.end():]


def strike(text: str) -> tuple[Effect, str] | None:
    """«удар через ряд на 1», «особый удар молниеносный выпад на 3»."""
    m = _STRIKE.match(text)
    if not m:
        return None
    return Strike(attack=STRIKE_KINDS[m.group(1)], values=values(m.group(3)),  # type: ignore[arg-type]
                  name=quoted_name(m.group(2))), text[m.end():]


def gain_counters(text: str) -> tuple[Effect, str] | None:
    """«получить фишку», «получить 2 фишки»."""
    m = re.match(r"получить (?:(\d+) )?фишк(?:у|и)", text)
    if not m:
        return None
    return Counters(action="gain", count=int(m.group(1) or 1)), text[m.end():]


def wound(text: str) -> tuple[Effect, str] | None:
    """«ранить его на 1», «ранить себя или стоящее рядом существо на 1»."""
    m = re.match(r"ранить (" + alternation(_WOUND_TARGETS) + r") на (\d+)(?!-)", text)
    if not m:
        return None
    return Wound(value=int(m.group(2)), target=_WOUND_TARGETS[m.group(1)]), text[m.end():]


def jump(text: str) -> tuple[Effect, str] | None:
    """«совершить прыжок дальностью 3, только на свободную клетку»."""
    m = re.match(r"(?:совершить\s+)?прыжок,?\s+дальност(?:ью|ь)\s+(\d+)"
                 r"(\s*,\s*только\s+на\s+свободную\s+клетку)?", text)
    if not m:
        return None
    to = Cell(free=True) if m.group(2) else None
    return Jump(range=int(m.group(1)), to=to), text[m.end():]


def teleport(text: str) -> tuple[Effect, str] | None:
    """«совершить телепортацию»."""
    m = re.match(r"(?:совершить\s+)?телепортаци[юя](?=$|[,;.]| и )", text)
    return (Teleport(), text[m.end():]) if m else None


def lose_counters(text: str) -> tuple[Effect, str] | None:
    """«теряет все фишки»."""
    m = re.match(r"теряет все фишки", text)
    return (Counters(action="lose", count="all"), text[m.end():]) if m else None


def bonus_attacks(text: str) -> tuple[tuple[Attack, ...], str]:
    """«простому удару и направленному удару по …» → the attacks, and «по …» left over.
    «слабому/среднему/сильному» qualify a simple strike only."""
    attacks: list[Attack] = []
    rest = text
    pattern = re.compile(r"(?:(слабому|среднему|сильному) )?(" + alternation(BONUS_TO)
                         + r")(?=$|\s|,)")
    while True:
        m = pattern.match(rest)
        if not m:
            return tuple(attacks), rest
        attack = BONUS_TO[m.group(2)]
        if m.group(1):
            if attack.kind != "simple_strike":
                return tuple(attacks), rest
            attack = Attack(kind="simple_strike", strength=(STRENGTH[m.group(1)],))  # type: ignore[arg-type]
        attacks.append(attack)
        rest = rest[m.end():]
        if not rest.startswith(" и "):
            return tuple(attacks), rest
        rest = rest[3:]


def bonus(text: str) -> tuple[Effect, str] | None:
    """«получает +1 к простому удару до конца хода»."""
    m = re.match(_GAIN + r"\+(\d+) к (.+?)" + _UNTIL_RE, text)
    if not m:
        return None
    attacks, rest = bonus_attacks(m.group(2))
    if not attacks or rest:
        return None
    return AttackBonus(value=int(m.group(1)), to=attacks,
                       until=UNTIL[m.group("until")]), text[m.end():]


def range_bonus(text: str) -> tuple[Effect, str] | None:
    """«получает +1 к дальности разряда до конца хода»."""
    m = re.match(_GAIN + r"\+(\d+) к дальности (" + alternation(RANGE_OF) + r")" + _UNTIL_RE,
                 text)
    if not m:
        return None
    attack = Attack(kind=RANGE_OF[m.group(2)])  # type: ignore[arg-type]
    return RangeBonus(value=int(m.group(1)), to=(attack,),
                      until=UNTIL[m.group("until")]), text[m.end():]


def growing_keyword(text: str) -> tuple[Effect, str] | None:
    """«получает опыт в атаке 1 или +1 к опыту в атаке до конца вашего хода»."""
    m = re.match(_GAIN + r"([а-я ]+?) (\d+) или \+(\d+) к ([а-я ]+?)" + _UNTIL_RE, text)
    if not m or m.group(2) != m.group(3):
        return None
    code = KEYWORDS.get(m.group(1))
    if code is None or KEYWORD_DATIVE.get(m.group(4)) != code:
        return None
    return Keyword(code=code, value=int(m.group(2)), or_increase=True,  # type: ignore[arg-type]
                   until=UNTIL[m.group("until")]), text[m.end():]


def movement_bonus(text: str) -> tuple[Effect, str] | None:
    """«цель получает +1 движение до конца вашего хода»."""
    m = re.match(r"(цель )?получает \+(\d+) движени[ея]" + _UNTIL_RE, text)
    if not m:
        return None
    target: Target = "target" if m.group(1) else "self"
    return MovementBonus(value=int(m.group(2)), target=target,
                         until=UNTIL[m.group("until")]), text[m.end():]


#: What an activated ability's body may be.
ACTIONS: tuple[EffectParser, ...] = (ranged, strike)
#: What a trigger's effects may be.
TRIGGERED: tuple[EffectParser, ...] = (
    ranged, strike, wound, jump, teleport, lose_counters, range_bonus, bonus, growing_keyword,
    movement_bonus,
)


def first_effect(text: str, parsers: tuple[EffectParser, ...]) -> tuple[Effect, str] | None:
    for parse in parsers:
        found = parse(text)
        if found is not None:
            return found
    return None
