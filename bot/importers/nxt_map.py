"""Mapping a berserk-nxt record (with its alternative prints) to a card as ``cards/`` keeps it.

The deck builder's constants (its ``resources/const.json``) are copied here, never read at
run time. Text placeholders become Russian words (:mod:`bot.importers.nxt_text`); the errata
mark «[Эррата 2023. 04. 08]» becomes the card's ``errata`` date; ``ban: true`` on the card's
record or on one of its alternative prints makes it ``banned``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.corpus.abilities import to_data
from bot.corpus.icons import ICON_NAMES, ICON_TERMS
from bot.corpus.ids import slugify
from bot.importers.abilities import extract_abilities, with_texts
from bot.importers.ability_terms import terms_of_readings
from bot.importers.nxt_read import Record
from bot.importers.nxt_report import ImportNotes
from bot.importers.nxt_text import Rendered, render_text

#: ``source`` of every card this importer writes (and the id of its entry in sources.yaml).
NXT_SOURCE = "berserk-nxt"

RARITIES: dict[int, str] = {1: "Частая", 2: "Нечастая", 3: "Редкая", 4: "Ультраредкая"}
COLORS: dict[int, str] = {1: "Степи", 2: "Горы", 4: "Леса", 8: "Болота", 16: "Тьма",
                          32: "Нейтралы"}
CREATURE_TYPES: dict[int, str] = {0: "Нелетающее", 1: "Летающее", 2: "Компаньон",
                                  3: "Паразит", 4: "Артефакт", 5: "Местность"}
# Print kinds of the deck builder: print runs (t1 …) and alternative prints (alt, pf …).
_ALT_NAMES: dict[str, str] = {
    "alt": "Альтернативная", "altf": "Альтернативная фойловая", "pf": "Полноформатная",
    "altpf": "Полноформатная альтернативная", "fpf": "Полноформатная фойловая",
    "altfpf": "Полноформатная альтернативная фойловая", "f": "Фойловая",
    "un": "Надпечатка", "ub": "Брак", "t0": "Обычная",
}
BANNED_MARK = "запрещена в турнирах"
_ERRATA = re.compile(r"\[\s*Эррата\s*(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\s*\]\s*", re.IGNORECASE)


def elements(color: int) -> tuple[str | None, list[int]]:
    """Element(s) of a colour bitmask («Степи, Горы») and the bits no element is known for."""
    names = [name for bit, name in COLORS.items() if color & bit]
    unknown = [1 << i for i in range(color.bit_length()) if color & (1 << i)
               and (1 << i) not in COLORS]
    names += [f"Стихия {bit}" for bit in unknown]
    return (", ".join(names) or None), unknown


def print_label(key: str) -> str:
    """«1-й тираж» for ``t1``, «Полноформатная» for ``pf``; other keys as they are."""
    m = re.fullmatch(r"t(\d+)", key)
    if m and m.group(1) != "0":
        return f"{m.group(1)}-й тираж"
    m = re.fullmatch(r"alt_(\d+)", key)  # further alternative arts: alt_2 …
    if m:
        return f"{_ALT_NAMES['alt']} {m.group(1)}"
    return _ALT_NAMES.get(key, key)


def slug(name: str) -> str:
    """File-name slug of a set name (the corpus's one slug rule): «Война стихий» -> voyna-stikhiy."""
    return slugify(name) or "set"


def split_errata(raw: str | None) -> tuple[str | None, str | None]:
    """The text without its errata mark, and the mark's date (ISO).

    >>> split_errata("[Эррата 2023. 04. 08]При сильном ударе")
    ('При сильном ударе', '2023-04-08')
    """
    if raw is None:
        return None, None
    m = _ERRATA.search(raw)
    if m is None:
        return raw, None
    year, month, day = m.groups()
    return raw[: m.start()] + raw[m.end():], f"{year}-{int(month):02d}-{int(day):02d}"


@dataclass(frozen=True)
class Mapped:
    """A card as the database describes it, and what the merge needs besides."""

    card: dict[str, Any]
    rendered: Rendered  # the text with its icon spans, to give a site text its lost icons
    abilities: list[dict[str, Any]]  # read from the database's own text (placeholders and all)


def _prints(base: Record, alts: list[Record]) -> list[str]:
    def key_order(k: str) -> tuple[int, str]:
        m = re.fullmatch(r"t(\d+)", k)
        return (int(m.group(1)), k) if m else (10**6, k)

    out = [f"{print_label(k)}: {v.strip()}" if v.strip() else print_label(k)
           for k, v in sorted(base.prints.items(), key=lambda kv: key_order(kv[0]))]
    covered: set[str] = set()
    for a in sorted(alts, key=lambda a: a.id):
        kind = a.alt or a.id.removeprefix(base.id) or "alt"
        covered.add(kind)
        desc = f"{print_label(kind)} ({a.id})"
        extra = [v.strip() for _, v in sorted(a.prints.items()) if v.strip()]
        if a.art and a.art != base.art:
            extra.append(f"художник {a.art}")
        if a.ban:
            extra.append(BANNED_MARK)
        out.append(desc + (": " + "; ".join(extra) if extra else ""))
    out += [print_label(k) for k in base.alts if k and k not in covered]
    return list(dict.fromkeys(out))


def _labels(base: Record, notes: ImportNotes) -> tuple[str | None, str, str, str | None]:
    """Element, type, creature type and rarity, each unknown code noted for the report."""
    element, bad_bits = elements(base.color)
    for bit in bad_bits:
        notes.listed(notes.unknown_colors, bit, base.card_id)
    creature = CREATURE_TYPES.get(base.type)
    if creature is None:
        notes.listed(notes.unknown_types, base.type, base.card_id)
        creature = f"Тип {base.type}"
    kind = {4: "Артефакт", 5: "Местность"}.get(base.type, "Существо")
    rarity = None
    if base.rarity is not None:
        rarity = RARITIES.get(base.rarity)
        if rarity is None:
            notes.listed(notes.unknown_rarities, base.rarity, base.card_id)
            rarity = f"Редкость {base.rarity}"
    for code in base.icons:
        if code not in ICON_NAMES:
            notes.listed(notes.unknown_icons, code, base.card_id)
    return element, kind, creature, rarity


def _ban(base: Record, alts: list[Record], notes: ImportNotes) -> tuple[bool | None, list[str]]:
    """``banned`` and, when only alternative prints carry the mark, their labels."""
    marked = [r for r in (base, *sorted(alts, key=lambda a: a.id)) if r.ban]
    if not marked:
        return None, []
    notes.banned.append(f"{base.card_id} ({', '.join(r.id for r in marked)})")
    if base.ban:
        return True, []
    return True, [f"{print_label(a.alt or a.id.removeprefix(base.id) or 'alt')} ({a.id})"
                  for a in marked]


def map_card(base: Record, alts: list[Record], terms: set[str], notes: ImportNotes) -> Mapped:
    """The card of ``base`` (no merge yet); unknown codes and placeholders go to ``notes``."""
    element, kind, creature, rarity = _labels(base, notes)
    # The later sets write 0 where the earlier write null: a flyer's movement (it flies), a
    # companion's or parasite's (it sits on its host), an artefact's or a terrain's movement, a
    # terrain's lives. 0 would read «Движение: 0».
    movement = None if base.move == 0 and base.type in (1, 2, 3, 4, 5) else base.move
    lives = None if base.life == 0 and base.type == 5 else base.life
    raw_text, errata = split_errata(base.text)
    if errata:
        notes.errata.append(f"{base.card_id} ({errata})")
    rendered = render_text(raw_text)
    for ph in rendered.unknown:
        notes.unknown_placeholders[ph] += 1
        notes.listed(notes.placeholder_cards, ph, base.card_id)
    banned, banned_prints = _ban(base, alts, notes)
    # The extractor reads the database's text best as it is (placeholders mark costs and
    # icons); the sentences it quotes are stored rendered, like the card text.
    own = raw_text if rendered.text else ""
    abilities = [to_data(with_texts(a, _rendered))
                 for a in extract_abilities(own or "", dict(base.icons), name=base.name)]
    # The terms the card uses: its icons', then those its read sentences name (ability_terms).
    used = [ICON_TERMS.get(code, "") for code in base.icons] + terms_of_readings(abilities)
    card: dict[str, Any] = {
        "id": base.card_id, "number": base.number, "name": base.name, "element": element,
        "cost": base.cost, "elite": base.elite, "unique": base.uniq, "type": kind,
        "creature_type": creature, "classes": base.classes, "lives": lives,
        "movement": movement, "strike": base.hit, "icons": dict(base.icons),
        "text": rendered.text, "errata": errata, "artist": base.art, "rarity": rarity,
        "banned": banned, "banned_prints": banned_prints, "prints": _prints(base, alts),
        "rules": [t for t in dict.fromkeys(used) if t in terms],
        "source": NXT_SOURCE,
    }
    return Mapped(card, rendered, abilities)


def _rendered(text: str) -> str:
    """A quoted sentence of an extracted ability (``text``, ``fragment``), rendered."""
    return render_text(text).text or text
