from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chat.app import JudgeBot, build_bot
from bot.chat.config import Config
from chat.fakes import FakeJudge


@pytest.fixture
def fake_judge() -> FakeJudge:
    return FakeJudge()


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(token="fake.token.secret", data_dir=tmp_path / "data", heartbeat_interval=0.05)


@pytest.fixture
async def bot(config: Config, fake_judge: FakeJudge) -> AsyncIterator[JudgeBot]:
    """The real bot with the fake judge, commands loaded, never connected."""
    b = build_bot(config, fake_judge)
    await b.setup_hook()
    yield b
    for name in list(b.cogs):
        await b.remove_cog(name)  # shuts the judge's worker threads down
    if b._heartbeat is not None:
        b._heartbeat.cancel()
    b.store.close()
