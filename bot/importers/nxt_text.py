"""berserk-nxt card text: placeholders rendered as readable Russian, control characters removed.

The deck builder stores card text with icon placeholders (``{tap}: {uchr} на 1.``,
``-1 от {strike}``). :func:`render_text` turns them into words in the grammatical form the
sentence needs («Закрыться: Удар через ряд на 1.», «-1 от простого удара»); an unknown
placeholder stays visible as ``{code}`` and is returned so the import can report it.

``\\u0001`` marks a printed symbol that ends a reminder in parentheses on the printed card; it
becomes a sentence break where the next word starts a new sentence, else a space. No other
control character survives either.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from bot import ru

# Grammatical cases: nominative, genitive, dative, accusative, instrumental, prepositional.
_CASES = ("nom", "gen", "dat", "acc", "ins", "prep")

# Declinable icon nouns: (singular forms, plural forms or None), each in _CASES order.
_NOUNS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    "strike": (
        ("простой удар", "простого удара", "простому удару", "простой удар", "простым ударом",
         "простом ударе"),
        ("простые удары", "простых ударов", "простым ударам", "простые удары",
         "простыми ударами", "простых ударах"),
    ),
    "direct": (
        ("направленный удар", "направленного удара", "направленному удару",
         "направленный удар", "направленным ударом", "направленном ударе"),
        ("направленные удары", "направленных ударов", "направленным ударам",
         "направленные удары", "направленными ударами", "направленных ударах"),
    ),
    "uchr": (
        ("удар через ряд", "удара через ряд", "удару через ряд", "удар через ряд",
         "ударом через ряд", "ударе через ряд"),
        ("удары через ряд", "ударов через ряд", "ударам через ряд", "удары через ряд",
         "ударами через ряд", "ударах через ряд"),
    ),
    "counter": (
        ("фишка", "фишки", "фишке", "фишку", "фишкой", "фишке"),
        ("фишки", "фишек", "фишкам", "фишки", "фишками", "фишках"),
    ),
    "elite": (
        ("золотой кристалл", "золотого кристалла", "золотому кристаллу", "золотой кристалл",
         "золотым кристаллом", "золотом кристалле"),
        ("золотые кристаллы", "золотых кристаллов", "золотым кристаллам", "золотые кристаллы",
         "золотыми кристаллами", "золотых кристаллах"),
    ),
    "ordinary": (
        ("серебряный кристалл", "серебряного кристалла", "серебряному кристаллу",
         "серебряный кристалл", "серебряным кристаллом", "серебряном кристалле"),
        ("серебряные кристаллы", "серебряных кристаллов", "серебряным кристаллам",
         "серебряные кристаллы", "серебряными кристаллами", "серебряных кристаллах"),
    ),
    # {token}: the square «жетон» of the later sets (pirates' «На глубине», «Канор-Вэйн»).
    "token": (
        ("жетон", "жетона", "жетону", "жетон", "жетоном", "жетоне"),
        ("жетоны", "жетонов", "жетонам", "жетоны", "жетонами", "жетонах"),
    ),
    # {attack} (40-213 «+2 к {attack}»): a placeholder the deck builder itself does not render;
    # read literally as «атака», the word the rules use for every kind of attack
    "attack": (
        ("атака", "атаки", "атаке", "атаку", "атакой", "атаке"),
        ("атаки", "атак", "атакам", "атаки", "атаками", "атаках"),
    ),
    "move": (("движение", "движения", "движению", "движение", "движением", "движении"), None),
    # {health}: «жизнь» — the rules say «дополнительные жизни», and the card texts agree with a
    # feminine noun that has a plural («1 дополнительную {health}», «7 текущих {health}»)
    "health": (
        ("жизнь", "жизни", "жизни", "жизнь", "жизнью", "жизни"),
        ("жизни", "жизней", "жизням", "жизни", "жизнями", "жизнях"),
    ),
    "armor": (("броня", "брони", "броне", "броню", "бронёй", "броне"), None),
    "regen": (("регенерация", "регенерации", "регенерации", "регенерацию", "регенерацией",
                "регенерации"), None),
    "stamina": (("стойкость", "стойкости", "стойкости", "стойкость", "стойкостью",
                  "стойкости"), None),
}
_EXPERIENCE = ("опыт", "опыта", "опыту", "опыт", "опытом", "опыте")
for _code, _tail in (("ova", "в атаке"), ("ovz", "в защите"), ("ovs", "в стрельбе")):
    _NOUNS[_code] = (tuple(f"{w} {_tail}" for w in _EXPERIENCE), None)
_PROTECTION = ("защита", "защиты", "защите", "защиту", "защитой", "защите")
for _code, _tail in (
    ("zot", "от метания"), ("zov", "от выстрелов"), ("zoal", "от летающих"),
    ("zom", "от магии"), ("zoz", "от заклинаний"), ("zor", "от разрядов"),
    ("zoo", "от отравления"),
):
    _NOUNS[_code] = (tuple(f"{w} {_tail}" for w in _PROTECTION), None)

# Placeholders that do not decline. {first}/{second} are icons the deck builder names «первый» /
# «второй» (its search labels); our sources do not define them, so they stay neutral words.
_FIXED: dict[str, str] = {
    "tap": "закрыться",
    "instant": "Внезапное действие:",
    "first": "Первый игрок",
    "second": "Второй игрок",
}

# Misspelt placeholders of the database, read as the ones they stand for: {tok} is {token}
# (40-109, 40-203: «получает {tok}», «3{tok}{tap}:»); {atk} is the simple strike whose values it
# sets (40-36: «его {atk} становится 2-4-5»).
_SYNONYMS: dict[str, str] = {"tok": "token", "atk": "strike"}
_NOUNS.update({alias: _NOUNS[code] for alias, code in _SYNONYMS.items()})

#: Every placeholder the renderer knows.
KNOWN_PLACEHOLDERS: frozenset[str] = frozenset(_NOUNS) | frozenset(_FIXED)

_PREPOSITIONS: dict[str, str] = {
    "к": "dat", "ко": "dat", "по": "dat",
    "от": "gen", "без": "gen", "для": "gen", "до": "gen", "из": "gen", "у": "gen",
    "после": "gen", "против": "gen", "вместо": "gen", "кроме": "gen", "помимо": "gen",
    "при": "prep", "о": "prep", "об": "prep",
    "с": "ins", "со": "ins", "перед": "ins", "под": "ins", "над": "ins",
    "на": "acc", "в": "acc", "во": "acc", "за": "acc", "через": "acc", "про": "acc",
}
_ATTACK_VERBS = ("напад", "напас", "атакует", "атаковать", "атакуя", "атаковал", "бьет", "бьёт",
                 "бить", "сразит", "сража")
# «атакованы {strike}» (passive: атакованы простым ударом), not «атакованный» (the attacked one)
_ATTACK_PASSIVE = frozenset({"атакован", "атакована", "атаковано", "атакованы"})
# Words that take the instrumental: «обладающим {ova}» — обладающим опытом в атаке.
_INSTRUMENTAL_WORDS = ("обладающ", "обладает", "обладать")
_QUANTITY_GEN = frozenset({"более", "больше", "менее", "меньше", "нет"})
_PLURAL_WORDS = frozenset({"все", "всех", "всем", "всеми", "несколько"})
_DETERMINERS = frozenset({
    "каждую", "каждый", "каждому", "каждого", "каждой", "этот", "эту", "этого", "этому",
    "свой", "свою", "своего", "своему", "один", "одну", "одного",
})
_POSSESSIVES = frozenset({"его", "её", "ее", "их"})
# Nouns that take the genitive: «на величину ее {move}» — на величину ее движения.
_GENITIVE_NOUNS = ("величин", "значени")
_ADJ_PLURAL_ENDINGS = ("ых", "их", "ые", "ие", "ыми", "ими")
_ADJ_ENDINGS = ("ому", "ему", "ого", "его", "ую", "юю", "ым", "им", "ой", "ый", "ий", "ая",
                "яя", "ом", "ем", "ей") + _ADJ_PLURAL_ENDINGS

# Case shown by an adjective's ending (only the unambiguous ones).
_ADJ_CASE: dict[str, str] = {
    "ого": "gen", "его": "gen", "ому": "dat", "ему": "dat", "ую": "acc", "юю": "acc",
    "ыми": "ins", "ими": "ins", "ых": "gen_or_prep", "их": "gen_or_prep",
    # «при сильном {strike}» — при сильном простом ударе; but «с этим существом {strike}» is
    # a noun: these endings count only after a preposition of the prepositional case
    "ом": "prep_only", "ем": "prep_only",
}

_VALUED_ICON_COLON = re.compile(r"\{(armor|regen|ova|ovz|ovs|stamina)\}\s*:\s*(\d)")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_WORD = re.compile(r"[\w+\-]+|[^\w\s]")
_SENTENCE_START = re.compile(r"(^|[.!?:]\s*)$")


@dataclass(frozen=True)
class Rendered:
    """A rendered text and what rendering met on the way."""

    text: str
    unknown: tuple[str, ...] = ()  # unknown placeholders, as written ({xyz}), in order
    spans: tuple[tuple[int, int], ...] = field(default=(), compare=False)  # rendered icons


def _plural_form(n: int) -> tuple[str, bool]:
    """Russian agreement of a noun after the number ``n`` in the nominative: (case, plural)."""
    return ru.plural(n, ("nom", False), ("gen", False), ("gen", True))


def _context(before: str, last: tuple[int, str, bool] | None) -> tuple[str, bool, str | None]:
    """Grammatical (case, plural, count) of an icon noun from the text that precedes it.

    ``last`` is (end offset, case, plural) of the previous icon rendered, so that «к {strike}
    и {direct}» puts both nouns in the dative.
    """
    stripped = before.rstrip()
    if _SENTENCE_START.search(stripped) or stripped.endswith("("):
        return "nom", False, None
    words = [w.lower() for w in _WORD.findall(stripped)]
    if words and words[-1] in ("и", "или", ",") and last is not None:
        rest = stripped[: len(stripped) - len(words[-1])].rstrip()
        if len(rest) == last[0]:
            return last[1], last[2], None
    case: str | None = None
    agreed: str | None = None  # the case the nearest adjective shows («этого» -> genitive)
    plural = False
    count: str | None = None
    dative_plural = False  # «к средним и сильным {strike}»: -ым with к means plural
    nominative_adj = False  # «слабый {strike}»: the adjective, not a number, sets the form
    adjective_seen = False
    for word in reversed(words[-4:]):
        if word.isdigit() or word in ("x", "х"):
            if count is None and not nominative_adj:
                count = word
            continue
        if word in _POSSESSIVES:  # «его», «их»: agree with nothing («восстановить его броню»)
            plural = plural or word == "их"  # «пока их жизни меньше …»
            continue
        if word.startswith(_GENITIVE_NOUNS):  # «величина их {ovz}»: величина опыта в защите
            case = "gen"
            break
        if word.startswith(_ATTACK_VERBS):  # «нападает {strike}»: нападает простым ударом
            case = "ins"
            break
        if word in _ATTACK_PASSIVE or word.startswith(_INSTRUMENTAL_WORDS):
            case = "ins"
            break
        if word == "есть":  # «есть {counter}»: есть фишка
            case = "nom"
            break
        if word in _QUANTITY_GEN:
            case = "gen"
            if count is None:  # «4 или менее {health}»: 4 … жизней
                idx = len(words) - 1 - words[::-1].index(word)
                count = next((w for w in reversed(words[max(0, idx - 3):idx]) if w.isdigit()),
                             None)
            break
        if word in _PREPOSITIONS:
            case = _PREPOSITIONS[word]
            break
        if word in _PLURAL_WORDS:
            plural = True
            agreed = agreed or ("gen" if word == "всех" else None)
            continue
        if word in ("и", "или", ",") and adjective_seen:
            continue  # «средним и сильным {strike}»: one noun, two adjectives
        if word in _DETERMINERS or (len(word) > 3 and word.endswith(_ADJ_ENDINGS)
                                    and word.replace("-", "").isalpha()):  # «дополни-тельные»
            if (not adjective_seen and count is None and word.endswith(("ый", "ий"))
                    and word not in _DETERMINERS):
                nominative_adj = True
                count = None
            adjective_seen = True
            plural = plural or word.endswith(_ADJ_PLURAL_ENDINGS)
            dative_plural = dative_plural or word.endswith(("ым", "им"))
            if agreed is None:
                agreed = _ADJ_CASE.get(word[-3:]) or _ADJ_CASE.get(word[-2:])
            continue
        break
    if case is None and agreed is None and any(w.startswith(_ATTACK_VERBS) for w in words[-4:]):
        case = "ins"  # «напасть на Умпи {strike}»: напасть простым ударом
    if case == "ins" and agreed == "gen_or_prep":
        # «атаковать летающих {strike}»: the adjective is the verb's object, not the noun's
        return "ins", False, None
    if agreed == "gen_or_prep":
        agreed = "prep" if case == "prep" else "gen"
    if agreed == "prep_only":
        agreed = "prep" if case == "prep" else None
    if (agreed or case) == "dat" and dative_plural:
        plural = True
    return agreed or case or "acc", plural, count


def _decline(code: str, case: str, plural: bool, count: str | None) -> tuple[str, str, bool]:
    """The form of icon noun ``code``; returns (text, case, plural) actually used."""
    singular, plural_forms = _NOUNS[code]
    if count is not None and plural_forms is None and case in ("nom", "acc"):
        if not (count.isdigit() and _plural_form(int(count))[0] == "nom"):
            case = "gen"  # «Максимум 16 жизней»
    elif count is not None and plural_forms is not None:
        if case in ("nom", "acc"):
            if count.isdigit():
                agreed, many = _plural_form(int(count))
                case = case if agreed == "nom" else agreed
                plural = many
            else:  # X
                case, plural = "gen", True
        else:  # «более 4 {counter}», «с 2 дополнительными {health}»: plural unless one
            plural = not (count.isdigit() and _plural_form(int(count)) == ("nom", False))
    forms = plural_forms if plural and plural_forms is not None else singular
    word = forms[_CASES.index(case)]
    if (code in ("elite", "ordinary") and case == "gen" and not plural and count is not None
            and count.isdigit() and int(count) != 1):
        # «2 {elite}»: два золотых кристалла — the adjective is plural after 2-4
        word = word.replace("золотого", "золотых").replace("серебряного", "серебряных")
    return word, case, plural and plural_forms is not None


# {elite}/{ordinary} before a noun are adjectives, not crystals: «всех небестелесных {ordinary}
# существ» — рядовых существ. Stem and the ending taken from the adjective before it.
_CRYSTAL_ADJECTIVES: dict[str, str] = {"elite": "элитн", "ordinary": "рядов"}
_ADJ_ENDING_COPY = ("ыми", "ими", "ому", "ему", "ого", "его", "ых", "их", "ым", "им", "ые",
                    "ие", "ую", "юю", "ая", "яя", "ое", "ее", "ой", "ый", "ий")


_POSSESSIVE_ENDINGS: dict[str, str] = {
    "ваш": "ый", "ваше": "ое", "ваша": "ая", "ваши": "ые", "вашего": "ого", "вашему": "ому",
    "вашу": "ую", "вашей": "ой", "ваших": "ых", "вашим": "ым", "вашими": "ыми",
}
# Unambiguous forms of the nouns these adjectives go with, when no adjective comes first.
_NOUN_ENDINGS: dict[str, str] = {
    "существо": "ое", "существ": "ых", "существам": "ым", "существами": "ыми",
    "существу": "ому", "карта": "ая", "карту": "ую", "карт": "ых", "картам": "ым",
    "картами": "ыми", "герой": "ый", "героя": "ого", "героев": "ых",
}


def _crystal_adjective(code: str, before: str, following: str) -> str | None:
    """«небестелесных {ordinary} существ» → «рядовых»; None when the icon means crystals."""
    if code not in _CRYSTAL_ADJECTIVES or not re.match(r"[^\W\d_]", following):
        return None
    words = _WORD.findall(before.rstrip())
    if not words or words[-1].isdigit() or words[-1] in ("X", "Х", "x", "х"):
        return None
    prev = words[-1].lower()
    noun = following.split(maxsplit=1)[0].lower().strip(".,;:")
    if prev in _POSSESSIVE_ENDINGS:
        ending: str | None = _POSSESSIVE_ENDINGS[prev]
    elif len(prev) > 3 and prev.isalpha() and prev.endswith(_ADJ_ENDING_COPY):
        ending = next(e for e in _ADJ_ENDING_COPY if prev.endswith(e))
    elif noun in _NOUN_ENDINGS:
        ending = _NOUN_ENDINGS[noun]
    elif len(noun) > 3 and noun.isalpha() and noun.endswith(_ADJ_ENDING_COPY) \
            and _second_word(following) in _NOUN_ENDINGS:
        # «стоящее рядом {ordinary} горное существо» (20-66): the adjective between it and the
        # noun agrees (not «обе карты {ordinary} атакованный …», 10-132: crystals)
        ending = next(e for e in _ADJ_ENDING_COPY if noun.endswith(e))
    else:
        ending = None
    if ending is None:
        return None
    ending = {"ими": "ыми", "ему": "ому", "его": "ого", "их": "ых", "им": "ым", "ие": "ые",
              "юю": "ую", "яя": "ая", "ее": "ое", "ий": "ый"}.get(ending, ending)
    stem = _CRYSTAL_ADJECTIVES[code]
    if stem == "рядов" and ending == "ый":
        ending = "ой"  # рядовой
    return stem + ending


def _second_word(text: str) -> str:
    words = text.split(maxsplit=2)
    return words[1].lower().strip(".,;:") if len(words) > 1 else ""


def _capitalize(s: str) -> str:
    return s[:1].upper() + s[1:]


def _clean(text: str) -> str:
    """Printed-symbol marks and control characters out; spacing around punctuation fixed."""

    def symbol(m: re.Match[str]) -> str:
        before = text[: m.start()].rstrip()
        after = text[m.end():].lstrip()
        if before and before[-1] not in ".!?:;," and (not after or after[0].isupper()):
            return ". "
        return " "

    text = re.sub(r"\s*\x01\s*", symbol, text)
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch
                   for ch in text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s+([.,;:!?)])", r"\1", text)
    text = re.sub(r"\(\s+", "(", text)
    # «[Эррата 2023. 04. 08]При …» — one date, then a space, so no sentence ends inside it
    text = re.sub(r"\[\s*(Эррата)\s*(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\s*\]\s*",
                  r"[\1 \2.\3.\4] ", text)
    text = re.sub(r":\s*:", ":", text)
    text = re.sub(r":\s*,\s*", ", ", text)
    # «имеет+1 к движению» (a word, not «X+1»); «получить фишку.Фишка, закрыться»
    text = re.sub(r"(?<=[^\W\d_]{2})\+(?=\d)", " +", text)
    text = re.sub(r"(?:(?<=[^\W\d_]{2})|(?<=[)»\"\d]))\.(?=[А-ЯЁA-Z])", ". ", text)  # «{instant} , снять жетон …:» — one cost, two parts
    # «Второй игрок:Направленный удар», «раздачи;возьмите», «эльфа,орка»: a space after the mark
    text = re.sub(r"([:;,])(?=[^\W\d_]|«)", r"\1 ", text)
    text = re.sub(r"\.(\s*\.)+", ".", text)
    return text.strip()


def render_text(raw: str | None) -> Rendered:
    """Readable Russian for a berserk-nxt ``text`` (``"nan"`` and ``None`` mean no text)."""
    if raw is None or raw.strip().lower() in ("", "nan"):
        return Rendered("")
    # «Строй: {armor}: 1» (20-13): the value of an icon, not a cost — «Броня 1»
    raw = _VALUED_ICON_COLON.sub(r"{\1} \2", raw)
    out = ""
    unknown: list[str] = []
    spans: list[tuple[int, int]] = []
    last: tuple[int, str, bool] | None = None  # previous icon noun: end, case, plural
    prev_end = -1  # end offset in ``out`` of the previous placeholder, when adjacent
    pos = 0
    for m in _PLACEHOLDER.finditer(raw):
        out += raw[pos:m.start()]
        pos = m.end()
        code = m.group(1).lower()
        # «{counter}{tap}:», «{token} {tap} :» — one cost, two icons (spaces between allowed)
        adjacent = prev_end >= 0 and not out[prev_end:].strip()
        if adjacent:
            out = out[:prev_end]
        if code not in KNOWN_PLACEHOLDERS:
            unknown.append(m.group(0))
            out += m.group(0)
            prev_end = -1
            continue
        if adjacent and not out.rstrip().endswith(":"):
            out += ", "
        elif adjacent:
            out += " "
        elif out[-1:].isalnum():
            out += " "  # «16{health}», «4{counter}»
        if (not adjacent and out.rstrip().endswith(")")
                and re.match(r"(?:\s*\{[a-z_]+\})*\s*:", raw[pos:])):
            # «(воздействие взрыв котла ) {tap}: Выстрел …»: a cost after a bracket starts the
            # next ability, as the printed symbol did (the database lost it)
            out = out.rstrip() + ". "
        valued = bool(re.match(r"\s*\d", raw[pos:]))  # «{armor}2», «{ova} 1»: icon with value
        before = out
        at_start = bool(_SENTENCE_START.search(before.rstrip()))
        adjective = _crystal_adjective(code, before, raw[pos:].lstrip())
        if code in _FIXED:
            word = _FIXED[code]
        elif adjective is not None:
            word = adjective
        else:
            following = raw[pos:].lstrip()
            is_cost = following.startswith((":", "{"))
            if is_cost or adjacent:
                count = None
                words = _WORD.findall(before.rstrip())
                if words and (words[-1].isdigit() or words[-1] in ("X", "Х", "x", "х")):
                    count = words[-1]
                word, case, plural = _decline(code, "nom", False, count)
            else:
                case, plural, count = _context(before, None if valued else last)
                word, case, plural = _decline(code, case, plural, count)
            last = (len(out) + len(word), case, plural)
        if at_start:
            word = _capitalize(word)
        spans.append((len(out), len(out) + len(word)))
        out += word
        prev_end = len(out)
        if raw[pos:pos + 1].isalnum():
            out += " "
    out += raw[pos:]
    cleaned = _clean(out)
    return Rendered(cleaned, tuple(unknown), tuple(_shift_spans(out, cleaned, spans)))


def _shift_spans(
    before: str, after: str, spans: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Re-locate rendered icon spans after :func:`_clean` changed the spacing."""
    result: list[tuple[int, int]] = []
    start = 0
    for s, e in spans:
        word = before[s:e]
        found = after.find(word, start)
        if found < 0:
            continue
        result.append((found, found + len(word)))
        start = found + len(word)
    return result


