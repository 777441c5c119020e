"""Whether a piece may use one of its ways now, and how verdicts are built from facts.

Before geometry, a way must be usable at all (SPEC §5): an effect the card has only inside a
trigger is not an action (``srabatyvayushchaya-osobennost``); a cost must be payable
(``oplata``); a «пока …» or «Строй:» condition must hold. :func:`available` applies the three
and says why; :func:`static_effect` finds a static rule of the card that holds («Может
двигаться по диагонали», «Не может передвигаться»); :func:`verdict` turns facts into «Можно»,
«Нельзя» or «Неизвестно» with the missing fact.

>>> from bot.engine.truth import Truth
>>> verdict([Truth.of(True), Truth.unknown("сколько фишек")])
('unknown', 'сколько фишек')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import cast

from bot.corpus.abilities import (
    Ability,
    Activated,
    Cost,
    Limit,
    Marker,
    MovesOnly,
    OntoOccupied,
    Selector,
    Trigger,
)
from bot.engine import rules, triggers
from bot.engine.board import neighbours
from bot.engine.conditions import Scene, holds, selects
from bot.engine.position import Piece, Position
from bot.engine.result import Builder, CheckResult, Verdict
from bot.engine.truth import FALSE, TRUE, Truth, all_of
from bot.engine.ways import Held, Way, each_effect, held, held_effects
from bot.ru import count


def verdict(facts: Iterable[Truth], unsure: Truth | None = None) -> tuple[Verdict, str | None]:
    """«no» when a fact is false; «unknown» (the first missing fact) when one is unknown.
    ``unsure`` is a fact that may turn either way (a sentence of the acting card the bot did
    not read): when given, neither «yes» nor «no» is certain."""
    found = all_of(list(facts))
    if found.value is None:
        return "unknown", found.missing
    if unsure is not None:
        return "unknown", unsure.missing
    return ("yes" if found.value else "no"), None


def available(b_: Builder, position: Position, piece: Piece, way: Way, what: str) -> Truth:
    """Whether ``way`` may be used now, as far as the position tells: a triggered effect only
    when its trigger fires, a cost only when payable, a condition only when it holds. The
    reasons (and the rules cited) go to ``b_``; ``what`` names the ability («метание»)."""
    facts = []
    if way.trigger is not None:
        b_.cite(rules.TRIGGERED)
        b_.reason(f"{what.capitalize()} — только в этой срабатывающей особенности: такой эффект "
                  "не объявляют сам по себе, он выполняется, когда особенность срабатывает.")
        quote = triggers.event_text(way.trigger)
        facts.append(_said(b_, triggers.could_have_fired(way.trigger.when, piece, position, quote)))
    elif way.when is not None:
        b_.reason(f"{what.capitalize()} можно объявить только при событии из текста карты.")
        facts.append(_said(b_, triggers.could_have_fired(way.when, piece, position,
                                                         _short(way.text))))
    if way.cost != Cost():
        b_.cite(rules.PAYMENT)
        facts.append(_said(b_, rules.cost_payable(way.cost, piece, position)))
    scene = Scene(position, piece)
    for condition in way.conditions:
        found = quoted(holds(condition, scene), way.text)
        if found.value is False:
            b_.reason(f"Условие особенности «{_short(way.text)}» не выполнено.")
        facts.append(found)
    return all_of(facts)


def quoted(fact: Truth, sentence: str) -> Truth:
    """An unknown condition's missing fact with the card's sentence it comes from."""
    if fact.value is not None:
        return fact
    return Truth.unknown(f"{fact.missing} — условие из «{_short(sentence)}»", fact.why)


def _said(b_: Builder, fact: Truth) -> Truth:
    if fact.why:
        b_.reason(fact.why)
    return fact


def static_effect(piece: Piece, position: Position, kind: str,
                  test: Callable[[Ability], Truth]) -> tuple[Truth, Held | None]:
    """A static rule of the card of ``kind`` that ``test`` accepts and whose conditions hold:
    true with the first that surely holds, else unknown with the first that may, else false."""
    best: tuple[Truth, Held | None] = (FALSE, None)
    scene = Scene(position, piece)
    for h in held_effects(piece, kind):
        found = quoted(all_of(test(h.ability), *(holds(c, scene) for c in h.conditions)), h.text)
        if found.value is True:
            return found, h
        if found.value is None and best[0].value is False:
            best = (found, h)
    return best


def onto_occupied(piece: Piece, kind: str, occupant: Piece,
                   position: Position) -> tuple[Truth, str | None]:
    """«Может объявлять прыжок на клетку, занятую …» (the ``onto_occupied`` rule of the card)."""
    scene = Scene(position, piece)

    def allows(rule: Ability) -> Truth:
        assert isinstance(rule, OntoOccupied)
        if rule.way != kind:
            return FALSE
        if isinstance(rule.occupant, str):
            return Truth.unknown("о каком существе речь в особенности")
        return selects(rule.occupant, occupant, scene)

    found, h = static_effect(piece, position, "onto_occupied", allows)
    if h is None or found.value is False:
        return FALSE, None
    rule = h.ability
    assert isinstance(rule, OntoOccupied)
    then = " и меняется с ним местами" if rule.swap else " и уничтожает его" if rule.destroy else ""
    return found, (f"Клетка {occupant.cell} занята ({occupant.name}), но карта это "
                   f"позволяет: «{h.text.strip().rstrip('.')}» — перемещается туда{then}.")


def unread_fact(b_: Builder, piece: Piece, sentence: str) -> Truth:
    """A sentence of the card the bot did not read that speaks of the asked action: it may
    allow or forbid it, so the answer cannot be certain."""
    what = f"«{piece.card.name}»" if piece.card else piece.name
    b_.reason(f"У {what} есть предложение, которое бот не прочитал и которое может это менять: "
              f"«{_short(sentence)}».")
    return Truth.unknown(f"что значит для этого вопроса непрочитанное предложение карты "
                         f"{what}: «{_short(sentence)}»")


def marker_fact(b_: Builder, found: tuple[Piece, Marker, str], where: str) -> Truth:
    """A card of the position puts markers that make a cell occupied (``occupying_marker``):
    whether one lies on ``where`` the position does not say."""
    piece, marker, text = found
    b_.reason(f"{piece.name} кладёт маркеры {marker.name}, и клетка с таким маркером считается "
              f"занятой: «{_short(text)}»; в позиции маркеров нет.")
    return Truth.unknown(f"нет ли маркера {marker.name} {where}")


def way_text(way: Way) -> str:
    """«Особенность карты: «Прыжок, дальность 3», записана отдельным предложением — медленная»."""
    if way.assumed:
        rng = f", дальность {way.range}" if way.range is not None else ""
        return "Предполагаемая особенность: " + {
            "jump": f"«Прыжок{rng}» (медленный)", "teleport": "«Телепортация» (медленная)"}.get(
            way.kind, f"«{rules.ATTACKS[way.kind].name.capitalize()}{rng}»"
            if way.kind in rules.ATTACKS else way.kind)
    text = _short(way.text)
    if way.trigger is not None:
        return f"Срабатывающая особенность карты: «{text}»" + (
            " (такой эффект не медленный)" if way.kind in rules.RELOCATIONS else "")
    slow = ", записана отдельным предложением — медленная" if way.kind in ("jump", "teleport") \
        and way.slow else ""
    return f"Особенность карты: «{text}»{slow}"


def _short(text: str) -> str:
    return text.strip().rstrip(".")


def limit_note(b_: Builder, limit: Limit | None) -> None:
    """«N раз за ход» (``raz-za-khod``): a marker per use, none in the preliminary combat phase."""
    if not limit:
        return
    b_.cite(rules.PER_TURN)
    per = {"turn": "ход", "battle": "бой", "own_turn": "ваш ход",
           "enemy_turn": "ход противника"}[limit.per]
    each = " для каждого существа" if limit.each else ""
    b_.warn(f"Не более {limit.count} раз за {per}{each}: за каждое "
            "использование — маркер" + ("; нельзя в Предварительной фазе боя."
                                        if limit.per != "battle" else "."))


def report_fired(b_: Builder, found: list[triggers.Fired]) -> None:
    """The triggers a described event fires, with the rules their effects cite and limits."""
    for f in found:
        b_.cite(rules.TRIGGERED).trigger(f.line)
        for eff in f.trigger.effects:
            if eff.kind in rules.ATTACKS:
                b_.cite(rules.ATTACKS[eff.kind].term).cite(rules.RANGE)
            elif eff.kind in rules.RELOCATIONS:
                b_.cite(rules.RELOCATIONS[eff.kind].term)
        if any(c is not None and c.region is not None
               for c in (f.trigger.when.from_, f.trigger.when.to)):
            b_.cite(rules.ROW)
        limit_note(b_, f.trigger.limit)


def best(results: list[CheckResult]) -> CheckResult:
    """The most permissive answer over a piece's ways: one way that works is enough. When none
    does, every way's reasons are given (each begins with its sentence of the card)."""
    for wanted in ("yes", "unknown"):
        for r in results:
            if r.verdict == wanted:
                return r
    first = results[0]
    if len(results) == 1:
        return first
    cites = list(dict.fromkeys(c for r in results for c in r.citations))
    return replace(first, reasons=tuple(x for r in results for x in r.reasons),
                   citations=tuple(cites),
                   warnings=tuple(dict.fromkeys(w for r in results for w in r.warnings)))


