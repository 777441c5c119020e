"""Effect parsers: the start of a normalised clause → (effect, the rest), or None.

Each parser is anchored at the start of its text and reads one effect; the same parsers serve
an activated ability's body and a trigger's effects.

>>> ranged("метание «магмы» на 1, дальность 4 (2 раза за ход)")
(Throw(values=(1, 1, 1), range=4, name='магмы'), ' (2 раза за ход)')
>>> gets("атакованный получает отравление на 1")
(Keyword(code='psn', value=1, target='attacked'), '')
>>> heal("излечить до трех ваших лесных существ на 1")
(Heal(value=1, target=Selector(side='own', up_to=3, elements=('Леса',))), '')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, Literal, cast

from bot.corpus.abilities import (
    Amount,
    Attack,
    AttackBonus,
    BecomeElement,
    BecomesArtefact,
    BecomesCreature,
    BecomeSymbiote,
    Block,
    Cell,
    CellZone,
    ChangeControl,
    Choice,
    Choose,
    Close,
    Countable,
    Counters,
    Crystals,
    Delayed,
    Destroy,
    DieResult,
    Discharge,
    Effect,
    Exile,
    Fight,
    GainClass,
    Heal,
    Jump,
    Keyword,
    KeywordBonus,
    KeywordCode,
    Land,
    Limit,
    Lose,
    Marker,
    Move,
    Open,
    Per,
    Prevent,
    Prophecy,
    Protection,
    RestoreArmor,
    Resurrect,
    Selector,
    Shot,
    StaysClosed,
    StaysOpen,
    Strike,
    Summon,
    Swap,
    SwapStrikes,
    SwapTwo,
    SymbioteRole,
    Target,
    Teleport,
    Throw,
    ToDeck,
    ToGraveyard,
    Transfer,
    Until,
    Values,
    When,
    Wound,
    Zone,
)
from bot.importers.abilities.attacks import genitive_attacks
from bot.importers.abilities.modifiers import bonus_attacks, marker, modifier, per_card
from bot.importers.abilities.modifiers import protection as protection_of
from bot.importers.abilities.selectors import dative_target, described, noun_phrase, ref, target
from bot.importers.abilities.text import SELF, self_name
from bot.importers.abilities.words import (
    CELL_REGIONS,
    CELL_REGIONS_IN,
    ELEMENTS,
    KEYWORD_DATIVE,
    KEYWORDS,
    NUMBERS,
    RANGED_KINDS,
    STRIKE_KINDS,
    UNTIL,
    X_AMOUNT,
    alternation,
    amount,
)

__all__ = ["ACTIONS", "TRIGGERED", "Many", "bonus_attacks", "first_effect", "gain_counters",
           "take_limit"]

EffectParser = Callable[[str], "tuple[Effect, str] | None"]

# «на X» (defined by the frame's «где X …»), «на X+1» (X arithmetic: words.X_AMOUNT)
_VALUES = r"(\d+(?:-\d+-\d+)?|" + X_AMOUNT + r"(?![+\d-]))"
# «метание «магмы»», «метание снежного кома», «выстрел плевок слизью» (up to three words)
_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+(?:-[а-я]+)?(?: [а-я]+(?:-[а-я]+)?){0,2})\s+)?"
_STRIKE_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+(?:\s+[а-я]+)?)\s+)?"
# the name only after a space (so «выстрелом излечивается на 2» is no shot); «разрядна 2»: the
# database lost the space
_RANGED = re.compile(r"(метание|выстрел|разряд)(?:\s+" + _NAME + r"|(?=на\s))на\s+" + _VALUES
                     + r"(?:\s*,\s*дальность\s+(\d+))?")
_STRIKE = re.compile(r"(удар через ряд|\{uchr\}|магический удар|\{mht\}|особый удар)"
                     r"(?:\s+|(?=на\s))" + _STRIKE_NAME + r"на\s+" + _VALUES)
_LIMIT = re.compile(r"\(?\s*(?:не более\s+|до\s+)?(\d+|один|одна|два|две|три|четыре)\s+раза?"
                    r"\s+(?:за|в)\s+(ход|бой)а?\s*\)?")
_RANGED_CLASSES: dict[str, type[Throw | Shot | Discharge]] = {
    "throw": Throw, "shot": Shot, "discharge": Discharge}
_UNTIL_RE = r" до конца (?P<until>" + alternation(UNTIL) + r")(?=$|[ ,.;)])"
_END = r"(?=$|[ ,.;)])"


def values(raw: str) -> Values:
    """«1-2-3» → (1, 2, 3); «2» → (2, 2, 2)."""
    if raw.startswith("x"):
        x = amount(raw)
        return (x, x, x)
    if "-" in raw:
        weak, medium, strong = (int(v) for v in raw.split("-"))
        return (weak, medium, strong)
    return (int(raw), int(raw), int(raw))


def quoted_name(raw: str | None) -> str | None:
    return raw.strip("«»\"") if raw else None


def take_limit(text: str) -> tuple[Limit | None, str]:
    """«(2 раза за ход)» anywhere in ``text`` → the limit and the text without it."""
    m = _LIMIT.search(text)
    if not m:
        return None, text
    word = m.group(1)
    count = int(word) if word.isdigit() else NUMBERS[word]
    limit = Limit(count=count, per="turn" if m.group(2) == "ход" else "battle")
    return limit, text[: m.start()] + text[m.end():]


# ---------------------------------------------------------------------------------------------
# Attacks and ways of moving


def ranged(text: str) -> tuple[Effect, str] | None:
    """«метание «магмы» на 1, дальность 4», «выстрел на 1-2-3»; «[и] объявить разряд на Х»
    (40-104): the attack declared."""
    text = text.removeprefix("объявить ")
    m = _RANGED.match(text)
    if not m:
        return None
    cls = _RANGED_CLASSES[RANGED_KINDS[m.group(1)]]
    rng = int(m.group(4)) if m.group(4) else None
    rest = text[m.end():]
    near = _ADJACENT_TOO.match(rest)
    if near:
        rest = rest[near.end():]
    aim, rest = _aimed(rest, refs_only=True)
    ahead = _AHEAD.match(rest)
    if ahead:
        rest = rest[ahead.end():]
    effect = cls(values=values(m.group(3)), range=rng, name=quoted_name(m.group(2)), target=aim,
                 adjacent=bool(near), ahead=bool(ahead))
    return cast(Effect, effect), rest


#: «Метание на 2-3-4, только вперед по прямой» (30-11): at a card in its column ahead of it.
_AHEAD = re.compile(r", только вперед по прямой" + _END)


#: «(в том числе по карте рядом)»; the database lost the closing bracket of 30-54 («(в том
#: числе по карте рядом, затем переместиться …»): the comma goes on to the next effect.
_ADJACENT_TOO = re.compile(r"\s*\(\s*в том числе по карте рядом\s*(?:\)|(?=,\s*затем [^()]*$))")
#: Where the card an attack is aimed at may end.
_AIM_END = re.compile(r"(?=,|;| \(| и |$)")


def _aimed(rest: str, *, refs_only: bool = False) -> tuple[Target | None, str]:
    """« по атаковавшему», « по карте напротив», « в ту же цель» after an attack: whom it is
    aimed at (the same target as the attack that fired the trigger is ``attacked``).
    ``refs_only``: a ranged attack is aimed only at a fixed participant here — a described
    target («только по летающим») restricts a declared attack, which the checks must apply,
    so it stays unread; but a card placed relative to the attacked one («по карте, стоящей
    рядом с атакованным», 40-9) is who a triggered attack hits, no declared attack's limit."""
    # «выстрел на 1 по цели атаки» (30-182): at the card the attack that fired it is aimed at
    same = re.match(r" (?:в ту же цель|по той же цели|по цели атаки)" + _END, rest)
    if same:
        return "attacked", rest[same.end():]
    if not rest.startswith(" по "):
        return None, rest
    for stop in sorted((e.start() for e in _AIM_END.finditer(rest, 4)), reverse=True):
        whom = described(rest[4:stop])
        if whom is not None and (isinstance(whom, str) or not refs_only
                                 or _by_attacked(whom)):
            if isinstance(whom, Selector) and _EACH.match(rest, 4):
                whom = dataclasses.replace(whom, all=True)  # one attack at each of them
            return whom, rest[stop:]
    return None, rest


#: «по каждой стоящей рядом карте противника» (20-86): an attack at each card described.
_EACH = re.compile(r"(?:каждой|каждому|всем) ")


def _by_attacked(whom: Selector) -> bool:
    """A card described by where it stands relative to the attacked one."""
    return whom.place is not None and whom.of == "attacked"


def strike(text: str) -> tuple[Effect, str] | None:
    """«удар через ряд на 1», «особый удар молниеносный выпад на 3»."""
    m = _STRIKE.match(text)
    if not m:
        return None
    name, rest = quoted_name(m.group(2)), text[m.end():]
    late = _LATE_NAME.match(rest) if name is None else None
    if late:  # «особый удар на 1-2-2 вторым клинком по другой карте» (40-83)
        name, rest = late.group("name"), rest[late.end():]
    aim, rest = _aimed(rest)
    return Strike(attack=STRIKE_KINDS[m.group(1)], values=values(m.group(3)),  # type: ignore[arg-type]
                  name=name, target=aim), rest


#: A strike's name said after its values, two words in the instrumental, before whom it hits:
#: «особый удар на 1-2-2 вторым клинком по другой карте» (40-83).
_LATE_NAME = re.compile(r" (?P<name>[а-я]+(?:ым|им|ой|ей) [а-я]+(?:ом|ем|ой|ей|ью))(?= по )")


def finishing(text: str) -> tuple[Effect, str] | None:
    """«добивание на 2» (an action of an ability: the keyword with its value); «, только по
    хозяину» (20-8): only against that card."""
    m = re.match(r"добивание на (\d+)" + _END, text)
    if not m:
        return None
    rest = text[m.end():]
    only = re.match(r", только по (?P<whom>[^,;()]+?)(?=$|[,;.(])", rest)
    whom = dative_target(only.group("whom")) if only else None
    if whom is not None:
        assert only is not None
        return Keyword(code="fin", value=int(m.group(1)), against=whom), rest[only.end():]
    return Keyword(code="fin", value=int(m.group(1))), rest


def jump(text: str) -> tuple[Effect, str] | None:
    """«совершить прыжок дальностью 3, только на свободную клетку»; «прыжок, дальность X» (30-72:
    X defined by its frame, else the sentence is not read)."""
    m = re.match(r"(?:совершить\s+)?прыжок,?\s+дальност(?:ью|ь)\s+(\d+|x)(?=$|[ ,.;)])"
                 r"(\s*,\s*только\s+на\s+свободную\s+клетку)?", text)
    if not m:
        return None
    to = Cell(free=True) if m.group(2) else None
    return Jump(range=_amount(m.group(1)), to=to), text[m.end():]  # type: ignore[arg-type]


_TELEPORT_TO = re.compile(
    r"телепортироваться на (?P<free>свободную )?клетку рядом с (?P<whom>ним|ней|атаковавшим|"
    r"атакованным)" + _END)
#: «телепортироваться на свободную клетку вашего третьего ряда» (20-116).
_TELEPORT_INTO = re.compile(r"телепортироваться на (?P<free>свободную )?клетку (?P<region>"
                            + alternation(CELL_REGIONS) + r")" + _END)
_NEXT_TO: dict[str, Target] = {"ним": "that", "ней": "that", "атаковавшим": "attacker",
                               "атакованным": "attacked"}


