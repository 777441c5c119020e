"""Merging an import into rules/ and cards/: by id, keeping curated fields, atomically."""

from pathlib import Path
from typing import Any

import pytest

from bot.corpus.load import load_corpus
from bot.corpus.yamlio import read_yaml, write_yaml
from bot.importers.errors import ImporterError
from bot.importers.merge import (
    ImportBatch,
    MergeNotes,
    card_file,
    merge_card,
    merge_import,
    merge_term,
)

RP = {"id": "rp-4.1-2", "title": "РП 4.1-2 от 09.11.2024", "date": "2024-11-09", "rank": 0}
GL = {"id": "glossary", "title": "Глоссарий терминов (сайт, без даты)", "rank": 1}
PAGE = {"id": "card-50-1", "title": "Страница карты «Путь хранителей» 1", "rank": 2}
RANKS = {"rp-4.1-2": 0, "glossary": 1, "card-50-1": 2}


def _term(tid: str, name: str, source: str | None = None, text: str = "Текст.",
          **extra: Any) -> dict[str, Any]:
    term: dict[str, Any] = {"id": tid, "name": name, **extra}
    if source:
        term["versions"] = [{"source": source, "text": text}]
    return term


def _card(number: int = 1, **extra: Any) -> dict[str, Any]:
    return {"set_id": 50, "id": f"50-{number}", "number": number,
            "name": f"Путь хранителей {number}", "text": "Телепортация.", "rules": [], **extra}


def _terms(root: Path) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in read_yaml(root / "rules" / "terms.yaml")["terms"]}


def test_versions_of_the_imported_source_are_replaced() -> None:
    old = _term("ryad", "Ряд", "rp-4.1-2", "Старое.")
    old["versions"].append({"source": "glossary", "text": "Глоссарий."})
    merged = merge_term(old, _term("ryad", "Ряд", "rp-4.1-2", "Новое."), RANKS)
    assert merged["versions"] == [{"source": "rp-4.1-2", "text": "Новое."},
                                  {"source": "glossary", "text": "Глоссарий."}]


def test_versions_are_ordered_by_source_rank() -> None:
    merged = merge_term(_term("ryad", "Ряд", "glossary"), _term("ryad", "Ряд", "rp-4.1-2"), RANKS)
    assert [v["source"] for v in merged["versions"]] == ["rp-4.1-2", "glossary"]


def test_name_only_mentions_accumulate_and_keep_text() -> None:
    old = _term("metanie", "Метание на X", "rp-4.1-2", mentioned_in=["card-50-2"])
    merged = merge_term(old, _term("metanie", "Метание", mentioned_in=["card-50-1"]), RANKS)
    assert merged["name"] == "Метание на X"
    assert merged["aliases"] == ["Метание"]
    assert merged["mentioned_in"] == ["card-50-1", "card-50-2"]
    assert merged["versions"] == old["versions"]


def test_a_defining_source_names_a_name_only_term() -> None:
    merged = merge_term(_term("metanie", "Метание"), _term("metanie", "Метание на X", "rp-4.1-2"),
                        RANKS)
    assert merged["name"] == "Метание на X"
    assert "Метание" in merged["aliases"]


def test_curated_and_always_kept_term_fields() -> None:
    old = _term("raz-za-khod", "Один (Х) раз за ход", "rp-4.1-2", aliases=["раз за ход"],
                abbreviations=["РЗХ"], related=["marker"], kinds=["своё"],
                curated=["name", "kinds"])
    new = _term("raz-za-khod", "Один (Х) раз за ход (прочее)", "rp-4.1-2",
                aliases=["Один раз за ход"])
    merged = merge_term(old, new, RANKS)
    assert merged["name"] == "Один (Х) раз за ход"
    assert merged["kinds"] == ["своё"]
    assert merged["aliases"] == ["раз за ход", "Один раз за ход", "Один (Х) раз за ход (прочее)"]
    assert merged["abbreviations"] == ["РЗХ"]
    assert merged["related"] == ["marker"]
    assert merged["curated"] == ["name", "kinds"]


def test_curated_and_always_kept_card_fields() -> None:
    old = {"id": "50-1", "number": 1, "name": "Баалит", "element": "Тьма", "elite": True,
           "aliases": ["баал"], "text": "Исправленный текст.", "cost": 3,
           "abilities": [{"kind": "teleport", "text": "x", "slow": True}],
           "curated": ["text", "abilities"]}
    merged = merge_card(old, _card(cost=4, element="Свет", elite=False), "Путь хранителей")
    assert (merged["name"], merged["element"], merged["elite"]) == ("Баалит", "Тьма", True)
    assert merged["text"] == "Исправленный текст."
    assert merged["abilities"] == old["abilities"]
    assert merged["cost"] == 4  # not curated: the import wins
    assert merged["aliases"] == ["баал"]


def test_a_placeholder_name_is_replaced() -> None:
    old = {"id": "50-1", "number": 1, "name": "Путь хранителей 1"}
    merged = merge_card(old, {**_card(), "name": "Баалит"}, "Путь хранителей")
    assert merged["name"] == "Баалит"


def test_abilities_come_from_the_extractor() -> None:
    merged = merge_card(None, _card(), "Путь хранителей")
    assert merged["abilities"] and merged["abilities"][0]["text"] == "Телепортация."


