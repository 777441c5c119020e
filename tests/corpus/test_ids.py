"""Term ids (docs/architecture.md, "Ids")."""

import pytest

from bot.corpus.ids import slugify, term_id, translit


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Телепортация", "teleportatsiya"),
        ("Дальность Х", "dalnost"),
        ("Дальность X", "dalnost"),
        ("Прыжок, дальность X", "pryzhok"),
        ("Метание на X (на X-Y-Z)", "metanie"),
        ("Метание", "metanie"),
        ("Один (Х) раз за ход (прочее)", "raz-za-khod"),
        ("Опыт в защите Х (ОвЗ)", "opyt-v-zashchite"),
        ("Опыт в атаке Х (ОВА)", "opyt-v-atake"),
        ("Ряд", "ryad"),
        ("Бестелесность (бестелесный)", "bestelesnost"),
        ("Движение (Двигаться, Передвигаться, Передвижение)", "dvizhenie"),
        ("–X от [атаки]", "minus-x-ot-ataki"),
        ("Манёвр", "manevr"),
        ("Строй", "stroy"),
        ("Благословление", "blagoslovlenie"),
        ("Проклятие", "proklyatie"),
        ("Неповоротливость Х", "nepovorotlivost"),
        ("Отравление на Х", "otravlenie"),
        ("Излечить (излечение) на X, излечиться на Х", "izlechenie"),
        ("Излечить (излечение) на X", "izlechenie"),
        ("Добивание на Х", "dobivanie"),
        ("Вампиризм", "vampirizm"),
        ("Трупоедство", "trupoedstvo"),
        ("Симбиот", "simbiot"),
        ("Выстрел", "vystrel"),
        ("Разряд", "razryad"),
        ("Радиус (в радиусе Х клеток)", "radius"),
        ("Наземное существо", "nazemnoe-sushchestvo"),
        ("Незанятая (свободная, пустая) клетка", "nezanyataya-kletka"),
        ("Медленное движение", "medlennoe-dvizhenie"),
        ("115. Условная играемая особенность.", "uslovnaya-igraemaya-osobennost"),
        ("Заряд Х: [текст]", "zaryad"),
        ("Вызов (вызвать).", "vyzov"),
        ("Объявить, заявить (особенность, свойство)", "obyavit"),
    ],
)
def test_term_id_examples(name: str, expected: str) -> None:
    assert term_id(name) == expected


def test_colliding_names_get_distinct_ids() -> None:
    zone = term_id("Изгнание (игровая зона)")
    action = term_id("Изгнание (существа, карты), изгнать")
    assert zone != action
    assert action == "izgnanie"
    assert term_id("Изгнание (существа, карты)", keep_remarks=True) == "izgnanie-sushchestva-karty"


def test_ids_are_ascii_slugs() -> None:
    for name in ("Щит Архааля Х", "Обязанность перемещаться/передвигаться", "Ярость Х"):
        slug = term_id(name)
        assert slug.isascii() and slug == slug.lower() and " " not in slug


def test_translit_and_slugify() -> None:
    assert translit("Щука ёж") == "shchuka ezh"
    assert slugify("Путь хранителей") == "put-khraniteley"


def test_empty_name_is_an_error() -> None:
    with pytest.raises(ValueError):
        term_id("(Х)")
