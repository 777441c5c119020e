"""``!card <number | name | set number>``: a card with every field, its rules and abilities."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.answers import Answer, Section
from bot.commands.common import NOT_FOUND_HINT, card_source_line, card_sources, join_names
from bot.commands.context import Context
from bot.corpus.abilities import Unparsed, read_in_full
from bot.corpus.icons import icon_label
from bot.corpus.model import Card, Corpus
from bot.engine.notation import placeable
from bot.engine.supported import applied
from bot.lookup.normalize import fold
from bot.ru import clip, echo

_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_BARE_NUMBER = re.compile(r"\s*№?\s*(\d{1,4})\s*")
#: Icons whose value is part of the card (Броня 2); the others are marks whose value the
#: database writes now 0, now 1.
def handle(ctx: Context, args: str) -> Answer:
    query = args.strip()
    if not query:
        return Answer.failure("card", "Укажите карту: номер (`!card 168`), название (`!card баалит`) "
                                      "или выпуск и номер (`!card ПХ 168`).")
    match = ctx.lookup.find_card(query, ctx.default_set)
    if match.best is None:
        labels = [label(c.item) for c in match.candidates]
        if len(labels) > 1:
            return Answer.choice("card", "Уточните карту",
                                 f"Под «{echo(query)}» подходит несколько карт — выберите одну.",
                                 labels)
        if labels:
            return Answer.failure("card", f"Карта «{echo(query)}» не найдена точно.", labels)
        return Answer.failure("card", f"Карта «{echo(query)}» не найдена. {NOT_FOUND_HINT}")
    answer = card_answer(ctx.corpus, match.best)
    if _BARE_NUMBER.fullmatch(query):
        _same_number(ctx, answer, match.best)
    return answer


def label(card: Card) -> str:
    """«Баалит» (Путь хранителей 168), with a ban mark: what lists and buttons show."""
    return card.label + (" — запрещена в турнирах" if card.banned else "")


def initials(corpus: Corpus, card: Card) -> str:
    """«ПХ 168»."""
    known = corpus.sets.get(card.set_id)
    return f"{known.initials if known else card.set_name} {card.number}"


def _same_number(ctx: Context, answer: Answer, card: Card) -> None:
    """A bare number: which set it was read in, and the same number in the other sets."""
    others = ctx.lookup.same_number(card)
    if not others:
        return
    body = "\n".join(f"• {label(c)}" for c in others)
    answer.sections.insert(0, Section(
        f"Номер {card.number} в других выпусках", body
        + f"\nГолый номер — карта выпуска «{card.set_name}»; другой выпуск: "
          f"`!card {initials(ctx.corpus, others[0])}`."))
    answer.links += [c.label for c in others]
    answer.card = {**(answer.card or {}), "same_number": [_print(c, card) for c in others]}


def card_answer(corpus: Corpus, card: Card) -> Answer:
    """The answer for one card: tournament status first, its text, every field, its prints."""
    title = f"«{card.name}» — {card.set_name} {card.number}"
    answer = Answer(command="card", title=title + (" · запрещена в турнирах" if card.banned
                                                   else ""))
    prints = corpus.prints_of(card)
    answer.card = {
        "id": card.id, "set": card.set_name, "number": card.number, "name": card.name,
        "element": card.element, "cost": card.cost, "text": card.text,
        "banned": card.banned, "errata": card.errata,
        "prints": [_print(p, card) for p in prints],
        "variants": list(card.prints),
        "sources": _sources(corpus, card),
    }
    answer.summary = "\n\n".join(p for p in (
        _ban_line(card, prints), card.text or "Текста на карте нет.", _errata_line(card)) if p)
    answer.sections.append(Section("Характеристики", stats_line(card)))
    if card.icons:
        answer.sections.append(Section("Иконки", ", ".join(icon_label(c, v) for c, v in card.icons)))
    answer.sections += _reprint_sections(corpus, card, prints)
    answer.links += [p.label for p in prints if p is not card]
    answer.sections += ability_sections(card)
    answer.sections += _rule_sections(corpus, card)
    if card.flavour:
        answer.sections.append(Section("Художественный текст", card.flavour))
    if card.prints:
        answer.sections.append(Section("Печати", "\n".join(f"• {p}" for p in card.prints)))
    artist = f"Художник: {card.artist}. " if card.artist else ""
    answer.footer = artist + card_source_line(corpus, card)
    return answer


def _ban_line(card: Card, prints: list[Card]) -> str:
    if not card.banned:
        marked = [f"{p.set_name} {p.number}" for p in prints if p.banned]
        return (f"⚠ Другая печать этой карты ({', '.join(marked)}) отмечена в базе berserk-nxt "
                "как запрещённая в турнирах." if marked else "")
    line = "⛔ Запрещена в турнирах (отметка базы berserk-nxt)"
    if card.banned_prints:
        line += f"; отмечена печать: {', '.join(card.banned_prints)}"
    return line + "."


def _errata_line(card: Card) -> str:
    if not card.errata:
        return ""
    year, month, day = card.errata.split("-")
    return f"Эррата от {day}.{month}.{year}: текст карты дан с исправлением."


def _print(other: Card, card: Card) -> dict[str, object]:
    """A print of the card (set and number) for the JSON answer."""
    return {"id": other.id, "set": other.set_name, "number": other.number, "name": other.name,
            "banned": other.banned, "this": other is card,
            "same_text": not _differences(card, other)}


def _sources(corpus: Corpus, card: Card) -> list[dict[str, object]]:
    return [{"id": s.id, "title": s.title, "file": s.file, "sha256": s.sha256}
            for s in card_sources(corpus, card)]


def _reprint_sections(corpus: Corpus, card: Card, prints: list[Card]) -> list[Section]:
    """«Также: Война стихий 21», and how the texts of the prints differ."""
    others = [p for p in prints if p is not card]
    if not others:
        return []
    listed = ", ".join(f"{p.set_name} {p.number}" + (" (запрещена в турнирах)" if p.banned
                                                      else "") for p in others)
    newest = "\nЭто самая новая печать карты." if prints[0] is card else ""
    sections = [Section("Также", listed + newest)]
    lines = []
    for other in others:
        where = f"{other.set_name} {other.number}"
        found = _differences(card, other)
        lines += [f"• {where}: {d}" for d in found] or [f"• {where}: текст и характеристики "
                                                        "те же"]
    sections.append(Section("Отличия печатей", "\n".join(lines)))
    return sections


def _differences(card: Card, other: Card) -> list[str]:
    """What another print of the card says otherwise (wording and punctuation aside)."""
    out = []
    if fold(card.text) != fold(other.text):
        mine, theirs = _only_in(card.text, other.text), _only_in(other.text, card.text)
        out.append("текст отличается. " + " ".join(filter(None, (
            f"Здесь: {mine}" if mine else "", f"Там: {theirs}" if theirs else ""))))
    for name, mine_value, theirs_value in _stats(card, other):
        if mine_value != theirs_value:
            out.append(f"{name}: здесь {mine_value or '—'}, там {theirs_value or '—'}")
    return out


def _only_in(text: str, other: str, limit: int = 300) -> str:
    """The sentences of ``text`` that ``other`` does not have (case, ё and punctuation aside).

    >>> _only_in("Закрыться: Удар. После удара не закрывается.", "Закрыться: удар.")
    '«После удара не закрывается.»'
    """
    theirs = {fold(s) for s in _SENTENCES.split(other)}
    return clip(" ".join(f"«{s}»" for s in _SENTENCES.split(text) if s and fold(s) not in theirs),
                limit)


def _stats(card: Card, other: Card) -> list[tuple[str, str, str]]:
    def icons(c: Card) -> str:
        return ", ".join(icon_label(k, v) for k, v in sorted(c.icons))

    def strike(c: Card) -> str:
        return "-".join(map(str, c.strike)) if c.strike else ""

    pairs: list[tuple[str, Callable[[Card], object]]] = [
        ("стоимость", lambda c: c.cost), ("элитная", lambda c: "да" if c.elite else "нет"),
        ("стихия", lambda c: c.element), ("жизни", lambda c: c.lives),
        ("движение", lambda c: c.movement), ("простой удар", strike),
        ("класс", lambda c: ", ".join(sorted(c.classes))), ("иконки", icons)]
    return [(name, str(get(card) or ""), str(get(other) or "")) for name, get in pairs]


def _rule_sections(corpus: Corpus, card: Card) -> list[Section]:
    defined = [corpus.terms[t] for t in card.rules if t in corpus.terms and corpus.terms[t].versions]
    named = [corpus.terms[t] for t in card.rules if t in corpus.terms and not corpus.terms[t].versions]
    sections = []
    if defined:
        sections.append(Section("Правила (текст в корпусе)", join_names(t.name for t in defined)))
    if named:
        sections.append(Section("Дополнительные правила (только названия)", join_names(
            (t.name for t in named), limit=40)))
    return sections


#: Russian names of the ability kinds (docs/abilities.md).
KIND_NAMES: dict[str, str] = {
    # frames
    "trigger": "срабатывающая особенность", "activated": "особенность с оплатой",
    "static": "особенность с условием", "formation": "строй", "incorporeal": "бестелесность",
    # ways of moving and attacking
    "teleport": "телепортация", "jump": "прыжок", "manoeuvre": "манёвр", "move": "перемещение",
    "swap": "обмен местами", "swap_two": "обмен местами двух карт", "land": "приземление",
    "throw": "метание", "shot": "выстрел",
    "discharge": "разряд", "ranged": "дальняя атака", "strike": "удар", "fight": "сражение",
    "fight_result": "результат сражения", "roll_twice": "два броска кубика",
    "multi_attack": "несколько атак за ход",
    # actions
    "wound": "ранение", "heal": "излечение", "extra_lives": "дополнительные жизни",
    "open": "открыть", "close": "закрыть", "destroy": "уничтожение", "exile": "изгнание",
    "summon": "вызов", "resurrect": "возрождение", "transfer": "перераспределение",
    "counters": "фишки", "lose": "потеря", "marker": "маркер", "block": "блокирование атаки",
    "redirect": "перенаправление атаки", "must_attack": "обязательная атака",
    "delayed": "отложенный эффект", "roll": "бросок кубика", "choice": "выбор",
    "conditional": "эффект при условии",
    "choose": "выбор карты", "grant": "даёт особенность", "prevent": "предотвращение ран",
    "restore_armor": "восстановление брони", "swap_strikes": "обмен сильного и слабого удара",
    "cell_zone": "клетка считается глубиной или поверхностью",
    "heal_bonus": "прибавка к излечению", "change_control": "смена контроля",
    "to_deck": "в колоду", "regain_subtype": "снова существо своего подтипа",
    "declare_valhalla": "объявить вальхаллу", "to_graveyard": "на кладбище", "crystals": "кристаллы",
    "prophecy": "пророчество",
    "becomes_creature": "становится существом", "becomes_artefact": "становится артефактом",
    "become_symbiote": "становится симбиотом", "gain_class": "получает класс",
    "become_element": "меняет стихию", "moves_only": "двигается только",
    "strike_range": "дальность удара", "incarnates_on": "где и как инкарнирует",
    # what holds
    "keyword": "особенность", "protection": "защита", "reduction": "−X от атак",
    "vulnerability": "больше ран от атак", "attack_bonus": "бонус к атаке",
    "keyword_bonus": "бонус к особенности", "movement_bonus": "бонус к движению",
    "movement_is": "движение равно",
    "range_bonus": "бонус к дальности", "die_bonus": "бонус к броску кубика",
    "die_result": "результат броска кубика", "reroll": "переброс кубика", "cancel": "отмена действия",
    "max_wounds": "предел ран за ход",
    "unchangeable": "не может быть изменено", "range_is": "дальность атак равна",
    "max_lives": "максимум жизней", "ignore": "игнорирует", "reduce_to": "сведение атаки",
    "no_wounds": "не получает ран", "wounds_only_from": "раны только от",
    "stays_open": "не закрывается", "stays_closed": "не открывается",
    "counters_as_open": "отвечает как открытая", "max_symbiotes": "предел симбиотов",
    # rules of moving, attacking and the squad
    "diagonal": "движение по диагонали", "onto_occupied": "на занятую клетку",
    "as_adjacent": "как на соседнюю", "adjacent_targets": "атака по карте рядом",
    "cannot": "запрет", "defends": "защитник", "only_targets": "выбор цели атаки",
    "squad_ban": "ограничение набора",
}


def ability_sections(card: Card) -> list[Section]:
    """What the extractor read from the card text, and what it left unread (never guessed)."""
    read = [a for a in card.abilities if not isinstance(a, Unparsed)]
    unread = dict.fromkeys(a.text for a in card.abilities if not read_in_full(a))
    sections = []
    checked = placeable(card)  # a card the notation cannot place never reaches a check
    if read:
        sections.append(Section("Способности, прочитанные ботом", "\n".join(
            f"• {KIND_NAMES.get(a.kind, a.kind)}"
            f"{' (учитывается в !check)' if checked and applied(a) else ''}: {a.text}"
            for a in read)))
    if unread:
        sections.append(Section("Не прочитано ботом (проверки по ним не делаются)", "\n".join(
            f"• {text}" for text in unread)))
    return sections


def stats_line(card: Card) -> str:
    parts = [
        f"Стихия: {card.element or 'не указана'}",
        f"Стоимость: {card.cost if card.cost is not None else '—'}"
        + (" (элитная)" if card.elite else ""),
        f"Тип: {card.type}" + (f" ({card.creature_type})" if card.creature_type else ""),
    ]
    if card.classes:
        parts.append(f"Класс: {', '.join(card.classes)}")
    if card.lives is not None:
        parts.append(f"Жизни: {card.lives}")
    if card.movement is not None:
        parts.append(f"Движение: {card.movement}")
    if card.strike:
        parts.append("Простой удар: " + "-".join(map(str, card.strike)))
    if card.unique:
        parts.append("Уникальная")
    if card.rarity:
        parts.append(f"Редкость: {card.rarity}")
    return "\n".join(parts)
