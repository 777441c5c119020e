"""The bot against a Discord double that fails the way Discord does: REST 429s (per route and
global) and 5xx, gateway op 7 / op 9 / RESUME, an outage of a few seconds, a refused
message-content intent, a flood from one user and 200 concurrent slash commands. Each test
shows that the bot recovers and that nothing is lost or answered twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import PROJECT_ROOT
from bot.chat.app import JudgeBot, build_bot, serve
from bot.chat.config import Config
from bot.chat.heartbeat import last_beat
from bot.chat.protocols import JudgeLike
from chat.loopback import (
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    LoopbackDiscord,
    Recorded,
    start_double,
    user,
)

TOKEN = "loopback.token.secret"
STEP = 15.0
MESSAGES = f"/channels/{CHANNEL_ID}/messages"


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> JudgeLike:
    from bot.commands.judge import Judge

    return Judge.open(PROJECT_ROOT, tmp_path_factory.mktemp("index"))


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[LoopbackDiscord]:
    double = await start_double(monkeypatch)
    yield double
    await double.stop()


@contextlib.asynccontextmanager
async def running_bot(server: LoopbackDiscord, judge: JudgeLike,
                      tmp_path: Path) -> AsyncIterator[JudgeBot]:
    config = Config(token=TOKEN, data_dir=tmp_path / "data", heartbeat_interval=0.05)
    bot = build_bot(config, judge, guild_ready_timeout=0.2)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), STEP)
        yield bot
    finally:
        await asyncio.wait_for(bot.close(), STEP)
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), STEP)
        bot.store.close()


@pytest.fixture
async def bot(server: LoopbackDiscord, judge: JudgeLike,
              tmp_path: Path) -> AsyncIterator[JudgeBot]:
    async with running_bot(server, judge, tmp_path) as b:
        yield b


def posts(server: LoopbackDiscord, after: int = 0) -> list[Recorded]:
    return [r for r in server.requests[after:] if r.method == "POST" and r.path == MESSAGES]


def titles(records: list[Recorded]) -> list[str]:
    return [r.body["embeds"][0]["title"] if r.body.get("embeds") else r.body.get("content", "")
            for r in records]


async def until(predicate: Any, timeout: float = STEP) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), timeout)


# --- REST ---------------------------------------------------------------------------------


@pytest.mark.parametrize("is_global", [False, True], ids=["route", "global"])
async def test_a_429_is_waited_out_and_the_answer_posted_once(
        server: LoopbackDiscord, bot: JudgeBot, is_global: bool) -> None:
    mark = len(server.requests)
    server.inject(429, count=2, is_global=is_global, retry_after=0.2)
    await server.send_message("!term прыжок")
    await server.wait_for("POST", MESSAGES, mark, STEP)
    await asyncio.sleep(0.3)  # time for a duplicate, were there one
    assert titles(posts(server, mark)) == ["Прыжок, дальность X"]
    assert len(server.rate_limited) == 2


async def test_a_server_error_is_retried(server: LoopbackDiscord, bot: JudgeBot) -> None:
    mark = len(server.requests)
    server.inject(502)
    await server.send_message("!card 168")
    posted = await server.wait_for("POST", MESSAGES, mark, STEP)
    assert "Баалит" in posted.body["embeds"][0]["title"]
    assert len(posts(server, mark)) == 1


async def test_the_channel_limit_delays_but_loses_nothing(server: LoopbackDiscord,
                                                          bot: JudgeBot) -> None:
    """Seven answers in one channel: the sixth and seventh wait for the 5-per-5-s window."""
    mark = len(server.requests)
    for i in range(7):
        await server.send_message("!term прыжок", author=user(5000 + i, f"u{i}"))
    await until(lambda: len(posts(server, mark)) == 7)
    answered = posts(server, mark)
    assert titles(answered) == ["Прыжок, дальность X"] * 7
    assert answered[5].at - answered[0].at >= 3.0  # the double's window made them wait


# --- floods -------------------------------------------------------------------------------


async def test_a_flood_from_one_user_does_not_delay_another(server: LoopbackDiscord,
                                                            bot: JudgeBot) -> None:
    flooder, other = user(6001, "флудер"), user(6002, "другой")
    mark = len(server.requests)
    for _ in range(200):
        await server.send_message("!term прыжок", author=flooder)
    await until(lambda: len(posts(server, mark)) >= 4)
    await asyncio.sleep(0.5)  # let the bot go through the rest of the flood
    notices = [r for r in server.requests[mark:] if "/reactions/" in r.path]
    notices += [r for r in posts(server, mark) if "Не так быстро" in (r.body.get("content") or "")]
    assert len(notices) <= 2
    assert len(posts(server, mark)) == 4  # the cooldown: 4 answers per 10 s
    before = len(server.requests)
    sent_at = time.monotonic()
    await server.send_message("!card 168", author=other)
    answer = await server.wait_for("POST", MESSAGES, before, STEP)
    assert "Баалит" in answer.body["embeds"][0]["title"]
    assert answer.at - sent_at < 1.5  # at once, not after the channel's rate-limit window
    assert not server.rate_limited


async def test_200_concurrent_slash_commands_are_acknowledged_within_3_s(
        server: LoopbackDiscord, bot: JudgeBot) -> None:
    commands = [("term", "query", "прыжок"), ("card", "query", "168"),
                ("check", "position", "168 a1, враг ? c6 | телепортация a1 b6"),
                ("search", "query", "телепортация")]
    sent: dict[str, float] = {}
    mark = len(server.requests)
    for i in range(200):
        name, option, value = commands[i % len(commands)]
        iid, _ = await server.send_interaction(2, name, [{"name": option, "type": 3, "value": value}],
                                               author=user(7000 + i, f"u{i}"))
        sent[str(iid)] = time.monotonic()

    def acked() -> dict[str, Recorded]:
        return {r.path.split("/")[2]: r for r in server.requests[mark:]
                if r.method == "POST" and r.path.endswith("/callback")}

    await until(lambda: len(acked()) == 200, timeout=30.0)
    delays = sorted(acked()[iid].at - at for iid, at in sent.items())
    assert delays[-1] <= 3.0, f"slowest acknowledgement {delays[-1]:.2f} s"
    assert all(r.body["type"] in (4, 5) for r in acked().values())
    deferred = [r for r in acked().values() if r.body["type"] == 5]
    follow_ups = f"/webhooks/{APP_ID}/"
    await until(lambda: len([r for r in server.requests[mark:]
                             if r.path.startswith(follow_ups)]) >= len(deferred), timeout=30.0)


# --- gateway ------------------------------------------------------------------------------


async def _answered_once(server: LoopbackDiscord, mark: int, title: str) -> None:
    await until(lambda: title in " ".join(titles(posts(server, mark))))
    await asyncio.sleep(0.3)
    assert sum(title in t for t in titles(posts(server, mark))) == 1


async def test_op7_reconnect_resumes_and_replays(server: LoopbackDiscord, bot: JudgeBot) -> None:
    mark = len(server.requests)
    await server.request_reconnect()
    await server.send_message("!card 168")  # dispatched while the bot reconnects
    await server.wait_connected(STEP)
    await _answered_once(server, mark, "Баалит")
    assert (server.identifies, server.resumes) == (1, 1)


async def test_op9_resumable_session_resumes(server: LoopbackDiscord, bot: JudgeBot) -> None:
    mark = len(server.requests)
    await server.invalidate_session(resumable=True)
    await server.send_message("!card 168")
    await server.wait_connected(STEP)
    await _answered_once(server, mark, "Баалит")
    assert (server.identifies, server.resumes) == (1, 1)


async def test_op9_invalid_session_identifies_again(server: LoopbackDiscord,
                                                    bot: JudgeBot) -> None:
    await server.invalidate_session(resumable=False)
    await until(lambda: server.identifies == 2)
    await server.wait_connected(STEP)
    await until(lambda: bot.get_channel(CHANNEL_ID) is not None)  # state rebuilt from READY
    mark = len(server.requests)
    await server.send_message("!card 168")
    await _answered_once(server, mark, "Баалит")


async def test_an_outage_of_a_few_seconds(server: LoopbackDiscord, bot: JudgeBot) -> None:
    """The gateway drops and REST fails for 2 s while an answer is being posted: the answer
    arrives once after the outage, the bot reconnects, the heartbeat file moves again."""
    mark = len(server.requests)
    await server.send_message("!card 168")
    await server.outage(2.0)  # the answer's POST meets the outage (502) and is retried
    await _answered_once(server, mark, "Баалит")
    await server.wait_connected(STEP)
    beat = last_beat(bot.config.heartbeat_file) or 0.0
    await until(lambda: (last_beat(bot.config.heartbeat_file) or 0.0) > beat)
    mark = len(server.requests)
    await server.send_message("!term прыжок")
    await _answered_once(server, mark, "Прыжок")


async def test_a_refused_message_content_intent_falls_back(
        server: LoopbackDiscord, judge: JudgeLike, tmp_path: Path) -> None:
    """Discord closes with 4014: the bot connects again without the intent (no crash loop)
    and still answers a mention."""
    server.refuse_intents = discord.Intents(message_content=True).value
    config = Config(token=TOKEN, data_dir=tmp_path / "data", heartbeat_interval=0.05)
    task = asyncio.create_task(serve(config, judge, guild_ready_timeout=0.2))
    try:
        await until(lambda: server.identifies == 1)
        await server.wait_connected(STEP)
        assert server.refused_identifies == 1
        assert server.identify is not None
        assert not discord.Intents._from_value(server.identify["intents"]).message_content
        await asyncio.sleep(0.3)  # guild_ready_timeout: the bot is ready
        mark = len(server.requests)
        await server.send_message(f"<@{BOT_ID}> card 168")
        await _answered_once(server, mark, "Баалит")
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert not task.done() or task.cancelled() or task.exception() is None
