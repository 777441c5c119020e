"""Parts of a frame around its effects: limits («(2 раза за ход)», «1 раз за ход:»), the cap of a
bonus («(максимум +2)»), the names of an impact or a spell («воздействие песчаные когти»,
«заклинание «эгида»») and what «X» is («где X число ран на Рэккене»).

Each reader takes a normalised fragment (:func:`bot.importers.abilities.text.normalise`) and
reads all of it, or returns None.

>>> limit("2 раза за ход")
Limit(count=2, per='turn')
>>> x_value("число ран на @self")
XValue(count='wound')
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.corpus.abilities import Limit, Measure, Per, Selector, Target, XValue
from bot.importers.abilities.selectors import described
from bot.importers.abilities.text import SELF

_COUNT_WORDS = {"один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5}
_LIMIT = re.compile(r"(?:не более |до )?(?P<n>\d+|один|два|три|четыре|пять) раза?"
                    r" (?:за|в) (?P<per>ход противника|ваш ход|свой ход|ход|бой)"
                    r"(?P<each> для каждого существа)?")
#: «(максимум +2)», «(максимум 3)» after a bonus or a keyword that grows.
#: «(максимум 4 за раз)» (50-101): each time the ability works, the same cap
_CAP = re.compile(r"максимум (?:\+|на |до )?(?P<n>\d+)(?: за раз)?")
#: «число ран на Рэккене», «количество фишек на нем»: what is counted, on whom.
_ON_WHOM: dict[str, Target] = {SELF: "self", "себе": "self", "нем": "that", "этом существе": "that",
                               "погибшего": "that"}
_COUNTED: dict[str, Measure] = {
    "ран": "wound", "фишек": "counter", "фишку": "counter", "фишки": "counter",
    "жетонов": "token", "жетон": "token", "жетона": "token",
    "дополнительных жизней": "extra_life",
}
_MEASURE = re.compile(r"(?:число|количество) (?P<what>" + "|".join(_COUNTED) + r")"
                      r"(?: инкарнации)? (?:(?:на|у|с) (?P<whom>" + "|".join(map(re.escape, _ON_WHOM))
                      + r")|(?P<whose>" + re.escape(SELF) + r"))")  # «количество жетон Жонглёра»
#: «число жетон на ваших стоящих рядом картах»: what is counted on the cards a phrase names.
_ON_CARDS = re.compile(r"(?:число|количество) (?P<what>фишек|жетонов|жетон) на (?P<whom>.+)")
#: Fixed measures of the attack or card at hand.
_FIXED: dict[str, XValue] = {
    "величина этого удара": XValue(count="strike"),
    "величина этого простого удара": XValue(count="strike"),  # 50-135
    "величина удара": XValue(count="strike"),
    "величина этой атаки": XValue(count="attack"),
    "избыточный урон": XValue(count="excess_wounds"),
    # the wounds the ability's effects before dealt («ранить каждое …, при этом излечиться на
    # X, где X число нанесённых ран», 30-149)
    "число нанесенных ран": XValue(count="wounds_dealt"),
    "количество нанесенных ран": XValue(count="wounds_dealt"),  # 40-175
    "стоимость показанной карты": XValue(count="cost", of="shown"),  # of a prophecy (40-119)
    "количество показанных карт": XValue(count="shown_cards"),  # of a prophecy (10-127)
    f"количество клеток, на которое передвинулся {SELF} в этот ход": XValue(count="cells_moved"),
    # the range of the jump that fired the trigger («При прыжке …, где X дальность совершенного
    # прыжка», 20-186): how far it jumped
    "дальность совершенного прыжка": XValue(count="jump_range"),
    "количество оставшихся единиц брони": XValue(count="armor"),
    "количество оставшихся единиц броню": XValue(count="armor"),  # «{armor}» rendered so
    "число своих дополнительных жизней": XValue(count="extra_life"),
    # the elements the cards of a squad belong to, each once (20-196)
    "количество стихий в отряде противника": XValue(count="elements",
                                                   of=Selector(what="card", side="enemy")),
    "количество стихий в вашем отряде": XValue(count="elements",
                                              of=Selector(what="card", side="own")),
}
#: «его жизней», «величина его отравления»: a measure of the card named before («его»).
_HIS: dict[str, Measure] = {
    "жизней": "life", "регенерации": "regen", "отравления": "poison", "движения": "movement",
    "движение": "movement", "опыта в защите": "ovz",
}
_HIS_RE = re.compile(r"(?:величина )?его (?P<what>" + "|".join(_HIS) + r")")
_DEAD_RE = re.compile(r"величина (?P<what>регенерации|отравления) (?:погибшего|умершего) "
                      r"существа")
#: «величина его слабого простого удара», «слабый простой удар этого существа»: whose; «слабый
#: простой удар Угасающего с учётом модификаторов» (40-178: its own, the value now — as every
#: weak_strike is, its modifiers counted).
_WEAK = re.compile(r"(?:величина )?(?:(?P<pre>его|своего) )?(?:слабого простого удара|слабый "
                   r"простой удар|слабый простого удара)(?: (?P<post>этого существа|"
                   r"уничтоженного)| (?P<own>" + re.escape(SELF) + r")(?: с учетом модификаторов)?)?")
#: «величина слабого простого удара стоящей сзади него карты» (10-199): of the card described.
_WEAK_OF = re.compile(r"величина слабого простого удара (?P<whom>стоящ(?:ей|его) [а-я@ ]+)")
#: «сумма слабых простых ударов ваших существ …»: the weak strikes of those cards added up.
_SUM = re.compile(r"сумма слабых простых ударов (?P<whom>.+)")
#: «число речных дев в вашем отряде», «количество стоящих рядом карт противника»: cards.
_CARDS = re.compile(r"(?:число|количество) (?P<what>.+?)(?P<squad> в вашем отряде| в отряде "
                    r"противника)?")


def limit(text: str) -> Limit | None:
    """«2 раза за ход», «не более 2 раз за ход», «до 2 раз в ход», «один раз за бой»."""
    m = _LIMIT.fullmatch(text.strip())
    if not m:
        return None
    word = m.group("n")
    count = int(word) if word.isdigit() else _COUNT_WORDS[word]
    return Limit(count=count, per=_PERS[m.group("per")], each=bool(m.group("each")))


#: «за ход», «за бой», «за ваш ход», «за ход противника»: what a limit counts in.
_PERS: dict[str, Per] = {"ход": "turn", "бой": "battle", "ваш ход": "own_turn",
                         "свой ход": "own_turn", "ход противника": "enemy_turn"}


def cap(text: str) -> int | None:
    """«максимум +2» → 2."""
    m = _CAP.fullmatch(text.strip())
    return int(m.group("n")) if m else None


def x_value(text: str) -> XValue | None:
    """What «где X …» says X is, or None when not known."""
    text = text.strip().removeprefix("— ").strip()
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    if re.fullmatch(r"число свободных клеток рядом с (?:@self|собой)", text):  # 30-28
        return XValue(count="free_cells")
    if re.fullmatch(r"число свободных клеток рядом с (?:ним|ней)", text):  # 21-9: the card named
        return XValue(count="free_cells", of="that")
    m = _MEASURE.fullmatch(text)
    if m:
        return XValue(count=_COUNTED[m.group("what")],
                      of=_ON_WHOM[m.group("whom")] if m.group("whom") else "self")
    m = _ON_CARDS.fullmatch(text)
    if m:  # «число жетон на ваших стоящих рядом картах» (40-49): the total on those cards
        found = described(m.group("whom"))
        if isinstance(found, Selector) and found.up_to is None and (
                found.side != "any" or found.place is not None):
            return XValue(count=_COUNTED[m.group("what")], of=found)
        return None
    m = _SUM.fullmatch(text)
    if m:  # «сумма слабых простых ударов ваших существ справа и слева от Фагора» (10-87)
        found = described(m.group("whom"))
        if isinstance(found, Selector) and found.up_to is None and not found.all and (
                found.side != "any" or found.place is not None):
            return XValue(count="weak_strike", of=found)
        return None
    m = _WEAK_OF.fullmatch(text)
    if m:  # «величина слабого простого удара стоящей сзади него карты» (10-199): of one card
        found = described(m.group("whom"))
        if isinstance(found, Selector) and found.place is not None and found.up_to is None:
            return XValue(count="weak_strike", of=found)
        return None
    m = _HIS_RE.fullmatch(text)
    if m:
        return XValue(count=_HIS[m.group("what")], of="that")
    if text == "разность его сильного и слабого простого удара":  # 30-124: of the card named
        return XValue(count="strike_spread", of="that")
    m = _DEAD_RE.fullmatch(text)
    if m:  # «величина регенерации погибшего существа» (30-124): of the dead one, named before
        return XValue(count=_HIS[m.group("what")], of="that")
    m = _WEAK.fullmatch(text)
    if m and not (m.group("pre") and (m.group("post") or m.group("own"))):
        whose: Target = "that" if m.group("pre") == "его" or m.group("post") else "self"
        return XValue(count="weak_strike", of=whose)
    m = _CARDS.fullmatch(text)
    if m:
        found = described(m.group("what"))
        if not isinstance(found, Selector) or found.up_to is not None:
            return None
        if m.group("squad"):
            if found.side != "any":
                return None
            found = replace(found, side="own" if "вашем" in m.group("squad") else "enemy")
        elif found.side == "any" and found.place is None:
            return None  # «число существ»: of which squad or where is not said
        return XValue(count="cards", of=found)
    return None
