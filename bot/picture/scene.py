"""What the board picture shows: a small immutable value built from a checked position.

A :class:`Scene` holds everything drawn — tokens, the question's stroke (a walking path, a jump,
a teleport, a swap, a shot, a measure), the area it covers and the verdict — and nothing about
pixels. It is hashable, so a rendered picture is cached by it (by the position and question).

>>> from bot.engine.notation import Resolution, check
>>> parsed, result = check("? a1, враг ? c6 | дальность a1 c6 4", lambda q: Resolution(None))
>>> scene = scene_for(parsed, result)
>>> scene.stroke, scene.verdict, len(scene.area), [t.role for t in scene.tokens]
('measure', 'no', 14, ['actor', 'target'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from bot.engine import rules
from bot.engine.board import Cell, all_cells, is_adjacent
from bot.engine.checks import Ref
from bot.engine.notation import ParsedCheck
from bot.engine.position import Piece, Position
from bot.engine.result import CheckResult
from bot.engine.verbs import Question
from bot.verdict import Verdict, verdict_word

Role = Literal["actor", "target", ""]
#: How the question is drawn between its cells.
Stroke = Literal["walk", "jump", "teleport", "swap", "shot", "measure", "link", ""]

_STROKES: dict[str, Stroke] = {
    "move": "walk", "jump": "jump", "teleport": "teleport", "manoeuvre": "swap",
    "throw": "shot", "shot": "shot", "discharge": "shot", "range": "measure",
    "adjacent": "link", "formation": "link",
}

#: Verbs whose area is a reach around the piece, and what that reach is called.
_REACH_WORDS = {"range": "дальность", "jump": "радиус", "throw": "дальность", "shot": "дальность",
                "discharge": "дальность"}


@dataclass(frozen=True)
class Token:
    """A piece as drawn: ``cell`` None puts it in the auxiliary strip (a flyer)."""

    cell: Cell | None
    name: str  # the card's name, or «?» for an unknown creature
    number: str  # the card's number («168»), empty for «?»
    enemy: bool = False
    closed: bool = False
    role: Role = ""


@dataclass(frozen=True)
class Scene:
    """One board picture. ``path`` is the stroke's cells in order (both ends on the field);
    a flyer's end of a stroke is its token (role ``actor``/``target``) instead."""

    tokens: tuple[Token, ...]
    question: str
    verdict: Verdict
    verdict_text: str
    stroke: Stroke = ""
    path: tuple[Cell, ...] = ()
    area: frozenset[Cell] = frozenset()
    area_label: str = ""  # what the shaded area is: «дальность 4», «радиус 3», «рядом»
    target: Cell | None = None  # the asked cell, drawn even when empty

    @property
    def flyers(self) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.cell is None)


def scene_for(parsed: ParsedCheck, result: CheckResult) -> Scene | None:
    """The scene of a checked question; None when there is no board to draw (``кубик``)."""
    question, position = parsed.question, parsed.position
    if question.verb == "die" or not question.refs:
        return None
    refs = question.refs
    actor, target = refs[0], refs[-1] if len(refs) > 1 else None
    tokens = tuple(_token(p, _role(p, actor, target)) for p in position)
    stroke: Stroke = _STROKES.get(question.verb, "")
    reach = question.number if question.verb == "range" else result.reach
    return Scene(
        tokens=tokens,
        question=question_line(question),
        verdict=result.verdict,
        verdict_text=verdict_line(result),
        stroke=stroke if target is not None else "",
        path=_path(question.verb, position, actor, target),
        area=_area(question, reach, actor),
        area_label=_area_label(question.verb, reach),
        target=(target.cell if target is not None else actor.cell),
    )


def question_line(question: Question) -> str:
    """The question as the user wrote it: «телепортация a1 b6», «прыжок b2 d2 3»."""
    words = [question.word, *(r.token for r in question.refs)]
    if question.number is not None:
        words.append(str(question.number))
    return " ".join(words)


