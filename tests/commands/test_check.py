"""``!check`` and ``!case`` end to end on the shipped corpus, through the real Judge."""

import json

import pytest

from bot.answers.json import answer_to_dict, render_json
from bot.answers.text import render_text
from bot.commands import case as case_cmd
from bot.commands import check as check_cmd
from bot.commands.case import load_cases
from bot.commands.check import CHECK_HELP, corpus_resolver, lookup_resolver
from bot.commands.judge import Context, Judge
from bot.lookup.api import Candidate, Match

EXAMPLE = "!check 168 a1, враг ? c6, враг ? e2 | телепортация a1 b6"


def test_issue_example_end_to_end(judge: Judge) -> None:
    answer = judge.ask(EXAMPLE)
    assert answer.ok and answer.command == "check"
    assert answer.verdict == "yes" and answer.summary.startswith("Можно")
    assert answer.board and "168" in answer.board and "3-й ряд противника" in answer.board
    assert "ваш 3-й ряд" in answer.board and "«Баалит»" in answer.board
    teleport = next(c for c in answer.citations if c.term == "teleportatsiya")
    assert teleport.source and "РП 4.1-2" in teleport.source
    assert teleport.text and "Только наземные существа" in teleport.text
    (trigger,) = answer.triggers
    assert "магмы" in trigger and "дальность 4" in trigger and "c6" in trigger
    text = render_text(answer)
    assert text.index("Можно") < text.index("Почему") < text.index("Правило: Телепортация")
    assert "Медленная телепортация записывается отдельным предложением" in text


def test_json_fields(judge: Judge) -> None:
    data = json.loads(render_json(judge.ask("!check ? a1, враг ? c6 | дальность a1 c6 5")))
    assert data["ok"] is True and data["command"] == "check"
    assert (data["verdict"], data["value"]) == ("no", 7)
    assert {"term": "dalnost", "source": "РП 4.1-2 от 09.11.2024"} in data["citations"]
    (other,) = data["other_versions"]
    assert (other["verdict"], other["value"]) == ("yes", 5)
    assert "лоссари" in other["source"]
    assert data["board"] and data["error"] is None
    for key in ("triggers", "warnings", "suggestions", "title", "text"):
        assert key in data


def test_russian_alias_and_question_on_own_line(judge: Judge) -> None:
    answer = judge.ask("!проверка 194 b2\nвраг ? b3\nдвижение b2 b3")
    assert answer.ok and answer.verdict == "yes" and len(answer.triggers) == 1


def test_unknown_and_value_answers(judge: Judge) -> None:
    answer = judge.ask("!check 168 a1 двигался | движение a1 a2")
    assert answer.verdict == "unknown" and "движение N" in answer.summary
    die = judge.ask("!check | кубик 1-2-3 5 +1")
    assert die.ok and die.value == 3 and die.summary == "Результат: 3" and die.board is None


def test_name_only_terms_are_cited_without_text(judge: Judge) -> None:
    answer = judge.ask("!check ? a1, враг ? a3 | выстрел a1 a3")
    shot = next(c for c in answer.citations if c.term == "vystrel")
    assert shot.text is None and shot.source is None
    assert "только по названию" in render_text(answer)


@pytest.mark.parametrize("message,needle", [
    ("!check", "Пустой запрос"),
    ("!check ? f7 | рядом a1 b2", "f7"),
    ("!check 168 a1, враг ? a1 | рядом a1 b2", "одной клетке a1"),
    ("!check ? a1 | движение c3 c4", "c3"),
    ("!check ? a1 | рядом a1", "Не хватает"),
    ("!check ? a1 | рядом a1 b2 c3", "Лишний аргумент «c3»"),
    ("!check ? a1 | дальность a1 b2 100000", "невозможное"),
    ("!check | телепортация a1 b2", "Пустая позиция"),
    ("!check 168 a1", "Не вижу вопроса"),
])
def test_errors_point_at_the_token(judge: Judge, message: str, needle: str) -> None:
    answer = judge.ask(message)
    assert not answer.ok and answer.error and needle in answer.error
    assert answer_to_dict(answer)["ok"] is False


def test_unknown_card_gets_suggestions(judge: Judge) -> None:
    answer = judge.ask("!check Баалиттт a1 | движение a1 a2")
    assert not answer.ok and "Баалиттт" in (answer.error or "")


class FakeLookup:
    """Answers like the real Lookup: a best card, or candidates only."""

    def __init__(self, judge: Judge) -> None:
        self.cards = judge.corpus.cards

    def find_card(self, query: str, default_set: int | None = None) -> Match:  # type: ignore[type-arg]
        if query == "168":
            return Match(query, self.cards["50-168"])
        cands = [Candidate(self.cards["50-168"], "fuzzy", 60.0),
                 Candidate(self.cards["50-194"], "fuzzy", 50.0)]
        return Match(query, None, cands)


def test_check_uses_the_lookup(judge: Judge) -> None:
    ctx = Context(corpus=judge.corpus, lookup=FakeLookup(judge))  # type: ignore[arg-type]
    assert check_cmd.handle(ctx, "168 a1 | движение a1 a2").verdict == "yes"
    answer = check_cmd.handle(ctx, "баал a1 | движение a1 a2")
    assert not answer.ok
    assert answer.suggestions[:2] == [judge.corpus.cards["50-168"].label,
                                      judge.corpus.cards["50-194"].label]
    resolve = lookup_resolver(FakeLookup(judge))
    assert resolve("168").card is judge.corpus.cards["50-168"]
    assert corpus_resolver(judge.corpus)("тень").card is judge.corpus.cards["50-194"]


def test_help_shows_the_notation(judge: Judge) -> None:
    answer = judge.ask("!help check")
    assert answer.summary == CHECK_HELP
    for word in ("летает", "движение N", "кубик X-Y-Z R", "манёвр", "`!case`"):
        assert word in CHECK_HELP


def test_case_list_and_run(judge: Judge) -> None:
    listing = judge.ask("!case")
    assert listing.ok and listing.results and len(listing.results) == len(load_cases()) >= 40
    assert all(len(s.body) <= 1024 for s in listing.sections)
    first = judge.ask("!кейс 19")
    assert first.ok and first.verdict == "yes" and first.triggers
    assert first.title.startswith("Случай №19") and first.board
    assert not first.warnings or all("расходится" not in w for w in first.warnings)
    assert not judge.ask("!case 999").ok
    assert not judge.ask("!case abc").ok


def test_every_case_through_the_judge(judge: Judge) -> None:
    for case in load_cases():
        answer = judge.ask(f"!case {case.number}")
        assert answer.ok, (case.number, answer.error)
        assert answer.verdict == case.expect["verdict"], case.number


def test_case_reads_the_library_under_the_judges_root(judge: Judge, tmp_path) -> None:
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "rulings.yaml").write_text(
        "cases:\n- id: 7\n  title: Соседи\n  check: '? b2, ? c3 | рядом b2 c3'\n"
        "  expect: {verdict: 'no'}\n", encoding="utf-8")
    ctx = Context(corpus=judge.corpus, lookup=judge.lookup, root=tmp_path)
    listing = case_cmd.handle(ctx, "")
    assert listing.results == [{"id": 7, "title": "Соседи", "check": "? b2, ? c3 | рядом b2 c3",
                                "verdict": "no"}]
    ruled = case_cmd.handle(ctx, "7")
    assert ruled.verdict == "yes" and ruled.title == "Случай №7: Соседи"
    assert any("расходится с библиотекой" in w for w in ruled.warnings)
    assert not case_cmd.handle(Context(judge.corpus, judge.lookup, root=tmp_path / "none"), "").ok
