"""Board geometry: cells of the 5×6 battlefield, rows, distances by rule version.

Rows are numbered from the asking player: row 1 is your third (back) row, row 3 your first
(front) row, row 4 the opponent's first row and row 6 the opponent's third row. Columns are
``a``–``e``. Flying creatures stand in the auxiliary zone and have no cell (``None``).

>>> distance(Cell.parse("a1"), Cell.parse("b2"))
2
>>> distance(Cell.parse("a1"), Cell.parse("b2"), RuleVersion.GLOSSARY)
1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache

COLUMNS = "abcde"
ROWS = 6
#: Cyrillic column letters (а б в г д) and Latin look-alikes typed in Cyrillic (с, е).
_COLUMN_ALIASES = {"а": "a", "б": "b", "в": "c", "г": "d", "д": "e", "с": "c", "е": "e"}

ROW_NAMES = {
    1: "ваш 3-й ряд",
    2: "ваш 2-й ряд",
    3: "ваш 1-й ряд",
    4: "1-й ряд противника",
    5: "2-й ряд противника",
    6: "3-й ряд противника",
}


class RuleVersion(Enum):
    """Which rules text a check applies: РП 4.1-2 (current) or the older site glossary."""

    RP = "rp"
    GLOSSARY = "glossary"

    @property
    def label(self) -> str:
        return "РП 4.1-2" if self is RuleVersion.RP else "глоссарий"


@dataclass(frozen=True, order=True)
class Cell:
    """A cell of the battlefield: ``col`` 0..4 (a..e), ``row`` 1..6.

    >>> Cell.parse("в6")
    Cell('c6')
    """

    col: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.col < len(COLUMNS) and 1 <= self.row <= ROWS):
            raise ValueError(f"cell out of the board: col={self.col} row={self.row}")

    @property
    def index(self) -> int:
        """0…29, row by row from a1: the cell's place in :data:`CELLS_BY_INDEX`."""
        return (self.row - 1) * len(COLUMNS) + self.col

    @classmethod
    def parse(cls, token: str) -> Cell:
        """A cell from ``a1``…``e6`` (Latin or Cyrillic column); ``ValueError`` otherwise."""
        cell = parse_cell(token)
        if cell is None:
            raise ValueError(f"not a cell: {token!r}")
        return cell

    @property
    def name(self) -> str:
        return f"{COLUMNS[self.col]}{self.row}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Cell({self.name!r})"


def parse_cell(token: str) -> Cell | None:
    """``b6``/``Б6``/``в2`` → a cell; None when the token is not a valid cell."""
    t = token.strip().casefold()
    if len(t) != 2 or not t[1].isdigit():
        return None
    col = COLUMNS.find(_COLUMN_ALIASES.get(t[0], t[0]))
    row = int(t[1])
    if col < 0 or not 1 <= row <= ROWS:
        return None
    return cell_at(col, row)


def all_cells() -> Iterator[Cell]:
    """Every cell, row 1 first, a→e within a row."""
    return iter(_CELLS)


def cell_at(col: int, row: int) -> Cell:
    """The cell of column ``col`` (0…4) and ``row`` (1…6), made once (boards are drawn often)."""
    return _CELLS[(row - 1) * len(COLUMNS) + col]


_CELLS: tuple[Cell, ...] = tuple(Cell(col, row) for row in range(1, ROWS + 1)
                                  for col in range(len(COLUMNS)))


def distance(a: Cell, b: Cell, version: RuleVersion = RuleVersion.RP) -> int:
    """Cells counted from ``a`` to ``b`` for «Дальность Х» (term ``dalnost``).

    РП 4.1-2: vertically and horizontally, not diagonally: ``|Δcol| + |Δrow|``.
    Glossary: diagonals count too: ``max(|Δcol|, |Δrow|)``.

    >>> distance(Cell.parse("a1"), Cell.parse("c6"))
    7
    >>> distance(Cell.parse("a1"), Cell.parse("c6"), RuleVersion.GLOSSARY)
    5
    """
    dc, dr = abs(a.col - b.col), abs(a.row - b.row)
    return dc + dr if version is RuleVersion.RP else max(dc, dr)


def is_adjacent(a: Cell, b: Cell) -> bool:
    """«Рядом»: one of the 8 surrounding cells, diagonals included.

    «Строй» (term ``stroy``) says "рядом …, но не по диагонали", so plain «рядом» includes them.

    >>> is_adjacent(Cell.parse("b2"), Cell.parse("c3"))
    True
    """
    return a != b and max(abs(a.col - b.col), abs(a.row - b.row)) == 1


def is_orthogonal_neighbour(a: Cell, b: Cell) -> bool:
    """Напротив, сзади, справа или слева: one of the 4 orthogonal neighbours.

    >>> is_orthogonal_neighbour(Cell.parse("b2"), Cell.parse("c3"))
    False
    """
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


def orthogonal_neighbours(cell: Cell) -> list[Cell]:
    return list(neighbours(cell))


@cache
def neighbours(cell: Cell, diagonal: bool = False) -> tuple[Cell, ...]:
    """The 4 orthogonal neighbours (напротив, сзади, справа, слева), or with ``diagonal`` all 8
    cells «рядом», that lie on the board; computed once per cell (movement searches ask often).

    >>> [str(c) for c in neighbours(Cell.parse("a1"), diagonal=True)]
    ['a2', 'b1', 'b2']
    """
    steps = ((0, 1), (0, -1), (1, 0), (-1, 0)) + (
        ((1, 1), (1, -1), (-1, 1), (-1, -1)) if diagonal else ())
    return tuple(sorted(Cell(cell.col + dc, cell.row + dr) for dc, dr in steps
                        if 0 <= cell.col + dc < len(COLUMNS) and 1 <= cell.row + dr <= ROWS))


def own_row(row: int, enemy: bool) -> int:
    """A row counted from its controller: 1 = their third (back) row … 6 = the other side's third.

    >>> own_row(6, enemy=True)
    1
    """
    return ROWS + 1 - row if enemy else row


def row_name(row: int) -> str:
    return ROW_NAMES[row]


#: Every cell by its :attr:`Cell.index`, and for searches over the board (movement paths) the
#: indices of each cell's neighbours: ``NEIGHBOUR_INDEX[diagonal][i]``.
CELLS_BY_INDEX: tuple[Cell, ...] = _CELLS
CELL_COUNT = range(len(_CELLS))
NEIGHBOUR_INDEX: dict[bool, tuple[tuple[int, ...], ...]] = {
    d: tuple(tuple(n.index for n in neighbours(c, d)) for c in _CELLS) for d in (False, True)}
