"""Russian words, written once for every layer: folding for comparison, plural and adjective
endings, user text echoed back in a message, and the one morphological analyzer (pymorphy3).

It imports nothing from the project, so the corpus, the lookup, the engine and the commands
may all use it.

>>> fold("Манёвр"), count(3, "клетка", "клетки", "клеток"), agree("медленн", "f", "acc")
('маневр', '3 клетки', 'медленную')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal, TypeVar

Gender = Literal["m", "f", "n"]
T = TypeVar("T")
#: Adjective cases the messages need: nominative, accusative (of a thing), short form.
Case = Literal["nom", "acc", "short"]

_HARD_ENDINGS: dict[Case, dict[Gender, str]] = {
    "nom": {"m": "ый", "f": "ая", "n": "ое"},
    "acc": {"m": "ый", "f": "ую", "n": "ое"},
    "short": {"m": "", "f": "а", "n": "о"},
}


def without_yo(text: str) -> str:
    """«ё» written «е», case kept (where capitals still matter, as for a card's name).

    >>> without_yo("Ёж и ёлка")
    'Еж и елка'
    """
    return text.replace("ё", "е").replace("Ё", "Е")


def fold(text: str) -> str:
    """The form in which typed words are compared: casefolded, «ё» read as «е»."""
    return without_yo(text).casefold()


def plural(n: int, one: T, few: T, many: T) -> T:
    """The noun form for ``n``: 1 клетка, 2 клетки, 5 клеток, 11 клеток, 21 клетка (or any
    value chosen by the same rule).

    >>> [plural(n, "клетка", "клетки", "клеток") for n in (1, 2, 5, 11, 21, 112)]
    ['клетка', 'клетки', 'клеток', 'клеток', 'клетка', 'клеток']
    """
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, one: str, few: str, many: str) -> str:
    """``n`` with its noun: «7 клеток»."""
    return f"{n} {plural(n, one, few, many)}"


def agree(stem: str, gender: Gender, case: Case = "nom") -> str:
    """An adjective with a hard stem agreeing with its noun: «медленный прыжок», «медленную
    телепортацию», «не ограничена».

    >>> agree("медленн", "m"), agree("ограничен", "f", "short")
    ('медленный', 'ограничена')
    """
    return stem + _HARD_ENDINGS[case][gender]


#: Where a rule text's sentences part: after «.», «!», «?» or a closing quote, before a capital,
#: a bullet or an opening quote.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?»\"])\s+(?=[А-ЯЁA-Z•«\"])")


def sentences(text: str) -> list[str]:
    """The sentences of a rule text (a bullet «•» starts one).

    >>> sentences("Ряд. Ряд - это 5 клеток. • Медленный прыжок записывается отдельно.")
    ['Ряд.', 'Ряд - это 5 клеток.', '• Медленный прыжок записывается отдельно.']
    """
    return [s for s in _SENTENCE_BREAK.split(" ".join(text.split())) if s]


def echo(text: str, limit: int = 60) -> str:
    """User text safe to repeat back: one line, no backticks, at most ``limit`` characters.

    >>> echo("`!term`  телепортация\\nи ещё", 16)
    "'!term' телепор…"
    """
    return clip(" ".join(text.replace("`", "'").split()), limit)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis.

    >>> clip("телепортация", 6), clip("ряд", 6)
    ('телеп…', 'ряд')
    """
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


@lru_cache(maxsize=1)
def morph() -> Any:
    """The process's pymorphy3 analyzer (a few tenths of a second to load: made on first use)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=8192)
def lexeme(word: str) -> tuple[str, str] | None:
    """(dictionary form, part of speech) of a word's likeliest reading, ё as е; None for a
    word the dictionary does not know (pymorphy3 would only guess from its ending).

    >>> lexeme("рядом"), lexeme("ряду"), lexeme("прыжком"), lexeme("душеловом")
    (('рядом', 'ADVB'), ('ряд', 'NOUN'), ('прыжок', 'NOUN'), None)
    """
    analyzer = morph()
    if not analyzer.word_is_known(word):
        return None
    best = analyzer.parse(word)[0]
    return fold(best.normal_form), str(best.tag.POS or "")
