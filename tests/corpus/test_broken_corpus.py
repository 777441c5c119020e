"""A broken corpus is refused with EVERY error, each naming file, entry and field."""

import shutil
from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.corpus.errors import CorpusError
from bot.corpus.load import load_corpus
from bot.corpus.yamlio import read_yaml, write_yaml

CARDS = "cards/50-put-khraniteley.yaml"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "rules").mkdir(parents=True)
    (root / "cards").mkdir()
    for rel in ("rules/sources.yaml", "rules/terms.yaml", CARDS):
        shutil.copy(PROJECT_ROOT / rel, root / rel)
    return root


def _edit_term(root: Path, tid: str, **changes: object) -> int:
    path = root / "rules" / "terms.yaml"
    data = read_yaml(path)
    index = next(i for i, t in enumerate(data["terms"]) if t["id"] == tid)
    data["terms"][index].update(changes)
    write_yaml(path, data)
    return index


def test_a_copy_of_the_shipped_corpus_loads(tmp_path: Path) -> None:
    load_corpus(_copy(tmp_path))


def test_every_error_is_listed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    tele = _edit_term(root, "teleportatsiya",
                      versions=[{"source": "rp-9.9", "text": "Текст."}])
    jump = _edit_term(root, "pryzhok", related=["teleportatsiya", "no-such-term"])
    shot = _edit_term(root, "vystrel", mentioned_in=["card-50-999"])
    cards = read_yaml(root / CARDS)
    baalit, shadow = (next(i for i, c in enumerate(cards["cards"]) if c["id"] == cid)
                      for cid in ("50-168", "50-194"))
    cards["cards"][baalit]["rules"].append("missing-term")
    cards["cards"][shadow]["strike"] = [1, 2]
    write_yaml(root / CARDS, cards)
    write_yaml(root / "rules" / "extra.yaml", {"terms": [{"id": "bez-imeni"}]})
    write_yaml(root / "rules" / "dup.yaml", {"terms": [{"id": "ryad", "name": "Ряд"}]})

    with pytest.raises(CorpusError) as caught:
        load_corpus(root)
    found = {(i.file, i.entry, i.field) for i in caught.value.issues}
    expected = {
        ("rules/terms.yaml", f"terms[{tele}] (teleportatsiya)", "versions[0].source"),
        ("rules/terms.yaml", f"terms[{jump}] (pryzhok)", "related"),
        ("rules/terms.yaml", f"terms[{shot}] (vystrel)", "mentioned_in"),
        (CARDS, f"cards[{baalit}] (50-168)", "rules"),
        (CARDS, f"cards[{shadow}] (50-194)", "strike"),
        ("rules/extra.yaml", "terms[0] (bez-imeni)", ""),
    }
    assert expected <= found, sorted(found)
    assert any(i.file == "rules/terms.yaml" and "(ryad)" in i.entry and "duplicate" in i.message
               for i in caught.value.issues)
    message = str(caught.value)
    for needle in ("rp-9.9", "no-such-term", "card-50-999", "missing-term", "'name' is a required property",
                   "duplicate term id"):
        assert needle in message
    assert f"cards/50-put-khraniteley.yaml: cards[{shadow}] (50-194): strike:" in message


def test_a_file_that_is_not_yaml(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "rules" / "broken.yaml").write_text("terms: [\n  - id: x\n", encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        load_corpus(root)
    assert any(i.file == "rules/broken.yaml" and "not valid YAML" in i.message
               for i in caught.value.issues)
