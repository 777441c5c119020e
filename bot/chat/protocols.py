"""What the Discord layer needs from the core (the real :class:`bot.commands.judge.Judge` fits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.answers import Answer
from bot.corpus.model import Card, Term
from bot.rulings.model import Caller
from bot.rulings.recheck import Change
from bot.rulings.store import RulingStore


class LookupLike(Protocol):
    def complete_terms(self, prefix: str, limit: int = 25) -> Sequence[Term]: ...

    def complete_cards(self, prefix: str, limit: int = 25) -> Sequence[Card]: ...


class JudgeLike(Protocol):
    @property
    def lookup(self) -> LookupLike: ...

    @property
    def corpus_version(self) -> str: ...

    def run(self, name: str, args: str, caller: Caller | None = None,
            default_set: int | None = None) -> Answer: ...

    def mentions(self, text: str, default_set: int | None = None) -> Answer | None: ...

    def use_rulings(self, store: RulingStore | None) -> None: ...

    def recheck(self, store: RulingStore, scope: int | None = None) -> list[Change]: ...
