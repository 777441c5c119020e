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
    assert data["ok"] is False and "в корпусе нет" in data["error"]


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


def test_a_word_on_a_terms_stem_is_not_that_term(judge: Judge) -> None:
    """Issue 11: «рядом» was answered as «Ряд», «неуязвимость» as «Уязвимость Х» (its
    opposite), «магия» as «Магия крови»; now each lists the term and picks none."""
    for query, name in (("рядом", "Ряд"), ("неуязвимость", "Уязвимость Х"),
                        ("нестойкость", "Стойкость"), ("магия", "Магия крови")):
        answer = judge.ask(f"!term {query}")
        assert not answer.ok and answer.term is None, query
        assert answer.suggestions[:1] == [name], query
        assert "не найден точно" in (answer.error or "")


def test_a_word_no_term_resembles_lists_the_texts_that_use_it(judge: Judge) -> None:
    """«летающий» shares letters with «Метание»: that was the suggestion. Now: the terms
    whose texts speak of flyers, and no «did you mean»."""
    answer = judge.ask("!term летающий")
    assert not answer.ok and answer.suggestions == []
    used = next(s.body for s in answer.sections if s.heading == "Встречается в текстах терминов")
    schron = judge.corpus.terms["skhron"]
    assert schron.name in used and "летающих" in (schron.current.text if schron.current else "")
    for name in used.split(", "):
        term = next(t for t in judge.corpus.terms.values() if t.name == name)
        assert any("летающ" in v.text.casefold() for v in term.versions), name


def test_a_word_the_corpus_never_uses_says_so(judge: Judge) -> None:
    """«ёжик»: no term, no rule or card text with the word; the answer invents no alias."""
    answer = judge.ask("!term ёжик")
    assert not answer.ok and answer.suggestions == [] and not answer.sections
    assert "ни один текст правил или карт его не упоминает" in (answer.error or "")


def test_a_word_only_cards_use_names_those_cards(judge: Judge) -> None:
    """«яд» was «Ряд?»; no term defines poison by that word, so the answer names the cards
    whose texts use it — what the corpus itself relates to it — and no term."""
    answer = judge.ask("!term яд")
    assert not answer.ok and answer.suggestions == [] and answer.term is None
    [cards] = [s.body for s in answer.sections if s.heading == "Встречается в текстах карт"]
    labels = {c.label: c for c in judge.corpus.cards.values()}
    for label in cards.split(" — ")[0].split(", "):
        card = labels[label]
        assert "яд" in f"{card.name} {card.text}".casefold(), label


def test_a_query_that_found_nothing_exactly_is_not_titled_as_an_error(judge: Judge) -> None:
    """«Did you mean» and «not in the corpus» are answers about the query, not failures of the
    bot: their titles say what happened instead of «Ошибка»."""
    assert judge.ask("!term неуязвимость").title == "Уточните термин"
    assert judge.ask("!term ёжик").title == "Нет в корпусе"
