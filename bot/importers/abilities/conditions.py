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

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from bot.corpus.abilities import (
    Column,
    Condition,
    DieRoll,
    Flag,
    Has,
    Having,
    InColumn,
    InGraveyard,
    InRow,
    InZone,
    Lives,
    Makeup,
    More,
    Moved,
    MovementOf,
    Mulligan,
    Nearby,
    OnBattlefield,
    Place,
    Region,
    Selector,
    Shown,
    Side,
    Squad,
    State,
    Target,
    TurnIs,
    WoundsTaken,
)
from bot.importers.abilities.selectors import described, noun_phrase
from bot.importers.abilities.text import SELF
from bot.importers.abilities.words import ELEMENTS, NUMBERS_GENITIVE

#: Who a condition is about, when it names them before the verb.
_SUBJECTS: dict[str, Target] = {"": "self", f"{SELF} ": "self", "он ": "self", "она ": "self",
                                "оно ": "self", "хозяин ": "host", "хозяин @self ": "host"}
_SUBJECTS_BARE = frozenset(k.strip() for k in _SUBJECTS)
_SUBJECT = r"(?P<subject>" + "|".join(sorted(map(re.escape, _SUBJECTS), key=len,
                                              reverse=True)) + r")"
_STATES: dict[str, Flag] = {
    "закрыт": "closed", "закрыта": "closed", "закрыто": "closed", "закрыты": "closed",
    "открыт": "open", "открыта": "open", "открыто": "open", "открыты": "open",
    "не имеет ран": "unwounded", "не имеют ран": "unwounded", "без ран": "unwounded",
    "имеет раны": "wounded", "летающий": "flying", "летающая": "flying", "летающее": "flying",
    "летающие": "flying", "выступает защитником": "defender",
    # «+1 к {strike} по хозяину, пока паразит» (20-138): it is a symbiote its host carries
    "паразит": "parasite", "его паразит": "parasite",  # «…, пока Ядовитый плющ его паразит»
    # «, если не перемещался в этот ход» (10-84)
    "не перемещался в этот ход": "unmoved", "не перемещалась в этот ход": "unmoved",
    "не перемещалось в этот ход": "unmoved",
}
#: What a card has, in the accusative («пока имеет проклятие»).
_HAVINGS: dict[str, Having] = {
    "проклятие": "cur", "благословление": "bls", "отравление": "psn", "фишку": "counter",
    "фишки": "counter", "жетон": "token", "жетоны": "token", "броню": "armor",
    "дополнительные жизни": "extra_life", "симбиота": "symbiote",
    "хотя бы одного симбиота": "symbiote",
}
#: Terrain in a squad: the card database's class of a terrain card.
_TERRAINS: dict[str, str] = {
    "лес": "Лес", "горы": "Горы", "болото": "Болото", "река": "Река", "пустыня": "Пустыня",
    "город": "Город", "степь": "Степь", "море": "Море",
}
_HERO_CLASSES = frozenset({"Герой-воин", "Герой-маг", "Герой-жрец", "Герой-разбойник"})
_ROWS = {"первом": 1, "втором": 2, "третьем": 3, "1": 1, "2": 2, "3": 3}
_ROW = r"(?:первом|втором|третьем|[123](?:-м)?)"
_COLUMNS: dict[str, tuple[Column, ...]] = {
    "центральном столбце": ("center",),
    "крайнем левом или правом столбце": ("left_edge", "right_edge"),
    "крайнем левом столбце": ("left_edge",), "крайнем правом столбце": ("right_edge",),
}
#: «все …», «каждое …»: a quantifier a described set of cards drops, so not read.
_QUANTIFIED = re.compile(r"(?:все|всех|всем|каждое|каждый|каждая|каждого|каждым|каждой) ")


_MOVED = re.compile(r"(?:" + SELF + r" )?переместил(?:ся|ась|ось) хотя бы на (?P<n>\d+) клетк[уи]"
                    r"(?: по (?P<dir>горизонтали|вертикали))? в этот ход")


