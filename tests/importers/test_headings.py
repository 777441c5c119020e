"""Term headings: name, aliases, abbreviations, parameters, remarks; kinds."""

import pytest

from bot.importers.headings import kinds_from_text, parameters_of, parse_heading


@pytest.mark.parametrize(
    ("raw", "name", "aliases", "abbreviations", "parameters"),
    [
        ("Телепортация", "Телепортация", [], [], []),
        ("Опыт в защите Х (ОвЗ)", "Опыт в защите Х", [], ["ОвЗ"], ["X"]),
        ("Защита от метаний (ЗОМет)", "Защита от метаний", [], ["ЗОМет"], []),
        ("Метание на X (на X-Y-Z)", "Метание на X", ["Метание на X-Y-Z"], [], ["X", "X-Y-Z"]),
        ("Прыжок, дальность X", "Прыжок, дальность X", ["Прыжок"], [], ["X"]),
        ("Бестелесность (бестелесный)", "Бестелесность", ["бестелесный"], [], []),
        ("Движение (Двигаться, Передвигаться, Передвижение)", "Движение",
         ["Двигаться", "Передвигаться", "Передвижение"], [], []),
        ("Излечить (излечение) на X, излечиться на Х", "Излечить на X",
         ["излечение", "излечиться на Х", "Излечить"], [], ["X"]),
        ("Изгнание (игровая зона)", "Изгнание (игровая зона)", ["Изгнание"], [], []),
        ("115. Условная играемая особенность.", "115. Условная играемая особенность",
         ["Условная играемая особенность"], [], []),
        ("Заряд Х: [текст]", "Заряд Х: [текст]", [], [], ["X"]),
        ("–X от [атаки]", "–X от [атаки]", [], [], ["X"]),
    ],
)
def test_parse_heading(raw: str, name: str, aliases: list[str], abbreviations: list[str],
                       parameters: list[str]) -> None:
    head = parse_heading(raw)
    assert (head.name, head.aliases, head.abbreviations, head.parameters) == (
        name, aliases, abbreviations, parameters)


def test_remarks_are_kept_apart_from_synonyms() -> None:
    assert parse_heading("Изгнание (существа, карты), изгнать").remarks == ["существа, карты"]
    assert parse_heading("Бестелесность (бестелесный)").remarks == []


def test_parameters_are_latin() -> None:
    assert parameters_of("Броня Х") == ["X"]
    assert parameters_of("Метание на Х-У-З") == ["X-Y-Z"]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Срабатывающая особенность. Именная особенность. Воздействие. Жажда Х означает: …",
         ["срабатывающая особенность", "именная особенность", "воздействие"]),
        ("Именной модификатор броска кубика. Благословление означает …",
         ["именной модификатор броска кубика"]),
        ("Опыт в защите Х (ОвЗ). Именная особенность. Обозначается X. Модификатор броска кубика, "
         "означает “…”.", ["именная особенность", "модификатор броска кубика"]),
        ("Особенность, которая записывается в виде …", []),
        ("Ряд. Ряд - это 5 клеток поля боя.", []),
    ],
)
def test_kinds(text: str, kinds: list[str]) -> None:
    heading = "Опыт в защите Х (ОвЗ)" if text.startswith("Опыт") else None
    heading = "Ряд" if text.startswith("Ряд.") else heading
    assert kinds_from_text(text, heading) == kinds


@pytest.mark.parametrize("text", ["\n,Телепортация", "\u00a0,Прыжок", "Ряд,\u2003,\n;", "\t.\n"])
def test_separators_after_any_whitespace_end(text: str) -> None:
    """A card page whose rule heading began with a line break and a comma made the importer
    loop forever (found by the fuzz suite)."""
    from bot.importers.headings import _split_segments

    assert _split_segments(text) == [s for s in _split_segments(text) if s.strip()]
    assert len(_split_segments(text)) <= 2
