"""Property tests: no text a user can type makes the lookup raise."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.lookup import normalize as nz
from bot.lookup.lookup import Lookup

NASTY = [
    "", " ", "\x00", "\u0001x", "\n\r\t", "@everyone", "@here", "<@123456>", "**жирный** _курсив_",
    "`код`", "```блок```", "> цитата", "😀🔥", "👍🏽", "\u200b\u200d", "\ufeff", '"', '""', "*",
    "-", "--", "NEAR", "NEAR(a b)", "OR", "AND NOT", "a OR b", '"телепортация" OR "*"',
    "^", "(", ")", "{title}:", "title:", "1-2-2-2-2", "-", "+", "--1", "1-", "9" * 50,
    "ё" * 300, "x" * 10_000, "телепортация " * 1000, "ПХ 168 " * 100, "50-", "-168", "0",
    "ПХ", "ПХ ", " 168", "Ⅻ", "١٢٣", "ß", "İ", "ﬁ", "\U0010ffff",
]

texts = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяABCEHKMOPTXabcexopyk 0123456789-\"*()",
            max_size=40),
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=5), st.integers(1, 2500)),
)

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(texts)
def test_find_term_never_raises(lookup: Lookup, text: str) -> None:
    match = lookup.find_term(text)
    assert match.best is None or match.best.id in lookup.corpus.terms
    assert len(match.candidates) <= 5


@SETTINGS
@given(texts)
def test_find_card_never_raises(lookup: Lookup, text: str) -> None:
    match = lookup.find_card(text)
    assert match.best is None or match.best.id in lookup.corpus.cards
    assert len(match.candidates) <= 5


@SETTINGS
@given(texts)
def test_search_never_raises(lookup: Lookup, text: str) -> None:
    hits = lookup.search(text)
    assert len(hits) <= 10
    assert all(h.kind in ("term", "card") for h in hits)


@SETTINGS
@given(texts, st.integers(min_value=-5, max_value=100))
def test_complete_never_raises(lookup: Lookup, text: str, limit: int) -> None:
    assert len(lookup.complete_terms(text)) <= 25
    assert len(lookup.complete_cards(text)) <= 25
    lookup.complete_terms(text, limit=limit)
    lookup.complete_cards(text, limit=limit)


@SETTINGS
@given(texts)
def test_normalisation_is_idempotent_and_clean(text: str) -> None:
    folded = nz.fold(text)
    assert nz.fold(folded) == folded
    assert folded == folded.strip() and "  " not in folded
    assert all(c.isalnum() or c in " -+" for c in folded)
