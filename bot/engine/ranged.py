"""Ranged attacks: the piece's own «метание|выстрел|разряд на X-Y-Z, дальность N» (``metanie``,
``vystrel``, ``razryad``, ``dalnost``).

Besides range, SPEC §5 asks: is the attack usable now (a triggered throw only when its trigger
fires, a paid one only when payable: :mod:`bot.engine.declare`); may it aim at a card
standing next to the attacker (no source says: «unknown» unless the card allows it, «в том
числе по карте рядом»); and what protects the target (:mod:`bot.engine.defence`: a protection
the corpus knows by name only makes the verdict «unknown», never «yes»; a «-X от …» is
reported).

>>> from bot.engine.board import Cell
>>> pos = Position((Piece(cell=Cell.parse("a1")), Piece(cell=Cell.parse("a4"), enemy=True)))
>>> r = can_shoot(pos, "shot", Ref.at(pos, "a1"), Ref.at(pos, "a4"), 2)
>>> r.verdict, r.value
('no', 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.corpus.abilities import (
    Ability,
    AdjacentTargets,
    Cannot,
    Counters,
    Ignore,
    RangeBonus,
    Ranged,
    RangeIs,
    Unchangeable,
)
from bot.engine import rules
from bot.engine.board import RuleVersion, distance
from bot.engine.conditions import Scene
from bot.engine.declare import (
    Bonus,
    available,
    best,
    bonus,
    bound_rules,
    cells,
    limit_note,
    static_effect,
    unread_fact,
    verdict,
    way_text,
    within,
)
from bot.engine.defence import concerns_attack, defences
from bot.engine.position import Piece, Position, Ref
from bot.engine.result import Builder, CheckResult, OtherVersion, Verdict
from bot.engine.targets import aimed_at, only_targets
from bot.engine.truth import TRUE, Truth, all_of, any_of
from bot.engine.ways import (
    Way,
    given_fact,
    granted_by_another,
    held,
    moves_first,
    unread_aura,
    unread_mention,
    unread_rule,
    ways,
)

RP, GL = RuleVersion.RP, RuleVersion.GLOSSARY
_STEMS = {"throw": "метани", "shot": "выстрел", "discharge": "разряд"}


def can_shoot(position: Position, kind: str, a: Ref, b: Ref, x: int | None = None) -> CheckResult:
    """The piece at ``a`` attacks the card at ``b`` with its own ranged ability of ``kind``.
    Worked example: «Орк-бомбардир» on c1 throws its bomb (range 3) at c4: yes, 3 cells."""
    attack = rules.ATTACKS[kind]
    b_ = Builder().cite(attack.term)
    piece = a.piece
    if piece is None:
        return b_.reason(f"На {a.where} нет существа.").done("no")
    found = ways(piece, kind, x)
    given = granted_by_another(position, piece, kind)
    if not found and given is not None:
        return b_.done("unknown", missing=given_fact(piece, given, attack.name))
    if not found:
        unread = unread_mention(piece, _STEMS[kind])
        if unread is not None:  # «Метание ритуального ножа на X, …» (10-110): not read ≠ none
            missing = f"особенность, которую бот не прочитал: «{unread}»"
            return (b_.reason(f"Особенность «{attack.name}» у {piece.genitive} есть в тексте, но "
                              "бот её не прочитал.").done("unknown", missing=missing))
        return b_.reason(f"У {piece.genitive} нет особенности «{attack.name}».").done("no")
    if b.piece is None:
        return b_.reason(f"На {b.where} нет карты — цели {attack.genitive}.").done("no")
    if b.piece is piece:
        return b_.reason("Существо не может быть целью своей же атаки.").done("no")
    result = best([_with(position, way, kind, a, b) for way in found])
    if given is not None and result.verdict == "no":
        # «… выбранный гном получает закрыться: Метание на Х, дальность 3, …» (40-38): the card
        # may have one more way, given by another card
        return result.unknown(given_fact(piece, given, attack.name))
    return result


def _with(position: Position, way: Way, kind: str, a: Ref, b: Ref) -> CheckResult:
    attack = rules.ATTACKS[kind]
    b_ = Builder().cite(attack.term)
    piece, target = a.piece, b.piece
    assert piece is not None and target is not None
    b_.reach = way.range
    b_.reason(f"{way_text(way)}.")
    if way.values is not None:
        named = f" «{way.name}»" if way.name else ""
        rng = f", дальность {way.range}" if way.range is not None else ", без дальности"
        b_.reason(f"{attack.name.capitalize()}{named} на {'-'.join(map(str, way.values))}"
                  f"{rng}{_payment(way)}.")
    if way.assumed:
        b_.warn(f"Для неизвестного существа предполагается «{attack.name}»"
                + (f", дальность {way.range}." if way.range is not None else " без дальности."))
    if kind == "throw":
        b_.reason("Защита от выстрелов или разрядов не даёт защиту от метания.")
    if target.enemy == piece.enemy:
        b_.warn(f"Цель {target.name} — из вашего же отряда.")
    usable = available(b_, position, piece, way, attack.name)
    if usable.value is False:
        return b_.done("no")
    cannot, rule = static_effect(piece, position, "cannot", _cannot_attack(kind))
    if cannot.value is True and rule is not None:
        return b_.reason(f"{piece.name} не может атаковать: «{rule.text.strip()}».").done("no")
    if moves_first(way):  # «Переместить Кулеврину орков на соседнюю клетку, при этом она может
        # совершить выстрел …» (50-24): from the cell it moves to, which the question does not say
        limit_note(b_, way.limit)
        return b_.done("unknown", missing=f"с какой клетки {piece.name} атакует: сначала "
                                          "перемещается, атака — с новой клетки")
    allowed, free = only_targets(b_, position, piece, target, kind)
    facts = [usable, cannot.negated(), allowed,
             aimed_at(b_, position, piece, target, way.effect),
             _adjacent(b_, piece, way, kind, a, b, position),
             _ahead(b_, piece, way, a, b),
             _target(b_, piece, target, kind, way, position)]
    facts.append(_x_lost(piece, way, attack.name))
    if way.unread:
        facts.append(Truth.unknown(f"условие особенности, которое бот не прочитал: "
                                   f"«{way.unread[0]}»"))
    said = unread_rule(target, _STEMS[kind], r"защит\w* от", r"[-−–] ?\d+ от")
    if said is not None:  # the target's unread text may protect it: «yes» is not certain
        facts.append(unread_fact(b_, target, said))
    told = unread_rule(piece, _STEMS[kind], skip=way.text)  # may allow or forbid: neither is
    unsure = unread_fact(b_, piece, told) if told is not None else None
    aura = unread_aura(position, piece, _STEMS[kind], r"дальн\w* атак") if unsure is None else None
    if aura is not None:  # «Карты, стоящие у края поля, могут объявлять дальние атаки только …»
        unsure = unread_fact(b_, *aura)
    limit_note(b_, way.limit)
    return _range(b_, position, way, kind, a, b, facts, unsure, free)


def _x_lost(piece: Piece, way: Way, name: str) -> Truth:
    """An attack «на X» whose X the card loses of its own counters or extra lives first
    («Снимите X дополнительных жизней с Ведьмы слуа, при этом разряд на X», 10-140): it needs
    some of them — the notation shows counters («фишки N»), never extra lives — and whether an
    attack «на 0» may be declared no rule of the corpus says.

    >>> from bot.corpus.abilities import Activated, Counters, Discharge
    >>> zap = Discharge(values=("X", "X", "X"))
    >>> frame = Activated(effects=(Counters(action="lose", count="X", item="extra_life"), zap))
    >>> _x_lost(Piece(), Way(kind="discharge", text="", effect=zap, frame=frame), "разряд").value
    """
    values = getattr(way.effect, "values", None)
    if way.frame is None or not values or "X" not in values:
        return TRUE
    lost = next((e for e in way.frame.effects if isinstance(e, Counters) and e.action == "lose"
                 and e.count == "X" and e.target == "self"), None)
    if lost is None:
        return TRUE
    if lost.item in ("counter", "token"):  # the notation shows both: «фишки N», «жетоны N»
        return rules.x_of_items(piece, lost.item, f"объявить {name} на X")
    return Truth.unknown(f"сколько дополнительных жизней у {piece.genitive} ({name} на X, где "
                         "X — снятые дополнительные жизни; можно ли объявить его при X = 0, "
                         "в корпусе не сказано)")


def _payment(way: Way) -> str:
    cost = way.cost
    parts = (["фишка" if cost.counters == 1 else f"{cost.counters} фишек"] if cost.counters
             else []) + ([f"жетоны: {cost.tokens}"] if cost.tokens else []) + (
        ["закрыться"] if cost.tap else [])
    return f", оплата — {', '.join(parts)}" if parts else ""


def _cannot_attack(kind: str) -> Callable[[Ability], Truth]:
    """«Не может атаковать»; with ``attacks`` («не может объявлять метание») only those."""
    def test(rule: Ability) -> Truth:
        assert isinstance(rule, Cannot)
        named = not rule.attacks or any(a.kind in (kind, "attack") for a in rule.attacks)
        return Truth.of("attack" in rule.actions and rule.target == "self" and named)
    return test


def _range(b_: Builder, position: Position, way: Way, kind: str, a: Ref, b: Ref,
           facts: list[Truth], unsure: Truth | None, free: Truth) -> CheckResult:
    """Range (``dalnost``) by both rule versions, with the card's «+N к дальности»; ``free``:
    a rule «вне зависимости от дальности» lets it reach the target anyway."""
    b_.cite(rules.RANGE)
    piece = a.piece
    assert piece is not None
    rng_or_none, facts = way.range, list(facts)
    set_to = _range_set(b_, position, piece, kind) if a.cell and b.cell else None
    d0 = distance(a.cell, b.cell) if a.cell and b.cell else 0
    if set_to is not None:  # «Дальние атаки … стоящих рядом карт имеют дальность 2» (50-10)
        value, bound = set_to
        if bound.value is True:
            rng_or_none = value
        elif rng_or_none is None or (d0 <= value) != (d0 <= rng_or_none):
            facts.append(bound)  # it may bind the attacker, and the two ranges disagree
    if rng_or_none is None or a.cell is None or b.cell is None:
        b_.reason("Дальность: " + ("дальность не указана — ограничения нет" if rng_or_none is None
                                   else "карта во вспомогательной зоне — дальность не "
                                        "ограничивает") + ".")
        d = distance(a.cell, b.cell) if a.cell and b.cell else None
        v, missing = verdict(facts, unsure)
        return _done(b_, v, d, missing, facts)
    more = bonus(piece, position, "range_bonus", lambda e: isinstance(e, RangeBonus)
                 and not e.jump and (not e.to or any(t.kind in (kind, "attack") for t in e.to)))
    fixed = _fixed_range(piece, kind)
    if fixed is not None and (more.sure or more.up or more.down):
        b_.reason(f"Прибавки к дальности ({more.said()}) не действуют: «{fixed}».")
        more = Bonus()
    if set_to is not None and set_to[1].value is True:
        facts.append(_bonus_to_set_range(rng_or_none, more, d0))
    rng = rng_or_none
    sure = more.sure
    if more.sure or more.up or more.down:
        b_.reason(f"Прибавка к дальности: {more.said()}.")
    d, g = distance(a.cell, b.cell, RP), distance(a.cell, b.cell, GL)
    b_.reason(f"От {a.cell} до {b.cell}: {cells(d)} без диагоналей, дальность {rng + sure}.")
    if free.value is not False and d > rng + sure:
        b_.reason("Но по этой цели атаку можно объявлять вне зависимости от дальности"
                  + (" — если правило действует." if free.value is None else "."))
    v_rp, missing = verdict([any_of(within(d, rng, more), free), *facts], unsure)
    v_gl, _ = verdict([any_of(within(g, rng, more), free), *facts], unsure)
    if v_gl != v_rp:
        b_.cite(rules.RANGE, GL).other_version(OtherVersion.of(
            GL, v_gl, g, f"По глоссарию диагонали считаются: {cells(g)}."))
    return _done(b_, v_rp, d, missing, facts)


def _done(b_: Builder, v: Verdict, d: int | None, missing: str | None,
          facts: list[Truth]) -> CheckResult:
    result = b_.done(v, d, missing=missing, value_label="дальность")
    if v != "unknown":
        return result
    others = dict.fromkeys(f.missing for f in facts if f.value is None and f.missing != missing)
    return replace(result, reasons=(*result.reasons,
                                    *(f"Также не хватает факта: {m}." for m in others)))


def _adjacent(b_: Builder, piece: Piece, way: Way, kind: str, a: Ref, b: Ref,
              position: Position) -> Truth:
    """A target «рядом» (8 cells): no source in the corpus says whether a ranged attack may aim
    there; cards that may do it say so («в том числе по карте рядом»)."""
    if not rules.adjacent_target(a.cell, b.cell):
        return TRUE
    name = rules.ATTACKS[kind].name
    if way.adjacent:
        b_.reason(f"Цель на {b.cell} стоит рядом, и особенность это позволяет («в том числе по "
                  "карте рядом»).")
        return TRUE
    scene = Scene(position, piece)

    def allows(rule: Ability) -> Truth:
        assert isinstance(rule, AdjacentTargets)
        if not rule.attacks:
            return TRUE
        return any_of([concerns_attack(att, kind, piece, scene) for att in rule.attacks])

    found, rule = static_effect(piece, position, "adjacent_targets", allows)
    if found.value is True and rule is not None:
        b_.reason(f"Цель на {b.cell} стоит рядом, и карта это позволяет: «{rule.text.strip()}».")
        return TRUE
    b_.cite(rules.TARGET)
    b_.reason(f"Цель на {b.cell} стоит рядом с {a.cell}. Ни один источник в корпусе не говорит, "
              f"можно ли объявлять {rules.ATTACKS[kind].accusative} по карте рядом; карты, "
              "которым это можно, говорят об этом сами («в том числе по карте рядом»), а "
              + ("о неизвестном существе это не известно." if piece.card is None
                 else f"у {piece.genitive} такого текста нет."))
    if found.value is None:
        return found
    return Truth.unknown(f"можно ли {name} по карте, стоящей рядом (в корпусе нет правила, а "
                         "карта не говорит «в том числе по карте рядом»)")


def _ahead(b_: Builder, piece: Piece, way: Way, a: Ref, b: Ref) -> Truth:
    """«… только вперед по прямой» (30-11): the target in the attacker's column, ahead of it
    (towards its owner's opponent)."""
    if not isinstance(way.effect, Ranged) or not way.effect.ahead:
        return TRUE
    if a.cell is None or b.cell is None:
        return Truth.unknown("что значит «вперед по прямой» для карты вне поля боя")
    step = b.cell.row - a.cell.row
    ok = a.cell.col == b.cell.col and (step < 0 if piece.enemy else step > 0)
    b_.reason(f"Атаковать можно только вперёд по прямой: {b.cell} "
              + ("— в том же столбце впереди." if ok else "— не в столбце впереди атакующего."))
    return Truth.of(ok)


def _target(b_: Builder, piece: Piece, target: Piece, kind: str, way: Way,
            position: Position) -> Truth:
    """The target's protections from this attack (unknown: the corpus has no rule text for
    them) and its «-X от …» reductions (reported: they change the value, not the verdict)."""
    if target.card is None:
        b_.warn(f"О защитах неизвестного существа на {target.where} ничего не известно: "
                "предполагается, что их нет.")
        return TRUE
    facts = []
    for d in defences(target, kind, piece, position, _ignoring(way)):
        source = "значок карты" if d.source == "значок" else f"«{d.source.strip().rstrip('.')}»"
        maybe = f" — если она действует (не хватает факта — {d.holds.missing})" if d.holds.value is None else ""
        if d.ignored_by is not None:
            b_.reason(f"У цели {target.name} «{d.name}» ({source}), но {piece.name} её "
                      f"игнорирует: «{d.ignored_by.strip().rstrip('.')}».")
        elif d.kind == "protection":
            if d.term:
                b_.cite(d.term)
            b_.reason(f"У цели {target.name} «{d.name}» ({source}){maybe}. Что она даёт, в "
                      "корпусе не сказано: термин известен только по названию или его нет.")
            facts.append(Truth.unknown(f"что даёт цели «{d.name}» против атаки "
                                       f"«{rules.ATTACKS[kind].name}» (текста правила в "
                                       "корпусе нет)"))
        else:
            b_.cite(rules.ATTACK_MINUS)
            b_.reason(f"У цели {target.name} «{d.name}» ({source}){maybe}: величина атаки по "
                      f"ней меньше на {d.value}" + _reduced(way, d.value) + ".")
    return all_of(facts) if facts else TRUE


def _bonus_to_set_range(rng: int, more: Bonus, d: int) -> Truth:
    """Whether bonuses add to a range a rule sets («… имеют дальность 2», 50-10), no text says:
    unknown when they would decide the answer at distance ``d``."""
    without = d <= rng
    if without == (d <= rng + more.sure + more.down) == (d <= rng + more.sure + more.up):
        return TRUE
    return Truth.unknown(f"прибавляются ли прибавки к дальности ({more.said()}) к дальности "
                         f"{rng}, заданной особенностью")


def _range_set(b_: Builder, position: Position, piece: Piece, kind: str
               ) -> tuple[int, Truth] | None:
    """The range a rule of a card of the position sets for ``piece``'s attacks of ``kind``
    («Дальние атаки (кроме удара через ряд) стоящих рядом карт имеют дальность 2», 50-10), and
    whether it binds it; None when no such rule may."""
    for found in bound_rules(position, piece, "range_is"):
        rule, scene = found.held.ability, found.scene
        assert isinstance(rule, RangeIs)
        if any(concerns_attack(x, kind, piece, scene).value is True for x in rule.excluding):
            continue
        bound = all_of(any_of([concerns_attack(x, kind, piece, scene) for x in rule.attacks]),
                       found.binds)
        if bound.value is False:
            continue
        b_.reason(f"Дальность {rule.value}: {found.said}"
                  + ("." if bound.value is True else " — если особенность действует."))
        return rule.value, bound
    return None


def _fixed_range(piece: Piece, kind: str) -> str | None:
    """The card's «Дальность метания … не может быть изменена» (20-99) for an attack of
    ``kind``: its text, or None."""
    return next((h.text for h in held(piece) if isinstance(h.ability, Unchangeable)
                 and h.ability.what == "range" and not h.conditions
                 and any(a.kind == kind for a in h.ability.attacks)), None)


def _ignoring(way: Way) -> str | None:
    """The way's own ability text when it ignores the attacked card's abilities: «{counter}:
    Выстрел огненной стрелой на 5 (игнорирует особенности атакованного существа)» (10-99)."""
    effects = getattr(way.frame, "effects", ())
    if any(isinstance(e, Ignore) and e.abilities_of == "attacked" and e.until is None
           for e in effects):
        return way.text
    return None


def _reduced(way: Way, value: object) -> str:
    if way.values is None or not isinstance(value, int):
        return ""
    return f" ({'-'.join(map(str, way.values))} → " \
           f"{'-'.join(str(max(0, v - value)) for v in way.values)})"