def restore_icons(site_text: str, rendered: Rendered) -> str:
    """The site's text with the icons it lost put back from the database's rendering.

    The game's site drops icons from card text («Бестелесный: -1 от .»); the database keeps
    them («-1 от {strike}»). Only insertions that carry a rendered icon are taken: every other
    word stays the site's.
    """
    if not site_text or not rendered.spans:
        return site_text
    db = rendered.text
    matcher = SequenceMatcher(None, site_text, db, autojunk=False)
    out: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "insert":
            chunk = db[j1:j2]
            if any(s < j2 and e > j1 for s, e in rendered.spans) and _only_icons(
                    chunk, j1, rendered.spans):
                out.append(chunk)
            continue
        out.append(site_text[i1:i2])
    merged = "".join(out)
    merged = re.sub(r"[ \t]+", " ", merged)
    merged = re.sub(r" +([.,;:!?)])", r"\1", merged)
    return merged


def _only_icons(chunk: str, offset: int, spans: tuple[tuple[int, int], ...]) -> bool:
    """True when ``chunk`` (at ``offset`` in the rendered text) is icons and spacing only."""
    rest = list(chunk)
    for s, e in spans:
        for k in range(max(s, offset), min(e, offset + len(chunk))):
            rest[k - offset] = " "
    return not "".join(rest).strip(" ,")
