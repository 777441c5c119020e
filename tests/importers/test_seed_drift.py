"""DRIFT: importing the sources must reproduce the shipped corpus (SPEC §1, §3).

The shipped rules/ and cards/ are generated from rules/sources/* (the seed pages) and
cards/sources/berserk-nxt-data.json (the card database), then curated. Re-importing the sources
into a fresh root must give the same data except for curated fields; re-importing them over a
copy of the shipped corpus must change nothing at all.
"""

import shutil
from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT
from bot.corpus.yamlio import read_yaml
from bot.importers.merge import ALWAYS_KEPT_CARD, ALWAYS_KEPT_TERM
from bot.importers.seeds import CARD_DATABASE, import_all, seed_files

SEEDS = ["000_ab824b629bb5bf28.txt", "002_14833def266e7a30.txt", "003_d615a339de675d50.txt"]
FILES = ["rules/sources.yaml", "rules/terms.yaml",
         *sorted(p.relative_to(PROJECT_ROOT).as_posix()
                 for p in (PROJECT_ROOT / "cards").glob("*.yaml"))]
#: Derived from curated fields: a card's abilities follow its (curated) text and icons.
DERIVED = {"text": ["abilities"], "icons": ["abilities"]}
#: Source fields curated by hand: a fresh import writes only the file's id, path and sha256.
CURATED_SOURCE_FIELDS = ("title", "note", "url")

REGENERATE = "regenerate it: .venv/bin/python -m bot.importers.seeds"


def _import(root: Path) -> list[str]:
    assert [p.name for p in seed_files(root)] == SEEDS
    return import_all(root)


def _with_sources(root: Path, shipped: bool) -> Path:
    (root / "rules").mkdir(parents=True)
    shutil.copytree(PROJECT_ROOT / "rules" / "sources", root / "rules" / "sources")
    (root / CARD_DATABASE).parent.mkdir(parents=True)
    shutil.copy(PROJECT_ROOT / CARD_DATABASE, root / CARD_DATABASE)
    if shipped:
        for rel in FILES:
            shutil.copy(PROJECT_ROOT / rel, root / rel)
    return root


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _with_sources(tmp_path_factory.mktemp("fresh"), shipped=False)
    _import(root)
    return root


def _kept(key: str, entry: dict[str, Any]) -> set[str]:
    """Fields a re-import never changes: curated ones and the always-kept ones."""
    kept = set(entry.get("curated", [])) | {"curated"}
    if key == "terms":
        kept |= set(ALWAYS_KEPT_TERM)
    elif key == "cards":  # name, element, elite: kept only on cards written by hand
        kept |= {"aliases"} if entry.get("source") else set(ALWAYS_KEPT_CARD)
    elif key == "sources":
        kept |= set(CURATED_SOURCE_FIELDS)
    for name in list(kept):
        kept.update(DERIVED.get(name, []))
    return kept


def _entries(data: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    for key in ("sources", "terms", "cards"):
        if key in data:
            return key, data[key]
    raise AssertionError(f"unexpected corpus file {sorted(data)}")


def test_the_shipped_cards_are_the_whole_database() -> None:
    cards = sum(len(read_yaml(PROJECT_ROOT / rel)["cards"]) for rel in FILES
                if rel.startswith("cards/"))
    assert cards == 1054  # cards/sources/README.md: 1,413 records, 359 of them prints


@pytest.mark.parametrize("rel", FILES)
def test_fresh_import_matches_shipped_except_curated(fresh: Path, rel: str) -> None:
    shipped = read_yaml(PROJECT_ROOT / rel)
    imported = read_yaml(fresh / rel)
    key, shipped_entries = _entries(shipped)
    _, fresh_entries = _entries(imported)
    assert [e["id"] for e in fresh_entries] == [e["id"] for e in shipped_entries], (
        f"{rel}: the ids differ from a fresh import of the sources; {REGENERATE}")
    for ship, new in zip(shipped_entries, fresh_entries, strict=True):
        kept = _kept(key, ship)
        assert {k: v for k, v in new.items() if k not in kept} == {
            k: v for k, v in ship.items() if k not in kept}, (
            f"{rel}: {ship['id']} differs from a fresh import in a field that is not curated "
            f"({REGENERATE}, or list the field under `curated:`)")
    if "set" in shipped:
        assert shipped["set"] == imported["set"]


def test_reimport_over_shipped_corpus_changes_nothing(tmp_path: Path) -> None:
    root = _with_sources(tmp_path, shipped=True)
    reports = _import(root)
    for rel in FILES:
        assert (root / rel).read_bytes() == (PROJECT_ROOT / rel).read_bytes(), (
            f"{rel}: importing the sources over the shipped corpus changes it; {REGENERATE}")
    assert all("nothing (no changes)" in r for r in reports[:-1])
    assert "Files written: 0 (all up to date)" in reports[-1]


def test_second_import_is_byte_identical(fresh: Path) -> None:
    first = {rel: (fresh / rel).read_bytes() for rel in FILES}
    reports = _import(fresh)
    assert {rel: (fresh / rel).read_bytes() for rel in FILES} == first
    assert all("nothing (no changes)" in r for r in reports[:-1])
    assert "Files written: 0 (all up to date)" in reports[-1]
