"""Frames of a sentence: the mode prefix, the cost, the trigger, the condition and the limit
around a *body* of effects — a normalised sentence → its abilities (without ``text``).

Outside in (docs/abilities.md, «Which frame»): a mode prefix («Строй:», «На глубине:»,
«Концентрация:» …), a cost prefix («Фишка, закрыться:», «Внезапное действие:» …), a trigger
phrase (:mod:`~bot.importers.abilities.triggers`), a condition («пока …», «…, если …»:
:mod:`~bot.importers.abilities.conditions`), else bare effects. The body is read by
:func:`body`: a named impact or spell, «может», effects separated by «,», «и», «;», «, при
этом», what «X» is, and brackets with a limit, a cap or the impact's name.

A part that is not read is an :class:`~bot.corpus.abilities.Unparsed` fragment inside the
reading, so the frame still tells the engine what kind of ability the sentence is; a sentence
whose frame is not read is not read at all.

>>> read("закрыться: выстрел на 1-2-3 (1 раз за бой)")[0].limit
Limit(count=1, per='battle')
>>> read("при гибели метание лавки на 2, дальность 2")[0].when
When(event='death')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from bot.corpus.abilities import (
    Ability,
    Activated,
    Attack,
    AttackBonus,
    AttackKind,
    Cell,
    Choice,
    Choose,
    Condition,
    Conditional,
    Cost,
    Counters,
    Delayed,
    Destroy,
    DieBonus,
    DieRoll,
    Discharge,
    Effect,
    Exile,
    Fight,
    Formation,
    Grant,
    Has,
    HealBonus,
    Ignore,
    IncarnatesOn,
    Incorporeal,
    InZone,
    Keyword,
    KeywordBonus,
    Limit,
    Lives,
    Marker,
    Measure,
    More,
    Move,
    MovementBonus,
    Nearby,
    OntoOccupied,
    Open,
    Outcome,
    PlayerIs,
    Prophecy,
    RangeBonus,
    Ranged,
    Redirect,
    Ref,
    Resurrect,
    Roll,
    Selector,
    Shot,
    Shown,
    State,
    Static,
    StaysClosed,
    Strike,
    Swap,
    SwapTwo,
    Throw,
    ToDeck,
    Transfer,
    Trigger,
    Unparsed,
    When,
    Wound,
    WoundsTaken,
    XValue,
    x_offset,
)
from bot.corpus.abilities.vocabulary import EFFECT_KINDS
from bot.importers.abilities import actions, around, rules, statics
from bot.importers.abilities import effects as fx
from bot.importers.abilities import sentences as lone
from bot.importers.abilities.conditions import condition, conditions
from bot.importers.abilities.modifiers import genitive, modifier, shared_against
from bot.importers.abilities.parts import cap, limit, x_value
from bot.importers.abilities.selectors import dative_target, described, noun_phrase, target
from bot.importers.abilities.statics import statement
from bot.importers.abilities.text import SELF, class_gender, self_gender
from bot.importers.abilities.triggers import EVENT_NOUN_RE, defines_x, whens
from bot.importers.abilities.words import alternation

Reader = Callable[[str], "list[Ability] | None"]

# ---------------------------------------------------------------------------------------------
# The body: effects, and what is said about them


@dataclass(frozen=True)
class Body:
    """What a frame wraps: its effects (an :class:`Unparsed` fragment for a part not read) and
    the parts said with them."""

    effects: tuple[Effect, ...]
    optional: bool = False
    limit: Limit | None = None
    impact: str | None = None
    spell: str | None = None
    x: XValue | None = None
    cap: int | None = None
    cap_plus: bool = False  # the cap spelt «максимум +N» (a bonus's, not a value's «до N»)
    cap_to: bool = False  # the cap spelt «максимум до N»: a value's

    @property
    def complete(self) -> bool:
        """Every effect read (whether an «X» among them is defined — by «где X …» or by an X
        paid — the frame decides: :func:`_x_defined`)."""
        return not any(isinstance(e, Unparsed) for e in self.effects)


#: Between two effects: «, при этом», «, затем», «;», «, и», «и», «,».
_SEPARATOR = re.compile(r",\s*при этом\s+|,\s*затем\s+|\s*;\s*(?:при этом\s+)?|,\s*и\s+|\s+и\s+|,\s*|\s+—\s+")
_NAMED = re.compile(r"(?P<what>воздействие|заклинание)\s+")
#: «…, при этом воздействие «лопнуть» …» (50-180): a quoted name after the first effect.
_MID_NAMED = re.compile(r"(?P<sep>,\s*при этом\s+|\s*;\s*)(?P<what>воздействие|заклинание)\s+"
                        r"(?:«(?P<a>[^»]*)»|\"(?P<b>[^\"]*)\")\s+(?=[а-я])")
_QUOTED = re.compile(r"(?:«(?P<a>[^»]*)»|\"(?P<b>[^\"]*)\")\s*")
_BRACKET = re.compile(r"\s*\((?P<items>[^()]*)\)?\s*$")
_WHERE_X = re.compile(r",?\s*где [xх]\s+(?P<what>[^()]+?)\s*$")
#: «может …», «@self может …» (the card itself, named), «вы можете …»: the effects are optional;
#: «может объявить …», «может совершить особый удар …» (50-70): the same declared attack.
#: «могут …»: a card whose name is plural («Бон и Берроу … могут потерять фишку», 10-27).
_OPTIONAL = re.compile(r"(?:(?:@self|вы) )?(?:также )?(?:может|можете|могут)\s+"
                       r"(?:объявить\s+|совершить\s+(?=особый удар|удар через ряд|магический удар|выстрел "
                       r"|метание |разряд ))?")


def body(text: str) -> Body | None:
    """The body read in full, or None."""
    found = _body(text, partial=False)
    return found if found is not None and found.complete else None


def partial_body(text: str, *, optional: bool = True) -> Body:
    """The body, with the part not read (from the first effect not read on) as a fragment.
    ``optional``: whether a leading «может» is read as the frame's ``optional``."""
    found = _body(text, partial=True, optional=optional)
    return found if found is not None else Body(effects=(Unparsed(fragment=_clean(text)),))


#: «ранить существо на 1 за каждую свободную клетку рядом с ним (максимум на 3)» (21-9): a wound
#: of X, X the free cells next to it (as «на X, где X число свободных клеток рядом с ним»).
_PER_FREE_CELL = re.compile(r" на 1 за каждую свободную клетку рядом с (?P<who>ним|ней|собой)"
                            r"(?: \(максимум на (?P<cap>\d+)\))?$")


def _per_free_cell(text: str) -> str:
    m = _PER_FREE_CELL.search(text)
    if not m or not re.search(r"(?:^|[ ;,])ранить [^,;]+$", text[:m.start()]):
        return text
    cap = f" (максимум {m.group('cap')})" if m.group("cap") else ""
    return (text[:m.start()] + f" на x, где x число свободных клеток рядом с {m.group('who')}"
            + cap)


#: «закрыть до двух других ваших линунгов каждый закрытый таким образом линунг получает
#: {token}» (40-60): each card the effect before closed, «они получают».
_EACH_CLOSED = re.compile(r"(?P<closed>(?:^|[ ,;])закрыть [^,;]+?),? каждый закрытый таким образом "
                          r"(?P<noun>[а-я]+) получает ")


def _each_closed(text: str) -> str:
    m = _EACH_CLOSED.search(text)
    if not m or m.group("noun")[:5] not in m.group("closed"):
        return text
    return text[:m.start()] + m.group("closed") + ", они получают " + text[m.end():]


#: A paid ability given to a card, its «где X …» its own (:func:`_grant`, 40-38).
_GIVEN_PAID = re.compile(r"(?<![а-я])получает (?:фишка, |\d+ фишк[иа], )?закрыться: [^:]*$")


#: «<effects of the card itself>, при этом она может …» (50-24), «…, при этом он получает …»
#: (40-18): the pronoun after them.
_OWN_PRONOUN_MAY = re.compile(r",\s*при этом (?P<p>он|она) (?=может |получает )")


def _own_pronoun_may(text: str) -> str:
    """«Переместить Кулеврину орков на соседнюю клетку, при этом она может совершить выстрел …»
    (50-24): «она» is the card itself when its name has that gender and the effects before name
    no card but it — written as its name, so «@self может …» reads it; so is «он» of «…, при
    этом он получает +1 к метаниям до конца хода» after «переместить Требушет …» (40-18)."""
    m = _OWN_PRONOUN_MAY.search(text)
    if m is None or self_gender() != _PRONOUN_GENDERS[m.group("p")] \
            or SELF not in text[:m.start()]:
        return text
    before = _effects(text[:m.start()])
    if before is None or _names_cards(tuple(before)):
        return text
    return f"{text[:m.start()]}, при этом {SELF} {text[m.end():]}"


def _body(text: str, *, partial: bool, optional: bool = True) -> Body | None:
    parts: dict[str, Any] = {}
    text = _each_closed(_per_free_cell(text))
    bare = _tail_brackets(_CAP_BEFORE_UNTIL.sub(r" \g<until> \g<cap>", _clean(text)), parts)
    if bare is None:
        return None
    text = bare
    common = parts.pop("common_choice", False)
    theirs = parts.pop("their_choice", False)
    both = parts.pop("all_if", None)
    text = _value_of(text, parts)
    where = _WHERE_X.search(text)
    if where and _GIVEN_PAID.search(text[:where.start()]) and " до конца " not in text:
        where = None  # «… получает закрыться: Метание на Х, …, где Х …» (40-38): the given one's X
    if where:
        x = x_value(where.group("what"))
        if x is not None:
            text = _tail_brackets(text[: where.start()], parts) or ""
            # «где X число ран на Рэккене (максимум 4)», «+X к удару (максимум +2), где X …»:
            # with X defined, its cap is X's (one spelling)
            if "cap" in parts and x.max is None and parts["cap"] > 0:
                x = dataclasses.replace(x, max=parts.pop("cap"))
                parts.pop("cap_plus", None)
            parts["x"] = x
            text = _inner_cap(text, parts)
    text = _mid_cap(text, parts)
    text = _minus_x(text, parts)
    per_x = parts.pop("per_x", None)
    until = parts.pop("until", None)
    closed = parts.pop("closed", False)
    only = parts.pop("only", None)
    within = parts.pop("within", None)
    text = _own_pronoun_may(text)
    named = _NAMED.match(text)
    mid = None if named else _MID_NAMED.search(text)
    if mid and len(_MID_NAMED.findall(text)) == 1:
        # «уничтожается, при этом воздействие «лопнуть» ранить каждую стоящую рядом карту на
        # 5» (50-180): the impact's name, said after the first effect, is the frame's
        key = "impact" if mid.group("what") == "воздействие" else "spell"
        if key in parts:
            return None
        parts[key] = _name(mid.group("a") if mid.group("a") is not None else mid.group("b"))
        text = text[:mid.start()] + mid.group("sep") + text[mid.end():]
    if named:
        found = _named(text, named, parts, partial=partial)
    else:
        found = _unnamed(text, parts, partial=partial, optional=optional)
    if per_x is not None and found is not None:
        counted = _per_x(found.effects, per_x) if found.complete else None
        found = dataclasses.replace(found, effects=counted) if counted is not None else None
    if common and (found is None or not _common_choice(found.effects)):
        return None
    if theirs and found is not None:
        if not found.complete or len(found.effects) != 1 or not isinstance(found.effects[0], Choice):
            return None  # «(по выбору противника)»: of the one choice the effects are
        if theirs == "attacked" and not _all_of_attacked(found.effects[0]):
            return None  # «(по выбору атакованного)»: every option of the attacked alone
        found = dataclasses.replace(
            found, effects=(dataclasses.replace(found.effects[0], their_choice=True),))
    if both is not None and found is not None:
        if not found.complete or len(found.effects) != 1 or not isinstance(found.effects[0], Choice) \
                or len(found.effects[0].options) != 2 or found.effects[0].their_choice:
            return None  # «(совершите оба, если …)»: of the one choice of two the effects are
        found = dataclasses.replace(
            found, effects=(dataclasses.replace(found.effects[0], all_if=both),))
    if closed and found is not None:
        back = _closed(found.effects) if found.complete else None
        found = dataclasses.replace(found, effects=back) if back is not None else None
    if only is not None and found is not None:
        aimed = _aimed_strike(found.effects, only) if found.complete else None
        found = dataclasses.replace(found, effects=aimed) if aimed is not None else None
    if within is not None and found is not None:
        near = _within(found.effects, within) if found.complete else None
        found = dataclasses.replace(found, effects=near) if near is not None else None
    if until is None or found is None:
        return found
    lasting = _lasting(found.effects, until) if found.complete else None
    return dataclasses.replace(found, effects=lasting) if lasting is not None else None


#: «предотвращает следующие Х ран (максимум 4) от …, где Х избыточный урон» (40-19): a cap
#: right after the X it caps, inside the sentence.
_X_CAP = re.compile(r"(?<=\bx)(?: [а-я]+)? \(максимум (?:на |до )?(?P<n>\d+)\)")


def _inner_cap(text: str, parts: dict[str, Any]) -> str:
    """The cap of «X … (максимум N)» inside ``text`` as X's ``max`` (X defined by «где X …»,
    without a cap of its own), the bracket taken out."""
    found = list(_X_CAP.finditer(text))
    x = parts.get("x")
    if len(found) != 1 or x is None or x.max is not None or "cap" in parts:
        return text
    m = found[0]
    parts["x"] = dataclasses.replace(x, max=int(m.group("n")))
    bracket = m.group(0).index(" (")
    return text[:m.start() + bracket] + text[m.end():]


#: «излечить … на величину этого простого удара» (30-97): the value of the attack that fired
#: the trigger, written as «на X, где X величина этого удара».
_VALUE_OF = re.compile(r" на величину (?:(?P<strike>этого (?:простого )?удара)|этой атаки|"
                       r"(?P<weak>слабого простого удара стоящ(?:ей|его) [а-я@ ]+?))"
                       r"(?=$|[,;.)]| \()")
#: «излечить другое существо от ран, полученных в этот ход» (10-25): a heal on X, X the wounds
#: the card healed got this turn (``wounds_this_turn`` of ``that``).
_HEAL_THIS_TURN = re.compile(r"^(?P<head>.*\bизлечить [а-я ]+?) от ран, полученных в этот ход"
                             r"(?=$|[,;.)]| \()")


#: «может потерять X фишек (максимум 3); получить +X к этому разряду» (50-62): the cap said right
#: after the X of the first effect, not at the end.
_MID_CAP = re.compile(r"\s*\(максимум (?P<n>\d+)\)(?=\s*[;,])")


def _mid_cap(text: str, parts: dict[str, Any]) -> str:
    """The one «(максимум N)» inside ``text`` right after its X, in effects the card may do
    («может …»), as the cap at the end would be (the frame makes it the cap of a chosen X:
    :func:`_chosen_x`); else ``text`` unchanged (and not read)."""
    m = _MID_CAP.search(text)
    if m is None or "cap" in parts or "x" in parts or not _OPTIONAL.match(text) \
            or not re.search(r"\bx\b[^,;()]*$", text[:m.start()]) or _MID_CAP.search(text, m.end()):
        return text
    parts["cap"] = int(m.group("n"))
    return text[:m.start()] + text[m.end():]


#: «-Х к простому удару, где Х …» (40-128): a penalty of X, said as «-1 … за каждую …»; after
#: its holder, «выбранное существо … получает -Х к …» (30-132).
_MINUS_X = re.compile(r"(?:^|(?<= получает ))[-–−]\s*x (?=к )")


def _minus_x(text: str, parts: dict[str, Any]) -> str:
    """«-X к простому удару, где X число фишек на Дрягве» is «-1 к простому удару за каждую
    фишку на Дрягве»: the X defined becomes the penalty's ``per`` (:func:`_per_x`); «-X» has no
    value of its own. Only one «X» in the text: the penalty's."""
    m = _MINUS_X.search(text)
    if m is None or "x" not in parts or re.search(r"\bx\b", text[:m.start()] + text[m.end():]):
        return text
    parts["per_x"] = parts.pop("x")
    return text[:m.start()] + "-1 " + text[m.end():]


def _per_x(effects: tuple[Effect, ...], per: XValue) -> tuple[Effect, ...] | None:
    """The one penalty of «-X к …» counted ``per`` X, or None. «его» in what X is («где Х
    величина его отравления») is the card the penalty is given to when that one is named
    (``that``, as of «ранить выбранное существо на X, где X число ран на этом существе»); a
    fixed participant takes its ref; of the card itself («его» of nobody named) not read."""
    if len(effects) != 1:
        return None
    (penalty,) = effects
    if not isinstance(penalty, AttackBonus) or penalty.value != -1 or penalty.per is not None:
        return None
    if per.of == "that":
        if penalty.target == "self":
            return None
        if isinstance(penalty.target, str) and penalty.target != "that":
            per = dataclasses.replace(per, of=penalty.target)
    return (dataclasses.replace(penalty, per=per),)


def _value_of(text: str, parts: dict[str, Any]) -> str:
    if re.search(r"\bx\b", text) or "x" in parts:
        return text
    healed = _HEAL_THIS_TURN.search(text)
    if healed and " от ран" not in text[healed.end():]:
        parts["x"] = XValue(count="wounds_this_turn", of="that")
        return healed.group("head") + " на x" + text[healed.end():]
    found = list(_VALUE_OF.finditer(text))
    if len(found) != 1:
        return text
    m = found[0]
    if m.group("weak"):  # «ранить атакованное существо на величину слабого простого удара
        x = x_value("величина " + m.group("weak"))  # стоящей сзади него карты» (10-199)
        if x is None:
            return text
        parts["x"] = x
    else:
        parts["x"] = XValue(count="strike" if m.group("strike") else "attack")
    return text[:m.start()] + " на x" + text[m.end():]


def _clean(text: str) -> str:
    text = text.strip(" ,.;:")
    return re.sub(r"^[—–-]\s+(?!\d)", "", text).strip(" ,.;:")  # «- 1 от …» is a number


