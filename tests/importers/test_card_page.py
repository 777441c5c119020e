"""The card page importer on the two seed pages (rules/sources/000_…, 003_…)."""

from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT
from bot.importers.card_page import (
    import_card_page,
    parse_card_page,
    read_card_page,
    stamp_source,
)
from bot.importers.errors import ImporterError

SOURCES = PROJECT_ROOT / "rules" / "sources"
PAGE_168 = SOURCES / "000_ab824b629bb5bf28.txt"
PAGE_194 = SOURCES / "003_d615a339de675d50.txt"
GLOSSARY = SOURCES / "002_14833def266e7a30.txt"


def _terms(path: Path) -> dict[str, dict[str, Any]]:
    _, terms = parse_card_page(path.read_text(encoding="utf-8"))
    out: dict[str, dict[str, Any]] = {}
    for term in terms:  # a page may define a term and list it by name too (Метание)
        out.setdefault(term["id"], term)
    return out


def test_card_168_fields() -> None:
    card, _ = parse_card_page(PAGE_168.read_text(encoding="utf-8"))
    assert card["set_id"] == 50
    assert card["id"] == "50-168"
    assert card["number"] == 168
    assert card["cost"] == 4
    assert card["type"] == "Существо"
    assert card["classes"] == ["Демон"]
    assert (card["lives"], card["movement"], card["strike"]) == (9, 1, [1, 2, 2])
    assert card["icons"] == {"unknown": 1}  # the page lost the icon's picture
    assert "element" not in card  # «Стихия» is empty on the page
    assert card["text"].startswith("Телепортация. Когда перемещается")
    assert card["text"].endswith("дальность 4 (2 раза за ход).")
    assert card["flavour"] == "«Магма течет в их жилах, раскаляя сердца»."
    assert card["artist"] == "Антон Квасоваров"
    assert card["source"] == "card-50-168"


def test_card_194_fields() -> None:
    card, _ = parse_card_page(PAGE_194.read_text(encoding="utf-8"))
    assert card["id"] == "50-194"
    assert card["classes"] == ["Койар", "Дух"]
    assert (card["lives"], card["movement"], card["strike"]) == (8, 1, [1, 2, 2])
    assert card["icons"] == {}
    assert card["flavour"] == ""
    assert card["artist"] == "A. Kashen-Bazhenova"
    assert card["text"].startswith("Бестелесный: -1 от . При движении")


def test_card_rules_list_every_term_of_the_page() -> None:
    card, terms = parse_card_page(PAGE_168.read_text(encoding="utf-8"))
    assert card["rules"][:6] == ["dalnost", "metanie", "raz-za-khod", "opyt-v-zashchite", "ryad",
                                 "teleportatsiya"]
    assert len(terms) == 6 + 34  # defined + «Дополнительные правила»
    assert len(card["rules"]) == 39  # «Метание» is defined and listed again by name
    assert {"vystrel", "vozdeystvie", "dvizhenie", "nezanyataya-kletka",
            "uslovnaya-igraemaya-osobennost"} <= set(card["rules"])
    card194, terms194 = parse_card_page(PAGE_194.read_text(encoding="utf-8"))
    assert len(terms194) == 4 + 34
    assert {"simbiot", "dalnost", "radius", "izlechenie", "medlennoe-dvizhenie"} <= set(
        card194["rules"])


def test_defined_terms_168() -> None:
    terms = _terms(PAGE_168)
    defined = [t for t in terms.values() if t.get("versions")]
    assert sorted(t["id"] for t in defined) == [
        "dalnost", "metanie", "opyt-v-zashchite", "raz-za-khod", "ryad", "teleportatsiya"]
    tele = terms["teleportatsiya"]
    (version,) = tele["versions"]
    assert version["source"] == "rp-4.1-2"
    assert version["heading"] == "Телепортация"
    assert version["text"].startswith("Телепортация. Способ движения существа.")
    assert "• Медленная телепортация" in version["text"]
    assert version["text"].endswith("при разных условиях.")  # the stamp is not in the text
    assert "РП 4.1-2" not in version["text"]
    assert tele["kinds"] == ["способ движения существа"]
    metanie = terms["metanie"]
    assert metanie["name"] == "Метание на X"
    assert metanie["parameters"] == ["X", "X-Y-Z"]
    assert metanie["kinds"] == ["способность", "тип дальней немагической атаки"]
    ovz = terms["opyt-v-zashchite"]
    assert ovz["name"] == "Опыт в защите Х"
    assert ovz["abbreviations"] == ["ОвЗ"]
    assert ovz["kinds"] == ["именная особенность", "модификатор броска кубика"]
    assert terms["raz-za-khod"]["parameters"] == ["X"]
    assert terms["dalnost"]["versions"][0]["text"].startswith("Дальность Х. Особенность карты")


