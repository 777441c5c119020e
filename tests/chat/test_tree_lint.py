"""A lint of the command tree: what Discord would reject at sync time, caught in CI."""

from __future__ import annotations

import re

from discord import Locale, app_commands
from discord.ext import commands

from bot.chat import limits as L
from bot.chat.app import JudgeBot
from bot.chat.translator import ENGLISH_DESCRIPTIONS, RUSSIAN_NAMES, Translator
from bot.commands.registry import COMMAND_ALIASES

#: Discord's rule for command and option names (lower case where the script has case).
NAME = re.compile(r"^[-_\w]{1,32}$")
EXPECTED = {"term", "card", "search", "check", "case", "help", "sources", "settings", "ruling",
            "rulings"}


def check_name(name: str, where: str) -> None:
    assert NAME.match(name), f"{where}: bad name {name!r}"
    assert name == name.lower(), f"{where}: name must be lower case: {name!r}"


async def payloads(bot: JudgeBot) -> list[dict]:
    translator = Translator()
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


async def test_slash_commands_are_valid(bot: JudgeBot) -> None:
    data = await payloads(bot)
    assert {d["name"] for d in data} == EXPECTED
    assert len(data) <= 100

    def walk(item: dict, where: str) -> None:
        check_name(item["name"], where)
        assert 1 <= len(item["description"]) <= L.COMMAND_DESCRIPTION, where
        for locale, name in (item.get("name_localizations") or {}).items():
            check_name(name, f"{where} [{locale}]")
        for locale, text in (item.get("description_localizations") or {}).items():
            assert 1 <= len(text) <= L.COMMAND_DESCRIPTION, f"{where} [{locale}]"
        options = item.get("options", [])
        assert len(options) <= L.COMMAND_OPTIONS, where
        assert len({o["name"] for o in options}) == len(options), f"{where}: duplicate options"
        required_seen_optional = False
        for option in options:
            if option["type"] in (1, 2):  # subcommand (group)
                walk(option, f"{where} {option['name']}")
                continue
            check_name(option["name"], f"{where} {option['name']}")
            assert 1 <= len(option["description"]) <= L.COMMAND_DESCRIPTION
            if option.get("required"):
                assert not required_seen_optional, f"{where}: required after optional"
            else:
                required_seen_optional = True
            if option["type"] == 3:  # string
                assert option.get("max_length", 6000) <= L.MAX_QUERY or option["name"] == "value"
                assert not (option.get("autocomplete") and option.get("choices"))
            for choice in option.get("choices", []):
                assert len(choice["name"]) <= L.CHOICE_NAME

    for item in data:
        walk(item, item["name"])


async def test_russian_localisations(bot: JudgeBot) -> None:
    by_name = {d["name"]: d for d in await payloads(bot)}
    expected = {"term": "термин", "card": "карта", "search": "поиск", "check": "проверка",
                "help": "помощь", "sources": "источники", "case": "кейс", "settings": "настройки",
                "ruling": "решение", "rulings": "решения"}
    for name, russian in expected.items():
        assert by_name[name]["name_localizations"][Locale.russian.value] == russian
        assert by_name[name]["description_localizations"][Locale.american_english.value]
    option = by_name["term"]["options"][0]
    assert option["name"] == "query" and option["name_localizations"]["ru"] == "запрос"
    assert option["autocomplete"] and option["max_length"] == L.MAX_QUERY
    assert by_name["card"]["options"][0]["autocomplete"]
    settings = by_name["settings"]
    assert str(settings["default_member_permissions"]) == "32"  # Manage Server
    assert {o["name"] for o in settings["options"]} == {"show", "prefix", "set", "channel", "reset",
                                                        "judges", "judge_channel", "mentions"}
    page = by_name["rulings"]["options"][0]
    assert page["type"] == 4 and not page.get("required")  # an integer, optional
    assert (page.get("min_value"), page.get("max_value")) == (1, 10000)
    assert by_name["ruling"]["options"][0]["required"]


def test_translation_tables_fit() -> None:
    for english, russian in RUSSIAN_NAMES.items():
        check_name(russian, english)
    for russian, english in ENGLISH_DESCRIPTIONS.items():
        assert len(russian) <= L.COMMAND_DESCRIPTION and len(english) <= L.COMMAND_DESCRIPTION


async def test_every_description_is_translated(bot: JudgeBot) -> None:
    def strings(item: app_commands.Command | app_commands.Group) -> list[str]:
        out = [item.description]
        if isinstance(item, app_commands.Group):
            for child in item.commands:
                out += strings(child)
        else:
            out += [p.description for p in item.parameters]
        return out

    for command in bot.tree.get_commands():
        assert isinstance(command, app_commands.Command | app_commands.Group)
        for text in strings(command):
            assert text in ENGLISH_DESCRIPTIONS, f"no English for {text!r}"


async def test_prefix_names_and_aliases_do_not_collide(bot: JudgeBot) -> None:
    seen: dict[tuple[str, str], str] = {}
    for command in bot.walk_commands():
        parent = command.parent.qualified_name if command.parent else ""
        for word in (command.name, *command.aliases):
            key = (parent, word.casefold())
            assert key not in seen, f"{word!r} of {command.qualified_name} clashes with {seen[key]}"
            seen[key] = command.qualified_name
            assert " " not in word and word
    for name, aliases in COMMAND_ALIASES.items():
        command = bot.get_command(name)
        assert isinstance(command, commands.HybridCommand)
        assert set(aliases) == {command.name, *command.aliases}
    sync = bot.get_command("sync")
    assert sync is not None and not isinstance(sync, commands.HybridCommand)  # prefix only
