"""Render an :class:`~bot.answers.Answer` as Discord embeds, within every Discord limit.

One answer becomes one or more pages (embeds); each page respects the title, description,
field, field-count, footer and 6000-character total limits. Pagination is done by the view
(:mod:`bot.chat.views`); this module only builds the pages. All text goes through
:func:`discord.utils.escape_mentions`, so nothing rendered can ping even if allowed mentions
were misconfigured.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.answers import Answer, Section
from bot.chat import limits as L

COLOURS = {"yes": 0x2E7D32, "no": 0xC62828, "unknown": 0x757575}
ERROR_COLOUR = 0xE65100
DEFAULT_COLOUR = 0x6A1B9A
SUGGESTIONS_HEADING = "Возможно, вы имели в виду"
BOARD_HEADING = "Позиция"
#: Room kept in every page's budget for the page counter in the footer.
_PAGE_MARK = len(" · стр. 999/999")
#: Characters of one page: what a reader takes in at a glance (the verdict, the board and the
#: reasons come first); the rest is a page button away. Discord would take 6,000.
PAGE_CHARS = 1500
FULL_RULES_HEADING = "Полный текст правил"


@dataclass(frozen=True)
class Field:
    name: str
    value: str


def safe(text: str) -> str:
    """Text that cannot ping anyone (mentions are broken with a zero-width space)."""
    return discord.utils.escape_mentions(text)


def echo_user_text(text: str, limit: int = 100) -> str:
    """User text repeated back: one line, Markdown and mentions escaped, bounded length."""
    one_line = " ".join(text.split())
    return L.clip(discord.utils.escape_markdown(safe(one_line)), limit)


def message_text(text: str) -> str:
    """A plain message body within the 2000-character content limit."""
    return L.clip(safe(text), L.MESSAGE_CONTENT)


def _code_fields(heading: str, body: str) -> list[Field]:
    body = body.replace("```", "'''")
    chunks = L.split_text(body, L.FIELD_VALUE - 8)
    return [Field(_heading(heading, i), f"```\n{chunk}\n```") for i, chunk in enumerate(chunks)]


def _text_fields(heading: str, body: str) -> list[Field]:
    chunks = L.split_text(body, L.FIELD_VALUE) if body.strip() else ["—"]
    return [Field(_heading(heading, i), chunk or "—") for i, chunk in enumerate(chunks)]


def _heading(heading: str, index: int) -> str:
    name = heading or "\u200b"
    if index:
        name = f"{heading} (продолжение)" if heading else "\u200b"
    return L.clip(name, L.FIELD_NAME)


def answer_fields(answer: Answer) -> list[Field]:
    """The answer body as embed fields, in reading order (board first)."""
    fields: list[Field] = []
    if answer.board:
        fields += _code_fields(BOARD_HEADING, safe(answer.board))
    for section in answer.sections:
        heading, body = safe(section.heading), safe(section.body)
        fields += _code_fields(heading, body) if section.code else _text_fields(heading, body)
    if answer.suggestions:
        listed = "\n".join(f"• {safe(s)}" for s in answer.suggestions)
        fields += _text_fields(SUGGESTIONS_HEADING, L.clip(listed, L.FIELD_VALUE))
    return fields


def answer_description(answer: Answer) -> str:
    parts = []
    if not answer.ok and answer.error:
        parts.append(answer.error)
    if answer.summary:
        parts.append(answer.summary)
    return safe("\n\n".join(parts))


def colour(answer: Answer) -> int:
    if not answer.ok:
        return ERROR_COLOUR
    return COLOURS.get(answer.verdict or "", DEFAULT_COLOUR)


def render_pages(answer: Answer, page_chars: int = PAGE_CHARS) -> list[discord.Embed]:
    """Every page of the answer as an embed of at most ``page_chars`` characters (one field
    longer than that gets a page of its own); a short answer is one page."""
    total = min(page_chars, L.EMBED_TOTAL)
    title = L.clip(safe(answer.title or "Ответ"), L.EMBED_TITLE)
    # A footer is on every page: at most a quarter of one.
    footer = L.clip(safe(answer.footer), min(L.FOOTER_TEXT, total // 4) - _PAGE_MARK)
    fixed = len(title) + len(footer) + _PAGE_MARK
    description = answer_description(answer)
    # Descriptions longer than one page continue on the next pages.
    budget = max(min(L.EMBED_DESCRIPTION, total - fixed), 200)
    pages: list[tuple[str, list[Field]]] = [
        (chunk, []) for chunk in (L.split_text(description, budget) if description else [""])
    ]
    used = fixed + len(pages[-1][0])
    for f in answer_fields(answer):
        size = len(f.name) + len(f.value)
        if pages[-1] != ("", []) and (len(pages[-1][1]) >= L.EMBED_FIELDS or used + size > total):
            pages.append(("", []))
            used = fixed
        pages[-1][1].append(f)
        used += size
    return _embeds(answer, title, footer, pages)


def full_rules_pages(answer: Answer) -> list[discord.Embed]:
    """The whole text of every rule the answer quotes in part («Полный текст правил»)."""
    quoted = [s for s in answer.sections if s.full]
    full = Answer(command=answer.command, title=L.clip(f"{FULL_RULES_HEADING}: {answer.title}",
                                                       L.EMBED_TITLE),
                  sections=[Section(s.heading, s.full or s.body) for s in quoted])
    return render_pages(full, L.EMBED_TOTAL)


def _embeds(answer: Answer, title: str, footer: str,
            pages: list[tuple[str, list[Field]]]) -> list[discord.Embed]:
    embeds = []
    for i, (text, fields) in enumerate(pages, start=1):
        embed = discord.Embed(title=title, description=text or None, colour=colour(answer))
        for f in fields:
            embed.add_field(name=f.name, value=f.value, inline=False)
        mark = f"стр. {i}/{len(pages)}" if len(pages) > 1 else ""
        text_footer = " · ".join(p for p in (footer, mark) if p)
        if text_footer:
            embed.set_footer(text=text_footer)
        embeds.append(embed)
    return embeds


def check_embed_limits(embed: discord.Embed) -> list[str]:
    """Every Discord limit the embed breaks (empty when it is valid); used by the tests."""
    problems = []
    if embed.title and len(embed.title) > L.EMBED_TITLE:
        problems.append("title")
    if embed.description and len(embed.description) > L.EMBED_DESCRIPTION:
        problems.append("description")
    if len(embed.fields) > L.EMBED_FIELDS:
        problems.append("field count")
    for f in embed.fields:
        if not f.name or len(f.name) > L.FIELD_NAME:
            problems.append(f"field name {f.name!r}")
        if not f.value or len(f.value) > L.FIELD_VALUE:
            problems.append(f"field value of {f.name!r}")
    if embed.footer.text and len(embed.footer.text) > L.FOOTER_TEXT:
        problems.append("footer")
    if len(embed) > L.EMBED_TOTAL:
        problems.append("total")
    return problems
