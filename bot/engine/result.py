"""What every check returns: a verdict with its reasons, citations and triggers.

The verdict types (:mod:`bot.verdict`) are shared upward with the answer model.

>>> r = Builder().reason("от a1 до a3: 2 клетки.").done("yes", 2, value_label="дальность")
>>> r.verdict, r.value, r.reasons, verdict_word(r.verdict)
('yes', 2, ('От a1 до a3: 2 клетки.',), 'Можно')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.engine.board import RuleVersion
from bot.verdict import (
    VERDICT_WORDS,
    OtherVersion,
    Value,
    Verdict,
    missing_reason,
    verdict_of,
    verdict_word,
)

__all__ = ["VERDICT_WORDS", "Builder", "CheckResult", "Cite", "OtherVersion", "Value", "Verdict",
           "missing_reason", "verdict_of", "verdict_word"]

@dataclass(frozen=True)
class Cite:
    """A rule the check applied: a term id and which version of it (РП 4.1-2 or glossary)."""

    term: str
    version: RuleVersion = RuleVersion.RP


@dataclass(frozen=True)
class CheckResult:
    """A check's answer. ``missing`` names the fact an ``unknown`` verdict lacks."""

    verdict: Verdict
    value: Value = None
    reasons: tuple[str, ...] = ()
    citations: tuple[Cite, ...] = ()
    triggers: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    other_versions: tuple[OtherVersion, ...] = ()
    missing: str | None = None
    value_label: str = ""  # what ``value`` is, e.g. «дальность», «результат»
    reach: int | None = None  # the range or jump radius applied (drawn on the board picture)

    def unknown(self, missing: str) -> CheckResult:
        """This result made «unknown» for lack of ``missing``, which its reasons then name."""
        return replace(self, verdict="unknown", missing=missing,
                       reasons=(*self.reasons, missing_reason(missing)))


class Builder:
    """Collects reasons, citations, triggers and warnings while a check runs."""

    def __init__(self) -> None:
        self.reasons: list[str] = []
        self.citations: list[Cite] = []
        self.triggers: list[str] = []
        self.warnings: list[str] = []
        self.other: list[OtherVersion] = []
        self.reach: int | None = None

    def reason(self, text: str) -> Builder:
        if text[:1] and "а" <= text[0] <= "я":  # a sentence, not a cell name like «b2»
            text = text[0].upper() + text[1:]
        self.reasons.append(text)
        return self

    def cite(self, term: str, version: RuleVersion = RuleVersion.RP) -> Builder:
        c = Cite(term, version)
        if c not in self.citations:
            self.citations.append(c)
        return self

    def warn(self, text: str) -> Builder:
        if text not in self.warnings:
            self.warnings.append(text)
        return self

    def trigger(self, text: str) -> Builder:
        self.triggers.append(text)
        return self

    def other_version(self, result: OtherVersion) -> Builder:
        self.other.append(result)
        return self

    def done(self, verdict: Verdict, value: Value = None, missing: str | None = None,
             value_label: str = "") -> CheckResult:
        if missing and verdict == "unknown":
            self.reasons.append(missing_reason(missing))
        return CheckResult(
            verdict=verdict, value=value, reasons=tuple(self.reasons),
            citations=tuple(self.citations), triggers=tuple(self.triggers),
            warnings=tuple(self.warnings), other_versions=tuple(self.other), missing=missing,
            value_label=value_label, reach=self.reach,
        )
