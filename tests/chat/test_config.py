from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.chat.config import REDACTED, ConfigError, RedactFilter, load_config

TOKEN = "MTIzNDU2Nzg5.secret-token.value"


def test_defaults_and_env() -> None:
    config = load_config({"DISCORD_TOKEN": TOKEN})
    assert config.prefix == "!" and config.log_level == "INFO" and config.shard_count is None
    assert config.message_content
    config = load_config({"DISCORD_TOKEN": TOKEN, "BERSERK_PREFIX": "?", "BERSERK_DATA_DIR": "/x",
                          "LOG_LEVEL": "debug", "BERSERK_SHARD_COUNT": "4",
                          "BERSERK_SHARD_IDS": "2, 3", "BERSERK_OWNER_IDS": "1,2",
                          "BERSERK_MESSAGE_CONTENT": "false"})
    assert config.prefix == "?" and config.data_dir == Path("/x") and config.log_level == "DEBUG"
    assert config.shard_count == 4 and config.shard_ids == (2, 3)
    assert config.owner_ids == {1, 2} and not config.message_content
    assert config.settings_db == Path("/x/discord-settings.db")
    config = load_config({"BERSERK_DATA_DIR": "/app/.data", "BERSERK_STATE_DIR": "/data"})
    assert config.settings_db == Path("/data/discord-settings.db")
    assert config.heartbeat_file == Path("/data/heartbeat") and config.data_dir == Path("/app/.data")


@pytest.mark.parametrize("env", [
    {"BERSERK_SHARD_IDS": "0"},
    {"BERSERK_SHARD_COUNT": "2", "BERSERK_SHARD_IDS": "2"},
    {"BERSERK_SHARD_COUNT": "zero"},
    {"LOG_LEVEL": "LOUD"},
    {"BERSERK_MESSAGE_CONTENT": "maybe"},
])
def test_bad_values_are_clear_and_secret_free(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError) as info:
        load_config({"DISCORD_TOKEN": TOKEN, **env})
    assert TOKEN not in str(info.value)


@pytest.mark.parametrize("token", ["abc", "Bot abc.def.ghi", "abc.def", "a b.c.d"])
def test_a_token_of_the_wrong_shape_is_named(token: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_config({"DISCORD_TOKEN": token})
    assert "does not look like a bot token" in str(info.value) and "Reset Token" in str(info.value)
    assert token not in str(info.value)


def test_dotenv_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nBERSERK_PREFIX=$\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("BERSERK_PREFIX", raising=False)
    config = load_config()
    assert config.token == TOKEN and config.prefix == "$"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # load_dotenv set it in os.environ
    monkeypatch.delenv("BERSERK_PREFIX", raising=False)


def test_token_never_in_repr() -> None:
    config = load_config({"DISCORD_TOKEN": TOKEN})
    assert TOKEN not in repr(config) and TOKEN not in str(config) and REDACTED in repr(config)
    assert TOKEN not in repr([config])


def test_token_redacted_in_logs(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test.redact")
    logger.addFilter(RedactFilter(TOKEN))
    with caplog.at_level(logging.INFO, logger="test.redact"):
        logger.info("login with %s", TOKEN)
        try:
            raise RuntimeError(f"bad token {TOKEN}")
        except RuntimeError:
            logger.exception("failed")
    assert caplog.records
    for record in caplog.records:
        assert TOKEN not in record.getMessage()
        assert not record.exc_info and REDACTED in record.getMessage()
