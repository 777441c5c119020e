"""Unit tests of the cogs with spec'd mocks: the prefix path and the slash path of each command."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord.ext import commands

from bot.chat import limits as L
from bot.chat.app import JudgeBot
from bot.chat.cog import SLOW_COMMANDS, JudgeCog
from bot.chat.errors import ChannelNotAllowed, QueryTooLong, on_command_error
from bot.chat.limits import NoticeGate
from bot.chat.views import AnswerView
from chat.fakes import FakeJudge

ARGS = {"term": "телепортация", "card": "168", "search": "телепортация",
        "check": "168 a1 | телепортация a1 b6", "case": "", "help": "", "sources": None,
        "ruling": "168 a1 | телепортация a1 b6", "rulings": "2"}


def make_ctx(slash: bool, author_id: int = 42) -> MagicMock:
    ctx = MagicMock(spec=commands.Context)
    ctx.author = MagicMock(spec=discord.Member)
    ctx.author.id = author_id
    ctx.command = MagicMock(spec=commands.HybridCommand)
    ctx.clean_prefix = "!"
    ctx.send = AsyncMock(return_value=MagicMock(spec=discord.Message))
    ctx.defer = AsyncMock()
    if slash:
        ctx.interaction = MagicMock(spec=discord.Interaction)
    else:
        ctx.interaction = None
    return ctx


def cog_of(bot: JudgeBot) -> JudgeCog:
    cog = bot.get_cog("Судья")
    assert isinstance(cog, JudgeCog)
    return cog


async def invoke(cog: JudgeCog, name: str, ctx: Any) -> None:
    command = getattr(cog, name)
    args = ARGS[name]
    if args is None:
        await command.callback(cog, ctx)
    elif name == "check":
        await command.callback(cog, ctx, position=args)
    elif name == "help":
        await command.callback(cog, ctx, topic=args)
    elif name == "rulings":
        await command.callback(cog, ctx, page=int(args))
    else:
        await command.callback(cog, ctx, query=args)


@pytest.mark.parametrize("slash", [False, True], ids=["prefix", "slash"])
@pytest.mark.parametrize("name", list(ARGS))
async def test_every_command_both_paths(bot: JudgeBot, fake_judge: FakeJudge, name: str,
                                        slash: bool) -> None:
    cog = cog_of(bot)
    ctx = make_ctx(slash)
    await invoke(cog, name, ctx)
    assert fake_judge.runs[-1] == (name, ARGS[name] or "")
    ctx.send.assert_awaited_once()
    embed = ctx.send.await_args.kwargs["embed"]
    assert isinstance(embed, discord.Embed) and embed.title
    if slash and name in SLOW_COMMANDS:
        ctx.defer.assert_awaited_once()
    else:
        ctx.defer.assert_not_awaited()
    # The same command answers to its Russian alias on the prefix path.
    assert bot.get_command(name) is getattr(cog, name)


async def test_prefix_aliases_resolve(bot: JudgeBot) -> None:
    for alias, name in [("термин", "term"), ("карта", "card"), ("поиск", "search"),
                        ("проверка", "check"), ("помощь", "help"), ("источники", "sources"),
                        ("кейс", "case"), ("ТЕРМИН", "term")]:
        command = bot.get_command(alias)
        assert command is not None and command.name == name, alias


async def test_paged_answer_gets_a_view_bound_to_the_asker(bot: JudgeBot) -> None:
    ctx = make_ctx(slash=False, author_id=7)
    await cog_of(bot).term.callback(cog_of(bot), ctx, query="длинный")
    view = ctx.send.await_args.kwargs["view"]
    assert isinstance(view, AnswerView) and view.owner_id == 7 and len(view.pages) > 1
    assert view.message is ctx.send.return_value


async def test_failed_lookup_resets_cooldown(bot: JudgeBot) -> None:
    ctx = make_ctx(slash=False)
    await cog_of(bot).term.callback(cog_of(bot), ctx, query="тлпрт")
    ctx.command.reset_cooldown.assert_called_once_with(ctx)
    view = ctx.send.await_args.kwargs["view"]
    assert [c.label for c in view.children] == ["Телепортация", "Прыжок"]


async def test_too_long_query_is_refused(bot: JudgeBot) -> None:
    ctx = make_ctx(slash=False)
    with pytest.raises(QueryTooLong):
        await cog_of(bot).term.callback(cog_of(bot), ctx, query="я" * (L.MAX_QUERY + 1))
    ctx.send.assert_not_awaited()


async def test_autocomplete_limits(bot: JudgeBot, fake_judge: FakeJudge) -> None:
    cog = cog_of(bot)
    interaction = MagicMock(spec=discord.Interaction)
    for current in ("", "тер", "о", "x" * 500):
        for choices in (await cog.term_autocomplete(interaction, current),
                        await cog.card_autocomplete(interaction, current)):
            assert len(choices) <= L.CHOICES
            assert all(0 < len(c.name) <= L.CHOICE_NAME and 0 < len(str(c.value)) <= L.CHOICE_VALUE
                       for c in choices)
            assert len({c.value for c in choices}) == len(choices)
    choices = await cog.card_autocomplete(interaction, "")
    assert len(choices) == 25  # the fake returns 30: the cog caps it
    assert (await cog.card_autocomplete(interaction, "баал"))[0].value == "ПХ 168"
    assert (await cog.term_autocomplete(interaction, "тел"))[0].name == "Телепортация"
    # Fast path: the lookup's completion is called directly, with limit=25 and a bounded prefix.
    assert all(limit == 25 and len(prefix) <= 100 for _, prefix, limit in fake_judge.lookup.calls)


async def test_autocomplete_survives_lookup_errors(bot: JudgeBot, fake_judge: FakeJudge) -> None:
    fake_judge.lookup.complete_terms = MagicMock(side_effect=RuntimeError("db gone"))  # type: ignore[method-assign]
    assert await cog_of(bot).term_autocomplete(MagicMock(spec=discord.Interaction), "т") == []


async def test_autocomplete_wired_to_slash_options(bot: JudgeBot) -> None:
    for name in ("term", "card"):
        command = bot.tree.get_command(name)
        assert isinstance(command, discord.app_commands.Command)
        assert command._params["query"].autocomplete is not None


# -- the error handler ---------------------------------------------------------------------------
async def test_user_input_error_resets_cooldown_and_answers_in_russian() -> None:
    ctx = make_ctx(slash=True)
    param = MagicMock()
    param.name = "query"
    await on_command_error(ctx, commands.MissingRequiredArgument(param))
    ctx.command.reset_cooldown.assert_called_once_with(ctx)
    text = ctx.send.await_args.args[0]
    assert text.startswith("Не хватает запроса") and ctx.send.await_args.kwargs["ephemeral"]


async def test_unexpected_error_is_logged_with_an_id(caplog: pytest.LogCaptureFixture) -> None:
    ctx = make_ctx(slash=False)
    error = commands.CommandInvokeError(RuntimeError("kaboom"))
    with caplog.at_level(logging.ERROR):
        await on_command_error(ctx, error)
    text = ctx.send.await_args.args[0]
    assert "Внутренняя ошибка бота (код " in text
    error_id = text.split("код ")[1][:8]
    record = next(r for r in caplog.records if error_id in r.getMessage())
    assert record.exc_info and isinstance(record.exc_info[1], RuntimeError)
    ctx.command.reset_cooldown.assert_not_called()


async def test_cooldown_and_silent_errors() -> None:
    ctx = make_ctx(slash=False)
    await on_command_error(ctx, commands.CommandNotFound("x"))
    await on_command_error(ctx, ChannelNotAllowed([1]))
    ctx.send.assert_not_awaited()
    cooldown = commands.Cooldown(1, 10)
    ctx = make_ctx(slash=True)  # a slash command must be answered: an ephemeral message
    await on_command_error(ctx, commands.CommandOnCooldown(cooldown, 2.5, commands.BucketType.user))
    assert ctx.send.await_args.args[0] == "Не так быстро: повторите через 2.5 с."
    assert ctx.send.await_args.kwargs == {"ephemeral": True}
    ctx = make_ctx(slash=True)
    await on_command_error(ctx, ChannelNotAllowed([111, 222]))
    assert "<#111>, <#222>" in ctx.send.await_args.args[0]


def _on_cooldown(author_id: int, gate: NoticeGate, forbidden: bool = False) -> MagicMock:
    ctx = make_ctx(slash=False, author_id=author_id)
    ctx.bot = SimpleNamespace(cooldown_notices=gate)
    ctx.message = MagicMock(spec=discord.Message)
    ctx.message.add_reaction = AsyncMock(side_effect=discord.Forbidden(
        MagicMock(status=403, reason="Forbidden"), "Missing Permissions") if forbidden else None)
    return ctx


async def test_a_prefix_flood_gets_one_reaction_per_window() -> None:
    gate = NoticeGate()
    error = commands.CommandOnCooldown(commands.Cooldown(4, 10), 7.0, commands.BucketType.user)
    contexts = [_on_cooldown(42, gate) for _ in range(50)]
    for ctx in contexts:
        await on_command_error(ctx, error)
    reacted = [c for c in contexts if c.message.add_reaction.await_count]
    assert len(reacted) == 1 and reacted[0].message.add_reaction.await_args.args == ("⏳",)
    assert not any(c.send.await_count for c in contexts)  # no message: the channel stays free
    other = _on_cooldown(43, gate)  # another user has a window of their own
    await on_command_error(other, error)
    other.message.add_reaction.assert_awaited_once()


async def test_without_the_reaction_permission_one_message_per_window() -> None:
    gate = NoticeGate()
    error = commands.CommandOnCooldown(commands.Cooldown(4, 10), 7.0, commands.BucketType.user)
    contexts = [_on_cooldown(42, gate, forbidden=True) for _ in range(10)]
    for ctx in contexts:
        await on_command_error(ctx, error)
    sent = [c.send.await_args.args[0] for c in contexts if c.send.await_count]
    assert sent == ["Не так быстро: повторите через 7.0 с."]


async def test_judge_exception_goes_through_the_handler(bot: JudgeBot) -> None:
    ctx = make_ctx(slash=False)
    with pytest.raises(RuntimeError):
        await cog_of(bot).term.callback(cog_of(bot), ctx, query="boom")


async def test_slash_defers_when_the_answer_is_late(bot: JudgeBot, fake_judge: FakeJudge,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from bot.chat import cog as cog_module

    monkeypatch.setattr(cog_module, "DEFER_AFTER", 0.01)
    original = fake_judge.run

    def slow(name: str, args: str, caller: Any = None) -> Any:
        time.sleep(0.1)  # the core is synchronous; it runs in a worker thread
        return original(name, args, caller)

    monkeypatch.setattr(fake_judge, "run", slow)
    ctx = make_ctx(slash=True)
    await cog_of(bot).term.callback(cog_of(bot), ctx, query="телепортация")
    ctx.defer.assert_awaited_once()
    assert ctx.send.await_args.kwargs["embed"].title == "Телепортация"


async def test_plain_text_when_embeds_are_forbidden(bot: JudgeBot) -> None:
    ctx = make_ctx(slash=False)
    response = MagicMock(status=403, reason="Forbidden")
    ctx.send.side_effect = [discord.Forbidden(response, "Missing Permissions"), None]
    await cog_of(bot).term.callback(cog_of(bot), ctx, query="телепортация")
    text = ctx.send.await_args.args[0]
    assert text.startswith("**Телепортация**") and len(text) <= L.MESSAGE_CONTENT


async def test_missing_argument_example_matches_the_command() -> None:
    ctx = make_ctx(slash=False)
    ctx.command.qualified_name = "card"
    param = MagicMock()
    param.name = "query"
    await on_command_error(ctx, commands.MissingRequiredArgument(param))
    assert "`!card 168`" in ctx.send.await_args.args[0]


async def test_a_paged_answer_brings_every_page_for_the_buttons(bot: JudgeBot,
                                                               fake_judge: FakeJudge) -> None:
    from bot.answers import Answer, Paging, Section

    def search(name: str, args: str, caller: object = None,
               default_set: int | None = None) -> Answer:
        fake_judge.runs.append((name, args))
        page = int(args.rsplit(" ", 1)[1]) if "стр" in args else 1
        return Answer(command="search", title="Поиск", sections=[Section(f"Хит {page}", "x")],
                      paging=Paging(page, 3, f"!search орк стр {page + 1}" if page < 3 else ""))

    fake_judge.run = search  # type: ignore[method-assign]
    ctx = make_ctx(slash=False)
    await cog_of(bot).search.callback(cog_of(bot), ctx, query="орк стр 2")
    assert fake_judge.runs == [("search", "орк стр 2"), ("search", "орк стр 1"),
                               ("search", "орк стр 3")]
    view = ctx.send.await_args.kwargs["view"]
    assert [p.fields[0].name for p in view.pages] == ["Хит 1", "Хит 2", "Хит 3"]
    assert view.page == 1 and ctx.send.await_args.kwargs["embed"] is view.pages[1]


async def test_links_are_buttons_that_open_the_other_card(bot: JudgeBot,
                                                         fake_judge: FakeJudge) -> None:
    from bot.answers import Answer

    answer = Answer(command="card", title="«Баалит» — Путь хранителей 168",
                    links=["«Повелитель бездны» (Война стихий 168)", "«Арахнид» (Нашествие тьмы 168)"])
    fake_judge.run = lambda name, args, caller=None, default_set=None: answer  # type: ignore[method-assign]
    ctx = make_ctx(slash=False)
    await cog_of(bot).card.callback(cog_of(bot), ctx, query="168")
    view = ctx.send.await_args.kwargs["view"]
    labels = [c.label for c in view.children]
    assert labels == ["«Повелитель бездны» (Война стихий 168)", "«Арахнид» (Нашествие тьмы 168)"]
    from bot.chat.views import suggestion_query

    assert suggestion_query("card", labels[0]) == "Война стихий 168"
    assert suggestion_query("card", "«Гуль» (Война стихий 39) — запрещена в турнирах") == (
        "Война стихий 39")


async def test_two_bots_in_one_process_count_cooldowns_apart(config: Any,
                                                            fake_judge: FakeJudge) -> None:
    """discord.py shares a decorated command's cooldown mapping between copies: every bot of
    a process (each test's bot) counted the same user together until each cog got its own."""
    from bot.chat.app import build_bot

    bots = [build_bot(config, fake_judge) for _ in range(2)]
    try:
        cogs = []
        for b in bots:
            await b.setup_hook()
            cogs.append(cog_of(b))
        first, second = (c.term._buckets for c in cogs)
        assert first is not second
        message = MagicMock(spec=discord.Message)
        message.author = MagicMock(spec=discord.Member)
        message.author.id = 42
        for _ in range(4):
            assert first.update_rate_limit(message) is None
        assert first.update_rate_limit(message) is not None  # the fifth within 10 s waits
        assert second.update_rate_limit(message) is None  # the other bot has not counted them
    finally:
        for b in bots:
            for name in list(b.cogs):
                await b.remove_cog(name)
            if b._heartbeat is not None:
                b._heartbeat.cancel()
            b.store.close()
