"""The rules engine: cells, pieces, positions, geometry, the notation parser and the checks.

Pure Python with no I/O; it never imports discord or the lookup. Cards are resolved through a
callable passed to :func:`bot.engine.notation.parse_check`.

The names below are loaded on first use (``from bot.engine import check``), so that the answer
model can share :mod:`bot.engine.result` without loading the whole engine; code inside ``bot``
imports from the defining module.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Public name → the module of this package that defines it.
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Cell", "RuleVersion", "distance", "is_adjacent", "parse_cell"), "board"),
    **dict.fromkeys(("Ref", "adjacency", "can_apply_effect", "can_jump", "can_manoeuvre",
                     "can_move", "can_shoot", "can_teleport", "in_formation", "range_between",
                     "throw_value"), "checks"),
    **dict.fromkeys(("NotationError", "ParsedCheck", "Resolution", "check", "parse_check", "run"),
                    "notation"),
    **dict.fromkeys(("Question", "Verb", "VERBS"), "verbs"),
    **dict.fromkeys(("Piece", "Position"), "position"),
    **dict.fromkeys(("legend", "render_board"), "render"),
    **dict.fromkeys(("CheckResult", "Cite", "OtherVersion", "Verdict"), "result"),
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bot.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"bot.engine.{home}"), name)
    globals()[name] = value
    return value
