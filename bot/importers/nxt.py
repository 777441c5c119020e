"""Import the berserk-nxt community card database (``resources/data.json``) into ``cards/``.

``berserk-judge import nxt data.json`` runs :func:`import_nxt`. The whole input is read and
validated first; a bad record raises :class:`ImporterError` naming the record id and the field,
and nothing is written. Then one YAML file per set is built (``cards/<set_id>-<slug>.yaml``,
cards sorted by number) and written atomically, only where its bytes change, so a re-import of
the same input is byte-identical.

Merging into an existing file:

- a card this importer wrote before (``source: berserk-nxt``) is replaced by the fresh data,
  except the fields its ``curated:`` list names and its ``aliases`` (always kept);
- a card another importer wrote (the seed card pages, ``source`` other than berserk-nxt) keeps
  its values: the database only fills what it lacks (element, rarity, icons, elite …) and puts
  back the icons the site lost from the text («-1 от .» → «-1 от простого удара»);
- a card of the file that the input does not have is kept as it is.

Alternative prints (``alt``/``altto``, e.g. ``10007pf`` → ``10007``) are one card: they are
listed in that card's ``prints``.

Structured abilities come from the one extractor, :func:`bot.importers.abilities.
extract_abilities`, called with the *rendered* card text (readable Russian, the same form as
the site's card pages) and the card's icon dict; its coverage is in the report.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.corpus.abilities import to_data
from bot.corpus.icons import ICON_NAMES, ICON_TERMS
from bot.corpus.ids import slugify
from bot.corpus.load import _validator
from bot.corpus.sets import card_set
from bot.corpus.yamlio import atomic_write_text, dump_yaml, read_yaml
from bot.importers.abilities import coverage_report, extract_abilities, with_texts
from bot.importers.errors import ImporterError
from bot.importers.nxt_text import Rendered, render_text, restore_icons

#: ``source`` of every card this importer writes.
NXT_SOURCE = "berserk-nxt"

# Constants of the deck builder (its resources/const.json), kept here: never read at run time.
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

_CARD_KEYS = (
    "id", "number", "name", "element", "cost", "elite", "unique", "type", "creature_type",
    "classes", "lives", "movement", "strike", "icons", "text", "flavour", "artist", "rarity",
    "prints", "rules", "aliases", "abilities", "source", "curated",
)
# Fields the database provides (the rest — flavour, rules, aliases — come from elsewhere).
_DB_KEYS = (
    "number", "name", "element", "cost", "elite", "unique", "type", "creature_type",
    "classes", "lives", "movement", "strike", "icons", "text", "artist", "rarity", "prints",
    "rules",
)
_MAX_LISTED = 20


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


# --------------------------------------------------------------------------- validation


@dataclass
class _Record:
    """One validated input record."""

    index: int
    id: str
    set_id: int
    number: int
    name: str
    rarity: int | None
    cost: int | None
    elite: bool
    uniq: bool
    color: int
    classes: list[str]
    type: int
    life: int | None
    move: int | None
    hit: list[int] | None
    icons: dict[str, int]
    art: str
    text: str | None
    prints: dict[str, str]
    alts: list[str]
    alt: str
    altto: str | None
    implicit_alt: bool = False  # an alternative print by its id only (no altto)

    @property
    def card_id(self) -> str:
        return f"{self.set_id}-{self.number}"


class _Check:
    """Typed access to one raw record; every failure names the record and the field."""

    def __init__(self, raw: dict[str, Any], index: int, source: str):
        self.raw = raw
        self.index = index
        self.source = source
        rid = raw.get("id")
        self.label = (f"record {rid!r} (#{index + 1})" if isinstance(rid, str) and rid
                      else f"record #{index + 1}")

    def fail(self, key: str, problem: str) -> ImporterError:
        return ImporterError(f"{self.source}: {self.label}: field {key!r}: {problem}")

    def _get(self, key: str, required: bool, default: Any) -> Any:
        if key not in self.raw:
            if required:
                raise self.fail(key, "missing")
            return default
        return self.raw[key]

    def _type_error(self, key: str, expected: str, value: Any) -> ImporterError:
        shown = json.dumps(value, ensure_ascii=False)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return self.fail(key, f"expected {expected}, got {shown}")

    def integer(self, key: str, *, lo: int = 0, hi: int = 999) -> int:
        value = self._get(key, True, None)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._type_error(key, "an integer", value)
        if not lo <= value <= hi:
            raise self.fail(key, f"{value} is out of range {lo}..{hi}")
        return value

    def optional_int(self, key: str, *, hi: int = 999) -> int | None:
        """A required field that may be null."""
        value = self._get(key, True, None)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._type_error(key, "an integer or null", value)
        if not 0 <= value <= hi:
            raise self.fail(key, f"{value} is out of range 0..{hi}")
        return value

    def boolean(self, key: str) -> bool:
        value = self._get(key, True, None)
        if not isinstance(value, bool):
            raise self._type_error(key, "true or false", value)
        return value

    def string(self, key: str, *, nonempty: bool = False, required: bool = True) -> str:
        value = self._get(key, required, "")
        if not isinstance(value, str):
            raise self._type_error(key, "a string", value)
        if nonempty and not value.strip():
            raise self.fail(key, "empty")
        return value

    def optional_str(self, key: str, *, required: bool = True) -> str | None:
        """A string or null (absent counts as null when not required)."""
        value = self._get(key, required, None)
        if value is not None and not isinstance(value, str):
            raise self._type_error(key, "a string or null", value)
        return value

    def str_list(self, key: str, *, required: bool = True) -> list[str]:
        value = self._get(key, required, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._type_error(key, "a list of strings", value)
        return value

    def str_dict(self, key: str, *, required: bool = True) -> dict[str, str]:
        value = self._get(key, required, {})
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise self._type_error(key, "an object of strings", value)
        return value

    def icons(self, key: str) -> dict[str, int]:
        value = self._get(key, True, {})
        if not isinstance(value, dict):
            raise self._type_error(key, "an object of icon code -> integer", value)
        for code, v in value.items():
            if isinstance(v, bool) or not isinstance(v, int):
                raise self._type_error(f"{key}.{code}", "an integer", v)
            if not 0 <= v <= 99:
                raise self.fail(f"{key}.{code}", f"{v} is out of range 0..99")
        return value

    def hit(self, key: str) -> list[int] | None:
        value = self._get(key, True, None)
        if value is None:
            return None
        if (not isinstance(value, list) or len(value) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise self._type_error(key, "a list of 3 integers or null", value)
        if not all(0 <= v <= 99 for v in value):
            raise self.fail(key, f"{value} is out of range 0..99")
        return value


def _validate(raw: Any, index: int, source: str) -> _Record:
    if not isinstance(raw, dict):
        raise ImporterError(f"{source}: record #{index + 1}: expected an object, "
                            f"got {type(raw).__name__}")
    c = _Check(raw, index, source)
    return _Record(
        index=index, id=c.string("id", nonempty=True), set_id=c.integer("set_id", lo=1),
        number=c.integer("number", hi=9999), name=c.string("name", nonempty=True).strip(),
        rarity=c.optional_int("rarity", hi=99), cost=c.optional_int("cost"),
        elite=c.boolean("elite"), uniq=c.boolean("uniq"), color=c.integer("color", hi=2**16),
        classes=[s.strip() for s in c.str_list("class") if s.strip()],
        type=c.integer("type", lo=-99, hi=99), life=c.optional_int("life"),
        move=c.optional_int("move"), hit=c.hit("hit"), icons=c.icons("icons"),
        art=(c.optional_str("art") or "").strip(), text=c.optional_str("text"),
        prints=c.str_dict("prints", required=False), alts=c.str_list("alts", required=False),
        alt=c.string("alt", required=False), altto=c.optional_str("altto", required=False),
    )


def _read_records(path: Path) -> list[_Record]:
    source = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ImporterError(f"{source}: not UTF-8 text: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise ImporterError(f"{source}: not valid JSON: {exc}") from exc
    except OSError as exc:
        raise ImporterError(f"{source}: cannot read: {exc}") from exc
    if not isinstance(data, list):
        raise ImporterError(f"{source}: expected a JSON array of cards, "
                            f"got {type(data).__name__}")
    records = [_validate(raw, i, source) for i, raw in enumerate(data)]
    seen: dict[str, _Record] = {}
    for r in records:
        if r.id in seen:
            raise ImporterError(
                f"{source}: record {r.id!r} (#{r.index + 1}): field 'id': duplicate id "
                f"(first at #{seen[r.id].index + 1})")
        seen[r.id] = r
    for r in records:
        if r.altto is None:
            continue
        base = seen.get(r.altto)
        where = f"{source}: record {r.id!r} (#{r.index + 1}): field 'altto'"
        if base is None:
            raise ImporterError(f"{where}: no record with id {r.altto!r} in the input")
        if base.altto is not None:
            raise ImporterError(f"{where}: {r.altto!r} is itself an alternative print")
        if (base.set_id, base.number) != (r.set_id, r.number):
            raise ImporterError(
                f"{where}: {r.altto!r} is set {base.set_id} number {base.number}, "
                f"this print is set {r.set_id} number {r.number}")
    by_card: dict[str, _Record] = {}
    for r in sorted(records, key=lambda r: (r.card_id, len(r.id), r.index)):
        if r.altto is not None:
            continue
        other = by_card.get(r.card_id)
        if other is not None and r.id.startswith(other.id):
            # «10007pf» beside «10007» without altto: its id says it is a print of that card
            r.altto, r.alt, r.implicit_alt = other.id, r.alt or r.id[len(other.id):], True
            continue
        if other is not None:
            raise ImporterError(
                f"{source}: record {r.id!r} (#{r.index + 1}): field 'number': set {r.set_id} "
                f"number {r.number} is already record {other.id!r}; mark one of them as an "
                f"alternative print (altto)")
        by_card[r.card_id] = r
    return records


# --------------------------------------------------------------------------- building


@dataclass
class _Stats:
    unknown_placeholders: Counter[str] = field(default_factory=Counter)
    placeholder_cards: dict[str, list[str]] = field(default_factory=dict)
    unknown_colors: dict[int, list[str]] = field(default_factory=dict)
    unknown_types: dict[int, list[str]] = field(default_factory=dict)
    unknown_rarities: dict[int, list[str]] = field(default_factory=dict)
    unknown_icons: dict[str, list[str]] = field(default_factory=dict)
    unparsed: list[tuple[str, str, str]] = field(default_factory=list)  # card, name, sentence
    sentences: int = 0
    parsed: int = 0
    curated_abilities: int = 0
    conflicts: list[str] = field(default_factory=list)
    enriched_text: list[str] = field(default_factory=list)
    alt_prints: int = 0


def _prints(base: _Record, alts: list[_Record]) -> list[str]:
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
        out.append(desc + (": " + "; ".join(extra) if extra else ""))
    out += [print_label(k) for k in base.alts if k and k not in covered]
    return list(dict.fromkeys(out))


def _db_card(base: _Record, alts: list[_Record], terms: set[str],
             stats: _Stats) -> tuple[dict[str, Any], Rendered]:
    """The card as the database describes it (no abilities yet), and its rendered text."""
    element, bad_bits = elements(base.color)
    for bit in bad_bits:
        stats.unknown_colors.setdefault(bit, []).append(base.card_id)
    creature = CREATURE_TYPES.get(base.type)
    if creature is None:
        stats.unknown_types.setdefault(base.type, []).append(base.card_id)
        creature = f"Тип {base.type}"
    kind = {4: "Артефакт", 5: "Местность"}.get(base.type, "Существо")
    rarity = None
    if base.rarity is not None:
        rarity = RARITIES.get(base.rarity)
        if rarity is None:
            stats.unknown_rarities.setdefault(base.rarity, []).append(base.card_id)
            rarity = f"Редкость {base.rarity}"
    for code in base.icons:
        if code not in ICON_NAMES:
            stats.unknown_icons.setdefault(code, []).append(base.card_id)
    # The later sets write 0 where the earlier write null: a flyer's movement (it flies), a
    # companion's or parasite's (it sits on its host), an artefact's or a terrain's movement, a
    # terrain's lives. 0 would read «Движение: 0».
    movement = None if base.move == 0 and base.type in (1, 2, 3, 4, 5) else base.move
    lives = None if base.life == 0 and base.type == 5 else base.life
    rendered = render_text(base.text)
    for ph in rendered.unknown:
        stats.unknown_placeholders[ph] += 1
        cards = stats.placeholder_cards.setdefault(ph, [])
        if base.card_id not in cards:
            cards.append(base.card_id)
    card: dict[str, Any] = {
        "id": base.card_id, "number": base.number, "name": base.name, "element": element,
        "cost": base.cost, "elite": base.elite, "unique": base.uniq, "type": kind,
        "creature_type": creature, "classes": base.classes, "lives": lives,
        "movement": movement, "strike": base.hit, "icons": dict(base.icons),
        "text": rendered.text, "artist": base.art, "rarity": rarity,
        "prints": _prints(base, alts),
        "rules": [t for t in dict.fromkeys(ICON_TERMS.get(code, "") for code in base.icons)
                  if t in terms],
        "source": NXT_SOURCE,
    }
    return card, rendered


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _ordered(card: dict[str, Any]) -> dict[str, Any]:
    """Canonical key order; empty values dropped (booleans always kept)."""
    out = {k: card[k] for k in _CARD_KEYS if k in card and
           (isinstance(card[k], bool) or not _empty(card[k]))}
    out.setdefault("elite", False)
    out.setdefault("unique", False)
    return out


def _merge(existing: dict[str, Any] | None, db: dict[str, Any], rendered: Rendered,
           raw_text: str, raw_icons: dict[str, int], set_name: str,
           stats: _Stats) -> dict[str, Any]:
    """One card: the database's data merged into what the file already has."""
    if existing is None:
        card = dict(db)
        curated: list[str] = []
    else:
        curated = [c for c in existing.get("curated", []) if isinstance(c, str)]
        if existing.get("source") == NXT_SOURCE:
            card = {k: v for k, v in existing.items() if k not in _DB_KEYS}
            card.update(db)
        else:
            card = _enrich(existing, db, rendered, set_name, stats)
        for key in curated:  # hand-fixed fields win over any import
            if key in existing:
                card[key] = existing[key]
            else:
                card.pop(key, None)
        if "aliases" in existing:
            card["aliases"] = existing["aliases"]
    if "abilities" in curated:
        stats.curated_abilities += 1
    else:
        icons = card.get("icons") or raw_icons
        # The extractor reads berserk-nxt text best as it is (placeholders mark costs and
        # icons); a card whose text is the site's is read from that text.
        own = existing is None or existing.get("source") == NXT_SOURCE
        source_text = raw_text if own and "text" not in curated else card.get("text") or ""
        abilities = [with_texts(a, _rendered) for a in
                     extract_abilities(source_text, dict(icons), name=card.get("name"))]
        card["abilities"] = [to_data(a) for a in abilities]
        # Coverage counts sentences (an ability's ``text``): read in full when no part of it
        # is ``unparsed`` — the extractor's own measure.
        report = coverage_report(abilities)
        stats.sentences += report["sentences"]
        stats.parsed += report["parsed"]
        stats.unparsed += [(card["id"], card.get("name", ""), fragment)
                           for fragment in report["unparsed"]]
    if curated:
        card["curated"] = curated
    return _ordered(card)


