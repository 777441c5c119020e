from typing import get_args

import pytest

from bot.answers.json import answer_to_dict
from bot.commands.card import KIND_NAMES
from bot.commands.judge import Judge
from bot.corpus.abilities import vocabulary


def test_card_by_number(judge: Judge) -> None:
    answer = judge.ask("!card 168")
    assert answer.ok and answer.card is not None
    assert answer.card["name"] == "Баалит" and answer.card["element"] == "Тьма"
    assert answer.card["set"] == "Путь хранителей" and answer.card["number"] == 168
    assert answer.card["cost"] == 4 and "Телепортация" in answer.card["text"]
    stats = next(s.body for s in answer.sections if s.heading == "Характеристики")
    assert "Жизни: 9" in stats and "Простой удар: 1-2-2" in stats and "элитная" in stats
    assert "Антон Квасоваров" in answer.footer
    rules = next(s.body for s in answer.sections if s.heading.startswith("Правила"))
    assert "Телепортация" in rules


def test_card_by_name_inflection_and_set(judge: Judge) -> None:
    assert judge.ask("!card баалита").card["number"] == 168  # type: ignore[index]
    assert judge.ask("!card Путь хранителей 194").card["name"] == "Тень"  # type: ignore[index]
    assert judge.ask("!card ПХ 168").card["name"] == "Баалит"  # type: ignore[index]


def test_shadow_lists_its_name_only_rules(judge: Judge) -> None:
    answer = judge.ask("!карта тень")
    named = next(s.body for s in answer.sections if "только названия" in s.heading)
    assert "Симбиот" in named
    assert "простого удара" in answer.summary


def test_unknown_card(judge: Judge) -> None:
    answer = judge.ask("!card 9999")
    assert not answer.ok and answer.error


def test_abilities_are_named_in_russian_and_unread_text_is_shown(judge: Judge) -> None:
    baalit = judge.ask("!card 168")
    read = next(s.body for s in baalit.sections if s.heading == "Способности, прочитанные ботом")
    assert "телепортация (учитывается в !check)" in read
    assert "срабатывающая особенность (учитывается в !check)" in read
    # «Бешенство 6: … равен этому роску куика кровавого шамана закрыться: …» is unread (garbled)
    shaman = judge.ask("!card кровавый шаман")
    unread = next(s.body for s in shaman.sections if s.heading.startswith("Не прочитано"))
    assert "роску куика" in unread


def test_imported_cards_answer_by_initials_and_name(judge: Judge) -> None:
    assert judge.ask("!card ВС 22").card["name"] == "Орк-бомбардир"  # type: ignore[index]
    assert judge.ask("!card кшар").card["number"] == 2  # type: ignore[index]
    keeper = judge.ask("!card смотритель стойла")
    prints = next(s.body for s in keeper.sections if s.heading == "Печати")
    assert "10007pf" in prints


def test_one_loose_candidate_is_offered_not_called_several(judge: Judge) -> None:
    answer = judge.ask("!card тенъ")
    assert not answer.ok and "не найдена точно" in (answer.error or "")
    assert answer.suggestions == ["«Тень» (Путь хранителей 194)"]


def test_checked_mark_comes_from_the_engine(judge: Judge) -> None:
    # «Закрыться: Выстрел …» (activated, read by !check); «+2 к выстрелу …» (stored only)
    crossbow = judge.ask("!card арбалетчика")
    read = next(s.body for s in crossbow.sections if s.heading.startswith("Способности"))
    lines = {line.split(":", 1)[0] for line in read.splitlines()}
    assert "• особенность с оплатой (учитывается в !check)" in lines
    assert "• бонус к атаке" in lines
    # «X фишек, закрыться: Метание груды камней на X+1» of an artefact: the notation places
    # creatures only, so no check ever applies it
    catapult = judge.ask("!card великая катапульта")
    read = next(s.body for s in catapult.sections if s.heading.startswith("Способности"))
    assert "особенность с оплатой: X фишек" in read and "учитывается в !check" not in read

# --- the whole database: default set, reprints, tournament status ------------------------


def test_a_bare_number_is_the_default_set_and_lists_the_others(judge: Judge) -> None:
    answer = judge.ask("!card 168")
    assert answer.card is not None and answer.card["id"] == "50-168"
    others = next(s.body for s in answer.sections if s.heading == "Номер 168 в других выпусках")
    assert "«Повелитель бездны» (Война стихий 168)" in others
    assert "«Повелитель бездны» (Война стихий 168)" in answer.links  # Discord: a button
    assert [p["id"] for p in answer.card["same_number"]] == ["10-168", "20-168", "30-168",
                                                             "40-168"]
    assert judge.ask("!card 168", default_set=10).card["id"] == "10-168"  # type: ignore[index]
    assert judge.ask("!card баалит").links == []  # a name: no list of numbers


