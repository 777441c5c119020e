"""The ability extractor: card text -> structured abilities the engine reads.

One sentence of card text gives one or more abilities (see docs/architecture.md for the kinds);
every ability keeps ``text``, the sentence it came from. What the extractor cannot read is
recorded as ``{"kind": "unparsed", "text": <sentence>}`` (plus ``"fragment"``: the part not
read, when the rest of the sentence was read) — never guessed: every pattern below is anchored
and whitelisted, so a sentence with an unknown condition or qualifier stays unparsed. It reads
the site's text (icons lost: ``-1 от .``) and berserk-nxt text (placeholders such as ``{tap}``
and ``{strike}``, ``\\u0001`` marking a printed symbol): each sentence's placeholders are
rendered by :func:`bot.importers.nxt_text.render_text` before matching; ``text`` keeps the
sentence as given.

>>> [a["kind"] for a in extract_abilities("Телепортация. Прыжок, дальность 2.")]
['teleport', 'jump']
>>> extract_abilities("{tap}: Выстрел на 1-2-3.")[0]["values"]
[1, 2, 3]
>>> extract_abilities("Закрыться: Удар через ряд на 1.")[0]["strike"]
'through_row'

Kinds produced: ``teleport`` {slow}, ``jump`` {slow, range}, ``manoeuvre``,
``throw|shot|discharge`` {values, range, name, limit, tap[, cost, target]}, ``strike``
{strike, values, name, limit, tap[, cost]}, ``incorporeal``, ``formation`` {grants},
``attack_modifier`` {value, against}, ``attack_bonus`` {value, to, target, per[, strength,
until]}, ``counters`` {action, count, …}, ``keyword`` {name, icon[, value]}, ``trigger``
{when, effects, limit, optional[, impact]}, ``delayed`` {at, effects[, impact]}, ``unparsed``.
Inside triggers, effects also use ``wound`` {value, target}, ``range_bonus`` {value, to, until},
``grant`` {icon, name, value, increase, until} and ``movement_bonus`` {value, target, until}.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from bot.corpus.icons import ICON_NAMES as ALL_ICON_NAMES
from bot.importers.nxt_text import render_text

Ability = dict[str, Any]
Parser = Callable[[str], "list[Ability] | None"]

#: berserk-nxt icon codes (tests/fixtures/nxt-const.json) → names, for lone-icon keywords.
# Icons that are no ability of their own (uniqueness, attack classes, zones, prophecy).
_NOT_KEYWORDS = frozenset({"uniq", "nuniq", "sph", "spl", "imp", "dep", "sur", "prp"})
ICON_NAMES: dict[str, str] = {
    code: name for code, name in ALL_ICON_NAMES.items() if code not in _NOT_KEYWORDS
}
#: Lone icons the engine reads under their own kind (never as a plain keyword).
_ICON_KINDS: dict[str, Ability] = {
    "frm": {"kind": "formation", "grants": []},
    "inc": {"kind": "incorporeal"},
    "tlp": {"kind": "teleport", "slow": True},
}
#: Lone icons that need values the lone name lacks: left unparsed, never a keyword.
_ICON_NEEDS_VALUES = frozenset({"sht", "thr", "dsc", "lep", "uchr", "mht", "fin"})
RANGED_KINDS = {"метание": "throw", "выстрел": "shot", "разряд": "discharge"}
STRIKE_KINDS = {"удар через ряд": "through_row", "{uchr}": "through_row",
                "магический удар": "magic", "{mht}": "magic", "особый удар": "special"}
AGAINST = {
    "{strike}": "simple_strike", "простого удара": "simple_strike",
    "простых ударов": "simple_strike", "выстрелов": "shot", "выстрела": "shot",
    "метаний": "throw", "метания": "throw", "разрядов": "discharge", "разряда": "discharge",
    "магии": "magic", "магических атак": "magic", "немагических атак": "nonmagic_attack",
    "атак": "attack", "ударов": "strike", "дальних атак": "ranged_attack",
    "направленных ударов": "directed_strike", "направленного удара": "directed_strike",
    "ближних атак": "melee_attack",
}
#: «+N к …» (dative) → attack kinds an attack bonus applies to.
BONUS_TO = {
    "ударам": "strike", "простому удару": "simple_strike", "простым ударам": "simple_strike",
    "направленному удару": "directed_strike", "направленным ударам": "directed_strike",
    "удару через ряд": "through_row", "ударам через ряд": "through_row",
    "магическому удару": "magic_strike", "выстрелу": "shot", "выстрелам": "shot",
    "метанию": "throw", "метаниям": "throw", "разряду": "discharge", "разрядам": "discharge",
    "дальним атакам": "ranged_attack",
}
_STRENGTH = {"слабому": "weak", "среднему": "medium", "сильному": "strong"}
#: Dative of keywords that grow («опыт в атаке 1 или +1 к опыту в атаке»).
_KEYWORD_DATIVE = {"опыту в атаке": "ova", "опыту в защите": "ovz", "опыту в стрельбе": "ovs",
                   "броне": "armor"}
_UNTIL = {"хода": "end_of_turn", "вашего хода": "end_of_your_turn"}
_NUMBERS = {"один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4}

# «получить {counter}.{counter}{tap}: …» (40-7): a cost right after the dot starts a sentence
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:\s+|(?=\{(?:tap|counter|instant|token)\}))")
_ERRATA = re.compile(r"^\s*\[\s*эррата[^\]]*\]\s*", re.IGNORECASE)
_COST_AFTER_BRACKET = re.compile(r"\)\s*(?=(?:\{(?:tap|counter|instant)\}\s*)+:)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_VALUES = r"(\d+(?:-\d+-\d+)?)"
_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+)\s+)?"
_STRIKE_NAME = r"(?:(«[^»]*»|\"[^\"]*\"|[а-я]+(?:\s+[а-я]+)?)\s+)?"
_LIMIT = re.compile(r"\(?\s*(?:не более\s+|до\s+)?(\d+|один|одна|два|две|три|четыре)\s+раза?"
                    r"\s+(?:за|в)\s+(ход|бой)а?\s*\)?")
_COST_ITEM = r"(?:\{(?:tap|counter|instant)\}|закрыться|фишка|внезапное действие)"
_COST = re.compile(r"^((?:" + _COST_ITEM + r"\s*[,:]?\s*)+)")
_COST_WORDS = {"закрыться": "tap", "фишка": "counter", "внезапное действие": "instant"}
_KEYWORDS = {name.casefold(): code for code, name in ICON_NAMES.items()}
_RANGED = re.compile(r"(метание|выстрел|разряд)\s+" + _NAME + r"на\s+" + _VALUES
                     + r"(?:\s*,\s*дальность\s+(\d+))?")
_STRIKE = re.compile(r"(удар через ряд|\{uchr\}|магический удар|\{mht\}|особый удар)\s+" + _STRIKE_NAME
                     + r"на\s+" + _VALUES)
_IMPACT = re.compile(r"\s*\(воздействие\s+([^)]*?)\s*\)\s*$")
# «дальнность» is a misprint of the database (10-38 «Бешеный маг»), read as «дальность».
_RANGE = re.compile(r"^,?\s*дальн?ность\s+(\d+)")
_CHOSEN_CELL = re.compile(r"^по карте на выбранной клетке")
_DELAYED = re.compile(r"^;\s*в начале вашего следующего хода все карты на этой клетке ранятся "
                      r"на (\d+)(?:\s*\(воздействие\s+([^)]*?)\s*\))?")
#: Words that make a target phrase conditional or temporal: such a bonus is not read.
_QUALIFIERS = re.compile(r"(?:до конца|пока|если|когда|кроме|;|\(|—)")
_CONDITIONS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = (
    (re.compile(r"^когда перемещается с клетки вашего третьего ряда на клетку третьего ряда "
                r"противника(?P<rev> или наоборот)?"),
     {"event": "relocate", "from": "own_third_row", "to": "enemy_third_row"}),
    (re.compile(r"^при движении на клетку,? занятую наземным существом противника"),
     {"event": "move_onto", "occupied_by": "enemy_ground"}),
    (re.compile(r"^при движении на клетку рядом с существом противника"),
     {"event": "move_next_to", "next_to": "enemy_creature"}),
    (re.compile(r"^при перемещении на соседнюю клетку"), {"event": "move_adjacent"}),
    (re.compile(r"^при движении(?= )"), {"event": "move"}),
    (re.compile(r"^в начале вашего хода"), {"event": "turn_start", "whose": "own"}),
    (re.compile(r"^в начале хода противника"), {"event": "turn_start", "whose": "enemy"}),
    (re.compile(r"^в начале боя"), {"event": "battle_start"}),
    (re.compile(r"^при гибели"), {"event": "death"}),
    (re.compile(r"^при (?P<attack>выстреле|метании|разряде|простом ударе)"), {"event": "attacks"}),
)
_ATTACK_EVENTS = {"выстреле": "shot", "метании": "throw", "разряде": "discharge",
                  "простом ударе": "simple_strike"}
_WOUND_TARGETS = {"его": "that_creature", "ее": "that_creature", "это существо": "that_creature",
                  "цель": "that_creature", "себя или стоящее рядом существо": "self_or_adjacent"}
_EFFECT_SEPARATOR = re.compile(r"^\s*(?:,\s*при этом\s+|,\s*и\s+|,\s*|;\s*|\s+и\s+)")


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
        line = _ERRATA.sub("", line)  # «[Эррата 2023.04.08] При …»: the date is no ability
        # «(воздействие взрыв котла ) {tap}: Выстрел …»: a cost after a bracket starts the next
        # ability (the database lost the printed symbol between them)
        line = _COST_AFTER_BRACKET.sub(")\n", line)
        sentences += [s.strip() for part in line.split("\n")
                      for s in _SENTENCE_END.split(part) if s.strip()]
    return [s for s in sentences if s.strip(" .")]


def parse_sentence(sentence: str) -> list[Ability]:
    """The abilities of one sentence, or one ``unparsed`` entry."""
    norm = _normalise(sentence)
    for parser in _SENTENCE_PARSERS:
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
    """Lower case, placeholders rendered as words (``{tap}`` → «закрыться»), no final dot."""
    s = render_text(sentence).text if "{" in sentence else sentence
    s = s.casefold().replace("ё", "е").replace("\u00a0", " ")
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
    """A short clause after «Бестелесный:» / «Строй:»: a modifier, a bonus or a lone icon."""
    text = text.strip(" .")
    for parser in (_modifier, _bonus, _keyword, _paid, _standalone):
        found = parser(text)
        if found is not None:
            if all(a["kind"] != "unparsed" for a in found):
                return [a if "name" in a else {**a, "text": text} for a in found]
            return found
    return [{"kind": "unparsed", "fragment": text or "(значок утерян)"}]


# ---------------------------------------------------------------------------------------------
# Paid abilities («Закрыться: …», «Фишка, закрыться: …») and ranged attacks or strikes


def _split_cost(s: str) -> tuple[list[str], str]:
    """``{tap}: …`` / ``Фишка, закрыться: …`` → (["counter", "tap"], "…")."""
    m = _COST.match(s)
    if not m or ":" not in m.group(1):
        return [], s
    items = re.findall(r"\{(tap|counter|instant)\}|(закрыться|фишка|внезапное действие)",
                       m.group(1))
    cost = [code or _COST_WORDS[word] for code, word in items]
    return cost, s[m.end():]


def _paid(s: str) -> list[Ability] | None:
    """A ranged attack, a strike or «получить фишку», with or without a cost before it."""
    cost, body = _split_cost(s)
    found = _ranged_action(body) or _strike_action(body)
    if found is None and cost:
        found = _gain_counters(body)
    if found is None:
        return None
    ability, rest = found
    ability["tap"] = "tap" in cost
    if [c for c in cost if c != "tap"]:
        ability["cost"] = cost
    return [ability, *_tail(ability, rest)]


def _ranged_action(body: str) -> tuple[Ability, str] | None:
    m = _RANGED.match(body)
    return (_ranged_ability(m, tap=False), body[m.end():]) if m else None


def _strike_action(body: str) -> tuple[Ability, str] | None:
    m = _STRIKE.match(body)
    return (_strike_ability(m), body[m.end():]) if m else None


def _gain_counters(body: str) -> tuple[Ability, str] | None:
    m = re.match(r"получить (?:(\d+) )?фишк(?:у|и)", body)
    if not m:
        return None
    return {"kind": "counters", "action": "gain", "count": int(m.group(1) or 1)}, body[m.end():]


def _values(raw: str) -> list[int]:
    return [int(v) for v in raw.split("-")] if "-" in raw else [int(raw)] * 3


def _quoted_name(raw: str | None) -> str | None:
    return raw.strip("«»\"") if raw else None


def _ranged_ability(m: re.Match[str], tap: bool) -> Ability:
    rng = int(m.group(4)) if m.group(4) else None
    return {"kind": RANGED_KINDS[m.group(1)], "values": _values(m.group(3)), "range": rng,
            "name": _quoted_name(m.group(2)), "limit": None, "tap": tap}


def _strike_ability(m: re.Match[str]) -> Ability:
    return {"kind": "strike", "strike": STRIKE_KINDS[m.group(1)], "values": _values(m.group(3)),
            "name": _quoted_name(m.group(2)), "limit": None, "tap": False}


def _tail(ability: Ability, rest: str) -> list[Ability]:
    """What follows a paid ability: its target, range, limit and a delayed effect; the rest is
    kept as an unparsed fragment. Fills ``ability`` in place; returns the extra abilities."""
    limit, rest = _take_limit(rest)
    if ability["kind"] != "counters" or limit:
        ability["limit"] = limit
    extra: list[Ability] = []
    rest = rest.strip(" ,.")
    if ability["kind"] in RANGED_KINDS.values():
        rest = _ranged_tail(ability, rest, extra)
    leftover = rest.strip(" ,;.")
    if leftover:
        extra.append({"kind": "unparsed", "fragment": leftover})
    return extra


def _ranged_tail(ability: Ability, rest: str, extra: list[Ability]) -> str:
    """«по карте на выбранной клетке», «, дальность N», «; в начале вашего следующего хода …»."""
    chosen = _CHOSEN_CELL.match(rest)
    if chosen:
        ability["target"] = "card_on_chosen_cell"
        rest = rest[chosen.end():].strip(" ")
    far = _RANGE.match(rest)
    if far and ability["range"] is None:
        ability["range"] = int(far.group(1))
        rest = rest[far.end():].strip(" ")
    delayed = _DELAYED.match(rest)
    if delayed:
        extra.append(_delayed(delayed))
        rest = rest[delayed.end():]
    return rest


def _delayed(m: re.Match[str]) -> Ability:
    """«; в начале вашего следующего хода все карты на этой клетке ранятся на N (воздействие …)»."""
    wound = {"kind": "wound", "value": int(m.group(1)), "target": "all_cards_on_that_cell"}
    out: Ability = {"kind": "delayed", "at": {"event": "turn_start", "whose": "own", "next": True},
                    "effects": [wound]}
    if m.group(2):
        out["impact"] = m.group(2)
    return out


def _take_limit(text: str) -> tuple[dict[str, Any] | None, str]:
    m = _LIMIT.search(text)
    if not m:
        return None, text
    word = m.group(1)
    count = int(word) if word.isdigit() else _NUMBERS[word]
    limit = {"count": count, "per": "turn" if m.group(2) == "ход" else "battle"}
    return limit, text[: m.start()] + text[m.end():]


# ---------------------------------------------------------------------------------------------
# Counters, modifiers, bonuses, keywords


def _counters(s: str) -> list[Ability] | None:
    """«Не может иметь более 4 фишек», «Второй игрок: начинает бой с фишкой»."""
    m = re.fullmatch(r"не может иметь (?:более|больше) (\d+) фиш(?:ки|ек|ка)", s)
    if m:
        return [{"kind": "counters", "action": "max", "count": int(m.group(1))}]
    m = re.fullmatch(r"(первый|второй) игрок: начинает бой с (?:фишкой|(\d+) фишками)", s)
    if m:
        player = "first" if m.group(1) == "первый" else "second"
        return [{"kind": "counters", "action": "start_with", "count": int(m.group(2) or 1),
                 "player": player}]
    return None


def _modifier(s: str) -> list[Ability] | None:
    m = re.fullmatch(r"([-–−])\s*(\d+)\s+от\s*(.*)", s)
    if not m:
        return None
    obj = m.group(3).strip(" .")
    against = AGAINST.get(obj)
    if against is None:
        return [{"kind": "unparsed", "fragment": s if obj else f"{s} (значок утерян)"}]
    return [{"kind": "attack_modifier", "value": -int(m.group(2)), "against": against}]


def _bonus_targets(text: str) -> tuple[list[str], str | None, str]:
    """«простому удару и направленному удару по …» → (kinds, strength, «по …»)."""
    kinds: list[str] = []
    strength: str | None = None
    rest = text
    while True:
        m = re.match(r"(?:(слабому|среднему|сильному) )?(" + "|".join(
            sorted(map(re.escape, BONUS_TO), key=len, reverse=True)) + r")(?=$|\s|,)", rest)
        if not m or (m.group(1) and BONUS_TO[m.group(2)] != "simple_strike"):
            return kinds, strength, rest
        if m.group(1):
            strength = _STRENGTH[m.group(1)]
        kinds.append(BONUS_TO[m.group(2)])
        rest = rest[m.end():]
        if not rest.startswith(" и "):
            return kinds, strength, rest
        rest = rest[3:]


def _bonus(s: str) -> list[Ability] | None:
    """«+1 к ударам по горным», «+2 к выстрелу за каждую фишку на Арбалетчике»."""
    m = re.fullmatch(r"\+(\d+) к (.+)", s)
    if not m:
        return None
    kinds, strength, rest = _bonus_targets(m.group(2))
    if not kinds:
        return None
    ability: Ability = {"kind": "attack_bonus", "value": int(m.group(1)), "to": kinds,
                        "target": None, "per": None}
    if strength:
        ability["strength"] = strength
    per = re.search(r"\s*за каждую фишку на [а-я-]+$", rest)
    if per:
        ability["per"] = "counter"
        rest = rest[: per.start()]
    if rest.startswith(" по ") and not _QUALIFIERS.search(rest):
        ability["target"] = rest[4:].strip()
    elif rest.strip():
        return None
    return [ability]


def _keyword(s: str) -> list[Ability] | None:
    """A lone named ability: an icon (``{zot}``) or its name («Защита от метания», «Броня 2»)."""
    m = re.fullmatch(r"(?:\{([a-z_]+)\}|([а-я ]+?))\s*(\d+)?", s.strip(" ."))
    if not m:
        return None
    code = m.group(1) or _KEYWORDS.get((m.group(2) or "").strip())
    if code not in ICON_NAMES or code in _ICON_NEEDS_VALUES:
        return None
    if code in _ICON_KINDS:
        return None if m.group(3) else [dict(_ICON_KINDS[code])]
    ability: Ability = {"kind": "keyword", "icon": code, "name": ICON_NAMES[code]}
    if m.group(3):
        ability["value"] = int(m.group(3))
    return [ability]


# ---------------------------------------------------------------------------------------------
# Triggers: a known condition, then effects of known kinds


def _trigger(s: str) -> list[Ability] | None:
    found = _condition(s)
    if found is None:
        return None
    when, rest = found
    rest = re.sub(r"^\s*(?:[—–-]\s+|,\s*)?", "", rest)
    impact = _IMPACT.search(rest)
    if impact:
        rest = rest[: impact.start()]
    limit, effects_text = _take_limit(rest)
    effects_text = effects_text.strip(" ,;.")
    effects, optional = _effects(effects_text)
    if effects is None:
        return None  # a known condition with effects not read: the whole sentence is unparsed
    trigger: Ability = {"kind": "trigger", "when": when, "effects": effects, "limit": limit,
                        "optional": optional}
    if impact:
        trigger["impact"] = impact.group(1)
    return [trigger]


def _condition(text: str) -> tuple[dict[str, Any], str] | None:
    for pattern, when in _CONDITIONS:
        m = pattern.match(text)
        if not m or (text[m.end():m.end() + 1].isalnum()):
            continue
        out = dict(when)
        if "rev" in pattern.groupindex:
            out["reverse"] = bool(m.group("rev"))
        if "attack" in pattern.groupindex:
            out["attack"] = _ATTACK_EVENTS[m.group("attack")]
        return out, text[m.end():]
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
        sep = _EFFECT_SEPARATOR.match(rest)
        if rest and not sep:
            return None, optional
        rest = rest[sep.end():] if sep else rest
    return (effects or None), optional


def _until(m: re.Match[str], group: str = "until") -> str:
    return _UNTIL[m.group(group)]


def _one_effect(text: str) -> tuple[Ability | None, str]:
    for parse in _EFFECT_PARSERS:
        found = parse(text)
        if found is not None:
            return found
    return None, text


def _ranged_effect(text: str) -> tuple[Ability, str] | None:
    m = _RANGED.match(text)
    return (_ranged_ability(m, tap=False), text[m.end():]) if m else None


def _strike_effect(text: str) -> tuple[Ability, str] | None:
    m = _STRIKE.match(text)
    return (_strike_ability(m), text[m.end():]) if m else None


def _wound_effect(text: str) -> tuple[Ability, str] | None:
    m = re.match(r"ранить (" + "|".join(_WOUND_TARGETS) + r") на (\d+)(?!-)", text)
    if not m:
        return None
    return {"kind": "wound", "value": int(m.group(2)),
            "target": _WOUND_TARGETS[m.group(1)]}, text[m.end():]


def _jump_effect(text: str) -> tuple[Ability, str] | None:
    m = re.match(r"(?:совершить\s+)?прыжок,?\s+дальност(?:ью|ь)\s+(\d+)"
                 r"(\s*,\s*только\s+на\s+свободную\s+клетку)?", text)
    if not m:
        return None
    return {"kind": "jump", "slow": False, "range": int(m.group(1)),
            "free_cell_only": bool(m.group(2))}, text[m.end():]


def _teleport_effect(text: str) -> tuple[Ability, str] | None:
    m = re.match(r"(?:совершить\s+)?телепортаци[юя](?=$|[,;.]| и )", text)
    return ({"kind": "teleport", "slow": False}, text[m.end():]) if m else None


def _lose_counters_effect(text: str) -> tuple[Ability, str] | None:
    m = re.match(r"теряет все фишки", text)
    return ({"kind": "counters", "action": "lose", "count": "all"}, text[m.end():]) if m else None


_GAIN = r"(?:получает|получить) "
_UNTIL_RE = r" до конца (?P<until>вашего хода|хода)"


def _bonus_effect(text: str) -> tuple[Ability, str] | None:
    """«получает +1 к простому удару до конца хода»."""
    m = re.match(_GAIN + r"\+(\d+) к (.+?)" + _UNTIL_RE, text)
    if not m:
        return None
    kinds, strength, rest = _bonus_targets(m.group(2))
    if not kinds or rest:
        return None
    ability: Ability = {"kind": "attack_bonus", "value": int(m.group(1)), "to": kinds,
                        "target": None, "per": None, "until": _until(m)}
    if strength:
        ability["strength"] = strength
    return ability, text[m.end():]


def _range_bonus_effect(text: str) -> tuple[Ability, str] | None:
    """«получает +1 к дальности разряда до конца хода»."""
    m = re.match(_GAIN + r"\+(\d+) к дальности (выстрела|метания|разряда)" + _UNTIL_RE, text)
    if not m:
        return None
    to = {"выстрела": "shot", "метания": "throw", "разряда": "discharge"}[m.group(2)]
    return {"kind": "range_bonus", "value": int(m.group(1)), "to": to,
            "until": _until(m)}, text[m.end():]


def _grant_effect(text: str) -> tuple[Ability, str] | None:
    """«получает опыт в атаке 1 или +1 к опыту в атаке до конца вашего хода»."""
    m = re.match(_GAIN + r"([а-я ]+?) (\d+) или \+(\d+) к ([а-я ]+?)" + _UNTIL_RE, text)
    if not m:
        return None
    code = _KEYWORDS.get(m.group(1))
    if code is None or _KEYWORD_DATIVE.get(m.group(4)) != code:
        return None
    return {"kind": "grant", "icon": code, "name": ICON_NAMES[code], "value": int(m.group(2)),
            "increase": int(m.group(3)), "until": _until(m)}, text[m.end():]


def _movement_effect(text: str) -> tuple[Ability, str] | None:
    """«цель получает +1 движение до конца вашего хода»."""
    m = re.match(r"(цель )?получает \+(\d+) движени[ея]" + _UNTIL_RE, text)
    if not m:
        return None
    target = "that_creature" if m.group(1) else "self"
    return {"kind": "movement_bonus", "value": int(m.group(2)), "target": target,
            "until": _until(m)}, text[m.end():]


_EFFECT_PARSERS: tuple[Callable[[str], tuple[Ability, str] | None], ...] = (
    _ranged_effect, _strike_effect, _wound_effect, _jump_effect, _teleport_effect,
    _lose_counters_effect, _range_bonus_effect, _bonus_effect, _grant_effect, _movement_effect,
)
_SENTENCE_PARSERS: tuple[Parser, ...] = (
    _standalone, _incorporeal, _formation, _counters, _paid, _modifier, _bonus, _keyword,
    _trigger,
)
