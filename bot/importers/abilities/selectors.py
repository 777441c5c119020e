"""Phrases that name cards: «стоящее рядом существо противника», «всех ваших лесных существ»,
«по картам, обладающим разрядом», «атакованного» — as a :data:`~bot.corpus.abilities.Target`.

A phrase is read only when every word of it is known; else the readers return None and the
caller leaves the sentence (or the fragment) unparsed. Word forms are matched whatever their
case; the number of the noun (or a quantifier) says whether the phrase names every such card
(``all``) — only for the subject or object of an effect (:func:`target`), never for a phrase
that only describes (:func:`described`).

>>> dative_target("горным существам")
Selector(elements=('Горы',))
>>> dative_target("картам, обладающим разрядом или заклинанием").having
('dsc', 'spl')
>>> target("каждое стоящее рядом существо противника")
Selector(side='enemy', all=True, place='adjacent')
>>> target("атакованного")
'attacked'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.corpus.abilities import (
    Element,
    Flag,
    Having,
    Noun,
    Place,
    Ref,
    Region,
    Selector,
    Target,
)
from bot.importers.abilities.words import (
    CARD_NAMES,
    ELEMENTS,
    NUMBERS_GENITIVE,
    X_AMOUNT,
    alternation,
    amount,
)

#: Noun forms → (noun, plural: True / False / None when the form may be either).
_NOUN_FORMS: dict[str, tuple[Noun, bool | None]] = {}


def _forms(noun: Noun, singular: tuple[str, ...], plural: tuple[str, ...],
           either: tuple[str, ...] = ()) -> None:
    _NOUN_FORMS.update({f: (noun, False) for f in singular})
    _NOUN_FORMS.update({f: (noun, True) for f in plural})
    _NOUN_FORMS.update({f: (noun, None) for f in either})


# «сущестам», «суще-ства» are misprints of the database.
_forms("creature", ("существо", "существу", "существом", "существе", "суще-ство"),
       ("существ", "существам", "существами", "сущестам", "существах"), ("существа",))
_forms("card", ("карта", "карту", "карте", "картой"), ("карт", "картам", "картами", "картах"),
       ("карты",))
_forms("artefact", ("артефакт", "артефакту", "артефактом", "артефакте"),
       ("артефакты", "артефактов", "артефактам", "артефактами"), ("артефакта",))
_forms("terrain", ("местность", "местностью"), ("местностей", "местностям"), ("местности",))
_forms("hero", ("герой", "героя", "герою", "героем"), ("герои", "героев", "героям", "героями"))
_forms("symbiote", ("симбиот", "симбиоту", "симбиотом"),
       ("симбиоты", "симбиотов", "симбиотам", "симбиотами"), ("симбиота",))

#: «защитник» (a creature defending): its forms → plural.
_DEFENDERS = {"защитник": False, "защитника": False, "защитнику": False, "защитником": False,
              "защитники": True, "защитников": True, "защитникам": True, "защитниками": True}

#: «паразит» (a symbiote that is a parasite: «вызвать на него паразита», 50-135): its forms →
#: plural.
_PARASITES = {"паразит": False, "паразита": False, "паразиту": False, "паразитом": False,
              "паразиты": True, "паразитов": True, "паразитам": True, "паразитами": True}
#: «компаньон» (a symbiote of that type: «вызвать на себя компаньона …», 50-139): its forms →
#: plural.
_COMPANIONS = {"компаньон": False, "компаньона": False, "компаньону": False,
               "компаньоном": False, "компаньоны": True, "компаньонов": True,
               "компаньонам": True, "компаньонами": True}

#: Classes of the card database: stem and its (singular, plural) endings.
_MASC_HARD = ("(?:|а|у|ом|е)", "(?:ы|и|ов|ам|ами|ах)")
_MASC_SOFT = ("(?:ь|я|ю|ем|е)", "(?:и|ей|ям|ями|ях)")
_CLASSES: tuple[tuple[str, str, tuple[str, str]], ...] = (
    ("Гном", "гном", _MASC_HARD), ("Эльф", "эльф", _MASC_HARD),
    ("Дракон", "дракон", _MASC_HARD), ("Инквизитор", "инквизитор", _MASC_HARD),
    ("Демон", "демон", _MASC_HARD), ("Линунг", "линунг", _MASC_HARD),
    ("Орк", "орк", _MASC_HARD), ("Йордлинг", "йордлинг", _MASC_HARD),
    ("Дух", "дух", _MASC_HARD), ("Архаалит", "архаалит", _MASC_HARD),
    ("Пират", "пират", _MASC_HARD), ("Койар", "койар", _MASC_HARD),
    ("Акванит", "акванит", _MASC_HARD), ("Ангел", "ангел", _MASC_HARD),
    ("Крысолюд", "крысолюд", _MASC_HARD), ("Тролль", "тролл", _MASC_SOFT),
    ("Элементаль", "элементал", _MASC_SOFT),
    ("Аккениец", "аккени", ("(?:ец|йца|йцу|йцем)", "(?:йцы|йцев|йцам|йцами)")),
    ("Нежить", "нежит", ("(?:ь|и|ью)", "(?!)")),
)
_CLASS_RE = [(name, re.compile(stem + sg), re.compile(stem + pl))
             for name, stem, (sg, pl) in _CLASSES]
#: Nouns that name a class of other cards than creatures: form → (noun, class, plural).
_CLASS_NOUNS: dict[str, tuple[Noun, str, bool | None]] = {
    **{f: ("artefact", "Постройка", False) for f in ("постройка", "постройке", "постройку",
                                                     "постройкой")},
    **{f: ("artefact", "Постройка", True) for f in ("построек", "постройкам", "постройками",
                                                    "постройках")},
    "постройки": ("artefact", "Постройка", None),
    # «боевую машину с вашего кладбища» (50-55): a creature or an artefact of the class
    **{f: ("card", "Боевая машина", False) for f in ("боевая машина", "боевую машину",
                                                     "боевой машиной")},
    **{f: ("card", "Боевая машина", True) for f in ("боевых машин", "боевым машинам",
                                                    "боевыми машинами", "боевые машины")},
    "боевой машины": ("card", "Боевая машина", None),
    # «ваш слуа», «с вашего слуа» (40-154): not declined, its number said by other words
    "слуа": ("creature", "Слуа", None),
    # «выбранное дитя Кронга» (20-50), «ваших членов ордена Тоа-Дан» (30-32)
    "дитя кронга": ("creature", "Дитя Кронга", False),
    "члены ордена тоа-дан": ("creature", "Тоа-Дан", True),
    "членов ордена тоа-дан": ("creature", "Тоа-Дан", True),
}
#: Classes of two words (an adjective and a noun): singular and plural forms.
_CLASSES_OF_TWO: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("Речная дева", re.compile(r"речн(?:ая|ой|ую) дев(?:а|ы|е|у|ой)"),
     re.compile(r"речн(?:ые|ых|ым|ыми) дев(?:|ы|ам|ами|ах)")),
)


#: Adjective stems (before any adjective ending) → flags. «летаюш-» is a misprint.
_FLAGS: dict[str, Flag] = {
    "нелетающ": "nonflying", "летающ": "flying", "летаюш": "flying", "наземн": "ground",
    "закрыт": "closed", "открыт": "open", "элитн": "elite", "рядов": "ordinary",
    "небестелесн": "corporeal", "бестелесн": "incorporeal", "уникальн": "unique",
    "раненн": "wounded",
}
_ADJ_END = r"(?:ый|ий|ой|ое|ее|ая|яя|ую|юю|ого|его|ому|ему|ым|им|ой|ей|ые|ие|ых|их|ыми|ими)"
#: «нетёмное существо» (30-145): an element adjective with «не», a card not of that element (a
#: selector's ``excluding``).
_NOT_ELEMENT = re.compile(r"не(?P<stem>" + "|".join(stem for stem, _ in ELEMENTS) + r")" + _ADJ_END)
#: Adjectives that say what a card has («отравленных») or where it stands («соседнее»).
_HAVING_ADJ: dict[str, Having] = {"отравленн": "psn"}
_PLACE_ADJ: dict[str, Place] = {"соседн": "adjacent"}
_ADJECTIVE = re.compile(r"(?P<stem>" + alternation([s for s, _ in ELEMENTS] + list(_FLAGS)
                                                   + list(_HAVING_ADJ) + list(_PLACE_ADJ))
                        + r")" + _ADJ_END)
#: What a card has, in the instrumental («с выстрелом», «обладающим бронёй»).
_HAVING: dict[str, Having] = {
    "выстрелом": "sht", "метанием": "thr", "разрядом": "dsc", "магическим ударом": "mht",
    "ударом через ряд": "uchr",
    "заклинанием": "spl", "опытом в атаке": "ova", "опытом в защите": "ovz", "броней": "armor",
    "проклятием": "cur", "благословлением": "bls", "отравлением": "psn",
    "вампиризмом": "vmp", "добиванием": "fin", "трупоедством": "nec", "строем": "frm",
    "бешенством": "fry", "концентрацией": "cnc", "вальхаллой": "vlh", "ордой": "horde",
    # «неповоротли-востью»: a hyphenation of the database (40-56)
    "неповоротливостью": "clm", "неповоротли-востью": "clm",
    "защитой от выстрелов": "zov", "защитой от разрядов": "zor",
    "защитой от отравления": "zoo", "защиту от отравления": "zoo", "телепортацией": "tlp",
    "прыжком": "lep", "полетом": "flight", "фишкой": "counter", "фишками": "counter", "жетоном": "token",
    "дополнительными жизнями": "extra_life", "симбиотом": "symbiote",
    "паразитом": "parasite",  # a symbiote that is a parasite (30-110)
    "дальней атакой": "ranged_attack",  # «по картам с дальней атакой» (40-100)
    "магической способностью": "magic_ability", "магической особенностью": "magic_ability", "магическими способностями": "magic_ability",
}
_HAVING_LIST = re.compile(r"(?:" + alternation(_HAVING) + r")(?:(?:, | или )(?:"
                          + alternation(_HAVING) + r"))*")
#: Fixed participants: every form that names one.
_REFS: dict[str, Ref] = {
    "@self": "self",  # the card's own name (bot.importers.abilities.text marks it so)
    "себя": "self", "себе": "self", "собой": "self",
    "его": "that", "ее": "that", "него": "that", "нее": "that", "оно": "that", "он": "that",
    # the cards an earlier effect names: «ранить всех стоящих рядом существ противника на 1,
    # они получают отравление на 1» (10-107)
    "они": "that", "их": "that",
    # «поменять местами двух … существ, при этом ранить каждое из них на 2-3-3» (20-68)
    "каждое из них": "that",
    "она": "that", "ему": "that", "ей": "that", "ним": "that", "ней": "that",
    "это существо": "that", "этого существа": "that", "этому существу": "that",
    "этим существом": "that", "эту карту": "that", "эта карта": "that", "этой карте": "that",
    "этой карты": "that",
    "атакованный": "attacked", "атакованная": "attacked", "атакованного": "attacked",
    "атакованную": "attacked", "атакованному": "attacked", "атакованной": "attacked",
    "атакованным": "attacked", "атакованное": "attacked",
    "атакованное существо": "attacked", "атакованного существа": "attacked",
    "атакованному существу": "attacked", "атакованным существом": "attacked",
    "атакованная карта": "attacked", "атакованную карту": "attacked",
    "атакованной карты": "attacked", "атакованной карте": "attacked",
    "атаковавший": "attacker", "атаковавшего": "attacker", "атаковавшему": "attacker",
    "атаковавшим": "attacker", "атакующее существо": "attacker",
    "атаковавшей его карте": "attacker", "атаковавшую его карту": "attacker",
    "атаковавшей карте": "attacker", "атаковавшую карту": "attacker",
    "атакующего существа": "attacker", "атакующему существу": "attacker",
    "атакующим": "attacker",  # «меняется местами с атакующим» (40-120)
    "цель": "target", "цели": "target",
    "хозяин": "host", "хозяина": "host", "хозяину": "host", "хозяином": "host",
    "хозяин @self": "host", "хозяина @self": "host", "хозяину @self": "host",
    # the card the card's «В начале боя выберите существо» chose (50-123)
    "выбранное в начале боя существо": "chosen",
    # its companion, a symbiote it carries: «может открыть своего компаньона» (20-128)
    "своего компаньона": "companion", "его компаньона": "companion",
    # a symbiote it carries: «В конце хода противника уничтожить своего симбиота» (30-81)
    "своего симбиота": "symbiote",
    # the creature it defends: «Когда Бьерн становится защитником излечить на 2 существо,
    # которому он выступает защитником» (10-80)
    "существо, которому он выступает защитником": "defended",
    "существу, которому он выступает защитником": "defended",
}
#: «противника» after the noun; «в отряде противника».
_ENEMY = re.compile(r"(?: противника)$")
_QUANTIFIER_ALL = re.compile(r"(?:все|всех|всем|всеми|каждое|каждую|каждого|каждый|каждая|"
                             r"каждой|каждому|каждым) ")
_UP_TO = re.compile(r"(?:до (?P<a>\d+|двух|трех|четырех) |(?P<b>\d+|два|две|три|четыре|двух|трех|"
                    r"одного|одно|одну) или менее )")
_OWN = re.compile(r"(?:ваш|ваше|ваша|вашу|вашего|вашей|вашему|вашим|ваших|ваши|вашими) ")
_OWN_NUMBER = {"ваш": False, "ваше": False, "ваша": False, "вашу": False, "вашего": False,
               "вашему": False, "ваших": True, "ваши": True, "вашими": True}
_OTHER = re.compile(r"(?:другое|другую|другого|другой|другому|другим|других|другие|другая) ")
_CHOSEN = re.compile(r"(?:выбранное|выбранную|выбранного|выбранный|выбранная|выбранной|"
                     r"выбранному|выбранным) ")
_STANDING = (r"(?:стоящее|стоящую|стоящего|стоящий|стоящая|стоящей|стоящему|стоящим|стоящих|"
             r"стоящие|стоящими)")
_ADJACENT = re.compile(_STANDING + r" (?P<where>рядом|напротив)"
                       r"(?: с (?P<of>ним|ней|погибшим|@self))? ")  # «… рядом с погибшим существо»
#: «стоящие справа и слева ваши болотные существа» (30-114): the cards left and right of the
#: card itself.
_SIDES = re.compile(_STANDING + r" (?:справа и слева|слева и справа) ")
#: «стоящей сзади него карты» (10-199): behind the card named before.
_BEHIND = re.compile(_STANDING + r" (?:сзади|позади) (?P<of>него|нее|@self) ")
#: «в 3-м ряду противника», «на вашей половине поля боя»: where a card stands.
_REGIONS: dict[str, Region] = {
    "1": "enemy_first_row", "2": "enemy_second_row", "3": "enemy_third_row",
    "первом": "enemy_first_row", "втором": "enemy_second_row", "третьем": "enemy_third_row",
    "вашей половине поля боя": "own_half", "половине поля боя противника": "enemy_half",
    # «по небестелесной карте противника на поле боя» (30-43): on it, not in the auxiliary zone
    "поле боя": "battlefield",
}
#: «в его втором ряду»: the rows of a card's own half, counted from its owner's side.
_ROW_NUMBERS = {"первом": 1, "втором": 2, "третьем": 3}
#: Places relative to the card itself, said after the noun.
_PLACES_AFTER: dict[str, Place] = {"same_row": "same_row", "same_column": "same_column",
                                   "same_row_or_column": "same_row_or_column",
                                   "other_column": "other_column",
                                   "in_formation": "in_formation", "that_cell": "that_cell"}
#: A cell with a marker named without the word «маркер» (the name as the card's ``marker``
#: effect writes it): «рядом с гнездом» (20-73: «положить маркер гнезда»), «с вашим логовом»
#: (40-62: «получает маркер логова»).
_MARKER_NOUNS: dict[str, str] = {"гнездом": "гнезда", "логовом": "логова",
                                 "омутом": "омута"}  # 40-141: «получает маркер омута»
MARKER_NOUNS = _MARKER_NOUNS
#: A cell with a marker: «маркером костра» (40-217; the name as the marker effect writes it).
_MARKER_CELL = re.compile(r"маркер(?:ом)? (?:«(?P<q>[^»]+)»|\"(?P<d>[^\"]+)\"|(?P<w>[а-я]+"
                          r"(?:-[а-я]+)?))")
_COUNT_NEAR = {"два": 2, "две": 2, "три": 3, "четыре": 4}
#: Markers named without the word «маркер» (instrumental → the name as the marker effect
#: writes it).
_BARE_MARKERS = {"оберегом": "оберег", "пламенной печатью": "пламенная печать",
                 "печатью сеггера": "печать сеггера"}
#: Markers the database names bare and unquoted (the card's own text puts them).
_UNQUOTED_MARKERS = {"сетью": "сеть"}
#: Havings that are states put on a card, which «с A и B» asks both of.
_STATES_BOTH = ("проклятием", "отравлением", "благословлением")
#: Qualifiers after the noun.
_AFTER: tuple[tuple[re.Pattern[str], str], ...] = (
    # next to cards a phrase describes (tried first; a phrase not read leaves it to the
    # patterns below): «по картам, стоящим рядом с вашими существами с дополнительными жизнями»
    # (40-98), «каждое тёмное существо рядом с маркером костра» (40-217), «по существам на
    # клетках рядом с гнездом» (20-73), «по картам, рядом с которыми стоят два или более ваших
    # существа со строем» (50-48: at least two)
    (re.compile(r", рядом с (?:которым|которой|которыми) (?:стоит|стоят) (?:(?P<n>\d+|два|две|три|"
                r"четыре) или (?:более|больше) )?(?P<near>[^,]+)$"), "next_to"),
    (re.compile(r"(?:,? " + _STANDING + r"| на клетках)? рядом с (?P<near>[^,]+)$"), "next_to"),
    # «каждое нелетающее существо противника, рядом с которым нет хотя бы двух других его
    # существ» (30-60): not so many cards of its own side next to it
    (re.compile(r", рядом с (?:которым|которой) нет хотя бы (?P<n>двух|трех) других (?:его|ее) "
                r"существ$"), "not_next_to_its"),
    # «ваше существо с классом» (20-192): one with a class
    (re.compile(r" с классом$"), "classed"),
    # opposite a card a phrase describes: «каждую карту противника, напротив которой стоит ваше
    # существо» (40-40), «каждую карту противника, которая стоит напротив существ в строю с
    # Дрорном» (50-49)
    (re.compile(r", напротив (?:которого|которой|которых) (?:стоит|стоят) (?P<near>[^,]+)$"),
     "opposite_to"),
    (re.compile(r", (?:которое|которая|который|которые) (?:стоит|стоят) напротив (?P<near>[^,]+)$"),
     "opposite_to"),
    # «карты во втором ряду противника» (10-103): the row in words as in digits
    (re.compile(r",? (?:" + _STANDING + r" )?(?:в|во) (?P<r>[123]|первом|втором|третьем)(?:-м)? "
                r"ряду противника$"), "region"),
    # «за каждое открытое существо в отряде противника» (30-165): the enemy's cards in play
    (re.compile(r" в отряде противника$"), "enemy"),
    # «изгнать карту с кладбища противника» (20-67)
    (re.compile(r" (?:с кладбища|на кладбище) противника$"), "enemy_graveyard"),
    (re.compile(r" противника$"), "enemy"),
    # «вызвать демона с таким же названием» (20-148): of the name of the card named before
    (re.compile(r" с таким же названием$"), "named_as"),
    (re.compile(r" без ран$"), "unwounded"),
    (re.compile(r" с ранами$"), "wounded"),
    # «закрыть существо, которое не передвигалось в этот ход» (10-65, 20-9)
    (re.compile(r", (?:которое|которая|который) не передвигал(?:ось|ась|ся) в этот ход$"), "unmoved"),
    # «три или менее карты, которые не перемещались в свой прошлый ход» (50-137): in the last
    # turn of their owner
    # «открыть существо, которое было излечено на 5 или более в этот ход» (50-99)
    (re.compile(r", (?:которое|которая|который) был[оа]? излечен[оа]? на (\d+) или (?:более|больше) "
                r"в этот ход$"), "healed_min"),
    (re.compile(r", (?:которое|которая|который|которые) не перемещал(?:ось|ась|ся|ись) в свой "
                r"прошлый ход$"), "unmoved_last_turn"),
    # «возродить ваше лесное существо, погибшее в этот ход» (40-101)
    (re.compile(r", погибш(?:ее|ую|ий|его) в этот ход$"), "died_this_turn"),
    (re.compile(r" с (\d+) (?:и|или) (?:более|больше) ранами$"), "wounds_min"),  # 21-4
    # «существу противника с 4 или менее жизнями» (20-8), «существо с 1 текущей жизнью» (30-58);
    # «{health}» renders as «жизней»/«жизнью» whatever the case
    (re.compile(r" с (\d+) или (?:менее|меньше) (?:текущими |текущих )?жизн(?:ями|ей|ью)$"),
     "lives_max"),
    (re.compile(r" с (\d+) текущ(?:ей|ими|их) жизн(?:ью|ями|ей)$"), "lives_exact"),
    # «немагические атаки карт с большим количеством текущих {health}, чем у Джинна Дзара»
    # (30-23): more current lives than the card itself
    (re.compile(r" с большим количеством текущих жизн(?:ей|ью|ями), чем у @self$"),
     "lives_above"),
    # «по существам с чётным количеством жизней» (40-54), «существ с чётными жизнями» (40-16)
    (re.compile(r" с четн(?:ым количеством жизн(?:ей|и|ь|ью)|ыми жизнями)$"), "even_lives"),
    (re.compile(r" без (?P<l>дополнительных жизней|фишек|проклятия|благословления|"
                r"отравления|неповоротливости)$"), "lacking"),
    # «инквизитора стоимостью Х или менее, где Х избыточный урон» (50-219)
    # «стоимостью 3+Х или менее» (X arithmetic, 40-44: «x+3» once normalised)
    (re.compile(r" стоимостью (\d+|" + X_AMOUNT + r") или (?:менее|меньше)$"), "cost_max"),
    (re.compile(r" стоимостью (\d+) или (?:более|больше)$"), "cost_min"),
    # «существа противника стоимостью Х …, где Х стоимость показанной карты» (40-123): exactly
    (re.compile(r" стоимостью (\d+|x)$"), "cost_exact"),
    # «вашего стоящего рядом существа меньшей стоимости» (30-85): than the card itself
    (re.compile(r" меньшей стоимости$"), "cost_below"),
    # «Ваши существа с добиванием имеют +1 к добиванию по существам меньшей, чем они,
    # стоимости» (40-104): than each card that has the bonus (frames marks «они» @holder)
    (re.compile(r" меньшей, чем @holder, стоимости$"), "cost_below_holder"),
    # «может ранить на 1 ваше стоящее рядом существо; получает +2 к простому удару по существам
    # той же стоимости» (40-164): as the card named before (``that``)
    (re.compile(r" той же стоимости$"), "cost_equal"),
    # «карту противника большей стоимости, чем оно само (без учета элитности)» (20-14): than
    # the subject of the verb the phrase is the object of (the printed costs: eliteness aside)
    (re.compile(r" большей стоимости, чем (?:оно|он|она) (?:само|сам|сама)"
                r"(?: \(без учета элитности\))?$"), "cost_above"),
    # «существ с движением 2 или больше» (10-83), «с движением Х или менее» (50-169)
    (re.compile(r" с движением (\d+|x) или (?:менее|меньше)$"), "movement_max"),
    (re.compile(r" с движением (\d+) или (?:более|больше)$"), "movement_min"),
    (re.compile(r" с (\d+) движением$"), "movement_exact"),  # «по существам с 1 движением»
    # «ранить все карты на клетках с омутом на 2» (40-141: «выбранная клетка получает маркер
    # омута»): on a cell with a marker, named with the word «маркер» or as the card's own text
    # names the marker without it (_MARKER_NOUNS)
    (re.compile(r" на клетк(?:е|ах) с (?:маркером (?:«(?P<q>[^»]+)»|\"(?P<d>[^\"]+)\"|(?P<w>[а-я]+"
                r"(?:-[а-я]+)?))|(?P<noun>" + "|".join(_MARKER_NOUNS) + r"))$"), "cell_marker"),
    # «по существам с маркером добычи» (10-68), «с маркером холод трясины» (20-108): the word
    # «маркер» says it; the name as the marker effect writes it (a quoted one unquoted)
    (re.compile(r" с маркером (?:«(?P<q>[^»]+)»|\"(?P<d>[^\"]+)\"|(?P<w>[а-я]+(?:-[а-я]+)?"
                r"(?: [а-я]+){0,2}))$"), "marker"),
    # «с вашего существа с «оберегом»» (50-189): the one marker the database names bare — the
    # card's own «… получает маркер «оберег»» puts it, and no ability is called so
    # «карта противника с "пламенной печатью"» (30-25: «она получает маркер "пламенная печать"»)
    # «существа противника с «печатью Сеггера»» (50-204: «оно получает «печать Сеггера»», a
    # named thing put on a creature — a marker, though the card does not say the word)
    (re.compile(r" с [«\"](?P<bare>" + "|".join(_BARE_MARKERS) + r")[»\"]$"), "bare_marker"),
    # «Если существо с сетью атаковано, …» (10-77, whose «… существо противника получает сеть на
    # свой следующий ход …» puts the net on it): unquoted
    (re.compile(r" с (?P<bare>" + "|".join(_UNQUOTED_MARKERS) + r")$"), "bare_marker"),
    (re.compile(r",? " + _STANDING + r" рядом$"), "adjacent"),
    # «по существу, стоящему рядом с Сайкороном» (10-153): next to the card itself
    (re.compile(r",? " + _STANDING + r" рядом с (?P<of>ним|ней|атакованным|погибшим|@self)$"),
     "adjacent_of"),
    (re.compile(r" рядом с (?P<of>ним|ней|атакованным|собой|погибшим)$"), "adjacent_of"),
    # «все карты, стоящие рядом с клеткой, на которой он находится» (20-163): next to it
    (re.compile(r",? " + _STANDING + r" рядом с клеткой, на которой (?P<of>он|она|оно) "
                r"находится$"), "adjacent_of"),
    # «существо противника, стоящее позади атакованного» (20-18)
    (re.compile(r",? " + _STANDING + r" позади (?P<of>атакованного)$"), "behind_of"),
    # «Каждый ваш пират или койар имеет +1 к простому удару по существам, стоящим на клетке
    # позади него» (30-167): behind each card that has the bonus (frames marks «него» @holder)
    (re.compile(r",? " + _STANDING + r" на клетке позади (?P<of>@holder)$"), "behind_of"),
    # «метание на 1 по карте позади атакованной» (30-52)
    (re.compile(r" позади (?P<of>атакованного|атакованной)$"), "behind_of"),
    # «карту на соседней с погибшим клетке» (30-124): a card next to the dead one's cell
    (re.compile(r" на соседней с (?P<of>погибшим) клетке$"), "adjacent_of"),
    (re.compile(r",? " + _STANDING + r" напротив$"), "opposite"),
    (re.compile(r" напротив$"), "opposite"),
    (re.compile(r",? (?:" + _STANDING + r" )?(?:слева (?:и|или) справа|справа (?:и|или) слева) "
                r"от @self$"), "left_or_right"),  # «справа и слева от Фагора» (10-87)
    (re.compile(r",? (?:стоящ(?:им|их|ее|ую|ий|ая|ие|его|ей|ему) )?(?:на клетке )?напротив "
                r"(?P<of>@self|него|нее)$"), "opposite_of"),
    (re.compile(r" в вашем отряде$"), "own"),
    (re.compile(r" на вашем кладбище$"), "own_graveyard"),  # «существ на вашем кладбище»
    (re.compile(r" с вашего кладбища$"), "own_graveyard"),  # «изгнать … с вашего кладбища»
    (re.compile(r",? (?:" + _STANDING + r" )?на (?P<r>вашей половине поля боя|половине поля "
                r"боя противника|поле боя)$"), "region"),
    # «выбранное существо у края поля боя» (50-39): on a cell at the edge of the battlefield
    # «Карты, стоящие у края поля, …» (30-190): the same
    (re.compile(r",? (?:" + _STANDING + r" )?у края поля(?: боя)?$"), "edge"),
    # «все наземные карты, стоящие не на своей половине поля» (50-59): each on its opponent's half
    (re.compile(r",? (?:" + _STANDING + r" )?не на своей половине поля(?: боя)?$"), "foreign_half"),
    # «существо противника в его втором или третьем ряду» (20-112): rows of its own half
    (re.compile(r" в (?:его|ее|своем) (?P<rows>(?:первом|втором|третьем)(?: или (?:первом|втором|"
                r"третьем))*) ряду$"), "rows"),
    (re.compile(r" в своем ряду$"), "same_row"),
    # «каждое другое существо на этой клетке» (20-144): on the cell the trigger names
    (re.compile(r" на этой клетке$"), "that_cell"),
    (re.compile(r",? " + _STANDING + r" в том же столбце, что и @self$"), "same_column"),
    # «со Стражем Тоа-Дана» (21-2): «со» before a consonant cluster
    # «карты, стоящие в одном столбце с ним» (40-102: «ним» the card itself, written @self)
    (re.compile(r", " + _STANDING + r" в одном столбце со? @self$"), "same_column"),
    (re.compile(r" в одном столбце со? @self$"), "same_column"),  # 10-188
    # «каждую карту противника, стоящую с Магистром пламени в одном ряду или столбце» (40-33)
    (re.compile(r", " + _STANDING + r" со? @self в одном ряду или столбце$"), "same_row_or_column"),
    # «от атак карт, стоящих в других столбцах» (40-67): not in the card's own column
    (re.compile(r",? " + _STANDING + r" в других столбцах$"), "other_column"),
    (re.compile(r",? (?:" + _STANDING + r" )?в строю с @self$"), "in_formation"),
    # «строит»: a misprint of the database (30-61)
    (re.compile(r",? с (?:которым|которой|которыми) (?:стоит|стоят|строит) в строю$"),
     "in_formation"),
    # «существа, которые стояли с ним в строю» (10-52): in formation with the dead card
    (re.compile(r", (?:которые|которое|который|которая) (?:стояли|стояло|стоял|стояла) с "
                r"(?P<of>ним|ней) в строю$"), "in_formation_of"),
    # «в существо, стоящее с ним в строю» (40-61): in formation with the card named before
    (re.compile(r",? " + _STANDING + r" с (?P<of>ним|ней) в строю$"), "in_formation_of"),
    # «существо противника, являющееся хозяином паразита» (20-119): a creature with a parasite
    (re.compile(r",? являющ(?:ееся|ийся|аяся|иеся|егося|ихся|имся|имися) хозяином паразита$"),
     "parasite_host"),
    (re.compile(r"(?:,\s*обладающ(?:им|ими|их|ее|ую|ий|ая|ие|его|ей)|\s+с|\s+со)\s+(?P<h>"
                + _HAVING_LIST.pattern + r")$"), "having"),
    # «стоящее рядом существо с проклятием и отравлением» (30-174): both of these states (the
    # card gives both; of abilities, «с прыжком и телепортацией» may mean either: not read)
    (re.compile(r"\s+(?:с|со)\s+(?P<ha>(?:" + alternation(_STATES_BOTH) + r") и (?:"
                + alternation(_STATES_BOTH) + r"))$"), "having_all"),
)
_LACKING: dict[str, Having] = {
    "дополнительных жизней": "extra_life", "фишек": "counter", "проклятия": "cur",
    "благословления": "bls", "отравления": "psn", "неповоротливости": "clm",
}
#: The tags of «<place> <of a card>» phrases of _AFTER: the place they give.
_PLACES_OF: dict[str, Place] = {"opposite_of": "opposite", "behind_of": "behind",
                                "adjacent_of": "adjacent", "in_formation_of": "in_formation"}
_OF: dict[str, Ref] = {"ним": "that", "ней": "that", "он": "that", "она": "that", "оно": "that", "атакованным": "attacked", "собой": "self",
                       "@self": "self", "него": "that", "нее": "that", "погибшим": "that",
                       "атакованного": "attacked", "атакованной": "attacked",
                       "@holder": "holder"}


#: The number of a name's form when it says one («щупальце»: one card); else the verb's.
_CARD_NAME_PLURAL: dict[str, bool] = {"щупальце кракена": False, "скелетов": True}
#: «(кроме летающих, бестелесных, Скелетов и симбиотов)» right after the noun (20-164): cards it
#: does not describe, each a plural in the genitive.
_EXCEPT = re.compile(r" \(кроме (?P<list>[^()]+)\)(?= |$)")


def _excluded(listed: str) -> tuple[Selector, ...] | None:
    """The cards of «кроме A, B и C» (each a plural noun phrase in the genitive, or an adjective
    alone: «летающих»), in the sentence's order; None when one is not read."""
    items = re.split(r", | и ", listed)
    out: list[Selector] = []
    for item in items:
        read = noun_phrase(item)
        if read is None or read.plural is False or read.selector.excluding \
                or read.selector.what == "cell" or read.selector.side != "any" \
                or read.selector.place is not None or read.selector.all \
                or read.selector.up_to is not None or read.selector.count is not None:
            return None
        out.append(read.selector)
    return tuple(out)


