"""The answer model: what every command returns, whatever surface renders it.

Renderers: :mod:`bot.answers.text` (console, Discord plain text), :mod:`bot.answers.json`
(SPEC §6) and the Discord embeds in :mod:`bot.chat.render`. Commands never format output
themselves; they fill an :class:`Answer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.verdict import OtherVersion, Verdict

if TYPE_CHECKING:  # a type only: drawing is left to the surfaces that show pictures
    from bot.picture.scene import Scene

__all__ = ["Answer", "Citation", "OtherVersion", "Paging", "Section", "Verdict"]


@dataclass(frozen=True)
class Section:
    """A titled block of the answer body (an embed field in Discord).

    ``code`` marks preformatted text (a board diagram) that renderers put in a code block.
    ``full`` is the whole text when ``body`` is an excerpt of it (a quoted rule trimmed to the
    sentences that decided a verdict): Discord shows it behind «Полный текст правил», the CLI
    with ``--full``.
    """

    heading: str
    body: str
    code: bool = False
    full: str | None = None


@dataclass(frozen=True)
class Citation:
    term: str  # term id
    source: str | None  # source title, e.g. «РП 4.1-2 от 09.11.2024»; None: name only
    name: str = ""  # term display name
    text: str | None = None  # the quoted rule text


@dataclass(frozen=True)
class Paging:
    """One page of a long answer (search hits, the cards of a term).

    ``more`` is the command that shows the next page (``!search метание стр 2``), "" on the
    last one; Discord fetches every page and turns them with buttons.
    """

    page: int  # from 1
    pages: int
    more: str = ""


@dataclass
class Answer:
    """A command's answer. ``ok`` is False for a user error; ``error`` then says why in Russian."""

    command: str
    ok: bool = True
    title: str = ""
    summary: str = ""  # the first paragraph: a definition, a verdict line, …
    sections: list[Section] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    footer: str = ""
    error: str | None = None
    # Structured payloads, by command (SPEC §6).
    term: dict[str, Any] | None = None
    card: dict[str, Any] | None = None
    results: list[dict[str, Any]] | None = None
    verdict: Verdict | None = None
    value: Any = None
    triggers: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    other_versions: list[OtherVersion] = field(default_factory=list)
    board: str | None = None  # the position echoed as a text grid (check)
    picture: Scene | None = None  # the board picture to draw (check, ruling)
    ruling: dict[str, Any] | None = None  # a recorded ruling (SPEC §6: ``ruling: {id, …}``)
    #: Related answers one may open next, as lookup queries (Discord: buttons): the same card
    #: number in the other sets, the other prints of a card. The text shows them in a section.
    links: list[str] = field(default_factory=list)
    paging: Paging | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def choice(cls, command: str, title: str, summary: str, suggestions: list[str]) -> Answer:
        """Several answers fit (an ambiguity is no error): the user picks one of them."""
        return cls(command=command, title=title, summary=summary, suggestions=list(suggestions))

    @classmethod
    def failure(cls, command: str, error: str, suggestions: list[str] | None = None,
                title: str = "Ошибка") -> Answer:
        """A user-facing error (in Russian), optionally with "did you mean" suggestions; a
        query that found nothing exactly is titled for what it is, not «Ошибка»."""
        return cls(command=command, ok=False, title=title, error=error,
                   suggestions=list(suggestions or []))
