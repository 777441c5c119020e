"""The ability extractor: card text -> structured abilities the engine reads.

One sentence of card text gives one or more abilities (see docs/architecture.md for the kinds);
every ability keeps ``text``, the sentence it came from. What the extractor cannot read is
recorded as ``{"kind": "unparsed", "text": <sentence>}`` (plus ``"fragment"``: the part not
read, when the rest of the sentence was read) — never guessed. It reads the site's text (icons lost: ``-1 от .``) and berserk-nxt text
(placeholders such as ``{tap}`` and ``{strike}``, ``\\u0001`` marking a printed symbol).

>>> [a["kind"] for a in extract_abilities("Телепортация. Прыжок, дальность 2.")]
['teleport', 'jump']
>>> extract_abilities("{tap}: Выстрел на 1-2-3.")[0]["values"]
[1, 2, 3]

Kinds produced: ``teleport`` {slow}, ``jump`` {slow, range}, ``manoeuvre``,
``throw|shot|discharge`` {values, range, name, limit, tap}, ``incorporeal``,
``formation`` {grants}, ``attack_modifier`` {value, against}, ``keyword`` {name, icon} (a lone
icon such as ``{zot}``), ``trigger`` {when, effects, limit, optional}, ``unparsed``.
Inside triggers, effects also use ``wound`` {value, target}.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

Ability = dict[str, Any]

#: berserk-nxt icon codes (tests/fixtures/nxt-const.json) → names, for lone-icon keywords.
ICON_NAMES: dict[str, str] = {
    "sht": "Выстрел", "thr": "Метание", "dsc": "Разряд", "direct": "Направленный удар",
    "uht": "Безответный удар", "mht": "Магический удар", "uchr": "Удар через ряд",
    "ova": "Опыт в атаке", "ovz": "Опыт в защите", "ovs": "Опыт в стрельбе",
    "regen": "Регенерация", "armor": "Броня", "zov": "Защита от выстрелов",
    "zot": "Защита от метания", "zoo": "Защита от отравления", "zoal": "Защита от летающих",
    "zom": "Защита от магии", "zoz": "Защита от заклинаний", "zor": "Защита от разрядов",
    "stamina": "Стойкость", "inc": "Бестелесный", "fry": "Бешенство", "bls": "Благословление",
    "vlh": "Вальхалла", "vmp": "Вампиризм", "fin": "Добивание", "cnc": "Концентрация",
    "clm": "Неповоротливость", "psn": "Отравление", "cur": "Проклятие", "lep": "Прыжок",
    "das": "Рывок", "frm": "Строй", "tlp": "Телепортация", "nec": "Трупоедство",
}
RANGED_KINDS = {"метание": "throw", "выстрел": "shot", "разряд": "discharge"}
AGAINST = {
    "{strike}": "simple_strike", "простого удара": "simple_strike",
    "простых ударов": "simple_strike", "выстрелов": "shot", "выстрела": "shot",
    "метаний": "throw", "метания": "throw", "разрядов": "discharge", "разряда": "discharge",
    "магии": "magic", "магических атак": "magic", "немагических атак": "nonmagic_attack",
    "атак": "attack", "ударов": "strike",
}
_NUMBERS = {"один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4}

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_DASH = r"\s+[—–-]\s+"
_VALUES = r"(\d+(?:-\d+-\d+)?)"
_NAME = r"(?:(«[^»]*»|[а-я]+)\s+)?"
_LIMIT = re.compile(r"\(?\s*(\d+|один|одна|два|две|три|четыре)\s+раза?\s+за\s+(ход|бой)\s*\)?")
_COST_ITEM = r"(?:\{[a-z_]+\}|закрыться|фишка|внезапное действие)"
_COST = re.compile(r"^((?:" + _COST_ITEM + r"\s*[,:]?\s*)+)")
_COST_WORDS = {"закрыться": "tap", "фишка": "counter", "внезапное действие": "instant"}
_KEYWORDS = {name.casefold(): code for code, name in ICON_NAMES.items()}
_RANGED = re.compile(r"(метание|выстрел|разряд)\s+" + _NAME + r"на\s+" + _VALUES
                     + r"(?:\s*,\s*дальность\s+(\d+))?")
_EFFECTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ranged", _RANGED),
    ("wound", re.compile(r"ранить\s+(его|ее|это существо|цель)\s+на\s+(\d+)")),
    ("jump", re.compile(r"(?:совершить\s+)?прыжок,?\s+дальност(?:ью|ь)\s+(\d+)"
                        r"(\s*,\s*только\s+на\s+свободную\s+клетку)?")),
    ("teleport", re.compile(r"(?:совершить\s+)?телепортаци[юя]")),
)
_CONDITIONS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = (
    (re.compile(r"^когда перемещается с клетки вашего третьего ряда на клетку третьего ряда "
                r"противника(?P<rev> или наоборот)?$"),
     {"event": "relocate", "from": "own_third_row", "to": "enemy_third_row"}),
    (re.compile(r"^при движении на клетку,? занятую наземным существом противника$"),
     {"event": "move_onto", "occupied_by": "enemy_ground"}),
)


def extract_abilities(text: str, icons: dict[str, int] | None = None) -> list[Ability]:
    """Structured abilities for a card's text (see the module docstring for the kinds).

    ``icons`` (the card's icon codes) are accepted for the importers' convenience; the text
    alone decides. ``"nan"`` and empty text give no abilities.
    """
    out: list[Ability] = []
    for sentence in split_sentences(text):
        out.extend(parse_sentence(sentence))
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of card text; ``\\u0001`` (a printed symbol) and new lines end a sentence."""
    if not text or text.strip().casefold() in ("nan", "none", "null"):
        return []
    text = _CONTROL.sub("\n", text.replace("\u0001", "\n"))
    sentences: list[str] = []
    for line in text.split("\n"):
        sentences += [s.strip() for s in _SENTENCE_END.split(line) if s.strip()]
    return [s for s in sentences if s.strip(" .")]


def parse_sentence(sentence: str) -> list[Ability]:
    """The abilities of one sentence, or one ``unparsed`` entry."""
    norm = _normalise(sentence)
    for parser in (_standalone, _incorporeal, _formation, _ranged, _modifier, _keyword, _trigger):
        found = parser(norm)
        if found is not None:
            return [{**a, "text": sentence} for a in found]
    return [{"kind": "unparsed", "text": sentence}]


def coverage(abilities: Iterable[Ability]) -> float:
    """Share of ability sentences read in full (no ``unparsed`` part); 1.0 when there are none."""
    report = coverage_report(abilities)
    return report["parsed"] / report["sentences"] if report["sentences"] else 1.0


def coverage_report(abilities: Iterable[Ability]) -> dict[str, Any]:
    """Counts for an import report: sentences, parsed, and the unparsed fragments."""
    sentences: dict[str, bool] = {}
    fragments: list[str] = []
    for ab in abilities:
        text = str(ab.get("text", ""))
        ok = ab.get("kind") != "unparsed"
        sentences[text] = sentences.get(text, True) and ok
        if not ok:
            fragments.append(str(ab.get("fragment") or text))
    parsed = sum(sentences.values())
    return {"sentences": len(sentences), "parsed": parsed, "unparsed": fragments}


# ---------------------------------------------------------------------------------------------
# Sentence parsers: each returns abilities (without ``text``) or None when it does not apply.


def _normalise(sentence: str) -> str:
    s = sentence.casefold().replace("ё", "е").replace("\u00a0", " ")
    s = re.sub(r"\s+", " ", s).strip()
    return re.sub(r"\s*\.$", "", s).strip()


def _standalone(s: str) -> list[Ability] | None:
    if re.fullmatch(r"телепортация", s):
        return [{"kind": "teleport", "slow": True}]
    m = re.fullmatch(r"прыжок,?\s+дальност(?:ь|ью)\s+(\d+)", s)
    if m:
        return [{"kind": "jump", "slow": True, "range": int(m.group(1))}]
    if re.fullmatch(r"маневр", s):
        return [{"kind": "manoeuvre"}]
    return None


def _incorporeal(s: str) -> list[Ability] | None:
    m = re.fullmatch(r"бестелесн(?:ый|ая|ое|ые)(?:\s*:\s*(.*))?", s)
    if not m:
        return None
    rest = (m.group(1) or "").strip()
    if not rest:
        return [{"kind": "incorporeal"}]
    granted = _clause(rest)
    return [{"kind": "incorporeal"}, *granted]


def _formation(s: str) -> list[Ability] | None:
    m = re.fullmatch(r"строй\s*:\s*(.*)", s)
    if not m:
        return None
    granted = _clause(m.group(1).strip())
    grants = [g for g in granted if g["kind"] != "unparsed"]
    return [{"kind": "formation", "grants": grants}, *[g for g in granted if g["kind"] == "unparsed"]]


def _clause(text: str) -> list[Ability]:
    """A short clause after «Бестелесный:» / «Строй:»: a modifier or a lone icon."""
    text = text.strip(" .")
    for parser in (_modifier, _keyword, _ranged, _standalone):
        found = parser(text)
        if found is not None:
            return found
    return [{"kind": "unparsed", "fragment": text or "(значок утерян)"}]


def _split_cost(s: str) -> tuple[list[str], str]:
    """``{tap}: …`` / ``Фишка, закрыться: …`` → (["counter", "tap"], "…")."""
    m = _COST.match(s)
    if not m or ":" not in m.group(1):
        return [], s
    items = re.findall(r"\{([a-z_]+)\}|(закрыться|фишка|внезапное действие)", m.group(1))
    cost = [code or _COST_WORDS[word] for code, word in items]
    return cost, s[m.end():]


def _ranged(s: str) -> list[Ability] | None:
    cost, body = _split_cost(s)
    m = _RANGED.match(body)
    if not m:
        return None
    ability = _ranged_ability(m, tap="tap" in cost)
    if [c for c in cost if c != "tap"]:
        ability["cost"] = cost
    rest = body[m.end():]
    limit, rest = _take_limit(rest)
    ability["limit"] = limit
    if ability["range"] is None:
        far = re.search(r",\s*дальность\s+(\d+)", rest.split(";")[0])
        if far:
            ability["range"] = int(far.group(1))
            rest = rest[: far.start()] + rest[far.end():]
    leftover = rest.strip(" ,;.")
    if leftover:
        return [ability, {"kind": "unparsed", "fragment": leftover}]
    return [ability]


def _ranged_ability(m: re.Match[str], tap: bool) -> Ability:
    raw = m.group(3)
    values = [int(v) for v in raw.split("-")] if "-" in raw else [int(raw)] * 3
    name = m.group(2).strip("«»") if m.group(2) else None
    rng = int(m.group(4)) if m.group(4) else None
    return {"kind": RANGED_KINDS[m.group(1)], "values": values, "range": rng, "name": name,
            "limit": None, "tap": tap}


def _take_limit(text: str) -> tuple[dict[str, Any] | None, str]:
    m = _LIMIT.search(text)
    if not m:
        return None, text
    word = m.group(1)
    count = int(word) if word.isdigit() else _NUMBERS[word]
    limit = {"count": count, "per": "turn" if m.group(2) == "ход" else "battle"}
    return limit, text[: m.start()] + text[m.end():]


def _modifier(s: str) -> list[Ability] | None:
    m = re.fullmatch(r"([-–−])\s*(\d+)\s+от\s*(.*)", s)
    if not m:
        return None
    obj = m.group(3).strip(" .")
    against = AGAINST.get(obj)
    if against is None:
        return [{"kind": "unparsed", "fragment": s if obj else f"{s} (значок утерян)"}]
    return [{"kind": "attack_modifier", "value": -int(m.group(2)), "against": against}]


def _keyword(s: str) -> list[Ability] | None:
    """A lone named ability: an icon (``{zot}``) or its name («Защита от метания», «Броня 2»)."""
    m = re.fullmatch(r"(?:\{([a-z_]+)\}|([а-я ]+?))\s*(\d+)?", s.strip(" ."))
    if not m:
        return None
    code = m.group(1) or _KEYWORDS.get((m.group(2) or "").strip())
    if code not in ICON_NAMES:
        return None
    ability: Ability = {"kind": "keyword", "icon": code, "name": ICON_NAMES[code]}
    if m.group(3):
        ability["value"] = int(m.group(3))
    return [ability]


def _trigger(s: str) -> list[Ability] | None:
    parts = re.split(_DASH, s, maxsplit=1)
    if len(parts) != 2 or not re.match(r"(когда|при)\s", parts[0]):
        return None
    when = _condition(parts[0].strip(" ,"))
    limit, effects_text = _take_limit(parts[1])
    effects, optional = _effects(effects_text.strip(" ,;."))
    if when is None or effects is None:
        what = parts[0] if when is None else effects_text.strip(" ,;.")
        return [{"kind": "unparsed", "fragment": what}]
    return [{"kind": "trigger", "when": when, "effects": effects, "limit": limit,
             "optional": optional}]


def _condition(text: str) -> dict[str, Any] | None:
    for pattern, when in _CONDITIONS:
        m = pattern.match(text)
        if m:
            out = dict(when)
            if "rev" in pattern.groupindex:
                out["reverse"] = bool(m.group("rev"))
            return out
    return None


def _effects(text: str) -> tuple[list[Ability] | None, bool]:
    optional = text.startswith("может ")
    rest = text[len("может "):] if optional else text
    effects: list[Ability] = []
    while rest:
        effect, rest = _one_effect(rest)
        if effect is None:
            return None, optional
        effects.append(effect)
        rest = re.sub(r"^\s*(?:,|и|;)\s*(?:и\s+)?", "", rest).strip(" .")
    return (effects or None), optional


def _one_effect(text: str) -> tuple[Ability | None, str]:
    for kind, pattern in _EFFECTS:
        m = pattern.match(text)
        if not m:
            continue
        if kind == "ranged":
            return _ranged_ability(m, tap=False), text[m.end():]
        if kind == "wound":
            return {"kind": "wound", "value": int(m.group(2)), "target": "that_creature"}, text[m.end():]
        if kind == "jump":
            jump = {"kind": "jump", "slow": False, "range": int(m.group(1)),
                    "free_cell_only": bool(m.group(2))}
            return jump, text[m.end():]
        return {"kind": "teleport", "slow": False}, text[m.end():]
    return None, text