@dataclass(frozen=True)
class Phrase:
    """A read noun phrase: the selector, and whether it names many cards (a quantifier «все»,
    «каждое» or a plural noun; None when the noun's form may be either)."""

    selector: Selector
    plural: bool | None


def noun_phrase(phrase: str) -> Phrase | None:
    """Read a noun phrase (any case), or None when a word of it is not known.

    >>> noun_phrase("всех небестелесных рядовых существ").selector.flags
    ('ordinary', 'corporeal')
    """
    s = phrase.strip()
    excluding: tuple[Selector, ...] = ()
    but = _EXCEPT.search(s)
    if but:  # «существа (кроме летающих, бестелесных, Скелетов и симбиотов)» (20-164)
        excluded = _excluded(but.group("list"))
        if excluded is None or _EXCEPT.search(s, but.end()):
            return None
        excluding, s = excluded, (s[:but.start()] + s[but.end():]).strip()
    if excluding:
        read = noun_phrase(s)
        if read is None or read.selector.what == "cell" or read.selector.name is not None \
                or read.selector.excluding:
            return None
        return Phrase(replace(read.selector, excluding=excluding), read.plural)
    two = re.fullmatch(r"(?P<pre>.*?)(?P<a>[а-я]+) (?P<noun>[а-я-]+) или (?P<b>[а-я]+) (?P=noun)", s)
    if two and _element(two.group("a")) and _element(two.group("b")):
        # «горное существо или нейтральное существо» (20-55): «горное или нейтральное существо»
        s = f"{two.group('pre')}{two.group('a')} или {two.group('b')} {two.group('noun')}"
    fields: dict[str, object] = {}
    self_or = re.match(r"(?:себя|@self) или ", s)
    if self_or:  # «излечить Шакси или стоящее рядом существо» (10-185): as «себя или …»
        fields["or_self"] = True
        s = s[self_or.end():]
    plural: bool | None = None
    flags: list[Flag] = []
    elements: list[Element] = []
    having: list[Having] = []
    lacking: list[Having] = []
    markers: list[str] = []
    # qualifiers after the noun, from the end
    changed = True
    while changed:
        changed = False
        for pattern, what in _AFTER:
            m = pattern.search(s)
            if not m:
                continue
            if what == "opposite_to":
                facing = _facing(m.group("near"))
                if facing is None or "opposite" in fields:
                    return None
                fields["opposite"] = facing
            elif what == "next_to":
                near = _near(m)
                if near is None or "next_to" in fields:
                    continue  # not a phrase of cards: «рядом с ним» and the like, below
                fields["next_to"], count = near
                if count != 1:
                    fields["next_to_min"] = count
            elif what == "not_next_to_its":
                if "next_to" in fields:
                    return None
                fields["next_to"] = None  # its side's creatures: the side is read below
                fields["next_to_min"] = {"двух": 2, "трех": 3}[m.group("n")]
                fields["next_to_negated"] = True
            elif what == "classed":
                flags.append("classed")
            elif what == "enemy":
                fields["side"] = "enemy"
            elif what == "named_as":
                if "named_as" in fields:
                    return None
                fields["named_as"] = "that"
            elif what in ("unwounded", "wounded", "even_lives", "unmoved", "unmoved_last_turn",
                          "died_this_turn"):
                flags.append(what)  # type: ignore[arg-type]
            elif what in ("cost_below", "cost_above", "cost_equal", "cost_below_holder"):
                if {"cost_below", "cost_above", "cost_equal"} & set(fields):
                    return None
                if what == "cost_below_holder":
                    fields["cost_below"] = "holder"
                else:
                    fields[what] = {"cost_below": "self", "cost_above": "subject"}.get(what, "that")
            elif what in ("cost_max", "cost_min"):
                fields[what] = amount(m.group(1))
            elif what == "cost_exact":
                if "cost_max" in fields or "cost_min" in fields:
                    return None
                fields["cost_max"] = fields["cost_min"] = amount(m.group(1))
            elif what in ("wounds_min", "healed_min"):
                if what in fields:
                    return None
                fields[what] = int(m.group(1))
            elif what == "lives_above":
                if "lives_above" in fields:
                    return None
                fields["lives_above"] = "self"
            elif what in ("lives_max", "lives_exact"):
                if "lives_max" in fields:
                    return None
                fields["lives_max"] = int(m.group(1))
                if what == "lives_exact":
                    fields["lives_min"] = int(m.group(1))
            elif what in ("movement_max", "movement_min", "movement_exact"):
                if "movement_min" in fields or "movement_max" in fields:
                    return None
                n = "X" if m.group(1) == "x" else int(m.group(1))
                if what != "movement_max":
                    fields["movement_min"] = n
                if what != "movement_min":
                    fields["movement_max"] = n
            elif what in ("adjacent", "opposite", "left_or_right"):
                if "place" in fields:
                    return None
                fields["place"] = what
            elif what in ("region", "edge", "foreign_half"):
                if "region" in fields:
                    return None
                fields["region"] = what if what != "region" else _REGIONS[m.group("r")]
            elif what == "rows":
                if "rows" in fields:
                    return None
                fields["rows"] = tuple(_ROW_NUMBERS[r] for r in m.group("rows").split(" или "))
            elif what in _PLACES_AFTER:
                if "place" in fields:
                    return None
                fields["place"] = _PLACES_AFTER[what]
            elif what == "lacking":
                lacking.append(_LACKING[m.group("l")])
            elif what in ("own", "own_graveyard"):
                if fields.get("side") == "enemy":
                    return None
                fields["side"] = "own"
                if what == "own_graveyard":
                    fields["graveyard"] = True
            elif what == "enemy_graveyard":
                if fields.get("side") == "own" or fields.get("graveyard"):
                    return None
                fields["side"] = "enemy"
                fields["graveyard"] = True
            elif what in _PLACES_OF:
                if "place" in fields:
                    return None
                fields["place"] = _PLACES_OF[what]
                fields["of"] = _OF[m.group("of")]
            elif what == "marker":
                markers.append(m.group("q") or m.group("d") or m.group("w"))
            elif what == "cell_marker":
                if "cell_markers" in fields:
                    return None
                fields["cell_markers"] = (m.group("q") or m.group("d") or m.group("w")
                                          or _MARKER_NOUNS[m.group("noun")],)
            elif what == "bare_marker":
                markers.append({**_BARE_MARKERS, **_UNQUOTED_MARKERS}[m.group("bare")])
            elif what == "parasite_host":
                having.append("parasite")
            elif what == "having_all":
                if having or "having_all" in fields:
                    return None
                having += [_HAVING[h] for h in m.group("ha").split(" и ")]
                fields["having_all"] = True
            else:
                listed = [_HAVING[h] for h in re.split(r", | или ", m.group("h"))]
                if listed == ["flight"]:  # «с полётом» alone is the flag; «с полетом или
                    flags.append("flying")  # телепортацией» (20-23) is either of them
                else:
                    having += listed
            s = s[: m.start()]
            changed = True
            break
    # words before the noun, from the start
    s = s + " "
    while True:
        m = (_QUANTIFIER_ALL.match(s) or _UP_TO.match(s) or _OWN.match(s) or _OTHER.match(s)
             or _CHOSEN.match(s) or _ADJACENT.match(s) or _BEHIND.match(s) or _SIDES.match(s))
        if m is None:
            break
        word = m.group(0)
        if _QUANTIFIER_ALL.fullmatch(word):
            fields["all"] = True
            plural = True
        elif _UP_TO.fullmatch(word):
            n = m.group("a") or m.group("b")
            fields["up_to"] = int(n) if n.isdigit() else NUMBERS_GENITIVE[n]
        elif _OWN.fullmatch(word):
            if fields.get("side") == "enemy":
                return None
            fields["side"] = "own"
            # «ваш слуа»: the possessive tells the number of a noun that does not decline
            plural = plural if plural is not None else _OWN_NUMBER.get(word.strip())
        elif _OTHER.fullmatch(word):
            fields["other"] = True
        elif _SIDES.fullmatch(word):  # «стоящие справа и слева ваши болотные существа» (30-114)
            if "place" in fields:
                return None
            fields["place"] = "left_or_right"
        elif _BEHIND.fullmatch(word):  # «стоящей сзади него карты» (10-199)
            if "place" in fields:
                return None
            fields["place"] = "behind"
            fields["of"] = _OF[m.group("of")]
        elif _ADJACENT.fullmatch(word):
            if "place" in fields:
                return None
            fields["place"] = "adjacent" if m.group("where") == "рядом" else "opposite"
            if m.group("of"):  # «стоящее рядом с ним существо»
                if m.group("where") != "рядом":
                    return None
                fields["of"] = _OF[m.group("of")]
        s = s[m.end():]
    cell = _MARKER_CELL.fullmatch(s.strip())
    marker = (cell.group("q") or cell.group("d") or cell.group("w")) if cell \
        else _MARKER_NOUNS.get(s.strip())
    if marker is not None:  # «рядом с маркером костра», «с вашим логовом»: a cell with it
        if set(fields) - {"side"} or flags or elements or having or lacking or markers:
            return None
        return Phrase(Selector(what="cell", markers=(marker,), **fields), False)  # type: ignore[arg-type]
    named = CARD_NAMES.get(s.strip())
    if named is not None:  # «каждое Яйцо дракона»: cards of that name; without a quantifier
        # one card («переместить ваше Щупальце Кракена», 20-132)
        return Phrase(Selector(what="card", name=named, markers=tuple(markers), **fields),  # type: ignore[arg-type]
                      plural if plural is not None else _CARD_NAME_PLURAL.get(s.strip()))
    words = s.split()
    if not words:
        return None
    head = words.pop()
    noun: Noun = "creature"
    classes: list[str] = []
    pair = next(((name, bool(pl.fullmatch(f"{words[-1]} {head}"))) for name, sg, pl
                 in _CLASSES_OF_TWO if words and (sg.fullmatch(f"{words[-1]} {head}")
                                                   or pl.fullmatch(f"{words[-1]} {head}"))),
                None)
    if pair is not None:  # «речных дев»: a class of two words
        words.pop()
        classes.append(pair[0])
        plural = plural or pair[1]
    elif words and f"{words[-1]} {head}" in _CLASS_NOUNS:  # «боевую машину»: of two words
        noun, class_, number = _CLASS_NOUNS[f"{words.pop()} {head}"]
        classes.append(class_)
        plural = plural or number
    elif len(words) > 1 and f"{words[-2]} {words[-1]} {head}" in _CLASS_NOUNS:
        # «членов ордена Тоа-Дан» (30-32): of three words
        noun, class_, number = _CLASS_NOUNS[f"{words[-2]} {words[-1]} {head}"]
        del words[-2:]
        classes.append(class_)
        plural = plural or number
    elif head in _CLASS_NOUNS:  # «с вашей постройкой»: an artefact of the class Постройка
        noun, class_, number = _CLASS_NOUNS[head]
        classes.append(class_)
        plural = plural or number if number is not None else plural
    elif head in _NOUN_FORMS:
        noun, number = _NOUN_FORMS[head]
        plural = plural or number
    elif head in _PARASITES:  # «паразита»: a symbiote that is a parasite
        noun = "symbiote"
        flags.append("parasite")
        plural = plural or _PARASITES[head]
    elif head in _COMPANIONS:  # «компаньона»: a symbiote that is a companion
        noun = "symbiote"
        flags.append("companion")
        plural = plural or _COMPANIONS[head]
    elif head in _DEFENDERS:  # «по защитникам»: creatures defending (a flag, not a class)
        flags.append("defender")
        plural = plural or _DEFENDERS[head]
    else:
        found = _class_of(head)
        if found is None:
            words.append(head)  # an adjective alone: «по горным», «летающих»
        else:
            classes.append(found[0])
            plural = plural or found[1]
            other = _class_of(words[-2]) if len(words) >= 2 and words[-1] == "или" else None
            if other is not None and other[1] == found[1] and other[0] != found[0]:
                # «другим вашим гномом или койаром» (30-172): either class
                classes.insert(0, other[0])
                del words[-2:]
    unlikes: list[Selector] = []
    for i, word in enumerate(words):
        if word in ("и", "или"):
            # «степных и темных карт»: any of two elements (never two flags: «и» would be both)
            if not (0 < i < len(words) - 1 and _element(words[i - 1]) and _element(words[i + 1])):
                return None
            continue
        unlike = _NOT_ELEMENT.fullmatch(word)
        if unlike is not None:  # «нетёмное существо» (30-145): not one of that element
            unlikes.append(Selector(elements=(dict(ELEMENTS)[unlike.group("stem")],)))  # type: ignore[arg-type]
            continue
        a = _ADJECTIVE.fullmatch(word)
        if a is None:
            return None
        stem = a.group("stem")
        element = dict(ELEMENTS).get(stem)
        if element is not None:
            elements.append(element)  # type: ignore[arg-type]
        elif stem in _HAVING_ADJ:
            having.append(_HAVING_ADJ[stem])
        elif stem in _PLACE_ADJ:
            if "place" in fields:
                return None
            fields["place"] = _PLACE_ADJ[stem]
        else:
            flags.append(_FLAGS[stem])
    if fields.get("having_all") and len(set(having)) != 2:
        return None  # «с A и B» only: not with a having said another way besides
    if fields.get("next_to_negated"):  # «других его существ»: of the side of the card itself
        if fields.get("side") not in ("own", "enemy") or noun != "creature":
            return None
        fields["next_to"] = Selector(side=fields["side"])  # type: ignore[arg-type]
    if unlikes and (elements or len(unlikes) > 1):
        return None  # «нетёмное горное»: not read
    return Phrase(Selector(what=noun, flags=tuple(flags), elements=tuple(elements),
                           classes=tuple(classes), having=tuple(having),
                           lacking=tuple(lacking), markers=tuple(markers),
                           excluding=tuple(unlikes), **fields),  # type: ignore[arg-type]
                  plural)