def _tail_brackets(text: str, parts: dict[str, Any]) -> str | None:
    """Brackets at the end: «(2 раза за ход)», «(воздействие взрыв)», «(заклинание «спрятать в
    бутылку», 2 раза за бой)», «(максимум +2)» and their combinations («(воздействие
    несварение, 3 раза за бой)»). An unknown bracket stays; «(кроме клеток рядом с …, 1 раз за
    ход)» (50-141) is the exclusion of the move before it, then the limit."""
    text = _EXCEPT_AND_LIMIT.sub(r" (\g<away>) (\g<limit>)", text)
    while True:
        m = _BRACKET.search(text)
        if not m:
            return text
        items = [i.strip() for i in m.group("items").split(",")]
        found: dict[str, Any] = {}
        both = _DO_BOTH.fullmatch(m.group("items").strip())
        if both:  # «(совершите оба, если Нейбл стоит у края поля боя)» (40-82)
            conds = conditions(both.group("cond"))
            if conds is None or "all_if" in parts:
                return text
            parts["all_if"] = conds
            text = text[: m.start()].rstrip(" ,")
            continue
        for item in items:
            if limit(item) is not None and "limit" not in found:
                found["limit"] = limit(item)
            elif cap(item) is not None and "cap" not in found:
                found["cap"] = cap(item)
                found["cap_plus"] = item.startswith("максимум +")
                found["cap_to"] = item.startswith("максимум до ")
            elif (penalty := _PENALTY_CAP.fullmatch(item)) and "cap" not in found:
                found["cap"] = -int(penalty.group("n"))  # «(максимум -3)» of a penalty (30-165)
            elif item.startswith("воздействие ") and "impact" not in found:
                found["impact"] = _name(item.removeprefix("воздействие "))
            elif item.startswith("заклинание ") and "spell" not in found:  # 50-215
                found["spell"] = _name(item.removeprefix("заклинание "))
            elif (far := _WITHIN.fullmatch(item)) and "within" not in found:  # 50-158
                found["within"] = int(far.group("n"))
            elif item == "в закрытом виде" and "closed" not in found:  # 10-42
                found["closed"] = True
            elif (lasting := _UNTIL_BRACKET.fullmatch(item)) and "until" not in found:  # 10-59
                found["until"] = fx.UNTIL[lasting.group("until")]
            elif (aim := _ONLY_AT.fullmatch(item)) and "only" not in found:
                whom = dative_target(aim.group("whom"))  # 20-198: whom the strike hits
                if not isinstance(whom, Selector):
                    return text
                found["only"] = whom
            elif items == ["по выбору противника"] and "their_choice" not in found:
                found["their_choice"] = True  # 20-9: the opponent chooses the option
                break
            elif items == ["по выбору атакованного"] and "their_choice" not in found:
                found["their_choice"] = "attacked"  # 10-37: the attacked's owner chooses
                break
            elif items == _COMMON_CHOICE and "common_choice" not in found:
                found["common_choice"] = True  # 20-134: one choice for every card it names
                break
            else:
                return text
        if any(k in parts for k in found):
            return None
        parts.update(found)
        text = text[: m.start()].rstrip(" ,")


#: «(совершите оба, если …)» after a choice of two (40-82, 40-83): both options are done when
#: the conditions hold.
_DO_BOTH = re.compile(r"совершите оба, если (?P<cond>[^()]+)")
#: «… в любом направлении (кроме клеток рядом с Волнорезом, 1 раз за ход)» (50-141): the cells a
#: move excludes and the ability's limit in one bracket.
_EXCEPT_AND_LIMIT = re.compile(r" \((?P<away>кроме клеток рядом с @self), "
                               r"(?P<limit>\d+ раза? за (?:ход|бой))\)$")
#: «+1 к следующему метанию (максимум +1) до конца вашего хода» (10-138): the cap of the last
#: effect before its duration at the end is said as after it.
_CAP_BEFORE_UNTIL = re.compile(r" (?P<cap>\(максимум \+\d+\)) (?P<until>до конца (?:"
                               + alternation(fx.UNTIL) + r"))$")
#: «(только по карте противника, 3 раза за ход)» after a strike (20-198): whom it is made at.
_ONLY_AT = re.compile(r"только по (?P<whom>[^,()]+)")
#: «(дальность 3, 1 раз за ход)» (50-158): the range within which the one card the effect names
#: is chosen.
_WITHIN = re.compile(r"дальность (?P<n>\d+)")
#: «(максимум -3)» after a penalty: the most the penalties add up to, a negative cap.
_PENALTY_CAP = re.compile(r"максимум [-–−]\s*(?P<n>\d+)")
#: «(по вашему выбору, общему для всех целей)»: one choice of the effects for all their cards.
_COMMON_CHOICE = ["по вашему выбору", "общему для всех целей"]
#: «(до конца хода противника)» at the end: the duration of every effect before it.
_UNTIL_BRACKET = re.compile(r"до конца (?P<until>" + alternation(fx.UNTIL) + r")")


def _aimed_strike(effects: tuple[Effect, ...], whom: Selector) -> tuple[Effect, ...] | None:
    """The one strike of ``effects`` made only at ``whom`` («особый удар исподтишка на 1-2-2
    (только по карте противника, …)», 20-198), or None: a ranged attack restricted so is a
    rule of declaring it, which a triggered ability's target does not say."""
    if len(effects) != 1 or not isinstance(effects[0], Strike) or effects[0].target is not None:
        return None
    return (dataclasses.replace(effects[0], target=whom),)


def _all_of_attacked(choice: Choice) -> bool:
    """Whether every option of ``choice`` is of one card, the attacked («это существо …» of a
    trigger on a strike at it: ``that``), so that «(по выбору атакованного)» is its owner's
    choice (10-37)."""
    whose = {getattr(e, "target", None) for option in choice.options for e in option}
    return len(whose) == 1 and whose <= {"that", "attacked"}


def _within(effects: tuple[Effect, ...], far: int) -> tuple[Effect, ...] | None:
    """The one effect, of one card chosen, with the range of a bracket («(дальность 3, …)»,
    50-158); None when there is more than one effect, or no card chosen, or a range already."""
    if len(effects) != 1 or not isinstance(effects[0], (Wound, StaysClosed)):
        return None
    effect = effects[0]
    target = effect.target
    if not isinstance(target, Selector) or target.all or target.up_to is not None \
            or effect.range is not None:
        return None
    return (dataclasses.replace(effect, range=far),)


def _common_choice(effects: tuple[Effect, ...]) -> bool:
    """«(по вашему выбору, общему для всех целей)» (20-134): the effects are one choice whose
    every option is given to the same cards, all of them (so one choice holds for each)."""
    if len(effects) != 1 or not isinstance(effects[0], Choice):
        return False
    whom = {getattr(e, "target", None) for option in effects[0].options for e in option}
    who = whom.pop() if len(whom) == 1 else None
    return isinstance(who, Selector) and who.all


def _closed(effects: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """«Возродить существо (в закрытом виде, 1 раз за бой)» (10-42): the one card brought into
    play comes closed; None when the effects are not one resurrection."""
    if len(effects) != 1 or not isinstance(effects[0], Resurrect) or effects[0].closed:
        return None
    return (dataclasses.replace(effects[0], closed=True),)


def _lasting(effects: tuple[Effect, ...], until: Any) -> tuple[Effect, ...] | None:
    """``effects`` each lasting ``until`` (in every option of a choice); None when one of them
    has no duration or has one of its own."""
    out: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Choice):
            options = [_lasting(o, until) for o in effect.options]
            if any(o is None for o in options):
                return None
            out.append(dataclasses.replace(effect, options=tuple(options)))  # type: ignore[arg-type]
        elif getattr(effect, "until", False) is None:  # a field with no duration yet
            out.append(dataclasses.replace(effect, until=until))
        else:
            return None
    return tuple(out)


def _name(raw: str) -> str:
    """An impact's or a spell's name as the canonical form writes it: no quotes or spaces
    around."""
    return raw.strip("\u200b «»\"“”")  # «\u200b«врата света»» (50-3): a zero-width space


def _named(text: str, m: re.Match[str], parts: dict[str, Any], *, partial: bool
           ) -> Body | None:
    """«воздействие песчаные когти ранить существо на 1», «заклинание «эгида» …»: the name ends
    where the effects begin (the first split that reads, the shortest name first)."""
    key = "impact" if m.group("what") == "воздействие" else "spell"
    if key in parts:
        return None
    rest = text[m.end():]
    quoted = _QUOTED.match(rest)
    if quoted:
        name = quoted.group("a") if quoted.group("a") is not None else quoted.group("b") or ""
        after = rest[quoted.end():].removeprefix("— ").removeprefix(", ")
        found = _unnamed(after, parts, partial=partial)
        return _with_name(found, key, _name(name)) if found else None
    words = rest.split(" ")
    for n in range(1, min(len(words), 6)):
        name, after = " ".join(words[:n]), " ".join(words[n:])
        if not _NAME_WORDS.fullmatch(name) or (words[n - 1] in _NOT_IN_NAMES
                                                and not name.endswith(" на карте")):
            break  # «воздействие ошибка на карте …» (20-180): «на карте» is its name's
        more = dict(parts)
        effects = _limit_after_name(after.removeprefix("— "), more)
        if effects is None:
            continue
        found = _unnamed(effects, more, partial=False)
        if found is not None and found.complete:
            return _with_name(found, key, name)
    return None


#: An unquoted name: words (the card's own name among them: «заклинание власть Зардагора»).
_NAME_WORDS = re.compile(r"(?:[а-я-]+|@self)(?: (?:[а-я-]+|@self))*")


def _limit_after_name(after: str, parts: dict[str, Any]) -> str | None:
    """«воздействие украсть оружие (1 раз за бой) стоящее рядом …» (10-75): a limit in brackets
    right after the name is the frame's."""
    m = re.match(r"\((?P<limit>[^()]*)\)\s*", after)
    if not m:
        return after
    found = limit(m.group("limit"))
    if found is None or "limit" in parts:
        return None
    parts["limit"] = found
    return after[m.end():]


def _with_name(b: Body, key: str, name: str) -> Body:
    if key == "impact":
        return dataclasses.replace(b, impact=name)
    return dataclasses.replace(b, spell=name)


#: «X может получить …»: whoever may gain or lose it; the verb as a statement («X получает …»).
_MAY_VERBS = {"получить": ("получает", "получают"), "потерять": ("теряет", "теряют"),
              "сразиться": ("сражается", "сражаются"), "нанести": ("наносит", "наносят")}
_SUBJECT_MAY = re.compile(r"(?P<who>[^,;]+?) (?P<may>может|могут) (?P<verb>получить|потерять|"
                          r"сразиться|нанести)(?= )")
#: «ваш йордлинг может получить … при этом стать летающим …» (30-45): the second infinitive is
#: the same subject's («оно становится …»: ``that``, the card the first effect names).
_SUBJECT_BECOMES = re.compile(r",? при этом стать (?=летающ)")
#: «… он может потерять бестелесность до конца хода противника, при этом получить трупоедство
#: до конца хода» (30-117): so is a second «получить»/«потерять» («оно получает …»).
_SUBJECT_ALSO = re.compile(r", при этом (?P<verb>получить|потерять) (?=[^,;]*$)")


#: Words that start or name the target of an effect: an unquoted name never holds them, so
#: «воздействие сглаз существо получает проклятие» is not the impact «сглаз существо получает».
_NOT_IN_NAMES = frozenset({
    "существо", "существа", "существу", "существ", "карта", "карту", "карты", "карте",
    "выбранное", "выбранную", "выбранный", "выбранного", "выбранная", "ваше", "ваш", "вашего",
    "вашу", "ваша", "ваши", "ваших", "каждое", "каждую", "каждый", "все", "всех", "стоящее",
    "стоящую", "стоящий", "стоящего", "получает", "получают", "получить", "ранить", "излечить",
    "переместить", "открыть", "закрыть", "уничтожить", "изгнать", "вызвать", "противника",
    "его", "ее", "атакованный", "атакованное", "атакованного", "атакованная", "хозяин", "цель",
    "может", "можете", "другое", "другую", "один", "одно", "одну", "два", "две", "три",
    "до",  # «воздействие исполинский рост до конца хода …» (40-86): the duration is no name
})


def _has_x(effect: Effect) -> bool:
    """Whether the effect's amount is one of X («на X», «на X-1»)."""
    return any(x_offset(v) is not None
               for v in (getattr(effect, "value", None), getattr(effect, "values", (None,))[0]))


def _whose_x(effects: tuple[Effect, ...], parts: dict[str, Any]) -> bool:
    """«ранить атакованного на X, где X его слабый простой удар»: «его» is the card the effect
    with X names when that is a fixed participant (``attacked`` …), not an unnamed ``that``.
    False (not read) when «его» may be either option's card of a choice («излечить
    небестелесное существо на X или ранить бестелесное существо на Х, где Х его движения»)."""
    x = parts.get("x")
    if x is not None and isinstance(x.of, Selector) and x.of.of == "that":
        # «на величину слабого простого удара стоящей сзади него карты» (10-199): «него» is the
        # card the effect with X names, when that is a fixed participant; else not read
        who = next((getattr(e, "target", None) for e in effects
                    if _has_x(e)), None)
        if not isinstance(who, str) or who in ("self", "that") or len(effects) != 1:
            return False
        parts["x"] = dataclasses.replace(x, of=dataclasses.replace(x.of, of=cast(Ref, who)))
        return True
    if x is None or x.of != "that":
        return True
    if any(isinstance(e, Choice) for e in effects):
        return False
    for effect in effects:
        if _has_x(effect):
            who = getattr(effect, "target", None)
            if isinstance(who, str) and who not in ("self", "that"):
                parts["x"] = dataclasses.replace(x, of=who)
            return True
    return True


def _unnamed(text: str, parts: dict[str, Any], *, partial: bool, optional: bool = True
             ) -> Body | None:
    may = _OPTIONAL.match(text) if optional else None
    if may:
        effects = _effects(text[may.end():])
        if effects is not None:
            if not _whose_x(effects, parts):
                return None
            return Body(effects=effects, optional=True, **parts)
    subject_may = _SUBJECT_MAY.match(text) if optional else None
    if subject_may:  # «стоящее рядом существо может получить благословление»
        verb = _MAY_VERBS[subject_may.group("verb")][subject_may.group("may") == "могут"]
        after = _SUBJECT_BECOMES.sub(", при этом оно становится ", text[subject_may.end():])
        after = _SUBJECT_ALSO.sub(lambda m: f", при этом оно {_MAY_VERBS[m.group('verb')][0]} ",
                                  after)
        effects = _effects(f"{subject_may.group('who')} {verb}{after}")
        if effects is not None:
            if not _whose_x(effects, parts):
                return None
            return Body(effects=effects, optional=True, **parts)
    effects = _effects(text) if text else None
    if effects is not None and not _whose_x(effects, parts):
        return None
    if effects is None:
        if not partial:
            return None
        effects = _partial_effects(text[may.end():] if may else text)
    return Body(effects=effects, optional=bool(may) and not partial, **parts)


# --- effects, separated


def _effects(text: str) -> tuple[Effect, ...] | None:
    """``text`` as effects separated by :data:`_SEPARATOR`, every one read; the longest
    effects first."""
    return _split(text, 0)


@lru_cache(maxsize=2048)
def _split(text: str, start: int) -> tuple[Effect, ...] | None:
    if start > 0:
        maybe = _may_rest(text[start:])
        if maybe is not None:
            return maybe
    for end, after in _cuts(text, start):
        first = clause(text[start:end])
        if first is None:
            continue
        if start == 0 and any(isinstance(e, Conditional) for e in first):
            continue  # «если после этого …» after no effect: after what?
        if after is None:
            return first
        if any(isinstance(e, Delayed) for e in first):
            continue  # «в конце хода A, B»: is B delayed too? (:func:`_later`)
        carried = _carried(text[start:end], text[after:])
        rest = _split(carried, 0) if carried is not None else _split(text, after)
        if rest and isinstance(rest[0], Conditional) and isinstance(rest[0].condition, Shown) \
                and not any(isinstance(e, Prophecy) for e in first):
            continue  # «если показана …» after no prophecy: shown by what?
        if rest is not None:
            return first + rest
    return None


#: What «, при этом может …» after other effects may leave to the card's owner: actions and what
#: a card gets, not rules; not a way of moving either. A ranged attack may be one: the checks
#: find it in the choice, and one after a move of the card starts from another cell, which they
#: leave unknown («Переместить Кулеврину орков на соседнюю клетку, при этом она может совершить
#: выстрел на 1-2-2, дальность 4», 50-24; bot/engine/ranged.py).
_MAY_KINDS = frozenset({"wound", "heal", "extra_lives", "strike", "move", "swap", "open", "close",
                        "destroy", "exile", "summon", "resurrect", "transfer", "counters", "lose",
                        "fight", "marker", "keyword", "keyword_bonus", "attack_bonus",
                        "movement_bonus", "die_bonus", "protection", "reduction", "throw", "shot",
                        "discharge"})


_MAY_GIVES = re.compile(r"(?P<a>[^;]+?)\s*;\s*(?P<b>получить [^;]+)")


def _may_rest(text: str) -> tuple[Effect, ...] | None:
    """«Метание «кинжала» на 1-2-2, дальность 4, при этом ваш пират может получить проклятие»
    (50-172): after other effects, «[кто] может …» to the end is what the owner may do or not —
    a :class:`Choice` of it and nothing."""
    may = _OPTIONAL.match(text)
    subject = None if may else _SUBJECT_MAY.match(text)
    if may:
        rest = text[may.end():]
    elif subject:
        verb = _MAY_VERBS[subject.group("verb")][subject.group("may") == "могут"]
        rest = f"{subject.group('who')} {verb}{text[subject.end():]}"
    else:
        return None
    # «может поменяться местами с атакованным существом, при этом закрыть его» (40-51): what
    # follows by «, при этом» is part of what it may do; after «;» or «, затем» it is not clear —
    # but «может A; получить B» is the database's way to say what doing A gives (50-62, 50-173,
    # 40-164): «при этом может раниться на 2; получить +1 к регенерации (максимум +2)» (40-134)
    gives = _MAY_GIVES.fullmatch(rest)
    if gives:
        first, then = clause(gives.group("a")), _effects(gives.group("b"))
        inner = first + then if first is not None and then is not None else None
    elif re.search(r";|,\s*затем\s", rest):
        inner = clause(rest)
    else:
        inner = _effects(rest)
    if inner is None or any(e.kind not in _MAY_KINDS for e in inner):
        return None
    return (Choice(options=(inner, ())),)


#: A finite verb of an effect: after a subject, or opening a clause that has none.
_FINITE = r"(?:также )?(?:получает|получают|теряет|теряют)"


def _carried(first: str, rest: str) -> str | None:
    """«атакованный теряет защиту от отравления до конца боя и получает отравление на 1-2-3»
    (30-132): a clause that opens with a finite verb has the subject of the clause before it,
    when that one names one (``rest`` with it written in front); else None (a clause with no
    subject is the card's own: «теряет проклятие и получает полёт»)."""
    verb = re.match(_FINITE + " ", rest)
    if not verb:
        return None
    # «выбранное дитя Кронга становится горным и получает …» (20-50): the one who becomes it
    m = re.match(r"(?P<who>[^,;]+?) (?:" + _FINITE + "|становится|становятся) ", first)
    who = target(m.group("who"), plural=True) if m else None
    if m is None or who in (None, "self"):
        return None
    if isinstance(who, Selector):  # the same card(s) again: «оно», «они» (``that``)
        return ("они " if verb.group(0).rstrip().endswith("ют") else "оно ") + rest
    return f"{m.group('who')} {rest}"