def _rendered(text: str) -> str:
    """A quoted sentence of an extracted ability (``text``, ``fragment``), rendered."""
    return render_text(text).text or text


def _enrich(existing: dict[str, Any], db: dict[str, Any], rendered: Rendered,
            set_name: str, stats: _Stats) -> dict[str, Any]:
    """A card another importer made (the site's card page): keep its values, fill the gaps."""
    card = dict(existing)
    cid = existing.get("id", db["id"])
    for key in _DB_KEYS:
        old, new = existing.get(key), db.get(key)
        if key == "text":
            continue
        if key in ("elite", "unique"):
            card[key] = old if isinstance(old, bool) else bool(new)
            if isinstance(old, bool) and old != new:
                stats.conflicts.append(f"{cid}: {key} kept {old!r} (database: {new!r})")
        elif key == "icons":
            known = isinstance(old, dict) and old and all(k in ICON_NAMES for k in old)
            card[key] = old if known else (new or old)
        elif key == "name":
            if _empty(old) or str(old).casefold() == f"{set_name} {db['number']}".casefold():
                card[key] = new  # a placeholder name («Путь хранителей 168»): the real one
            elif old != new:
                stats.conflicts.append(f"{cid}: name kept {old!r} (database: {new!r})")
        elif _empty(old):
            card[key] = new
        elif key == "rules":
            continue  # the page's list of rules is complete
        elif key == "prints" and isinstance(old, list):
            card[key] = list(dict.fromkeys([*old, *(new or [])]))
        elif not _empty(new) and old != new:
            stats.conflicts.append(f"{cid}: {key} kept {old!r} (database: {new!r})")
    site = existing.get("text") or ""
    if site:
        text = restore_icons(site, rendered)
        if text != site:
            stats.enriched_text.append(cid)
        card["text"] = text
    else:
        card["text"] = db.get("text", "")
    return card


