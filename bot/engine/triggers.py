"""Triggered abilities («Когда …», «При …»): when they fire, and what their effects do then.

Two rules of SPEC §5 live here (``srabatyvayushchaya-osobennost``):

- **A triggered effect is not an action.** An effect a card has only inside a trigger
  («Баалит»'s magma throw, «Тень»'s jump) cannot be declared on its own. :func:`could_have_fired`
  says whether the position is consistent with the trigger having just fired: no (the answer
  is «Нельзя», quoting the trigger), or unknown (the position cannot tell).
- **A described event fires it.** When the question is the triggering event itself — a move,
  jump, teleport or manoeuvre — :func:`fired` fires every trigger it matches, for every
  step of the path, and applies the effects: the targets in range of a throw, the free cells
  of a jump, the card a wound hits.

>>> from bot.engine.board import Cell
>>> from bot.corpus.abilities import Cell as Spec
>>> step = Step("teleport", Cell.parse("a1"), Cell.parse("b6"))
>>> when = When(event="relocate", from_=Spec(region="own_third_row"),
...             to=Spec(region="enemy_third_row"), reverse=True)
>>> p = Piece(cell=Cell.parse("a1"))
>>> event_matches(when, p, p, step, Position((p,))).value
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.corpus.abilities import (
    AdjacentTargets,
    Discharge,
    Jump,
    Shot,
    Teleport,
    Throw,
    Trigger,
    When,
    Wound,
    field_names,
)
from bot.corpus.abilities import Cell as CellSpec
from bot.engine import rules
from bot.engine.board import Cell, RuleVersion, distance, is_adjacent
from bot.engine.conditions import Scene, cell_is, holds, selects
from bot.engine.defence import defences
from bot.engine.position import Piece, Position
from bot.engine.truth import FALSE, TRUE, Truth, all_of, any_of
from bot.engine.ways import held
from bot.ru import count

#: The trigger events a relocation of each kind is: «При движении» is spending movement,
#: «При перемещении» any change of cell (SPEC §5, docs/abilities.md «Events»).
EVENTS: dict[str, tuple[str, ...]] = {
    "move": ("move", "relocate"), "jump": ("jump", "relocate"),
    "teleport": ("teleport", "relocate"), "manoeuvre": ("relocate",),
}
#: The event of a trigger in a phrase: «при движении», «при перемещении» …
EVENT_WORDS: dict[str, str] = {
    "move": "движение", "relocate": "перемещение", "jump": "прыжок", "teleport": "телепортация",
}


@dataclass(frozen=True)
class Step:
    """One relocation: how (``move`` — one step of movement, ``jump``, ``teleport``,
    ``manoeuvre``), from ``src`` onto ``dst``."""

    how: str
    src: Cell
    dst: Cell


# ---------------------------------------------------------------------------------------------
# When a trigger fires


def event_matches(when: When, owner: Piece, mover: Piece, step: Step,
                  position: Position) -> Truth:
    """Whether ``step`` of ``mover`` is the event ``when`` describes, for the trigger of
    ``owner`` (``subject``: «при перемещении существа противника»), with its cells
    («с клетки вашего третьего ряда на клетку третьего ряда противника или наоборот») and
    condition. ``position`` is the position before the step."""
    if when.timing == "instead" or not {when.event, *when.also} & set(EVENTS.get(step.how, ())):
        return FALSE
    scene = Scene(position, owner, active_enemy=mover.enemy if step.how == "move" else None)
    if when.subject == "self":
        subject = Truth.of(mover is owner)
    elif isinstance(when.subject, str):
        return FALSE  # «его», «атакованный» … name no mover of a relocation question
    else:
        subject = selects(when.subject, mover, scene)
    if subject.value is False:  # what all_of would answer: the first false fact (a path of
        return subject          # many cells asks this of every trigger on every cell)
    cells = _cells_match(when, step.src, step.dst, scene, mover)
    if when.reverse:
        cells = any_of(cells, _cells_match(when, step.src, step.dst, scene, mover, reverse=True))
    if cells.value is False:
        return cells
    parts = [subject, cells]
    if when.condition is not None:
        parts.append(holds(when.condition, replace(scene, owner=_moved(owner, mover, step))))
    if when.first:
        parts.append(Truth.unknown("первое ли это перемещение за ход"))
    if when.diagonal:  # «при перемещении по диагонали» (20-72)
        parts.append(_diagonal(step))
    unread = unchecked(when)
    if unread:  # read from the card, but not something a described move shows
        parts.append(Truth.unknown(f"выполнено ли условие особенности ({', '.join(unread)}): "
                                   "по описанному перемещению его не проверить"))
    return all_of(parts)


#: Fields of a trigger phrase :func:`event_matches` settles from the described step itself.
_CHECKED = frozenset({"event", "also", "timing", "subject", "from_", "to", "reverse",
                      "condition", "first", "diagonal"})
#: Fields of a trigger phrase a described relocation does not settle: «при перемещении в ваш
#: ход», «во второй раз за ход», «при движении через …» … — the trigger may fire or not. A
#: field of :class:`When` in neither table (one added to the vocabulary later) is unsettled
#: too, never taken as matched: :func:`unchecked`.
_UNCHECKED = {"turn": "чей ход", "nth": "который это раз", "over": "через какую клетку",
              "moving": "что перемещают", "item": "что получено", "next": "в какой ход",
              "attack": "какой атакой", "target": "с какой целью", "keyword": "какая особенность",
              "value": "какая величина", "in_assault": "во время ли нападения",
              "host_death": "погиб ли хозяин", "at_least": "сколько их", "at_most": "сколько их",
              "by_other": "перемещён ли другой картой", "harmless": "нанесла ли атака раны",
              "reaches": "сколько их стало", "after_rolls": "брошены ли кубики атаки",
              "not_at_turn_start": "не в начале ли своего хода"}


def unchecked(when: When) -> list[str]:
    """What ``when`` says that a described relocation does not settle (so the trigger may have
    fired or not): every field set to other than its default, beyond those checked."""
    out = []
    for name in field_names(When):
        value = getattr(when, name)
        if name not in _CHECKED and value not in (None, False, ()):
            out.append(_UNCHECKED.get(name, f"«{name}»"))
    return out



def _diagonal(step: Step) -> Truth:
    """Whether ``step`` goes along a diagonal: a step of movement (one cell) is known; a jump,
    a teleport or a manoeuvre «по диагонали» the rules do not define — unknown."""
    if step.how != "move":
        return Truth.unknown("считается ли это перемещение перемещением по диагонали")
    return Truth.of(step.src.col != step.dst.col and step.src.row != step.dst.row)


def _cells_match(when: When, src: Cell, dst: Cell, scene: Scene, mover: Piece,
                 reverse: bool = False) -> Truth:
    """``from_`` on ``src`` and ``to`` on ``dst`` (swapped for «или наоборот»)."""
    frm, to = (when.to, when.from_) if reverse else (when.from_, when.to)
    parts = []
    if frm is not None:
        parts.append(cell_is(frm, None, src, scene, mover))
    if to is not None:
        parts.append(cell_is(to, src, dst, scene, mover))
    return all_of(parts)


def _moved(owner: Piece, mover: Piece, step: Step) -> Piece:
    return replace(owner, cell=step.dst) if owner is mover else owner


def could_have_fired(when: When, piece: Piece, position: Position, quote: str) -> Truth:
    """For a bare question about an effect the card has only inside a trigger (``quote``: the
    trigger as the card says it): could the trigger have just fired, as the position stands?
    A relocation trigger fires when the piece arrives, so it must stand where that move ends
    (the notation puts no two cards on one cell, so «на клетку, занятую …» cannot have just
    happened); «при движении» needs a piece that moved this turn. Other events («при гибели»,
    «в начале хода», «при ударе» …) the position cannot show: unknown."""
    ask = ("Спросите о самом перемещении («движение A B», «телепортация A B»…): тогда "
           "особенность сработает и её эффект будет применён.")
    if when.event not in ("move", "relocate", "jump", "teleport", "dash") or when.subject != "self" \
            or piece.cell is None:
        return Truth.unknown(f"сработала ли особенность «{quote}» (позиция этого не показывает)")
    if when.event == "move" and not _has_moved(piece):
        return Truth.of(False, f"По позиции она не сработала: {piece.name} в этот ход не "
                               f"двигалось (нет «двигался» или «движение N»). {ask}")
    scene = Scene(position, piece)
    ends = [when.to] + ([when.from_] if when.reverse else [])
    here = any_of([cell_is(spec, None, piece.cell, scene) if spec is not None else TRUE
                   for spec in ends])
    if here.value is False:
        return Truth.of(False, f"По позиции она не сработала: {piece.name} на {piece.cell} — "
                               f"не там, куда приводит это перемещение. {ask}")
    return Truth.unknown(f"сработала ли особенность «{quote}»: переместилось ли {piece.name} "
                         f"только что на {piece.cell} так, как в ней сказано (спросите о самом "
                         "перемещении — тогда она сработает)")


def _has_moved(piece: Piece) -> bool:
    """Whether the position says the piece spent movement this turn («двигался», or less
    movement left than its card gives)."""
    full = piece.card.movement if piece.card else None
    return piece.moved or (piece.movement_left is not None
                           and (full is None or piece.movement_left < full))


# ---------------------------------------------------------------------------------------------
# What fires on a described event


@dataclass(frozen=True)
class Fired:
    """A trigger a described event fires: the line that says so, with its effects applied."""

    line: str
    trigger: Trigger


def fired(position: Position, mover: Piece, how: str, route: rules.Route) -> list[Fired]:
    """The triggers a relocation of ``mover`` fires, one line each, with their effects applied.
    ``route``: the cells it steps onto (a jump or teleport: one step; a movement: every
    shortest path, each cell a step of its own). A trigger that fires on a cell only some
    paths pass says so («если путь идёт через c3»)."""
    out: list[Fired] = []
    # a trigger granted by a frame («На глубине: При перемещении …», 50-141) has no text of its
    # own: it is quoted as the sentence it stands in
    owners = [(o, h, h.ability if h.ability.text else replace(h.ability, text=h.text))
              for o in position if o.cell is not None or o is mover
              for h in held(o) if isinstance(h.ability, Trigger)
              and h.ability.when.event in EVENTS.get(how, ())]
    for dst in route.cells:
        srcs = route.sources[dst]
        for owner, h, trig in owners:
            assert isinstance(trig, Trigger)
            found = [all_of(event_matches(trig.when, owner, mover, Step(how, src, dst), position),
                            *(holds(c, Scene(position.moved(mover, dst),
                                             _moved(owner, mover, Step(how, src, dst))))
                              for c in h.conditions)) for src in srcs]
            fires = any_of(found)
            if fires.value is False:
                continue
            sure = dst in route.always and len({f.value for f in found}) == 1
            out.append(Fired(_line(position, owner, mover, trig, Step(how, srcs[0], dst),
                                   fires, sure, len(srcs) > 1), trig))
    return out


def _line(position: Position, owner: Piece, mover: Piece, trig: Trigger, step: Step,
          fires: Truth, sure: bool, several: bool = False) -> str:
    after = position.moved(mover, step.dst)
    moved_owner = _moved(owner, mover, step)
    occupant = next((p for p in position if p.cell == step.dst and p is not mover), None)
    word = EVENT_WORDS.get(step.how, "перемещение")
    event = f"{word} на {step.dst}" if several else f"{word} {step.src} → {step.dst}"
    if owner is not mover:
        event = f"{mover.name}: {event}"
    head = f"{owner.name}: «{event_text(trig)}» ({event})"
    if not sure:
        head += f" — если путь идёт через {step.dst}"
    if fires.value is None:
        head += f" — если выполнено: {fires.missing}"
    effects = effects_text(trig)
    parts = [f"{head}" + (f" — {effects}." if effects != event_text(trig) else ".")]
    for eff in trig.effects:
        parts.append(_applied(eff, after, moved_owner, step.dst, occupant, trig.optional))
    return " ".join(p for p in parts if p)


def _applied(eff: object, after: Position, owner: Piece, dst: Cell,
             occupant: Piece | None, optional: bool = False) -> str:
    """One effect of a fired trigger, applied to the position after the step («может …»:
    ``optional``)."""
    if isinstance(eff, Wound) and eff.target == "that" and occupant is not None:
        return f"{'Может ранить' if optional else 'Ранит'} {occupant.name} на {eff.value}."
    if isinstance(eff, Jump | Teleport):
        return _free_cells(eff, after, owner, dst)
    if isinstance(eff, Throw | Shot | Discharge):
        adjacent = eff.adjacent or any(isinstance(h.ability, AdjacentTargets) and not h.conditions
                                       for h in held(owner))
        listed = targets_text(after, owner, dst, eff.range, eff.kind, adjacent)
        if eff.target is not None:  # «по карте, стоящей рядом с атакованным»: not every card
            listed += " Цель атаки названа в тексте карты: которая из этих карт ею может быть, " \
                      "не проверено."
        return listed
    return ""


def _free_cells(eff: Jump | Teleport, after: Position, owner: Piece, dst: Cell) -> str:
    what = "прыжка" if isinstance(eff, Jump) else "телепортации"
    if eff.to is not None and eff.to.of is not None:
        # «на клетку, которую тот демон занимал» (30-161): a cell of a card, before or after
        # the event — not every free cell, and not checked here
        return f"Клетка {what} названа в тексте карты (клетка, которую занимает или занимала " \
               "названная карта): не проверено."
    rng = eff.range if isinstance(eff, Jump) and isinstance(eff.range, int) else None
    scene = Scene(after, owner)
    cells = [c for c in rules.free_cells_within(after, dst, rng)
             if eff.to is None or _cell_ok(eff.to, dst, c, scene)]
    shown = ", ".join(map(str, cells[:12])) + ("…" if len(cells) > 12 else "")
    return f"Свободных клеток для {what}: {len(cells)}" + (f" ({shown})" if cells else "") + "."


def _cell_ok(spec: CellSpec, src: Cell, dst: Cell, scene: Scene) -> bool:
    return cell_is(spec, src, dst, scene).value is not False


def targets_text(position: Position, piece: Piece, origin: Cell, rng: object, kind: str,
                 adjacent_ok: bool = False) -> str:
    """The opponent's cards within range of ``origin`` for a fired ranged attack, those the
    glossary's range (with diagonals) would add, those standing next to it (unless the card
    allows that: ``adjacent_ok``) and those protected from the attack."""
    x = rng if isinstance(rng, int) else None
    enemies = position.enemies_of(piece)
    inside = [p for p in enemies if rules.within_range(origin, p.cell, x)]
    glossary = [p for p in enemies if rules.within_range(origin, p.cell, x, RuleVersion.GLOSSARY)]
    name = rules.ATTACKS[kind].name
    where = f"в дальности {x} от {origin}" if x is not None else "(без дальности)"
    parts = [f"Карты противника {where}: "
             + (", ".join(_piece_at(p, origin) for p in inside) or "никого") + "."]
    outside = [p for p in enemies if p not in inside]
    if outside:
        parts.append("Вне дальности: " + ", ".join(_piece_at(p, origin) for p in outside) + ".")
    if glossary != inside:
        extra = ", ".join(_piece_at(p, origin, RuleVersion.GLOSSARY) for p in glossary
                          if p not in inside)
        parts.append(f"По глоссарию (с диагоналями) ещё: {extra}.")
    near = [p for p in inside if p.cell is not None and is_adjacent(origin, p.cell)]
    if near and not adjacent_ok:
        parts.append(f"Можно ли {name} по карте рядом ({', '.join(str(p.cell) for p in near)}) "
                     "— в корпусе не сказано.")
    for target in inside:
        found = [d.name for d in defences(target, kind, piece, position)
                 if d.kind == "protection" and d.ignored_by is None]
        if found:
            parts.append(f"У {target.genitive} на {target.where} — «{found[0]}»: что она даёт, в "
                         "корпусе не сказано.")
    return " ".join(parts)


def _piece_at(piece: Piece, origin: Cell, version: RuleVersion = RuleVersion.RP) -> str:
    if piece.cell is None:
        return f"{piece.name} (летает — дальность не ограничивает)"
    n = distance(origin, piece.cell, version)
    return f"{piece.name} на {piece.cell} ({count(n, 'клетка', 'клетки', 'клеток')})"


# ---------------------------------------------------------------------------------------------
# Quoting a trigger


def event_text(trig: Trigger) -> str:
    """The trigger's event as the card says it: the sentence before its dash («Когда
    перемещается … или наоборот»), or the whole sentence."""
    text = trig.text.strip().rstrip(".")
    for sep in (" — ", " – ", " - "):
        if sep in text:
            return text.split(sep, 1)[0].strip()
    return text


def effects_text(trig: Trigger) -> str:
    """What the trigger does, as the card says it: the sentence after its dash."""
    text = trig.text.strip().rstrip(".")
    for sep in (" — ", " – ", " - ", "—"):
        if sep in text:
            return text.split(sep, 1)[1].strip()
    return text

