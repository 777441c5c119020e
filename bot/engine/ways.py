"""A piece's abilities as the checks use them: what holds under which condition, and the ways
it has to relocate or attack.

A card's ``abilities:`` nest: «Строй: Броня 2» holds while in formation, «Броня 2, пока …»
under its condition, «Закрыться: Выстрел на 2» is paid, «Когда … — метание» fires. :func:`held`
flattens them into :class:`Held` entries that carry their conditions; :func:`ways` gives the
:class:`Way` s a piece has to do one kind of thing (a jump, a throw …) with their frame, cost,
conditions and limit.

>>> from bot.corpus.abilities import Keyword, Static, State
>>> from bot.corpus.model import Card
>>> card = Card(id="50-1", set_id=50, set_name="ПХ", number=1, name="Проба", ability_data=(
...     {"kind": "static", "text": "Броня 2, пока закрыт.", "condition": {"kind": "state",
...      "flags": ["closed"]}, "grants": [{"kind": "keyword", "code": "armor", "value": 2}]},))
>>> [(h.ability.kind, len(h.conditions)) for h in held(Piece(card=card))]
[('keyword', 1)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from bot.corpus.abilities import (
    Ability,
    Activated,
    Choice,
    Condition,
    Conditional,
    Cost,
    Delayed,
    Discharge,
    Effect,
    Formation,
    Grant,
    Incorporeal,
    Jump,
    Limit,
    Marker,
    Nearby,
    Roll,
    Shot,
    Static,
    Throw,
    Trigger,
    Unparsed,
    When,
    walk,
)
from bot.corpus.model import Card
from bot.engine.conditions import Scene, is_target
from bot.engine.position import Piece, Position

#: «Строй: …»: what a creature has while in formation.
IN_FORMATION = Nearby(place="in_formation")


@dataclass(frozen=True)
class Held:
    """An entry of a card's abilities with the ``conditions`` it holds under (a «пока …» frame,
    ``IN_FORMATION`` for «Строй: …») and the ``text`` of its sentence."""

    ability: Ability
    text: str
    conditions: tuple[Condition, ...] = ()
    limit: Limit | None = None


def held(piece: Piece) -> list[Held]:
    """Every entry of the card's abilities, frames of conditions opened (static, formation and
    incorporeal grants); activated and triggered abilities stay whole."""
    card = piece.card
    return list(_held_by(card, id(card.ability_data))) if card is not None else []


@lru_cache(maxsize=4096)
def _held_by(card: Card, written: int) -> tuple[Held, ...]:
    """:func:`held` worked out once per card: a check asks it of every piece many times (each
    way, trigger and defence it looks for). ``written``: the identity of the card's written
    abilities, which card equality leaves out, so a reloaded corpus's card is never answered
    from its predecessor's entry (the key keeps that card, and so that identity, alive)."""
    return tuple(h for a in card.abilities for h in _held(a, a.text, (), None))


def _held(a: Ability, text: str, conditions: tuple[Condition, ...],
          limit: Limit | None) -> Iterator[Held]:
    if isinstance(a, Static):
        more = (*conditions, a.condition) if a.condition is not None else conditions
        for g in a.grants:
            yield from _held(g, text, more, a.limit or limit)
        return
    yield Held(a, text, conditions, limit)
    if isinstance(a, Formation):
        for g in a.grants:
            yield from _held(g, text, (*conditions, IN_FORMATION), limit)
    elif isinstance(a, Incorporeal):
        for g in a.grants:
            yield from _held(g, text, conditions, limit)


def held_effects(piece: Piece, kind: str) -> list[Held]:
    """Bare entries of ``kind`` that hold as static abilities («-1 от выстрелов», «Может
    двигаться по диагонали», «+1 к движению»), with their conditions."""
    return [h for h in held(piece) if h.ability.kind == kind]


@dataclass(frozen=True)
class Way:
    """A way a piece has to relocate or to attack: from its card, or assumed for ``?``.

    ``frame``: the activated ability that pays for it, or the trigger it is part of (then it
    cannot be declared on its own); ``slow``: a jump or teleport written as a sentence of its
    own; ``unread``: parts of its sentence the extractor could not read."""

    kind: str
    text: str
    effect: Effect | None = None
    frame: Activated | Trigger | None = None
    conditions: tuple[Condition, ...] = ()
    limit: Limit | None = None
    slow: bool = False
    assumed: bool = False
    asked_range: int | None = None  # the range an assumed ability is given by the question
    unread: tuple[str, ...] = ()

    @property
    def range(self) -> int | None:
        """The range (a jump's radius) when the card gives a number («X» is not one)."""
        if self.assumed:
            return self.asked_range
        rng = self.effect.range if isinstance(self.effect, Jump | Throw | Shot | Discharge) else None
        return rng if isinstance(rng, int) else None

    @property
    def values(self) -> tuple[int, int, int] | None:
        if not isinstance(self.effect, Throw | Shot | Discharge):
            return None
        values = tuple(v for v in self.effect.values if isinstance(v, int))
        return (values[0], values[1], values[2]) if len(values) == 3 else None

    @property
    def name(self) -> str | None:
        return self.effect.name if isinstance(self.effect, Throw | Shot | Discharge) else None

    @property
    def adjacent(self) -> bool:
        """«в том числе по карте рядом»: the card allows an adjacent target."""
        return isinstance(self.effect, Throw | Shot | Discharge) and self.effect.adjacent

    @property
    def cost(self) -> Cost:
        return self.frame.cost if isinstance(self.frame, Activated) else Cost()

    @property
    def trigger(self) -> Trigger | None:
        return self.frame if isinstance(self.frame, Trigger) else None

    @property
    def when(self) -> When | None:
        """The event the way needs: its trigger's, or an instant ability's «при …»."""
        if isinstance(self.frame, Trigger):
            return self.frame.when
        return self.frame.when if isinstance(self.frame, Activated) else None