def _near(m: re.Match[str]) -> tuple[Selector, int] | None:
    """The cards a «рядом с …» phrase after the noun describes, and how many of them at least
    (none read: None). One card, or any of several; never «каждое», a place of its own or
    «до N»."""
    phrase = m.group("near")
    if phrase.startswith(("ним", "ней", "него", "нее", "собой", "@self", "клеткой")):
        return None
    read = noun_phrase(phrase)
    if read is None:
        return None
    sel = read.selector
    if sel.all or sel.up_to is not None or sel.place is not None or sel.or_self \
            or sel.graveyard or sel.next_to is not None:
        return None
    n = m.groupdict().get("n")
    return sel, 1 if n is None else int(n) if n.isdigit() else _COUNT_NEAR[n]


def _facing(phrase: str) -> Selector | None:
    """The cards an «напротив …» phrase after the noun describes (any one of them): one card or
    several, never «каждое», «до N», a card named by a pronoun or a place but «в строю с»
    the card itself (50-49)."""
    if phrase.startswith(("него", "нее", "ним", "ней", "@self")):
        return None
    read = noun_phrase(phrase)
    if read is None:
        return None
    sel = read.selector
    if sel.all or sel.up_to is not None or sel.or_self or sel.graveyard \
            or sel.next_to is not None or sel.opposite is not None \
            or (sel.place is not None and (sel.place, sel.of) != ("in_formation", "self")):
        return None
    return sel