def _cuts(text: str, start: int) -> Iterator[tuple[int, int | None]]:
    """Where the effect that starts at ``start`` may end: the end of ``text``, then each
    separator from the last to the first (the longest effect first)."""
    yield len(text), None
    seps = [m for m in _SEPARATOR.finditer(text, start) if m.start() > start]
    for m in reversed(seps):
        yield m.start(), m.end()


def _partial_effects(text: str) -> tuple[Effect, ...]:
    """The effects read from the start of ``text``, then the rest as a fragment: the first
    effect is the longest one read, by a whole clause or by a parser that stops at a
    separator or a bracket («выстрел на 3, дальность 3 (в том числе …»)."""
    best: tuple[int, tuple[Effect, ...]] | None = None
    for end, after in _cuts(text, 0):
        if after is not None and (best is None or end > best[0]):
            first = clause(text[:end])
            if first is not None:
                best = (after, first)
    for parse in _EFFECT_PARSERS:
        found = parse(text)
        if found is None:
            continue
        stop = re.match(r"\s*(?:" + _SEPARATOR.pattern + r"|(?=\())\s*", found[1])
        at = len(text) - len(found[1])
        if stop and (best is None or at > best[0]):
            best = (at + stop.end(), _effects_of(found[0]))
    if best is None:
        return (Unparsed(fragment=_clean(text)),)
    rest = text[best[0]:]
    more = _effects(rest)
    return best[1] + (more if more is not None else _partial_effects(rest))


def clause(text: str) -> tuple[Effect, ...] | None:
    """One effect clause read in full (an effect parser of :mod:`effects` that reads all of it,
    or a lone sentence reader of :mod:`sentences` that gives effects)."""
    text = text.strip()
    if not text:
        return None
    for parse in _EFFECT_PARSERS:
        found = parse(text)
        if found is not None and not found[1].strip():
            return _effects_of(found[0])
    for read in _LONE:
        got = read(text)
        if got and all(getattr(a, "kind", "") in EFFECT_KINDS and not isinstance(a, Unparsed)
                       for a in got):
            return tuple(got)  # type: ignore[arg-type]
    return _either(text)


def _either(text: str) -> tuple[Effect, ...] | None:
    """«ранить стоящую рядом карту на 2 или излечиться на 3»: clauses, each read in full,
    joined by «или» — a :class:`Choice` of them (the card's owner chooses); «излечиться на 3
    или получить +2 к опыту в атаке или получить +1 к движению» (50-55): of three."""
    if text.count(" или ") == 0 and text.count(", либо ") == 1 and not text.startswith("либо "):
        parts = text.split(", либо ")  # «прыжок, дальность 3, либо особый удар …» (30-55)
    elif text.count(" или ") == 0:
        return None
    else:  # «…, или излечите его на 2, или …» (20-92): the comma before «или» is the choice's
        parts = re.split(r",? или ", text)
    options: list[tuple[Effect, ...] | None] = []
    for part in parts:
        options.append(_elided(part, options[-1]) if options and part in _BARE_VERBS
                       else clause(part))
    if any(o is None or any(isinstance(e, Choice) for e in o) for o in options):
        return None
    return (Choice(options=tuple(o for o in options if o is not None)),)


#: Verbs that take an object, said bare as an option after another («ранить его на 1 или
#: закрыть», 30-70): the object is the option's before.
_BARE_VERBS = frozenset({"закрыть", "открыть"})


def _elided(verb: str, before: tuple[Effect, ...] | None) -> tuple[Effect, ...] | None:
    """«ранить его на 1 или закрыть (по выбору противника)» (30-70): a bare verb after «или»
    acts on the one card the option before names by a fixed ref (``that``, ``attacked`` …; not
    the card itself, which would be «закрыться»); else None."""
    if before is None or len(before) != 1:
        return None
    whom = getattr(before[0], "target", None)
    if not isinstance(whom, str) or whom == "self":
        return None
    found = clause(f"{verb} его")
    if found is None or len(found) != 1 or getattr(found[0], "target", None) != "that":
        return None
    return (dataclasses.replace(found[0], target=whom),)  # type: ignore[arg-type]


def _effects_of(found: Any) -> tuple[Effect, ...]:
    """The effects a parser read: one, or several of one phrase («получает A и B»)."""
    many = getattr(found, "effects", None)
    if many is not None and not hasattr(found, "kind"):
        return tuple(many)
    return (found,)


def _ranged_tail(text: str) -> tuple[Effect, str] | None:
    """A ranged attack with «по карте на выбранной клетке» and «, дальность N» after it."""
    found = fx.ranged(text)
    if found is None:
        return None
    effect, rest = found
    assert isinstance(effect, Throw | Shot | Discharge)
    changes: dict[str, Any] = {}
    chosen = re.match(r"\s*по карте на выбранной клетке", rest)
    if chosen:
        changes["target"] = Selector(what="card", place="chosen_cell")
        rest = rest[chosen.end():]
    far = re.match(r"\s*,?\s*дальн?ность\s+(\d+)", rest)  # «дальнность»: a misprint (10-38)
    if far and effect.range is None:
        changes["range"] = int(far.group(1))
        rest = rest[far.end():]
    attack = dataclasses.replace(effect, **changes) if changes else effect
    ignoring = re.match(r"\s*\(игнорирует особенности атакованного существа\)", rest)
    if ignoring:
        # «Выстрел огненной стрелой на 5 (игнорирует особенности атакованного существа)» (10-99):
        # this attack ignores the abilities of the card it is at
        ignore = Ignore(abilities_of="attacked")
        return cast(Effect, fx.Many((attack, ignore))), rest[ignoring.end():]
    return attack, rest


#: «; разряд на 2 в существо, стоящее рядом с целью первого разряда» (20-61): the next attack of
#: a chain, at a card next to the one the attack before it is at.
_NEXT_IN_CHAIN = re.compile(r";\s*(?P<attack>разряд на \d+(?:-\d+-\d+)?) в (?P<noun>существо|карту), "
                            r"стоящ(?:ее|ую) рядом с целью (?P<nth>первого|второго|третьего) "
                            r"разряда")
_ORDINALS = {"первого": 1, "второго": 2, "третьего": 3}


def _chained_attacks(text: str) -> tuple[Effect, str] | None:
    """«Разряд на 3; разряд на 2 в существо, стоящее рядом с целью первого разряда; разряд на 1
    в существо, стоящее рядом с целью второго разряда» (20-61): each attack after the first is
    at a card next to the target of the one right before it (``attacked``: the card the
    attack before is at); an ordinal naming another attack is not read."""
    first = fx.ranged(text)
    if first is None or not isinstance(first[0], Discharge) or first[0].target is not None:
        return None
    attacks: list[Effect] = [first[0]]
    rest = first[1]
    while m := _NEXT_IN_CHAIN.match(rest):
        if _ORDINALS[m.group("nth")] != len(attacks):
            return None
        found = fx.ranged(m.group("attack"))
        if found is None or found[1]:
            return None
        aim = Selector(what="creature" if m.group("noun") == "существо" else "card",
                       place="adjacent", of="attacked")
        attacks.append(dataclasses.replace(found[0], target=aim))  # type: ignore[arg-type]
        rest = rest[m.end():]
    if len(attacks) < 2:
        return None
    return cast(Effect, fx.Many(tuple(attacks))), rest


#: «Особый удар пикой на 2 (+2 к особому удару по горным)» (20-30), «разряд на 1 (+2 к разряду
#: за каждую фишку)» (10-178): a bonus in brackets right after an attack, to that attack.
_OWN_BONUS = re.compile(r"\s*\((?P<bonus>\+[^()]+)\)")


def _attack_with_bonus(text: str) -> tuple[Effect, str] | None:
    """An attack the ability declares with a bonus to it in brackets: the attack and the bonus
    (``this``: to this attack only)."""
    found = _ranged_tail(text) or fx.strike(text)
    if found is None or isinstance(found[0], fx.Many):
        return None
    attack, rest = found
    paid = _PAID_BONUS.match(rest)
    if paid:
        return _paid_bonus(attack, paid.group("bonus"), rest[paid.end():])
    m = _OWN_BONUS.match(rest)
    read = clause(m.group("bonus")) if m else None
    bonus = read[0] if read is not None and len(read) == 1 else None
    if m is None or not isinstance(bonus, AttackBonus) or bonus.next \
            or bonus.to != (Attack(kind=_attack_kind(attack)),):
        return None
    return cast(Effect, fx.Many((attack, dataclasses.replace(bonus, this=True)))), rest[m.end():]


#: «Магический удар на 0-1-2, +1 к удару за каждую потраченную фишку» (10-46): a bonus to the
#: attack declared for each counter paid for it (the X of «X фишек»: ``per`` ``paid``).
_PAID_BONUS = re.compile(r",\s*(?P<bonus>\+\d+ к [а-я ]+?) за каждую потраченную фишку(?=$)")


def _paid_bonus(attack: Effect, bonus_text: str, rest: str) -> tuple[Effect, str] | None:
    read = clause(bonus_text)
    bonus = read[0] if read is not None and len(read) == 1 else None
    if not isinstance(bonus, AttackBonus) or bonus.next or bonus.per is not None \
            or bonus.against is not None:
        return None
    own = (Attack(kind=_attack_kind(attack)),)
    # «к удару» after any strike («магический удар»): that strike
    if bonus.to != own and not (isinstance(attack, Strike) and bonus.to == (Attack(kind="strike"),)):
        return None
    bonus = dataclasses.replace(bonus, to=own, per=XValue(count="paid"), this=True)
    return cast(Effect, fx.Many((attack, bonus))), rest


#: «(+1 к излечению героев)» right after a heal (20-173): more to that heal of such cards.
_HEAL_BONUS = re.compile(r"\s*\(\+(?P<n>\d+) к излечению (?P<whom>[^()]+)\)")


def _heal_with_bonus(text: str) -> tuple[Effect, str] | None:
    """«Излечить существо на 1 (+1 к излечению героев)» (20-173): the heal and a
    :class:`HealBonus` to it of the cards described (in the genitive)."""
    found = fx.heal(text)
    m = _HEAL_BONUS.match(found[1]) if found is not None else None
    whom = genitive(m.group("whom")) if m else None
    if found is None or m is None or whom is None or whom[1].strip():
        return None
    bonus = HealBonus(value=int(m.group("n")), against=whom[0])
    return cast(Effect, fx.Many((found[0], bonus))), found[1][m.end():]


def _attack_kind(attack: Effect) -> AttackKind:
    return attack.attack if isinstance(attack, Strike) else cast(AttackKind, attack.kind)


def _delayed(text: str) -> tuple[Effect, str] | None:
    """«в начале вашего следующего хода все карты на этой клетке ранятся на 2» (10-22)."""
    m = re.match(r"в начале вашего следующего хода все карты на этой клетке ранятся на (\d+)",
                 text)
    if not m:
        return None
    everyone = Selector(what="card", all=True, place="that_cell")
    return Delayed(at=When(event="turn_start", turn="own", next=True),
                   effects=(Wound(value=int(m.group(1)), target=everyone),)), text[m.end():]


def _later(text: str) -> tuple[Effect, str] | None:
    """«в конце хода выбранное существо противника … получает отравление на 1» (20-127): a
    clause read in full at the start or the end of a turn to come (``at``: «в конце хода» is
    the end of this turn, the first to come). Only as the last effect of its body
    (:func:`_split`): effects after it may be delayed too or not."""
    for when, rest in whens(text):
        if when.event not in ("turn_start", "turn_end") or when.timing != "on":
            return None
        effects = clause(rest)
        if effects is None or any(isinstance(e, Delayed) for e in effects):
            return None
        return Delayed(at=when, effects=effects), ""
    return None


#: «следующее существо противника, которое действует, ранится на 3» (30-78): a trap.
_NEXT_ACTING = re.compile(r"следующ(?P<g>ее|ая|ий) (?P<who>[^,;]+?), (?:которое|которая|который) "
                          r"действует, (?P<what>[^;]+)")


def _next_acting(text: str) -> tuple[Effect, str] | None:
    """«следующее существо противника, которое действует, ранится на 3» (30-78): effects of
    that card the first time such a card acts — a :class:`Delayed` at an ``acts`` event of
    them. The whole clause only (effects after it may be the trap's too or not)."""
    m = _NEXT_ACTING.fullmatch(text)
    if not m:
        return None
    who = noun_phrase(m.group("who"))
    if who is None or who.plural or who.selector.all or who.selector.up_to is not None \
            or who.selector.or_self:
        return None
    pronoun = {"ее": "оно", "ая": "она", "ий": "он"}[m.group("g")]
    effects = clause(f"{pronoun} {m.group('what')}")
    if effects is None or any(isinstance(e, Delayed) for e in effects):
        return None
    return Delayed(at=When(event="acts", subject=who.selector), effects=effects), ""


#: «бросьте кубик; если выпало …», «бросить кубик: если выпало …»: a roll and its outcomes.
_ROLL = re.compile(r"(?:бросьте|бросить) кубик\s*[:;]\s*(?=если выпало )")
#: «если выпало 5 или 6 …», «если выпало 4 или более …»: the results of one outcome.
#: «4 или более» tried before a list: «4» alone would leave «или более» to the effects.
_OUTCOME = re.compile(r"если выпало (?:(?P<parity>четное|нечетное) число|(?P<n>[1-6]) или "
                      r"(?P<dir>более|больше|менее|меньше)|(?P<and>[1-6] и [1-6])|"
                      r"(?P<list>[1-6](?:(?:, | или )[1-6])*))(?= )")
#: «бросить кубик; <эффекты>, если выпало 4 или более, иначе <эффекты>» (30-188): the results
#: said after the effects of their outcome, the other results' after «иначе».
_ROLL_THEN_IF = re.compile(r"(?P<roll>(?:бросьте|бросить) кубик)\s*;\s*(?P<a>[^;,]+), "
                           r"(?P<if>если выпало [1-6] или (?:более|больше|менее|меньше)), иначе "
                           r"(?P<b>[^;,]+)$")
#: «…; иначе …»: the outcome of every other result.
_OTHERWISE = re.compile(r"иначе(?= )")


def _roll(text: str) -> tuple[Effect, str] | None:
    """«бросьте кубик; если выпало 5 или 6 эта атака блокируется» (10-189), «бросьте кубик: если
    выпало 1 или 2 ранить …; если выпало 3 или 4 излечить …; …» (10-185): a :class:`Roll`, each
    outcome's effects read in full (the whole rest of ``text``); «; иначе …» the other results."""
    late = _ROLL_THEN_IF.match(text)
    if late:  # «бросить кубик; атакованный получает отравление на 1, если выпало 4 или более,
        # иначе ранить атакованного на 1» (30-188): each outcome's results after its effects
        text = (f"{late.group('roll')}; {late.group('if')} {late.group('a')}; "
                f"иначе {late.group('b')}")
    m = _ROLL.match(text)
    if not m:
        return None
    outcomes: list[Outcome] = []
    seen: set[int] = set()
    for part in re.split(r"\s*;\s*(?=если выпало |иначе )", text[m.end():]):
        head = _OUTCOME.match(part) or _OTHERWISE.match(part)
        if head is None or len(seen) == 6:
            return None
        if head.re is _OTHERWISE:
            values = set(range(1, 7)) - seen
        elif head.group("parity"):  # «если выпало четное число» (20-43)
            values = {2, 4, 6} if head.group("parity") == "четное" else {1, 3, 5}
        elif head.group("list") or head.group("and"):
            # «если выпало 5 и 6» (20-70): one die shows one result — a slip for «5 или 6»
            values = {int(v) for v in re.findall(r"\d", head.group("list") or head.group("and"))}
        else:
            n = int(head.group("n"))
            values = set(range(n, 7)) if head.group("dir") in ("более", "больше") \
                else set(range(1, n + 1))
        effects = _effects(part[head.end():].strip())
        if not values or values & seen or effects is None:
            return None
        seen |= set(range(1, 7)) if head.re is _OTHERWISE else values  # nothing after «иначе»
        outcomes.append(Outcome(values=tuple(sorted(values)), effects=effects))
    return Roll(outcomes=tuple(outcomes)), ""


#: «…; если после этого <условие> <эффекты>» (20-167), «…, если после этого у Келе нет ран не
#: закрывается после этой атаки» (10-102): effects under a condition of the state the effects
#: before it leave; «…, затем, если <условие> <эффекты>» says the same («Вначале вашего хода
#: потерять фишку, затем, если не имеет фишку получить полет», 40-220).
#: After a prophecy, a bare «если показана карта …» asks what it showed (20-103; :func:`_split`
#: keeps it to effects after a prophecy).
_AFTER_THAT = re.compile(r"(?:если после этого|затем,\s*если|если(?= показан)) (?=[а-я@])")


def _after_that(text: str) -> tuple[Effect, str] | None:
    """A :class:`Conditional` to the end of ``text``: the longest condition whose rest reads in
    full as effects (as a trigger's «…, если …», :func:`_ifs`); only after other effects
    (:func:`_split`)."""
    m = _AFTER_THAT.match(text)
    if not m:
        return None
    words = text[m.end():].split(" ")
    for n in range(len(words) - 1, 0, -1):
        cond = condition(" ".join(words[:n]))
        if cond is None:
            continue
        effects = _effects(" ".join(words[n:]))
        if effects is None or any(isinstance(e, Delayed | Conditional) for e in effects):
            continue
        return Conditional(condition=cond, effects=effects), ""
    return None


#: «[кто] получает <ability> до конца …»: a whole ability (with its own cost, trigger or
#: condition) given for a while; quoted or not. «получают: <ability>» (30-32): after the colon,
#: the rest of the sentence is the ability given.
#: «Ваши существа имеют Внезапное действие: Паровой голем теряет жетон» (40-206): «имеют» after a
#: plural subject says the same as «получают» with no duration (the cards have it while the giver
#: is in play).
_GRANT = re.compile(r"(?:(?P<who>[^,;:«»]+?) )?(?P<verb>получает|получают|получить|(?<= )имеют)"
                    r"(?P<colon>:)? ")
_GRANT_UNTIL = re.compile(r" до конца (?P<until>" + alternation(fx.UNTIL) + r")(?=$|[,;])")


#: A duration before who gets a quoted ability, the quotation ending the text.
_LEAD_UNTIL = re.compile(r"до конца (?P<until>" + alternation(fx.UNTIL) + r") (?=[^,;«»]+ "
                         r"(?:получает|получают) «[^«»]+»$)")


