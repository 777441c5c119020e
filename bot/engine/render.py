"""The position as a text grid, so both players can confirm what the bot understood.

>>> from bot.engine.position import Piece, Position
>>> from bot.engine.board import Cell
>>> print(render_board(Position((Piece(cell=Cell.parse("a1")),))).splitlines()[-1])
1 ваш 3-й ряд            ?    .    .    .    .
"""

from __future__ import annotations

from bot.engine.board import COLUMNS, ROWS, cell_at, row_name
from bot.engine.position import Piece, Position

_LABEL_WIDTH = 21
_CELL_WIDTH = 5


def render_board(position: Position) -> str:
    """Rows 6 (the opponent's third row) at the top down to row 1 (your third row)."""
    head = " " * _LABEL_WIDTH + "".join(c.rjust(_CELL_WIDTH) for c in COLUMNS)
    lines = [head]
    for row in range(ROWS, 0, -1):
        label = f"{row} {row_name(row)}".ljust(_LABEL_WIDTH)
        cells = []
        for col in range(len(COLUMNS)):
            piece = position.at(cell_at(col, row))
            cells.append((piece.code if piece else ".").rjust(_CELL_WIDTH))
        lines.append(label + "".join(cells))
    flyers = position.flyers()
    if flyers:
        lines.append("Вспомогательная зона: " + ", ".join(p.code for p in flyers))
    return "\n".join(lines)


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