def _moved(text: str) -> Condition | None:
    """«переместился хотя бы на 1 клетку по горизонтали в этот ход» (20-16)."""
    m = _MOVED.fullmatch(text)
    if not m:
        return None
    direction = {"горизонтали": "horizontal", "вертикали": "vertical", None: None}[m.group("dir")]
    return Moved(cells=int(m.group("n")), direction=direction)  # type: ignore[arg-type]


#: «показана карта стоимостью 4 или менее» (20-103), «показанная карта золотой кристалл» (10-54:
#: an elite card, its cost in gold crystals; «серебряный кристалл» an ordinary one).
_SHOWN = re.compile(r"показан[аоы]? (?P<what>.+)|показанная карта (?P<crystal>золотой|серебряный) "
                    r"кристалл")


def _shown(text: str) -> Condition | None:
    """What the prophecy before it showed: one card a noun phrase describes."""
    m = _SHOWN.fullmatch(text)
    if not m:
        return None
    if m.group("crystal"):
        flag: Flag = "elite" if m.group("crystal") == "золотой" else "ordinary"
        return Shown(selector=Selector(what="card", flags=(flag,)))
    read = noun_phrase(m.group("what"))
    if read is None or read.plural is not False or read.selector.all \
            or read.selector.up_to is not None or read.selector.count is not None:
        return None
    return Shown(selector=read.selector)


