"""The interactive console: the same commands as Discord, answered in the terminal."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from bot.answers.text import render_text

if TYPE_CHECKING:
    from bot.commands.judge import Judge

BANNER = (
    "berserk-judge — судья по правилам «Берсерка». Команды: !term, !card, !search, !check, "
    "!case, !sources, !help. Выход: Ctrl-D или Ctrl-C."
)
HISTORY = Path(os.environ.get("BERSERK_HISTORY", Path.home() / ".berserk_judge_history"))


def _setup_history() -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without readline
        return
    with contextlib.suppress(OSError):
        readline.read_history_file(HISTORY)
    readline.set_history_length(1000)
    import atexit

    atexit.register(_save_history, readline)


def _save_history(readline: object) -> None:
    with contextlib.suppress(OSError):
        readline.write_history_file(HISTORY)  # type: ignore[attr-defined]


def run_console(judge: Judge) -> None:
    """Read commands until Ctrl-D / Ctrl-C; a line without ``!`` is taken as ``!term``/``!card``."""
    _setup_history()
    print(BANNER)
    while True:
        try:
            line = input("> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return
        if not line.strip():
            continue
        message = line if line.lstrip().startswith(("!", "/")) else "!" + line.lstrip()
        print(render_text(judge.ask(message), markdown=False))
        print()
