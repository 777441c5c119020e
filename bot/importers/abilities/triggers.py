"""Trigger phrases: the start of a normalised sentence → the :class:`~bot.corpus.abilities.When`
that fires it, and the rest of the sentence (its effects).

A phrase is a head («при простом ударе», «когда уничтожает», «в начале вашего хода») and
qualifiers after it (whose event: «вашего существа»; what an attack is aimed at: «по
существу с проклятием»; whose turn: «в свой ход»; where a move goes: «на соседнюю клетку»).
The end of a trigger phrase is not marked in card text, so :func:`whens` yields every reading
of the start of the sentence, the longest first; the caller keeps the first whose rest reads
in full. Every table is a whitelist: an unknown word ends the phrase there.

>>> next(whens("при сильном простом ударе может совершить прыжок, дальность 3"))[0]
When(event='attack', attack=Attack(kind='simple_strike', strength=('strong',)))
>>> next(whens("в начале хода противника открывается"))
(When(event='turn_start', turn='enemy'), ' открывается')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TypeVar, get_args

from bot.corpus.abilities import (
    Attack,
    AttackKind,
    Cell,
    Countable,
    DieRoll,
    Event,
    KeywordCode,
    Measure,
    Region,
    Selector,
    State,
    Strength,
    Target,
    Turn,
    When,
    XValue,
)
from bot.corpus.abilities.vocabulary import Nth
from bot.importers.abilities.attacks import genitive_attacks
from bot.importers.abilities.conditions import condition
from bot.importers.abilities.selectors import MARKER_NOUNS, dative_target, described
from bot.importers.abilities.text import SELF, may_be, self_plural
from bot.importers.abilities.words import CELL_REGIONS

Reading = tuple[When, str]
T = TypeVar("T")

# ---------------------------------------------------------------------------------------------
# Heads

#: «В начале/конце … хода», «В начале боя», «До набора отряда».
_TURN_HEADS: tuple[tuple[re.Pattern[str], When], ...] = (
    # «вначале»: a misprint of the database (40-110, 50-20)
    (re.compile(r"в ?начале вашего следующего хода"),
     When(event="turn_start", turn="own", next=True)),
    (re.compile(r"в ?начале (?:вашего|своего) хода"), When(event="turn_start", turn="own")),
    (re.compile(r"в ?начале хода противника"), When(event="turn_start", turn="enemy")),
    (re.compile(r"в ?начале хода"), When(event="turn_start", turn="any")),
    (re.compile(r"в ?начале боя"), When(event="battle_start")),
    (re.compile(r"в конце (?:вашего|своего) хода"), When(event="turn_end", turn="own")),
    (re.compile(r"в конце хода противника"), When(event="turn_end", turn="enemy")),
    (re.compile(r"в конце хода"), When(event="turn_end", turn="any")),
    (re.compile(r"до набора отряда"), When(event="before_recruit")),
    (re.compile(r"до начала (?:вашего|своего) хода"),
     When(event="turn_start", turn="own", timing="before")),
    # «погиблуть»: a misprint of the database (40-58)
    (re.compile(r"если (?:должен|должна|должно) (?:погибнуть|погиблуть) в результате гибели "
                r"хозяина,? вместо этого"), When(event="death", timing="instead", host_death=True)),
    (re.compile(r"при наборе " + re.escape(SELF) + r" в отряд"), When(event="recruit")),
)
#: Nouns of attacks (prepositional after «при», genitive after «после»): the kind.
_ATTACK_NOUNS: dict[str, AttackKind] = {
    "простом ударе": "simple_strike", "простого удара": "simple_strike",
    "ударе через ряд": "through_row", "удара через ряд": "through_row",
    "магическом ударе": "magic_strike", "магического удара": "magic_strike",
    "особом ударе": "special_strike", "особого удара": "special_strike",
    "ответном ударе": "counterstrike", "направленном ударе": "directed_strike",
    "ударе": "strike", "удара": "strike", "выстреле": "shot", "выстрела": "shot",
    "метании": "throw", "метания": "throw", "разряде": "discharge", "разряда": "discharge",
    "разрде": "discharge",  # «При среднем или сильном разрде»: a misprint of the database (30-142)
    "атаке": "attack", "атаки": "attack",
}
#: Adjectives of an attack noun: strength, reach, magic.
_STRENGTHS: dict[str, Strength] = {"слаб": "weak", "средн": "medium", "сильн": "strong"}
_ADJ_END = r"(?:ом|ем|ой|ей|ого|его)"
_STRENGTH_RE = (r"(?P<strength>(?:слаб|средн|сильн)" + _ADJ_END + r"(?: или (?:слаб|средн|сильн)"
                + _ADJ_END + r")*) ")
#: «дальнеи»: a misprint of the database (40-32).
_REACH_END = r"(?:ом|ем|ой|ей|еи|ого|его)"
_ATTACK_RE = re.compile(
    r"(?:" + _STRENGTH_RE + r")?(?:(?P<reach>ближн|дальн)" + _REACH_END + r" )?"
    r"(?:(?P<magic>немагическ|магическ)(?:ой|ом) (?=атак))?"
    # «при безответном ударе вашего нелетающего существа» (30-188): a strike not struck back
    r"(?:(?P<unanswered>безответном) (?=ударе(?:$|[ ,—])))?"
    r"(?P<noun>" + "|".join(sorted(_ATTACK_NOUNS, key=len, reverse=True)) + r")(?=$|[ ,—])")
#: «при нападении простым ударом»: the attack of an assault (instrumental).
_ASSAULT_ATTACKS: dict[str, AttackKind] = {
    "простым ударом": "simple_strike", "выстрелом": "shot", "разрядом": "discharge",
    "метанием": "throw", "ударом через ряд": "through_row", "магическим ударом": "magic_strike",
}
#: «атакован дальней атакой», «… немагической атакой» (instrumental): the attack described.
_ATTACKED_BY: dict[str, Attack] = {
    "дальней атакой": Attack(kind="attack", reach="ranged"),
    "ближней атакой": Attack(kind="attack", reach="melee"),
    "магической атакой": Attack(kind="attack", magic=True),
    "немагической атакой": Attack(kind="attack", magic=False),
}
#: Nouns of other events after «при» (prepositional) and «после» (genitive).
_EVENT_NOUNS: dict[str, Event] = {
    "гибели": "death", "движении": "move", "передвижении": "move", "движения": "move",
    "перемещении": "relocate", "перемещения": "relocate", "прыжке": "jump", "прыжка": "jump",
    "телепортации": "teleport", "рывке": "dash", "рывка": "dash", "инкарнации": "incarnation",
    "пророчестве": "prophecy", "трупоедстве": "corpse_eating", "вампиризме": "vampirism",
    "промахе": "miss", "промаха": "miss", "нападении": "assault", "нападения": "assault",
    "погружении": "submerge", "погружении на глубину": "submerge", "всплытии": "emerge",
    "всплытии на поверхность": "emerge", "добивании": "finishing",
    "избыточном лечении": "overheal", "попадании на кладбище": "to_graveyard",
}
_EVENT_NOUN_RE = "|".join(sorted(_EVENT_NOUNS, key=len, reverse=True))
EVENT_NOUN_RE = _EVENT_NOUN_RE
#: Verbs after «когда [subject]»: the event.
_VERBS: dict[str, Event] = {
    "получает раны": "wounded", "получают раны": "wounded", "наносит раны": "wounds",
    "выступает защитником": "defend", "становится защитником": "defend",
    "нападает": "assault", "атакован": "attacked", "атакована": "attacked",
    "атаковано": "attacked", "атакованы": "attacked", "перемещается": "relocate", "передвигается": "move",
    "двигается": "move", "погибает": "death", "излечивается": "heal",
    "покидает поле боя": "leaves_field", "уничтожает": "destroys",
    "совершает рывок": "dash", "совершает прыжок": "jump", "телепортируется": "teleport",
    "атакует": "attack", "погружается на глубину": "submerge", "погружается": "submerge",
    "всплывает на поверхность": "emerge", "всплывает": "emerge", "открывается": "opens",
    "закрывается": "closes", "попадает на кладбище": "to_graveyard",
    "меняет хозяина": "host_change", "перемещает": "moves_other",
    "действует": "acts",  # «Когда Хельмир действует, …» (20-66)
    "уничтожают": "destroys",  # «Когда уничтожают карту …» of «Дети Белой Луны» (30-44)
    "становится целью вальхаллы": "valhalla_target",  # 20-54: chosen by any card's valhalla
}
#: Plural verbs that are the card's own only when its name is plural (else «уничтожают» with no
#: subject is «when a card is destroyed», by anyone).
_PLURAL_VERBS = frozenset({"уничтожают"})
#: Counters, tokens, extra lives a card gains or loses: «когда получает фишку» (``gains``),
#: «когда копит фишку» (as «накопить фишку», a gain), «когда теряет дополнительные жизни»
#: (``loses``).
_ITEMS: dict[str, tuple[Event, Countable]] = {
    "получает фишку": ("gains", "counter"), "копит фишку": ("gains", "counter"),
    "получает дополнительные жизни": ("gains", "extra_life"),
    "теряет дополнительные жизни": ("loses", "extra_life"),
}
#: «когда закрывается, чтобы переместить [вашу] боевую машину»: the card closed to pay for the
#: move of a war machine (the cost «Закрыть стоящее рядом ваше существо» of its ability).
_MOVING = re.compile(r"закрывается, чтобы переместить (?P<own>вашу )?боевую машину(?=$|[ ,—])")
#: «когда бросок кубика вашего существа равен 6», «когда карта противника выбрасывает на
#: кубике 6»: a die roll of that card with that result (event ``roll``, a die condition).
_ROLL_OF = re.compile(r"бросок кубика(?= )")
_ROLL_IS = re.compile(r" равен (?P<v>[1-6])(?=$|[ ,—])")
#: «когда бросок кубика существа противника больше его стоимости» (40-218), «… меньше или равен
#: его слабому простому удару» (40-156): compared with the roller's printed cost, its weak
#: simple strike now
_ROLL_THAN = re.compile(r" (?P<cmp>больше|меньше или равен) его (?P<what>стоимости|слабому "
                        r"простому удару)(?=$|[ ,—])")
_ROLL_MEASURES: dict[str, Measure] = {"стоимости": "cost", "слабому простому удару": "weak_strike"}
_THROWS = re.compile(r"выбрасывает на кубике (?P<v>[1-6])(?=$|[ ,—])")
#: «когда получает x ран», «когда должен получить x ран …, вместо этого», «когда должен
#: излечиться на x вместо этого»: the X of the effects is that number (``event_x``; the frame
#: reads it from the trigger phrase: :func:`defines_x`).
_X_WOUNDS = re.compile(r"(?:(?P<must>(?:должен|должна|должно) получить)|получает|получают) x ран"
                       r"(?=$|[ ,—])")
#: «когда получает 3 или более раны [от одной атаки]»: the least number of wounds of the one
#: event (``at_least``: one attack's wounds).
_AT_LEAST = re.compile(r"(?:получает|получают) (?P<wounds>\d+) (?:или|и) более (?:ран|раны)"
                       r"(?=$|[ ,—])")
#: «когда ваше существо наносит 4 или более раны немагической атакой» (20-92): the least number
#: of wounds it deals, with one attack (``at_least`` of a ``wounds`` event).
_DEALS_AT_LEAST = re.compile(r"(?:наносит|наносят) (?P<n>\d+) (?:или|и) более (?:ран|раны)"
                             r"(?=$|[ ,—])")
#: «когда карта противника наносит этому существу раны» in an ability given to a creature (40-25:
#: «этому существу» the one that has it, written ``SELF`` by the grant's reader): whom it wounds
#: (``target`` of a ``wounds`` event).
_DEALS_TO_SELF = re.compile(r"(?:наносит|наносят) " + re.escape(SELF) + r" раны(?=$|[ ,—])")
#: «когда [в свой ход] сражается [с …]» (50-174, 10-189): the card fights (a simple strike and
#: the answer to it, the dice of both); «в свой ход» before the verb is its turn.
#: «сражается простым ударом» (30-167, 20-10) says the same: a fight is of simple strikes.
_FIGHTS = re.compile(r"(?P<own>в свой ход )?сражается(?: простым ударом)?(?=$|[ ,—])")
#: «когда сражаются два открытых существа» (20-22): any fight of two open creatures.
_TWO_FIGHT = re.compile(r"сражаются два открытых существа(?=$|[ ,—])")
#: «когда ваша карта единовременно теряет 2 или более фишек» (20-40): the least number of
#: counters lost at once, in the one event (``at_least`` of a ``loses`` event).
_LOSES_AT_LEAST = re.compile(r"единовременно (?:теряет|теряют) (?P<n>\d+) (?:или|и) более фишек"
                             r"(?=$|[ ,—])")
#: «когда ваш слуа должен получить x дополнительных жизней может получить x дополнительных
#: жизней вместо него» (40-180): a gain of extra lives, replaced; «вместо него» ends the effects.
_MUST_LIVES = re.compile(r"(?:должен|должна|должно) получить x дополнительных жизней(?=$|[ ,—])")
_INSTEAD_OF_IT = re.compile(r" вместо (?:него|нее)$")
#: «когда рядом стоящее ваше существо должно получить ровно 1 рану ранить Гхуртов камень на 1
#: вместо этого (2 раза за ход)» (40-133): exactly that many wounds, replaced; «вместо этого» at
#: the end of the effects (before a bracket).
_MUST_EXACTLY = re.compile(r"(?:должен|должна|должно) получить ровно (?P<n>\d+) (?:рану|раны|ран)"
                           r"(?=$|[ ,—])")
_INSTEAD_AT_END = re.compile(r" вместо этого(?=$| \([^()]*\)$)")
#: «от одной атаки» after an amount of wounds: the wounds of one attack, as every ``wounded``
#: event counts them.
_ONE_ATTACK = re.compile(r" от одной (?=атаки(?:$|[ ,—]))")
#: «когда блокирует атаку по себе» (30-158): the card blocks an attack aimed at itself.
_BLOCKS = re.compile(r"блокирует атаку по себе(?=$|[ ,—])")
#: «когда ваше существо получает ответный простой удар» (30-7): it is the target of a
#: counterstrike (a counterstrike is a simple strike: the database's {strike} there).
_COUNTERED = re.compile(r"(?:получает|получают) ответный (?:простой )?удар(?=$|[ ,—])")
#: «когда карты на поле боя меняются местами»: two cards swap places (event ``swap``).
_SWAP = re.compile(r"карты на поле боя меняются местами(?=$|[ ,—])")
#: «когда … выполняет добивание на x»: its «Добивание», X its value (``event_x``).
#: «излечивается на 3 и более в результате трупоедства» (50-88): its corpse eating (which heals
#: it fully) heals that many wounds or more.
_EATEN_HEAL = re.compile(r"излечивается на (?P<n>\d+) (?:и|или) более в результате трупоедства"
                         r"(?=$|[ ,—])")
_FINISHING = re.compile(r"выполняет добивание(?: на x)?(?=$|[ ,—])")
_X_HEAL = re.compile(r"(?:должен|должна|должно) излечиться на x(?=$|[ ,—])")
#: Keywords a card gains after «когда получает» (event ``gains``).
_GAINED: dict[str, KeywordCode] = {
    "благословление": "bls", "благословение": "bls", "проклятие": "cur", "полет": "flight",
    "полёт": "flight", "отравление": "psn",
}

# ---------------------------------------------------------------------------------------------
# Qualifiers

_TURNS: dict[str, Turn] = {"в свой ход": "own", "в ваш ход": "own", "в ход противника": "enemy"}
_REGIONS = CELL_REGIONS
_HALVES: dict[str, Region] = {"вашу половину поля боя": "own_half",
                              "половину поля боя противника": "enemy_half"}
_MOVES = frozenset({"move", "relocate", "jump", "teleport", "dash"})


#: «При перенаправлении атаки с вашего существа (в том числе при назначении защитника)» (30-79):
#: an attack aimed at the subject goes to another card instead, a defender assigned to it
#: included (only with the bracket that says so: without it, whether a defender counts is not
#: said).
_REDIRECTED = re.compile(r"при перенаправлении атаки с (?P<whose>вашего существа|вашей карты) "
                         r"\(в том числе при назначении защитника\)(?=$|[ ,—])")
_REDIRECTED_FROM: dict[str, Selector] = {"вашего существа": Selector(side="own"),
                                         "вашей карты": Selector(what="card", side="own")}


def whens(text: str) -> Iterator[Reading]:
    """Every reading of a trigger phrase at the start of ``text``, the longest first."""
    redirected = _REDIRECTED.match(text)
    if redirected:
        yield (When(event="redirected", subject=_REDIRECTED_FROM[redirected.group("whose")]),
               text[redirected.end():])
        return
    for pattern, when in _TURN_HEADS:
        m = pattern.match(text)
        if m and _ends(text, m.end()):
            yield when, text[m.end():]
            return
    if text.startswith("если "):
        yield from _instead(text[len("если"):])
        yield from _if_attacked(text[len("если "):])
        yield from _if_harmless(text[len("если "):])
        yield from _if_defended(text[len("если "):])
        return
    m = re.match(r"(при|после того,? как|после|когда|вместо) ", text)
    if not m:
        return
    rest = text[m.end():]
    head = m.group(1)
    first = re.match(r"первом (?:за ход )?", rest) if head == "при" else None
    if first:  # «при первом за ход ударе», «при первом ударе за ход»
        rest = rest[first.end():]
    verbs = head == "когда" or head.startswith("после того")
    # «когда одно и то же существо противника перемещается второй или более раз за ход» (40-130):
    # a later time of that card's own event (so only with one)
    same = re.match(r"(?:одно и то же|один и тот же|одна и та же) ", rest) if verbs else None
    rest = rest[same.end():] if same else rest
    heads = _verb_heads(rest) if verbs else _noun_heads(rest, head)
    for when, tail in heads:
        when = replace(when, timing="after") if head.startswith("после") else when
        when = replace(when, timing="instead") if head == "вместо" else when
        if first:
            if not first.group(0).endswith("за ход "):
                after = re.match(r" за (?P<per>ход|бой)(?=$|[ ,—])", tail)
                if not after:
                    continue
                tail = tail[after.end():]
                if after.group("per") == "бой":  # «при первом сильном ударе за бой» (50-119)
                    when = replace(when, nth=Nth(count=1, per="battle"))
            if when.nth is None:
                when = replace(when, first=True)
        for found, more in _qualified(when, tail):
            again = re.match(r" (?:в )?первый раз за ход(?=$|[ ,—])", more)
            if again and not found.first and verbs:  # «когда передвигается первый раз за ход»
                yield replace(found, first=True), more[again.end():]
            later = _NTH.match(more)
            if later and not found.first and verbs:  # «когда передвигается второй раз за ход»
                nth = Nth(count=_ORDINALS[later.group("n")],
                          per="turn" if later.group("per") == "ход" else "battle",
                          or_more=bool(later.group("more")))
                if not same or isinstance(found.subject, Selector):
                    yield replace(found, nth=nth), more[later.end():]
            repeated = _again(rest[: len(rest) - len(more)], more) if verbs else None
            if repeated is not None and not found.first and found.nth is None and not same:
                # «когда другое ваше существо нападает простым ударом, если оно уже нападало
                # простым ударом в этот ход» (40-54): its second or later such event this turn
                yield replace(found, nth=Nth(count=2, per="turn", or_more=True)), repeated
            rolled = _AFTER_ROLLS.match(more)
            if rolled and found.event == "attacked" and found.attack is not None \
                    and not same and found.timing == "on":
                # «когда Скальный фантом атакован немагической атакой (после бросков кубика)»
                yield replace(found, after_rolls=True), more[rolled.end():]
            if not same:
                yield found, more


#: «(после бросков кубика)» after «атакован <атакой>»: once the attack's dice are rolled (20-43).
_AFTER_ROLLS = re.compile(r" \(после бросков кубика\)(?=$|[ ,—])")


#: «если оно уже нападало простым ударом в этот ход» after «когда … нападает простым ударом»:
#: the same event of the same card happened before this turn (the verb's past, the same words
#: after it).
_AGAIN = re.compile(r" если (?:(?:он|она|оно) )?уже (?P<past>[а-я]+)(?P<q>(?: [а-я]+)*?) в этот "
                    r"ход(?=$|[ ,—])")
_PASTS = {"нападает": ("нападал", "нападала", "нападало", "нападали"),
          "атакует": ("атаковал", "атаковала", "атаковало", "атаковали"),
          "перемещается": ("перемещался", "перемещалась", "перемещалось", "перемещались"),
          "передвигается": ("передвигался", "передвигалась", "передвигалось", "передвигались")}
_EVENT_VERB = re.compile(r"(?:^| )(?P<verb>" + "|".join(_PASTS) + r")(?P<q>(?: [а-я]+)*)$")


def _again(phrase: str, text: str) -> str | None:
    """The rest of ``text`` after «если оно уже <verb in the past> … в этот ход» that repeats
    the event of ``phrase`` (the trigger phrase read: «другое ваше существо нападает простым
    ударом») word for word; None when it does not."""
    event, m = _EVENT_VERB.search(phrase.strip()), _AGAIN.match(text)
    if event is None or m is None or m.group("past") not in _PASTS[event.group("verb")]:
        return None
    return text[m.end():] if m.group("q") == event.group("q") else None


#: «[кто] должен …, вместо этого»: what would happen, replaced (``timing: instead``).
_INSTEAD = re.compile(r"(?:должен|должна|должно|должны) (?:(?P<heal>излечиться(?: на x)?)|получить (?P<gain>"
                      + "|".join(_GAINED) + r"))(?=$|[ ,—])")
#: «…, вместо этого», also with the name of the impact or spell that replaces it before it:
#: «должно получить отравление — воздействие «бурлящий яд» вместо этого …» (50-118).
_INSTEAD_END = re.compile(r"(?:,? —)? ?(?P<name>(?:воздействие|заклинание) «[^«»]+»)?,? ?вместо "
                          r"этого(?=$|[ ,—])")


def _instead_end(text: str) -> str | None:
    """The rest of ``text`` after «вместо этого» at its start, a name before it put back before
    the effects («воздействие «бурлящий яд» может переместить …»); ``None`` without it."""
    m = _INSTEAD_END.match(text)
    if not m:
        return None
    return (" " + m.group("name") if m.group("name") else "") + text[m.end():]


def _instead(text: str) -> Iterator[Reading]:
    """«Если должен излечиться вместо этого …» (10-83), «Если существо с проклятием должно
    получить проклятие вместо этого …» (40-166): a heal or a gain of a keyword, replaced."""
    for subject, rest in _subjects(text, "nomn"):
        yield from _replaced(subject, rest.removeprefix(" "))


#: «, когда не имеет ран» after «должен излечиться на x»: a state of the card that the replaced
#: heal needs (40-77), «вместо этого» then at the end of the effects.
_WHILE_STATE = re.compile(r",? когда (?P<state>не имеет ран)(?= )")


def _replaced(subject: Target, text: str) -> Iterator[Reading]:
    """«[кто] должен излечиться, вместо этого», «… должно получить проклятие вместо этого» after
    its subject (``text``)."""
    m = _INSTEAD.match(text)
    rest = _instead_end(text[m.end():]) if m else None
    state = _WHILE_STATE.match(text, m.end()) if m and m.group("heal") and rest is None else None
    end = _INSTEAD_AT_END.search(text) if state else None
    cond = condition(state.group("state")) if state else None
    if m is not None and state and end and isinstance(cond, State):
        # «если должен излечиться на x, когда не имеет ран получить … вместо этого» (40-77)
        yield When(event="heal", timing="instead", subject=subject, condition=cond), \
            text[state.end():end.start()] + text[end.end():]
        return
    if m is None or rest is None:
        return
    if m.group("heal"):
        yield When(event="heal", timing="instead", subject=subject), rest
    else:
        yield When(event="gains", timing="instead", subject=subject,
                   keyword=_GAINED[m.group("gain")]), rest


def _if_attacked(text: str) -> Iterator[Reading]:
    """«Если Бон и Берроу атакованы простым ударом …» (10-27): as «Когда … атакован …» (only
    this verb: other «если …» are conditions)."""
    for when, rest in _verb_heads(text):
        if when.event == "attacked":
            # «Если существо с сетью атаковано, то эта атака блокируется, …» (10-77)
            yield when, " " + rest[len(", то "):] if rest.startswith(", то ") else rest


#: «и не наносит ран» after «атакует»/«нападает»: the attack deals no wounds (``harmless``).
_HARMLESS = re.compile(r" и не (?:наносит|наносят) ран(?=$|[ ,—])")


def _if_harmless(text: str) -> Iterator[Reading]:
    """«Если карта противника атакует и не наносит ран …» (20-26), «Если существо противника
    нападает и не наносит ран …» (30-9): an attack or an assault that wounds nobody."""
    for when, rest in _verb_heads(text):
        m = _HARMLESS.match(rest)
        if m and when.event in ("attack", "assault"):
            yield replace(when, harmless=True), rest[m.end():]


#: «Если от простого удара хозяина назначен защитник …» (50-38): a defender is assigned against
#: that strike (any creature defends: ``subject`` any creature; ``attack`` the strike).
_DEFENDED = re.compile(r"от простого удара (?P<whose>хозяина|" + re.escape(SELF) + r") назначен "
                       r"защитник(?=$|[ ,—])")


def _if_defended(text: str) -> Iterator[Reading]:
    m = _DEFENDED.match(text)
    if m:
        by: Target = "host" if m.group("whose") == "хозяина" else "self"
        yield When(event="defend", subject=Selector(),
                   attack=Attack(kind="simple_strike", by=by)), text[m.end():]


#: «во второй раз за ход», «второй раз за бой» (30-14, 30-176): which time of the event fires it.
_ORDINALS = {"второй": 2, "третий": 3}
_NTH = re.compile(r" (?:во? )?(?P<n>второй|третий)(?P<more> или более)? раз за (?P<per>ход|бой)"
                  r"(?=$|[ ,—])")


def defines_x(text: str, rest: str) -> bool:
    """Whether the trigger phrase of ``text`` (all of it before ``rest``) names an X of its
    event: «когда получает x ран …» (the wounds), «когда должен излечиться на x …» (the heal)."""
    head = text[: len(text) - len(rest)]
    # «если должен излечиться на x вместо этого …» (30-72): as «когда …»
    return head.startswith(("когда ", "если ")) and re.search(r"\bx\b", head) is not None


def _ends(text: str, at: int) -> bool:
    return at == len(text) or not text[at].isalnum()


# --- «при …», «после …»


def _noun_heads(text: str, prep: str) -> Iterator[Reading]:
    m = _ATTACK_RE.match(text)
    if m:
        attack = _attack(m)
        also, tail = _alternatives(text[m.end():], {"attack"})
        if also is None:
            return
        for subject, rest in _subjects(tail):
            yield When(event="attack", also=also, attack=attack, subject=subject), rest
        return
    m = re.match(r"(" + _EVENT_NOUN_RE + r")(?=$|[ ,—])", text)
    if not m:
        return
    event = _EVENT_NOUNS[m.group(1)]
    tail = text[m.end():]
    if event == "assault":
        for kind, rest in _options(tail, _ASSAULT_ATTACKS):
            # «при нападении вашего существа с благословлением на карту …» (40-84): whose
            for subject, more in _subjects(rest):
                yield When(event=event, attack=Attack(kind=kind) if kind else None,
                           subject=subject), more
        return
    then = re.match(r" или (?:при )?(?:атаке|атаки)(?=$|[ ,—])", tail)
    if then and event in _ALTERNATIVE_EVENTS:  # «после движения или атаки»: as «атаки или …»
        for subject, rest in _subjects(tail[then.end():]):
            yield When(event="attack", also=(event,), attack=Attack(kind="attack"),
                       subject=subject), rest
        return
    also, tail = _alternatives(tail, {event})
    if also is None:
        return
    events = sorted({event, *also}, key=_EVENT_ORDER.index)
    for subject, rest in _subjects(tail):
        missed = re.match(r" простой удар(?=$|[ ,—])", rest) if event == "miss" and not also \
            else None
        if missed:  # «при промахе [вашего существа] {strike}»: the placeholder, undeclined
            yield When(event=event, subject=subject, attack=Attack(kind="simple_strike")), \
                rest[missed.end():]
        yield When(event=events[0], also=tuple(events[1:]), subject=subject), rest


#: Events that may follow «или [при]» in a trigger's head: «при ударе или промахе»,
#: «при телепортации или прыжке».
_ALTERNATIVE_EVENTS = frozenset({"miss", "move", "relocate", "jump", "teleport", "dash",
                                 "submerge", "emerge"})
_EVENT_ORDER: tuple[Event, ...] = get_args(Event)


def _alternatives(text: str, named: set[Event]) -> tuple[tuple[Event, ...] | None, str]:
    """The events after «или [при] …» in a trigger's head (none when there is no «или»);
    ``None`` when an «или» names an event that is not an alternative or one already named."""
    found: list[Event] = []
    while m := re.match(r" или (?:при )?(" + _EVENT_NOUN_RE + r")(?=$|[ ,—])", text):
        event = _EVENT_NOUNS[m.group(1)]
        if event not in _ALTERNATIVE_EVENTS or event in named or event in found:
            return None, text
        found.append(event)
        text = text[m.end():]
    return tuple(found), text


def _attack(m: re.Match[str]) -> Attack:
    strength: tuple[Strength, ...] = ()
    if m.group("strength"):
        strength = tuple(_STRENGTHS[w[:4] if w.startswith("слаб") else w[:5]] for w in re.findall(r"[а-я]+", m.group("strength"))
                         if w != "или")
    reach = {"ближн": "melee", "дальн": "ranged"}.get(m.group("reach") or "")
    magic = {"магическ": True, "немагическ": False}.get(m.group("magic") or "")
    return Attack(kind=_ATTACK_NOUNS[m.group("noun")], strength=strength,
                  reach=reach, magic=magic,  # type: ignore[arg-type]
                  unanswered=bool(m.group("unanswered")))


# --- «когда …»


#: «существо с магической способностью, не стоявшее рядом с Айрин, перемещается на соседнюю с ней
#: клетку» (10-41): a card that was not next to the card itself moves next to it («ней»: not the
#: neuter mover, so the card named).
_COMES_NEAR = re.compile(r"(?P<who>[^,]+), не стоявшее рядом с " + re.escape(SELF)
                         + r", (?P<verb>перемещается|передвигается) на соседнюю с ней клетку"
                         r"(?=$|[ ,—])")


#: «когда ваше существо наносит сильный простой удар» (30-140)
_DEALS_STRIKE = re.compile(r"наносит (?P<s>слабый|средний|сильный) простой удар(?=$|[ ,—])")
#: «когда получает третью фишку» (10-178): the gain that brings its counters to that many.
_NTH_COUNTER = re.compile(r"получает (?P<n>вторую|третью) фишку(?=$|[ ,—])")
_NTH_COUNTERS = {"вторую": 2, "третью": 3}
#: «когда на Эвтерпе становится 3 или более фишек» (40-126): a gain that brings its counters from
#: fewer to that many or more.
_BECOMES_COUNTERS = re.compile(r"на " + re.escape(SELF) + r" становится (?P<n>\d+) или более фишек"
                               r"(?=$|[ ,—])")


def _verb_heads(text: str) -> Iterator[Reading]:
    becomes = _BECOMES_COUNTERS.match(text)
    if becomes:
        yield When(event="gains", item="counter", reaches=int(becomes.group("n"))), \
            text[becomes.end():]
        return
    near = _COMES_NEAR.match(text)
    if near:
        for when, rest in _verb_heads(f"{near.group('who')} {near.group('verb')}"
                                      + text[near.end():]):
            if isinstance(when.subject, Selector) and when.from_ is None and when.to is None \
                    and when.event in ("move", "relocate"):
                yield replace(when, from_=Cell(not_next_to="self"), to=Cell(next_to="self")), rest
        return
    swap = _SWAP.match(text)
    if swap:  # «когда карты на поле боя меняются местами» (40-85): any two cards swap places
        yield When(event="swap", subject=Selector(what="card")), text[swap.end():]
        return
    roll = _ROLL_OF.match(text)
    if roll:  # «когда бросок кубика вашего существа равен 6»
        for subject, rest in _subjects(text[roll.end():]):
            m = _ROLL_IS.match(rest)
            if m and subject != "self":
                yield When(event="roll", subject=subject,
                           condition=DieRoll(values=(int(m.group("v")),))), rest[m.end():]
            m = _ROLL_THAN.match(rest)
            if m and subject != "self":  # «больше его стоимости» (40-218): the roller's
                than = XValue(count=_ROLL_MEASURES[m.group("what")], of="that")
                die = DieRoll(above=than) if m.group("cmp") == "больше" else DieRoll(at_most=than)
                yield When(event="roll", subject=subject, condition=die), rest[m.end():]
        return
    for subject, rest in _subjects(" " + text, "nomn"):
        rest = rest.removeprefix(" ")
        m = _X_WOUNDS.match(rest)
        if m:  # «когда получает x ран от …», «когда должен получить x ран … вместо этого»
            base = When(event="wounded", subject=subject,
                        timing="instead" if m.group("must") else "on")
            for hit, after in _from_attack(base, rest[m.end():]):
                if hit.attack is not None and hit.attack.by == "self":
                    continue  # «от отравления Руины Уорлога могут …» (20-109): whose poison?
                if m.group("must"):
                    instead = _instead_end(after)
                    if instead is not None:
                        yield hit, instead
                else:
                    yield hit, after
            continue
        m = _BLOCKS.match(rest)
        if m:  # «когда блокирует атаку по себе» (30-158)
            yield When(event="blocks", subject=subject, attack=Attack(kind="attack"),
                       target="self"), rest[m.end():]
            continue
        m = _COUNTERED.match(rest)
        if m:  # «когда ваше существо получает ответный простой удар»
            yield When(event="attacked", subject=subject,
                       attack=Attack(kind="counterstrike")), rest[m.end():]
            continue
        m = _AT_LEAST.match(rest)
        if m:  # «когда получает 3 или более раны от одной атаки» (20-58)
            tail = rest[m.end():]
            one = _ONE_ATTACK.match(tail)
            tail = " от " + tail[one.end():] if one else tail
            yield When(event="wounded", subject=subject, at_least=int(m.group("wounds"))), tail
            continue
        m = _DEALS_AT_LEAST.match(rest)
        if m:  # «когда ваше существо наносит 4 или более раны немагической атакой» (20-92)
            base = When(event="wounds", subject=subject, at_least=int(m.group("n")))
            for attack, more in _options(rest[m.end():], _ATTACKED_BY):
                yield (replace(base, attack=attack) if attack else base), more
            continue
        m = _DEALS_TO_SELF.match(rest)
        if m and subject != "self":  # «когда карта противника наносит этому существу раны» (40-25)
            yield When(event="wounds", subject=subject, target="self"), rest[m.end():]
            continue
        m = _FIGHTS.match(rest)
        if m:  # «когда в свой ход сражается с открытым существом противника» (50-174)
            base = When(event="fights", subject=subject,
                        turn="own" if m.group("own") else None)
            tail = rest[m.end():]
            with_ = re.match(r" со? (?=[а-я])", tail)
            if with_:  # «… с открытым существом противника»: whom it fights
                for whom, more in _phrases(tail[with_.end() - 1:], "ablt"):
                    if isinstance(whom, Selector):
                        yield replace(base, target=whom), more
            else:
                yield base, tail
            continue
        m = _TWO_FIGHT.match(rest)
        if m and subject == "self":  # «когда сражаются два открытых существа» (20-22)
            both = Selector(flags=("open",))
            yield When(event="fights", subject=both, target=both), rest[m.end():]
            continue
        m = _LOSES_AT_LEAST.match(rest)
        if m:  # «когда ваша карта единовременно теряет 2 или более фишек» (20-40)
            yield When(event="loses", subject=subject, item="counter",
                       at_least=int(m.group("n"))), rest[m.end():]
            continue
        m = _MUST_EXACTLY.match(rest)
        end = _INSTEAD_AT_END.search(rest) if m else None
        if m and end:  # «когда … должно получить ровно 1 рану ранить … вместо этого» (40-133)
            n = int(m.group("n"))
            yield When(event="wounded", subject=subject, timing="instead", at_least=n,
                       at_most=n), rest[m.end():end.start()] + rest[end.end():]
            continue
        m = _MUST_LIVES.match(rest)
        end = _INSTEAD_OF_IT.search(rest) if m else None
        if m and end:  # «… должен получить x дополнительных жизней … вместо него» (40-180)
            yield When(event="gains", subject=subject, item="extra_life", timing="instead"), \
                rest[m.end():end.start()]
            continue
        m = _EATEN_HEAL.match(rest)
        if m:  # «когда излечивается на 3 и более в результате трупоедства» (50-88)
            yield When(event="corpse_eating", subject=subject, at_least=int(m.group("n"))), \
                rest[m.end():]
            continue
        m = _FINISHING.match(rest)
        if m:  # «когда ваша карта выполняет добивание на х» (40-104)
            yield When(event="finishing", subject=subject), rest[m.end():]
            continue
        m = _X_HEAL.match(rest)
        instead = _instead_end(rest[m.end():]) if m else None
        if instead is not None:  # «когда должен излечиться на x вместо этого …»
            yield When(event="heal", subject=subject, timing="instead"), instead
            continue
        replaced = list(_replaced(subject, rest))
        if replaced:  # «когда существо противника с отравлением должно получить отравление …»
            yield from replaced
            continue
        m = _THROWS.match(rest)
        if m:  # «когда карта противника выбрасывает на кубике 6»
            yield When(event="roll", subject=subject,
                       condition=DieRoll(values=(int(m.group("v")),))), rest[m.end():]
            continue
        m = _DEALS_STRIKE.match(rest)
        if m:  # «когда ваше существо наносит сильный простой удар» (30-140): its strike of that
            # strength, as «при сильном простом ударе вашего существа»
            word = m.group("s")
            strength = _STRENGTHS[word[:4] if word.startswith("слаб") else word[:5]]
            yield When(event="attack", subject=subject,
                       attack=Attack(kind="simple_strike", strength=(strength,))), rest[m.end():]
            continue
        m = _NTH_COUNTER.match(rest)
        if m:  # «когда получает третью фишку» (10-178)
            yield When(event="gains", subject=subject, item="counter",
                       reaches=_NTH_COUNTERS[m.group("n")]), rest[m.end():]
            continue
        m = re.match(r"(" + "|".join(_ITEMS) + r")(?=$|[ ,—])", rest)
        if m:  # «когда существо противника получает фишку»
            event, item = _ITEMS[m.group(1)]
            yield When(event=event, subject=subject, item=item), rest[m.end():]
            continue
        m = _MOVING.match(rest)
        if m:  # «когда закрывается, чтобы переместить вашу боевую машину»
            machine = Selector(what="card", side="own" if m.group("own") else "any",
                               classes=("Боевая машина",))
            yield When(event="closes", subject=subject, moving=machine), rest[m.end():]
            continue
        m = re.match(r"(?:получает|получают) (" + "|".join(_GAINED) + r")(?=$|[ ,—])", rest)
        if m:  # «когда получает благословление»
            yield When(event="gains", subject=subject, keyword=_GAINED[m.group(1)]), \
                rest[m.end():]
            continue
        m = re.match(r"(" + "|".join(sorted(_VERBS, key=len, reverse=True)) + r")(?=$|[ ,—])",
                     rest)
        if not m:
            continue
        event = _VERBS[m.group(1)]
        if m.group(1) in _PLURAL_VERBS and (subject != "self" or not self_plural()):
            continue
        tail = rest[m.end():]
        base = When(event=event, subject=subject)
        other = re.match(r" или (" + "|".join(sorted(_VERBS, key=len, reverse=True))
                         + r")(?=$|[ ,—])", tail)
        if other and event in _ALTERNATIVE_EVENTS:  # «погружается или всплывает»
            also = _VERBS[other.group(1)]
            if also not in _ALTERNATIVE_EVENTS or also == event:
                continue
            first, second = sorted((event, also), key=_EVENT_ORDER.index)
            yield replace(base, event=first, also=(second,)), tail[other.end():]
            continue
        if event == "destroys":
            yield from _nth_destroyed(base, tail)
            yield from _destroyed(base, tail)
        elif event == "moves_other":  # «когда ваша карта перемещает карту противника» (30-107)
            for moved, more in _phrases(tail, "accs"):
                if isinstance(moved, Selector):
                    yield replace(base, target=moved), more
        elif event == "wounds":  # «когда … наносит раны простой удар» ({strike}: «простым ударом»)
            for kind, more in _options(tail, _DESTROYED_BY):
                yield replace(base, attack=Attack(kind=kind) if kind else None), more
        elif event == "defend":  # «когда выступает защитником вашему существу с вальхаллой»
            for whom, more in _phrases(tail, "datv"):
                if isinstance(whom, Selector) or whom == "host":
                    yield replace(base, target=whom), more
            yield base, tail
        elif event in ("assault", "attacked"):
            if event == "attacked":  # «когда атакован дальней атакой» (10-189)
                for attack, more in _options(tail, _ATTACKED_BY):
                    if attack is not None:
                        yield replace(base, attack=attack), more
            if event == "assault":
                m = re.match(r" не на " + re.escape(SELF) + r"(?=$|[ ,—])", tail)
                if m:  # «когда стоящая рядом карта противника нападает не на Мимика» (40-203):
                    # at any card but this one
                    yield replace(base, target=Selector(what="card", other=True)), \
                        tail[m.end():]
                    continue
            for kind, more in _options(tail, _ASSAULT_ATTACKS):
                yield replace(base, attack=Attack(kind=kind) if kind else None), more
        else:
            opening = _NOT_AT_TURN_START.match(tail) if event == "opens" else None
            if opening:  # «когда открывается (кроме открытия в начале своего хода)» (20-106)
                yield replace(base, not_at_turn_start=True), tail[opening.end():]
                continue
            yield base, tail


#: «(кроме открытия в начале своего хода)» after «открывается»: not the opening every card makes
#: at the start of its own turn (20-106).
_NOT_AT_TURN_START = re.compile(r" \(кроме открытия в начале своего хода\)(?=$|[ ,—])")


def _destroyed(base: When, text: str) -> Iterator[Reading]:
    """«когда уничтожает карту противника»: what is destroyed; with what attack, before or
    after it («уничтожает выстрелом карту противника», «уничтожает карту выстрелом»)."""
    for before, text_ in _options(text, _DESTROYED_BY):
        for target, rest in _phrases(text_):
            if not isinstance(target, Selector):
                continue
            afters = list(_options(rest, _DESTROYED_BY))
            for after, more in afters if before is None else [(None, rest)]:
                kind = before or after
                yield replace(base, target=target,
                              attack=Attack(kind=kind) if kind else None), more


#: «уничтожает второе существо противника за бой» (20-135): the ordinal of what is destroyed.
_NTH_DESTROYED = re.compile(r" (?P<n>втор|трет)(?:ое|ую|ье|ью) (?=существо|карту)")
_NTH_PER = re.compile(r" за (?P<per>ход|бой)(?=$|[ ,—])")


def _nth_destroyed(base: When, text: str) -> Iterator[Reading]:
    """«когда уничтожает второе существо противника за бой»: the second such card destroyed
    in a battle is the second time of the event (``nth``)."""
    m = _NTH_DESTROYED.match(text)
    if not m:
        return
    count = {"втор": 2, "трет": 3}[m.group("n")]
    for when, rest in _destroyed(base, " " + text[m.end():]):
        per = _NTH_PER.match(rest)
        if per and when.attack is None:
            nth = Nth(count=count, per="turn" if per.group("per") == "ход" else "battle")
            yield replace(when, nth=nth), rest[per.end():]


#: The attack a card destroys with (instrumental; «простой удар», «удар через ряд»: the
#: database's {strike}, {uchr} in that place).
_DESTROYED_BY: dict[str, AttackKind] = {**_ASSAULT_ATTACKS, "простой удар": "simple_strike",
                                        "удар через ряд": "through_row",
                                        "атакой": "attack"}  # «уничтожает атакой карту …» (40-19)


# --- qualifiers after the head


def _qualified(when: When, text: str) -> Iterator[Reading]:
    """``when`` with the qualifiers that follow it: «по …», «через …», «в свой ход», cells of a
    move."""
    for aimed, rest in (pair for pair in _aimed(when, text) for pair in _over(*pair)):
        for turn, more in _options(rest, _TURNS):
            subject = aimed.subject
            if turn and rest.lstrip().startswith("в свой ход") and isinstance(subject, Selector) \
                    and subject.side == "enemy":
                turn = "enemy"  # «существо противника закрывается в свой ход»: the enemy's turn
            found = replace(aimed, turn=turn) if turn else aimed
            if found.event in ("attack", "miss") and more.startswith(" в нападении") \
                    and _ends(more, len(" в нападении")):
                found, more = replace(found, in_assault=True), more[len(" в нападении"):]
            if found.event in _MOVES:
                yield from _cells(found, more)
            elif found.event in ("death", "wounded") and found.attack is None:
                for hit, after in _from_attack(found, more):
                    if hit.turn is None and hit.attack is not None:
                        # «когда получает раны от атаки карты противника в ход противника»
                        for late, tail in _options(after, _TURNS):
                            if late is not None:
                                yield replace(hit, turn=late), tail
                    yield hit, after
            else:
                yield found, more


#: «может», «могут» after the card's name: the name is the verb's subject.
_MAY = re.compile(r" (?:может|могут)(?= )")


def _from_attack(when: When, text: str) -> Iterator[Reading]:
    """«при гибели от атаки карты противника», «когда получает раны от отравления»: the attack
    a card dies or is wounded from (one attack, with whose it is: the longest phrase read);
    else none."""
    if text.startswith(" от "):
        words = text[4:].split(" ")
        for n in range(min(len(words), 8), 0, -1):
            phrase = " ".join(words[:n])
            if "," in phrase[:-1]:
                continue
            if phrase.endswith(SELF) and _MAY.match(text[4 + len(phrase):]):
                continue  # «от отравления Руины Уорлога могут …» (20-109): the name is the
                # subject of «могут», not whose poison it is
            attacks, rest = genitive_attacks(phrase.rstrip(","))
            if len(attacks) == 1 and not rest and _by_genitive(phrase.rstrip(",").split(" ")):
                yield replace(when, attack=attacks[0]), text[4 + len(phrase.rstrip(",")):]
                return
    yield when, text


def _aimed(when: When, text: str) -> Iterator[Reading]:
    """«при ударе по существу с проклятием» (target), «при ударе по Слизи» (attacked); «при
    нападении … на карту с проклятием» (40-84: what the assault is aimed at, accusative)."""
    if when.event == "assault" and text.startswith(" на "):
        for whom, rest in _phrases(text[len(" на"):], "accs"):
            if isinstance(whom, Selector) or (whom == "self" and isinstance(when.subject, Selector)):
                # «когда существо противника нападает простым ударом на Ассасина Храма» (50-213):
                # another card's assault at the card itself
                yield replace(when, target=whom), rest
                return
    if when.attack is not None and when.event == "attack" and text.startswith(" по "):
        words = text[4:].split(" ")
        for n in range(min(len(words), 8), 0, -1):
            phrase = " ".join(words[:n]).rstrip(",")
            rest = text[4 + len(phrase):]
            if phrase == SELF and when.subject == "self":
                yield replace(when, event="attacked", subject="self"), rest
                return
            if phrase == SELF and isinstance(when.subject, Selector):
                # «при ударе существа противника по Детям топи» (10-108): whose attack at itself
                yield replace(when, event="attacked", subject="self",
                              attack=replace(when.attack, by=when.subject)), rest
                return
            target = dative_target(phrase) if phrase != SELF else None
            if isinstance(target, Selector) and target.or_self and target.of == "that" \
                    and phrase.startswith(SELF + " или "):
                # «по Электроманту или вашей стоящей рядом с ним карте» (50-179): «ним» is the
                # card named just before, itself
                target = replace(target, of="self")
            if target == "host" and when.subject == "self":
                # «при дальней атаке по хозяину» (50-185): a symbiote does not attack its own
                # host, so it is the host attacked, as «Когда хозяин атакован дальней атакой»
                yield replace(when, event="attacked", subject="host"), rest
                return
            if isinstance(target, Selector) and when.subject == "self" \
                    and when.attack == Attack(kind="attack", reach="ranged"):
                # «при дальней атаке по существу, стоящему рядом с Сайкороном он может
                # телепортироваться … рядом с атаковавшим» (10-153): a ranged attack named by its
                # reach alone is any card's, as «при дальней атаке по хозяину» is not the
                # symbiote's own (every such phrase of the database is another card's attack)
                yield replace(when, subject=Selector(what="card"), target=target), rest
                return
            if target is not None and (when.subject == "self" or isinstance(when.subject, Selector)):
                # «при атаке существа противника по вашему закрытому болотному существу» (20-110)
                yield replace(when, target=target), rest
                return
    yield when, text


def _over(when: When, text: str) -> Iterator[Reading]:
    """«при ударе через ряд через ваше существо»: the cell the strike passes over, occupied by
    the card named (in the accusative); else none. («через свободную клетку» is not read: the
    effects then say «на нее», a cell the vocabulary cannot name.)"""
    if when.attack is not None and when.attack.kind == "through_row" \
            and text.startswith(" через "):
        free = re.match(r" через свободную клетку(?=$|[ ,—])", text)
        if free:  # «при ударе через ряд через свободную клетку» (20-38; the effects' «на нее» is
            yield replace(when, over=Cell(free=True)), text[free.end():]  # that cell)
        for who, rest in _phrases(text[len(" через") :], "accs"):
            if isinstance(who, Selector):
                yield replace(when, over=Cell(occupied_by=who)), rest
    yield when, text


def _cells(when: When, text: str) -> Iterator[Reading]:
    """«на соседнюю клетку», «на клетку третьего ряда противника», «с вашей половины поля боя
    на половину поля боя противника»; «по диагонали» (20-72: a move along a diagonal) and
    «другой картой» (20-60: moved by another card) before them."""
    m = re.match(r" по диагонали(?=$|[ ,—])", text)
    if m and not when.diagonal:
        yield from _cells(replace(when, diagonal=True), text[m.end():])
        return
    m = re.match(r" другой картой(?=$|[ ,—])", text)
    if m and not when.by_other and when.event == "relocate":  # «при перемещении Кугхора другой
        yield from _cells(replace(when, by_other=True), text[m.end():])  # картой» (20-60)
        return
    m = re.match(r" на соседнюю клетку", text)
    if m:
        yield replace(when, to=Cell(adjacent=True)), text[m.end():]
        return
    m = re.match(r" на клетку(?= (?:воздействие|заклинание|ранить) )", text)
    if m and when.event == "move":  # «При движении на клетку воздействие …» (20-144): each cell
        yield when, text[m.end():]  # of the path, as «При движении»
        return
    m = re.match(r" на клетку (?P<way>вперед|назад)", text)
    if m:  # «Когда передвигается на клетку назад закрывается» (40-53)
        ahead = m.group("way") == "вперед"
        yield replace(when, to=Cell(forward=ahead, backward=not ahead)), text[m.end():]
        return
    m = re.match(r" на соседнюю с " + SELF + r" (?P<free>свободную )?клетку", text)
    if m:  # «на соседнюю с Синим драконом свободную клетку»
        yield replace(when, to=Cell(next_to="self", free=bool(m.group("free")))), text[m.end():]
        return
    m = re.match(r" на клетку, рядом с которой (?:стоит|стоят)(?= )", text)
    if m:  # «на клетку, рядом с которой стоит ваше существо стоимостью 7 или более»
        for who, rest in _phrases(text[m.end():], "nomn"):
            if isinstance(who, Selector):
                yield replace(when, to=Cell(next_to=who)), rest
        return
    m = re.match(r" на клетку,? ?(?P<how>занятую|рядом с)(?= )", text)
    if m:
        occupied = m.group("how") == "занятую"
        for who, rest in _phrases(text[m.end():], "ablt"):
            if isinstance(who, Selector) or who == "self":
                cell = Cell(occupied_by=who) if occupied else Cell(next_to=who)
                yield replace(when, to=cell), rest
        return
    m = re.match(r" на клетку с(?= )", text)
    if m and when.to is None:
        for who, rest in _phrases(text[m.end():], "ablt"):
            if isinstance(who, Selector) and who.what == "cell" and who.side == "any":
                # «перемещается на клетку с маркером «гнили»» (30-145): a cell with that marker
                yield replace(when, to=Cell(markers=who.markers)), rest
            elif isinstance(who, Selector) and who.what != "cell" and not who.all:
                # «При перемещении на клетку с вашим духом он может …» (30-117): a cell the
                # card described stands on, as «на клетку, занятую вашим духом»
                yield replace(when, to=Cell(occupied_by=who)), rest
        return
    m = re.match(r" (?P<way>с клетки|на клетку) позади " + re.escape(SELF) + r"(?=$|[ ,—])", text)
    if m and when.subject != "self":  # «при перемещении существа противника с клетки позади
        cell = Cell(behind="self")  # Скорпиона» (40-195): the cell behind the card itself
        yield (replace(when, from_=cell) if m.group("way") == "с клетки"
               else replace(when, to=cell)), text[m.end():]
        return
    m = re.match(r" с клетки с (?P<m>" + "|".join(MARKER_NOUNS) + r")(?=$|[ ,—])", text)
    if m and when.from_ is None:  # «при перемещении карты противника с клетки с омутом» (40-141)
        yield replace(when, from_=Cell(markers=(MARKER_NOUNS[m.group("m")],))), text[m.end():]
        return
    m = re.match(r" с соседней(?: с " + re.escape(SELF) + r")? клетки(?=$|[ ,—])", text)
    if m and when.subject != "self" and when.from_ is None:
        # «при перемещении существа противника с соседней клетки» (30-116): off a cell next to
        # the card itself, as «с соседней с Огненным импом клетки» (10-138)
        yield replace(when, from_=Cell(next_to="self")), text[m.end():]
        return
    m = re.match(r" на клетку в одном ряду с(?= )", text)
    if m:  # «на клетку в одном ряду с Терновой изгородью» (40-94): a cell of that card's row
        for who, rest in _phrases(text[m.end():], "ablt"):
            if (isinstance(who, Selector) and not who.all) or (who == "self" and when.subject != "self"):
                yield replace(when, to=Cell(same_row=who)), rest
        return
    m = re.match(r" на клетку столбца, в котором стоит " + re.escape(SELF) + r"(?=$|[ ,—])", text)
    if m and when.subject != "self":  # «когда существо противника перемещается на клетку
        # столбца, в котором стоит Цветок лотоса» (30-70): a cell of the card's own column
        yield replace(when, to=Cell(same_column="self")), text[m.end():]
        return
    m = re.match(r" на клетку (" + "|".join(_REGIONS) + r")", text)
    if m:
        yield replace(when, to=Cell(region=_REGIONS[m.group(1)])), text[m.end():]
        return
    m = re.match(r" на (" + "|".join(_HALVES) + r") с соседней с " + re.escape(SELF)
                 + r" клетки(?=$|[ ,—])", text)
    if m:  # «на половину поля боя противника с соседней с Огненным импом клетки» (10-138)
        yield replace(when, from_=Cell(next_to="self"), to=Cell(region=_HALVES[m.group(1)])), \
            text[m.end():]
        return
    m = _FROM_ITS_HALF.match(text)
    if m and when.subject == "self":
        yield from _mover_after(when, m, text[m.end():])
        return
    m = re.match(r" с (?:клетки )?(" + "|".join(_REGIONS) + r") на (?:клетку )?("
                 + "|".join([*_REGIONS, *_HALVES]) + r")(?P<rev> или наоборот)?", text)
    if m:
        to = _REGIONS.get(m.group(2)) or _HALVES[m.group(2)]
        yield replace(when, from_=Cell(region=_REGIONS[m.group(1)]), to=Cell(region=to),
                      reverse=bool(m.group("rev"))), text[m.end():]
        return
    yield when, text


#: «со своей половины поля боя на свободную клетку вашего первого ряда», «… на половину поля
#: боя противника»: «своей» is the half of the mover, named after the cells (30-42, 30-4).
_FROM_ITS_HALF = re.compile(r" со своей половины поля боя на (?:(?P<free>свободную )?клетку (?P<region>"
                            + "|".join(_REGIONS) + r")|(?P<half>" + "|".join(_HALVES) + r"))"
                            r"(?=$|[ ,—])")


def _mover_after(when: When, m: re.Match[str], text: str) -> Iterator[Reading]:
    """«При передвижении со своей половины поля боя на свободную клетку вашего первого ряда
    существо противника закрывается» (30-42): with no mover before the cells, «своей» is the
    half of the card named right after them, the subject of the event and of the verb that
    follows (read as «оно …»: that card). Its side says which half is its own; a card of
    either side is not read."""
    to = Cell(free=bool(m.group("free")),
              region=_REGIONS[m.group("region")] if m.group("region") else _HALVES[m.group("half")])
    for who, rest in _phrases(text, "nomn"):
        if not isinstance(who, Selector) or who.side == "any" or who.all or who.up_to:
            continue
        its_half: Region = "own_half" if who.side == "own" else "enemy_half"
        if re.match(r" [а-я]+(?:ет|ит|ется|ится)(?=$|[ ,—])", rest):  # a verb of the present
            yield replace(when, subject=who, from_=Cell(region=its_half), to=to), " оно" + rest


def _by_genitive(words: list[str]) -> bool:
    """Whether the words after the attack noun (whose attack it is) are in the genitive:
    «от атаки карты противника», not «от ближней атаки атаковавший получает …»."""
    for m in range(1, len(words) + 1):
        attacks, rest = genitive_attacks(" ".join(words[:m]))
        if len(attacks) == 1 and not rest:
            return m == len(words) or _in_case(" ".join(words[m:]).rstrip(","), "gent")
    return False


# ---------------------------------------------------------------------------------------------


#: A comparison of costs inside a phrase (selectors.py reads it).
_THAN = re.compile(r" большей стоимости, чем (?:оно|он|она) (?:само|сам|сама)"
                   r"(?: \(без учета элитности\))?(?=$|[ ,])")


def _phrases(text: str, case: str | None = None) -> Iterator[tuple[Target, str]]:
    """Each phrase naming cards at the start of ``text`` (after a space), the longest first;
    with ``case`` (``gent``, ``ablt`` …) only a phrase whose words may be in it, up to a
    preposition («с проклятием», «стоимостью 4 …» are complements in cases of their own): so
    «рядом с существом с проклятием стоящее рядом …» ends before «стоящее»."""
    if not text.startswith(" "):
        return
    words = text[1:].split(" ")
    # «карту противника большей стоимости, чем оно само (без учета элитности)» (20-14): a
    # comparison's «, чем …» is inside the phrase
    than = _THAN.search(text)
    longest = 8 + (len(than.group(0).split(" ")) - 3 if than else 0)
    # «при гибели существа (кроме летающих, бестелесных, Скелетов и симбиотов)» (20-164): the
    # bracket is inside the phrase, its commas and its genitives too
    but = _EXCEPT_BRACKET.search(text)
    longest += len(but.group(0).split(" ")) - 1 if but else 0
    for n in range(min(len(words), longest), 0, -1):
        phrase = " ".join(words[:n])
        bare = phrase
        if but and "(кроме" in phrase:
            if but.group(0) not in " " + phrase:
                continue  # a bracket begun, not ended
            bare = (" " + phrase).replace(but.group(0), "", 1).strip()
        if bare[:-1].replace(", чем ", " чем ").count(",") or not bare.strip(","):
            continue  # a phrase ends at a comma
        phrase = phrase.rstrip(",")
        if case is not None and not _in_case(bare.rstrip(","), case):
            continue
        found: Target | None = "self" if phrase == SELF else described(phrase)
        if found is not None:
            yield found, text[1 + len(phrase):]


#: «(кроме …)» after a noun of a phrase naming cards (selectors.py reads it).
_EXCEPT_BRACKET = re.compile(r" \(кроме [^()]+\)(?= |$)")


#: Words after which a complement in a case of its own follows («с проклятием», «без ран»,
#: «стоимостью 4 или менее»), and words of no case.
_COMPLEMENTS = {"с": "ablt", "со": "ablt", "обладающим": "ablt", "обладающих": "ablt",
                "обладающего": "ablt", "обладающей": "ablt", "без": "gent", "стоимостью": "",
                # «существо противника в одном столбце со Стражем Тоа-Дана» (21-2)
                "в": "loct", "во": "loct"}
_CASELESS = frozenset({"противника", "рядом", "напротив", "или", "и", "более", "менее",
                       "больше", "меньше", SELF})


def _in_case(phrase: str, case: str) -> bool:
    inner: str | None = None  # the case of the complement being read, if any
    for word in phrase.replace(",", "").split(" "):
        if word in _COMPLEMENTS:
            inner = _COMPLEMENTS[word]
            continue
        if word in _CASELESS or word.isdigit():
            continue
        if inner is not None:
            if inner and may_be(word, inner):
                continue
            inner = None
        if not may_be(word, case):
            return False
    return True


def _subjects(text: str, case: str = "gent") -> Iterator[tuple[Target, str]]:
    """Whose event: a phrase in ``case`` (genitive after a noun: «при гибели вашего существа»,
    nominative before a verb: «когда ваше существо получает раны») naming a card, the host or
    the card itself; or none (the card itself)."""
    for who, rest in _phrases(text, case):
        if isinstance(who, Selector) or who in ("self", "host", "companion"):
            yield who, rest
    yield "self", text


def _options(text: str, table: Mapping[str, T], *, spaced: bool = True
             ) -> Iterator[tuple[T | None, str]]:
    """Each entry of ``table`` that starts ``text`` (after a space), the longest first, then
    none."""
    lead = " " if spaced else ""
    for phrase in sorted(table, key=len, reverse=True):
        if text.startswith(lead + phrase) and _ends(text, len(lead + phrase)):
            yield table[phrase], text[len(lead + phrase):]
    yield None, text

