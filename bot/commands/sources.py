"""``!sources``: the sources of rule text, their versions and what the corpus holds."""

from __future__ import annotations

from collections import Counter

from bot.answers import Answer, Section
from bot.commands.common import join_names, source_line
from bot.commands.context import Context


def handle(ctx: Context, args: str) -> Answer:
    corpus = ctx.corpus
    answer = Answer(command="sources", title="Источники правил")
    per_source = Counter(v.source for t in corpus.terms.values() for v in t.versions)
    ranked = sorted(corpus.sources.values(), key=lambda s: s.rank)
    lines = [
        f"{i}. {source_line(corpus, s.id)}"
        + (f" (sha256 {s.sha256[:12]}…) — карты всех выпусков" if s.sha256 else
           f" — терминов с текстом: {per_source.get(s.id, 0)}")
        for i, s in enumerate(ranked, 1)
    ]
    answer.summary = (
        "Где источники расходятся, действует первый по списку (РП 4.1-2 важнее глоссария), "
        "а ответ упоминает старую редакцию.\n" + "\n".join(lines)
    )
    defined = [t for t in corpus.terms.values() if t.versions]
    name_only = sorted((t for t in corpus.terms.values() if not t.versions), key=lambda t: t.name)
    multi = [t for t in defined if len(t.versions) > 1]
    answer.sections.append(Section("Корпус", (
        f"Терминов: {len(corpus.terms)} (с текстом: {len(defined)}, в нескольких редакциях: "
        f"{len(multi)}, только по названию: {len(name_only)})"
    )))
    sets = Counter(c.set_name for c in corpus.cards.values())
    answer.sections.append(Section("Карты", f"Всего: {len(corpus.cards)}\n" + "\n".join(
        f"• {name}: {n}" for name, n in sorted(sets.items()))))
    if name_only:
        answer.sections.append(Section(
            "Известны только по названию (текста нет)",
            join_names((t.name for t in name_only), limit=60),
        ))
    answer.extra = {
        "sources": [{"id": s.id, "title": s.title, "date": s.date, "rank": s.rank} for s in ranked],
        "terms": len(corpus.terms), "name_only": len(name_only), "cards": len(corpus.cards),
    }
    return answer
