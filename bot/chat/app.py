"""The Discord bot: an AutoShardedBot wired to the Judge, settings, heartbeat and error handler.

Sharding: by default discord.py asks Discord for the recommended shard count and runs every
shard in this process. For several processes, set ``BERSERK_SHARD_COUNT`` and, per process,
``BERSERK_SHARD_IDS`` (e.g. ``0,1`` and ``2,3``). The corpus is read-only in each process; the
settings database may be shared between processes (see :mod:`bot.chat.settings`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.chat.admin import OwnerCog, SettingsCog
from bot.chat.cog import JudgeCog
from bot.chat.config import Config, setup_logging
from bot.chat.errors import ChannelNotAllowed, on_app_command_error, on_command_error
from bot.chat.heartbeat import run_heartbeat
from bot.chat.limits import NoticeGate
from bot.chat.mentions import MentionsCog, message_content_note
from bot.chat.protocols import JudgeLike
from bot.chat.rechecks import post_rechecks
from bot.chat.settings import SettingsStore
from bot.chat.translator import Translator

log = logging.getLogger(__name__)
#: Commands that work in every channel, so moderators can always fix the channel list.
UNGATED = ("settings", "sync", "help")


def intents(config: Config) -> discord.Intents:
    """Guilds and messages; message content only when enabled (a privileged intent)."""
    flags = discord.Intents.none()
    flags.guilds = True
    flags.guild_messages = True
    flags.dm_messages = True
    flags.message_content = config.message_content
    return flags


class JudgeBot(commands.AutoShardedBot):
    def __init__(self, config: Config, judge: JudgeLike, store: SettingsStore, **options: Any):
        shard_options: dict[str, Any] = {}
        if config.shard_count is not None:
            shard_options["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            shard_options["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=self.prefix_for,
            intents=intents(config),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            case_insensitive=True,
            strip_after_prefix=True,
            owner_ids=set(config.owner_ids) or None,
            **shard_options,
            **options,
        )
        self.config, self.judge, self.store = config, judge, store
        judge.use_rulings(store.rulings)  # the servers' rulings live in the settings database
        self.cooldown_notices = NoticeGate()
        self._heartbeat: asyncio.Task[None] | None = None
        self._rechecks: asyncio.Task[int] | None = None
        self.add_check(self.channel_gate)
        self.tree.on_error = on_app_command_error  # type: ignore[method-assign]

    # -- prefixes and channels -----------------------------------------------------------------
    def guild_prefix(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.config.prefix
        return self.store.get(guild_id).prefix or self.config.prefix

    def guild_default_set(self, guild_id: int | None) -> int | None:
        """The set a bare card number means on this server (None: the newest set)."""
        return self.store.get(guild_id).default_set if isinstance(guild_id, int) else None

    async def prefix_for(self, bot: commands.Bot, message: discord.Message) -> list[str]:
        prefix = self.guild_prefix(message.guild.id if message.guild else None)
        return commands.when_mentioned_or(prefix)(bot, message)

    async def channel_gate(self, ctx: commands.Context[Any]) -> bool:
        if ctx.guild is None or ctx.command is None:
            return True
        if ctx.command.qualified_name.split()[0] in UNGATED:
            return True
        settings = self.store.get(ctx.guild.id)
        if settings.allows(ctx.channel.id, getattr(ctx.channel, "parent_id", None)):
            return True
        raise ChannelNotAllowed(sorted(settings.channels))

    # -- lifecycle -----------------------------------------------------------------------------
    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        judge_cog = JudgeCog(self.judge)
        judge_cog.default_set = self.guild_default_set
        await self.add_cog(judge_cog)
        note = message_content_note(self.intents)
        if note:
            log.warning(note)
        else:
            await self.add_cog(MentionsCog(self, self.judge, self.store, judge_cog.executor))
        await self.add_cog(SettingsCog(self.store, self.config.prefix))
        await self.add_cog(OwnerCog(self))
        # No automatic sync: the owner runs `!sync` once (see docs/discord.md).
        self._heartbeat = asyncio.create_task(
            run_heartbeat(self, self.config.heartbeat_file, self.config.heartbeat_interval))

    async def on_command_error(self, context: commands.Context[Any],
                               exception: commands.CommandError, /) -> None:
        await on_command_error(context, exception)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers, shards %s", self.user,
                 self.user.id if self.user else "?", len(self.guilds), self.shard_ids or "auto")
        if self._rechecks is None:  # once per process: after a corpus update, tell the judges
            self._rechecks = asyncio.create_task(post_rechecks(self))

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        if self._rechecks is not None:
            self._rechecks.cancel()
        await super().close()


def build_bot(config: Config, judge: JudgeLike, **options: Any) -> JudgeBot:
    config.writable_dir.mkdir(parents=True, exist_ok=True)
    return JudgeBot(config, judge, SettingsStore(config.settings_db), **options)


#: Logged when Discord refuses the message-content intent; the bot then runs without it.
INTENT_HELP = (
    "the message-content intent is not enabled for this application, so prefix commands "
    "(!term …) cannot be read: running with slash commands and mentions only. To enable "
    "prefix commands: developer portal → your application → Bot → Privileged Gateway Intents "
    "→ Message Content Intent (see docs/discord.md); or set BERSERK_MESSAGE_CONTENT=false to "
    "start without asking for it")


class DiscordUnreachable(Exception):
    """Discord cannot be reached at start (network, DNS, proxy); the message says so in one
    line for the operator."""


def run_bot(config: Config, judge: JudgeLike) -> None:
    """Run the bot until interrupted (called by ``berserk-judge`` when a token is set).

    A refused message-content intent is not fatal (that would be a crash loop under a restart
    policy): the bot logs how to enable it and carries on with slash commands and mentions.
    A rejected token exits with code 2, an unreachable Discord raises :class:`DiscordUnreachable`.
    """
    if not config.token:
        raise ValueError("DISCORD_TOKEN is not set")
    setup_logging(config)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(config, judge))


async def serve(config: Config, judge: JudgeLike, **options: Any) -> None:
    """Connect and run; retried once without the message-content intent when it is refused."""
    while True:
        bot = build_bot(config, judge, **options)
        try:
            async with bot:
                await bot.start(config.token)
            return
        except discord.PrivilegedIntentsRequired:
            if not config.message_content:
                raise  # nothing left to drop: Discord wants another privileged intent
            log.error(INTENT_HELP)
            config = dataclasses.replace(config, message_content=False)
        except discord.LoginFailure:
            log.error("Discord rejected the token (DISCORD_TOKEN); create a new one in the "
                      "developer portal, see docs/discord.md")
            raise SystemExit(2) from None
        except (TimeoutError, aiohttp.ClientConnectionError, OSError, discord.GatewayNotFound, discord.DiscordServerError) as exc:
            raise DiscordUnreachable(
                f"cannot reach Discord ({_network_reason(exc)}): check the network, DNS and "
                "any proxy or firewall of this host; with Docker the container is restarted "
                "and tries again") from None
        finally:
            bot.store.close()


def _network_reason(exc: BaseException) -> str:
    """A short reason without the traceback: «discord.com:443: Name or service not known»."""
    inner = getattr(exc, "os_error", None) or exc.__cause__ or exc
    host = getattr(getattr(exc, "_conn_key", None), "host", None)
    reason = getattr(inner, "strerror", None) or str(inner) or type(inner).__name__
    return f"{host}: {reason}" if host else reason
