"""The ability extractor: card text → typed abilities (:mod:`bot.corpus.abilities`).

One sentence of card text gives one ability (a frame such as :class:`~bot.corpus.abilities.
Activated` or :class:`~bot.corpus.abilities.Trigger`), or one entry per bare effect
(«Броня 2»); every entry keeps ``text``, the sentence it came from. What the extractor cannot
read is :class:`~bot.corpus.abilities.Unparsed` — the whole sentence, or a ``fragment`` inside
a reading whose other parts were read — never guessed: every pattern is anchored and
whitelisted, so a sentence with an unknown condition or qualifier stays unparsed. It reads the
site's text (icons lost: ``-1 от .``) and berserk-nxt text (placeholders such as ``{tap}`` and
``{strike}``, ``\\u0001`` marking a printed symbol): each sentence's placeholders are rendered
by :func:`bot.importers.nxt_text.render_text` before matching; ``text`` keeps the sentence as
given. docs/abilities.md is the vocabulary; the extractor's tests are tests/importers/abilities.

>>> [a.kind for a in extract_abilities("Телепортация. Прыжок, дальность 2.")]
['teleport', 'jump']
>>> extract_abilities("{tap}: Выстрел на 1-2-3.")[0].effects[0].values
(1, 2, 3)
>>> extract_abilities("Закрыться: Удар через ряд на 1.")[0].effects[0].attack
'through_row'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, TypedDict

from bot.corpus.abilities import Ability, Unparsed, read_in_full, walk
from bot.importers.abilities.frames import read
from bot.importers.abilities.text import SELF, normalise, reading_card, split_sentences

__all__ = ["CoverageReport", "coverage", "coverage_report", "extract_abilities",
           "parse_sentence", "split_sentences", "with_texts"]


class CoverageReport(TypedDict):
    sentences: int
    parsed: int
    unparsed: list[str]


def extract_abilities(text: str, icons: dict[str, int] | None = None,
                      name: str | None = None) -> list[Ability]:
    """Typed abilities of a card's text. ``icons`` (the card's icon codes) are accepted for the
    importers' convenience; the text alone decides. ``name``: the card's name, so that the text
    naming the card («ранить Глорма») reads as the card itself. ``"nan"`` and empty text give
    none."""
    out: list[Ability] = []
    for sentence in split_sentences(text):
        out.extend(parse_sentence(sentence, name))
    return out


def parse_sentence(sentence: str, name: str | None = None) -> list[Ability]:
    """The abilities of one sentence (of the card named ``name``), or one :class:`Unparsed`
    entry."""
    mentions: list[str] = []
    norm = normalise(sentence, name, mentions)
    with reading_card(name):
        found = read(norm)
    if found is None or all(isinstance(a, Unparsed) for a in found):
        return [Unparsed(text=sentence)]  # not read at all: the whole sentence, no fragment
    if mentions:
        found = [_map_texts(a, lambda f: _unmark(f, norm, mentions), _WORDS) for a in found]
    return [dataclasses.replace(a, text=sentence) for a in found]


def _unmark(fragment: str, marked: str, mentions: list[str]) -> str:
    """A fragment of the marked sentence with the card's name written back as the sentence
    writes it."""
    if SELF not in fragment:
        return fragment
    at = marked.find(fragment)
    before = marked[:at].count(SELF) if at >= 0 else 0
    parts = fragment.split(SELF)
    names = mentions[before:before + len(parts) - 1]
    if len(names) != len(parts) - 1:
        return fragment
    return "".join(p + n for p, n in zip(parts, [*names, ""], strict=True))


def coverage(abilities: Iterable[Ability]) -> float:
    """Share of ability sentences read in full (no ``unparsed`` part); 1.0 when there are none."""
    report = coverage_report(abilities)
    return report["parsed"] / report["sentences"] if report["sentences"] else 1.0


def coverage_report(abilities: Iterable[Ability]) -> CoverageReport:
    """Counts for an import report: sentences, those read in full, and the unread parts."""
    sentences: dict[str, bool] = {}
    fragments: list[str] = []
    for ability in abilities:
        ok = read_in_full(ability)
        sentences[ability.text] = sentences.get(ability.text, True) and ok
        fragments += [u.fragment or u.text or ability.text for u in walk(ability)
                      if isinstance(u, Unparsed)]
    parsed = sum(sentences.values())
    return {"sentences": len(sentences), "parsed": parsed, "unparsed": fragments}


def with_texts(ability: Ability, change: Callable[[str], str]) -> Ability:
    """``ability`` with ``change`` applied to its quoted card text (``text``, ``fragment``)."""
    changed: Ability = _map_texts(ability, change, _QUOTED)
    return changed


_QUOTED = ("text", "fragment")
#: Fields that hold words of the sentence: quoted text and names (of an impact, a spell, an
#: attack, a marker) — where the card's marked name is written back.
_WORDS = ("text", "fragment", "impact", "spell", "name")


def _map_texts(value: Any, change: Callable[[str], str], fields: tuple[str, ...]) -> Any:
    if isinstance(value, tuple):
        return tuple(_map_texts(v, change, fields) for v in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if f.name in fields and isinstance(item, str) and item:
            new: Any = change(item)
        else:
            new = _map_texts(item, change, fields)
        if new is not item:
            changes[f.name] = new
    return dataclasses.replace(value, **changes) if changes else value
