"""The benchmark's generator and harness at a tiny size (no timing assertions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.bench.generate import generate
from bot.bench.queries import inflect_word, make_queries, typo, wrong_layout
from bot.corpus.load import load_corpus


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_generated_corpus_is_valid_and_deterministic(tmp_path: Path) -> None:
    a = generate(tmp_path / "a", cards=300, terms=40, seed=7)
    b = generate(tmp_path / "b", cards=300, terms=40, seed=7)
    c = generate(tmp_path / "c", cards=300, terms=40, seed=8)
    assert _tree(a.root) == _tree(b.root)
    assert _tree(a.root) != _tree(c.root)
    corpus = load_corpus(a.root)  # raises CorpusError on any schema or cross-reference issue
    assert len(corpus.terms) == 40 + a.real_terms
    assert len(corpus.cards) == 300 + a.real_cards
    assert len([s for s in corpus.sets if s >= 100]) == 2  # 250 cards per synthetic set
    assert "cards/100-bench.yaml" in a.files and "rules/terms.yaml" in a.files


def test_generator_without_the_shipped_corpus(tmp_path: Path) -> None:
    gen = generate(tmp_path / "x", cards=20, terms=10, seed=1, real_root=None)
    corpus = load_corpus(gen.root)
    assert (len(corpus.terms), len(corpus.cards)) == (10, 20)


def test_query_set_has_one_right_answer_per_query(tmp_path: Path) -> None:
    gen = generate(tmp_path / "q", cards=200, terms=60, seed=3)
    corpus = load_corpus(gen.root)
    qs = make_queries(corpus, 30, seed=2, check_n=5)
    assert qs.term_exact and qs.term_fuzzy and qs.card_number and qs.card_fuzzy and qs.search
    assert all(q.expected in corpus.terms for q in qs.term_exact + qs.term_fuzzy)
    assert all(q.expected in corpus.cards for q in qs.card_number + qs.card_fuzzy)
    assert {q.kind for q in qs.card_fuzzy} <= {"typo", "inflection", "layout"}
    assert all(m.startswith("!check ") and " | " in m for m in qs.check)
    assert make_queries(corpus, 30, seed=2, check_n=5) == qs


def test_query_transformations() -> None:
    import random

    rng = random.Random(0)
    assert wrong_layout("Телепортация") == "ntktgjhnfwbz"
    assert inflect_word(rng, "телепортация") in {"телепортацию", "телепортации", "телепортацией"}
    t = typo(rng, "Телепортация")
    assert t is not None and t != "телепортация" and t[0] == "т"


def test_harness_writes_every_required_key(tmp_path: Path) -> None:
    pytest.importorskip("bot.lookup.lookup")
    pytest.importorskip("bot.commands.check")
    from bot.bench.__main__ import main
    from bot.bench.harness import REAL_KEYS, REQUIRED_KEYS

    out = tmp_path / "bench-results.json"
    assert main(["--cards", "60", "--terms", "30", "--queries", "12", "--out", str(out),
                 "--quick"]) == 0
    results = json.loads(out.read_text(encoding="utf-8"))
    for key in (*REQUIRED_KEYS, *REAL_KEYS):
        assert key in results, key
        assert isinstance(results[key], int | float), key
    assert results["real_corpus"]["cards"] == 1054  # the shipped corpus, measured on its own
    assert results["real_card_exact_top1"] == 1.0 and results["real_card_number_top1"] == 1.0


def test_parallel_read_of_a_large_corpus_equals_the_serial_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.corpus.load as load

    gen = generate(tmp_path / "p", cards=600, terms=50, seed=5)
    bad = gen.root / "cards" / "101-bench.yaml"
    bad.write_text(bad.read_text(encoding="utf-8").replace("number: 7\n", "number: -7\n", 1),
                   encoding="utf-8")
    serial = load.read_raw(gen.root)
    monkeypatch.setattr(load, "PARALLEL_BYTES", 0)
    parallel = load.read_raw(gen.root)
    assert parallel == serial
    assert [i.entry for i in serial[1]] == ["cards[6] (101-7)"]
