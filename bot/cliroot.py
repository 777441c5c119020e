"""The ``--root`` option every command takes, before or after the command's name.

``berserk-judge --root X recheck`` and ``berserk-judge recheck --root X`` mean the same corpus;
a subcommand's own ``--root`` wins. Kept apart from :mod:`bot.cli` so that the importers' and
the rulings' commands, which :mod:`bot.cli` imports, can use it too.
"""

from __future__ import annotations

from pathlib import Path

import click

from bot import PROJECT_ROOT

root_option = click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=None,
    help=f"Folder holding rules/ and cards/ (default: {PROJECT_ROOT}).",
)


def corpus_root(ctx: click.Context, root: Path | None) -> Path:
    """The subcommand's ``--root``, else the one given before the subcommand, else the
    checkout's."""
    if root is not None:
        return root
    parent = ctx.find_root().params.get("root")
    return parent if isinstance(parent, Path) else PROJECT_ROOT
