"""Query normalisation: the one pipeline that turns names and user queries into lookup keys.

Steps (every function here is pure and fast; nothing does I/O):

1. ``fold``: Unicode NFC, Latin look-alike letters inside Cyrillic words (``тeлепорт`` with a
   Latin ``e``), casefold, ё→е, dashes unified, quotes/punctuation/control characters/emoji
   dropped, whitespace collapsed. Hyphens survive only inside numbers (``1-2-2``, ``-1``).
2. ``name_key``: a corpus name without parenthetical remarks and parameter placeholders
   («Броня Х» → ``броня``, «Метание на X (на X-Y-Z)» → ``метание``).
3. ``stem_key``: every word reduced by the Russian Snowball stemmer (PyStemmer) plus the
   fleeting-vowel rule (прыжок/прыжком → ``прыжк``), so inflected forms share one key.
4. ``split_parameter``: a value typed with a term (``броня 2``, ``метание на 1-2-2``,
   ``-1 от атаки``) is split off.
5. ``variants``: the raw query as typed, all-Latin look-alike words read as Cyrillic (``OBA``),
   and Latin words typed in the wrong keyboard layout (``ntktgjhnfwbz`` → ``телепортация``).
   The lookup tries each variant and keeps the one that matches the corpus best.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

import Stemmer

from bot import ru

#: Queries longer than this are cut before any work: no name or question is that long.
MAX_QUERY = 200

# Latin letters that look like Cyrillic ones. Upper case is mapped before casefolding so that
# B/H/M/T (which look like В/Н/М/Т only in upper case) are safe.
_LOOKALIKE_UPPER = dict(zip("ABCEHKMOPTXY", "АВСЕНКМОРТХУ", strict=True))
_LOOKALIKE_LOWER = dict(zip("aceopxyk", "асеорхук", strict=True))
_LOOKALIKE = {**_LOOKALIKE_UPPER, **_LOOKALIKE_LOWER}
_LOOKALIKE_TABLE = str.maketrans(_LOOKALIKE)

# The standard Russian ЙЦУКЕН layout on a QWERTY keyboard.
_LAYOUT_EN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./~QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?"
_LAYOUT_RU = "ёйцукенгшщзхъфывапролджэячсмитьбю.ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,"
_LAYOUT_TABLE = str.maketrans(_LAYOUT_EN, _LAYOUT_RU)
_LAYOUT_CHARS = frozenset(_LAYOUT_EN)

_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
_LATIN = re.compile(r"[a-zA-Z]")
_DASHES = str.maketrans({c: "-" for c in "‐‑‒–—―−﹣－"})
# Hyphens kept: inside numbers (1-2-2) and as a sign before a number (-1, +2).
_NUMBER_HYPHEN = re.compile(r"(?<![\w-])[-+](?=\d)|(?<=\d)-(?=\d)")
_PLAIN = re.compile(r"[а-яё]+(?: [а-яё]+)*\Z")
_DIGIT = re.compile(r"\d")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]+")
_NOT_WORD = re.compile(r"[^\w\x00\x01]+|_")
_PAREN = re.compile(r"\([^()]*\)")
_TEXT_PLACEHOLDER = re.compile(r"\[\s*текст\s*\]", re.IGNORECASE)
_PLACEHOLDERS = frozenset({"x", "х", "y", "z", "n", "x-y-z"})
_PARAM = r"[-+]?\d+(?:-\d+){0,2}"
_TRAILING_PARAM = re.compile(rf"^(?P<rest>.*?)(?:\s+на)?\s+(?P<param>{_PARAM})$")
_LEADING_PARAM = re.compile(rf"^(?P<param>{_PARAM})\s+(?P<rest>\D.*)$")
_MIDDLE_PARAM = re.compile(rf"^(?P<head>\D.*?)\s+(?P<param>{_PARAM})\s+(?P<tail>\D.*)$")
_FLEETING = re.compile(r"(?<=[бвгджзклмнпрстфхцчшщ])[оеё](?=[кц]$)")
_VERB_CUTS = frozenset({"ит", "ыт", "ил", "ыл", "ен", "ят"})
_CASE_ENDINGS = ("ами", "ями", "ом", "ем", "ой", "ей", "ою", "ею", "ью", "ов", "ев", "ам", "ям",
                 "ах", "ях", "а", "я", "у", "ю", "е", "ы", "и")
_ABBREVIATION = re.compile(r"^[А-ЯЁA-Z][а-яёa-zА-ЯЁA-Z]{1,5}$")

_STEMMER = Stemmer.Stemmer("russian")


def fold(text: str) -> str:
    """Casefold and clean ``text``: the comparable form of any name or query."""
    low = ru.fold(text)
    if _PLAIN.match(low):  # fast path: Cyrillic words and single spaces
        return low
    text = unicodedata.normalize("NFC", _CONTROL.sub(" ", text))
    if _LATIN.search(text) and _CYRILLIC.search(text):
        text = " ".join(_fix_lookalikes(word) for word in text.split())
    text = ru.fold(text).translate(_DASHES)
    if "-" in text or "+" in text:
        text = _NUMBER_HYPHEN.sub(lambda m: "\x00" if m.group() == "-" else "\x01", text)
    text = _NOT_WORD.sub(" ", text)
    return " ".join(text.replace("\x00", "-").replace("\x01", "+").split())


def _fix_lookalikes(word: str) -> str:
    """Latin look-alike letters in a word that also has Cyrillic letters become Cyrillic."""
    if _CYRILLIC.search(word) and _LATIN.search(word):
        return word.translate(_LOOKALIKE_TABLE)
    return word


def lookalike_variant(text: str) -> str | None:
    """All-Latin words made only of look-alike letters read as Cyrillic (``OBA`` → ``ОВА``)."""
    words = text.split()
    out = [
        w.translate(_LOOKALIKE_TABLE)
        if _LATIN.search(w) and not _CYRILLIC.search(w) and all(c in _LOOKALIKE or not c.isalpha() for c in w)
        else w
        for w in words
    ]
    return " ".join(out) if out != words else None


def layout_variant(text: str) -> str | None:
    """Latin words re-read as if typed in the Russian layout (``ntktgjhnfwbz`` → телепортация).

    Only words made entirely of layout keys (ASCII letters and ``[];',.`` …, and the hyphen,
    the same key in both layouts: ``jhr-,jv,fhlbh`` → орк-бомбардир) with at least one Latin
    letter are converted; ``None`` when nothing changes.
    """
    words = text.split()
    out = [
        w.translate(_LAYOUT_TABLE)
        if _LATIN.search(w) and all(c in _LAYOUT_CHARS or c == "-" for c in w) else w
        for w in words
    ]
    return " ".join(out) if out != words else None


def variants(raw: str) -> list[str]:
    """The readings of a raw query to try, the query as typed first."""
    raw = raw[:MAX_QUERY]
    out = [raw]
    if not _LATIN.search(raw):
        return out
    for make in (lookalike_variant, layout_variant):
        v = make(raw)
        if v is not None and v not in out:
            out.append(v)
    return out


def fix_fleeting_vowel(stem: str) -> str:
    """Drop a fleeting о/е before a final к/ц: ``прыжок`` → ``прыжк`` (as in ``прыжк|ом``).

    Snowball keeps the vowel of the nominative; applying this to every stem makes the
    nominative and the oblique cases share one key.
    """
    return _FLEETING.sub("", stem)


def fix_verb_cut(word: str, stem: str) -> str:
    """Undo Snowball's verb-ending cut on a noun: ``опыт`` → ``оп``, ``баалит`` → ``баал``.

    Snowball reads a final -ит/-ыт/-ил/-ен/… of a word as a verb ending, while the oblique
    cases (``опыта``, ``баалита``) keep it. A word that ends in a consonant and lost just
    such an ending is kept whole, so that all its forms share one key.
    """
    if len(word) - len(stem) == 2 and word[-2:] in _VERB_CUTS and word.startswith(stem):
        return word
    return stem


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one folded word (numbers and Latin words unchanged)."""
    if not _CYRILLIC.search(word):
        return word
    return fix_fleeting_vowel(fix_verb_cut(word, _STEMMER.stemWord(word)))


