"""Effect parsers of paid and instant abilities: «перенаправить атаку со стоящего рядом существа в
себя» (redirect), «два выстрела на 1-2-2, только по разным картам» (several attacks declared at
once), «ранить существо на 1-2-2, дальность 4» (a wound within a range).

Like :mod:`bot.importers.abilities.effects`, each parser reads one effect at the start of a
normalised clause → (effect, the rest), or None; every word of the phrase must be known.

>>> redirect("перенаправить атаку с себя в хозяина")
(Redirect(attacks=(Attack(kind='attack'),), from_='self', to='host'), '')
>>> volley("два выстрела на 1-2-2, только по разным картам")[0].count
2
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, cast

from bot.corpus.abilities import (
    Amount,
    Attack,
    AttackKind,
    Block,
    Cancel,
    Cannot,
    Cell,
    Choice,
    Close,
    DeclareValhalla,
    DieBonus,
    Effect,
    FightOutcome,
    FightResult,
    Move,
    MustAttack,
    Redirect,
    ReduceTo,
    RegainSubtype,
    Reroll,
    RollTwice,
    Selector,
    Strength,
    Strike,
    Target,
    Wound,
)
from bot.importers.abilities import effects as fx
from bot.importers.abilities.attacks import by_whom
from bot.importers.abilities.selectors import described, target
from bot.importers.abilities.words import CELL_REGIONS, alternation

# ---------------------------------------------------------------------------------------------
# «перенаправить …»

#: Attack nouns in the accusative singular («перенаправить выстрел или метание …»).
_ACCUSATIVE: dict[str, AttackKind] = {
    "атаку": "attack", "выстрел": "shot", "метание": "throw", "разряд": "discharge",
    "простой удар": "simple_strike", "удар": "strike",
}
_ATTACKS = re.compile(r"(?P<nouns>(?:" + alternation(_ACCUSATIVE) + r")(?: или (?:"
                      + alternation(_ACCUSATIVE) + r"))*)(?= )")
_REDIRECT = re.compile(r"перенаправить (?:в (?P<to_first>[^,;()]+?) )?(?=[а-я])")
#: Where the phrase of the card an attack comes from or goes to may end.
_END = re.compile(r"(?=,|;| \(| и |$)")


def redirect(text: str) -> tuple[Effect, str] | None:
    """«перенаправить атаку со стоящего рядом существа в себя», «перенаправить в себя выстрел
    или метание со стоящей рядом карты», «перенаправить выстрел или метание карты противника с
    вашего нелетающего существа в выбранное существо противника»."""
    m = _REDIRECT.match(text)
    if not m:
        return None
    rest = text[m.end():]
    nouns = _ATTACKS.match(rest)
    if not nouns:
        return None
    attacks = tuple(Attack(kind=_ACCUSATIVE[n]) for n in nouns.group("nouns").split(" или "))
    rest = rest[nouns.end():]
    for at in [f.start() for f in re.finditer(r" (?:со|с) ", rest)]:
        whose = rest[:at].strip()
        by = by_whom(attacks, whose) if whose else attacks
        if by is None:
            continue
        found = _route(rest[at:], m.group("to_first"))
        if found is not None:
            return Redirect(attacks=by, from_=found[0], to=found[1]), found[2]
    return None


def _route(text: str, to_first: str | None) -> tuple[Target, Target, str] | None:
    """« со X в Y» (or « со X» when «в Y» came first): the two cards and the rest."""
    m = re.match(r" (?:со|с) ", text)
    assert m is not None
    rest = text[m.end():]
    if to_first is not None:
        to = target(to_first, plural=False)
        if to is None:
            return None
        for stop in sorted((e.start() for e in _END.finditer(rest)), reverse=True):
            source = described(rest[:stop])
            if source is not None:
                return source, to, rest[stop:]
        return None
    for into in re.finditer(r" (?:в|на) ", rest):  # «… с карты на стоящее рядом с ней …» (10-38)
        source = described(rest[: into.start()])
        if source is None:
            continue
        after = rest[into.end():]
        for stop in sorted((e.start() for e in _END.finditer(after)), reverse=True):
            to = target(after[:stop], plural=False)
            if to is not None:
                return source, to, after[stop:]
    return None


# ---------------------------------------------------------------------------------------------
# Several attacks at once

_COUNTS = {"два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5}
#: «два выстрела» (2-4: the genitive singular), «пять выстрелов» (5 or more: the genitive
#: plural), «x особых ударов цепом» (either) → the attack as one is named, and whether the
#: form is that of 2-4.
_VOLLEY_NOUNS: dict[str, tuple[str, bool]] = {
    "выстрела": ("выстрел", True), "выстрелов": ("выстрел", False),
    "метания": ("метание", True), "метаний": ("метание", False),
    "разряда": ("разряд", True), "разрядов": ("разряд", False),
    "магических удара": ("магический удар", True), "магических ударов": ("магический удар", False),
    "особых удара": ("особый удар", True), "особых ударов": ("особый удар", False),
}
_VOLLEY = re.compile(r"(?P<n>" + alternation(_COUNTS) + r"|\d+|x)(?P<fewer> или менее)? "
                     r"(?P<noun>" + alternation(_VOLLEY_NOUNS) + r")(?= )")
_APART = r"(?=$|[,;)]| \()"
#: «, только по разным картам», « по разным целям»: the attacks at different cards (any).
_DIFFERENT = re.compile(r",?\s*(?:только )?по разным (?:картам|целям)" + _APART)
#: «по разным существам» (10-10): at different creatures.
_DIFFERENT_CREATURES = re.compile(r",?\s*(?:только )?по разным существам" + _APART)
#: «, только по разным картам противника», «(только по разным темным и/или степным картам)»
#: after a strike: at different cards of these (a strike's target is stored).
_DIFFERENT_ONLY = re.compile(r"(?P<open>\s*\()?,?\s*только по разным (?P<whom>[^,;()]+?)"
                             r"(?(open)\)|" + _APART + r")")


#: «, только по картам разной элитности» (40-17): one elite card and one ordinary.
_DIFFERENT_ELITE = re.compile(r",?\s*только по картам разной элитности" + _APART)


def volley(text: str) -> tuple[Effect, str] | None:
    """«два выстрела на 1-2-2, только по разным картам», «три или менее метания на 1,
    дальность 4, только по разным картам», «x особых ударов цепом на 1, только по разным
    картам противника». The noun's number must agree with the count; a ranged attack aimed
    at described cards stays unread (as a single one does)."""
    m = _VOLLEY.match(text)
    if not m:
        return None
    raw = m.group("n")
    count: Amount = "X" if raw == "x" else int(raw) if raw.isdigit() else _COUNTS[raw]
    noun, few = _VOLLEY_NOUNS[m.group("noun")]
    if isinstance(count, int) and (count < 2 or few != (count < 5)):
        return None
    found = fx.ranged(noun + text[m.end():]) or fx.strike(noun + text[m.end():])
    if found is None:
        return None
    effect, rest = found
    changes: dict[str, Any] = {"count": count, "or_fewer": bool(m.group("fewer"))}
    apart = _DIFFERENT.match(rest)
    creatures = _DIFFERENT_CREATURES.match(rest)
    if creatures and getattr(effect, "target", None) is None:
        # «Три или менее разряда на 1 по разным существам» (10-10): at different creatures
        changes.update(different_targets=True, target=Selector())
        return cast(Effect, dataclasses.replace(effect, **changes)), rest[creatures.end():]
    elite = _DIFFERENT_ELITE.match(rest)
    if elite and count == 2 and isinstance(effect, Strike) and effect.target is None:
        # «Два особых удара обоими мечами на 2-3-3, только по картам разной элитности» (40-17):
        # one at an elite card, one at an ordinary one
        changes["different_elite"] = True
        return cast(Effect, dataclasses.replace(effect, **changes)), rest[elite.end():]
    only = _DIFFERENT_ONLY.match(rest)
    # «и/или» of two elements: a card of either or both, as «или» reads them (any of)
    whom = described(only.group("whom").replace(" и/или ", " или ")) if only else None
    if apart:
        changes["different_targets"] = True
        rest = rest[apart.end():]
    elif (only and isinstance(whom, Selector) and whom.what == "card"
          and isinstance(effect, Strike) and effect.target is None):
        changes.update(different_targets=True, target=whom)
        rest = rest[only.end():]
    return cast(Effect, dataclasses.replace(effect, **changes)), rest


# ---------------------------------------------------------------------------------------------
# A wound within a range


def far_wound(text: str) -> tuple[Effect, str] | None:
    """«ранить существо на 1-2-2, дальность 4»: the wound of an impact or a spell cast at a
    card within that range."""
    found = fx.wound(text)
    if found is None:
        return None
    effect, rest = found
    far = re.match(r"\s*,\s*дальность\s+(\d+)(?=$|[,;.)]| \()", rest)
    if not far or not isinstance(effect, Wound) or effect.target == "self":
        return None
    return dataclasses.replace(effect, range=int(far.group(1))), rest[far.end():]


# ---------------------------------------------------------------------------------------------
# «… ранится на N»

_WOUNDED = re.compile(r"(?P<who>[^,;()]+?) ранится на (?P<value>\d+-\d+-\d+|\d+|x)(?=$|[ ,.;)])")
#: «… и не может двигаться в этот ход» (30-122): the card wounded, for the rest of the turn.
_AND_CANNOT_MOVE = re.compile(r" и не может (?:двигаться|передвигаться) (?:в этот ход|до конца "
                              r"хода)(?=$|[ ,.;)])")


def wounded(text: str) -> tuple[Effect, str] | None:
    """«существо противника с отравлением ранится на 1 [и не может двигаться в этот ход]»
    (30-122): a wound of the card named as the subject. Another clause after « и » would have
    no subject of its own (whose is it?), so it is not read."""
    m = _WOUNDED.match(text)
    if not m:
        return None
    who = target(m.group("who"), plural=False)
    if who is None:
        return None
    raw = m.group("value")
    value: Any = fx.values(raw) if "-" in raw else "X" if raw == "x" else int(raw)
    wound = Wound(value=value, target=who)
    rest = text[m.end():]
    also = _AND_CANNOT_MOVE.match(rest)
    if also:
        held = Cannot(actions=("move",), target="that", until="end_of_turn")
        return cast(Effect, fx.Many((wound, held))), rest[also.end():]
    if rest.startswith(" и "):
        return None
    return wound, rest


#: «A … или/либо ранится/получить N ран» said of one card: a choice of one thing it suffers or
#: the wounds. «Выбранное существо противника, которое не передвигалось в этот ход, получает Не
#: может передвигаться до конца хода или ранится на 3» (20-9): it cannot move for the rest of
#: the turn, or is wounded; «это существо должно закрыться либо получить 2 раны» (10-37): it
#: closes, or is wounded (whose choice, a bracket after it may say).
_OR_WOUNDED: tuple[tuple[re.Pattern[str], Callable[[Target], Effect]], ...] = (
    (re.compile(r"(?P<who>[^;()]+?) получает не может (?:передвигаться|двигаться) до конца хода "
                r"или ранится на (?P<value>\d+)(?=$|[ ,.;)])"),
     lambda who: Cannot(actions=("move",), target=who, until="end_of_turn")),
    (re.compile(r"(?P<who>[^;()]+?) (?:должно|должен|должна) закрыться (?:либо|или) "
                r"получить (?P<value>\d+) (?:рану|раны|ран)(?=$|[ ,.;)])"),
     lambda who: Close(target=who)),
)


def suffers_or_wounded(text: str) -> tuple[Effect, str] | None:
    for pattern, suffers in _OR_WOUNDED:
        m = pattern.match(text)
        if not m:
            continue
        who = target(fx._subject(m.group("who")), plural=False)
        if who is None or who == "self" or isinstance(who, Selector) and who.all:
            return None
        options = ((suffers(who),), (Wound(value=int(m.group("value")), target=who),))
        return Choice(options=options), text[m.end():]
    return None


#: «[вы можете] объявить его особенность вальхаллы» (40-46; «может объявить» leaves the rest):
#: the «Вальхалла: …» of that card is used («его»: the card the trigger names).
_VALHALLA_OF = re.compile(r"(?:объявить )?его особенность вальхаллы(?=$|[ ,.;)])")


#: «объявить особенность вальхаллы вашего существа на кладбище» (20-42): of one card in a
#: graveyard (yours when «вашего» or «на вашем кладбище»), its owner's choice.
_VALHALLA_IN_GRAVEYARD = re.compile(r"объявить особенность вальхаллы (?P<who>[а-я ]+?) на "
                                    r"(?P<own>вашем )?кладбище(?=$|[ ,.;)])")


def declare_valhalla(text: str) -> tuple[Effect, str] | None:
    m = _VALHALLA_OF.match(text)
    if m:
        return DeclareValhalla(target="that"), text[m.end():]
    m = _VALHALLA_IN_GRAVEYARD.match(text)
    who = fx.graveyard_card(m) if m else None
    if m is None or who is None or who.all or who.count is not None:
        return None
    return DeclareValhalla(target=who), text[m.end():]


# ---------------------------------------------------------------------------------------------
# Moves to cells :func:`~bot.importers.abilities.effects.move` does not name

#: «переместить X на соседнюю с ним клетку» (with X: «ним» is the card moved), «… рядом с
#: собой» (the card itself), «на любую свободную клетку поля боя».
_CELLS: dict[str, Cell] = {
    "на соседнюю с ним клетку": Cell(adjacent=True), "на соседнюю с ней клетку": Cell(adjacent=True),
    "на клетку рядом с собой": Cell(next_to="self"),
    "на свободную клетку рядом с собой": Cell(free=True, next_to="self"),
    "на соседнюю клетку рядом с собой": Cell(adjacent=True, next_to="self"),
    "на свободную клетку поля боя": Cell(free=True),
    "на любую свободную клетку поля боя": Cell(free=True),
    "на любую незанятую клетку поля боя": Cell(free=True),
    "на клетку напротив себя": Cell(opposite="self"),  # 50-180
    "на свободную клетку позади себя": Cell(free=True, behind="self"),  # 50-47
    # «на клетку вашей половины поля боя рядом с собой» (20-41): a region and a neighbour both
    **{f"на {free}клетку {words} рядом с собой": Cell(free=bool(free), region=region,
                                                    next_to="self")
       for words, region in CELL_REGIONS.items() for free in ("", "свободную ")},
}
_MOVE_CELL = re.compile(r" (?P<cell>" + alternation(_CELLS) + r")(?=$|[ ,.;)])")


def relocate(text: str) -> tuple[Effect, str] | None:
    """«переместить выбранное существо противника на соседнюю с ним клетку», «переместить
    ваше существо на соседнюю клетку рядом с собой»; a symbiote's «переместиться на стоящее
    рядом существо противника» (onto the cell of that creature)."""
    m = re.match(r"переместить (?P<rest>.+)", text)
    if m:
        rest = m.group("rest")
        for cell in _MOVE_CELL.finditer(rest):
            who = target(rest[: cell.start()], plural=True)
            if who is not None:
                return Move(target=who, to=_CELLS[cell.group("cell")]), rest[cell.end():]
        return None
    m = re.match(r"поместить @self на (?P<onto>[^,;]+?),? дальность (?P<n>\d+)(?=$|[ ,.;)])", text)
    if m:  # a companion's «вы можете поместить Сугеда на ваше существо дальность 2» (30-88):
        # onto the cell of a creature that far, as «переместиться на …»
        onto = target(m.group("onto"), plural=False)
        if isinstance(onto, Selector):
            return Move(to=Cell(occupied_by=onto), range=int(m.group("n"))), text[m.end():]
        return None
    m = re.match(r"переместиться на ", text)
    if not m:
        return None
    rest = text[m.end():]
    for stop in sorted((e.start() for e in _END.finditer(rest)), reverse=True):
        onto = target(rest[:stop], plural=False)
        if isinstance(onto, Selector):
            return Move(to=Cell(occupied_by=onto)), rest[stop:]
    return None


# ---------------------------------------------------------------------------------------------
# «обязано напасть»

_MUST = re.compile(r"(?P<who>.+?)(?P<theirs> \(по его выбору\))? обязан[оаы]? (?P<n>\d+) раза? "
                   r"напасть на (?P<whom>.+?) простым ударом(?=$|[,;.)])")


def must_attack(text: str) -> tuple[Effect, str] | None:
    """«стоящее рядом существо противника (по его выбору) обязано 1 раз напасть на Торбьерна
    простым ударом»."""
    m = _MUST.match(text)
    if not m:
        return None
    who, whom = target(m.group("who"), plural=False), target(m.group("whom"), plural=False)
    if who is None or whom is None:
        return None
    return MustAttack(who=who, whom=whom, attack=Attack(kind="simple_strike"),
                      times=int(m.group("n")), their_choice=bool(m.group("theirs"))), \
        text[m.end():]


# ---------------------------------------------------------------------------------------------
# «свести … к сильному»

_STRENGTH_ACC: dict[str, Strength] = {"слабый": "weak", "средний": "medium", "сильный": "strong"}
#: What an attack is reduced to, in the dative: «к сильному», «к слабой», «к 1».
_TO: dict[str, Strength] = {
    "слабому": "weak", "слабой": "weak", "среднему": "medium", "средней": "medium",
    "сильному": "strong", "сильной": "strong",
}
_REDUCE_ONE = re.compile(
    r"свести (?P<own>свой )?(?:(?P<strength>(?:" + alternation(_STRENGTH_ACC) + r")(?: или (?:"
    + alternation(_STRENGTH_ACC) + r"))*) )?(?P<noun>" + alternation(_ACCUSATIVE) + r") "
    r"(?:(?!по )(?P<whose>[^,;()]+?) )?(?:по (?P<whom>себе|@self) )?к (?P<to>" + alternation(_TO)
    + r"|\d+)(?=$|[ ,.;)])")


def reduce_one(text: str) -> tuple[Effect, str] | None:
    """«свести простой удар вашего существа к сильному» (10-5), «свести свой простой удар к
    сильному» (20-89), «свести слабый или средний простой удар по себе к сильному» (50-153):
    the one attack an ability is used on becomes that strength or value — a
    :class:`ReduceTo` of the attack described (whose: ``by``; aimed at: ``target``, any card
    when not said)."""
    m = _REDUCE_ONE.match(text)
    if not m:
        return None
    kind = _ACCUSATIVE[m.group("noun")]
    strength = tuple(_STRENGTH_ACC[w] for w in (m.group("strength") or "").split(" или ") if w)
    if strength and kind not in ("simple_strike", "strike"):
        return None  # «слабый» agrees with «удар» only
    attacks: tuple[Attack, ...] = (Attack(kind=kind, strength=strength),)
    if m.group("own") and m.group("whose"):
        return None
    if m.group("own"):
        attacks = (Attack(kind=kind, strength=strength, by="self"),)
    elif m.group("whose"):
        found = by_whom(attacks, m.group("whose"))
        if found is None:
            return None
        attacks = found
    whom: Target = "self" if m.group("whom") else Selector(what="card", all=True)
    raw = m.group("to")
    to: Strength | int = int(raw) if raw.isdigit() else _TO[raw]
    return ReduceTo(against=attacks, to=to, target=whom), text[m.end():]


# ---------------------------------------------------------------------------------------------
# «блокировать … атаку по себе»

_BLOCK_REACH = {"ближнюю": "melee", "дальнюю": "ranged"}
_BLOCK_AT = re.compile(r"(?:за)?блокировать (?:(?P<any>любую )|(?P<reach>"
                       + alternation(_BLOCK_REACH) + r") )?атаку (?:(?P<whose>[^,;()]+?) )??"
                       r"по (?:(?P<self>себе|@self)|хозяину)(?=$|[ ,.;)])")


def block_at(text: str) -> tuple[Effect, str] | None:
    """«блокировать любую атаку по себе» (40-205), «блокировать ближнюю атаку наземного существа
    по себе» (40-120): a :class:`Block` of such an attack at the card itself (``at``)."""
    m = _BLOCK_AT.match(text)
    if not m or (m.group("any") and m.group("whose")):
        return None
    reach = _BLOCK_REACH[m.group("reach")] if m.group("reach") else None
    attack = Attack(kind="attack", reach=reach)  # type: ignore[arg-type]
    if m.group("whose"):
        found = by_whom((attack,), m.group("whose"))
        if found is None:
            return None
        (attack,) = found
    # «Блокировать атаку по хозяину» (30-135): at the symbiote's host
    return Block(attack=attack, at="self" if m.group("self") else "host"), text[m.end():]


# ---------------------------------------------------------------------------------------------
# «уменьшить выбранный бросок кубика на 2»

#: «сделать результатом сражения «слабый-слабый» (вместо броска кубиков)» (50-174), «…
#: промах-промах (вместо бросков кубика)» (20-22), «… сильный-сильный (не бросая кубики)» (20-10):
#: the fight's result, set.
_OUTCOMES: dict[str, FightOutcome] = {"промах": "miss", "слабый": "weak", "средний": "medium",
                                      "сильный": "strong"}
_FIGHT_RESULT = re.compile(
    r"сделать результатом сражения [«\"]?(?P<a>" + alternation(_OUTCOMES) + r")-(?P<d>"
    + alternation(_OUTCOMES) + r")[»\"]? \((?:вместо (?:броска|бросков) кубик(?:а|ов)|не бросая кубики)\)"
    r"(?=$|[,;.])")


def fight_result(text: str) -> tuple[Effect, str] | None:
    """«сделать результатом сражения «слабый-слабый» (вместо броска кубиков)»: the fight the
    trigger names has that result (the attacker's first), no die rolled."""
    m = _FIGHT_RESULT.match(text)
    if not m:
        return None
    return FightResult(attacker=_OUTCOMES[m.group("a")], defender=_OUTCOMES[m.group("d")]), \
        text[m.end():]


#: «бросьте кубик два раза и выберите один из результатов бросков» (10-189).
_ROLL_TWICE = re.compile(r"бросьте кубик (?:два раза|дважды),? и выберите один из результатов "
                         r"бросков(?=$|[,;.])")


#: «оно бросает кубик два раза, а вы выбираете один из результатов бросков» (30-167): the die of
#: the card the trigger names, the ability's owner picks.
_ITS_ROLL_TWICE = re.compile(r"(?:оно|он|она) бросает кубик (?:два раза|дважды),? а вы выбираете "
                             r"один из результатов бросков(?=$|[,;.])")


def roll_twice(text: str) -> tuple[Effect, str] | None:
    """«бросьте кубик два раза и выберите один из результатов бросков» (10-189): the card's die
    is rolled twice, its owner picks one result; «оно бросает кубик два раза, а вы выбираете …»
    (30-167): the die of the card named before (``that``)."""
    m = _ROLL_TWICE.match(text)
    if m:
        return RollTwice(), text[m.end():]
    m = _ITS_ROLL_TWICE.match(text)
    return (RollTwice(target="that"), text[m.end():]) if m else None


_ROLL = re.compile(r"(?P<verb>уменьшить|увеличить) (?:на (?P<before>\d+) )?выбранный бросок кубика"
                   r"(?: (?P<whose>(?!на )[^,;()]+?))?(?: на (?P<after>\d+))?(?=$|[,.;)]| \()")


_OWN_ROLL = re.compile(r"получить \+(?P<n>\d+) к своему выбранному броску кубика(?=$|[,.;)]| \()")


def change_roll(text: str) -> tuple[Effect, str] | None:
    """«Уменьшить выбранный бросок кубика на 2» (40-24), «увеличить на 1 выбранный бросок кубика
    вашего существа» (50-73): a :class:`DieBonus` of the one roll the ability is used on (of a
    card ``target`` describes; any card when not said)."""
    own = _OWN_ROLL.match(text)
    if own:  # «Получить +2 к своему выбранному броску кубика» (40-15): a roll of its own
        return DieBonus(value=int(own.group("n"))), text[own.end():]
    m = _ROLL.match(text)
    if not m or bool(m.group("before")) == bool(m.group("after")):
        return None
    value = int(m.group("before") or m.group("after"))
    whose: Target = Selector(what="card")
    if m.group("whose"):
        found = target(m.group("whose"), plural=False)
        if not isinstance(found, Selector) or found.all:
            return None
        whose = found
    return DieBonus(value=-value if m.group("verb") == "уменьшить" else value,
                    target=whose), text[m.end():]


#: «+1 или -1 к броску кубика, или перебросить кубик» (10-181): a choice of what is done to the
#: one roll the ability is used on (any card's).
_PLUS_MINUS_OR_REROLL = re.compile(r"\+(?P<up>\d+) или -(?P<down>\d+) к броску кубика, или "
                                   r"перебросить кубик(?=$|[,.;)]| \()")


#: «стоящее рядом с Далукаром существо получает -1 или +1 к выбранному броску кубика» (20-169): a
#: choice of what is done to the one roll of that card the ability is used on.
_ITS_ROLL_UP_OR_DOWN = re.compile(r"(?P<who>[^,;()]+?) получает -(?P<down>\d+) или \+(?P<up>\d+) к "
                                  r"выбранному броску кубика(?=$|[,.;)]| \()")


def roll_changed(text: str) -> tuple[Effect, str] | None:
    its = _ITS_ROLL_UP_OR_DOWN.match(text)
    if its:
        who = target(its.group("who"), plural=False)
        if not isinstance(who, Selector) or who.all or who.up_to is not None:
            return None
        return Choice(options=((DieBonus(value=-int(its.group("down")), target=who),),
                               (DieBonus(value=int(its.group("up")), target=who),))), \
            text[its.end():]
    m = _PLUS_MINUS_OR_REROLL.match(text)
    if not m:
        return None
    whose = Selector(what="card")
    options = ((DieBonus(value=int(m.group("up")), target=whose),),
               (DieBonus(value=-int(m.group("down")), target=whose),), (Reroll(target=whose),))
    return Choice(options=options), text[m.end():]


#: «отменить действие существа с проклятием» (30-162): the action of such a card is cancelled.
_CANCEL = re.compile(r"отменить действие (?P<who>[^,;()]+?)(?=$|[,.;)]| \()")


def cancel(text: str) -> tuple[Effect, str] | None:
    m = _CANCEL.match(text)
    whose = described(m.group("who")) if m else None
    if m is None or not isinstance(whose, Selector) or whose.all or whose.up_to is not None:
        return None
    return Cancel(target=whose), text[m.end():]




# ---------------------------------------------------------------------------------------------
# «возвращает свой подтип существа» (40-95)

#: «…, вернув свой подтип существа» (50-147): the same, said as a gerund after the move it comes with
_SUBTYPE = re.compile(r"(?:возвращает|вернув) свой подтип существа(?=$|[,.;])")


def regain_subtype(text: str) -> tuple[Effect, str] | None:
    """«Возвращает свой подтип существа» (40-95): the symbiote is a creature of its own subtype
    again (:class:`RegainSubtype`)."""
    m = _SUBTYPE.match(text)
    return (RegainSubtype(), text[m.end():]) if m else None


__all__ = ["block_at", "cancel", "change_roll", "roll_changed", "regain_subtype", "far_wound", "must_attack", "redirect", "reduce_one", "relocate", "volley",
           "wounded"]
