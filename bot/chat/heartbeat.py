"""A heartbeat file for container health checks.

The bot writes the current time to the file every few seconds, but only while it is connected
to the gateway and ready; the Docker health check (``python -m bot.chat.heartbeat``) fails when
the time in the file is older than ``max_age``. A bot that hangs, is disconnected or never got
READY therefore turns unhealthy. The bot removes the file when it starts, so a restarted bot
is never judged by the previous run's timestamp (the Docker image also keeps the file out of
the persistent volume: ``BERSERK_HEARTBEAT_FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)
DEFAULT_MAX_AGE = 90.0


class BotState(Protocol):
    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...

    @property
    def latency(self) -> float: ...


def connected(bot: BotState) -> bool:
    """True while the bot is ready and every gateway connection (shard) is open and acked."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)  # AutoShardedBot: {id: ShardInfo}
    if isinstance(shards, dict) and any(shard.is_closed() for shard in shards.values()):
        return False
    latency = bot.latency
    return latency == latency and latency != float("inf")  # NaN/inf: no heartbeat ACK yet


def beat(path: Path, now: float | None = None) -> None:
    """Write the time atomically (a reader never sees a half-written file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(f"{time.time() if now is None else now:.3f}\n", encoding="ascii")
    os.replace(tmp, path)


def last_beat(path: Path) -> float | None:
    try:
        return float(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None


def is_fresh(path: Path, max_age: float = DEFAULT_MAX_AGE, now: float | None = None) -> bool:
    stamp = last_beat(path)
    if stamp is None:
        return False
    return (time.time() if now is None else now) - stamp <= max_age


def tick(bot: BotState, path: Path, now: float | None = None) -> bool:
    """One heartbeat step: advance the file only when connected. Returns whether it beat."""
    if not connected(bot):
        return False
    beat(path, now)
    return True


def clear(path: Path) -> None:
    """Remove the previous run's heartbeat: until this run is connected, it is not healthy."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("cannot remove the old heartbeat file %s: %s", path, exc)


async def run_heartbeat(bot: BotState, path: Path, interval: float) -> None:
    """Beat every ``interval`` seconds until cancelled (started by the bot's setup hook)."""
    clear(path)
    while True:
        try:
            tick(bot, path)
        except OSError as exc:
            log.warning("cannot write the heartbeat file %s: %s", path, exc)
        await asyncio.sleep(interval)


def default_path() -> Path:
    """Where the bot writes its heartbeat (as in the config): ``BERSERK_HEARTBEAT_FILE``, else
    ``heartbeat`` in the state dir, else in the data dir."""
    explicit = os.environ.get("BERSERK_HEARTBEAT_FILE", "").strip()
    if explicit:
        return Path(explicit)
    folder = os.environ.get("BERSERK_STATE_DIR") or os.environ.get("BERSERK_DATA_DIR") or ".data"
    return Path(folder) / "heartbeat"


def main(argv: list[str] | None = None) -> int:
    """Health check: exit 0 when the heartbeat file is fresh, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("path", nargs="?", type=Path, default=default_path())
    parser.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE)
    args = parser.parse_args(argv)
    fresh = is_fresh(args.path, args.max_age)
    if not fresh:
        print(f"unhealthy: no heartbeat in {args.path} within {args.max_age:.0f}s", file=sys.stderr)
    return 0 if fresh else 1


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
