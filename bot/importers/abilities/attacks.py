"""Attack descriptions: «от средних и сильных немагических атак», «от атак летающих», «от
выстрелов и метаний», «к простому удару» — as :class:`~bot.corpus.abilities.Attack` tuples.

>>> genitive_attacks("средних и сильных немагических атак")
((Attack(kind='attack', strength=('medium', 'strong'), magic=False),), '')
>>> genitive_attacks("атак степных и темных карт")[0][0].by
Selector(what='card', elements=('Степи', 'Тьма'))
"""

from __future__ import annotations

import dataclasses
import re

from bot.corpus.abilities import Amount, Attack, AttackKind, Reach, Selector, Strength
from bot.importers.abilities.selectors import described
from bot.importers.abilities.words import alternation

#: Attack nouns in the genitive («от …», «защита от …»).
_GENITIVE: dict[str, AttackKind] = {
    "простого удара": "simple_strike", "простых ударов": "simple_strike",
    "ударов": "strike", "удара": "strike", "атак": "attack", "атаки": "attack",
    "атака": "attack",  # «-1 от атака горных существ»: a misprint of the database
    "выстрелов": "shot", "выстрела": "shot", "метаний": "throw", "метания": "throw",
    "разрядов": "discharge", "разряда": "discharge", "магии": "magic",
    "заклинаний": "spell", "отравления": "poison",
    "подлости": "meanness",  # «Когда получает раны от подлости …» (50-102): a «подлость N»'s wounds
    "добивания": "finishing",  # «При гибели … от добивания …» (40-153): the death «добивание» deals
    "направленных ударов": "directed_strike", "направленного удара": "directed_strike",
    "ответных ударов": "counterstrike", "ответного удара": "counterstrike",
    "магических ударов": "magic_strike", "магического удара": "magic_strike",
    "ударов через ряд": "through_row", "удара через ряд": "through_row",
}
_STRENGTH: dict[str, Strength] = {"слабых": "weak", "слабого": "weak", "средних": "medium",
                                  "среднего": "medium", "сильных": "strong", "сильного": "strong"}
_REACH: dict[str, Reach] = {"дальних": "ranged", "дальней": "ranged", "дальнего": "ranged",
                            "ближних": "melee", "ближней": "melee", "ближнего": "melee"}
_MAGIC = {"магических": True, "немагических": False, "магической": True, "немагической": False}
#: Kinds a strength may qualify («слабых выстрелов» is a shot of weak strength).
_WITH_STRENGTH = ("simple_strike", "strike", "attack", "shot", "throw", "discharge")

_STRENGTHS = r"(?:(?P<strength>(?:" + alternation(_STRENGTH) + r")(?:(?: и | или |, )(?:" \
    + alternation(_STRENGTH) + r"))*) )?"
_ONE = re.compile(_STRENGTHS + r"(?:(?P<reach>" + alternation(_REACH) + r") )?"
                  r"(?:(?P<magic>" + alternation(_MAGIC) + r") )?(?P<noun>"
                  + alternation(_GENITIVE) + r")(?=$|[ ,.;)])")


#: «магических ударов», «магических ударов и разрядов»: the noun magic_strike, not an adjective.
_KIND_FIRST = re.compile(_STRENGTHS + r"(?:(?P<reach>" + alternation(_REACH) + r") )?"
                         r"(?P<magic>)(?P<noun>магических ударов|магического удара)(?=$|[ ,.;)])")


def _attack(m: re.Match[str]) -> Attack | None:
    kind = _GENITIVE[m.group("noun")]
    magic = _MAGIC[m.group("magic")] if m.group("magic") else None
    strength: tuple[Strength, ...] = ()
    if m.group("strength"):
        if kind not in _WITH_STRENGTH:
            return None
        strength = tuple(_STRENGTH[w] for w in re.split(r" и | или |, ", m.group("strength")))
    if magic is not None and kind != "attack" and (kind, magic) != ("strike", False):
        # «магических ударов» is a noun of its own (magic_strike); «немагических выстрелов»
        # is not said
        return None
    reach = _REACH[m.group("reach")] if m.group("reach") else None
    return Attack(kind=kind, strength=strength, magic=magic, reach=reach)


