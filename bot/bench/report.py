"""The stdout table of a benchmark run: every figure against its target."""

from __future__ import annotations

import math
from typing import Any

from bot.bench.harness import TARGETS, TOP1_VS_DIFFLIB, verdicts

_ROWS: tuple[tuple[str, str, str], ...] = (
    # key, label, unit
    ("index_build_s", "index build from YAML (cold)", "s"),
    ("index_build_cpu_s", "  CPU time of the build process (all cores)", "s"),
    ("warm_ask_s", "`berserk-judge ask` to first answer (warm, median)", "s"),
    ("warm_ask_cpu_s", "  CPU time of one `ask` process (median)", "s"),
    ("term_exact_p99_ms", "term, exact: p99", "ms"),
    ("term_fuzzy_p99_ms", "term, typo/inflection: p99", "ms"),
    ("card_number_p99_ms", "card by set + number: p99", "ms"),
    ("card_fuzzy_p99_ms", "card by fuzzy name: p99", "ms"),
    ("search_p99_ms", "full-text search: p99", "ms"),
    ("autocomplete_p99_ms", "autocomplete (terms + cards): p99", "ms"),
    ("check_p99_ms", "!check: p99", "ms"),
    ("picture_p99_ms", "board picture of a !check (draw + PNG): p99", "ms"),
    ("picture_max_kb", "board picture: largest PNG", "KB"),
    ("rss_mb", "peak RSS (max of bench process, ask)", "MB"),
    ("fuzzy_speedup_vs_difflib", "fuzzy lookup speed vs difflib", "×"),
    ("fuzzy_top1", "fuzzy top-1 (typos + inflections)", ""),
    ("difflib_top1", "difflib top-1 (same queries)", ""),
    ("fuzzy_answered", "fuzzy answered right (not a question back)", ""),
    ("fuzzy_wrong_answer", "fuzzy answered wrong", ""),
    ("search_speedup_vs_linear", "search speed vs linear scan", "×"),
    ("search_recall10", "search recall@10", ""),
    ("linear_recall10", "linear scan recall@10", ""),
)

#: The shipped corpus alone: every card of the game, queried from its real names.
_REAL_ROWS: tuple[tuple[str, str, str], ...] = (
    ("real_index_build_s", "index build from YAML (cold)", "s"),
    ("real_warm_ask_s", "`berserk-judge ask` to first answer (warm, median)", "s"),
    ("real_card_exact_p99_ms", "card by name as printed: p99", "ms"),
    ("real_card_number_p99_ms", "card by number (bare, set + number): p99", "ms"),
    ("real_card_fuzzy_p99_ms", "card by name typed (typo/case/layout): p99", "ms"),
    ("real_search_p99_ms", "full-text search: p99", "ms"),
    ("real_autocomplete_p99_ms", "autocomplete (terms + cards): p99", "ms"),
    ("real_check_p99_ms", "!check (positions of shipped cards): p99", "ms"),
    ("real_rss_mb", "peak RSS (max of bench process, ask)", "MB"),
    ("real_fuzzy_speedup_vs_difflib", "fuzzy card lookup speed vs difflib", "×"),
    ("real_card_exact_top1", "names as printed answered right", ""),
    ("real_card_number_top1", "numbers answered right", ""),
    ("real_fuzzy_top1", "fuzzy top-1 (typos + other cases)", ""),
    ("real_difflib_top1", "difflib top-1 (same queries)", ""),
    ("real_fuzzy_answered", "fuzzy answered right (not a question back)", ""),
    ("real_fuzzy_wrong_answer", "fuzzy answered wrong", ""),
)

_DETAIL_P50 = (
    ("term_exact", "term exact"), ("term_fuzzy", "term fuzzy"), ("card_number", "card number"),
    ("card_fuzzy", "card fuzzy"), ("search", "search"), ("autocomplete", "autocomplete"),
    ("check", "!check"), ("picture", "board picture"), ("ask_term", "!term (whole command)"), ("ask_card", "!card (whole command)"),
)


def _fmt(value: Any, unit: str = "") -> str:
    if not isinstance(value, int | float) or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if unit == "" and 0 <= value <= 1:
        return f"{value:.1%}"
    if unit == "×":
        return f"{value:.0f}×" if value >= 10 else f"{value:.1f}×"
    if unit == "ms":
        return f"{value:.3f} ms"
    if unit == "s":
        return f"{value:.2f} s"
    return f"{value:.0f} {unit}".strip()


def _target(key: str, unit: str) -> str:
    """The target of a figure as shown («≤ 3.000 ms»), or "" when it has none."""
    if key in TARGETS:
        limit, how = TARGETS[key]
        return ("≤ " if how == "max" else "≥ ") + _fmt(limit, unit)
    return "≥ difflib" if key in TOP1_VS_DIFFLIB else ""


