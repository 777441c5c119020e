"""When a query word and a name word on the same stem are the same word (the lookup's rules
for terms: a rule term is a precise word, «рядом» is not «Ряд»).

Snowball stems «рядом» and «ряд» alike, and «неуязвимость» is two letters from
«уязвимость»; but one is an adverb («nearby») and the other means its opposite. The lookup
lists such a term as a candidate, never as the answer.
"""

from __future__ import annotations

from rapidfuzz.distance import OSA

from bot.lookup.normalize import stem
from bot.ru import lexeme

#: Prefixes that turn a word into its opposite: не-, без-/бес-.
NEGATIONS = ("не", "без", "бес")


def same_word(query: str, name: str) -> bool:
    """Whether each word of ``query`` is a form of the word of ``name`` in its place: the
    same dictionary word, or the same part of speech (a typo or a rare form of it: «бронь» for
    «броня»), by pymorphy3's likeliest reading; a negation never is. A word the dictionary does
    not know (a game's own word: «душеловом») is taken to be a form of the name's.

    >>> same_word("прыжком", "прыжок"), same_word("бронь", "броня")
    (True, True)
    >>> same_word("рядом", "ряд"), same_word("нестойкость", "стойкость")
    (False, False)
    >>> same_word("душеловом", "душелов")
    True
    """
    q_words, n_words = query.split(), name.split()
    if len(q_words) != len(n_words):
        return False
    for q, n in zip(q_words, n_words, strict=True):
        if q == n:
            continue
        if _negation_of(q, n) or _negation_of(n, q):
            return False
        q_lex, n_lex = lexeme(q), lexeme(n)
        if q_lex is not None and n_lex is not None and q_lex[0] != n_lex[0] and q_lex[1] != n_lex[1]:
            return False
    return True


def negates(query: str, name: str) -> bool:
    """Whether a word of ``query`` is a word of ``name`` with a negation (or the other way).

    >>> negates("неуязвимость", "уязвимость"), negates("бесстрашие", "страх")
    (True, False)
    >>> negates("небо", "бо"), negates("уязвимость", "неуязвимость")
    (False, True)
    """
    q_words, n_words = query.split(), name.split()
    return len(q_words) == len(n_words) and any(
        _negation_of(q, n) or _negation_of(n, q) for q, n in zip(q_words, n_words, strict=True))


def _negation_of(word: str, base: str) -> bool:
    """``word`` is ``base`` with a negating prefix: «нестойкость» of «стойкость»."""
    return any(word.startswith(p) and len(base) >= 3 and stem(word[len(p):]) == stem(base)
               for p in NEGATIONS)


def un_negated(query: str) -> list[str]:
    """The query with its first word's negation taken off: «неуязвимый» → «уязвимый».

    >>> un_negated("неуязвимый"), un_negated("бесшумный шаг"), un_negated("нет")
    (['уязвимый'], ['шумный шаг'], [])
    """
    first, _, rest = query.partition(" ")
    out = []
    for prefix in NEGATIONS:
        base = first[len(prefix):]
        if first.startswith(prefix) and len(base) >= 4:
            out.append(f"{base} {rest}".strip())
    return out


def resembles(query: str, key: str) -> bool:
    """Whether a loose fuzzy match is worth listing: a misspelling (at most a third of the
    letters wrong), the same beginning of five letters («телепат…» and «телепорт…») or the
    word typed without some letters («тлпрт» for «телепортац»). Two words that only share
    letters («полет» and «проклят») are not.

    >>> resembles("тлпрт", "телепортац"), resembles("тилипартац", "телепортац")
    (True, True)
    >>> resembles("телепат", "телепортац")
    True
    >>> resembles("полет", "проклят"), resembles("лета", "метан"), resembles("яд", "ряд")
    (False, False, False)
    """
    if len(query) < 4:
        return False
    if OSA.distance(query, key) <= len(query) // 3 or query[:5] == key[:5]:
        return True
    letters = iter(key.replace(" ", ""))
    return query[0] == key[0] and all(ch in letters for ch in query)
