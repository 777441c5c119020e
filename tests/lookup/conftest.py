"""Lookup test fixtures: a small, schema-valid corpus written into a temp dir, its index and
the lookup over it; and the lookup over the shipped corpus once it exists.

The fixture corpus mirrors the shipped corpus' ids (docs/architecture.md) and adds what the
lookup must handle: near-duplicate names, a number shared by two sets, a card name inside
another.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT
from bot.corpus.model import Corpus
from bot.corpus.yamlio import write_yaml
from bot.lookup.index import open_index
from bot.lookup.lookup import Lookup

RP = "rp-4-1-2"
GLOSSARY = "glossary"

SOURCES = [
    {"id": RP, "title": "РП 4.1-2 от 09.11.2024", "date": "2024-11-09", "rank": 0},
    {"id": GLOSSARY, "title": "Глоссарий терминов", "date": None, "rank": 1},
]


def _term(id_: str, name: str, text: str | None = None, **extra: Any) -> dict[str, Any]:
    term: dict[str, Any] = {"id": id_, "name": name, **extra}
    if text:
        term["versions"] = [{"source": RP, "text": text}]
    return term


TERMS: list[dict[str, Any]] = [
    _term("teleportatsiya", "Телепортация",
          "Способ движения существа. Совершить телепортацию означает: «Переместиться на любую "
          "незанятую клетку поля боя». Только наземные существа могут иметь и использовать "
          "телепортацию.", related=["dvizhenie"]),
    _term("dalnost", "Дальность Х",
          "Объявлять [текст] можно только по объектам, до которых можно отсчитать X или менее "
          "клеток по вертикали и горизонтали (но не диагонали)."),
    _term("pryzhok", "Прыжок, дальность X",
          "Способ движения существа. Переместиться на любую незанятую клетку поля боя в радиусе Х "
          "клеток."),
    _term("metanie", "Метание на X (на X-Y-Z)",
          "Тип дальней немагической атаки. Защита от выстрелов или разрядов не даёт защиту от "
          "метания.", aliases=["Метание"]),
    _term("raz-za-khod", "Один (Х) раз за ход (прочее)",
          "Ключевая фраза, накладывающая ограничение на возможность использования особенности."),
    _term("opyt-v-zashchite", "Опыт в защите Х (ОвЗ)",
          "Модификатор броска кубика: +X к броску кубика, когда отражает простой удар."),
    _term("opyt-v-atake", "Опыт в атаке Х (ОВА)",
          "+Х к броску кубика при определении силы простого удара, объявленного этой картой."),
    _term("ryad", "Ряд", "Ряд - это 5 клеток поля боя, расположенных по горизонтали одна за другой."),
    _term("bestelesnost", "Бестелесность (бестелесный)",
          "Бестелесное существо может двигаться (но не перемещаться иным способом) на занятую "
          "клетку поля боя.", aliases=["Бестелесные", "Бестелесная", "Бестелесное"]),
    _term("dvizhenie", "Движение (Двигаться, Передвигаться, Передвижение)",
          "Движение на одну клетку напротив, назад, вправо или влево оплачивается одной единицей "
          "движения.", aliases=["Двигаться", "Передвигаться", "Передвижение"]),
    _term("medlennoe-dvizhenie", "Медленное движение"),
    _term("medlennoe-igrodeystvie", "Медленное игродействие"),
    _term("zapas-dvizheniya", "Запас движения"),
    _term("minus-x-ot-ataki", "–X от [атаки]",
          "Модификатор атаки. Цель [атаки] накладывает модификатор –X к величине [атаки]."),
    _term("manevr", "Манёвр", "Поменяться местами с другим существом в том же отряде."),
    _term("stroy", "Строй", "Существо со строем получает все особенности, связанные со Строем."),
    _term("blagoslovlenie", "Благословление", "+1 к любому броску кубика."),
    _term("proklyatie", "Проклятие", "-1 к любому броску кубика."),
    _term("nepovorotlivost", "Неповоротливость Х", "Получает -Х к броску кубика."),
    _term("otravlenie", "Отравление на Х", "В начале своего хода, если это небестелесное "
          "существо открыто – оно ранится на Х."),
    _term("izlechenie", "Излечить (излечение) на X", "Снять с небестелесного существа X ран."),
    _term("dobivanie", "Добивание на Х", "Уничтожить стоящее рядом небестелесное существо."),
    _term("vampirizm", "Вампиризм"),
    _term("trupoedstvo", "Трупоедство"),
    _term("simbiot", "Симбиот"),
    _term("vystrel", "Выстрел"),
    _term("razryad", "Разряд"),
    _term("radius", "Радиус (в радиусе Х клеток)"),
    _term("nazemnoe-sushchestvo", "Наземное существо"),
    _term("nezanyataya-kletka", "Незанятая (свободная, пустая) клетка"),
    _term("bronya", "Броня Х", "Предотвратить первые X ран от немагических атак."),
    _term("zashchita-ot-vystrelov", "Защита от выстрелов (ЗОВ)"),
    _term("zashchita-ot-metaniy", "Защита от метаний (ЗОМет)"),
    _term("zashchita-ot-razryadov", "Защита от разрядов (ЗОР)"),
    _term("dalnyaya-nemagicheskaya-ataka", "Дальняя немагическая атака"),
    _term("ataka", "Атака"),
    _term("sushchestvo", "Существо"),
]


def _card(set_id: int, number: int, name: str, text: str = "", **extra: Any) -> dict[str, Any]:
    return {"id": f"{set_id}-{number}", "number": number, "name": name, "text": text, **extra}


CARD_FILES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "10-voyna-stikhiy.yaml": (
        {"id": 10, "name": "Война стихий", "initials": "ВС"},
        [
            _card(10, 1, "Кочевник", element="Степи", cost=3),
            _card(10, 2, "Кшар", "Закрыться: Удар через ряд на 1. +1 к ударам по горным."),
            _card(10, 11, "Лесной стрелок", "Выстрел на 2. Защита от выстрелов."),
            _card(10, 12, "Степной волколак", "Прыжок, дальность 2."),
        ],
    ),
    "20-nashestvie-tmy.yaml": (
        {"id": 20, "name": "Нашествие тьмы", "initials": "НТ"},
        [
            _card(20, 30, "Тень прошлого", "Бестелесный."),
            _card(20, 31, "Ледовый тролль", "Броня 1. Неповоротливость."),
        ],
    ),
    "50-put-khraniteley.yaml": (
        {"id": 50, "name": "Путь хранителей", "initials": "ПХ"},
        [
            _card(50, 168, "Баалит",
                  "Телепортация. Когда перемещается с клетки вашего третьего ряда на клетку "
                  "третьего ряда противника или наоборот — метание «магмы» на 1, дальность 4 "
                  "(2 раза за ход).", element="Тьма", cost=4, elite=True, classes=["Демон"],
                  lives=9, movement=1, strike=[1, 2, 2], icons={"ovz": 1},
                  rules=["teleportatsiya", "dalnost", "metanie", "raz-za-khod", "opyt-v-zashchite"]),
            _card(50, 194, "Тень",
                  "Бестелесный: -1 от простого удара. При движении на клетку, занятую наземным "
                  "существом противника — может ранить его на 1 и совершить прыжок дальностью 3, "
                  "только на свободную клетку.", element="Нейтралы", cost=4,
                  classes=["Койар", "Дух"], lives=8, movement=1, strike=[1, 2, 2],
                  rules=["bestelesnost", "dvizhenie", "pryzhok", "minus-x-ot-ataki"]),
            _card(50, 11, "Хранитель рощи", "Строй: броня 1."),
        ],
    ),
}


def write_corpus(root: Path, terms: list[dict[str, Any]] | None = None) -> Path:
    """Write the fixture corpus under ``root`` (``rules/`` and ``cards/``); return ``root``."""
    write_yaml(root / "rules" / "sources.yaml", {"sources": SOURCES})
    write_yaml(root / "rules" / "terms.yaml", {"terms": TERMS if terms is None else terms})
    for name, (set_data, cards) in CARD_FILES.items():
        write_yaml(root / "cards" / name, {"set": set_data, "cards": cards})
    return root


@pytest.fixture(scope="session")
def fixture_index(tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, Path]:
    """The fixture corpus and its index (built once per session)."""
    root = write_corpus(tmp_path_factory.mktemp("corpus"))
    return open_index(root, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="session")
def lookup(fixture_index: tuple[Corpus, Path]) -> Lookup:
    return Lookup(*fixture_index)


@pytest.fixture(scope="session")
def shipped_lookup(tmp_path_factory: pytest.TempPathFactory) -> Lookup:
    """The lookup on the shipped corpus (rules/, cards/); skipped until it exists."""
    if not (PROJECT_ROOT / "rules" / "terms.yaml").exists():
        pytest.skip("the shipped corpus (rules/terms.yaml) is not there yet")
    return Lookup(*open_index(PROJECT_ROOT, tmp_path_factory.mktemp("shipped-data")))


@pytest.fixture
def corpus_root(tmp_path: Path) -> Path:
    """A fresh, writable copy of the fixture corpus (for index caching tests)."""
    return write_corpus(tmp_path / "corpus")


@pytest.fixture
def make_corpus() -> Callable[..., Path]:
    """``write_corpus`` for tests that write their own variant of the fixture corpus."""
    return write_corpus
