"""The chat notation of SPEC §5: a position and a question in one message.

``168 a1, враг ? c6, враг ? e2 | телепортация a1 b6`` — placements separated by ``,`` ``;`` or
new lines (``[враг|противник] <card> <cell|летает> [states…]``, the states of :data:`STATES`;
a card whose database type is «Летающее» needs no cell: it stands in the auxiliary zone), the
question after ``|`` or on its own line. Cards are resolved by a callable passed in, so this
module stays pure:

>>> parsed = parse_check("? a1, враг ? c6 | дальность a1 c6 4", lambda q: Resolution(None))
>>> parsed.question.verb, len(parsed.position)
('range', 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from bot.corpus.model import Card
from bot.engine.board import Cell, parse_cell
from bot.engine.checks import Ref
from bot.engine.position import Piece, Position
from bot.engine.result import CheckResult
from bot.engine.verbs import BY_NAME, Question, Verb, usage_list, verb_for
from bot.ru import echo
from bot.ru import fold as fold_word

MAX_RANGE = 30
MAX_MOVEMENT = 30
MAX_WOUNDS = 99
MAX_COUNTERS = 99
MAX_MODIFIER = 10
MAX_DIE_VALUE = 30
#: Creatures of one player the notation takes: as many as the field has cells (flyers
#: included), far more than a squad fields, and an answer that still fits a chat message.
MAX_SIDE_PIECES = 30

ENEMY_WORDS = {"враг", "противник", "противника", "вражеский", "вражеская", "чужой", "enemy", "foe"}
OWN_WORDS = {"свой", "своя", "мой", "моя", "наш", "own", "my"}
_SIDE_WORDS = ENEMY_WORDS | OWN_WORDS
FLYING_WORDS = {"летает", "летающий", "летающее", "летающая", "fly", "flying", "flies"}

DIE_MODIFIER_WORDS = {
    "благословление": "blessing", "благословение": "blessing", "blessing": "blessing",
    "проклятие": "curse", "curse": "curse",
    "ова": "ova", "ova": "ova", "овз": "ovz", "ovz": "ovz",
    "неповоротливость": "clumsy", "clumsy": "clumsy",
}
_CELL_LIKE = re.compile(r"^[a-zа-я]\d{1,3}$")
_SEPARATORS = re.compile(r"[,;\n]")
_NUMBER = re.compile(r"^[+-]?\d+$")
_DIE = re.compile(r"^(\d{1,3})(?:-(\d{1,3})-(\d{1,3}))?$")


@dataclass(frozen=True)
class Resolution:
    """What a card query resolved to: a card, or "did you mean" suggestions."""

    card: Card | None
    suggestions: tuple[str, ...] = ()


CardResolver = Callable[[str], Resolution]


class NotationError(ValueError):
    """A position or question the bot cannot read; ``message`` is Russian for the user."""

    def __init__(self, message: str, token: str | None = None,
                 suggestions: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.token = token
        self.suggestions = list(suggestions)


@dataclass(frozen=True)
class State:
    """A placement state: the words that name it, whether a number follows (``limit``: 0…limit),
    how it changes the piece, and its line in ``!help check`` (``usage`` and ``help``)."""

    words: frozenset[str]
    usage: str
    apply: Callable[[Piece, int], Piece]
    limit: int | None = None
    help: str = ""

    def line(self) -> str:
        return f"`{self.usage}`" + (f" ({self.help})" if self.help else "")


def _wound(piece: Piece, n: int) -> Piece:
    lives = piece.card.lives if piece.card else None
    if lives is not None and n >= lives:
        raise NotationError(f"У {piece.name} {lives} жизней: с {n} ранами оно бы уже погибло.",
                            str(n))
    return replace(piece, wounds=n)


#: The states of a placement, in the order ``!help check`` lists them.
STATES: tuple[State, ...] = (
    State(frozenset({"закрыт", "закрыта", "закрыто", "closed", "tapped"}), "закрыт",
          lambda p, _: replace(p, closed=True)),
    State(frozenset({"открыт", "открыта", "открыто", "open"}), "открыт",
          lambda p, _: replace(p, closed=False), help="по умолчанию"),
    State(frozenset({"двигался", "двигалась", "двигалось", "moved"}), "двигался",
          lambda p, _: replace(p, moved=True), help="уже использовал медленное движение"),
    State(frozenset({"движение", "движения", "move", "movement"}), "движение N",
          lambda p, n: replace(p, movement_left=n), MAX_MOVEMENT, help="осталось"),
    State(frozenset({"раны", "ран", "рана", "ранен", "ранено", "wounds", "wound"}), "раны N",
          _wound, MAX_WOUNDS),
    State(frozenset({"фишки", "фишка", "фишек", "фишку", "counters", "counter"}), "фишки N",
          lambda p, n: replace(p, counters=n), MAX_COUNTERS, help="не указано — «Неизвестно»"),
    State(frozenset({"жетоны", "жетон", "жетона", "жетонов", "tokens", "token"}), "жетоны N",
          lambda p, n: replace(p, tokens=n), MAX_COUNTERS, help="не указано — «Неизвестно»"),
)
STATE_BY_WORD: dict[str, State] = {w: s for s in STATES for w in s.words}


def states_help() -> str:
    """The states as ``!help check`` lists them: «`закрыт`, …, `раны N`, `фишки N` (…)»."""
    return ", ".join(s.line() for s in STATES)


@dataclass(frozen=True)
class ParsedCheck:
    position: Position
    question: Question


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """A typed word as the notation compares it: folded (:func:`bot.ru.fold`), trimmed.
    Kept for the words players repeat (cells, «враг», states): a check folds dozens."""
    return fold_word(text).strip()


# ---------------------------------------------------------------------------------------------
# The whole message


def parse_check(text: str, resolve: CardResolver) -> ParsedCheck:
    """Parse ``<position> | <question>`` (or the question on its own line)."""
    position_text, question_text = split_question(text)
    position = parse_position(position_text, resolve)
    question = parse_question(question_text, position)
    return ParsedCheck(position, question)


def split_question(text: str) -> tuple[str, str]:
    """Split the position from the question: at ``|`` or at the last line starting with a verb."""
    text = text.strip()
    if not text:
        raise NotationError("Пустой запрос: нужна позиция и вопрос, например "
                            "`!check 168 a1, враг ? c6 | телепортация a1 b6`. Подробнее: `!help check`.")
    if "|" in text:
        position, _, question = text.partition("|")
        if "|" in question:
            raise NotationError("Две черты «|»: вопрос должен быть один.", "|")
        if _starts_with_verb(position) and not _starts_with_verb(question):
            position, question = question, position  # «вопрос | позиция» is understood too
        return position, question
    lines = [ln for ln in text.split("\n") if ln.strip()]
    for i in range(len(lines) - 1, -1, -1):
        if _starts_with_verb(lines[i]):
            return "\n".join(lines[:i] + lines[i + 1:]), lines[i]
    raise NotationError("Не вижу вопроса: напишите его после «|» или отдельной строкой, "
                        f"например `| телепортация a1 b6`. Вопросы: {usage_list()}.")


def _starts_with_verb(text: str) -> bool:
    words = text.split()
    return bool(words) and verb_for(words[0]) is not None


# ---------------------------------------------------------------------------------------------
# Position


def parse_position(text: str, resolve: CardResolver) -> Position:
    """The placements of a position; each player's creatures at most :data:`MAX_SIDE_PIECES`,
    a unique card («Уникальная» in the card base) at most once in a squad."""
    pieces: list[Piece] = []
    chunks = _placements(text, resolve)
    if len(chunks) > 2 * MAX_SIDE_PIECES:  # a flood: refused before a single card is resolved
        _check_squads([], len(chunks))
    for chunk in chunks:
        piece = parse_placement(chunk, resolve)
        if piece.cell is not None:
            taken = next((p for p in pieces if p.cell == piece.cell), None)
            if taken is not None:
                raise NotationError(f"Две карты на одной клетке {piece.cell}: там уже стоит "
                                    f"{taken.name}.", str(piece.cell))
        pieces.append(piece)
    _check_squads(pieces, len(chunks))
    return Position(tuple(pieces))


def _placements(text: str, resolve: CardResolver) -> list[str]:
    """The placements of a position. A comma may stand inside a card's name («Дрочеслав, сын
    Сергея c1»): a part that is no placement on its own is joined to the next one when the two
    read as one placement of a card whose name has a comma."""
    parts = [p.strip() for p in _SEPARATORS.split(text)]
    seps = [m.group() for m in _SEPARATORS.finditer(text)]
    out: list[str] = []
    i = 0
    while i < len(parts):
        chunk = parts[i]
        if chunk and i + 1 < len(parts) and seps[i] == "," and parts[i + 1] \
                and _location_index(chunk.split()) is None and _named_with_comma(
                    f"{chunk}, {parts[i + 1]}", resolve):
            out.append(f"{chunk}, {parts[i + 1]}")
            i += 2
            continue
        if chunk:
            out.append(chunk)
        i += 1
    return out


def _named_with_comma(chunk: str, resolve: CardResolver) -> bool:
    try:
        piece = parse_placement(chunk, resolve)
    except NotationError:
        return False
    return piece.card is not None and "," in piece.card.name


def _check_squads(pieces: list[Piece], placements: int) -> None:
    sides = [[p for p in pieces if p.enemy == enemy] for enemy in (False, True)]
    if placements > 2 * MAX_SIDE_PIECES or any(len(side) > MAX_SIDE_PIECES for side in sides):
        raise NotationError(
            f"Слишком много существ в позиции ({placements}): бот разбирает не больше "
            f"{MAX_SIDE_PIECES} существ у каждого игрока — на поле всего 30 клеток. "
            "Опишите только тех, кто важен для вопроса.")
    for side, whose in zip(sides, ("ваших", "противника"), strict=True):
        seen: set[str] = set()
        for piece in side:
            card = piece.card
            if card is None or not card.unique:
                continue
            if card.id in seen:
                raise NotationError(
                    f"«{card.name}» — уникальная карта, а в позиции она дважды среди {whose} "
                    "существ. Уточните позицию: вторая — другая карта или «?».", card.name)
            seen.add(card.id)


def parse_placement(chunk: str, resolve: CardResolver) -> Piece:
    """``[враг] <card> <cell|летает> [states…]`` → a piece. A card whose database type is
    «Летающее» is a flyer wherever it is placed: it needs no cell (nor «летает»)."""
    tokens = chunk.split()
    enemy = False
    while tokens and fold(tokens[0]) in _SIDE_WORDS:
        enemy = fold(tokens.pop(0)) in ENEMY_WORDS
    where = _location_index(tokens)
    end = where if where is not None else _states_index(tokens)
    if end == 0:  # «враг» alone has no token left
        before = f" перед «{tokens[0]}»" if tokens else ""
        raise NotationError(f"В «{_echo(chunk)}» не указана карта{before}: номер, "
                            "название или «?».", tokens[0] if tokens else chunk)
    card_text = " ".join(tokens[:end])
    card = _resolve_card(card_text, resolve) if where is not None else _flyer(card_text, resolve)
    if where is None and card is None:
        raise NotationError(f"В «{_echo(chunk)}» нет клетки: после карты нужна клетка a1…e6 "
                            "(или а1…д6) либо «летает».", chunk)
    loc = tokens[where] if where is not None else None
    flying = loc is None or fold(loc) in FLYING_WORDS or (card is not None and card.flying)
    cell = None if loc is None or fold(loc) in FLYING_WORDS else _cell(loc)
    if card is not None and card.flying and cell is not None:
        raise NotationError(f"«{card.name}» — летающее существо: оно стоит во вспомогательной "
                            f"зоне. Напишите «{card_text}» без клетки вместо «{loc}».", loc)
    piece = Piece(card=card, cell=cell, enemy=enemy, flying=flying)
    return _apply_states(piece, tokens[end + (loc is not None):], chunk)


def _location_index(tokens: list[str]) -> int | None:
    for i, tok in enumerate(tokens):
        word = fold(tok)
        if word in FLYING_WORDS or _CELL_LIKE.match(word):
            return i
    return None


def placeable(card: Card) -> bool:
    """Whether the notation puts ``card`` into a position: creatures only (artefacts,
    terrains and symbiotes are not placed, so `!check` never applies their abilities)."""
    return card.type == "Существо"


def _flyer(text: str, resolve: CardResolver) -> Card | None:
    """The card ``text`` names when it is a flying creature (placed without a cell), else None."""
    card = resolve(text).card if text != "?" else None
    return card if card is not None and placeable(card) and card.flying else None


def _states_index(tokens: list[str]) -> int:
    """Where the states begin in a placement without a cell (a flyer's): the first state word."""
    return next((i for i, tok in enumerate(tokens) if fold(tok) in STATE_BY_WORD), len(tokens))


def _cell(token: str) -> Cell:
    cell = parse_cell(token)
    if cell is None:
        raise NotationError(f"Неизвестная клетка «{_echo(token)}»: столбцы a–e (или а–д), "
                            "ряды 1–6 (1 — ваш третий ряд, 6 — третий ряд противника).", token)
    return cell


def _resolve_card(text: str, resolve: CardResolver) -> Card | None:
    if text == "?":
        return None
    res = resolve(text)
    if res.card is None:
        hint = " Возможно, вы имели в виду: " + ", ".join(res.suggestions) + "." if res.suggestions else ""
        raise NotationError(f"Не знаю карту «{_echo(text)}».{hint} Неизвестное существо "
                            "обозначается «?».", text, res.suggestions)
    if not placeable(res.card):
        raise NotationError(f"«{res.card.name}» — не существо ({res.card.type}): на поле "
                            "ставятся только существа.", text)
    return res.card


def _apply_states(piece: Piece, tokens: list[str], chunk: str) -> Piece:
    i = 0
    while i < len(tokens):
        state = STATE_BY_WORD.get(fold(tokens[i]))
        if state is None:
            raise NotationError(f"Не понимаю «{_echo(tokens[i])}» в «{_echo(chunk)}». Состояния: "
                                f"{', '.join(s.usage for s in STATES)}.", tokens[i])
        n = 0
        if state.limit is not None:
            n = _number_after(tokens, i, chunk, state.limit)
            i += 1
        piece = state.apply(piece, n)
        i += 1
    return piece


def _number_after(tokens: list[str], i: int, chunk: str, limit: int) -> int:
    if i + 1 >= len(tokens) or not _NUMBER.match(tokens[i + 1]):
        raise NotationError(f"После «{tokens[i]}» нужно число (в «{_echo(chunk)}»).", tokens[i])
    n = int(tokens[i + 1])
    if not 0 <= n <= limit:
        raise NotationError(f"«{tokens[i]} {tokens[i + 1]}» — невозможное число "
                            f"(допустимо 0…{limit}).", tokens[i + 1])
    return n


# ---------------------------------------------------------------------------------------------
# Question


def parse_question(text: str, position: Position) -> Question:
    tokens = text.split()
    if not tokens:
        raise NotationError(f"После «|» нет вопроса. Вопросы: {usage_list()}.")
    word = tokens[0]
    verb = verb_for(word)
    if verb is None:
        raise NotationError(f"Не знаю вопрос «{_echo(word)}». Вопросы: {usage_list()}.", word)
    args = tokens[1:]
    if verb.die:
        return _die_question(verb, word, args)
    if verb.pieces and not len(position):
        raise NotationError("Пустая позиция: перед вопросом опишите, кто где стоит, например "
                            "`168 a1, враг ? c6 | …`.")
    return _ref_question(verb, word, args, position)


def _ref_question(verb: Verb, word: str, args: list[str], position: Position) -> Question:
    refs: list[Ref] = []
    rest = list(args)
    while len(refs) < verb.refs:
        if not rest:
            raise NotationError(f"Не хватает аргументов: «{verb.usage}», например "
                                f"«{verb.example}».", word)
        refs.append(_take_ref(rest, position, verb))
    number = _optional_number(verb, word, rest)
    for i, ref in enumerate(refs[: verb.pieces]):
        if ref.piece is None:
            raise NotationError(f"На {ref.where} нет существа" + (
                f": вопрос «{word}» задаётся про существо из позиции." if i == 0 else "."),
                ref.token)
    return Question(verb.name, word, tuple(refs), number=number)


def _take_ref(rest: list[str], position: Position, verb: Verb) -> Ref:
    token = rest[0]
    folded = fold(token)
    if _CELL_LIKE.match(folded):
        rest.pop(0)
        cell = _cell(token)
        return Ref(token, cell, position.at(cell))
    if folded in FLYING_WORDS:
        rest.pop(0)
        flyers = position.flyers()
        if len(flyers) != 1:
            raise NotationError("«летает» в вопросе указывает на единственное летающее существо, "
                                f"а их {len(flyers)}: назовите карту.", token)
        return Ref(token, None, flyers[0])
    piece, used = _match_piece(rest, position)
    if piece is None:
        raise NotationError(f"«{_echo(token)}» — не клетка и не карта из позиции. Нужна клетка "
                            f"a1…e6, например «{verb.example}».", token)
    label = " ".join(rest[:used])
    del rest[:used]
    return Ref(label, piece.cell, piece)


def _match_piece(tokens: list[str], position: Position) -> tuple[Piece | None, int]:
    """A piece named by card number or (multi-word) name; the longest name wins. One word of
    a name («кондор» for «Пустынный кондор») will do when no other card there has it."""
    words = [fold(t) for t in tokens]
    best: tuple[Piece | None, int] = (None, 0)
    for piece in position:
        if piece.card is None:
            continue
        if words[0] == str(piece.card.number) and best[1] < 1:
            best = (piece, 1)
        name = fold(piece.card.name).split()
        if words[: len(name)] == name and len(name) > best[1]:
            best = (piece, len(name))
    if best[0] is None:  # one word of a name, when only one card in the position has it
        named = {id(p.card): p for p in position if p.card is not None
                 and words[0] in fold(p.card.name).replace("-", " ").split()}
        if len(named) == 1:
            best = (next(iter(named.values())), 1)
    if best[0] is not None:
        matches = [p for p in position if p.card is best[0].card]
        if len(matches) > 1:
            raise NotationError(f"В позиции несколько карт {best[0].name}: укажите клетку.", tokens[0])
    return best


def _optional_number(verb: Verb, word: str, rest: list[str]) -> int | None:
    if not rest:
        if verb.number == "required":
            raise NotationError(f"Не хватает дальности: «{verb.usage}», например "
                                f"«{verb.example}».", word)
        return None
    if verb.number == "none" or len(rest) > 1 or not _NUMBER.match(rest[0]):
        raise NotationError(f"Лишний аргумент «{_echo(rest[0])}»: «{verb.usage}».", rest[0])
    n = int(rest[0])
    if not 0 <= n <= MAX_RANGE:
        raise NotationError(f"Дальность {n} — невозможное число (допустимо 0…{MAX_RANGE}; "
                            "на поле 5×6 дальше 9 клеток не бывает).", rest[0])
    return n


def _die_question(verb: Verb, word: str, args: list[str]) -> Question:
    if len(args) < 2:
        raise NotationError(f"Не хватает аргументов: «{verb.usage}», например "
                            f"«{verb.example}».", word)
    match = _DIE.match(args[0].replace("–", "-"))
    if match is None:
        raise NotationError(f"«{_echo(args[0])}» — не величина X-Y-Z (например 1-2-3 или 2).", args[0])
    x = int(match.group(1))
    values = (x, int(match.group(2)), int(match.group(3))) if match.group(2) else (x, x, x)
    if max(values) > MAX_DIE_VALUE:
        raise NotationError(f"Величина {args[0]} — невозможное число (допустимо до "
                            f"{MAX_DIE_VALUE}).", args[0])
    if not _NUMBER.match(args[1]) or not 1 <= int(args[1]) <= 6:
        raise NotationError(f"Бросок «{_echo(args[1])}»: на кубике выпадает 1…6.", args[1])
    modifier, named = _modifiers(args[2:])
    return Question(verb.name, word, die=values, roll=int(args[1]), modifier=modifier, named=named)


def _modifiers(tokens: list[str]) -> tuple[int, tuple[tuple[str, int], ...]]:
    """``+1 -1`` and named modifiers: ``благословление``, ``проклятие``, ``ова N``, ``овз N``,
    ``неповоротливость N`` (N defaults to 1)."""
    total = 0
    named: list[tuple[str, int]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        word = DIE_MODIFIER_WORDS.get(fold(tok))
        if word is not None:
            amount = 1
            if word not in ("blessing", "curse") and i + 1 < len(tokens) and tokens[i + 1].isdigit():
                i += 1
                amount = _bounded_modifier(tokens[i], tokens[i])
            named.append((word, amount))
        else:
            t = tok.replace("−", "-").replace("–", "-")
            if not _NUMBER.match(t) or t[0] not in "+-":
                raise NotationError(f"Лишний аргумент «{_echo(tok)}»: модификатор пишется как +1, "
                                    "-1, благословление, проклятие, ова N, овз N или "
                                    "неповоротливость N.", tok)
            total += _bounded_modifier(t, tok)
        i += 1
    return total, tuple(named)


def _bounded_modifier(text: str, token: str) -> int:
    n = int(text)
    if abs(n) > MAX_MODIFIER:
        raise NotationError(f"Модификатор {text} — невозможное число (допустимо ±{MAX_MODIFIER}).",
                            token)
    return n


# ---------------------------------------------------------------------------------------------
# Running a question


def run(position: Position, question: Question) -> CheckResult:
    """Answer a parsed question on a position with its verb's check."""
    return BY_NAME[question.verb].check(position, question)


def check(text: str, resolve: CardResolver) -> tuple[ParsedCheck, CheckResult]:
    """Parse and answer one ``!check`` text; raises :class:`NotationError` on bad input."""
    parsed = parse_check(text, resolve)
    return parsed, run(parsed.position, parsed.question)


def position_from_data(data: list[dict[str, Any]], resolve: CardResolver) -> Position:
    """A position from structured data (e.g. YAML): ``[{card, cell, enemy, closed, …}]``."""
    parts = []
    for item in data:
        words = ["враг" if item.get("enemy") else "", str(item.get("card", "?")),
                 str(item.get("cell") or "летает")]
        words += ["закрыт"] if item.get("closed") else []
        words += ["двигался"] if item.get("moved") else []
        words += [f"движение {item['movement']}"] if item.get("movement") is not None else []
        words += [f"раны {item['wounds']}"] if item.get("wounds") else []
        words += [f"фишки {item['counters']}"] if item.get("counters") is not None else []
        words += [f"жетоны {item['tokens']}"] if item.get("tokens") is not None else []
        parts.append(" ".join(w for w in words if w))
    return parse_position(", ".join(parts), resolve)


def _echo(text: str) -> str:
    return echo(text, limit=40)
