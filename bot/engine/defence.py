"""The target matters (SPEC §5): a target's protections from an attack and its «-X от …».

A card is protected by its icons (``zov`` «Защита от выстрелов», ``zot``, ``zor``, ``zoal``
«Защита от летающих» …) and by what its text says («Строй: Защита от метания», «-1 от дальних
атак»). :func:`defences` lists those that concern an attack of one kind by one attacker, each
with whether it holds in the position (a «Строй:» protection while in formation, a «пока …»
one under its condition) and whether it concerns this attack at all («Защита от слабых …»
depends on the die). Protection from shots or discharges does not protect from throws
(``metanie``). The attacker's «Игнорирует защиту от …» sets a protection aside.

>>> from bot.corpus.model import Card
>>> from bot.engine.board import Cell
>>> card = Card(id="10-65", set_id=10, set_name="ВС", number=65, name="Ледовый страж",
...             icons=(("zov", 0), ("zoo", 0)))
>>> target, attacker = Piece(card=card, cell=Cell.parse("b4"), enemy=True), Piece()
>>> [d.name for d in defences(target, "shot", attacker, Position((target,)))]
['Защита от выстрелов']
>>> defences(target, "throw", attacker, Position((target,)))
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.corpus.abilities import Attack, Ignore, Protection, Reduction, Selector
from bot.corpus.icons import ICON_NAMES
from bot.engine import rules
from bot.engine.conditions import Scene, holds, selects
from bot.engine.position import Piece, Position
from bot.engine.truth import FALSE, TRUE, Truth, all_of, any_of
from bot.engine.ways import held

#: Protection icons of the card database as readings: what each protects from.
ICON_PROTECTIONS: dict[str, tuple[Attack, ...]] = {
    "zov": (Attack(kind="shot"),),
    "zot": (Attack(kind="throw"),),
    "zor": (Attack(kind="discharge"),),
    "zoal": (Attack(kind="attack", by=Selector(flags=("flying",))),),
    "zom": (Attack(kind="magic"),),
    "zoz": (Attack(kind="spell"),),
    "zoo": (Attack(kind="poison"),),
}
#: What the corpus says of each attack kind the checks ask about: a throw is «дальняя
#: немагическая атака» (``metanie``); whether a shot or a discharge is magic it does not say.
MAGIC: dict[str, bool | None] = {"throw": False, "shot": None, "discharge": None, "poison": None}
RANGED = tuple(rules.ATTACKS)  # the ranged attacks: throw, shot, discharge
_NAMES: dict[str, str] = {
    "throw": "метаний", "shot": "выстрелов", "discharge": "разрядов", "poison": "отравления",
    "attack": "атак", "magic": "магии", "spell": "заклинаний", "strike": "ударов",
}


@dataclass(frozen=True)
class Defence:
    """A protection or a reduction of the target that may concern the attack.

    ``holds``: whether it is in force in the position and concerns this attack (unknown:
    ``holds.missing`` names why); ``source``: «значок» or the card's sentence."""

    kind: str  # "protection" | "reduction"
    name: str
    source: str
    holds: Truth
    value: int | str | None = None
    term: str | None = None
    ignored_by: str | None = None  # the attacker's «Игнорирует защиту от …» that sets it aside


def defences(target: Piece, kind: str, attacker: Piece, position: Position,
             ignoring: str | None = None) -> list[Defence]:
    """The target's protections and reductions that may concern an attack of ``kind``
    (``throw``, ``shot``, ``discharge``, ``poison``) by ``attacker``; those that surely do not
    (another attack, a condition that fails, a protection the attacker ignores) are left out.
    ``ignoring``: the text of the attack's own ability when it ignores the attacked card's
    abilities («Выстрел огненной стрелой на 5 (игнорирует особенности атакованного существа)»,
    10-99)."""
    if target.card is None:
        return []
    scene = Scene(position, target)
    ignores = {a: h.text for h in held(attacker) if isinstance(h.ability, Ignore)
               and not h.conditions and _of_these(h.ability, target, attacker, position)
               for a in h.ability.protection}
    # «Игнорирует особенности атакованного существа» (10-98): every protection and reduction
    everything = next((h.text for h in held(attacker) if isinstance(h.ability, Ignore)
                       and h.ability.abilities_of == "attacked" and h.ability.until is None
                       and not h.conditions), ignoring)
    out = []
    for code, _ in target.card.icons:
        against = ICON_PROTECTIONS.get(code)
        if against is None:
            continue
        concerns = any_of([concerns_attack(a, kind, attacker, scene) for a in against])
        if concerns.value is not False:
            out.append(Defence("protection", ICON_NAMES[code], "значок", concerns,
                               term=rules.PROTECTION_TERMS.get(against[0].kind),
                               ignored_by=everything or _ignored(against, ignores)))
    for h in held(target):
        eff = h.ability
        if not isinstance(eff, Protection | Reduction) or eff.target != "self" or eff.until:
            continue
        concerns = any_of([concerns_attack(a, kind, attacker, scene) for a in eff.against])
        found = all_of(concerns, *(holds(c, scene) for c in h.conditions))
        if found.value is False:
            continue
        name = _name(eff)
        if isinstance(eff, Protection):
            terms = [rules.PROTECTION_TERMS[a.kind] for a in eff.against
                     if a.kind in rules.PROTECTION_TERMS]
            out.append(Defence("protection", name, h.text, found, term=terms[0] if terms else None,
                               ignored_by=everything or _ignored(eff.against, ignores)))
        else:
            out.append(Defence("reduction", name, h.text, found, value=eff.value,
                               ignored_by=everything))
    return out


