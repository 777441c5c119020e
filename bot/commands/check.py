"""``!check <position> | <question>``: a verdict on a position, with the rule texts it applied.

The notation is parsed and answered by :mod:`bot.engine`; this module resolves cards through
the lookup, quotes the cited rules from the corpus and fills the :class:`Answer`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import groupby
from typing import Protocol

from bot.answers import Answer, Citation, OtherVersion, Section
from bot.commands.context import Context
from bot.commands.excerpt import excerpt
from bot.commands.excerpt import prepare as prepare_excerpt
from bot.corpus.model import Card, Corpus, Source, TermVersion
from bot.engine import rules
from bot.engine.board import RuleVersion
from bot.engine.notation import (
    CardResolver,
    NotationError,
    ParsedCheck,
    Resolution,
    fold,
    states_help,
)
from bot.engine.notation import check as check_text
from bot.engine.render import legend, render_board
from bot.engine.result import CheckResult, Cite
from bot.engine.verbs import BY_NAME, VERBS
from bot.lookup.api import Match
from bot.picture.scene import scene_for
from bot.verdict import verdict_word

COMMAND = "check"
SUGGESTIONS = 5

CHECK_HELP = """\
Проверка позиции: `!check <позиция> | <вопрос>` (или вопрос отдельной строкой).

**Поле** 5×6: столбцы a–e (или а б в г д), ряды 1–6 от вас: 1 — ваш третий ряд, 3 — ваш первый, \
4 — первый ряд противника, 6 — третий ряд противника. Летающие — во вспомогательной зоне.

**Позиция**: карты через `,` `;` или с новой строки: `[враг] <карта> <клетка> [состояния]`.
• карта — номер (`168`), название (`Баалит`, `Степной волколак`) или `?` (неизвестное наземное существо);
• `враг` или `противник` — карта противника (иначе ваша);
• вместо клетки `летает` — во вспомогательной зоне;
• состояния: {states};
• летающее существо (тип карты «Летающее») ставится без клетки: оно во вспомогательной зоне.

**Вопросы** (A, B — клетки):
{questions}
Для `?` предполагается названная особенность (медленная), например «Прыжок, дальность X».
Латинские глаголы тоже понимаю: {latin}.

**Примеры**
`!check 168 a1, враг ? c6, враг ? e2 | телепортация a1 b6`
`!check ? b2 двигался, враг ? c4 | прыжок b2 d2 3`
`!check ? a1, враг ? c6 | дальность a1 c6 5`
`!check 194 b2, враг ? b3 | движение b2 b3`
`!check Гиррит a1 фишки 1, враг ? a5 | выстрел a1 a5`
`!check | кубик 1-2-3 5 +1`
`!check | кубик 1-2-3 3 благословление ова 2`

