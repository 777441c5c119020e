"""A deterministic synthetic corpus at scale, written as valid YAML under a temp root.

The vocabulary comes from the seed pages (``rules/sources/*.txt``): words (one form per stem),
sentences for rule texts, and card-like ability phrases («метание на 1-2-2, дальность 3»,
«Прыжок, дальность 2», «Телепортация» …). Names are unique by their stems, so every name-based
query has exactly one right answer. The shipped corpus (``rules/``, ``cards/`` of the project)
is copied in beside the synthetic data: its sources and terms are merged into
``rules/sources.yaml`` and ``rules/terms.yaml``; synthetic cards go to ``cards/<set>-bench.yaml``,
one file per synthetic set.

Same seed, same vocabulary, same shipped corpus → the same bytes.
"""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import Stemmer

from bot import PROJECT_ROOT
from bot.corpus.abilities import Attack, Incorporeal, Jump, Reduction, Teleport, Throw, to_data
from bot.corpus.load import SOURCES_FILE
from bot.corpus.sets import KNOWN_SETS
from bot.corpus.yamlio import dump_yaml, read_yaml
from bot.ru import fold

DEFAULT_SEED = 20261130
DEFAULT_CARDS = 5000
DEFAULT_TERMS = 1000
SET_SIZE = 250  # cards per synthetic set, about the size of a real one
FIRST_SET_ID = 100  # synthetic set ids start here: no clash with the real ones (10 … 50)

_WORD = re.compile(r"[А-Яа-яЁё]+")
_PAREN = re.compile(r"\(([^()]*)\)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[А-ЯЁ«\"])")
_STEMMER = Stemmer.Stemmer("russian")

ELEMENTS = ("Горы", "Леса", "Степи", "Болота", "Тьма", "Нейтралы")
CREATURE_TYPES = ("Нелетающее", "Нелетающее", "Нелетающее", "Летающее")
ICON_CODES = ("ovz", "ova", "armor", "zov", "zot", "regen", "stamina")
SYNTH_SOURCES = (
    {"id": "bench-rp", "title": "Синтетические правила (бенчмарк)", "date": "2024-11-09", "rank": 10},
    {"id": "bench-glossary", "title": "Синтетический глоссарий (бенчмарк)", "date": None, "rank": 11},
)


_FLEETING = re.compile(r"(?<=[бвгджзклмнпрстфхцчшщ])[оеё](?=[кц]$)")


def stem_key(text: str) -> tuple[str, ...]:
    """The sorted stems of a name's words: names equal up to inflection share a key.

    Snowball stems, with a fleeting о/е before a final к/ц dropped (фишек/фишку → фишк).
    """
    words = [fold(w) for w in _WORD.findall(text) if len(w) > 1]
    return tuple(sorted(_FLEETING.sub("", s) for s in _STEMMER.stemWords(words)))


