"""Broken corpus files: each is refused with its root cause first (file:line where YAML can
tell), the references that merely follow from it are counted, not listed, the old index stays,
and the CLI says it in English on stderr with exit code 2 — never a traceback."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import cli
from bot.corpus.errors import CorpusError
from bot.corpus.load import load_corpus
from bot.corpus.yamlio import atomic_write_text, read_yaml
from bot.lookup.index import open_index

TERMS = "rules/terms.yaml"
CARDS = "cards/50-put-khraniteley.yaml"


def _first_line(exc: CorpusError) -> str:
    return str(exc).splitlines()[1].removeprefix("  - ")


def _load_error(root: Path) -> CorpusError:
    with pytest.raises(CorpusError) as info:
        load_corpus(root)
    return info.value


def test_a_missing_terms_file_is_named_not_cascaded(corpus: Path) -> None:
    (corpus / TERMS).unlink()
    error = _load_error(corpus)
    assert _first_line(error) == (f"{TERMS}: file missing: it defines the terms that cards and "
                                  "terms refer to")
    listed = str(error).splitlines()[1:]
    assert not [line for line in listed if "unknown term" in line]
    assert "unresolved reference(s) not listed" in listed[-1]


def test_a_missing_sources_file_is_named(corpus: Path) -> None:
    (corpus / "rules" / "sources.yaml").unlink()
    error = _load_error(corpus)
    assert _first_line(error).startswith("rules/sources.yaml: file missing")
    assert "unknown source" not in str(error)


def test_a_yaml_syntax_error_names_its_line(corpus: Path) -> None:
    path = corpus / TERMS
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- id: ryad"))
    lines[at + 1] = "  name: [Ряд"  # an unclosed flow sequence
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    error = _load_error(corpus)
    first = _first_line(error)
    assert first.startswith(f"{TERMS}:") and "not valid YAML" in first
    line = int(first.split(":")[1])
    assert at + 1 <= line <= at + 4  # where the parser noticed it
    assert not [x for x in str(error).splitlines()[1:] if "unknown term" in x]


def test_a_duplicate_key_is_rejected_with_both_lines(corpus: Path) -> None:
    path = corpus / TERMS
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- id: ryad"))
    lines.insert(at + 2, "  name: Колонна")  # `name:` twice in the entry of «Ряд»
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    first = _first_line(_load_error(corpus))
    assert first == (f"{TERMS}:{at + 3}: not valid YAML: found duplicate key 'name' "
                     f"(first on line {at + 2}); while constructing a mapping")


def test_yaml_anchors_and_merges_still_load(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("base: &b {a: 1}\nitem:\n  <<: *b\n  a: 2\n", encoding="utf-8")
    assert read_yaml(path) == {"base": {"a": 1}, "item": {"a": 2}}


@pytest.mark.parametrize("content, needle", [
    (b"", "None is not of type 'object'"),
    (b"terms:\n- id: \xff\xfe\n", ":2: not UTF-8 text"),
    (b"terms: 5\n", "5 is not of type 'array'"),
    (b"- just\n- a list\n", "is not of type 'object'"),
])
def test_a_file_broken_as_a_whole_is_the_root_cause(corpus: Path, content: bytes,
                                                    needle: str) -> None:
    (corpus / TERMS).write_bytes(content)
    error = _load_error(corpus)
    first = _first_line(error)
    assert first.startswith(TERMS) and needle in first
    assert not [x for x in str(error).splitlines()[1:] if "unknown term" in x]


def test_a_folder_named_like_a_corpus_file(corpus: Path) -> None:
    (corpus / "cards" / "99-folder.yaml").mkdir()
    error = _load_error(corpus)
    assert _first_line(error).startswith("cards/99-folder.yaml: cannot read the file")


def test_an_unreadable_file(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = corpus / CARDS
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refuse)
    assert _first_line(_load_error(corpus)) == f"{CARDS}: cannot read the file: Permission denied"


def test_a_broken_file_keeps_the_old_index_and_the_cli_says_why(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    _, db_path = open_index(corpus, data)
    before = db_path.read_bytes()
    (corpus / CARDS).write_text("set: {id: 50\ncards: [\n", encoding="utf-8")
    monkeypatch.setenv("BERSERK_DATA_DIR", str(data))
    result = CliRunner().invoke(cli, ["ask", "--root", str(corpus), "!card 168"])
    assert result.exit_code == 2
    assert f"{CARDS}:" in result.output and "not valid YAML" in result.output
    assert "Traceback" not in result.output
    assert db_path.read_bytes() == before


@pytest.mark.parametrize("existing_mode", [None, 0o640, 0o664])
def test_atomic_writes_keep_the_mode(tmp_path: Path, existing_mode: int | None) -> None:
    path = tmp_path / "terms.yaml"
    if existing_mode is not None:
        path.write_text("old", encoding="utf-8")
        path.chmod(existing_mode)
    old = os.umask(0o077)
    try:
        atomic_write_text(path, "terms: []\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == (existing_mode or 0o644)
    assert path.read_text(encoding="utf-8") == "terms: []\n"
    assert [p.name for p in tmp_path.iterdir()] == ["terms.yaml"]


def test_every_cause_of_several_files_is_listed(corpus: Path) -> None:
    (corpus / "rules" / "sources.yaml").write_text("sources: [\n", encoding="utf-8")
    (corpus / CARDS).write_text("cards: [\n", encoding="utf-8")
    error = _load_error(corpus)
    causes = [i for i in error.issues if i.kind == "cause"]
    assert {i.file for i in causes} == {"rules/sources.yaml", CARDS}
    listed = str(error).splitlines()[1:]
    assert [line.split(":")[0].strip(" -") for line in listed[:2]] == sorted(
        ["rules/sources.yaml", CARDS], key=lambda f: not f.startswith("rules"))
    assert not [line for line in listed if "unknown source" in line]
