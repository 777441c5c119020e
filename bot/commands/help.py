"""``!help [command]``: what the bot answers and how to ask."""

from __future__ import annotations

from bot.answers import Answer, Section
from bot.commands.judge import Context
from bot.commands.parser import ALIAS_TO_COMMAND, COMMAND_ALIASES
from bot.ru import echo, fold

INTRO = (
    "Я судья по правилам «Берсерка» (5×6, Hobby World). Отвечаю по тексту правил "
    "(РП 4.1-2 от 09.11.2024 и глоссарий сайта) и базе карт, и проверяю позиции. "
    "Каждый вердикт — со ссылкой на правило."
)

COMMAND_HELP: dict[str, tuple[str, str]] = {
    "term": ("Термин правил", "`!term телепортация` — действующий текст, источник, старая редакция, "
             "связанные термины и карты. `!term дальность все` — все редакции рядом. "
             "Понимает падежи, опечатки, раскладку (`ntktgjhnfwbz`), сокращения (`ОвЗ`, `ЗОВ`) "
             "и параметры (`броня 2`)."),
    "card": ("Карта", "`!card 168`, `!card баалит`, `!card Путь хранителей 194`, `!card ПХ 168` — "
             "все поля карты, текст, правила со страницы карты, худ. текст, художник."),
    "search": ("Поиск", "`!search медленное движение` — полнотекстовый поиск по терминам и картам."),
    "check": ("Проверка позиции", "`!check 168 a1, враг ? c6 | телепортация a1 b6` — вердикт "
              "с цитатой правила. Подробно: `!help check`."),
    "case": ("Разобранные случаи", "`!case` — список канонических позиций с вердиктами, "
             "`!case 3` — случай №3."),
    "sources": ("Источники", "`!sources` — источники, их редакции и что есть в корпусе."),
    "help": ("Помощь", "`!help` — этот список, `!help check` — нотация позиций."),
}


def handle(ctx: Context, args: str) -> Answer:
    topic = fold(args.strip().lstrip("!/"))
    if topic:
        name = ALIAS_TO_COMMAND.get(topic.split()[0])
        if name is None:
            return Answer.failure("help", f"Нет справки по «{echo(topic)}». Напишите `!help`.")
        return command_help(name)
    answer = Answer(command="help", title="berserk-judge — помощь", summary=INTRO)
    for name, (title, text) in COMMAND_HELP.items():
        aliases = ", ".join(f"!{a}" for a in COMMAND_ALIASES[name][:2])
        answer.sections.append(Section(f"{title} ({aliases})", text))
    return answer


def command_help(name: str) -> Answer:
    title, text = COMMAND_HELP[name]
    answer = Answer(command="help", title=f"!{name} — {title}", summary=text)
    if name == "check":
        from bot.commands.check import CHECK_HELP

        answer.summary = CHECK_HELP
    aliases = ", ".join(f"!{a}" for a in COMMAND_ALIASES[name])
    answer.sections.append(Section("Как ещё можно написать", aliases))
    return answer
