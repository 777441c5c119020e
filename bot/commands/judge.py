"""The Judge: one object that answers chat messages from the corpus, lookup and engine.

Every surface (console, ``ask``, JSON Lines, Discord) calls :meth:`Judge.ask` or
:meth:`Judge.run` and renders the returned :class:`~bot.answers.Answer`.
"""

from __future__ import annotations

import gc
import logging
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bot import PROJECT_ROOT
from bot.answers import Answer
from bot.commands.context import Context, Handler
from bot.commands.parser import MAX_INPUT, input_length, parse_message, too_long
from bot.commands.registry import BY_NAME, COMMANDS
from bot.corpus.model import Corpus
from bot.lookup.lookup import Lookup
from bot.ru import echo
from bot.rulings.model import Caller

if TYPE_CHECKING:
    from bot.rulings.recheck import Change
    from bot.rulings.store import RulingStore

__all__ = ["Context", "Handler", "Judge"]

log = logging.getLogger(__name__)


class Judge:
    """Answers commands. Build it once per process; it is read-only afterwards."""

    def __init__(self, corpus: Corpus, lookup: Lookup, root: Path = PROJECT_ROOT):
        self.ctx = Context(corpus=corpus, lookup=lookup, root=root)
        self.handlers: dict[str, Handler] = {}  # filled by :meth:`handler` as commands run

    @classmethod
    def open(cls, root: Path, data_dir: Path, force: bool = False) -> Judge:
        """Load the corpus under ``root`` through the cached index in ``data_dir`` (``force``:
        rebuild the index even when it is up to date)."""
        from bot.lookup.index import open_index

        # The corpus is tens of thousands of long-lived objects made in one go: the cyclic
        # garbage collector would walk them over and over while they are made (~20% of a warm
        # start), and again in every full collection later (a pause of milliseconds in some
        # unlucky lookup). So: no collection while loading, then the corpus is frozen out of
        # the collector's sight (gc.freeze) for the life of the process.
        gc.disable()
        try:
            corpus, db_path = open_index(root, data_dir, force=force)
            judge = cls(corpus, Lookup(corpus, db_path), root)
        finally:
            gc.enable()
        gc.freeze()
        return judge

    def warm(self) -> None:
        """Do now what the first queries would do once: build every lookup table, load the
        word dictionary, build every ability decoder and ready the quote of every rule a check
        may cite. For a long-running process (the bot, the console); a one-shot
        ``ask`` skips it, as it would pay for tables it does not use. (Reading every card's
        abilities here too was measured: +10 MB at 6,000 cards and a slower median check, for
        no sure gain in the p99 — so a card's abilities are still read on first use.)"""
        from bot.commands.check import prepare_quotes
        from bot.corpus.abilities.codec import prepare
        from bot.ru import morph

        self.lookup.warm()
        morph()  # the dictionary a query's inflected words are read with: ~20 MB, ~0.3 s
        prepare()
        prepare_quotes(self.corpus)

    @property
    def corpus(self) -> Corpus:
        return self.ctx.corpus

    @property
    def lookup(self) -> Lookup:
        return self.ctx.lookup

    @property
    def corpus_version(self) -> str:
        """The corpus's content hash: what a recorded ruling was judged on."""
        return self.ctx.corpus.content_hash

    def recheck(self, store: RulingStore, scope: int | None = None) -> list[Change]:
        """The recorded rulings (of one server) that the current corpus judges otherwise."""
        from bot.commands.ruling import recheck_store

        return recheck_store(self.ctx, store, scope)

    def use_rulings(self, store: RulingStore | None) -> None:
        """Keep recorded rulings in ``store`` (the surface's: the settings database on
        Discord, a local file for the console and ``ask``)."""
        self.ctx = replace(self.ctx, rulings=store)

    def ask(self, message: str, prefix: str = "!", caller: Caller | None = None,
            default_set: int | None = None) -> Answer:
        """Answer one chat message, e.g. ``"!term телепортация"``; a message that is no
        command but mentions ``[[карта]]`` or ``[[термин]]`` is answered compactly. An
        over-long message is refused, never cut and answered in part. ``default_set`` is the
        set a bare card number means (None: the newest set)."""
        length = input_length(message)
        if length > MAX_INPUT:
            name = parse_message(message[:200], prefix).name or "unknown"
            return Answer.failure(name, too_long(length))
        parsed = parse_message(message, prefix)
        if parsed.name is None:
            if not parsed.word:
                return Answer.failure("help", "Пустой запрос. Напишите `!help`, чтобы увидеть команды.")
            mentioned = self.mentions(message, default_set)
            if mentioned is not None:
                return mentioned
            return self._bare(parsed.word, f"{parsed.word} {parsed.args}".strip(), default_set)
        return self.run(parsed.name, parsed.args, caller, default_set)

    def mentions(self, text: str, default_set: int | None = None) -> Answer | None:
        """The compact answer to the ``[[…]]`` mentions of a message; None when it has none.
        A bare card number (``[[168]]``) means ``default_set``, as in :meth:`run`."""
        from bot.commands.mentions import answer_mentions, has_mentions

        if not has_mentions(text):
            return None
        ctx = self.ctx if default_set is None else replace(self.ctx, default_set=default_set)
        return self._guarded("mention", lambda: answer_mentions(ctx, text))

    def _bare(self, word: str, text: str, default_set: int | None) -> Answer:
        """``!телепортация`` or ``!баалит``: a clear term or card name answers as such."""
        if self.lookup.find_term(text).best is not None:
            return self.run("term", text, default_set=default_set)
        if self.lookup.find_card(text, default_set).best is not None:
            return self.run("card", text, default_set=default_set)
        names = ", ".join(f"`!{c.shown}`" for c in COMMANDS)
        return Answer.failure(
            "unknown", f"Не знаю команду «{echo(word, 40)}». Команды: {names}. Подробнее: `!help`.")

    def handler(self, name: str) -> Handler | None:
        """The handler of a command (its module imported on first use), or None."""
        found = self.handlers.get(name)
        if found is None and name in BY_NAME:
            found = self.handlers[name] = BY_NAME[name].load()
        return found

    def run(self, name: str, args: str, caller: Caller | None = None,
            default_set: int | None = None) -> Answer:
        """Run a command by canonical name for ``caller`` (default: the local console user),
        a bare card number meaning ``default_set``; unexpected errors become an answer with
        an id."""
        handler = self.handler(name)
        if handler is None:
            return Answer.failure("unknown", f"Не знаю команду «{echo(name, 40)}». Напишите `!help`.")
        ctx = self.ctx if caller is None else replace(self.ctx, caller=caller)
        ctx = ctx if default_set is None else replace(ctx, default_set=default_set)
        answer = self._guarded(name, lambda: handler(ctx, args))
        assert answer is not None
        return answer

    @staticmethod
    def _guarded(name: str, work: Callable[[], Answer | None]) -> Answer | None:
        try:
            return work()
        except Exception:  # one error boundary for every surface: never a traceback to users
            error_id = uuid.uuid4().hex[:8]
            log.exception("command %s failed (error id %s)", name, error_id)
            return Answer.failure(name, f"Внутренняя ошибка бота (код {error_id}). Мы уже разбираемся.")
