"""The Discord layer (discord.py): cogs, embeds, views, settings DB, config, heartbeat.

This is the only package that imports discord. It holds no rules logic: it turns Discord
commands into :meth:`bot.commands.judge.Judge.run` calls and renders the returned Answers.
"""

from bot.chat.app import run_bot
from bot.chat.config import Config, load_config

__all__ = ["Config", "load_config", "run_bot"]
