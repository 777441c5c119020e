"""Known card sets of the relaunched game: id (as in berserk-nxt), name, initials."""

from __future__ import annotations

from bot.corpus.model import CardSet
from bot.ru import fold

KNOWN_SETS: dict[int, CardSet] = {
    s.id: s
    for s in (
        CardSet(10, "Война стихий", "ВС"),
        CardSet(20, "Нашествие тьмы", "НТ"),
        CardSet(21, "Легенды Лаара", "ЛЛ"),
        CardSet(22, "Русы против ящеров", "РПЯ"),
        CardSet(30, "Семена раздора", "СР"),
        CardSet(40, "Ложные боги", "ЛБ"),
        CardSet(50, "Путь хранителей", "ПХ"),
    )
}


def card_set(set_id: int) -> CardSet:
    """The set for ``set_id``; an unknown id keeps a readable label («Выпуск 60»)."""
    return KNOWN_SETS.get(set_id) or CardSet(set_id, f"Выпуск {set_id}", f"В{set_id}")


def is_known_set(set_id: int) -> bool:
    return set_id in KNOWN_SETS


#: The newest set: what a bare card number means unless a server or the console says otherwise.
NEWEST_SET = max(KNOWN_SETS)


def find_set(text: str) -> CardSet | None:
    """A known set by its name, initials or id, as typed: «Война стихий», «вс», «10».

    >>> find_set("вс").name, find_set("Путь Хранителей").id, find_set("Выпуск 99")
    ('Война стихий', 50, None)
    """
    key = " ".join(fold(text).split())
    for s in KNOWN_SETS.values():
        if key in (fold(s.name), fold(s.initials), str(s.id)):
            return s
    return None
