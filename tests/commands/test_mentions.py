"""Inline mentions: what is read as a mention, and the compact answer on the shipped corpus."""

from __future__ import annotations

import pytest

from bot.commands.judge import Judge
from bot.commands.mentions import MAX_MENTIONS, answer_mentions, find_mentions, has_mentions


@pytest.mark.parametrize(("text", "found"), [
    ("что делает [[баалит]] против [[тень]]?", ["баалит", "тень"]),
    ("[[ Путь   хранителей 168 ]]", ["Путь хранителей 168"]),
    ("[[баалит]] и снова [[Баалит]] и [[БААЛИТ]]", ["баалит"]),
    ("код: `[[баалит]]` и ``[[тень]]`` и [[прыжок]]", ["прыжок"]),
    ("```\n[[баалит]]\n``` после блока [[тень]]", ["тень"]),
    ("```незакрытый блок [[баалит]]", []),
    ("[[незакрыто и [[тень]]", ["тень"]),
    ("[[незакрыто", []),
    ("[[]] [[ ]] [[a\nb]]", []),
    ("[[" + "я" * 81 + "]]", []),
    ("[[[баалит]]]", ["баалит"]),
    ("обычное сообщение без упоминаний", []),
])
def test_what_is_a_mention(text: str, found: list[str]) -> None:
    assert find_mentions(text) == found
    assert has_mentions(text) == bool(found)


def test_a_card_and_a_term_compactly_with_the_full_command(judge: Judge) -> None:
    answer = answer_mentions(judge.ctx, "что делает [[баалит]] против [[телепортацию]]?")
    assert answer is not None and answer.ok and answer.command == "mention"
    card, term = answer.sections
    assert card.heading == "«Баалит» — Путь хранителей 168"
    assert "Стоимость: 4" in card.body and "Жизни: 9" in card.body and "магмы" in card.body
    assert card.body.endswith("Полностью: `!card Путь хранителей 168`")
    assert term.heading.startswith("Телепортация — РП 4.1-2")
    assert "незанятую клетку" in term.body and term.body.endswith("`!term Телепортация`")
    assert [r["kind"] for r in answer.results or []] == ["card", "term"]
    assert (answer.results or [])[0]["id"] == "50-168"


def test_unknown_mentions_say_so_and_at_most_three_are_answered(judge: Judge) -> None:
    answer = answer_mentions(judge.ctx, "[[тень]] [[прыжок]] [[зюзюкабра]] [[баалит]]")
    assert answer is not None and len(answer.sections) == MAX_MENTIONS
    assert answer.sections[2].body.startswith("Не нашёл ни карты, ни термина.")
    assert (answer.results or [])[2] == {"query": "зюзюкабра", "kind": "none", "command": None,
                                         "suggestions": []}
    assert "первые 3 упоминания из 4" in answer.footer


def test_a_name_only_term_is_not_invented(judge: Judge) -> None:
    answer = answer_mentions(judge.ctx, "[[симбиот]]")
    assert answer is not None
    assert "только по названию" in answer.sections[0].body


def test_no_mentions_no_answer(judge: Judge) -> None:
    assert answer_mentions(judge.ctx, "просто вопрос про `[[баалит]]`") is None


def test_a_card_mention_cites_the_card_database(judge: Judge) -> None:
    # Every card answer cites its source (issue 9): the compact one named no database at all.
    answer = answer_mentions(judge.ctx, "[[мантикора]] и [[ЛБ 36]]")
    assert answer is not None
    assert answer.footer.startswith("Источник: База карт berserk-nxt (")
    assert answer.footer.count("База карт") == 1 and "sha256" in answer.footer
    term_only = answer_mentions(judge.ctx, "[[телепортация]]")
    assert term_only is not None and term_only.footer == ""  # its source is in the heading


def test_a_bare_number_means_the_default_set(judge: Judge) -> None:
    # As `!card 168` does: «Баалит» in the newest set, «Повелитель бездны» with ВС the default.
    newest = judge.mentions("[[168]]")
    assert newest is not None and [e["id"] for e in newest.results or []] == ["50-168"]
    answer = judge.ask("что это [[168]]?", default_set=10)
    assert [e["id"] for e in answer.results or []] == ["10-168"]
    assert judge.ask("!card 168", default_set=10).card["id"] == "10-168"  # type: ignore[index]
