"""Who is a judge, and the mention listener's decisions, with spec'd mocks."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord.ext import commands

from bot.chat.app import JudgeBot
from bot.chat.cog import caller_of
from bot.chat.mentions import MentionsCog
from chat.fakes import FakeJudge

GUILD, ROLE = 111, 555


def ctx_for(bot: JudgeBot | None, *, roles: tuple[int, ...] = (), manager: bool = False,
            guild: bool = True) -> MagicMock:
    ctx = MagicMock(spec=commands.Context)
    ctx.bot = bot
    ctx.guild = MagicMock(spec=discord.Guild, id=GUILD) if guild else None
    ctx.channel = MagicMock(spec=discord.TextChannel, id=222)
    ctx.channel.name = "правила"
    ctx.author = MagicMock(spec=discord.Member, id=42, display_name="Аня",
                           roles=[MagicMock(spec=discord.Role, id=r) for r in roles])
    ctx.author.guild_permissions = discord.Permissions(manage_guild=manager)
    return ctx


async def test_judges_have_the_role_or_manage_the_server(bot: JudgeBot) -> None:
    assert not caller_of(ctx_for(bot, roles=(ROLE,))).judge  # no role set yet
    assert caller_of(ctx_for(bot, manager=True)).judge
    bot.store.set_judge_role(GUILD, ROLE)
    caller = caller_of(ctx_for(bot, roles=(7, ROLE)))
    assert caller.judge and (caller.scope, caller.user, caller.channel) == (GUILD, "Аня", "#правила")
    assert not caller_of(ctx_for(bot, roles=(7,))).judge


async def test_no_rulings_scope_in_direct_messages(bot: JudgeBot) -> None:
    caller = caller_of(ctx_for(bot, guild=False))
    assert caller.scope is None and not caller.judge


def message(content: str, *, author_bot: bool = False) -> MagicMock:
    msg = MagicMock(spec=discord.Message)
    msg.content = content
    msg.author = MagicMock(spec=discord.Member, bot=author_bot)
    msg.guild = MagicMock(spec=discord.Guild, id=GUILD)
    msg.channel = MagicMock(spec=discord.TextChannel, id=222, parent_id=None)
    msg.reply = AsyncMock()
    return msg


@pytest.mark.parametrize(("content", "author_bot", "wanted"), [
    ("что делает [[баалит]]?", False, True),
    ("что делает [[баалит]]?", True, False),
    ("без упоминаний", False, False),
    ("`[[баалит]]`", False, False),
    ("!card [[баалит]]", False, False),
])
async def test_which_messages_are_answered(bot: JudgeBot, fake_judge: FakeJudge, content: str,
                                           author_bot: bool, wanted: bool) -> None:
    cog = MentionsCog(bot, fake_judge, bot.store)
    msg = message(content, author_bot=author_bot)
    bot.get_context = AsyncMock(  # type: ignore[method-assign]
        return_value=MagicMock(command=object() if content.startswith("!") else None))
    assert await cog.wanted(msg) is wanted
    await cog.on_message(msg)
    assert msg.reply.await_count == int(wanted)
    if wanted:
        kwargs = msg.reply.await_args.kwargs
        assert kwargs["mention_author"] is False
        assert kwargs["allowed_mentions"].to_dict() == {"parse": []}
        assert kwargs["embed"].title == "Упоминания: баалит"


async def test_turned_off_or_not_allowed_channels_are_skipped(bot: JudgeBot,
                                                              fake_judge: FakeJudge) -> None:
    cog = MentionsCog(bot, fake_judge, bot.store)
    bot.get_context = AsyncMock(return_value=MagicMock(command=None))  # type: ignore[method-assign]
    bot.store.toggle_mentions(GUILD, 222)
    assert not await cog.wanted(message("[[баалит]]"))
    bot.store.toggle_mentions(GUILD, 222)
    bot.store.add_channel(GUILD, 999)  # the bot answers only in another channel
    assert not await cog.wanted(message("[[баалит]]"))


async def test_a_bare_number_mention_means_the_servers_default_set(bot: JudgeBot,
                                                                    fake_judge: FakeJudge) -> None:
    # `[[168]]` answered «Баалит» (ПХ 168) on a server whose `!card 168` is ВС 168.
    cog = MentionsCog(bot, fake_judge, bot.store)
    bot.get_context = AsyncMock(return_value=MagicMock(command=None))  # type: ignore[method-assign]
    await cog.on_message(message("[[168]]"))
    bot.store.set_default_set(GUILD, 10)
    await cog.on_message(message("[[168]]"))
    assert fake_judge.mention_sets == [None, 10]
