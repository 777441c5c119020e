"""Helpers shared by the command modules: lists, term citations, source lines."""

from __future__ import annotations

from collections.abc import Iterable

from bot.answers import Citation
from bot.corpus.model import Corpus, Term

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