_SQUAD_OF = r"в (?:(?P<own>вашем) отряде|отряде (?P<enemy>противника)) "
_ELEMENT_COUNTS = {"одной": 1, "двух": 2, "трех": 3, "четырех": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_MAKEUPS: tuple[tuple[re.Pattern[str], dict[str, object]], ...] = (
    (re.compile(_SQUAD_OF + r"больше закрытых существ, чем открытых"), {"more_closed": True}),
    (re.compile(_SQUAD_OF + r"больше элитных карт, чем в отряде противника"),
     {"more_elite": True}),
    (re.compile(_SQUAD_OF + r"есть карты (?P<min>\w+) и более стихий"), {}),
    # «При наборе Райской птицы в отряд, если в вашем отряде 3 или более разные стихии …» (40-76)
    (re.compile(_SQUAD_OF + r"(?P<min>\d) или более разные стихии"), {}),
    (re.compile(_SQUAD_OF + r"карты не более (?P<max>\w+) стихий"), {}),
    (re.compile(_SQUAD_OF + r"(?P<is>есть|нет) карт(?:ы)? с одинаковым названием"), {}),
)


def _makeup(text: str) -> Condition | None:
    """«в вашем отряде больше закрытых существ, чем открытых» (30-10), «в отряде противника есть
    карты трёх и более стихий» (30-175), «нет карт с одинаковым названием» (40-202) …"""
    for pattern, fields in _MAKEUPS:
        m = pattern.fullmatch(text)
        if not m:
            continue
        found: dict[str, Any] = dict(fields)
        groups = m.groupdict()
        for key in ("min", "max"):
            if groups.get(key) is not None:
                if groups[key] not in _ELEMENT_COUNTS:
                    return None
                found[f"elements_{key}"] = _ELEMENT_COUNTS[groups[key]]
        if groups.get("is") is not None:
            found["same_names"] = groups["is"] == "есть"
        if found.get("more_elite") and not groups.get("own"):
            return None
        return Makeup(side="enemy" if groups.get("enemy") else "own", **found)
    return None


def _mulligan(text: str) -> Condition | None:
    """«если вы использовали пересдачу» (30-181)."""
    return Mulligan() if text == "вы использовали пересдачу" else None


_ENEMY_ROWS: dict[str, Region] = {"первом": "enemy_first_row", "втором": "enemy_second_row",
                                  "третьем": "enemy_third_row"}


def _on_battlefield(text: str) -> Condition | None:
    """«на вашей половине поля боя нет существ стоимостью 3 или менее» (40-106)."""
    rows = re.fullmatch(r"в каждом ряду поля боя есть (?P<who>ваше существо|ваша карта)", text)
    if rows:  # «если в каждом ряду поля боя есть ваше существо» (10-142)
        found = described(rows.group("who"))
        return OnBattlefield(selector=found, each_row=True) if isinstance(found, Selector) \
            else None
    row = re.fullmatch(r"в (?P<row>первом|втором|третьем) ряду противника нет его "
                       r"(?P<who>карт|существ)", text)
    if row:  # «Пока в первом ряду противника нет его карт, …» (10-33): «его», the opponent's
        return OnBattlefield(selector=Selector(what="card" if row.group("who") == "карт" else
                                               "creature", side="enemy",
                                               region=_ENEMY_ROWS[row.group("row")]),
                             negated=True)
    m = re.fullmatch(r"на (?P<half>вашей половине|половине) поля боя(?(half)| противника) нет "
                     r"(?P<who>(?:[а-я]+ )*(?:карт|существ)(?: [^,]+)?)", text)
    if not m:
        return None
    who = described(m.group("who"))
    if not isinstance(who, Selector) or who.region or who.place or who.up_to is not None \
            or who.all:
        return None
    region: Region = "own_half" if m.group("half") == "вашей половине" else "enemy_half"
    return OnBattlefield(selector=dataclasses.replace(who, region=region), negated=True)


#: «на клетках напротив и сзади Скаша есть карты противника» (40-83): such a card on each of
#: the two cells.
_BOTH_CELLS = re.compile(r"на клетках (?P<a>напротив|сзади) и (?P<b>напротив|сзади) " + SELF
                         + r" есть (?P<who>.+)")
_CELL_PLACES: dict[str, Place] = {"напротив": "opposite", "сзади": "behind"}


def conditions(text: str) -> tuple[Condition, ...] | None:
    """The conditions ``text`` states, all of which must hold: one, or one for each cell of
    «на клетках напротив и сзади Скаша есть карты противника» (40-83); None if not read."""
    both = _BOTH_CELLS.fullmatch(text.strip())
    if both:
        who = noun_phrase(both.group("who"))
        if who is None or who.plural is False or who.selector.all or who.selector.place \
                or who.selector.up_to is not None or both.group("a") == both.group("b"):
            return None
        one = dataclasses.replace(who.selector, all=False)
        return tuple(Nearby(place=_CELL_PLACES[both.group(k)], selector=one) for k in "ab")
    found = condition(text)
    return (found,) if found is not None else None


def condition(text: str) -> Condition | None:
    """The condition ``text`` states, or None."""
    text = text.strip()
    for read in _READERS:
        found = read(text)
        if found is not None:
            return found
    return None


#: «хозяин Шипокрыла горный» (20-56): the subject's element (an adjective, nominative).
_ELEMENT_STATE = re.compile(_SUBJECT + r"(?P<stem>" + "|".join(s for s, _ in ELEMENTS)
                            + r")(?:ый|ий|ой|ая|ое|ые)")


#: «если у атакованного чётное количество жизней» (40-42; «жизнь»: a misprint of the database):
#: the card attacked has an even number of lives now.
_EVEN_ATTACKED = re.compile(r"у атакованного четное количество жизн(?:ей|ь)")


#: «…, если он на кладбище» (30-140): the card itself is in the graveyard (its trigger works from
#: there).
_IN_GRAVEYARD = re.compile(r"(?:он|она|оно|" + re.escape(SELF) + r") на (?:вашем )?кладбище")
#: «у Келе нет ран» (10-102): the card itself has no wounds, as «не имеет ран».
_NO_WOUNDS = re.compile(r"у (?:" + SELF + r"|него|нее) нет ран")


#: «если Нейбл стоит у края поля боя» (40-82): the card itself stands on a border cell.
_AT_EDGE = re.compile(r"(?:" + SELF + r" )?стоит у края поля боя")


def _state(text: str) -> Condition | None:
    if _IN_GRAVEYARD.fullmatch(text):
        return State(graveyard=True)
    if _AT_EDGE.fullmatch(text):
        return State(region="edge")
    if _NO_WOUNDS.fullmatch(text):
        return State(flags=("unwounded",))
    if _EVEN_ATTACKED.fullmatch(text):
        return State(subject="attacked", flags=("even_lives",))
    element = _ELEMENT_STATE.fullmatch(text)
    if element and element.group("subject"):
        return State(subject=_SUBJECTS[element.group("subject")],
                     elements=(dict(ELEMENTS)[element.group("stem")],))  # type: ignore[arg-type]
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
    named = re.fullmatch(r"(?P<who>(?:@self или )?[^,]+?) (?P<neg>не )?имеет (?P<what>"
                         + "|".join(_HAVINGS) + r")", text)
    who = noun_phrase(named.group("who")) if named and named.group("who") not in _SUBJECTS_BARE \
        else None
    if named and who is not None and who.plural is False and who.selector.up_to is None:
        # «пока Серый клинок или стоящее рядом ваше существо имеет дополнительные жизни»
        # (40-90): any one card the subject describes (``or_self``: or the card itself)
        return Has(subject=who.selector, having=(_HAVINGS[named.group("what")],),
                   negated=bool(named.group("neg")))
    every = re.fullmatch(r"все ваши существа имеют (?P<what>проклятие|благословление)", text)
    if every:  # «пока все ваши существа имеют проклятие» (30-178): each of them
        return Has(subject=Selector(side="own", all=True), having=(_HAVINGS[every.group("what")],))
    m = re.fullmatch(_SUBJECT + r"имеет (?P<n>\d+) или более (?P<what>фишек|жетонов)", text)
    if m:  # «если имеет 5 или более жетонов» (40-206)
        return Has(subject=_SUBJECTS[m.group("subject")], min=int(m.group("n")),
                   having=("counter" if m.group("what") == "фишек" else "token",))
    m = re.fullmatch(_SUBJECT + r"имеет (?:хотя бы )?(?P<n>двух|трех) симбиотов", text)
    if m:  # «пока имеет хотя бы двух симбиотов» (20-170)
        return Has(subject=_SUBJECTS[m.group("subject")], having=("symbiote",),
                   min=NUMBERS_GENITIVE[m.group("n")])
    if re.fullmatch(r"(?:" + SELF + r" )?является хозяином симбиоту", text):
        return Has(having=("symbiote",))  # «пока является хозяином симбиоту»: has a symbiote
    if re.fullmatch(r"у (?:" + SELF + r"|него|нее) (?:одна|1) или более единиц[аы] бро(?:ни|ню)", text):
        return Has(having=("armor",))  # «пока у Демона-легионера одна или более единицы брони»
    m = re.fullmatch(r"на " + SELF + r" (?P<is>есть|нет) (?:фишка|фишки)", text)
    if m:
        return Has(having=("counter",), negated=m.group("is") == "нет")
    return None


def _squad(text: str) -> Condition | None:
    """«в вашем отряде есть лес или река», «в отряде противника нет летающих существ»; «у вас
    есть степное существо» (10-196): in your squad; «у противника есть …» (30-58): in the
    opponent's."""
    text = re.sub(r"^у вас (?=есть |нет )", "в вашем отряде ", text)
    # «пока у противника есть существо с 1 текущей жизнью» (30-58): in the opponent's squad
    text = re.sub(r"^у противника (?=есть |нет )", "в отряде противника ", text)
    counters = re.fullmatch(r"у (?P<n>трех|\d+) или более ваших карт есть фишк[аи]", text)
    if counters:  # «пока у трёх или более ваших карт есть фишка» (30-41)
        n = counters.group("n")
        return Squad(selector=Selector(what="card", having=("counter",)),
                     min=int(n) if n.isdigit() else 3)
    m = re.fullmatch(r"в (?P<side>вашем )?отряде(?P<enemy> противника)? (?:(?P<is>есть|нет) |"
                     r"(?P<n>два|две|три|\d+) или (?:более|больше) )(?P<what>.+)", text)
    if not m or bool(m.group("side")) == bool(m.group("enemy")):
        return None
    side: Side = "enemy" if m.group("enemy") else "own"
    negated = m.group("is") == "нет"
    n = m.groupdict().get("n")
    count = 1 if n is None else int(n) if n.isdigit() else _COUNTS[n]
    names = m.group("what").split(" или ")
    if all(n in _TERRAINS for n in names):
        selector = Selector(what="terrain", classes=tuple(_TERRAINS[t] for t in names))
        return Squad(side=side, selector=selector, negated=negated, min=count)
    heroes = re.fullmatch(r"(?P<other>другой )?(?P<h>герой-[а-я]+(?: или герой-[а-я]+)*)",
                          m.group("what"))
    if heroes:  # «герой-воин или герой-разбойник»: classes of the card database
        classes = [c.capitalize() for c in heroes.group("h").split(" или ")]
        if not all(c in _HERO_CLASSES for c in classes):
            return None
        selector = Selector(classes=tuple(classes),
                            other=bool(heroes.group("other")))
        return Squad(side=side, selector=selector, negated=negated, min=count)
    found = None if _QUANTIFIED.match(m.group("what")) else described(m.group("what"))
    if not isinstance(found, Selector) or found.side != "any" or found.up_to is not None:
        return None
    return Squad(side=side, selector=found, negated=negated, min=count)


def _graveyard(text: str) -> Condition | None:
    """«на кладбище противника есть артефакт» (30-166), «на вашем кладбище 5 или более карт»
    (40-169): cards in a graveyard."""
    m = re.fullmatch(r"на (?:(?P<own>вашем) кладбище|кладбище (?P<enemy>противника)) (?:есть "
                     r"|(?P<n>\d+) или (?:более|больше) )(?P<what>.+)", text)
    if not m or not (m.group("own") or m.group("enemy")):
        return None
    n = m.group("n")
    if n is not None and not re.fullmatch(r"(?:[а-я]+ )*(?:карт|существ|артефактов)", m.group("what")):
        return None  # «5 или более карт»: a noun in the genitive plural
    found = None if _QUANTIFIED.match(m.group("what")) else described(m.group("what"))
    if not isinstance(found, Selector) or found.side != "any" or found.place or found.up_to:
        return None
    return InGraveyard(side="enemy" if m.group("enemy") else "own", selector=found,
                       min=int(n) if n else 1)


def _row(text: str) -> Condition | None:
    if re.fullmatch(r"(?:стоит|находится) на вашей половине поля боя", text):
        return InRow(rows=(1, 2, 3))  # the owner's half: their rows 1-3 (20-81)
    m = re.fullmatch(r"(?:стоит|находится) (?:в|во) (?:вашем )?(?P<rows>" + _ROW + r"(?: или "
                     + _ROW + r")*) ряду", text)
    if not m:
        return None
    rows = [_ROWS[r.removesuffix("-м")] for r in m.group("rows").split(" или ")]
    return InRow(rows=tuple(rows))


def _column(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:стоит|находится) в (?P<where>" + "|".join(_COLUMNS) + r")", text)
    return InColumn(columns=_COLUMNS[m.group("where")]) if m else None


def _wounds_taken(text: str) -> Condition | None:
    """«если получил менее 4 ран в этот ход» (30-159): the wounds it got this turn."""
    m = re.fullmatch(r"получил[аио]? (?:менее|меньше) (?P<n>\d+) ран в этот ход", text)
    return WoundsTaken(at_most=int(m.group("n")) - 1) if m else None


def _lives(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:имеет|имеют|у него|у " + SELF + r") (?P<n>\d+) или "
                     r"(?P<dir>менее|меньше|более|больше) жизней", text)
    if m:
        n = int(m.group("n"))
        return Lives(at_most=n) if m.group("dir") in ("менее", "меньше") else Lives(at_least=n)
    m = re.fullmatch(r"(?:имеет|имеют|у него|у " + SELF + r") (?P<dir>больше|меньше) (?P<n>\d+)"
                     r" (?:текущих )?жизней", text)
    if m:
        n = int(m.group("n"))
        return Lives(at_least=n + 1) if m.group("dir") == "больше" else Lives(at_most=n - 1)
    return None


