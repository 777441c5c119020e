"""Command line: ``berserk-judge`` (Discord with a token, else the console), ``ask``, ``import``.

Examples::

    berserk-judge ask "!term телепортация"
    berserk-judge ask --json "!card 168"
    printf '!term прыжок\\n!card тень\\n' | berserk-judge ask --json -
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bot import PROJECT_ROOT
from bot.answers.json import render_json
from bot.answers.text import render_text
from bot.corpus.errors import CorpusError
from bot.importers.cli import import_group

if TYPE_CHECKING:
    from bot.commands.judge import Judge

log = logging.getLogger("berserk_judge")

_root_option = click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=PROJECT_ROOT,
    show_default=True, help="Folder holding rules/ and cards/.",
)


def data_dir() -> Path:
    """Where derived data lives (the index); settings live beside it in their own database."""
    return Path(os.environ.get("BERSERK_DATA_DIR") or PROJECT_ROOT / ".data")


def open_judge(root: Path) -> Judge:
    """Open the Judge or exit with an operator message naming every corpus error."""
    from bot.commands.judge import Judge

    try:
        return Judge.open(root, data_dir())
    except CorpusError as exc:
        click.echo(f"berserk-judge: cannot load the corpus under {root}\n{exc}", err=True)
        sys.exit(2)


@click.group(invoke_without_command=True)
@_root_option
@click.option("--console", "force_console", is_flag=True, help="Start the console even with a token.")
@click.pass_context
def cli(ctx: click.Context, root: Path, force_console: bool) -> None:
    """berserk-judge: a rules judge for «Берсерк». With no command: Discord or the console."""
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if ctx.invoked_subcommand is not None:
        return
    from dotenv import load_dotenv

    load_dotenv()
    if os.environ.get("DISCORD_TOKEN") and not force_console:
        from bot.chat.app import run_bot
        from bot.chat.config import load_config

        judge = open_judge(root)
        judge.lookup.warm()  # a long-running bot builds every lookup table before the first query
        run_bot(load_config(), judge)
        return
    if not force_console:
        click.echo("DISCORD_TOKEN is not set: starting the console (see README, 'Run on Discord').",
                   err=True)
    from bot.console import run_console

    judge = open_judge(root)
    judge.lookup.warm()
    run_console(judge)


@cli.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the structured answer (SPEC §6).")
@_root_option
def ask(text: tuple[str, ...], as_json: bool, root: Path) -> None:
    """Answer one message, or with '-' one message per line of standard input (JSON Lines)."""
    judge = open_judge(root)
    message = " ".join(text)
    if message == "-":
        for line in sys.stdin:
            if not line.strip():
                continue
            answer = judge.ask(line.rstrip("\n"))
            click.echo(render_json(answer) if as_json else render_text(answer, markdown=False))
            sys.stdout.flush()
        return
    answer = judge.ask(message if message.lstrip().startswith(("!", "/")) else "!" + message)
    click.echo(render_json(answer) if as_json else render_text(answer, markdown=False))


@cli.command()
@_root_option
def index(root: Path) -> None:
    """Validate the corpus and (re)build the search index if the YAML changed."""
    judge = open_judge(root)
    corpus = judge.corpus
    click.echo(f"ok: {len(corpus.terms)} terms, {len(corpus.cards)} cards, "
               f"{len(corpus.sources)} sources; index in {data_dir()}")


cli.add_command(import_group)


def main() -> None:
    cli(prog_name="berserk-judge")
