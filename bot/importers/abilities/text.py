"""Card text into sentences, and a sentence into the lower-case form the patterns read.

The card's own name inside its text («ранить Глорма на 1», «по Слизи») is the card itself: the
normalised sentence writes it as :data:`SELF` so that the patterns read it as ``self``
whatever its case («Глорм», «Глорма», «Глорму» …; word forms from pymorphy3).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from bot.importers.abilities.words import CARD_NAMES
from bot.importers.nxt_text import render_text
from bot.ru import fold, without_yo

#: The card's own name in a normalised sentence.
SELF = "@self"

# «получить {counter}.{counter}{tap}: …» (40-7): a cost right after the dot starts a sentence;
# so does a capital letter right after a dot («дальность 5.В конце хода», 50-51)
# and «…, пока хозяин не имеет ран.-1 от …» (40-111): a dot glued to a bonus or reduction
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:\s+|(?=\{(?:tap|counter|instant|token)\})|(?=[А-ЯЁ])"
                           r"|(?=[-–−+]\s?\d))")
# «{ovz} 1Когда получает …» (30-6), «дальность 4Имеет …» (30-41): the database lost the dot
_GLUED = re.compile(r"(?<=\d)(?=[А-ЯЁ][а-яё])")
# «{tap}: {uchr} на 1 {instant}{tap}: Воздействие …» (10-181): a cost prefix right after a number
# starts the next ability (the database lost the dot)
# (an attack's value «на N»: not the count of a cost, «3 {counter}{tap}: …»)
_COST_AFTER_NUMBER = re.compile(r"(?<= на )(?P<value>\d+(?:-\d+-\d+)?)\s+(?=(?:\{(?:tap|counter|"
                                r"instant)\}\s*)+:)")
# «… с чётным количеством {health} +3 к {strike} по боевым машинам» (50-69): a bonus right
# after the lives' placeholder starts the next ability (the database lost the dot)
_BONUS_AFTER_LIVES = re.compile(r"(?:(?<=\{health\})|(?<=количеством жизнью))\s+(?=\+\d+ к )")
# «Максимум 8 {health} В начале хода противника …» (50-109): the database lost the dot
_MAX_LIVES_GLUED = re.compile(r"(\bМаксимум \d+ \{health\})\s+(?=[А-ЯЁ])")
_ERRATA = re.compile(r"^\s*\[\s*эррата[^\]]*\]\s*", re.IGNORECASE)
# «… +1 к магическому удару до конца хода {tap}: Магический удар на 1.» (50-150): a duration
# ends an ability, so a cost right after it starts the next one (the database lost the dot)
_COST_AFTER_UNTIL = re.compile(r"(?<= до конца хода)\s+(?=(?:\{(?:tap|counter|instant)\}\s*)+:)")
_COST_AFTER_BRACKET = re.compile(r"\)\s*(?=(?:\{(?:tap|counter|instant)\}\s*)+:)")
_WHERE_X = re.compile(r"где [XxХх]\b")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_CYRILLIC_X = re.compile(r"(?<![а-яёa-z])х(?![а-яёa-z])")
_N_PLUS_X = re.compile(r"(?<![\d.,+-])(\d+)\s?\+\s?x(?![а-яёa-z\d])")
_LATIN_TO_CYRILLIC = {"o": "о", "a": "а", "e": "е"}
_LATIN_IN_WORD = re.compile(r"(?<=[а-яё])[oae](?=[а-яё])")
_WORD = re.compile(r"[А-Яа-яЁёA-Za-z'’-]+")


def split_sentences(text: str) -> list[str]:
    """Sentences of card text; ``\\u0001`` (a printed symbol) and new lines end a sentence.

    >>> split_sentences("Телепортация. {tap}: Выстрел на 1.")
    ['Телепортация.', '{tap}: Выстрел на 1.']
    >>> split_sentences("Разряд на 1, дальность 5.В конце хода ранить себя на 1")
    ['Разряд на 1, дальность 5.', 'В конце хода ранить себя на 1']
    >>> split_sentences("{tap}: {uchr} на 1 {instant}{tap}: Воздействие удача …")
    ['{tap}: {uchr} на 1', '{instant}{tap}: Воздействие удача …']
    >>> split_sentences("Получает +1 к удару до конца хода {tap}: Магический удар на 1.")
    ['Получает +1 к удару до конца хода', '{tap}: Магический удар на 1.']
    >>> split_sentences("с чётным количеством {health} +3 к {strike} по боевым машинам.")
    ['с чётным количеством {health}', '+3 к {strike} по боевым машинам.']
    >>> split_sentences("3 {counter}{tap}: Особый удар кистенем на 3-4-6.")
    ['3 {counter}{tap}: Особый удар кистенем на 3-4-6.']
    >>> split_sentences("Добивание на X (1 раз за ход)\u0001 где X число ран.")
    ['Добивание на X (1 раз за ход), где X число ран.']
    >>> split_sentences("Ранить их (кроме симбиотов)\u0001 при этом ранить себя на 1.")
    ['Ранить их (кроме симбиотов), при этом ранить себя на 1.']
    >>> split_sentences('Имеет "Вампиризм. Максимум 12 {health} ", пока …')
    ['Имеет "Вампиризм. Максимум 12 {health} ", пока …']
    """
    if not text or text.strip().casefold() in ("nan", "none", "null"):
        return []
    text = _CONTROL.sub("\n", text.replace("\u0001", "\n"))
    pieces: list[tuple[str, bool]] = []  # (sentence, whether a line break came before it)
    for line in text.split("\n"):
        line = _ERRATA.sub("", line)  # «[Эррата 2023.04.08] При …»: the date is no ability
        # «(воздействие взрыв котла ) {tap}: Выстрел …»: a cost after a bracket starts the next
        # ability (the database lost the printed symbol between them)
        line = _COST_AFTER_BRACKET.sub(")\n", line)
        line = _GLUED.sub("\n", line)
        line = _COST_AFTER_NUMBER.sub("\\g<value>\n", line)
        line = _COST_AFTER_UNTIL.sub("\n", line)
        line = _MAX_LIVES_GLUED.sub("\\1\n", line)
        line = _BONUS_AFTER_LIVES.sub("\n", line)
        parts = [s.strip() for part in line.split("\n") for s in _SENTENCE_END.split(part)]
        pieces += [(s, i == 0) for i, s in enumerate(p for p in parts if p)]
    out: list[str] = []
    for sentence, after_break in pieces:
        if out and _open_quote(out[-1]):  # «имеет "Вампиризм. Максимум 12 {health}", пока …»
            out[-1] = f"{out[-1]} {sentence}"
        elif out and _continues(sentence):
            # «… (максимум на 3)\u0001 иначе …» (20-120): the symbol stands for a comma;
            # «нежить на вашем. кладбище …» (50-179): the dot is a misprint
            out[-1] = (f"{out[-1].rstrip()}, {sentence}" if after_break
                       else f"{out[-1].rstrip().removesuffix('.')} {sentence}")
        elif out and _WHERE_X.match(sentence):  # «… на X (…)\u0001 где X …» (10-18): one sentence
            out[-1] = f"{out[-1].rstrip()}, {sentence}"
        elif sentence.strip(" ."):
            out.append(sentence)
    return out


def _open_quote(sentence: str) -> bool:
    """Whether a quotation opened in ``sentence`` is still open at its end."""
    return sentence.count('"') % 2 == 1 or sentence.count("«") > sentence.count("»")


def _continues(sentence: str) -> bool:
    """Whether ``sentence`` is the rest of the one before: it starts in lower case.

    «вначале хода …» (30-132, 40-114) is a new ability printed without its capital letter.
    """
    return sentence[:1].islower() and not sentence.startswith("вначале")


def normalise(sentence: str, name: str | None = None,
              mentions: list[str] | None = None) -> str:
    """Lower case, placeholders rendered as words (``{tap}`` → «закрыться»), ё → е, no final
    dot; the card's ``name`` in any case as :data:`SELF` (``mentions`` gets each mention, as
    normalised, in order).

    >>> normalise("{tap}: Метание «магмы» на 1.")
    'закрыться: метание «магмы» на 1'
    >>> normalise("Закрыться: ранить Глорма на 1.", "Глорм")
    'закрыться: ранить @self на 1'
    >>> normalise("+Х к простому удару, где Х число ран")
    '+x к простому удару, где x число ран'
    """
    s = render_text(sentence).text if "{" in sentence else sentence
    # a Latin letter inside a Russian word: «Гнoмом» (40-68), «Элементaля» (40-16)
    s = _LATIN_IN_WORD.sub(lambda m: _LATIN_TO_CYRILLIC[m.group(0)], s)
    s = join_hyphenations(s)
    for spelt, meant in _NAME_SPELLINGS:
        s = spelt.sub(meant, s)
    if name:
        s = mark_name(s, name, mentions)
    s = fold(s).replace("\u00a0", " ")
    s = _CYRILLIC_X.sub("x", s)  # «Х» (Cyrillic) as an amount is the X of docs/abilities.md
    s = _N_PLUS_X.sub(r"x+\1", s)  # «стоимостью 3+Х или менее» (40-44): X plus 3, as «x+3»
    s = re.sub(r"\s+", " ", s).strip()
    for glued, apart in _GLUED_WORDS:
        s = glued.sub(apart, s)
    return re.sub(r"\s*\.$", "", s).strip()


#: The card's own name spelt another way by the database, as its name (before it is marked):
#: «Закрыть стоящее рядом ваше существо: переместить 1 требушет на соседнюю клетку …» (40-18
#: «Требушет»: the ability moves the card itself).
_NAME_SPELLINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<=переместить )1 требушет\b"), "Требушет"),
)


#: Words the database glues together, written apart: «отравлениена 1» (40-142),
#: «погружениина глубинуполучает» (40-136, 40-139), «погероям» (40-195); and misprints of the
#: database, corrected.
_GLUED_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bотравлениена (?=\d)"), "отравление на "),
    (re.compile(r"(погружении|всплытии) ?на (глубину|поверхность)(?=[а-я])"), r"\1 на \2 "),
    (re.compile(r"(погружении|всплытии)на (?=глубину|поверхность)"), r"\1 на "),
    (re.compile(r"\bэлементалиимеют\b"), "элементали имеют"),  # 40-44
    # «стоящиесправа и слева ваши болотные существаимеют броню Х» (30-114)
    (re.compile(r"\bстоящиесправа\b"), "стоящие справа"),
    (re.compile(r"\bсуществаимеют\b"), "существа имеют"),
    (re.compile(r"^вамриризм(?=\.?$)"), "вампиризм"),  # a misprint of the database (10-166)
    (re.compile(r"\bпогероям\b"), "по героям"),  # «+1 к ударам погероям» (40-195)
    (re.compile(r"\bподлость(?=\d)"), "подлость "),  # «подлость2» (50-97)
    # misprints of the database: «излечить вашше существо» (10-95, 50-105), «ранить на З
    # существо» (40-88: the letter З for the digit 3)
    (re.compile(r"\bвашше\b"), "ваше"),
    (re.compile(r"\bвашей половины боя\b"), "вашей половины поля боя"),  # 30-173
    (re.compile(r"(кристалла) (?=положите )"), r"\1; "),  # «2 золотых кристалла положите» (50-166)
    (re.compile(r", при этот (?=стать )"), ", при этом "),  # «при этот стать летающим» (30-45)
    (re.compile(r"\bна з(?= )"), "на 3"),
    (re.compile(r"\b(раза? за ход)а\)"), r"\1)"),  # «(1 раз за хода)» (30-91)
    (re.compile(r"\bатакованое\b"), "атакованное"),  # 30-154
    (re.compile(r"\bвальхал-лой\b"), "вальхаллой"),  # a hyphenation the dictionary does not join (40-46)
    (re.compile(r"\bна клетку, которая (?=она занимала\b)"), "на клетку, которую "),  # 30-44
    # «Когда рядом стоящее ваше существо должно …» (40-133): the word order of «стоящее рядом»
    (re.compile(r"^когда рядом стоящее (?=ваше существо )"), "когда стоящее рядом "),
    (re.compile(r"(?<=получить \+1) (?=ударам )"), " к "),  # «получить +1 ударам» (20-86)
    # «Заклинаниепробуждение природы», «Воздействиеисполинский рост» (40-86): the name glued
    # to its word (three letters at least: not «заклинанием»)
    (re.compile(r"\b(воздействие|заклинание)(?=[а-я]{3})"), r"\1 "),
    # misprints: «благословдение» (30-189, 40-84), «отравленме» (10-121), «оссобенности» (10-94)
    (re.compile(r"\bблагословд(?=ени)"), "благословл"),
    (re.compile(r"\bотравленме\b"), "отравление"),
    (re.compile(r"\(воздействине "), "(воздействие "),  # «(воздействине коварный подкуп)» (10-199)
    (re.compile(r"\bоссобенности\b"), "особенности"),
    (re.compile(r"\bотсавшихся\b"), "оставшихся"),  # «количество отсавшихся единиц брони» (40-71)
    (re.compile(r"\bващего хода\b"), "вашего хода"),  # «до конца ващего хода» (40-132)
    (re.compile(r"\bдо конца ходу\b"), "до конца хода"),  # «до конца ходу противника» (20-11)
    (re.compile(r"\bместами-со\b"), "местами со"),  # «поменяться местами-со стоящей …» (50-121)
    # «со стоящим рядом вашим небестелесным существо;» (30-13)
    (re.compile(r"(?<=\bсо стоящим рядом вашим небестелесным )существо(?=;)"), "существом"),
    (re.compile(r"\bсуществам стоимость (?=\d)"), "существам стоимостью "),  # 30-180
    # «все {strike} по выбранному существо сводятся к сильным» (30-191)
    (re.compile(r"\bпо выбранному существо (?=сводятся )"), "по выбранному существу "),
    (re.compile(r"\bсущесnвом\b"), "существом"),  # a Latin n (30-190)
    (re.compile(r" ー "), " — "),  # «копит фишку ー оно получает …» (50-59): a dash
    (re.compile(r"\bс проклятие или (?=благословл)"), "с проклятием или "),  # 30-104
    (re.compile(r"^когла (?=ваш )"), "когда "),  # «Когла ваш пират нападает …» (30-182)
    (re.compile(r"\bввстрел\b"), "выстрел"),  # «При ударе ввстрел на 1 …»: a misprint (40-9)
    (re.compile(r"\bвызвать нв (?=его клетку)"), "вызвать на "),  # «вызвать нв его клетку» (30-189)
    (re.compile(r"\bполучить x рн (?=от )"), "получить x ран "),  # «должен получить Х рн от …» (40-110)
    # «на клетку вашей половины поля переместить его …» (20-174): «поля боя»
    (re.compile(r"\bвашей половины поля (?=переместить )"), "вашей половины поля боя "),
    # «по карте,стоящей рядом …» (40-9): a space after the comma, as the rendered text has
    (re.compile(r",(?=[а-я«])"), ", "),
    # stray letters after «броню»: «игнорирует … и броню я до конца …» (50-78), «получить +1
    # броню с до конца хода противника» (40-28)
    (re.compile(r"\bброню [яс] (?=до конца )"), "броню "),
    # «{tap}Ж выстрел …» (40-8): Ж is the colon's key on a Russian keyboard
    (re.compile(r"^закрыться ж (?=выстрел )"), "закрыться: "),
    (re.compile(r"\bквыстрелупо\b"), "к выстрелу по"),  # «+1 квыстрелупо существам …» (21-4)
    (re.compile(r"\bобъявитьособый\b"), "объявить особый"),  # «может объявитьособый удар» (40-195)
    (re.compile(r"\bна соседною (?=свободную клетку)"), "на соседнюю "),  # 50-147
    (re.compile(r"\bмаксмум\b"), "максимум"),  # «Максмум 12 {health}» (30-178)
    (re.compile(r"^опыт в атаке: (\d+) если "), r"опыт в атаке \1, если "),  # «{ova}: 2 если» (30-181)
)


#: A word the database hyphenated at a line break («маги-ческой», «следующе-го»; a capital first:
#: «рядом с Волноре-зом», 50-141); a quoted name keeps its hyphenation («наводне-ние»,
#: docs/abilities.md).
_HYPHENATED = re.compile(r"(?<![\w-])(?P<a>[а-яёА-ЯЁ][а-яё]*)-(?P<b>[а-яё]+)(?![\w-])")
_QUOTE = re.compile(r"«[^«»]*»|\"[^\"]*\"")


def join_hyphenations(sentence: str) -> str:
    """``sentence`` with each hyphenated word written whole when the dictionary knows the whole
    word («магической», «немагической») and not the hyphenated one: «герой-маг» stays.

    >>> join_hyphenations("от маги-ческой атаки по герой-магу, «наводне-ние»")
    'от магической атаки по герой-магу, «наводне-ние»'
    """
    if "-" not in sentence:
        return sentence
    out, last = [], 0
    for quote in [*_QUOTE.finditer(sentence), None]:
        end = quote.start() if quote else len(sentence)
        out.append(_HYPHENATED.sub(_joined, sentence[last:end]))
        if quote:
            out.append(quote.group(0))
            last = quote.end()
    return "".join(out)


def _joined(m: re.Match[str]) -> str:
    word = m.group("a") + m.group("b")
    known = _morph().word_is_known
    if known(m.group(0).lower()):
        return m.group(0)
    if known(word.lower()) or (word.startswith("не") and known(word[2:])):
        return word
    return m.group(0)


def mark_name(sentence: str, name: str, mentions: list[str] | None = None) -> str:
    """``sentence`` with every mention of the card's ``name`` written :data:`SELF`.

    A one-word name counts only when capitalised («по Слизи», not «плевок слизью» or a class
    «ваших нетопырей»); a longer name in any case («по проклятому доспеху»). Forms keep the
    name's number, so «Гоблин» does not match «Гоблины».

    >>> mark_name("При ближнем ударе по Слизи ранить атаковавшего на 1", "Слизь")
    'При ближнем ударе по @self ранить атаковавшего на 1'
    >>> mark_name("Выстрел плевок слизью на 1", "Слизь")
    'Выстрел плевок слизью на 1'
    >>> mark_name("Все атаки по Степному волколаку сводятся к слабым", "Степной волколак")
    'Все атаки по @self сводятся к слабым'
    """
    stem = _stem(name)
    single = len(_WORD.findall(name)) == 1
    folded = without_yo(sentence)
    if not stem or (stem[:1].upper() + stem[1:] not in folded if single
                    else stem not in folded.casefold()):
        return sentence  # the name is not there: no word forms needed
    forms = _name_forms(name)
    if not forms:
        return sentence
    words = list(_WORD.finditer(sentence))
    holders = _holders(name)
    out: list[str] = []
    last = 0
    i = 0
    while i < len(words):
        if _mentions(words, i, forms) and not (i and _fold(words[i - 1].group(0)) in holders):
            start, end = words[i].start(), words[i + len(forms) - 1].end()
            out += [sentence[last:start], SELF]
            if mentions is not None:
                mentions.append(_fold(sentence[start:end]))
            last = end
            i += len(forms)
        else:
            i += 1
    return "".join(out) + sentence[last:] if out else sentence


@lru_cache(maxsize=1024)
def _holders(name: str) -> frozenset[str]:
    """The word before the card's name where another card's name holds it (words.CARD_NAMES):
    «ваше Щупальце Кракена» on 20-132 «Кракен» is the card «Щупальце кракена», not the Kraken.

    >>> sorted(_holders("Кракен"))
    ['щупальца', 'щупальце']
    """
    forms = _name_forms(name)
    out: set[str] = set()
    for other in CARD_NAMES:
        words = [_fold(w) for w in _WORD.findall(other)]
        head = len(words) - len(forms)
        if head > 0 and all(w in allowed for w, allowed in zip(words[head:], forms, strict=True)):
            out.add(words[head - 1])
    return frozenset(out)


def _mentions(words: list[re.Match[str]], i: int, forms: tuple[frozenset[str], ...]) -> bool:
    if i + len(forms) > len(words):
        return False
    if len(forms) == 1 and not words[i].group(0)[:1].isupper():
        return False
    for k, allowed in enumerate(forms):
        if k and words[i + k].start() - words[i + k - 1].end() != 1:
            return False  # the words of a name are separated by one space
        if _fold(words[i + k].group(0)) not in allowed:
            return False
    return True


def _stem(name: str) -> str:
    """The start every form of the name's first word shares («Глорм»: «глор»)."""
    words = _WORD.findall(name)
    if not words:
        return ""
    first = _fold(words[0].split("-")[0])
    return first[: max(2, len(first) - 2)]


