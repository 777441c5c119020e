"""Discord's hard limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)."""

from __future__ import annotations

import time

from bot.ru import clip as clip  # the one cut with an ellipsis; renderers call it ``L.clip``

EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FIELDS = 25
FOOTER_TEXT = 2048
EMBED_TOTAL = 6000
MESSAGE_CONTENT = 2000
EMBEDS_PER_MESSAGE = 10

COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
SELECT_LABEL = 100
SELECT_VALUE = 100
CUSTOM_ID = 100
STRING_OPTION_MAX = 6000

#: Longest argument the bot reads (the rest of a message is refused, not cut).
MAX_QUERY = 1000


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into chunks of at most ``limit`` characters, at paragraph, line or word ends."""
    chunks: list[str] = []
    rest = text.strip("\n")
    while len(rest) > limit:
        window = rest[:limit]
        cut = -1
        for sep in ("\n\n", "\n", ". ", " "):
            pos = window.rfind(sep)
            if pos > limit // 3:
                cut = pos + (len(sep) if sep == ". " else 0)
                break
        if cut <= 0:
            cut = limit
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n ")
    if rest or not chunks:
        chunks.append(rest)
    return chunks


class NoticeGate:
    """At most one notice per user per window (the cooldown notice of a prefix command).

    A user flooding a channel must not make the bot flood it too: Discord allows 5 messages
    per 5 s in a channel, so every notice would delay other users' answers.

    >>> gate = NoticeGate()
    >>> [gate.allow(1, 10.0, now=t) for t in (0.0, 1.0, 9.9, 10.0)]
    [True, False, False, True]
    >>> gate.allow(2, 10.0, now=1.0)
    True
    """

    def __init__(self, max_users: int = 10_000):
        self._until: dict[int, float] = {}
        self._max_users = max_users

    def allow(self, user_id: int, window: float, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self._until.get(user_id, float("-inf")) > now:
            return False
        if len(self._until) >= self._max_users:  # forget users whose window has passed
            self._until = {u: t for u, t in self._until.items() if t > now}
        self._until[user_id] = now + max(window, 0.0)
        return True
