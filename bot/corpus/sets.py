"""Known card sets of the relaunched game: id (as in berserk-nxt), name, initials."""

from __future__ import annotations

from bot.corpus.model import CardSet

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
