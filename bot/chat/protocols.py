"""What the Discord layer needs from the core (the real :class:`bot.commands.judge.Judge` fits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.answers import Answer
from bot.corpus.model import Card, Term


class LookupLike(Protocol):
    def complete_terms(self, prefix: str, limit: int = 25) -> Sequence[Term]: ...

    def complete_cards(self, prefix: str, limit: int = 25) -> Sequence[Card]: ...


class JudgeLike(Protocol):
    @property
    def lookup(self) -> LookupLike: ...

    def run(self, name: str, args: str) -> Answer: ...
