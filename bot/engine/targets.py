"""Whom an attack may be declared at (``only_targets``): «Карты противника могут объявлять
выстрел и метание только по Мерцающему змею (вне зависимости от дальности)» (10-167) binds
every card of the position it describes, not only its own; «Может объявлять выстрел только по
карте без ран» binds the card itself. «Игнорирует особенности, обязывающие выбирать цель
метания» (30-11) frees the attacker from other cards' rules of that attack.

>>> from bot.engine.board import Cell
>>> pos = Position((Piece(cell=Cell.parse("a1")), Piece(cell=Cell.parse("a4"), enemy=True)))
>>> allowed, free = only_targets(Builder(), pos, pos.pieces[0], pos.pieces[1], "shot")
>>> allowed.value, free.value  # no card of the position says whom: any target
(True, False)
"""

from __future__ import annotations

from bot.corpus.abilities import Ignore, OnlyTargets, Selector
from bot.engine import rules
from bot.engine.conditions import Scene, holds, is_target
from bot.engine.declare import quoted
from bot.engine.defence import concerns_attack
from bot.engine.position import Piece, Position
from bot.engine.result import Builder
from bot.engine.truth import FALSE, TRUE, Truth, all_of, any_of
from bot.engine.ways import held_effects


def only_targets(b_: Builder, position: Position, attacker: Piece, target: Piece,
                 kind: str) -> tuple[Truth, Truth]:
    """Whether ``attacker`` may declare an attack of ``kind`` at ``target`` by every
    ``only_targets`` rule of the position, and whether range does not limit it (a rule «вне
    зависимости от дальности» that names the target)."""
    facts: list[Truth] = []
    free: list[Truth] = []
    freed = _freed(attacker, kind)
    for holder in position:
        scene = Scene(position, holder)
        for h in held_effects(holder, "only_targets"):
            rule = h.ability
            assert isinstance(rule, OnlyTargets)
            binds = quoted(all_of(
                any_of([concerns_attack(a, kind, attacker, scene) for a in rule.attacks]),
                # «(кроме удара через ряд, …)» (30-190): attacks it does not bind
                *(concerns_attack(a, kind, attacker, scene).negated() for a in rule.excluding),
                is_target(rule.attackers, attacker, scene),
                *(holds(c, scene) for c in h.conditions)), h.text)
            if binds.value is False:
                continue
            said = f"{holder.name}: «{h.text.strip().rstrip('.')}»"
            if freed is not None and holder is not attacker:
                b_.reason(f"Особенность {said} — на {attacker.name} не действует: "
                          f"«{freed.strip().rstrip('.')}».")
                continue
            b_.cite(rules.TARGET)
            allowed = is_target(rule.targets, target, scene)
            if allowed.value is True:
                b_.reason(f"Цель подходит под особенность {said}.")
                if rule.any_range:
                    free.append(binds)
                continue
            b_.reason(f"Цель ограничена особенностью {said}" + (
                " — а цель не такая." if allowed.value is False else "."))
            facts.append(any_of(binds.negated(), allowed))
    return all_of(facts) if facts else TRUE, any_of(free) if free else FALSE


def aimed_at(b_: Builder, position: Position, attacker: Piece, target: Piece,
             effect: object) -> Truth:
    """The attack's own «по …» (``target`` of a ranged effect): «выстрел на 1 по карте, стоящей
    рядом с атакованным» (40-9) may hit only such a card; «по карте на выбранной клетке»
    (10-22) is the asked one."""
    aim = getattr(effect, "target", None)
    if aim is None or (isinstance(aim, Selector) and aim.place == "chosen_cell"):
        return TRUE
    scene = Scene(position, attacker)
    found = is_target(aim, target, scene) if isinstance(aim, Selector) or aim == "self" \
        else _named(aim, target, scene)
    if found.value is False:
        b_.reason(f"Особенность называет, по какой карте атака: {target.name} не такая.")
    return found


def _named(ref: str, target: Piece, scene: Scene) -> Truth:
    """«в ту же цель», «по атаковавшему»: a participant of an event the position does not show."""
    named = scene.ref(ref)
    if named is not None:
        return Truth.of(named is target)
    return Truth.unknown("та ли это карта, по которой особенность позволяет атаку (участник "
                         "события, которого позиция не показывает)")


def _freed(attacker: Piece, kind: str) -> str | None:
    """The attacker's «Игнорирует особенности, обязывающие выбирать цель …» of this attack."""
    for h in held_effects(attacker, "ignore"):
        rule = h.ability
        assert isinstance(rule, Ignore)
        if not h.conditions and rule.until is None and any(
                a.kind in (kind, "attack") for a in rule.forced_targets):
            return h.text
    return None
