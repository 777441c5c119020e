"""Inline mentions: ``[[баалит]]`` or ``[[телепортация]]`` inside an ordinary message.

Up to :data:`MAX_MENTIONS` distinct mentions of a message are answered in one compact answer:
a card's name, set, number, cost, stats and text, or a term's current text, each with the
command that gives the full answer. Mentions inside code (```…``` or `…`) are not read, nor is
a ``[[`` that is never closed.

>>> find_mentions("что делает [[Баалит]] против [[тень]]? `[[код]]` [[незакрыто")
['Баалит', 'тень']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from bot.answers import Answer, Section
from bot.commands.card import stats_line
from bot.commands.common import cards_source_line
from bot.commands.context import Context
from bot.corpus.model import Card, Term
from bot.ru import echo, fold

COMMAND = "mention"
MAX_MENTIONS = 3
MAX_MENTION = 80  # characters inside the brackets
TEXT_LIMIT = 350  # characters of a card's or term's text in the compact answer
SUGGESTIONS = 3

_CODE = re.compile(r"```.*?(?:```|\Z)|``[^\n]*?``|`[^`\n]*`", re.DOTALL)
_MENTION = re.compile(rf"\[\[([^\[\]\n]{{1,{MAX_MENTION}}})\]\]")

Kind = Literal["card", "term", "none"]


@dataclass(frozen=True)
class Mention:
    """What one ``[[…]]`` resolved to: a card, a term, or nothing (with suggestions)."""

    query: str
    kind: Kind
    item: Card | Term | None = None
    suggestions: tuple[str, ...] = ()

    @property
    def command(self) -> str | None:
        """The command that gives the full answer: «card ПХ 168», «term телепортация»."""
        if isinstance(self.item, Card):
            return f"card {self.item.set_name} {self.item.number}"
        if isinstance(self.item, Term):
            return f"term {self.item.name}"
        return None


def find_mentions(text: str) -> list[str]:
    """Every distinct mention outside code, in order (case and ё/е folded for distinctness)."""
    seen: dict[str, str] = {}
    for match in _MENTION.finditer(_CODE.sub(" ", text)):
        query = " ".join(match.group(1).split())
        if query and fold(query) not in seen:
            seen[fold(query)] = query
    return list(seen.values())


def has_mentions(text: str) -> bool:
    """A cheap test before :func:`find_mentions` (most messages have no ``[[``)."""
    return "[[" in text and bool(find_mentions(text))


def answer_mentions(ctx: Context, text: str) -> Answer | None:
    """The compact answer to a message's mentions; None when it has none."""
    queries = find_mentions(text)
    if not queries:
        return None
    mentions = [resolve(ctx, q) for q in queries[:MAX_MENTIONS]]
    names = [_name(m) for m in mentions]
    answer = Answer(command=COMMAND, title="Упоминания: " + ", ".join(names))
    answer.sections = [_section(ctx, m) for m in mentions]
    answer.results = [_result(m) for m in mentions]
    notes = []
    if len(queries) > MAX_MENTIONS:
        notes.append(f"Показаны первые {MAX_MENTIONS} упоминания из {len(queries)}: "
                     f"бот отвечает не больше чем на {MAX_MENTIONS} в одном сообщении.")
    cards = [m.item for m in mentions if isinstance(m.item, Card)]
    if cards:  # a term's source is in its heading; the cards' database is named here
        notes.append(cards_source_line(ctx.corpus, cards))
    answer.footer = " ".join(notes)
    return answer


def resolve(ctx: Context, query: str) -> Mention:
    """A card or a term, whichever the query names; an exact name wins over a looser match,
    and a term over a card when both match as well (as a bare ``!word`` does)."""
    term = ctx.lookup.find_term(query).best
    card = ctx.lookup.find_card(query, ctx.default_set).best
    if term is not None and card is not None:
        if _exact(card, query) and not _exact(term, query):
            return Mention(query, "card", card)
        return Mention(query, "term", term)
    if term is not None:
        return Mention(query, "term", term)
    if card is not None:
        return Mention(query, "card", card)
    near = [c.item.name for c in ctx.lookup.find_term(query).candidates[:SUGGESTIONS]]
    cards = ctx.lookup.find_card(query, ctx.default_set)
    near += [c.item.label for c in cards.candidates[:SUGGESTIONS]]
    return Mention(query, "none", suggestions=tuple(near[:SUGGESTIONS]))


def _exact(item: Card | Term, query: str) -> bool:
    return fold(query) in {fold(item.name), *(fold(a) for a in item.aliases)}


def _name(m: Mention) -> str:
    return m.item.name if m.item is not None else f"«{echo(m.query, 30)}»"


def _section(ctx: Context, m: Mention) -> Section:
    hint = f"\nПолностью: `!{m.command}`" if m.command else ""
    if isinstance(m.item, Card):
        card = m.item
        stats = " · ".join(stats_line(card).splitlines())
        body = f"{stats}\n{_clip(card.text) or 'Текста на карте нет.'}{hint}"
        return Section(f"«{card.name}» — {card.set_name} {card.number}", body)
    if isinstance(m.item, Term):
        term = m.item
        current = term.current
        if current is None:
            return Section(term.name, "Термин известен только по названию: его текста в корпусе "
                                      f"пока нет.{hint}")
        source = ctx.corpus.source_label(current.source)
        return Section(f"{term.name} — {source}", f"{_clip(current.text)}{hint}")
    near = f" Возможно: {', '.join(m.suggestions)}." if m.suggestions else ""
    return Section(f"«{echo(m.query, 60)}»", "Не нашёл ни карты, ни термина." + near)


def _result(m: Mention) -> dict[str, Any]:
    """The structured entry (JSON answer, Discord buttons)."""
    item = m.item
    out: dict[str, Any] = {"query": m.query, "kind": m.kind, "command": m.command}
    if isinstance(item, Card):
        out |= {"id": item.id, "name": item.name, "set": item.set_name, "number": item.number}
    elif isinstance(item, Term):
        out |= {"id": item.id, "name": item.name}
    else:
        out["suggestions"] = list(m.suggestions)
    return out


def _clip(text: str, limit: int = TEXT_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
