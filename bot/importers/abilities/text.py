"""Card text into sentences, and a sentence into the lower-case form the patterns read."""

from __future__ import annotations

import re

from bot.importers.nxt_text import render_text

# «получить {counter}.{counter}{tap}: …» (40-7): a cost right after the dot starts a sentence
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:\s+|(?=\{(?:tap|counter|instant|token)\}))")
_ERRATA = re.compile(r"^\s*\[\s*эррата[^\]]*\]\s*", re.IGNORECASE)
_COST_AFTER_BRACKET = re.compile(r"\)\s*(?=(?:\{(?:tap|counter|instant)\}\s*)+:)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def split_sentences(text: str) -> list[str]:
    """Sentences of card text; ``\\u0001`` (a printed symbol) and new lines end a sentence.

    >>> split_sentences("Телепортация. {tap}: Выстрел на 1.")
    ['Телепортация.', '{tap}: Выстрел на 1.']
    """
    if not text or text.strip().casefold() in ("nan", "none", "null"):
        return []
    text = _CONTROL.sub("\n", text.replace("\u0001", "\n"))
    sentences: list[str] = []
    for line in text.split("\n"):
        line = _ERRATA.sub("", line)  # «[Эррата 2023.04.08] При …»: the date is no ability
        # «(воздействие взрыв котла ) {tap}: Выстрел …»: a cost after a bracket starts the next
        # ability (the database lost the printed symbol between them)
        line = _COST_AFTER_BRACKET.sub(")\n", line)
        sentences += [s.strip() for part in line.split("\n")
                      for s in _SENTENCE_END.split(part) if s.strip()]
    return [s for s in sentences if s.strip(" .")]


def normalise(sentence: str) -> str:
    """Lower case, placeholders rendered as words (``{tap}`` → «закрыться»), ё → е, no final dot.

    >>> normalise("{tap}: Метание «магмы» на 1.")
    'закрыться: метание «магмы» на 1'
    """
    s = render_text(sentence).text if "{" in sentence else sentence
    s = s.casefold().replace("ё", "е").replace("\u00a0", " ")
    s = re.sub(r"\s+", " ", s).strip()
    return re.sub(r"\s*\.$", "", s).strip()