@dataclass(frozen=True)
class Vocabulary:
    words: tuple[str, ...]  # one form per stem, lower case, sorted
    name_words: tuple[str, ...]  # the words of 5 letters or more: names are made of these
    sentences: tuple[str, ...]  # whole sentences of the seed pages, for rule texts

    @classmethod
    def from_sources(cls, folder: Path) -> Vocabulary:
        counts: Counter[str] = Counter()
        sentences: set[str] = set()
        for path in sorted(folder.glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            counts.update(w.lower() for w in _WORD.findall(text) if len(w) >= 4)
            for line in text.splitlines():
                for s in _SENTENCE_END.split(line.strip()):
                    if 40 <= len(s) <= 300 and s.endswith("."):
                        sentences.add(s)
        by_stem: dict[str, list[str]] = defaultdict(list)
        for word in sorted(counts):
            by_stem[_STEMMER.stemWord(word.replace("ё", "е"))].append(word)
        # The most frequent form stands for its stem (ties: alphabetical).
        words = sorted(max(forms, key=lambda w: (counts[w], -len(w))) for forms in by_stem.values())
        if len(words) < 50 or not sentences:
            raise ValueError(f"too little seed text under {folder} to build a vocabulary")
        return cls(words=tuple(words), name_words=tuple(w for w in words if len(w) >= 5),
                   sentences=tuple(sorted(sentences)))


@dataclass
class _Names:
    """Hands out names that are unique by stem key (and by casefolded text)."""

    rng: random.Random
    words: tuple[str, ...]
    taken: set[tuple[str, ...]] = field(default_factory=set)

    def reserve(self, name: str) -> None:
        """Keep ``name`` (the whole of it, without the remark in parentheses, and each
        remark) from being handed out again in any form."""
        self.taken.add(stem_key(name))
        self.taken.add(stem_key(_PAREN.sub(" ", name)))
        for remark in _PAREN.findall(name):
            self.taken.add(stem_key(remark))

    def new(self, min_words: int, max_words: int) -> str:
        for _ in range(10_000):
            n = self.rng.randint(min_words, max_words)
            parts = self.rng.sample(self.words, n)
            key = stem_key(" ".join(parts))
            if len(set(key)) != len(key) or key in self.taken:
                continue
            self.taken.add(key)
            return " ".join(parts).capitalize()
        raise RuntimeError("vocabulary exhausted: cannot make more unique names")


@dataclass(frozen=True)
class BenchCorpus:
    root: Path
    synthetic_terms: int
    synthetic_cards: int
    real_terms: int
    real_cards: int
    files: tuple[str, ...]  # every written file, relative to root
    asks: tuple[str, str]  # a term and a card the corpus surely has, for whole `ask` runs


def _load_real(real_root: Path | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                list[Path], list[Path]]:
    """The shipped corpus: its sources, its terms, other rules files and card files."""
    if real_root is None or not (real_root / "rules").is_dir():
        return [], [], [], []
    sources: list[dict[str, Any]] = []
    terms: list[dict[str, Any]] = []
    other_rules: list[Path] = []
    for path in sorted((real_root / "rules").glob("*.yaml")):
        data = read_yaml(path) or {}
        if path.name == SOURCES_FILE:
            sources += data.get("sources", [])
        elif path.name == "terms.yaml":
            terms += data.get("terms", [])
        else:
            other_rules.append(path)
    cards = sorted((real_root / "cards").glob("*.yaml")) if (real_root / "cards").is_dir() else []
    return sources, terms, other_rules, cards


def _abbreviation(name: str) -> str | None:
    words = _WORD.findall(name)
    return "".join(w[0] for w in words).upper() if len(words) >= 2 else None


def _term(rng: random.Random, vocab: Vocabulary, tid: str, name: str,
          ids_so_far: list[str], abbreviations: set[str]) -> dict[str, Any]:
    term: dict[str, Any] = {"id": tid, "name": name}
    if rng.random() < 0.15:  # a parametrised term, like «Броня Х»
        term["name"] = f"{name} Х"
        term["parameters"] = ["X"]
    abbr = _abbreviation(name)
    if abbr and len(abbr) >= 3 and rng.random() < 0.2 and abbr not in abbreviations:
        abbreviations.add(abbr)
        term["abbreviations"] = [abbr]
    term["kinds"] = [rng.choice(("Именная особенность", "Срабатывающая особенность",
                                 "Играемая особенность", "Модификатор", "Способность"))]
    if rng.random() < 0.9:  # the rest are known by name only
        versions = []
        for source in rng.sample([s["id"] for s in SYNTH_SOURCES], rng.choice((1, 1, 2))):
            filler = " ".join(rng.sample(vocab.words, rng.randint(6, 14)))
            body = " ".join(rng.sample(vocab.sentences, rng.randint(1, 3)))
            versions.append({"source": source,
                             "text": f"{name}. {body} {filler.capitalize()}."})
        term["versions"] = versions
    if ids_so_far and rng.random() < 0.4:
        term["related"] = sorted(set(rng.sample(ids_so_far, min(len(ids_so_far), rng.randint(1, 3)))))
    return term


def _ability_phrase(rng: random.Random, vocab: Vocabulary, real_ids: set[str]
                    ) -> tuple[str, dict[str, Any] | None, list[str]]:
    """One sentence of card text, its structured ability (if any) and the real terms it uses."""
    kind = rng.randrange(8)

    def uses(*ids: str) -> list[str]:
        return [i for i in ids if i in real_ids]

    if kind == 0:
        x = rng.randint(1, 2)
        values = [x, x + rng.randint(0, 1), x + rng.randint(1, 2)]
        rng_ = rng.randint(2, 5)
        text = f"Метание на {'-'.join(map(str, values))}, дальность {rng_}."
        throw = Throw(values=(values[0], values[1], values[2]), range=rng_, text=text)
        return text, to_data(throw), uses("metanie", "dalnost")
    if kind == 1:
        r = rng.randint(1, 3)
        text = f"Прыжок, дальность {r}."
        return text, to_data(Jump(range=r, text=text)), uses("pryzhok")
    if kind == 2:
        return "Телепортация.", to_data(Teleport(text="Телепортация.")), uses("teleportatsiya")
    if kind == 3:
        text = "Бестелесный: -1 от простого удара."
        minus_one = Reduction(value=1, against=(Attack(kind="simple_strike"),))
        return text, to_data(Incorporeal(grants=(minus_one,), text=text)), uses("bestelesnost")
    if kind == 4:
        x = rng.randint(1, 3)
        text = f"Выстрел на {x}, дальность {rng.randint(2, 4)}."
        return text, None, uses("vystrel", "dalnost")
    if kind == 5:
        a, b = rng.sample(vocab.words, 2)
        text = (f"Когда {a} {b} — метание «{rng.choice(vocab.words)}» на {rng.randint(1, 2)}, "
                f"дальность {rng.randint(2, 4)} ({rng.randint(1, 2)} раза за ход).")
        return text, None, uses("metanie", "dalnost", "raz-za-khod")
    if kind == 6:
        text = f"Броня {rng.randint(1, 2)}. Опыт в защите {rng.randint(1, 2)}."
        return text, None, uses("opyt-v-zashchite")
    text = " ".join(rng.sample(vocab.words, rng.randint(5, 12))).capitalize() + "."
    return text, None, []


def _card(rng: random.Random, vocab: Vocabulary, set_id: int, number: int, name: str,
          term_ids: list[str], real_ids: set[str]) -> dict[str, Any]:
    phrases, abilities, rules = [], [], []
    for _ in range(rng.randint(1, 3)):
        text, ability, used = _ability_phrase(rng, vocab, real_ids)
        phrases.append(text)
        if ability is not None:
            abilities.append(ability)
        rules += used
    if term_ids:
        rules += rng.sample(term_ids, rng.randint(0, 3))
    creature = rng.random() < 0.85
    card: dict[str, Any] = {
        "id": f"{set_id}-{number}", "number": number, "name": name,
        "element": rng.choice(ELEMENTS), "cost": rng.randint(1, 9), "elite": rng.random() < 0.3,
        "unique": rng.random() < 0.1, "type": "Существо" if creature else "Артефакт",
    }
    if creature:
        card["creature_type"] = rng.choice(CREATURE_TYPES)
        a = rng.randint(0, 2)
        card.update(lives=rng.randint(2, 10), movement=rng.randint(0, 3),
                    strike=[a, a + rng.randint(0, 2), a + rng.randint(2, 4)])
    card["classes"] = [rng.choice(vocab.words).capitalize()]
    if rng.random() < 0.3:
        card["icons"] = {rng.choice(ICON_CODES): rng.randint(1, 2)}
    card["text"] = " ".join(phrases)
    if rng.random() < 0.5:
        card["flavour"] = "«" + rng.choice(vocab.sentences) + "»"
    card["artist"] = " ".join(w.capitalize() for w in rng.sample(vocab.words, 2))
    card["rarity"] = rng.choice(("Частая", "Необычная", "Редкая", "Ультраредкая"))
    card["rules"] = sorted(set(rules))
    card["abilities"] = abilities
    card["source"] = "bench"
    return card


def generate(out: Path, cards: int = DEFAULT_CARDS, terms: int = DEFAULT_TERMS,
             seed: int = DEFAULT_SEED, real_root: Path | None = PROJECT_ROOT,
             sources_dir: Path | None = None) -> BenchCorpus:
    """Write the synthetic corpus (plus the shipped one from ``real_root``) under ``out``.

    ``out`` must be empty or missing. ``sources_dir`` holds the seed texts for the vocabulary
    (default: ``rules/sources`` of the project).
    """
    if out.exists() and any(out.iterdir()):
        raise FileExistsError(f"{out} is not empty")
    vocab = Vocabulary.from_sources(sources_dir or PROJECT_ROOT / "rules" / "sources")
    rng = random.Random(seed)
    names = _Names(rng, vocab.name_words)
    real_sources, real_terms, other_rules, real_cards = _load_real(real_root)
    real_ids = {t["id"] for t in real_terms}
    for t in real_terms:
        names.reserve(t["name"])
        for alias in t.get("aliases", []) + t.get("abbreviations", []):
            names.reserve(alias)
    real_card_count = 0
    for path in real_cards:
        for c in (read_yaml(path) or {}).get("cards", []):
            names.reserve(c["name"])
            real_card_count += 1

    written: list[str] = []

    def write(rel: str, data: Any) -> None:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_yaml(data), encoding="utf-8", newline="\n")
        written.append(rel)

    (out / "rules").mkdir(parents=True, exist_ok=True)
    (out / "cards").mkdir(parents=True, exist_ok=True)
    if real_root is not None and (real_root / "rules" / "sources").is_dir():
        shutil.copytree(real_root / "rules" / "sources", out / "rules" / "sources")
    write(f"rules/{SOURCES_FILE}", {"sources": real_sources + [dict(s) for s in SYNTH_SOURCES]})

    term_list: list[dict[str, Any]] = []
    term_ids: list[str] = []
    abbreviations = {a for t in real_terms for a in t.get("abbreviations", [])}
    for i in range(terms):
        tid = f"bench-t{i:05d}"
        term_list.append(_term(rng, vocab, tid, names.new(1, 3), term_ids, abbreviations))
        term_ids.append(tid)
    write("rules/terms.yaml", {"terms": real_terms + term_list})
    for path in other_rules:
        shutil.copyfile(path, out / "rules" / path.name)
        written.append(f"rules/{path.name}")
    for path in real_cards:
        shutil.copyfile(path, out / "cards" / path.name)
        written.append(f"cards/{path.name}")

    taken_initials = {s.initials for s in KNOWN_SETS.values()}
    first_card = ""
    remaining, set_id = cards, FIRST_SET_ID
    while remaining > 0:
        size = min(SET_SIZE, remaining)
        set_name = names.new(2, 2)
        initials = _abbreviation(set_name) or set_name[:2].upper()
        suffix = 1
        while initials in taken_initials:
            suffix += 1
            initials = f"{_abbreviation(set_name)}{suffix}"
        taken_initials.add(initials)
        card_list = [
            _card(rng, vocab, set_id, number, names.new(1, 3), term_ids, real_ids)
            for number in range(1, size + 1)
        ]
        first_card = first_card or card_list[0]["name"]
        write(f"cards/{set_id}-bench.yaml",
              {"set": {"id": set_id, "name": set_name, "initials": initials}, "cards": card_list})
        remaining -= size
        set_id += 1
    return BenchCorpus(root=out, synthetic_terms=terms, synthetic_cards=cards,
                       real_terms=len(real_terms), real_cards=real_card_count,
                       files=tuple(sorted(written)),
                       asks=("!term телепортация", "!card баалит") if real_terms and real_card_count
                       else (f"!term {term_list[0]['name']}", f"!card {first_card}"))
