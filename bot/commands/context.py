"""What every command handler receives: the corpus and the lookup, built once per process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot import PROJECT_ROOT
from bot.answers import Answer
from bot.corpus.model import Corpus
from bot.lookup.lookup import Lookup


@dataclass(frozen=True)
class Context:
    """``root`` is the folder the corpus was loaded from (``rules/``, ``cards/``, ``cases/``)."""

    corpus: Corpus
    lookup: Lookup
    root: Path = PROJECT_ROOT


#: A command: its context and the argument text → the one answer.
Handler = Callable[[Context, str], Answer]