def ending_variants(key: str) -> list[str]:
    """The key with a case ending cut off its last word: ``вызовом`` → [``вызов``, ``вызово``].

    A fallback for nouns Snowball over-stems in the nominative (``вызов`` → ``выз``,
    ``душелов`` → ``душел``): the lookup compares these readings with the names themselves.
    """
    head, _, last = key.rpartition(" ")
    out = []
    for ending in _CASE_ENDINGS:
        if last.endswith(ending) and len(last) - len(ending) >= 3:
            out.append(f"{head} {last[: -len(ending)]}".lstrip())
    return out


def stem_key(key: str) -> str:
    """Every word of a folded key stemmed."""
    return " ".join(stem(w) for w in key.split())


def drop_placeholders(words: list[str]) -> list[str]:
    """Remove parameter placeholders (X, Х, X-Y-Z) and an «на» left dangling before them."""
    out: list[str] = []
    for w in words:
        if w in _PLACEHOLDERS:
            if out and out[-1] == "на":
                out.pop()
            continue
        out.append(w)
    if out and out[-1] == "на":
        out.pop()
    return out


def name_key(name: str) -> str:
    """The exact-match key of a corpus name: «Прыжок, дальность X» → ``прыжок дальность``."""
    text = _TEXT_PLACEHOLDER.sub(" ", _PAREN.sub(" ", name))
    key = " ".join(drop_placeholders(fold(text).split()))
    return key or fold(name)


