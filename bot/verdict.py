"""Verdicts, shared by the engine's results and the answer model (which imports them from here,
the lower layer): the verdict values, how they are said, and another rules version's verdict.

It sits below both, beside :mod:`bot.ru`, so that the answer model does not load the engine.

>>> verdict_word(verdict_of(2 <= 3)), OtherVersion("глоссарий", "no", 5).value
('Можно', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # only in annotations: loading the board is left to the engine
    from bot.engine.board import RuleVersion

Verdict = Literal["yes", "no", "unknown"]
#: A check's value: a distance, units of movement, a die result; None when it has none.
Value = int | None

#: How each verdict is said to users.
VERDICT_WORDS: dict[str, str] = {"yes": "Можно", "no": "Нельзя", "unknown": "Неизвестно"}


def verdict_word(verdict: Verdict) -> str:
    """«Можно», «Нельзя» or «Неизвестно»."""
    return VERDICT_WORDS[verdict]


def verdict_of(ok: bool) -> Verdict:
    """«yes» when ``ok``, else «no»."""
    return "yes" if ok else "no"


def missing_reason(missing: str) -> str:
    """The reason an «unknown» verdict gives: the fact it lacks."""
    return f"Не хватает факта: {missing}."


@dataclass(frozen=True)
class OtherVersion:
    """The verdict/value another rules text gives, with a short note why.

    ``source`` names that text: the engine writes the rule version's label («глоссарий»); an
    answer shows the source's title from the corpus («Глоссарий терминов (сайт)»).
    """

    source: str
    verdict: Verdict | None
    value: Value = None
    text: str = ""
    version: RuleVersion | None = None

    @classmethod
    def of(cls, version: RuleVersion, verdict: Verdict | None, value: Value = None,
           note: str = "") -> OtherVersion:
        return cls(version.label, verdict, value, note, version)
