"""Lookup behaviour beyond the query set: search, FTS safety, autocomplete, result shape."""

from __future__ import annotations

import pytest

from bot.lookup.lookup import Lookup, fts_query, make_snippet


def test_match_keeps_the_query_and_lists_the_best_first(lookup: Lookup) -> None:
    term = lookup.find_term("тени")
    assert term.query == "тени" and term.best is None
    card = lookup.find_card("тени")
    assert card.best is not None and card.best.id == "50-194"
    assert [c.item.id for c in card.candidates] == ["50-194", "20-30"]


def test_candidate_order_follows_the_ranking(lookup: Lookup) -> None:
    match = lookup.find_term("защита")
    assert match.best is None
    scores = [c.score for c in match.candidates]
    assert scores == sorted(scores, reverse=True)
    assert {c.how for c in match.candidates} == {"prefix"}


def test_fuzzy_candidates_are_listed_but_weak_ones_never_picked(lookup: Lookup) -> None:
    match = lookup.find_term("телепатия")
    assert match.best is None
    assert "teleportatsiya" in [c.item.id for c in match.candidates]
    assert all(c.score < 75 for c in match.candidates if c.how == "fuzzy")


def test_a_bare_number_means_the_default_set(lookup: Lookup) -> None:
    match = lookup.find_card("11")  # the newest set of the corpus: 50
    assert match.best is not None and match.best.id == "50-11"
    assert [(c.item.id, c.how) for c in match.candidates] == [("50-11", "number"), ("10-11", "number")]
    assert lookup.find_card("11", default_set=10).best.id == "10-11"  # type: ignore[union-attr]
    assert [c.id for c in lookup.same_number(lookup.corpus.cards["50-11"])] == ["10-11"]


def test_a_number_the_default_set_lacks_lists_the_sets_that_have_it(lookup: Lookup) -> None:
    match = lookup.find_card("11", default_set=20)
    assert match.best is None
    assert [(c.item.id, c.how) for c in match.candidates] == [("10-11", "number"), ("50-11", "number")]
    only = lookup.find_card("2", default_set=50)  # only «Война стихий» has a 2
    assert only.best is not None and only.best.id == "10-2"


def test_missing_set_number_lists_the_same_number_elsewhere(lookup: Lookup) -> None:
    match = lookup.find_card("НТ 11")
    assert match.best is None
    assert [c.item.id for c in match.candidates] == ["10-11", "50-11"]


def test_known_set_without_cards_in_corpus(lookup: Lookup) -> None:
    assert lookup.find_card("Ложные боги 168").best is None


# --- full-text search -------------------------------------------------------------------

def test_search_finds_terms_and_cards_with_snippets(lookup: Lookup) -> None:
    hits = lookup.search("телепортация")
    ids = [h.id for h in hits]
    assert ids[0] == "teleportatsiya"
    assert "50-168" in ids
    card = next(h for h in hits if h.id == "50-168")
    assert card.kind == "card" and card.title == "«Баалит» (Путь хранителей 168)"
    assert "Телепортация" in card.snippet
    assert all(0 <= h.score <= 100 for h in hits)


def test_search_uses_stems_and_ranks_documents_with_every_word_first(lookup: Lookup) -> None:
    hits = lookup.search("метанием магмы")  # every word in a text (no name has them): 75
    assert hits[0].id == "50-168" and hits[0].score == 75
    assert "магмы" in hits[0].snippet
    assert "metanie" in [h.id for h in hits]


def test_search_by_card_text_and_layout(lookup: Lookup) -> None:
    assert lookup.search("горным")[0].id == "10-2"
    assert lookup.search("ujhysv")[0].id == "10-2"  # «горным» in the wrong layout


def test_search_limit(lookup: Lookup) -> None:
    assert len(lookup.search("клетку", limit=2)) == 2
    assert lookup.search("клетку", limit=0) == []


def test_search_name_only_term(lookup: Lookup) -> None:
    hit = lookup.search("симбиот")[0]
    assert hit.id == "simbiot" and hit.snippet == "Термин известен только по названию."


@pytest.mark.parametrize("query", [
    '"', '""', '"телепортация', "телепортация*", "*", "-телепортация", "телепортация -",
    "NEAR", "NEAR(телепортация ход)", "телепортация OR ход", "OR", "AND", "NOT", "title:ход",
    "body:телепортация", "{title}: ход", "^телепортация", "телепортация + ход", "(", ")",
    "'; DROP TABLE docs; --", "\x00", "docs_fts",
])
def test_fts_syntax_in_queries_is_harmless(lookup: Lookup, query: str) -> None:
    hits = lookup.search(query)
    assert isinstance(hits, list)
    assert lookup.search("телепортация")[0].id == "teleportatsiya"  # the index is intact


