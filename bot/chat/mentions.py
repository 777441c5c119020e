"""Inline mentions in Discord: ``[[баалит]]`` in an ordinary message gets one compact reply.

The listener only decides whether to answer (not a bot, not a command, mentions on in this
channel, the channel's rate limit) and renders; finding and answering the mentions is the
core's (:mod:`bot.commands.mentions`). Reading ordinary messages needs the message-content
intent: without it Discord sends the bot empty text and nothing is answered (docs/discord.md).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor

import discord
from discord.ext import commands

from bot.answers import Answer
from bot.chat import limits as L
from bot.chat.protocols import JudgeLike
from bot.chat.render import render_pages
from bot.chat.settings import SettingsStore
from bot.commands.mentions import has_mentions

log = logging.getLogger(__name__)

#: Replies to mentions per channel: at most RATE in PER seconds (the rest are not answered).
RATE, PER = 4, 30.0
VIEW_TIMEOUT = 1800.0


class FullAnswerButton(discord.ui.Button["MentionView"]):
    """«Баалит полностью»: the full ``!card``/``!term`` answer, shown only to who pressed."""

    def __init__(self, name: str, command: str, args: str):
        super().__init__(label=L.clip(f"{name} полностью", L.BUTTON_LABEL),
                         style=discord.ButtonStyle.secondary)
        self.command, self.args = command, args

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.full_answer(interaction, self.command, self.args)


class MentionView(discord.ui.View):
    """One button per found card or term; anyone may press (the answer is ephemeral)."""

    def __init__(self, answer: Answer, cog: MentionsCog):
        super().__init__(timeout=VIEW_TIMEOUT)
        self.cog = cog
        for entry in answer.results or []:
            if entry.get("command"):
                command, _, args = str(entry["command"]).partition(" ")
                self.add_item(FullAnswerButton(str(entry.get("name", "")), command, args))

    async def full_answer(self, interaction: discord.Interaction, command: str, args: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.cog.run(command, args)
        await interaction.followup.send(embed=render_pages(answer)[0], ephemeral=True)


class MentionsCog(commands.Cog, name="Упоминания"):
    def __init__(self, bot: commands.Bot | commands.AutoShardedBot, judge: JudgeLike,
                 store: SettingsStore,
                 executor: Executor | None = None):
        self.bot, self.judge, self.store, self.executor = bot, judge, store, executor
        self.limits = commands.CooldownMapping.from_cooldown(RATE, PER, commands.BucketType.channel)

    async def run(self, command: str, args: str) -> Answer:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.judge.run, command, args)

    async def wanted(self, message: discord.Message) -> bool:
        """Answer this message's mentions? Not for bots (itself included), not for commands,
        not where the server turned mentions off or restricted the bot to other channels."""
        if message.author.bot or not has_mentions(message.content or ""):
            return False
        if message.guild is not None:
            settings = self.store.get(message.guild.id)
            parent = getattr(message.channel, "parent_id", None)
            if not settings.allows(message.channel.id, parent):
                return False
            if not settings.mentions_on(message.channel.id, parent):
                return False
        ctx = await self.bot.get_context(message)
        return ctx.command is None  # `!term [[x]]` is the command's, not ours

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not await self.wanted(message):
            return
        if self.limits.update_rate_limit(message):
            log.debug("mentions rate-limited in channel %s", message.channel.id)
            return
        # A bare number (`[[168]]`) means the server's default set, as in `!card 168`.
        default_set = self.store.get(message.guild.id).default_set if message.guild else None
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(self.executor, self.judge.mentions, message.content,
                                            default_set)
        if answer is None:
            return
        embed = render_pages(answer)[0]
        view = MentionView(answer, self)
        try:
            await message.reply(embed=embed, view=view if view.children else discord.utils.MISSING,
                                mention_author=False,
                                allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not reply to mentions in channel %s", message.channel.id)


def message_content_note(intents: discord.Intents) -> str | None:
    """The operator's warning when mentions cannot work (no message-content intent)."""
    if intents.message_content:
        return None
    return ("inline [[mentions]] are off: the message-content intent is disabled "
            "(BERSERK_MESSAGE_CONTENT=false), so ordinary messages arrive without text")
