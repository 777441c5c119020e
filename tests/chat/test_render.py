from __future__ import annotations

import discord

from bot.answers import Answer, Section
from bot.chat import limits as L
from bot.chat.render import (
    BOARD_HEADING,
    check_embed_limits,
    echo_user_text,
    message_text,
    render_pages,
)
from chat.fakes import FakeJudge


def test_short_answer_is_one_page() -> None:
    pages = render_pages(FakeJudge().run("term", "телепортация"))
    assert len(pages) == 1
    embed = pages[0]
    assert embed.title == "Телепортация"
    assert embed.description == "Текст телепортации."
    assert [f.name for f in embed.fields] == ["Старая редакция", "Связанные термины"]
    assert embed.footer.text == "Источник: РП 4.1-2 от 09.11.2024"
    assert not check_embed_limits(embed)


def test_huge_answer_respects_every_limit() -> None:
    answer = FakeJudge().run("term", "длинный")
    pages = render_pages(answer)
    assert len(pages) > 3
    for i, embed in enumerate(pages, start=1):
        assert check_embed_limits(embed) == [], i
        assert len(embed) <= L.EMBED_TOTAL
        assert embed.footer.text and embed.footer.text.endswith(f"стр. {i}/{len(pages)}")
        assert embed.title and len(embed.title) <= L.EMBED_TITLE
    # Nothing of the body is lost: every section chunk and the whole summary are somewhere.
    text = "".join((e.description or "") + "".join(f.value or "" for f in e.fields) for e in pages)
    assert text.count("Абзац.") == 2000
    code = [f for e in pages for f in e.fields if f.name.startswith("Код")]
    assert len(code) >= 3 and all(f.value.startswith("```\n") and f.value.endswith("\n```") for f in code)


def test_board_is_a_code_block_first() -> None:
    pages = render_pages(FakeJudge().run("check", "168 a1 | телепортация a1 b6"))
    first = pages[0].fields[0]
    assert first.name == BOARD_HEADING
    assert first.value == "```\n6 . ? . . .\n1 Б . . . .\n```"
    assert pages[0].colour == discord.Colour(0x2E7D32)


def test_suggestions_listed_and_mentions_escaped() -> None:
    pages = render_pages(FakeJudge().run("term", "@everyone"))
    assert "@everyone" not in (pages[0].description or "")
    assert "@\u200beveryone" in (pages[0].description or "")
    pages = render_pages(FakeJudge().run("term", "тел"))
    assert pages[0].fields[-1].value == "• Телепортация\n• Прыжок"


def test_empty_section_body_is_not_empty_field() -> None:
    pages = render_pages(Answer(command="x", sections=[Section("", "")]))
    assert pages[0].fields[0].name == "\u200b" and pages[0].fields[0].value == "—"


def test_echo_and_message_text() -> None:
    echoed = echo_user_text("**жирный** <@123456789012345678> @here\nстрока")
    assert echoed == "\\*\\*жирный\\*\\* <@\u200b123456789012345678> @\u200bhere строка"
    assert len(message_text("я" * 5000)) == L.MESSAGE_CONTENT


def test_split_text_bounds() -> None:
    for limit in (10, 100, 1024):
        chunks = L.split_text("слово " * 3000 + "x" * 5000, limit)
        assert all(0 < len(c) <= limit for c in chunks)
