# ruff: noqa: F811  (the loopback fixture `running` is shared with test_e2e and named as a parameter)
"""End to end on the loopback Discord double: the board picture attached to !check answers,
inline [[mentions]], recorded rulings and the judges' recheck post (issue 12)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace

import pytest
from PIL import Image

from bot.chat.app import JudgeBot
from bot.chat.mentions import RATE
from bot.chat.rechecks import post_rechecks
from bot.picture.draw import HEIGHT, WIDTH
from bot.rulings.model import CitedRule
from bot.rulings.recheck import Change, Outcome
from bot.rulings.store import example
from chat.fakes import FakeJudge
from chat.loopback import APP_ID, BOT_USER, CHANNEL_ID, GUILD_ID, LoopbackDiscord, Recorded, press
from chat.test_e2e import STEP, assert_embed_limits, assert_no_pings, running  # noqa: F401 (a fixture)

Running = tuple[LoopbackDiscord, JudgeBot]
MESSAGES = f"/channels/{CHANNEL_ID}/messages"


@pytest.fixture(autouse=True)
def fresh_cooldowns(running: Running) -> None:
    """Commands keep their per-user cooldown between bots of one process: start each test
    without the previous tests' turns (4 commands per 10 s)."""
    for command in running[1].walk_commands():
        command._buckets._cache.clear()  # type: ignore[attr-defined]


async def say(server: LoopbackDiscord, text: str) -> Recorded:
    """Send a message in the channel; the bot's next message there (pings checked)."""
    mark = len(server.requests)
    await server.send_message(text)
    posted = await server.wait_for("POST", MESSAGES, mark, STEP)
    assert_no_pings(posted.body)
    return posted


def assert_board_attached(posted: Recorded, body: dict) -> None:
    png = posted.files["board.png"]
    assert png.startswith(b"\x89PNG") and len(png) <= 100 * 1024
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)
    embed = body["embeds"][0]
    assert embed["image"]["url"] == "attachment://board.png"
    assert_embed_limits(embed)
    # The text grid stays, for the console and screen readers.
    assert embed["fields"][0]["name"] == "Позиция"


async def test_check_answer_carries_the_board_picture(running: Running) -> None:
    server, _ = running
    posted = await say(server, "!check 168 a1, враг ? b6 | телепортация a1 c6")
    assert_board_attached(posted, posted.body)
    assert [a["filename"] for a in posted.body["attachments"]] == ["board.png"]


async def test_slash_check_attaches_it_to_the_follow_up(running: Running) -> None:
    server, _ = running
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "check", [{
        "name": "position", "type": 3, "value": "168 a1, враг ? b6 | телепортация a1 c6"}])
    await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    follow = await server.wait_for("POST", f"/webhooks/{APP_ID}/{token}", mark, STEP)
    assert_board_attached(follow, follow.body)