# --------------------------------------------------------------------------- files


@dataclass
class _SetFile:
    set_id: int
    path: Path
    header: dict[str, Any]
    existing: list[dict[str, Any]]
    old_bytes: bytes | None


def _existing_files(root: Path, set_ids: set[int]) -> dict[int, _SetFile]:
    cards_dir = root / "cards"
    found: dict[int, _SetFile] = {}
    if not cards_dir.is_dir():
        return found
    for path in sorted(cards_dir.glob("*.yaml")):
        m = re.match(r"(\d+)-", path.name)
        if not m or int(m.group(1)) not in set_ids:
            continue
        rel = path.relative_to(root).as_posix()
        try:
            data = read_yaml(path)
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise ImporterError(f"{rel}: not valid YAML, fix it first: {exc}") from exc
        if not isinstance(data, dict) or not isinstance(data.get("set"), dict) \
                or not isinstance(data.get("cards", []), list):
            raise ImporterError(f"{rel}: not a card file (set: + cards:), fix it first")
        sid = data["set"].get("id")
        if sid not in set_ids:
            continue
        if sid in found:
            raise ImporterError(
                f"{rel}: set {sid} is already in {found[sid].path.relative_to(root)}; "
                f"keep one file per set")
        cards = [c for c in data.get("cards") or [] if isinstance(c, dict)]
        found[sid] = _SetFile(sid, path, dict(data["set"]), cards, path.read_bytes())
    return found