def teleport(text: str) -> tuple[Effect, str] | None:
    """«совершить телепортацию», «телепортироваться на свободную клетку рядом с атаковавшим»."""
    m = re.match(r"(?:совершить\s+)?телепортаци[юя](?=$|[,;.]| и )|телепортироваться(?=$|[,;.])",
                 text)
    if m:
        return Teleport(), text[m.end():]
    m = re.match(r"телепортироваться " + _THAT_CELL + _END, text)
    if m:  # «телепортироваться на клетку, которую тот демон занимал» (30-161)
        return Teleport(to=Cell(of="that")), text[m.end():]
    into = _TELEPORT_INTO.match(text)
    if into:
        region = CELL_REGIONS[into.group("region")]
        return Teleport(to=Cell(free=bool(into.group("free")), region=region)), text[into.end():]
    m = _TELEPORT_TO.match(text)
    if not m:
        return None
    cell = Cell(free=bool(m.group("free")), next_to=_NEXT_TO[m.group("whom")])
    return Teleport(to=cell), text[m.end():]


# ---------------------------------------------------------------------------------------------
# Actions on cards: wound, heal, open, close, destroy, exile, summon, move, swap

_AMOUNT_OR_VALUES = r"(?P<value>\d+-\d+-\d+|\d+|" + X_AMOUNT + ")"
#: Where the phrase naming a card may end.
_PHRASE_END = re.compile(r"(?=,| и | на \d| на x|;| \(| до конца |$)")


def _amount(raw: str) -> Amount | Values:
    if raw.startswith("x"):
        return amount(raw)
    if "-" in raw:
        return values(raw)
    return int(raw)


def _object(text: str, *, end: re.Pattern[str] = _PHRASE_END) -> tuple[Target, str] | None:
    """The card an action names at the start of ``text`` (the longest phrase that is read)."""
    for stop in sorted((m.start() for m in end.finditer(text)), reverse=True):
        found = target(text[:stop], plural=True)
        if found is not None:
            return found, text[stop:]
    return None


def _whom_by(verb: str, amount: str, text: str) -> tuple[Target, str, str] | None:
    """«<verb> <card> на N» or «<verb> на N <card>»: (the card, N as written, the rest)."""
    m = re.match(verb + r" на " + amount + r" ", text)
    if m:  # «ранить на 1 каждую карту противника»
        found = _object(text[m.end():])
        return (found[0], m.group("value"), found[1]) if found else None
    m = re.match(verb + r" ", text)
    if not m:
        return None
    found = _object(text[m.end():])
    if found is None:
        return None
    v = re.match(r",? на " + amount + _END, found[1])  # «ранить X, стоящее …, на X» (20-18)
    return (found[0], v.group("value"), found[1][v.end():]) if v else None


#: «получить 2 раны», «получить еще 3 раны»: the card itself is wounded by that number;
#: «получить X ран» (10-49) by X.
_GETS_WOUNDS = re.compile(r"получить (?:еще )?(?P<value>\d+|x) ран(?:у|ы)?" + _END)


def wound(text: str) -> tuple[Effect, str] | None:
    """«ранить его на 1», «ранить на 1 каждую карту противника», «раниться на 2»."""
    m = re.match(r"раниться на " + _AMOUNT_OR_VALUES + _END, text)
    if m:
        return Wound(value=_amount(m.group("value")), target="self"), text[m.end():]
    m = _GETS_WOUNDS.match(text)
    if m:  # «получить 3 раны» (50-180), «получить еще 3 раны» (20-58): as «раниться на 3»
        return Wound(value=_amount(m.group("value")), target="self"), text[m.end():]
    both = _two_wounded(text)
    if both is not None:
        return both
    found = _whom_by("ранить", _AMOUNT_OR_VALUES, text)
    if found is None:
        return None
    return Wound(value=_amount(found[1]), target=found[0]), found[2]


def _two_wounded(text: str) -> tuple[Effect, str] | None:
    """«ранить себя и выбранное существо на X» (50-82): one verb, two cards, each wounded; the
    amount also before them, «ранить на 2 Терновую изгородь и это существо» (40-94)."""
    m = re.match(r"ранить на " + _AMOUNT_OR_VALUES + r" (?=\S)", text)
    first = _object(text[m.end():]) if m else None
    both = re.match(r" и ", first[1]) if first else None
    second = _object(first[1][both.end():]) if first and both else None
    if m and first is not None and second is not None and re.match(_END, second[1]):
        value = _amount(m.group("value"))
        return Many((Wound(value=value, target=first[0]),  # type: ignore[return-value]
                     Wound(value=value, target=second[0]))), second[1]
    m = re.match(r"ранить ", text)
    first = _object(text[m.end():]) if m else None
    both = re.match(r" и ", first[1]) if first else None
    second = _object(first[1][both.end():]) if first and both else None
    v = re.match(r" на " + _AMOUNT_OR_VALUES + _END, second[1]) if second else None
    if first is None or second is None or v is None:
        return None
    value = _amount(v.group("value"))
    return Many((Wound(value=value, target=first[0]),  # type: ignore[return-value]
                 Wound(value=value, target=second[0]))), second[1][v.end():]


def poison(text: str) -> tuple[Effect, str] | None:
    """«отравить стоящее рядом с погибшим существо на X» (10-124): the card gets poison N, as
    «получает отравление на N»."""
    found = _whom_by("отравить", r"(?P<value>\d+|x)", text)
    if found is None:
        return None
    return Keyword(code="psn", value=_amount(found[1]), target=found[0]), found[2]


_HEAL_AMOUNT = r"(?P<value>\d+|" + X_AMOUNT + ")"


def heal(text: str) -> tuple[Effect, str] | None:
    """«излечить существо на 2», «излечиться на 3» («излечивается на 2»: the card itself),
    «полностью излечиться»."""
    m = re.match(r"полностью излечиться" + _END, text)
    if m:
        return Heal(value="full"), text[m.end():]
    m = re.match(r"полностью излечить ", text)
    if m:
        whom = _object(text[m.end():])
        return (Heal(value="full", target=whom[0]), whom[1]) if whom else None
    m = re.match(r"(?:излечиться|(?:@self )?излечивается) на " + _HEAL_AMOUNT + _END, text)
    if m:
        return Heal(value=_amount(m.group("value"))), text[m.end():]
    m = re.match(r"(?:оно|он|она) излечивается на " + _HEAL_AMOUNT + _END, text)
    if m:  # «… должно излечиться на X вместо этого оно излечивается на X+1» (30-71): that card
        return Heal(value=_amount(m.group("value")), target="that"), text[m.end():]
    # «излечить существо на 1-2-2» (50-122); «излечите его на 2» (20-92: the player's imperative)
    found = _whom_by("(?:излечить|излечите)", _AMOUNT_OR_VALUES, text)
    if found is None:
        return None
    return Heal(value=_amount(found[1]), target=found[0]), found[2]


_ACTS: dict[str, type[Open | Close | Destroy | Exile]] = {
    "открыть": Open, "закрыть": Close, "уничтожить": Destroy, "изгнать": Exile,
    "изгоняет": Exile, "уничтожает": Destroy}  # «Когда уничтожает существо противника изгоняет это существо» (40-165)
_SELF_ACTS: dict[str, type[Open | Close]] = {"открыться": Open, "закрыться": Close}


_SUBJECT_ACTS: dict[str, type[Open | Close]] = {"открывается": Open, "закрывается": Close}


def act(text: str) -> tuple[Effect, str] | None:
    """«открыть ваше существо», «закрыть его», «уничтожить это существо», «открыться»,
    «[атакованный] закрывается»."""
    m = re.match(r"(открыться|закрыться)" + _END, text)
    if m and not text[m.end():].lstrip().startswith(":"):
        return _SELF_ACTS[m.group(1)](), text[m.end():]
    m = re.match(r"изгоняется" + _END, text)  # «изгоняется, при этом уничтожает …» (50-116)
    if m:
        return Exile(target="self"), text[m.end():]
    # «…, если имеет 5 или более жетонов уничтожается»; «При гибели вашего Кракена погибает»
    # (20-114): it dies, as destroyed
    m = re.match(r"(?:уничтожается|погибает)" + _END, text)
    if m:
        return Destroy(target="self"), text[m.end():]
    # «атаковавший не открывается в начале своего следующего хода»; the subject is named (after
    # «закрывается и …» it would be another's, unless read with it: «атакованный закрывается и
    # не открывается в свой следующий ход» is both of the one subject)
    m = re.match(r"(?P<who>.+?) (?P<close>закрывается и )?не открывается (?:в начале своего "
                 r"следующего хода|(?P<whole>в свой следующий ход))" + _END, text)
    if m:
        who = target(m.group("who"), plural=False)
        if who is None:
            return None
        stays = StaysClosed(target=who, whole_turn=bool(m.group("whole")))
        if m.group("close"):
            return Many((Close(target=who), stays)), text[m.end():]  # type: ignore[return-value]
        return stays, text[m.end():]
    # «выбранное закрытое летающее существо … не открывается в начале хода, пока Орк-птицелов в
    # вашем отряде» (20-93): at the start of none of its turns, for as long as the card is there
    m = re.match(r"(?P<who>[^,;]+?) не открывается в начале хода(?=, пока )", text)
    if m:
        who = target(m.group("who"), plural=False)
        until, rest = _until(text[m.end():])
        if who is None or who == "self" or until != "while_in_squad":
            return None
        return StaysClosed(target=who, until=until), rest
    m = re.match(r"(?:(?P<who>.+?) )?(?P<verb>открывается|закрывается)" + _END, text)
    if m:
        who = target(m.group("who"), plural=False) if m.group("who") else "self"
        if who is None:
            return None
        return _SUBJECT_ACTS[m.group("verb")](target=who), text[m.end():]
    m = re.match(r"(" + alternation(_ACTS) + r") ", text)
    if not m:
        return None
    found = _object(text[m.end():])
    if found is None:
        return None
    kind = _ACTS[m.group(1)]
    both = re.match(r" и ", found[1])
    second = _object(found[1][both.end():]) if both else None
    if second is not None and re.match(r"$|[,;]| \(", second[1]):
        # «уничтожить Харона и выбранное существо» (10-150): one verb, two cards
        return Many((kind(target=found[0]), kind(target=second[0]))), second[1]  # type: ignore[return-value]
    return kind(target=found[0]), found[1]


