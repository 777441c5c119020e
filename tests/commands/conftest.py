from pathlib import Path

import pytest

from bot import PROJECT_ROOT
from bot.commands.judge import Judge


@pytest.fixture(scope="session")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    """The real Judge on the shipped corpus, with its index in a temp data dir."""
    data_dir: Path = tmp_path_factory.mktemp("data")
    return Judge.open(PROJECT_ROOT, data_dir)