#: «если движение Вереселеня равен 5 или больше (с учётом модификаторов)» (30-121): its movement
#: now («равен»: the database's slip for «равно»).
_MOVEMENT = re.compile(r"движение (?:" + SELF + r" )?(?:равно|равен) (?P<n>\d+) или "
                       r"(?P<dir>больше|более|меньше|менее)(?: \(с учетом модификаторов\))?")


def _movement(text: str) -> Condition | None:
    m = _MOVEMENT.fullmatch(text)
    if not m:
        return None
    n = int(m.group("n"))
    return MovementOf(at_least=n) if m.group("dir") in ("больше", "более") else MovementOf(at_most=n)


def _turn(text: str) -> Condition | None:
    if text in ("в свой ход", "в ваш ход"):
        return TurnIs(turn="own")
    if text == "в ход противника":
        return TurnIs(turn="enemy")
    return None


_ROLL_BOUND = re.compile(r"бросок кубика равен (?P<n>[1-6]) или (?P<dir>менее|меньше|более|больше)")


def _die(text: str) -> Condition | None:
    bound = _ROLL_BOUND.fullmatch(text)
    if bound:  # «если бросок кубика равен 4 или менее» (30-182): the roll of the event
        n = int(bound.group("n"))
        return DieRoll(values=tuple(range(1, n + 1)) if bound.group("dir") in ("менее", "меньше")
                       else tuple(range(n, 7)))
    m = re.fullmatch(r"выпало (?P<v>[1-6](?:(?:, | или )[1-6])*)", text)
    if not m:
        return None
    return DieRoll(values=tuple(int(v) for v in re.findall(r"\d", m.group("v"))))


