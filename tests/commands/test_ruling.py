"""!ruling / !rulings in the core: record, recall, notes and overturns, rights, numbering."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.commands.judge import Judge
from bot.rulings.model import Caller
from bot.rulings.store import RulingStore

CHECK = "168 a1, враг ? c6 | телепортация a1 b6"
JUDGE = Caller(scope=1, user="Аня", user_id=5, channel="#судьи", channel_id=9, judge=True)
PLAYER = Caller(scope=1, user="Боря", user_id=6, channel="#правила", channel_id=8, judge=False)


@pytest.fixture()
def store(judge: Judge) -> Iterator[RulingStore]:
    store = RulingStore.in_memory()
    judge.use_rulings(store)  # the session's Judge: given back without a store after the test
    yield store
    judge.use_rulings(None)


def test_a_ruling_records_everything_the_spec_names(judge: Judge, store: RulingStore) -> None:
    answer = judge.run("ruling", CHECK, PLAYER)
    assert answer.ok and answer.title.startswith("Решение №1 записано")
    assert answer.picture is not None and answer.ruling is not None
    r = store.get(1, 1)
    assert r is not None
    assert (r.check, r.question, r.verdict) == (CHECK, "телепортация a1 b6", "yes")
    assert "ваш 3-й ряд" in r.position and r.picture and r.picture["question"] == r.question
    assert ("teleportatsiya", "РП 4.1-2 от 09.11.2024") in {(c.term, c.source) for c in r.citations}
    assert all(len(c.digest) == 12 for c in r.citations if c.source)
    assert r.corpus_version == judge.corpus_version
    assert (r.asked_by, r.asked_by_id, r.channel, r.channel_id) == ("Боря", 6, "#правила", 8)
    assert answer.ruling["id"] == 1 and answer.ruling["status"] == "active"


def test_numbers_are_per_server_and_a_bad_check_records_nothing(judge: Judge,
                                                                store: RulingStore) -> None:
    other = Caller(scope=2, user="Вера")
    assert judge.run("ruling", CHECK, PLAYER).ruling["id"] == 1  # type: ignore[index]
    assert judge.run("ruling", CHECK, other).ruling["id"] == 1  # type: ignore[index]
    failed = judge.run("ruling", "168 a1 | полёт a1 b2", PLAYER)
    assert not failed.ok and failed.error and failed.error.endswith("Решение не записано.")
    assert judge.run("ruling", CHECK, PLAYER).ruling["id"] == 2  # type: ignore[index]


def test_recall_shows_it_as_recorded_with_its_picture(judge: Judge, store: RulingStore) -> None:
    judge.run("ruling", CHECK, PLAYER)
    recalled = judge.run("ruling", "№1", PLAYER)
    assert recalled.ok and recalled.title == "Решение №1 · телепортация a1 b6"
    assert recalled.verdict == "yes" and recalled.picture is not None
    assert recalled.picture == judge.run("check", CHECK).picture
    assert "Применённые правила" in [s.heading for s in recalled.sections]
    missing = judge.run("ruling", "999", PLAYER)
    assert not missing.ok and missing.error == "Решения №999 нет. Последнее — №1; список: `!rulings`."
    empty = judge.run("ruling", "1", Caller(scope=3))
    assert "на этом сервере решений ещё не записано" in (empty.error or "")


def test_only_judges_note_and_overturn_with_a_reason(judge: Judge, store: RulingStore) -> None:
    judge.run("ruling", CHECK, PLAYER)
    refused = judge.run("ruling", "1 отменить не согласен", PLAYER)
    assert not refused.ok and "только судьи" in (refused.error or "")
    assert not judge.run("ruling", "1 отменить", JUDGE).ok  # a reason is required
    noted = judge.run("ruling", "1 заметка Уточнили у главного судьи", JUDGE)
    assert noted.ok and noted.ruling["notes"][0]["by"] == "Аня"  # type: ignore[index]
    overturned = judge.run("ruling", "1 отменить ошибка в позиции", JUDGE)
    assert overturned.ok and overturned.title.endswith("ОТМЕНЕНО")
    assert overturned.ruling["status"] == "overturned"  # type: ignore[index]
    again = judge.run("ruling", "1 отменить ещё раз", JUDGE)
    assert not again.ok and "уже отменено" in (again.error or "")


def test_the_list_is_paged_newest_first(judge: Judge, store: RulingStore) -> None:
    for _ in range(12):
        judge.run("ruling", CHECK, PLAYER)
    judge.run("ruling", "| кубик 1-2-3 5 +1", PLAYER)
    first = judge.run("rulings", "", PLAYER)
    lines = first.summary.splitlines()
    assert len(lines) == 10 and lines[0].startswith("№13 ·") and "Результат: 3" in lines[0]
    assert first.title == "Решения · стр. 1 из 2" and "`!rulings 2`" in first.footer
    assert judge.run("rulings", "2", PLAYER).summary.splitlines()[-1].startswith("№1 ·")
    assert not judge.run("rulings", "два", PLAYER).ok


def test_no_rulings_in_direct_messages(judge: Judge, store: RulingStore) -> None:
    dm = Caller(scope=None, user="Боря", judge=False)
    assert "личных сообщениях" in (judge.run("ruling", CHECK, dm).error or "")
    assert not judge.run("rulings", "", dm).ok
