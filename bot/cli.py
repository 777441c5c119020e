"""Command line: ``berserk-judge`` (Discord with a token, else the console), ``ask``, ``import``.

Examples::

    berserk-judge ask "!term телепортация"
    berserk-judge ask --json "!card 168"
    printf '!term прыжок\\n!card тень\\n' | berserk-judge ask --json -
    berserk-judge ask --image board.png "!check 168 a1, враг ? c6 | телепортация a1 b6"
    berserk-judge recheck

Exit codes: 0 — answered (with ``-``: every line answered, whatever the answers say);
1 — one ``ask`` whose answer is an error (``ok`` false: unknown term, bad notation …);
2 — the corpus, the index or the configuration cannot be used (one English line on stderr
says what to do); 3 — Discord cannot be reached.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from bot import PROJECT_ROOT
from bot.answers.json import render_json
from bot.answers.text import render_text
from bot.cliroot import corpus_root, root_option
from bot.corpus.errors import CorpusError
from bot.importers.cli import import_group
from bot.rulings.cli import recheck, rulings

if TYPE_CHECKING:
    from bot.answers import Answer
    from bot.commands.judge import Judge

log = logging.getLogger("berserk_judge")

EXIT_ERROR_ANSWER, EXIT_UNUSABLE, EXIT_NO_DISCORD = 1, 2, 3



_default_set_option = click.option(
    "--default-set", "default_set", metavar="SET", default=None,
    help="The set a bare card number means (`!card 168`): name, initials or id, e.g. ВС or 10. "
         "Default: the newest set.")


def resolve_default_set(judge: Judge, text: str | None) -> int | None:
    """The set id of ``--default-set``, or exit with an operator message listing the sets."""
    if text is None:
        return None
    found = judge.lookup.resolve_set(text)
    if found is None:
        sets = ", ".join(f"{s.initials} ({s.name}, {s.id})" for s in judge.corpus.sets.values())
        fail(f"unknown set {text!r} for --default-set; sets: {sets}")
    return found.id


def data_dir(root: Path = PROJECT_ROOT) -> Path:
    """Where derived data lives (the index): ``BERSERK_DATA_DIR``, else ``<root>/.data``.
    Each root has an index of its own even in a shared folder (see ``index_path``)."""
    env = os.environ.get("BERSERK_DATA_DIR")
    return Path(env) if env else root / ".data"


def fail(message: str, code: int = EXIT_UNUSABLE) -> NoReturn:
    """Exit with an operator message (English) on stderr."""
    click.echo(f"berserk-judge: {message}", err=True)
    sys.exit(code)


def open_judge(root: Path, force: bool = False) -> Judge:
    """Open the Judge, or exit with one operator message: every corpus error (root causes
    first), or what to do about the data folder."""
    from bot.commands.judge import Judge
    from bot.lookup.index import IndexUnavailable

    try:
        return Judge.open(root, data_dir(root), force=force)
    except CorpusError as exc:
        fail(f"cannot load the corpus under {root}\n{exc}")
    except IndexUnavailable as exc:
        fail(str(exc))


def readable(text: str) -> str:
    """Text as valid Unicode: bytes that were not UTF-8 (kept by Python as lone surrogates)
    become U+FFFD, so every answer can be printed and encoded as JSON."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@click.group(invoke_without_command=True)
@root_option
@click.option("--console", "force_console", is_flag=True, help="Start the console even with a token.")
@_default_set_option
@click.pass_context
def cli(ctx: click.Context, root: Path | None, force_console: bool, default_set: str | None) -> None:
    """berserk-judge: a rules judge for «Берсерк». With no command: Discord or the console."""
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if ctx.invoked_subcommand is not None:
        return
    root = corpus_root(ctx, root)
    from dotenv import load_dotenv

    load_dotenv()
    if os.environ.get("DISCORD_TOKEN") and not force_console:
        run_discord(root)
        return
    if not force_console:
        click.echo("DISCORD_TOKEN is not set: starting the console (see README, 'Run on Discord').",
                   err=True)
    from bot.console import run_console
    from bot.rulings.store import open_local

    judge = open_judge(root)
    judge.warm()
    judge.use_rulings(open_local(root))  # the console's rulings: <root>/.data/rulings.db
    run_console(judge, resolve_default_set(judge, default_set))


def run_discord(root: Path) -> None:
    from bot.chat.app import DiscordUnreachable, run_bot
    from bot.chat.config import ConfigError, load_config

    try:
        config = load_config()
    except ConfigError as exc:
        fail(f"{exc} (see docs/discord.md)")
    judge = open_judge(root)
    judge.warm()  # a long-running bot builds its tables and decoders before the first query
    try:
        run_bot(config, judge)
    except DiscordUnreachable as exc:
        fail(str(exc), EXIT_NO_DISCORD)


