"""The interactive console: the same commands as Discord, answered in the terminal."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from bot.answers.text import render_text

if TYPE_CHECKING:
    from bot.commands.judge import Judge
    from bot.picture.scene import Scene

BANNER = (
    "berserk-judge — судья по правилам «Берсерка». Команды: !term, !card, !search, !check, "
    "!case, !ruling, !rulings, !sources, !help; [[карта]] или [[термин]] в любом вопросе. "
    "Выход: Ctrl-D или Ctrl-C."
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


def run_console(judge: Judge, default_set: int | None = None) -> None:
    """Read commands until Ctrl-D / Ctrl-C; a line without ``!`` is taken as ``!term``/``!card``.

    ``default_set`` is the set a bare card number means (``--default-set``; None: the newest).
    """
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
        answer = judge.ask(message, default_set=default_set)
        print(render_text(answer, markdown=False))
        if answer.picture is not None:
            print(picture_line(answer.picture))
        print()


def picture_line(scene: Scene) -> str:
    """The board picture saved to a temporary file, or why there is none (the text grid
    above stays the answer)."""
    from bot.picture.files import temp_png

    path = temp_png(scene)
    return f"Картинка позиции: {path}" if path else "Картинку позиции нарисовать не удалось."
