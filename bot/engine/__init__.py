"""The rules engine: cells, pieces, positions, geometry, the notation parser and the checks.

Pure Python with no I/O; it never imports discord or the lookup. Cards are resolved through a
callable passed to :func:`bot.engine.notation.parse_check`.
"""

from bot.engine.board import Cell, RuleVersion, distance, is_adjacent, parse_cell
from bot.engine.checks import (
    Ref,
    adjacency,
    can_apply_effect,
    can_jump,
    can_manoeuvre,
    can_move,
    can_shoot,
    can_swap,
    can_teleport,
    in_formation,
    range_between,
    throw_value,
)
from bot.engine.notation import (
    NotationError,
    ParsedCheck,
    Resolution,
    check,
    parse_check,
    run,
)
from bot.engine.position import Piece, Position
from bot.engine.render import legend, render_board
from bot.engine.result import CheckResult, Cite, OtherVersion, Verdict
from bot.engine.verbs import VERBS, Question, Verb

__all__ = [
    "VERBS", "Cell", "CheckResult", "Cite", "NotationError", "OtherVersion", "ParsedCheck", "Piece",
    "Position", "Question", "Ref", "Resolution", "RuleVersion", "Verb", "Verdict", "adjacency",
    "can_apply_effect",
    "can_jump", "can_manoeuvre", "can_move", "can_shoot", "can_swap", "can_teleport", "check", "distance",
    "in_formation", "is_adjacent", "legend", "parse_cell", "parse_check", "range_between",
    "render_board", "run", "throw_value",
]