def _fold(word: str) -> str:
    return fold(word).replace("’", "'")


@lru_cache(maxsize=4096)
def _name_forms(name: str) -> tuple[frozenset[str], ...]:
    """The word forms of each word of ``name`` (folded), in the name's number."""
    words = _WORD.findall(name)
    return tuple(frozenset(_word_forms(w)) for w in words) if words else ()


def _word_forms(word: str) -> set[str]:
    if "-" in word:  # «Орк-бомбардир»: «Орка-бомбардира»; «Дракон-зомби»: «Дракона-зомби»
        head, _, tail = word.partition("-")
        return {f"{a}-{b}" for a in _word_forms(head) for b in _word_forms(tail)}
    folded = _fold(word)
    forms = {folded}
    parses = _morph().parse(word.casefold())
    if all(p.tag.POS is None for p in parses):  # «Огр»: not even a guess; the usual endings
        return forms | _endings(folded)
    for parse in parses:
        tag = parse.tag
        if "nomn" not in tag or tag.POS not in ("NOUN", "ADJF", "PRTF"):
            continue  # «Мерцающий змей»: a participle declines as an adjective
        for form in parse.lexeme:
            if form.tag.number == tag.number and (tag.POS == "NOUN" or (
                    form.tag.gender == tag.gender and (tag.POS == "ADJF" or (
                        form.tag.POS == tag.POS and form.tag.tense == tag.tense
                        and form.tag.voice == tag.voice)))):
                forms.add(_fold(form.word))
    if forms == {folded}:  # «Ливрах» is no nominative to the dictionary: the usual endings
        forms |= _endings(folded)
    elif not _morph().word_is_known(word.casefold()):
        # a guess may take the gender or the number wrong: «Вереселень» declined as «тень»,
        # not «по Вереселеню» (30-121); «Эльята» as a plural, not «Атаки Эльяты» (40-173):
        # the usual endings too
        forms |= _endings(folded)
    return forms


