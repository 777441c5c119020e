"""What every check returns: a verdict with its reasons, citations and triggers."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.engine.board import RuleVersion

Verdict = Literal["yes", "no", "unknown"]


@dataclass(frozen=True)
class Cite:
    """A rule the check applied: a term id and which version of it (РП 4.1-2 or glossary)."""

    term: str
    version: RuleVersion = RuleVersion.RP


@dataclass(frozen=True)
class OtherVersionResult:
    """The verdict/value the other rule version would give, with a short note why."""

    version: RuleVersion
    verdict: Verdict | None
    value: Any = None
    note: str = ""


@dataclass(frozen=True)
class CheckResult:
    """A check's answer. ``missing`` names the fact an ``unknown`` verdict lacks."""

    verdict: Verdict
    value: Any = None
    reasons: tuple[str, ...] = ()
    citations: tuple[Cite, ...] = ()
    triggers: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    other_versions: tuple[OtherVersionResult, ...] = ()
    missing: str | None = None
    value_label: str = ""  # what ``value`` is, e.g. «дальность», «результат»
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def with_extra(self, **changes: Any) -> CheckResult:
        return replace(self, **changes)


class Builder:
    """Collects reasons, citations, triggers and warnings while a check runs."""

    def __init__(self) -> None:
        self.reasons: list[str] = []
        self.citations: list[Cite] = []
        self.triggers: list[str] = []
        self.warnings: list[str] = []
        self.other: list[OtherVersionResult] = []
        self.details: dict[str, Any] = {}

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

    def other_version(self, result: OtherVersionResult) -> Builder:
        self.other.append(result)
        return self

    def done(self, verdict: Verdict, value: Any = None, missing: str | None = None,
             value_label: str = "") -> CheckResult:
        if missing and verdict == "unknown":
            self.reasons.append(f"Не хватает факта: {missing}.")
        return CheckResult(
            verdict=verdict, value=value, reasons=tuple(self.reasons),
            citations=tuple(self.citations), triggers=tuple(self.triggers),
            warnings=tuple(self.warnings), other_versions=tuple(self.other), missing=missing,
            value_label=value_label, details=dict(self.details),
        )
