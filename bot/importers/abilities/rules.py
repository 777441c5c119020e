"""Rules a card states about what it (or others) may or may not do — a normalised clause →
its effects, or None: rules of defending («Может выступать защитником любое число раз за
ход»), whom attacks may be declared at («Карты противника могут объявлять выстрел и метание
только по Резчику идолов (вне зависимости от дальности)»), what a card cannot do («Не может
нападать или выступать защитником», «Не может объявлять метание»).

Each reader reads the whole clause; every table is a whitelist.

>>> rule("может выступать защитником любое число раз за ход")
[Defends(any_number=True)]
>>> rule("может объявлять выстрел только по карте без ран")[0].targets
Selector(what='card', flags=('unwounded',))
>>> rule("не может нападать простым ударом")
[Cannot(actions=('attack',), attacks=(Attack(kind='simple_strike'),))]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.corpus.abilities import (
    Ability,
    Action,
    Attack,
    Cannot,
    CountersAsOpen,
    Defends,
    Effect,
    MaxSymbiotes,
    OnlyTargets,
    Selector,
    SquadBan,
    Until,
)
from bot.importers.abilities.selectors import described, target
from bot.importers.abilities.text import SELF
from bot.importers.abilities.words import UNTIL, alternation

Rule = Callable[[str], "list[Effect] | None"]

#: Attacks declared («объявлять …»), in the accusative.
_DECLARED: dict[str, Attack] = {
    "выстрел": Attack(kind="shot"), "выстрелы": Attack(kind="shot"),
    "метание": Attack(kind="throw"), "метания": Attack(kind="throw"),
    "разряд": Attack(kind="discharge"), "разряды": Attack(kind="discharge"),
    "атаку": Attack(kind="attack"), "атаки": Attack(kind="attack"),
    "простой удар": Attack(kind="simple_strike"),
    "дальние атаки": Attack(kind="attack", reach="ranged"),
}
_DECLARED_LIST = (r"(?:" + alternation(_DECLARED) + r")(?:(?:, | и | или )(?:"
                  + alternation(_DECLARED) + r"))*")


def _declared(text: str) -> tuple[Attack, ...]:
    return tuple(_DECLARED[w] for w in re.split(r", | и | или ", text))


# ---------------------------------------------------------------------------------------------
# Defending


_DEFENDS = re.compile(r"может выступать защитником (?:(?P<any>любое число раз за ход)|"
                      r"любому (?P<whom>.+))")


def defends(s: str) -> list[Effect] | None:
    """«Может выступать защитником любое число раз за ход», «… любому вашему нелетающему
    существу», «… любому существу в своем ряду»."""
    m = _DEFENDS.fullmatch(s)
    if not m:
        return None
    if m.group("any"):
        return [Defends(any_number=True)]
    whom = described(m.group("whom"))
    if not isinstance(whom, Selector) or whom.up_to is not None:
        return None
    return [Defends(whom=whom)]


# ---------------------------------------------------------------------------------------------
# Whom attacks may be declared at


_ONLY = re.compile(r"(?:(?P<who>.+?),? (?P<verb>может|могут)|может) объявлять (?P<attacks>"
                   + _DECLARED_LIST + r") только по (?P<whom>.+?)"
                   r"(?:(?P<range> \(вне зависимости от дальности\))|"
                   # «(кроме удара через ряд, независимо от дальноти)» (30-190: «дальноти» is
                   # the database's slip): the attacks it does not bind, and any range
                   r" \((?P<ex>кроме удара через ряд)(?P<range2>, (?:независимо|вне зависимости) от "
                   r"дальн(?:ости|оти))?\))?")


def only_targets(s: str) -> list[Effect] | None:
    """«Карты противника могут объявлять выстрел и метание только по Резчику идолов (вне
    зависимости от дальности)», «Может объявлять простой удар только по карте, стоящей
    напротив»."""
    m = _ONLY.fullmatch(s)
    if not m:
        return None
    attackers = None
    if m.group("who"):
        attackers = target(m.group("who"), plural=m.group("verb") == "могут")
        if attackers is None or attackers == "self":
            return None
    whom = described(m.group("whom"))
    if whom is None or (isinstance(whom, Selector) and whom.up_to is not None):
        return None
    excluding = (Attack(kind="through_row"),) if m.group("ex") else ()
    return [OnlyTargets(attackers=attackers or "self", attacks=_declared(m.group("attacks")),
                        excluding=excluding, targets=whom,
                        any_range=bool(m.group("range") or m.group("range2")))]


#: «Может нападать только на карты, стоящие в одном столбце с ним» (40-102): every attack it
#: declares; «ним» is the card itself.
_ASSAULTS_ONLY = re.compile(r"может нападать только на (?P<whom>.+)")


def assaults_only(s: str) -> list[Effect] | None:
    """«Может нападать только на карты, стоящие в одном столбце с ним»: whom any attack of the
    card may be declared at (in the accusative)."""
    m = _ASSAULTS_ONLY.fullmatch(s)
    if not m:
        return None
    whom = described(re.sub(r" с (?:ним|ней)$", " с " + SELF, m.group("whom")))
    if not isinstance(whom, Selector) or whom.up_to is not None or whom.all:
        return None
    return [OnlyTargets(attacks=(Attack(kind="attack"),), targets=whom)]


#: «Астрального двойника нельзя атаковать своими картами» (20-45): its owner's cards may declare
#: no attack at it — every attack of theirs only at another card.
_NOT_BY_OWN = re.compile(re.escape(SELF) + r" нельзя атаковать своими картами")


def not_attacked_by_own(s: str) -> list[Effect] | None:
    """«<Карту> нельзя атаковать своими картами»: an ``only_targets`` of every card of its owner
    (any attack) at any card but this one."""
    if not _NOT_BY_OWN.fullmatch(s):
        return None
    return [OnlyTargets(attackers=Selector(what="card", side="own", all=True),
                        attacks=(Attack(kind="attack"),),
                        targets=Selector(what="card", other=True))]


# ---------------------------------------------------------------------------------------------
# What a card cannot do


#: «не может …»: what it cannot do (the attack, when only one kind of attack is forbidden).
_CANNOT: dict[str, tuple[Action, Attack | None]] = {
    "передвигаться": ("move", None), "двигаться": ("move", None),
    "нападать": ("attack", None), "атаковать": ("attack", None),
    "выступать защитником": ("defend", None),
    "нападать простым ударом": ("attack", Attack(kind="simple_strike")),
    "объявлять метание": ("attack", Attack(kind="throw")),
    "объявлять выстрел": ("attack", Attack(kind="shot")),
    "объявлять разряд": ("attack", Attack(kind="discharge")),
}
_CANNOT_RE = re.compile(r"(?:@self )?не может (?P<what>(?:" + alternation(_CANNOT) + r")(?: или "
                        r"(?:" + alternation(_CANNOT) + r"))*)")
#: «атакованный не может выступать защитником до конца хода» (50-199), «оно не может атаковать
#: до конца хода» (10-15), «атакованный не может излечиваться или получать дополнительные жизни
#: до конца хода противника» (30-171): another card, for a while. Being healed and gaining extra lives are one action (``be_healed``), so
#: only the two together are read.
#: «атакованное существо не может излечиваться и получать дополнительные жизни в свой следующий
#: ход» (20-7): only during its owner's next turn (``its_next_turn``); «эта карта не может
#: объявлять выстрел или метание в свой следующий ход» (20-44): the attacks it may not declare.
_RANGED = ("выстрел", "метание", "разряд")
_OTHER_CANNOT_RE = re.compile(
    r"(?P<who>[^,;]+?) не может (?P<what>выступать защитником|атаковать|излечиваться (?:или|и) "
    r"получать дополнительные жизни|использовать магические способности|"
    r"объявлять (?P<declared>(?:" + alternation(_RANGED)
    + r")(?: или (?:" + alternation(_RANGED) + r"))*)) (?:до конца (?P<until>"
    + alternation(UNTIL) + r")|(?P<next>в свой следующий ход))")
#: «атакованный не может использовать магические способности в свой следующий ход» (30-87).
_OTHER_CANNOT: dict[str, Action] = {"выступать защитником": "defend", "атаковать": "attack",
                                    "использовать магические способности": "use_magic"}
#: «Стоящие рядом существа противника … не могут двигаться» (50-191): the cards a plural subject
#: describes cannot move.
_THEY_CANNOT_MOVE = re.compile(r"(?P<who>[^,;]+?) не могут (?:двигаться|передвигаться)")
#: «Карлику Унду нельзя назначать защитника» (20-6), «выбранной карте противника нельзя
#: назначать защитника до конца хода» (20-117): no defender may be given to that card.
_NO_DEFENDER_RE = re.compile(r"(?P<who>[^,;]+?) нельзя назначать защитника(?: до конца "
                             r"(?P<until>" + alternation(UNTIL) + r"))?")


def cannot(s: str) -> list[Effect] | None:
    """«Не может нападать или выступать защитником», «Строй: не может нападать простым
    ударом», «Не может объявлять метание»; «атакованный не может выступать защитником до конца
    хода»; «… нельзя назначать защитника»."""
    m = _NO_DEFENDER_RE.fullmatch(s)
    if m:
        who = target(m.group("who"), plural=False)
        if who is None:
            return None
        until = UNTIL[m.group("until")] if m.group("until") else None
        return [Cannot(actions=("be_defended",), target=who, until=until)]
    m = _OTHER_CANNOT_RE.fullmatch(s)
    if m:
        who = target(m.group("who"), plural=False)
        if who is None or who == "self":
            return None
        during: Until = "its_next_turn" if m.group("next") else UNTIL[m.group("until")]
        if m.group("declared"):
            attacks = tuple(_DECLARED[a] for a in m.group("declared").split(" или "))
            return [Cannot(actions=("attack",), attacks=attacks, target=who, until=during)]
        action = _OTHER_CANNOT.get(m.group("what"), "be_healed")
        return [Cannot(actions=(action,), target=who, until=during)]
    m = _THEY_CANNOT_MOVE.fullmatch(s)
    if m:  # «Стоящие рядом существа противника с движением … не могут двигаться» (50-191)
        who = target(m.group("who"), plural=True)
        if not isinstance(who, Selector) or not who.all:
            return None
        return [Cannot(actions=("move",), target=who)]
    if s == "@self нельзя назначать защитника":  # «Карлику Унду нельзя назначать …» (20-6)
        return [Cannot(actions=("be_defended",))]
    if s == "не может быть изгнан с кладбища":  # 50-161, under «пока …»
        return [Cannot(actions=("be_exiled_from_graveyard",))]
    m = _CANNOT_RE.fullmatch(s)
    if not m:
        return None
    found = [_CANNOT[w] for w in m.group("what").split(" или ")]
    attacks = tuple(a for _, a in found if a is not None)
    if attacks and any(action == "attack" and a is None for action, a in found):
        return None  # «нападать или объявлять метание»: not said
    return [Cannot(actions=tuple(action for action, _ in found), attacks=attacks)]


def counters_as_open(s: str) -> list[Effect] | None:
    """«Отражает простой удар как открытая карта» (even when closed)."""
    if s == "отражает простой удар как открытая карта":
        return [CountersAsOpen(attacks=(Attack(kind="simple_strike"),))]
    return None


_SYMBIOTES = {"2": 2, "3": 3, "4": 4, "двух": 2, "трех": 3, "четырех": 4}


def max_symbiotes(s: str) -> list[Effect] | None:
    """«Может иметь до 3 разных симбиотов», «до двух разных симбиотов»."""
    m = re.fullmatch(r"может иметь до (?P<n>" + alternation(_SYMBIOTES) + r") разных симбиотов",
                     s)
    return [MaxSymbiotes(value=_SYMBIOTES[m.group("n")])] if m else None


def squad_ban(s: str) -> list[Effect] | None:
    """«Не может быть взят в отряд с темными существами»."""
    m = re.fullmatch(r"не может быть взят[аоы]? в отряд с (?P<who>.+)", s)
    if not m:
        return None
    who = described(m.group("who"))
    if not isinstance(who, Selector) or who.all or who.up_to is not None or who.place \
            or who.side != "any":
        return None
    return [SquadBan(excludes=who)]


RULES: tuple[Rule, ...] = (defends, only_targets, assaults_only, not_attacked_by_own, cannot,
                           counters_as_open, max_symbiotes, squad_ban)


def rule(s: str) -> list[Ability] | None:
    """The effects of a whole rule, or None."""
    for read in RULES:
        found = read(s)
        if found is not None:
            return list(found)
    return None


__all__ = ["RULES", "rule"]
