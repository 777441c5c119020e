"""Corpus errors that name file, entry and field — collected, then reported all at once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: ``cause``: a folder or file missing, unreadable or not YAML, or a file invalid as a whole —
#: everything in it is lost, so references to it fail too; ``entry``: one entry is invalid;
#: ``reference``: an id that names nothing (possibly because of a ``cause`` issue).
IssueKind = Literal["cause", "entry", "reference"]


@dataclass(frozen=True)
class CorpusIssue:
    file: str
    entry: str  # e.g. "terms[3] (teleportatsiya)" or "" for the file as a whole
    field: str  # e.g. "versions[0].source"
    message: str
    line: int | None = None  # 1-based line in ``file``, when known
    kind: IssueKind = "entry"

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.entry:
            where += f": {self.entry}"
        if self.field:
            where += f": {self.field}"
        return f"{where}: {self.message}"


def triage(issues: list[CorpusIssue]) -> list[str]:
    """The lines to show: root causes first; when there are any, the unresolved references
    (which may only follow from them) are counted, not listed."""
    causes = [i for i in issues if i.kind == "cause"]
    if not causes:
        return [str(i) for i in issues]
    lines = [str(i) for i in causes] + [str(i) for i in issues if i.kind == "entry"]
    follow_on = sum(1 for i in issues if i.kind == "reference")
    if follow_on:
        lines.append(f"({follow_on} unresolved reference(s) not listed: they may follow from "
                     f"the error(s) above; fix those first)")
    return lines


class CorpusError(Exception):
    """Raised when the corpus cannot be loaded; carries every issue found (``issues``), and
    says the root causes first (:func:`triage`)."""

    def __init__(self, issues: list[CorpusIssue]):
        self.issues = issues
        lines = "\n".join(f"  - {line}" for line in triage(issues))
        super().__init__(f"corpus has {len(issues)} error(s):\n{lines}")

    @property
    def user_message(self) -> str:
        """A short Russian message for users; operators read ``str(self)``."""
        return "База правил повреждена, бот временно не может отвечать. Администратор уже видит ошибки."