def needs_piece(b_: Builder, piece: Piece | None, where: str) -> CheckResult | None:
    if piece is None:
        return b_.reason(f"На {where} нет существа.").done("no")
    return None


def needs_board(b_: Builder, piece: Piece | None, where: str, action: str) -> CheckResult | None:
    missing = needs_piece(b_, piece, where)
    if missing:
        return missing
    assert piece is not None
    if piece.cell is None:
        return b_.reason(f"Летающее существо во вспомогательной зоне не может {action} "
                         "по клеткам поля боя.").done("no")
    return None


def closed_stops(b_: Builder, piece: Piece) -> CheckResult | None:
    """«Двигаться может только открытое существо» (``dvizhenie``): a closed creature neither
    moves, jumps, teleports nor manoeuvres (the ``?`` pieces included)."""
    found = rules.only_open_moves(piece)
    if found.value is False:
        return b_.cite(rules.MOVEMENT).reason(found.why).done("no")
    return None


def cells(n: int) -> str:
    return count(n, "клетка", "клетки", "клеток")


def units(n: int) -> str:
    return count(n, "единица", "единицы", "единиц")


@dataclass(frozen=True)
class Bonus:
    """Static «+N к …» / «−N к …» that apply to a card: ``sure`` holds; ``up`` and ``down``
    (≤ 0) may (a condition the position cannot settle: ``missing``); ``sources`` says whose
    (the card's own, or another card's «Существа противника имеют −1 к движению …»)."""

    sure: int = 0
    up: int = 0
    down: int = 0
    missing: str | None = None
    sources: tuple[str, ...] = ()

    def said(self) -> str:
        """«+1 с карты», «−1: «Навка» (противник): «…»», with what may also hold."""
        may = " и ".join(f"{n:+d}" for n in (self.up, self.down) if n)
        if may and not self.sure:
            head = f"{may}, если выполнено условие"
        else:
            head = f"{self.sure:+d}" + (f" (и ещё {may}, если выполнено условие)" if may else "")
        return head + (
            " — " + "; ".join(self.sources) if self.sources else "")