def _class_of(word: str) -> tuple[str, bool] | None:
    """The class a noun of one word names and whether it is plural («гномом», «койаров»)."""
    return next(((name, bool(pl.fullmatch(word))) for name, sg, pl in _CLASS_RE
                 if sg.fullmatch(word) or pl.fullmatch(word)), None)


def _element(word: str) -> bool:
    a = _ADJECTIVE.fullmatch(word)
    return a is not None and a.group("stem") in dict(ELEMENTS)


def ref(phrase: str) -> Ref | None:
    """A fixed participant («атакованного», «его», «себя», «хозяина»), or None."""
    return _REFS.get(phrase.strip())


def target(phrase: str, *, plural: bool | None = None) -> Target | None:
    """The subject or object of an effect: a ref, or a selector with ``all`` when it names
    many cards (``plural``: what the verb says when the noun's form may be either)."""
    found = ref(phrase)
    if found is not None:
        return found
    chosen = _CHOSEN_COUNT.fullmatch(phrase.strip())
    if chosen:  # «Два выбранных существа получают отравление на 1» (10-194): exactly that many
        return Selector(what=_CHOSEN_NOUNS[chosen.group("noun")],
                        count=NUMBERS_GENITIVE[chosen.group("n")])
    exactly = _EXACTLY.match(phrase.strip())
    if exactly:  # «ранить на 1 двух существ противника, …» (10-26): that many, not all
        read = noun_phrase(phrase.strip()[exactly.end():])
        if read is None or read.plural is not True or read.selector.all \
                or read.selector.up_to is not None:
            return None
        return replace(read.selector, count=NUMBERS_GENITIVE[exactly.group("n")])
    read = noun_phrase(phrase)
    if read is None:
        return None
    many = read.plural
    if many is None:  # «существа», «карты»: a subject or an object only in the plural
        if plural is not True:
            return None
        many = True
    sel = read.selector
    if many and sel.up_to is None:
        sel = replace(sel, all=True)
    return sel