def _grant(text: str) -> tuple[Effect, str] | None:
    """«получает закрыться: Магический удар на 2 до конца вашего хода» (30-64), «ваш йордлинг
    получает Пока закрыт, отражает … до конца хода противника» (20-48), «получает «При простом
    ударе — добивание на 2» до конца хода» (50-30): a :class:`Grant` of a frame read in full
    (an activated ability, a trigger or a static one); plain effects are :func:`fx.gets`'.
    With no duration, a trigger or an activated ability to the end of the sentence is given
    for good («оно получает Когда Астральный двойник получает раны раниться на столько же»,
    20-45); so is what follows «получают:» (30-32)."""
    lead = _LEAD_UNTIL.match(text)
    if lead:  # «до конца хода противника атакованный получает «В конце своего хода …»» (50-90)
        return _grant(f"{text[lead.end():]} до конца {lead.group('until')}")
    m = _GRANT.match(text)
    if not m:
        return None
    plural = m.group("verb") in ("получают", "имеют")
    if m.group("verb") == "имеют" and (not m.group("who") or not _frame_first(text[m.end():])):
        return None  # «имеют» only before an ability with a cost or an instant action
    who: Any = "self"
    if m.group("who"):
        if m.group("verb") == "получить":
            return None
        who = target(m.group("who"), plural=plural)
        if who is None:
            return None
    # the last duration first; with none, to the end of the sentence
    ends: list[tuple[int, int, Any]] = [(len(text), len(text), None)]
    if not m.group("colon"):
        ends += [(end.start(), end.end(), fx.UNTIL[end.group("until")])
                 for end in _GRANT_UNTIL.finditer(text, m.end())]
    for start, stop, until in reversed(ends):
        what = text[m.end():start].strip()
        quoted = re.fullmatch(r"«(?P<q>[^«»\"]+)»|\"(?P<d>[^«»\"]+)\"", what)
        if quoted:
            what = re.sub(r"\s+[ー—–-]\s+", " — ", quoted.group("q") or quoted.group("d"))
        elif any(q in what for q in "«»\""):
            continue
        found = _given(what, who)
        # «получает Может нападать …» (20-146): a rule said with its verb and no subject right
        # after «получает» is one given as a whole, quoted or not
        # right after «получает»; so is «Прыжок, дальность 4» (40-152: the card may jump)
        rule_given = quoted or what.startswith("может ") or re.fullmatch(
            r"прыжок, дальность \d+", what)
        if (found is None or len(found) != 1
                or not (isinstance(found[0], Activated | Trigger | Static)
                        or rule_given and _bare_rule(found[0]))
                or not _read(found[0])):
            continue
        if until is None and not isinstance(found[0], Activated | Trigger):
            continue  # for good: only a frame that cannot be a plain effect with a condition
            # («получает: +1 к движению, если у вас есть степное существо; …», 10-196: a list)
        return Grant(ability=found[0], target=who, until=until), text[stop:]
    return None


def _frame_first(what: str) -> bool:
    """Whether ``what`` starts with the prefix of an activated ability («закрыться:»,
    «внезапное действие:»)."""
    return re.match(r"(?:закрыться|внезапное действие)(?:, [^:]+)?: ", what) is not None


#: «его» of an X inside the given ability is its holder, the card that gets it: it names no
#: other card (the one that gives it is named by its own name): «выбранный гном получает
#: закрыться: Метание на Х, дальность 3, где Х величина его слабого простого удара» (40-38).
_HIS_WEAK = re.compile(r"(?<=, где [xх] величина )его (?=слабого простого удара$)")


def _given(what: str, who: Any) -> list[Ability] | None:
    """The ability given, read. Given to another card, the giver's own name in it is the giver
    (``granter``; ``self`` is the card that has it): «выбранное дитя Кронга … получает При
    простом ударе Сигурд получает фишку» (20-50) — read as «хозяин …» (the name only in the
    nominative, where «хозяин» reads) and the host written ``granter``; not read when the
    ability names a host of its own."""
    if who != "self" and SELF not in what and what.count("этому существу") == 1 \
            and "существ" not in what.split("этому существу")[0]:
        # «ваше существо получает Когда карта противника наносит этому существу раны ранить её
        # на 1 до конца хода» (40-25): «этому существу», no creature named before it, is the one
        # that has the ability
        return read(what.replace("этому существу", SELF))
    if who != "self":
        what = _HIS_WEAK.sub("своего ", what)
    if who == "self" or SELF not in what:
        return read(what)
    if "хозя" in what:
        return None
    found = read(what.replace(SELF, "хозяин"))
    return None if found is None else _ref_as(found, "host", "granter")


def _ref_as(value: Any, old: str, new: str) -> Any:
    """``value`` with every ref ``old`` in it written ``new``."""
    if value == old:
        return new
    if isinstance(value, list):
        return [_ref_as(v, old, new) for v in value]
    if isinstance(value, tuple):
        return tuple(_ref_as(v, old, new) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _ref_as(getattr(value, f.name), old, new)
                   for f in dataclasses.fields(value) if f.name not in ("text", "fragment")}
        return dataclasses.replace(value, **changes)
    return value


#: «<кто> получает <A> и "<B>" до конца хода» (40-37): a plain effect and a quoted rule, both of
#: the same card and lasting the same.
_GETS_AND_QUOTED = re.compile(r"(?P<who>[^,;:«»\"]+?) (?P<verb>получает) (?P<a>[^,;«»\"]+?) и "
                              r"(?P<q>«[^«»\"]+»|\"[^«»\"]+\")(?P<until> до конца (?:"
                              + alternation(fx.UNTIL) + r"))(?=$|[,;])")


def _gets_and_quoted(text: str) -> tuple[Effect, str] | None:
    """«Ваше закрытое существо стоимостью 8 или более получает опыт в защите 1 и "Отражает
    простой удар как открытая карта" до конца хода» (40-37): the plain effect with its subject
    and duration, then the :class:`Grant` of the quoted rule to the same card (``that`` when the
    subject is chosen)."""
    m = _GETS_AND_QUOTED.match(text)
    if not m:
        return None
    who, verb, until = m.group("who"), m.group("verb"), m.group("until")
    plain = clause(f"{who} {verb} {m.group('a')}{until}")
    quoted = _grant(f"{who} {verb} {m.group('q')}{until}")
    if plain is None or len(plain) != 1 or quoted is None or quoted[1].strip():
        return None
    grant = quoted[0]
    assert isinstance(grant, Grant)
    if getattr(plain[0], "target", None) != grant.target:
        return None
    if isinstance(grant.target, Selector):
        if grant.target.all:
            return None  # «все … получают»: the plural verb, not read here
        grant = dataclasses.replace(grant, target="that")
    return cast(Effect, fx.Many((plain[0], grant))), text[m.end():]


def _bare_rule(ability: Ability) -> bool:
    """Whether a quoted ability given to a card is a rule with no holder and no duration of its
    own («получает "может нападать простым ударом два раза за ход, только подряд" до конца
    вашего хода», 30-152): the grant says who has it and until when. (An effect with a
    ``target`` or an ``until`` is given with them instead.)"""
    names = {f.name for f in dataclasses.fields(ability)}
    return ability.kind in EFFECT_KINDS and not names & {"target", "until"}


#: «освободившаяся клетка получает маркер «гнили» (когда нетёмное существо перемещается на
#: клетку с маркером «гнили» ранить его на 2)» (50-163, 30-145): a marker on the cell the card
#: of the trigger left, and its rule in brackets.
_VACATED_MARKER = re.compile(r"освободившаяся клетка получает маркер (?:«(?P<q>[^«»\"]+)»|"
                             r"\"(?P<d>[^«»\"]+)\") \((?P<rule>когда [^()]+)\)")


def _vacated_marker(text: str) -> tuple[Effect, str] | None:
    """«освободившаяся клетка получает маркер «гнили» (когда …)» (50-163): a :class:`Marker` on
    the cell left (``vacated``; a trigger on a death makes it the cell of the card that died,
    :func:`_vacated_of`) whose ``rule`` is the trigger in brackets, read in full and about
    cells with that marker; else None."""
    m = _VACATED_MARKER.match(text)
    if m is None:
        return None
    name = m.group("q") or m.group("d")
    rule = read(m.group("rule"))
    if rule is None or len(rule) != 1 or not isinstance(rule[0], Trigger) or not _read(rule[0]):
        return None
    trig = rule[0]
    if trig.when.to is None or trig.when.to.markers != (name,):
        return None  # a rule of the cells with this marker only
    return Marker(name=name, cell=Cell(vacated=True), rule=trig), text[m.end():]


def _vacated_of(effects: tuple[Effect, ...], when: When) -> tuple[Effect, ...] | None:
    """A marker on the «освободившаяся клетка» (``vacated``) of a trigger: the cell a move left
    (a move's events), the cell of the card that died (``of``: the card itself or ``that``);
    None (not read) after any other event."""
    out: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Marker) and effect.cell is not None and effect.cell.vacated:
            if when.event == "death":
                who: Ref = "self" if when.subject == "self" else "that"
                effect = dataclasses.replace(effect, cell=Cell(of=who))
            elif when.event not in _MOVE_EVENTS or when.also:
                return None
        out.append(effect)
    return tuple(out)


_EFFECT_PARSERS: tuple[fx.EffectParser, ...] = (
    _chained_attacks, _attack_with_bonus, _heal_with_bonus, _ranged_tail, _delayed, _later, _next_acting, _roll, _after_that, actions.redirect, actions.reduce_one, actions.block_at,
    actions.change_roll, actions.roll_changed, actions.cancel, actions.regain_subtype,
    actions.fight_result, actions.roll_twice,
    actions.volley, actions.far_wound,
    actions.relocate, actions.must_attack, actions.wounded, actions.suffers_or_wounded,
    actions.declare_valhalla,
    *dict.fromkeys((*fx.ACTIONS, *fx.TRIGGERED, fx.gain_counters, modifier)), _gets_and_quoted,
    _grant, _vacated_marker,
)
_LONE: tuple[Reader, ...] = (
    lone.standalone, lone.counters, lone.max_lives, lone.rules_of_moving, lone.ignore,
    lone.reduction, lone.attack_bonus, lone.keyword, statement, rules.rule, around.while_there,
)

# ---------------------------------------------------------------------------------------------
# Frames


#: «Когда Астральный двойник получает раны раниться на столько же» (20-45): as many wounds as
#: the trigger's card got, «получает X ран … на X» (X: ``event_x``).
_AS_MANY = re.compile(r"(?P<head>когда (?:[^,;x]+ )?получает) раны (?P<rest>[^,;x]+) на столько же")


#: «В начале боя воздействие интриги: Первый игрок: Два выбранных существа …» (10-194): a mode
#: said after the trigger phrase and the impact's name.
_PLAYER_INSIDE = re.compile(r"(?P<head>в начале боя (?:воздействие|заклинание) [^:;,]+?)\s*: "
                            r"(?P<mode>первый|второй) игрок: (?P<rest>.+)")


def _player_inside(m: re.Match[str]) -> list[Ability] | None:
    """The trigger read as if the mode came first («Второй игрок: В начале боя …», 40-16): a
    :class:`Static` under the player's condition granting it."""
    found = read(f"{m.group('head')} {m.group('rest')}")
    if not found or len(found) != 1 or not isinstance(found[0], Trigger) or not _read(found[0]):
        return None
    return [Static(condition=PlayerIs(player="first" if m.group("mode") == "первый" else "second"),
                   grants=(found[0],))]


def read(s: str) -> list[Ability] | None:
    """The abilities of a normalised sentence, or None when its frame is not read."""
    player = _PLAYER_INSIDE.fullmatch(s)
    if player:  # «В начале боя воздействие интриги: Первый игрок: …» (10-194)
        return _player_inside(player)
    as_many = _AS_MANY.fullmatch(s)
    if as_many:
        s = f"{as_many.group('head')} x ран {as_many.group('rest')} на x"
    rule = _COUNTERS_RULE.search(s)
    if rule:  # «… получить фишку (не может иметь более 3 фишек)» (20-24): the card's own rule
        found, kept = read(s[:rule.start()]), lone.counters(rule.group("rule"))
        return [*found, *kept] if found and kept and all(map(_read, found)) else None
    after = _INSTEAD_OF_DYING.fullmatch(s)
    if after:  # «Возвращает свой подтип существа вместо того, чтобы погибнуть в результате …»
        return read(f"если должен погибнуть в результате гибели хозяина вместо этого {after.group(1)}")
    incarnates = _INCARNATES.fullmatch(s)
    if incarnates:  # «Инкарнирует в открытом виде, при этом получает …» (10-141), 20-154
        return _incarnates(incarnates)
    hosts = _HOST_HAS.fullmatch(s)
    if hosts:  # «Хозяин Хранителя души имеет «Бестелесный: -1 от ударов», пока болотный» (50-110)
        return _host_has(hosts)
    rolls = _ROLLS_FIGHTING.fullmatch(s)
    if rolls:  # «Если, сражаясь, выбрасывает на кубике 6 ранить существо, с которым …» (20-17)
        when = When(event="fights", condition=DieRoll(values=(int(rolls.group("die")),)))
        return [Trigger(when=when, effects=(Wound(value=int(rolls.group("n")), target="that"),))]
    fighting = _FIGHTING.match(s)
    if fighting:  # «Сражаясь простым ударом с открытым существом противника, может …» (20-10)
        return read("когда сражается " + s[fighting.end():])
    reminder = _REMINDER.fullmatch(s)
    if reminder:  # «Рывок (при атаке может переместиться …)» (30-19): the keyword and its rule
        return read(reminder.group("dash") or reminder.group("armor"))
    note = _NOT_AN_ATTACK.search(s)
    if note:  # «… от всех атак (заклинание не является атакой)» (21-15): the rules' reminder
        found = read(s[:note.start()])
        return found if found and all(map(_read, found)) and all(
            _of_attacks(a) for a in found) else None
    half = _HALF_LIVES.fullmatch(s)
    if half:  # «+X к сильному простому удару, где X половина текущих жизней атакованного …»
        return _half_lives(half)
    theirs = _THEIR_X.fullmatch(s)
    if theirs:  # «… ваши болотные существа имеют броню Х, где Х величина их регенерации» (30-114)
        return _their_x(theirs)
    listed = _BONUS_AT_LIST.fullmatch(s)
    if listed:  # «+1 к простому удару по существам с 1 движением, симбиотам и артефактам» (50-4)
        return _bonus_at_each(listed)
    instant = _INSTANT_COMMA.fullmatch(s)
    if instant:  # «Внезапное действие, снимите дополнительную жизнь с вашего слуа; …» (20-169)
        return read(f"внезапное действие: {instant.group('rest')}")
    holders = _holders(s)
    if holders is not None:  # «Каждый ваш пират или койар имеет +1 … позади него» (30-167)
        return holders
    armor = _ARMOR_BOUND.fullmatch(s)
    if armor:  # «… с движением меньшей или равной оставшимся единицам брони Законника …» (50-191)
        return read(f"{armor.group('head')} x или менее {armor.group('tail')}, где x количество "
                    "оставшихся единиц брони")
    found = _framed(s)
    if found is None or not all(map(_read, found)):
        return _then_trigger(s) or found
    return found


#: «Внезапное действие, снимите дополнительную жизнь с вашего слуа; стоящее рядом с Далукаром
#: существо получает -1 или +1 к выбранному броску кубика (3 раза за ход)» (20-169): with no colon
#: after it, the comma ends the instant prefix (the action's first step is the life taken).
_INSTANT_COMMA = re.compile(r"внезапное действие, (?P<rest>[^:«»\"]+)")


#: A bonus the cards of a subject have, whose «по …» names them again by a pronoun: «Каждый ваш
#: пират или койар имеет +1 к простому удару по существам, стоящим на клетке позади него»
#: (30-167), «Ваши существа с добиванием имеют +1 к добиванию по существам меньшей, чем они,
#: стоимости» (40-104). No other card is named before the pronoun: it is each card that has the
#: bonus (``holder``) — «они» after a plural subject; «него» after «каждый ваш …» when the card's
#: own name is feminine (it cannot be the card itself).
_HOLDERS = re.compile(r"(?P<who>(?:каждый ваш|ваши) [^,;:]+?) (?P<verb>имеет|имеют) "
                      r"(?P<what>[+]\d+ к [^;:«»]+)")
_HOLDER_PRONOUN = {"имеют": re.compile(r"(?<=, чем )они(?=, )"),
                   "имеет": re.compile(r"(?<= на клетке позади )него$")}


def _holders(s: str) -> list[Ability] | None:
    """:data:`_HOLDERS`: the bonus with the pronoun read as ``holder``; None when the sentence is
    not one."""
    m = _HOLDERS.fullmatch(s)
    if not m:
        return None
    verb = m.group("verb")
    if (verb == "имеет") != m.group("who").startswith("каждый ") or \
            verb == "имеет" and self_gender() != "femn":
        return None
    what, n = _HOLDER_PRONOUN[verb].subn("@holder", m.group("what"))
    if n != 1:
        return None
    found = read(f"{m.group('who')} {verb} {what}")
    if found is None or len(found) != 1 or not _read(found[0]) \
            or not isinstance(found[0], AttackBonus | KeywordBonus) \
            or not isinstance(found[0].target, Selector) or not found[0].target.all:
        return None
    return found


#: «Стоящие рядом существа противника с движением меньшей или равной оставшимся единицам брони
#: Законника не могут двигаться» (50-191): a bound of the card's own armor left, said as «с
#: движением X или менее …, где X количество оставшихся единиц брони» (the measure ``armor``).
_ARMOR_BOUND = re.compile(r"(?P<head>[^,;]+ с движением) меньшей или равной оставшимся единицам "
                          r"брон(?:и|ю|е) @self (?P<tail>[^,;]+)")


#: «+1 к простому удару по существам с 1 движением, симбиотам и артефактам» (50-4): one bonus
#: at each of three kinds of cards (one entry each, the whole sentence their text).
_BONUS_AT_LIST = re.compile(r"(?P<head>[+-]\d+ к [а-я ]+?) по (?P<a>[^,]+), (?P<b>[^,]+) и "
                            r"(?P<c>[^,]+)")


#: «+X к сильному простому удару, где X половина текущих жизней атакованного существа (при
#: нечетном количестве текущих жизней округлять их в меньшую сторону)» (10-158): half, rounded
#: down — only so, the rounding said.
_HALF_LIVES = re.compile(r"(?P<head>[^,;:]+), где x половина текущих жизней атакованного существа "
                         r"\(при нечетном количестве текущих жизней округлять их в меньшую "
                         r"сторону\)")


def _half_lives(m: re.Match[str]) -> list[Ability] | None:
    """The bonus read with X the attacked's current lives halved (``half``, of ``attacked``):
    only one attack bonus of the card's own, X its value."""
    found = read(f"{m.group('head')}, где x число ран на {SELF}")
    if found is None or len(found) != 1 or not isinstance(found[0], Static) \
            or found[0].condition is not None or found[0].limit is not None \
            or found[0].x != XValue(count="wound") or len(found[0].grants) != 1:
        return None
    bonus = found[0].grants[0]
    if not isinstance(bonus, AttackBonus) or bonus.value != "X" or bonus.target != "self" \
            or bonus.per is not None or bonus.against is not None:
        return None
    return [dataclasses.replace(found[0], x=XValue(count="life", of="attacked", half=True))]


