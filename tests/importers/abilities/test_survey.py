"""The shape survey of ability sentences (the figures of docs/abilities.md)."""

from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.importers.abilities.survey import main, shape, survey


@pytest.mark.parametrize("sentence,expected", [
    ("закрыться: выстрел на 1", ("cost «Закрыться: …»", "«Прыжок")),
    ("фишка, закрыться: воздействие пикирование переместить …",
     ("cost «Фишка, закрыться: …», «N/X фишек: …»", "named «Воздействие")),
    ("строй: броня 2", ("mode «Строй: …»", "lone keyword")),
    ("при гибели метание лавки на 2", ("—", "trigger «При гибели …»")),
    ("в начале вашего хода может ранить себя", ("—", "trigger «В начале")),
    ("концентрация: получает +1 к простому удару", ("mode «Концентрация: …»", "«получить")),
    ("-1 от дальних атак", ("—", "«-X от …» (reduction)")),
    ("что-то совсем другое", ("—", "other effect or rule")),
])
def test_shape(sentence: str, expected: tuple[str, str]) -> None:
    frame, head = shape(sentence)
    assert frame == expected[0] and head.startswith(expected[1])


def test_survey_of_the_shipped_cards(capsys: pytest.CaptureFixture[str]) -> None:
    result = survey(PROJECT_ROOT)
    assert result.total.sentences > 0
    assert sum(result.shapes["frame"].values()) == result.total.sentences
    assert sum(result.read["head"].values()) == result.total.read
    assert main([str(PROJECT_ROOT)]) == 0
    assert "read in full" in capsys.readouterr().out
    assert main([]) == 2


def test_survey_of_an_empty_root(tmp_path: Path) -> None:
    assert survey(tmp_path).total.sentences == 0
