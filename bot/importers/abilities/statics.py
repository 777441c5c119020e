"""Whole statements of what a card has or may do — a normalised clause → its effects, or None:
modifiers («-1 от атак летающих и +1 к простому удару по уникальным существам», «Защита от
слабых простых ударов», «Направленный удар по болотным»), rules of attacking and moving
(«Может нападать простым ударом два раза за ход …», «Может стрелять по стоящим рядом картам»,
«Может передвигаться на клетки с артефактами как на соседние»), «… сводятся к слабым», «Не
получает ран от …», «Выступая защитником, не закрывается».

>>> statement("-1 от выстрелов и метаний")
[Reduction(value=1, against=(Attack(kind='shot'), Attack(kind='throw')))]
>>> statement("может стрелять по стоящим рядом картам")
[AdjacentTargets(attacks=(Attack(kind='shot'),))]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from bot.corpus.abilities import (
    Ability,
    AdjacentTargets,
    AsAdjacent,
    Attack,
    AttackKind,
    Block,
    Cannot,
    Cell,
    Effect,
    IncarnatesOn,
    InRow,
    Keyword,
    MaxWounds,
    MovesOnly,
    MultiAttack,
    MustAttack,
    NoWounds,
    OnBattlefield,
    OntoOccupied,
    RangeIs,
    ReduceTo,
    Selector,
    Static,
    StaysOpen,
    Strength,
    StrikeRange,
    Target,
    Trigger,
    Unchangeable,
    Way,
    When,
    WoundsOnlyFrom,
)
from bot.importers.abilities.attacks import genitive_attacks, nominative_attacks
from bot.importers.abilities.conditions import condition
from bot.importers.abilities.effects import die_result, gains
from bot.importers.abilities.modifiers import (
    attack_bonus,
    die_bonus,
    keyword,
    keyword_bonus,
    movement_bonus,
    protection,
    range_bonus,
    reduction,
    shared_bonus,
)
from bot.importers.abilities.selectors import described, target
from bot.importers.abilities.words import UNTIL, alternation

Statement = Callable[[str], "list[Effect] | None"]
_STATIC = (reduction, range_bonus, die_bonus, movement_bonus, keyword_bonus, attack_bonus,
           protection, keyword)


def modifiers(s: str) -> list[Effect] | None:
    """Modifiers joined by «и» or «,», read to the end: «+1 к простому удару и -1 от атак»."""
    out: list[Effect] = []
    rest = shared_bonus(s)
    while True:
        found = next((f for f in (read(rest) for read in _STATIC) if f is not None), None)
        if found is None:
            return None
        effect, rest = found
        out.append(effect)
        if not rest:
            return out
        joined = re.match(r" и |, ", rest)
        if not joined:
            return None
        rest = rest[joined.end():]


_STAYS_OPEN = {
    "выступая защитником, не закрывается": "defend",
    "после нападения не закрывается": "assault",
    "не закрывается после нападения": "assault",
    # «При простом ударе подлость 1; не закрывается после этого нападения» (50-81): in a
    # trigger, after the assault it fired in
    "не закрывается после этого нападения": "assault",
    # «После размена {strike} не закрывается» (30-185): after a fight (a simple strike and the
    # answer to it: «размен», the event ``fights``); the database's {strike} renders «простой удар»
    "после размена простой удар не закрывается": "fight",
    "после размена простыми ударами не закрывается": "fight",
}


def stays_open(s: str) -> list[Effect] | None:
    """«Выступая защитником, не закрывается», «После нападения [простым ударом] не
    закрывается»."""
    # «…, при этом не закрывается после этого простого удара» (30-195): in a trigger on its
    # simple strike, after the assault it fired in
    m = re.fullmatch(r"(?:после нападения простым ударом не закрывается|"
                     r"не закрывается после этого простого удара|"
                     r"не закрывается после нападения простым ударом)", s)
    if m:
        return [StaysOpen(after="assault", attack=Attack(kind="simple_strike"))]
    # «… оно не закрывается после этой атаки» (40-84): a card named before (``that``)
    who = re.match(r"(?:он|она|оно) (?=не закрывается после этого нападения$)", s)
    after = _STAYS_OPEN.get(s[who.end():] if who else s)
    if after and who:
        return [StaysOpen(after=after, target="that")]  # type: ignore[arg-type]
    return [StaysOpen(after=after)] if after else None  # type: ignore[arg-type]


_TIMES = {"два": 2, "три": 3, "четыре": 4, "2": 2, "3": 3, "4": 4}
#: «дважды» (20-146) is «два раза за ход» (a card attacks in its turn); «, не закрывается после
#: первого удара» (20-146) the same as «, после первого удара не закрывается».
_MULTI = re.compile(
    r"(?P<may>может|могут) (?:нападать|атаковать) (?P<attack>простым ударом|ударом) "
    r"(?:(?P<times>два|три|четыре|\d) раза за ход|(?P<twice>дважды))"
    r"(?P<consecutive>, только подряд)?(?P<different> и по разным картам)?"
    r"(?P<open>, после (?:первого|первой)(?: и второго)? (?:нападения (?:простым )?ударом|"
    r"простого удара|удара|атаки) не (?P<closes>закрывается|закрываются)|"
    r", не (?P<closes_first>закрывается|закрываются) после первого (?:нападения|удара))?")
_MULTI_ATTACK: dict[str, AttackKind] = {"простым ударом": "simple_strike", "ударом": "strike"}


def multi_attack(s: str) -> list[Effect] | None:
    """«Может нападать простым ударом два раза за ход, только подряд, после первого нападения
    простым ударом не закрывается»."""
    m = _MULTI.fullmatch(s)
    if not m:
        return None
    closes = m.group("closes") or m.group("closes_first")
    if closes and (m.group("may") == "могут") != (closes == "закрываются"):
        return None  # «Могут …, … не закрываются»: a plural card (30-18 «Орки-губители»)
    times = 2 if m.group("twice") else _TIMES[m.group("times")]
    if m.group("open") and "второго" in m.group("open") and times != 3:
        return None
    if m.group("different") and not m.group("consecutive"):
        return None
    return [MultiAttack(attack=Attack(kind=_MULTI_ATTACK[m.group("attack")]), times=times,
                        consecutive=bool(m.group("consecutive")),
                        different_targets=bool(m.group("different")),
                        stays_open=bool(m.group("open")))]


_REDUCE_TO: dict[str, Strength | int] = {
    "слабым": "weak", "слабому": "weak", "слабой": "weak", "средним": "medium",
    "среднему": "medium", "сильным": "strong", "сильному": "strong", "сильной": "strong",
}
#: «… по X сводятся к …»; «все немагические атаки сводятся по Проклятому Доспеху к 1» (40-146):
#: «по X» after the verb.
_REDUCE = re.compile(r"(?P<attacks>.+?)(?: по (?P<whom>.+?))? (?:сводятся|сводится)"
                     r"(?(whom)| по (?P<after>.+?))? к (?P<to>\d+|" + "|".join(_REDUCE_TO) + r")")
#: Whom no «по …» names: the attacks are reduced whatever card they are aimed at.
_ANY_CARD = Selector(what="card", all=True)


def reduce_to(s: str) -> list[Effect] | None:
    """«Все простые удары по Степному волколаку сводятся к слабым», «Атаки болотных карт по
    Остроморду сводятся к слабым» (the card's own name is marked ``@self``); «Атаки Эльяты по
    существам с проклятием сводятся к сильным» (the card's own attacks, at the cards named),
    «Слабые атаки пиратов противника сводятся к средним» (at any card)."""
    lead = re.match(r"до конца (?P<until>" + alternation(UNTIL) + r") (?=все )", s)
    if lead:  # «до конца этого хода все простые удары по выбранному существу …» (30-191)
        found = reduce_to(s[lead.end():])
        if found is None or not isinstance(found[0], ReduceTo) or found[0].next:
            return None
        return [dataclasses.replace(found[0], until=UNTIL[lead.group("until")])]
    m = _REDUCE.fullmatch(s)
    if not m:
        return None
    # «следующий простой удар Финириарха сводится к сильному» (40-105): the card's own next one
    following = re.match(r"следующий (?=.+ @self$)", m.group("attacks"))
    said = m.group("attacks")[following.end():] if following else m.group("attacks")
    attacks, rest = nominative_attacks(re.sub(r"^все ", "", said))
    if not attacks or rest or (following and (len(attacks) != 1 or m.group("whom")
                                              or m.group("after"))):
        return None
    whom: Target = "self"
    aimed = m.group("whom") or m.group("after")
    if aimed is None:
        whom = _ANY_CARD
    elif aimed not in ("себе", "@self"):
        named = target(aimed, plural=True)
        # «по выбранному существу» (30-191): one creature, the owner's choice
        chosen = aimed.startswith("выбранн") and isinstance(named, Selector) and not named.all
        if not isinstance(named, Selector) or not (named.all or chosen) \
                or named.up_to is not None:
            return None
        whom = named
    raw = m.group("to")
    to: Strength | int = int(raw) if raw.isdigit() else _REDUCE_TO[raw]
    return [ReduceTo(against=attacks, to=to, target=whom, next=bool(following))]


def _wounds_from(pattern: str, s: str) -> tuple[Attack, ...] | None:
    """The attacks «от …» that end ``s`` after ``pattern``, every word of them read."""
    m = re.fullmatch(pattern + r" от (.+)", s)
    if not m:
        return None
    attacks, rest = genitive_attacks(m.group(1))
    return attacks if attacks and not rest else None


def no_wounds(s: str) -> list[Effect] | None:
    """«Не получает ран от ответных ударов»."""
    attacks = _wounds_from(r"не получает (?:ран|раны)", s)  # «раны»: 40-218
    return [NoWounds(against=attacks)] if attacks else None


def wounds_only_from(s: str) -> list[Effect] | None:
    """«Получает раны только от простого удара»; «Карлик Унд получает раны только от хозяина»
    (20-6: from its host's attacks, any of them)."""
    if re.fullmatch(r"(?:@self )?получает раны только от хозяина", s):
        return [WoundsOnlyFrom(source="host")]
    attacks = _wounds_from(r"(?:получает )?раны только", s)
    return [WoundsOnlyFrom(attacks=attacks)] if attacks else None


def max_wounds(s: str) -> list[Effect] | None:
    """«Не может получить более 3 ран за ход» (20-47)."""
    m = re.fullmatch(r"не может получ(?:ить|ать) более (\d+) ран за (ход|бой)", s)
    if not m:
        return None
    return [MaxWounds(value=int(m.group(1)), per="turn" if m.group(2) == "ход" else "battle")]


_UNCHANGEABLE = re.compile(
    r"(?P<what>сила|дальность) (?P<attack>простой удар|простого удара|метания|выстрела|разряда) "
    r"@self не может быть (?P<how>снижена|изменена)")
_UNCHANGEABLE_ATTACKS: dict[str, AttackKind] = {
    "простой удар": "simple_strike", "простого удара": "simple_strike", "метания": "throw",
    "выстрела": "shot", "разряда": "discharge"}


def unchangeable(s: str) -> list[Effect] | None:
    """«Дальность метания Дикого циклопа не может быть изменена» (20-99), «Сила простого удара
    Гидры не может быть снижена» (10-136)."""
    m = _UNCHANGEABLE.fullmatch(s)
    if not m:
        return None
    attack = Attack(kind=_UNCHANGEABLE_ATTACKS[m.group("attack")])
    return [Unchangeable(what="strength" if m.group("what") == "сила" else "range",
                         attacks=(attack,), lowered=m.group("how") == "снижена")]


def die_result_statement(s: str) -> list[Effect] | None:
    """«Ваш первый за ход бросок кубика равен 6» (20-19), read to the end."""
    found = die_result(s)
    return [found[0]] if found is not None and not found[1].strip(" .") else None


def cannot(s: str) -> list[Effect] | None:
    """«Не может получать дополнительные жизни и быть излечен»."""
    if re.fullmatch(r"не может получать дополни-?тельные жизни и быть излечен", s):
        return [Cannot(actions=("be_healed",))]
    return None


_SHOOT = {"стрелять": "shot", "метать": "throw"}


def adjacent_targets(s: str) -> list[Effect] | None:
    """«Может стрелять по стоящим рядом картам»."""
    m = re.fullmatch(r"может (стрелять|метать) по стоящим рядом картам", s)
    if not m:
        return None
    return [AdjacentTargets(attacks=(Attack(kind=_SHOOT[m.group(1)]),))]  # type: ignore[arg-type]


_AS_ADJACENT = re.compile(
    r"может (?:(?P<move>передвигаться на клетки (?:с|со) (?P<cells>.+?) как на соседние)|"
    r"нападать (?P<attack>простым ударом) на (?P<whom>.+?) как на (?:стоящие рядом карты|"
    r"стоящую рядом|стоящих рядом))")


_AS_ADJACENT_NEAR = re.compile(r"(?P<who>ваши [а-я ]+?) могут передвигаться на клетки рядом с "
                               r"@self как на соседние")


_MOVES_ONLY = re.compile(r"(?P<who>каждое существо противника, стоящее рядом с @self), может "
                         r"передвигаться только на соседние с @self клетки")


#: «Существа противника могут объявлять прыжок или телепортацию только на свободные клетки рядом
#: с Иссой» (20-100).
_RELOCATES_ONLY = re.compile(r"существа противника могут объявлять (?P<ways>прыжок|телепортацию|"
                             r"прыжок или телепортацию) только на свободные клетки рядом с @self")
_RELOCATION_WAYS: dict[str, Way] = {"прыжок": "jump", "телепортацию": "teleport"}


#: «Дальние атаки (кроме удара через ряд) стоящих рядом карт имеют дальность 2» (50-10).
_RANGE_IS = re.compile(r"дальние атаки(?P<ex> \(кроме удара через ряд\))? (?P<who>.+?) имеют "
                       r"дальность (?P<n>\d+)")


def range_is(s: str) -> list[Effect] | None:
    """«Дальние атаки (кроме удара через ряд) стоящих рядом карт имеют дальность 2» (50-10): the
    range of others' ranged attacks."""
    m = _RANGE_IS.fullmatch(s)
    if not m:
        return None
    whom = described(m.group("who"))
    if not isinstance(whom, Selector) or whom.up_to is not None:
        return None
    excluding = (Attack(kind="through_row"),) if m.group("ex") else ()
    return [RangeIs(value=int(m.group("n")), attacks=(Attack(kind="attack", reach="ranged"),),
                    excluding=excluding, target=dataclasses.replace(whom, all=True))]


#: «Хозяин не может перемещаться на клетки вашей половины поля боя» (30-34), «Существа
#: противника не могут перемещаться …, пока в вашем первом ряду стоит Ррег и два или более
#: других ваших существа» (20-122).
_KEPT_OFF = re.compile(r"(?P<who>хозяин не может|существа противника не могут) перемещаться на "
                       r"клетки вашей половины поля боя(?:, пока (?P<when>.+))?")
_WITH_OTHERS = re.compile(r"в вашем первом ряду стоит @self и (?P<n>два|три) или более других "
                          r"ваших существа")


def kept_off_own_half(s: str) -> list[Ability] | None:
    """Cards that may not move, dash, jump or teleport onto the cells of the card's owner's half: a
    ``moves_only`` onto the other half (the halves split the battlefield)."""
    m = _KEPT_OFF.fullmatch(s)
    if not m:
        return None
    whom: Target = "host" if m.group("who").startswith("хозяин") else Selector(
        side="enemy", all=True)
    # «перемещаться»: any way it changes its cell (being moved by an effect too, which no
    # check asks about)
    rule = MovesOnly(cells=Cell(region="enemy_half"), target=whom,
                     ways=("move", "dash", "jump", "teleport"))
    if m.group("when") is None:
        return [rule]
    others = _WITH_OTHERS.fullmatch(m.group("when"))
    if others is None:
        return None
    # «стоит Ррег и два или более других ваших существа»: both hold, one condition each
    crowd = OnBattlefield(selector=Selector(side="own", other=True, region="own_first_row"),
                          min={"два": 2, "три": 3}[others.group("n")])
    inner = Static(condition=crowd, grants=(rule,))
    return [Static(condition=InRow(rows=(1,)), grants=(inner,))]


#: «Блокирует немагические атаки по себе», «Блокирует первую атаку карты противника по себе в
#: ход противника» (30-158), «блокирует первую немагическую атаку по себе за ход противника»
#: (50-52): every such attack at the card (or the first of a turn) is blocked.
_BLOCKS_ATTACKS = re.compile(r"блокирует (?P<first>первую )?(?P<what>.+?) по (?:себе|@self)"
                             r"(?P<turn> (?:в|за) ход противника)?(?:, пока (?P<when>.+))?")
#: «блокирует по себе немагические атаки карт с большим количеством текущих {health}, чем у
#: Джинна Дзара» (30-23): «по себе» before the attacks.
_BLOCKS_AT_SELF_FIRST = re.compile(r"блокирует по (?:себе|@self) (?P<what>.+?)(?:, пока (?P<when>.+))?")
#: «первую немагическую атаку карты противника» said as the nominative plural the attack
#: reader knows («немагические атаки карт противника»).
_ONE_AS_MANY = ((re.compile(r"(?<=[кгхжшчщ])ую(?= )"), "ие"),
                (re.compile(r"(?<=[а-я])ую(?= )"), "ые"),
                (re.compile(r"\bатаку\b"), "атаки"),
                (re.compile(r"\bкарты(?= противника$)"), "карт"))


def blocks_attacks(s: str) -> list[Ability] | None:
    """A card that blocks attacks at itself: a trigger on being attacked (by such an attack;
    ``first``: the first time in a turn; ``turn``: in the opponent's turn) that blocks the
    attack; «, пока …» is the trigger's condition."""
    m = _BLOCKS_ATTACKS.fullmatch(s) or _BLOCKS_AT_SELF_FIRST.fullmatch(s)
    if not m:
        return None
    first, turn = m.groupdict().get("first"), m.groupdict().get("turn")
    if turn and not first:
        return None
    what = m.group("what")
    if first:  # one attack, in the accusative: «первую … атаку»
        if not re.search(r"\bатаку\b", what):
            return None
        for pattern, plural in _ONE_AS_MANY:
            what = pattern.sub(plural, what)
    attacks, rest = nominative_attacks(what)
    if len(attacks) != 1 or rest or attacks[0].kind != "attack":
        return None
    held = condition(m.group("when")) if m.group("when") else None
    if m.group("when") and held is None:
        return None
    when = When(event="attacked", attack=attacks[0], first=bool(first),
                turn="enemy" if turn else None, condition=held)
    return [Trigger(when=when, effects=(Block(),))]


#: «Если в свой ход Гном-басаарг может атаковать простым ударом закрытое существо противника, он
#: обязан это сделать» (10-53): whenever it may, it must (in its turn).
_MUST_IF_ABLE = re.compile(r"если (?P<turn>в свой ход )?@self может атаковать простым ударом "
                           r"(?P<whom>[^,]+), (?:он|она|оно) обязан[аоы]? это сделать")


def must_attack_if_able(s: str) -> list[Ability] | None:
    """A card that must attack such a card with its simple strike whenever it can: a
    ``must_attack`` of the card itself (once: «это сделать»), in its own turn a ``static``
    with the condition ``turn``."""
    m = _MUST_IF_ABLE.fullmatch(s)
    whom = target(m.group("whom"), plural=False) if m else None
    if m is None or not isinstance(whom, Selector):
        return None
    rule = MustAttack(who="self", whom=whom, attack=Attack(kind="simple_strike"))
    turn = condition(m.group("turn").strip()) if m.group("turn") else None
    return [Static(condition=turn, grants=(rule,))] if turn else [rule]


def incarnates_on(s: str) -> list[Effect] | None:
    """«Инкарнирует на любой свободной клетке поля боя» (20-124)."""
    if s != "инкарнирует на любой свободной клетке поля боя":
        return None
    return [IncarnatesOn(cell=Cell(free=True, region="battlefield"))]


def strike_range(s: str) -> list[Effect] | None:
    """«Может объявлять простой удар с дальностью 2» (10-44)."""
    m = re.fullmatch(r"может объявлять простой удар с дальностью (\d+)", s)
    return [StrikeRange(attack="simple_strike", range=int(m.group(1)))] if m else None


def moves_only(s: str) -> list[Effect] | None:
    """«Каждое существо противника, стоящее рядом с Ламией, может передвигаться только на
    соседние с Ламией клетки» (20-78)."""
    m = _MOVES_ONLY.fullmatch(s)
    if not m:
        return None
    whom = Selector(side="enemy", all=True, place="adjacent")
    return [MovesOnly(cells=Cell(next_to="self"), target=whom)]


def relocates_only(s: str) -> list[Effect] | None:
    """«Существа противника могут объявлять прыжок или телепортацию только на свободные клетки
    рядом с Иссой» (20-100): where their jumps and teleports may end."""
    m = _RELOCATES_ONLY.fullmatch(s)
    if not m:
        return None
    ways = tuple(_RELOCATION_WAYS[w] for w in m.group("ways").split(" или "))
    return [MovesOnly(cells=Cell(free=True, next_to="self"), ways=ways,
                      target=Selector(side="enemy", all=True))]


#: «Возница может перемещаться между крайними клетками одного ряда как на рядом стоящую клетку»,
#: «Возница может объявлять простой удар с крайней клетки ряда по существу, стоящему на
#: противоположной клетке ряда, как по рядом стоящему» (10-143): the two end cells of a row are
#: next to each other for its movement and its simple strike.
_ROW_ENDS_MOVE = "может перемещаться между крайними клетками одного ряда как на рядом стоящую клетку"
_ROW_ENDS_STRIKE = ("может объявлять простой удар с крайней клетки ряда по существу, стоящему на "
                    "противоположной клетке ряда, как по рядом стоящему")
#: «может атаковать летающих простым ударом» (10-33): a flyer stands next to no cell, so a simple
#: strike at one is declared as at a card next to it — the rule 30-180 says with «как на стоящие
#: рядом карты».
_ATTACKS_FLYING = "может атаковать летающих простым ударом"
#: «Энт и его компаньон могут нападать на летающих простых ударов как на стоящие рядом карты»
#: (30-93; «простых ударов» is the database's slip for «простым ударом»): the rule for each.
_WITH_COMPANION = re.compile(r"@self и его компаньон могут (?P<rest>нападать .+)")


def as_adjacent(s: str) -> list[Effect] | None:
    """«Может передвигаться на клетки с артефактами как на соседние», «Может нападать простым
    ударом на летающих как на стоящие рядом карты»; «Ваши горные существа могут передвигаться
    на клетки рядом с Буровой установкой как на соседние» (30-57)."""
    s = re.sub(r"^@self (?=может )", "", s)
    if s == _ATTACKS_FLYING:
        return [AsAdjacent(way="attack", targets=Selector(flags=("flying",)),
                           attack=Attack(kind="simple_strike"))]
    if s == _ROW_ENDS_MOVE:
        return [AsAdjacent(way="move", row_ends=True)]
    if s == _ROW_ENDS_STRIKE:
        return [AsAdjacent(way="attack", row_ends=True, targets=Selector(),
                           attack=Attack(kind="simple_strike"))]
    both = _WITH_COMPANION.fullmatch(s)
    if both:
        rest = re.sub(r"^нападать на (?P<whom>[а-я]+) простых ударов ", r"нападать простым ударом на \g<whom> ",
                      both.group("rest"))
        found = as_adjacent("может " + rest)
        if not found or len(found) != 1 or not isinstance(found[0], AsAdjacent) \
                or found[0].way != "attack":
            return None
        return [found[0], dataclasses.replace(found[0], target="companion")]
    near = _AS_ADJACENT_NEAR.fullmatch(s)
    if near:
        whom = described(near.group("who"))
        if not isinstance(whom, Selector) or whom.place or whom.up_to is not None:
            return None
        return [AsAdjacent(way="move", near="self", target=dataclasses.replace(whom, all=True))]
    m = _AS_ADJACENT.fullmatch(s)
    if not m:
        return None
    if m.group("move"):
        who = described(m.group("cells"))
        way: Way = "move"
        attack = None
    else:
        # «на любую карту противника как на стоящую рядом» (20-56): any of them, as described
        who = described(re.sub(r"^любую (?=карту )", "", m.group("whom")))
        way = "attack"
        attack = Attack(kind="simple_strike")
    if not isinstance(who, Selector):
        return None
    return [AsAdjacent(way=way, targets=who, attack=attack)]


_ONTO = re.compile(r"может объявлять (?P<way>движение|прыжок) на клетку, занятую (?P<whom>.+?), "
                   r"поменявшись с ним местами(?:, при этом (?P<then>получает .+))?")
_WAYS: dict[str, Way] = {"движение": "move", "прыжок": "jump"}


#: «Может объявить прыжок на клетку, занятую существом (кроме бестелесных и симбиотов) с 3 или
#: менее текущими жизнями, уничтожив это существо (воздействие затаптывание)» (20-20): the
#: creature on that cell is destroyed («кроме …»: the selector's ``excluding``).
_ONTO_DESTROYING = re.compile(r"может (?:объявить|объявлять) (?P<way>движение|прыжок) на клетку, "
                              r"занятую (?P<whom>.+?), уничтожив это существо"
                              r"(?: \(воздействие (?P<impact>[а-я -]+?)\))?")


def onto_occupied(s: str) -> list[Effect] | None:
    """«Может объявлять движение на клетку, занятую другим вашим существом, поменявшись с ним
    местами»; «…, уничтожив это существо (воздействие …)» (20-20)."""
    destroying = _ONTO_DESTROYING.fullmatch(s)
    if destroying:
        occupant = described(destroying.group("whom"))
        if not isinstance(occupant, Selector) or occupant.what != "creature":
            return None
        return [OntoOccupied(way=_WAYS[destroying.group("way")], occupant=occupant, destroy=True,
                             impact=destroying.group("impact"))]
    m = _ONTO.fullmatch(s)
    if not m:
        return None
    who: Target | None = described(m.group("whom"))
    if not isinstance(who, Selector):
        return None
    then: tuple[Effect, ...] = ()
    if m.group("then"):  # «…, при этом получает направленный удар до конца хода» (30-172)
        got = gains(m.group("then"))
        if got is None or got[1] or any(getattr(e, "target", "self") != "self" for e in got[0]):
            return None
        then = got[0]
    return [OntoOccupied(way=_WAYS[m.group("way")], occupant=who, swap=True, then=then)]


#: «Хозяин Йоро не может получать фишку, его дальние атаки получают дальность 2» (20-175): two
#: rules of the symbiote's host («его»: the host, the subject before it).
_HOST_RULES = re.compile(r"хозяин @self не может получать фишку, его дальние атаки получают "
                         r"дальность (?P<n>\d+)")


def host_rules(s: str) -> list[Effect] | None:
    """What a symbiote's host may not do and the range its ranged attacks get (20-175)."""
    m = _HOST_RULES.fullmatch(s)
    if not m:
        return None
    return [Cannot(actions=("gain_counters",), target="host"),
            RangeIs(value=int(m.group("n")), attacks=(Attack(kind="attack", reach="ranged"),),
                    target="host")]


#: «Простой удар ваших бестелесных существ по существам с маркером холод трясины являются
#: безответными» (20-108): those cards have «Безответный удар» against those cards.
_UNANSWERED = re.compile(r"простой удар (?P<who>[^,;]+?) по (?P<whom>[^,;]+?) (?:является|являются) "
                         r"безответным(?:и)?")


def unanswered(s: str) -> list[Effect] | None:
    """Whose simple strikes at whom are not struck back: a :class:`Keyword` ``uht`` of the
    cards described, ``against`` the cards struck."""
    m = _UNANSWERED.fullmatch(s)
    if not m:
        return None
    who, whom = described(m.group("who")), described(m.group("whom"))
    if not isinstance(who, Selector) or not isinstance(whom, Selector) \
            or who.up_to is not None or whom.up_to is not None:
        return None
    return [Keyword(code="uht", target=dataclasses.replace(who, all=True), against=whom)]


STATEMENTS: tuple[Statement, ...] = (
    modifiers, stays_open, multi_attack, reduce_to, no_wounds, wounds_only_from, cannot,
    adjacent_targets, as_adjacent, moves_only, relocates_only, range_is, strike_range, incarnates_on, onto_occupied, max_wounds, die_result_statement,
    unchangeable, host_rules, unanswered,
)


def statement(s: str) -> list[Ability] | None:
    """The effects of a whole statement, or None."""
    for read in STATEMENTS:
        found = read(s)
        if found is not None:
            return list(found)
    return None


__all__ = ["STATEMENTS", "statement"]
