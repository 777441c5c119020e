"""``!help [command]``: what the bot answers and how to ask."""

from __future__ import annotations

from bot.answers import Answer, Section
from bot.commands.context import Context
from bot.commands.registry import BY_ALIAS, BY_NAME, COMMANDS
from bot.ru import echo, fold

INTRO = (
    "Я судья по правилам «Берсерка» (5×6, Hobby World). Отвечаю по тексту правил "
    "(РП 4.1-2 от 09.11.2024 и глоссарий сайта) и базе карт, и проверяю позиции. "
    "Каждый вердикт — со ссылкой на правило."
)
MENTIONS_HELP = (
    "В любом сообщении: `[[баалит]]` или `[[телепортация]]` (до 3 в сообщении) — краткий ответ "
    "о карте или термине и команда для полного. Внутри кода (`…`) не читаю."
)


def handle(ctx: Context, args: str) -> Answer:
    topic = fold(args.strip().lstrip("!/"))
    if topic:
        command = BY_ALIAS.get(topic.split()[0])
        if command is None:
            return Answer.failure("help", f"Нет справки по «{echo(topic)}». Напишите `!help`.")
        return command_help(command.name)
    sections = [Section(f"{c.title} ({', '.join(f'!{a}' for a in c.aliases[:2])})", c.help)
                for c in COMMANDS]
    sections.append(Section("Упоминания ([[…]])", MENTIONS_HELP))
    return Answer(command="help", title="berserk-judge — помощь", summary=INTRO, sections=sections)


def command_help(name: str) -> Answer:
    command = BY_NAME[name]
    summary = command.help
    if name == "check":  # the notation, derived from the engine's verbs: loaded only when asked
        from bot.commands.check import CHECK_HELP

        summary = CHECK_HELP
    aliases = ", ".join(f"!{a}" for a in command.aliases)
    return Answer(command="help", title=f"!{name} — {command.title}", summary=summary,
                  sections=[Section("Как ещё можно написать", aliases)])