def summon(text: str) -> tuple[Effect, str] | None:
    """«вызвать летающее существо стоимостью 3 или менее»; «вызвать или возродить Яйцо
    дракона» (30-98): a choice of a summon and a resurrection of that card."""
    m = re.match(r"вызвать (?P<or>или возродить )?", text)
    if not m:
        return _resurrect(text)
    rest = text[m.end():]
    if m.group("or"):
        found = _described_cards(rest)
        return (Choice(options=((Summon(what=found[0]),), (Resurrect(what=found[0]),))),
                found[1]) if found else None
    # «вызвать на его клетку дракона» (30-187), «на клетку, где он находился, артефакт …» (20-189)
    onto = re.match(r"на (?:его клетку|клетку, где он находился,|месте погибшего) ", rest)
    if onto:  # «вызвать на месте погибшего карту с таким же названием» (20-57): the cell of the
        # card that died
        found = _described_cards(_bracketed_qualifiers(rest[onto.end():]))
        if not found:
            return None
        lives = ENTERS_WITH_LIVES.match(found[1])
        if lives:  # «…, она входит в игру с 1 жизнью» (20-57): the card summoned
            return Summon(what=found[0], to=Cell(of="that"), lives=int(lives.group("n"))), \
                found[1][lives.end():]
        return Summon(what=found[0], to=Cell(of="that")), found[1]
    onto_that = re.match(r"на (?:него|нее) ", rest)
    if onto_that:  # «может вызвать на него паразита стоимостью X или менее» (50-135): onto the
        # card named before
        found = _described_cards(rest[onto_that.end():])
        if found is not None and found[0].what == "symbiote":
            return Summon(what=found[0], to=Cell(occupied_by="that")), found[1]
        return None
    on_self = re.match(r"симбиота на себя" + _END, rest)
    if on_self:  # «может вызвать симбиота на себя» (20-170): a symbiote onto the card itself
        return Summon(what=Selector(what="symbiote"), to=Cell(occupied_by="self")), \
            rest[on_self.end():]
    if rest.startswith("на себя "):  # «вызвать на себя компаньона стоимостью 5 или менее»
        found = _described_cards(rest[len("на себя "):])  # (50-139): a symbiote, onto the card
        if found and isinstance(found[0], Selector) and found[0].what == "symbiote":
            return Summon(what=found[0], to=Cell(occupied_by="self")), found[1]
        return None
    own = re.match(r"@self" + _END, rest)
    if own and self_name():  # «может потерять 3 дополнительные жизни, при этом вызвать Грибницу
        # Кронга» (40-77): another card of its own name, not the card itself
        return Summon(what=Selector(what="card", name=self_name())), rest[own.end():]
    near = _NEXT_TO_CELL.search(rest)
    if near:  # «… на клетку, рядом с которой стоит 8 или более ваших существ» (10-130)
        what = described(rest[:near.start()])
        who = described(near.group("who"))
        if isinstance(what, Selector) and isinstance(who, Selector) and who.up_to is None:
            return Summon(what=what, to=Cell(next_to=who, min=int(near.group("n")))), \
                rest[near.end():]
    anywhere = _ANY_FREE_CELL.search(rest)
    if anywhere:  # «вызвать демона с таким же названием на любую свободную клетку поля боя»
        what = described(rest[:anywhere.start()])  # (20-148)
        if isinstance(what, Selector) and not what.all and what.up_to is None:
            return Summon(what=what, to=Cell(free=True)), rest[anywhere.end():]
    found = _described_cards(rest)
    return (Summon(what=found[0]), found[1]) if found else None


#: «на любую свободную клетку поля боя» after what is summoned: a free cell anywhere on it.
_ANY_FREE_CELL = re.compile(r" на любую (?:свободную|незанятую) клетку поля боя" + _END)


#: «демона или духа (тёмного, стоимостью 9 или менее)» (30-189): an adjective and a cost in
#: brackets after the nouns qualify each of them (as «темного демона или духа стоимостью 9 или
#: менее»).
_QUALIFIERS = re.compile(r"(?P<nouns>[а-я]+(?: или [а-я]+)?) \((?P<adj>[а-я]+), "
                         r"(?P<cost>стоимостью \d+ или менее)\)(?=$|[,;.])")


def _bracketed_qualifiers(text: str) -> str:
    m = _QUALIFIERS.match(text)
    if not m:
        return text
    return f"{m.group('adj')} {m.group('nouns')} {m.group('cost')}" + text[m.end():]


#: «на клетку, рядом с которой стоит 8 или более ваших существ»: a cell next to that many cards
#: (a plural noun in the genitive after the number).
_NEXT_TO_CELL = re.compile(r" на клетку, рядом с которой (?:стоит|стоят) (?P<n>\d+) или более "
                           r"(?P<who>(?:[а-я]+ )*(?:существ|карт)(?: противника)?)(?=$|[,;.)])")


def _resurrect(text: str) -> tuple[Effect, str] | None:
    """«возродить инквизитора стоимостью Х или менее» (50-219): a card back from the graveyard
    (where to is not said); «… с вашего кладбища в вашем третьем ряду» (20-162): onto a cell
    of that region."""
    m = re.match(r"возродить ", text)
    if not m:
        return None
    rest = text[m.end():]
    on_its = re.match(r"на его клетке ", rest)
    if on_its:  # «Уничтожить Склеп Керсам; возродить на его клетке слуа …» (40-154): on the cell
        # of the card named before, as «вызвать на его клетку …» (30-187)
        found = _described_cards(rest[on_its.end():])
        return (Resurrect(what=found[0], to=Cell(of="that")), found[1]) if found else None
    itself = _ITSELF_ONTO.match(rest)
    if itself:  # «можете возродить Упырёныша на его клетке» (50-149): the card itself, onto the
        # cell of the card named before (which «его» is, the trigger's frame decides)
        return Resurrect(what="self", to=Cell(of="that") if itself.group("of") else None), \
            rest[itself.end():]
    for into in re.finditer(r" (" + alternation(CELL_REGIONS_IN) + r")" + _END, rest):
        what = described(rest[:into.start()])
        if isinstance(what, Selector):
            cell = Cell(region=CELL_REGIONS_IN[into.group(1)])
            return Resurrect(what=what, to=cell), rest[into.end():]
    found = _described_cards(rest)
    if not found:
        return None
    lives = ENTERS_WITH_LIVES.match(found[1])
    if lives:  # «…, оно входит в игру с 1 жизнью» (40-101): the card brought back
        return Resurrect(what=found[0], lives=int(lives.group("n"))), found[1][lives.end():]
    return Resurrect(what=found[0]), found[1]


#: «возродить Упырёныша [на его клетке]»: the card itself (its own name), onto that card's cell.
_ITSELF_ONTO = re.compile(re.escape(SELF) + r"(?P<of> на (?:его|ее) клетке)?" + _END)
#: «, оно входит в игру с 1 жизнью» right after a card brought back: with that many lives.
ENTERS_WITH_LIVES = re.compile(r", (?:оно|она|он) входит в игру с (?P<n>\d+) жизнью" + _END)


def _phrase_ends(text: str) -> list[int]:
    """Where a noun phrase at the start of ``text`` may end, the longest reading first."""
    return sorted((e.start() for e in _PHRASE_END.finditer(text)), reverse=True)


def _described_cards(text: str) -> tuple[Selector, str] | None:
    """The longest phrase at the start of ``text`` that describes cards, and the rest."""
    for stop in _phrase_ends(text):
        what = described(text[:stop])
        if isinstance(what, Selector):
            return what, text[stop:]
    return None


_CELLS = {"на соседнюю клетку": Cell(adjacent=True), "на свободную клетку": Cell(free=True),
          "на соседнюю свободную клетку": Cell(adjacent=True, free=True),  # 50-147
          "на свободную клетку поля боя": Cell(free=True),  # 20-132
          "на выбранную клетку поля боя": Cell(),  # any cell (30-57)
          "на клетку вперед": Cell(forward=True),  # 50-1
          "на клетку назад": Cell(backward=True),  # 40-10
          "на 1 клетку по диагонали": Cell(diagonal=True),  # 20-75
          # «переместить его на соседнюю клетку (но не по диагонали)» (20-174)
          "на соседнюю клетку (но не по диагонали)": Cell(adjacent=True, orthogonal=True),
          "на эту клетку": Cell(that_cell=True),  # the cell named before (20-38)
          "на 1 клетку в любом направлении": Cell(adjacent=True)}  # 20-92: a cell next to it


#: «на клетку, которую оно занимало», «… которую занимало это существо», «… которую тот демон
#: занимал»: the cell the card named before (``that``) stands or stood on (40-121, 30-161).
_THAT_CELL = (r"на клетку, которую (?:(?:он|она|оно|т(?:от|а|о) [а-я]+) занимал[аио]?|"
              r"занимал[аио]? (?:это существо|эта карта|этот [а-я]+|эта [а-я]+))")


#: «на свободную клетку второго или третьего ряда» (40-16): rows of the owner's half, no side
#: named («третьего ряда противника», «вашего третьего ряда» are regions).
_ROW_GENITIVE = {"первого": 1, "второго": 2, "третьего": 3}
_ROWS_CELL = re.compile(r" на (?P<free>свободную )?клетку (?P<rows>(?:первого|второго|третьего)"
                        r"(?: или (?:первого|второго|третьего))*) ряда(?! противника)" + _END)


def move(text: str) -> tuple[Effect, str] | None:
    """«переместиться на соседнюю клетку», «переместить его на свободную клетку»,
    «переместиться на свободную клетку, дальность X» (40-107), «переместиться на клетку,
    которую оно занимало» (40-121)."""
    m = re.match(r"переместиться (" + alternation(_CELLS) + r")(?:, дальность (?P<range>\d+|x))?"
                 + _END, text)
    if m:
        far = m.group("range")
        return Move(to=_CELLS[m.group(1)], range=_amount(far) if far else None), text[m.end():]  # type: ignore[arg-type]
    m = re.match(r"переместиться " + _THAT_CELL + _END, text)
    if m:
        return Move(to=Cell(of="that")), text[m.end():]
    m = re.match(r"(?:переместить|переместите) ", text)  # «переместите это существо …» (20-92)
    if not m:
        return None
    rest = text[m.end():]
    first = re.match(r"на эту клетку ", rest)
    if first:  # «переместить на нее атакованную карту» (20-38): the cell said first
        found = _object(rest[first.end():])
        return (Move(target=found[0], to=Cell(that_cell=True)), found[1]) if found else None
    rows = _ROWS_CELL.search(rest)
    if rows:  # «переместить Элементаля огня на свободную клетку второго или третьего ряда» (40-16)
        who = target(rest[: rows.start()], plural=True)
        if who is None:
            return None
        numbers = tuple(_ROW_GENITIVE[r] for r in rows.group("rows").split(" или "))
        return Move(target=who, to=Cell(free=bool(rows.group("free")), rows=numbers)), \
            rest[rows.end():]
    near = re.search(r" на свободную клетку рядом с ", rest)
    if near:  # «… на свободную клетку рядом с вашим существом с неповоротливостью» (40-56)
        who = target(rest[: near.start()], plural=True)
        found = _described_cards(rest[near.end():])
        if who is None or found is None:
            return None
        return Move(target=who, to=Cell(free=True, next_to=found[0])), found[1]
    away = re.search(r" на одну клетку в любом направлении \(кроме клеток рядом с @self\)", rest)
    if away:  # «… на одну клетку в любом направлении (кроме клеток рядом с Гаргульей)» (20-46)
        who = target(rest[: away.start()], plural=True)
        if who is None or who == "self":
            return None
        return Move(target=who, to=Cell(adjacent=True, not_next_to="self")), rest[away.end():]
    cell = re.search(r" (" + alternation(_CELLS) + r")" + _END, rest)
    if not cell:
        return None
    who = target(rest[: cell.start()], plural=True)
    if who is None:
        return None
    return Move(target=who, to=_CELLS[cell.group(1)]), rest[cell.end():]


def swap(text: str) -> tuple[Effect, str] | None:
    """«поменяться местами со стоящим рядом вашим существом», «поменять Дружинника местами со
    …» (30-13: the card itself), «меняется местами с атакующим» (40-120: said of itself)."""
    m = re.match(r"(?:поменяться|поменять @self|меняется) местами (?:со|с) ", text)
    if not m:
        return None
    found = _object(text[m.end():])
    if found is None:
        return None
    return Swap(with_=found[0]), found[1]


#: «поменять местами двух стоящих рядом друг с другом существ противника» (50-53), «поменять
#: двух ваших стоящих рядом друг с другом существ местами» (40-85): «местами» before the two or
#: after them.
#: «(кроме …)» after the noun (20-68) is the selector's ``excluding``.
_SWAP_TWO = re.compile(r"поменять (?P<before>местами )?двух (?P<who>(?:[^,;()]|\(кроме [^()]+\))+?)"
                       r"(?(before)| местами)(?=$|,|;| и )")