def _zone(text: str) -> Condition | None:
    m = re.fullmatch(r"(?:находится )?на (поверхности|глубине)", text)
    if not m:
        return None
    return InZone(zone="surface" if m.group(1) == "поверхности" else "depth")


#: «с двумя существами», «стоят три ваших существа»: how many (instrumental, nominative).
_PLACES: dict[str, Place] = {"рядом": "adjacent", "в строю": "in_formation",
                             "напротив": "opposite", "столбце": "same_column",
                             "сзади": "behind", "позади": "behind"}
_COUNTS = {"одним": 1, "одной": 1, "двумя": 2, "тремя": 3, "четырьмя": 4, "два": 2, "две": 2,
           "три": 3, "четыре": 4}
_MIN = (r"(?:(?:хотя бы|минимум) )?(?P<n>" + "|".join(_COUNTS) + r"|\d+)"
        r"(?: или (?:более|больше))? ")


def _nearby(text: str) -> Condition | None:
    """«стоит рядом с вашим героем», «в строю с двумя или более существами», «рядом стоит
    ваше существо без ран», «рядом с @self стоят хотя бы три ваших существа без ран»."""
    m = re.fullmatch(r"(?:(?:он|она|оно|@self) стоит |стоит )?(?P<place>рядом|в строю) с (?!"
                     + SELF + r" )(?:" + _MIN + r")?(?P<who>.+)", text)
    if not m:
        m = re.fullmatch(r"(?P<place>рядом|напротив) (?:(?:с )?" + SELF + r" )?(?:стоит|стоят) "
                         r"(?:" + _MIN + r")?(?P<who>.+)", text)
    if not m:  # «на клетке сзади стоит карта с разрядом» (30-51), «позади @self стоит …»
        m = re.fullmatch(r"(?:на клетке (?P<p1>сзади|позади)|(?P<p2>позади) " + SELF
                         + r") стоит (?P<who>.+)", text)  # one cell: one card
        if m:
            return _nearby_of(_PLACES[m.group("p1") or m.group("p2")], m)
    if not m:  # «пока стоит в одном столбце с вашим логовом» (40-62): one card or cell
        m = re.fullmatch(r"стоит в одном (?P<place>столбце|ряду) с (?P<who>.+)", text)
        if m:
            return _nearby_of("same_column" if m.group("place") == "столбце" else "same_row", m)
    if not m:  # «в столбце с Циклопом-магом стоят 3 или более карты противника» (40-102)
        m = re.fullmatch(r"в (?P<place>столбце) с " + SELF + r" (?:стоит|стоят) (?:" + _MIN
                         + r")?(?P<who>.+)", text)
    if not m:  # «если справа и слева стоят наземные карты противника» (40-100): on both cells
        m = re.fullmatch(r"(?:справа и слева|слева и справа) стоят (?P<who>.+)", text)
        if m:
            both = _nearby_of("left_or_right", m)
            return dataclasses.replace(both, min=2) if isinstance(both, Nearby) else None
    if not m:
        return _none_nearby(text)
    return _nearby_of(_PLACES[m.group("place")], m)


