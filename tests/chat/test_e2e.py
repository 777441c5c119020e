"""End to end: discord.py's real client against the loopback Discord double (no other network).

The bot connects (REST login, GET /gateway/bot, HELLO/IDENTIFY/READY/GUILD_CREATE, heartbeats),
then the double dispatches a prefix message, slash commands and an autocomplete request, and
the test asserts the JSON the bot posted back.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import PROJECT_ROOT
from bot.chat import limits as L
from bot.chat.app import JudgeBot, build_bot
from bot.chat.config import Config
from bot.chat.heartbeat import last_beat
from bot.chat.protocols import JudgeLike
from chat.fakes import FakeJudge
from chat.loopback import ASKER, BOT_ID, CHANNEL_ID, LoopbackDiscord, press, start_double, user

TOKEN = "loopback.token.secret"
STEP = 10.0  # seconds any single step may take


def real_judge(data_dir: Path) -> JudgeLike:
    """The real Judge on the shipped corpus (rules/, cards/), index built in ``data_dir``."""
    from bot.commands.judge import Judge

    return Judge.open(PROJECT_ROOT, data_dir)


@pytest.fixture(params=["fake", "real"])
async def running(request: pytest.FixtureRequest, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[LoopbackDiscord, JudgeBot]]:
    judge = FakeJudge() if request.param == "fake" else real_judge(tmp_path / "index")
    server = await start_double(monkeypatch)
    config = Config(token=TOKEN, data_dir=tmp_path / "data", heartbeat_interval=0.05)
    bot = build_bot(config, judge, guild_ready_timeout=0.2)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, task}, timeout=STEP,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task.done() and task.exception():
                raise task.exception()  # type: ignore[misc]
            raise TimeoutError("the bot did not become ready on the loopback double")
        yield server, bot
        unrouted = [f"{r.method} {r.path}" for r in server.requests
                    if isinstance(r.response, dict) and "loopback: no route" in str(r.response)]
        assert not unrouted, f"the bot called REST routes the double does not know: {unrouted}"
    finally:
        await asyncio.wait_for(bot.close(), STEP)
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), STEP)
        await server.stop()


def assert_embed_limits(embed: dict[str, Any]) -> None:
    assert len(embed.get("title", "")) <= L.EMBED_TITLE
    assert len(embed.get("description", "")) <= L.EMBED_DESCRIPTION
    fields = embed.get("fields", [])
    assert len(fields) <= L.EMBED_FIELDS
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += len(embed.get("footer", {}).get("text", ""))
    for f in fields:
        assert 0 < len(f["name"]) <= L.FIELD_NAME and 0 < len(f["value"]) <= L.FIELD_VALUE
        total += len(f["name"]) + len(f["value"])
    assert total <= L.EMBED_TOTAL


def assert_no_pings(body: dict[str, Any]) -> None:
    assert body["allowed_mentions"] == {"parse": []}
    assert len(body.get("content") or "") <= L.MESSAGE_CONTENT


async def test_connects_like_a_real_client(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, bot = running
    assert bot.user is not None and bot.user.id == BOT_ID
    assert server.identify is not None and server.identify["token"] == TOKEN
    intents = discord.Intents._from_value(server.identify["intents"])
    assert intents.guilds and intents.guild_messages and intents.message_content
    assert not intents.members and not intents.presences
    assert bot.get_channel(CHANNEL_ID) is not None
    # No automatic slash-command sync: nothing was PUT to the commands endpoint.
    assert not [r for r in server.requests if "/commands" in r.path]
    # The heartbeat file advances while connected and ready.
    path = bot.config.heartbeat_file
    await asyncio.wait_for(_until(lambda: last_beat(path) is not None), STEP)
    first = last_beat(path)
    await asyncio.wait_for(_until(lambda: (last_beat(path) or 0) > (first or 0)), STEP)
    assert server.heartbeats >= 1


async def _until(predicate: Any) -> None:
    while not predicate():
        await asyncio.sleep(0.02)


async def test_prefix_term(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    await server.send_message("!term телепортация")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    body = posted.body
    assert_no_pings(body)
    [embed] = body["embeds"]
    assert_embed_limits(embed)
    assert embed["title"] == "Телепортация"
    assert embed["description"]
    assert embed["fields"]  # older version / related terms …
    assert "footer" in embed and "РП 4.1-2" in embed["footer"]["text"]


async def test_russian_alias_and_mention_prefix(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    await server.send_message(f"<@{BOT_ID}> карта 168")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert "Баалит" in posted.body["embeds"][0]["title"]
    mark = len(server.requests)
    await server.send_message("!термин @everyone")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert_no_pings(posted.body)
    assert "@everyone" not in str(posted.body["embeds"])


async def test_slash_card(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "card", [{"name": "query", "type": 3,
                                                              "value": "168"}])
    posted = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert posted.body["type"] == 4  # CHANNEL_MESSAGE_WITH_SOURCE
    data = posted.body["data"]
    assert_no_pings(data)
    [embed] = data["embeds"]
    assert_embed_limits(embed)
    assert "Баалит" in embed["title"] and "168" in embed["title"]


async def test_slash_search_is_deferred(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "search", [{"name": "query", "type": 3,
                                                                "value": "телепортация"}])
    deferred = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert deferred.body["type"] == 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
    follow = await server.wait_for("POST", f"/webhooks/{server_app_id()}/{token}", mark, STEP)
    assert_no_pings(follow.body)
    for embed in follow.body["embeds"]:
        assert_embed_limits(embed)


async def test_slash_check_shows_the_board(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    iid, token = await server.send_interaction(2, "check", [{
        "name": "position", "type": 3, "value": "168 a1, враг ? b6 | телепортация a1 b6"}])
    deferred = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert deferred.body["type"] == 5
    follow = await server.wait_for("POST", f"/webhooks/{server_app_id()}/{token}", mark, STEP)
    assert_no_pings(follow.body)
    embed = follow.body["embeds"][0]
    assert_embed_limits(embed)
    board = embed["fields"][0]
    assert board["name"] == "Позиция"
    assert board["value"].startswith("```\n") and board["value"].endswith("\n```")
    assert board["value"].count("\n") >= 3  # a grid of rows, not a one-liner


async def test_did_you_mean_button(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, bot = running
    mark = len(server.requests)
    done = asyncio.ensure_future(bot.wait_for("command_completion", timeout=STEP))
    await server.send_message("!term тлпрт")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    await done  # the bot has stored the view for the message it posted
    buttons = [c for row in posted.body["components"] for c in row["components"]]
    target = next(b for b in buttons if b["label"] == "Телепортация")
    message = posted.response
    # Someone else presses: an ephemeral refusal (flags 64), the message is untouched.
    mark = len(server.requests)
    iid, token = await press(server, message, target["custom_id"], author=user(4242, "чужой"))
    refused = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert refused.body["type"] == 4 and refused.body["data"]["flags"] & 64
    # The asker presses: the lookup runs again and the message is updated in place (type 7).
    mark = len(server.requests)
    iid, token = await press(server, message, target["custom_id"], author=ASKER)
    updated = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert updated.body["type"] == 7
    assert updated.body["data"]["embeds"][0]["title"] == "Телепортация"


def server_app_id() -> int:
    from chat.loopback import APP_ID

    return APP_ID


async def test_autocomplete(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    iid, token = await server.send_interaction(4, "term", [{"name": "query", "type": 3,
                                                              "value": "тел", "focused": True}])
    posted = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert posted.body["type"] == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    choices = posted.body["data"]["choices"]
    assert 0 < len(choices) <= L.CHOICES
    assert all(len(c["name"]) <= L.CHOICE_NAME and len(c["value"]) <= L.CHOICE_VALUE
               for c in choices)
    assert any(c["value"] == "Телепортация" for c in choices)
    mark = len(server.requests)
    iid, token = await server.send_interaction(4, "card", [{"name": "query", "type": 3,
                                                              "value": "баал", "focused": True}])
    posted = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert posted.body["type"] == 8
    assert posted.body["data"]["choices"][0]["value"] == "ПХ 168"


async def test_missing_argument_gets_a_russian_ephemeral(
        running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, _ = running
    mark = len(server.requests)
    await server.send_message("!term")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert posted.body["content"].startswith("Не хватает запроса")
    assert_no_pings(posted.body)


async def test_token_never_reaches_the_logs(running: tuple[LoopbackDiscord, JudgeBot],
                                             caplog: pytest.LogCaptureFixture) -> None:
    assert all(TOKEN not in r.getMessage() for r in caplog.records)


async def test_server_prefix_setting(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, bot = running
    mark = len(server.requests)
    await server.send_message("!settings prefix ?")  # the member has Manage Server
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert "`?`" in posted.body["content"]
    assert_no_pings(posted.body)
    mark = len(server.requests)
    await server.send_message("?термин телепортация")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert posted.body["embeds"][0]["title"] == "Телепортация"
    assert bot.store.get(posted.response and int(posted.response["guild_id"])).prefix == "?"
    if isinstance(bot.judge, FakeJudge):
        return  # the help text below is the real core's
    mark = len(server.requests)
    await server.send_message("?help")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    shown = str(posted.body["embeds"])
    assert "`?term" in shown and "`!term" not in shown  # examples use the server's prefix


async def test_unexpected_error_shows_an_id(running: tuple[LoopbackDiscord, JudgeBot],
                                            caplog: pytest.LogCaptureFixture) -> None:
    server, bot = running
    if not isinstance(bot.judge, FakeJudge):
        pytest.skip("the real Judge turns its own errors into answers")
    mark = len(server.requests)
    await server.send_message("!term boom")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    text = posted.body["content"]
    assert text.startswith("Внутренняя ошибка бота (код ")
    error_id = text.split("код ")[1][:8]
    assert any(error_id in r.getMessage() and r.exc_info for r in caplog.records)


async def test_input_length_cap(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    server, bot = running
    mark = len(server.requests)
    await server.send_message("!term " + "я" * (L.MAX_QUERY + 1))
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    assert posted.body["content"] == (f"Слишком длинный запрос ({L.MAX_QUERY + 1} символов, "
                                      f"предел {L.MAX_QUERY}). Сократите его.")
    runs = getattr(bot.judge, "runs", None)
    assert runs is None or all(len(args) <= L.MAX_QUERY for _, args in runs)


async def test_full_rules_button(running: tuple[LoopbackDiscord, JudgeBot]) -> None:
    """A !check quotes its rules in part; «Полный текст правил» shows them whole, privately,
    to anyone who presses it."""
    server, bot = running
    if isinstance(bot.judge, FakeJudge):
        pytest.skip("the quoted rules are the real corpus'")
    mark = len(server.requests)
    done = asyncio.ensure_future(bot.wait_for("command_completion", timeout=STEP))
    await server.send_message("!check 168 a1, враг ? c6, враг ? e2 | телепортация a1 b6")
    posted = await server.wait_for("POST", f"/channels/{CHANNEL_ID}/messages", mark, STEP)
    await done
    [embed] = posted.body["embeds"]
    assert len(embed["title"]) + len(embed.get("description", "")) + sum(
        len(f["name"]) + len(f["value"]) for f in embed["fields"]) <= 1500
    buttons = [c for row in posted.body["components"] for c in row["components"]]
    full = next(b for b in buttons if b.get("label") == "Полный текст правил")
    mark = len(server.requests)
    iid, token = await press(server, posted.response, full["custom_id"], author=user(4343, "судья"))
    shown = await server.wait_for("POST", f"/interactions/{iid}/{token}/callback", mark, STEP)
    assert shown.body["type"] == 4 and shown.body["data"]["flags"] & 64  # ephemeral
    text = " ".join(f["value"] for e in shown.body["data"]["embeds"] for f in e["fields"])
    assert "Такая телепортация не является именной особенностью" in text  # the rule's last sentence
    for e in shown.body["data"]["embeds"]:
        assert_embed_limits(e)
