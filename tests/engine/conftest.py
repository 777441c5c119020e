"""Fixtures for the engine tests: the seed cards built from their page text by the extractor,
and a tiny card resolver, so that the engine is tested without the shipped YAML or the lookup."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.corpus.abilities import to_data
from bot.corpus.model import Card
from bot.engine import Position, Resolution, check
from bot.engine.checks import Ref
from bot.engine.notation import ParsedCheck, parse_check
from bot.engine.result import CheckResult
from bot.importers.abilities import extract_abilities

TEXT_168 = ("Телепортация. Когда перемещается с клетки вашего третьего ряда на клетку третьего ряда "
            "противника или наоборот — метание «магмы» на 1, дальность 4 (2 раза за ход).")
TEXT_194 = ("Бестелесный: -1 от простого удара. При движении на клетку, занятую наземным существом "
            "противника — может ранить его на 1 и совершить прыжок дальностью 3, только на "
            "свободную клетку.")
TEXT_ARBALET = ("Строй: Защита от метания. Закрыться: Выстрел на 1-2-3. Закрыться: Получить фишку.")
TEXT_ORC = ("Закрыться: Метание бомбы на 1 по карте на выбранной клетке, дальность 3; в начале "
            "вашего следующего хода все карты на этой клетке ранятся на 2 (воздействие взрыв).")

TEXT_GIRRIT = "{tap}: Выстрел на 1, дальность 3. {counter}{tap}: Выстрел на 2."
TEXT_ANTAR = ("При движении на клетку рядом с существом противника метание «скимитара» на 1, "
              "дальность 3.")


def make_card(set_id: int, number: int, name: str, text: str, *, lives: int = 8,
              movement: int = 1, creature_type: str | None = None) -> Card:
    abilities = tuple(to_data(a) for a in extract_abilities(text))
    set_name = {50: "Путь хранителей", 10: "Война стихий"}[set_id]
    return Card(id=f"{set_id}-{number}", set_id=set_id, set_name=set_name, number=number,
                name=name, lives=lives, movement=movement, text=text, ability_data=abilities,
                creature_type=creature_type)


CARDS = {
    "168": make_card(50, 168, "Баалит", TEXT_168, lives=9),
    "194": make_card(50, 194, "Тень", TEXT_194),
    "17": make_card(10, 17, "Арбалетчик", TEXT_ARBALET, lives=5),
    "22": make_card(10, 22, "Орк-бомбардир", TEXT_ORC, lives=6),
    "14": make_card(10, 14, "Пустынный кондор", "", lives=5, creature_type="Летающее"),
    "1": make_card(10, 1, "Кочевник", "", lives=8, movement=2),
    "4": make_card(10, 4, "Гиррит", TEXT_GIRRIT),
    "77": make_card(50, 77, "Антар", TEXT_ANTAR, movement=2),
}


def resolve(query: str) -> Resolution:
    """Number or exact name (case-insensitive); otherwise "did you mean" by first letters."""
    q = query.casefold().replace("ё", "е")
    for card in CARDS.values():
        if q in (str(card.number), card.name.casefold()):
            return Resolution(card)
    near = [c.label for c in CARDS.values() if c.name.casefold().startswith(q[:2])]
    return Resolution(None, tuple(near))


@pytest.fixture
def resolver() -> Callable[[str], Resolution]:
    return resolve


def ask(text: str) -> CheckResult:
    return check(text, resolve)[1]


def parse(text: str) -> ParsedCheck:
    return parse_check(text, resolve)


def ref(position: Position, token: str) -> Ref:
    return Ref.at(position, token)
