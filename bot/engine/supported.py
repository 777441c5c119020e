"""What `!check` applies of a card's abilities: the one list the engine and `!card` share.

A reading of a kind listed here changes a verdict (bot/engine/checks.py); everything else is
stored, shown by `!card`, and not applied (docs/engine.md).

>>> from bot.corpus.abilities import Teleport, Keyword
>>> applied(Teleport()), applied(Keyword(code="vmp"))
(True, False)
"""

from __future__ import annotations

from bot.corpus.abilities import Ability, Activated, Cell, Selector, Trigger, When

#: Entries the checks read as they stand: slow jumps and teleports, ranged attacks declared
#: without a cost, incorporeality, formation, manoeuvre.
APPLIED_KINDS = frozenset({"teleport", "jump", "throw", "shot", "discharge", "incorporeal",
                           "formation", "manoeuvre"})
#: Effects read inside an activated ability (its cost and limit are applied too).
APPLIED_ACTIVATED_EFFECTS = frozenset({"throw", "shot", "discharge"})
#: Effects read inside a trigger: a way the piece has, but only when the trigger fires.
APPLIED_TRIGGER_EFFECTS = frozenset({"jump", "teleport", "throw", "shot", "discharge"})
#: Trigger conditions the checks fire when a move describes them: «Баалит» (your third row ↔
#: the opponent's third row) and «Тень» (moving onto an enemy ground creature's cell).
THIRD_ROWS = (Cell(region="own_third_row"), Cell(region="enemy_third_row"))
ONTO_ENEMY_GROUND = Cell(occupied_by=Selector(side="enemy", flags=("ground",)))


def fires_on_third_rows(when: When) -> bool:
    return when.event == "relocate" and (when.from_, when.to) == THIRD_ROWS


def fires_onto_enemy_ground(when: When) -> bool:
    return when.event == "move" and when.to == ONTO_ENEMY_GROUND


def applied(ability: Ability) -> bool:
    """True when `!check` takes this entry of a card's abilities into account."""
    if isinstance(ability, Trigger):
        return (fires_on_third_rows(ability.when) or fires_onto_enemy_ground(ability.when)
                or any(e.kind in APPLIED_TRIGGER_EFFECTS for e in ability.effects))
    if isinstance(ability, Activated):
        return any(e.kind in APPLIED_ACTIVATED_EFFECTS for e in ability.effects)
    return ability.kind in APPLIED_KINDS
