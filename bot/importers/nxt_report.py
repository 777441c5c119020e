"""What a berserk-nxt import met on the way, and its English report for the operator."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.corpus.abilities.codec import read_entries
from bot.corpus.sets import card_set, is_known_set
from bot.importers.abilities import coverage_report
from bot.importers.merge import MergeNotes

_MAX_LISTED = 20


@dataclass
class ImportNotes(MergeNotes):
    """Everything the report lists; filled while mapping and merging."""

    unknown_placeholders: Counter[str] = field(default_factory=Counter)
    placeholder_cards: dict[str, list[str]] = field(default_factory=dict)
    unknown_colors: dict[int, list[str]] = field(default_factory=dict)
    unknown_types: dict[int, list[str]] = field(default_factory=dict)
    unknown_rarities: dict[int, list[str]] = field(default_factory=dict)
    unknown_icons: dict[str, list[str]] = field(default_factory=dict)
    implicit_alts: list[str] = field(default_factory=list)
    banned: list[str] = field(default_factory=list)  # card ids, with the marked records
    errata: list[str] = field(default_factory=list)
    unparsed: list[tuple[str, str, str]] = field(default_factory=list)  # card, name, sentence
    sentences: int = 0
    parsed: int = 0
    curated_abilities: int = 0

    def listed(self, table: dict[int, list[str]] | dict[str, list[str]], key: int | str,
               card_id: str) -> None:
        """Note that ``card_id`` has the unknown ``key`` (a colour bit, type, code …)."""
        cards = table.setdefault(key, [])  # type: ignore[arg-type]
        if card_id not in cards:
            cards.append(card_id)

    def coverage(self, card: dict[str, object]) -> None:
        """Count the card's ability sentences read in full, and keep its unread fragments."""
        abilities = card.get("abilities") or []
        assert isinstance(abilities, list)
        report = coverage_report(read_entries(abilities))
        self.sentences += report["sentences"]
        self.parsed += report["parsed"]
        self.unparsed += [(str(card["id"]), str(card.get("name", "")), fragment)
                          for fragment in report["unparsed"]]


@dataclass(frozen=True)
class SetLine:
    """One set of the input: its cards and what became of them."""

    set_id: int
    cards: int
    file: str
    counts: dict[str, int]


def _listed(items: list[str]) -> str:
    shown = ", ".join(items[:_MAX_LISTED])
    more = len(items) - _MAX_LISTED
    return shown + (f" … and {more} more" if more > 0 else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def report(source: str, records: int, cards: int, sets: list[SetLine], notes: ImportNotes,
           written: list[str]) -> str:
    """The import report (see docs/nxt-import.md, "The report")."""
    alts = records - cards
    lines = [f"berserk-nxt import of {source}: {records} records -> {cards} cards "
             f"({_plural(alts, 'alternative print')} merged into their cards)",
             "Cards per set:"]
    for s in sets:
        cset = card_set(s.set_id)
        label = f"{s.set_id} «{cset.name}» ({cset.initials})"
        if not is_known_set(s.set_id):
            label += " [unknown set id: readable label; add it to bot/corpus/sets.py]"
        detail = ", ".join(f"{v} {k}" for k, v in s.counts.items() if v)
        lines.append(f"  {label}: {_plural(s.cards, 'card')} -> {s.file} ({detail})")
    lines += _unknowns(notes)
    if notes.implicit_alts:
        lines.append("Taken as alternative prints by their id (no altto): "
                     f"{_listed(notes.implicit_alts)}")
    if notes.banned:
        lines.append(f"Banned from tournaments (ban: true): {_listed(notes.banned)}")
    if notes.errata:
        lines.append(f"Errata marks read as dates: {_listed(notes.errata)}")
    if notes.restored_text:
        lines.append(f"Site texts with icons restored from the database: "
                     f"{_listed(notes.restored_text)}")
    if notes.conflicts:
        lines.append("Kept existing values that differ from the database:")
        lines += [f"  {c}" for c in notes.conflicts[:_MAX_LISTED]]
        if len(notes.conflicts) > _MAX_LISTED:
            lines.append(f"  … and {len(notes.conflicts) - _MAX_LISTED} more")
    lines += _coverage(notes)
    lines.append(f"Files written: {len(written)}"
                 + (f" ({', '.join(written)})" if written else " (all up to date)"))
    return "\n".join(lines)


def _unknowns(notes: ImportNotes) -> list[str]:
    lines = []
    if notes.unknown_placeholders:
        lines.append("Unknown placeholders (kept visible in the text):")
        for ph, count in sorted(notes.unknown_placeholders.items()):
            lines.append(f"  {ph}: {count}x in {_listed(notes.placeholder_cards[ph])}")
    else:
        lines.append("Unknown placeholders: none")
    tables: tuple[tuple[str, dict[int, list[str]] | dict[str, list[str]]], ...] = (
        ("colour bits", notes.unknown_colors), ("types", notes.unknown_types),
        ("rarities", notes.unknown_rarities), ("icon codes", notes.unknown_icons))
    for title, table in tables:
        if table:
            lines.append(f"Unknown {title} (kept as readable labels/codes):")
            for key, cards in sorted(table.items(), key=lambda kv: str(kv[0])):
                lines.append(f"  {key}: {_listed(cards)}")
    return lines


def _coverage(notes: ImportNotes) -> list[str]:
    pct = 100.0 * notes.parsed / notes.sentences if notes.sentences else 100.0
    skipped = (f"; {notes.curated_abilities} cards with curated abilities skipped"
               if notes.curated_abilities else "")
    cards = {c for c, _, _ in notes.unparsed}
    lines = [f"Extractor coverage: {notes.parsed}/{notes.sentences} ability sentences "
             f"parsed ({pct:.1f}%){skipped}",
             f"Unparsed abilities: {len(notes.unparsed)} fragments in {len(cards)} cards"]
    lines += [f"  {cid} «{name}»: {sentence}" for cid, name, sentence
              in notes.unparsed[:_MAX_LISTED]]
    if len(notes.unparsed) > _MAX_LISTED:
        lines.append(f"  … and {len(notes.unparsed) - _MAX_LISTED} more")
    return lines