#: «<cards> имеют <modifiers>, где X величина их <measure>» (30-114): each card's X its own.
_THEIR_X = re.compile(r"(?P<who>[^,;:«»\"]+?) (?P<verb>имеют|получают) (?P<what>[^;:«»\"]+?), где x "
                      r"величина их (?P<m>регенерации|отравления|движения|опыта в защите)"
                      r"(?: \(максимум (?P<max>\d+)\))?")


def _their_x(m: re.Match[str]) -> list[Ability] | None:
    """«Пока Страж Уорлога открыт, стоящие справа и слева ваши болотные существа имеют броню Х,
    где Х величина их регенерации» (30-114): «их» is each card that has it, so each has the
    modifiers with its own X — a :class:`Grant` to those cards of a :class:`Static` whose X is
    of its holder (``self`` inside the given ability). Only plain modifiers of no duration,
    every one of them with X and no target of its own."""
    who = target(m.group("who"), plural=True)
    if not isinstance(who, Selector) or not who.all:
        return None
    b = body(m.group("what"))
    if b is None or b.optional or b.limit or b.impact or b.spell or b.x or b.cap is not None:
        return None
    if not all(_has_x(e) and getattr(e, "target", "self") == "self"
               and getattr(e, "until", None) is None and e.kind in _THEIR_KINDS
               for e in b.effects):
        return None
    x = XValue(count=_HIS_MEASURES[m.group("m")],
               max=int(m.group("max")) if m.group("max") else None)
    return [Grant(ability=Static(x=x, grants=b.effects), target=who)]


#: Modifiers an X of their holder may size (:func:`_their_x`).
_THEIR_KINDS = frozenset({"keyword", "keyword_bonus", "attack_bonus"})
#: «величина их регенерации»: the measure of each card.
_HIS_MEASURES: dict[str, Measure] = {"регенерации": "regen", "отравления": "poison",
                                     "движения": "movement", "опыта в защите": "ovz"}


def _bonus_at_each(m: re.Match[str]) -> list[Ability] | None:
    """One bonus for each of the listed cards, when each is read as a bonus at cards of a noun
    of its own: no card is two of them, so no card gets the bonus twice."""
    out: list[Ability] = []
    for whom in (m.group("a"), m.group("b"), m.group("c")):
        found = _framed(f"{m.group('head')} по {whom}")
        if found is None or len(found) != 1 or not isinstance(found[0], AttackBonus) \
                or not isinstance(found[0].against, Selector) or not _read(found[0]):
            return None
        out.append(found[0])
    bonuses = [b for b in out if isinstance(b, AttackBonus) and isinstance(b.against, Selector)]
    nouns = {b.against.what for b in bonuses if isinstance(b.against, Selector)}
    if len(nouns) != len(out) or len({(b.value, b.to) for b in bonuses}) != 1:
        return None
    return out


def _framed(s: str) -> list[Ability] | None:
    for reader in (_lone_frame, statics.kept_off_own_half, statics.blocks_attacks,
                   statics.must_attack_if_able, _mode, _paid, _triggered, _two_triggers,
                   _from_or_onto, _conditional, around.frame, _bare):
        found = reader(s)
        if found is not None:
            shared = shared_against(found) or any(  # type: ignore[arg-type]
                shared_against(list(getattr(a, "effects", ()))) for a in found)
            return found if all(_x_defined(a) and _this_attack(a) and _each_of(a)
                                for a in found) and not shared else None
    return None


#: «…, при магическом ударе …» (10-60), «{tap}: Разряд на 1-2-2, при среднем или сильном разряде
#: …» (10-124): an ability, then a trigger of the card's own («при» and an event, not «при
#: этом»).
_THEN_WHEN = re.compile(r"(?:,| и) (?=при (?!этом )[а-я])")


def _then_trigger(s: str) -> list[Ability] | None:
    """An ability and a trigger said in one sentence: both read in full, the first no trigger
    of its own (whose clause would the second be?) and the second naming no card of the first
    («его», «этого существа»)."""
    for m in _THEN_WHEN.finditer(s):
        first, second = _framed(s[:m.start()]), _framed(s[m.end():])
        if not first or not second or len(second) != 1 or not isinstance(second[0], Trigger) \
                or any(isinstance(a, Trigger) for a in first) \
                or not all(map(_read, [*first, *second])) \
                or _mentions_that(second[0].effects) and not _own_that(first, second[0]):
            continue
        return [*first, *second]
    return None


def _each_of(ability: Ability) -> bool:
    """Whether a limit «для каждого существа» (``each``) is said of a trigger whose event is of
    cards described (its subject: «ваше существо»), each counted apart; anywhere else, each of
    what is not said."""
    limit = getattr(ability, "limit", None)
    if limit is None or not limit.each:
        return True
    return isinstance(ability, Trigger) and isinstance(ability.when.subject, Selector)


_OTHER_REFS = frozenset({"that", "attacked", "attacker", "target", "host", "chosen", "companion",
                         "symbiote", "defended", "subject"})


def _own_that(first: list[Ability], trigger: Trigger) -> bool:
    """Whether «его», «ней» in the trigger's effects can only be the one card its phrase names:
    the first part names no card but the card itself («имеет направленный удар и При простом
    ударе по карте на поле боя приземлиться на свободную клетку рядом с ней», 20-81)."""
    return _named_cards(trigger.when) == 1 and not _names_cards(tuple(first))


def _names_cards(value: Any) -> bool:
    """Whether a reading names a card other than the card itself (a selector or a ref)."""
    return _any_part(value, lambda v: isinstance(v, Selector) or isinstance(v, str)
                     and v in _OTHER_REFS, lambda _, name: name == "kind")


def _any_part(value: Any, test: Callable[[Any], bool],
              skip: Callable[[Any, str], bool] = lambda value, name: False) -> bool:
    """Whether ``test`` holds of ``value`` or of any part of it (its items, its fields, not its
    words, nor a field ``skip`` leaves out)."""
    if test(value):
        return True
    if isinstance(value, tuple):
        return any(_any_part(v, test, skip) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_any_part(getattr(value, f.name), test, skip) for f in dataclasses.fields(value)
                   if f.name not in ("text", "fragment") and not skip(value, f.name))
    return False


def _this_attack(ability: Ability) -> bool:
    """Whether every «+N к этому выстрелу» (``this``) of a reading is said in a trigger on that
    attack («При нападении выстрелом …», «При разряде …») or right after the attack it is to
    («Особый удар пикой на 2 (+2 к особому удару по горным)»): else which attack is «этому»?"""
    when = getattr(ability, "when", None)
    fired = when.attack if isinstance(when, When) and when.event in ("attack", "assault") \
        else None
    before: Effect | None = None
    for effect in getattr(ability, "effects", ()):
        if isinstance(effect, AttackBonus) and effect.this:
            kind = effect.to[0].kind
            after_it = isinstance(before, Ranged | Strike) and _attack_kind(before) == kind
            if not after_it and (fired is None or (kind != "attack" and kind != fired.kind)):
                return False
        before = effect
    return not any(isinstance(e, AttackBonus) and e.this for e in _nested(ability))


def _nested(ability: Ability) -> Iterator[Effect]:
    """The effects inside the options, grants and delayed effects of ``ability``'s effects."""
    for effect in getattr(ability, "effects", ()):
        if isinstance(effect, Choice):
            for option in effect.options:
                yield from option
        elif isinstance(effect, Delayed | Conditional):
            yield from effect.effects
        elif isinstance(effect, Grant):
            yield from getattr(effect.ability, "effects", ())
    for granted in getattr(ability, "grants", ()):
        yield from getattr(granted, "effects", ())


#: «(не может иметь более 3 фишек)» at the end of a sentence: a rule of the card of its own, the
#: sentence before it another ability (the database lost the dot between them).
_COUNTERS_RULE = re.compile(r"\s*\((?P<rule>не может иметь (?:более|больше) \d+ фиш(?:ки|ек|ка))\)$")


#: «… вместо того, чтобы погибнуть в результате гибели хозяина» (40-95): the trigger said last.
_INSTEAD_OF_DYING = re.compile(r"(?P<rest>(?!если )[^,;]+?),? вместо того,? чтобы погибнуть в "
                               r"результате гибели хозяина")
#: «Инкарнирует на любую свободную клетку поля боя; переходит под контроль противника и становится
#: артефактом» (20-154), «Инкарнирует в открытом виде, при этом получает опыт в атаке 2 и +2 к
#: простому удару до конца хода» (10-141): where and how the card incarnates, and what happens
#: when it does (a trigger on its incarnation).
_INCARNATES = re.compile(r"инкарнирует(?P<free> на любую свободную клетку поля боя)?(?P<open>,? в "
                         r"открытом виде)?(?:(?:, при этом|;) (?P<then>.+))?")


def _incarnates(m: re.Match[str]) -> list[Ability] | None:
    if not (m.group("free") or m.group("open")):
        return None
    rule = IncarnatesOn(cell=Cell(free=True, region="battlefield") if m.group("free") else None,
                        open=bool(m.group("open")))
    if not m.group("then"):
        return [rule]
    then = read("при инкарнации " + m.group("then"))
    if not then or len(then) != 1 or not isinstance(then[0], Trigger) or not _read(then[0]) \
            or then[0].when != When(event="incarnation"):
        return None
    return [rule, then[0]]


#: «Хозяин <symbiote> имеет «…», пока <adjective>» (50-110): the host has the quoted ability while
#: it (the subject: a symbiote's own element never changes) is so.
_HOST_HAS = re.compile(r"хозяин @self имеет (?P<what>«[^«»]+»), пока (?P<state>[а-я]+)")


def _host_has(m: re.Match[str]) -> list[Ability] | None:
    held = condition(f"хозяин {SELF} {m.group('state')}")
    granted = _quoted_grant(m.group("what"))
    if not isinstance(held, State) or held.subject != "host" or not granted \
            or len(granted) != 1 or not _read(granted[0]) \
            or granted[0].kind in EFFECT_KINDS:  # a frame is granted; an effect takes a target
        return None
    ability = dataclasses.replace(granted[0], text="")
    return [Static(condition=held, grants=(Grant(ability=ability, target="host"),))]


#: «Если, сражаясь, выбрасывает на кубике 6 ранить существо, с которым сражается, на 2» (20-17): a
#: fight of the card whose own die shows 6 (the condition of a fights event is the card's roll, as
#: of an attack); the creature it fights is the one the trigger names (``that``).
_ROLLS_FIGHTING = re.compile(r"если, сражаясь, выбрасывает на кубике (?P<die>[1-6]) ранить "
                             r"существо, с которым сражается, на (?P<n>\d+)")
#: «Сражаясь [простым ударом] с …, …» (20-10): the participle says what «Когда сражается с …» says.
_FIGHTING = re.compile(r"сражаясь (?:простым ударом )?(?=со? [а-я])")
#: A keyword with the rules' own words for it in brackets, or those words alone for a keyword the
#: card has: «Рывок (при атаке может переместиться на соседнюю клетку (не по диагонали, 1 раз за
#: ход))» (30-19), «(броня 2 означает не получает первые 2 раны от немагических атак в течение
#: каждого хода)» (21-10: the card's «Броня 2», as the rules define it). Only these wordings, each
#: the rule of its keyword exactly: the reading is the keyword.
_REMINDER = re.compile(
    r"(?P<dash>рывок) \(при атаке может переместиться на соседнюю клетку \(не по диагонали, 1 "
    r"раз за ход\) ?\)|\((?P<armor>броня (?P<n>\d+)) означает не получает первые (?P=n) раны? от "
    r"немагических атак в течение каждого хода\)")
#: «(заклинание не является атакой)» (21-15 writes «заклинаниене»): a reminder of the rules after a
#: sentence on attacks; the kind ``attack`` never holds a spell, so the reading says it already.
_NOT_AN_ATTACK = re.compile(r"\s*\(заклинание ?не является атакой\)$")


def _of_attacks(ability: Ability) -> bool:
    """A modifier against attacks of any kind (``attack``), as the reminder is about."""
    against = getattr(ability, "against", None)
    return isinstance(against, tuple) and bool(against) and all(
        isinstance(a, Attack) and a.kind == "attack" for a in against)


