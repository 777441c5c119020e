"""The command line of issue 12: `ask --image`, mentions in `ask`, rulings kept under the
root's .data/, `recheck` and `rulings export`, and the console's picture file."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from bot import PROJECT_ROOT
from bot.cli import cli
from bot.picture.draw import HEIGHT, WIDTH

CHECK = "!check 168 a1, враг ? c6 | телепортация a1 b6"


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    """A corpus root of its own, so rulings land in its .data/, not the checkout's."""
    root = tmp_path / "corpus"
    for part in ("rules", "cards", "cases"):
        if (PROJECT_ROOT / part).exists():
            shutil.copytree(PROJECT_ROOT / part, root / part)
    return root


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("BERSERK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BERSERK_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    return CliRunner()


def ask(runner: CliRunner, root: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(cli, ["ask", "--root", str(root), *args])
    return result.exit_code, result.output


def test_ask_image_writes_the_board_picture(runner: CliRunner, root: Path, tmp_path: Path) -> None:
    image = tmp_path / "out" / "board.png"
    code, out = ask(runner, root, "--image", str(image), CHECK)
    assert code == 0 and "Можно" in out and "ваш 3-й ряд" in out  # the text grid stays
    assert Image.open(image).size == (WIDTH, HEIGHT)
    assert image.stat().st_mode & 0o044  # an ordinary file others may read


def test_ask_image_without_a_picture_says_so(runner: CliRunner, root: Path, tmp_path: Path) -> None:
    code, out = ask(runner, root, "--image", str(tmp_path / "x.png"), "!term прыжок")
    assert code == 1 and "Прыжок" in out and "no board picture" in out
    assert not (tmp_path / "x.png").exists()


def test_ask_image_that_cannot_be_drawn_prints_the_text_and_logs(
        runner: CliRunner, root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    from bot.picture import draw

    def broken(scene: object) -> bytes:
        raise OSError("no fonts")

    monkeypatch.setattr(draw, "render_png", broken)
    code, out = ask(runner, root, "--image", str(tmp_path / "x.png"), CHECK)
    assert code == 1 and "Можно" in out and "could not be drawn" in out
    assert any(r.exc_info for r in caplog.records)
    assert not list(tmp_path.glob("*.png")) and not list(tmp_path.glob(".x.png.*"))


def test_mentions_in_ask(runner: CliRunner, root: Path) -> None:
    code, out = ask(runner, root, "--json", "что делает [[баалит]] против [[тень]]?")
    data = json.loads(out)
    assert code == 0 and data["command"] == "mention"
    assert [r["id"] for r in data["results"]] == ["50-168", "50-194"]
    assert "Полностью: `!card Путь хранителей 168`" in data["text"]


def test_rulings_are_kept_under_the_roots_data(runner: CliRunner, root: Path) -> None:
    code, out = ask(runner, root, "--json", "!решение " + CHECK.removeprefix("!check "))
    ruling = json.loads(out)["ruling"]
    assert code == 0 and ruling["id"] == 1 and ruling["verdict"] == "yes"
    assert ruling["citations"][0]["term"] == "teleportatsiya" and ruling["corpus_version"]
    assert (root / ".data" / "rulings.db").is_file()
    code, out = ask(runner, root, "--json", "!ruling 1")
    assert json.loads(out)["ruling"]["id"] == 1
    code, out = ask(runner, root, "!ruling 999")
    assert "Решения №999 нет" in out  # a clear message, not a traceback


def test_recheck_lists_changed_rulings_and_export(runner: CliRunner, root: Path) -> None:
    for question in ("телепортация a1 b6", "телепортация a1 c6"):
        ask(runner, root, f"!ruling 168 a1, враг ? c6 | {question}")
    result = runner.invoke(cli, ["recheck", "--root", str(root)])
    assert result.exit_code == 0 and "0 of 2 rulings changed" in result.output
    # As if recorded on another corpus: ruling 1 had another verdict, ruling 2 cited nothing.
    db = sqlite3.connect(root / ".data" / "rulings.db")
    db.execute("UPDATE rulings SET verdict = 'no', corpus_version = 'old' WHERE number = 1")
    db.execute("UPDATE rulings SET citations = '[]' WHERE number = 2")
    db.commit()
    db.close()
    result = runner.invoke(cli, ["recheck", "--root", str(root)])
    assert "2 of 2 rulings changed" in result.output
    assert "№1: вердикт «Нельзя» → «Можно»" in result.output
    assert "№2: правила: + Телепортация (РП 4.1-2 от 09.11.2024)" in result.output

    result = runner.invoke(cli, ["rulings", "export", "--root", str(root), "--format", "json"])
    rows = json.loads(result.output)
    assert [(r["store"], r["id"], r["verdict"]) for r in rows] == [("local", 1, "no"), ("local", 2, "no")]
    result = runner.invoke(cli, ["rulings", "export", "--root", str(root), "--format", "csv"])
    table = list(csv.DictReader(io.StringIO(result.output)))
    assert [r["id"] for r in table] == ["1", "2"] and table[0]["check"].startswith("168 a1")
    assert "Телепортация (РП 4.1-2" in table[0]["citations"] and table[1]["citations"] == ""


def test_root_before_the_command_is_the_one_recheck_and_export_read(
        runner: CliRunner, root: Path) -> None:
    # `berserk-judge --root X recheck` read the checkout's store, not X's (README: `--root`
    # goes before or after the command).
    ask(runner, root, CHECK.replace("!check", "!ruling"))
    store = root / ".data" / "rulings.db"
    result = runner.invoke(cli, ["--root", str(root), "recheck"])
    assert result.exit_code == 0 and f"local store {store}: 0 of 1 rulings changed" in result.output
    result = runner.invoke(cli, ["--root", str(root), "rulings", "export", "--store", "local"])
    assert [r["id"] for r in json.loads(result.output)] == [1]


def test_console_saves_the_picture_to_a_temp_file(runner: CliRunner, root: Path) -> None:
    result = runner.invoke(cli, ["--root", str(root), "--console"], input=CHECK + "\n")
    line = next(ln for ln in result.output.splitlines() if ln.startswith("Картинка позиции: "))
    path = Path(line.removeprefix("Картинка позиции: "))
    try:
        assert Image.open(path).size == (WIDTH, HEIGHT)
    finally:
        path.unlink()
