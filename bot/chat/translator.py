"""Slash-command localisation: Russian names for Russian clients, English descriptions for English ones.

Command and option names are English by default (``/term``) and Russian for Russian clients
(``/термин``); descriptions are Russian by default (the bot speaks Russian) and English for
English clients. Every string is wrapped in :class:`~discord.app_commands.locale_str` where the
command is declared; this translator fills in the other language when commands are synced.
"""

from __future__ import annotations

from discord import Locale, app_commands

RUSSIAN_NAMES: dict[str, str] = {
    "term": "термин",
    "card": "карта",
    "search": "поиск",
    "check": "проверка",
    "case": "кейс",
    "help": "помощь",
    "sources": "источники",
    "settings": "настройки",
    "show": "показать",
    "prefix": "префикс",
    "channel": "канал",
    "set": "выпуск",
    "reset": "сброс",
    "query": "запрос",
    "position": "позиция",
    "topic": "тема",
    "value": "значение",
    "ruling": "решение",
    "rulings": "решения",
    "page": "страница",
    "judges": "судьи",
    "judge_channel": "канал_судей",
    "mentions": "упоминания",
    "role": "роль",
}

ENGLISH_DESCRIPTIONS: dict[str, str] = {
    "Термин правил: действующий текст, старые редакции, связанные термины":
        "A rules term: current text, older versions, related terms",
    "Карта: текст, характеристики и правила, которые она использует":
        "A card: text, stats and the rules it uses",
    "Поиск по текстам правил и карт": "Full-text search in rules and cards",
    "Проверка спорной ситуации на позиции: позиция | вопрос":
        "Check a rules dispute on a position: position | question",
    "Разбор готового игрового случая": "Walk through a prepared game case",
    "Как пользоваться ботом": "How to use the bot",
    "Источники правил и их редакции": "Rule sources and their versions",
    "Настройки бота на этом сервере": "The bot's settings on this server",
    "Показать настройки сервера": "Show this server's settings",
    "Свой префикс команд (например «?»), пусто — по умолчанию":
        "A custom command prefix (e.g. '?'); empty: the default",
    "Разрешить или запретить боту отвечать в канале":
        "Allow or disallow the bot to answer in a channel",
    "Сбросить настройки сервера": "Reset this server's settings",
    "Название термина, например «телепортация»": "A term name, e.g. «телепортация»",
    "Номер, название или выпуск и номер: «168», «Баалит», «ПХ 168»":
        "Number, name, or set and number: «168», «Баалит», «ПХ 168»",
    "Слова для поиска": "Words to search for",
    "Позиция и вопрос, например: 168 a1, враг ? b6 | телепортация a1 b6":
        "Position and question, e.g.: 168 a1, враг ? b6 | телепортация a1 b6",
    "Название или описание случая": "The case's name or description",
    "Команда или тема": "A command or topic",
    "Новый префикс": "The new prefix",
    "Канал": "The channel",
    "Решение судьи: записать проверку под номером или показать решение №":
        "A judge's ruling: record a check under a number, or show ruling No.",
    "Позиция | вопрос, как в проверке; номер решения; «3 заметка …», «3 отменить …»":
        "Position | question as in check; a ruling number; «3 заметка …», «3 отменить …»",
    "Записанные решения этого сервера, новые первыми": "This server's recorded rulings, newest first",
    "Номер страницы": "Page number",
    "Роль судей: они добавляют заметки к решениям и отменяют их":
        "The judges' role: judges add notes to rulings and overturn them",
    "Роль (пусто — снять)": "The role (empty: clear)",
    "Канал судей: туда бот пишет решения, изменившиеся после обновления правил":
        "Judges' channel: where the bot lists rulings changed by a rules update",
    "Канал (пусто — снять)": "The channel (empty: clear)",
    "Включить или выключить ответы на [[упоминания]] в канале":
        "Turn answers to [[mentions]] on or off in a channel",
    "Выпуск, из которого берётся номер карты без выпуска":
        "The set a card number without a set refers to",
    "Выпуск: название, сокращение или номер; пусто — самый новый":
        "A set: name, initials or id; empty: the newest",
}

_RUSSIAN = {Locale.russian}
_ENGLISH = {Locale.american_english, Locale.british_english}


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        return translate(string.message, locale)


def translate(message: str, locale: Locale) -> str | None:
    if locale in _RUSSIAN:
        return RUSSIAN_NAMES.get(message)
    if locale in _ENGLISH:
        return ENGLISH_DESCRIPTIONS.get(message)
    return None
