"""Server settings for members with Manage Server, and the owner-only slash-command sync."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.chat.errors import ChatUserError
from bot.chat.render import echo_user_text
from bot.chat.settings import MAX_CHANNELS, MAX_PREFIX, SettingsStore
from bot.corpus.sets import KNOWN_SETS, NEWEST_SET, card_set, find_set

log = logging.getLogger(__name__)
FORBIDDEN_IN_PREFIX = set("`@<>#*_~|\\")
SYNC_GUILD_WORDS = {"guild", "сервер", "здесь"}
SYNC_CLEAR_WORDS = {"clear", "очистить"}


def validate_prefix(prefix: str) -> str:
    prefix = prefix.strip()
    if not 1 <= len(prefix) <= MAX_PREFIX:
        raise ChatUserError(f"Префикс должен быть длиной от 1 до {MAX_PREFIX} символов.")
    if any(ch.isspace() for ch in prefix) or FORBIDDEN_IN_PREFIX & set(prefix):
        raise ChatUserError("В префиксе нельзя использовать пробелы и символы ` @ < > # * _ ~ | \\.")
    return prefix


def manager_only() -> Any:
    """Prefix and slash: only on a server, only for members with Manage Server."""
    def decorator(func: Any) -> Any:
        func = commands.guild_only()(func)
        return commands.has_guild_permissions(manage_guild=True)(func)

    return decorator


class SettingsCog(commands.Cog, name="Настройки"):
    def __init__(self, store: SettingsStore, default_prefix: str):
        self.store = store
        self.default_prefix = default_prefix

    def describe(self, guild_id: int) -> str:
        settings = self.store.get(guild_id)
        prefix = settings.prefix or self.default_prefix
        kind = "свой" if settings.prefix else "по умолчанию"
        channels = (", ".join(f"<#{c}>" for c in sorted(settings.channels))
                    if settings.channels else "все каналы")
        chosen = card_set(settings.default_set) if settings.default_set else None
        default = (f"«{chosen.name}» ({chosen.initials})" if chosen else
                   f"«{card_set(NEWEST_SET).name}» (по умолчанию: самый новый выпуск)")
        judges = f"<@&{settings.judge_role}>" if settings.judge_role else "не задана (судьи — те, кто управляет сервером)"
        judge_channel = f"<#{settings.judge_channel}>" if settings.judge_channel else "не задан"
        mentions = ("везде, кроме " + ", ".join(f"<#{c}>" for c in sorted(settings.mentions_off))
                    if settings.mentions_off else "во всех каналах")
        return (f"Префикс: `{prefix}` ({kind}); упоминание бота тоже работает.\n"
                f"Бот отвечает в: {channels}.\n"
                f"Роль судей: {judges}. Канал судей: {judge_channel}.\n"
                f"Ответы на [[упоминания]]: {mentions}.\n"
                f"Номер карты без выпуска (`{prefix}card 168`) — из выпуска {default}.")

    @commands.hybrid_group(name="settings", aliases=["настройки"], fallback=_("show"),
                           invoke_without_command=True,
                           description=_("Настройки бота на этом сервере"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @manager_only()
    async def settings(self, ctx: commands.Context[Any]) -> None:
        assert ctx.guild is not None
        await ctx.send(self.describe(ctx.guild.id), ephemeral=True)

    @settings.command(name="prefix", aliases=["префикс"],
                      description=_("Свой префикс команд (например «?»), пусто — по умолчанию"))
    @app_commands.rename(value=_("value"))
    @app_commands.describe(value=_("Новый префикс"))
    @manager_only()
    async def prefix(self, ctx: commands.Context[Any], value: str = "") -> None:
        assert ctx.guild is not None
        if value.strip():
            new = validate_prefix(value)
            self.store.set_prefix(ctx.guild.id, new, by=ctx.author.id)
            text = f"Готово: префикс теперь `{new}` (например `{new}term телепортация`)."
        else:
            self.store.set_prefix(ctx.guild.id, None, by=ctx.author.id)
            text = f"Готово: префикс по умолчанию `{self.default_prefix}`."
        log.info("guild %s: prefix set by %s", ctx.guild.id, ctx.author.id)
        await ctx.send(text, ephemeral=True)

    @settings.command(name="set", aliases=["выпуск"],
                      description=_("Выпуск, из которого берётся номер карты без выпуска"))
    @app_commands.rename(value=_("value"))
    @app_commands.describe(value=_("Выпуск: название, сокращение или номер; пусто — самый новый"))
    @manager_only()
    async def default_set(self, ctx: commands.Context[Any], *, value: str = "") -> None:
        assert ctx.guild is not None
        if value.strip():
            chosen = find_set(value)
            if chosen is None:
                known = ", ".join(f"{s.initials} — {s.name}" for s in KNOWN_SETS.values())
                raise ChatUserError(f"Не знаю выпуск «{echo_user_text(value, 40)}». "
                                    f"Выпуски: {known}.")
            self.store.set_default_set(ctx.guild.id, chosen.id, by=ctx.author.id)
            text = (f"Готово: номер карты без выпуска теперь из «{chosen.name}» "
                    f"(`{self.default_prefix}card 168` — {chosen.initials} 168).")
        else:
            self.store.set_default_set(ctx.guild.id, None, by=ctx.author.id)
            text = f"Готово: номер карты без выпуска — из самого нового выпуска, " \
                   f"«{card_set(NEWEST_SET).name}»."
        log.info("guild %s: default set changed by %s", ctx.guild.id, ctx.author.id)
        await ctx.send(text, ephemeral=True)

    @settings.command(name="channel", aliases=["канал"],
                      description=_("Разрешить или запретить боту отвечать в канале"))
    @app_commands.rename(channel=_("channel"))
    @app_commands.describe(channel=_("Канал"))
    @manager_only()
    async def channel(self, ctx: commands.Context[Any], channel: discord.TextChannel) -> None:
        assert ctx.guild is not None
        settings = self.store.get(ctx.guild.id)
        if channel.id in settings.channels:
            self.store.remove_channel(ctx.guild.id, channel.id, by=ctx.author.id)
            text = f"Канал {channel.mention} убран из списка разрешённых."
        elif self.store.add_channel(ctx.guild.id, channel.id, by=ctx.author.id):
            text = f"Канал {channel.mention} добавлен в список разрешённых."
        else:
            raise ChatUserError(f"Можно разрешить не больше {MAX_CHANNELS} каналов.")
        await ctx.send(f"{text}\n{self.describe(ctx.guild.id)}", ephemeral=True)

    @settings.command(name="judges", aliases=["судьи"],
                      description=_("Роль судей: они добавляют заметки к решениям и отменяют их"))
    @app_commands.rename(role=_("role"))
    @app_commands.describe(role=_("Роль (пусто — снять)"))
    @manager_only()
    async def judges(self, ctx: commands.Context[Any], role: discord.Role | None = None) -> None:
        assert ctx.guild is not None
        self.store.set_judge_role(ctx.guild.id, role.id if role else None, by=ctx.author.id)
        text = (f"Готово: судьи — участники с ролью {role.mention}." if role else
                "Роль судей снята: заметки и отмену решений добавляют те, кто управляет сервером.")
        await ctx.send(f"{text}\n{self.describe(ctx.guild.id)}", ephemeral=True)

    @settings.command(name="judge_channel", aliases=["канал_судей"],
                      description=_("Канал судей: туда бот пишет решения, изменившиеся после "
                                    "обновления правил"))
    @app_commands.rename(channel=_("channel"))
    @app_commands.describe(channel=_("Канал (пусто — снять)"))
    @manager_only()
    async def judge_channel(self, ctx: commands.Context[Any],
                            channel: discord.TextChannel | None = None) -> None:
        assert ctx.guild is not None
        self.store.set_judge_channel(ctx.guild.id, channel.id if channel else None, by=ctx.author.id)
        text = (f"Готово: после обновления правил список изменившихся решений придёт в "
                f"{channel.mention}." if channel else "Канал судей снят.")
        await ctx.send(f"{text}\n{self.describe(ctx.guild.id)}", ephemeral=True)

    @settings.command(name="mentions", aliases=["упоминания"],
                      description=_("Включить или выключить ответы на [[упоминания]] в канале"))
    @app_commands.rename(channel=_("channel"))
    @app_commands.describe(channel=_("Канал"))
    @manager_only()
    async def mentions(self, ctx: commands.Context[Any], channel: discord.TextChannel) -> None:
        assert ctx.guild is not None
        on = self.store.toggle_mentions(ctx.guild.id, channel.id, by=ctx.author.id)
        text = f"Ответы на [[упоминания]] в {channel.mention} {'включены' if on else 'выключены'}."
        await ctx.send(f"{text}\n{self.describe(ctx.guild.id)}", ephemeral=True)

    @settings.command(name="reset", aliases=["сброс"],
                      description=_("Сбросить настройки сервера"))
    @manager_only()
    async def reset(self, ctx: commands.Context[Any]) -> None:
        assert ctx.guild is not None
        self.store.reset(ctx.guild.id)
        await ctx.send(f"Настройки сброшены.\n{self.describe(ctx.guild.id)}", ephemeral=True)


class OwnerCog(commands.Cog, name="Владелец"):
    """``!sync`` (global), ``!sync guild`` (this server, instant), ``!sync clear``."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot):
        self.bot = bot

    @commands.command(name="sync", aliases=["синхронизация"], hidden=True)
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[Any], scope: str = "") -> None:
        word = scope.strip().casefold()
        tree = self.bot.tree
        if word in SYNC_GUILD_WORDS or word in SYNC_CLEAR_WORDS:
            if ctx.guild is None:
                raise ChatUserError("Синхронизация для сервера работает только на сервере.")
            if word in SYNC_CLEAR_WORDS:
                tree.clear_commands(guild=ctx.guild)
            else:
                tree.copy_global_to(guild=ctx.guild)
            synced = await tree.sync(guild=ctx.guild)
            where = "на этом сервере"
        elif word:
            raise ChatUserError(
                f"Не понял «{echo_user_text(scope, 30)}». Варианты: `sync`, `sync guild`, `sync clear`.")
        else:
            synced = await tree.sync()
            where = "глобально (обновление может занять до часа)"
        log.info("slash commands synced %s by %s: %d", word or "globally", ctx.author.id, len(synced))
        await ctx.send(f"Синхронизировано команд: {len(synced)} — {where}.")
