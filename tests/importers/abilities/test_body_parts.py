"""Parts of a body a whole sentence reads only under conditions (frames.py): a delayed clause
«в начале/конце … хода <effect>» only as the last effect (effects after one may be delayed too
or not); «+1 к этому выстрелу» only in a trigger on that attack; the subject of a clause carried to the
next one that has none."""

from bot.corpus.abilities import Delayed, Keyword, Lose, Selector, When
from bot.importers.abilities.frames import body, read


def test_delayed_clause_last() -> None:
    found = body("атакованный получает отравление на 1, в конце хода выбранное существо "
                 "противника также получает отравление на 1")
    assert found is not None
    later = Keyword(code="psn", value=1, target=Selector(side="enemy"))
    assert found.effects[1] == Delayed(at=When(event="turn_end", turn="any"), effects=(later,))


def test_delayed_clause_not_last_is_not_read() -> None:
    assert body("в конце хода атакованный получает отравление на 1, раниться на 1") is None


def test_this_attack_only_in_a_trigger_on_it() -> None:
    assert read("при нападении выстрелом получает +1 к этому выстрелу") is not None
    assert read("при нападении выстрелом получает +1 к этому разряду") is None
    assert read("при перемещении получает +1 к этому выстрелу") is None
    assert read("закрыться: получить +1 к этому выстрелу") is None


def test_subject_carried_to_a_clause_without_one() -> None:
    """«X теряет A и получает B»: B is X's too — a ref as it is, a described card as «оно»
    (the same card, not another one chosen); with no subject before, the card's own."""
    found = body("выбранное существо получает проклятие и теряет благословление")
    assert found is not None and found.effects[1] == Lose(codes=("bls",), target="that")
    found = body("теряет проклятие и получает полет")
    assert found is not None and found.effects[1] == Keyword(code="flight")