def parenthetical(name: str) -> list[str]:
    """The comma-separated items inside parentheses: «Движение (Двигаться, …)» → [Двигаться, …]."""
    items: list[str] = []
    for m in _PAREN.finditer(name):
        items += [p.strip() for p in re.split(r"[,;]", m.group()[1:-1]) if p.strip()]
    return items


def is_abbreviation(text: str) -> bool:
    """``ОвЗ``, ``ЗОВ``, ``ОВА``: a short word with a capital after the first letter."""
    return bool(_ABBREVIATION.match(text)) and any(c.isupper() for c in text[1:])


def _paren_alias(item: str, base: str) -> bool:
    """Whether a parenthetical item names the same thing: an abbreviation (ОвЗ) or a form of
    the base word (Бестелесность (бестелесный)); not a remark such as «(прочее)»."""
    if is_abbreviation(item):
        return True
    first, words = base.split()[:1], name_key(item).split()
    return bool(first and words) and len(first[0]) >= 4 and words[0][:4] == first[0][:4]


def item_keys(name: str, aliases: tuple[str, ...] = (), abbreviations: tuple[str, ...] = (),
              slug: str | None = None) -> list[tuple[str, str]]:
    """Lookup keys of a term or card: ``(key, how)`` with ``how`` in name / alias / stem.

    The name key; aliases, abbreviations, alias-like parenthetical items and the id read as
    words (``raz za khod``); then the stem key of each of them.
    """
    base = name_key(name)
    keys: list[tuple[str, str]] = [(base, "name")]
    # The name exactly as displayed, remarks included («Действие (карты)»), answers as well.
    shown = " ".join(drop_placeholders(fold(_TEXT_PLACEHOLDER.sub(" ", name)).split()))
    if shown and shown != base:
        keys.append((shown, "name"))
    alias_texts = [*aliases, *abbreviations, *(p for p in parenthetical(name) if _paren_alias(p, base))]
    for text in alias_texts:
        keys.append((name_key(text), "alias"))
    if slug:
        keys.append((fold(slug.replace("-", " ")), "alias"))
    stems = [(stem_key(k), "stem") for k, _ in keys]
    out: list[tuple[str, str]] = []
    for pair in keys + stems:
        if pair[0] and pair not in out:
            out.append(pair)
    return out


class QueryKey(NamedTuple):
    """One reading of a query: its key, stemmed key and the split-off parameter."""

    key: str
    stem: str
    parameter: str | None = None


def split_parameter(key: str) -> tuple[str, str | None]:
    """``броня 2`` → (``броня``, ``2``); ``метание на 1-2-2`` → (``метание``, ``1-2-2``).

    The value may also come first (``-1 от атаки``) or inside (``в радиусе 3 клеток``).
    """
    if not _DIGIT.search(key):
        return key, None
    m = _TRAILING_PARAM.match(key)
    if m and m.group("rest"):
        return m.group("rest"), m.group("param")
    m = _LEADING_PARAM.match(key)
    if m:
        return m.group("rest"), m.group("param")
    m = _MIDDLE_PARAM.match(key)  # «в радиусе 3 клеток»
    if m:
        return f"{m.group('head')} {m.group('tail')}", m.group("param")
    return key, None


def query_key(text: str, with_parameter: bool = True) -> QueryKey:
    """The key of one query reading; ``with_parameter`` splits a trailing/leading value off."""
    key = fold(_TEXT_PLACEHOLDER.sub(" ", text[:MAX_QUERY]))  # «[текст]» as in name_key
    parameter = None
    if with_parameter:
        key, parameter = split_parameter(key)
    words = drop_placeholders(key.split())
    key = " ".join(words)
    return QueryKey(key=key, stem=stem_key(key), parameter=parameter)
