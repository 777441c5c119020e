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
}


def icon_label(code: str, value: int = 0) -> str:
    """``icon_label("ovz", 1)`` → «Опыт в защите 1»; an unknown code stays visible."""
    name = ICON_NAMES.get(code, code)
    return f"{name} {value}" if value else name