@lru_cache(maxsize=8192)
def may_be(word: str, case: str) -> bool:
    """Whether ``word`` may be in the grammatical ``case`` (pymorphy3's tags: ``gent``,
    ``nomn`` …); a word no dictionary knows may be in any.

    >>> may_be("вашего", "gent"), may_be("ваше", "gent")
    (True, False)
    """
    parses = _morph().parse(word)
    known = [p for p in parses if p.tag.POS is not None]
    return not known or any(case in p.tag for p in known)


def _endings(word: str) -> set[str]:
    """Case forms of a noun no dictionary knows, by its ending (singular)."""
    if word.endswith("а"):
        return {word[:-1] + e for e in ("ы", "и", "е", "у", "ой")}
    if word.endswith("я"):
        return {word[:-1] + e for e in ("и", "е", "ю", "ей")}
    if word.endswith("ь"):
        return {word[:-1] + e for e in ("я", "ю", "ем", "е", "и", "ью")}
    if word.endswith("ий"):  # «Гномий король»: «с Гномьим королем» (10-67)
        return {word[:-2] + e for e in ("ьего", "ьему", "ьим", "ьем")}
    if word[-1:] in "бвгджзклмнпрстфхцчшщ":
        return {word + e for e in ("а", "у", "ом", "е")}
    return set()


