"""Fuzzing the entry points users reach: ``ask`` (any text, any command), JSON Lines (any
bytes), ``!check`` positions built from the notation's own words, and the notation parser."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.cli import answer_stream
from bot.commands.check import lookup_resolver
from bot.engine.notation import NotationError, parse_check
from fuzz.budget import FUZZ, assert_discord_pages, assert_sound

COMMANDS = ["!term ", "!card ", "!search ", "!check ", "!case ", "!help ", "!sources", "!",
            "/term ", "!термин ", "!проверка ", "", "!карта ", "!поиск "]
WORDS = ["телепортация", "прыжок", "168", "194", "ПХ", "Баалит", "тень", "дальность", "все",
         "ряд", "|", ",", "\n", "?", "враг", "a1", "b6", "летает", "закрыт", "ё", "ОвЗ", "-1",
         "@everyone", "<@1>", "```", "**", "\u200b", "\x00", "🙂", "Ⅻ", "ß", "İ", "ﬁ", "9" * 30]

text_like = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1900, max_size=2300),
)


@FUZZ
@given(command=st.sampled_from(COMMANDS), body=text_like)
def test_ask_any_text(judge: Any, command: str, body: str) -> None:
    answer = judge.ask(command + body)
    assert_sound(answer)
    assert_discord_pages(answer)


@FUZZ
@given(data=st.one_of(st.binary(max_size=600),
                      st.lists(st.sampled_from([w.encode() for w in WORDS] + [
                          b"\n", b"\r\n", b"\xff", b"\xd0", b"\xef\xbb\xbf", b"\x00", b"!term "]),
                               max_size=40).map(b"".join)))
def test_json_lines_any_bytes(judge: Any, data: bytes) -> None:
    lines = io.BytesIO(data).readlines()  # what iterating over standard input yields
    out = list(answer_stream(judge, io.BytesIO(data)))
    assert len(out) == len(lines)  # one answer per line, blank ones included
    for number, text in enumerate(out, start=1):
        assert "\n" not in text
        text.encode("utf-8")  # strict
        answer = json.loads(text)
        assert answer["line"] == number and isinstance(answer["ok"], bool)


CELLS = [f"{c}{r}" for c in "abcde" for r in range(1, 7)] + ["а1", "д6", "в3", "a0", "a7", "f1",
                                                            "z9", "летает", "", "a", "11"]
CARDS = ["?", "168", "194", "Баалит", "Тень", "14", "1", "999", "ПХ 168", "Мантикора", "абв"]
STATES = ["закрыт", "двигался", "движение", "раны", "фишки", "жетоны", "летает", "враг"]
VERBS = ["дальность", "рядом", "движение", "прыжок", "телепортация", "манёвр", "метание",
         "выстрел", "разряд", "строй", "кубик", "отравление", "излечение", "добивание",
         "вампиризм", "трупоедство", "полёт", "jump"]
numbers = st.one_of(st.integers(-3, 12), st.integers(-10**12, 10**12)).map(str)

placement = st.tuples(
    st.sampled_from(["", "враг ", "противник "]), st.sampled_from(CARDS), st.sampled_from(CELLS),
    st.lists(st.one_of(st.sampled_from(STATES), numbers), max_size=4).map(" ".join),
).map(lambda t: f"{t[0]}{t[1]} {t[2]} {t[3]}".strip())

question = st.tuples(
    st.sampled_from(VERBS),
    st.lists(st.one_of(st.sampled_from(CELLS), numbers, st.sampled_from(["1-2-2", "+1", "-1",
                                                                         "1-2", "x"])),
             max_size=5).map(" ".join),
).map(" ".join)

position_text = st.tuples(
    st.one_of(st.lists(placement, max_size=12), st.lists(placement, min_size=25, max_size=90)),
    st.sampled_from([", ", "; ", "\n", ","]),
    st.sampled_from([" | ", "\n", " || ", " "]), question,
).map(lambda t: t[1].join(t[0]) + t[2] + t[3])


@FUZZ
@given(text=position_text)
def test_check_positions(judge: Any, text: str) -> None:
    answer = judge.ask("!check " + text)
    assert_sound(answer)
    assert_discord_pages(answer)
    if answer.ok:
        assert answer.verdict in ("yes", "no", "unknown") and answer.board


@FUZZ
@given(text=st.one_of(position_text, st.text(max_size=200)))
def test_the_notation_parser_raises_only_notation_errors(judge: Any, text: str) -> None:
    try:
        parse_check(text, lookup_resolver(judge.lookup))
    except NotationError as exc:
        assert exc.message and len(exc.message) <= 600
