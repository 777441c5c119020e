"""Every example of the README and of `!help` fits a first page a reader takes in at a glance
(≤ 1,500 characters), with the verdict, the board and the reasons of a `!check` on it; quoted
rules are cut to the sentences that decided the verdict, the full texts a button away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.answers.text import render_text
from bot.chat.render import BOARD_HEADING, PAGE_CHARS, full_rules_pages, render_pages
from bot.commands.excerpt import EXCERPT
from bot.commands.judge import Judge
from bot.commands.registry import COMMANDS

_EXAMPLE = re.compile(r"`(![^`\n]+)`")
HEADLINE = "!check 168 a1, враг ? c6, враг ? e2 | телепортация a1 b6"


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    from bot.rulings.store import open_local

    root = Path(tmp_path_factory.mktemp("rulings"))
    judge = Judge.open(PROJECT_ROOT, root / "index")
    judge.use_rulings(open_local(root))  # `!ruling …` examples record into a scratch store
    return judge


def examples(judge: Judge) -> list[str]:
    """The `!…` examples of the README and of every `!help` answer."""
    found = {m.group(1).replace("\\|", "|") for m in
             _EXAMPLE.finditer((PROJECT_ROOT / "README.md").read_text(encoding="utf-8"))}
    for topic in ["", *(c.name for c in COMMANDS)]:
        found.add(f"!help {topic}".strip())
        text = render_text(judge.ask(f"!help {topic}"), markdown=False)
        found |= {m.group(1) for m in _EXAMPLE.finditer(text)}
    return sorted(found)


def test_there_are_examples_of_every_command(judge: Judge) -> None:
    found = examples(judge)
    assert HEADLINE in found and "!term телепортация" in found and "!card 168" in found
    for command in COMMANDS:
        assert any(e.split()[0] == f"!{command.name}" for e in found), command.name


def test_every_example_fits_its_first_page(judge: Judge) -> None:
    too_long = {}
    for example in examples(judge):
        first = render_pages(judge.ask(example))[0]
        if len(first) > PAGE_CHARS:
            too_long[example] = len(first)
    assert not too_long


def test_a_check_shows_verdict_board_and_reasons_first(judge: Judge) -> None:
    answer = judge.ask(HEADLINE)
    first = render_pages(answer)[0]
    assert first.description and first.description.startswith("Можно")
    names = [f.name for f in first.fields]
    assert names[:2] == [BOARD_HEADING, "Почему"]
    assert len(render_pages(answer)) > 1  # the quoted rules follow on later pages


def test_quoted_rules_are_cut_to_the_deciding_sentences(judge: Judge) -> None:
    """The headline answer quoted five whole rules (4,185 characters in all)."""
    answer = judge.ask(HEADLINE)
    teleport = next(s for s in answer.sections if s.heading.startswith("Правило: Телепортация"))
    whole = judge.corpus.terms["teleportatsiya"].current
    assert whole is not None and teleport.full == f"«{' '.join(whole.text.split())}»"
    assert len(teleport.body) < len(teleport.full) / 2
    assert "Только наземные существа могут иметь и использовать телепортацию." in teleport.body
    assert "…" in teleport.body
    quoted = [sec for sec in answer.sections if sec.heading.startswith("Правило:")]
    assert all(len(sec.body) <= EXCERPT + 2 for sec in quoted)  # «…» around the excerpt
    brief, full = render_text(answer, markdown=False), render_text(answer, markdown=False, full=True)
    assert len(brief) < 0.8 * len(full)
    assert " ".join(whole.text.split()) in full


def test_the_full_rules_button_shows_every_quoted_rule_whole(judge: Judge) -> None:
    from bot.chat.views import AnswerView, make_view

    answer = judge.ask(HEADLINE)
    pages = full_rules_pages(answer)
    text = " ".join(f.value for page in pages for f in page.fields)
    for section in answer.sections:
        if section.full:
            assert section.full[1:40] in text, section.heading
    view = make_view(answer, render_pages(answer), owner_id=1, rerun=None)  # type: ignore[arg-type]
    assert isinstance(view, AnswerView)
    assert "Полный текст правил" in [getattr(item, "label", None) for item in view.children]
