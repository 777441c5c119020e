"""The typed ability vocabulary: canonical values, the YAML codec and the corpus schema."""

import copy
import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT
from bot.corpus.abilities import (
    Ability,
    AbilityDataError,
    Activated,
    Attack,
    Cell,
    Condition,
    Cost,
    Formation,
    Has,
    Jump,
    Keyword,
    Limit,
    Marker,
    Protection,
    Reduction,
    Selector,
    Static,
    Throw,
    Trigger,
    Unparsed,
    When,
    Wound,
    from_data,
    read_in_full,
    to_data,
    walk,
)
from bot.corpus.abilities import schema as ability_schema
from bot.corpus.abilities.codec import mentions_kind
from bot.corpus.abilities.vocabulary import EFFECT_KINDS, FRAME_KINDS
from bot.corpus.errors import CorpusError
from bot.corpus.load import load_corpus
from bot.corpus.yamlio import read_yaml, write_yaml
from bot.importers.abilities import extract_abilities

DB = PROJECT_ROOT / "cards" / "sources" / "berserk-nxt-data.json"
TEN = Trigger(
    when=When(event="move", to=Cell(occupied_by=Selector(side="enemy", flags=("ground",)))),
    effects=(Wound(value=1, target="that"), Jump(range=3, to=Cell(free=True))), optional=True,
    text="При движении на клетку, занятую наземным существом противника — …")
SAMPLES: list[Ability] = [
    TEN,
    Activated(cost=Cost(tap=True, counters="X"), instant=True,
              effects=(Throw(values=(1, "X", 3), range="X", name="бомбы"),
                       Unparsed(fragment="где X …")),
              limit=Limit(count=1, per="battle"), impact="взрыв", text="X фишек, закрыться: …"),
    Static(condition=Has(having=("cur",)), grants=(Keyword(code="direct"),), text="…, пока …"),
    Formation(grants=(Protection(against=(Attack(kind="attack", by=Selector(flags=("flying",))),)),),
              text="Строй: Защита от летающих."),
    Unparsed(text="Всё непрочитанное."),
]


@pytest.mark.parametrize("ability", SAMPLES, ids=[a.kind for a in SAMPLES])
def test_round_trip(ability: Ability) -> None:
    data = to_data(ability)
    assert from_data(data) == ability
    assert to_data(from_data(json.loads(json.dumps(data)))) == data


def test_canonical_form_kind_text_first_defaults_left_out() -> None:
    data = to_data(TEN)
    assert list(data)[:2] == ["kind", "text"]
    assert data["effects"][1] == {"kind": "jump", "range": 3, "to": {"free": True}}
    assert "optional" in data and "limit" not in data and "impact" not in data


def test_sets_are_sorted_so_one_reading_has_one_spelling() -> None:
    a = Reduction(value=1, against=(Attack(kind="throw"), Attack(kind="shot")))
    b = Reduction(value=1, against=(Attack(kind="shot"), Attack(kind="throw"), Attack(kind="shot")))
    assert a == b and [x.kind for x in a.against] == ["shot", "throw"]
    assert Selector(flags=("open", "flying")).flags == ("flying", "open")
    written = from_data({"kind": "reduction", "value": 1,
                         "against": [{"kind": "throw"}, {"kind": "shot"}]})
    assert written == a


@pytest.mark.parametrize("data,path", [
    ({"kind": "jump"}, "range"),
    ({"kind": "jump", "range": "far"}, "range"),
    ({"kind": "jump", "range": 2, "slow": True}, "slow"),
    ({"kind": "teleport", "to": {"free": "yes"}}, "to.free"),
    ({"kind": "trigger", "when": {"event": "move_onto"}, "effects": []}, "when.event"),
    ({"kind": "activated", "effects": [{"kind": "wound", "value": 1, "target": "him"}]},
     "effects[0].target"),
    ({"kind": "static", "grants": []}, ""),
    ({"kind": "frobnicate"}, "kind"),
    ({"text": "no kind"}, ""),
])
def test_bad_data_names_the_field(data: dict[str, Any], path: str) -> None:
    with pytest.raises(AbilityDataError) as err:
        from_data(data)
    assert err.value.path == path


def test_a_condition_is_read_as_a_condition() -> None:
    assert from_data({"kind": "has", "having": ["cur"]}, Condition) == Has(having=("cur",))
    with pytest.raises(AbilityDataError):
        from_data({"kind": "jump", "range": 1}, Condition)


def test_read_in_full_and_walk() -> None:
    assert read_in_full(TEN) and not read_in_full(SAMPLES[1])
    assert [v.kind for v in walk(SAMPLES[1]) if hasattr(v, "kind")] == [
        "activated", "throw", "unparsed"]


