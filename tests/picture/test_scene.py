"""What the board picture shows, built from real checks: tokens, roles, strokes, areas."""

from __future__ import annotations

from functools import cache

from bot import PROJECT_ROOT
from bot.commands.check import corpus_resolver
from bot.corpus.load import load_corpus
from bot.engine import Resolution, check
from bot.engine.board import Cell, all_cells, distance, is_orthogonal_neighbour
from bot.picture.scene import Scene, scene_for


@cache
def _resolver():  # type: ignore[no-untyped-def]
    return corpus_resolver(load_corpus(PROJECT_ROOT))


def resolve(query: str) -> Resolution:
    """Cards of the shipped corpus by id («50-168»), so no reprint makes a number ambiguous."""
    return _resolver()(query)


def scene(text: str) -> Scene:
    parsed, result = check(text, resolve)
    built = scene_for(parsed, result)
    assert built is not None
    return built


def cells(*names: str) -> set[Cell]:
    return {Cell.parse(n) for n in names}


def test_tokens_carry_names_numbers_sides_and_states() -> None:
    s = scene("50-168 a1, враг 50-194 c6 закрыт, враг ? e2, 10-14 летает | телепортация a1 b6")
    by_cell = {t.cell: t for t in s.tokens}
    baalit = by_cell[Cell.parse("a1")]
    assert (baalit.name, baalit.number, baalit.enemy, baalit.role) == ("Баалит", "168", False, "actor")
    shade = by_cell[Cell.parse("c6")]
    assert (shade.name, shade.enemy, shade.closed, shade.role) == ("Тень", True, True, "")
    assert by_cell[Cell.parse("e2")].name == "?" and by_cell[Cell.parse("e2")].number == ""
    assert [t.name for t in s.flyers] == ["Пустынный кондор"]
    assert s.stroke == "teleport" and s.path == (Cell.parse("a1"), Cell.parse("b6"))
    assert s.target == Cell.parse("b6") and s.verdict == "yes" and s.verdict_text == "Можно"
    assert s.question == "телепортация a1 b6"


def test_a_walk_goes_round_the_pieces_in_the_way() -> None:
    parsed, result = check("? b2 движение 4, враг ? b3 | движение b2 b4", resolve)
    s = scene_for(parsed, result)
    assert s is not None and s.stroke == "walk"
    assert s.path[0] == Cell.parse("b2") and s.path[-1] == Cell.parse("b4")
    assert len(s.path) == result.value + 1 == 5
    assert all(is_orthogonal_neighbour(a, b) for a, b in zip(s.path, s.path[1:], strict=False))
    assert Cell.parse("b3") not in s.path


def test_an_incorporeal_walk_goes_through_an_occupied_cell() -> None:
    s = scene("50-194 b2, враг ? b3 | движение b2 b4")
    assert s.path == (Cell.parse("b2"), Cell.parse("b3"), Cell.parse("b4"))


def test_range_area_is_counted_without_diagonals() -> None:
    s = scene("? a1, враг ? c6 | дальность a1 c6 4")
    assert s.area_label == "дальность 4" and s.stroke == "measure" and s.verdict == "no"
    assert s.area == {c for c in all_cells() if 0 < distance(Cell.parse("a1"), c) <= 4}
    assert Cell.parse("c6") not in s.area and Cell.parse("e1") in s.area
    assert s.verdict_text == "Нельзя · дальность: 7"


def test_a_card_range_is_the_one_the_check_applied() -> None:
    # Баалит's magma throw has range 4 on the card; the question names none
    s = scene("50-168 b6, враг ? c6 | метание b6 c6")
    assert s.stroke == "shot" and s.area_label == "дальность 4"
    assert s.area == {c for c in all_cells() if 0 < distance(Cell.parse("b6"), c) <= 4}
    assert [t.role for t in s.tokens] == ["actor", "target"]


def test_jump_radius_and_adjacency() -> None:
    jump = scene("? b2, враг ? c4 | прыжок b2 d2 3")
    assert jump.stroke == "jump" and jump.area_label == "радиус 3"
    assert Cell.parse("e2") in jump.area and Cell.parse("e4") not in jump.area
    near = scene("? b2, враг ? c3 | рядом b2 c3")
    assert near.area == cells("a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3")
    assert near.area_label == "рядом" and near.stroke == "link"


def test_swap_effect_and_flyer() -> None:
    assert scene("? b2, ? b3 | манёвр b2 b3").stroke == "swap"
    effect = scene("50-194 b2 | отравление b2")
    assert effect.stroke == "" and effect.target == Cell.parse("b2")
    assert [t.role for t in effect.tokens] == ["actor"]
    flyer = scene("? летает, враг ? c6 | выстрел летает c6 2")
    assert flyer.tokens[0].cell is None and flyer.tokens[0].role == "actor"
    assert flyer.stroke == "shot" and flyer.path == () and flyer.area == frozenset()


def test_a_die_question_has_no_picture() -> None:
    parsed, result = check("| кубик 1-2-3 5 +1", resolve)
    assert scene_for(parsed, result) is None


def test_same_position_and_question_make_equal_scenes() -> None:
    a = scene("50-168 a1, враг ? c6 | телепортация a1 b6")
    b = scene("50-168  a1 ,  враг ? c6 | телепортация a1 b6")
    assert a == b and hash(a) == hash(b)
