"""``berserk-judge import card|glossary|nxt FILE``: run an importer into rules/ and cards/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from bot.cliroot import corpus_root, root_option
from bot.importers.errors import ImporterError

_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)
_ROOT = root_option


@click.group(name="import")
def import_group() -> None:
    """Import source documents into the YAML corpus (rules/, cards/)."""


@import_group.command("card")
@click.argument("file", type=_FILE)
@_ROOT
@click.pass_context
def import_card(ctx: click.Context, file: Path, root: Path | None) -> None:
    """A card page of the game's site (tab-separated text, SPEC §3)."""
    from bot.importers.card_page import import_card_page

    target = corpus_root(ctx, root)
    _run(lambda: import_card_page(file, target))


@import_group.command("glossary")
@click.argument("file", type=_FILE)
@_ROOT
@click.pass_context
def import_glossary_cmd(ctx: click.Context, file: Path, root: Path | None) -> None:
    """The site's glossary page «Глоссарий терминов»."""
    from bot.importers.glossary import import_glossary

    target = corpus_root(ctx, root)
    _run(lambda: import_glossary(file, target))


@import_group.command("nxt")
@click.argument("file", type=_FILE)
@_ROOT
@click.pass_context
def import_nxt_cmd(ctx: click.Context, file: Path, root: Path | None) -> None:
    """The berserk-nxt community card database (resources/data.json)."""
    from bot.importers.nxt import import_nxt

    target = corpus_root(ctx, root)
    _run(lambda: import_nxt(file, target))


def _run(action: Callable[[], str]) -> None:
    try:
        click.echo(action())
    except ImporterError as exc:
        raise click.ClickException(str(exc)) from exc
