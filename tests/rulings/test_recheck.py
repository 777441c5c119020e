"""Rechecking rulings: only changed ones are listed, with what changed."""

from __future__ import annotations

from dataclasses import replace

from bot.rulings.model import CitedRule
from bot.rulings.recheck import Outcome, recheck
from bot.rulings.store import example

RANGE = CitedRule("dalnost", "Дальность Х", "РП 4.1-2 от 09.11.2024", "aaa")
RANGE_OLD = CitedRule("dalnost", "Дальность Х", "Глоссарий", "bbb")
JUMP = CitedRule("pryzhok", "Прыжок", "РП 4.1-2 от 09.11.2024", "ccc")


def test_unchanged_rulings_are_not_listed() -> None:
    ruling = replace(example(), citations=(RANGE,))
    assert recheck([ruling], lambda _: Outcome("no", (RANGE,))) == []


def test_every_kind_of_change_is_named() -> None:
    rulings = [replace(example(), number=n, check=f"check {n}", citations=(RANGE, RANGE_OLD))
               for n in (1, 2, 3, 4, 5)]
    outcomes = {
        "check 1": Outcome("yes", (RANGE, RANGE_OLD)),
        "check 2": Outcome("no", (RANGE, JUMP)),
        "check 3": Outcome("no", (replace(RANGE, digest="new"), RANGE_OLD)),
        "check 4": Outcome(None, (), error="не знаю карту «50-168»"),
        "check 5": Outcome("no", (RANGE_OLD, RANGE)),  # the same rules in another order
    }
    changes = recheck(rulings, outcomes.__getitem__)
    assert [c.ruling.number for c in changes] == [1, 2, 3, 4]
    lines = [c.line for c in changes]
    assert lines[0] == "№1: вердикт «Нельзя» → «Можно»"
    assert lines[1] == ("№2: правила: + Прыжок (РП 4.1-2 от 09.11.2024), "
                        "− Дальность Х (Глоссарий)")
    assert lines[2] == "№3: правила: изменён текст: Дальность Х (РП 4.1-2 от 09.11.2024)"
    assert lines[3] == "№4: проверка больше не выполняется — не знаю карту «50-168»"