def _known_terms(root: Path) -> set[str]:
    """Term ids of the rules corpus (``rules/*.yaml``), to link icons to; unreadable files
    are the corpus loader's to report."""
    ids: set[str] = set()
    for path in sorted((root / "rules").glob("*.yaml")):
        try:
            data = read_yaml(path)
        except (yaml.YAMLError, UnicodeDecodeError, OSError):
            continue
        if isinstance(data, dict) and isinstance(data.get("terms"), list):
            ids |= {t["id"] for t in data["terms"] if isinstance(t, dict)
                    and isinstance(t.get("id"), str)}
    return ids


def _sort_key(card: dict[str, Any]) -> tuple[int, str]:
    number = card.get("number")
    return (number if isinstance(number, int) else 10**6, str(card.get("id", "")))


# --------------------------------------------------------------------------- entry point


@dataclass(frozen=True)
class ImportResult:
    """What an import did: the report and the numbers tests and tools check."""

    report: str
    cards: int
    alt_prints: int
    sentences: int
    parsed: int
    unknown_placeholders: dict[str, int]
    written: tuple[str, ...]

    @property
    def coverage(self) -> float:
        """Share of ability sentences the extractor parsed (1.0 when there are none)."""
        return self.parsed / self.sentences if self.sentences else 1.0