async def test_a_picture_that_cannot_be_drawn_leaves_the_text_answer(
        running: Running, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    server, _ = running
    from bot.picture import draw

    def broken(scene: object) -> bytes:
        raise OSError("font file unreadable")

    monkeypatch.setattr(draw, "render_png", broken)
    posted = await say(server, "!check 168 a1, враг ? b6 | телепортация a1 c5")
    assert not posted.files and "image" not in posted.body["embeds"][0]
    assert posted.body["embeds"][0]["fields"][0]["name"] == "Позиция"
    assert any("could not be drawn" in r.getMessage() and r.exc_info for r in caplog.records)


async def test_inline_mentions_get_one_compact_reply_with_buttons(running: Running) -> None:
    server, bot = running
    mark = len(server.requests)
    mid = await server.send_message("что делает [[баалит]] против [[тень]]? `[[манёвр]]`")
    posted = await server.wait_for("POST", MESSAGES, mark, STEP)
    body = posted.body
    assert int(body["message_reference"]["message_id"]) == mid
    assert body["allowed_mentions"] == {"parse": [], "replied_user": False}  # never pings
    [embed] = body["embeds"]
    assert_embed_limits(embed)
    assert embed["title"].startswith("Упоминания: ") and len(embed["fields"]) == 2
    assert "манёвр" not in str(embed).casefold()  # inside code: not read
    buttons = [c for row in body["components"] for c in row["components"]]
    assert len(buttons) == 2 and all(b["label"].endswith("полностью") for b in buttons)
    if isinstance(bot.judge, FakeJudge):
        return
    assert "Баалит" in embed["title"] and "Тень" in embed["title"]
    # Anyone may press: the full answer comes back only to who pressed (ephemeral).
    await asyncio.sleep(0.05)  # the view is stored once the reply is sent
    mark = len(server.requests)
    iid, token = await press(server, posted.response, buttons[0]["custom_id"])
    deferred = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert deferred.body["type"] == 5 and deferred.body["data"]["flags"] & 64
    follow = await server.wait_for("POST", f"/webhooks/{APP_ID}/{token}", mark, STEP)
    assert follow.body["flags"] & 64 and "Баалит" in follow.body["embeds"][0]["title"]


async def _replies_between(server: LoopbackDiscord, send: list[str], author: dict | None = None,
                           expect: int = 0) -> list[Recorded]:
    """Send messages, then a command as a marker; the mention replies posted meanwhile.

    Mention replies run as their own tasks and may come after the marker on a loaded machine:
    wait (up to 10 s) until ``expect`` of them are there, then a moment more for any extra."""
    mark = len(server.requests)
    for text in send:
        await (server.send_message(text, author) if author else server.send_message(text))
    await server.send_message("!term телепортация")
    marker = None
    while marker is None:
        posted = await server.wait_for("POST", MESSAGES, mark, STEP)
        mark = server.requests.index(posted) + 1
        if posted.body.get("embeds") and posted.body["embeds"][0].get("title") == "Телепортация":
            marker = posted
    deadline = asyncio.get_running_loop().time() + 10
    while len(_replies(server)) < expect and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    return _replies(server)


def _replies(server: LoopbackDiscord) -> list[Recorded]:
    return [r for r in server.requests if r.method == "POST" and r.path == MESSAGES
            and (r.body or {}).get("message_reference")]


async def test_mentions_are_not_answered_for_bots_commands_code_or_unclosed(running: Running) -> None:
    server, _ = running
    other_bot = {**BOT_USER, "id": "900000000000000777", "username": "другой бот"}
    assert await _replies_between(server, ["[[баалит]] от бота"], other_bot) == []
    assert await _replies_between(server, ["[[баалит]] от себя"], BOT_USER) == []
    assert await _replies_between(server, ["```\n[[баалит]]\n```", "[[баалит незакрыто",
                                           "!card [[баалит]]"]) == []


async def test_mentions_can_be_turned_off_per_channel_and_are_rate_limited(running: Running) -> None:
    server, bot = running
    bot.store.toggle_mentions(GUILD_ID, CHANNEL_ID)
    assert await _replies_between(server, ["[[баалит]]"]) == []
    bot.store.toggle_mentions(GUILD_ID, CHANNEL_ID)
    replies = await _replies_between(server, [f"[[баалит]] {i}" for i in range(RATE + 2)],
                                     expect=RATE)
    assert len(replies) == RATE


async def test_rulings_are_recorded_recalled_and_missing_ones_said(running: Running) -> None:
    server, bot = running
    posted = await say(server, "!решение 168 a1, враг ? c6 | телепортация a1 b6")
    assert "board.png" in posted.files
    if isinstance(bot.judge, FakeJudge):
        caller = bot.judge.callers[-1]
        assert caller is not None and caller.scope == GUILD_ID and caller.judge  # Manage Server
        assert caller.channel == "#правила" and caller.user == "игрок"
        return
    embed = posted.body["embeds"][0]
    assert embed["title"].startswith("Решение №1 записано")
    stored = bot.store.rulings.get(GUILD_ID, 1)
    assert stored is not None and stored.asked_by == "игрок" and stored.channel == "#правила"
    assert stored.corpus_version == bot.judge.corpus_version and stored.verdict == "yes"
    posted = await say(server, "!ruling 1")
    assert posted.body["embeds"][0]["title"].startswith("Решение №1 ·")
    assert "board.png" in posted.files  # recalled with its picture
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "ruling", [{"name": "query", "type": 3,
                                                                "value": "999"}])
    await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    follow = await server.wait_for("POST", f"/webhooks/{APP_ID}/{token}", mark, STEP)
    assert "Решения №999 нет" in follow.body["embeds"][0]["description"]
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "rulings", [{"name": "page", "type": 4,
                                                                 "value": 1}])
    posted = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert "№1 ·" in posted.body["data"]["embeds"][0]["description"]


async def test_changed_rulings_are_posted_once_in_the_judges_channel(running: Running) -> None:
    server, bot = running
    stale = replace(example(), scope=GUILD_ID, check="168 a1, враг ? c6 | телепортация a1 b6",
                    verdict="no", corpus_version="old-corpus",
                    citations=(CitedRule("teleportatsiya", "Телепортация", "РП 4.1-2", "x"),))
    recorded = bot.store.rulings.record(stale)
    if isinstance(bot.judge, FakeJudge):
        bot.judge.changes = [Change(recorded, Outcome("yes", ()))]
    assert await post_rechecks(bot) == 0  # no judges' channel: nothing posted, nothing marked
    bot.store.set_judge_channel(GUILD_ID, CHANNEL_ID)
    mark = len(server.requests)
    assert await post_rechecks(bot) == 1
    posted = await server.wait_for("POST", MESSAGES, mark, STEP)
    assert_no_pings(posted.body)
    text = posted.body["content"]
    assert text.startswith("Правила обновились") and f"№{recorded.number}: вердикт «Нельзя» → «Можно»" in text
    assert bot.store.get(GUILD_ID).rechecked == bot.judge.corpus_version
    assert await post_rechecks(bot) == 0  # once per corpus version