Ответ: вердикт («Можно», «Нельзя» или «Неизвестно» — с недостающим фактом), позиция, \
причины, срабатывания карт, вердикт по старой редакции, если он другой, и цитаты правил — \
предложения, которые решили вопрос (полностью — кнопка «Полный текст правил»). \
Разобранные случаи: `!case`."""


def _question_lines() -> str:
    """One line per verb of :data:`bot.engine.verbs.VERBS`; verbs with the same help and
    arguments share a line («метание|выстрел|разряд A B [X]»), verbs without help are listed."""
    lines = []
    for (text, arguments), group in groupby(VERBS, key=lambda v: (v.help, v.arguments if v.help else "")):
        verbs = list(group)
        if text:
            lines.append(f"• `{'|'.join(v.word for v in verbs)} {arguments}` — {text}")
        else:
            lines.append("• " + ", ".join(f"`{v.usage}`" for v in verbs))
    return "\n".join(lines)


def _latin_verbs() -> str:
    return ", ".join(next(a for a in v.aliases if a.isascii()) for v in VERBS)


CHECK_HELP = CHECK_HELP.format(questions=_question_lines(), latin=_latin_verbs(),
                               states=states_help())

SHORT_USAGE = ("Напишите позицию и вопрос: `!check 168 a1, враг ? c6 | телепортация a1 b6`. "
               "Подробнее: `!help check`.")


class CardFinder(Protocol):
    """What resolving cards needs of the lookup (:class:`bot.lookup.lookup.Lookup`)."""

    def find_card(self, query: str, default_set: int | None = None) -> Match[Card]: ...


def handle(ctx: Context, args: str) -> Answer:
    if not args.strip():
        return Answer.failure(COMMAND, "Пустой запрос. " + SHORT_USAGE)
    return answer_check(ctx.corpus, args, lookup_resolver(ctx.lookup, ctx.default_set))


def answer_check(corpus: Corpus, text: str, resolve: CardResolver,
                 command: str = COMMAND) -> Answer:
    """Parse, check and render one ``!check`` text (also used by ``!case``)."""
    try:
        parsed, result = check_text(text, resolve)
    except NotationError as exc:
        return Answer.failure(command, exc.message, exc.suggestions)
    return build_answer(corpus, parsed, result, command)


# ---------------------------------------------------------------------------------------------
# Card resolution


def lookup_resolver(lookup: CardFinder, default_set: int | None = None) -> CardResolver:
    """Resolve card queries with ``lookup.find_card`` (``Match.best`` / ``Match.candidates``);
    a bare number means ``default_set`` (None: the newest set)."""

    def resolve(query: str) -> Resolution:
        match = lookup.find_card(query, default_set)
        if match.best is not None:
            return Resolution(match.best)
        return Resolution(None, tuple(c.item.label for c in match.candidates[:SUGGESTIONS]))

    return resolve


def corpus_resolver(corpus: Corpus) -> CardResolver:
    """A tiny resolver over ``corpus.cards`` (number or exact name) for tests and tools; like
    the lookup, a bare number or a reprinted name means the newest set's card."""

    def resolve(query: str) -> Resolution:
        q = fold(query)
        found = [c for c in corpus.cards.values()
                 if q in (str(c.number), fold(c.name), fold(c.id))
                 or q in (fold(a) for a in c.aliases)]
        newest = [c for c in found if c.set_id == max(f.set_id for f in found)]
        if len(newest) == 1 and (q.isdigit() or len({fold(c.name) for c in found}) == 1):
            found = newest
        if len(found) == 1:
            return Resolution(found[0])
        near = found or [c for c in corpus.cards.values() if fold(c.name).startswith(q[:3])]
        return Resolution(None, tuple(c.label for c in near[:SUGGESTIONS]))

    return resolve


# ---------------------------------------------------------------------------------------------
# The answer


def build_answer(corpus: Corpus, parsed: ParsedCheck, result: CheckResult,
                 command: str = COMMAND) -> Answer:
    citations = [_citation(corpus, c, result) for c in result.citations]
    others = [_other_version(corpus, o) for o in result.other_versions]
    board = (render_board(parsed.position) + "\n\n" + legend(parsed.position)
             if len(parsed.position) else None)
    return Answer(
        command=command, title=_title(parsed), summary=_summary(result),
        sections=_sections(result, citations, others), verdict=result.verdict,
        value=result.value, triggers=list(result.triggers), warnings=list(result.warnings),
        citations=citations, other_versions=others, board=board,
        picture=scene_for(parsed, result),
        extra={"question": parsed.question.verb, "missing": result.missing},
    )


def _title(parsed: ParsedCheck) -> str:
    q = parsed.question
    args = " ".join(r.token for r in q.refs)
    if q.die is not None:
        args = f"{'-'.join(map(str, q.die))}, бросок {q.roll}" + (f" {q.modifier:+d}" if q.modifier else "")
    number = f" {q.number}" if q.number is not None else ""
    return f"Проверка: {BY_NAME[q.verb].word} {args}{number}".strip()


def _summary(result: CheckResult) -> str:
    if result.value_label == "результат":
        return f"Результат: {result.value}"
    line = verdict_word(result.verdict)
    if result.verdict == "unknown" and result.missing:
        line += f": не хватает факта — {result.missing}"
    if result.value is not None and result.value_label:
        line += f" ({result.value_label}: {result.value})"
    return line + "."


