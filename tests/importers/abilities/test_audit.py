"""The audit tool compares hand-written readings with the extractor's (hand-made entries here,
not the golden files)."""

from bot.importers.abilities.audit import card_name, compare

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
