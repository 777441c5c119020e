"""Result types of the lookup (shared by commands, Discord autocomplete and benchmarks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

T = TypeVar("T")

#: How a candidate matched, best first: exact > alias > prefix > stem > fuzzy.
How = Literal["exact", "alias", "number", "prefix", "stem", "fuzzy", "text"]


@dataclass(frozen=True)
class Candidate(Generic[T]):
    item: T
    how: How
    score: float  # 0..100, comparable within one query


@dataclass(frozen=True)
class Match(Generic[T]):
    """The outcome of a lookup.

    ``best`` is set only when one candidate is clearly best and not a weak fuzzy match;
    otherwise ``best`` is None and ``candidates`` holds the "возможно, вы имели в виду" list.
    ``parameter`` keeps a value typed after the name (``броня 2`` → ``"2"``).
    """

    query: str
    best: T | None
    candidates: list[Candidate[T]] = field(default_factory=list)
    parameter: str | None = None


@dataclass(frozen=True)
class SearchHit:
    kind: Literal["term", "card"]
    id: str
    title: str
    snippet: str
    score: float


class SearchUnavailable(Exception):
    """The full-text index cannot be queried (damaged or removed after start): the search
    answer says so instead of «nothing found»."""
