"""The one error handler of the Discord layer.

Users get a short Russian message (ephemeral for slash commands); user-input errors undo the
cooldown; anything unexpected is logged with its traceback and an id the user can quote.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.limits import NoticeGate
from bot.commands.parser import too_long

log = logging.getLogger(__name__)


class ChatUserError(commands.UserInputError):
    """A user mistake with a ready Russian message."""

    def __init__(self, message: str):
        super().__init__(message)
        self.text = message


class QueryTooLong(ChatUserError):
    def __init__(self, length: int, limit: int):
        super().__init__(too_long(length, limit))


class ChannelNotAllowed(commands.CheckFailure):
    """The server restricted the bot to other channels (prefix commands stay silent)."""

    def __init__(self, channel_ids: list[int]):
        super().__init__("channel not allowed")
        self.channel_ids = channel_ids


def report_unexpected(error: BaseException, where: str) -> str:
    """Log an unexpected error with its traceback; return the id shown to the user."""
    error_id = uuid.uuid4().hex[:8]
    log.error("unexpected error %s in %s", error_id, where, exc_info=error)
    return error_id


def unwrap(error: BaseException) -> BaseException:
    """The original error behind discord.py's wrappers."""
    while isinstance(error, commands.HybridCommandError | commands.CommandInvokeError
                     | app_commands.CommandInvokeError | commands.ConversionError):
        inner = getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


#: What each command's missing argument looks like, for the "missing argument" message.
EXAMPLES = {
    "term": "term телепортация",
    "card": "card 168",
    "search": "search медленное движение",
    "check": "check 168 a1, враг ? b6 | телепортация a1 b6",
    "settings prefix": "settings prefix ?",
    "settings channel": "settings channel #правила",
}


def user_message(error: BaseException, prefix: str = "!", command: str = "term") -> str | None:
    """The Russian text for an error; None means: answer nothing."""
    if isinstance(error, commands.CommandNotFound):
        return None  # the prefix is shared with other bots
    if isinstance(error, ChannelNotAllowed):
        mentions = ", ".join(f"<#{c}>" for c in error.channel_ids[:10])
        return f"На этом сервере бот отвечает только в каналах: {mentions}."
    if isinstance(error, ChatUserError):
        return error.text
    if isinstance(error, commands.MissingRequiredArgument | commands.TooManyArguments
                  | app_commands.CommandSignatureMismatch):
        example = EXAMPLES.get(command, EXAMPLES["term"])
        return f"Не хватает запроса. Пример: `{prefix}{example}`. Все команды: `{prefix}help`."
    if isinstance(error, commands.RangeError):
        value = error.value if isinstance(error.value, str) else ""
        return too_long(len(value), int(error.maximum or 0))
    if isinstance(error, commands.BadArgument | app_commands.TransformerError):
        return f"Не понял аргумент команды. Подсказка: `{prefix}help`."
    if isinstance(error, commands.UserInputError):
        return f"Не получилось разобрать запрос. Подсказка: `{prefix}help`."
    if isinstance(error, commands.CommandOnCooldown | app_commands.CommandOnCooldown):
        return f"Не так быстро: повторите через {max(error.retry_after, 0.1):.1f} с."
    if isinstance(error, commands.MissingPermissions | app_commands.MissingPermissions):
        return "Для этой команды нужно право «Управлять сервером»."
    if isinstance(error, commands.NotOwner):
        return "Эта команда — только для владельца бота."
    if isinstance(error, commands.NoPrivateMessage | app_commands.NoPrivateMessage):
        return "Эта команда работает только на сервере."
    if isinstance(error, commands.CheckFailure | app_commands.CheckFailure):
        return "Эту команду здесь использовать нельзя."
    if isinstance(error, commands.DisabledCommand):
        return "Эта команда сейчас отключена."
    return None


def is_expected(error: BaseException) -> bool:
    return isinstance(error, commands.UserInputError | commands.CommandNotFound
                      | commands.CheckFailure | commands.CommandOnCooldown
                      | commands.DisabledCommand | app_commands.AppCommandError) and not isinstance(
        error, app_commands.CommandInvokeError)


async def on_command_error(ctx: commands.Context[Any], error: BaseException) -> None:
    """``Bot.on_command_error``: every prefix and hybrid (slash) command error ends here."""
    error = unwrap(error)
    if isinstance(error, commands.UserInputError) and ctx.command is not None:
        ctx.command.reset_cooldown(ctx)
    prefix = getattr(ctx, "clean_prefix", "!") or "!"
    if isinstance(error, ChannelNotAllowed) and ctx.interaction is None:
        return  # prefix commands in other channels: stay silent
    if isinstance(error, commands.CommandOnCooldown) and ctx.interaction is None:
        await cooldown_notice(ctx, error)
        return
    if is_expected(error):
        text = user_message(error, prefix, ctx.command.qualified_name if ctx.command else "term")
    else:
        error_id = report_unexpected(error, f"command {ctx.command and ctx.command.qualified_name}")
        text = f"Внутренняя ошибка бота (код {error_id}). Сообщите его администратору сервера."
    if text:
        await send_error(ctx, text)


#: The reaction that tells a user of prefix commands to slow down (see docs/discord.md).
COOLDOWN_REACTION = "⏳"


async def cooldown_notice(ctx: commands.Context[Any], error: commands.CommandOnCooldown) -> None:
    """Tell a flooding user once per cooldown window, by a reaction on their message: a
    reaction does not use the channel's message budget (5 per 5 s), so other users' answers
    are not delayed. Without the Add Reactions permission: one short message instead."""
    gate: NoticeGate | None = getattr(ctx.bot, "cooldown_notices", None)
    if gate is not None and not gate.allow(ctx.author.id, error.retry_after):
        return
    try:
        await ctx.message.add_reaction(COOLDOWN_REACTION)
    except discord.Forbidden:
        await send_error(ctx, user_message(error) or "")
    except discord.HTTPException:
        log.warning("could not react to a command on cooldown in channel %s", ctx.channel.id)


async def send_error(ctx: commands.Context[Any], text: str) -> None:
    from bot.chat.render import message_text

    try:
        if ctx.interaction is not None:
            await ctx.send(message_text(text), ephemeral=True)
        else:
            await ctx.send(message_text(text))
    except discord.HTTPException:
        log.warning("could not send an error message to channel %s", ctx.channel.id)


async def on_app_command_error(interaction: discord.Interaction,
                               error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error`` for errors outside hybrid commands (e.g. context menus)."""
    inner = unwrap(error)
    if is_expected(inner):
        text = user_message(inner) or "Эту команду здесь использовать нельзя."
    else:
        error_id = report_unexpected(inner, "app command")
        text = f"Внутренняя ошибка бота (код {error_id}). Сообщите его администратору сервера."
    from bot.chat.render import message_text

    if interaction.response.is_done():
        await interaction.followup.send(message_text(text), ephemeral=True)
    else:
        await interaction.response.send_message(message_text(text), ephemeral=True)
