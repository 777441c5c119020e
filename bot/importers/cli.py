"""``berserk-judge import card|glossary|nxt FILE``: run an importer into rules/ and cards/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from bot import PROJECT_ROOT
from bot.importers.errors import ImporterError

_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)
_ROOT = click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=PROJECT_ROOT,
    show_default=True, help="Folder holding rules/ and cards/.",
)


@click.group(name="import")
def import_group() -> None:
    """Import source documents into the YAML corpus (rules/, cards/)."""


@import_group.command("card")
@click.argument("file", type=_FILE)
@_ROOT
def import_card(file: Path, root: Path) -> None:
    """A card page of the game's site (tab-separated text, SPEC §3)."""
    from bot.importers.card_page import import_card_page

    _run(lambda: import_card_page(file, root))


@import_group.command("glossary")
@click.argument("file", type=_FILE)
@_ROOT
def import_glossary_cmd(file: Path, root: Path) -> None:
    """The site's glossary page «Глоссарий терминов»."""
    from bot.importers.glossary import import_glossary

    _run(lambda: import_glossary(file, root))


@import_group.command("nxt")
@click.argument("file", type=_FILE)
@_ROOT
def import_nxt_cmd(file: Path, root: Path) -> None:
    """The berserk-nxt community card database (resources/data.json)."""
    from bot.importers.nxt import import_nxt

    _run(lambda: import_nxt(file, root))


def _run(action: Callable[[], str]) -> None:
    try:
        click.echo(action())
    except ImporterError as exc:
        raise click.ClickException(str(exc)) from exc
