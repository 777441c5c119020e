"""``!ruling <check>`` records a check as a numbered ruling; ``!ruling N`` recalls it; a judge
adds ``!ruling N заметка …`` or ``!ruling N отменить <причина>``; ``!rulings [page]`` lists them.

A ruling keeps the question, the position, the verdict, the cited rules with their sources and
a digest of their text, the corpus version, who asked, when and where (SPEC §6). Rulings are
numbered per server; the console and ``ask`` keep theirs in a local store. Recalling a ruling
shows it as recorded (board picture included), never re-judged: ``berserk-judge recheck``
re-runs them against the current corpus.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from bot.answers import Answer, Section
from bot.commands.check import answer_check, lookup_resolver
from bot.commands.context import Context
from bot.corpus.model import Corpus
from bot.engine.result import verdict_word
from bot.picture.scene import scene_from_data, scene_to_data
from bot.ru import echo
from bot.rulings.model import CitedRule, Note, Ruling, digest
from bot.rulings.recheck import Change, Outcome, recheck
from bot.rulings.store import PAGE_SIZE, RulingStore

COMMAND = "ruling"
LIST_COMMAND = "rulings"
NOTE_WORDS = frozenset({"note", "заметка", "примечание", "комментарий"})
OVERTURN_WORDS = frozenset({"overturn", "отменить", "отмена", "отменяю"})
USAGE = ("Запись решения: `!ruling <позиция> | <вопрос>` (как `!check`). Показать: `!ruling 3`. "
         "Судьи: `!ruling 3 заметка <текст>`, `!ruling 3 отменить <причина>`. Список: `!rulings`.")
NO_STORE = ("Решения ведутся для сервера: запишите решение в канале сервера, а не в личных "
            "сообщениях.")
JUDGES_ONLY = ("Заметки и отмену решений добавляют только судьи: роль судей задаётся в настройках "
               "сервера (`!settings judges @роль`).")

_NUMBER = re.compile(r"^[№#]?\s*(\d{1,9})$")
_ACTION = re.compile(r"^[№#]?\s*(\d{1,9})\s+(\S+)\s*(.*)$", re.DOTALL)


def handle(ctx: Context, args: str) -> Answer:
    text = args.strip()
    if not text:
        return Answer.failure(COMMAND, "Пустой запрос. " + USAGE)
    store = ctx.rulings
    if store is None or ctx.caller.scope is None:
        return Answer.failure(COMMAND, NO_STORE)
    if (m := _NUMBER.match(text)) is not None:
        return recall(ctx, store, int(m.group(1)))
    m = _ACTION.match(text)
    if m is not None and m.group(2).casefold() in NOTE_WORDS | OVERTURN_WORDS:
        kind = "note" if m.group(2).casefold() in NOTE_WORDS else "overturn"
        return annotate(ctx, store, int(m.group(1)), kind, m.group(3).strip())
    return record(ctx, store, text)


def handle_list(ctx: Context, args: str) -> Answer:
    """``!rulings [страница]``: the newest rulings of this server, ``PAGE_SIZE`` a page."""
    store = ctx.rulings
    if store is None or ctx.caller.scope is None:
        return Answer.failure(LIST_COMMAND, NO_STORE)
    word = args.strip()
    if word and not word.isdigit():
        return Answer.failure(LIST_COMMAND, f"«{echo(word, 20)}» — не номер страницы. "
                                            "Пример: `!rulings 2`.")
    page = max(int(word or 1), 1)
    rulings, total = store.page(ctx.caller.scope, page)
    pages = max((total + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    answer = Answer(command=LIST_COMMAND, title=f"Решения · стр. {min(page, pages)} из {pages}")
    if not total:
        answer.summary = "Решений пока нет. Записать: `!ruling <позиция> | <вопрос>`."
        return answer
    if not rulings:
        answer.summary = f"Страницы {page} нет: всего решений {total}, страниц {pages}."
        return answer
    answer.summary = "\n".join(_list_line(r) for r in rulings)
    more = f" Дальше: `!rulings {page + 1}`." if page < pages else ""
    answer.footer = f"Всего решений: {total}.{more} Подробно: `!ruling N`."
    answer.results = [ruling_data(r) for r in rulings]
    return answer


# ---------------------------------------------------------------------------------------------
# Record, recall, annotate


def record(ctx: Context, store: RulingStore, text: str) -> Answer:
    """Run the check; when it answers, record it and return its answer as the ruling."""
    answer = answer_check(ctx.corpus, text, lookup_resolver(ctx.lookup), command=COMMAND)
    if not answer.ok:
        return replace(answer, error=f"{answer.error}\nРешение не записано.")
    caller = ctx.caller
    assert caller.scope is not None
    ruling = store.record(Ruling(
        scope=caller.scope, number=0, check=text, question=_question(answer),
        position=answer.board or "", verdict=answer.verdict or "unknown", value=_int(answer.value),
        summary=answer.summary, citations=cited_rules(ctx.corpus, answer),
        corpus_version=ctx.corpus.content_hash, asked_by=caller.user, asked_by_id=caller.user_id,
        channel=caller.channel, channel_id=caller.channel_id, created_at=time.time(),
        picture=scene_to_data(answer.picture) if answer.picture else None))
    return replace(answer, title=f"{ruling.label} записано · {answer.title}",
                   footer=_recorded_line(ruling), ruling=ruling_data(ruling))


def recall(ctx: Context, store: RulingStore, number: int) -> Answer:
    assert ctx.caller.scope is not None
    ruling = store.get(ctx.caller.scope, number)
    if ruling is None:
        return _missing(store, ctx.caller.scope, number)
    return ruling_answer(ctx.corpus, ruling)


def annotate(ctx: Context, store: RulingStore, number: int, kind: str, text: str) -> Answer:
    caller = ctx.caller
    assert caller.scope is not None
    if not caller.judge:
        return Answer.failure(COMMAND, JUDGES_ONLY)
    ruling = store.get(caller.scope, number)
    if ruling is None:
        return _missing(store, caller.scope, number)
    if not text:
        what = "текст заметки" if kind == "note" else "причину отмены"
        return Answer.failure(COMMAND, f"Напишите {what}: `!ruling {number} "
                                       f"{'заметка' if kind == 'note' else 'отменить'} <текст>`.")
    if kind == "overturn" and ruling.overturn is not None:
        done = ruling.overturn
        return Answer.failure(COMMAND, f"{ruling.label} уже отменено ({done.by}, {_when(done.at)}): "
                                       f"{done.text}")
    updated = store.add_note(caller.scope, number, Note(
        "note" if kind == "note" else "overturn", text, caller.user, caller.user_id, time.time()))
    assert updated is not None
    answer = ruling_answer(ctx.corpus, updated)
    answer.summary = ("Заметка добавлена. " if kind == "note" else "Решение отменено. ") + answer.summary
    return answer


def ruling_answer(corpus: Corpus, ruling: Ruling) -> Answer:
    """A recorded ruling as it was recorded, with its notes and overturn."""
    overturn = ruling.overturn
    answer = Answer(command=COMMAND, title=f"{ruling.label} · {ruling.question}"
                    + (" · ОТМЕНЕНО" if overturn else ""))
    answer.summary = ruling.summary
    answer.verdict = ruling.verdict
    answer.value = ruling.value
    answer.board = ruling.position or None
    answer.sections.append(Section("Запрос", f"`!check {echo(ruling.check, 900)}`"))
    if ruling.citations:
        answer.sections.append(Section("Применённые правила", "\n".join(
            f"• {c.label}" for c in ruling.citations)))
    for note in ruling.notes:
        heading = "Отменено" if note.kind == "overturn" else "Заметка судьи"
        answer.sections.append(Section(f"{heading}: {note.by}, {_when(note.at)}", note.text))
    if ruling.corpus_version != corpus.content_hash:
        answer.warnings.append("Корпус правил изменился после записи: решение показано как "
                               "записано. Перепроверка: `berserk-judge recheck`.")
        answer.sections.append(Section("Обратите внимание", answer.warnings[-1]))
    answer.footer = _recorded_line(ruling)
    answer.ruling = ruling_data(ruling)
    if ruling.picture:
        try:
            answer.picture = scene_from_data(ruling.picture)
        except ValueError:
            answer.picture = None  # an unreadable stored picture: the text answer still goes out
    return answer


def _missing(store: RulingStore, scope: int, number: int) -> Answer:
    latest, total = store.page(scope, 1, size=1)
    if not total:
        return Answer.failure(COMMAND, f"Решения №{number} нет: на этом сервере решений ещё не "
                                       "записано. Записать: `!ruling <позиция> | <вопрос>`.")
    return Answer.failure(COMMAND, f"Решения №{number} нет. Последнее — №{latest[0].number}; "
                                   "список: `!rulings`.")


# ---------------------------------------------------------------------------------------------
# Citations, recheck, data


def cited_rules(corpus: Corpus, answer: Answer) -> tuple[CitedRule, ...]:
    """The answer's citations with a digest of each rule's full text in its source."""
    out = []
    for c in answer.citations:
        term = corpus.terms.get(c.term)
        version = next((v for v in term.versions if corpus.source_label(v.source) == c.source),
                       None) if term is not None else None
        out.append(CitedRule(c.term, c.name or c.term, c.source,
                             digest(version.text if version else None)))
    return tuple(out)


def outcome(ctx: Context, check: str) -> Outcome:
    """What a recorded check gives on the current corpus."""
    answer = answer_check(ctx.corpus, check, lookup_resolver(ctx.lookup))
    if not answer.ok:
        return Outcome(None, (), error=answer.error or "ошибка")
    return Outcome(answer.verdict, cited_rules(ctx.corpus, answer))


def recheck_store(ctx: Context, store: RulingStore, scope: int | None = None) -> list[Change]:
    """Every ruling (of one scope) whose verdict or citations differ on the current corpus."""
    return recheck(store.all(scope), lambda check: outcome(ctx, check))


def ruling_data(r: Ruling) -> dict[str, Any]:
    """The ruling in the JSON answer (``ruling: {id, …}``) and in exports."""
    return {
        "id": r.number, "scope": r.scope, "check": r.check, "question": r.question,
        "verdict": r.verdict, "value": r.value, "summary": r.summary,
        "citations": [{"term": c.term, "name": c.name, "source": c.source, "digest": c.digest}
                      for c in r.citations],
        "corpus_version": r.corpus_version, "asked_by": r.asked_by, "asked_by_id": r.asked_by_id,
        "channel": r.channel, "channel_id": r.channel_id, "created_at": _iso(r.created_at),
        "status": "overturned" if r.overturn else "active",
        "notes": [{"kind": n.kind, "text": n.text, "by": n.by, "at": _iso(n.at)} for n in r.notes],
    }


def _question(answer: Answer) -> str:
    """The question as asked («телепортация a1 b6»); a die question has no picture."""
    if answer.picture is not None:
        return answer.picture.question
    return answer.title.removeprefix("Проверка: ")


def _list_line(r: Ruling) -> str:
    mark = " · отменено" if r.overturn else ""
    # a die question's outcome is its value («Результат: 3»), not «Можно»
    outcome = r.summary if r.summary.startswith("Результат") else verdict_word(r.verdict)
    return (f"№{r.number} · {_when(r.created_at)} · {outcome} · "
            f"{echo(r.question, 60)} · {r.asked_by}{mark}")


def _recorded_line(r: Ruling) -> str:
    return (f"{r.label}: записал {r.asked_by}, {_when(r.created_at)}, {r.channel}; "
            f"версия корпуса {r.corpus_version[:12]}")


def _when(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%d.%m.%Y %H:%M UTC")


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