def verdict_line(result: CheckResult) -> str:
    """«Нельзя · дальность: 7», «Можно», «Неизвестно»."""
    word = verdict_word(result.verdict)
    if result.value is not None and result.value_label and result.value_label != "результат":
        return f"{word} · {result.value_label}: {result.value}"
    return word


def _token(piece: Piece, role: Role) -> Token:
    card = piece.card
    return Token(cell=piece.cell, name=card.name if card else "?",
                 number=str(card.number) if card else "", enemy=piece.enemy,
                 closed=piece.closed, role=role)


def _role(piece: Piece, actor: Ref, target: Ref | None) -> Role:
    if actor.piece is piece:
        return "actor"
    if target is not None and target.piece is piece:
        return "target"
    return ""


def _path(verb: str, position: Position, actor: Ref, target: Ref | None) -> tuple[Cell, ...]:
    if target is None or actor.cell is None or target.cell is None:
        return ()
    if verb == "move" and actor.piece is not None:
        walked = rules.shortest_path(position, actor.piece, target.cell)
        if walked is not None:
            return walked
    return (actor.cell, target.cell)


def _area(question: Question, reach: int | None, actor: Ref) -> frozenset[Cell]:
    """The cells the question covers: the range or jump radius around the actor, or its
    neighbours for «рядом»."""
    if actor.cell is None:
        return frozenset()
    if question.verb == "adjacent":
        return _around(actor.cell, None)
    if question.verb not in _REACH_WORDS or reach is None:
        return frozenset()
    return _around(actor.cell, reach)


@lru_cache(maxsize=512)
def _around(origin: Cell, reach: int | None) -> frozenset[Cell]:
    """The cells within ``reach`` of ``origin`` (itself left out), or its neighbours (``None``):
    worked out once per cell and reach (30 cells, a few reaches)."""
    if reach is None:
        return frozenset(c for c in all_cells() if is_adjacent(origin, c))
    return frozenset(c for c in all_cells() if c != origin and rules.within_range(origin, c, reach))


def _area_label(verb: str, reach: int | None) -> str:
    if verb == "adjacent":
        return "рядом"
    return f"{_REACH_WORDS[verb]} {reach}" if verb in _REACH_WORDS and reach is not None else ""


def scene_to_data(scene: Scene) -> dict[str, Any]:
    """The scene as plain JSON data (kept with a recorded ruling, drawn again on recall).

    >>> s = Scene((Token(Cell.parse("a1"), "Баалит", "168", role="actor"),), "телепортация a1 b6",
    ...           "yes", "Можно", "teleport", (Cell.parse("a1"), Cell.parse("b6")))
    >>> scene_from_data(scene_to_data(s)) == s
    True
    """
    return {
        "tokens": [{"cell": t.cell.name if t.cell else None, "name": t.name, "number": t.number,
                    "enemy": t.enemy, "closed": t.closed, "role": t.role} for t in scene.tokens],
        "question": scene.question, "verdict": scene.verdict, "verdict_text": scene.verdict_text,
        "stroke": scene.stroke, "path": [c.name for c in scene.path],
        "area": sorted(c.name for c in scene.area), "area_label": scene.area_label,
        "target": scene.target.name if scene.target else None,
    }


def scene_from_data(data: dict[str, Any]) -> Scene:
    """The scene back from :func:`scene_to_data`; ``ValueError`` when the data is not one."""
    try:
        tokens = tuple(Token(cell=_cell(t["cell"]), name=str(t["name"]), number=str(t["number"]),
                             enemy=bool(t["enemy"]), closed=bool(t["closed"]), role=t["role"])
                       for t in data["tokens"])
        return Scene(tokens=tokens, question=str(data["question"]), verdict=data["verdict"],
                     verdict_text=str(data["verdict_text"]), stroke=data["stroke"],
                     path=tuple(Cell.parse(c) for c in data["path"]),
                     area=frozenset(Cell.parse(c) for c in data["area"]),
                     area_label=str(data["area_label"]), target=_cell(data["target"]))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a board scene: {exc}") from exc


def _cell(name: str | None) -> Cell | None:
    return Cell.parse(name) if name else None
