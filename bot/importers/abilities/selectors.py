"""Phrases that name cards («по горным существам», «картам, обладающим разрядом») as targets.

A phrase is read only when every word of it is known; else :func:`dative_target` returns None
and the caller leaves the sentence unparsed.

>>> dative_target("горным существам")
Selector(elements=('Горы',))
>>> dative_target("картам, обладающим разрядом или заклинанием").having
('dsc', 'spl')
"""

from __future__ import annotations

import re
from typing import cast

from bot.corpus.abilities import Element, Flag, Having, Noun, Selector, Target
from bot.importers.abilities.words import ELEMENTS, alternation

#: Nouns in the dative (singular and plural). «сущестам» is a misprint of the database.
_NOUNS: dict[str, Noun] = {
    "существам": "creature", "существу": "creature", "сущестам": "creature",
    "картам": "card", "карте": "card", "героям": "hero", "герою": "hero",
    "артефактам": "artefact", "артефакту": "artefact",
}
#: Adjective stems (before a dative ending) → flags. «летаюш-» is a misprint of the database.
_FLAGS: dict[str, Flag] = {
    "нелетающ": "nonflying", "летающ": "flying", "летаюш": "flying", "наземн": "ground",
    "закрыт": "closed", "открыт": "open", "элитн": "elite", "рядов": "ordinary",
    "небестелесн": "corporeal", "бестелесн": "incorporeal",
}
#: What a card has, in the instrumental («с выстрелом», «обладающим бронёй»).
_HAVING: dict[str, Having] = {
    "выстрелом": "sht", "метанием": "thr", "разрядом": "dsc", "магическим ударом": "mht",
    "заклинанием": "spl", "опытом в атаке": "ova", "опытом в защите": "ovz", "броней": "armor",
    "проклятием": "cur", "благословлением": "bls", "отравлением": "psn",
    "защитой от выстрелов": "zov", "защитой от разрядов": "zor",
    "защитой от отравления": "zoo", "защиту от отравления": "zoo", "телепортацией": "tlp", "прыжком": "lep", "фишкой": "counter",
    "дополнительными жизнями": "extra_life",
}
_REFS: dict[str, Target] = {"хозяину": "host"}
_DATIVE_END = r"(?:ым|им|ому|ему|ой|ей)"
_ADJECTIVE = re.compile(r"^(?P<stem>" + alternation([s for s, _ in ELEMENTS] + list(_FLAGS))
                        + r")" + _DATIVE_END + r"$")
_HAVING_LIST = re.compile(r"^(?:" + alternation(_HAVING) + r")(?:(?:, | или )(?:"
                          + alternation(_HAVING) + r"))*$")
_QUALIFIER = re.compile(r"^(?:,\s*обладающим|,\s*обладающих|\s+с)\s+(?P<having>.+)$")


def dative_target(phrase: str) -> Target | None:
    """The cards «по …» names, or None when a word of the phrase is not known."""
    phrase = phrase.strip()
    if phrase in _REFS:
        return _REFS[phrase]
    moved = phrase.endswith(", перемещавшимся в этот ход")
    if moved:
        phrase = phrase.removesuffix(", перемещавшимся в этот ход")
    head, having = phrase, cast(tuple[Having, ...], ())
    m = re.search(r"(?:,\s*обладающим|,\s*обладающих|\s+с)\s+.+$", phrase)
    if m:
        found = _having(m.group(0))
        if found is None:
            return None
        head, having = phrase[: m.start()], found
    words = head.split()
    noun: Noun | None = None
    if words and words[-1] in _NOUNS:
        noun = _NOUNS[words.pop()]
    flags: list[Flag] = ["moved"] if moved else []
    elements: list[Element] = []
    for word in words:
        a = _ADJECTIVE.match(word)
        if a is None:
            return None
        stem = a.group("stem")
        element = dict(ELEMENTS).get(stem)
        if element is not None:
            elements.append(element)  # type: ignore[arg-type]
        else:
            flags.append(_FLAGS[stem])
    if noun is None and not words:
        return None
    return Selector(what=noun or "creature", flags=tuple(flags), elements=tuple(elements),
                    having=having)


def _having(qualifier: str) -> tuple[Having, ...] | None:
    m = _QUALIFIER.match(qualifier)
    if m is None or not _HAVING_LIST.match(m.group("having")):
        return None
    items = re.split(r", | или ", m.group("having"))
    return tuple(_HAVING[i] for i in items)
