"""Delayed clauses «в начале/конце … хода <effect>» inside a body (frames._later): read as the
last effect only, since effects after one may be delayed too or not."""

from bot.corpus.abilities import Delayed, Keyword, Selector, When
from bot.importers.abilities.frames import body


def test_delayed_clause_last() -> None:
    found = body("атакованный получает отравление на 1, в конце хода выбранное существо "
                 "противника также получает отравление на 1")
    assert found is not None
    later = Keyword(code="psn", value=1, target=Selector(side="enemy"))
    assert found.effects[1] == Delayed(at=When(event="turn_end", turn="any"), effects=(later,))


def test_delayed_clause_not_last_is_not_read() -> None:
    assert body("в конце хода атакованный получает отравление на 1, раниться на 1") is None
