"""Conditions: the phrase after «пока …», «если …» (or a mode prefix) → a
:data:`~bot.corpus.abilities.Condition`, or None when a word of it is not known.

Every reader reads the whole phrase (normalised: :func:`bot.importers.abilities.text.
normalise`); the tables are whitelists.

>>> condition("не имеет ран")
State(flags=('unwounded',))
>>> condition("в вашем отряде есть лес или река")
Squad(selector=Selector(what='terrain', classes=('Лес', 'Река')))
>>> condition("стоит в вашем третьем ряду")
InRow(rows=(3,))
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.corpus.abilities import (
    Column,
    Condition,
    DieRoll,
    Flag,
    Has,
    Having,
    InColumn,
    InRow,
    InZone,
    Lives,
    Nearby,
    Place,
    Selector,
    Squad,
    State,
    Target,
    TurnIs,
)
from bot.importers.abilities.text import SELF

#: Who a condition is about, when it names them before the verb.
_SUBJECTS: dict[str, Target] = {"": "self", f"{SELF} ": "self", "он ": "self", "она ": "self",
                                "оно ": "self", "хозяин ": "host", "хозяин @self ": "host"}
_SUBJECT = r"(?P<subject>" + "|".join(sorted(map(re.escape, _SUBJECTS), key=len,
                                              reverse=True)) + r")"
_STATES: dict[str, Flag] = {
    "закрыт": "closed", "закрыта": "closed", "закрыто": "closed", "закрыты": "closed",
    "открыт": "open", "открыта": "open", "открыто": "open", "открыты": "open",
    "не имеет ран": "unwounded", "не имеют ран": "unwounded", "без ран": "unwounded",
    "имеет раны": "wounded", "летающий": "flying", "летающая": "flying", "летающее": "flying",
    "летающие": "flying",
}
#: What a card has, in the accusative («пока имеет проклятие»).
_HAVINGS: dict[str, Having] = {
    "проклятие": "cur", "благословление": "bls", "отравление": "psn", "фишку": "counter",
    "фишки": "counter", "жетон": "token", "жетоны": "token", "броню": "armor",
    "дополнительные жизни": "extra_life", "симбиота": "symbiote",
}
#: Terrain in a squad: the card database's class of a terrain card.
_TERRAINS: dict[str, str] = {
    "лес": "Лес", "горы": "Горы", "болото": "Болото", "река": "Река", "пустыня": "Пустыня",
    "город": "Город", "степь": "Степь", "море": "Море",
}
_ROWS = {"первом": 1, "втором": 2, "третьем": 3, "1": 1, "2": 2, "3": 3}
_ROW = r"(?:первом|втором|третьем|[123](?:-м)?)"
_COLUMNS: dict[str, tuple[Column, ...]] = {
    "центральном столбце": ("center",),
    "крайнем левом или правом столбце": ("left_edge", "right_edge"),
    "крайнем левом столбце": ("left_edge",), "крайнем правом столбце": ("right_edge",),
}
#: Cards a condition counts next to it (instrumental: «рядом с вашим героем»).
_NEAR: dict[str, Selector] = {
    "вашим героем": Selector(what="hero", side="own"),
    "элитным существом": Selector(flags=("elite",)),
    "рядовым существом": Selector(flags=("ordinary",)),
    "артефактом": Selector(what="artefact"),
    "вашим артефактом": Selector(what="artefact", side="own"),
    "существом противника": Selector(side="enemy"),
    "вашим существом": Selector(side="own"),
}
_NEAR_RE = "|".join(sorted(_NEAR, key=len, reverse=True))


def condition(text: str) -> Condition | None:
    """The condition ``text`` states, or None."""
    text = text.strip()
    for read in _READERS:
        found = read(text)
        if found is not None:
            return found
    return None


def _state(text: str) -> Condition | None:
    m = re.fullmatch(_SUBJECT + r"(?:является )?(?P<what>" + "|".join(_STATES) + r")", text)
    if not m:
        return None
    return State(subject=_SUBJECTS[m.group("subject")], flags=(_STATES[m.group("what")],))


def _has(text: str) -> Condition | None:
    m = re.fullmatch(_SUBJECT + r"(?P<neg>не )?имеет (?P<what>" + "|".join(_HAVINGS) + r")",
                     text)
    if m:
        return Has(subject=_SUBJECTS[m.group("subject")], having=(_HAVINGS[m.group("what")],),
                   negated=bool(m.group("neg")))
    m = re.fullmatch(r"на " + SELF + r" (?P<is>есть|нет) (?:фишка|фишки)", text)
    if m:
        return Has(having=("counter",), negated=m.group("is") == "нет")
    return None


def _squad(text: str) -> Condition | None:
    m = re.fullmatch(r"в (?P<side>вашем )?отряде(?P<enemy> противника)? (?P<is>есть|нет) "
                     r"(?P<what>[а-я]+(?: или [а-я]+)*)", text)
    if not m or bool(m.group("side")) == bool(m.group("enemy")):
        return None
    names = m.group("what").split(" или ")
    if m.group("is") == "нет" or any(n not in _TERRAINS for n in names):
        return None
    selector = Selector(what="terrain", classes=tuple(_TERRAINS[n] for n in names))
    return Squad(side="enemy" if m.group("enemy") else "own", selector=selector)


def _row(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:стоит|находится) (?:в|во) (?:вашем )?(?P<rows>" + _ROW + r"(?: или "
                     + _ROW + r")*) ряду", text)
    if not m:
        return None
    rows = [_ROWS[r.removesuffix("-м")] for r in m.group("rows").split(" или ")]
    return InRow(rows=tuple(rows))


def _column(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:стоит|находится) в (?P<where>" + "|".join(_COLUMNS) + r")", text)
    return InColumn(columns=_COLUMNS[m.group("where")]) if m else None


def _lives(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:имеет|у него) (?P<n>\d+) или (?P<dir>менее|меньше|более|больше) жизней",
                     text)
    if m:
        n = int(m.group("n"))
        return Lives(at_most=n) if m.group("dir") in ("менее", "меньше") else Lives(at_least=n)
    m = re.fullmatch(r"(?:имеет|у него) (?P<dir>больше|меньше) (?P<n>\d+) жизней", text)
    if m:
        n = int(m.group("n"))
        return Lives(at_least=n + 1) if m.group("dir") == "больше" else Lives(at_most=n - 1)
    return None


def _turn(text: str) -> Condition | None:
    if text in ("в свой ход", "в ваш ход"):
        return TurnIs(turn="own")
    if text == "в ход противника":
        return TurnIs(turn="enemy")
    return None


def _die(text: str) -> Condition | None:
    m = re.fullmatch(r"выпало (?P<v>[1-6](?:(?:, | или )[1-6])*)", text)
    if not m:
        return None
    return DieRoll(values=tuple(int(v) for v in re.findall(r"\d", m.group("v"))))


def _zone(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:находится )?на (поверхности|глубине)", text)
    if not m:
        return None
    return InZone(zone="surface" if m.group(1) == "поверхности" else "depth")


def _nearby(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:стоит )?(?P<place>рядом|в строю) с (?P<who>" + _NEAR_RE + r")", text)
    if not m:
        return None
    place: Place = "adjacent" if m.group("place") == "рядом" else "in_formation"
    return Nearby(place=place, selector=_NEAR[m.group("who")])


_READERS: tuple[Callable[[str], Condition | None], ...] = (
    _state, _has, _squad, _row, _column, _lives, _turn, _die, _zone, _nearby,
)