def _of_these(ignore: Ignore, target: Piece, attacker: Piece, position: Position) -> bool:
    """Whether the attacker's «Игнорирует защиту от … <чьих>» covers the target («существ с
    магической особенностью», 30-32): only when the target surely is one of them."""
    return ignore.of is None or selects(ignore.of, target, Scene(position, attacker)).value is True


def _ignored(against: tuple[Attack, ...], ignores: dict[Attack, str]) -> str | None:
    """The attacker's «Игнорирует защиту от …» sentence that covers this protection."""
    return next((ignores[a] for a in against if a in ignores), None)


def concerns_attack(attack: Attack, kind: str, attacker: Piece, scene: Scene) -> Truth:
    """Whether an attack description of card text («дальних атак», «выстрелов», «атак
    летающих», «немагических атак», «слабых …») covers an attack of ``kind`` by ``attacker``."""
    what = _kind_matches(attack.kind, kind)
    if what.value is False:
        return what
    parts = [what]
    if attack.reach is not None:
        parts.append(Truth.of((kind in RANGED) == (attack.reach == "ranged")))
    if attack.magic is not None:
        magic = MAGIC.get(kind)
        parts.append(Truth.unknown(f"магическая ли атака «{_attack(kind)}» (в корпусе не "
                                   "сказано)") if magic is None
                     else Truth.of(magic == attack.magic))
    if attack.strength:
        parts.append(Truth.unknown("какой силы будет атака (это решает бросок кубика)"))
    if attack.by is not None:
        parts.append(_by(attack.by, attacker, scene))
    if attack.diagonal is not None:  # «… по диагонали»: the rules define it for strikes only
        parts.append(Truth.unknown(f"считается ли атака «{_attack(kind)}» атакой по диагонали"))
    if attack.size_min is not None or attack.size_max is not None \
            or attack.size_even is not None:
        # «величиной 1»: the attack's value is known only once the die is rolled
        parts.append(Truth.unknown(f"какой величины будет атака «{_attack(kind)}»"))
    if attack.unanswered:  # «безответный удар»: whether it is struck back
        parts.append(Truth.unknown(f"будет ли атака «{_attack(kind)}» безответной"))
    return all_of(parts)


def _kind_matches(described: str, kind: str) -> Truth:
    if described == kind:
        return TRUE
    if described == "attack":
        return Truth.of(kind in RANGED)
    if described == "magic" and kind in RANGED:
        magic = MAGIC.get(kind)
        return Truth.unknown(f"защищает ли «Защита от магии» от атаки «{_attack(kind)}» (в "
                             "корпусе не сказано)") if magic is None else Truth.of(magic)
    return FALSE


def _attack(kind: str) -> str:
    return rules.ATTACKS[kind].name if kind in rules.ATTACKS else "отравление"


def _by(by: object, attacker: Piece, scene: Scene) -> Truth:
    if isinstance(by, Selector):
        return selects(by, attacker, scene)
    return Truth.unknown("кем нанесена атака")


def _name(eff: Protection | Reduction) -> str:
    """«Защита от метаний», «-1 от дальних атак» — from the card's words when short."""
    words = ", ".join(_attack_words(a) for a in eff.against) or "атак"
    if isinstance(eff, Protection):
        return f"Защита от {words}"
    return f"-{eff.value} от {words}"


def _attack_words(a: Attack) -> str:
    base = _NAMES.get(a.kind, a.kind)
    adj = []
    if a.reach is not None:
        adj.append("дальних" if a.reach == "ranged" else "ближних")
    if a.magic is not None:
        adj.append("магических" if a.magic else "немагических")
    if a.strength:
        adj.append("/".join({"weak": "слабых", "medium": "средних", "strong": "сильных"}[s]
                            for s in a.strength))
    by = " летающих" if isinstance(a.by, Selector) and "flying" in a.by.flags else ""
    return " ".join([*adj, base]) + by
