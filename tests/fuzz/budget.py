"""What every fuzzed answer must satisfy, whatever the input: no internal error, valid JSON
that encodes as strict UTF-8, and a bounded size on every surface.

Hypothesis profiles: ``FUZZ_PROFILE=ci`` (the default: modest example counts, so ``make test``
stays fast) or ``FUZZ_PROFILE=deep`` (a thousand examples per target, for a long local or
nightly run: ``FUZZ_PROFILE=deep .venv/bin/pytest tests/fuzz``)."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, settings

from bot.answers import Answer
from bot.answers.json import render_json
from bot.answers.text import render_text

_COMMON = {"deadline": None, "print_blob": True,
           "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                     HealthCheck.data_too_large]}
settings.register_profile("fuzz-ci", max_examples=40, **_COMMON)
settings.register_profile("fuzz-deep", max_examples=1000, **_COMMON)
#: The fuzz profile of this run.
FUZZ = settings.get_profile("fuzz-" + os.environ.get("FUZZ_PROFILE", "ci"))

#: The longest plain-text answer any input may produce (the check answer of a full board with
#: every rule quoted stays well under it; 150 pieces once made 23 KB).
MAX_TEXT = 8000
#: Discord pages one answer may take.
MAX_PAGES = 8


def assert_sound(answer: Answer) -> None:
    """No traceback behind the answer, and the answer bounded and printable."""
    assert isinstance(answer, Answer)
    assert not (answer.error or "").startswith("Внутренняя ошибка"), answer.error
    text = render_text(answer, markdown=False)
    assert len(text) <= MAX_TEXT, f"{len(text)} characters"
    data = json.loads(render_json(answer))
    render_json(answer).encode("utf-8")  # strict: no lone surrogates
    assert data["ok"] is answer.ok and isinstance(data["text"], str)
    if answer.verdict is not None:
        assert answer.verdict in ("yes", "no", "unknown")


def assert_discord_pages(answer: Answer) -> None:
    from bot.chat.render import PAGE_CHARS, check_embed_limits, full_rules_pages, render_pages

    pages = render_pages(answer)
    assert 1 <= len(pages) <= MAX_PAGES, f"{len(pages)} pages"
    assert len(pages[0]) <= PAGE_CHARS, f"first page {len(pages[0])} characters"
    for page in [*pages, *full_rules_pages(answer)]:
        assert not check_embed_limits(page)
