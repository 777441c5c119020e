"""The precision audit of the extractor: ability sentences drawn at random from the card database,
each with a reading written and checked by hand, compared with what the extractor reads.

    .venv/bin/python -m bot.importers.abilities.audit draw OUT.yaml [--size N] [--seed S]
    .venv/bin/python -m bot.importers.abilities.audit measure GOLDEN.yaml [GOLDEN.yaml …]

``draw`` samples (card, sentence) pairs — the import report's unit: every sentence of every
card, alternative prints excluded — with a fixed seed and writes a skeleton with no readings.
``measure`` prints precision (of the sentences the extractor reads in full, the share whose
reading equals the hand-written one), coverage on the sample and every disagreement.

A golden entry: ``n`` (its place in the draw), ``card``, ``text`` (the sentence as the database
writes it, placeholders kept), ``rendered`` (as a player reads it), ``reading`` (the entries in
the canonical form of docs/abilities.md, ``text`` left out; ``[{kind: unparsed}]`` when the
vocabulary cannot say it in full, so the extractor must leave it unread) and ``note``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.corpus.abilities import Ability, from_data, read_in_full, to_data
from bot.corpus.yamlio import dump_yaml, read_yaml
from bot.importers.abilities import extract_abilities, parse_sentence, split_sentences
from bot.importers.nxt_text import render_text

DEFAULT_SEED = 20261201
DEFAULT_SIZE = 260


@dataclass(frozen=True)
class Sentence:
    card: str  # "<set>-<number> <name>"
    text: str


def population(db: Path) -> list[Sentence]:
    """Every ability sentence of every card of the database, once per card, in database order."""
    out: list[Sentence] = []
    for record in json.loads(db.read_text(encoding="utf-8")):
        if record.get("altto"):
            continue  # an alternative print: its card's text is counted once
        card = f"{record['set_id']}-{record['number']} {record['name']}"
        seen: set[str] = set()
        for sentence in split_sentences(str(record.get("text") or "")):
            if sentence not in seen:
                seen.add(sentence)
                out.append(Sentence(card, sentence))
    return out


def draw(db: Path, size: int = DEFAULT_SIZE, seed: int = DEFAULT_SEED) -> list[dict[str, Any]]:
    """A skeleton golden file: ``size`` sentences drawn without replacement, in draw order."""
    chosen = random.Random(seed).sample(population(db), size)
    return [{"n": i, "card": s.card, "text": s.text, "rendered": render_text(s.text).text,
             "reading": None, "note": ""} for i, s in enumerate(chosen, 1)]


@dataclass
class Audit:
    """The outcome of comparing golden readings with the extractor."""

    total: int = 0
    claimed: int = 0  # read in full by the extractor
    correct: int = 0  # read in full and equal to the golden reading
    missing: list[int] = field(default_factory=list)  # entries without a golden reading yet
    wrong: list[tuple[dict[str, Any], list[Ability]]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.correct / self.claimed if self.claimed else 1.0

    @property
    def coverage(self) -> float:
        return self.claimed / self.total if self.total else 1.0


def card_name(card: str) -> str:
    """The card's name of a «<set>-<number> <name>» label (so its text naming the card reads
    as the card itself, as the import reads it).

    >>> card_name("10-121 Слизь")
    'Слизь'
    """
    return card.split(" ", 1)[1] if " " in card else ""


def entries_of(text: str, name: str) -> list[dict[str, Any]]:
    """The extractor's reading of one sentence as a hand-written reading writes it (the entries
    in their canonical form, without ``text``)."""
    out = [to_data(a) for a in extract_abilities(text, name=name)]
    if len({data.pop("text") for data in out}) != 1:
        raise ValueError(f"not one sentence: {text!r}")
    return out


def is_canonical(entry: dict[str, Any], text: str) -> bool:
    """Whether a hand-written entry is a vocabulary value written in its one canonical form."""
    return to_data(from_data({**entry, "text": text})) == {"kind": entry["kind"], "text": text,
                                                           **entry}


def golden_reading(entry: dict[str, Any]) -> list[Ability] | None:
    """The hand-written reading as values; None when it says the sentence must stay unread."""
    reading = entry["reading"]
    if reading == [{"kind": "unparsed"}]:
        return None
    return [from_data(item) for item in reading]


def _without_text(abilities: Iterable[Ability]) -> list[Ability]:
    return [replace(a, text="") for a in abilities]


def compare(entries: Sequence[dict[str, Any]]) -> Audit:
    audit = Audit()
    for entry in entries:
        audit.total += 1
        if entry.get("reading") is None:
            audit.missing.append(entry["n"])
            continue
        got = parse_sentence(entry["text"], card_name(entry["card"]))
        if not all(read_in_full(a) for a in got):
            continue
        audit.claimed += 1
        expected = golden_reading(entry)
        if expected is not None and _without_text(expected) == _without_text(got):
            audit.correct += 1
        else:
            audit.wrong.append((entry, got))
    return audit


def load(paths: Iterable[Path]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for path in paths:
        entries += read_yaml(path) or []
    return entries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.importers.abilities.audit")
    sub = parser.add_subparsers(dest="verb", required=True)
    d = sub.add_parser("draw")
    d.add_argument("out", type=Path)
    d.add_argument("--db", type=Path, default=Path("cards/sources/berserk-nxt-data.json"))
    d.add_argument("--size", type=int, default=DEFAULT_SIZE)
    d.add_argument("--seed", type=int, default=DEFAULT_SEED)
    m = sub.add_parser("measure")
    m.add_argument("golden", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.verb == "draw":
        args.out.write_text(dump_yaml(draw(args.db, args.size, args.seed)), encoding="utf-8")
        print(f"{args.size} sentences drawn (seed {args.seed}) into {args.out}")
        return 0
    audit = compare(load(args.golden))
    print(f"entries {audit.total}, without a golden reading {len(audit.missing)}")
    print(f"read in full by the extractor: {audit.claimed} ({100 * audit.coverage:.1f}%)")
    print(f"precision: {audit.correct}/{audit.claimed} ({100 * audit.precision:.1f}%)")
    for entry, got in audit.wrong:
        print(f"\n#{entry['n']} {entry['card']}: {entry['rendered']}")
        print("  golden:   ", json.dumps(entry["reading"], ensure_ascii=False))
        print("  extractor:", json.dumps([to_data(replace(a, text="")) for a in got],
                                         ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