_EACH_OTHER = re.compile(r"(?:^| )стоящих рядом друг с другом(?= |$)")


def swap_two(text: str) -> tuple[Effect, str] | None:
    """Two cards swap places: «поменять местами двух стоящих рядом друг с другом существ
    противника» (50-53: :class:`SwapTwo`, ``adjacent``: next to each other); the cards only
    described (no ``all``: two of them)."""
    m = _SWAP_TWO.match(text)
    if not m:
        return None
    who = m.group("who")
    near = _EACH_OTHER.search(who)
    if near:
        who = (who[: near.start()] + who[near.end():]).strip()
    read = noun_phrase(who)
    if read is None or read.plural is not True or read.selector.up_to is not None \
            or read.selector.count is not None or read.selector.what == "cell":
        return None
    cards = dataclasses.replace(read.selector, all=False)
    return SwapTwo(cards=cards, adjacent=near is not None), text[m.end():]


# ---------------------------------------------------------------------------------------------
# What a card gets or loses: «атакованный получает отравление на 1», «получить фишку»

_GET_VERBS = {"получает": False, "получают": True, "получить": None, "имеет": False,
              "имеют": True}
_LOSE_VERBS = {"теряет": False, "теряют": True, "потерять": None}


def _subject_verb(text: str, verbs: dict[str, bool | None]) -> re.Match[str] | None:
    """«[кто] <verb> »: the verb at the start (no subject), else the first verb after one
    («[кто] также получает …», 20-127: «также» adds nothing to the effect)."""
    alternatives = alternation(verbs)
    return (re.match(r"(?P<who>)(?P<verb>" + alternatives + r") ", text)
            or re.match(r"(?P<who>.+?) (?:также )?(?P<verb>" + alternatives + r") ", text))


def _subject(who: str) -> str:
    """The subject before the verb: «существо, стоящее напротив Летописца,» — a participle
    phrase between commas — without its closing comma."""
    return who[:-1] if who.endswith(",") and ", " in who[:-1] else who


#: «, пока Судовой кок в вашем отряде» (20-188) after an effect: it lasts while the card itself
#: is in its owner's squad.
_WHILE_IN_SQUAD = re.compile(r",? пока " + re.escape(SELF) + r" в (?:вашем )?отряде(?! противника)"
                             + _END)


#: «до тех пор, пока Король-жрец не покинет поле боя» (10-94): while the card itself stays on the
#: battlefield (not its squad: a card passing to the other player's control stays on it).
_WHILE_ON_FIELD = re.compile(r",? до тех пор, пока " + re.escape(SELF) + r" не покинет поле боя"
                             + _END)


#: «… получают на одну рану больше от отравления в этот ход» (40-123): to the end of this turn.
_THIS_TURN = re.compile(r" в этот ход" + _END)


def _until(rest: str) -> tuple[Until | None, str]:
    m = re.match(_UNTIL_RE, rest)
    this_turn = None if m else _THIS_TURN.match(rest)
    if this_turn:
        return "end_of_turn", rest[this_turn.end():]
    if not m:
        squad = _WHILE_IN_SQUAD.match(rest)
        if squad:
            return "while_in_squad", rest[squad.end():]
        field = _WHILE_ON_FIELD.match(rest)
        return ("while_on_field", rest[field.end():]) if field else (None, rest)
    return UNTIL[m.group("until")], rest[m.end():]


def _modifiers(text: str) -> tuple[list[list[Effect]], str] | None:
    """«+1 к простому удару и +1 к движению», «проклятие или благословление»: the options
    (one option unless joined by «или»), each a list of modifiers."""
    either = _either(text)
    if either is not None:
        return either
    options: list[list[Effect]] = [[]]
    rest = text
    while True:
        found = modifier(rest)
        if found is None:
            return None
        options[-1].append(found[0])
        rest = found[1]
        joined = re.match(r" и | или |, ", rest)
        if not joined or modifier(rest[joined.end():]) is None:
            break
        if joined.group(0) == " или ":
            if _grows(options[-1], rest[joined.end():]):
                return None  # «броню 1 или +1 к броне» is one keyword that grows (or_increase)
            options.append([])
        elif len(options) > 1:
            return None  # «A или B и C» is not read
        rest = rest[joined.end():]
    return options, rest


def _per_after_until(options: list[list[Effect]], rest: str
                     ) -> tuple[list[list[Effect]], str]:
    """«получает +1 к простому удару до конца хода за каждое существо, с которым …» (30-61):
    the cards counted after the duration, of the one bonus."""
    (bonus,), = options
    if not isinstance(bonus, AttackBonus) or bonus.per is not None:
        return options, rest
    each = per_card(rest)
    if each is None:
        return options, rest
    return [[dataclasses.replace(bonus, per=each[0])]], each[1]


def _either(text: str) -> tuple[list[list[Effect]], str] | None:
    """«либо +1 к простому удару, либо полёт и опыт в атаке 1»: options each marked by «либо»
    (so an option may join modifiers by «и»: the marks say where each ends)."""
    if not text.startswith("либо "):
        return None
    options: list[list[Effect]] = []
    rest = text[len("либо "):]
    while True:
        option: list[Effect] = []
        while True:
            found = modifier(rest)
            if found is None:
                return None
            option.append(found[0])
            rest = found[1]
            joined = re.match(r" и ", rest)
            if not joined or modifier(rest[joined.end():]) is None:
                break
            rest = rest[joined.end():]
        options.append(option)
        more = re.match(r",? либо ", rest)
        if not more:
            break
        rest = rest[more.end():]
    return (options, rest) if len(options) > 1 else None


def _grows(option: list[Effect], text: str) -> bool:
    """«<keyword> N или +N к <keyword>»: the second option grows the keyword of the first."""
    after = modifier(text)
    return (after is not None and isinstance(after[0], KeywordBonus)
            and any(isinstance(e, Keyword) and e.code == after[0].code for e in option))


def _with(effect: Effect, who: Target, until: Until | None) -> Effect:
    changes: dict[str, Any] = {}
    if who != "self":
        changes["target"] = who
    if until is not None:
        if not hasattr(effect, "until"):
            raise _NoUntil
        changes["until"] = until
    return dataclasses.replace(effect, **changes) if changes else effect


class _NoUntil(Exception):
    """A duration on an effect that has none (a gained counter): not read."""


#: «существо на вашем кладбище получает жетон инкарнации» (30-139): only a card in a graveyard
#: gets one (a card in play «получает жетон» is a token of the notation).
_INCARNATION_TOKEN = re.compile(r"жетон инкарнации" + _END)


def gains(text: str) -> tuple[tuple[Effect, ...], str] | None:
    """«[кто] получает/получить/имеет M [и M …] [до конца хода]»: one effect per modifier (each
    with the subject and the duration); «или» makes a :class:`Choice`. The duration may come
    first: «до конца хода получить +1 к броскам кубика и +1 к …» (50-151), «до конца хода ваше
    существо получает +2 к следующему простому удару» (40-86); or between the subject and the
    verb: «атакованный до конца хода получает на 1 рану больше …» (40-81)."""
    lead = re.match(r"до конца (?P<until>" + alternation(UNTIL) + r") "
                    r"(?=(?:[^,;:]+? )?(?:получить|получает|получают) )", text)
    mid = None if lead else re.match(r"(?P<who>[^,;:]+?) до конца (?P<until>"
                                     + alternation(UNTIL) + r") (?=получает |получают )", text)
    timed_by = lead or mid
    if timed_by:
        after = gains(f"{mid.group('who')} {text[mid.end():]}" if mid else text[timed_by.end():])
        during = UNTIL[timed_by.group("until")]
        if after is None or any(isinstance(e, Choice) or getattr(e, "until", None) is not None
                                for e in after[0]):
            return None
        try:
            timed = tuple(_with(e, "self", during) for e in after[0])
        except _NoUntil:
            return None
        return timed, after[1]
    m = _subject_verb(text, _GET_VERBS)
    if not m:
        return None
    who: Target = "self"
    either: tuple[Target, Target] | None = None
    if m.group("who"):
        if _GET_VERBS[m.group("verb")] is None:
            return None  # «X получить» is no phrase
        found = target(_subject(m.group("who")), plural=_GET_VERBS[m.group("verb")])
        both = _both_subjects(_subject(m.group("who")), m.group("verb")) if found is None else None
        if both is not None:  # «Стражница Ульфгарда и существо, стоящее напротив нее, имеют …»
            each = gains(f"{m.group('verb').removesuffix('ют')}ет {text[m.end():]}")
            if each is None or not all(_given(e) for e in each[0]):
                return None
            return tuple(_retarget(e, one) for one in both for e in each[0]), each[1]
        if found is None:
            either = _either_subject(m.group("who"), m.group("verb"))
            if either is None:
                return None
        else:
            who = found
    token = _INCARNATION_TOKEN.match(text[m.end():])
    if token and isinstance(who, Selector) and who.graveyard:  # 30-139
        return (Counters(action="gain", count=1, item="incarnation", target=who),), \
            text[m.end() + token.end():]
    own_times = _timed_options(text[m.end():], who) if either is None else None
    if own_times is not None:  # «A до конца хода, или B до конца хода, или C» (20-134)
        return (Choice(options=tuple(own_times[0])),), own_times[1]
    read = _modifiers(text[m.end():])
    if read is None:
        return None
    options, rest = read
    until, rest = _until(rest)
    if until is not None and len(options) == 1 and len(options[0]) == 1:
        options, rest = _per_after_until(options, rest)
    try:
        if either is not None:  # «Хозяин или стоящее рядом существо получает …»: one of two
            if len(options) > 1:
                return None
            return (Choice(options=tuple(tuple(_with(e, one, until) for e in options[0])
                                         for one in either)),), rest
        done = [tuple(_with(e, who, until) for e in option) for option in options]
    except _NoUntil:
        return None
    if len(done) > 1:
        return (Choice(options=tuple(done)),), rest
    return done[0], rest


def _timed_options(text: str, who: Target) -> tuple[list[tuple[Effect, ...]], str] | None:
    """«+1 к движению до конца хода, или +1 к броскам кубика до конца хода, или дополнительную
    жизнь» (20-134): options joined by «, или», each with a duration of its own (or none: that
    one lasts); None unless an option before the last has its own."""
    parts = text.split(", или ")
    options: list[tuple[Effect, ...]] = []
    timed = False
    rest = ""
    for i, part in enumerate(parts):
        read = _modifiers(part)
        if read is None or len(read[0]) != 1:
            return None
        until, rest = _until(read[1])
        if i < len(parts) - 1:
            if rest:
                return None
            timed = timed or until is not None
        try:
            options.append(tuple(_with(e, who, until) for e in read[0][0]))
        except _NoUntil:
            return None
    return (options, rest) if timed and len(options) > 1 else None


def _both_subjects(who: str, verb: str) -> tuple[Target, Target] | None:
    """«Стражница Ульфгарда и существо, стоящее напротив нее» (20-37), «Оглар и его хозяин»
    (40-4) before a plural verb: the card itself and another card, each of which gets it;
    «нее», «его» in the second is the card itself, the one card named before it."""
    parts = who.split(" и ")
    if _GET_VERBS[verb] is not True or len(parts) != 2 or parts[0] != SELF:
        return None
    if parts[1] in ("его хозяин", "ее хозяин"):  # «Оглар и его хозяин имеют …» (40-4)
        return "self", "host"
    other = target(parts[1], plural=False)
    if not isinstance(other, Selector) or other.of not in ("self", "that"):
        return None
    return "self", dataclasses.replace(other, of="self")