def _x_defined(value: Any, defined: bool = False) -> bool:
    """Whether every «X» of a reading is defined: by its frame's ``x`` («где X …») or by an X
    paid («X фишек, закрыться: …»), here or in a frame around it. «Добивание на X» with no
    definition in the sentence is not read."""
    if x_offset(value) is not None:
        return defined
    if isinstance(value, tuple):
        return all(_x_defined(v, defined) for v in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return True
    if getattr(value, "x", None) is not None:
        defined = True
    cost = getattr(value, "cost", None)
    if isinstance(cost, Cost) and "X" in (cost.counters, cost.tokens, cost.extra_lives):
        defined = True
    return all(_x_defined(getattr(value, f.name), defined) for f in dataclasses.fields(value)
               if f.name not in ("text", "fragment", "cost"))


def grants(text: str) -> tuple[Ability, ...]:
    """What a mode or a condition grants: the abilities of ``text`` (a fragment when not
    read)."""
    text = _clean(text)
    if not text or re.fullmatch(r"[-–−]\s*\d+\s+от", text):  # the site's text lost the icon
        return (Unparsed(fragment=f"{text} (значок утерян)".strip()),)
    found = read(text)
    if found is None or all(isinstance(a, Unparsed) and not a.fragment for a in found):
        return (Unparsed(fragment=text),)
    return tuple(found)


# --- mode prefixes


def _lone_frame(s: str) -> list[Ability] | None:
    """«Строй», «Бестелесный», ``{inc}``: a frame with nothing granted."""
    if re.fullmatch(r"бестелесн(?:ый|ая|ое|ые)", s):
        return [Incorporeal()]
    found = lone.keyword(s)
    if found and isinstance(found[0], Formation | Incorporeal):
        return found
    return None



_MODE = re.compile(r"(?P<mode>строй|бестелесн(?:ый|ая|ое|ые)|на поверхности|на глубине|"
                   r"первый игрок|второй игрок|концентрация|вальхалла|бешенство (?P<n>\d+))"
                   r"\s*:\s*(?P<rest>.*)")
_NAMED_TRIGGERS = {"концентрация": "concentration", "вальхалла": "valhalla"}


def _mode(s: str) -> list[Ability] | None:
    m = _MODE.fullmatch(s)
    if not m:
        return None
    mode, rest = m.group("mode"), m.group("rest")
    if mode == "строй":
        return [Formation(grants=grants(rest))]
    if mode.startswith("бестелесн"):
        return [Incorporeal(grants=grants(rest))]
    cond: Condition | None = None
    if mode.startswith("на "):
        cond = InZone(zone="surface" if mode == "на поверхности" else "depth")
    elif mode.endswith(" игрок"):
        cond = PlayerIs(player="first" if mode.startswith("первый") else "second")
    if cond is not None:
        return [Static(condition=cond, grants=grants(rest))]
    if m.group("n"):
        when = When(event="frenzy", value=int(m.group("n")))
        rest = _frenzy_once_more(_without_reminder(rest, _FRENZY_REMINDER, int(m.group("n"))))
    else:
        when = When(event=_NAMED_TRIGGERS[mode])  # type: ignore[arg-type]
        rest = _without_reminder(rest, _CONCENTRATION_REMINDER) if mode == "концентрация" else rest
    b = body(rest)
    return [_trigger(when, b)] if b is not None else None


def _trigger(when: When, b: Body) -> Ability:
    if b.cap is not None:
        b = _capped(b)
    if not _names_another(when):  # «При ударе по Древнему огру он получает …»: «он» is itself
        b = dataclasses.replace(b, effects=_that_is_self(b.effects))
        named = [e for e in b.effects if getattr(e, "target", None) not in (None, "self")]
        if b.x is not None and b.x.of == "that" and not named:  # «где X его регенерации»
            b = dataclasses.replace(b, x=dataclasses.replace(b.x, of="self"))
    if when.event == "attack" and when.subject == "self" and when.timing == "on":
        b = dataclasses.replace(b, effects=_other_than_attacked(b.effects))
    return Trigger(when=when, effects=b.effects, optional=b.optional, limit=b.limit,
                   impact=b.impact, spell=b.spell, x=b.x)


def _other_than_attacked(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """In a trigger on the card's own attack, an attack it makes «по другой карте» is at a card
    other than the one attacked (the card cannot strike itself): «При простом ударе не
    закрывается после этой атаки, либо особый удар на 1-2-2 вторым клинком по другой карте …»
    (40-83: ``other_than: attacked``); also inside the options of a choice."""
    out: list[Effect] = []
    for effect in effects:
        whom = getattr(effect, "target", None)
        if isinstance(effect, Strike | Throw | Shot | Discharge) and isinstance(whom, Selector) \
                and whom.other and whom.other_than is None:
            effect = dataclasses.replace(
                effect, target=dataclasses.replace(whom, other=False, other_than="attacked"))
        elif isinstance(effect, Choice):
            effect = dataclasses.replace(effect, options=tuple(
                _other_than_attacked(option) for option in effect.options))
        out.append(effect)
    return tuple(out)


def _names_another(when: When) -> bool:
    """Whether the trigger phrase names a card other than the card itself (which «его», «он»
    of its effects may then mean)."""
    cells = [c for c in (when.to, when.from_, when.over) if c is not None]
    return (when.subject != "self" or when.target is not None
            or (when.attack is not None and when.attack.by is not None)
            or any(c.occupied_by not in (None, "self") or c.next_to not in (None, "self")
                   for c in cells))


def _other_named(effects: tuple[Effect, ...]) -> bool:
    """Whether an effect names «другое …» (other than the card itself, or than the card of the
    trigger phrase?)."""
    whom = [getattr(e, "target", None) for e in effects]
    return any(isinstance(w, Selector) and w.other for w in whom)


def _dangling(effects: tuple[Effect, ...], x: XValue | None = None) -> bool:
    """Whether an effect says «его», «это существо» (``that``) before any effect names a card:
    it then means a card of another sentence («Открыть это существо (1 раз за ход)»), or the
    creature closed to pay (``x`` of it: «Закрыть стоящее рядом ваше существо: …, при этом он
    получает +X …, где X слабый простой удар этого существа», 30-29) — no ref says it."""
    if x is not None and x.of == "that" and all(
            getattr(e, "target", "self") in ("self", None) for e in effects):
        return True
    for effect in effects:
        if isinstance(effect, Delayed) and effect.at.event == "acts" \
                and isinstance(effect.at.subject, Selector):
            # «следующее существо противника, которое действует, ранится на 3» (30-78): «оно»
            # is the card of the event
            return False
        if isinstance(effect, Redirect) and isinstance(effect.from_, Selector) \
                and not _mentions_that((effect.attacks, effect.from_)):
            # «перенаправить атаку с вашего существа со строем в существо, стоящее с ним в
            # строю» (40-61): «ним» is the card the attack is taken from
            return False
        if isinstance(effect, Fight) and isinstance(effect.target, Selector) \
                and not _mentions_that(effect.target):
            # «открытое существо противника наносит по стоящей рядом карте простой удар»
            # (10-118): the card it strikes is next to the fighter (``that``), named first
            return False
        if _mentions_that(effect):
            return True
        if getattr(effect, "target", "self") not in ("self", None):
            return False
        if isinstance(effect, Swap) and not _mentions_that(effect.with_):
            return False  # «поменять … местами со стоящим рядом …; это существо …» (30-13)
        if isinstance(effect, SwapTwo) and not _mentions_that(effect.cards):
            return False  # «поменять местами двух … существ противника и ранить их на 2» (50-53)
        if isinstance(effect, Destroy | Exile | ToDeck):
            # «Уничтожить Яйцо дракона, при этом вызвать на его клетку …» (30-187): the card
            # named itself
            return False
    return False


def _mentions_that(value: Any) -> bool:
    """Whether ``value`` says ``that`` (not inside an ability a :class:`Grant` gives: its
    «её» is a card of that ability's own, «ранить её» of «Когда карта противника наносит этому
    существу раны …», 40-25)."""
    return _any_part(value, lambda v: v == "that",
                     lambda owner, name: isinstance(owner, Grant) and name == "ability")


def _named_cards(when: When) -> int:
    """How many cards other than the card itself the trigger phrase names."""
    cells = [c for c in (when.to, when.from_, when.over) if c is not None]
    named = [when.subject != "self", when.target not in (None, "self")]
    named += [when.attack is not None and when.attack.by is not None]
    named += [c.occupied_by not in (None, "self") for c in cells]
    named += [c.next_to not in (None, "self") for c in cells]
    return sum(named)


def _that_is_self(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """«он», «его» (``that``) as the card itself, up to the first effect naming another card
    («ранить ваше существо на 1, при этом оно получает фишку»: there it is that one)."""
    out: list[Effect] = []
    for i, effect in enumerate(effects):
        who = getattr(effect, "target", "self")
        if who == "that":
            effect = dataclasses.replace(effect, target="self")  # type: ignore[arg-type]
        elif isinstance(who, Selector) and who.of == "that":
            # «ранить все карты, стоящие рядом с клеткой, на которой он находится» (20-163):
            # the cards next to the card itself; they are the cards named from here on
            mine = dataclasses.replace(who, of="self")
            return (*out, dataclasses.replace(effect, target=mine), *effects[i + 1:])  # type: ignore[arg-type]
        elif who not in ("self", None):
            return (*out, *effects[i:])
        if isinstance(effect, Swap) and effect.with_ != "self":
            # «поменяться местами с атакованным существом, при этом закрыть его» (40-51): «его»
            # is the card swapped with, no longer the card itself
            return (*out, effect, *effects[i + 1:])
        if isinstance(effect, Choose):
            # «выберите существо противника, оно получает …» (20-45): «оно» is the card chosen
            return (*out, effect, *_that_chosen(effects[i + 1:]))
        out.append(effect)
    return tuple(out)


def _that_chosen(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """After a :class:`Choose`, «оно», «его» (``that``) as the card chosen (``chosen``), up to
    the first effect naming another card."""
    out: list[Effect] = []
    for i, effect in enumerate(effects):
        who = getattr(effect, "target", "self")
        if who == "that":
            effect = dataclasses.replace(effect, target="chosen")  # type: ignore[arg-type]
        elif who not in ("self", None):
            return (*out, *effects[i:])
        out.append(effect)
    return tuple(out)


def _capped(b: Body) -> Body:
    """«(максимум +2)»: the cap of the last effect, a bonus or a keyword that grows («или +1 к
    …»); on anything else it is not read. After a roll of one outcome whose last effect is a
    choice, the cap of that choice's last option when only that option can take a cap: «если
    выпало 5 и 6 Бяка получает полет или +1 к простому удару (максимум +2)» (20-70)."""
    last = b.effects[-1] if b.effects else None
    assert b.cap is not None
    inner = _inner_capped(last, b) if last is not None else None
    if inner is not None:
        return dataclasses.replace(b, effects=(*b.effects[:-1], inner), cap=None)
    if isinstance(last, Choice) and len(last.options) == 2 and not last.options[1] \
            and last.options[0]:
        # «при этом может раниться на 2; получить +1 к регенерации (максимум +2)» (40-134): the
        # cap of the last effect of what the owner may do
        option = _capped(dataclasses.replace(b, effects=last.options[0]))
        if option.cap is None and not isinstance(option.effects[-1], Unparsed):
            chosen = dataclasses.replace(last, options=(option.effects, ()))
            return dataclasses.replace(b, effects=(*b.effects[:-1], chosen), cap=None)
    if b.cap < 0:  # «-1 к простому удару за каждое … (максимум -3)»: only a penalty's
        takes = isinstance(last, AttackBonus) and isinstance(last.value, int) and last.value < 0
    else:
        takes = isinstance(last, AttackBonus | MovementBonus | RangeBonus | DieBonus) or (
            isinstance(last, Keyword) and last.or_increase) or (
            isinstance(last, KeywordBonus) and b.cap_plus)  # «+1 к добиванию (максимум +2)»
    if last is not None and takes and getattr(last, "max", None) is None:
        capped: Effect = dataclasses.replace(last, max=b.cap)  # type: ignore[arg-type]
        return dataclasses.replace(b, effects=(*b.effects[:-1], capped), cap=None)
    if isinstance(last, KeywordBonus) and b.cap_to and b.cap > 0 and last.up_to is None:
        # «получает +1 к отравлению (максимум до 2)» (10-123): the value's own cap
        grown = dataclasses.replace(last, up_to=b.cap)
        return dataclasses.replace(b, effects=(*b.effects[:-1], grown), cap=None)
    fragment = Unparsed(fragment=f"максимум {b.cap:+d}")
    return dataclasses.replace(b, effects=(*b.effects, fragment), cap=None)


def _inner_capped(last: Effect, b: Body) -> Effect | None:
    """The roll (of one outcome) or the choice ``last`` with ``b``'s cap put on the last effect
    of its last option, when no other option has an effect a cap could be of; else None."""
    if isinstance(last, Roll) and len(last.outcomes) == 1 and last.outcomes[0].effects:
        outcome = last.outcomes[0]
        inner = _inner_capped(outcome.effects[-1], b)
        if inner is None:
            return None
        return Roll(outcomes=(dataclasses.replace(
            outcome, effects=(*outcome.effects[:-1], inner)),))
    if not isinstance(last, Choice) or len(last.options) < 2 or not last.options[-1]:
        return None
    bonuses = (AttackBonus, MovementBonus, RangeBonus, DieBonus, KeywordBonus)
    if any(isinstance(e, bonuses) or (isinstance(e, Keyword) and e.or_increase)
           for option in last.options[:-1] for e in option):
        return None
    option = last.options[-1]
    capped = _capped(dataclasses.replace(b, effects=option))
    if capped.cap is not None or any(isinstance(e, Unparsed) for e in capped.effects):
        return None
    return dataclasses.replace(last, options=(*last.options[:-1], capped.effects))


# --- cost prefixes


_COST_ITEM = re.compile(
    r"(?P<tap>закрыться)|(?P<instant>внезапное действие)|"
    r"(?P<counters>фишка|(?P<nc>\d+|[xх]) (?:фишки|фишек))|"
    r"(?P<tokens>жетон|(?P<nt>\d+|[xх]) ?(?:жетона|жетонов|\{tok\}))|"
    r"(?P<close>закрыть стоящее рядом ваше существо)|"
    r"(?P<lives>снять с себя дополнительную жизнь)|"
    # «снять Х дополнительных жизней с ваших слуа» (40-154): from other cards
    r"(?P<lives_of>снять (?P<nl>[xх]) дополнительных жизней с (?P<whose>ваших [а-я]+))|"
    r"(?P<symbiote>уничтожить своего симбиота)|"
    r"(?P<grave_token>снять жетон инкарнации с карты на вашем кладбище)|"
    r"(?P<grave_exile>изгнать карту с вашего кладбища)|"
    r"(?P<markers>потерять (?P<nm>два|три|\d+) маркера? [«\"](?P<marker>[а-я]+)[»\"])|"
    r"(?P<limit>(?:1|один) раз за (?:ход|бой))")


#: Between cost items: «,» or «:»; «3{tok}закрыться:» (40-109: the database lost the comma).
_COST_SEP = re.compile(r"\s*(?:,|:)\s*|(?<=\})(?=закрыться)")


def split_cost(s: str) -> tuple[Cost, bool, Limit | None, str] | None:
    """«фишка, закрыться: …» → (cost, instant, limit, the rest); no cost prefix: None."""
    pos, items = 0, []
    while True:
        m = _COST_ITEM.match(s, pos)
        if not m:
            break
        items.append(m)
        pos = m.end()
        sep = _COST_SEP.match(s, pos)
        if not sep:
            return None
        pos = sep.end()
        if ":" in sep.group(0):
            rest = s[pos:]
            if not re.match(r"\s*(?:закрыться|внезапное действие|фишка|\d+ фиш|[xх] фиш|жетон|"
                            r"снять с себя дополнительную жизнь:)", rest):
                paid = _cost(items)
                return None if paid is None else paid + (rest,)
    return None


def _cost(items: list[re.Match[str]]) -> tuple[Cost, bool, Limit | None] | None:
    fields: dict[str, Any] = {}
    instant, lim = False, None
    for m in items:
        if m.group("tap"):
            fields["tap"] = True
        elif m.group("instant"):
            instant = True
        elif m.group("counters"):
            fields["counters"] = _amount(m.group("nc"))
        elif m.group("tokens"):
            fields["tokens"] = _amount(m.group("nt"))
        elif m.group("close"):
            fields["close"] = Selector(side="own", place="adjacent")
        elif m.group("lives"):
            fields["extra_lives"] = 1
        elif m.group("lives_of"):
            whose = target(m.group("whose"), plural=True)
            if not isinstance(whose, Selector) or whose.place is not None:
                return None
            fields["extra_lives"] = _amount(m.group("nl"))
            fields["extra_lives_from"] = dataclasses.replace(whose, all=False)
        elif m.group("symbiote"):
            fields["destroy"] = "symbiote"
        elif m.group("grave_token"):
            fields["graveyard_token"] = True
        elif m.group("grave_exile"):
            fields["graveyard_exile"] = True
        elif m.group("markers"):
            n = m.group("nm")
            fields["markers"] = int(n) if n.isdigit() else {"два": 2, "три": 3}[n]
            fields["marker"] = m.group("marker")
        else:
            lim = limit(m.group("limit"))
    return Cost(**fields), instant, lim


def _amount(raw: str | None) -> int | str:
    if raw is None:
        return 1
    return int(raw) if raw.isdigit() else "X"


#: «где X … этого существа» with nothing named before but the creature closed to pay.
_CLOSED_ONE_X = re.compile(r", где x [^,;()]* этого существа(?: \([^()]*\))?$")


def _paid(s: str) -> list[Ability] | None:
    found = split_cost(s)
    if found is None:
        return None
    cost, instant, lim, rest = found
    when, named = None, None
    if instant:
        on = next((w for w in _instant_whens(rest) if body(w[1]) is not None), None)
        if on is None:
            named = _named_when(rest)
            on = named[2:] if named is not None else None
        if on is not None:
            when, rest = on
            if when.event == "attack" and when.subject == "self" \
                    and isinstance(when.target, Selector):
                # «Внезапное действие: … При ударе по существу в вашем отряде …» (30-75): a
                # strike by any card at such a creature, not the card's own (as a trigger's)
                when = dataclasses.replace(when, subject=Selector(what="card"))
    apart = re.fullmatch(r"(?P<body>.+) \(по разным картам\)", rest)
    b = partial_body(_moved_itself(apart.group("body") if apart else rest))
    if not b.optional and b.complete and "X" not in (cost.counters, cost.tokens, cost.extra_lives) \
            and not defines_x(s, rest):
        b = _loses_x_first(b)
    if apart:  # «Разряд на 1, метание на 1 (по разным картам)» (10-160): at different cards
        if len(b.effects) < 2 or not all(isinstance(e, Ranged) and e.count == 1
                                         for e in b.effects):
            return None
        apart_effects: list[Effect] = [dataclasses.replace(e, different_targets=True)
                                       for e in b.effects if isinstance(e, Ranged)]
        b = dataclasses.replace(b, effects=tuple(apart_effects))
    if named is not None:
        if b.impact is not None or b.spell is not None:
            return None
        b = _with_name(b, named[0], named[1])
    if cost.close is not None and b.x is not None and b.x.of == "that" \
            and _CLOSED_ONE_X.search(rest):
        # «Закрыть стоящее рядом ваше существо: …, где X слабый простой удар этого существа»
        # (30-29): the creature closed to pay
        b = dataclasses.replace(b, x=dataclasses.replace(b.x, of="paid"))
        if any(_mentions_that(e) or getattr(e, "target", "self") not in ("self", None)
               for e in b.effects):
            return None
    if b.optional or not _fair(b) or (when is None and _dangling(b.effects, b.x)):
        return None
    if when is not None and _named_cards(when) > 1 and _mentions_that(b.effects):
        return None  # «его» of a phrase naming two cards: which one?
    if b.cap is not None and b.x is None and "X" in (cost.counters, cost.tokens, cost.extra_lives) \
            and re.search(r"\(максимум \d+\)$", rest.strip(" .")):
        # «X фишек, закрыться: … (максимум 3)» (20-123): the cap of the X paid
        cost = dataclasses.replace(cost, max=b.cap)
        b = dataclasses.replace(b, cap=None)
    if b.cap is not None:
        b = _capped(b)
    if lim is not None and b.limit is not None:
        return None
    return [Activated(cost=cost, instant=instant, when=when, effects=b.effects,
                      limit=lim or b.limit, impact=b.impact, spell=b.spell, x=b.x)]


#: «Переместить Военный обоз на клетку вперёд; он получает …» (50-1): «он», «она» right after
#: the card moved itself to a cell (no other card named between) is that card — not the creature
#: closed to pay («Закрыть стоящее рядом ваше существо»: «оно»).
_MOVED_ITSELF = re.compile(r"^(?P<move>переместить @self на (?:(?! с )[^,;()])*?клетку(?:(?! с )"
                           r"[^,;()])*?)(?P<sep>;\s*|,\s*при этом\s+)(?:он|она)(?= )")


def _moved_itself(rest: str) -> str:
    return _MOVED_ITSELF.sub(r"\g<move>\g<sep>@self", rest)


#: «если существо противника передвинулось на клетку …» (20-174): after it moved there.
_HAS_MOVED = re.compile(r"если (?P<who>[^,;]+?) передвинул(?:ось|ся|ась) (?=на клетку )")


def _instant_whens(text: str) -> Iterator[tuple[When, str]]:
    """The moments an instant ability may be used at, as :func:`whens` reads them; and «если
    <кто> передвинулось на клетку …»: after that move (``timing: after``)."""
    yield from whens(text)
    moved = _HAS_MOVED.match(text)
    if moved:
        for when, rest in whens(f"когда {moved.group('who')} передвигается {text[moved.end():]}"):
            if when.event == "move" and when.timing == "on":
                yield dataclasses.replace(when, timing="after"), rest


def _named_when(rest: str) -> tuple[str, str, When, str] | None:
    """«Внезапное действие: Закрыться: Воздействие черная метка когда бросок кубика существа
    равен 1 ранить его на 2» (10-174): the impact's (or spell's) name, then the moment the
    instant ability is used at — (``impact``/``spell``, the name, the moment, the effects)."""
    m = _NAMED.match(rest)
    if m is None:
        return None
    key = "impact" if m.group("what") == "воздействие" else "spell"
    after = rest[m.end():]
    quoted = _QUOTED.match(after)
    if quoted:
        name = quoted.group("a") if quoted.group("a") is not None else quoted.group("b") or ""
        splits = [(name, after[quoted.end():].removeprefix("— "))]
    else:
        words = after.split(" ")
        splits = []
        for n in range(1, min(len(words), 6)):
            name = " ".join(words[:n])
            if not _NAME_WORDS.fullmatch(name) or words[n - 1] in _NOT_IN_NAMES:
                break
            splits.append((name, " ".join(words[n:])))
    for name, effects in splits:  # the shortest name first
        on = next((w for w in _instant_whens(effects) if body(w[1]) is not None), None)
        if on is not None:
            return key, _name(name), on[0], on[1]
    return None


# --- triggers


#: «это существо», «этой карте»: a card named before (in this sentence or another).
_DEMONSTRATIVE = re.compile(r"(?:^|\s)эт(?:о|ого|ому|им|у|ой|а|и|их)\s(?:существ|карт)")
#: «ваше существо получает Когда карта противника наносит этому существу раны …» (40-25): a
#: trigger given to a card, whose «этому существу» the grant's reader settles (:func:`_given`).
_GIVEN_TRIGGER = re.compile(r"\bполуча(?:ет|ют):? (?=когда )")


#: «… может поменять их местами» after a condition that names two cards.
_SWAP_THEM = re.compile(r"\s*(?P<may>может )?поменять их местами")


def _swap_them(rest: str, cond: Condition | None) -> Body | None:
    """«При прыжке, если справа и слева стоят наземные карты противника может поменять их
    местами» (40-100): «их» are the two cards the condition says stand on both sides — the
    cards of a :class:`SwapTwo` (on the left and the right: those two); else None."""
    m = _SWAP_THEM.fullmatch(rest)
    if m is None or not isinstance(cond, Nearby) or cond.place != "left_or_right" \
            or cond.min != 2 or cond.negated:
        return None
    cards = dataclasses.replace(cond.selector, place="left_or_right")
    return Body(effects=(SwapTwo(cards=cards),), optional=bool(m.group("may")))


def _triggered(s: str) -> list[Ability] | None:
    for when, rest in whens(s):
        items = _conditional_items(rest, when)
        if items is not None:
            return items
        rest = _over_cell(_this_attacked(_redirected_here(rest, when), when), when)
        rest, when = _attacked_described(rest, when)
        for cond, more in _ifs(_this_assault(_once_more(_strike_of_x(rest, when), when), when),
                               when):
            if not _names_another(when) and _DEMONSTRATIVE.search(_GIVEN_TRIGGER.split(more)[0]):
                continue  # «При движении получает +1 к удару по этому существу»: which one?
            said = _declared_at(_rolls_itself(_this_cell(_own_next(more, cond), when), when))
            b = _swap_them(said, cond) or body(_his_chosen(_pronoun_self(said, when), when))
            if b is not None and when.event != "wounded" and any(
                    isinstance(e, Transfer) and e.count == "all" for e in b.effects):
                continue  # «перераспределить их»: the wounds of a trigger on wounds only
            if b is not None and defines_x(s, rest):  # «когда получает x ран …»: X is theirs
                if b.x is not None or (when.subject != "self" and _other_named(b.effects)) \
                        or (b.cap is not None and b.cap < 0):
                    continue  # «когда ваше существо получает x ран … другое ваше существо»:
                    # other than which?
                b = dataclasses.replace(b, x=XValue(count="event_x", max=b.cap))
                b = dataclasses.replace(b, cap=None)
            if b is not None and _named_cards(when) > 1 and _mentions_that(b.effects) \
                    and not _swapped_first(b.effects):
                attacker = _the_dead(more, when) or _attacker_named(more, when) \
                    or _one_of_gender(more, when) or _destroyer(b.effects, when) \
                    or _vacated_by_destroyed(b.effects, when)
                if attacker is None:
                    continue  # «Когда ваше существо уничтожает существо противника оно …»: which?
                b = dataclasses.replace(b, effects=attacker(b.effects))
            if b is not None and not defines_x(s, rest):
                b = _chosen_x(b)
            if b is not None:
                vacated = _vacated_of(b.effects, when)
                if vacated is None:
                    continue
                b = dataclasses.replace(b, effects=vacated)
            if b is not None:
                when = dataclasses.replace(when, condition=cond) if cond else when
                return [_trigger(when, b)]
    return None


#: «при гибели существа противника или инкарнации вашего существа»: a second event noun with
#: qualifiers of its own after «или».
_OR_EVENT = re.compile(r" или (?=(?:при )?(?:" + EVENT_NOUN_RE + r")(?=$|[ ,—]))")


def _two_triggers(s: str) -> list[Ability] | None:
    """«При гибели существа противника или инкарнации вашего существа следующий бросок кубика
    Повелителя бездны равен 6» (10-168): two events, each with its own qualifiers, and the same
    effects — one trigger for each, both read in full with the same effects text (each entry
    keeps the whole sentence)."""
    if not s.startswith("при "):
        return None
    for m in _OR_EVENT.finditer(s):
        second = "при " + s[m.end():].removeprefix("при ")
        for _when, rest in whens(second):
            if not rest.strip():
                continue
            later = _triggered(second[: len(second) - len(rest)] + rest)
            earlier = _triggered(s[: m.start()] + rest)
            if not later or not earlier or len(later) != 1 or len(earlier) != 1:
                continue
            first, other = earlier[0], later[0]
            if not isinstance(first, Trigger) or not isinstance(other, Trigger) \
                    or not all(map(_read, (first, other))) or first.when == other.when \
                    or dataclasses.replace(first, when=other.when) != other \
                    or "self" in (first.when.subject, other.when.subject):
                continue  # the same effects, read alike after either event; each event with
                # a subject of its own («при гибели или инкарнации вашего существа»: whose
                # death?)
            return [first, other]
    return None


#: «при перемещении существа противника с клетки позади Скорпиона или на неё …» (40-195): a
#: move off a cell or onto it.
_FROM_OR_ONTO = re.compile(r"^(?P<head>при (?:перемещении|передвижении|движении) [^,]+?) с клетки "
                           r"(?P<where>позади @self) или на нее(?= )")


def _from_or_onto(s: str) -> list[Ability] | None:
    """«При перемещении существа противника с клетки позади Скорпиона или на неё может объявить
    особый удар … по этому существу» (40-195): a move off that cell or onto it — one trigger
    for each (as two events joined by «или», :func:`_two_triggers`), with the same effects."""
    m = _FROM_OR_ONTO.match(s)
    if m is None:
        return None
    rest = s[m.end():]
    off = _triggered(f"{m.group('head')} с клетки {m.group('where')}{rest}")
    onto = _triggered(f"{m.group('head')} на клетку {m.group('where')}{rest}")
    if not off or not onto or len(off) != 1 or len(onto) != 1:
        return None
    first, other = off[0], onto[0]
    if not isinstance(first, Trigger) or not isinstance(other, Trigger) \
            or not all(map(_read, (first, other))) \
            or dataclasses.replace(first, when=other.when) != other:
        return None
    return [first, other]


def _own_next(rest: str, cond: Condition | None) -> str:
    """«В конце хода противника, если получил менее 4 ран в этот ход следующий простой удар
    сводится к сильному» (30-159): after a condition of the card itself as the subject of its
    verb, «следующий простой удар» naming nobody is the card's own (the clause's subject); with
    no such condition, whose it is is not said."""
    if not isinstance(cond, WoundsTaken) or cond.subject != "self":
        return rest
    return re.sub(r"^\s*следующий простой удар (?=сводится к )", f" следующий простой удар {SELF} ",
                  rest)


#: «он бросает кубик; если выпало …» (40-89): the card itself rolls, as «бросьте кубик».
_ROLLS_ITSELF = re.compile(r"^\s*(?:он|она|оно|@self) бросает кубик(?=\s*[:;])")
#: «атакованный бросает кубик; …» in a trigger on the card's own being attacked (20-43).
_ATTACKED_ROLLS = re.compile(r"^\s*атакованный бросает кубик(?=\s*[:;])")


def _rolls_itself(rest: str, when: When) -> str:
    """«Когда атакован дальней атакой, если Небесный патруль летающий он бросает кубик; если
    выпало 5 или 6 …» (40-89): «он» of a trigger that names no other card is the card itself,
    whose roll it is — as «бросьте кубик» (a :class:`Roll` of the card's owner); so is
    «атакованный» when the card itself is the one attacked, «когда Скальный фантом атакован
    немагической атакой (после бросков кубика) атакованный бросает кубик; …» (20-43)."""
    if when.event == "attacked" and when.subject == "self":
        rest = _ATTACKED_ROLLS.sub("бросьте кубик", rest)
    if _names_another(when):
        return rest
    return _ROLLS_ITSELF.sub("бросьте кубик", rest)


def _chosen_x(b: Body) -> Body:
    """«может ранить хозяина на X, при этом получить +X к следующему броску кубика (максимум
    +3)» (20-94): an «X» nothing defines, in effects the card may do, with a cap — a number the
    card's owner chooses, up to the cap (``x: {count: chosen, max: N}``; the cap is X's, so the
    bonus built on it keeps none of its own). Without a cap only when the card first loses X
    counters: it cannot lose more than it has («может потерять X фишек, при этом ранить
    стоящее рядом существо на X», 30-22). Else unchanged (an X left undefined stays unread)."""
    if not b.optional or b.x is not None or not _mentions_x(b.effects):
        return b
    if b.cap is None:
        return _loses_x_first(b)
    if b.cap <= 0:
        return b
    return dataclasses.replace(b, x=XValue(count="chosen", max=b.cap), cap=None, cap_plus=False)


def _loses_x_first(b: Body) -> Body:
    """``b`` with X the owner's choice when its first effect loses X of the card's own counters
    or extra lives, which it cannot lose more of than it has: «может потерять X фишек, при
    этом …» (30-22), «Закрыться: Снимите X дополнительных жизней с Ведьмы слуа, при этом
    разряд на X» (10-140, declared, so used or not as the owner likes); or wounds the card
    itself by X, as many as its owner likes: «Фишка, закрыться: Воздействие таран получить X
    ран, при этом ранить на X-1 стоящее напротив существо противника» (10-49); else
    unchanged."""
    first = b.effects[0] if b.effects else None
    loses = isinstance(first, Counters) and first.action == "lose" and first.count == "X" \
        and first.item in ("counter", "extra_life") and first.target == "self" \
        and not first.or_fewer
    wounds = isinstance(first, Wound) and first.value == "X" and first.target == "self" \
        and first.range is None
    if b.x is None and b.cap is None and (loses or wounds) and _mentions_x(b.effects[1:]):
        return dataclasses.replace(b, x=XValue(count="chosen"))
    return b


def _mentions_x(value: Any) -> bool:
    return _any_part(value, lambda v: x_offset(v) is not None)


#: «объявить по ней выстрел на 1-2-2» (20-183): the attack's target said before it, as
#: «объявить выстрел на 1-2-2 по ней».
_DECLARED_AT = re.compile(r"\bобъявить по (?P<who>[а-я]+) (?P<attack>(?:выстрел|метание|разряд|"
                          r"особый удар|магический удар|удар через ряд)(?: [а-я]+)? на "
                          r"\d+(?:-\d+-\d+)?)(?=$|[ ,;(])")


def _declared_at(rest: str) -> str:
    return _DECLARED_AT.sub(r"объявить \g<attack> по \g<who>", rest)


#: Pronouns of the effects by gender: feminine, and masculine or neuter.
_FEMININE = re.compile(r"\b(?:она|ее|ей|ней|нее|нею)\b")
_NOT_FEMININE = re.compile(r"\b(?:он|оно|его|ему|ним|нему|него|им|нем)\b")


def _attacker_named(rest: str, when: When) -> Callable[[Any], Any] | None:
    """«Когда ваш стоящий рядом артефакт получает раны от атаки карты противника может объявить
    по ней выстрел» (20-183): of the two cards the trigger names, «ней» can only be the
    feminine one; when that is the attack's owner, it is ``attacker`` (a change of the
    effects), else None (which one is not known)."""
    if _NEUTER.search(rest) and not _FEMININE.search(rest) \
            and not _NOT_FEMININE.search(_NEUTER.sub("", rest)):
        return _attacking_subject(when)
    if not _FEMININE.search(rest) or _NOT_FEMININE.search(rest) or when.attack is None:
        return None
    by = when.attack.by
    others = [t for t in _others_named(when) if t is not by]
    if by is None or _gender_of(by) != "femn" or len(others) != len(_others_named(when)) - 1 \
            or any(_gender_of(t) in ("femn", None) for t in others):
        return None
    return lambda value: _ref_as(value, "that", "attacker")


#: «оно»: only a neuter noun («существо»).
_NEUTER = re.compile(r"\bоно\b")


def _attacking_subject(when: When) -> Callable[[Any], Any] | None:
    """«При нападении вашего существа с благословлением на карту с проклятием оно не
    закрывается …» (40-84): «оно» can only be the one neuter card the trigger names; when that
    is the subject of the card's assault, it is the attacker (``attacker``), else None."""
    if when.event != "assault" or not isinstance(when.subject, Selector):
        return None
    others = [t for t in _others_named(when) if t is not when.subject]
    if _gender_of(when.subject) != "neut" or len(others) != len(_others_named(when)) - 1 \
            or any(_gender_of(t) in ("neut", None) for t in others):
        return None
    return lambda value: _ref_as(value, "that", "attacker")


def _one_of_gender(rest: str, when: When) -> Callable[[Any], Any] | None:
    """«При перемещении хозяина на клетку рядом с вашей речной девой ранить его на 1-2-2»
    (30-120): of the cards the trigger names and the card itself, the one whose noun has the
    pronouns' gender («его»: masculine or neuter, «её»: feminine) — when only one can, and a
    fixed participant (``host``, ``attacker`` …) names it — is what «его» means; else None
    (which one is not known)."""
    feminine, other = bool(_FEMININE.search(rest)), bool(_NOT_FEMININE.search(rest))
    if feminine == other:
        return None
    fits = ("femn",) if feminine else ("masc", "neut")
    named = [*_others_named(when), "self"]
    genders = [self_gender() if t == "self" else _gender_of(t) for t in named]
    can = [t for t, g in zip(named, genders, strict=True) if g is None or g in fits]
    if len(can) != 1 or can[0] == "self":
        return None
    ref = can[0] if isinstance(can[0], str) else _subject_ref(when, can[0])
    if ref is None:
        return None
    return lambda value: _ref_as(value, "that", ref)


#: A pronoun that may name a card of the trigger.
_PRONOUN = re.compile(r"(?:^|(?<=[\s(]))(?:он|она|оно|они|его|ее|их|ей|ему|им|ним|ней|него|нее|нему)"
                      r"(?=$|[\s,;.)])")


def _the_dead(rest: str, when: When) -> Callable[[Any], Any] | None:
    """«При гибели вашего существа с вальхаллой от атаки карты противника вы можете вызвать на
    месте погибшего карту с таким же названием, она входит в игру с 1 жизнью» (20-57): in a
    trigger on a death that names another card too (the attacker's), «погибшего» is the card
    that died (``subject``; «с таким же названием» its name too) — read so only when no pronoun
    of the effects may name another card («она входит в игру» is the card brought in); else
    None."""
    if when.event != "death" or not isinstance(when.subject, Selector) \
            or "погибшего" not in rest or _PRONOUN.search(fx.ENTERS_WITH_LIVES.sub("", rest)):
        return None
    return lambda value: _ref_as(value, "that", "subject")


#: What only a card in play gets: a keyword, a bonus, extra lives, a heal; or is done to it:
#: opened («… Фенрир может открыть это существо …», 20-67).
_IN_PLAY_GAINS = (Keyword, AttackBonus, KeywordBonus, DieBonus, MovementBonus, Open)


def _destroyer(effects: tuple[Effect, ...], when: When) -> Callable[[Any], Any] | None:
    """«Когда ваше существо уничтожает существо противника оно может получить благословление»
    (30-175): of the two cards a ``destroys`` event names, the one destroyed has left the
    battlefield, so «оно» that gets a keyword or a bonus is the destroyer (``subject``); else
    None."""
    if when.event != "destroys" or not isinstance(when.subject, Selector) \
            or not isinstance(when.target, Selector) or _named_cards(when) != 2:
        return None
    if not all(isinstance(e, _IN_PLAY_GAINS) and e.target == "that"
               for e in effects if _mentions_that(e)):
        return None
    return lambda value: _ref_as(value, "that", "subject")


def _vacated_by_destroyed(effects: tuple[Effect, ...],
                          when: When) -> Callable[[Any], Any] | None:
    """«Когда ваше существо с вампиризмом уничтожает наземное существо противника простым ударом
    можете возродить Упырёныша на его клетке (1 раз за бой)» (50-149): of the two cards a
    ``destroys`` event names, the destroyer still stands on its cell, so «его клетка» a card
    comes into play onto is the destroyed card's (``that``, the cell it left: a ground one, as
    the sentence says); only when every mention of ``that`` is such a cell. Else None."""
    if when.event != "destroys" or not isinstance(when.subject, Selector) \
            or not isinstance(when.target, Selector) or _named_cards(when) != 2:
        return None
    for e in effects:
        if not _mentions_that(e):
            continue
        if not isinstance(e, Resurrect) or e.to is None or e.to.of != "that" \
                or _mentions_that(e.what) or _mentions_that(dataclasses.replace(e.to, of=None)):
            return None
    return lambda value: value


#: The fixed participant the subject of an event is: the attacking card of an attack, the
#: attacked one of being attacked; of any other event the card whose event it is (``subject``).
_SUBJECT_REFS: dict[str, str] = {"assault": "attacker", "attack": "attacker",
                                 "attacked": "attacked"}


def _subject_ref(when: When, who: Any) -> str | None:
    """The ref of ``who`` when it is the subject the trigger describes (a selector): «Когда
    другое ваше тёмное существо уничтожает карту противника … Лилит может переместить его …»
    (50-170: «его» only the destroyer can be, ``subject``); else None."""
    if who is not when.subject or not isinstance(who, Selector) or when.also:
        return None
    return _SUBJECT_REFS.get(when.event, "subject")



#: «он», «она» starting the effects: their gender.
_PRONOUN = re.compile(r"\s*(?P<p>он|она) (?=[а-я@])")
_PRONOUN_GENDERS = {"он": "masc", "она": "femn"}
#: The gender of the noun a selector's phrase has, by what it names: «существо» (or a plural
#: adjective), «карта», «местность», «артефакт», «симбиот», «герой».
_NOUN_GENDERS = {"creature": "neut", "card": "femn", "terrain": "femn", "artefact": "masc",
                 "symbiote": "masc", "hero": "masc", "cell": "femn"}


def _pronoun_self(rest: str, when: When) -> str:
    """«Когда ваше существо совершает рывок на клетку рядом с Полководцем он может …» (30-24):
    «он» is the card itself when its name has that gender and no other card the trigger names
    can («существо» is neuter); written as the name, so the effects read it as ``self``."""
    m = _PRONOUN.match(rest)
    if m is None or _named_cards(when) == 0:
        return rest
    gender = _PRONOUN_GENDERS[m.group("p")]
    others = [_gender_of(t) for t in _others_named(when)]
    if self_gender() != gender or any(g in (gender, None) for g in others):
        return rest
    return f" {SELF} " + rest[m.end():]


def _others_named(when: When) -> list[Any]:
    """The cards other than the card itself the trigger phrase names."""
    cells = [c for c in (when.to, when.from_, when.over) if c is not None]
    named = [when.subject, when.target, when.attack.by if when.attack else None]
    named += [c.occupied_by for c in cells] + [c.next_to for c in cells]
    return [t for t in named if t not in (None, "self")]


def _gender_of(who: Any) -> str | None:
    """The gender of the noun that names ``who`` (None when it may be any: a class, a name,
    «атакованный»)."""
    if who == "host":
        return "masc"  # «хозяин»
    if isinstance(who, Selector) and who.classes and not who.name:
        # «вашей речной девой»: the class is the noun («Речная дева»), one gender for all
        genders = {class_gender(c) for c in who.classes}
        return genders.pop() if len(genders) == 1 else None
    if not isinstance(who, Selector) or who.name:
        return None
    return _NOUN_GENDERS[who.what]


#: «получает: A, если C; B, если D; …»: gains listed after a colon, each with its condition.
_GAINS_LIST = re.compile(r"\s*(?P<verb>получает|получают):\s*(?P<items>.+)")
_ITEM_IF = re.compile(r"\s*(?P<what>[^;]+?),? если (?P<cond>[^;,]+?)\s*")


def _conditional_items(rest: str, when: When) -> list[Ability] | None:
    """«В начале боя получает: +1 к движению, если у вас есть степное существо; броню 1, если
    у вас есть горное существо; …» (10-196): one trigger per item of the list, each firing
    under its own condition (a «…, если …» that every item has; else not read this way)."""
    m = _GAINS_LIST.fullmatch(rest)
    if m is None or when.condition is not None:
        return None
    out: list[Ability] = []
    for item in m.group("items").split(";"):
        found = _ITEM_IF.fullmatch(item)
        if found is None:
            return None
        cond = condition(found.group("cond"))
        b = body(f"{m.group('verb')} {found.group('what')}")
        if cond is None or b is None or b.optional or b.limit or b.impact or b.spell \
                or b.x or b.cap is not None:
            return None
        out.append(_trigger(dataclasses.replace(when, condition=cond), b))
    return out if len(out) > 1 else None


#: «… не закрывается после простого удара и может нападать простым ударом ещё раз до конца
#: хода» (30-143): in a trigger on its simple strike, that strike is the first of two.
_ONCE_MORE = re.compile(r" не закрывается после (?:простого удара|этой атаки|этого простого удара)"
                        r" и может нападать простым ударом (?:ещё|еще) раз до конца хода"
                        r"(?P<rest> \([^()]*\))?$")


def _once_more(rest: str, when: When) -> str:
    """The trigger's simple strike not closing it and one more after it this turn, said as the
    rule «может нападать простым ударом два раза за ход, после первого нападения простым ударом
    не закрывается» given until the end of the turn."""
    m = _ONCE_MORE.fullmatch(" " + rest.lstrip(" ,"))
    if m is None or when.event != "attack" or when.attack != Attack(kind="simple_strike"):
        return rest
    return (" получает «может нападать простым ударом два раза за ход, после первого нападения "
            "простым ударом не закрывается» до конца хода" + (m.group("rest") or ""))


#: «Бешенство 1: после этой атаки не закрывается и может нападать простым ударом ещё раз до конца
#: хода (1 раз за ход)» (40-22): the attack whose roll fires the frenzy is the first of two.
_FRENZY_ONCE_MORE = re.compile(r"после этой атаки не закрывается и может нападать простым ударом "
                               r"(?:ещё|еще) раз до конца хода(?P<rest> \([^()]*\))?")


#: «Бешенство 3: ранить существо напротив на 1 (если бросок кубика, когда атакует в свой ход, равен
#: 3 или менее ранить существо напротив на 1)» (40-5): the bracket repeats what the frenzy is.
_FRENZY_REMINDER = re.compile(r"(?P<effects>[^()]+?) \(если бросок кубика, когда атакует в свой ход,"
                              r" равен (?P<n>\d) или менее,? (?P<again>[^()]+)\)")


def _without_reminder(rest: str, reminder: re.Pattern[str], value: int | None = None) -> str:
    """The effects of a mode («Бешенство N:», «Концентрация:») without a bracket that only says
    them again with the rule of the mode spelt out (the same effects, word for word; for a
    frenzy, its number too)."""
    m = reminder.fullmatch(rest.strip())
    if m is None or m.group("effects") != m.group("again") or (
            value is not None and int(m.group("n")) != value):
        return rest
    return m.group("effects")


#: «Концентрация: получает опыт в стрельбе 1 до конца вашего хода (в конце хода противника, если
#: не получала ран в этот ход получает опыт в стрельбе 1 до конца вашего хода)» (30-77): the
#: bracket repeats what the concentration is.
_CONCENTRATION_REMINDER = re.compile(r"(?P<effects>[^()]+?) \(в конце хода противника, если не "
                                     r"получала? ран в этот ход,? (?P<again>[^()]+)\)")


def _frenzy_once_more(rest: str) -> str:
    """As :func:`_once_more` for a frenzy («Бешенство N:»): it fires on the card's attack in its
    own turn (its die roll), so «после этой атаки не закрывается и может нападать простым ударом
    ещё раз» is the rule of two simple strikes given until the end of the turn — exact for a card
    whose only attack is its simple strike (40-22 Орк-берсеркер)."""
    m = _FRENZY_ONCE_MORE.fullmatch(rest.strip())
    if m is None:
        return rest
    return ("получает «может нападать простым ударом два раза за ход, после первого нападения "
            "простым ударом не закрывается» до конца хода" + (m.group("rest") or ""))


#: «не закрывается» (to the end of its clause), «не закрывается после этой атаки» in a trigger on
#: the card's assault or its miss in one: it does not close after that assault.
_STAYS_OPEN_HERE = re.compile(r"(?<![а-я])не закрывается(?: после этой атаки)?(?=$|\s*[;(]| \()")


def _this_assault(rest: str, when: When) -> str:
    """«При промахе в нападении не закрывается; …» (40-51), «При нападении … оно не закрывается
    после этой атаки» (40-84): the assault that fired the trigger does not close the card, said
    as «не закрывается после этого нападения» (50-81)."""
    if when.timing == "on" and when.event == "attack" and when.subject == "self" \
            and when.attack == Attack(kind="simple_strike") and not when.also:
        # «При простом ударе …, если после этого у Келе нет ран не закрывается после этой атаки»
        # (10-102): this attack is the card's simple strike, «после этого простого удара» (30-195)
        return _THIS_STRIKE.sub("не закрывается после этого простого удара", rest)
    if when.timing != "on" or (when.event != "assault"
                               and not (when.event == "miss" and when.in_assault)):
        return rest  # «После нападения не закрывается» (10-165) is a rule, not a trigger
    return _STAYS_OPEN_HERE.sub("не закрывается после этого нападения", rest)


#: «…, либо …» after it: an option of a choice (40-83)
_THIS_STRIKE = re.compile(r"(?<![а-я])не закрывается после этой атаки(?=$|\s*[;(]| \(|, либо )")


#: «атакованное небестелесное существо» in a trigger's effects: the attacked, described.
_ATTACKED_DESCRIBED = re.compile(r"(?<![а-я])атакованное (?P<words>(?:[а-я]+ )+?)существо"
                                 r"(?=$|[ ,;(])")


def _attacked_described(rest: str, when: When) -> tuple[str, When]:
    """«Строй: При простом ударе может переместить атакованное небестелесное существо на …»
    (50-47): the effects happen only to an attacked creature the adjectives describe — the same
    as a trigger on a strike at such a creature («При простом ударе по небестелесному
    существу»: ``when.target``), with «атакованное существо» in the effects. Only on the card's
    own attack aimed at nothing described, and only adjectives of flags."""
    m = _ATTACKED_DESCRIBED.search(rest)
    if m is None or when.event != "attack" or when.target is not None or when.subject != "self" \
            or len(_ATTACKED_DESCRIBED.findall(rest)) != 1:
        return rest, when
    found = described(m.group("words") + "существо")
    if not isinstance(found, Selector) or not found.flags \
            or dataclasses.replace(found, flags=()) != Selector():
        return rest, when
    return (rest[:m.start()] + "атакованное существо" + rest[m.end():],
            dataclasses.replace(when, target=found))


#: «этого пирата»: a demonstrative and a bare noun (a class, in the genitive).
_THIS_NOUN = re.compile(r"(?<![а-я])этого (?P<noun>[а-я]+)(?![а-я])")
_HIS = re.compile(r"(?<![а-я])(?:его|него)(?![а-я])")


def _this_attacked(rest: str, when: When) -> str:
    """«Когда существо противника нападает простым ударом на вашего наземного пирата, если
    летающий может стать компаньоном этого пирата, открыться и излечить его на 1» (50-185):
    «этого пирата» is the card the assault is aimed at, the only card the trigger names by that
    class (the attacked: said «атакованного»), and «его» after it, the card the effect before
    named, is that card too."""
    if when.event != "assault" or not isinstance(when.target, Selector) \
            or not when.target.classes or _named_cards(when) != 2 \
            or not isinstance(when.subject, Selector) or when.subject.classes:
        return rest
    m = _THIS_NOUN.search(rest)
    noun = described(m.group("noun")) if m else None
    if m is None or not isinstance(noun, Selector) or noun.classes != when.target.classes \
            or _HIS.search(rest[:m.start()]):
        return rest
    after = _HIS.sub("атакованного", rest[m.end():])
    return rest[:m.start()] + "атакованного" + after


def _swapped_first(effects: tuple[Effect, ...]) -> bool:
    """Whether the first effect swaps the card with a card it describes, and «его» after it is
    that card, not one the trigger names: «Когда существо противника нападает простым ударом на
    Ассасина Храма может поменяться местами с вашим наземным инквизитором; открыть его и
    перенаправить атаку в него» (50-213), as «поменяться местами с атакованным существом, при
    этом закрыть его» (40-51)."""
    if effects and isinstance(effects[0], Move) and effects[0].target == "self" \
            and isinstance(effects[0].to.occupied_by, Selector) and not _mentions_that(effects[0].to):
        # «… вместо этого Танаби может переместиться на стоящее рядом ваше существо; ранить это
        # существо на Х» (40-110): a symbiote moved onto a creature described, «это существо»
        # is that creature
        return True
    return bool(effects) and isinstance(effects[0], Swap) \
        and isinstance(effects[0].with_, Selector) and not _mentions_that(effects[0].with_)


#: «перенаправить атаку в него» with no card it is taken from (50-213).
_REDIRECT_HERE = re.compile(r"(?<![а-я])перенаправить атаку в (?=[а-я])")


def _redirected_here(rest: str, when: When) -> str:
    """«Когда существо противника нападает простым ударом на Ассасина Храма …; … перенаправить
    атаку в него» (50-213): in a trigger on another card's assault at the card itself, the
    attack redirected with no card named it is taken from is that assault, aimed at the card
    itself — said as «перенаправить атаку с себя в …»."""
    if when.event != "assault" or when.target != "self" or when.timing != "on":
        return rest
    return _REDIRECT_HERE.sub("перенаправить атаку с себя в ", rest)


def _over_cell(rest: str, when: When) -> str:
    """«При ударе через ряд через свободную клетку может переместить на нее атакованную карту»
    (20-38): «на нее» is the cell the strike passed over, said as «на эту клетку»."""
    if when.over != Cell(free=True):
        return rest
    return re.sub(r"(?<![а-я])на нее(?![а-я])", "на эту клетку", rest)


def _strike_of_x(rest: str, when: When) -> str:
    """«При простом ударе на X получает +X к движению» (30-121): X is the value of that strike,
    said as «где X величина этого удара» (the measure ``strike``) after the effects."""
    m = re.match(r" на x (?!.*где x)(?P<rest>[^()]+)$", rest)
    if when.event != "attack" or when.attack is None or not m:
        return rest
    return f" {m.group('rest')}, где x величина этого удара"


def _this_cell(rest: str, when: When) -> str:
    """«При перемещении на соседнюю клетку ранить на 1 всех стоящих рядом с этой клеткой
    существ …» (10-168): the cell the card itself moved onto, where it stands when its effects
    are done — the cards next to that cell are the cards next to it («рядом с <собой>»)."""
    if when.subject != "self" or when.to is None or when.event not in _MOVE_EVENTS \
            or when.also or when.from_ is not None:
        return rest
    return re.sub(r"\bрядом с этой клеткой\b", f"рядом с {SELF}", rest)


_MOVE_EVENTS = frozenset({"move", "relocate", "jump", "teleport", "dash"})


def _his_chosen(rest: str, when: When) -> str:
    """«В начале хода противника его выбранное нелетающее существо получает …» (30-50): after
    «хода противника», «его» before the effects' first phrase is the enemy's."""
    if when.turn != "enemy" or when.subject != "self":
        return rest
    return re.sub(r"^(\s*)его (выбранное (?:[а-я]+ )*?существо) ", r"\1\2 противника ", rest)


def _ifs(rest: str, when: When | None = None) -> Iterator[tuple[Condition | None, str]]:
    """«…, если стоит в вашем первом ряду, …»: a condition after the trigger phrase (where it
    ends is not always marked: «, если открыт может объявить …»), then none. After «хода
    противника» the enemy's squad may be «его отряд» (40-39 «В начале хода противника, если
    в его отряде есть летающие существа открыться»)."""
    where = re.match(r"\s*,\s*находясь (?P<where>[^,()]+),", rest)
    found = condition("находится " + where.group("where")) if where else None
    if where and found is not None:  # «…, находясь на вашей половине поля боя, …» (20-81)
        yield found, rest[where.end():]
    m = re.match(r"\s*,?\s*если ", rest)
    if m:
        after = rest[m.end():]
        if when is not None and when.turn == "enemy" and when.subject == "self":
            after = re.sub(r"^в его отряде ", "в отряде противника ", after)
        words = after.split(" ")
        # the longest condition first: «если в вашем отряде нет наземных существ может …»
        # (50-173) is not «нет наземных» and then «существ …»
        for n in range(len(words) - 1, 0, -1):
            cond = condition(" ".join(words[:n]).rstrip(",—"))
            if cond is not None:
                yield cond, " ".join(words[n:])
    yield None, rest


# --- conditions


_WHILE_BRACKET = re.compile(r"(?P<rest>.+?) \(пока (?P<cond>[^()]+)\)")


def _conditional(s: str) -> list[Ability] | None:
    """«Пока …, …», «…, пока …», «…, если …», «… (пока …)»: a static ability under a
    condition. A trigger with «…, если …» after it is the trigger's condition (``when``);
    with «…, пока …» after it the condition may be of its effects, so it is not read."""
    for cond, rest, how in _split_condition(s):
        condition_ = condition(cond)
        if condition_ is None:
            continue
        if how == "when":  # «Когда Властелин хаоса закрыт, он …» (10-169): a state, as «пока»
            how = "first"
        rest = rest.strip(" ,")
        if how == "first" and (isinstance(condition_, State | Has | Lives)
                               and condition_.subject == "self"
                               or isinstance(condition_, More) and "@self" in cond):
            # «Пока Олаф закрыт, он …», «Пока рядом с Головорезом больше …, он …» (10-186):
            # the card itself
            rest = re.sub(r"^(?:он|она|оно)\s+", "", rest)
        rest = re.sub(r"^(?:получает|имеет)\s+", "", rest)
        granted = _quoted_grant(rest)
        if granted is None or not all(_read(a) for a in granted):
            continue
        if how != "first" and any(isinstance(a, Trigger) for a in granted):
            if how != "if" or len(granted) != 1:
                continue
            (trig,) = granted
            assert isinstance(trig, Trigger)
            if trig.when.condition is not None:
                continue
            when = dataclasses.replace(trig.when, condition=condition_)
            return [dataclasses.replace(trig, when=when)]
        return [Static(condition=condition_, grants=tuple(granted))]
    return None


def _quoted_grant(rest: str) -> list[Ability] | None:
    """The abilities granted: «… имеет «закрыться: Разряд …»» (50-40) unquoted; a quotation
    of several sentences is each of them read («Имеет "Вампиризм. Максимум 12 жизней"», 30-178)."""
    m = re.fullmatch(r"«\s*([^«»]+?)\s*»|\"\s*([^\"]+?)\s*\"", rest)
    if not m:
        return read(rest)
    inner = m.group(1) or m.group(2)
    out: list[Ability] = []
    for sentence in re.split(r"(?<=[.!?]) (?=[а-я])", inner):
        found = read(sentence.strip().rstrip("."))
        if found is None:
            return None
        out += found
    return out


#: «когда [Властелин хаоса] закрыт, …»: only «закрыт»/«открыт» (a state); «когда выступает
#: защитником, …» is an event.
_WHEN_STATE = re.compile(r"когда (?P<cond>(?:" + re.escape(SELF) + r" )?(?:за|от)крыт[аоы]?), ")


def _split_condition(s: str) -> Iterator[tuple[str, str, str]]:
    """(condition, the rest, where it stood: ``first``, ``while``, ``if``, ``when``) for each
    way ``s`` may be split at «пока»/«если»; «когда …,» before the first comma (``when``: a
    state, not an event, is then a condition)."""
    m = _WHILE_BRACKET.fullmatch(s)
    # only «закрыт»/«открыт»: «когда выступает защитником, …» is an event, not a state
    when = _WHEN_STATE.match(s)
    if when:
        yield when.group("cond"), s[when.end():], "when"
    if m:
        yield m.group("cond"), m.group("rest"), "while"
    if s.startswith("пока "):
        words = s[5:].split(" ")
        for n in range(len(words) - 1, 0, -1):  # the longest condition first (as :func:`_ifs`)
            yield " ".join(words[:n]).rstrip(","), " ".join(words[n:]), "first"
    tail = re.search(r" \([^()]*\)$", s)
    for m in re.finditer(r",? (пока|если) ", s):
        how = "while" if m.group(1) == "пока" else "if"
        yield s[m.end():], s[: m.start()], how
        if tail and tail.start() > m.end():  # «…, пока он стоит рядом … (вне зависимости от
            # дальности)»: a bracket at the end is the ability's, not the condition's
            yield s[m.end():tail.start()], s[: m.start()] + tail.group(0), how


def _read(ability: Ability) -> bool:
    from bot.corpus.abilities import read_in_full

    return read_in_full(ability)


# --- bare effects


#: Effects a partial reading may keep before a fragment not read: attacks the card declares
#: («Метание на 2-3-4, только вперед по прямой»). Any other effect read without the rest of
#: its sentence could lose a condition, so such a sentence is not read at all.
_PARTIAL_KINDS = frozenset({"throw", "shot", "discharge", "strike"})


def _fair(b: Body) -> bool:
    """Whether ``b`` may stand as a reading: read in full, or attacks and then a fragment."""
    if b.complete:
        return True
    read_ = [e for e in b.effects if not isinstance(e, Unparsed)]
    return bool(read_) and all(e.kind in _PARTIAL_KINDS for e in read_)



_ACTION_KINDS = frozenset({"throw", "shot", "discharge", "strike", "jump", "teleport",
                           "manoeuvre", "move", "swap", "wound", "heal"})


def _bare(s: str) -> list[Ability] | None:
    b = partial_body(s, optional=False)
    if not _fair(b) or _dangling(b.effects):
        return _may_declare(s)
    if b.optional or b.spell is not None:
        return None
    if b.cap is not None:
        b = _capped(b)
    if b.limit is None and b.impact is None and b.x is None:
        return list(b.effects)
    if all(e.kind in _ACTION_KINDS or isinstance(e, Unparsed) for e in b.effects):
        return [Activated(effects=b.effects, limit=b.limit, impact=b.impact, x=b.x)]
    onto = b.effects[0] if len(b.effects) == 1 else None
    if isinstance(onto, OntoOccupied) and onto.destroy and onto.impact is None \
            and b.limit is None and b.x is None:
        # «…, уничтожив это существо (воздействие затаптывание)» (20-20): the rule's impact
        return [dataclasses.replace(onto, impact=b.impact)]
    if b.impact is None:
        return [Static(limit=b.limit, grants=b.effects, x=b.x)]
    return None


#: Effects «Может …» declares as an action of its own: «Может свести свой простой удар к
#: сильному (1 раз за бой)» (20-89), «Может блокировать любую атаку по себе, …» (40-205).
_DECLARED_KINDS = frozenset({"reduce_to", "block"})


def _may_declare(s: str) -> list[Ability] | None:
    """«Может свести свой простой удар к сильному (1 раз за бой)», «Может свести слабый или
    средний простой удар по себе к сильному, при этом ранить атаковавшего на 2» (50-153): an
    action the owner may declare, for no cost — an :class:`Activated` with no cost (its
    effects after «, при этом» are part of that action)."""
    if not s.startswith("может "):
        return None
    b = body(s)
    if b is None or not b.optional or b.x or b.cap is not None:
        return None
    if b.effects[0].kind not in _DECLARED_KINDS or _dangling(b.effects):
        return None
    return [Activated(effects=b.effects, limit=b.limit, impact=b.impact, spell=b.spell)]
