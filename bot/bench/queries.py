"""Query sets for the benchmark, each query with the id it must find (top-1 accuracy).

Made from a loaded :class:`~bot.corpus.model.Corpus` with a seeded random generator:

- term / card names as typed (exact), with one typo (a neighbouring key, a dropped, doubled or
  swapped letter), in another grammatical form (телепортацию, бестелесные), and typed in the
  wrong keyboard layout (ntktgjhnfwbz);
- cards by set and number (``ПХ 168``, ``Путь хранителей 168``);
- full-text search: the two rarest words of one card or term text (sometimes inflected);
- autocomplete: name prefixes of 2 to 8 letters;
- ``!check`` messages in the notation of SPEC §5.

Only names unique by their stems are used, so every expected id is the one right answer.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

import Stemmer

from bot.bench.generate import stem_key
from bot.corpus.model import Card, Corpus, Term
from bot.engine.verbs import VERBS, Verb
from bot.ru import fold

Kind = Literal["exact", "typo", "inflection", "layout", "number", "words", "prefix"]

_STEMMER = Stemmer.Stemmer("russian")
_WORD = re.compile(r"[А-Яа-яЁё]+")
_PAREN = re.compile(r"\([^()]*\)")
_PARAM = re.compile(r"^(?:[-–+]?[ХXхx](?:-[ХXхxYyУуZz]+)*[.,:]?|\[текст\][.,:]?)$")

_RU_ROWS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")
_EN_ROWS = ("qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,.")
TO_LATIN_LAYOUT = {r: e for rr, er in zip(_RU_ROWS, _EN_ROWS, strict=True)
                   for r, e in zip(rr, er, strict=True)}
TO_LATIN_LAYOUT["ё"] = "`"
_NEIGHBOURS = {
    ch: row[max(0, i - 1): i] + row[i + 1: i + 2] for row in _RU_ROWS for i, ch in enumerate(row)
}

#: Word endings and other forms of them; a form is kept only when its stem is unchanged.
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ость", ("остью", "ости")),
    ("ия", ("ию", "ии", "ией")),
    ("ие", ("ием", "ия", "ию")),
    ("ый", ("ого", "ому", "ым", "ые")),
    ("ий", ("его", "ему", "им", "ие")),
    ("ой", ("ого", "ому", "ым")),
    ("ая", ("ую", "ой", "ые")),
    ("яя", ("юю", "ей")),
    ("ое", ("ого", "ому")),
    ("ее", ("его", "ему")),
    ("ые", ("ых", "ым", "ыми")),
    ("ие", ("их", "им")),
    ("ь", ("и", "ью", "ем")),
    ("а", ("у", "ы", "ой", "е")),
    ("я", ("ю", "и", "ей")),
    ("о", ("а", "ом", "у")),
)
_CONSONANT_ENDINGS = ("а", "ом", "ы", "у", "ов")


@dataclass(frozen=True)
class Query:
    text: str
    expected: str  # the id that must come first (a term id, a card id, "term:<id>"/"card:<id>")
    kind: Kind


@dataclass
class QuerySet:
    term_exact: list[Query] = field(default_factory=list)
    term_fuzzy: list[Query] = field(default_factory=list)  # typo + inflection (+ layout)
    card_number: list[Query] = field(default_factory=list)
    card_fuzzy: list[Query] = field(default_factory=list)
    search: list[Query] = field(default_factory=list)
    complete_terms: list[Query] = field(default_factory=list)
    complete_cards: list[Query] = field(default_factory=list)
    check: list[str] = field(default_factory=list)

    def sizes(self) -> dict[str, int]:
        return {k: len(v) for k, v in vars(self).items()}


def base_name(name: str) -> str:
    """A term name as users type it: no parameter, no remark in parentheses.

    «Броня Х» → «Броня», «Опыт в защите Х (ОВЗ)» → «Опыт в защите», «Напротив (сверху)» →
    «Напротив».
    """
    words = [w.strip("[]") for w in _PAREN.sub(" ", name).split() if not _PARAM.match(w)]
    if len(words) > 1 and words[-1] == "на":
        words.pop()
    return " ".join(words)


def typo(rng: random.Random, text: str) -> str | None:
    """One realistic typo in a word of 5+ letters (never its first letter)."""
    words = [m for m in _WORD.finditer(text) if len(m.group()) >= 5]
    if not words:
        return None
    m = rng.choice(words)
    word = m.group().lower()
    i = rng.randrange(1, len(word) - 1)
    op = rng.randrange(4)
    if op == 0 and _NEIGHBOURS.get(word[i]):
        new = word[:i] + rng.choice(_NEIGHBOURS[word[i]]) + word[i + 1:]
    elif op == 1:
        new = word[:i] + word[i + 1:]
    elif op == 2:
        new = word[:i] + word[i] + word[i:]
    else:
        new = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if new == word:
        return None
    return (text[: m.start()] + new + text[m.end():]).lower()


def inflect_word(rng: random.Random, word: str) -> str | None:
    """Another grammatical form of ``word`` with the same Snowball stem, or None."""
    low = word.lower()
    stem = _STEMMER.stemWord(fold(low))
    forms: list[str] = []
    for ending, others in _ENDINGS:
        if low.endswith(ending):
            forms = [low[: -len(ending)] + o for o in others]
            break
    else:
        if low[-1:] not in "аеёиоуыэюяйь":
            forms = [low + e for e in _CONSONANT_ENDINGS]
    forms = [f for f in forms if f != low and _STEMMER.stemWord(fold(f)) == stem]
    return rng.choice(forms) if forms else None


def inflection(rng: random.Random, text: str) -> str | None:
    """``text`` with one word of 4+ letters in another form, lower case."""
    words = [m for m in _WORD.finditer(text) if len(m.group()) >= 4]
    rng.shuffle(words)
    for m in words:
        form = inflect_word(rng, m.group())
        if form:
            return (text[: m.start()] + form + text[m.end():]).lower()
    return None


def wrong_layout(text: str) -> str:
    """What ``text`` looks like typed with the Latin layout on: телепортация → ntktgjhnfwbz."""
    return "".join(TO_LATIN_LAYOUT.get(ch, ch) for ch in text.lower())


def _unique(items: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(id, name) pairs whose name's stem key belongs to no other id."""
    owners: dict[tuple[str, ...], set[str]] = {}
    for ident, name in items:
        owners.setdefault(stem_key(name), set()).add(ident)
    return [(i, n) for i, n in items if stem_key(n) and len(owners[stem_key(n)]) == 1]


