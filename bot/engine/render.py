"""The position as a text grid, so both players can confirm what the bot understood.

>>> from bot.engine.position import Piece, Position
>>> from bot.engine.board import Cell
>>> print(render_board(Position((Piece(cell=Cell.parse("a1")),))).splitlines()[-1])
1 ваш 3-й ряд            ?    .    .    .    .
"""

from __future__ import annotations

from bot.engine.board import COLUMNS, ROWS, row_name
from bot.engine.position import Piece, Position

_LABEL_WIDTH = 21
_CELL_WIDTH = 5


def render_board(position: Position) -> str:
    """Rows 6 (the opponent's third row) at the top down to row 1 (your third row)."""
    codes = [_EMPTY] * len(COLUMNS) * ROWS  # by cell index; the first piece of a cell wins
    for piece in reversed(position.pieces):
        if piece.cell is not None:
            codes[piece.cell.index] = piece.code.rjust(_CELL_WIDTH)
    lines = [_HEAD]
    for row in range(ROWS, 0, -1):
        start = (row - 1) * len(COLUMNS)
        lines.append(_LABELS[row] + "".join(codes[start:start + len(COLUMNS)]))
    flyers = position.flyers()
    if flyers:
        lines.append("Вспомогательная зона: " + ", ".join(p.code for p in flyers))
    return "\n".join(lines)


_EMPTY = ".".rjust(_CELL_WIDTH)
_HEAD = " " * _LABEL_WIDTH + "".join(c.rjust(_CELL_WIDTH) for c in COLUMNS)
_LABELS = {row: f"{row} {row_name(row)}".ljust(_LABEL_WIDTH) for row in range(1, ROWS + 1)}


def legend(position: Position) -> str:
    """One line per piece: where, code, what, state. «в» marks the opponent's pieces."""
    return "\n".join(_legend_line(p) for p in position)


def _legend_line(piece: Piece) -> str:
    what = f"«{piece.card.name}» ({piece.card.set_name} {piece.card.number})" if piece.card \
        else "неизвестное " + ("летающее" if piece.cell is None else "наземное") + " существо"
    side = "противника" if piece.enemy else "ваше"
    states = [s for s in (
        "закрыто" if piece.closed else "",
        "двигалось" if piece.moved else "",
        f"движение {piece.movement_left}" if piece.movement_left is not None else "",
        f"раны {piece.wounds}" if piece.wounds else "",
        f"фишки {piece.counters}" if piece.counters is not None else "",
        f"жетоны {piece.tokens}" if piece.tokens is not None else "",
        "летает" if piece.cell is None else "",
    ) if s]
    extra = f"; {', '.join(states)}" if states else ""
    return f"{piece.where}: {piece.code} — {what}, {side}{extra}"