def import_nxt(path: Path, root: Path) -> str:
    """Import a berserk-nxt ``data.json`` into ``root/cards``; return an English report."""
    return run_import(path, root).report


def run_import(path: Path, root: Path) -> ImportResult:
    """:func:`import_nxt` with the numbers behind the report."""
    records = _read_records(path)
    alts: dict[str, list[_Record]] = {}
    for r in records:
        if r.altto is not None:
            alts.setdefault(r.altto, []).append(r)
    bases = [r for r in records if r.altto is None]
    set_ids = {r.set_id for r in bases}
    files = _existing_files(root, set_ids)
    terms = _known_terms(root)
    stats = _Stats(alt_prints=len(records) - len(bases))

    outputs: dict[int, tuple[_SetFile, str, dict[str, int]]] = {}
    for set_id in sorted(set_ids):
        cset = card_set(set_id)
        sf = files.get(set_id) or _SetFile(
            set_id, root / "cards" / f"{set_id}-{slug(cset.name)}.yaml",
            {"id": set_id, "name": cset.name, "initials": cset.initials}, [], None)
        header = {"id": set_id, "name": sf.header.get("name") or cset.name,
                  "initials": sf.header.get("initials") or cset.initials}
        by_id = {c.get("id"): c for c in sf.existing}
        counts = {"new": 0, "updated": 0, "unchanged": 0, "kept": 0}
        cards: list[dict[str, Any]] = []
        seen: set[str] = set()
        for base in sorted((r for r in bases if r.set_id == set_id),
                           key=lambda r: (r.number, r.id)):
            db, rendered = _db_card(base, alts.get(base.id, []), terms, stats)
            old = by_id.get(base.card_id)
            raw_text = "" if rendered.text == "" else base.text or ""
            card = _merge(old, db, rendered, raw_text, base.icons, str(header["name"]), stats)
            counts["new" if old is None else "unchanged" if old == card else "updated"] += 1
            cards.append(card)
            seen.add(base.card_id)
        for c in sf.existing:
            if c.get("id") not in seen:
                cards.append(c)
                counts["kept"] += 1
        cards.sort(key=_sort_key)
        data: dict[str, Any] = {"set": header, "cards": cards}
        errors = list(_validator("cardsFile").iter_errors(data))
        if errors:
            err = min(errors, key=lambda e: list(map(str, e.absolute_path)))
            where = ".".join(str(p) for p in err.absolute_path)
            raise ImporterError(f"{sf.path.relative_to(root).as_posix()}: the merged file "
                                f"would be invalid at {where}: {err.message}")
        outputs[set_id] = (sf, dump_yaml(data), counts)

    # Everything validated and built: only now touch the disk (each file atomically).
    written: list[str] = []
    for sf, text, _ in outputs.values():
        if sf.old_bytes != text.encode("utf-8"):
            atomic_write_text(sf.path, text)
            written.append(sf.path.relative_to(root).as_posix())
    report = _report(path, records, bases, outputs, written, root, stats)
    return ImportResult(report=report, cards=len(bases), alt_prints=stats.alt_prints,
                        sentences=stats.sentences, parsed=stats.parsed,
                        unknown_placeholders=dict(stats.unknown_placeholders),
                        written=tuple(written))