def _fuzzy(rng: random.Random, pool: list[tuple[str, str]], n: int, layout_share: float
           ) -> list[Query]:
    out: list[Query] = []
    for ident, name in pool:
        if len(out) >= n:
            break
        r = rng.random()
        if r < layout_share:
            out.append(Query(wrong_layout(name), ident, "layout"))
            continue
        text = typo(rng, name) if r < layout_share + (1 - layout_share) / 2 else None
        if text:
            out.append(Query(text, ident, "typo"))
            continue
        text = inflection(rng, name)
        if text:
            out.append(Query(text, ident, "inflection"))
    return out


def _prefixes(rng: random.Random, pool: list[tuple[str, str]], n: int) -> list[Query]:
    out = []
    for ident, name in pool[:n]:
        low = name.lower()
        out.append(Query(low[: rng.randint(2, min(8, len(low)))], ident, "prefix"))
    return out


def _search(rng: random.Random, corpus: Corpus, n: int) -> list[Query]:
    docs: list[tuple[str, str]] = [
        (f"term:{t.id}", t.current.text) for t in corpus.terms.values() if t.current
    ] + [(f"card:{c.id}", c.text) for c in corpus.cards.values() if c.text]
    stems = {d: {_STEMMER.stemWord(w.lower()) for w in _WORD.findall(text) if len(w) >= 5}
             for d, text in docs}
    df: Counter[str] = Counter()
    for s in stems.values():
        df.update(s)
    out: list[Query] = []
    for ident, text in rng.sample(docs, min(n, len(docs))):
        seen: dict[str, str] = {}
        for w in _WORD.findall(text):
            if len(w) >= 5:
                seen.setdefault(_STEMMER.stemWord(w.lower()), w.lower())
        if len(seen) < 2:
            continue
        rare = sorted(seen, key=lambda s: (df[s], s))[:2]
        words = [seen[s] for s in rare]
        if rng.random() < 0.3:
            words[0] = inflect_word(rng, words[0]) or words[0]
        out.append(Query(" ".join(words), ident, "words"))
    return out


