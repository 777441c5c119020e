"""Card names as players type them, generated from the real names with a fixed seed.

For each name: as printed, lower case, in another grammatical case (inflected by pymorphy3, a
dictionary morphology independent of the lookup's stemmer, so the lookup is not tested against
its own rules), with one typo, in the wrong keyboard layout, without its hyphen, and with ё
written е. Used by the lookup's accuracy test (every name of the database) and by the
benchmark (``make bench``).

>>> inflect_name("Степной волколак", "ablt")
'степным волколаком'
>>> inflect_name("Хозяин склепа", "gent")
'хозяина склепа'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from bot.bench.queries import typo, wrong_layout

Variant = Literal["exact", "lower", "inflected", "typo", "layout", "hyphen", "yo"]
CASES = ("gent", "datv", "accs", "ablt", "loct")


@dataclass(frozen=True)
class NameQuery:
    text: str
    name: str  # the name it must find
    kind: Variant


@cache
def _morph() -> Any:
    import pymorphy3  # a test/bench dependency: the bot itself never inflects with it

    return pymorphy3.MorphAnalyzer()


def _parse(word: str, wanted: Any) -> Any:
    return next((p for p in _morph().parse(word) if wanted(p.tag)), None)


def inflect_name(name: str, case: str) -> str | None:
    """``name`` in grammatical ``case`` (lower case): the head noun and the adjectives before
    it agree, the words after it stay («Хозяин склепа» → «хозяина склепа»); None when the
    name has no noun pymorphy3 reads in the nominative."""
    words = name.lower().split()
    found = next(((i, p) for i, w in enumerate(words)
                  if (p := _parse(w, lambda t: t.POS == "NOUN" and t.case == "nomn"))), None)
    if found is None:
        return None
    i, head = found
    number, gender = head.tag.number, head.tag.gender
    out = []
    for word in words[:i]:
        adj = _parse(word, lambda t: t.POS in ("ADJF", "PRTF") and t.case == "nomn"
                     and t.number == number and (number == "plur" or t.gender == gender))
        if adj is None:
            return None
        grammemes = {case, number} | ({head.tag.animacy} if case == "accs" else set())
        form = adj.inflect(grammemes)
        if form is None:
            return None
        out.append(form.word)
    form = head.inflect({case, number})
    if form is None:
        return None
    return " ".join([*out, form.word, *words[i + 1:]])


def name_variants(rng: random.Random, name: str) -> list[NameQuery]:
    """Every variant kind that applies to ``name`` (exact and lower case always)."""
    out = [NameQuery(name, name, "exact"), NameQuery(name.lower(), name, "lower")]
    inflected = inflect_name(name, rng.choice(CASES))
    if inflected and inflected != name.lower():
        out.append(NameQuery(inflected, name, "inflected"))
    typoed = typo(rng, name)
    if typoed:
        out.append(NameQuery(typoed, name, "typo"))
    out.append(NameQuery(wrong_layout(name), name, "layout"))
    if "-" in name:
        out.append(NameQuery(name.replace("-", rng.choice((" ", ""))).lower(), name, "hyphen"))
    if "ё" in name.lower():
        out.append(NameQuery(name.lower().replace("ё", "е"), name, "yo"))
    return out


def card_name_queries(names: Iterable[str], seed: int = 9
                      ) -> tuple[list[NameQuery], list[NameQuery]]:
    """(every distinct name as printed, every other variant of each), the same for a seed."""
    rng = random.Random(seed)
    exact: list[NameQuery] = []
    variants: list[NameQuery] = []
    for name in sorted(set(names)):
        found = name_variants(rng, name)
        exact.append(found[0])
        variants += found[1:]
    return exact, variants