def _listed(items: list[str]) -> str:
    shown = ", ".join(items[:_MAX_LISTED])
    return shown + (f" … and {len(items) - _MAX_LISTED} more" if len(items) > _MAX_LISTED else "")


def _report(path: Path, records: list[_Record], bases: list[_Record],
            outputs: dict[int, tuple[_SetFile, str, dict[str, int]]], written: list[str],
            root: Path, stats: _Stats) -> str:
    lines = [f"berserk-nxt import of {path.name}: {len(records)} records -> {len(bases)} cards "
             f"({stats.alt_prints} alternative print{'' if stats.alt_prints == 1 else 's'} "
             f"merged into their cards)"]
    lines.append("Cards per set:")
    for set_id, (sf, _text, counts) in outputs.items():
        cset = card_set(set_id)
        n = sum(1 for r in bases if r.set_id == set_id)
        rel = sf.path.relative_to(root).as_posix()
        label = f"{set_id} «{cset.name}» ({cset.initials})"
        if cset.name.startswith("Выпуск "):
            label += " [unknown set id: readable label; add it to bot/corpus/sets.py]"
        detail = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
        lines.append(f"  {label}: {n} card{'' if n == 1 else 's'} -> {rel} ({detail})")
    if stats.unknown_placeholders:
        lines.append("Unknown placeholders (kept visible in the text):")
        for ph, count in sorted(stats.unknown_placeholders.items()):
            lines.append(f"  {ph}: {count}x in {_listed(stats.placeholder_cards[ph])}")
    else:
        lines.append("Unknown placeholders: none")
    for title, table in (("colour bits", stats.unknown_colors), ("types", stats.unknown_types),
                         ("rarities", stats.unknown_rarities), ("icon codes", stats.unknown_icons)):
        if table:
            lines.append(f"Unknown {title} (kept as readable labels/codes):")
            for key, cards in sorted(table.items(), key=lambda kv: str(kv[0])):
                lines.append(f"  {key}: {_listed(cards)}")
    implicit = [r.id for r in records if r.implicit_alt]
    if implicit:
        lines.append(f"Taken as alternative prints by their id (no altto): {_listed(implicit)}")
    if stats.enriched_text:
        lines.append(f"Site texts with icons restored from the database: "
                     f"{_listed(stats.enriched_text)}")
    if stats.conflicts:
        lines.append("Kept existing values that differ from the database:")
        lines += [f"  {c}" for c in stats.conflicts[:_MAX_LISTED]]
        if len(stats.conflicts) > _MAX_LISTED:
            lines.append(f"  … and {len(stats.conflicts) - _MAX_LISTED} more")
    pct = 100.0 * stats.parsed / stats.sentences if stats.sentences else 100.0
    lines.append(f"Extractor coverage: {stats.parsed}/{stats.sentences} ability sentences "
                 f"parsed ({pct:.1f}%)" + (f"; {stats.curated_abilities} cards with curated "
                                            f"abilities skipped" if stats.curated_abilities
                                            else ""))
    unparsed_cards = sorted({c for c, _, _ in stats.unparsed}, key=_card_order)
    lines.append(f"Unparsed abilities: {len(stats.unparsed)} fragments in "
                 f"{len(unparsed_cards)} cards")
    for cid, name, sentence in stats.unparsed[:_MAX_LISTED]:
        lines.append(f"  {cid} «{name}»: {sentence}")
    if len(stats.unparsed) > _MAX_LISTED:
        lines.append(f"  … and {len(stats.unparsed) - _MAX_LISTED} more")
    lines.append(f"Files written: {len(written)}"
                 + (f" ({', '.join(written)})" if written else " (all up to date)"))
    return "\n".join(lines)


def _card_order(cid: str) -> tuple[int, ...]:
    return tuple(int(p) if p.isdigit() else 0 for p in cid.split("-"))
