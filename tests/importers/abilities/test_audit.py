"""The audit tool compares hand-written readings with the extractor's; the golden files hold
≥250 sentences drawn at random from the database and read by hand (docs/abilities.md)."""

from pathlib import Path

from bot.importers.abilities.audit import card_name, compare, is_canonical, load

ENTRY = {
    "n": 1, "card": "10-121 Слизь", "text": "При ближнем ударе по Слизи ранить атаковавшего на 1.",
    "reading": [{"kind": "trigger",
                 "when": {"event": "attacked", "attack": {"kind": "strike", "reach": "melee"}},
                 "effects": [{"kind": "wound", "value": 1, "target": "attacker"}]}],
}


def test_the_card_is_read_with_its_name() -> None:
    audit = compare([ENTRY])
    assert (audit.claimed, audit.correct, audit.wrong) == (1, 1, [])


def test_a_wrong_golden_reading_is_reported() -> None:
    wrong = {**ENTRY, "reading": [{"kind": "unparsed"}]}
    audit = compare([wrong])
    assert audit.claimed == 1 and audit.correct == 0 and len(audit.wrong) == 1
    assert audit.precision == 0.0


def test_card_name() -> None:
    assert card_name("50-81 Остроморд") == "Остроморд" and card_name("") == ""


# The golden files: ≥250 sentences drawn at random from the database, read by hand.

GOLDEN = sorted((Path(__file__).parent / "audit").glob("golden-*.yaml"))


def test_the_golden_set_is_large_enough_and_complete() -> None:
    entries = load(GOLDEN)
    assert len(entries) >= 250
    assert len({e["n"] for e in entries}) == len(entries)
    assert [e["n"] for e in entries if e.get("reading") is None] == []


def test_every_golden_reading_is_canonical() -> None:
    bad = [e["n"] for e in load(GOLDEN)
           if e["reading"] != [{"kind": "unparsed"}]
           and not all(is_canonical(item, e["text"]) for item in e["reading"])]
    assert bad == []


def test_the_extractor_is_precise_on_the_golden_set() -> None:
    audit = compare(load(GOLDEN))
    wrong = [f"#{e['n']} {e['card']}: {e['rendered']}" for e, _ in audit.wrong]
    assert audit.precision >= 0.98, "\n".join(wrong)