def _morph() -> Any:
    from bot.ru import morph  # one analyzer per process (the lookup reads words with it too)

    return morph()


#: The grammatical gender of the name of the card whose sentence is being read (``masc``,
#: ``femn``, ``neut``; None when unknown or plural): what «он», «она» may mean.
_SELF_GENDER: ContextVar[str | None] = ContextVar("self_gender", default=None)
#: The name of the card whose sentence is being read (None when not known).
_SELF_NAME: ContextVar[str | None] = ContextVar("self_name", default=None)


def name_gender(name: str | None) -> str | None:
    """The gender of a card's name (its first word, a singular noun in the nominative), or
    None when it is not one gender («Бон и Берроу», «Руины Уорлога»).

    >>> name_gender("Полководец"), name_gender("Лучница Снорганга"), name_gender("Руины Уорлога")
    ('masc', 'femn', None)
    """
    if not name or " и " in name:
        return None
    word = name.split()[0].split("-")[0]
    genders = {p.tag.gender for p in _morph().parse(word)
               if p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag}
    return genders.pop() if len(genders) == 1 else None


@lru_cache(maxsize=512)
def class_gender(name: str) -> str | None:
    """The gender of a class as the card database spells it, used as a noun («Речная дева»:
    ``femn``, «Гном»: ``masc``): of its one word that is a singular noun in the nominative;
    None when there is not exactly one such gender («Дитя Кронга»: ``neut``).

    >>> class_gender("Речная дева"), class_gender("Гном"), class_gender("Дитя Кронга")
    ('femn', 'masc', 'neut')
    """
    genders: set[str] = set()
    for word in name.split():
        found = {p.tag.gender for p in _morph().parse(word)
                 if p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag}
        if len(found) == 1:
            genders |= found
        elif found:
            return None
    return genders.pop() if len(genders) == 1 else None


@contextmanager
def reading_card(name: str | None) -> Iterator[None]:
    """While reading a sentence of the card named ``name``: :func:`self_gender` is its gender."""
    token = _SELF_GENDER.set(name_gender(name))
    named = _SELF_NAME.set(name or None)
    try:
        yield
    finally:
        _SELF_NAME.reset(named)
        _SELF_GENDER.reset(token)


def self_name() -> str | None:
    """The name of the card being read (:func:`reading_card`), or None."""
    return _SELF_NAME.get()


def self_plural() -> bool:
    """Whether the name of the card being read is a plural noun («Дети Белой Луны»): a plural
    verb with no subject («Когда уничтожают карту …», 30-44) is then the card's own."""
    name = _SELF_NAME.get()
    if not name or " и " in name:
        return False
    word = name.split()[0].split("-")[0]
    nominative = [p.tag for p in _morph().parse(word) if p.tag.POS == "NOUN" and "nomn" in p.tag]
    return bool(nominative) and all("plur" in tag for tag in nominative)


def self_gender() -> str | None:
    """The gender of the name of the card being read (:func:`reading_card`), or None."""
    return _SELF_GENDER.get()