def _nearby_of(place: Place, m: re.Match[str]) -> Condition | None:
    """The :class:`Nearby` of a matched phrase: ``who`` stands there, ``n`` of them."""
    who = None if _QUANTIFIED.match(m.group("who")) else described(m.group("who"))
    if not isinstance(who, Selector) or who.all or who.up_to is not None or who.place:
        return None
    n = m.groupdict().get("n")
    count = 1 if n is None else int(n) if n.isdigit() else _COUNTS[n]
    return Nearby(place=place, selector=who, min=count)


#: «рядом с @self нет …», «стоит в столбце, в котором нет …»: no such card there.
_NONE_NEARBY: dict[str, Place] = {f"рядом с {SELF} нет ": "adjacent",
                                  "стоит в столбце, в котором нет ": "same_column"}


def _none_nearby(text: str) -> Condition | None:
    """«рядом с Девой поймы нет открытых карт противника» (50-115), «стоит в столбце, в котором
    нет карт противника» (50-40): no card of the phrase (a plural noun) stands there."""
    place = next((p for head, p in _NONE_NEARBY.items() if text.startswith(head)), None)
    if place is None:
        return None
    phrase = text[text.index(" нет ") + 5:]
    if not re.fullmatch(r"(?:[а-я]+ )*(?:карт|существ)(?: противника)?", phrase):
        return None  # «нет открытых карт противника»: a noun in the genitive plural, and only
        # adjectives before it
    who = described(phrase)
    if not isinstance(who, Selector) or who.place or who.up_to is not None:
        return None
    return Nearby(place=place, selector=who, negated=True)


