"""Modifiers: what a card has or gets — «+1 к простому удару по горным», «-1 от атак летающих»,
«защиту от выстрелов», «отравление на 1», «2 дополнительные жизни», «фишку», «маркер добычи».

:func:`modifier` reads one at the start of a clause (without whom it applies to or for how
long: the caller sets ``target`` and ``until``) and returns it with the rest of the text.

>>> modifier("-1 от атак летающих")
(Reduction(value=1, against=(Attack(kind='attack', by=Selector(flags=('flying',))),)), '')
>>> modifier("отравление на 2 до конца хода")
(Keyword(code='psn', value=2), ' до конца хода')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from bot.corpus.abilities import (
    Amount,
    Attack,
    AttackBonus,
    Counters,
    DieBonus,
    Effect,
    ExtraLives,
    Keyword,
    KeywordBonus,
    KeywordCode,
    Marker,
    MovementBonus,
    MovementIs,
    Protection,
    RangeBonus,
    Reduction,
    Selector,
    Target,
    Vulnerability,
    XValue,
)
from bot.importers.abilities.attacks import genitive_attacks
from bot.importers.abilities.selectors import dative_target, described
from bot.importers.abilities.text import SELF, may_be, self_name
from bot.importers.abilities.words import BONUS_TO, RANGE_OF, STRENGTH, alternation

Found = tuple[Effect, str]
_AMOUNT = r"(\d+|x)"
_MINUS = r"[-–−]\s*"
#: Keywords in the accusative (what a card gets) → code; «броню 2», «опыт в атаке 1».
_KEYWORD_ACC: dict[str, KeywordCode] = {
    "направленный удар": "direct", "безответный удар": "uht", "опыт в атаке": "ova",
    "опыт в защите": "ovz", "опыт в стрельбе": "ovs", "регенерацию": "regen",
    "регенерация": "regen", "броню": "armor", "броня": "armor", "стойкость": "stamina",
    "благословление": "bls", "благословение": "bls", "вампиризм": "vmp",
    "добивание": "fin", "неповоротливость": "clm", "отравление": "psn", "проклятие": "cur",
    "рывок": "das", "трупоедство": "nec", "инкарнацию": "icr", "инкарнация": "icr",
    "полет": "flight", "орда": "horde", "орду": "horde", "подлость": "meanness",
}
#: Keywords that take a number («броню 2», «отравление на 1») and those that never do.
_VALUED = {"ova", "ovz", "ovs", "regen", "armor", "psn", "fin", "icr", "meanness"}
_KEYWORD = re.compile(r"(?P<name>" + alternation(_KEYWORD_ACC) + r")"
                      r"(?: (?:на )?(?P<value>\d+|x)|(?P<three> на \d+-\d+-\d+))?(?=$|[ ,.;)])")
#: Keywords whose number may be three, by the die's strength: «отравление на 1-2-3» (30-132).
_BY_STRENGTH = {"psn"}
#: «Защита от летающих»: attacks of flying creatures.
FROM_FLYERS = Attack(kind="attack", by=Selector(flags=("flying",)))


def _amount(raw: str) -> Amount:
    return "X" if raw == "x" else int(raw)


def _signed(sign: str, raw: str) -> Amount | None:
    """«+2» → 2, «-1» → -1, «+X» → X; «-X» is not read (None)."""
    value = _amount(raw)
    if sign == "+":
        return value
    return None if value == "X" else -int(value)


def keyword(text: str) -> Found | None:
    """«направленный удар», «броню 2», «отравление на 1», «полет»; «2 брони» (50-26)."""
    armor = re.match(r"(?P<value>\d+) брони(?=$|[ ,.;)])", text)
    if armor:
        return Keyword(code="armor", value=int(armor.group("value"))), text[armor.end():]
    m = _KEYWORD.match(text)
    if not m:
        return None
    code = _KEYWORD_ACC[m.group("name")]
    three = m.group("three")
    if three:
        if code not in _BY_STRENGTH:
            return None
        weak, medium, strong = (int(v) for v in three.removeprefix(" на ").split("-"))
        return Keyword(code=code, value=(weak, medium, strong)), text[m.end():]
    raw = m.group("value")
    if (raw is None) == (code in _VALUED):  # «опыт в атаке» needs its number, «проклятие» none
        return None
    rest = text[m.end():]
    against = None
    if rest.startswith(" по ") and code in _AGAINST_WHOM:
        found = _dative(rest[4:])
        if found is None:
            return None
        against, rest = found
    return Keyword(code=code, value=_amount(raw) if raw else None, against=against), rest


#: Keywords said «по …» (only against those cards): «Направленный удар по болотным».
_AGAINST_WHOM = {"direct", "uht", "ova", "fin"}


def _dative(text: str) -> tuple[Target, str] | None:
    """The longest phrase at the start of ``text`` that names cards in the dative."""
    for end in sorted((e.start() for e in _PO_END.finditer(text)), reverse=True):
        if end == 0:
            continue
        found = dative_target(text[:end])
        if found is not None:
            return found, text[end:]
    return None


def protection(text: str) -> Found | None:
    """«защиту от выстрелов», «защиту от летающих», «защиту от всех немагических атак»."""
    m = re.match(r"защит[ауы] от (?:(?P<all>всех) )?", text)
    if not m:
        return None
    rest = text[m.end():]
    fly = re.match(r"летающих(?=$|[ ,.;)])", rest)
    if fly and not m.group("all"):
        return Protection(against=(FROM_FLYERS,)), rest[fly.end():]
    attacks, after = genitive_attacks(rest)
    if not attacks:
        return None
    return Protection(against=attacks), after


def reduction(text: str) -> Found | None:
    """«-1 от атак летающих», «-2 от немагических атак существ с проклятием»."""
    m = re.match(_MINUS + _AMOUNT + r" от (?:(?P<all>всех) )?", text)
    if not m:
        return None
    attacks, rest = genitive_attacks(text[m.end():])
    if not attacks:
        return None
    return Reduction(value=_amount(m.group(1)), against=attacks), rest


#: «на 1 рану больше», «на одну рану больше», «на 2 раны больше».
_MORE_WOUNDS = re.compile(r"на (?P<n>\d+|одну|две) (?:рану|раны|ран) больше от (?:(?P<all>всех) )?")


def vulnerability(text: str) -> Found | None:
    """«на 1 рану больше от слабых выстрелов» (40-81), «на одну рану больше от отравления»."""
    m = _MORE_WOUNDS.match(text)
    if not m:
        return None
    attacks, rest = genitive_attacks(text[m.end():])
    if not attacks:
        return None
    n = m.group("n")
    return Vulnerability(value=int(n) if n.isdigit() else {"одну": 1, "две": 2}[n],
                         against=attacks), rest


_BONUS_TO = re.compile(r"(?:(?P<strength>(?:слабому|среднему|сильному)(?:(?: и | или )"
                       r"(?:слабому|среднему|сильному))*) )?(?P<attack>"
                       + alternation(BONUS_TO) + r")(?=$|[ ,.;)])")


def bonus_attacks(text: str) -> tuple[tuple[Attack, ...], str]:
    """«простому удару и направленному удару по …» → the attacks, and «по …» left over.
    «слабому/среднему/сильному» qualify a simple strike only."""
    attacks: list[Attack] = []
    rest = text
    while True:
        m = _BONUS_TO.match(rest)
        if not m:
            return tuple(attacks), rest
        attack = BONUS_TO[m.group("attack")]
        if m.group("strength"):
            if attack.kind not in ("simple_strike", "shot", "throw", "discharge"):
                return tuple(attacks), rest
            strengths = tuple(STRENGTH[w] for w in re.split(" и | или ", m.group("strength")))
            attack = Attack(kind=attack.kind, strength=strengths)  # type: ignore[arg-type]
        attacks.append(attack)
        rest = rest[m.end():]
        if not re.match(r" и (?:(?:слабому|среднему|сильному) )?(?:" + alternation(BONUS_TO)
                        + r")(?=$|[ ,.;)])", rest):
            return tuple(attacks), rest
        rest = rest[3:]


#: Where a «по …» phrase may end.
_PO_END = re.compile(r"(?=,| до конца | и [+-]| \(|$)")


#: «за каждую фишку на Арбалетчике»: counters on the card itself, named by its name (marked
#: ``@self``, or one or two words that name no other card); «каджую» is a misprint (10-66);
#: «(+2 к разряду за каждую фишку)» (10-178), said of no card: its own, at the end of the bonus.
_PER_COUNTER = re.compile(r" за (?:каждую|каджую) фишку(?: на (?:@self|(?!(?:ваш|карт|существ|это|его|ее))"
                          r"[а-я-]+(?: (?!(?:ваш|карт|существ))[а-я-]+)?)(?=$|[ ,.;])|(?=$))")


def attack_bonus(text: str) -> Found | None:
    """«+1 к ударам по горным», «-1 к простому удару», «+2 к выстрелу за каждую фишку на …»,
    «+1 к следующему простому удару» (next)."""
    # «+1 {strike} по летающим»: the placeholder rendered undeclined, without «к»; read only
    # before «по …», where it can mean nothing but a bonus to the simple strike.
    text = re.sub(r"^(\+\s*\d+) простой удар(?= по )", r"\1 к простому удару", text)
    m = re.match(r"([+]|" + _MINUS + r")\s*" + _AMOUNT + r" (?:к (?:(?P<next>следующ(?:ему|ей) )|"
                 r"(?P<this>этому |этой ))?|ко всем (?=ударам|атакам))", text)
    # «+2 ко всем ударам» (30-74); «+1 к этому выстрелу» (40-10): the attack of the trigger
    if not m:
        return None
    after = text[m.end():]
    attacks, rest = bonus_attacks(after)
    if m.group("this") and len(attacks) != 1:
        return None  # «к этому …»: one attack, the trigger's
    of_value = _OF_VALUE.match(after) if not attacks and not (m.group("next") or m.group("this")) \
        else None
    if of_value:  # «-X к величине своих дальних атак» (30-111): a bonus to those attacks
        attacks, rest = genitive_attacks(after[of_value.end():])
        if any(a.by is not None for a in attacks) or rest.startswith(" по "):
            # «к величине атак летающих»: whose, of a bonus the holder gets? «+1 к дальности
            # разряда и +1 к величине … разряда по существам с проклятием» (30-142): the «по
            # …» may be both bonuses'
            return None
    if not attacks:
        return None
    value = _signed(m.group(1), m.group(2))
    if value is None:
        return None
    per = None
    each = _PER_COUNTER.match(rest)
    if each:
        per = XValue(count="counter")
        rest = rest[each.end():]
    else:
        cards = per_card(rest)
        if cards is not None:
            per, rest = cards
    against = None
    if rest.startswith(" по "):
        found = _dative(rest[4:])
        if found is None:
            return None
        against, rest = found
    return AttackBonus(value=value, to=attacks, against=against, per=per,
                       next=bool(m.group("next")), this=bool(m.group("this"))), rest


#: «к величине [своих] …»: the value of the holder's attacks named in the genitive.
_OF_VALUE = re.compile(r"величине (?:(?:своих|своего|своей) )?(?=[а-я])")


_EACH = re.compile(r" за (?:каждое|каждого|каждую|каждый) ")


def per_card(rest: str) -> tuple[XValue, str] | None:
    """« за каждое стоящее рядом закрытое существо противника»: the cards counted (the longest
    phrase read); no «за каждое …»: None."""
    m = _EACH.match(rest)
    if not m:
        return None
    for end in sorted((e.start() for e in _PO_END.finditer(rest, m.end())), reverse=True):
        if end == m.end():
            continue
        phrase = rest[m.end():end]
        found = described(phrase)
        if found is None:
            found = _same_name(phrase)
        if isinstance(found, Selector):
            return XValue(count="cards", of=found), rest[end:]
    return None


def _same_name(phrase: str) -> Selector | None:
    """«за каждого вашего стоящего рядом Линдвурма» (20-102): the cards of the card's own name
    (the text marks it as itself), described by the words before it."""
    name = self_name()
    if name is None or not phrase.endswith(" " + SELF):
        return None
    found = described(phrase.removesuffix(SELF) + "существа")
    if not isinstance(found, Selector) or found.what != "creature" or found.up_to is not None:
        return None
    return dataclasses.replace(found, what="card", name=name)


def movement_bonus(text: str) -> Found | None:
    """«+1 к движению», «+1 движение», «-1 к движению», «+X к движению» (30-121)."""
    m = re.match(r"([+]|" + _MINUS + r")\s*" + _AMOUNT + r" (?:к движению|движение)(?=$|[ ,.;)])",
                 text)
    if not m:
        return None
    value = _signed(m.group(1), m.group(2))
    if value is None:
        return None
    return MovementBonus(value=value), text[m.end():]


def movement_is(text: str) -> Found | None:
    """«движение 2» after «получить» (50-173): the movement becomes 2."""
    m = re.match(r"движение (\d+)(?=$|[ ,.;)])", text)
    return (MovementIs(value=int(m.group(1))), text[m.end():]) if m else None


def range_bonus(text: str) -> Found | None:
    """«+1 к дальности выстрела»; «+1 к дальности» (10-188: of every ranged attack); «… за
    каждую свободную клетку рядом с собой» (50-86: ``per`` free cells next to it)."""
    jump = re.match(r"\+(\d+) к дальности прыжка(?=$|[ ,.;)])", text)
    if jump:  # «… получают +1 к дальности прыжка» (20-172): its jumps, no attack
        return RangeBonus(value=int(jump.group(1)), jump=True), text[jump.end():]
    m = re.match(r"\+(\d+) к дальности(?: (" + alternation(RANGE_OF) + r"))?(?=$|[ ,.;)])", text)
    if not m:
        return None
    rest = text[m.end():]
    free = _PER_FREE_CELL.match(rest)
    per = XValue(count="free_cells") if free else None
    rest = rest[free.end():] if free else rest
    to = (Attack(kind=RANGE_OF[m.group(2)]),) if m.group(2) is not None else ()
    return RangeBonus(value=int(m.group(1)), to=to, per=per), rest


#: «за каждую свободную клетку рядом с собой» (50-86): the free cells next to the card.
_PER_FREE_CELL = re.compile(r" за каждую свободную клетку рядом с (?:собой|@self)(?=$|[ ,.;)])")


def die_bonus(text: str) -> Found | None:
    """«+1 к броскам кубика», «+1 к следующему броску кубика» (40-8: ``next``)."""
    m = re.match(r"([+]|" + _MINUS + r")" + _AMOUNT + r" к (?:броскам|броску|(?P<next>следующему "
                 r"броску)) кубика(?=$|[ ,.;)])", text)  # «+Х к броскам кубика, где Х …» (40-49)
    if not m:
        return None
    value = _signed(m.group(1), m.group(2))
    if value is None:
        return None
    rest = text[m.end():]
    against = None
    if rest.startswith(" при атаках по "):  # «… при атаках по этому существу» (10-9)
        found = _dative(rest[len(" при атаках по "):])
        if found is None:
            return None
        against, rest = found
    elif rest.startswith(", когда атакует "):
        # «+1 к броску кубика, когда атакует карты во втором ряду противника» (10-103): its
        # rolls in attacks at those cards, said to the end of the sentence
        whom = described(rest[len(", когда атакует "):])
        if not isinstance(whom, Selector):
            return None
        against, rest = whom, ""
    return DieBonus(value=value, next=bool(m.group("next")), against=against), rest


_COUNT_WORDS = {"": 1, "1 ": 1, "одну ": 1, "2 ": 2, "две ": 2, "3 ": 3, "три ": 3, "x ": "X"}


def gained_counters(text: str) -> Found | None:
    """«фишку», «2 фишки», «жетон», «3 фишки»."""
    m = re.match(r"(\d+ |x )?(фишку|фишки|фишек|жетон|жетона|жетонов)(?=$|[ ,.;)])", text)
    if not m:
        return None
    count = _COUNT_WORDS.get(m.group(1) or "")
    if count is None:
        return None
    if (count == 1) != (m.group(2) in ("фишку", "жетон")):
        return None
    item = "token" if m.group(2).startswith("жетон") else "counter"
    return Counters(action="gain", count=count, item=item), text[m.end():]  # type: ignore[arg-type]


def extra_lives(text: str) -> Found | None:
    """«1 дополнительную жизнь», «3 дополнительные жизни», «дополнительную жизнь»."""
    m = re.match(r"(\d+ |x |одну |две |три )?(?:дополнительн(?:ую жизнь|ые жизни|ых жизней)|"
                 r"(?<=1 )жизнь дополнительную)(?=$|[ ,.;)])", text)  # «1 жизнь дополнительную» (50-80)
    if not m:
        return None
    count = _COUNT_WORDS.get(m.group(1) or "")
    if count is None:
        return None
    return ExtraLives(value=count), text[m.end():]  # type: ignore[arg-type]


def marker(text: str) -> Found | None:
    """«маркер добычи», «маркер «смерч»» (one word or a quoted name); «маркер холод трясины до
    конца хода» (20-108): an unquoted name of two or three words where a duration ends it."""
    words = _MARKER_WORDS.match(text)
    if words:
        return Marker(name=words.group(1)), text[words.end():]
    bare = _BARE_GIVEN.match(text)
    if bare:  # «оно получает «печать Сеггера»» (50-204): a marker, though without the word
        return Marker(name=bare.group(1)), text[bare.end():]
    m = re.match(r"маркер (?:«([^»]+)»|\"([^\"]+)\"|([а-я]+(?:-[а-я]+)?))(?=$|[ ,.;)])", text)
    if not m:
        return None
    return Marker(name=m.group(1) or m.group(2) or m.group(3)), text[m.end():]


#: A quoted name given without the word «маркер» that the card's own text names a marker of
#: («При гибели существа противника с «печатью Сеггера» …», 50-204: selectors._BARE_MARKERS).
_BARE_GIVEN = re.compile(r"«(печать сеггера)»(?=$|[ ,.;)])")
#: «маркер холод трясины до конца хода»: the words up to «до конца …» are the marker's name
#: (no preposition or conjunction among them: «маркер костра на клетку до конца …» is no name).
_NOT_NAME = r"(?!(?:до|на|в|во|с|со|по|к|ко|у|от|и|или|а|рядом|клетку|клетке)(?= ))"
_MARKER_WORDS = re.compile(r"маркер (" + _NOT_NAME + r"[а-я]+(?: " + _NOT_NAME
                           + r"[а-я]+){1,2})(?= до конца )")


#: Keywords whose value grows, in the dative («+2 к бешенству»).
_GROWING: dict[str, KeywordCode] = {
    "бешенству": "fry", "броне": "armor", "отравлению": "psn", "регенерации": "regen",
    "добиванию": "fin", "опыту в атаке": "ova", "опыту в защите": "ovz", "опыту в стрельбе": "ovs",
    "вампиризму": "vmp", "пророчеству": "prp",
}


def keyword_bonus(text: str) -> Found | None:
    """«+2 к бешенству», «+1 к отравлению», «-2 к бешенству», «+1 к следующему добиванию»
    (next); «+1 броню» (40-28: armor in the accusative, no «к»)."""
    m = re.match(r"([+]|" + _MINUS + r")\s*" + _AMOUNT + r" (?:к (?P<next>следующему )?("
                 + alternation(_GROWING) + r")|(?P<armor>броню))(?=$|[ ,.;)])", text)
    if not m:
        return None
    value = _signed(m.group(1), m.group(2))
    if value is None:
        return None
    code, rest = "armor" if m.group("armor") else _GROWING[m.group(4)], text[m.end():]
    if m.group("next") and code != "fin":
        return None  # only finishing is said «к следующему …» (40-172)
    against = None
    if code == "fin" and rest.startswith(" по "):
        # «+1 к добиванию по существам меньшей, чем они, стоимости» (40-104): the cards finished
        found = _dative(rest[4:])
        if found is None:
            return None
        against, rest = found
    elif code == "fin" and rest.startswith(" ") and not rest.startswith((" до ", " (")):
        # «+1 к добиванию темных существ» (20-179): the cards finished, in the genitive
        found = genitive(rest[1:])
        if found is not None:
            against, rest = found
    return KeywordBonus(code=code, value=value, next=bool(m.group("next")), against=against), rest


def genitive(text: str) -> tuple[Target, str] | None:
    """The longest phrase at the start of ``text`` that names cards in the genitive (every
    word before a comma may be genitive: «темных существ», «существ, стоящих …»)."""
    for end in sorted((e.start() for e in _PO_END.finditer(text)), reverse=True):
        phrase = text[:end]
        head = phrase.split(",")[0]
        if not phrase or not all(may_be(w, "gent") for w in re.findall(r"[а-я]+", head)):
            continue
        found = described(phrase)
        if isinstance(found, Selector):
            return found, text[end:]
    return None


_SHARED_BONUS = re.compile(r"^(?P<n>\+\d+) к (?P<a>" + alternation(BONUS_TO) + r") и (?P<k>"
                           + alternation(_GROWING) + r")(?=$|, | и )")


def shared_bonus(text: str) -> str:
    """«+1 к простому удару и опыту в атаке» (10-91): one bonus to an attack and to a keyword
    that grows, written as two («+1 к простому удару и +1 к опыту в атаке»)."""
    return _SHARED_BONUS.sub(r"\g<n> к \g<a> и \g<n> к \g<k>", text)


#: What a card may get («получает …», «имеет …»), in the order tried.
MODIFIERS: tuple[Callable[[str], Found | None], ...] = (
    reduction, vulnerability, range_bonus, die_bonus, movement_bonus, movement_is, keyword_bonus,
    attack_bonus, protection,
    extra_lives,
    gained_counters, marker, keyword,
)


def shared_against(effects: list[Effect]) -> bool:
    """«+3 к простому удару и безответный удар по существам с маркером добычи» (10-68): a «по
    …» said only at the last of the modifiers may hold for the earlier ones too (not read)."""
    open_ = False  # an earlier modifier that could be said «по …» but is not
    for e in effects:
        if isinstance(e, (AttackBonus, Keyword, KeywordBonus)):
            if e.against is not None and open_:
                return True
            open_ = open_ or e.against is None
    return False


def modifier(text: str) -> Found | None:
    """One modifier at the start of ``text``, or None."""
    for read in MODIFIERS:
        found = read(text)
        if found is not None:
            return found
    return None
