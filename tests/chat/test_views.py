from __future__ import annotations

import asyncio
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.answers import Answer
from bot.chat import views
from bot.chat.render import render_pages
from bot.chat.views import NOT_YOURS, AnswerView, make_view, suggestion_query
from chat.fakes import FakeJudge


def interaction(user_id: int) -> MagicMock:
    inter = MagicMock(spec=discord.Interaction)
    inter.user = MagicMock(spec=discord.Member)
    inter.user.id = user_id
    inter.response = MagicMock(spec=discord.InteractionResponse)
    inter.response.send_message = AsyncMock()
    inter.response.edit_message = AsyncMock()
    inter.response.defer = AsyncMock()
    inter.response.is_done = MagicMock(return_value=False)
    inter.edit_original_response = AsyncMock()
    return inter


def view_for(answer: Answer, judge: FakeJudge) -> AnswerView:
    async def rerun(name: str, args: str) -> Answer:
        return judge.run(name, args)

    view = make_view(answer, render_pages(answer), 7, rerun)
    assert view is not None
    return view


async def test_only_the_asker_may_press(fake_judge: FakeJudge) -> None:
    view = view_for(fake_judge.run("term", "длинный"), fake_judge)
    stranger = interaction(8)
    assert await view.interaction_check(stranger) is False
    stranger.response.send_message.assert_awaited_once_with(NOT_YOURS, ephemeral=True)
    assert await view.interaction_check(interaction(7)) is True


async def test_paging(fake_judge: FakeJudge) -> None:
    view = view_for(fake_judge.run("term", "длинный"), fake_judge)
    asker = interaction(7)
    assert view.prev_button.disabled and not view.next_button.disabled
    await view.turn(asker, +1)
    assert asker.response.edit_message.await_args.kwargs["embed"] is view.pages[1]
    assert view.counter.label == f"2/{len(view.pages)}" and not view.prev_button.disabled
    for _ in range(len(view.pages) + 3):
        await view.turn(asker, +1)
    assert view.page == len(view.pages) - 1 and view.next_button.disabled
    # Many suggestions: one select menu with at most 25 options.
    selects = [c for c in view.children if isinstance(c, discord.ui.Select)]
    assert len(selects) == 1 and len(selects[0].options) == 25


async def test_suggestion_button_reruns_the_lookup(fake_judge: FakeJudge) -> None:
    view = view_for(fake_judge.run("term", "тлпрт"), fake_judge)
    buttons = [c for c in view.children if isinstance(c, discord.ui.Button)]
    assert [b.label for b in buttons] == ["Телепортация", "Прыжок"]
    asker = interaction(7)
    await buttons[0].callback(asker)
    assert fake_judge.runs[-1] == ("term", "Телепортация")
    kwargs = asker.response.edit_message.await_args.kwargs
    assert kwargs["embed"].title == "Телепортация" and kwargs["view"] is None
    assert view.is_finished()


async def test_card_suggestion_uses_set_and_number(fake_judge: FakeJudge) -> None:
    assert suggestion_query("card", "«Баалит» (Путь хранителей 168)") == "Путь хранителей 168"
    assert suggestion_query("term", "«Баалит» (Путь хранителей 168)") == "«Баалит» (Путь хранителей 168)"
    view = view_for(fake_judge.run("card", "тен"), fake_judge)
    await view.pick(interaction(7), "«Баалит» (Путь хранителей 168)")
    assert fake_judge.runs[-1] == ("card", "Путь хранителей 168")


async def test_timeout_disables_items(fake_judge: FakeJudge) -> None:
    view = view_for(fake_judge.run("term", "тлпрт"), fake_judge)
    message = MagicMock(spec=discord.Message)
    message.edit = AsyncMock()
    view.message = message
    await view.on_timeout()
    assert all(getattr(c, "disabled", True) for c in view.children)
    message.edit.assert_awaited_once_with(view=view)


def test_no_view_for_a_short_answer(fake_judge: FakeJudge) -> None:
    answer = fake_judge.run("term", "телепортация")

    async def rerun(name: str, args: str) -> Answer:
        raise AssertionError

    assert make_view(answer, render_pages(answer), 1, rerun) is None


async def test_slow_rerun_defers_then_edits(fake_judge: FakeJudge,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "DEFER_AFTER", 0.01)

    async def slow(name: str, args: str) -> Answer:
        await asyncio.sleep(0.1)
        return fake_judge.run(name, args)

    answer = fake_judge.run("term", "тлпрт")
    view = make_view(answer, render_pages(answer), 7, slow)
    assert view is not None
    asker = interaction(7)

    async def deferred() -> None:
        asker.response.is_done.return_value = True

    asker.response.defer.side_effect = deferred
    await view.pick(asker, "Телепортация")
    asker.response.defer.assert_awaited_once()
    asker.response.edit_message.assert_not_awaited()
    assert asker.edit_original_response.await_args.kwargs["embed"].title == "Телепортация"
