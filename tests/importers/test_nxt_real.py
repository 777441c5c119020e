"""Regressions found by importing the real berserk-nxt database (docs/nxt-import.md, "The full
database"). The records of tests/fixtures/nxt-real-excerpt.json are copied from the real
``resources/data.json`` (``tokens`` dropped, alternative prints trimmed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.corpus.abilities import to_data
from bot.corpus.icons import icon_label, icon_term
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities import extract_abilities, split_sentences
from bot.importers.nxt import import_nxt, run_import
from bot.importers.nxt_text import render_text

EXCERPT = Path(__file__).resolve().parents[1] / "fixtures" / "nxt-real-excerpt.json"


def records() -> dict[str, dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(EXCERPT.read_text(encoding="utf-8"))
    return {r["id"]: r for r in data}


@pytest.fixture
def cards(tmp_path: Path) -> dict[str, dict[str, Any]]:
    root = tmp_path / "corpus"
    (root / "cards").mkdir(parents=True)
    import_nxt(EXCERPT, root)
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "cards").glob("*.yaml")):
        out.update({c["id"]: c for c in read_yaml(path)["cards"]})
    return out


def test_excerpt_imports_without_unknown_placeholders_or_icons(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    (root / "cards").mkdir(parents=True)
    report = import_nxt(EXCERPT, root)
    assert "Unknown placeholders: none" in report
    assert "Unknown icon codes" not in report
    result = run_import(EXCERPT, root)
    assert result.coverage >= 10 / 44  # measured on 2026-11-30; raise it, never lower it


def test_token_placeholder_is_a_declined_word(cards: dict[str, dict[str, Any]]) -> None:
    assert cards["40-183"]["text"].startswith(
        "Когда ваш герой уничтожает карту противника получить жетон. Жетон, закрыться: ")
    assert "На поверхности: Жетон, закрыться: Метание ракушки" in cards["40-184"]["text"]
    assert "{" not in cards["40-184"]["text"]


def test_incarnation_icon_is_known_and_read(cards: dict[str, dict[str, Any]]) -> None:
    assert icon_label("icr", 5) == "Инкарнация 5"
    assert icon_term("icr") == "inkarnatsiya"
    kinds = [a for a in cards["30-140"]["abilities"]
             if a["kind"] == "keyword" and a["code"] == "icr"]
    assert kinds == [{"kind": "keyword", "text": "Инкарнация 5.", "code": "icr", "value": 5}]


@pytest.mark.parametrize(("raw", "text"), [
    # an adjective between the preposition and the icon agrees with it
    ("При сильном {strike} атакованный", "При сильном простом ударе атакованный"),
    ("+1 к средним и сильным {strike} до конца хода.",
     "+1 к средним и сильным простым ударам до конца хода."),
    ("где Х слабый {strike} Угасающего", "где Х слабый простой удар Угасающего"),
    # verbs that take the instrumental
    ("по картам, обладающим {ova} , {ovz} или {armor} .",
     "по картам, обладающим опытом в атаке, опытом в защите или бронёй."),
    ("Если атакованы {strike} могут", "Если атакованы простым ударом могут"),
    ("может атаковать летающих {strike} .", "может атаковать летающих простым ударом."),
    ("сразиться {strike} со стоящей рядом", "сразиться простым ударом со стоящей рядом"),
    ("Пока на Бон и Берроу есть {counter} получает", "Пока на Бон и Берроу есть фишка получает"),
    # {elite}/{ordinary} before a noun are adjectives, after a number crystals
    ("ранить всех небестелесных {ordinary} существ", "ранить всех небестелесных рядовых существ"),
    ("ваше {elite} существо", "ваше элитное существо"),
    ("открыть стоящее рядом {ordinary} горное существо",  # 20-66: the adjective after it
     "открыть стоящее рядом рядовое горное существо"),
    ("Второй Линдвурм стоит 6 {elite} , третий 5 {elite} .",
     "Второй Линдвурм стоит 6 золотых кристаллов, третий 5 золотых кристаллов."),
    # spacing the database lost
    ("{second}:{direct}. Телепортация.", "Второй игрок: Направленный удар. Телепортация."),
    ("из раздачи;возьмите эльфа,орка", "из раздачи; возьмите эльфа, орка"),
    ("{instant} , снять жетон: Восстановить {armor} .",
     "Внезапное действие, снять жетон: Восстановить броню."),
    ("[Эррата 2023. 04. 08]При сильном {strike} ранить",
     "[Эррата 2023.04.08] При сильном простом ударе ранить"),
])
def test_real_text_shapes_render(raw: str, text: str) -> None:
    assert render_text(raw).text == text


def test_ordinary_creatures_are_not_crystals(cards: dict[str, dict[str, Any]]) -> None:
    text = cards["40-175"]["text"]
    assert text.startswith("Второй игрок: Направленный удар. Телепортация.")
    assert "небестелесных рядовых существ" in text and "кристалл" not in text


def test_errata_mark_becomes_the_card_errata_date(cards: dict[str, dict[str, Any]]) -> None:
    # «[Эррата 2023. 04. 08]При сильном {strike} …»: a dated note, not raw text
    card = cards["10-26"]
    assert card["errata"] == "2023-04-08"
    assert card["text"].startswith("При сильном простом ударе ранить")
    assert "Эррата" not in card["text"]
    texts = [a["text"] for a in card["abilities"]]
    assert not any(t in ("[Эррата 2023.", "04.") for t in texts)
    assert split_sentences(card["text"])[0].startswith("При сильном простом ударе")


def test_misprinted_range_is_read_not_dropped(cards: dict[str, dict[str, Any]]) -> None:
    # 10-38 «Бешеный маг»: «Разряд на 1, дальнность 3.» (sic) — the range is 3, not unknown
    shots = [a for a in cards["10-38"]["abilities"] if a["kind"] == "activated"
             and a["effects"][0]["kind"] == "discharge"]
    assert [(a["effects"], a["cost"]) for a in shots] == [
        ([{"kind": "discharge", "values": [1, 1, 1], "range": 3}], {"tap": True})]
    assert "unparsed" not in str(shots)
    (paid,) = extract_abilities("Закрыться: Разряд на 1, дальнность 3.")
    assert to_data(paid)["effects"][0]["range"] == 3


def test_artefacts_and_terrains_without_lives_import(cards: dict[str, dict[str, Any]]) -> None:
    ruins, swamp, city = cards["20-109"], cards["20-110"], cards["40-183"]
    assert (ruins["type"], ruins["creature_type"]) == ("Артефакт", "Артефакт")
    assert "lives" not in ruins and "strike" not in ruins
    assert (swamp["type"], city["type"]) == ("Местность", "Местность")


def test_excerpt_records_are_real_shapes() -> None:
    recs = records()
    # the real file has fields the SPEC sample lacks; they must not break the import
    assert recs["30-140".replace("-", "")]["horde"] is True
    assert recs["40183"]["life"] == 0 and recs["40183"]["hit"] is None


def test_attacked_one_is_no_passive_verb(cards: dict[str, dict[str, Any]]) -> None:
    # 30-132 «Зелёный дракон»: «атакованный теряет {zoo}» — теряет защиту (accusative)
    assert "атакованный теряет защиту от отравления до конца боя" in cards["30-132"]["text"]


@pytest.mark.parametrize(("raw", "text"), [
    ("(воздействие взрыв котла ) {tap}: Выстрел на 3, дальность 3",
     "(воздействие взрыв котла). Закрыться: Выстрел на 3, дальность 3"),
    ("(1 раз за ход) {counter}{tap}: Выстрел на 2.", "(1 раз за ход). Фишка, закрыться: Выстрел на 2."),
    ("получает {counter} (1 раз за ход) и", "получает фишку (1 раз за ход) и"),
    ("Хозяин имеет+1 к {move} и -1 от дальних атак.", "Хозяин имеет +1 к движению и -1 от дальних атак."),
])
def test_cost_after_a_bracket_starts_the_next_ability(raw: str, text: str) -> None:
    assert render_text(raw).text == text


def test_steam_tank_shot_is_read_after_the_bracket(cards: dict[str, dict[str, Any]]) -> None:
    shots = [a for a in cards["30-54"]["abilities"] if a["kind"] == "activated"]
    assert [(a["effects"][0], a["cost"]) for a in shots] == [
        ({"kind": "shot", "values": [3, 3, 3], "range": 3, "adjacent": True}, {"tap": True})]


def test_zero_movement_of_flyers_and_zero_lives_of_terrains_are_dropped(
        cards: dict[str, dict[str, Any]]) -> None:
    flyer = cards["40-177"]  # «Погибель эльфов»: type 1, move 0 in the database
    assert flyer["creature_type"] == "Летающее" and "movement" not in flyer
    city = cards["40-183"]  # «Канор-Вэйн»: a terrain with life 0, move 0
    assert "lives" not in city and "movement" not in city
    assert cards["20-4"]["creature_type"] == "Компаньон"


@pytest.mark.parametrize(("raw", "text"), [
    # 10-199 «Тич»: «получить 2 {elite}» — два золотых кристалла
    ("получить 2 {elite} , при этом", "получить 2 золотых кристалла, при этом"),
    ("стоит 3 {ordinary} .", "стоит 3 серебряных кристалла."),
    ("стоит 1 {elite} .", "стоит 1 золотой кристалл."),
])
def test_crystals_after_two_to_four_take_a_plural_adjective(raw: str, text: str) -> None:
    assert render_text(raw).text == text


def test_icon_value_after_a_colon_is_no_cost(cards: dict[str, dict[str, Any]]) -> None:
    # 20-13 «Витязь Адрелиана»: «Строй: {armor}: 1.» — Строй: Броня 1
    card = cards["20-13"]
    assert card["text"].startswith("Строй: Броня 1. При перемещении")
    formation = card["abilities"][0]
    assert formation["kind"] == "formation"
    assert formation["grants"] == [{"kind": "keyword", "code": "armor", "value": 1}]


@pytest.mark.parametrize(("raw", "text"), [
    # {health} is «жизнь»: the texts agree with a feminine noun with a plural
    ("Максимум 16{health}.", "Максимум 16 жизней."),
    ("получает 1 дополнительную {health}", "получает 1 дополнительную жизнь"),
    ("Начинает бой с 2 дополнительными {health}.", "Начинает бой с 2 дополнительными жизнями."),
    ("пока у Пигмея-кровососа больше 7 текущих {health} .",
     "пока у Пигмея-кровососа больше 7 текущих жизней."),
    ("есть существо с 1 текущей {health} .", "есть существо с 1 текущей жизнью."),
    ("Не может получать дополни-тельные {health} и", "Не может получать дополни-тельные жизни и"),
    # a noun in -ом is no adjective: «с этим существом {strike}» — простым ударом
    ("сразиться с этим существом {strike} как со стоящей",
     "сразиться с этим существом простым ударом как со стоящей"),
])
def test_health_and_nouns_in_om_render(raw: str, text: str) -> None:
    assert render_text(raw).text == text


def test_cost_icons_apart_by_a_space_are_one_cost() -> None:
    # 40-13 «Жрица Дзара»: «{token} {tap} : Заклинание огненный шар …»
    assert render_text("{token} {tap} : Заклинание огненный шар").text == (
        "Жетон, закрыться: Заклинание огненный шар")


def test_companion_movement_zero_dropped_and_x_plus_one_kept(
        cards: dict[str, dict[str, Any]]) -> None:
    assert "movement" not in cards["40-4"]  # «Оглар», a companion with move 0
    assert "Добивание на X+1, где X число" in cards["10-115"]["text"]


def test_a_cost_glued_to_the_dot_starts_a_sentence(cards: dict[str, dict[str, Any]]) -> None:
    # 40-7 «Вейла»: «При Рывке получить {counter}.{counter}{tap}:Заклинание …»
    card = cards["40-7"]
    assert "получить фишку. Фишка, закрыться: Заклинание" in card["text"]
    texts = [a["text"] for a in card["abilities"]]
    assert "При Рывке получить фишку." in texts
    assert split_sentences("получить {counter}.{counter}{tap}: Выстрел на 1.") == [
        "получить {counter}.", "{counter}{tap}: Выстрел на 1."]
