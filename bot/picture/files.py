"""Board pictures as files: ``ask --image FILE`` and the console's temporary files.

>>> from bot.engine.board import Cell
>>> from bot.picture.scene import Scene, Token
>>> scene = Scene((Token(Cell.parse("a1"), "?", ""),), "рядом a1 b2", "yes", "Можно")
>>> path = temp_png(scene)
>>> path is not None and path.read_bytes()[:4] == b"\\x89PNG"
True
>>> path.unlink()
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from bot.picture.draw import png_or_none
from bot.picture.scene import Scene

TEMP_PREFIX = "berserk-board-"


def save_png(scene: Scene, path: Path) -> bool:
    """Draw ``scene`` into ``path``, atomically (a temp file renamed); False when it cannot be
    drawn (the failure is logged) — no half-written file is left."""
    png = png_or_none(scene)
    if png is None:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(png)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's private 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def temp_png(scene: Scene) -> Path | None:
    """Draw ``scene`` into a new temporary file (kept for the user to open); None when it
    cannot be drawn."""
    png = png_or_none(scene)
    if png is None:
        return None
    fd, name = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".png")
    with os.fdopen(fd, "wb") as out:
        out.write(png)
    return Path(name)
