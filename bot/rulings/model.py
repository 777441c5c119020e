"""A recorded ruling and who asked it, as small immutable values.

>>> r = Ruling(scope=0, number=3, check="? a1, враг ? c6 | дальность a1 c6 4",
...            question="дальность a1 c6 4", position="", verdict="no", value=7,
...            summary="Нельзя.", citations=(CitedRule("dalnost", "Дальность Х", "РП 4.1-2",
...            "5d41402abc4b"),), corpus_version="abc", asked_by="игрок", asked_by_id=None,
...            channel="консоль", channel_id=None, created_at=0.0)
>>> r.label, r.status, r.citations[0].label
('Решение №3', 'действует', 'Дальность Х (РП 4.1-2)')
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.verdict import Verdict

NoteKind = Literal["note", "overturn"]
#: The scope of the console's and ``ask``'s local store (Discord servers use their id).
LOCAL_SCOPE = 0


@dataclass(frozen=True)
class Caller:
    """Who sends a command and where: the server (``scope``; None in direct messages, where no
    rulings are kept), the member, the channel, and whether the member is a judge there (may
    note and overturn rulings)."""

    scope: int | None = LOCAL_SCOPE
    user: str = "консоль"
    user_id: int | None = None
    channel: str = "консоль"
    channel_id: int | None = None
    judge: bool = True  # the console's user owns the local store


LOCAL = Caller()


@dataclass(frozen=True)
class CitedRule:
    """A rule a verdict applied: the term, its source (which carries the version and date)
    and a digest of the quoted text, so a later change of the text is noticed."""

    term: str
    name: str
    source: str | None  # None: the term is known by name only
    digest: str  # of the quoted text; "" when there is none

    @property
    def label(self) -> str:
        return f"{self.name} ({self.source})" if self.source else f"{self.name} (только название)"


def digest(text: str | None) -> str:
    """A short stable fingerprint of a rule text (whitespace-insensitive)."""
    if not text:
        return ""
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Note:
    kind: NoteKind
    text: str
    by: str
    by_id: int | None
    at: float


@dataclass(frozen=True)
class Ruling:
    """One recorded ruling. ``number`` counts per ``scope`` (a server, or 0 for local)."""

    scope: int
    number: int
    check: str  # the !check text as asked
    question: str
    position: str  # the board as text, as the bot understood it
    verdict: Verdict
    value: int | None
    summary: str
    citations: tuple[CitedRule, ...]
    corpus_version: str
    asked_by: str
    asked_by_id: int | None
    channel: str
    channel_id: int | None
    created_at: float = field(default_factory=time.time)
    notes: tuple[Note, ...] = ()
    picture: dict[str, Any] | None = field(default=None, compare=False)  # the scene, as JSON

    @property
    def label(self) -> str:
        return f"Решение №{self.number}"

    @property
    def overturn(self) -> Note | None:
        return next((n for n in reversed(self.notes) if n.kind == "overturn"), None)

    @property
    def status(self) -> str:
        return "отменено" if self.overturn else "действует"