@pytest.mark.parametrize("query", ["ВС 168", "Война стихий 168", "вс168", "168 ВС", "10-168"])
def test_a_set_and_a_number_pick_the_set(judge: Judge, query: str) -> None:
    answer = judge.ask(f"!card {query}")
    assert answer.card is not None and answer.card["id"] == "10-168", query


def test_an_ambiguity_is_a_choice_not_an_error(judge: Judge) -> None:
    answer = judge.ask("!card кондор")  # «Пустынный кондор», «Кондор-стервятник»
    assert answer.ok and answer.card is None and "Ошибка" not in answer.title
    assert "«Пустынный кондор» (Война стихий 14)" in answer.suggestions
    assert "«Кондор-стервятник» (Нашествие тьмы 8)" in answer.suggestions
    missing = judge.ask("!card 999")
    assert not missing.ok and missing.title == "Ошибка"


def test_a_reprint_answers_the_newest_print_and_shows_the_difference(judge: Judge) -> None:
    answer = judge.ask("!card минотавр")
    assert answer.card is not None and answer.card["id"] == "50-36"
    also = next(s.body for s in answer.sections if s.heading == "Также")
    assert also.startswith("Война стихий 34")
    diff = next(s.body for s in answer.sections if s.heading == "Отличия печатей")
    assert "текст отличается" in diff and "2 раза за ход" in diff and "Броня 2" in diff
    assert [(p["id"], p["same_text"]) for p in answer.card["prints"]] == [
        ("50-36", True), ("10-34", False)]
    same = judge.ask("!card гуль")  # «Гуль»: ПХ 43 and ВС 39, the same text, stats and icons
    same_diff = next(s.body for s in same.sections if s.heading == "Отличия печатей")
    assert "текст и характеристики те же" in same_diff
    # «Мантикора»: the same text, but the database gives ПХ 27 the icons Разряд and Заклинание
    icons = judge.ask("!card мантикора")
    icons_diff = next(s.body for s in icons.sections if s.heading == "Отличия печатей")
    assert "иконки: здесь Разряд, Заклинание" in icons_diff and "те же" not in icons_diff
    assert judge.ask("!card ВС 21").card["id"] == "10-21"  # type: ignore[index]


def test_a_banned_card_says_so_first(judge: Judge) -> None:
    answer = judge.ask("!card исса")
    assert answer.card is not None and answer.card["banned"] is True
    assert "запрещена в турнирах" in answer.title
    assert answer.summary.startswith("⛔ Запрещена в турнирах")
    assert answer_to_dict(answer)["card"]["banned"] is True
    assert judge.ask("!card баалит").card["banned"] is False  # type: ignore[index]
    # only an alternative print of «Тови» ВС 111 is marked: the answer names it
    tovi = judge.ask("!card ВС 111")
    assert "Альтернативная (10111alt)" in tovi.summary
    # its reprint, ПХ 120, is not marked, but says that another print is
    newest = judge.ask("!card тови")
    assert newest.card["id"] == "50-120" and not newest.card["banned"]  # type: ignore[index]
    assert "Другая печать этой карты (Война стихий 111)" in newest.summary


def test_an_errata_mark_is_a_dated_note(judge: Judge) -> None:
    answer = judge.ask("!card анубисар")
    assert "Эррата от 08.04.2023" in answer.summary and "[Эррата" not in answer.summary
    assert answer.card is not None and answer.card["errata"] == "2023-04-08"


def test_a_card_answer_cites_the_database_with_its_version(judge: Judge) -> None:
    answer = judge.ask("!card кшар")
    assert "База карт berserk-nxt" in answer.footer and "sha256 073747eec127" in answer.footer
    (source,) = answer.card["sources"]  # type: ignore[index]
    assert source["sha256"].startswith("073747ee") and source["file"].endswith(".json")
    page = judge.ask("!card 168")  # a seed card: its page too
    assert "Страница карты «Путь хранителей» 168" in page.footer


def test_card_json_carries_banned_and_prints(judge: Judge) -> None:
    card = answer_to_dict(judge.ask("!card гуль"))["card"]
    assert card["banned"] is False
    assert [(p["set"], p["number"], p["banned"]) for p in card["prints"]] == [
        ("Путь хранителей", 43, False), ("Война стихий", 39, True)]


def test_every_ability_kind_has_a_russian_name() -> None:
    # «only_targets (учитывается в !check)» once reached players: every kind an entry of
    # `abilities:` can have is named in Russian
    kinds = set()
    for union in (vocabulary.Effect, vocabulary.Ability):
        for member in get_args(union):
            kind = getattr(member, "kind", None)
            if isinstance(kind, str) and kind != "unparsed":
                kinds.add(kind)
    assert kinds, "no kinds found"
    assert sorted(kinds - set(KIND_NAMES)) == []