def _given(effect: Effect) -> bool:
    """Whether ``effect`` is given to the card itself (its ``target``), so to another as well."""
    names = {f.name for f in dataclasses.fields(effect)}
    return "target" in names and getattr(effect, "target", None) == "self"


def _retarget(effect: Effect, who: Target) -> Effect:
    """``effect`` (read with the card itself as its subject) given to ``who``."""
    return dataclasses.replace(effect, target=who)  # type: ignore[arg-type]


def _either_subject(who: str, verb: str) -> tuple[Target, Target] | None:
    """«хозяин или стоящее рядом существо» (20-115) before a singular verb: two cards, one of
    which gets it (a :class:`Choice`)."""
    parts = who.split(" или ")
    if _GET_VERBS[verb] is not False or len(parts) != 2:
        return None
    first, second = (target(p, plural=False) for p in parts)
    if first is None or second is None or first == second:
        return None
    return first, second


@dataclasses.dataclass(frozen=True)
class Many:
    """Several effects of one phrase («получает +1 к простому удару и +1 к движению до конца
    хода»: each gets the subject and the duration)."""

    effects: tuple[Effect, ...]


def gets(text: str) -> tuple[Effect, str] | None:
    """:func:`gains`: one effect («атакованный получает проклятие»), or :class:`Many`."""
    found = gains(text)
    if found is None:
        return None
    effects, rest = found
    if len(effects) == 1:
        return effects[0], rest
    return Many(effects), rest  # type: ignore[return-value]


def loses(text: str) -> tuple[Effect, str] | None:
    """«теряет все фишки», «потерять фишку», «атакованный теряет фишку»; «теряет проклятие»,
    «потерять полет», «теряет защиту от летающих до конца хода», «теряет все особенности»."""
    m = _subject_verb(text, _LOSE_VERBS)
    if not m:
        return None
    who: Target = "self"
    if m.group("who"):
        if _LOSE_VERBS[m.group("verb")] is None:
            return None
        found = target(_subject(m.group("who")), plural=_LOSE_VERBS[m.group("verb")])
        if found is None:
            return None
        who = found
    rest = text[m.end():]
    kept = re.match(r"(?:его|ее)" + _END, rest)
    if kept and isinstance(who, Selector) and len(who.having) == 1 \
            and who.having[0] in _LOST.values():
        # «существо противника с отравлением теряет его» (30-102): «его» is what it has
        return Lose(codes=(who.having[0],), target=who), rest[kept.end():]  # type: ignore[arg-type]
    counters = _lost_counters(rest)
    if counters is not None:
        return dataclasses.replace(counters[0], target=who), counters[1]
    lost = _lost(rest)
    if lost is None:
        return None
    effect, rest = lost
    until, rest = _until(rest)
    return dataclasses.replace(effect, target=who, until=until), rest


def _lost_counters(text: str) -> tuple[Counters, str] | None:
    """«все фишки», «2 фишки», «2 или менее фишек» (40-128: up to 2), «жетон»."""
    m = re.match(r"(?P<what>все фишки|фишку|одну фишку|(?P<n>\d+|две|два) фишки|(?P<x>x) фишек|"
                 r"(?P<lives>x) дополнительных жизней|"
                 r"(?P<nlives>\d+ дополнительн(?:ые|ых|ую) жизн(?:и|ей|ь)|дополнительную жизнь)|"
                 r"жетон инкарнации|жетон|все жетоны|(?P<fewer>\d+) или менее фишек)" + _END,
                 text)
    if not m:
        return None
    what = m.group("what")
    item: Countable = "incarnation" if what == "жетон инкарнации" else (
        "token" if "жетон" in what else "extra_life" if m.group("lives") or m.group("nlives")
        else "counter")
    # «потерять 3 дополнительные жизни» (40-77), «снять 1 дополнительную жизнь с …» (40-152)
    n = m.group("n") or m.group("fewer")
    if m.group("nlives"):
        n = what.split()[0] if what[0].isdigit() else "1"
    count: Any = "all" if what.startswith("все") else "X" if m.group("x") or m.group("lives") else (
        (int(n) if n.isdigit() else NUMBERS[n]) if n else 1)
    return Counters(action="lose", count=count, or_fewer=bool(m.group("fewer")), item=item), \
        text[m.end():]


#: Keywords as lost («теряет проклятие», «потерять полет», «теряет броню»): no number.
_LOST: dict[str, KeywordCode] = {
    "проклятие": "cur", "благословление": "bls", "благословение": "bls", "отравление": "psn",
    "полет": "flight", "броню": "armor", "неповоротливость": "clm", "направленный удар": "direct",
    "опыт в атаке": "ova", "опыт в защите": "ovz", "вампиризм": "vmp", "регенерацию": "regen",
    "стойкость": "stamina", "трупоедство": "nec", "рывок": "das",
}
_LOST_RE = re.compile(r"(?:" + alternation(_LOST) + r")" + _END)


def _lost(text: str) -> tuple[Lose, str] | None:
    """What is lost: keywords and protections joined by «и» (« и теряет» too), or «(все)
    особенности» alone."""
    m = re.match(r"(?:все )?особенности" + _END, text)
    if m:
        return Lose(abilities=True), text[m.end():]
    m = re.match(r"бестелесность" + _END, text)
    if m:  # «оно теряет бестелесность до конца хода» (50-208): no longer incorporeal
        return Lose(incorporeal=True), text[m.end():]
    m = re.match(r"телепортацию" + _END, text)
    if m:  # «может потерять телепортацию, при этом получить полет» (20-137)
        return Lose(teleport=True), text[m.end():]
    m = re.match(r"маркер (?P<name>«[^«»]+»|\"[^\"]+\"|[а-я]+)" + _END, text)
    if m:  # «потерять маркер "ловкости"» (20-25)
        return Lose(marker=m.group("name").strip("«»\"")), text[m.end():]
    codes: list[KeywordCode] = []
    protection: list[Attack] = []
    rest = text
    while True:
        k = _LOST_RE.match(rest)
        if k:
            codes.append(_LOST[k.group(0)])
            rest = rest[k.end():]
        else:
            found = protection_of(rest)
            if found is None or not isinstance(found[0], Protection):
                return None
            protection += found[0].against
            rest = found[1]
        joined = re.match(r" и (?:теряет )?", rest)
        if not joined or not (_LOST_RE.match(rest[joined.end():])
                              or protection_of(rest[joined.end():])):
            break
        rest = rest[joined.end():]
    return Lose(codes=tuple(codes), protection=tuple(protection)), rest


#: «снять с него отравление»: whom a keyword is taken off.
_OFF: dict[str, Target] = {"него": "that", "нее": "that", "себя": "self", "@self": "self"}


def removes(text: str) -> tuple[Effect, str] | None:
    """«снять с него отравление»: the card loses the keywords (:class:`Lose`, as «теряет …»)."""
    m = re.match(r"снять с (?P<whom>" + alternation(_OFF) + r") ", text)
    lost = _lost(text[m.end():]) if m else None
    if m is None or lost is None or lost[0].protection or lost[0].abilities:
        return None
    return dataclasses.replace(lost[0], target=_OFF[m.group("whom")]), lost[1]


def takes_counters(text: str) -> tuple[Effect, str] | None:
    """«снять фишку с вашей горной карты» (40-50): that card loses the counter (one such card,
    or the card a ref names)."""
    m = re.match(r"(?:снять|снимите) ", text)
    found = _lost_counters(text[m.end():]) if m else None
    if found is None or not found[1].startswith(" с "):
        return None
    counters, rest = found
    rest = rest[3:]
    if counters.item == "incarnation":  # only off a card in a graveyard
        return _off_graveyard(counters, rest)
    for stop in _phrase_ends(rest):
        phrase = rest[:stop]
        if phrase in _OFF:
            return dataclasses.replace(counters, target=_OFF[phrase]), rest[stop:]
        read = noun_phrase(phrase)  # one card: not «с ваших горных карт»
        if read is not None and read.plural is not True and read.selector.up_to is None:
            return dataclasses.replace(counters, target=read.selector), rest[stop:]
    return None


#: «с вашего существа на кладбище», «с существа на вашем кладбище»: a card in a graveyard.
_IN_GRAVEYARD = re.compile(r"(?P<who>[а-я ]+?) на (?P<own>вашем )?кладбище" + _END)


def puts_incarnation(text: str) -> tuple[Effect, str] | None:
    """«положите жетон инкарнации на существо на вашем кладбище» (10-149): one card in the
    graveyard gains it."""
    own = re.match(r"(?:положите|положить) жетон инкарнации на " + re.escape(SELF) + _END, text)
    if own:  # «… положить жетон инкарнации на Орка-зомби, если он на кладбище» (30-140): the card
        # itself, named (in its graveyard: the sentence's condition says so)
        return Counters(action="gain", count=1, item="incarnation"), text[own.end():]
    m = re.match(r"(?:положите|положить) жетон инкарнации на ", text)
    return _off_graveyard(Counters(action="gain", count=1, item="incarnation"),
                          text[m.end():]) if m else None


def _off_graveyard(counters: Counters, text: str) -> tuple[Effect, str] | None:
    """«снять жетон инкарнации с существа на вашем кладбище» (40-160): one card in the
    graveyard loses it (yours when «вашем»/«вашего»); «положите … на существо на вашем
    кладбище»: gains it."""
    m = _IN_GRAVEYARD.match(text)
    who = graveyard_card(m) if m else None
    if m is None or who is None:
        return None
    return dataclasses.replace(counters, target=who), text[m.end():]


def graveyard_card(m: re.Match[str]) -> Selector | None:
    """One card in a graveyard: the noun phrase of ``m``'s group ``who`` (none plural, no «до
    N»), yours when its group ``own`` matched («на вашем кладбище»)."""
    read = noun_phrase(m.group("who"))
    if read is None or read.plural or read.selector.up_to is not None:
        return None
    who = read.selector
    if m.group("own"):
        if who.side == "enemy":
            return None
        who = dataclasses.replace(who, side="own")
    return dataclasses.replace(who, graveyard=True)


def _fighter(text: str, verb: str) -> tuple[Target, str] | None:
    """Who fights when «<who> <verb>» opens ``text`` (and the rest after the verb), else the card
    itself and ``text``; None when a subject is written but not read (or names the card)."""
    named = re.match(r"(?P<who>[^,;]+?) " + verb, text)
    if not named:
        return "self", text
    found = target(named.group("who"), plural=False)
    if found is None or found == "self":
        return None
    return found, text[named.end():]


def fight(text: str) -> tuple[Effect, str] | None:
    """«сразиться простым ударом со стоящим рядом существом противника как с открытым»,
    «сразиться с этим существом простым ударом»; «он сражается …» («он может сразиться …»,
    50-172: who fights, named)."""
    named = _fighter(text, r"сражается (?=(?:простым ударом )?(?:со|с) )")
    if named is None:
        return None
    who, text = named
    if who != "self":
        text = "сразиться " + text
    m = re.match(r"сразиться (?:(?P<a1>простым ударом) )?(?:со|с) ", text)
    if not m:
        return None
    rest = text[m.end():]
    # «(не закрываясь)», «, не закрываясь» (20-65, 30-12): the fighter does not close
    # «со стоящим рядом с ним существом {strike} как с открытым» (50-28): the placeholder left
    # undeclined after whom, «простой удар»
    tail = re.compile(r"(?: (?P<a2>простым ударом|простой удар(?= как )))?(?P<open> как (?:со|с) (?:открытым|"
                      r"открытой(?: картой)?))?(?P<stay>,? не закрываясь| \(не закрываясь\))?"
                      r"(?=$|[,;.(])")
    stops = r"(?= простым ударом| простой удар как | как |,|;| \(не закрываясь\)|$)"
    for stop in sorted((e.start() for e in re.finditer(stops, rest)), reverse=True):
        whom = described(rest[:stop])
        if whom is None:
            continue
        t = tail.match(rest, stop)
        if not t or (m.group("a1") and t.group("a2")):
            continue  # «простым ударом» once, before or after whom
        attack = Attack(kind="simple_strike") if m.group("a1") or t.group("a2") else None
        return Fight(with_=whom, attack=attack, as_open=bool(t.group("open")), target=who,
                     stays_open=bool(t.group("stay"))), rest[t.end():]
    return None


