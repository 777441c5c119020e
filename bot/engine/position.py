"""Pieces and positions: who stands where, in which state.

A :class:`Piece` is a creature on the board (or in the auxiliary zone when ``cell`` is None).
Its card may be unknown (``?``): then it is an ordinary ground creature whose abilities are
assumed by the question (SPEC §5). A :class:`Position` is an immutable set of pieces.

>>> p = Position((Piece(cell=Cell.parse("a1")), Piece(cell=Cell.parse("c6"), enemy=True)))
>>> p.at(Cell.parse("c6")).enemy
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

from bot.corpus.abilities import Ability, Activated, Effect, Event, Trigger
from bot.corpus.model import Card
from bot.engine.board import Cell, parse_cell


@dataclass(frozen=True)
class Piece:
    """A creature in play. ``card`` None means an unknown ground creature (``?``).

    ``moved``: it already used slow movement this turn; ``movement_left``: units left (None:
    its full movement, unless it moved); ``wounds``: wounds on it; ``counters``/``tokens``:
    counters (фишки) and tokens (жетоны) on it (None: the position does not say).
    """

    card: Card | None = None
    cell: Cell | None = None
    enemy: bool = False
    closed: bool = False
    moved: bool = False
    movement_left: int | None = None
    wounds: int = 0
    flying: bool = False  # stands in the auxiliary zone
    counters: int | None = None
    tokens: int | None = None

    @property
    def known(self) -> bool:
        return self.card is not None

    @property
    def ground(self) -> bool:
        """A ground creature («Наземное существо»): not flying, on a cell."""
        if self.flying or self.cell is None:
            return False
        return self.card is None or self.card.ground

    @property
    def code(self) -> str:
        """Short code for the board diagram: ``168``, ``?``; enemies get a ``в`` prefix."""
        base = str(self.card.number) if self.card else "?"
        return ("в" if self.enemy else "") + base

    @property
    def name(self) -> str:
        if self.card is None:
            return "неизвестное существо" + (" противника" if self.enemy else "")
        return f"«{self.card.name}»" + (" (противник)" if self.enemy else "")

    @property
    def genitive(self) -> str:
        """For «у … нет»: «карты «Тень»», «неизвестного существа»."""
        if self.card is None:
            return "неизвестного существа" + (" противника" if self.enemy else "")
        return f"карты «{self.card.name}»"

    @property
    def where(self) -> str:
        return str(self.cell) if self.cell else "вспомогательная зона"

    @property
    def label(self) -> str:
        """E.g. «Баалит» на a1."""
        return f"{self.name} на {self.cell}" if self.cell else f"{self.name} (летает)"

    def movement(self) -> int | None:
        """Movement units left this turn; None when unknown."""
        if self.movement_left is not None:
            return self.movement_left
        if self.moved or self.card is None:
            return None
        return self.card.movement

    def abilities(self, kind: str | None = None) -> list[Ability]:
        if self.card is None:
            return []
        return [a for a in self.card.abilities if kind is None or a.kind == kind]

    def unread_abilities(self) -> tuple[Ability, ...]:
        """Its card's abilities with a part the extractor did not read."""
        return self.card.unread_abilities if self.card is not None else ()

    def has(self, kind: str) -> bool:
        return bool(self.abilities(kind))

    @property
    def incorporeal(self) -> bool:
        return self.has("incorporeal")

    def triggers(self, event: Event) -> list[Trigger]:
        return [a for a in self.abilities() if isinstance(a, Trigger) and a.when.event == event]

    def trigger_effects(self, kind: str) -> list[tuple[Trigger, Effect]]:
        """Effects of ``kind`` inside the card's triggers, with the trigger they belong to."""
        return [(a, eff) for a in self.abilities() if isinstance(a, Trigger)
                for eff in a.effects if eff.kind == kind]

    def activated_effects(self, kind: str) -> list[tuple[Activated, Effect]]:
        """Effects of ``kind`` of the card's activated abilities («Закрыться: …»)."""
        return [(a, eff) for a in self.abilities() if isinstance(a, Activated)
                for eff in a.effects if eff.kind == kind]


@dataclass(frozen=True)
class Position:
    """The pieces on the board. Cells are unique (checked by the notation parser)."""

    pieces: tuple[Piece, ...] = field(default_factory=tuple)

    def __iter__(self) -> Iterator[Piece]:
        return iter(self.pieces)

    def __len__(self) -> int:
        return len(self.pieces)

    def at(self, cell: Cell | None) -> Piece | None:
        return self._by_cell.get(cell) if cell is not None else None

    @cached_property
    def _by_cell(self) -> dict[Cell, Piece]:
        """Pieces by cell, built on first use (the first piece wins, as the parser allows one)."""
        out: dict[Cell, Piece] = {}
        for piece in self.pieces:
            if piece.cell is not None:
                out.setdefault(piece.cell, piece)
        return out

    def occupied(self, cell: Cell) -> bool:
        return self.at(cell) is not None

    def on_board(self) -> list[Piece]:
        return [p for p in self.pieces if p.cell is not None]

    def flyers(self) -> list[Piece]:
        return [p for p in self.pieces if p.cell is None]

    def enemies_of(self, piece: Piece) -> list[Piece]:
        return [p for p in self.pieces if p.enemy != piece.enemy]

    def without(self, piece: Piece) -> Position:
        return Position(tuple(p for p in self.pieces if p is not piece))

    def moved(self, piece: Piece, cell: Cell) -> Position:
        """The position with ``piece`` on ``cell`` (a copy of it: compare pieces by cell)."""
        return Position(tuple(replace(p, cell=cell) if p is piece else p for p in self.pieces))


@dataclass(frozen=True)
class Ref:
    """A question argument: a cell (with the piece on it, if any) or a flying piece."""

    token: str
    cell: Cell | None
    piece: Piece | None

    @classmethod
    def at(cls, position: Position, token: str) -> Ref:
        cell = parse_cell(token)
        return cls(token, cell, position.at(cell))

    @property
    def where(self) -> str:
        return str(self.cell) if self.cell else "вспомогательная зона"