def genitive_attacks(text: str) -> tuple[tuple[Attack, ...], str]:
    """Attacks named in the genitive at the start of ``text`` (joined by «и»/«или»), with
    whose attacks they are («атак летающих», «атак горных карт», «ударов существ с
    проклятием»); and the rest of the text. No attack: ((), text)."""
    attacks: list[Attack] = []
    rest = text
    while True:
        m = _ONE.match(rest)
        if not m:
            break
        if m.group("magic") == "магических" and _KIND_FIRST.match(rest):
            m = _KIND_FIRST.match(rest)
            assert m is not None
        attack = _attack(m)
        if attack is None:
            return (), text
        attacks.append(attack)
        rest = rest[m.end():]
        joined = re.match(r" (?:и|или) ", rest)
        if not joined or not _ONE.match(rest[joined.end():]):
            break
        rest = rest[joined.end():]
    if not attacks:
        return (), text
    found, rest = _with_by(tuple(attacks), rest)
    return _sized(*_diagonal(found, rest))


#: «величиной 1» (20-39), «величиной 3 и более» (20-191): the value of the attacks.
_SIZE = re.compile(r" величиной (?P<n>\d+)(?P<more> и более| или более)?(?=$|[ ,.;)])")
#: «величиной X или менее» (20-157): at most that value.
_SIZE_OR_LESS = re.compile(r" величиной (?P<n>\d+|x) (?:и|или) менее(?=$|[ ,.;)])")


def _sized(attacks: tuple[Attack, ...], rest: str) -> tuple[tuple[Attack, ...], str]:
    """``attacks`` of a value, when ``rest`` says it right after them."""
    even = re.match(r" (?P<p>четной|нечетной) величины(?=$|[ ,.;)])", rest)
    if even:  # «от атак чётной величины» (40-218)
        parity = even.group("p") == "четной"
        return tuple(dataclasses.replace(a, size_even=parity) for a in attacks), rest[even.end():]
    m = _SIZE_OR_LESS.match(rest)
    if m:  # «защиту от атак величиной X или менее» (20-157)
        most: Amount = int(m.group("n")) if m.group("n").isdigit() else "X"
        return tuple(dataclasses.replace(a, size_max=most) for a in attacks), rest[m.end():]
    m = _SIZE.match(rest)
    if not m:
        return attacks, rest
    n = int(m.group("n"))
    top = None if m.group("more") else n
    return tuple(dataclasses.replace(a, size_min=n, size_max=top) for a in attacks), rest[m.end():]


#: «ударов по диагонали» (10-64), «ударов, нанесенных не по диагонали» (20-136).
_DIAGONAL = re.compile(r"(?:,? нанесенных)? (?P<not>не )?по диагонали(?=$|[ ,.;)])")


def _diagonal(attacks: tuple[Attack, ...], rest: str) -> tuple[tuple[Attack, ...], str]:
    """``attacks`` made (not) along a diagonal, when ``rest`` says so."""
    m = _DIAGONAL.match(rest)
    if not m or any(a.kind not in ("strike", "simple_strike") for a in attacks):
        return attacks, rest
    if m.group("not") and "нанесенных" not in m.group(0):
        return attacks, rest  # «не по диагонали» alone: not said of attacks
    diagonal = not m.group("not")
    return tuple(dataclasses.replace(a, diagonal=diagonal) for a in attacks), rest[m.end():]


#: Where a phrase of whose attacks may end.
_BOUNDARY = re.compile(r"(?=,| до конца | и [+-]| \(|$)")


