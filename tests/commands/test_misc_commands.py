from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.answers.json import render_json
from bot.answers.text import render_text
from bot.commands.judge import Judge


def test_search_finds_terms_and_cards(judge: Judge) -> None:
    answer = judge.ask("!search метание")
    assert answer.ok and answer.results
    assert any(r["kind"] == "term" for r in answer.results)


def test_sources_lists_versions_and_name_only(judge: Judge) -> None:
    answer = judge.ask("!sources")
    assert "РП 4.1-2" in answer.summary and "Глоссарий" in answer.summary
    assert answer.extra["name_only"] > 0 and answer.extra["cards"] >= 2
    name_only = next(s.body for s in answer.sections if "только по названию" in s.heading)
    assert "Симбиот" in name_only


def test_help_and_help_check(judge: Judge) -> None:
    assert "!term" in render_text(judge.ask("!help"))
    check_help = judge.ask("!помощь check")
    assert check_help.ok and "телепортация" in check_help.summary.lower()


def test_unknown_command(judge: Judge) -> None:
    answer = judge.ask("!абракадабра")
    assert not answer.ok and "!help" in (answer.error or "")


NASTY = st.sampled_from([
    "", " ", "@everyone", "<@123>", '"', "*", "-", "NEAR", "OR", "**жирный**", "```", "🐉",
    "\x00", "\u202e", "a" * 10_000, "телепортация", "168", "a1", "|", "враг", "?",
])
COMMANDS = st.sampled_from(["!term ", "!card ", "!search ", "!check ", "!case ", "!help ", "!"])


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(COMMANDS, st.lists(st.one_of(NASTY, st.text(max_size=40)), max_size=6))
def test_any_input_gets_an_answer(judge: Judge, command: str, words: list[str]) -> None:
    answer = judge.ask(command + " ".join(words))
    assert answer.ok or answer.error
    assert "Внутренняя ошибка" not in (answer.error or "")
    render_json(answer)
    render_text(answer)


def test_bare_term_or_card_name_answers_as_such(judge: Judge) -> None:
    assert judge.ask("!телепортация").command == "term"
    assert judge.ask("!баалит").card["name"] == "Баалит"  # type: ignore[index]
    assert judge.ask("!абракадабра").command == "unknown"


def test_search_ranks_names_first_and_pages_the_whole_database(judge: Judge) -> None:
    answer = judge.ask("!search орк")
    assert answer.sections[0].heading.startswith("«Орк» (Война стихий 13)")  # the name itself
    assert answer.results is not None and len(answer.results) > 10
    assert answer.paging is not None and answer.paging.more == "!search орк стр 2"
    names = [r["title"] for r in answer.results]
    in_name = [i for i, t in enumerate(names) if "Орк" in t]
    assert in_name == list(range(len(in_name)))  # every name hit before any text hit
    second = judge.ask("!search орк стр 2")
    assert second.paging is not None and second.paging.page == 2
    shown = {s.heading for s in answer.sections} | {s.heading for s in second.sections}
    assert len(shown) == len(answer.sections) + len(second.sections)  # pages do not overlap
    assert "База карт berserk-nxt" in answer.footer  # the answer cites its sources
