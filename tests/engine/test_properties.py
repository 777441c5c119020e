"""Property tests: random positions and questions never raise; symmetric rules are symmetric."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import NotationError, RuleVersion, adjacency, check, distance, range_between
from bot.engine.board import COLUMNS, Cell
from bot.engine.checks import Ref
from bot.engine.notation import Question, run
from bot.engine.position import Piece, Position
from bot.engine.verbs import VERBS

from .conftest import CARDS, resolve

cells = st.builds(Cell, st.integers(0, 4), st.integers(1, 6))
cell_tokens = st.one_of(
    st.builds(lambda c, r: f"{c}{r}", st.sampled_from(COLUMNS + "абвгдfz"), st.integers(0, 9)),
    st.sampled_from(["летает", "a", "1", "?", "b22"]),
)
cards = st.sampled_from(["?", "168", "194", "17", "22", "14", "Баалит", "Пустынный кондор", "999",
                         "нет такой"])
states = st.lists(st.sampled_from(["закрыт", "двигался", "движение 1", "движение 0", "раны 1",
                                   "раны 99", "движение", "лишнее"]), max_size=2)
placements = st.builds(
    lambda enemy, card, cell, st_: " ".join([("враг " if enemy else "") + card, cell, *st_]),
    st.booleans(), cards, cell_tokens, states)
verbs = st.sampled_from([v.word for v in VERBS] + ["range", "jump", "полёт"])
args = st.lists(st.one_of(cell_tokens, st.sampled_from(["3", "0", "1-2-3", "+1", "-1", "5", "99"])),
                max_size=4)


@settings(max_examples=400, deadline=None)
@given(st.lists(placements, max_size=6), verbs, args, st.sampled_from([" | ", "\n"]))
def test_random_checks_never_raise(pos: list[str], verb: str, rest: list[str], sep: str) -> None:
    text = ", ".join(pos) + sep + " ".join([verb, *rest])
    try:
        _, result = check(text, resolve)
    except NotationError as exc:
        assert exc.message
        return
    assert result.verdict in ("yes", "no", "unknown")
    if result.verdict == "unknown":
        assert result.missing


@settings(max_examples=200, deadline=None)
@given(cells, cells, st.integers(0, 10))
def test_range_is_symmetric(a: Cell, b: Cell, x: int) -> None:
    pos = Position((Piece(cell=a),) if a == b else (Piece(cell=a), Piece(cell=b, enemy=True)))
    ab = range_between(pos, Ref.at(pos, str(a)), Ref.at(pos, str(b)), x)
    ba = range_between(pos, Ref.at(pos, str(b)), Ref.at(pos, str(a)), x)
    assert (ab.verdict, ab.value) == (ba.verdict, ba.value)
    assert [(o.verdict, o.value) for o in ab.other_versions] == \
        [(o.verdict, o.value) for o in ba.other_versions]
    for version in RuleVersion:
        assert distance(a, b, version) == distance(b, a, version)
    assert distance(a, b, RuleVersion.GLOSSARY) <= distance(a, b, RuleVersion.RP)


@settings(max_examples=200, deadline=None)
@given(cells, cells)
def test_adjacency_is_symmetric(a: Cell, b: Cell) -> None:
    pos = Position(())
    assert adjacency(pos, Ref.at(pos, str(a)), Ref.at(pos, str(b))).verdict == \
        adjacency(pos, Ref.at(pos, str(b)), Ref.at(pos, str(a))).verdict


pieces = st.builds(
    Piece,
    card=st.sampled_from([None, *CARDS.values()]),
    cell=st.one_of(st.none(), cells),
    enemy=st.booleans(), closed=st.booleans(), moved=st.booleans(),
    movement_left=st.one_of(st.none(), st.integers(0, 5)), wounds=st.integers(0, 3),
)


def unique_cells(items: list[Piece]) -> Position:
    seen: set[Cell | None] = set()
    out = []
    for p in items:
        if p.cell is not None and p.cell in seen:
            continue
        seen.add(p.cell)
        out.append(p if p.cell is not None else Piece(p.card, None, p.enemy, flying=True))
    return Position(tuple(out))


@settings(max_examples=400, deadline=None)
@given(st.lists(pieces, max_size=8), st.sampled_from(sorted(v.name for v in VERBS if not v.die)),
       st.lists(st.one_of(cells, st.none()), min_size=2, max_size=2),
       st.one_of(st.none(), st.integers(0, 9)))
def test_every_check_on_random_positions(items: list[Piece], verb: str,
                                         spots: list[Cell | None], n: int | None) -> None:
    position = unique_cells(items)
    flyers = position.flyers()
    refs = []
    for spot in spots:
        if spot is None and flyers:
            refs.append(Ref("летает", None, flyers[0]))
        else:
            cell = spot or Cell(0, 1)
            refs.append(Ref(str(cell), cell, position.at(cell)))
    if verb == "range" and n is None:
        n = 3
    result = run(position, Question(verb, verb, tuple(refs), number=n))
    assert result.verdict in ("yes", "no", "unknown")
    assert result.reasons and result.citations
