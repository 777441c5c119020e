"""Term headings and kinds, shared by the seed importers.

A heading is how a source names a term: «Опыт в защите Х (ОвЗ)», «Метание на X (на X-Y-Z)»,
«Движение (Двигаться, Передвигаться, Передвижение)», «Изгнание (существа, карты), изгнать».
Parenthetical groups are told apart by shape: abbreviations (ОвЗ, ЗОМет), parameters
(Х, на X-Y-Z), synonyms (a word sharing a stem with the name: «(бестелесный)») and remarks
(anything else: «(игровая зона)», kept in the name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.corpus.ids import clean_name, first_segment, term_id
from bot.importers.errors import ImporterError

_PARAM = r"[XХxх](?:-[YУyу]-[ZЗz])?"
_PARAM_TOKEN_RE = re.compile(rf"(?<!\w){_PARAM}(?!\w)")
_PARAM_GROUP_RE = re.compile(rf"^(?:на\s+)?{_PARAM}$", re.IGNORECASE)
_PARAM_PHRASE_RE = re.compile(rf"^(?:на\s+|дальность\w*\s+)?{_PARAM}$", re.IGNORECASE)
_ABBR_RE = re.compile(r"^[А-ЯЁA-Z][А-ЯЁA-Zа-яё]{1,5}$")
_GROUP_RE = re.compile(r"\s*\(([^()]*)\)")
_STEM = 3
_RULE_NUMBER_RE = re.compile(r"^\d+\.\s+")


@dataclass
class Heading:
    """What a heading says about a term."""

    raw: str
    name: str
    id: str
    aliases: list[str] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)
    parameters: list[str] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)


def _latin_param(token: str) -> str:
    return token.upper().replace("Х", "X").replace("У", "Y").replace("З", "Z")


def parameters_of(text: str) -> list[str]:
    """Parameters named in a heading, Latin: ``["X", "X-Y-Z"]``."""
    found: list[str] = []
    for token in _PARAM_TOKEN_RE.findall(text):
        param = _latin_param(token)
        if param not in found:
            found.append(param)
    return found


def _words(text: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[А-Яа-яЁё]{3,}", text)]


def _is_synonym(group: str, context: str) -> bool:
    stems = {w[:_STEM] for w in _words(context)}
    return any(w[:_STEM] in stems for w in _words(group))


def _classify(group: str, context: str) -> str:
    if _ABBR_RE.match(group) and sum(ch.isupper() for ch in group) >= 2:
        return "abbreviation"
    if _PARAM_GROUP_RE.match(group):
        return "parameter"
    if _is_synonym(group, context):
        return "synonym"
    return "remark"


_LEADING_SEPARATORS = re.compile(r"^[\s,.;]+")


def _split_segments(text: str) -> list[str]:
    """Top-level segments of a heading, split at ``,`` ``.`` and ``;`` outside brackets.

    A colon ends the name part: «Заряд Х: [текст]» is one segment.
    """
    segments: list[str] = []
    rest = text.strip()
    while rest:
        head = first_segment(rest)  # stripped: ``rest`` starts with no space, so it advances
        if rest[len(head):].startswith(":"):
            return [*segments, rest]
        segments.append(head)
        rest = _LEADING_SEPARATORS.sub("", rest[len(head):])
    return [s for s in segments if s]


def _strip_groups(text: str) -> str:
    return re.sub(r"\s+", " ", _GROUP_RE.sub("", text)).strip()


def _clean_segment(seg: str, head: Heading, first: bool) -> str:
    """Drop a segment's synonym/abbreviation groups (recording them); return the rest."""
    groups = list(_GROUP_RE.finditer(seg))
    out = seg
    for m in reversed(groups):
        group = m.group(1).strip()
        kind = _classify(group, _strip_groups(seg))
        trailing = not _strip_groups(seg[m.end():])
        if kind == "abbreviation":
            head.abbreviations.append(group)
        elif kind == "synonym":
            head.aliases += [s.strip() for s in group.split(",") if s.strip()]
        elif kind == "parameter" and trailing:
            base = _PARAM_TOKEN_RE.sub("", _strip_groups(seg)).strip()
            head.aliases.append(f"{re.sub(r' на$', '', base)} {group}".strip())
        else:
            if kind == "remark" and first:
                head.remarks.append(group)
            continue
        out = out[: m.start()] + out[m.end():]
    return re.sub(r"\s+", " ", out).strip()