def test_fts_query_quotes_every_word() -> None:
    assert fts_query(["телепортац", "ход"], "AND") == '"телепортац" AND "ход"*'
    assert fts_query(['a"b', "в"], "AND") == '"a""b" AND "в"'
    assert fts_query(['в', 'a"b'], "AND") == '"в" AND "a""b"*'
    assert fts_query(["в", "ход"], "OR") == '"ход"*'


def test_snippet_window() -> None:
    text = "Начало. " + "слово " * 60 + "Телепортация здесь. " + "хвост " * 60
    snippet = make_snippet(text, ["телепортац"])
    assert "Телепортация" in snippet and snippet.startswith("…") and snippet.endswith("…")
    assert len(snippet) <= 170
    assert make_snippet("Коротко.", ["нет"]) == "Коротко."
    assert make_snippet("", ["нет"]) == ""


def test_search_without_an_index_file_says_so(lookup: Lookup, tmp_path: object) -> None:
    """Not «nothing found»: a search that cannot run is an error (issue 11)."""
    from pathlib import Path

    import pytest

    from bot.lookup.api import SearchUnavailable

    other = Lookup(lookup.corpus, Path(str(tmp_path)) / "missing.sqlite")
    with pytest.raises(SearchUnavailable):
        other.search("телепортация")


# --- autocomplete -----------------------------------------------------------------------

def test_complete_terms_empty_prefix_is_alphabetical(lookup: Lookup) -> None:
    names = [t.name for t in lookup.complete_terms("")]
    assert len(names) == 25
    assert names[0] == "Атака"
    keys = [n.casefold().replace("ё", "е").lstrip("–") for n in names]
    assert keys == sorted(keys) or names[:3] == ["Атака", "Бестелесность (бестелесный)", "Благословление"]


def test_complete_terms_ranks_like_the_lookup(lookup: Lookup) -> None:
    assert [t.id for t in lookup.complete_terms("движ")] == [
        "dvizhenie", "zapas-dvizheniya", "medlennoe-dvizhenie"]
    assert [t.id for t in lookup.complete_terms("телеп")][:1] == ["teleportatsiya"]
    assert [t.id for t in lookup.complete_terms("ОвЗ")][:1] == ["opyt-v-zashchite"]
    assert [t.id for t in lookup.complete_terms("ntktg")][:1] == ["teleportatsiya"]
    assert [t.id for t in lookup.complete_terms("телепартация")][:1] == ["teleportatsiya"]
    assert [t.id for t in lookup.complete_terms("броня 2")] == ["bronya"]
    assert len(lookup.complete_terms("з", limit=2)) == 2


def test_complete_cards(lookup: Lookup) -> None:
    assert [c.id for c in lookup.complete_cards("")][:3] == ["10-1", "10-2", "10-11"]
    assert [c.id for c in lookup.complete_cards("1")][:3] == ["10-1", "10-11", "50-11"]
    assert [c.id for c in lookup.complete_cards("16")] == ["50-168"]
    assert [c.id for c in lookup.complete_cards("ПХ")] == ["50-11", "50-168", "50-194"]
    assert [c.id for c in lookup.complete_cards("пх 19")] == ["50-194"]
    assert [c.id for c in lookup.complete_cards("баа")] == ["50-168"]
    assert [c.id for c in lookup.complete_cards("тен")] == ["50-194", "20-30"]
    assert [c.id for c in lookup.complete_cards("стрел")] == ["10-11"]
    assert lookup.complete_cards("zzzz") == []


def test_a_one_letter_stem_is_no_prefix_match(shipped_lookup: Lookup) -> None:
    """«zzz» is «яяя» in the Russian layout, which stems to «я»: never «Ярость» as the answer."""
    for query in ("zzz", "яяя"):
        assert shipped_lookup.find_term(query).best is None


def test_every_shipped_name_as_displayed_finds_itself(shipped_lookup: Lookup) -> None:
    """What the bot shows («Действие (карты)», «Заряд Х: [текст]») can be typed back."""
    corpus = shipped_lookup.corpus
    lost = [t.name for t in corpus.terms.values() if shipped_lookup.find_term(t.name).best is not t]
    # a reprinted name («Мантикора»: ВС 21, ПХ 27) means its newest print
    lost += [c.name for c in corpus.cards.values()
             if shipped_lookup.find_card(c.name).best is not corpus.prints_of(c)[0]]
    assert lost == []