def _sections(result: CheckResult, citations: list[Citation],
              others: list[OtherVersion]) -> list[Section]:
    sections = [Section("Почему", "\n".join(f"• {r}" for r in result.reasons))]
    if result.triggers:
        sections.append(Section("Срабатывает", "\n".join(f"• {t}" for t in result.triggers)))
    if result.warnings:
        sections.append(Section("Обратите внимание", "\n".join(f"• {w}" for w in result.warnings)))
    for other in others:
        word = verdict_word(other.verdict) if other.verdict else "—"
        value = f", значение {other.value}" if other.value is not None else ""
        sections.append(Section(f"Другая редакция: {other.source}",
                                f"{word}{value}. {other.text}".strip()))
    cues = [*result.reasons, *result.triggers, *result.warnings, *(o.text for o in others)]
    sections += [_quote(c, cues) for c in citations]
    return sections


def _quote(c: Citation, cues: list[str]) -> Section:
    """One cited rule: a section of its own (an embed field in Discord), trimmed to the
    sentences that share most words with the verdict's reasons; the whole text in ``full``."""
    if c.text is None:
        return Section(f"Правило: {c.name}",
                       "Термин известен только по названию: его текста в корпусе пока нет.")
    brief = excerpt(c.text, cues, name=c.name)
    return Section(f"Правило: {c.name} ({c.source})", f"«{brief}»",
                   full=f"«{c.text}»" if brief != c.text else None)


# ---------------------------------------------------------------------------------------------
# Citations from the corpus


def _citation(corpus: Corpus, cite: Cite, result: CheckResult) -> Citation:
    term = corpus.terms.get(cite.term)
    if term is None:
        return Citation(term=cite.term, source=None, name=cite.term, text=None)
    version = version_for(corpus, term.versions, cite.version)
    if version is None:
        return Citation(term=term.id, source=None, name=term.name, text=None)
    return Citation(term=term.id, source=corpus.source_label(version.source), name=term.name,
                    text=_one_line(version.text))


def prepare_quotes(corpus: Corpus) -> None:
    """Make ready now the quote of every rule a check may cite (:data:`rules.CITED`, each
    version): a rule quoted for the first time cost its check about a millisecond."""
    for term_id in rules.CITED:
        term = corpus.terms.get(term_id)
        for version in term.versions if term is not None else ():
            prepare_excerpt(_one_line(version.text))


@lru_cache(maxsize=1024)
def _one_line(text: str) -> str:
    """A rule text on one line (its spaces and breaks as single spaces), made once per text:
    the same few terms are cited by most checks."""
    return " ".join(text.split())


def version_for(corpus: Corpus, versions: tuple[TermVersion, ...],
                wanted: RuleVersion) -> TermVersion | None:
    """The term version a citation means: the current one for РП 4.1-2, the glossary's for
    the glossary (falling back to the current one when the term has a single version)."""
    if not versions:
        return None
    if wanted is RuleVersion.RP:
        return versions[0]
    for v in versions:
        if _is_glossary(corpus.sources.get(v.source)):
            return v
    return versions[-1]


def _is_glossary(source: Source | None) -> bool:
    return source is not None and (source.id == "glossary" or "глоссари" in source.title.casefold())


def _other_version(corpus: Corpus, other: OtherVersion) -> OtherVersion:
    """The engine's other version, named by the source's title in the corpus."""
    label = _glossary_label(corpus) if other.version is RuleVersion.GLOSSARY else _rp_label(corpus)
    return replace(other, source=label)


def _glossary_label(corpus: Corpus) -> str:
    for src in corpus.sources.values():
        if _is_glossary(src):
            return src.title
    return "Глоссарий терминов (сайт)"


def _rp_label(corpus: Corpus) -> str:
    ranked = sorted(corpus.sources.values(), key=lambda s: s.rank)
    return ranked[0].title if ranked else "РП 4.1-2"