_DECLARED_STRIKE = re.compile(
    r"(?:объявить |нанести )?простой (?P<un>безответный )?удар по (?P<whom>[^,;()]+?)"
    r"(?:,? не закрываясь(?: при этом)?| \(не закрываясь\))" + _END)


#: «нанести простой удар по …» with nothing after it: a strike the card must make (50-90).
_FORCED_STRIKE = re.compile(r"нанести простой удар по (?P<whom>[^,;()]+?)$")


def declared_strike(text: str) -> tuple[Effect, str] | None:
    """«[может объявить] простой безответный удар по карте противника, не закрываясь при
    этом» (20-28): a fight with a simple strike, not struck back at, without closing (only
    with «не закрываясь»: else the strike is the card's ordinary assault)."""
    # «ваш слуа может нанести простой безответный удар по стоящей рядом с ним карте (не
    # закрываясь)» (40-154): who strikes, named («ним»: that card)
    named = _fighter(text, r"наносит (?=простой )")
    if named is None:
        return None
    who, text = named
    forced = _FORCED_STRIKE.match(text) if who == "self" else None
    if forced:
        # «В конце своего хода нанести простой удар по стоящей рядом карте в своём отряде» (50-90,
        # an ability given to another card): the card itself must strike; «своём» is its own
        whom = described(re.sub(r" в своем отряде$", " в вашем отряде", forced.group("whom")))
        if whom is None or not isinstance(whom, Selector) or whom.all:
            return None
        return Fight(with_=whom, attack=Attack(kind="simple_strike")), text[forced.end():]
    m = _DECLARED_STRIKE.match(text)
    whom = described(m.group("whom")) if m else None
    if m is None or whom is None:
        return None
    return Fight(with_=whom, attack=Attack(kind="simple_strike"), unanswered=bool(m.group("un")),
                 stays_open=True, target=who), text[m.end():]


#: «открытое существо противника наносит по стоящей рядом карте простой удар и закрывается»
#: (10-118, 50-126): another card strikes a card next to it (a simple strike reaches no further:
#: «рядом» is the striker's, ``of: that``) and closes.
_MADE_TO_STRIKE = re.compile(r"(?P<who>[^,;]+?) наносит по стоящей рядом карте простой удар и "
                             r"закрывается" + _END)


def made_to_strike(text: str) -> tuple[Effect, str] | None:
    m = _MADE_TO_STRIKE.match(text)
    who = target(m.group("who"), plural=False) if m else None
    if m is None or who is None or who == "self" or (isinstance(who, Selector) and who.all):
        return None
    fight = Fight(with_=Selector(what="card", place="adjacent", of="that"),
                  attack=Attack(kind="simple_strike"), target=who)
    return Many((fight, Close(target="that"))), text[m.end():]  # type: ignore[return-value]


#: «атакованный наносит атакующему слабый простой удар (не закрываясь)» (30-75; the placeholder
#: renders «слабый простому удару»): the card attacked strikes back at its attacker, with the
#: weak strike, without closing.
_STRIKES_BACK = re.compile(r"атакованный наносит (?:атакующему|атаковавшему) слабый "
                           r"(?:простой удар|простому удару) \(не закрываясь\)" + _END)


def strikes_back(text: str) -> tuple[Effect, str] | None:
    m = _STRIKES_BACK.match(text)
    if not m:
        return None
    return Fight(with_="attacker", attack=Attack(kind="simple_strike", strength=("weak",)),
                 stays_open=True, target="attacked"), text[m.end():]


#: «все ваши существа, стоящие рядом с выбранным существом противника, сражаются с ним как с
#: открытым, не закрываясь при этом» (10-28): the creature chosen, and a fight of the cards next
#: to it with it (``chosen``: the one card the ability's own choice chose).
_GANG_FIGHT = re.compile(r"(?P<who>[^,;]+), стоящие рядом с выбранным (?P<whom>[^,;]+), сражаются "
                         r"с ним(?P<open> как с открытым)?(?P<stay>, не закрываясь при этом)?" + _END)


def gang_fight(text: str) -> tuple[Effect, str] | None:
    m = _GANG_FIGHT.match(text)
    if not m:
        return None
    who = target(m.group("who"), plural=True)
    whom = noun_phrase(m.group("whom"))
    if not isinstance(who, Selector) or not who.all or who.place is not None or whom is None \
            or whom.plural or whom.selector.all or whom.selector.up_to is not None:
        return None
    fighters = dataclasses.replace(who, place="adjacent", of="chosen")
    fight = Fight(with_="chosen", as_open=bool(m.group("open")), stays_open=bool(m.group("stay")),
                  target=fighters)
    return Many((Choose(what=whom.selector), fight)), text[m.end():]  # type: ignore[return-value]


def choose(text: str) -> tuple[Effect, str] | None:
    """«выбрать существо противника», «выберите существо»: one card is chosen (a phrase naming
    one card: not «выберите двух ваших существ»)."""
    m = re.match(r"(?:выбрать|выберите) ", text)
    if not m:
        return None
    rest = text[m.end():]
    for stop in _phrase_ends(rest):
        read = noun_phrase(rest[:stop])
        if read is not None and read.plural is False and read.selector.up_to is None \
                and not read.selector.all:
            return Choose(what=read.selector), rest[stop:]
    return None


def gain_counters(text: str) -> tuple[Effect, str] | None:
    """«получить фишку», «получить 2 фишки», «накопить фишку» (21-7: the same)."""
    m = re.match(r"(?:получить|накопить) (?:(\d+) )?фишк(?:у|и)", text)
    if not m:
        return None
    return Counters(action="gain", count=int(m.group(1) or 1)), text[m.end():]


def growing_keyword(text: str) -> tuple[Effect, str] | None:
    """«получает опыт в атаке 1 или +1 к опыту в атаке до конца вашего хода», «получает
    отравление на 1 или +1 к отравлению» (a cap after it: «(максимум до 3)», the keyword's max)."""
    m = re.match(r"(?:(?P<who>.+?) )?(?:получает|получить) ([а-я ]+?) (?P<on>на )?(?P<n>\d+) или "
                 r"\+(?P<plus>\d+) (?:к (?P<dat>[а-я ]+?)|(?P<acc>броню))(?:" + _UNTIL_RE + r"|(?=$|[,;.]))", text)
    if not m or m.group("n") != m.group("plus"):
        return None
    code = KEYWORDS.get(m.group(2)) or {"броню": "armor"}.get(m.group(2))
    if m.group("on") and code != "psn":
        return None  # «на N» is poison's spelling only («отравление на 1 или +1 к отравлению»)
    dative = "armor" if m.group("acc") else (  # «броню 1 или +1 броню» (30-42)
        KEYWORD_DATIVE.get(m.group("dat")) or {"отравлению": "psn"}.get(m.group("dat")))
    if code is None or dative != code:
        return None
    who: Target = "self"
    if m.group("who"):
        found = target(m.group("who"), plural=False)
        if found is None:
            return None
        who = found
    until = UNTIL[m.group("until")] if m.group("until") else None
    return Keyword(code=code, value=int(m.group("n")), or_increase=True,  # type: ignore[arg-type]
                   target=who, until=until), text[m.end():]


_CRYSTALS = {"золот": "gold", "серебрян": "silver"}


def crystals(text: str) -> tuple[Effect, str] | None:
    """«вы получаете 1 золотой кристалл» (the player, at recruiting); «[вы можете] заплатить 2
    золотых кристалла» (pays them)."""
    m = re.match(r"(?:вы получаете (?P<n>\d+)|(?P<pay>заплатить)(?: (?P<m>\d+))?) "
                 r"(?P<c>золот|серебрян)(?:ой|ых|ый) кристалл(?:а|ов)?" + _END, text)
    if not m:
        return None
    n = m.group("n") or m.group("m") or "1"
    return Crystals(value=int(n), crystal=_CRYSTALS[m.group("c")],  # type: ignore[arg-type]
                    pay=bool(m.group("pay"))), text[m.end():]


def prophecy(text: str) -> tuple[Effect, str] | None:
    """«пророчество 1» (20-103): the owner shows that many top cards of the deck."""
    m = re.match(r"пророчество (?P<n>\d+)" + _END, text)
    return (Prophecy(value=int(m.group("n"))), text[m.end():]) if m else None


def to_graveyard(text: str) -> tuple[Effect, str] | None:
    """«положите Упырёныша на кладбище»: the card itself only; «… Стиградора из вашей колоды на
    кладбище» (30-155): one of its name from the deck."""
    m = re.match(r"(?:положите|положить) " + re.escape(SELF) + r"(?P<deck> из вашей колоды)? на "
                 r"кладбище" + _END, text)
    return (ToGraveyard(from_deck=bool(m.group("deck"))), text[m.end():]) if m else None


def _becoming(text: str, what: str) -> tuple[Target, re.Match[str]] | None:
    """«[кто] становится <what>», «стать <what>»: who becomes it (the card itself when no one is
    written) and the match (``what`` a regex of the state, its groups kept)."""
    m = re.match(r"(?:(?P<who>.+?) )?(?P<verb>стать|становится|становятся) " + what + _END, text)
    who = _written_subject(m, "стать", "становятся") if m else None
    return (who, m) if who is not None and m is not None else None


def becomes_flying(text: str) -> tuple[Effect, str] | None:
    """«стать летающим [до конца хода]», «[кто] становится летающим»: gains flight (the keyword
    «полёт», as «получить полет»)."""
    found = _becoming(text, r"(?:летающим|летающей|летающими)")
    if found is None:
        return None
    who, m = found
    until, rest = _until(text[m.end():])
    return Keyword(code="flight", target=who, until=until), rest


def becomes_element(text: str) -> tuple[Effect, str] | None:
    """«выбранное существо становится тёмным» (30-191), «стоящее рядом существо становится
    темным» (20-179): the card is of that element."""
    found = _becoming(text, r"(?P<stem>" + alternation(stem for stem, _ in ELEMENTS)
                      + r")(?:ым|ой|ыми)")
    # a bare «существо» is no subject: «Когда уничтожает существо противника стоящее рядом
    # существо становится темным» (20-179) is «…, стоящее рядом существо …»
    if found is None or found[1].group("who") == "существо":
        return None
    who, m = found
    element = dict(ELEMENTS)[m.group("stem")]
    return BecomeElement(element=element, target=who), text[m.end():]  # type: ignore[arg-type]


#: «приземлиться», «приземляется на клетку вашей половины поля боя»: a flyer lands.
_LANDS = re.compile(r"(?:(?P<who>.+?) )?(?P<verb>приземлиться|приземляется|приземляются)"
                    r"(?: на (?P<free>свободную )?клетку (?P<region>" + alternation(CELL_REGIONS)
                    + r")| на (?P<free2>свободную )?соседнюю с (?P<next>ним|ней) клетку"
                    r"| на (?P<free3>свободную )?клетку рядом с (?P<near>ним|ней))?" + _END)


