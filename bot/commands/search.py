"""``!search <words> [стр N]``: full-text search over every term and card, names first, paged."""

from __future__ import annotations

from bot.answers import Answer, Section
from bot.commands.common import page_line, page_of, paging, split_page
from bot.commands.context import Context
from bot.lookup.api import SearchUnavailable
from bot.lookup.lookup import SEARCH_CAP
from bot.ru import echo

PER_PAGE = 10


def handle(ctx: Context, args: str) -> Answer:
    query, page = split_page(args)
    if not query:
        return Answer.failure("search", "Укажите слова для поиска, например: `!search метание`.")
    try:
        hits = ctx.lookup.search(query, limit=SEARCH_CAP)
    except SearchUnavailable:
        return Answer.failure("search", "Поиск сейчас не работает: индекс бота повреждён "
                              "(администратор видит это в журнале). `!term` и `!card` работают.")
    answer = Answer(command="search", title=f"Поиск: {echo(query)}")
    answer.results = [
        {"kind": h.kind, "id": h.id, "title": h.title, "snippet": h.snippet} for h in hits
    ]
    if not hits:
        answer.summary = "Ничего не найдено. Попробуйте другие слова или `!term` / `!card`."
        return answer
    shown, page, pages = page_of(hits, page, PER_PAGE)
    first = (page - 1) * PER_PAGE + 1
    more = "" if len(hits) < SEARCH_CAP else f" (показаны первые {SEARCH_CAP})"
    answer.summary = (f"Найдено: {len(hits)}{more}. Сначала совпадения в названиях, потом в "
                      f"текстах; здесь {first}–{first + len(shown) - 1}.")
    for h in shown:
        kind = "термин" if h.kind == "term" else "карта"
        answer.sections.append(Section(f"{h.title} ({kind})", h.snippet))
    answer.paging = paging("search", query, page, pages)
    sources = [s.title for s in ctx.corpus.sources.values()
               if s.id in {"rp-4.1-2", "glossary", "berserk-nxt"}]
    answer.footer = "Источники: " + "; ".join(sources) + "."
    if answer.paging is not None:
        answer.footer += " " + page_line(answer.paging)
    return answer
