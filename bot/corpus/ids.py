"""Term ids: ASCII slugs of a term's base name (see docs/architecture.md, "Ids").

``term_id("Опыт в защите Х (ОвЗ)") == "opyt-v-zashchite"``: the name is transliterated, the
parameter Х/X (with a leading «на», e.g. «Метание на X») and parenthetical remarks are
dropped, and only the first segment of a compound heading («Прыжок, дальность X») counts.
A small curated map fixes ids whose base name would read badly or collide.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.ru import fold

_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya",
}

#: Curated ids, keyed by the slug the rules below would give (or by a term key, see
#: :func:`term_key`, where two different terms share a base name).
ID_OVERRIDES: dict[str, str] = {
    "odin-raz-za-khod": "raz-za-khod",  # «Один (Х) раз за ход»: also «N раз за ход»
    "izlechit": "izlechenie",  # «Излечить (излечение) на X»
    "изгнание (игровая зона)": "izgnanie-igrovaya-zona",  # the zone, not the action
}

_PARAM = r"(?:[XХxх](?:-[YУyу]-[ZЗz])?|\d+(?:-\d+-\d+)?)"
_PARAM_RE = re.compile(rf"(?<!\w)(?:на\s+)?{_PARAM}(?!\w)", re.IGNORECASE)
_MINUS_X_RE = re.compile(r"^[-–−]\s*[XХ](?!\w)\s*", re.IGNORECASE)
_RULE_NUMBER_RE = re.compile(r"^\d+\.\s+")
_PARENS_RE = re.compile(r"\s*\([^()]*\)")


def translit(text: str) -> str:
    """Lowercase Latin transliteration of Russian text (other characters kept)."""
    return "".join(_TRANSLIT.get(ch, ch) for ch in text.lower())


def slugify(text: str) -> str:
    """``"Путь хранителей"`` -> ``"put-khraniteley"``."""
    slug = re.sub(r"[^a-z0-9]+", "-", translit(text))
    return slug.strip("-")


def top_level(text: str) -> Iterator[tuple[int, str]]:
    """(index, character) of every character outside round and square brackets.

    >>> "".join(ch for _, ch in top_level("Метание на X (на X-Y-Z), дальность"))
    'Метание на X , дальность'
    """
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            yield i, ch


def first_segment(name: str) -> str:
    """The part of a heading before its first top-level ``,`` / ``.`` / ``:`` separator."""
    for i, ch in top_level(name):
        if ch in ",.:;":
            return name[:i].strip()
    return name.strip()


def clean_name(name: str) -> str:
    """Strip a leading rule number («115. …») and trailing punctuation."""
    name = _RULE_NUMBER_RE.sub("", name.strip())
    return name.rstrip(" .").strip()


def term_key(name: str) -> str:
    """A comparison key: the first segment with its remarks, casefolded, ё -> е."""
    key = fold(first_segment(clean_name(name)))
    key = _PARAM_RE.sub("", key)
    return re.sub(r"\s+", " ", key).strip()


def term_id(name: str, keep_remarks: bool = False) -> str:
    """The id of the term called ``name`` (see the module doc).

    ``keep_remarks`` keeps parenthetical remarks in the slug, to tell apart two different
    terms with the same base name («Изгнание (игровая зона)» / «Изгнание (существа, карты)»).
    """
    name = clean_name(name)
    if not keep_remarks and (override := ID_OVERRIDES.get(term_key(name))):
        return override
    prefix = ""
    if match := _MINUS_X_RE.match(name):  # «–X от [атаки]»: the X is the name
        prefix, name = "minus-x-", name[match.end():]
    base = first_segment(name)
    base = re.sub(r"[()]", " ", base) if keep_remarks else _PARENS_RE.sub("", base)
    base = _PARAM_RE.sub(" ", base.replace("[", " ").replace("]", " "))
    slug = prefix + slugify(base)
    slug = slug.strip("-")
    if not keep_remarks:
        slug = ID_OVERRIDES.get(slug, slug)
    if not slug:
        raise ValueError(f"cannot make a term id from {name!r}")
    return slug
