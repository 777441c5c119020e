"""What every command handler receives: the corpus and the lookup, built once per process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot import PROJECT_ROOT
from bot.answers import Answer
from bot.corpus.model import Corpus
from bot.lookup.lookup import Lookup
from bot.rulings.model import LOCAL, Caller

if TYPE_CHECKING:
    from bot.rulings.store import RulingStore


@dataclass(frozen=True)
class Context:
    """``root`` is the folder the corpus was loaded from (``rules/``, ``cards/``, ``cases/``);
    ``caller`` who asks and where; ``rulings`` where recorded rulings are kept (None: nowhere);
    ``default_set`` is the set a bare card number means for this asker (a server's setting,
    the console's flag), None: the newest set."""

    corpus: Corpus
    lookup: Lookup
    root: Path = PROJECT_ROOT
    caller: Caller = LOCAL
    rulings: RulingStore | None = None
    default_set: int | None = None


#: A command: its context and the argument text → the one answer.
Handler = Callable[[Context, str], Answer]
