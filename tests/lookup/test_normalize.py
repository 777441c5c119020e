"""The normalisation pipeline: folding, look-alikes, layout, stems, parameters, keys."""

from __future__ import annotations

import pytest

from bot.lookup import normalize as nz


@pytest.mark.parametrize(("raw", "folded"), [
    ("Телепортация", "телепортация"),
    ("ЁЖИК ёлка", "ежик елка"),
    ("«Тень»!!", "тень"),
    ("  метание\tна\n1-2-2 ", "метание на 1-2-2"),
    ("–1 от атаки", "-1 от атаки"),
    ("+2 к атаке", "+2 к атаке"),
    ("Гном-легионер", "гном легионер"),
    ("тeлепорт", "телепорт"),  # Latin e inside a Cyrillic word
    ("Bампиризм", "вампиризм"),  # Latin B
    ("@everyone **жирный** `код` 😀", "everyone жирный код"),
    ("a\u0001b\x00c\u200bd", "a b c d"),
    ("snake_case", "snake case"),
    ("", ""),
])
def test_fold(raw: str, folded: str) -> None:
    assert nz.fold(raw) == folded


def test_fold_keeps_latin_words_latin() -> None:
    assert nz.fold("OBA test") == "oba test"


def test_decomposed_letters_are_composed() -> None:
    assert nz.fold("и\u0306од") == "йод"


@pytest.mark.parametrize(("raw", "converted"), [
    ("ntktgjhnfwbz", "телепортация"),
    ("NTKTGJHNFWBZ", "ТЕЛЕПОРТАЦИЯ"),
    (",ffkbn", "баалит"),
    ("ghs;jr", "прыжок"),
    ("vfy`dh", "манёвр"),
    ("броня 2", None),
])
def test_layout_variant(raw: str, converted: str | None) -> None:
    assert nz.layout_variant(raw) == converted


def test_layout_only_converts_latin_words() -> None:
    assert nz.layout_variant(",hjyz 2 броня") == "броня 2 броня"


@pytest.mark.parametrize(("raw", "converted"), [
    ("OBA", "ОВА"), ("XOP", "ХОР"), ("cop", "сор"), ("test", None), ("ОВА", None),
])
def test_lookalike_variant(raw: str, converted: str | None) -> None:
    assert nz.lookalike_variant(raw) == converted


def test_variants_put_the_query_first_and_cut_long_input() -> None:
    assert nz.variants("ntktgjhnfwbz") == ["ntktgjhnfwbz", "телепортация"]
    assert nz.variants("телепортация") == ["телепортация"]
    assert all(len(v) <= nz.MAX_QUERY for v in nz.variants("x" * 10_000))


@pytest.mark.parametrize(("forms", "base"), [
    (["телепортацию", "телепортации", "телепортацией"], "телепортация"),
    (["прыжком", "прыжка", "прыжки", "прыжков"], "прыжок"),
    (["бестелесные", "бестелесного", "бестелесным"], "бестелесный"),
    (["баалита", "баалитом"], "баалит"),
    (["опыта", "опытом"], "опыт"),
    (["стрелка", "стрелком"], "стрелок"),
    (["тени", "тенью"], "тень"),
    (["брони", "броню"], "броня"),
])
def test_inflected_forms_share_the_stem(forms: list[str], base: str) -> None:
    assert {nz.stem(f) for f in forms} == {nz.stem(base)}


def test_stem_leaves_numbers_and_latin_alone() -> None:
    assert nz.stem("168") == "168"
    assert nz.stem("oba") == "oba"


@pytest.mark.parametrize(("name", "key"), [
    ("Броня Х", "броня"),
    ("Прыжок, дальность X", "прыжок дальность"),
    ("Метание на X (на X-Y-Z)", "метание"),
    ("Отравление на Х", "отравление"),
    ("–X от [атаки]", "от атаки"),
    ("Заряд Х: [текст]", "заряд"),
    ("Один (Х) раз за ход (прочее)", "один раз за ход"),
    ("Опыт в защите Х (ОвЗ)", "опыт в защите"),
    ("Манёвр", "маневр"),
    ("Х", "х"),
])
def test_name_key(name: str, key: str) -> None:
    assert nz.name_key(name) == key


@pytest.mark.parametrize(("query", "key", "parameter"), [
    ("броня 2", "броня", "2"),
    ("Броня Х", "броня", None),
    ("метание на 1-2-2", "метание", "1-2-2"),
    ("метание на 1", "метание", "1"),
    ("дальность 4", "дальность", "4"),
    ("прыжок, дальность 3", "прыжок дальность", "3"),
    ("-1 от атаки", "от атаки", "-1"),
    ("2 раза за ход", "раза за ход", "2"),
    ("168", "168", None),
    ("телепортация", "телепортация", None),
])
def test_query_key_splits_parameters(query: str, key: str, parameter: str | None) -> None:
    qk = nz.query_key(query)
    assert (qk.key, qk.parameter) == (key, parameter)
    assert qk.stem == nz.stem_key(key)


def test_query_key_without_parameter_keeps_numbers() -> None:
    assert nz.query_key("ПХ 168", with_parameter=False).key == "пх 168"


def test_item_keys() -> None:
    keys = nz.item_keys("Бестелесность (бестелесный)", ("Бестелесные",), slug="bestelesnost")
    assert ("бестелесность", "name") in keys
    assert ("бестелесный", "alias") in keys
    assert ("бестелесные", "alias") in keys
    assert ("bestelesnost", "alias") in keys
    assert ("бестелесн", "stem") in keys
    assert keys[0] == ("бестелесность", "name")


def test_item_keys_skip_remarks_in_parentheses() -> None:
    keys = dict(nz.item_keys("Один (Х) раз за ход (прочее)"))
    assert "прочее" not in keys and "х" not in keys
    assert ("овз", "alias") in nz.item_keys("Опыт в защите Х (ОвЗ)")


def test_is_abbreviation() -> None:
    assert nz.is_abbreviation("ОвЗ") and nz.is_abbreviation("ЗОВ") and nz.is_abbreviation("ЗОМет")
    assert not nz.is_abbreviation("Выстрел") and not nz.is_abbreviation("бестелесный")
