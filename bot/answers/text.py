"""Render an :class:`Answer` as plain text / Discord Markdown."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.answers.model import Answer


def render_text(answer: Answer, markdown: bool = True, full: bool = False) -> str:
    """The answer as text. ``markdown`` adds bold headings and code fences; ``full`` shows
    the whole text of each quoted rule instead of the sentences that decided the verdict."""
    bold = (lambda s: f"**{s}**") if markdown else (lambda s: s)
    parts: list[str] = []
    if answer.title:
        parts.append(bold(answer.title))
    if not answer.ok and answer.error:
        parts.append(answer.error)
    if answer.summary:
        parts.append(answer.summary)
    if answer.board:
        parts.append(f"```\n{answer.board}\n```" if markdown else answer.board)
    for section in answer.sections:
        body = (section.full or section.body) if full else section.body
        body = f"```\n{body}\n```" if (section.code and markdown) else body
        parts.append(f"{bold(section.heading)}\n{body}" if section.heading else body)
    if answer.suggestions:
        parts.append("Возможно, вы имели в виду: " + ", ".join(answer.suggestions))
    if answer.footer:
        parts.append(f"_{answer.footer}_" if markdown else answer.footer)
    return "\n\n".join(p for p in parts if p)


#: An opening backtick of a command example: not after a word (``ряд`!`` is a closing one).
_EXAMPLE = re.compile(r"(?<![\w`])`!(?=\w)")


def with_prefix(answer: Answer, prefix: str) -> Answer:
    """The answer with its command examples (```!term …``) written with a server's own prefix.

    >>> with_prefix(Answer(command="help", summary="`!term ряд`"), "?").summary
    '`?term ряд`'
    """
    if prefix == "!":
        return answer

    def fix(text: str) -> str:
        return _EXAMPLE.sub(lambda _: f"`{prefix}", text)

    return replace(
        answer, summary=fix(answer.summary), footer=fix(answer.footer),
        error=fix(answer.error) if answer.error else answer.error,
        sections=[replace(s, body=fix(s.body), heading=fix(s.heading)) for s in answer.sections],
    )
