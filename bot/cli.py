"""Command line: ``berserk-judge`` (Discord with a token, else the console), ``ask``, ``import``.

Examples::

    berserk-judge ask "!term телепортация"
    berserk-judge ask --json "!card 168"
    printf '!term прыжок\\n!card тень\\n' | berserk-judge ask --json -
    berserk-judge ask --image board.png "!check 168 a1, враг ? c6 | телепортация a1 b6"
    berserk-judge recheck
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
from bot.rulings.cli import recheck, rulings

if TYPE_CHECKING:
    from bot.answers import Answer
    from bot.commands.judge import Judge

log = logging.getLogger("berserk_judge")

_root_option = click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=PROJECT_ROOT,
    show_default=True, help="Folder holding rules/ and cards/.",
)


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
        click.echo(f"berserk-judge: unknown set {text!r} for --default-set; sets: {sets}",
                   err=True)
        sys.exit(2)
    return found.id


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
@_default_set_option
@click.pass_context
def cli(ctx: click.Context, root: Path, force_console: bool, default_set: str | None) -> None:
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
    from bot.rulings.store import open_local

    judge = open_judge(root)
    judge.lookup.warm()
    judge.use_rulings(open_local(root))  # the console's rulings: <root>/.data/rulings.db
    run_console(judge, resolve_default_set(judge, default_set))


@cli.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the structured answer (SPEC §6).")
@click.option("--image", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the board picture of a !check (or !ruling) answer to this PNG file.")
@_root_option
@_default_set_option
def ask(text: tuple[str, ...], as_json: bool, image: Path | None, root: Path,
        default_set: str | None) -> None:
    """Answer one message, or with '-' one message per line of standard input (JSON Lines)."""
    from bot.rulings.store import open_local

    judge = open_judge(root)
    judge.use_rulings(open_local(root))  # `!ruling` keeps its rulings in <root>/.data/
    set_id = resolve_default_set(judge, default_set)
    message = " ".join(text)
    if image is not None and message == "-":
        raise click.UsageError("--image takes one message, not '-'")
    if message == "-":
        for line in sys.stdin:
            if not line.strip():
                continue
            answer = judge.ask(line.rstrip("\n"), default_set=set_id)
            click.echo(render_json(answer) if as_json else render_text(answer, markdown=False))
            sys.stdout.flush()
        return
    answer = judge.ask(message if message.lstrip().startswith(("!", "/")) else "!" + message,
                       default_set=set_id)
    click.echo(render_json(answer) if as_json else render_text(answer, markdown=False))
    if image is not None:
        write_image(answer, image)


def write_image(answer: Answer, path: Path) -> None:
    """The answer's board picture to ``path`` (atomically); exit 1 with an operator message
    when the answer has none or it cannot be drawn (the text answer is out already)."""
    from bot.picture.files import save_png

    if answer.picture is None:
        click.echo(f"berserk-judge: no board picture for this answer ({answer.command}); "
                   f"{path} not written", err=True)
        sys.exit(1)
    if not save_png(answer.picture, path):
        click.echo(f"berserk-judge: the board picture could not be drawn (see the log); "
                   f"{path} not written", err=True)
        sys.exit(1)


@cli.command()
@_root_option
def index(root: Path) -> None:
    """Validate the corpus and (re)build the search index if the YAML changed."""
    judge = open_judge(root)
    corpus = judge.corpus
    click.echo(f"ok: {len(corpus.terms)} terms, {len(corpus.cards)} cards, "
               f"{len(corpus.sources)} sources; index in {data_dir()}")


cli.add_command(import_group)
cli.add_command(recheck)
cli.add_command(rulings)


def main() -> None:
    cli(prog_name="berserk-judge")