@cli.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the structured answer (SPEC §6).")
@click.option("--image", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the board picture of a !check (or !ruling) answer to this PNG file.")
@click.option("--full", is_flag=True,
              help="Quote each cited rule whole (by default: the sentences that decided it).")
@root_option
@_default_set_option
@click.pass_context
def ask(ctx: click.Context, text: tuple[str, ...], as_json: bool, image: Path | None,
        full: bool, root: Path | None, default_set: str | None) -> None:
    """Answer one message (exit 1 when the answer is an error), or with '-' one message per
    line of standard input: one answer per line, blank lines included (JSON Lines)."""
    from bot.rulings.store import open_local

    root = corpus_root(ctx, root)
    judge = open_judge(root)
    judge.use_rulings(open_local(root))  # `!ruling` keeps its rulings in <root>/.data/
    set_id = resolve_default_set(judge, default_set or ctx.find_root().params.get("default_set"))
    message = readable(" ".join(text))
    if image is not None and message == "-":
        raise click.UsageError("--image takes one message, not '-'")
    if message == "-":
        answer_lines(judge, as_json, set_id, full)
        return
    answer = judge.ask(message if message.lstrip().startswith(("!", "/")) else "!" + message,
                       default_set=set_id)
    click.echo(render_json(answer, full=full) if as_json
               else render_text(answer, markdown=False, full=full))
    if not full and not as_json and any(s.full for s in answer.sections):
        click.echo("\n(Полный текст цитированных правил: добавьте --full.)")
    if image is not None:
        write_image(answer, image)
    if not answer.ok:
        sys.exit(EXIT_ERROR_ANSWER)


def write_image(answer: Answer, path: Path) -> None:
    """The answer's board picture to ``path`` (atomically); exit 1 with an operator message
    when the answer has none or it cannot be drawn (the text answer is out already)."""
    from bot.picture.files import save_png

    if answer.picture is None:
        click.echo(f"berserk-judge: no board picture for this answer ({answer.command}); "
                   f"{path} not written", err=True)
        sys.exit(EXIT_ERROR_ANSWER)
    if not save_png(answer.picture, path):
        click.echo(f"berserk-judge: the board picture could not be drawn (see the log); "
                   f"{path} not written", err=True)
        sys.exit(EXIT_ERROR_ANSWER)


def answer_lines(judge: Judge, as_json: bool, default_set: int | None = None,
                 full: bool = False) -> None:
    """Answer standard input line by line (see :func:`answer_stream`), flushing each answer."""
    for out in answer_stream(judge, sys.stdin.buffer, as_json, default_set, full):
        click.echo(out)
        sys.stdout.flush()


def answer_stream(judge: Judge, lines: Iterable[bytes], as_json: bool = True,
                  default_set: int | None = None, full: bool = False) -> Iterator[str]:
    """One answer per input line, blank lines included, each with its line number (``line``,
    from 1); bytes that are not UTF-8 are replaced, so every answer is valid UTF-8 JSON.

    For input ``b"!term \\xd0\\n\\n"`` (a cut UTF-8 sequence, then a blank line) it yields two
    JSON objects: ``"line": 1`` (a term query for U+FFFD) and ``"line": 2`` (an empty query).
    """
    for number, raw in enumerate(lines, start=1):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        answer = judge.ask(line, default_set=default_set)
        yield render_json(answer, line=number, full=full) if as_json else _numbered(answer, number, full)


def _numbered(answer: Answer, number: int, full: bool) -> str:
    return f"[{number}] " + render_text(answer, markdown=False, full=full)


@cli.command()
@click.option("--force", is_flag=True, help="Rebuild even when the index is up to date.")
@root_option
@click.pass_context
def index(ctx: click.Context, force: bool, root: Path | None) -> None:
    """Validate the corpus and (re)build the search index if the YAML changed (or is damaged)."""
    from bot.lookup.index import index_path

    root = corpus_root(ctx, root)
    path = index_path(root, data_dir(root))
    before = _identity(path)
    corpus = open_judge(root, force=force).corpus
    state = "up to date" if _identity(path) == before else "rebuilt"
    click.echo(f"ok: {len(corpus.terms)} terms, {len(corpus.cards)} cards, "
               f"{len(corpus.sources)} sources; index {state}: {path}")


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


cli.add_command(import_group)
cli.add_command(recheck)
cli.add_command(rulings)


def main() -> None:
    cli(prog_name="berserk-judge")
