"""``!card <number | name | set number>``: a card with every field, its rules and abilities."""

from __future__ import annotations

from bot.answers import Answer, Section
from bot.commands.common import NOT_FOUND_HINT, join_names
from bot.commands.context import Context
from bot.corpus.abilities import Unparsed, read_in_full
from bot.corpus.icons import icon_label
from bot.corpus.model import Card, Corpus
from bot.engine.supported import applied
from bot.ru import echo


def handle(ctx: Context, args: str) -> Answer:
    query = args.strip()
    if not query:
        return Answer.failure("card", "Укажите карту: номер (`!card 168`), название (`!card баалит`) "
                                      "или выпуск и номер (`!card ПХ 168`).")
    match = ctx.lookup.find_card(query)
    if match.best is None:
        labels = [c.item.label for c in match.candidates]
        if len(labels) > 1:
            return Answer.failure("card", f"Под «{echo(query)}» подходит несколько карт.", labels)
        if labels:
            return Answer.failure("card", f"Карта «{echo(query)}» не найдена точно.", labels)
        return Answer.failure("card", f"Карта «{echo(query)}» не найдена. {NOT_FOUND_HINT}")
    return card_answer(ctx.corpus, match.best)


def card_answer(corpus: Corpus, card: Card) -> Answer:
    """The answer for one card (also used by Discord's "did you mean" buttons)."""
    answer = Answer(command="card", title=f"«{card.name}» — {card.set_name} {card.number}")
    answer.card = {
        "id": card.id, "set": card.set_name, "number": card.number, "name": card.name,
        "element": card.element, "cost": card.cost, "text": card.text,
    }
    answer.summary = card.text or "Текста на карте нет."
    answer.sections.append(Section("Характеристики", stats_line(card)))
    if card.icons:
        answer.sections.append(Section("Иконки", ", ".join(icon_label(c, v) for c, v in card.icons)))
    answer.sections += ability_sections(card)
    defined = [corpus.terms[t] for t in card.rules if t in corpus.terms and corpus.terms[t].versions]
    named = [corpus.terms[t] for t in card.rules if t in corpus.terms and not corpus.terms[t].versions]
    if defined:
        answer.sections.append(Section("Правила (текст в корпусе)", join_names(
            t.name for t in defined)))
    if named:
        answer.sections.append(Section("Дополнительные правила (только названия)", join_names(
            (t.name for t in named), limit=40)))
    if card.flavour:
        answer.sections.append(Section("Художественный текст", card.flavour))
    if card.prints:
        answer.sections.append(Section("Печати", "\n".join(f"• {p}" for p in card.prints)))
    if card.artist:
        answer.footer = f"Художник: {card.artist}"
    return answer


#: Russian names of the ability kinds (docs/abilities.md).
KIND_NAMES: dict[str, str] = {
    "teleport": "телепортация", "jump": "прыжок", "throw": "метание", "shot": "выстрел",
    "discharge": "разряд", "incorporeal": "бестелесность", "formation": "строй",
    "manoeuvre": "манёвр", "trigger": "срабатывающая особенность",
    "activated": "особенность с оплатой", "static": "особенность с условием",
    "reduction": "−X от атак", "attack_bonus": "бонус к атаке", "strike": "удар",
    "counters": "фишки", "delayed": "отложенный эффект", "keyword": "особенность",
    "wound": "ранение", "movement_bonus": "бонус к движению", "range_bonus": "бонус к дальности",
    "protection": "защита", "ignore": "игнорирует", "max_lives": "максимум жизней",
    "diagonal": "движение по диагонали", "cannot": "запрет",
}


def ability_sections(card: Card) -> list[Section]:
    """What the extractor read from the card text, and what it left unread (never guessed)."""
    read = [a for a in card.abilities if not isinstance(a, Unparsed)]
    unread = dict.fromkeys(a.text for a in card.abilities if not read_in_full(a))
    sections = []
    if read:
        sections.append(Section("Способности, прочитанные ботом", "\n".join(
            f"• {KIND_NAMES.get(a.kind, a.kind)}"
            f"{' (учитывается в !check)' if applied(a) else ''}: {a.text}"
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