def lands(text: str) -> tuple[Effect, str] | None:
    """«приземлиться», «[кто] приземляется на клетку вашей половины поля боя» (30-173)."""
    m = _LANDS.match(text)
    if not m:
        return None
    who = _written_subject(m, "приземлиться", "приземляются")
    if who is None:
        return None
    region = m.group("region")
    to = Cell(free=bool(m.group("free")), region=CELL_REGIONS[region]) if region else None
    if m.group("next"):  # «приземлиться на соседнюю с ней клетку» (30-195): next to that card
        to = Cell(free=bool(m.group("free2")), next_to="that")
    if m.group("near"):  # «… на свободную клетку рядом с ней» (20-81): the same
        to = Cell(free=bool(m.group("free3")), next_to="that")
    return Land(to=to, target=who), text[m.end():]


def _written_subject(m: re.Match[str], infinitive: str, plural: str) -> Target | None:
    """Who a «<who> <verb> …» phrase is about: the card itself when no ``who`` is written; None
    when ``who`` is not read or stands before the infinitive (which takes no subject)."""
    if not m.group("who"):
        return "self"
    if m.group("verb") == infinitive:
        return None
    return target(m.group("who"), plural=m.group("verb") == plural)


#: «(до конца хода противника)», «(сохраняются до конца хода противника)» after markers put.
_MARKER_UNTIL = r"(?: \((?:сохраня(?:ется|ются) )?до конца (?P<until>" + alternation(UNTIL) + r")\))?"
#: «маркеры врата на три свободные клетки» (10-170): one marker on each of that many cells.
_MARKERS_ON = re.compile(r"маркеры (?P<name>[а-я]+(?:-[а-я]+)?) на (?P<n>" + alternation(NUMBERS)
                         + r"|\d+) свободные клетки" + _MARKER_UNTIL + _END)


def marker_on_chosen_cell(text: str) -> tuple[Effect, str] | None:
    """«выбранная клетка получает маркер дрожь» (10-161): a marker on a cell of the owner's
    choice, any cell."""
    m = re.match(r"выбранная клетка получает (?=маркер )", text)
    found = marker(text[m.end():]) if m else None
    if found is None or not isinstance(found[0], Marker):
        return None
    return Marker(name=found[0].name, cell=Cell()), found[1]


def marker_on_cell(text: str) -> tuple[Effect, str] | None:
    """«положите маркер костра на свободную клетку (до конца хода противника)» (10-175): a
    marker put on a free cell, for a while when a duration in brackets follows; «положите
    маркеры врата на три свободные клетки (сохраняются до конца хода противника)» (10-170):
    one on each of three."""
    m = re.match(r"(?:положите|положить) (?=маркеры? )", text)
    if not m:
        return None
    many = _MARKERS_ON.match(text, m.end())
    if many:
        n = many.group("n")
        count = int(n) if n.isdigit() else NUMBERS[n]
        if count < 2:
            return None
        until = UNTIL[many.group("until")] if many.group("until") else None
        return Marker(name=many.group("name"), cell=Cell(free=True), count=count,
                      until=until), text[many.end():]
    found = marker(text[m.end():])
    if found is None or not isinstance(found[0], Marker):
        return None
    cell = re.match(r" на свободную клетку" + _MARKER_UNTIL + _END, found[1])
    if not cell:
        return None
    until = UNTIL[cell.group("until")] if cell.group("until") else None
    rest = found[1][cell.end():]
    occupies = re.match(r", клетка с маркером " + re.escape(found[0].name) + r" считается занятой"
                        + _END, rest)
    return Marker(name=found[0].name, cell=Cell(free=True), until=until,
                  occupies=bool(occupies)), rest[occupies.end():] if occupies else rest


def marker_on_own_cell(text: str) -> tuple[Effect, str] | None:
    """«клетка, на которой стоит Йети, получает маркер логова» (40-62): a marker put on the
    card's own cell."""
    m = re.match(r"клетка, на которой стоит " + re.escape(SELF) + r",? получает (?=маркер )", text)
    found = marker(text[m.end():]) if m else None
    if found is None or not isinstance(found[0], Marker) or not re.match(_END, found[1]):
        return None
    return Marker(name=found[0].name, cell=Cell(occupied_by="self")), found[1]


#: «его клетка может получить маркер костра до конца хода противника (эта клетка считается
#: занятой)» (40-217): a marker on the cell of the card the trigger names (a card destroyed: the
#: cell it stood on); «может получить» is the frame's (``optional``), read before.
_ITS_CELL = re.compile(r"(?:его|ее) клетка получает (?=маркер )")
_ITS_CELL_UNTIL = re.compile(_UNTIL_RE + r"(?: \(эта клетка считается (?P<occupied>занятой)\))?")


def marker_on_its_cell(text: str) -> tuple[Effect, str] | None:
    """«его клетка получает маркер костра до конца хода противника (эта клетка считается
    занятой)» (40-217): a marker put on the cell of ``that`` (``cell: {of: that}``), for a
    while, the cell counted as occupied."""
    m = _ITS_CELL.match(text)
    found = marker(text[m.end():]) if m else None
    if m is None or found is None or not isinstance(found[0], Marker):
        return None
    until = _ITS_CELL_UNTIL.match(found[1])
    if until is None or not re.match(_END, found[1][until.end():]):
        return None
    put = Marker(name=found[0].name, cell=Cell(of="that"), until=UNTIL[until.group("until")],
                 occupies=bool(until.group("occupied")))
    return put, found[1][until.end():]


#: Classes a card may be given («получает класс пират»): as the card database spells them.
_GIVEN_CLASSES = {"герой-воин": "Герой-воин", "герой-жрец": "Герой-жрец", "герой-маг": "Герой-маг",
                  "герой-разбойник": "Герой-разбойник", "пират": "Пират"}


def gains_class(text: str) -> tuple[Effect, str] | None:
    """«выбранное существо противника получает класс герой-воин» (40-214)."""
    m = re.match(r"(?:(?P<who>[^,;]+?) )?(?P<verb>получает|получают|получить) класс (?P<c>"
                 + alternation(_GIVEN_CLASSES) + r")" + _END, text)
    if not m:
        return None
    who = _written_subject(m, "получить", "получают")
    if who is None:
        return None
    return GainClass(classes=(_GIVEN_CLASSES[m.group("c")],), target=who), text[m.end():]


#: «[@self] предотвращает следующие 3 раны от …», «… 1 следующую рану от …»: a shield.
_PREVENT = re.compile(r"(?:@self )?(?P<during>в следующий ход противника )?предотвращает "
                      r"(?:следующ(?:ие|ую) (?P<n>\d+|x)|(?P<m>\d+|x) следующ(?:ие|ую)) "
                      r"(?:раны|рану|ран) от ")
#: «в следующий ход противника» after the shield: it holds during that turn only.
_NEXT_ENEMY_TURN = " в следующий ход противника"


def prevents(text: str) -> tuple[Effect, str] | None:
    """«предотвращает следующие 3 раны от немагических атак по вашим картам» (20-26), «…
    следующие Х ран от немагических атак по вашим картам в следующий ход противника» (40-19):
    a :class:`Prevent` of the wounds of those attacks at those cards (all of them: one shield
    for all), until its end; «в следующий ход противника» (before the verb or after the
    cards) is a :class:`Delayed` shield of that turn."""
    m = _PREVENT.match(text)
    if not m:
        return None
    attacks, rest = genitive_attacks(text[m.end():])
    whom = re.match(r" по ", rest) if attacks else None
    if whom is None:
        return None
    rest = rest[whom.end():]
    for stop in sorted((e.start() for e in re.finditer(r"(?=$|[,;(]| до конца | в следующий )",
                                                       rest)), reverse=True):
        cards = dative_target(rest[:stop])
        if not isinstance(cards, Selector):
            continue
        after = rest[stop:]
        during = bool(m.group("during"))
        until, after = _until(after)
        if not during and until is None and after.startswith(_NEXT_ENEMY_TURN) \
                and re.match(_END, after[len(_NEXT_ENEMY_TURN):]):
            during, after = True, after[len(_NEXT_ENEMY_TURN):]
        if during and until is not None:
            return None
        raw = m.group("n") or m.group("m")
        shield = Prevent(value="X" if raw == "x" else int(raw), against=attacks,
                         target=dataclasses.replace(cards, all=True),
                         until="end_of_turn" if during else until)
        if during:
            at = When(event="turn_start", turn="enemy", next=True)
            return Delayed(at=at, effects=(shield,)), after
        return shield, after
    return None


def restores_armor(text: str) -> tuple[Effect, str] | None:
    """«полностью восстановить его броню» (40-41), «полностью восстановить броню вашей карты»
    (30-36, one card), «восстановить броню Костяного рыцаря» (40-176): no amount is said, so
    all of it."""
    m = re.match(r"(?:полностью )?восстановить (?:(?P<his>его|ее) броню|броню(?: (?P<whose>"
                 r"[^,;()]+?))?)(?=$| ?[,;(.]| и )", text)
    if not m:
        return None
    who: Target | None = "that" if m.group("his") else "self"
    if m.group("whose"):
        who = _transfer_end(m.group("whose"))  # one card, in the genitive
    return (RestoreArmor(target=who), text[m.end():]) if who is not None else None


_ZONES: dict[str, Zone] = {"глубиной": "depth", "поверхностью": "surface"}
_CELL_ZONE = re.compile(r"(?:— )?эта клетка считается (?P<zone>глубиной|поверхностью) и не считается "
                        r"(?P<other>глубиной|поверхностью)" + _END)


def cell_zone(text: str) -> tuple[Effect, str] | None:
    """«— эта клетка считается глубиной и не считается поверхностью» (50-124): no other cell
    named, the cell the card itself stands on."""
    m = _CELL_ZONE.match(text)
    if not m or m.group("zone") == m.group("other"):
        return None
    return CellZone(zone=_ZONES[m.group("zone")], cell=Cell(occupied_by="self")), text[m.end():]


_SWAP_STRIKES = re.compile(r"поменять местами значения сильного и слабого простого удара "
                           r"(?P<whose>[^,;()]+?)(?=$| ?[,;(.]| до конца )")


def swaps_strikes(text: str) -> tuple[Effect, str] | None:
    """«поменять местами значения сильного и слабого простого удара существа до конца хода
    противника» (30-150): one card, in the genitive, its strong and weak strike swapped."""
    m = _SWAP_STRIKES.match(text)
    if not m:
        return None
    who = _transfer_end(m.group("whose"))
    if who is None:
        return None
    until, rest = _until(text[m.end():])
    return SwapStrikes(target=who, until=until), rest


#: «стать паразитом …», «стать компаньоном …»: what a symbiote becomes of its host.
_SYMBIOTE_ROLES: dict[str, SymbioteRole] = {"паразитом": "parasite", "компаньоном": "companion"}


