"""One answer model for every command, and its renderers (text, JSON; embeds live in bot.chat)."""

from bot.answers.model import Answer, Citation, OtherVersion, Paging, Section

__all__ = ["Answer", "Citation", "OtherVersion", "Paging", "Section"]
