"""Fuzzing the importers with mutated records: the berserk-nxt JSON (fields deleted, retyped,
out of range, texts with unknown placeholders and control characters) and the two seed page
formats (lines dropped, repeated, swapped, rewritten). An importer either writes files that the
corpus loader accepts or refuses with an ImporterError naming the problem — never another
exception, never a half-written or invalid corpus."""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot import PROJECT_ROOT
from bot.corpus.load import load_corpus
from bot.corpus.yamlio import dump_yaml, read_yaml
from bot.importers.card_page import import_card_page
from bot.importers.errors import ImporterError
from bot.importers.glossary import import_glossary
from bot.importers.nxt import run_import
from fuzz.budget import FUZZ

SAMPLE: list[dict[str, Any]] = json.loads(
    (PROJECT_ROOT / "tests" / "fixtures" / "nxt-sample.json").read_text(encoding="utf-8"))
FIELDS = sorted({k for record in SAMPLE for k in record})
SEED_SET = "cards/50-put-khraniteley.yaml"

json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
              st.text(max_size=30)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)
card_text = st.lists(st.one_of(
    st.sampled_from(["{tap}", "{strike}", "{counter}", "{zot}", "{unknown_icon}", "{", "}", "\u0001",
                     "Метание на 1-2-2, дальность 3.", "Прыжок, дальность 2.", "Телепортация.",
                     "Бестелесный: -1 от {strike}.", "nan", "(1 раз за бой)", "\n", "\t",
                     "При движении", "на клетку", " — ", "…"]),
    st.text(max_size=20)), max_size=15).map("".join)


@st.composite
def mutated_records(draw: st.DrawFn) -> list[Any]:
    records: list[Any] = copy.deepcopy(draw(st.lists(st.sampled_from(SAMPLE), min_size=1,
                                                     max_size=6, unique_by=lambda r: r["id"])))
    junk: list[Any] = []
    for _ in range(draw(st.integers(1, 6))):
        record = draw(st.sampled_from(records))
        action = draw(st.sampled_from(["delete", "retype", "text", "number", "alt", "junk"]))
        key = draw(st.sampled_from(FIELDS))
        if action == "delete":
            record.pop(key, None)
        elif action == "retype":
            record[key] = draw(json_value)
        elif action == "text":
            record["text"] = draw(card_text)
        elif action == "number":
            record[draw(st.sampled_from(["number", "set_id", "cost", "life", "move", "type",
                                         "color", "rarity"]))] = draw(st.integers(-5, 70000))
        elif action == "alt":
            record["altto"] = draw(st.sampled_from([r.get("id") for r in SAMPLE] + [None, "x"]))
        else:
            junk.append(draw(json_value))  # a record that is not a card at all
    return records + junk


def _workspace() -> Path:
    return Path(tempfile.mkdtemp(prefix="fuzz-import-"))


@FUZZ
@given(records=mutated_records())
def test_nxt_import_of_mutated_records(records: list[Any]) -> None:
    work = _workspace()
    try:
        root = work / "corpus"
        (root / "cards").mkdir(parents=True)
        data = work / "data.json"
        data.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        try:
            result = run_import(data, root)
        except ImporterError as exc:
            assert str(exc) and "Traceback" not in str(exc)
            assert not list((root / "cards").iterdir())  # refused: nothing written
            return
        assert result.cards >= 1
        load_corpus(root)  # what it wrote is a valid corpus
    finally:
        shutil.rmtree(work, ignore_errors=True)


@st.composite
def mutated_page(draw: st.DrawFn, name: str) -> str:
    lines = (PROJECT_ROOT / "rules" / "sources" / name).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 5))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "repeat", "swap", "rewrite", "tabs", "truncate"]))
        if action == "drop":
            del lines[at]
        elif action == "repeat":
            lines.insert(at, lines[at])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif action == "rewrite":
            lines[at] = draw(st.text(max_size=60))
        elif action == "tabs":
            lines[at] = lines[at].replace(" ", "\t", draw(st.integers(1, 3)))
        else:
            lines = lines[:at]
    return "\n".join(lines) + "\n"


@cache
def _seed_cards() -> str:
    """The seed cards' set file with only the two seed cards (the whole set is 240 KB, read
    and rewritten by every import)."""
    data = read_yaml(PROJECT_ROOT / SEED_SET)
    data["cards"] = [c for c in data["cards"] if c["id"] in ("50-168", "50-194")]
    return dump_yaml(data)


def _import_page(importer: Any, name: str, text: str) -> None:
    work = _workspace()
    try:
        root = work / "corpus"
        shutil.copytree(PROJECT_ROOT / "rules", root / "rules",
                        ignore=shutil.ignore_patterns("sources"))
        (root / "cards").mkdir()  # the card page's own set, its seed cards: what it merges into
        (root / SEED_SET).write_text(_seed_cards(), encoding="utf-8")
        page = root / "rules" / "sources" / name
        page.parent.mkdir(parents=True)
        page.write_text(text, encoding="utf-8")
        before = {p: p.read_bytes() for p in root.rglob("*.yaml")}
        try:
            importer(page, root)
        except ImporterError as exc:
            assert str(exc)
            assert {p: p.read_bytes() for p in root.rglob("*.yaml")} == before  # untouched
            return
        load_corpus(root)
    finally:
        shutil.rmtree(work, ignore_errors=True)


@FUZZ
@given(text=mutated_page("000_ab824b629bb5bf28.txt"))
def test_card_page_import_of_a_mutated_page(text: str) -> None:
    _import_page(import_card_page, "000_ab824b629bb5bf28.txt", text)


@FUZZ
@given(text=mutated_page("002_14833def266e7a30.txt"))
def test_glossary_import_of_a_mutated_page(text: str) -> None:
    _import_page(import_glossary, "002_14833def266e7a30.txt", text)


@FUZZ
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=120))
def test_a_heading_of_any_text_parses_or_is_refused(text: str) -> None:
    """Regression: a heading starting with a line break and a comma once looped forever,
    appending empty segments until memory ran out."""
    from bot.importers.headings import parse_heading

    try:
        head = parse_heading(text)
    except ImporterError:
        return
    assert head.id and len(head.aliases) <= len(text)
