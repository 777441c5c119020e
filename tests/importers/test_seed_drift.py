"""DRIFT: importing the seeds must reproduce the shipped corpus (SPEC §3).

The shipped rules/ and cards/ are generated from rules/sources/* and then curated. Re-importing
the seeds into a fresh root must give the same data except for curated fields; re-importing
them over a copy of the shipped corpus must change nothing at all.
"""

import shutil
from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT
from bot.corpus.yamlio import read_yaml
from bot.importers.merge import ALWAYS_KEPT_CARD, ALWAYS_KEPT_TERM
from bot.importers.seeds import import_seeds, seed_files

SEEDS = ["000_ab824b629bb5bf28.txt", "002_14833def266e7a30.txt", "003_d615a339de675d50.txt"]
FILES = ["rules/sources.yaml", "rules/terms.yaml", "cards/50-put-khraniteley.yaml"]
#: Derived from curated fields: a card's abilities follow its (curated) text and icons.
DERIVED = {"text": ["abilities"], "icons": ["abilities"]}


REGENERATE = "regenerate it: .venv/bin/python -m bot.importers.seeds"


def _import_seeds(root: Path) -> list[str]:
    assert [p.name for p in seed_files(root)] == SEEDS
    return import_seeds(root)


def _with_seeds(tmp_path: Path, shipped: bool) -> Path:
    root = tmp_path / "root"
    (root / "rules").mkdir(parents=True)
    shutil.copytree(PROJECT_ROOT / "rules" / "sources", root / "rules" / "sources")
    if shipped:
        for rel in FILES:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(PROJECT_ROOT / rel, root / rel)
    return root


def _uncurated(entry: dict[str, Any], curated_fields: list[str],
               always: tuple[str, ...]) -> dict[str, Any]:
    curated = set(curated_fields) | set(always) | {"curated"}
    for name in list(curated):
        curated.update(DERIVED.get(name, []))
    return {k: v for k, v in entry.items() if k not in curated}


def _entries(data: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    for key in ("sources", "terms", "cards"):
        if key in data:
            return key, data[key]
    raise AssertionError(f"unexpected corpus file {sorted(data)}")


@pytest.mark.parametrize("rel", FILES)
def test_fresh_import_matches_shipped_except_curated(tmp_path: Path, rel: str) -> None:
    root = _with_seeds(tmp_path, shipped=False)
    _import_seeds(root)
    shipped = read_yaml(PROJECT_ROOT / rel)
    fresh = read_yaml(root / rel)
    key, shipped_entries = _entries(shipped)
    _, fresh_entries = _entries(fresh)
    assert [e["id"] for e in fresh_entries] == [e["id"] for e in shipped_entries], (
        f"{rel}: the ids differ from a fresh import of the seeds; {REGENERATE}")
    always = {"terms": ALWAYS_KEPT_TERM, "cards": ALWAYS_KEPT_CARD}.get(key, ())
    for ship, new in zip(shipped_entries, fresh_entries, strict=True):
        curated = ship.get("curated", [])
        assert _uncurated(new, curated, always) == _uncurated(ship, curated, always), (
            f"{rel}: {ship['id']} differs from a fresh import in a field that is not curated "
            f"({REGENERATE}, or list the field under `curated:`)")
    if "set" in shipped:
        assert shipped["set"] == fresh["set"]


def test_reimport_over_shipped_corpus_changes_nothing(tmp_path: Path) -> None:
    root = _with_seeds(tmp_path, shipped=True)
    reports = _import_seeds(root)
    for rel in FILES:
        assert (root / rel).read_bytes() == (PROJECT_ROOT / rel).read_bytes(), (
            f"{rel}: importing the seeds over the shipped corpus changes it; {REGENERATE}")
    assert all("nothing (no changes)" in r for r in reports)


def test_second_import_is_byte_identical(tmp_path: Path) -> None:
    root = _with_seeds(tmp_path, shipped=False)
    _import_seeds(root)
    first = {rel: (root / rel).read_bytes() for rel in FILES}
    reports = _import_seeds(root)
    assert {rel: (root / rel).read_bytes() for rel in FILES} == first
    assert all("nothing (no changes)" in r for r in reports)
