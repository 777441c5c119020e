"""Helpers shared by the command modules: lists, term citations, source lines."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

from bot.answers import Citation, Paging
from bot.corpus.model import Card, Corpus, Source, Term

T = TypeVar("T")

NOT_FOUND_HINT = "Попробуйте `!search <слова>` или проверьте написание."


def join_names(names: Iterable[str], limit: int = 15) -> str:
    items = list(names)
    shown = ", ".join(items[:limit])
    return shown + (f" и ещё {len(items) - limit}" if len(items) > limit else "")


def cite(corpus: Corpus, term: Term) -> Citation:
    """A citation of a term's current version (or of the name only)."""
    current = term.current
    return Citation(
        term=term.id,
        source=corpus.source_label(current.source) if current else None,
        name=term.name,
        text=current.text if current else None,
    )


def source_line(corpus: Corpus, source_id: str) -> str:
    """The source's title, which carries its date where it has one («РП 4.1-2 от 09.11.2024»)."""
    src = corpus.sources.get(source_id)
    return src.title if src else source_id


#: A page asked for after the query: «метание стр 2», «метание стр. 2», «метание page 2».
_PAGE = re.compile(r"\s+(?:стр\.?|страница|page|p\.?)\s*(\d{1,3})\s*$", re.IGNORECASE)


def split_page(args: str) -> tuple[str, int]:
    """The query and the page it asks for (1 when none).

    >>> split_page("метание стр. 2"), split_page("метание")
    (('метание', 2), ('метание', 1))
    """
    m = _PAGE.search(args)
    if m is None:
        return args.strip(), 1
    return args[: m.start()].strip(), max(1, int(m.group(1)))


def page_of(items: list[T], page: int, size: int) -> tuple[list[T], int, int]:
    """The items of page ``page`` (clamped to the last), that page and the number of pages."""
    pages = max(1, -(-len(items) // size))
    page = min(page, pages)
    return items[(page - 1) * size: page * size], page, pages


def paging(command: str, query: str, page: int, pages: int) -> Paging | None:
    """The answer's paging and the hint to the next page, or None for one page."""
    if pages <= 1:
        return None
    more = f"!{command} {query} стр {page + 1}" if page < pages else ""
    return Paging(page=page, pages=pages, more=more)


def page_line(page: Paging) -> str:
    """«Страница 1 из 5. Дальше: `!search метание стр 2`» for a footer."""
    line = f"Страница {page.page} из {page.pages}."
    return line + (f" Дальше: `{page.more}`" if page.more else "")


def card_sources(corpus: Corpus, card: Card) -> list[Source]:
    """Where a card's data comes from: its own source (a card page) and the card database."""
    ids = dict.fromkeys([card.source or "", "berserk-nxt"])
    return [corpus.sources[i] for i in ids if i in corpus.sources]


def card_source_line(corpus: Corpus, card: Card) -> str:
    """«Источник: База карт berserk-nxt (…), sha256 073747eec127…; Страница карты …»."""
    return cards_source_line(corpus, [card])


def cards_source_line(corpus: Corpus, cards: list[Card]) -> str:
    """The sources of several cards, each named once, in the format of
    :func:`card_source_line`."""
    found = {s.id: s for card in cards for s in card_sources(corpus, card)}
    parts = [s.title + (f", sha256 {s.sha256[:12]}…" if s.sha256 else "") for s in found.values()]
    return "Источник: " + ("; ".join(parts) if parts else "данные карты в корпусе (cards/)") + "."
