"""Immutable value types of the corpus: sources, terms and cards (abilities: bot.corpus.abilities).

The YAML files in ``rules/`` and ``cards/`` are validated against ``schema.json`` and
then turned into these types by :mod:`bot.corpus.load`. Nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.corpus.abilities import Ability

from bot.ru import fold


@dataclass(frozen=True)
class Source:
    """A source document of rule text, e.g. «РП 4.1-2 от 09.11.2024».

    ``rank`` orders precedence: the lowest rank wins where several sources define a term.
    """

    id: str
    title: str
    date: str | None
    rank: int
    file: str | None = None
    url: str | None = None
    sha256: str | None = None  # of the file imported (the card database): its version


@dataclass(frozen=True)
class TermVersion:
    source: str  # Source.id
    text: str


@dataclass(frozen=True)
class Term:
    """A rules term. ``versions`` are ordered by source precedence (current first).

    A term with no versions is known by name only: its text is not in the corpus.
    """

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    abbreviations: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    parameters: tuple[str, ...] = ()
    versions: tuple[TermVersion, ...] = ()
    related: tuple[str, ...] = ()
    mentioned_in: tuple[str, ...] = ()  # source ids whose pages list this term by name

    @property
    def name_only(self) -> bool:
        return not self.versions

    @property
    def current(self) -> TermVersion | None:
        return self.versions[0] if self.versions else None


@dataclass(frozen=True)
class Card:
    """A card. ``id`` is ``"<set_id>-<number>"`` (e.g. ``"50-168"``)."""

    id: str
    set_id: int
    set_name: str
    number: int
    name: str
    element: str | None = None
    cost: int | None = None
    elite: bool = False
    unique: bool = False
    type: str = "Существо"
    creature_type: str | None = None  # Нелетающее / Летающее / Компаньон / …
    classes: tuple[str, ...] = ()
    lives: int | None = None
    movement: int | None = None
    strike: tuple[int, int, int] | None = None
    icons: tuple[tuple[str, int], ...] = ()
    text: str = ""
    flavour: str = ""
    artist: str = ""
    rarity: str | None = None
    errata: str | None = None  # date (ISO) of the errata its text follows
    banned: bool = False  # banned from tournaments (the card database's mark)
    banned_prints: tuple[str, ...] = ()  # when only these alternative prints carry the mark
    prints: tuple[str, ...] = ()  # print runs and alternative prints of this set and number
    rules: tuple[str, ...] = ()  # term ids the card's page lists
    aliases: tuple[str, ...] = ()
    source: str | None = None
    #: its ``abilities:`` as written in the YAML; read into typed values on first use
    ability_data: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __hash__(self) -> int:
        # equal cards share their id; the generated hash read every field, and the engine
        # keys what it works out per card by the card (bot.engine.ways.held)
        return hash(self.id)

    @cached_property
    def abilities(self) -> tuple[Ability, ...]:
        """Typed readings of its text (bot.corpus.abilities), read on first use: a warm start
        reads none, so the vocabulary is imported only when a check or `!card` needs it.

        >>> Card(id="50-1", set_id=50, set_name="ПХ", number=1, name="Проба",
        ...      ability_data=({"kind": "teleport", "text": "Телепортация."},)).abilities[0].kind
        'teleport'
        """
        from bot.corpus.abilities.codec import read_entries

        return read_entries(self.ability_data)

    @cached_property
    def unread_abilities(self) -> tuple[Ability, ...]:
        """Its abilities with a part the extractor did not read (:func:`~bot.corpus.abilities.
        read_in_full`): worked out once, as every check of a position asks it of every card."""
        from bot.corpus.abilities.codec import mentions_kind

        return tuple(a for a, data in zip(self.abilities, self.ability_data, strict=True)
                     if mentions_kind(data, "unparsed"))

    def mentions(self, kind: str) -> bool:
        """Whether any of its abilities holds a value of ``kind`` (``"marker"``), told from
        the written entries: a check asks it of every card before walking any of them."""
        from bot.corpus.abilities.codec import mentions_kind

        return any(mentions_kind(data, kind) for data in self.ability_data)

    @cached_property
    def ability_values(self) -> tuple[tuple[Ability, Any], ...]:
        """Every vocabulary value inside its abilities, each with the ability it is part of
        (:func:`~bot.corpus.abilities.walk`, the abilities themselves included), worked out once.
        """
        from bot.corpus.abilities import walk

        return tuple((a, v) for a in self.abilities for v in walk(a))

    @property
    def flying(self) -> bool:
        return self.creature_type == "Летающее"

    @property
    def ground(self) -> bool:
        return self.type == "Существо" and not self.flying

    @property
    def label(self) -> str:
        """Human label, e.g. «Баалит» (Путь хранителей 168)."""
        return f"«{self.name}» ({self.set_name} {self.number})"


@dataclass(frozen=True)
class CardSet:
    id: int
    name: str
    initials: str  # e.g. ВС, ПХ


@dataclass(frozen=True)
class Corpus:
    """Everything the bot knows, loaded and cross-checked."""

    sources: dict[str, Source]
    terms: dict[str, Term]
    cards: dict[str, Card]
    sets: dict[int, CardSet]
    content_hash: str = ""

    def cards_using(self, term_id: str) -> list[Card]:
        """The cards whose page lists the term, in corpus order."""
        return list(self._cards_by_term.get(term_id, ()))

    @cached_property
    def _cards_by_term(self) -> dict[str, list[Card]]:
        """Term id → cards, built on first use: a scan of every card took ~4 ms per ``!term``
        at 5,000 cards."""
        out: dict[str, list[Card]] = {}
        for card in self.cards.values():
            for term_id in dict.fromkeys(card.rules):
                out.setdefault(term_id, []).append(card)
        return out

    def prints_of(self, card: Card) -> list[Card]:
        """Every print of the card's name (a reprint group), newest set first.

        A name printed in several sets («Мантикора»: Война стихий 21, Путь хранителей 27) is one
        card of the game; the sets' ids give their order (10 «Война стихий» … 50 «Путь
        хранителей»).
        """
        return list(self._prints.get(_name_key(card.name), (card,)))

    @cached_property
    def _prints(self) -> dict[str, tuple[Card, ...]]:
        groups: dict[str, list[Card]] = {}
        for card in self.cards.values():
            groups.setdefault(_name_key(card.name), []).append(card)
        return {key: tuple(sorted(group, key=lambda c: (-c.set_id, c.number)))
                for key, group in groups.items()}

    def source_label(self, source_id: str | None) -> str | None:
        if source_id is None:
            return None
        src = self.sources.get(source_id)
        return src.title if src else source_id


def _name_key(name: str) -> str:
    """Names compared as printed: case, ё/е and spacing aside («Мародёр» is «Мародер»)."""
    return " ".join(fold(name).split())
