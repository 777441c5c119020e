"""Re-run recorded rulings against the current corpus and say which ones changed.

A ruling changed when its check now gives another verdict, cites other rules, or cites a rule
whose text changed (its digest differs), or when the check no longer runs at all (a card left
the corpus). Unchanged rulings are not listed.

>>> from bot.rulings.store import example
>>> ruling = example()
>>> [c.line for c in recheck([ruling], lambda text: Outcome("yes", ()))]
['№0: вердикт «Нельзя» → «Можно»']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.ru import count, plural
from bot.rulings.model import CitedRule, Ruling
from bot.verdict import VERDICT_WORDS, Verdict


@dataclass(frozen=True)
class Outcome:
    """What a check gives now: its verdict and cited rules, or the error it fails with."""

    verdict: Verdict | None
    citations: tuple[CitedRule, ...]
    error: str | None = None


@dataclass(frozen=True)
class Change:
    ruling: Ruling
    now: Outcome

    @property
    def verdict_changed(self) -> bool:
        return self.now.verdict != self.ruling.verdict

    @property
    def added(self) -> list[CitedRule]:
        before = {(c.term, c.source) for c in self.ruling.citations}
        return [c for c in self.now.citations if (c.term, c.source) not in before]

    @property
    def removed(self) -> list[CitedRule]:
        now = {(c.term, c.source) for c in self.now.citations}
        return [c for c in self.ruling.citations if (c.term, c.source) not in now]

    @property
    def reworded(self) -> list[CitedRule]:
        """Rules cited both times whose quoted text changed."""
        before = {(c.term, c.source): c.digest for c in self.ruling.citations}
        return [c for c in self.now.citations
                if (c.term, c.source) in before and before[(c.term, c.source)] != c.digest]

    @property
    def changed(self) -> bool:
        return bool(self.now.error or self.verdict_changed or self.added or self.removed
                    or self.reworded)

    @property
    def line(self) -> str:
        """One line for users: «№3: вердикт «Нельзя» → «Можно»; правила: + Прыжок (…)»."""
        head = f"№{self.ruling.number}"
        if self.now.error:
            return f"{head}: проверка больше не выполняется — {self.now.error}"
        parts = []
        if self.verdict_changed:
            was, now = VERDICT_WORDS[self.ruling.verdict], VERDICT_WORDS.get(self.now.verdict or "", "—")
            parts.append(f"вердикт «{was}» → «{now}»")
        rules = ([f"+ {c.label}" for c in self.added] + [f"− {c.label}" for c in self.removed]
                 + [f"изменён текст: {c.label}" for c in self.reworded])
        if rules:
            parts.append("правила: " + ", ".join(rules))
        return f"{head}: " + "; ".join(parts)


def recheck(rulings: Iterable[Ruling], run: Callable[[str], Outcome]) -> list[Change]:
    """The rulings whose check gives another verdict or citations now, in the given order."""
    changes = []
    for ruling in rulings:
        change = Change(ruling, run(ruling.check))
        if change.changed:
            changes.append(change)
    return changes


def report(changes: list[Change], corpus_version: str, limit: int = 50) -> str:
    """The list for judges: a line per changed ruling (at most ``limit``, then how many more).

    >>> from bot.rulings.store import example
    >>> print(report([Change(example(), Outcome("yes", ()))], "0123456789abcdef"))
    Правила обновились (версия корпуса 0123456789ab): 1 решение теперь получает другой ответ.
    №0: вердикт «Нельзя» → «Можно»
    """
    if not changes:
        return f"Правила обновились (версия корпуса {corpus_version[:12]}): все решения в силе."
    n = len(changes)
    rulings = count(n, "решение", "решения", "решений")
    verb = plural(n, "получает", "получают", "получают")
    head = (f"Правила обновились (версия корпуса {corpus_version[:12]}): {rulings} теперь "
            f"{verb} другой ответ.")
    lines = [c.line for c in changes[:limit]]
    if n > limit:
        lines.append(f"…и ещё {n - limit}: `berserk-judge recheck` покажет все.")
    return "\n".join([head, *lines])