def becomes_symbiote(text: str) -> tuple[Effect, str] | None:
    """«стать компаньоном вашему стоящему рядом существу» (50-147), «стать паразитом, стоящему
    рядом существу противника» (40-95: a stray comma of the database): the card itself becomes
    the parasite or companion of one creature, named in the dative, or of a fixed participant
    («стать паразитом атакующему существу», 20-138)."""
    made = re.match(r"сделать (?:его|ее) своим (?P<role>" + alternation(_SYMBIOTE_ROLES) + r")"
                    + _END, text)
    if made:  # «может сделать его своим паразитом» (30-81): that creature, of the card itself
        return BecomeSymbiote(role=_SYMBIOTE_ROLES[made.group("role")], host="self",
                              target="that"), text[made.end():]
    m = re.match(r"стать (?P<role>" + alternation(_SYMBIOTE_ROLES) + r"),? ", text)
    if not m:
        return None
    rest = text[m.end():]
    for stop in _phrase_ends(rest):
        fixed = ref(rest[:stop])  # «атакующему существу» (20-138), «этого существа»
        if fixed is not None and fixed != "self":
            return BecomeSymbiote(role=_SYMBIOTE_ROLES[m.group("role")], host=fixed), rest[stop:]
        read = noun_phrase(rest[:stop])
        if read is None or read.plural is not False:
            continue
        host = read.selector
        if host.all or host.up_to is not None or host.what != "creature":
            return None
        return BecomeSymbiote(role=_SYMBIOTE_ROLES[m.group("role")], host=host), rest[stop:]
    return None


def changes_control(text: str) -> tuple[Effect, str] | None:
    """«он переходит под контроль противника» (40-181): the card itself or the one named
    before."""
    m = re.match(r"(?:(?P<who>он|она|оно|" + re.escape(SELF) + r") )?переходит под контроль "
                 r"противника" + _END, text)
    if not m:
        return None
    who: Target = "that" if m.group("who") in ("он", "она", "оно") else "self"
    return ChangeControl(target=who), text[m.end():]


#: Keywords a card becomes a creature with, in the instrumental («и трупоедством»).
_BECOMES_WITH: dict[str, KeywordCode] = {"трупоедством": "nec", "неповоротливостью": "clm"}


def becomes_creature(text: str) -> tuple[Effect, str] | None:
    """«становится существом с движением 2 и простой удар 3-4-5» (30-107), «с движением 1,
    простой удар 4-5-6 и трупоедством» (40-203), «с полетом и простой удар 2-3-4» (30-190);
    «стать существом … до конца вашего хода» (40-191: for a while)."""
    m = re.match(r"(?:становится|стать) существом с (?:движением (?P<move>\d+)|(?P<fly>полетом)),? "
                 r"(?:и )?простой удар (?P<strike>\d+-\d+-\d+)(?: и (?P<kw>"
                 + alternation(_BECOMES_WITH) + r"))?" + _END, text)
    if not m:
        return None
    codes: list[KeywordCode] = ["flight"] if m.group("fly") else []
    if m.group("kw"):
        codes.append(_BECOMES_WITH[m.group("kw")])
    movement = int(m.group("move")) if m.group("move") else None
    until, rest = _until(text[m.end():])
    return BecomesCreature(movement=movement, strike=values(m.group("strike")),
                           codes=tuple(codes), until=until), rest


def becomes_artefact(text: str) -> tuple[Effect, str] | None:
    """«стать артефактом» (20-46), «становится артефактом» (20-154): the card itself."""
    m = re.match(r"(?:стать|становится) артефактом" + _END, text)
    return (BecomesArtefact(), text[m.end():]) if m else None


def stays_open_for(text: str) -> tuple[Effect, str] | None:
    """«получает Не закрывается при атаке до конца хода» (10-12): for a while, attacking does
    not close the card (its own icon's text, so only with the duration)."""
    m = re.match(r"получает не закрывается при атаке" + _UNTIL_RE, text)
    if not m:
        return None
    return StaysOpen(after="attack", until=UNTIL[m.group("until")]), text[m.end():]


#: Whom a counter is moved from or to, besides the phrases :func:`target` reads.
_TRANSFER_ENDS: dict[str, Target] = {"противника": Selector(what="card", side="enemy")}


def _transfer_end(phrase: str) -> Target | None:
    """One card a transfer names («себя», «вашу карту», «другого болотного существа»)."""
    fixed = _TRANSFER_ENDS.get(phrase) or ref(phrase)
    if fixed is not None:
        return fixed
    read = noun_phrase(phrase)  # «с другого болотного существа»: one card (the genitive)
    if read is None or read.plural is True or read.selector.up_to is not None:
        return None
    return read.selector


_ONE_OR_SEVERAL = re.compile(r"существо или существ (?P<rest>противника)$")


def transfer(text: str) -> tuple[Effect, str] | None:
    """«переместить фишку с противника на себя», «переместить фишку с себя на вашу карту»
    (30-168), «перераспределить 2 (или менее) раны со стоящего рядом болотного существа на
    себя» (10-109); «перераспределить одну из них на себя» (50-79: one of the wounds of the
    trigger's card, ``from: that``)."""
    m = re.match(r"перераспределить одну из них на себя" + _END, text)
    if m:  # «Когда ваше существо получает раны от подлости может перераспределить одну из них на
        # себя» (50-79): one of the wounds the card of the trigger got
        return Transfer(item="wound", count=1, from_="that", to="self"), text[m.end():]
    m = re.match(r"перераспределить их на себя" + _END, text)
    if m:  # «Когда ваше стоящее рядом существо получает раны от ответного удара Орк-торговец
        # может перераспределить их на себя» (30-2): every wound the card of the trigger got
        return Transfer(item="wound", count="all", from_="that", to="self"), text[m.end():]
    m = re.match(r"(?:переместить (?P<counter>фишку)|перераспределить (?P<n>\d+) "
                 r"(?P<fewer>\(или менее\) )?(?P<wound>раны?)) (?:с|со) ", text)
    if not m:
        return None
    rest = text[m.end():]
    for on in re.finditer(r" на ", rest):
        source = _transfer_end(rest[:on.start()])
        if source is None:
            continue
        for stop in sorted((e.start() for e in re.finditer(r"(?=$|[,;.(])", rest)), reverse=True):
            if stop <= on.end():
                break
            count = int(m.group("n")) if m.group("n") else 1
            into = _transfer_end(rest[on.end():stop].strip())
            several = _ONE_OR_SEVERAL.match(rest[on.end():stop].strip())
            if several and count > 1 and m.group("wound"):
                # «перераспределить 2 (или менее) раны … на существо или существ противника»
                # (10-3): onto one creature or several, so at most as many as the wounds
                one = _transfer_end("существо " + several.group("rest"))
                into = dataclasses.replace(one, up_to=count) if isinstance(one, Selector) \
                    and one.side == "enemy" else None
            if into is not None and into != source:
                item: Literal["counter", "wound"] = "counter" if m.group("counter") else "wound"
                return Transfer(item=item, count=count, or_fewer=bool(m.group("fewer")),
                                from_=source, to=into), rest[stop:]
    return None


def to_deck(text: str) -> tuple[Effect, str] | None:
    """«возвращается в колоду», «вернуть Тайник Эллиона в колоду»: the card itself only."""
    m = re.match(r"(?:возвращается|вернуть " + re.escape(SELF) + r") в колоду" + _END, text)
    return (ToDeck(), text[m.end():]) if m else None


#: Markers the database names bare: the card's own text puts them on a card (10-77: «…
#: существо противника получает сеть …»).
_GONE_MARKERS = ("сеть",)


def marker_gone(text: str) -> tuple[Effect, str] | None:
    """«…, а сеть исчезает» (10-77): the marker is taken off the card the trigger names."""
    m = re.match(r"(?:а )?(?P<name>" + alternation(_GONE_MARKERS) + r") исчезает" + _END, text)
    return (Lose(marker=m.group("name"), target="that"), text[m.end():]) if m else None


#: Markers put on cells, named in the plural: the name the card's own «маркер …» gives.
_CELL_MARKERS_PLURAL = {"стены огня": "стена огня"}  # 30-33: «положите маркер стена огня …»


def markers_removed(text: str) -> tuple[Effect, str] | None:
    """«убрать все стены огня» (30-33): every such marker is taken off the cells it is on."""
    m = re.match(r"убрать все (?P<what>" + alternation(_CELL_MARKERS_PLURAL) + r")" + _END, text)
    if not m:
        return None
    name = _CELL_MARKERS_PLURAL[m.group("what")]
    cells = Selector(what="cell", all=True, markers=(name,))
    return Lose(marker=name, target=cells), text[m.end():]


def block(text: str) -> tuple[Effect, str] | None:
    """«блокировать удар» (10-27), «заблокировать этот удар» (10-108): the attack that fired the
    trigger (any: ``attack`` None); «эта атака блокируется» (10-189), «атака блокируется» (40-89)."""
    m = re.match(r"(?:(?:за)?блокировать (?:этот удар|эту атаку|удар|атаку)|(?:эта атака|этот удар"
                 r"|атака) блокируется)" + _END, text)  # «атака блокируется» (40-89)
    return (Block(), text[m.end():]) if m else None


_DIE_RESULT = re.compile(
    r"(?:(?P<yours>ваш )|(?P<its>его |ее |её ))?(?:(?P<first>первый) (?:за (?P<per>ход|бой) )?"
    r"|(?P<next>следующий) )"
    r"бросок кубика(?: (?P<whose>[^,;()]+?))?(?: за (?P<per2>ход|бой))? (?:равен|сводится к) "
    r"(?P<n>[1-6])(?=$| ?[,;(.])")


def die_result(text: str) -> tuple[Effect, str] | None:
    """«Ваш первый за ход бросок кубика равен 6» (20-19), «Первый бросок кубика Хитрого лепрекона
    за бой равен 6» (40-97), «следующий бросок кубика вашего выбранного существа равен 6»
    (40-46): the roll is not made, its result is set; «его следующий бросок кубика сводится к
    1» (30-9: «его» the card of the trigger's event)."""
    m = _DIE_RESULT.match(text)
    if not m or (m.group("per") and m.group("per2")) or (m.group("next") and (
            m.group("per") or m.group("per2"))):
        return None
    who: Target = "self"
    if m.group("its"):  # «его следующий бросок кубика сводится к 1» (30-9): the event's card
        if not m.group("next") or m.group("whose"):
            return None
        who = "that"
    if m.group("whose"):
        named = _transfer_end(m.group("whose"))
        if m.group("yours") or named is None:
            return None  # «ваш бросок кубика <чьего>» is not said so
        who = named
    per = m.group("per") or m.group("per2")
    if m.group("first") and not per:
        return None  # «первый бросок» of what: a turn or a battle must be said
    first: Per | None = None if not per else ("turn" if per == "ход" else "battle")
    found = DieResult(value=int(m.group("n")), target=who, yours=bool(m.group("yours")),
                      first=first, next=bool(m.group("next")))
    return found, text[m.end():]


#: What an activated ability's body may begin with (the paid attacks and strikes).
ACTIONS: tuple[EffectParser, ...] = (ranged, strike)
#: What a trigger's or an ability's effects may be, in the order tried.
TRIGGERED: tuple[EffectParser, ...] = (
    ranged, strike, finishing, wound, poison, heal, jump, teleport, act, summon, move, swap, swap_two, loses,
    removes, takes_counters, puts_incarnation, fight, declared_strike, made_to_strike, strikes_back, gang_fight, choose, growing_keyword, gets, crystals, to_deck,
    becomes_flying, becomes_element, to_graveyard, prophecy, marker_on_cell, marker_on_chosen_cell, becomes_creature, becomes_artefact, transfer, stays_open_for, block, marker_gone, markers_removed,
    marker_on_own_cell, marker_on_its_cell, gains_class, changes_control, lands, restores_armor, prevents, becomes_symbiote,
    die_result, swaps_strikes, cell_zone,
)


def first_effect(text: str, parsers: tuple[EffectParser, ...]) -> tuple[Effect, str] | None:
    for parse in parsers:
        found = parse(text)
        if found is not None:
            return found
    return None
