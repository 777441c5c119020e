"""The rules commands as hybrid commands: ``!term`` … and ``/term`` …, with autocomplete.

No rules logic here: each command hands its text to the Judge and renders the Answer.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.answers import Answer
from bot.answers.text import render_text, with_prefix
from bot.chat import limits as L
from bot.chat.errors import QueryTooLong
from bot.chat.protocols import JudgeLike
from bot.chat.render import message_text, render_pages
from bot.chat.views import make_view
from bot.commands.common import split_page
from bot.commands.registry import COMMAND_ALIASES
from bot.corpus.model import Card
from bot.corpus.sets import card_set
from bot.rulings.model import Caller

log = logging.getLogger(__name__)

#: Commands whose work may pass Discord's 3-second deadline: slash calls defer first.
SLOW_COMMANDS = frozenset({"check", "search", "case", "ruling"})
#: The board picture's file name in a message (the embed shows ``attachment://board.png``).
BOARD_FILE = "board.png"
#: Pages of one answer fetched for Discord's page buttons (search: 10 hits a page).
MAX_PAGES = 20
#: Other slash commands defer when the answer is not ready after this many seconds.
DEFER_AFTER = 1.5
COOLDOWN_RATE, COOLDOWN_PER = 4, 10.0


def aliases(name: str) -> list[str]:
    """Prefix-command aliases of a command (the parser's list, minus the name itself)."""
    return [a for a in COMMAND_ALIASES[name] if a != name]


def check_length(text: str) -> str:
    if len(text) > L.MAX_QUERY:
        raise QueryTooLong(len(text), L.MAX_QUERY)
    return text


def term_choices(judge: JudgeLike, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for terms: the lookup's ranking, ≤25 choices of ≤100 characters."""
    try:
        terms = judge.lookup.complete_terms(current[: L.CHOICE_VALUE], limit=L.CHOICES)
    except Exception:  # autocomplete must never fail loudly
        log.exception("term autocomplete failed for %r", current)
        return []
    choices, seen = [], set()
    for term in terms:
        value = L.clip(term.name, L.CHOICE_VALUE)
        if value in seen:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=L.clip(term.name, L.CHOICE_NAME), value=value))
    return choices[: L.CHOICES]


