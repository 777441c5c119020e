"""What `!check` applies of a card's abilities: the one list the engine and `!card` share.

A reading of a kind listed here changes a verdict (bot/engine/checks.py and the modules it
uses); everything else is stored, shown by `!card`, and not applied (docs/engine.md).

>>> from bot.corpus.abilities import Teleport, Keyword
>>> applied(Teleport()), applied(Keyword(code="vmp"))
(True, False)
"""

from __future__ import annotations

from bot.corpus.abilities import (
    Ability,
    Activated,
    AdjacentTargets,
    Attack,
    Cannot,
    Diagonal,
    Formation,
    Ignore,
    Incorporeal,
    MovementBonus,
    OnlyTargets,
    OntoOccupied,
    Protection,
    RangeBonus,
    Reduction,
    Selector,
    Static,
    Trigger,
    Unchangeable,
)
from bot.engine.ways import each_effect

#: Entries the checks read as they stand: slow jumps and teleports, ranged attacks declared
#: without a cost, incorporeality, formation, manoeuvre (static rules of moving and attacking,
#: protections and reductions: :func:`applied` says which).
APPLIED_KINDS = frozenset({"teleport", "jump", "throw", "shot", "discharge", "incorporeal",
                           "formation", "manoeuvre", "moves_only", "range_is"})
#: Effects read inside an activated ability (its cost, condition and limit are applied too) or
#: a trigger (a way the piece has only when the trigger fires: a bare question about it is «no»
#: or «unknown»): the ways `ways.ways` finds — ranged attacks, jumps, teleports, a swap with
#: another card (``обмен``) and a swap of two cards (``swap_two``, bot/engine/checks.py).
APPLIED_EFFECTS = frozenset({"throw", "shot", "discharge", "jump", "teleport", "swap", "swap_two"})
#: Trigger events a question describes (a move, jump, teleport or manoeuvre): the trigger fires
#: on every cell of the path and its effects are applied (targets in range, free cells, wounds).
RELOCATION_EVENTS = frozenset({"move", "relocate", "jump", "teleport"})
#: Attacks the checks ask about, as card text names them: a protection or «-X от …» against
#: these is reported (``attack``: any attack unless it is a melee one; ``magic``: unknown).
CHECKED_ATTACKS = frozenset({"throw", "shot", "discharge", "attack", "magic", "poison"})


def concerns_checks(attack: Attack) -> bool:
    """Whether an attack of card text («дальних атак», «выстрелов») is one the checks ask about."""
    return attack.kind in CHECKED_ATTACKS and attack.reach != "melee"


def fires_on_relocation(trigger: Trigger) -> bool:
    """A trigger a described move, jump, teleport or manoeuvre fires (bot/engine/triggers.py):
    its own relocation or that of a card it describes, not «вместо …»."""
    when = trigger.when
    return when.event in RELOCATION_EVENTS and when.timing != "instead" and (
        when.subject == "self" or not isinstance(when.subject, str))


def applied(ability: Ability) -> bool:
    """True when `!check` takes this entry of a card's abilities into account."""
    match ability:
        case Trigger():
            return fires_on_relocation(ability) or any(
                e.kind in APPLIED_EFFECTS for e in each_effect(ability.effects))
        case Activated():  # as ways.ways finds them: in a choice, a roll, under a condition
            return any(e.kind in APPLIED_EFFECTS for e in each_effect(ability.effects))
        case Static():
            return any(applied(g) for g in ability.grants)
        case Formation() | Incorporeal():
            return True
        case Protection() | Reduction():
            return ability.target == "self" and ability.until is None and any(
                concerns_checks(a) for a in ability.against)
        case Ignore():
            return ability.until is None and (ability.abilities_of == "attacked" or any(
                concerns_checks(a) for a in ability.protection))
        case Diagonal():
            return "move" in ability.ways
        case OntoOccupied():
            return ability.way in ("move", "jump", "teleport")
        case AdjacentTargets():
            return True
        case Unchangeable():  # a range no bonus changes (20-99); a strength is stored only
            return ability.what == "range"
        case MovementBonus() | RangeBonus():  # its own, or another card's for those it describes
            return ability.until is None and (ability.target == "self"
                                              or isinstance(ability.target, Selector))
        case OnlyTargets():  # whom ranged attacks may be declared at (bot/engine/targets.py)
            return any(concerns_checks(a) for a in ability.attacks)
        case Cannot():
            return bool({"move", "attack"} & set(ability.actions)) and ability.until is None
    return ability.kind in APPLIED_KINDS
