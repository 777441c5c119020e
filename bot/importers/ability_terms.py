"""The rules terms a card's text uses, read off its ability readings.

The card database's icons name some of a card's terms (``bot/corpus/icons.py``); the text says
more: «может телепортироваться», «Воздействие …», «существа с отравлением». The readings the
extractor wrote are exact about it, so every kind, event, attack, keyword and named frame of
a reading that stands for a term of the corpus adds that term to the card's ``rules`` — the
list `!term` answers with «every card that uses it». A sentence left unread adds nothing:
no term is guessed from words.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bot.corpus.icons import ICON_TERMS

#: A value of ``kind`` (an effect, a frame, an attack), of ``attack`` written as a string,
#: or of ``ways``, that stands for a term.
KIND_TERMS: dict[str, str] = {
    "jump": "pryzhok", "teleport": "teleportatsiya", "manoeuvre": "manevr", "dash": "ryvok",
    "throw": "metanie", "shot": "vystrel", "discharge": "razryad", "heal": "izlechenie",
    "summon": "vyzov", "marker": "marker", "exile": "izgnanie", "block": "blokirovat",
    "formation": "stroy", "incorporeal": "bestelesnost", "through_row": "udar-cherez-ryad",
    "magic_strike": "magicheskiy-udar", "special_strike": "osobyy-udar",
    "directed_strike": "napravlennyy-udar", "spell": "zaklinanie", "poison": "otravlenie",
    "extra_lives": "dopolnitelnye-zhizni",
}
#: A trigger's ``event`` that is itself a term.
EVENT_TERMS: dict[str, str] = {
    "jump": "pryzhok", "teleport": "teleportatsiya", "dash": "ryvok", "death": "gibel",
    "heal": "izlechenie", "incarnation": "inkarnatsiya", "prophecy": "prorochestvo",
    "corpse_eating": "trupoedstvo", "vampirism": "vampirizm", "concentration": "kontsentratsiya",
    "valhalla": "valkhalla", "frenzy": "beshenstvo",
}
#: Keyword codes (``code``, ``codes``, ``having``) beyond the icons: named abilities.
CODE_TERMS: dict[str, str] = {**ICON_TERMS, "horde": "orda", "extra_life": "dopolnitelnye-zhizni"}
#: A field whose presence names a term: «Воздействие …», «Заклинание …», «Внезапное действие».
FIELD_TERMS: dict[str, str] = {"impact": "vozdeystvie", "spell": "zaklinanie",
                               "instant": "vnezapnoe-deystvie"}


def terms_of_readings(readings: Iterable[dict[str, Any]]) -> list[str]:
    """Term ids the readings (in their data form) use, in the order they first appear.

    >>> terms_of_readings([{"kind": "trigger", "when": {"event": "concentration"},
    ...     "effects": [{"kind": "teleport"}, {"kind": "strike", "attack": "magic_strike"}]}])
    ['kontsentratsiya', 'teleportatsiya', 'magicheskiy-udar']
    >>> terms_of_readings([{"kind": "unparsed", "text": "Телепортация к другу."}])
    []
    """
    found: dict[str, None] = {}
    for reading in readings:
        for term in _terms(reading):
            found.setdefault(term)
    return list(found)


def _terms(node: Any) -> Iterator[str]:
    if isinstance(node, list):
        for item in node:
            yield from _terms(item)
        return
    if not isinstance(node, dict) or node.get("kind") == "unparsed":
        return
    for key, value in node.items():
        if key == "kind" and value in KIND_TERMS:
            yield KIND_TERMS[value]
        elif key == "event" and value in EVENT_TERMS:
            yield EVENT_TERMS[value]
        elif key == "attack" and isinstance(value, str) and value in KIND_TERMS:
            yield KIND_TERMS[value]
        elif key == "ways" and isinstance(value, list):
            yield from (KIND_TERMS[w] for w in value if w in KIND_TERMS)
        elif key in ("code", "codes", "having"):
            codes = value if isinstance(value, list) else [value]
            yield from (CODE_TERMS[c] for c in codes if isinstance(c, str) and c in CODE_TERMS)
        elif key in FIELD_TERMS and value:
            yield FIELD_TERMS[key]
        if isinstance(value, (dict, list)):
            yield from _terms(value)
