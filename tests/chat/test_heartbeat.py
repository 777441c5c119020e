from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.chat.heartbeat import beat, connected, is_fresh, last_beat, main, run_heartbeat, tick


@dataclass
class State:
    ready: bool = True
    closed: bool = False
    latency: float = 0.05

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return self.closed


def test_connected_only_when_ready_open_and_acked() -> None:
    assert connected(State())
    assert not connected(State(ready=False))
    assert not connected(State(closed=True))
    assert not connected(State(latency=float("nan")))
    assert not connected(State(latency=float("inf")))


def test_a_closed_shard_is_not_connected() -> None:
    @dataclass
    class Shard:
        closed: bool

        def is_closed(self) -> bool:
            return self.closed

    @dataclass
    class Sharded(State):
        shards: dict[int, Shard] = field(default_factory=dict)

    assert connected(Sharded(shards={0: Shard(False), 1: Shard(False)}))
    assert not connected(Sharded(shards={0: Shard(False), 1: Shard(True)}))


def test_tick_advances_only_while_connected(tmp_path: Path) -> None:
    path = tmp_path / "hb"
    state = State(ready=False)
    assert not tick(state, path, now=100.0) and last_beat(path) is None
    state.ready = True
    assert tick(state, path, now=100.0) and last_beat(path) == 100.0
    state.closed = True  # disconnected: the file stops advancing and goes stale
    assert not tick(state, path, now=200.0) and last_beat(path) == 100.0
    assert is_fresh(path, max_age=90, now=150.0)
    assert not is_fresh(path, max_age=90, now=200.0)


def test_health_check_cli(tmp_path: Path) -> None:
    path = tmp_path / "hb"
    assert main([str(path)]) == 1  # no file: unhealthy
    beat(path)
    assert main([str(path), "--max-age", "60"]) == 0
    beat(path, now=0.0)
    assert main([str(path)]) == 1
    path.write_text("garbage")
    assert main([str(path)]) == 1


async def test_loop_beats_then_stops_when_disconnected(tmp_path: Path) -> None:
    path = tmp_path / "hb"
    state = State()
    task = asyncio.create_task(run_heartbeat(state, path, 0.01))
    await asyncio.sleep(0.05)
    first = last_beat(path)
    assert first is not None
    state.ready = False
    await asyncio.sleep(0.03)
    frozen = last_beat(path)
    await asyncio.sleep(0.05)
    assert last_beat(path) == frozen
    task.cancel()


def test_health_check_does_not_import_discord() -> None:
    import subprocess
    import sys

    code = ("import sys, bot.chat.heartbeat as h; "
            "sys.exit(1 if any(m.startswith('discord') for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], timeout=30).returncode == 0


async def test_a_new_run_never_reads_the_old_runs_heartbeat(tmp_path: Path) -> None:
    """A restarted bot clears the file first: until it is connected, it is not healthy."""
    path = tmp_path / "hb"
    beat(path)  # the previous run, seconds ago
    assert is_fresh(path)
    task = asyncio.create_task(run_heartbeat(State(ready=False), path, interval=0.01))
    await asyncio.sleep(0.05)
    task.cancel()
    assert last_beat(path) is None and main([str(path)]) == 1


def test_the_heartbeat_file_can_live_outside_the_state_dir(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    from bot.chat.config import load_config
    from bot.chat.heartbeat import default_path

    env = {"BERSERK_STATE_DIR": "/data", "BERSERK_HEARTBEAT_FILE": str(tmp_path / "hb")}
    assert load_config(env).heartbeat_file == tmp_path / "hb"
    assert load_config({"BERSERK_STATE_DIR": "/data"}).heartbeat_file == Path("/data/heartbeat")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert default_path() == tmp_path / "hb"  # the health check reads the same file
