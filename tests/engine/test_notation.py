"""The chat notation: what it reads, and the errors that point at the offending token."""

import pytest

from bot.engine import NotationError
from bot.engine.board import Cell
from bot.engine.notation import split_question

from .conftest import parse


def error(text: str) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse(text)
    return info.value


def test_issue_example() -> None:
    p = parse("168 a1, враг ? c6, враг ? e2 | телепортация a1 b6")
    pieces = list(p.position)
    assert [(x.card.name if x.card else "?", str(x.cell), x.enemy) for x in pieces] == [
        ("Баалит", "a1", False), ("?", "c6", True), ("?", "e2", True)]
    assert p.question.verb == "teleport"
    assert [r.token for r in p.question.refs] == ["a1", "b6"]


def test_separators_and_question_on_its_own_line() -> None:
    p = parse("168 a1; противник ? c6\nвраг ? e2\nтелепортация a1 b6")
    assert len(p.position) == 3 and p.question.verb == "teleport"
    assert split_question("? a1\nрядом a1 b2") == ("? a1", "рядом a1 b2")


def test_multi_word_names_cyrillic_columns_and_states() -> None:
    p = parse("Пустынный кондор летает, враг Орк-бомбардир в3 закрыт двигался движение 0 раны 2 | "
              "рядом в3 б2")
    flyer, orc = list(p.position)
    assert flyer.cell is None and flyer.card and flyer.card.name == "Пустынный кондор"
    assert orc.cell == Cell.parse("c3") and orc.enemy and orc.closed and orc.moved
    assert (orc.movement_left, orc.wounds) == (0, 2)


def test_latin_verb_aliases() -> None:
    for verb, canonical in [("range", "range"), ("adjacent", "adjacent"), ("move", "move"),
                            ("jump", "jump"), ("teleport", "teleport"), ("manoeuvre", "manoeuvre"),
                            ("throw", "throw"), ("shot", "shot"), ("discharge", "discharge"),
                            ("formation", "formation")]:
        extra = " 2" if verb == "range" else ""
        assert parse(f"? a1, ? a2 | {verb} a1 a2{extra}").question.verb == canonical


def test_piece_reference_by_name_in_question() -> None:
    p = parse("22 c1, враг 14 летает | метание c1 пустынный кондор")
    assert p.question.refs[1].cell is None and p.question.refs[1].piece is not None


def test_piece_reference_by_one_word_of_its_name() -> None:
    p = parse("22 c1, враг 14 летает | метание c1 кондор")
    assert p.question.refs[1].piece is not None and p.question.refs[1].piece.card is not None
    assert p.question.refs[1].piece.card.name == "Пустынный кондор"
    p = parse("22 c1, враг ? c3 | метание бомбардир c3")  # «Орк-бомбардир»
    assert p.question.refs[0].cell is not None


def test_unknown_cell_points_at_token() -> None:
    e = error("? f7 | рядом a1 b2")
    assert e.token == "f7" and "f7" in e.message
    e = error("? a1 | рядом a1 z9")
    assert e.token == "z9"


def test_two_pieces_on_one_cell() -> None:
    e = error("168 a1, враг ? a1 | рядом a1 b2")
    assert "одной клетке a1" in e.message


def test_more_creatures_than_a_side_can_field() -> None:
    """Issue 11: 150 flyers made a 23 KB answer; now one clear error, read no further."""
    e = error(", ".join(["14 летает"] * 150) + " | рядом a1 a2")
    assert "Слишком много существ в позиции (150)" in e.message and "30" in e.message
    e = error(", ".join(["враг 14 летает"] * 31) + " | рядом a1 a2")
    assert "Слишком много существ" in e.message
    mixed = ", ".join(["14 летает"] * 30 + ["враг 14 летает"] * 30)
    assert len(parse(mixed + " | рядом a1 a2").position) == 60  # 30 a side is fine