#: «рядом с Головорезом больше ваших существ, чем существ противника» (10-186), «на половине поля
#: боя противника больше ваших существ, чем на вашей половине поля боя» (20-147).
_MORE_NEAR = re.compile(r"рядом с (?:@self|ним|ней) больше (?P<a>[^,]+), чем (?P<b>[^,]+)")
_HALVES: dict[str, Region] = {"вашей половине поля боя": "own_half",
                              "половине поля боя противника": "enemy_half"}
_MORE_HALF = re.compile(r"на (?P<ra>" + "|".join(_HALVES) + r") больше (?P<a>[^,]+), чем на "
                        r"(?P<rb>" + "|".join(_HALVES) + r")")


def _more(text: str) -> Condition | None:
    """More cards of one kind than of another, next to the card or on the halves."""
    near, half = _MORE_NEAR.fullmatch(text), _MORE_HALF.fullmatch(text)
    if near:
        a, b = _counted(near.group("a")), _counted(near.group("b"))
        if a is not None and b is not None:
            return More(more=dataclasses.replace(a, place="adjacent"),
                        than=dataclasses.replace(b, place="adjacent"))
    if half and half.group("ra") != half.group("rb"):
        a = _counted(half.group("a"))
        if a is not None:
            return More(more=dataclasses.replace(a, region=_HALVES[half.group("ra")]),
                        than=dataclasses.replace(a, region=_HALVES[half.group("rb")]))
    return None


def _counted(phrase: str) -> Selector | None:
    """Cards counted (not one chosen, with no place or region of their own)."""
    sel = described(phrase)
    if not isinstance(sel, Selector) or sel.place is not None or sel.region is not None \
            or sel.up_to is not None or sel.graveyard:
        return None
    return sel


_READERS: tuple[Callable[[str], Condition | None], ...] = (
    _state, _has, _squad, _graveyard, _row, _column, _lives, _turn, _die, _zone, _nearby,
    _moved, _makeup, _on_battlefield, _mulligan, _shown, _more, _movement, _wounds_taken,
)
