"""Server settings and the owner-only sync (spec'd mocks; the e2e test drives them for real)."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord.ext import commands

from bot.chat.admin import OwnerCog, SettingsCog, validate_prefix
from bot.chat.app import JudgeBot
from bot.chat.errors import ChannelNotAllowed, ChatUserError


def ctx_in_guild(guild_id: int = 1, channel_id: int = 10, command: str = "term") -> MagicMock:
    ctx = MagicMock(spec=commands.Context)
    ctx.guild = MagicMock(spec=discord.Guild)
    ctx.guild.id = guild_id
    ctx.channel = MagicMock(spec=discord.TextChannel)
    ctx.channel.id = channel_id
    ctx.channel.parent_id = None
    ctx.author = MagicMock(spec=discord.Member)
    ctx.author.id = 5
    ctx.command = MagicMock(spec=commands.Command)
    ctx.command.qualified_name = command
    ctx.send = AsyncMock()
    ctx.interaction = None
    return ctx


def settings_cog(bot: JudgeBot) -> SettingsCog:
    cog = bot.get_cog("Настройки")
    assert isinstance(cog, SettingsCog)
    return cog


@pytest.mark.parametrize("bad", ["", "x" * 11, "a b", "<@", "`", "#"])
def test_validate_prefix_rejects(bad: str) -> None:
    with pytest.raises(ChatUserError):
        validate_prefix(bad)


def test_validate_prefix_accepts() -> None:
    assert validate_prefix(" ?? ") == "??"
    assert validate_prefix("судья!") == "судья!"


async def test_prefix_command_and_prefix_resolution(bot: JudgeBot) -> None:
    cog = settings_cog(bot)
    ctx = ctx_in_guild()
    await cog.prefix.callback(cog, ctx, value="?")
    assert bot.store.get(1).prefix == "?"
    assert "`?`" in ctx.send.await_args.args[0] and ctx.send.await_args.kwargs["ephemeral"]
    message = MagicMock(spec=discord.Message)
    message.guild = ctx.guild
    bot._connection.user = MagicMock(spec=discord.ClientUser)
    bot._connection.user.id = 77
    prefixes = await bot.prefix_for(bot, message)
    assert "?" in prefixes and "<@77> " in prefixes and "!" not in prefixes
    await cog.prefix.callback(cog, ctx, value="")
    assert bot.store.get(1).prefix is None
    assert "!" in await bot.prefix_for(bot, message)


async def test_channel_toggle_and_gate(bot: JudgeBot) -> None:
    cog = settings_cog(bot)
    ctx = ctx_in_guild(channel_id=10)
    channel = MagicMock(spec=discord.TextChannel)
    channel.id, channel.mention = 20, "<#20>"
    await cog.channel.callback(cog, ctx, channel=channel)
    assert bot.store.get(1).channels == {20}
    assert "добавлен" in ctx.send.await_args.args[0]
    # Rules commands are gated to channel 20 now; settings and help are not.
    with pytest.raises(ChannelNotAllowed) as info:
        await bot.channel_gate(ctx_in_guild(channel_id=10))
    assert info.value.channel_ids == [20]
    assert await bot.channel_gate(ctx_in_guild(channel_id=20))
    assert await bot.channel_gate(ctx_in_guild(channel_id=10, command="settings prefix"))
    assert await bot.channel_gate(ctx_in_guild(channel_id=10, command="help"))
    thread = ctx_in_guild(channel_id=30)
    thread.channel.parent_id = 20
    assert await bot.channel_gate(thread)
    await cog.channel.callback(cog, ctx, channel=channel)
    assert bot.store.get(1).channels == frozenset()
    await cog.reset.callback(cog, ctx)
    assert "сброшены" in ctx.send.await_args.args[0]


async def test_settings_require_manage_server(bot: JudgeBot) -> None:
    for name in ("settings", "settings prefix", "settings channel", "settings reset"):
        command = bot.get_command(name)
        assert command is not None
        predicates = [getattr(c, "__qualname__", "") for c in command.checks]
        assert any("has_guild_permissions" in p for p in predicates), name
        assert any("guild_only" in p for p in predicates), name


async def test_sync_is_owner_only_and_scoped(bot: JudgeBot) -> None:
    cog = bot.get_cog("Владелец")
    assert isinstance(cog, OwnerCog)
    command = bot.get_command("sync")
    assert command is not None
    assert any("is_owner" in getattr(c, "__qualname__", "") for c in command.checks)
    bot.tree.sync = AsyncMock(return_value=[object()] * 8)  # type: ignore[method-assign]
    ctx = ctx_in_guild()
    await cog.sync.callback(cog, ctx, scope="")
    bot.tree.sync.assert_awaited_once_with()
    assert "глобально" in ctx.send.await_args.args[0]
    await cog.sync.callback(cog, ctx, scope="сервер")
    bot.tree.sync.assert_awaited_with(guild=ctx.guild)
    with pytest.raises(ChatUserError):
        await cog.sync.callback(cog, ctx, scope="**всё**")


async def test_default_set_command_and_its_use(bot: JudgeBot, fake_judge) -> None:  # type: ignore[no-untyped-def]
    from chat.test_cogs import cog_of, make_ctx

    cog = settings_cog(bot)
    ctx = ctx_in_guild()
    await cog.default_set.callback(cog, ctx, value="вс")
    assert bot.store.get(1).default_set == 10
    assert "«Война стихий»" in ctx.send.await_args.args[0]
    assert "«Война стихий» (ВС)" in cog.describe(1)
    # the server's rules commands now read bare numbers in «Война стихий»
    card_ctx = make_ctx(slash=False)
    card_ctx.guild = ctx.guild
    seen: list[int | None] = []
    original = fake_judge.run

    def run(name: str, args: str, caller=None, default_set: int | None = None):  # type: ignore[no-untyped-def]
        seen.append(default_set)
        return original(name, args, caller, default_set)

    fake_judge.run = run
    await cog_of(bot).card.callback(cog_of(bot), card_ctx, query="168")
    assert seen == [10]
    with pytest.raises(ChatUserError, match="Не знаю выпуск"):
        await cog.default_set.callback(cog, ctx, value="Выпуск 99")
    await cog.default_set.callback(cog, ctx, value="")
    assert bot.store.get(1).default_set is None and "по умолчанию" in cog.describe(1)
