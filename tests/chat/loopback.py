"""A loopback Discord double: just enough gateway and REST for discord.py's real client.

An aiohttp server on 127.0.0.1 (random port) that

- serves the REST calls the bot makes (``/users/@me``, ``/applications/@me``, ``/gateway/bot``,
  channel messages, interaction callbacks, webhook follow-ups and ``@original``) and records
  every request with its JSON body;
- speaks the gateway as plain JSON text frames (no zlib): HELLO, IDENTIFY → READY and
  GUILD_CREATE, heartbeat → ACK, and dispatches events the test pushes (MESSAGE_CREATE,
  INTERACTION_CREATE).

Point discord.py at it by setting ``discord.http.Route.BASE`` to :attr:`api_base`; the gateway
URL then comes from ``GET /gateway/bot``. Nothing here touches any other network.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web
from discord.utils import time_snowflake

BOT_ID = 900000000000000001
APP_ID = 900000000000000002
GUILD_ID = 900000000000000003
CHANNEL_ID = 900000000000000004
USER_ID = 900000000000000005
OWNER_ID = 900000000000000006
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
ALL_PERMISSIONS = str((1 << 50) - 1)


def user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot, "public_flags": 0, "flags": 0}


BOT_USER = user(BOT_ID, "berserk-judge", bot=True)
ASKER = user(USER_ID, "игрок")


def member(u: dict[str, Any]) -> dict[str, Any]:
    return {"user": u, "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
            "flags": 0, "nick": None, "avatar": None, "pending": False}


def guild_payload() -> dict[str, Any]:
    return {
        "id": str(GUILD_ID), "name": "Берсерк", "icon": None, "owner_id": str(OWNER_ID),
        "unavailable": False, "member_count": 2, "large": False, "features": [],
        "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
        "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "preferred_locale": "ru",
        "system_channel_flags": 0, "emojis": [], "stickers": [], "threads": [],
        "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
        "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": ALL_PERMISSIONS,
                   "position": 0, "color": 0, "hoist": False, "managed": False,
                   "mentionable": False, "flags": 0}],
        "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "правила", "position": 0,
                      "permission_overwrites": [], "nsfw": False, "parent_id": None,
                      "topic": None, "last_message_id": None, "rate_limit_per_user": 0}],
        "members": [member(BOT_USER)],
    }


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body only when Content-Type is exactly application/json (no charset).
    return web.Response(body=json.dumps(data, ensure_ascii=False).encode(), status=status,
                        headers={"Content-Type": "application/json"})


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    response: Any = None  # what the double answered (e.g. the message it "created")
    files: dict[str, bytes] = field(default_factory=dict)  # attachments: file name → bytes


@dataclass
class LoopbackDiscord:
    heartbeat_ms: int = 200
    requests: list[Recorded] = field(default_factory=list)
    identify: dict[str, Any] | None = None
    heartbeats: int = 0

    def __post_init__(self) -> None:
        # Snowflakes of "now": discord.py treats interactions older than 15 minutes as expired.
        self._ids = itertools.count(time_snowflake(datetime.now(UTC)))
        self._seq = itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Condition()
        self.port = 0

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def snowflake(self) -> int:
        return next(self._ids)

    # -- waiting for the bot ---------------------------------------------------------------------
    async def _record(self, item: Recorded) -> None:
        async with self._changed:
            self.requests.append(item)
            self._changed.notify_all()

    async def wait_for(self, method: str, path_part: str, after: int = 0,
                       timeout: float = 10.0) -> Recorded:
        """The first request (from index ``after``) with this method whose path contains ``path_part``."""
        async def find() -> Recorded:
            async with self._changed:
                while True:
                    for r in self.requests[after:]:
                        if r.method == method and path_part in r.path:
                            return r
                    await self._changed.wait()

        return await asyncio.wait_for(find(), timeout)

    # -- gateway -----------------------------------------------------------------------------------
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if data["op"] == 1:  # heartbeat
                self.heartbeats += 1
                await ws.send_str(json.dumps({"op": 11}))
            elif data["op"] == 2:  # identify
                self.identify = data["d"]
                await self.dispatch("READY", {
                    "v": 10, "user": BOT_USER, "session_id": "loopback-session",
                    "resume_gateway_url": self.gateway_url, "shard": [0, 1],
                    "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                    "application": {"id": str(APP_ID), "flags": 0}})
                await self.dispatch("GUILD_CREATE", guild_payload())
        return ws

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None, "the bot has not connected"
        await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data},
                                           ensure_ascii=False))

    async def send_message(self, content: str, author: dict[str, Any] = ASKER) -> int:
        mid = self.snowflake()
        await self.dispatch("MESSAGE_CREATE", {
            "id": str(mid), "channel_id": str(CHANNEL_ID), "guild_id": str(GUILD_ID),
            "author": author, "member": {k: v for k, v in member(author).items() if k != "user"},
            "content": content, "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0, "flags": 0, "components": []})
        return mid

    async def send_interaction(self, kind: int, name: str, options: list[dict[str, Any]],
                               author: dict[str, Any] = ASKER) -> tuple[int, str]:
        """Dispatch an INTERACTION_CREATE (2: slash command, 4: autocomplete)."""
        iid, token = self.snowflake(), f"token-{self.snowflake()}"
        await self.dispatch("INTERACTION_CREATE", {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": token,
            "version": 1, "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
            "channel": {"id": str(CHANNEL_ID), "type": 0, "name": "правила",
                        "guild_id": str(GUILD_ID), "permissions": ALL_PERMISSIONS},
            "member": {**member(author), "permissions": ALL_PERMISSIONS},
            "app_permissions": ALL_PERMISSIONS, "locale": "ru", "guild_locale": "ru",
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0, "attachment_size_limit": 8388608,
            # No data.guild_id: that would mark a guild-registered command.
            "data": {"id": str(self.snowflake()), "name": name, "type": 1, "options": options}})
        return iid, token

    # -- REST ----------------------------------------------------------------------------------------
    def message(self, body: dict[str, Any], channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        return {"id": str(self.snowflake()), "channel_id": str(channel_id),
                "guild_id": str(GUILD_ID), "author": BOT_USER,
                "content": body.get("content") or "", "embeds": body.get("embeds") or [],
                "components": body.get("components") or [], "timestamp": TIMESTAMP,
                "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "attachments": [], "pinned": False,
                "type": 0, "flags": body.get("flags") or 0, "application_id": str(APP_ID)}

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        files: dict[str, bytes] = {}
        if request.content_type == "multipart/form-data":  # a message with attachments
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                elif part.filename:
                    files[part.filename] = bytes(await part.read())
        elif request.can_read_body:
            text = await request.text()
            body = json.loads(text) if text else None
        record = Recorded(request.method, path, dict(request.query), body, files=files)
        response = self._answer(request.method, path, body)
        record.response = json.loads(response.body) if isinstance(response.body, bytes) else None
        await self._record(record)
        return response

    def _answer(self, method: str, path: str, body: Any) -> web.Response:
        if method == "GET" and path == "/users/@me":
            return _json(BOT_USER)
        if method == "GET" and path in ("/applications/@me", "/oauth2/applications/@me"):
            return _json({
                "id": str(APP_ID), "name": "berserk-judge", "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": user(OWNER_ID, "owner"),
                "verify_key": "00", "flags": 0, "team": None, "summary": "", "bot": BOT_USER})
        if method == "GET" and path == "/gateway/bot":
            return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
        if method == "POST" and path.startswith("/channels/") and path.endswith("/messages"):
            return _json(self.message(body or {}, int(path.split("/")[2])))
        if method == "POST" and path.startswith("/interactions/") and path.endswith("/callback"):
            kind = (body or {}).get("type")
            data = (body or {}).get("data") or {}
            result: dict[str, Any] = {"interaction": {
                "id": path.split("/")[2], "type": 2, "response_message_id": str(self.snowflake()),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool((data.get("flags") or 0) & 64)}}
            if kind in (4, 7):
                result["resource"] = {"type": kind, "message": self.message(data)}
            elif kind is not None:
                result["resource"] = {"type": kind}
            return _json(result)
        if path.startswith("/webhooks/"):  # follow-ups and the original response
            return _json(self.message(body or {}))
        if method == "PATCH" and "/messages/" in path:
            return _json(self.message(body or {}, int(path.split("/")[2])))
        return _json({"message": f"loopback: no route {method} {path}", "code": 0},
                                 status=404)


async def press(server: LoopbackDiscord, message: dict[str, Any], custom_id: str,
                author: dict[str, Any] = ASKER, values: list[str] | None = None) -> tuple[int, str]:
    """Dispatch a component interaction (type 3) on a message the bot posted."""
    iid, token = server.snowflake(), f"token-{server.snowflake()}"
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
    if values is not None:
        data["values"] = values
    await server.dispatch("INTERACTION_CREATE", {
        "id": str(iid), "application_id": str(APP_ID), "type": 3, "token": token, "version": 1,
        "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
        "channel": {"id": str(CHANNEL_ID), "type": 0, "name": "правила",
                    "guild_id": str(GUILD_ID), "permissions": ALL_PERMISSIONS},
        "member": {**member(author), "permissions": ALL_PERMISSIONS},
        "app_permissions": ALL_PERMISSIONS, "locale": "ru", "guild_locale": "ru",
        "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)},
        "context": 0, "attachment_size_limit": 8388608, "message": message, "data": data})
    return iid, token
