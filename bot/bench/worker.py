"""The child processes of a benchmark run, each printing one JSON object on stdout.

``python -m bot.bench.worker build ROOT DATA_DIR``
    Builds the index from YAML (cold: ``DATA_DIR`` is empty) and reports the seconds.
``python -m bot.bench.worker measure ROOT DATA_DIR --queries N --baseline N --seed S``
    Opens the Judge on the (already built) index and measures every lookup, the baselines on
    the same queries and ``!check``; reports latencies, accuracies and memory.
``python -m bot.bench.worker real ROOT DATA_DIR --baseline N --seed S``
    The same on the shipped corpus alone, with queries from the real names
    (:mod:`bot.bench.real`).

Each runs in its own process so that its peak RSS (``ru_maxrss``, read by the parent with
``os.wait4``) is its own and not the generator's.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.bench.queries import Query, make_queries

FUZZY_KINDS = ("typo", "inflection")  # the headline accuracy; "layout" is reported apart


def rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``samples``."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def timed(fn: Callable[[str], Any], texts: Iterable[str]
          ) -> tuple[list[float], list[float], list[Any]]:
    """Call ``fn`` once per text: the wall and the CPU milliseconds of each call, the results.

    On a shared machine wall time also holds the time other processes had the core (a
    preempted call costs a whole scheduler tick); CPU time (this thread's) does not.
    """
    times: list[float] = []
    cpu_times: list[float] = []
    results: list[Any] = []
    clock, cpu = time.perf_counter_ns, time.thread_time_ns
    for text in texts:
        c0 = cpu()
        t0 = clock()
        out = fn(text)
        t1 = clock()
        c1 = cpu()
        times.append((t1 - t0) / 1e6)
        cpu_times.append((c1 - c0) / 1e6)
        results.append(out)
    return times, cpu_times, results


def first_id(match: Any) -> str | None:
    """The id ranked first by a lookup: ``best``, else the first candidate."""
    if match is None:
        return None
    if getattr(match, "best", None) is not None:
        return str(match.best.id)
    cands = getattr(match, "candidates", None) or []
    return str(cands[0].item.id) if cands else None


def answered_id(match: Any) -> str | None:
    """The id the bot would answer with (``best`` only: candidates are a question back)."""
    best = getattr(match, "best", None)
    return str(best.id) if best is not None else None


def result_ids(results: Any) -> list[str]:
    """Ids out of a list of lookup results (candidates, items, hits or (name, id) pairs)."""
    out: list[str] = []
    for r in results or []:
        if isinstance(r, str):
            out.append(r)
        elif hasattr(r, "item"):
            out.append(str(r.item.id))
        elif hasattr(r, "kind") and hasattr(r, "id"):
            out.append(f"{r.kind}:{r.id}")
        elif hasattr(r, "id"):
            out.append(str(r.id))
        elif isinstance(r, tuple | list):
            out += [str(x) for x in r]
        elif isinstance(r, dict):
            out += [str(v) for v in r.values()]
    return out


def summary(times: Sequence[float], cpu: Sequence[float] | None = None) -> dict[str, float]:
    """Wall-time p50/p99/mean of ``times``; with ``cpu``, the same for CPU time."""
    out = {"p50_ms": percentile(times, 50), "p99_ms": percentile(times, 99),
           "mean_ms": sum(times) / len(times) if times else float("nan"), "n": len(times)}
    if cpu is not None:
        out |= {"p50_cpu_ms": percentile(cpu, 50), "p99_cpu_ms": percentile(cpu, 99)}
    return out


def _share(flags: Iterable[bool]) -> float:
    items = list(flags)
    return sum(items) / len(items) if items else float("nan")


def build(root: Path, data_dir: Path) -> dict[str, Any]:
    from bot.lookup.index import open_index

    t0, c0 = time.perf_counter(), time.process_time()
    corpus, _ = open_index(root, data_dir)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"index_build_s": seconds, "index_build_cpu_s": cpu, "terms": len(corpus.terms), "cards": len(corpus.cards),
            "rss_mb": rss_mb()}


def _warm(fn: Callable[[str], Any], queries: list[Query], n: int = 20) -> list[Query]:
    """Run the first ``n`` queries untimed (imports, caches of the code path), return the rest."""
    n = min(n, len(queries) // 3)
    for q in queries[:n]:
        fn(q.text)
    return queries[n:]


def _fuzzy_block(name: str, lookup_fn: Callable[[str], Any], baseline_fn: Callable[[str], Any],
                 queries: list[Query], baseline_n: int) -> dict[str, Any]:
    """Lookup vs difflib on the same queries: latency, speed ratio and top-1 by query kind."""
    queries = _warm(lookup_fn, queries)
    times, cpu, matches = timed(lookup_fn, [q.text for q in queries])
    sub = queries[:baseline_n]
    base_times, base_cpu, base_ids = timed(baseline_fn, [q.text for q in sub])
    # By query kind: top1 / difflib_top1 on the same (baseline) queries; *_all on every query.
    by_kind: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for i, (q, m) in enumerate(zip(queries, matches, strict=True)):
        by_kind[q.kind]["top1_all"].append(first_id(m) == q.expected)
        by_kind[q.kind]["answered_all"].append(answered_id(m) == q.expected)
        by_kind[q.kind]["wrong_all"].append(answered_id(m) not in (None, q.expected))
        if i < len(sub):
            by_kind[q.kind]["top1"].append(first_id(m) == q.expected)
            by_kind[q.kind]["difflib_top1"].append(base_ids[i] == q.expected)
    headline = [i for i, q in enumerate(sub) if q.kind in FUZZY_KINDS]
    ours = sum(times[i] for i in range(len(sub)))
    theirs = sum(base_times)
    return {
        "name": name, **summary(times, cpu),
        "baseline": summary(base_times, base_cpu),
        "speedup_vs_difflib": theirs / ours if ours else float("nan"),
        "top1": _share(first_id(matches[i]) == sub[i].expected for i in headline),
        "answered": _share(answered_id(matches[i]) == sub[i].expected for i in headline),
        "wrong_answer": _share(answered_id(matches[i]) not in (None, sub[i].expected)
                               for i in headline),
        "difflib_top1": _share(base_ids[i] == sub[i].expected for i in headline),
        "by_kind": {k: {m: _share(v) for m, v in d.items()}
                    | {"n": len(d["top1"]), "n_all": len(d["top1_all"])}
                    for k, d in sorted(by_kind.items())},
        "_our_ms": ours, "_difflib_ms": theirs,
    }


def check_block(judge: Any, messages: list[str]) -> tuple[dict[str, Any], list[Any]]:
    """``!check`` through the Judge (parse, card lookup, engine, answer): the figures of
    ``messages`` after the first few (warm-up), and their answers."""
    warm_n = min(20, len(messages) // 3)
    for msg in messages[:warm_n]:
        judge.ask(msg)
    checks = messages[warm_n:]
    times, cpu, answers = timed(judge.ask, checks)
    out: dict[str, Any] = summary(times, cpu) | {"ok": _share(bool(a.ok) for a in answers)}
    failures = [(m, a.error or a.summary) for m, a in zip(checks, answers, strict=True) if not a.ok]
    out["failures"] = [f"{m} -> {str(e)[:160]}" for m, e in failures[:5]]
    return out, answers


def measure(root: Path, data_dir: Path, n_queries: int, baseline_n: int, seed: int,
            check_n: int) -> dict[str, Any]:
    from bot.bench.baselines import DifflibNames, LinearSearch
    from bot.commands.judge import Judge

    t0 = time.perf_counter()
    judge = Judge.open(root, data_dir)
    open_s = time.perf_counter() - t0
    judge.warm()  # as the bot does at start
    rss_open = rss_mb()
    corpus, lookup = judge.corpus, judge.lookup
    qs = make_queries(corpus, n_queries + 20, seed=seed, check_n=check_n + 20)
    gc.collect()
    out: dict[str, Any] = {"open_s": open_s, "rss_after_open_mb": rss_open,
                           "corpus": {"terms": len(corpus.terms), "cards": len(corpus.cards)},
                           "queries": qs.sizes()}

    # Exact lookups and cards by set + number.
    rest = _warm(lookup.find_term, qs.term_exact)
    times, cpu, matches = timed(lookup.find_term, [q.text for q in rest])
    out["term_exact"] = summary(times, cpu) | {
        "top1": _share(answered_id(m) == q.expected for q, m in zip(rest, matches, strict=True))}
    rest = _warm(lookup.find_card, qs.card_number)
    times, cpu, matches = timed(lookup.find_card, [q.text for q in rest])
    out["card_number"] = summary(times, cpu) | {
        "top1": _share(answered_id(m) == q.expected for q, m in zip(rest, matches, strict=True))}

    # Fuzzy lookups against difflib on the same queries.
    out["term_fuzzy"] = _fuzzy_block("term", lookup.find_term, DifflibNames.terms(corpus).find,
                                     qs.term_fuzzy, baseline_n)
    out["card_fuzzy"] = _fuzzy_block("card", lookup.find_card, DifflibNames.cards(corpus).find,
                                     qs.card_fuzzy, baseline_n)

    # Full-text search against a linear scan, recall@10 of the text the words came from.
    linear = LinearSearch(corpus)

    def ours(text: str) -> Any:
        return lookup.search(text, 10)

    rest = _warm(ours, qs.search)
    times, cpu, hits = timed(ours, [q.text for q in rest])
    sub = rest[:baseline_n]
    base_times, base_cpu, base_hits = timed(linear.search, [q.text for q in sub])
    out["search"] = summary(times, cpu) | {
        "recall10": _share(q.expected in result_ids(h) for q, h in zip(rest, hits, strict=True)),
        "linear": summary(base_times, base_cpu),
        "linear_recall10": _share(q.expected in h for q, h in zip(sub, base_hits, strict=True)),
        "speedup_vs_linear": (sum(base_times) / sum(times[: len(sub)])) if sub else float("nan"),
    }

    # Autocomplete: terms and cards, one distribution.
    def complete_terms(text: str) -> Any:
        return lookup.complete_terms(text, 25)

    def complete_cards(text: str) -> Any:
        return lookup.complete_cards(text, 25)

    rest_t = _warm(complete_terms, qs.complete_terms)
    rest_c = _warm(complete_cards, qs.complete_cards)
    t_times, t_cpu, t_res = timed(complete_terms, [q.text for q in rest_t])
    c_times, c_cpu, c_res = timed(complete_cards, [q.text for q in rest_c])
    out["autocomplete"] = summary(t_times + c_times, t_cpu + c_cpu) | {
        "terms_p99_ms": percentile(t_times, 99), "cards_p99_ms": percentile(c_times, 99),
        "hit25": _share(q.expected in result_ids(r) for q, r in
                        zip(rest_t + rest_c, t_res + c_res, strict=True)),
    }

    out["check"], answers = check_block(judge, qs.check)
    out["picture"] = _pictures([a.picture for a in answers if a.picture is not None])

    # Whole commands as a user sees them (lookup + answer building), for context.
    for name, prefix, items in (("ask_term", "!term ", qs.term_exact),
                                ("ask_card", "!card ", qs.card_number)):
        msgs = [prefix + q.text for q in items[: max(20, len(items) // 4)]]
        times, cpu, _ = timed(judge.ask, msgs)
        out[name] = summary(times, cpu)

    out["rss_mb"] = rss_mb()
    return out


def _pictures(scenes: list[Any]) -> dict[str, Any]:
    """The board picture of every answered ``!check``, drawn afresh (the cache bypassed: each
    scene is drawn and encoded), after a few untimed ones load the fonts and the field."""
    from bot.picture.draw import render

    draw = render.__wrapped__
    for scene in scenes[:5]:
        draw(scene)
    texts = [str(i) for i in range(len(scenes))]
    # Only each PNG's size is kept: holding a thousand pictures (~60 MB) would count the
    # bench's bookkeeping in the peak RSS, which is the bot's figure.
    times, cpu, lengths = timed(lambda i: len(draw(scenes[int(i)]).png), texts)
    sizes = [n / 1024 for n in lengths]
    return summary(times, cpu) | {
        "kb_p50": percentile(sizes, 50), "kb_max": max(sizes, default=float("nan"))}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.bench.worker")
    parser.add_argument("mode", choices=("build", "measure", "real"))
    parser.add_argument("root", type=Path)
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--baseline", type=int, default=300)
    parser.add_argument("--check", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.mode == "build":
        result = build(args.root, args.data_dir)
    elif args.mode == "real":
        from bot.bench.real import measure_real

        result = measure_real(args.root, args.data_dir, args.baseline, args.seed)
    else:
        result = measure(args.root, args.data_dir, args.queries, args.baseline, args.seed,
                         args.check)
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
