"""Benchmarks (``make bench``): a deterministic synthetic corpus at scale, latency, start-up
and memory, side by side with naive baselines (difflib, a linear scan).

Modules: :mod:`~bot.bench.generate` (the corpus), :mod:`~bot.bench.queries` (query sets with
typos and inflections), :mod:`~bot.bench.baselines`, :mod:`~bot.bench.harness` (one run,
``bench-results.json``), :mod:`~bot.bench.report` (the stdout table).
"""
