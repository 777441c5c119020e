"""Render an :class:`Answer` as the JSON object of SPEC §6."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from bot.answers.model import Answer
from bot.answers.text import render_text


def answer_to_dict(answer: Answer, line: int | None = None, full: bool = False) -> dict[str, Any]:
    """The JSON object of SPEC §6; ``line``: the input line it answers (JSON Lines); ``full``:
    ``text`` quotes each cited rule whole (see :func:`~bot.answers.text.render_text`)."""
    out: dict[str, Any] = {
        "ok": answer.ok,
        "command": answer.command,
        "title": answer.title,
        "text": render_text(answer, markdown=False, full=full),
        "suggestions": list(answer.suggestions),
        "term": answer.term,
        "card": answer.card,
        "results": answer.results,
        "verdict": answer.verdict,
        "value": answer.value,
        "triggers": list(answer.triggers),
        "warnings": list(answer.warnings),
        "citations": [{"term": c.term, "source": c.source} for c in answer.citations],
        "other_versions": [
            {"source": o.source, "verdict": o.verdict, "value": o.value}
            for o in answer.other_versions
        ],
        "error": answer.error,
    }
    if line is not None:
        out["line"] = line
    if answer.board is not None:
        out["board"] = answer.board
    if answer.ruling is not None:
        out["ruling"] = answer.ruling
    if answer.paging is not None:
        out["paging"] = asdict(answer.paging)
    if answer.extra:
        out["extra"] = answer.extra
    return out


def render_json(answer: Answer, line: int | None = None, full: bool = False) -> str:
    return json.dumps(answer_to_dict(answer, line, full), ensure_ascii=False, default=_default)


def _default(obj: Any) -> Any:
    if hasattr(obj, "__dataclass_fields__"):
        return asdict(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")