def test_merge_import_writes_a_loadable_corpus(tmp_path: Path) -> None:
    batch = ImportBatch(
        sources=[RP, PAGE],
        terms=[_term("teleportatsiya", "Телепортация", "rp-4.1-2"),
               _term("simbiot", "Симбиот", mentioned_in=["card-50-1"])],
        cards=[_card(rules=["teleportatsiya", "simbiot"], source="card-50-1")],
    )
    result = merge_import(tmp_path, batch)
    assert result.new_terms == ["simbiot", "teleportatsiya"]
    assert result.new_cards == ["50-1"]
    assert card_file(tmp_path, 50).name == "50-put-khraniteley.yaml"
    corpus = load_corpus(tmp_path)
    assert corpus.cards["50-1"].rules == ("teleportatsiya", "simbiot")
    assert corpus.terms["simbiot"].name_only
    data = read_yaml(card_file(tmp_path, 50))
    assert data["set"] == {"id": 50, "name": "Путь хранителей", "initials": "ПХ"}
    again = merge_import(tmp_path, batch)
    assert again.written == [] and "nothing (no changes)" in again.summary()


def test_cards_are_sorted_by_number(tmp_path: Path) -> None:
    merge_import(tmp_path, ImportBatch([PAGE], [], [_card(194)]))
    merge_import(tmp_path, ImportBatch([PAGE], [], [_card(168)]))
    numbers = [c["number"] for c in read_yaml(card_file(tmp_path, 50))["cards"]]
    assert numbers == [168, 194]


def test_a_complete_source_drops_its_stale_versions(tmp_path: Path) -> None:
    merge_import(tmp_path, ImportBatch([GL], [_term("gnev", "Гнев", "glossary"),
                                              _term("orda", "Орда", "glossary")], [],
                                       frozenset({"glossary"})))
    merge_import(tmp_path, ImportBatch([GL], [_term("gnev", "Гнев", "glossary")], [],
                                       frozenset({"glossary"})))
    assert "versions" not in _terms(tmp_path)["orda"]


def test_colliding_ids_of_different_terms(tmp_path: Path) -> None:
    first = _term("zona", "Зона (игровая)", mentioned_in=["card-50-1"])
    second = _term("zona", "Зона (карты)", mentioned_in=["card-50-1"])
    result = merge_import(tmp_path, ImportBatch([PAGE], [first, second],
                                                [_card(rules=["zona"])]))
    assert result.renamed == {"zona": "zona-karty"}
    terms = _terms(tmp_path)
    assert terms["zona"]["name"] == "Зона (игровая)"
    assert terms["zona-karty"]["name"] == "Зона (карты)"


def test_card_page_rules_follow_a_collision_exactly(tmp_path: Path) -> None:
    first = _term("zona", "Зона (игровая)", mentioned_in=["card-50-1"])
    second = _term("zona", "Зона (карты)", mentioned_in=["card-50-1"])
    batch = ImportBatch([PAGE], [first, second], [_card(rules=["zona"])], rules_from_terms=True)
    merge_import(tmp_path, batch)
    (card,) = read_yaml(card_file(tmp_path, 50))["cards"]
    assert card["rules"] == ["zona", "zona-karty"]


def test_invalid_result_writes_nothing(tmp_path: Path) -> None:
    bad = ImportBatch([RP], [_term("ryad", "Ряд", "rp-9")], [])
    with pytest.raises(ImporterError, match="unknown source 'rp-9'"):
        merge_import(tmp_path, bad)
    assert not (tmp_path / "rules").exists()


def test_existing_file_that_is_not_a_corpus_file(tmp_path: Path) -> None:
    write_yaml(tmp_path / "rules" / "terms.yaml", ["not", "a", "mapping"])
    with pytest.raises(ImporterError, match="expected a mapping"):
        merge_import(tmp_path, ImportBatch([RP], [_term("ryad", "Ряд", "rp-4.1-2")], []))
    assert not (tmp_path / "rules" / "sources.yaml").exists()


def test_the_source_that_wrote_a_card_refreshes_its_name() -> None:
    old = {"id": "50-1", "number": 1, "name": "Баалт", "element": "Тьма", "source": "db"}
    merged = merge_card(old, {**_card(), "name": "Баалит", "element": "Тьма", "source": "db"},
                        "Путь хранителей")
    assert merged["name"] == "Баалит"


def test_another_source_only_fills_gaps_and_notes_differences() -> None:
    notes = MergeNotes()
    old = {"id": "50-1", "number": 1, "name": "Баалит", "text": "-1 от .", "cost": 4,
           "source": "card-50-1"}
    new = {**_card(), "name": "Баалит", "text": "-1 от простого удара.", "cost": 5,
           "rarity": "Редкая", "source": "db"}
    merged = merge_card(old, new, "Путь хранителей", notes=notes,
                        restore=lambda site: site.replace("от .", "от простого удара."))
    assert (merged["cost"], merged["rarity"], merged["source"]) == (4, "Редкая", "card-50-1")
    assert merged["text"] == "-1 от простого удара."
    assert notes.conflicts == ["50-1: cost kept 4 (database: 5)"]
    assert notes.restored_text == ["50-1"]


def test_a_lossy_refresh_keeps_what_another_source_added() -> None:
    # the site's page loses icons: its text and «Иконки» do not undo the database's
    old = {"id": "50-1", "number": 1, "name": "Тень", "text": "-1 от простого удара. Прыжок.",
           "icons": {"inc": 0}, "source": "card-50-1"}
    page = {**_card(), "text": "-1 от . Прыжок.", "icons": {"unknown": 1}, "source": "card-50-1"}
    lossy = frozenset({"text", "icons"})
    merged = merge_card(old, page, "Путь хранителей", lossy=lossy)
    assert merged["text"] == old["text"] and merged["icons"] == {"inc": 0}
    # a page that really changed its text still wins
    changed = merge_card(old, {**page, "text": "-2 от . Прыжок."}, "Путь хранителей",
                         lossy=lossy)
    assert changed["text"] == "-2 от . Прыжок."
