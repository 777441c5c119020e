"""``berserk-judge recheck`` and ``berserk-judge rulings export``: rulings from the command line.

Both read the local store (``<root>/.data/rulings.db``, written by the console and ``ask``) and
the Discord settings database (``discord-settings.db`` in the bot's state folder), when they
exist; ``--store`` picks one.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bot.cliroot import corpus_root, root_option

if TYPE_CHECKING:  # the store (and sqlite-utils) is loaded when a command runs, not by `ask`
    from bot.rulings.store import RulingStore

STORES = ("all", "local", "discord")
_root = root_option
_store = click.option("--store", type=click.Choice(STORES), default="all", show_default=True,
                      help="Which rulings: the console's local store, the Discord servers', or both.")


@contextmanager
def open_stores(root: Path, which: str) -> Iterator[list[tuple[str, RulingStore]]]:
    """The existing stores, named for people: («local …», store), («discord …», store)."""
    from bot.rulings.store import LOCAL_FILE, open_local

    opened: list[tuple[str, RulingStore]] = []
    closers = []
    try:
        local = root / ".data" / LOCAL_FILE
        if which in ("all", "local") and local.is_file():
            store = open_local(root)
            opened.append((f"local store {local}", store))
            closers.append(store.close)
        if which in ("all", "discord"):
            from bot.chat.config import load_config
            from bot.chat.settings import SettingsStore

            path = load_config().settings_db
            if path.is_file():
                settings = SettingsStore(path)
                opened.append((f"Discord settings {path}", settings.rulings))
                closers.append(settings.close)
        yield opened
    finally:
        for close in closers:
            close()


@click.command()
@_root
@_store
@click.pass_context
def recheck(ctx: click.Context, root: Path | None, store: str) -> None:
    """Re-run every recorded ruling on the current corpus; list those whose verdict or cited
    rules changed."""
    from bot.cli import open_judge
    from bot.rulings.recheck import report

    root = corpus_root(ctx, root)
    judge = open_judge(root)
    with open_stores(root, store) as stores:
        if not stores:
            click.echo("no rulings recorded yet (no rulings store found)")
        for name, rulings in stores:
            scopes = rulings.scopes()
            total = sum(1 for _ in rulings.all())
            changes = judge.recheck(rulings)
            click.echo(f"{name}: {len(changes)} of {total} rulings changed")
            for scope in scopes:
                mine = [c for c in changes if c.ruling.scope == scope]
                if mine:
                    click.echo(f"[{'local' if scope == 0 else f'server {scope}'}]")
                    click.echo(report(mine, judge.corpus_version))


@click.group()
def rulings() -> None:
    """Recorded rulings."""


@rulings.command()
@click.option("--format", "fmt", type=click.Choice(("json", "csv")), default="json",
              show_default=True)
@_root
@_store
@click.pass_context
def export(ctx: click.Context, fmt: str, root: Path | None, store: str) -> None:
    """Every recorded ruling, oldest first, as JSON (a list) or CSV, on standard output."""
    from bot.commands.ruling import ruling_data

    root = corpus_root(ctx, root)
    with open_stores(root, store) as stores:
        rows = [{"store": name.split()[0].lower(), **ruling_data(r)}
                for name, s in stores for r in s.all()]
    click.echo(json.dumps(rows, ensure_ascii=False, indent=1) if fmt == "json" else to_csv(rows),
               nl=fmt == "json")


CSV_COLUMNS = ("store", "scope", "id", "created_at", "asked_by", "channel", "verdict", "value",
               "question", "check", "citations", "corpus_version", "status", "notes")


def to_csv(rows: list[dict[str, object]]) -> str:
    """One line per ruling; the cited rules and the notes joined with « | »."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        flat = dict(row)
        flat["citations"] = " | ".join(
            f"{c['name']} ({c['source'] or 'только название'})" for c in row["citations"])  # type: ignore[attr-defined]
        flat["notes"] = " | ".join(
            f"{n['kind']}: {n['text']} ({n['by']}, {n['at']})" for n in row["notes"])  # type: ignore[attr-defined]
        writer.writerow(flat)
    return out.getvalue()
