"""Naive baselines the lookup is compared with, on the same queries in the same run.

- :class:`DifflibNames`: ``difflib.get_close_matches`` over every name (and alias and
  abbreviation), after the same cheap normalisation anyone would do (casefold, ё→е).
- :class:`LinearSearch`: a scan over every term and card text, ranking by how many query
  words occur in a text (substring test on casefolded text).
"""

from __future__ import annotations

import difflib
import re

from bot.bench.queries import base_name
from bot.corpus.model import Corpus
from bot.ru import fold

_WORD = re.compile(r"\w+")


def simple_norm(text: str) -> str:
    return " ".join(fold(text).split())


class DifflibNames:
    """Name → id via ``difflib.get_close_matches(query, names, n=1, cutoff=0.6)``."""

    def __init__(self, names: dict[str, str]):
        self.by_name = names
        self.names = list(names)

    @classmethod
    def terms(cls, corpus: Corpus) -> DifflibNames:
        names: dict[str, str] = {}
        for t in sorted(corpus.terms.values(), key=lambda t: t.id):
            for n in (t.name, base_name(t.name), *t.aliases, *t.abbreviations):
                names.setdefault(simple_norm(n), t.id)
        return cls(names)

    @classmethod
    def cards(cls, corpus: Corpus) -> DifflibNames:
        names: dict[str, str] = {}
        for c in sorted(corpus.cards.values(), key=lambda c: c.id):
            for n in (c.name, *c.aliases):
                names.setdefault(simple_norm(n), c.id)
        return cls(names)

    def find(self, query: str) -> str | None:
        q = simple_norm(query)
        if q in self.by_name:  # even the naive baseline gets a dict for exact hits
            return self.by_name[q]
        found = difflib.get_close_matches(q, self.names, n=1, cutoff=0.6)
        return self.by_name[found[0]] if found else None


class LinearSearch:
    """Full-text search by scanning every text: score = query words found (substring)."""

    def __init__(self, corpus: Corpus):
        docs: list[tuple[str, str]] = []
        for t in corpus.terms.values():
            body = " ".join(v.text for v in t.versions)
            docs.append((f"term:{t.id}", simple_norm(f"{t.name} {body}")))
        for c in corpus.cards.values():
            docs.append((f"card:{c.id}", simple_norm(f"{c.name} {c.text}")))
        self.docs = docs

    def search(self, query: str, limit: int = 10) -> list[str]:
        words = [w for w in _WORD.findall(simple_norm(query)) if len(w) > 1]
        if not words:
            return []
        scored = []
        for key, text in self.docs:
            score = sum(1 for w in words if w in text)
            if score:
                scored.append((-score, key))
        scored.sort()
        return [key for _, key in scored[:limit]]