def binds(holder: Piece, target: object, piece: Piece, scene: Scene) -> Truth:
    """Whether a rule ``holder`` has for ``target`` (its own, «self»; the cards a selector
    describes; its host) holds for ``piece``; ``scene`` is the holder's."""
    if target == "self":
        return Truth.of(holder is piece)
    if holder is piece:
        return FALSE
    if isinstance(target, Selector):
        return selects(target, piece, scene)
    if target == "host":  # the notation has no symbiotes
        return Truth.unknown(f"не хозяин ли {piece.name} для {holder.name}")
    return FALSE


@dataclass(frozen=True)
class Bound:
    """A rule of a card of the position (``held``, of ``holder``, seen from ``scene``) that may
    bind a piece, and whether it does (``binds``, with the rule's conditions)."""

    held: Held
    holder: Piece
    scene: Scene
    binds: Truth

    @property
    def said(self) -> str:
        """«…» (Ламия (противник)): the rule's sentence and its card, for a reason."""
        return f"«{self.held.text.strip().rstrip('.')}» ({self.holder.name})"

    def verdict(self, fact: Truth) -> Truth:
        """What the rule's ``fact`` about the piece's action decides: when the rule only may bind
        the piece, only its «no» leaves the answer open."""
        if self.binds.value is True:
            return fact
        return TRUE if fact.value is True else Truth.unknown(
            self.binds.missing or fact.missing or "")


def bound_rules(position: Position, piece: Piece, kind: str) -> Iterator[Bound]:
    """The rules of ``kind`` the cards of the position hold that may bind ``piece``: for whom
    (``target``) and under the rule's conditions, seen from its holder."""
    for holder in position:
        scene = Scene(position, holder)
        for h in held_effects(holder, kind):
            bound = all_of(binds(holder, getattr(h.ability, "target", "self"), piece, scene),
                           *(holds(c, scene) for c in h.conditions))
            if bound.value is not False:
                yield Bound(h, holder, scene, bound)


