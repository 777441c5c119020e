"""The glossary importer on the seed page (rules/sources/002_…)."""

from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.importers.errors import ImporterError
from bot.importers.glossary import import_glossary, is_name_block, parse_glossary

GLOSSARY = PROJECT_ROOT / "rules" / "sources" / "002_14833def266e7a30.txt"
PAGE_168 = PROJECT_ROOT / "rules" / "sources" / "000_ab824b629bb5bf28.txt"

NAMES = [
    "Авангард", "Безответный удар", "Бестелесность", "Благословление",
    "Блокировать (действие, особенность, атаку)", "Броня Х", "Вампиризм", "Внезапное действие",
    "Возрождение", "Вызов", "Гнев", "Дальность Х", "Дар жизни Х", "Действие (карты)",
    "Добивание на Х", "Душелов Х", "Единение Х", "Жажда Х", "Заряд Х: [текст]", "Излечить на X",
    "Инкарнация X", "Концентрация", "Ловкость", "Магия крови", "Манёвр", "Маскировка",
    "Медитация", "Неповоротливость Х", "Опыт в атаке Х", "Опыт в защите Х", "Орда",
    "Отравление на Х", "Проклятие", "Прыжок, дальность X", "Регенерация X", "Скрытность",
    "Стойкость", "Страх Х", "Строй", "Схрон", "Телепортация", "Толстокожесть", "Точность",
    "Трупоедство", "Угасание X", "Уязвимость Х", "Чума", "Щит Архааля Х", "Ярость Х",
]


@pytest.fixture(scope="module")
def terms() -> dict[str, dict]:
    return {t["name"]: t for t in parse_glossary(GLOSSARY.read_text(encoding="utf-8"))}


def test_every_term_in_order(terms: dict[str, dict]) -> None:
    assert list(terms) == NAMES
    assert len(terms) == 49


def test_each_term_has_one_glossary_version(terms: dict[str, dict]) -> None:
    for term in terms.values():
        (version,) = term["versions"]
        assert version["source"] == "glossary"
        assert version["text"]


def test_definitions_with_lists_stay_whole(terms: dict[str, dict]) -> None:
    text = terms["Возрождение"]["versions"][0]["text"]
    assert text.startswith("Возродить карту – это перенести карту")
    assert "\n\nсо своего кладбища;\nрядом с картой, использующей возрождение;" in text
    assert text.endswith("сразу же возрождаются во вспомогательной зоне.")
    incarnation = terms["Инкарнация X"]["versions"][0]["text"]
    assert "Инкарнация карты осуществляется (по умолчанию):" in incarnation
    assert incarnation.endswith("(самая большая по величине).")
    assert incarnation.count("\n\n") == 3
    assert "со своего кладбища;" not in terms  # list items are not terms


def test_heading_details(terms: dict[str, dict]) -> None:
    vyzov = terms["Вызов"]
    assert vyzov["id"] == "vyzov"
    assert vyzov["aliases"] == ["вызвать"]
    assert vyzov["versions"][0]["heading"] == "Вызов (вызвать)."
    heal = terms["Излечить на X"]
    assert heal["id"] == "izlechenie"
    assert "излечиться на Х" in heal["aliases"]
    assert terms["Опыт в атаке Х"]["abbreviations"] == ["ОВА"]
    assert terms["Опыт в защите Х"]["abbreviations"] == ["ОВЗ"]
    assert terms["Бестелесность"]["aliases"] == ["бестелесный"]
    assert terms["Заряд Х: [текст]"]["id"] == "zaryad"
    assert terms["Прыжок, дальность X"]["parameters"] == ["X"]


def test_kinds_from_the_first_sentences(terms: dict[str, dict]) -> None:
    assert terms["Авангард"]["kinds"] == ["именная особенность"]
    assert terms["Жажда Х"]["kinds"] == [
        "срабатывающая особенность", "именная особенность", "воздействие"]
    assert terms["Благословление"]["kinds"] == ["именной модификатор броска кубика"]
    assert terms["Телепортация"]["kinds"] == ["играемая особенность", "именная особенность"]
    assert terms["Броня Х"]["kinds"] == ["именная особенность", "эффект предотвращения"]
    assert terms["Добивание на Х"]["kinds"] == ["воздействие"]
    assert terms["Строй"]["kinds"] == []
    assert terms["Дальность Х"]["kinds"] == []


def test_the_older_range_rule_counts_diagonals(terms: dict[str, dict]) -> None:
    assert "по вертикали, горизонтали или диагонали" in terms["Дальность Х"]["versions"][0]["text"]


def test_name_blocks() -> None:
    assert is_name_block(["Вызов (вызвать)."])
    assert is_name_block(["Заряд Х: [текст]"])
    assert not is_name_block(["Инкарнация карты осуществляется (по умолчанию):"])
    assert not is_name_block(["со своего кладбища;", "в открытом виде;"])
    assert not is_name_block(["Действие, которое содержит значки в оплате. Назначение."])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("Выпуск\tПуть Хранителей 168\nСтоимость\t4\n", "not a glossary page"),
        ("Главная » Правила » Глоссарий терминов\n\nГлоссарий терминов\n", "no term blocks"),
        ("Главная » Глоссарий\n\nГлоссарий\n\nАвангард\n", "no definition"),
    ],
)
def test_bad_input(text: str, message: str) -> None:
    with pytest.raises(ImporterError, match=message):
        parse_glossary(text)


def test_import_of_a_card_page_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(ImporterError, match="not a glossary page"):
        import_glossary(PAGE_168, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_import_glossary(tmp_path: Path) -> None:
    report = import_glossary(GLOSSARY, tmp_path)
    assert "49 term(s)" in report
    assert (tmp_path / "rules" / "terms.yaml").exists()
