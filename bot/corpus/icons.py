"""Card icon codes (as in the berserk-nxt database) and their Russian names."""

from __future__ import annotations

ICON_NAMES: dict[str, str] = {
    "uniq": "Уникальное", "nuniq": "Не уникальное", "sht": "Выстрел", "thr": "Метание",
    "dsc": "Разряд", "direct": "Направленный удар", "sph": "Особый удар",
    "uht": "Безответный удар", "mht": "Магический удар", "uchr": "Удар через ряд",
    "spl": "Заклинание", "imp": "Воздействие", "ova": "Опыт в атаке", "ovz": "Опыт в защите",
    "ovs": "Опыт в стрельбе", "regen": "Регенерация", "armor": "Броня",
    "zov": "Защита от выстрелов", "zot": "Защита от метания", "zoo": "Защита от отравления",
    "zoal": "Защита от летающих", "zom": "Защита от магии", "zoz": "Защита от заклинаний",
    "zor": "Защита от разрядов", "stamina": "Стойкость", "inc": "Бестелесный",
    "fry": "Бешенство", "bls": "Благословление", "vlh": "Вальхалла", "vmp": "Вампиризм",
    "fin": "Добивание", "cnc": "Концентрация", "dep": "На глубине", "sur": "На поверхности",
    "clm": "Неповоротливость", "psn": "Отравление", "cur": "Проклятие", "prp": "Пророчество",
    "lep": "Прыжок", "das": "Рывок", "frm": "Строй", "tlp": "Телепортация", "nec": "Трупоедство",
    "icr": "Инкарнация",
}

#: Icon code -> rules-corpus term id (docs/architecture.md naming), where the corpus has one.
#: An imported card lists these terms under ``rules`` when the corpus has them.
ICON_TERMS: dict[str, str] = {
    "sht": "vystrel", "thr": "metanie", "dsc": "razryad", "ova": "opyt-v-atake",
    "ovz": "opyt-v-zashchite", "ovs": "opyt-v-strelbe", "inc": "bestelesnost",
    "bls": "blagoslovlenie", "vmp": "vampirizm", "fin": "dobivanie", "clm": "nepovorotlivost",
    "psn": "otravlenie", "cur": "proklyatie", "lep": "pryzhok", "frm": "stroy",
    "tlp": "teleportatsiya", "nec": "trupoedstvo", "uht": "bezotvetnyy-udar",
    "spl": "zaklinanie", "imp": "vozdeystvie", "regen": "regeneratsiya", "armor": "bronya",
    "zov": "zashchita-ot-vystrelov", "zot": "zashchita-ot-metaniy",
    "zor": "zashchita-ot-razryadov", "stamina": "stoykost", "cnc": "kontsentratsiya",
    "direct": "napravlennyy-udar", "uchr": "udar-cherez-ryad", "mht": "magicheskiy-udar",
    "sph": "osobyy-udar", "zoo": "zashchita-ot-otravleniya", "zoal": "zashchita-ot-letayushchikh",
    "zom": "zashchita-ot-magii", "zoz": "zashchita-ot-zaklinaniy", "fry": "beshenstvo",
    "vlh": "valkhalla", "prp": "prorochestvo", "das": "ryvok", "icr": "inkarnatsiya",
}


def icon_label(code: str, value: int = 0) -> str:
    """``icon_label("ovz", 1)`` → «Опыт в защите 1»; an unknown code stays visible."""
    name = ICON_NAMES.get(code, code)
    return f"{name} {value}" if value else name


def icon_term(code: str) -> str | None:
    """The rules term id an icon stands for (``ovz`` -> ``opyt-v-zashchite``), named as the
    corpus names terms; whether the corpus has that term is for the caller to check."""
    return ICON_TERMS.get(code)
