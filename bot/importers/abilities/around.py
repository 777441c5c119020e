"""Rules about the cards standing around the card, and about the card in a state — a normalised
sentence → its abilities, or None: «Ваши болотные существа получают -1 от простого удара, пока
стоят рядом с Ведьмой» (the cards a modifier is for, while they stand there: the cards standing
there), «Существа противника теряют особенности, пока стоят напротив открытого Безликого» (the
same, under the card's own state), «Простой удар по закрытому Мороку сводятся к 1» (a rule of
the card while closed).

Each reader reads the whole sentence; the subject must be a plural selector that names no
place of its own, so the place the condition names becomes its place.

>>> while_there("существа имеют -1 от магических ударов, пока стоят слева или справа от @self")
[Reduction(value=1, against=(Attack(kind='magic_strike'),), target=Selector(all=True, \
place='left_or_right'))]
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from bot.corpus.abilities import Ability, Effect, Place, Selector, State, Static, TurnIs
from bot.importers.abilities import effects as fx
from bot.importers.abilities.statics import reduce_to
from bot.importers.abilities.text import SELF

#: «…, пока (они) стоят рядом с / слева или справа от / напротив / в строю с <the card>».
_WHILE_THERE = re.compile(r"(?P<body>.+), пока (?:они )?(?:стоят )?(?P<place>рядом с|слева или "
                          r"справа от|напротив|в строю с) (?P<open>открытого )?" + SELF)
_PLACES: dict[str, Place] = {"рядом с": "adjacent", "слева или справа от": "left_or_right",
                             "напротив": "opposite", "в строю с": "in_formation"}


#: «Пока <one card> стоит <place> <the card>, оно <verb> …» (10-19): each such card.
_WHILE_ONE_THERE = re.compile(r"пока (?P<who>[^,]+?) стоит (?P<place>рядом с|справа или слева от|"
                              r"слева или справа от|напротив) " + SELF + r", (?:оно|он|она) "
                              r"(?P<verb>получает|имеет) (?P<what>.+)")


def _there(s: str) -> tuple[list[Effect], bool] | None:
    """The effects of «<subject> <verb> <modifiers>, пока стоят <place> [открытого] <card>»,
    their subject placed there; and whether the card must be open."""
    one = _WHILE_ONE_THERE.fullmatch(s)
    if one:  # «Пока ваше степное существо стоит справа или слева от …, оно получает …»
        place = one.group("place").replace("справа или слева", "слева или справа")
        s = f"{one.group('who')} {one.group('verb')} {one.group('what')}, пока стоят {place} {SELF}"
    m = _WHILE_THERE.fullmatch(s)
    if not m:
        return None
    body = m.group("body")
    found: tuple[tuple[Effect, ...], str] | None = fx.gains(body)
    if found is None:
        lost = fx.loses(body)
        found = ((lost[0],), lost[1]) if lost is not None else None
    if found is None or found[1].strip():
        return None
    effects = found[0]
    whos = {getattr(e, "target", None) for e in effects}
    if len(whos) != 1:
        return None
    (who,) = whos
    if one and isinstance(who, Selector) and not who.all:
        who = dataclasses.replace(who, all=True)  # each card that stands there
    if (not isinstance(who, Selector) or not who.all or who.place is not None
            or who.region is not None or who.up_to is not None):
        return None
    placed = dataclasses.replace(who, place=_PLACES[m.group("place")])
    each: list[Any] = list(effects)
    return [dataclasses.replace(e, target=placed) for e in each], bool(m.group("open"))


def while_there(s: str) -> list[Ability] | None:
    """«Ваши аккенийцы имеют +1 к атакам, пока они в строю с Полководцем»: the modifiers of the
    cards standing there."""
    found = _there(s)
    return list(found[0]) if found is not None and not found[1] else None


def while_open_there(s: str) -> list[Ability] | None:
    """«Существа противника теряют особенности, пока стоят напротив открытого Безликого»: a
    :class:`Static` while the card is open."""
    found = _there(s)
    if found is None or not found[1]:
        return None
    return [Static(condition=State(flags=("open",)), grants=tuple(found[0]))]


#: «… по закрытому <the card> сводятся к …»: attacks at the card while it is closed.
_AT_CLOSED = re.compile(r"(?P<before>.+ по )закрытому (?P<after>" + SELF
                        + r" (?:сводятся|сводится) к .+)")


def while_closed(s: str) -> list[Ability] | None:
    """«Простой удар по закрытому Безликому сводятся к 1»: a :class:`Static` while the card is
    closed."""
    m = _AT_CLOSED.fullmatch(s)
    if not m:
        return None
    found = reduce_to(m.group("before") + m.group("after"))
    if found is None:
        return None
    return [Static(condition=State(flags=("closed",)), grants=tuple(found))]


#: «… <the card> в ход противника сводятся к …»: its attacks in that turn.
_IN_TURN = re.compile(r"(?P<before>.+ " + SELF + r") в (?P<turn>ход противника|свой ход) "
                      r"(?P<after>(?:сводятся|сводится) к .+)")


def in_turn(s: str) -> list[Ability] | None:
    """«Простой удар Железного голема в ход противника сводятся к сильному» (21-8): a
    :class:`Static` in that turn."""
    m = _IN_TURN.fullmatch(s)
    if not m:
        return None
    found = reduce_to(f"{m.group('before')} {m.group('after')}")
    if found is None:
        return None
    turn = TurnIs(turn="enemy" if m.group("turn") == "ход противника" else "own")
    return [Static(condition=turn, grants=tuple(found))]


def frame(s: str) -> list[Ability] | None:
    """A :class:`Static` this module reads: :func:`while_open_there`, :func:`while_closed`,
    :func:`in_turn`."""
    return while_open_there(s) or while_closed(s) or in_turn(s)


__all__ = ["frame", "in_turn", "while_closed", "while_open_there", "while_there"]