def _with_by(attacks: tuple[Attack, ...], rest: str) -> tuple[tuple[Attack, ...], str]:
    """«атак» + « степных карт»: the longest phrase after the attacks that names cards."""
    if not rest.startswith(" ") or rest.startswith((" до конца ", " и ", " или ")):
        return attacks, rest
    for end in sorted((m.start() for m in _BOUNDARY.finditer(rest)), reverse=True):
        phrase = rest[1:end]
        if not phrase:
            continue
        found = by_whom(attacks, phrase)
        if found is not None:
            return found, rest[end:]
    return attacks, rest


#: «ваших гномов и артефактов» (40-69): «ваших» of two nouns, each one word.
_OWN_TWO = re.compile(r"(?P<own>ваших) (?P<a>[а-я]+) и (?P<b>[а-я]+)")


def by_whom(attacks: tuple[Attack, ...], phrase: str) -> tuple[Attack, ...] | None:
    """``attacks`` made by the cards ``phrase`` names in the genitive («летающих», «горных
    карт», «существ с проклятием»), or None when the phrase is not read; «атак ваших гномов и
    артефактов»: the attacks of each (one selector cannot be two nouns)."""
    who = described(phrase)
    two = _OWN_TWO.fullmatch(phrase) if who is None else None
    if two:
        each = [described(f"{two.group('own')} {two.group(n)}") for n in ("a", "b")]
        plain = [w for w in each if isinstance(w, Selector) and w == Selector(
            what=w.what, side="own", classes=w.classes) and (w.what != "creature" or w.classes)]
        if len(plain) != 2 or plain[0] == plain[1]:
            return None
        return tuple(Attack(kind=a.kind, strength=a.strength, magic=a.magic, reach=a.reach,
                            by=w) for w in plain for a in attacks)
    if who is None:
        return None
    return tuple(Attack(kind=a.kind, strength=a.strength, magic=a.magic, reach=a.reach,
                        by=who) for a in attacks)


#: Attack nouns in the nominative plural («все простые удары по …», «атаки болотных карт»).
_NOMINATIVE: dict[str, AttackKind] = {
    "простые удары": "simple_strike", "простой удар": "simple_strike", "удары": "strike",
    "магический удар": "magic_strike",
    "атаки": "attack", "выстрелы": "shot", "метания": "throw", "разряды": "discharge",
}
_NOM_STRENGTH: dict[str, Strength] = {"слабые": "weak", "средние": "medium", "сильные": "strong"}
_NOM_MAGIC = {"магические": True, "немагические": False}
_NOM = re.compile(r"(?:(?P<strength>(?:" + alternation(_NOM_STRENGTH) + r")(?: и (?:"
                  + alternation(_NOM_STRENGTH) + r"))*) )?(?:(?P<magic>"
                  + alternation(_NOM_MAGIC) + r") )?(?P<noun>" + alternation(_NOMINATIVE)
                  + r")(?=$| )")


def nominative_attacks(text: str) -> tuple[tuple[Attack, ...], str]:
    """One attack named in the nominative («все немагические атаки», «удары летающих
    существ»), with whose attacks they are; and the rest. None read: ((), text)."""
    m = _NOM.match(text)
    if not m:
        return (), text
    kind = _NOMINATIVE[m.group("noun")]
    strength: tuple[Strength, ...] = ()
    if m.group("strength"):
        if kind not in _WITH_STRENGTH:
            return (), text
        strength = tuple(_NOM_STRENGTH[w] for w in m.group("strength").split(" и "))
    magic = _NOM_MAGIC[m.group("magic")] if m.group("magic") else None
    if magic is not None and kind not in ("attack", "strike"):
        return (), text
    attack = Attack(kind=kind, strength=strength, magic=magic)
    rest = text[m.end():]
    if not rest:
        return (attack,), ""
    found = by_whom((attack,), rest.strip())
    return (found, "") if found is not None else ((), text)
