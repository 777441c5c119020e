"""``!search <words>``: full-text search over terms and cards."""

from __future__ import annotations

from bot.answers import Answer, Section
from bot.commands.context import Context
from bot.ru import echo

LIMIT = 10


def handle(ctx: Context, args: str) -> Answer:
    query = args.strip()
    if not query:
        return Answer.failure("search", "Укажите слова для поиска, например: `!search метание`.")
    hits = ctx.lookup.search(query, limit=LIMIT)
    answer = Answer(command="search", title=f"Поиск: {echo(query)}")
    answer.results = [
        {"kind": h.kind, "id": h.id, "title": h.title, "snippet": h.snippet} for h in hits
    ]
    if not hits:
        answer.summary = "Ничего не найдено. Попробуйте другие слова или `!term` / `!card`."
        return answer
    answer.summary = f"Найдено: {len(hits)}."
    for h in hits:
        kind = "термин" if h.kind == "term" else "карта"
        answer.sections.append(Section(f"{h.title} ({kind})", h.snippet))
    return answer
