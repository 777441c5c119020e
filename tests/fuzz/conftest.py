"""The fuzz suite's shared Judge (its hypothesis profiles are in ``budget.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import PROJECT_ROOT


@pytest.fixture(scope="session")
def judge(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The real Judge on the shipped corpus, index built once for the session."""
    from bot.commands.judge import Judge

    return Judge.open(PROJECT_ROOT, Path(tmp_path_factory.mktemp("fuzz-index")))