#: «двух существ противника» as the object of an effect: exactly that many (only an effect's
#: object: :func:`target`, the genitive plural of an animate noun).
_EXACTLY = re.compile(r"(?P<n>двух|трех) (?!или )(?=[а-я])")
#: «два выбранных существа» (a subject, 10-194): that many, chosen by the card's owner.
_CHOSEN_NOUNS: dict[str, Noun] = {"существа": "creature", "карты": "card"}
_CHOSEN_COUNT = re.compile(r"(?P<n>два|две|три) выбранных (?P<noun>существа|карты)")


def described(phrase: str) -> Target | None:
    """A phrase that only describes cards (an attack's «по …», «от атак …»): no ``all``."""
    found = ref(phrase)
    if found is not None:
        return found
    read = noun_phrase(phrase)
    if read is None:
        return None
    return replace(read.selector, all=False)


def dative_target(phrase: str) -> Target | None:
    """The cards «по …» names, or None when a word of the phrase is not known."""
    phrase = phrase.strip()
    moved = phrase.endswith(", перемещавшимся в этот ход")
    if moved:
        phrase = phrase.removesuffix(", перемещавшимся в этот ход")
    found = described(phrase)
    if moved and isinstance(found, Selector):
        found = replace(found, flags=(*found.flags, "moved"))
    return found


__all__ = ["Phrase", "described", "dative_target", "noun_phrase", "ref", "target"]
