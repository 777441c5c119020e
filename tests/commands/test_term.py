from bot.answers.json import answer_to_dict
from bot.commands.judge import Judge


def test_teleport_current_version_with_older_note(judge: Judge) -> None:
    answer = judge.ask("!term телепортация")
    assert answer.ok and answer.term is not None
    assert answer.term["id"] == "teleportatsiya"
    assert answer.term["source"].startswith("РП 4.1-2")
    assert answer.term["date"] == "2024-11-09"
    assert "Только наземные существа" in answer.term["text"]
    headings = [s.heading for s in answer.sections]
    assert any(h.startswith("Старая редакция") and "Глоссарий" in h for h in headings)
    cards = next(s.body for s in answer.sections if s.heading.startswith("Карты"))
    assert "Баалит" in cards
    assert answer.citations[0].term == "teleportatsiya"


def test_all_versions_side_by_side(judge: Judge) -> None:
    answer = judge.ask("!term телепортация все")
    older = [s for s in answer.sections if s.heading.startswith("Редакция")]
    assert older and "Только существа могут использовать телепортацию" in older[0].body


def test_range_difference_is_shown(judge: Judge) -> None:
    answer = judge.ask("!term дальность")
    assert answer.ok and answer.term and answer.term["id"] == "dalnost"
    note = next(s.body for s in answer.sections if s.heading.startswith("Старая редакция"))
    assert "диагонали" in note


def test_name_only_term_has_no_text(judge: Judge) -> None:
    answer = judge.ask("!term симбиот")
    assert answer.ok and answer.term is not None
    assert answer.term["text"] is None and answer.term["source"] is None
    assert "только по названию" in answer.summary
    cards = next(s.body for s in answer.sections if s.heading.startswith("Карты"))
    assert "Тень" in cards


def test_inflected_and_typo_queries(judge: Judge) -> None:
    assert judge.ask("!term телепортацию").term["id"] == "teleportatsiya"  # type: ignore[index]
    assert judge.ask("!термин ntktgjhnfwbz").term["id"] == "teleportatsiya"  # type: ignore[index]


def test_unknown_term_is_a_clear_error(judge: Judge) -> None:
    data = answer_to_dict(judge.ask("!term квазиплазменный дефлектор"))
    assert data["ok"] is False and "не найден" in data["error"]


def test_empty_term(judge: Judge) -> None:
    answer = judge.ask("!term")
    assert not answer.ok and "Укажите термин" in (answer.error or "")


def test_every_card_using_a_term_is_listed_in_pages(judge: Judge) -> None:
    first = judge.ask("!term метание")
    assert first.paging is not None and first.paging.pages >= 2
    assert first.paging.more == "!term Метание стр 2" or first.paging.more.endswith("стр 2")
    heading = next(s.heading for s in first.sections if s.heading.startswith("Карты"))
    total = int(heading.split("(")[1].rstrip(")"))
    using = judge.corpus.cards_using("metanie")
    assert total == len(using) > 40
    listed: list[str] = []
    for page in range(1, first.paging.pages + 1):
        answer = judge.ask(f"!term метание стр {page}")
        body = next(s.body for s in answer.sections if s.heading.startswith("Карты"))
        listed += body.split(", «")
    assert len(listed) == len(using)  # every card, once
    assert "Страница 1 из" in first.footer and "`!term" in first.footer
    last = judge.ask(f"!term метание стр {first.paging.pages + 5}")  # past the end: the last
    assert last.paging is not None and last.paging.page == last.paging.pages and not last.paging.more