def ways(piece: Piece, kind: str, asked: int | None = None) -> list[Way]:
    """The ways ``piece`` has to do ``kind`` (``jump``, ``teleport``, ``throw``, ``shot``,
    ``discharge``). A ``?`` is assumed to have the named one (slow for jump and teleport)."""
    if piece.card is None:
        return [Way(kind, "", slow=kind in ("jump", "teleport"), assumed=True, asked_range=asked)]
    out: list[Way] = []
    for h in held(piece):
        a = h.ability
        if isinstance(a, Formation | Incorporeal | Static):
            continue
        if a.kind == kind and not isinstance(a, Activated | Trigger):
            # written as a sentence of its own: the slow jump or teleport
            out.append(Way(kind, h.text, a, None, h.conditions, h.limit,
                           slow=kind in ("jump", "teleport"), unread=_unread(piece, h.text)))
        elif isinstance(a, Activated | Trigger):
            conditions = h.conditions + ((a.condition,) if isinstance(a, Activated)
                                         and a.condition is not None else ())
            out += [Way(kind, h.text, eff, a, conditions, a.limit or h.limit,
                        unread=_unread(piece, h.text))
                    for eff in each_effect(a.effects) if eff.kind == kind]
    return out


def granted_for_a_while(piece: Piece, kind: str) -> Held | None:
    """A trigger of the card that gives it a way of ``kind`` for a while («…; Ночной гость
    получает Прыжок, дальность 4 до конца хода», 40-152: a ``grant`` of a jump): whether it
    fired, the position does not show."""
    for h in held(piece):
        if isinstance(h.ability, Trigger) and any(
                isinstance(e, Grant) and e.ability.kind == kind
                for e in each_effect(h.ability.effects)):
            return h
    return None


def granted_by_another(position: Position, piece: Piece, kind: str) -> tuple[Piece, str] | None:
    """Another card of the position that may give ``piece`` a way of ``kind`` it declares —
    a paid ability or a bare one — by an effect of its own abilities («Закрыться: Воздействие
    гром-молот выбранный гном получает закрыться: Метание на Х, дальность 3, …», 40-38): whether
    that card gave it, the position does not show. The card and its sentence, or None."""
    for other in position:
        # most cards give nothing: told from their written abilities, before any value is walked
        if other is piece or other.card is None or not other.card.mentions(Grant.kind):
            continue
        scene = Scene(position, other)
        for a, grant in other.card.ability_values:
            if not isinstance(grant, Grant) or not _declares(grant.ability, kind):
                continue
            if grant.target == "self" or is_target(grant.target, piece, scene).value is False:
                continue
            return other, a.text
    return None


#: Effects that take the card to another cell.
_RELOCATING = frozenset({"move", "jump", "teleport", "swap", "land"})


def moves_first(way: Way) -> bool:
    """Whether the card's ability moves it to another cell before the attack of ``way`` («…:
    Переместить Кулеврину орков на соседнюю клетку, при этом она может совершить выстрел на
    1-2-2, дальность 4», 50-24): the attack is made from that cell."""
    if way.frame is None or way.effect is None:
        return False
    for eff in each_effect(way.frame.effects):
        if eff is way.effect:
            return False
        if eff.kind in _RELOCATING and getattr(eff, "target", "self") == "self":
            return True
    return False


def given_fact(piece: Piece, given: tuple[Piece, str], what: str) -> str:
    """The missing fact of a way another card may have given ``piece``."""
    giver, text = given
    return (f"получил ли {piece.name} «{what}» от {giver.name} («{text.strip().rstrip('.')}»)")


def _declares(ability: Ability, kind: str) -> bool:
    """Whether ``ability`` is a way of ``kind`` its holder declares: bare, or paid."""
    if ability.kind == kind:
        return True
    return isinstance(ability, Activated) and any(e.kind == kind for e in each_effect(ability.effects))


