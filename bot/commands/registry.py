"""Every command, once: its name, what users may type, its help, and its handler.

The parser (aliases), ``!help`` (titles and help lines), the Judge (handlers) and the Discord
cog read this table. A handler's module is imported when the command first runs: a one-shot
``berserk-judge ask "!term …"`` then does not pay for the engine behind ``!check``/``!case``
(~0.05 s of a warm start of ~0.15 s).

>>> BY_ALIAS["термин"].name, COMMANDS[0].shown
('term', 'термин')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot.commands.context import Handler
from bot.ru import fold


class Command(NamedTuple):  # a NamedTuple: made at every start-up, 1 ms cheaper than a dataclass
    """``aliases`` start with the name, then the Russian word shown to users."""

    name: str
    aliases: tuple[str, ...]
    title: str  # in ``!help``
    help: str  # its line in ``!help``
    load: Callable[[], Handler]  # imports the handler's module

    @property
    def shown(self) -> str:
        return self.aliases[1]


def _term() -> Handler:
    from bot.commands.term import handle
    return handle


def _card() -> Handler:
    from bot.commands.card import handle
    return handle


def _search() -> Handler:
    from bot.commands.search import handle
    return handle


def _check() -> Handler:
    from bot.commands.check import handle
    return handle


def _case() -> Handler:
    from bot.commands.case import handle
    return handle


def _sources() -> Handler:
    from bot.commands.sources import handle
    return handle


def _ruling() -> Handler:
    from bot.commands.ruling import handle
    return handle


def _rulings() -> Handler:
    from bot.commands.ruling import handle_list
    return handle_list


def _help() -> Handler:
    from bot.commands.help import handle
    return handle


COMMANDS: tuple[Command, ...] = (
    Command("term", ("term", "термин", "t", "т", "rule", "правило"), "Термин правил",
            "`!term телепортация` — действующий текст, источник, старая редакция, связанные "
            "термины и карты. `!term дальность все` — все редакции рядом. Понимает падежи, "
            "опечатки, раскладку (`ntktgjhnfwbz`), сокращения (`ОвЗ`, `ЗОВ`) и параметры "
            "(`броня 2`).", _term),
    Command("card", ("card", "карта", "c", "к"), "Карта",
            "`!card 168`, `!card баалит`, `!card Путь хранителей 194`, `!card ПХ 168` — все поля "
            "карты, текст, правила со страницы карты, худ. текст, художник.", _card),
    Command("search", ("search", "поиск", "s", "найти"), "Поиск",
            "`!search медленное движение` — полнотекстовый поиск по терминам и картам.", _search),
    Command("check", ("check", "проверка", "проверить", "chk"), "Проверка позиции",
            "`!check 168 a1, враг ? c6 | телепортация a1 b6` — вердикт с цитатой правила. "
            "Подробно: `!help check`.", _check),
    Command("case", ("case", "кейс", "случай"), "Разобранные случаи",
            "`!case` — список канонических позиций с вердиктами, `!case 3` — случай №3.", _case),
    Command("ruling", ("ruling", "решение"), "Решения судей",
            "`!ruling 168 a1, враг ? c6 | телепортация a1 b6` — проверить и записать решение под "
            "номером; `!ruling 3` — показать решение №3 с картинкой позиции; судьи: "
            "`!ruling 3 заметка <текст>`, `!ruling 3 отменить <причина>`.", _ruling),
    Command("rulings", ("rulings", "решения"), "Список решений",
            "`!rulings` — последние решения сервера, `!rulings 2` — следующая страница.", _rulings),
    Command("sources", ("sources", "источники", "src", "версии"), "Источники",
            "`!sources` — источники, их редакции и что есть в корпусе.", _sources),
    Command("help", ("help", "помощь", "h", "справка", "?"), "Помощь",
            "`!help` — этот список, `!help check` — нотация позиций.", _help),
)
BY_NAME: dict[str, Command] = {c.name: c for c in COMMANDS}
BY_ALIAS: dict[str, Command] = {fold(a): c for c in COMMANDS for a in c.aliases}
#: Command name → every alias users may type (Russian first-class).
COMMAND_ALIASES: dict[str, tuple[str, ...]] = {c.name: c.aliases for c in COMMANDS}
