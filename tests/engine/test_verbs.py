"""The verb table (bot/engine/verbs.py): every entry parses, runs and cites its term."""

import pytest

from bot.commands.check import CHECK_HELP
from bot.engine import NotationError, Resolution, check
from bot.engine.notation import split_question
from bot.engine.verbs import BY_ALIAS, BY_NAME, VERBS, Verb, verb_for

POSITION = "? a1, ? b2, ? b3, ? c2, враг ? c3"


def _no_cards(query: str) -> Resolution:
    return Resolution(None)


@pytest.mark.parametrize("verb", VERBS, ids=[v.name for v in VERBS])
def test_every_example_runs_and_cites_the_verbs_term(verb: Verb) -> None:
    parsed, result = check(f"{POSITION} | {verb.example}", _no_cards)
    assert parsed.question.verb == verb.name
    assert result.verdict in ("yes", "no", "unknown")
    assert verb.term in {c.term for c in result.citations}


@pytest.mark.parametrize("verb", VERBS, ids=[v.name for v in VERBS])
def test_every_alias_and_the_shown_word_name_the_verb(verb: Verb) -> None:
    for word in (*verb.aliases, verb.word, verb.word.upper()):
        assert verb_for(word) is verb
    assert verb.example.split()[0] == verb.word
    assert f"`{verb.usage}`" in CHECK_HELP or verb.word in CHECK_HELP


def test_names_and_aliases_are_unique() -> None:
    assert len(BY_NAME) == len(VERBS)
    assert len(BY_ALIAS) == sum(len(v.aliases) for v in VERBS)


def test_missing_and_extra_arguments_quote_the_table() -> None:
    for verb in VERBS:
        with pytest.raises(NotationError) as missing:
            check(f"{POSITION} | {verb.word}", _no_cards)
        assert verb.usage in missing.value.message
    with pytest.raises(NotationError) as extra:
        check(f"{POSITION} | рядом a1 b2 3", _no_cards)
    assert "«рядом A B»" in extra.value.message


def test_a_question_line_is_found_by_any_verb() -> None:
    for verb in VERBS:
        assert split_question(f"? a1\n{verb.aliases[-1]} a1 a2")[1].startswith(verb.aliases[-1])