def test_a_card_keeps_its_unread_abilities_and_every_value_inside_them() -> None:
    from bot.corpus.model import Card

    card = Card(id="50-1", set_id=50, set_name="ПХ", number=1, name="Проба",
                ability_data=tuple(to_data(a) for a in (TEN, SAMPLES[1])))
    assert card.unread_abilities == (card.abilities[1],)
    inside = [(a.kind, getattr(v, "kind", None)) for a, v in card.ability_values]
    assert ("activated", "unparsed") in inside and ("activated", "activated") in inside
    assert {a for a, _ in inside} == {a.kind for a in card.abilities}


def test_prepare_builds_a_decoder_for_every_kind_so_no_card_pays_for_it_later() -> None:
    from bot.corpus.abilities import codec
    from bot.corpus.abilities.vocabulary import value_classes

    classes = value_classes()
    kinds = {getattr(c, "kind", None) for c in classes}
    assert set(EFFECT_KINDS) | set(FRAME_KINDS) <= kinds
    codec.prepare()
    assert all(c in codec._DECODERS for c in classes)


def test_kinds_are_unique() -> None:
    assert len(set(EFFECT_KINDS)) == len(EFFECT_KINDS)
    assert not set(FRAME_KINDS) & set(EFFECT_KINDS)


def test_schema_json_is_generated_from_the_vocabulary() -> None:
    text = ability_schema.SCHEMA_PATH.read_text(encoding="utf-8")
    assert ability_schema.render(text) == text, (
        "regenerate it: .venv/bin/python -m bot.corpus.abilities.schema")


def _shipped_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    for part in ("rules", "cards"):
        shutil.copytree(PROJECT_ROOT / part, root / part,
                        ignore=shutil.ignore_patterns("sources"))
    return root


def test_a_bad_ability_in_a_card_file_is_reported_with_file_entry_and_field(
        tmp_path: Path) -> None:
    root = _shipped_root(tmp_path)
    path = root / "cards" / "50-put-khraniteley.yaml"
    data = read_yaml(path)
    good = copy.deepcopy(data)
    baalit, shadow = (next(i for i, c in enumerate(data["cards"]) if c["id"] == cid)
                      for cid in ("50-168", "50-194"))
    data["cards"][baalit]["abilities"][1]["effects"][0]["range"] = "далеко"
    data["cards"][shadow]["abilities"][1]["effects"][0]["text"] = "nested text"
    data["cards"][shadow]["abilities"].append({"kind": "static", "text": "x", "grants": []})
    write_yaml(path, data)
    with pytest.raises(CorpusError) as err:
        load_corpus(root)
    where = {(i.file, i.entry, i.field) for i in err.value.issues}
    assert ("cards/50-put-khraniteley.yaml", f"cards[{baalit}] (50-168)",
            "abilities[1].effects[0].range") in where
    assert ("cards/50-put-khraniteley.yaml", f"cards[{shadow}] (50-194)",
            "abilities[1].effects[0]") in where
    assert ("cards/50-put-khraniteley.yaml", f"cards[{shadow}] (50-194)", "abilities[2]") in where
    write_yaml(path, good)
    assert load_corpus(root).cards["50-194"].abilities[1] == dataclasses.replace(
        TEN, text=good["cards"][shadow]["abilities"][1]["text"])


def test_every_reading_of_the_whole_database_round_trips_and_fits_the_schema() -> None:
    """The extractor on every card text of the database: every value it makes is written and read back equal,
    and the written form passes the corpus schema (the card file check)."""
    import fastjsonschema

    defs = json.loads(ability_schema.SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]
    validate = fastjsonschema.compile({"$schema": "http://json-schema.org/draft-07/schema#",
                                       "$ref": "#/$defs/ability", "$defs": defs})
    texts = {str(r.get("text") or "") for r in json.loads(DB.read_text(encoding="utf-8"))}
    entries = 0
    for text in texts:
        for ability in extract_abilities(text):
            data = to_data(ability)
            validate(data)
            assert from_data(data) == ability
            # a card's unread abilities are told from this written form, without decoding it
            assert mentions_kind(data, "unparsed") is not read_in_full(ability), data
            assert mentions_kind(data, "marker") is any(isinstance(v, Marker) for v in walk(ability))
            entries += 1
    assert len(texts) > 1000 and entries > 2000


def test_a_card_reads_its_abilities_on_first_use() -> None:
    """A warm start (the corpus from the index) decodes no ability until one is needed."""
    from bot.corpus.load import card_from_dict

    data = {"id": "50-1", "number": 1, "name": "Проба",
            "abilities": [{"kind": "jump", "text": "Прыжок, дальность 2.", "range": 2}]}
    card = card_from_dict(data, {"id": 50, "name": "Путь хранителей", "initials": "ПХ"})
    assert "abilities" not in vars(card)
    assert card.abilities == (Jump(range=2, text="Прыжок, дальность 2."),)
    broken = card_from_dict({**data, "abilities": [{"kind": "jump"}]},
                            {"id": 50, "name": "Путь хранителей", "initials": "ПХ"})
    with pytest.raises(AbilityDataError) as err:
        broken.abilities  # noqa: B018
    assert err.value.path == "abilities[0].range"