def table(results: dict[str, Any]) -> str:
    ok = verdicts(results)
    lines = [f"{'figure':<52} {'value':>12} {'target':>10}  met"]
    lines.append("-" * len(lines[0]))
    for key, label, unit in _ROWS:
        target = _target(key, unit)
        mark = "" if key not in ok else ("yes" if ok[key] else "NO")
        lines.append(f"{label:<52} {_fmt(results.get(key), unit):>12} {target:>10}  {mark}")
    if "real_index_build_s" in results:
        cards = results.get("real_corpus", {}).get("cards")
        lines += ["", f"the shipped corpus alone ({cards} cards):"]
        for key, label, unit in _REAL_ROWS:
            target = _target(key, unit)
            mark = "" if key not in ok else ("yes" if ok[key] else "NO")
            lines.append(f"{label:<52} {_fmt(results.get(key), unit):>12} {target:>10}  {mark}")
    details = results.get("details", {})
    lines.append("")
    lines.append(f"{'latency (wall; CPU of the thread)':<34} {'p50':>10} {'p99':>10} "
                 f"{'p99 CPU':>10} {'n':>6}")

    def row(label: str, d: dict[str, Any]) -> str:
        return (f"{label:<34} {_fmt(d['p50_ms'], 'ms'):>10} {_fmt(d['p99_ms'], 'ms'):>10} "
                f"{_fmt(d.get('p99_cpu_ms'), 'ms'):>10} {d['n']:>6}")

    for key, label in _DETAIL_P50:
        if details.get(key):
            lines.append(row(label, details[key]))
    for key, label in (("term_fuzzy", "difflib (terms)"), ("card_fuzzy", "difflib (cards)"),
                       ("search", "linear scan")):
        d = details.get(key, {}).get("baseline" if key != "search" else "linear")
        if d:
            lines.append(row(label, d))
    for key in ("term_fuzzy", "card_fuzzy"):
        by_kind = details.get(key, {}).get("by_kind", {})
        if by_kind:
            parts = [f"{k}: {_fmt(v.get('top1'))} vs difflib {_fmt(v.get('difflib_top1'))} "
                     f"(n={v['n']}; all {v.get('n_all')}: {_fmt(v.get('top1_all'))})"
                     for k, v in by_kind.items()]
            lines.append(f"{key} top-1 by kind: " + "; ".join(parts))
    real = results.get("real_details", {})
    for key, label in (("card_exact", "shipped: card by name"),
                       ("card_number", "shipped: card by number"),
                       ("card_fuzzy", "shipped: card name typed"),
                       ("search", "shipped: search"), ("autocomplete", "shipped: autocomplete"),
                       ("check", "shipped: !check"),
                       ("ask_card", "shipped: !card (whole command)")):
        if real.get(key):
            lines.append(row(label, real[key]))
    if real.get("card_fuzzy", {}).get("baseline"):
        lines.append(row("shipped: difflib (cards)", real["card_fuzzy"]["baseline"]))
    by_kind = real.get("card_fuzzy", {}).get("by_kind", {})
    if by_kind:
        lines.append("shipped card names top-1 by kind: " + "; ".join(
            f"{k}: {_fmt(v.get('top1'))} vs difflib {_fmt(v.get('difflib_top1'))} "
            f"(n={v['n']}; all {v.get('n_all')}: {_fmt(v.get('top1_all'))}, answered "
            f"{_fmt(v.get('answered_all'))}, wrong {_fmt(v.get('wrong_all'))})"
            for k, v in by_kind.items()))
    check = details.get("check", {})
    if check:
        lines.append(f"!check answered without error: {_fmt(check.get('ok'))}")
    m = results.get("machine", {})
    c = results.get("corpus", {})
    load = m.get("loadavg_before") or [float("nan")]
    lines.append(f"machine: {m.get('nproc')} × {m.get('cpu')}, Python {m.get('python')}, "
                 f"load average {load[0]:.1f} at start; corpus: "
                 f"{c.get('synthetic_terms')}+{c.get('real_terms')} terms, "
                 f"{c.get('synthetic_cards')}+{c.get('real_cards')} cards; "
                 f"run took {results.get('total_s', 0):.1f} s")
    return "\n".join(lines)


def markdown(results: dict[str, Any]) -> str:
    """The figures against their targets as a Markdown table (for docs/benchmarks.md)."""
    ok = verdicts(results)
    cpu = results.get("p99_cpu_ms", {})
    cpu_keys = {"term_exact_p99_ms": "term_exact", "term_fuzzy_p99_ms": "term_fuzzy",
                "card_number_p99_ms": "card_number", "card_fuzzy_p99_ms": "card_fuzzy",
                "search_p99_ms": "search", "autocomplete_p99_ms": "autocomplete",
                "check_p99_ms": "check", "picture_p99_ms": "picture"}
    lines = ["| figure | target | measured | CPU time | met |", "|---|---|---|---|---|"]
    for key, label, unit in (*_ROWS, *_REAL_ROWS):
        if key.endswith("_cpu_s"):
            continue
        target = _target(key, unit)
        extra = ""
        if key in cpu_keys:
            extra = _fmt(cpu.get(cpu_keys[key]), "ms")
        elif key == "index_build_s":
            extra = _fmt(results.get("index_build_cpu_s"), "s") + " (all cores)"
        elif key == "warm_ask_s":
            extra = _fmt(results.get("warm_ask_cpu_s"), "s")
        mark = "" if key not in ok else ("yes" if ok[key] else "**no**")
        lines.append(f"| {label.replace('`', '')} (`{key}`) | {target} | "
                     f"{_fmt(results.get(key), unit)} | {extra} | {mark} |")
    return "\n".join(lines)


if __name__ == "__main__":
    import json
    import sys
    from pathlib import Path

    data = json.loads(Path(sys.argv[1] if len(sys.argv) > 1 else "bench-results.json")
                      .read_text(encoding="utf-8"))
    print(markdown(data))
