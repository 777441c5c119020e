"""The benchmark on the shipped corpus alone: every card of the game, queried as players type.

``python -m bot.bench.worker real ROOT DATA_DIR --baseline N --seed S`` runs
:func:`measure_real` in a child process. Its queries come from the real names and texts,
generated deterministically (:mod:`bot.bench.names`, :func:`bot.bench.queries.make_queries`):

- ``card_exact``: every card name as printed (a reprinted name means its newest print);
- ``card_number``: every card by set and number (``ПХ 168``, ``Война стихий 21``) and every
  number of the default set alone (``168``);
- ``card_fuzzy``: every name with one typo and in another grammatical case (the headline
  top-1, against difflib on the same queries), and in the wrong keyboard layout (apart);
- search, autocomplete, ``!check``: :func:`~bot.bench.queries.make_queries` on this corpus.
"""

from __future__ import annotations

import gc
import random
from typing import Any

from bot.bench.names import card_name_queries
from bot.bench.queries import Query, make_queries
from bot.bench.worker import (
    _fuzzy_block,
    _warm,
    answered_id,
    check_block,
    percentile,
    result_ids,
    rss_mb,
    summary,
    timed,
)

#: ``!check`` messages timed (positions of real cards: the issue's "full corpus").
_CHECKS = 520

#: Name variants timed and scored as fuzzy lookups (the names themselves are ``card_exact``).
_FUZZY = {"typo": "typo", "inflected": "inflection", "layout": "layout"}


def measure_real(root: Any, data_dir: Any, baseline_n: int, seed: int) -> dict[str, Any]:
    from bot.bench.baselines import DifflibNames
    from bot.commands.judge import Judge

    judge = Judge.open(root, data_dir)
    judge.warm()  # as the bot does at start
    corpus, lookup = judge.corpus, judge.lookup
    newest = {c.name: corpus.prints_of(c)[0].id for c in corpus.cards.values()}
    exact, variants = card_name_queries((c.name for c in corpus.cards.values()), seed=seed)
    rng = random.Random(seed)
    fuzzy = [Query(q.text, newest[q.name], _FUZZY[q.kind])  # type: ignore[arg-type]
             for q in variants if q.kind in _FUZZY]
    rng.shuffle(fuzzy)
    gc.collect()
    out: dict[str, Any] = {"corpus": {"terms": len(corpus.terms), "cards": len(corpus.cards)},
                           "rss_after_open_mb": rss_mb()}

    names = [Query(q.text, newest[q.name], "exact") for q in exact]
    rest = _warm(lookup.find_card, names)
    times, cpu, matches = timed(lookup.find_card, [q.text for q in rest])
    out["card_exact"] = summary(times, cpu) | {"top1": _right(rest, matches)}

    numbers = _numbers(corpus, lookup.default_set)
    rest = _warm(lookup.find_card, numbers)
    times, cpu, matches = timed(lookup.find_card, [q.text for q in rest])
    out["card_number"] = summary(times, cpu) | {"top1": _right(rest, matches)}

    out["card_fuzzy"] = _fuzzy_block("card", lookup.find_card,
                                     DifflibNames.cards(corpus).find, fuzzy, baseline_n)

    qs = make_queries(corpus, 500, seed=seed, check_n=_CHECKS)
    rest = _warm(lambda t: lookup.search(t, 10), qs.search)
    times, cpu, hits = timed(lambda t: lookup.search(t, 10), [q.text for q in rest])
    out["search"] = summary(times, cpu) | {
        "recall10": sum(q.expected in result_ids(h) for q, h in zip(rest, hits, strict=True))
        / max(1, len(rest))}
    prefixes = qs.complete_terms + qs.complete_cards
    rest = _warm(lambda t: lookup.complete_cards(t, 25), prefixes)
    times, cpu, _ = timed(lambda t: lookup.complete_cards(t, 25), [q.text for q in rest])
    t_times, t_cpu, _ = timed(lambda t: lookup.complete_terms(t, 25), [q.text for q in rest])
    out["autocomplete"] = summary(times + t_times, cpu + t_cpu) | {
        "cards_p99_ms": percentile(times, 99), "terms_p99_ms": percentile(t_times, 99)}

    out["check"], _ = check_block(judge, qs.check)

    msgs = [f"!card {q.text}" for q in names[:300]]
    times, cpu, answers = timed(judge.ask, msgs)
    out["ask_card"] = summary(times, cpu) | {"ok": sum(a.ok for a in answers) / len(answers)}
    out["rss_mb"] = rss_mb()
    return out


def _numbers(corpus: Any, default_set: int | None) -> list[Query]:
    """Every card by set and number (initials or the set's name), and the default set's bare
    numbers; each with the one card it must answer."""
    out: list[Query] = []
    for card in sorted(corpus.cards.values(), key=lambda c: c.id):
        known = corpus.sets.get(card.set_id)
        label = known.initials if card.number % 3 else known.name
        out.append(Query(f"{label} {card.number}", card.id, "number"))
        if card.set_id == default_set:
            out.append(Query(str(card.number), card.id, "number"))
    random.Random(1).shuffle(out)
    return out


def _right(queries: list[Query], matches: list[Any]) -> float:
    return sum(answered_id(m) == q.expected for q, m in zip(queries, matches, strict=True)) / max(
        1, len(queries))
