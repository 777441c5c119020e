"""``!term <name> [все]``: a rules term — current text, older versions, related terms, cards."""

from __future__ import annotations

import difflib
import re

from bot.answers import Answer, Paging, Section
from bot.commands.common import (
    cite,
    join_names,
    page_line,
    page_of,
    paging,
    source_line,
    split_page,
)
from bot.commands.context import Context
from bot.corpus.model import Card, Corpus, Term
from bot.lookup.api import SearchUnavailable
from bot.ru import clip, echo, sentences

#: A trailing word asking for every version side by side.
_ALL_VERSIONS = re.compile(r"\s+(все|версии|все версии|all|--all|полностью)\s*$", re.IGNORECASE)


#: Cards listed on one page of a term's answer (a term like «Метание» has hundreds).
CARDS_PER_PAGE = 40


def handle(ctx: Context, args: str) -> Answer:
    query, page = split_page(args)
    show_all = bool(_ALL_VERSIONS.search(query))
    query = _ALL_VERSIONS.sub("", query).strip()
    if not query:
        return Answer.failure("term", "Укажите термин, например: `!term телепортация`.")
    match = ctx.lookup.find_term(query)
    if match.best is None:
        names = [c.item.name for c in match.candidates]
        if names:
            return Answer.failure("term", f"Термин «{echo(query)}» не найден точно.", names,
                                  title="Уточните термин")
        return not_in_corpus(ctx, query)
    cards = ctx.corpus.cards_using(match.best.id)
    shown, page, pages = page_of(cards, page, CARDS_PER_PAGE)
    more = paging("term", query + (" все" if show_all else ""), page, pages)
    if page > 1:
        return _cards_page(match.best, cards, shown, more)
    answer = term_answer(ctx.corpus, match.best, show_all=show_all, parameter=match.parameter,
                         cards=shown, total=len(cards))
    if more is not None:
        answer.paging = more
        answer.footer = " · ".join(filter(None, (answer.footer, page_line(more))))
    return answer


def _cards_page(term: Term, cards: list[Card], shown: list[Card], more: Paging | None) -> Answer:
    """Page 2 and on of a term's answer: only its list of cards."""
    answer = Answer(command="term", title=f"{term.name} — карты")
    answer.summary = f"Карты, которые используют термин «{term.name}»: {len(cards)}."
    answer.sections.append(Section("Карты", ", ".join(c.label for c in shown)))
    answer.term = {"id": term.id, "name": term.name, "cards": [c.id for c in shown]}
    answer.paging = more
    if more is not None:
        answer.footer = page_line(more)
    return answer


#: Terms and cards named as "the texts that use the word" when no term is like the query.
MENTIONS = 5


def not_in_corpus(ctx: Context, query: str) -> Answer:
    """No term is like the query: say where the word occurs in the rules' and cards' texts
    (what is related by the corpus itself), or that nothing in the corpus knows it — never a
    list of names that merely share letters with it."""
    try:
        hits = ctx.lookup.search(query, limit=20)
    except SearchUnavailable:
        hits = []
    terms = [h.title for h in hits if h.kind == "term"][:MENTIONS]
    cards = [h for h in hits if h.kind == "card"]
    answer = Answer.failure("term", f"Термина «{echo(query)}» в корпусе нет.",
                            title="Нет в корпусе")
    if terms:
        answer.sections.append(Section("Встречается в текстах терминов", join_names(terms)))
    if cards:
        answer.sections.append(Section("Встречается в текстах карт", join_names(
            h.title for h in cards[:MENTIONS]) + f" — все: `!search {echo(query, 40)}`"))
    if not terms and not cards:
        answer.error = (f"Термина «{echo(query)}» в корпусе нет, и ни один текст правил или "
                        "карт его не упоминает: связанного термина бот не знает.")
    return answer


def term_answer(corpus: Corpus, term: Term, show_all: bool = False,
                parameter: str | None = None, cards: list[Card] | None = None,
                total: int | None = None) -> Answer:
    """The answer for one term; ``cards`` is the page of the cards using it to list (all of
    them when None) out of ``total``."""
    answer = Answer(command="term", title=term.name)
    current = term.current
    answer.term = {
        "id": term.id, "name": term.name,
        "source": corpus.source_label(current.source) if current else None,
        "date": corpus.sources[current.source].date if current and current.source in corpus.sources else None,
        "text": current.text if current else None,
    }
    if current is None:
        answer.summary = ("Термин известен только по названию: его текста в корпусе пока нет. "
                          "Бот не пересказывает правила, которых нет в источниках.")
    else:
        answer.summary = current.text
        answer.footer = f"Источник: {source_line(corpus, current.source)}"
        answer.citations.append(cite(corpus, term))
    if parameter:
        answer.sections.append(Section("Параметр", f"X = {parameter}"))
    if term.kinds:
        answer.sections.append(Section("Вид", ", ".join(term.kinds)))
    answer.sections += _version_sections(corpus, term, show_all)
    related = [corpus.terms[r].name for r in term.related if r in corpus.terms]
    if related:
        answer.sections.append(Section("Связанные термины", join_names(related)))
    cards = corpus.cards_using(term.id) if cards is None else cards
    total = len(cards) if total is None else total
    if cards:
        answer.sections.append(Section(f"Карты ({total})", ", ".join(c.label for c in cards)))
    elif current is None and term.mentioned_in:
        answer.sections.append(Section("Упоминается", join_names(
            source_line(corpus, s) for s in term.mentioned_in)))
    return answer


def _version_sections(corpus: Corpus, term: Term, show_all: bool) -> list[Section]:
    current, older = term.current, term.versions[1:]
    if current is None or not older:
        return []
    if show_all:
        return [Section(f"Редакция: {source_line(corpus, v.source)}", v.text) for v in older]
    sections = []
    for v in older:
        diff = differing_sentences(current.text, v.text)
        body = ("Есть более старая формулировка; она отличается от действующей. "
                f"Отличается в ней: {diff}" if diff else "Есть более старая формулировка.")
        body += f"\nВсе редакции рядом: `!term {term.name} все`."
        sections.append(Section(f"Старая редакция: {source_line(corpus, v.source)}", body))
    return sections


def _nearly_equal(matcher: difflib.SequenceMatcher[str], a: str) -> bool:
    """``SequenceMatcher(None, a, b).ratio() >= 0.9`` for the ``b`` of ``matcher``, with the
    cheap upper bounds tried first: the full ratio is quadratic and took ~0.1 s per !term on
    long rule texts."""
    matcher.set_seq1(a)
    return (matcher.real_quick_ratio() >= 0.9 and matcher.quick_ratio() >= 0.9
            and matcher.ratio() >= 0.9)


def differing_sentences(current: str, older: str, limit: int = 500) -> str:
    """Sentences of ``older`` that do not appear (nearly) verbatim in ``current``.

    >>> differing_sentences("Ход. Бег по кругу.", "Ход. Бег по диагонали.")
    '«Бег по диагонали.»'
    """
    # One matcher per current sentence: its index of that sentence is built once, not once
    # per older sentence.
    matchers = [difflib.SequenceMatcher(None, "", s) for s in sentences(current)]
    out: list[str] = []
    for sentence in sentences(older):
        if not any(_nearly_equal(m, sentence) for m in matchers):
            out.append(f"«{sentence.strip()}»")
    return clip(" ".join(out), limit)
