"""docs/unread-abilities.md: the committed report of unread ability sentences is current."""

from pathlib import Path

from bot.importers.abilities.unread import REPORT, census, main, markdown


def test_the_committed_report_is_current() -> None:
    result = census()
    assert result.sentences > 2000 and 0 < len(result.unread) < result.sentences
    assert REPORT.read_text(encoding="utf-8") == markdown(result), (
        "docs/unread-abilities.md is stale: run "
        "`python -m bot.importers.abilities.unread --write docs/unread-abilities.md`")


def test_shapes_are_listed_most_common_first(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    assert main(["--write", str(out)]) == 0
    counts = [int(line.rsplit("|", 2)[1]) for line in out.read_text(encoding="utf-8").splitlines()
              if line.startswith("| ") and line.rstrip().endswith("|")
              and line.rsplit("|", 2)[1].strip().isdigit()]
    assert counts and counts == sorted(counts, reverse=True)