def card_choices(judge: JudgeLike, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for cards: «Name — ПХ 168» (set initials and number); the value is «ПХ 168»,
    the set and number the lookup reads."""
    try:
        cards = judge.lookup.complete_cards(current[: L.CHOICE_VALUE], limit=L.CHOICES)
    except Exception:
        log.exception("card autocomplete failed for %r", current)
        return []
    choices, seen = [], set()
    for card in cards:
        where = f"{card_initials(card)} {card.number}"
        value = where if len(where) <= L.CHOICE_VALUE else L.clip(card.name, L.CHOICE_VALUE)
        if value in seen:
            continue
        seen.add(value)
        mark = " ⛔" if card.banned else ""
        label = L.clip(f"{card.name}", L.CHOICE_NAME - len(where) - len(mark) - 3)
        choices.append(app_commands.Choice(name=f"{label} — {where}{mark}", value=value))
    return choices[: L.CHOICES]


def card_initials(card: Card) -> str:
    """«ПХ» for a card of «Путь хранителей» (an unknown set: its readable label, «В60»)."""
    return card_set(card.set_id).initials


#: A query argument: at most ``MAX_QUERY`` characters (also the slash option's max_length).
Query = commands.Range[str, 1, L.MAX_QUERY]


def _cooldown() -> Any:
    return commands.cooldown(COOLDOWN_RATE, COOLDOWN_PER, commands.BucketType.user)


def own_cooldowns(cog: commands.Cog) -> None:
    """Give this cog's commands cooldowns of their own: discord.py shares the mapping made by
    the ``@commands.cooldown`` decorator between every copy of a command, so every bot of the
    process (every test's bot) would count the same users' commands together."""
    for command in cog.walk_commands():
        shared = command._buckets
        if shared.valid and isinstance(shared, commands.CooldownMapping):
            command._buckets = commands.CooldownMapping(shared._cooldown, shared.type)


class JudgeCog(commands.Cog, name="Судья"):
    """``term``, ``card``, ``search``, ``check``, ``case``, ``help``, ``sources``."""

    def __init__(self, judge: JudgeLike, workers: int = 2):
        self.judge = judge
        #: The set a bare card number means on a server (its setting; None: the newest set).
        self.default_set: Callable[[int | None], int | None] = lambda guild_id: None
        # The core is synchronous: run it off the event loop so gateway heartbeats never stall.
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="judge")
        own_cooldowns(self)

    async def cog_unload(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, name: str, args: str, caller: Caller | None = None,
                  default_set: int | None = None) -> Answer:
        """Run a command on the core in a worker thread (a bare card number meaning the
        server's ``default_set``)."""
        loop = asyncio.get_running_loop()
        work = (partial(self.judge.run, name, args, caller) if default_set is None
                else partial(self.judge.run, name, args, caller, default_set))
        return await loop.run_in_executor(self.executor, work)

    async def board_file(self, answer: Answer) -> discord.File | None:
        """The answer's board picture as an attachment, drawn in a worker thread; None when
        it has none or it cannot be drawn (logged: the answer goes out without it)."""
        if answer.picture is None:
            return None
        from bot.picture.draw import png_or_none

        loop = asyncio.get_running_loop()
        png = await loop.run_in_executor(self.executor, png_or_none, answer.picture)
        return discord.File(io.BytesIO(png), filename=BOARD_FILE) if png else None

    async def all_pages(self, name: str, args: str, first: Answer,
                        caller: Caller, default_set: int | None) -> tuple[list[Answer], int]:
        """Every page of a paged answer (the search hits, a term's cards), and the index of the
        one asked for; Discord turns them with the view's buttons."""
        if first.paging is None or first.paging.pages <= 1:
            return [first], 0
        query, _page = split_page(args)
        pages = min(first.paging.pages, MAX_PAGES)
        answers = [first if k == first.paging.page else
                   await self.run(name, f"{query} стр {k}", caller, default_set)
                   for k in range(1, pages + 1)]
        return answers, min(first.paging.page, pages) - 1

    @staticmethod
    def prefix_of(ctx: commands.Context[Any]) -> str:
        """The server's own command prefix, so that examples in answers can be typed as shown."""
        guild_prefix = getattr(getattr(ctx, "bot", None), "guild_prefix", None)
        if not callable(guild_prefix):
            return "!"
        prefix = guild_prefix(ctx.guild.id if ctx.guild else None)
        return prefix if isinstance(prefix, str) and prefix else "!"

    async def respond(self, ctx: commands.Context[Any], name: str, args: str) -> None:
        check_length(args)
        caller = caller_of(ctx)
        default_set = self.default_set(ctx.guild.id if ctx.guild else None)
        work = asyncio.ensure_future(self.run(name, args, caller, default_set))
        if ctx.interaction is not None:
            # Discord wants a reply within 3 s: defer slow commands at once, others when late.
            if name in SLOW_COMMANDS:
                await ctx.defer()
            else:
                done, _pending = await asyncio.wait({work}, timeout=DEFER_AFTER)
                if not done:
                    await ctx.defer()
        prefix = self.prefix_of(ctx)
        answer = with_prefix(await work, prefix)
        if not answer.ok and ctx.command is not None:
            ctx.command.reset_cooldown(ctx)  # a typo should not cost the user a turn
        answers, start = await self.all_pages(name, args, answer, caller, default_set)
        rendered = [render_pages(with_prefix(a, prefix)) for a in answers]
        pages = [embed for page in rendered for embed in page]
        first = sum(len(page) for page in rendered[:start])
        view = make_view(answer, pages, ctx.author.id,
                         partial(self.run, caller=caller, default_set=default_set))
        if view is not None:
            view.show(first)
        board = await self.board_file(answer)
        if board is not None:
            pages[0].set_image(url=f"attachment://{BOARD_FILE}")
        extra: dict[str, Any] = {"file": board} if board is not None else {}
        try:
            if view is None:
                await ctx.send(embed=pages[0], **extra)
            else:
                view.message = await ctx.send(embed=pages[first], view=view, **extra)
        except discord.Forbidden:
            # No "Embed Links" (or "Attach Files") permission here: the answer as plain text
            # (the text grid of the board included), cut to one message.
            log.warning("no permission to send embeds or files in channel %s", ctx.channel.id)
            await ctx.send(message_text(render_text(answer)))

    # -- commands ------------------------------------------------------------------------------
    @commands.hybrid_command(
        name="term", aliases=aliases("term"),
        description=_("Термин правил: действующий текст, старые редакции, связанные термины"))
    @app_commands.rename(query=_("query"))
    @app_commands.describe(query=_("Название термина, например «телепортация»"))
    @_cooldown()
    async def term(self, ctx: commands.Context[Any], *, query: Query) -> None:
        await self.respond(ctx, "term", query)

    @term.autocomplete("query")
    async def term_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return term_choices(self.judge, current)

    @commands.hybrid_command(
        name="card", aliases=aliases("card"),
        description=_("Карта: текст, характеристики и правила, которые она использует"))
    @app_commands.rename(query=_("query"))
    @app_commands.describe(query=_("Номер, название или выпуск и номер: «168», «Баалит», «ПХ 168»"))
    @_cooldown()
    async def card(self, ctx: commands.Context[Any], *, query: Query) -> None:
        await self.respond(ctx, "card", query)

    @card.autocomplete("query")
    async def card_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return card_choices(self.judge, current)

    @commands.hybrid_command(name="search", aliases=aliases("search"),
                             description=_("Поиск по текстам правил и карт"))
    @app_commands.rename(query=_("query"))
    @app_commands.describe(query=_("Слова для поиска"))
    @_cooldown()
    async def search(self, ctx: commands.Context[Any], *, query: Query) -> None:
        await self.respond(ctx, "search", query)

    @commands.hybrid_command(name="check", aliases=aliases("check"),
                             description=_("Проверка спорной ситуации на позиции: позиция | вопрос"))
    @app_commands.rename(position=_("position"))
    @app_commands.describe(
        position=_("Позиция и вопрос, например: 168 a1, враг ? b6 | телепортация a1 b6"))
    @_cooldown()
    async def check(self, ctx: commands.Context[Any], *, position: Query) -> None:
        await self.respond(ctx, "check", position)

    @commands.hybrid_command(name="case", aliases=aliases("case"),
                             description=_("Разбор готового игрового случая"))
    @app_commands.rename(query=_("query"))
    @app_commands.describe(query=_("Название или описание случая"))
    @_cooldown()
    async def case(self, ctx: commands.Context[Any], *, query: Query = "") -> None:
        await self.respond(ctx, "case", query)

    @commands.hybrid_command(
        name="ruling", aliases=aliases("ruling"),
        description=_("Решение судьи: записать проверку под номером или показать решение №"))
    @app_commands.rename(query=_("query"))
    @app_commands.describe(
        query=_("Позиция | вопрос, как в проверке; номер решения; «3 заметка …», «3 отменить …»"))
    @_cooldown()
    async def ruling(self, ctx: commands.Context[Any], *, query: Query) -> None:
        await self.respond(ctx, "ruling", query)

    @commands.hybrid_command(name="rulings", aliases=aliases("rulings"),
                             description=_("Записанные решения этого сервера, новые первыми"))
    @app_commands.rename(page=_("page"))
    @app_commands.describe(page=_("Номер страницы"))
    @_cooldown()
    async def rulings(self, ctx: commands.Context[Any],
                      page: commands.Range[int, 1, 10000] = 1) -> None:
        await self.respond(ctx, "rulings", str(page))

    @commands.hybrid_command(name="help", aliases=aliases("help"),
                             description=_("Как пользоваться ботом"))
    @app_commands.rename(topic=_("topic"))
    @app_commands.describe(topic=_("Команда или тема"))
    @_cooldown()
    async def help(self, ctx: commands.Context[Any], *, topic: Query = "") -> None:
        await self.respond(ctx, "help", topic)

    @commands.hybrid_command(name="sources", aliases=aliases("sources"),
                             description=_("Источники правил и их редакции"))
    @_cooldown()
    async def sources(self, ctx: commands.Context[Any]) -> None:
        await self.respond(ctx, "sources", "")


def caller_of(ctx: commands.Context[Any]) -> Caller:
    """Who asks and where, for the core: the server (None in direct messages), the member's
    name, the channel, and whether the member is a judge here — has the judges' role of the
    server settings, or may manage the server."""
    channel = getattr(ctx.channel, "name", None)
    if ctx.guild is None:
        return Caller(scope=None, user=ctx.author.display_name, user_id=ctx.author.id,
                      channel="личные сообщения", channel_id=ctx.channel.id, judge=False)
    store = getattr(getattr(ctx, "bot", None), "store", None)
    role = store.get(ctx.guild.id).judge_role if store is not None else None
    member = ctx.author
    roles = {r.id for r in getattr(member, "roles", [])}
    manager = bool(getattr(getattr(member, "guild_permissions", None), "manage_guild", False))
    return Caller(scope=ctx.guild.id, user=member.display_name, user_id=member.id,
                  channel=f"#{channel}" if channel else str(ctx.channel.id),
                  channel_id=ctx.channel.id, judge=manager or (role is not None and role in roles))
