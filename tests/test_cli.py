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
    assert [d["command"] for d in lines] == ["term", "help", "card", "unknown"]
    assert lines[3]["ok"] is False


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


def test_console_shows_the_last_answer_in_full(runner: CliRunner) -> None:
    check = "!check 168 a1, враг ? c6, враг ? e2 | телепортация a1 b6"
    result = runner.invoke(cli, ["--console"], input=f"полностью\n{check}\nполностью\n")
    assert result.exit_code == 0
    before, hint, after = result.output.partition("(Полный текст цитированных правил: введите «полностью».)")
    assert hint and "Пока нечего показать полностью" in before and "Можно" in after

    def rule(text: str) -> str:  # the quoted text of the teleportation rule
        return text.split("Правило: Телепортация", 1)[1].splitlines()[1]

    assert rule(before).startswith("«…") and not rule(after).startswith("«…")
    assert len(rule(after)) > 2 * len(rule(before))


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


# --- the CLI contract (issue 11): roots, JSON Lines, exit codes, operators' messages --------


def _copy_corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(PROJECT_ROOT / "rules", root / "rules")
    shutil.copytree(PROJECT_ROOT / "cards", root / "cards")
    return root


def test_a_missing_root_fails_without_writing_anything(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BERSERK_DATA_DIR", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    index_before = sorted(PROJECT_ROOT.glob(".data/*"))
    missing = tmp_path / "nonexistent"
    result = CliRunner().invoke(cli, ["ask", "--root", str(missing), "!term прыжок"])
    assert result.exit_code == 2
    assert "the corpus root does not exist" in result.output and "Traceback" not in result.output
    assert "не найден" not in result.output  # not answered as if the corpus were empty
    assert not missing.exists()
    assert sorted(PROJECT_ROOT.glob(".data/*")) == index_before


@pytest.mark.parametrize("folder", ["rules", "cards"])
def test_a_root_without_rules_or_cards_is_an_error(runner: CliRunner, tmp_path: Path,
                                                   folder: str) -> None:
    root = _copy_corpus(tmp_path)
    shutil.rmtree(root / folder)
    result = runner.invoke(cli, ["ask", "--root", str(root), "!term прыжок"])
    assert result.exit_code == 2
    assert f"{folder}/: folder missing under {root}" in result.output


def test_root_before_the_subcommand_is_honoured(runner: CliRunner, tmp_path: Path) -> None:
    root = _copy_corpus(tmp_path)
    (root / "rules" / "terms.yaml").write_text(
        (root / "rules" / "terms.yaml").read_text(encoding="utf-8")
        + "- id: tolko-v-kopii\n  name: Только в копии\n", encoding="utf-8")
    for args in (["--root", str(root), "ask", "!term только в копии"],
                 ["ask", "--root", str(root), "!term только в копии"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
        assert "Только в копии" in result.output
    assert runner.invoke(cli, ["ask", "!term только в копии"]).exit_code == 1  # the checkout's own


def test_each_root_writes_its_own_data_folder(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BERSERK_DATA_DIR", raising=False)
    root = _copy_corpus(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "index"])
    assert result.exit_code == 0, result.output
    assert (root / ".data" / "index.sqlite").is_file()
    assert str(root / ".data" / "index.sqlite") in result.output


def test_json_lines_answer_every_line_with_its_number(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "--json", "-"],
                           input="!term прыжок\n\n!card 168\n   \n")
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 3, 4]
    assert [a["command"] for a in answers] == ["term", "help", "card", "help"]
    assert answers[1]["ok"] is False and "Пустой запрос" in answers[1]["error"]
    assert result.exit_code == 0


def test_json_lines_replace_invalid_utf8(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "--json", "-"],
                           input=b"\xff\xfe!term \xd0\n!term \xd0\xbf\xd1\x80\xd1\x8b\xd0\xb6\xd0\xbe\xd0\xba\n")
    raw = result.stdout_bytes
    raw.decode("utf-8")  # strict: every byte printed is UTF-8
    answers = [json.loads(line) for line in raw.decode("utf-8").splitlines()]
    assert [a["line"] for a in answers] == [1, 2]
    assert answers[1]["ok"] and answers[1]["term"]["id"] == "pryzhok"


def test_exit_codes_of_one_ask(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ask", "!term прыжок"]).exit_code == 0
    assert runner.invoke(cli, ["ask", "!term абырвалгщ"]).exit_code == 1
    assert runner.invoke(cli, ["ask", "!check ? a1 | полёт a1 a2"]).exit_code == 1
    assert runner.invoke(cli, ["ask", "--json", "!zzz"]).exit_code == 1


def test_over_long_input_is_refused_with_its_length(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["ask", "--json", "!term " + "я" * 2100])
    data = json.loads(result.output)
    assert result.exit_code == 1 and not data["ok"]
    assert data["error"] == "Слишком длинный запрос (2106 символов, предел 2000). Сократите его."


def test_index_force_rebuilds_and_says_so(runner: CliRunner) -> None:
    first = runner.invoke(cli, ["index"])
    assert first.exit_code == 0 and "index rebuilt" in first.output
    again = runner.invoke(cli, ["index"])
    assert "index up to date" in again.output
    forced = runner.invoke(cli, ["index", "--force"])
    assert forced.exit_code == 0 and "index rebuilt" in forced.output


@pytest.mark.parametrize("token", ["abc", "Bot x.y.z"])
def test_a_malformed_token_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       token: str) -> None:
    monkeypatch.setenv("BERSERK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DISCORD_TOKEN", token)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "does not look like a bot token" in result.output
    assert "Traceback" not in result.output and token not in result.output


def test_no_network_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def no_dns(*args: object, **kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    monkeypatch.setenv("BERSERK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.abc.def")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 3
    lines = [line for line in result.output.splitlines() if line.startswith("berserk-judge:")]
    assert lines == [lines[0]] and "cannot reach Discord" in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("fault, needle", [
    ("data-is-a-file", "is a file, not a folder"),
    ("index-is-a-folder", "is a folder: remove it"),
])
def test_a_data_folder_in_the_way_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              fault: str, needle: str) -> None:
    from bot.lookup.index import index_path

    data = tmp_path / "data"
    if fault == "data-is-a-file":
        data.write_text("x")
    else:
        index_path(PROJECT_ROOT, data).mkdir(parents=True)
    monkeypatch.setenv("BERSERK_DATA_DIR", str(data))
    result = CliRunner().invoke(cli, ["ask", "!term прыжок"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and needle in result.output
    assert result.output.startswith("berserk-judge: ") and "Traceback" not in result.output
