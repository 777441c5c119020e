"""Sentence parsers: a normalised sentence → its abilities (without ``text``), or None.

The first parser that reads a sentence wins; a sentence no parser reads is unparsed. A part of
a sentence that is not read is kept as :class:`Unparsed` with its ``fragment`` inside the
reading (or, after a bare effect, as an entry of its own).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from bot.corpus.abilities import (
    Ability,
    Activated,
    Attack,
    AttackBonus,
    AttackKind,
    Cannot,
    Cell,
    Cost,
    Countable,
    Counters,
    Delayed,
    Diagonal,
    Discharge,
    Effect,
    Formation,
    Ignore,
    Incorporeal,
    Jump,
    Keyword,
    Manoeuvre,
    MaxLives,
    Player,
    PlayerIs,
    Protection,
    Reduction,
    Selector,
    Shot,
    Static,
    Teleport,
    Throw,
    Trigger,
    Unparsed,
    When,
    Wound,
    XValue,
)
from bot.importers.abilities.effects import (
    ACTIONS,
    bonus_attacks,
    first_effect,
    read_effects,
    take_limit,
)
from bot.importers.abilities.selectors import dative_target
from bot.importers.abilities.words import (
    AGAINST,
    ICON_NAMES,
    ICON_NEEDS_VALUES,
    KEYWORDS,
    PROTECTIONS,
)

SentenceParser = Callable[[str], "list[Ability] | None"]

#: «Защита от летающих» ({zoal}): attacks of flying creatures.
_FROM_FLYERS = Attack(kind="attack", by=Selector(flags=("flying",)))
_PROTECTIONS = {**PROTECTIONS, "zoal": _FROM_FLYERS}
_COST_ITEM = r"(?:\{(?:tap|counter|instant)\}|закрыться|фишка|внезапное действие)"
_COST = re.compile(r"^((?:" + _COST_ITEM + r"\s*[,:]?\s*)+)")
_IMPACT = re.compile(r"\s*\(воздействие\s+([^)]*?)\s*\)\s*$")
# «дальнность» is a misprint of the database (10-38 «Бешеный маг»), read as «дальность».
_RANGE = re.compile(r"^,?\s*дальн?ность\s+(\d+)")
_CHOSEN_CELL = re.compile(r"^по карте на выбранной клетке")
_DELAYED = re.compile(r"^;\s*в начале вашего следующего хода все карты на этой клетке ранятся "
                      r"на (\d+)(?:\s*\(воздействие\s+([^)]*?)\s*\))?")
_EFFECT_SEPARATOR = re.compile(r"^\s*(?:,\s*при этом\s+|,\s*и\s+|,\s*|;\s*|\s+и\s+)")
_ENEMY_GROUND = Selector(side="enemy", flags=("ground",))
#: Trigger conditions the extractor reads (anchored at the start of the sentence).
_WHEN: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], When]], ...] = (
    (re.compile(r"^когда перемещается с клетки вашего третьего ряда на клетку третьего ряда "
                r"противника(?P<rev> или наоборот)?"),
     lambda m: When(event="relocate", from_=Cell(region="own_third_row"),
                    to=Cell(region="enemy_third_row"), reverse=bool(m.group("rev")))),
    (re.compile(r"^при движении на клетку,? занятую наземным существом противника"),
     lambda m: When(event="move", to=Cell(occupied_by=_ENEMY_GROUND))),
    (re.compile(r"^при движении на клетку рядом с существом противника"),
     lambda m: When(event="move", to=Cell(next_to=Selector(side="enemy")))),
    (re.compile(r"^при перемещении на соседнюю клетку"),
     lambda m: When(event="relocate", to=Cell(adjacent=True))),
    (re.compile(r"^при движении(?= )"), lambda m: When(event="move")),
    (re.compile(r"^в начале вашего хода"), lambda m: When(event="turn_start", turn="own")),
    (re.compile(r"^в начале хода противника"), lambda m: When(event="turn_start", turn="enemy")),
    (re.compile(r"^в начале боя"), lambda m: When(event="battle_start")),
    (re.compile(r"^при гибели"), lambda m: When(event="death")),
    (re.compile(r"^при (?P<attack>выстреле|метании|разряде|простом ударе)"),
     lambda m: When(event="attack", attack=Attack(kind=_ATTACK_EVENTS[m.group("attack")]))),
)
_ATTACK_EVENTS: dict[str, AttackKind] = {"выстреле": "shot", "метании": "throw", "разряде": "discharge",
                                  "простом ударе": "simple_strike"}


# ---------------------------------------------------------------------------------------------
# Lone abilities


def standalone(s: str) -> list[Ability] | None:
    """«Телепортация», «Прыжок, дальность 2», «Манёвр»."""
    if s == "телепортация":
        return [Teleport()]
    m = re.fullmatch(r"прыжок,?\s+дальност(?:ь|ью)\s+(\d+)", s)
    if m:
        return [Jump(range=int(m.group(1)))]
    if s == "маневр":
        return [Manoeuvre()]
    return None


def keyword(s: str) -> list[Ability] | None:
    """A lone named ability: an icon (``{zot}``) or its name («Защита от метания», «Броня 2»)."""
    m = re.fullmatch(r"(?:\{([a-z_]+)\}|([а-я ]+?))\s*(\d+)?", s.strip(" ."))
    if not m:
        return None
    code = m.group(1) or KEYWORDS.get((m.group(2) or "").strip())
    if code not in ICON_NAMES or code in ICON_NEEDS_VALUES:
        return None
    value = int(m.group(3)) if m.group(3) else None
    lone: dict[str, Ability] = {"frm": Formation(), "inc": Incorporeal(), "tlp": Teleport()}
    if code in lone or code in _PROTECTIONS:
        if value is not None:
            return None
        return [lone[code] if code in lone else Protection(against=(_PROTECTIONS[code],))]
    return [Keyword(code=code, value=value)]  # type: ignore[arg-type]


def incorporeal(s: str) -> list[Ability] | None:
    """«Бестелесный», «Бестелесный: -1 от простого удара»."""
    m = re.fullmatch(r"бестелесн(?:ый|ая|ое|ые)(?:\s*:\s*(.*))?", s)
    if not m:
        return None
    rest = (m.group(1) or "").strip()
    return [Incorporeal(grants=tuple(clause(rest)) if rest else ())]


def formation(s: str) -> list[Ability] | None:
    """«Строй: Защита от метания», «Строй: +1 к слабому простому удару»."""
    m = re.fullmatch(r"строй\s*:\s*(.*)", s)
    if not m:
        return None
    return [Formation(grants=tuple(clause(m.group(1).strip())))]


def clause(text: str) -> list[Ability]:
    """A short clause after «Бестелесный:» / «Строй:»: a reduction, a bonus or a lone ability;
    what is not read is an :class:`Unparsed` fragment."""
    text = text.strip(" .")
    for parser in (reduction, attack_bonus, keyword, paid, standalone):
        found = parser(text)
        if found is not None:
            return found
    return [Unparsed(fragment=text or "(значок утерян)")]


def counters(s: str) -> list[Ability] | None:
    """«Не может иметь более 4 фишек», «Максимум 3 жетона», «Второй игрок: начинает бой с
    фишкой»."""
    m = re.fullmatch(r"не может иметь (?:более|больше) (\d+) фиш(?:ки|ек|ка)", s)
    if m:
        return [Counters(action="max", count=int(m.group(1)))]
    m = re.fullmatch(r"максимум (\d+) (фишк[уиа]|фишек|жетона?|жетонов)", s)
    if m:
        item: Countable = "token" if m.group(2).startswith("жетон") else "counter"
        return [Counters(action="max", count=int(m.group(1)), item=item)]
    m = re.fullmatch(r"(первый|второй) игрок: начинает бой с (?:фишкой|(\d+) фишками)", s)
    if m:
        player: Player = "first" if m.group(1) == "первый" else "second"
        start = Counters(action="start_with", count=int(m.group(2) or 1))
        return [Static(condition=PlayerIs(player=player), grants=(start,))]
    return None


def max_lives(s: str) -> list[Ability] | None:
    """«Максимум 12 жизней»."""
    m = re.fullmatch(r"максимум (\d+) жизн(?:ей|и|ь)", s)
    return [MaxLives(value=int(m.group(1)))] if m else None


def rules_of_moving(s: str) -> list[Ability] | None:
    """«Может двигаться по диагонали», «Не может передвигаться», «Не может выступать
    защитником»."""
    if re.fullmatch(r"(?:может|могут) (?:двигаться|передвигаться) по диагонали", s):
        return [Diagonal()]
    if s == "не может передвигаться":
        return [Cannot(actions=("move",))]
    if s == "не может выступать защитником":
        return [Cannot(actions=("defend",))]
    return None


def ignore(s: str) -> list[Ability] | None:
    """«Игнорирует защиту от летающих и защиту от выстрелов», «Игнорирует броню»."""
    if s == "игнорирует броню":
        return [Ignore(codes=("armor",))]
    m = re.fullmatch(r"игнорирует ((?:защиту от [а-я]+)(?: и защиту от [а-я]+)*)", s)
    if not m:
        return None
    against = []
    for name in re.findall(r"защиту от ([а-я]+)", m.group(1)):
        code = KEYWORDS.get(f"защита от {name}")
        if code not in _PROTECTIONS:
            return None
        against.append(_PROTECTIONS[code])
    return [Ignore(protection=tuple(against))]


# ---------------------------------------------------------------------------------------------
# Paid abilities («Закрыться: …», «Фишка, закрыться: …») and reductions, bonuses


def split_cost(s: str) -> tuple[Cost | None, bool, str]:
    """``закрыться: …`` / ``фишка, закрыться: …`` → (cost, instant, the rest); no cost: None."""
    m = _COST.match(s)
    if not m or ":" not in m.group(1):
        return None, False, s
    items = re.findall(r"\{(tap|counter|instant)\}|(закрыться|фишка|внезапное действие)",
                       m.group(1))
    words = [code or {"закрыться": "tap", "фишка": "counter", "внезапное действие": "instant"}[w]
             for code, w in items]
    cost = Cost(tap="tap" in words, counters=words.count("counter"))
    return cost, "instant" in words, s[m.end():]


def paid(s: str) -> list[Ability] | None:
    """A ranged attack, a strike or «получить фишку», with a cost before it or on its own."""
    cost, instant, body = split_cost(s)
    found = first_effect(body, ACTIONS)
    if found is None and cost is not None:
        return _paid_effects(cost, instant, body)
    if found is None:
        return None
    effect, rest = found
    limit, rest = take_limit(rest)
    rest = rest.strip(" ,.")
    later: list[Effect] = []
    impact = None
    if isinstance(effect, Throw | Shot | Discharge):
        effect, rest, later, impact = _ranged_tail(effect, rest)
    leftover = rest.strip(" ,;.")
    more = read_effects(re.sub(r"^(?:при этом|затем)\s+", "", leftover)) if leftover else None
    if more is not None and not more.optional and more.spell is None and (
            more.impact is None or impact is None):
        later += more.effects
        impact = impact or more.impact
        leftover = ""
    unread = [Unparsed(fragment=leftover)] if leftover else []
    if cost is None and limit is None and impact is None:
        return [effect, *later, *unread]
    return [Activated(cost=cost or Cost(), instant=instant, effects=(effect, *later, *unread),
                      limit=limit, impact=impact)]


def _paid_effects(cost: Cost, instant: bool, body: str) -> list[Ability] | None:
    """«Закрыться: воздействие «передышка» излечить существо на 2 (1 раз за ход)»."""
    limit, rest = take_limit(body)
    clause = read_effects(rest)
    if clause is None or clause.optional:
        return None
    return [Activated(cost=cost, instant=instant, effects=clause.effects, limit=limit,
                      impact=clause.impact, spell=clause.spell)]


RangedEffect = Throw | Shot | Discharge


def _ranged_tail(effect: RangedEffect, rest: str
                 ) -> tuple[RangedEffect, str, list[Effect], str | None]:
    """«по карте на выбранной клетке», «, дальность N», «; в начале вашего следующего хода …»."""
    changes: dict[str, Any] = {}
    chosen = _CHOSEN_CELL.match(rest)
    if chosen:
        changes["target"] = Selector(what="card", place="chosen_cell")
        rest = rest[chosen.end():].strip(" ")
    far = _RANGE.match(rest)
    if far and effect.range is None:
        changes["range"] = int(far.group(1))
        rest = rest[far.end():].strip(" ")
    later: list[Effect] = []
    impact = None
    delayed = _DELAYED.match(rest)
    if delayed:
        everyone = Selector(what="card", all=True, place="that_cell")
        later.append(Delayed(at=When(event="turn_start", turn="own", next=True),
                             effects=(Wound(value=int(delayed.group(1)), target=everyone),)))
        impact = delayed.group(2)
        rest = rest[delayed.end():]
    return _replace(effect, changes), rest, later, impact


def _replace(effect: RangedEffect, changes: dict[str, Any]) -> RangedEffect:
    return dataclasses.replace(effect, **changes) if changes else effect


def reduction(s: str) -> list[Ability] | None:
    """«-1 от простого удара»; «-1 от .» (the site lost the icon) is unparsed."""
    m = re.fullmatch(r"([-–−])\s*(\d+)\s+от\s*(.*)", s)
    if not m:
        return None
    obj = m.group(3).strip(" .")
    if not obj:  # the site's text lost the icon: known to be unread, inside «Бестелесный: …»
        return [Unparsed(fragment=f"{s} (значок утерян)")]
    against = AGAINST.get(obj)
    if against is None:
        return None
    return [Reduction(value=int(m.group(2)), against=(against,))]


def attack_bonus(s: str) -> list[Ability] | None:
    """«+1 к ударам по горным», «+2 к выстрелу за каждую фишку на Арбалетчике»."""
    m = re.fullmatch(r"\+(\d+) к (.+)", s)
    if not m:
        return None
    attacks, rest = bonus_attacks(m.group(2))
    if not attacks:
        return None
    per = None
    each = re.search(r"\s*за каждую фишку на [а-я-]+$", rest)
    if each:
        per = XValue(count="counter")
        rest = rest[: each.start()]
    against = None
    if rest.startswith(" по "):
        against = dative_target(rest[4:])
        if against is None:
            return None
    elif rest.strip():
        return None
    return [AttackBonus(value=int(m.group(1)), to=attacks, against=against, per=per)]


# ---------------------------------------------------------------------------------------------
# Triggers: a known condition, then effects of known kinds


def trigger(s: str) -> list[Ability] | None:
    found = _when(s)
    if found is None:
        return None
    when, rest = found
    rest = re.sub(r"^\s*(?:[—–-]\s+|,\s*)?", "", rest)
    limit, effects_text = take_limit(rest)
    clause = read_effects(effects_text)
    if clause is None:
        return None  # a known condition with effects not read: the whole sentence is unparsed
    return [Trigger(when=when, effects=clause.effects, optional=clause.optional, limit=limit,
                    impact=clause.impact, spell=clause.spell)]


def _when(text: str) -> tuple[When, str] | None:
    for pattern, build in _WHEN:
        m = pattern.match(text)
        if not m or text[m.end():m.end() + 1].isalnum():
            continue
        return build(m), text[m.end():]
    return None


SENTENCES: tuple[SentenceParser, ...] = (
    standalone, incorporeal, formation, counters, max_lives, rules_of_moving, ignore, paid,
    reduction, attack_bonus, keyword, trigger,
)
