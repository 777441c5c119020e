import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot import PROJECT_ROOT
from bot.cli import cli


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("BERSERK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    return CliRunner()


def test_ask_json(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "--json", "!term телепортация"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] and data["command"] == "term" and data["term"]["id"] == "teleportatsiya"


def test_ask_text_without_prefix(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "card", "168"])
    assert result.exit_code == 0 and "Баалит" in result.output


def test_ask_json_lines(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "--json", "-"], input="!term прыжок\n\n!card тень\n!zzz\n")
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [d["command"] for d in lines] == ["term", "card", "unknown"]
    assert lines[2]["ok"] is False


def test_broken_corpus_names_every_error(runner: CliRunner, tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(PROJECT_ROOT / "rules", root / "rules")
    shutil.copytree(PROJECT_ROOT / "cards", root / "cards")
    (root / "rules" / "extra.yaml").write_text("terms:\n  - id: Bad Id\n    name: ''\n")
    (root / "cards" / "99-x.yaml").write_text("set: {id: 99, name: X}\ncards: []\n")
    result = runner.invoke(cli, ["ask", "--root", str(root), "!help"])
    assert result.exit_code == 2
    assert "rules/extra.yaml: terms[0] (Bad Id): id" in result.output
    assert "rules/extra.yaml: terms[0] (Bad Id): name" in result.output
    assert "cards/99-x.yaml" in result.output and "initials" in result.output
    assert "Traceback" not in result.output


def test_console_exits_cleanly_on_eof(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--console"], input="!term ряд\n")
    assert result.exit_code == 0
    assert "Ряд" in result.output


def test_default_set_flag(runner: CliRunner) -> None:
    default = json.loads(runner.invoke(cli, ["ask", "--json", "!card 168"]).output)
    assert default["card"]["id"] == "50-168"  # the newest set, «Путь хранителей»
    result = runner.invoke(cli, ["ask", "--json", "--default-set", "ВС", "-"],
                           input="!card 168\n!card 194\n")
    assert [json.loads(line)["card"]["id"] for line in result.output.splitlines()] == [
        "10-168", "10-194"]
    bad = runner.invoke(cli, ["ask", "--default-set", "Выпуск 99", "!card 168"])
    assert bad.exit_code == 2 and "unknown set" in bad.output and "ВС (Война стихий, 10)" in bad.output


def test_console_takes_the_default_set(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--console", "--default-set", "Нашествие тьмы"],
                           input="card 168\n")
    assert result.exit_code == 0 and "Нашествие тьмы 168" in result.output
