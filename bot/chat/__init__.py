"""The Discord layer (discord.py): cogs, embeds, views, settings DB, config, heartbeat.

This is the only package that imports discord. It holds no rules logic: it turns Discord
commands into :meth:`bot.commands.judge.Judge.run` calls and renders the returned Answers.
``run_bot`` is imported lazily, so the health check (``python -m bot.chat.heartbeat``) stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.chat.config import Config, load_config

if TYPE_CHECKING:
    from bot.chat.app import run_bot

__all__ = ["Config", "load_config", "run_bot"]


def __getattr__(name: str) -> Any:
    if name == "run_bot":
        from bot.chat.app import run_bot

        return run_bot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
