"""Corpus errors that name file, entry and field — collected, then reported all at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CorpusIssue:
    file: str
    entry: str  # e.g. "terms[3] (teleportatsiya)" or "" for the file as a whole
    field: str  # e.g. "versions[0].source"
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.entry:
            where += f": {self.entry}"
        if self.field:
            where += f": {self.field}"
        return f"{where}: {self.message}"


class CorpusError(Exception):
    """Raised when the corpus cannot be loaded; carries every issue found."""

    def __init__(self, issues: list[CorpusIssue]):
        self.issues = issues
        lines = "\n".join(f"  - {issue}" for issue in issues)
        super().__init__(f"corpus has {len(issues)} error(s):\n{lines}")

    @property
    def user_message(self) -> str:
        """A short Russian message for users; operators read ``str(self)``."""
        return "База правил повреждена, бот временно не может отвечать. Администратор уже видит ошибки."
