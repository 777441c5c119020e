"""Word tables of the extractor: the phrases of card text each vocabulary value is read from.

Every table is a whitelist: a phrase not listed is not read (the sentence stays unparsed).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import get_args

from bot.corpus.abilities import Amount, Attack, AttackKind, Region, Until
from bot.corpus.abilities.vocabulary import X
from bot.corpus.icons import ICON_NAMES as ALL_ICON_NAMES

#: Icons that are no ability of their own (uniqueness, attack classes, zones, prophecy).
_NOT_KEYWORDS = frozenset({"uniq", "nuniq", "sph", "spl", "imp", "dep", "sur", "prp"})
#: Lone-icon abilities by code (berserk-nxt icon codes, bot/corpus/icons.py).
ICON_NAMES: dict[str, str] = {
    code: name for code, name in ALL_ICON_NAMES.items() if code not in _NOT_KEYWORDS
}
#: Icon name (lower case) → code: «защита от метания» → zot.
KEYWORDS: dict[str, str] = {name.casefold(): code for code, name in ICON_NAMES.items()}
#: Lone icons that need values the lone name lacks: left unparsed, never a keyword.
ICON_NEEDS_VALUES = frozenset({"sht", "thr", "dsc", "lep", "uchr", "mht", "fin"})
#: «Защита от …» icons: what each protects against.
PROTECTIONS: dict[str, Attack] = {
    "zov": Attack(kind="shot"), "zot": Attack(kind="throw"), "zor": Attack(kind="discharge"),
    "zoo": Attack(kind="poison"), "zom": Attack(kind="magic"), "zoz": Attack(kind="spell"),
}

#: «на клетку вашего третьего ряда» (genitive after «клетки», «клетку»): the region of a cell.
CELL_REGIONS: dict[str, Region] = {
    "вашего третьего ряда": "own_third_row", "третьего ряда противника": "enemy_third_row",
    "3 ряда противника": "enemy_third_row",
    "вашего первого ряда": "own_first_row", "первого ряда противника": "enemy_first_row",
    "второго ряда противника": "enemy_second_row",
    "вашей половины поля боя": "own_half", "половины поля боя противника": "enemy_half",
}

#: «в вашем третьем ряду» (locative, where a card is put: «возродить … в вашем третьем ряду»,
#: 20-162): the region of the cell.
CELL_REGIONS_IN: dict[str, Region] = {
    "в вашем третьем ряду": "own_third_row", "в вашем первом ряду": "own_first_row",
    "в третьем ряду противника": "enemy_third_row", "в первом ряду противника": "enemy_first_row",
    "во втором ряду противника": "enemy_second_row",
    "на вашей половине поля боя": "own_half", "на половине поля боя противника": "enemy_half",
}

RANGED_KINDS = {"метание": "throw", "выстрел": "shot", "разряд": "discharge"}
STRIKE_KINDS = {"удар через ряд": "through_row", "{uchr}": "through_row",
                "магический удар": "magic_strike", "{mht}": "magic_strike",
                "особый удар": "special_strike"}

#: «-1 от …» (genitive) → the attacks a reduction is against.
AGAINST: dict[str, Attack] = {
    "{strike}": Attack(kind="simple_strike"), "простого удара": Attack(kind="simple_strike"),
    "простых ударов": Attack(kind="simple_strike"), "выстрелов": Attack(kind="shot"),
    "выстрела": Attack(kind="shot"), "метаний": Attack(kind="throw"),
    "метания": Attack(kind="throw"), "разрядов": Attack(kind="discharge"),
    "разряда": Attack(kind="discharge"), "магии": Attack(kind="magic"),
    "магических атак": Attack(kind="attack", magic=True),
    "немагических атак": Attack(kind="attack", magic=False), "атак": Attack(kind="attack"),
    "ударов": Attack(kind="strike"), "дальних атак": Attack(kind="attack", reach="ranged"),
    "направленных ударов": Attack(kind="directed_strike"),
    "направленного удара": Attack(kind="directed_strike"),
    "ближних атак": Attack(kind="attack", reach="melee"),
}
#: «+N к …» (dative) → the attacks a bonus applies to.
BONUS_TO: dict[str, Attack] = {
    "ударам": Attack(kind="strike"), "простому удару": Attack(kind="simple_strike"),
    "простым ударам": Attack(kind="simple_strike"),
    "направленному удару": Attack(kind="directed_strike"),
    "направленным ударам": Attack(kind="directed_strike"),
    "удару через ряд": Attack(kind="through_row"), "ударам через ряд": Attack(kind="through_row"),
    "магическому удару": Attack(kind="magic_strike"), "выстрелу": Attack(kind="shot"),
    "особому удару": Attack(kind="special_strike"),
    "выстрелам": Attack(kind="shot"), "метанию": Attack(kind="throw"),
    "метаниям": Attack(kind="throw"), "разряду": Attack(kind="discharge"),
    "разрядам": Attack(kind="discharge"), "дальним атакам": Attack(kind="attack", reach="ranged"),
    "атакам": Attack(kind="attack"), "удару": Attack(kind="strike"), "атаке": Attack(kind="attack"),
    "дальней атаке": Attack(kind="attack", reach="ranged"),
    "ближней атаке": Attack(kind="attack", reach="melee"),
    "ближним атакам": Attack(kind="attack", reach="melee"),
}
STRENGTH = {"слабому": "weak", "среднему": "medium", "сильному": "strong"}
#: Dative of keywords that grow («опыт в атаке 1 или +1 к опыту в атаке»).
KEYWORD_DATIVE = {"опыту в атаке": "ova", "опыту в защите": "ovz", "опыту в стрельбе": "ovs",
                  "броне": "armor"}
UNTIL: dict[str, Until] = {"хода": "end_of_turn", "вашего хода": "end_of_your_turn",
                           "хода противника": "end_of_enemy_turn", "боя": "end_of_battle",
                           "вашего следующего хода": "end_of_your_next_turn",
                           "следующего хода противника": "end_of_next_enemy_turn",
                           # said of another card («атакованный не может излечиваться … до
                           # конца своего хода», 50-112): the end of its owner's turn
                           "своего хода": "end_of_its_turn",
                           # «до конца этого хода все {strike} по выбранному существу …» (30-191)
                           "этого хода": "end_of_turn"}
NUMBERS = {"один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4}
#: Numbers of «до трех существ», «двух или менее существ».
NUMBERS_GENITIVE = {"одного": 1, "одно": 1, "одну": 1, "два": 2, "две": 2, "двух": 2, "три": 3,
                    "трех": 3, "четыре": 4, "четырех": 4}
#: Cards named in the text of another card: the forms → the name as the database spells it
#: (the selectors read them; mark_name does not take the card's own name inside them).
CARD_NAMES: dict[str, str] = {
    "яйцо дракона": "Яйцо дракона",  # «каждое Яйцо дракона», «возродить Яйцо дракона» (30-98)
    "дракона-зомби": "Дракон-зомби",  # «вызвать или возродить Дракона-зомби» (20-166)
    "вылупившегося дракона": "Вылупившийся дракон",  # «вызвать … Вылупившегося дракона» (30-187)
    "цепных псов": "Цепной пёс",  # «где Х количество ваших Цепных псов» (40-14)
    # «переместить ваше Щупальце Кракена», «при гибели вашего Щупальца Кракена» (20-132)
    "щупальце кракена": "Щупальце кракена", "щупальца кракена": "Щупальце кракена",
    "эльма": "Эльм",  # «заклинание Эллемхейм вызвать Эльма» (20-97)
    "цепного пса": "Цепной пёс",  # «вызвать Цепного пса» (40-14)
    "кракена": "Кракен",  # «при гибели вашего Кракена» (20-114 «Щупальце кракена»)
    "скелета": "Скелет",  # «при гибели Скелета» (20-164)
    "скелетов": "Скелет",  # «(кроме летающих, бестелесных, Скелетов и симбиотов)» (20-164)
}
#: «дальности выстрела» → the attack a range bonus is for.
RANGE_OF: dict[str, AttackKind] = {"выстрела": "shot", "метания": "throw", "разряда": "discharge"}
#: Element adjectives (any case and number) → the card database's element.
ELEMENTS = (("степн", "Степи"), ("горн", "Горы"), ("лесн", "Леса"), ("болотн", "Болота"),
            ("темн", "Тьма"), ("нейтральн", "Нейтралы"))

#: An amount of X in normalised text: «x», and the X arithmetic of :data:`X` — «x+1», «x-1»
#: («3+х», X plus 3, is normalised to «x+3»: :func:`bot.importers.abilities.text.normalise`).
#: Only the forms the vocabulary can say: «x+2» is not one (the sentence stays unread).
X_AMOUNT = "(?:" + "|".join(re.escape(v.lower()) for v in sorted(get_args(X), key=len,
                                                                     reverse=True)) + ")"


def amount(raw: str) -> Amount:
    """«2» → 2, «x» → "X", «x+1» → "X+1" (a match of ``\\d+`` or :data:`X_AMOUNT`).

    >>> amount("x-1"), amount("3")
    ('X-1', 3)
    """
    return int(raw) if raw.isdigit() else raw.upper()  # type: ignore[return-value]


def alternation(words: object) -> str:
    """A regex alternation of ``words``, longest first (so «простым ударам» beats «ударам»)."""
    return _alternation(tuple(words))  # type: ignore[arg-type]


@lru_cache(maxsize=512)
def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))
