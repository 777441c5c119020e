"""``!case [N]``: the case library — canonical positions with their rulings.

``cases/rulings.yaml`` (under the root the Judge was opened with) holds positions in the ``!check`` notation with the expected verdict;
the tests run every case, and users can list them (``!case``) or run one (``!case 3``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from bot import PROJECT_ROOT
from bot.answers import Answer, Section
from bot.commands.check import answer_check, lookup_resolver
from bot.commands.context import Context
from bot.corpus.yamlio import read_yaml
from bot.ru import echo
from bot.verdict import VERDICT_WORDS

COMMAND = "case"
CASES_PATH = Path("cases") / "rulings.yaml"
CASES_FILE = PROJECT_ROOT / CASES_PATH
LIST_LIMIT = 80


@dataclass(frozen=True)
class Case:
    """One ruling: ``check`` is the ``!check`` text, ``expect`` the expected outcome."""

    number: int
    title: str
    check: str
    expect: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    note: str = ""
    topics: tuple[str, ...] = ()


def load_cases(path: Path = CASES_FILE) -> list[Case]:
    """The case library, in file order; raises ``ValueError`` naming a malformed case."""
    return list(_load(path, path.stat().st_mtime_ns if path.exists() else 0))


@cache
def _load(path: Path, _stamp: int) -> tuple[Case, ...]:
    if not path.exists():
        return ()
    data = read_yaml(path) or {}
    cases = []
    for i, raw in enumerate(data.get("cases") or [], start=1):
        if not isinstance(raw, dict) or not raw.get("check") or not raw.get("title"):
            raise ValueError(f"{path.name}: cases[{i - 1}]: needs 'title' and 'check'")
        number = int(raw.get("id", i))
        cases.append(Case(number=number, title=str(raw["title"]), check=str(raw["check"]),
                          expect=dict(raw.get("expect") or {}), note=str(raw.get("note", "")),
                          topics=tuple(raw.get("topics") or ())))
    numbers = [c.number for c in cases]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"{path.name}: duplicate case ids")
    return tuple(cases)


def handle(ctx: Context, args: str) -> Answer:
    cases = load_cases(ctx.root / CASES_PATH)
    if not cases:
        return Answer.failure(COMMAND, "Библиотека случаев пуста.")
    arg = args.strip().lstrip("№#")
    if not arg:
        return _list(cases)
    if not arg.isdigit():
        return Answer.failure(COMMAND, f"«{echo(arg)}» — не номер случая. Напишите `!case`, чтобы "
                              "увидеть список, или `!case 1`.")
    case = next((c for c in cases if c.number == int(arg)), None)
    if case is None:
        return Answer.failure(COMMAND, f"Нет случая №{echo(arg)}: есть №{cases[0].number}–"
                              f"{cases[-1].number}. Список: `!case`.")
    return run_case(ctx, case)


def run_case(ctx: Context, case: Case) -> Answer:
    answer = answer_check(ctx.corpus, case.check, lookup_resolver(ctx.lookup), command=COMMAND)
    head = [Section("Позиция и вопрос", f"`!check {case.check}`")]
    if case.note:
        head.append(Section("Разбор", case.note))
    warnings = list(answer.warnings)
    expected = case.expect.get("verdict")
    if answer.ok and expected and expected != answer.verdict:
        warnings.append(f"Ожидался вердикт «{VERDICT_WORDS.get(expected, expected)}» — "
                        "случай расходится с библиотекой, сообщите разработчикам.")
    return replace(answer, title=f"Случай №{case.number}: {case.title}",
                   sections=head + answer.sections, warnings=warnings,
                   extra={**answer.extra, "case": case.number})


def _list(cases: list[Case]) -> Answer:
    lines = []
    for c in cases[:LIST_LIMIT]:
        verdict = VERDICT_WORDS.get(str(c.expect.get("verdict", "")), "")
        value = c.expect.get("value")
        outcome = f"Результат: {value}" if c.expect.get("kind") == "value" else verdict
        lines.append(f"{c.number}. {c.title}" + (f" — {outcome}" if outcome else ""))
    answer = Answer(command=COMMAND, title="Разобранные случаи",
                    summary=f"Канонических позиций с вердиктами: {len(cases)}. "
                            "Запустить: `!case N`.")
    for i, chunk in enumerate(_chunks(lines)):
        answer.sections.append(Section("Случаи" if i == 0 else "", chunk))
    answer.results = [{"id": c.number, "title": c.title, "check": c.check,
                       "verdict": c.expect.get("verdict")} for c in cases]
    return answer


def _chunks(lines: list[str], limit: int = 1000) -> list[str]:
    """Lines grouped into blocks of at most ``limit`` characters (an embed field each)."""
    chunks: list[str] = []
    current: list[str] = []
    for line in lines:
        if current and len("\n".join([*current, line])) > limit:
            chunks.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        chunks.append("\n".join(current))
    return chunks