def each_effect(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    """Effects in order, the options of a choice («… или …»), the outcomes of a die roll
    («бросьте кубик; если выпало …»), the effects under a condition («если после этого …») and
    those put off («в начале следующего хода …») included; not the abilities they grant."""
    for eff in effects:
        yield eff
        if isinstance(eff, Choice):
            for option in eff.options:
                yield from each_effect(option)
        if isinstance(eff, Roll):
            for outcome in eff.outcomes:
                yield from each_effect(outcome.effects)
        if isinstance(eff, Conditional | Delayed):  # «…; если после этого … разряд на 3» (20-167)
            yield from each_effect(eff.effects)


def _unread(piece: Piece, text: str) -> tuple[str, ...]:
    """Parts of the sentence ``text`` the extractor left unparsed (inside its reading, or an
    unparsed entry of the same sentence)."""
    return tuple(u.fragment or u.text or a.text for a in piece.unread_abilities()
                 if a.text == text for u in walk(a) if isinstance(u, Unparsed))


def unread_mention(piece: Piece, stem: str) -> str | None:
    """An unparsed sentence of the card naming the ability (``stem``: «метани», «прыж»), if any:
    the card may have it, so a check must not say «no»."""
    pattern = r"(?<![а-я])" + stem
    for a in piece.unread_abilities():
        if re.search(pattern, a.text.casefold()):
            return a.text
    return None


#: How a sentence that fires begins: it does not change whether an action is allowed.
_TRIGGER_START = re.compile(r"^(при|когда|после|в начале|в конце|до начала)\b")


def unread_rule(piece: Piece, *patterns: str, skip: str = "") -> str | None:
    """An unparsed sentence of the card (not a trigger, not the sentence ``skip``) that speaks
    of the asked action (``patterns``, regexes: «выстрел», «защит», «-1 от»): it may allow or
    forbid what the check would otherwise answer, so the answer cannot be certain."""
    return next(_unread_rules(piece, patterns, skip), None)


def _unread_rules(piece: Piece, patterns: tuple[str, ...], skip: str = "") -> Iterator[str]:
    pattern = "|".join(r"(?<![а-я])" + p for p in patterns)
    for a in piece.unread_abilities():
        text = a.text.casefold().strip()
        if a.text != skip and not _TRIGGER_START.match(text) and re.search(pattern, text):
            yield a.text


#: Words of a sentence that speaks of other cards than its own («Существа противника могут
#: объявлять прыжок … только …», 20-100; «Хозяин не может перемещаться …», 30-34; «Карты,
#: стоящие у края поля, могут объявлять дальние атаки только по Пугалу», 30-190).
_OTHERS = re.compile(r"^(?:существа|карты)(?![а-я])|(?<![а-я])(?:противника|ваш\w* (?:существ|карт)"
                     r"|хозяин\w*|кажд\w* (?:существо|карта)|все (?:существа|карты)|стоящие рядом)")
#: An ability the card pays for or declares, or a bonus of its own («+1 к метанию по картам,
#: стоящим рядом с …»): what it does is its own action, not a rule of others …
_ACTIVATED_START = re.compile(r"^(?:закрыться|внезапное действие|фишк|\{|[+\-−–] ?[\dxх])")
#: … unless it leaves a card a state or an action that lasts («Закрыться: … выбранный гном
#: получает закрыться: Метание на Х», 40-38; «… существо противника получает сеть на свой
#: следующий ход не может передвигаться …», 10-77): once paid, that card may have it.
_GIVES = re.compile(r"(?<![а-я])получа(?:ет|ют)(?![а-я])")


def unread_aura(position: Position, piece: Piece, *patterns: str) -> tuple[Piece, str] | None:
    """Another card of the position with a sentence the bot did not read that speaks of the
    asked action (``patterns``) and of other cards than its own: it may allow or forbid the
    action of ``piece`` («Существа противника могут объявлять прыжок или телепортацию только на
    свободные клетки рядом с Иссой», 20-100), so the answer cannot be certain."""
    for other in position:
        if other is piece:
            continue
        for told in _unread_rules(other, patterns):
            if _of_others(told.casefold().strip(), patterns):
                return other, told
    return None


def _of_others(text: str, patterns: tuple[str, ...]) -> bool:
    """Whether an unread sentence that speaks of the asked action (``patterns``) may bind
    other cards than its own: a rule naming them, or a paid ability that gives one the
    action or a state about it (the words after «получает» name it)."""
    if not _ACTIVATED_START.match(text):
        return _OTHERS.search(text) is not None
    given = _GIVES.search(text)
    return given is not None and any(re.search(r"(?<![а-я])" + p, text[given.end():])
                                     for p in patterns)


def occupying_marker(position: Position) -> tuple[Piece, Marker, str] | None:
    """A card of the position that puts markers a cell with which counts as occupied («…,
    клетка с маркером костра считается занятой», 10-175), the marker and its sentence: the
    notation places no markers, so whether a free cell has one is a fact to ask."""
    for piece in position:
        if piece.card is None or not piece.card.mentions(Marker.kind):
            continue
        for a, v in piece.card.ability_values:
            if isinstance(v, Marker) and v.occupies:
                return piece, v, a.text
    return None
