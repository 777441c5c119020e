from __future__ import annotations

import logging
import socket
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


def _fake_start(monkeypatch: pytest.MonkeyPatch, *outcomes: Exception | None) -> list[Config]:
    """Make ``JudgeBot.start`` raise each outcome in turn (None: return); record the configs."""
    started: list[Config] = []
    queue = list(outcomes)

    async def fake_start(self: app.JudgeBot, token: str, **kwargs: Any) -> None:
        assert token == TOKEN
        started.append(self.config)
        outcome = queue.pop(0)
        if outcome is not None:
            raise outcome

    monkeypatch.setattr(app.JudgeBot, "start", fake_start)
    return started


def test_a_rejected_token_exits_2_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    _fake_start(monkeypatch, discord.LoginFailure("Improper token has been passed."))
    with caplog.at_level(logging.ERROR), pytest.raises(SystemExit) as info:
        app.run_bot(Config(token=TOKEN, data_dir=tmp_path), FakeJudge())
    assert info.value.code == 2
    assert any("rejected the token" in r.getMessage() for r in caplog.records)
    assert all(TOKEN not in r.getMessage() for r in caplog.records)
    assert (tmp_path / "discord-settings.db").exists()


def test_a_refused_intent_falls_back_to_slash_commands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Discord closes with 4014 when the intent is off in the portal: no crash loop, the bot
    runs on without it and the log says how to enable it."""
    started = _fake_start(monkeypatch, discord.PrivilegedIntentsRequired(None), None)
    with caplog.at_level(logging.ERROR):
        app.run_bot(Config(token=TOKEN, data_dir=tmp_path), FakeJudge())
    assert [c.message_content for c in started] == [True, False]
    [line] = [r.getMessage() for r in caplog.records if "message-content intent" in r.getMessage()]
    assert "Privileged Gateway Intents" in line and "slash commands and mentions only" in line


def test_no_network_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real client, DNS failing (as with no network): one line, no traceback."""
    def no_dns(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    with pytest.raises(app.DiscordUnreachable) as info:
        app.run_bot(Config(token=TOKEN, data_dir=tmp_path), FakeJudge())
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("cannot reach Discord (") and "Name or service not known" in message
    assert "check the network" in message and TOKEN not in message


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
