from hypothesis import given
from hypothesis import strategies as st

from bot.commands.parser import MAX_INPUT, clean_input, parse_message
from bot.commands.registry import COMMAND_ALIASES


def test_russian_and_latin_aliases_map_to_one_command() -> None:
    for name, aliases in COMMAND_ALIASES.items():
        for alias in aliases:
            assert parse_message(f"!{alias} x").name == name


def test_args_and_case_insensitive_word() -> None:
    parsed = parse_message("!ТЕРМИН  телепортация  ")
    assert parsed.name == "term"
    assert parsed.args == "телепортация"


def test_question_on_its_own_line() -> None:
    parsed = parse_message("!check\n168 a1\nтелепортация a1 b6")
    assert parsed.name == "check"
    assert parsed.args == "168 a1\nтелепортация a1 b6"


def test_custom_prefix_and_unknown_word() -> None:
    assert parse_message("?card 168", prefix="?").name == "card"
    assert parse_message("!абракадабра 1").name is None


def test_clean_input_strips_controls_and_caps_length() -> None:
    assert clean_input("a\x00b\u200bc\x01") == "abc"
    assert len(clean_input("я" * 10_000)) == MAX_INPUT


@given(st.text(max_size=3000))
def test_parser_never_raises(text: str) -> None:
    parsed = parse_message(text)
    assert len(parsed.args) <= MAX_INPUT
    assert parsed.name is None or parsed.name in COMMAND_ALIASES
