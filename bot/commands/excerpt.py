"""The sentences of a rule that decided a verdict: a quoted rule trimmed for chat.

A check cites whole terms («Телепортация» is 1,100 characters); the answer quotes, of each, the
sentences that share the most words with the verdict's reasons (a word rare in the rule counts
more than one on every line of it), in the rule's order, with «…» where sentences are left
out. The full texts stay one button (Discord) or ``--full`` (CLI) away.

>>> rule = ("Телепортация. Способ движения существа. Только наземные существа могут иметь и "
...         "использовать телепортацию. Телепортация может быть медленной.")
>>> excerpt(rule, ["«Баалит» — наземное существо: может иметь и использовать телепортацию."],
...         limit=80, name="Телепортация")
'… Только наземные существа могут иметь и использовать телепортацию. …'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from bot.lookup.normalize import stem
from bot.ru import fold, sentences

#: Characters of one quoted rule in a chat answer.
EXCERPT = 400
#: A sentence is quoted only if it scores at least this share of the best one.
FLOOR = 0.3
#: Stems too common in rule texts and reasons to tell sentences apart.
_COMMON = frozenset({"может", "котор", "эт", "есл", "такж", "существ", "карт", "особен",
                     "использова", "означа", "явля"})
GAP = "…"


_WORD = re.compile(r"[а-яё]{4,}")


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """Stems of the Russian words (of four letters or more) of ``text``."""
    return frozenset(s for s in (stem(w) for w in _WORD.findall(fold(text)))
                     if s not in _COMMON and len(s) >= 3)


@lru_cache(maxsize=1024)
def _rule(text: str) -> tuple[list[str], list[str], list[frozenset[str]], Counter[str]]:
    """A rule text's sentences, folded, their stems and in how many sentences each stem is
    (the corpus has a few hundred rule texts: each is split and stemmed once per process)."""
    parts = sentences(text)
    stems = [_stems(p) for p in parts]
    return parts, [fold(p) for p in parts], stems, Counter(s for group in stems for s in group)


def prepare(text: str, limit: int = EXCERPT) -> None:
    """Split and stem ``text`` now, as :func:`excerpt` would on its first quote of it."""
    text = " ".join(text.split())
    if len(text) > limit:
        _rule(text)


def excerpt(text: str, cues: Iterable[str], limit: int = EXCERPT, name: str = "") -> str:
    """``text`` itself when it fits ``limit``; else the sentences that share most words with
    ``cues`` (the reasons, triggers and notes of the verdict), in order, gaps marked «…». The
    sentence that only repeats the rule's ``name`` (its heading) is never picked."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    parts, folded, stems, spread = _rule(text)
    wanted = frozenset().union(*(_stems(c) for c in cues))
    heading = fold(name)

    def score(i: int) -> float:
        if heading and folded[i].startswith(heading) and len(parts[i]) <= len(name) + 20:
            return 0.0
        return sum(1 / spread[s] for s in stems[i] & wanted)

    scores = [score(i) for i in range(len(parts))]
    ranked = sorted(range(len(parts)), key=lambda i: (-scores[i], len(parts[i]), i))
    floor = FLOOR * scores[ranked[0]]
    picked: list[int] = []
    used = 0
    for i in ranked:
        if picked and (scores[i] == 0 or scores[i] < floor):
            break  # only sentences that share the verdict's words about as well
        if used + len(parts[i]) + 2 <= limit or not picked:
            picked.append(i)
            used += len(parts[i]) + 2
    return _joined(parts, sorted(picked), limit)


def _joined(parts: list[str], picked: list[int], limit: int) -> str:
    out: list[str] = []
    previous = -1
    for i in picked:
        if i != previous + 1:
            out.append(GAP)
        out.append(parts[i])
        previous = i
    if previous != len(parts) - 1:
        out.append(GAP)
    text = " ".join(out)
    if len(text) > limit:  # one sentence longer than the whole budget
        text = text[: limit - 2].rsplit(" ", 1)[0] + " " + GAP
    return text