def test_two_copies_of_a_unique_card_in_one_squad(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from . import conftest

    monkeypatch.setitem(conftest.CARDS, "1", replace(conftest.CARDS["1"], unique=True))
    e = error("1 a1, 1 a2 | рядом a1 a2")
    assert "«Кочевник» — уникальная карта" in e.message and "ваших" in e.message
    e = error("враг 1 a5, 1 a1, враг Кочевник a6 | рядом a1 a5")
    assert "противника" in e.message
    assert len(parse("1 a1, враг 1 a2 | рядом a1 a2").position) == 2  # one each: fine
    assert len(parse("? a1, ? a2 | рядом a1 a2").position) == 2  # «?» is no card


def test_unknown_card_with_suggestions() -> None:
    e = error("Баалитт a1 | движение a1 a2")
    assert "Баалитт" in e.message and e.suggestions and "Баалит" in e.suggestions[0]


def test_no_piece_at_asked_cell() -> None:
    e = error("? a1 | движение b2 b3")
    assert "b2" in e.message and e.token == "b2"


def test_missing_and_extra_arguments() -> None:
    assert "Не хватает" in error("? a1 | движение a1").message
    assert "Не хватает дальности" in error("? a1 | дальность a1 b2").message
    e = error("? a1 | рядом a1 b2 c3")
    assert "Лишний" in e.message and e.token == "c3"
    assert "Лишний" in error("? a1 | телепортация a1 b2 3").message
    assert "Не хватает" in error("| кубик 1-2-3").message


def test_absurd_numbers() -> None:
    assert "невозможное" in error("? a1 | дальность a1 b2 1000").message
    assert "невозможное" in error("? a1 движение 500 | движение a1 a2").message
    assert "1…6" in error("| кубик 1-2-3 7").message
    assert "невозможное" in error("| кубик 1-2-3 3 +50").message
    assert "жизней" in error("168 a1 раны 9 | излечение a1").message


def test_empty_and_missing_parts() -> None:
    assert "Пустой" in error("").message
    assert "Пустая позиция" in error("| движение a1 a2").message
    assert "вопроса" in error("168 a1").message
    assert "Не знаю вопрос" in error("? a1 | полёт a1").message
    assert "нет вопроса" in error("? a1 |").message
    assert "не указана карта" in error("a1 | рядом a1 b2").message
    assert "нет клетки" in error("168 | рядом a1 b2").message
    e = error("168 a1 лежит | рядом a1 b2")
    assert e.token == "лежит"


def test_flying_card_on_a_cell_is_an_error() -> None:
    e = error("14 a1 | рядом a1 b2")
    assert "летающее" in e.message and "без клетки" in e.message and e.token == "a1"


def test_a_flying_card_needs_no_cell() -> None:
    """A card whose database type is «Летающее» is a flyer wherever it is placed."""
    for text in ("враг 14, ? a1 | дальность a1 Пустынный кондор 1",
                 "враг Пустынный кондор закрыт, ? a1 | дальность a1 Пустынный кондор 1",
                 "враг 14 летает, ? a1 | дальность a1 Пустынный кондор 1"):
        position = parse(text).position
        kondor = next(p for p in position if p.card is not None)
        assert kondor.cell is None and kondor.flying and not kondor.ground
    assert next(p for p in parse("враг Пустынный кондор закрыт, ? a1 | рядом a1 b2").position
                if p.card).closed
    assert "нет клетки" in error("168 | рядом a1 b2").message  # a ground card still needs one
    assert "нет клетки" in error("? | рядом a1 b2").message


def test_counters_and_tokens_states() -> None:
    position = parse("4 a1 фишки 2 жетоны 0, ? b2 | рядом a1 b2").position
    girrit = position.at(Cell.parse("a1"))
    assert girrit is not None and (girrit.counters, girrit.tokens) == (2, 0)
    assert position.at(Cell.parse("b2")).counters is None  # type: ignore[union-attr]
    e = error("4 a1 фишки | рядом a1 b2")
    assert "нужно число" in e.message
    assert "фишки N" in error("4 a1 мешки 2 | рядом a1 b2").message
    assert "невозможное" in error("4 a1 жетоны 100 | рядом a1 b2").message


def test_position_from_yaml_data() -> None:
    import yaml

    from bot.engine.notation import position_from_data
    from bot.engine.render import legend, render_board

    from .conftest import resolve

    data = yaml.safe_load("""
    - {card: 168, cell: a1}
    - {card: "?", cell: c6, enemy: true, closed: true, wounds: 1}
    - {card: Пустынный кондор, enemy: true}
    - {card: "?", cell: b2, moved: true, movement: 0}
    """)
    position = position_from_data(data, resolve)
    baalit, unknown, flyer, mover = list(position)
    assert baalit.card and baalit.card.number == 168 and str(baalit.cell) == "a1"
    assert unknown.enemy and unknown.closed and unknown.wounds == 1
    assert flyer.cell is None and flyer.flying
    assert mover.moved and mover.movement_left == 0
    board = render_board(position)
    assert board.splitlines()[1].startswith("6 3-й ряд противника") and "в14" in board
    assert "закрыто, раны 1" in legend(position)


def test_question_before_the_position() -> None:
    p = parse("телепортация a1 b6 | 168 a1")
    assert p.question.verb == "teleport" and len(p.position) == 1


def test_a_comma_inside_a_card_name() -> None:
    """«Дрочеслав, сын Сергея» (a real card): the comma of its name is no separator; a comma
    after a misspelt name still is (the next placement is not swallowed)."""
    from bot.corpus.model import Card
    from bot.engine.notation import Resolution, parse_check

    son = Card(id="30-9", set_id=30, set_name="Семена раздора", number=9,
               name="Дрочеслав, сын Сергея", lives=5, movement=1)

    def resolve(query: str) -> Resolution:
        return Resolution(son if query.casefold() == son.name.casefold() else None)

    position = parse_check("Дрочеслав, сын Сергея c1, враг ? a4 | рядом c1 a4", resolve).position
    assert [p.card.name if p.card else "?" for p in position] == [son.name, "?"]
    with pytest.raises(NotationError) as info:
        parse_check("Дрочеслав c1x, враг ? a4 | рядом c1 a4", resolve)
    assert "Дрочеслав" in info.value.message
