"""The interactive console: the same commands as Discord, answered in the terminal."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from bot.answers.text import render_text

if TYPE_CHECKING:
    from bot.answers.model import Answer
    from bot.commands.judge import Judge
    from bot.picture.scene import Scene

BANNER = (
    "berserk-judge — судья по правилам «Берсерка». Команды: !term, !card, !search, !check, "
    "!case, !ruling, !rulings, !sources, !help; [[карта]] или [[термин]] в любом вопросе. "
    "«полностью» — последний ответ с полным текстом правил. Выход: Ctrl-D или Ctrl-C."
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


FULL_WORDS = frozenset({"полностью", "!полностью", "full", "!full"})
FULL_HINT = "(Полный текст цитированных правил: введите «полностью».)"


class Session:
    """What the console remembers between lines: the last answer, so «полностью» can show
    it again with the cited rules in full (Discord's «Полный текст правил» button)."""

    def __init__(self, judge: Judge, default_set: int | None = None) -> None:
        self.judge = judge
        self.default_set = default_set
        self.last: Answer | None = None

    def respond(self, line: str) -> str:
        """The text printed for one console line (empty for a blank line).

        A line without ``!`` is taken as ``!term``/``!card``; «полностью» repeats the last
        answer with the full rule texts instead of excerpts."""
        if not line.strip():
            return ""
        if line.strip().casefold() in FULL_WORDS:
            if self.last is None:
                return "Пока нечего показать полностью: сначала задайте вопрос."
            return render_text(self.last, markdown=False, full=True)
        message = line if line.lstrip().startswith(("!", "/")) else "!" + line.lstrip()
        answer = self.judge.ask(message, default_set=self.default_set)
        self.last = answer
        out = [render_text(answer, markdown=False)]
        if any(s.full for s in answer.sections):
            out.append(FULL_HINT)
        if answer.picture is not None:
            out.append(picture_line(answer.picture))
        return "\n".join(out)


def run_console(judge: Judge, default_set: int | None = None) -> None:
    """Read commands until Ctrl-D / Ctrl-C and print each answer (see ``Session.respond``).

    ``default_set`` is the set a bare card number means (``--default-set``; None: the newest).
    """
    _setup_history()
    print(BANNER)
    session = Session(judge, default_set)
    while True:
        try:
            line = input("> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return
        text = session.respond(line)
        if text:
            print(text)
            print()


def picture_line(scene: Scene) -> str:
    """The board picture saved to a temporary file, or why there is none (the text grid
    above stays the answer)."""
    from bot.picture.files import temp_png

    path = temp_png(scene)
    return f"Картинка позиции: {path}" if path else "Картинку позиции нарисовать не удалось."