def test_defined_terms_194() -> None:
    terms = _terms(PAGE_194)
    jump = terms["pryzhok"]
    assert jump["name"] == "Прыжок, дальность X"
    text = jump["versions"][0]["text"]
    assert "• Медленный прыжок" in text and "• Прыжки, не являющиеся медленными" in text
    minus = terms["minus-x-ot-ataki"]
    assert minus["name"] == "–X от [атаки]"
    assert minus["kinds"] == ["модификатор атаки"]
    move = terms["dvizhenie"]
    assert move["name"] == "Движение"
    assert move["aliases"] == ["Двигаться", "Передвигаться", "Передвижение"]
    assert terms["bestelesnost"]["aliases"] == ["бестелесный"]


def test_name_only_terms() -> None:
    terms = _terms(PAGE_168)
    shot = terms["zashchita-ot-vystrelov"]
    assert shot["name"] == "Защита от выстрелов"
    assert shot["abbreviations"] == ["ЗОВ"]
    assert shot["mentioned_in"] == ["card-50-168"]
    assert "versions" not in shot
    assert terms["zashchita-ot-metaniy"]["abbreviations"] == ["ЗОМет"]
    terms194 = _terms(PAGE_194)
    cond = terms194["uslovnaya-igraemaya-osobennost"]
    assert cond["name"] == "115. Условная играемая особенность"
    assert "versions" not in terms194["dalnost"]  # named only here, defined on page 168
    assert terms194["izgnanie"]["aliases"] == ["изгнать", "Изгнание"]


def test_sources_of_a_page() -> None:
    page = read_card_page(PAGE_168.read_text(encoding="utf-8"), file="x.txt")
    ids = [s["id"] for s in page.sources]
    assert ids == ["card-50-168", "rp-4.1-2"]
    assert stamp_source("РП 4.1-2 от 09.11.2024") == {
        "id": "rp-4.1-2", "title": "РП 4.1-2 от 09.11.2024", "date": "2024-11-09", "rank": 0}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   \n\n", "empty"),
        ("Главная » Правила » Глоссарий терминов\n\nГлоссарий терминов\n", "not a card page"),
        ("Выпуск\tНеизвестный выпуск 5\n", "unknown set"),
        ("Выпуск\tПуть Хранителей\n", "Выпуск"),
        ("Выпуск\tПуть Хранителей 1\nСвойства\t9 1 1-2\n", "Свойства"),
        ("Выпуск\tПуть Хранителей 1\nСтоимость\tчетыре\n", "Стоимость"),
        ("Выпуск\tПуть Хранителей 1\nПравила\nРяд. Ряд - это 5 клеток.\n", "no source stamp"),
    ],
)
def test_bad_input_raises_clear_error(text: str, message: str) -> None:
    with pytest.raises(ImporterError, match=message):
        parse_card_page(text)


@pytest.mark.parametrize("content", ["", "Главная » Правила » Глоссарий\n\nНе карта\n"])
def test_import_of_bad_file_writes_nothing(tmp_path: Path, content: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(content, encoding="utf-8")
    root = tmp_path / "corpus"
    with pytest.raises(ImporterError):
        import_card_page(bad, root)
    assert not root.exists()


def test_import_reports_in_english(tmp_path: Path) -> None:
    report = import_card_page(PAGE_168, tmp_path)
    assert "card 50-168" in report
    assert "6 defined term(s)" in report
    assert (tmp_path / "cards" / "50-put-khraniteley.yaml").exists()
