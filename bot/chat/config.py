"""Discord configuration from the environment and ``.env`` (python-dotenv).

The token is a secret: it is kept out of ``repr``, and :class:`RedactFilter` scrubs it from any
log record, so it never reaches logs or error messages.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot import PROJECT_ROOT

REDACTED = "[REDACTED]"
#: A bot token: base64url id, timestamp and signature separated by dots (checked offline, so a
#: mistyped token is named as such instead of failing later at login).
TOKEN_SHAPE = re.compile(r"[\w-]+\.[\w-]+\.[\w-]+")


class ConfigError(ValueError):
    """A setting has a value the bot cannot use (the message never contains the token)."""


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    prefix: str = "!"
    data_dir: Path = PROJECT_ROOT / ".data"
    log_level: str = "INFO"
    #: None: AutoShardedBot asks Discord for the recommended count.
    shard_count: int | None = None
    #: Shards this process runs (needs ``shard_count``); None: all of them.
    shard_ids: tuple[int, ...] | None = None
    #: Extra owners for owner-only commands (the application owner is always one).
    owner_ids: frozenset[int] = frozenset()
    #: Privileged intent; without it only slash commands and mentions work.
    message_content: bool = True
    heartbeat_interval: float = 15.0
    #: Where the bot writes (settings database, heartbeat); None: ``data_dir``. The Docker image
    #: keeps the corpus index in the image and points this at the data volume.
    state_dir: Path | None = None
    #: The heartbeat file; None: ``heartbeat`` in :attr:`writable_dir`. The Docker image keeps
    #: it out of the persistent volume (a new container never reads an old run's heartbeat).
    heartbeat_path: Path | None = None

    @property
    def writable_dir(self) -> Path:
        return self.state_dir if self.state_dir is not None else self.data_dir

    @property
    def settings_db(self) -> Path:
        return self.writable_dir / "discord-settings.db"

    @property
    def heartbeat_file(self) -> Path:
        return self.heartbeat_path or self.writable_dir / "heartbeat"

    def __repr__(self) -> str:
        token = REDACTED if self.token else "''"
        return (f"Config(token={token}, prefix={self.prefix!r}, data_dir={str(self.data_dir)!r}, "
                f"state_dir={self.state_dir and str(self.state_dir)!r}, "
                f"log_level={self.log_level!r}, shard_count={self.shard_count!r}, "
                f"shard_ids={self.shard_ids!r}, message_content={self.message_content!r})")

    __str__ = __repr__


def _bool(value: str, name: str) -> bool:
    v = value.strip().lower()
    if v in {"1", "true", "yes", "on", "да"}:
        return True
    if v in {"0", "false", "no", "off", "нет"}:
        return False
    raise ConfigError(f"{name} must be true or false, got {value!r}")


def _int_list(value: str, name: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in value.replace(" ", "").split(",") if p)
    except ValueError:
        raise ConfigError(f"{name} must be comma-separated integers, got {value!r}") from None


def load_config(env: Mapping[str, str] | None = None, dotenv: bool = True) -> Config:
    """Read the config from ``env`` (default: ``os.environ`` after loading ``.env``).

    Variables: ``DISCORD_TOKEN``, ``BERSERK_PREFIX`` (``!``), ``BERSERK_DATA_DIR`` (``.data``),
    ``BERSERK_STATE_DIR`` (settings and heartbeat; default: the data dir),
    ``LOG_LEVEL`` (``INFO``), ``BERSERK_SHARD_COUNT``, ``BERSERK_SHARD_IDS`` (``0,1``),
    ``BERSERK_OWNER_IDS``, ``BERSERK_MESSAGE_CONTENT`` (``true``), ``BERSERK_HEARTBEAT_SECONDS``,
    ``BERSERK_HEARTBEAT_FILE`` (default: ``heartbeat`` in the state dir).
    """
    if env is None:
        if dotenv:
            from dotenv import find_dotenv, load_dotenv

            load_dotenv(find_dotenv(usecwd=True))  # .env of the working directory (or above)
        env = os.environ
    token = env.get("DISCORD_TOKEN", "").strip()
    if token and not TOKEN_SHAPE.fullmatch(token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a bot token (three parts separated by dots, "
            "about 70 characters): copy it again from the developer portal, Bot → Reset Token")
    prefix = env.get("BERSERK_PREFIX", "").strip() or "!"
    if len(prefix) > 10:
        raise ConfigError("BERSERK_PREFIX must be at most 10 characters")
    data_dir = Path(env.get("BERSERK_DATA_DIR", "").strip() or PROJECT_ROOT / ".data")
    log_level = (env.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if not isinstance(logging.getLevelName(log_level), int):
        raise ConfigError(f"LOG_LEVEL must be a logging level name, got {log_level!r}")
    shard_count: int | None = None
    if env.get("BERSERK_SHARD_COUNT", "").strip():
        counts = _int_list(env["BERSERK_SHARD_COUNT"], "BERSERK_SHARD_COUNT")
        if len(counts) != 1 or counts[0] < 1:
            raise ConfigError("BERSERK_SHARD_COUNT must be one positive integer")
        shard_count = counts[0]
    shard_ids: tuple[int, ...] | None = None
    if env.get("BERSERK_SHARD_IDS", "").strip():
        shard_ids = _int_list(env["BERSERK_SHARD_IDS"], "BERSERK_SHARD_IDS")
        if shard_count is None:
            raise ConfigError("BERSERK_SHARD_IDS needs BERSERK_SHARD_COUNT")
        if not shard_ids or any(not 0 <= s < shard_count for s in shard_ids):
            raise ConfigError("BERSERK_SHARD_IDS must lie in 0 … BERSERK_SHARD_COUNT-1")
    owner_ids = frozenset(_int_list(env.get("BERSERK_OWNER_IDS", ""), "BERSERK_OWNER_IDS"))
    message_content = _bool(env.get("BERSERK_MESSAGE_CONTENT", "true") or "true",
                            "BERSERK_MESSAGE_CONTENT")
    try:
        heartbeat = float(env.get("BERSERK_HEARTBEAT_SECONDS", "") or 15.0)
    except ValueError:
        raise ConfigError("BERSERK_HEARTBEAT_SECONDS must be a number") from None
    state = env.get("BERSERK_STATE_DIR", "").strip()
    heartbeat_file = env.get("BERSERK_HEARTBEAT_FILE", "").strip()
    return Config(token=token, prefix=prefix, data_dir=data_dir, log_level=log_level,
                  state_dir=Path(state) if state else None,
                  heartbeat_path=Path(heartbeat_file) if heartbeat_file else None,
                  shard_count=shard_count, shard_ids=shard_ids, owner_ids=owner_ids,
                  message_content=message_content, heartbeat_interval=heartbeat)


class RedactFilter(logging.Filter):
    """Replace the token (and only it) in every log record that passes through a handler."""

    def __init__(self, secret: str):
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secret:
            return True
        message = record.getMessage()
        exc = None
        if record.exc_info and record.exc_info[1] is not None:
            exc = logging.Formatter().formatException(record.exc_info)
        if self.secret in message or (exc is not None and self.secret in exc):
            if exc is not None:
                message = f"{message}\n{exc}"
            record.msg = message.replace(self.secret, REDACTED)
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def setup_logging(config: Config) -> None:
    """Log to stderr at ``config.log_level`` with the token redacted on every handler."""
    root = logging.getLogger()
    if not root.handlers:
        handler: logging.Handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    root.setLevel(config.log_level)
    for handler in root.handlers:
        if not any(isinstance(f, RedactFilter) for f in handler.filters):
            handler.addFilter(RedactFilter(config.token))
