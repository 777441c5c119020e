"""Three-valued facts about a position: true, false, or unknown for lack of a named fact.

A position in the notation says who stands where, closed or not, with how many wounds,
counters and tokens; it does not say whose turn it is, what a die showed or which cards of a
squad are off the board. What the engine cannot settle is :meth:`Truth.unknown` with the fact
that would settle it, so that a verdict built on it says «Неизвестно» and names that fact.

>>> closed, counters = Truth.of(False, "существо открыто"), Truth.unknown("сколько фишек")
>>> all_of(closed, counters).value, any_of(Truth.of(True), counters).value
(False, True)
>>> all_of(Truth.of(True), counters).missing
'сколько фишек'
>>> any_of(counters, Truth.unknown("что выпало на кубике")).missing
'сколько фишек; что выпало на кубике'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Truth:
    """``value`` None means unknown: ``missing`` names the fact. ``why`` says, in Russian,
    what was found (a reason for the answer), when there is something to say."""

    value: bool | None
    missing: str = ""
    why: str = ""

    @classmethod
    def of(cls, value: bool, why: str = "") -> Truth:
        return cls(value, "", why)

    @classmethod
    def unknown(cls, missing: str, why: str = "") -> Truth:
        return cls(None, missing, why)

    @property
    def known(self) -> bool:
        return self.value is not None

    def __bool__(self) -> bool:  # a Truth is not a bool: say .value, so unknown is never lost
        raise TypeError("use Truth.value (True, False or None)")

    def negated(self, why: str = "") -> Truth:
        return self if self.value is None else Truth(not self.value, "", why or self.why)


TRUE = Truth.of(True)
FALSE = Truth.of(False)


def all_of(truths: Iterable[Truth] | Truth, *more: Truth) -> Truth:
    """False when one is false; else unknown when one is unknown (every unknown fact named,
    so an answer never suggests that one fact would settle it); else true."""
    return _combine(truths, more, decisive=False)


def any_of(truths: Iterable[Truth] | Truth, *more: Truth) -> Truth:
    """True when one is true; else unknown when one is unknown (every unknown fact named);
    else false."""
    return _combine(truths, more, decisive=True)


def _combine(truths: Iterable[Truth] | Truth, more: tuple[Truth, ...], decisive: bool) -> Truth:
    """The first fact whose value is ``decisive``; else the unknown ones, their facts joined;
    else the only fact, or the plain opposite of ``decisive`` (an empty «all» is true, an
    empty «any» false)."""
    items = [truths, *more] if isinstance(truths, Truth) else [*truths, *more]
    unknown: list[Truth] = []
    for t in items:
        if t.value is decisive:
            return t
        if t.value is None:
            unknown.append(t)
    if len(unknown) == 1:
        return unknown[0]
    if unknown:
        facts = list(dict.fromkeys(t.missing for t in unknown if t.missing))
        return Truth.unknown("; ".join(facts), unknown[0].why)
    return items[0] if len(items) == 1 else Truth.of(not decisive)
