"""After a corpus update, tell each server's judges which recorded rulings changed — once.

On start the bot compares the corpus version with the one each server's rulings were last
rechecked against (a setting). Where they differ and the server has a judges' channel, the
rulings are re-run (:meth:`Judge.recheck`), the changed ones are posted there, and the new
version is remembered, so a restart on the same corpus posts nothing again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.chat import limits as L
from bot.chat.render import safe
from bot.rulings.recheck import report

log = logging.getLogger(__name__)


async def post_rechecks(bot: Any) -> int:
    """Recheck and post for every server with a judges' channel; returns the servers posted to."""
    version: str = bot.judge.corpus_version
    loop = asyncio.get_running_loop()
    posted = 0
    for guild_id in bot.store.guilds_with_judge_channel():
        settings = bot.store.get(guild_id)
        if settings.rechecked == version or settings.judge_channel is None:
            continue
        try:
            changes = await loop.run_in_executor(None, bot.judge.recheck, bot.store.rulings, guild_id)
        except Exception:
            log.exception("recheck of the rulings of guild %s failed", guild_id)
            continue
        if changes and not await _post(bot, settings.judge_channel, report(changes, version)):
            continue  # not remembered: the next start tries again
        bot.store.set_rechecked(guild_id, version)
        posted += bool(changes)
        log.info("guild %s: %d rulings changed with corpus %s", guild_id, len(changes), version[:12])
    return posted


async def _post(bot: Any, channel_id: int, text: str) -> bool:
    channel = bot.get_channel(channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("judges' channel %s is not available to the bot", channel_id)
        return False
    try:
        for chunk in L.split_text(safe(text), L.MESSAGE_CONTENT):
            await channel.send(chunk, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not post the rechecked rulings to channel %s", channel_id)
        return False
    return True