#: Words of the position notation: a synthetic name holding one would read as a marker or state.
_NOTATION_WORDS = {"враг", "врага", "противник", "противника", "летает", "закрыт", "двигался",
                   "движение", "раны"}
_CELLS = [f"{c}{r}" for c in "abcde" for r in range(1, 7)]


def _check(rng: random.Random, named: list[Card], n: int) -> list[str]:
    """``!check`` messages: unknown pieces (``?``), known cards by name, states.

    Known cards go by name: a bare number is shared by several sets at this scale and would
    (rightly) get a list of candidates instead of a verdict.
    """
    out: list[str] = []
    for _ in range(n):
        a, b, c = rng.sample(_CELLS, 3)
        me = "?"
        if named and rng.random() < 0.5:
            me = rng.choice(named).name
        state = rng.choice(("", "", " двигался", " движение 1", " раны 1", " закрыт"))
        position = f"{me} {a}{state}, враг ? {b}"
        if rng.random() < 0.5:
            position += f", ? {c}"
        question = _question(rng, rng.choice(VERBS), a, b, c)
        out.append(f"!check {position} | {question}")
    return out


def _question(rng: random.Random, verb: Verb, a: str, b: str, c: str) -> str:
    """A question with ``verb`` about the pieces on ``a`` (yours) and ``b`` (an enemy) or the
    cell ``c`` (empty or yours), with the arguments its table entry asks for: a well-formed
    question, which the engine answers with a verdict."""
    if verb.die:
        words = [f"1-2-{rng.randint(2, 3)}", str(rng.randint(1, 6)), rng.choice(("+1", "-1", ""))]
    else:
        second = b if verb.pieces == 2 else rng.choice((b, c))  # «строй»: a creature on both
        words = [a, second] if verb.refs == 2 else [b] * verb.refs
        if verb.number == "required" or (verb.number == "optional" and rng.random() < 0.5):
            words.append(str(rng.randint(1, 4)))
    return " ".join([verb.word, *words]).strip()


def make_queries(corpus: Corpus, n: int = 1000, seed: int = 1, check_n: int | None = None
                 ) -> QuerySet:
    """Up to ``n`` queries of each kind (``check_n`` ``!check`` messages, default ``n``)."""
    rng = random.Random(seed)
    terms: list[Term] = sorted(corpus.terms.values(), key=lambda t: t.id)
    cards: list[Card] = sorted(corpus.cards.values(), key=lambda c: c.id)
    term_pool = _unique([(t.id, base_name(t.name)) for t in terms])
    card_pool = _unique([(c.id, c.name) for c in cards])
    rng.shuffle(term_pool)
    rng.shuffle(card_pool)
    qs = QuerySet()
    qs.term_exact = [Query(name if i % 2 else name.lower(), ident, "exact")
                     for i, (ident, name) in enumerate(term_pool[:n])]
    qs.term_fuzzy = _fuzzy(rng, term_pool, n, layout_share=0.1)
    qs.card_fuzzy = _fuzzy(rng, card_pool, n, layout_share=0.1)
    for card in rng.sample(cards, min(n, len(cards))):
        cs = corpus.sets.get(card.set_id)
        if cs is None:
            continue
        label = cs.initials if rng.random() < 0.7 else cs.name
        qs.card_number.append(Query(f"{label} {card.number}", card.id, "number"))
    qs.search = _search(rng, corpus, n)
    qs.complete_terms = _prefixes(rng, term_pool, n)
    qs.complete_cards = _prefixes(rng, card_pool, n)
    real = [c for c in cards if c.ground and c.source != "bench"]
    synthetic = [c for c in cards if c.ground and c.source == "bench"
                 and not _NOTATION_WORDS & set(c.name.lower().split())][:100]
    qs.check = _check(rng, real + synthetic, n if check_n is None else check_n)
    return qs
