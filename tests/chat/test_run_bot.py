from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.chat import app
from bot.chat.config import Config
from chat.fakes import FakeJudge

TOKEN = "run.bot.secret"


def test_run_bot_needs_a_token(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="DISCORD_TOKEN"):
        app.run_bot(Config(token="", data_dir=tmp_path), FakeJudge())


@pytest.mark.parametrize("error, hint", [
    (discord.LoginFailure("Improper token has been passed."), "rejected the token"),
    (discord.PrivilegedIntentsRequired(None), "message-content intent"),
])
def test_run_bot_explains_fatal_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       caplog: pytest.LogCaptureFixture, error: Exception,
                                       hint: str) -> None:
    seen: dict[str, Any] = {}

    def fake_run(self: app.JudgeBot, token: str, **kwargs: Any) -> None:
        seen["token"], seen["kwargs"] = token, kwargs
        raise error

    monkeypatch.setattr(app.JudgeBot, "run", fake_run)
    config = Config(token=TOKEN, data_dir=tmp_path)
    with caplog.at_level(logging.ERROR), pytest.raises(SystemExit) as info:
        app.run_bot(config, FakeJudge())
    assert info.value.code == 2
    assert seen["token"] == TOKEN and seen["kwargs"] == {"log_handler": None}
    assert any(hint in r.getMessage() for r in caplog.records)
    assert all(TOKEN not in r.getMessage() for r in caplog.records)
    assert (tmp_path / "discord-settings.db").exists()


def test_bot_options(tmp_path: Path) -> None:
    config = Config(token=TOKEN, data_dir=tmp_path, shard_count=4, shard_ids=(2, 3),
                    owner_ids=frozenset({9}), message_content=False)
    bot = app.build_bot(config, FakeJudge())
    try:
        assert isinstance(bot, discord.AutoShardedClient)
        assert bot.shard_count == 4 and bot.shard_ids == [2, 3] and bot.owner_ids == {9}
        assert bot.allowed_mentions is not None
        assert bot.allowed_mentions.to_dict() == {"parse": []}
        assert not bot.intents.message_content and bot.intents.guilds
        assert not bot.intents.members and not bot.intents.presences
        assert bot.help_command is None
    finally:
        bot.store.close()