def moves_only_rules(position: Position, piece: Piece, way: str) -> Iterator[Bound]:
    """The ``moves_only`` rules that may bind ``piece``'s ``way`` of moving (a rule that names no
    way: its movement) — «Каждое существо противника, стоящее рядом с Ламией, может
    передвигаться только …» (20-78), «Существа противника могут объявлять прыжок или
    телепортацию только …» (20-100)."""
    for rule in bound_rules(position, piece, "moves_only"):
        ability = rule.held.ability
        if isinstance(ability, MovesOnly) and way in (ability.ways or ("move",)):
            yield rule


def bonus(piece: Piece, position: Position, kind: str,
          test: Callable[[Ability], bool]) -> Bonus:
    """Static «+N к …» (``kind``: ``movement_bonus``, ``range_bonus``) that ``test`` accepts:
    the card's own, and those another card of the position gives the cards it describes
    («Существа противника имеют −1 к движению, пока стоят напротив Навки», 40-138)."""
    sure = up = down = 0
    missing = None
    sources: list[str] = []
    for holder in position:
        scene = Scene(position, holder)
        for h in held_effects(holder, kind):
            eff = h.ability
            value, target = getattr(eff, "value", None), getattr(eff, "target", "self")
            if not isinstance(value, int) or getattr(eff, "until", None) is not None \
                    or not test(eff):
                continue
            per = getattr(eff, "per", None)
            if per is not None:  # «за каждую свободную клетку рядом с собой» (50-86)
                if per.count != "free_cells" or per.of != "self" or holder.cell is None:
                    continue
                value *= sum(not position.occupied(c) for c in neighbours(holder.cell, True))
            whom = binds(holder, target, piece, scene)
            if whom.value is False:
                continue
            found = all_of([whom, *(holds(c, scene) for c in h.conditions)])
            if found.value is not False:
                sources.append(f"«{_short(h.text)}»" if holder is piece
                               else f"{holder.name}: «{_short(h.text)}»")
            if found.value is True:
                sure += value
            elif found.value is None:
                up, down = up + max(value, 0), down + min(value, 0)
                missing = missing or found.missing
        for h, eff in _given(holder, kind, test):  # «В начале вашего хода …; получить +2 к …»
            whom = all_of([binds(holder, getattr(eff, "target", "self"), piece, scene),
                           *(holds(c, scene) for c in h.conditions)])
            if whom.value is False:
                continue
            sources.append(f"«{_short(h.text)}», если сработала" if holder is piece
                           else f"{holder.name}: «{_short(h.text)}», если сработала")
            size = _given_size(h.ability, eff)
            up, down = up + max(size, 0), down + min(size, 0)
            missing = missing or f"сработала ли особенность «{_short(h.text)}»" + (
                f" ({holder.name})" if holder is not piece else "")
    return Bonus(sure, up, down, missing, tuple(sources))


#: A bonus an ability may give more than once, or of an X: as large as any answer needs.
_UNBOUNDED = 99


def _given(holder: Piece, kind: str, test: Callable[[Ability], bool]
           ) -> Iterator[tuple[Held, Ability]]:
    """«+N к …» of ``kind`` that the holder's triggers and paid abilities give when they fire or
    are used («Концентрация: получает +2 к дальности выстрела до конца вашего хода», 30-89;
    «…; если показана карта стоимостью 4 или менее получить +2 к дальности метания до конца
    хода», 20-103): whether they did the position does not show. Only the effects themselves and
    those under a condition, a choice, a die roll or a delay; not abilities granted."""
    for h in held(holder):
        if isinstance(h.ability, Trigger | Activated):
            for eff in each_effect(h.ability.effects):
                if eff.kind == kind and test(cast(Ability, eff)):
                    yield h, cast(Ability, eff)


def _given_size(frame: Ability, eff: Ability) -> int:
    """How much a bonus a trigger or a paid ability gives may add: its value, or unbounded for
    an X or for one with no duration that may be given again (not at the battle's start)."""
    value = getattr(eff, "value", None)
    once = isinstance(frame, Trigger) and frame.when.event == "battle_start"
    if not isinstance(value, int) or (getattr(eff, "until", None) is None and not once):
        sign = -1 if isinstance(value, int) and value < 0 else 1
        return sign * _UNBOUNDED
    return value


def within(distance: int, limit: int, b: Bonus) -> Truth:
    """``distance`` against ``limit`` changed by what surely and what may apply."""
    if distance <= limit + b.sure + b.down:
        return Truth.of(True)
    if distance <= limit + b.sure + b.up:
        return Truth.unknown(b.missing or "выполнено ли условие прибавки")
    return Truth.of(False)