def parse_heading(raw: str) -> Heading:
    """Name, aliases, abbreviations, parameters and remarks of a heading (see module doc)."""
    text = raw.strip().rstrip(" .")
    try:
        tid = term_id(text)
    except ValueError:  # «0», «—»: nothing in it can name a term
        raise ImporterError(f"term heading {raw.strip()[:60]!r}: not a term name "
                            "(no letters to make its id from)") from None
    head = Heading(raw=raw.strip(), name="", id=tid, parameters=parameters_of(text))
    number = _RULE_NUMBER_RE.match(text)  # «115. Условная играемая особенность»
    text = text[number.end():] if number else text
    segments = _split_segments(text)
    name_parts = [_clean_segment(segments[0], head, first=True)]
    for seg in segments[1:]:
        cleaned = _clean_segment(seg, head, first=False)
        if _PARAM_PHRASE_RE.match(cleaned):
            name_parts.append(cleaned)  # «Прыжок, дальность X»
        elif cleaned:
            head.aliases.append(_strip_groups(cleaned))
    head.name = ", ".join(name_parts)
    if number:
        head.aliases.append(head.name)
        head.name = number.group(0) + head.name
    base = _PARAM_TOKEN_RE.sub("", _strip_groups(clean_name(segments[0])))
    base = re.sub(r"\s+на$", "", re.sub(r"\s+", " ", base).strip())
    if (head.remarks or len(segments) > 1) and base and base.casefold() != head.name.casefold():
        head.aliases.append(base)
    head.aliases = unique([a for a in head.aliases if a.casefold() != head.name.casefold()])
    head.abbreviations = unique(head.abbreviations, fold=False)
    return head


def unique(items: Iterable[str], fold: bool = True) -> list[str]:
    """Items in order without repeats (case-insensitively when ``fold``)."""
    seen: set[str] = set()
    out = []
    for item in items:
        key = item.casefold() if fold else item
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


_QUALIFIED = r"(?:(?:именн|постоянн|срабатывающ|играем|комбинированн|условн)\w*\s+)+особенность"
_MODIFIER = r"(?:именн\w*\s+)?модификатор(?:\s+(?:атаки|броска кубика))?"
_PLAIN = (
    r"воздействие|способность|способ движения существа|ключевая фраза|эффект предотвращения"
    r"|тип дальней немагической атаки|разновидность простого удара"
)
_KIND_RE = re.compile(rf"^(?:{_QUALIFIED}|{_MODIFIER}|{_PLAIN})$", re.IGNORECASE)
_SENTENCE_RE = re.compile(r"(?<=\.)\s+")


def kinds_from_text(text: str, heading: str | None = None) -> list[str]:
    """Kinds named by the leading sentences: «Срабатывающая особенность. Воздействие. …»."""
    if heading and text.startswith(heading):
        text = text[len(heading):].lstrip(". ")
    kinds: list[str] = []
    for sentence in _SENTENCE_RE.split(text.split("\n", 1)[0]):
        sentence = sentence.strip().rstrip(".")
        if sentence.startswith("Обозначается"):
            continue
        candidate, _, tail = sentence.partition(",")
        if not _KIND_RE.match(candidate.strip()):
            break
        kind = candidate.strip()
        kinds.append(kind[0].lower() + kind[1:])
        if tail:
            break
    return unique(kinds)
