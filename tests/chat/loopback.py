"""A loopback Discord double: just enough gateway and REST for discord.py's real client.

An aiohttp server on 127.0.0.1 (random port) that

- serves the REST calls the bot makes (``/users/@me``, ``/applications/@me``, ``/gateway/bot``,
  channel messages, interaction callbacks, webhook follow-ups and ``@original``) and records
  every request with its JSON body;
- speaks the gateway as plain JSON text frames (no zlib): HELLO, IDENTIFY → READY and
  GUILD_CREATE, heartbeat → ACK, and dispatches events the test pushes (MESSAGE_CREATE,
  INTERACTION_CREATE).

It fails the way Discord does, so that tests can show the bot recovers and loses nothing:

- REST rate limits: per-channel message buckets (5 per 5 s) and reactions (1 per 0.25 s) with
  Discord's ``X-RateLimit-*`` headers; an exhausted bucket answers 429 with ``Retry-After``,
  the ``Via`` header (without it discord.py takes a 429 for a Cloudflare ban) and a JSON body;
  a global limit (50 requests a second, interactions exempt) answers 429 with
  ``X-RateLimit-Global: true``. :meth:`inject` adds one-off 429s or 5xx errors.
- the gateway session: every dispatched event is kept with its sequence number; RESUME (op 6)
  replays what the bot missed and sends RESUMED; :meth:`request_reconnect` sends op 7,
  :meth:`invalidate_session` op 9; :meth:`outage` drops the connection and refuses the gateway
  (HTTP 503) and REST (502) for a few seconds. An event dispatched while the bot is away is
  delivered on RESUME (and lost on a new IDENTIFY, as on Discord).
- an IDENTIFY asking for an intent the test refused (:attr:`refuse_intents`) is closed with
  4014, as Discord does for a privileged intent not enabled in the portal.

Point discord.py at it by setting ``discord.http.Route.BASE`` to :attr:`api_base` and
``DiscordWebSocket.DEFAULT_GATEWAY`` to :attr:`gateway_url` (discord.py reconnects there after
a failed attempt); the first gateway URL comes from ``GET /gateway/bot``. Nothing here touches
any other network.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import time
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
    at: float = field(default_factory=time.monotonic)  # when the request arrived


@dataclass
class Bucket:
    """A fixed-window rate limit: ``limit`` requests per ``per`` seconds."""

    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float:
        """0 when the request may go (and counts), else the seconds until the window resets."""
        if now >= self.reset_at:
            self.remaining, self.reset_at = self.limit, now + self.per
        if self.remaining <= 0:
            return self.reset_at - now
        self.remaining -= 1
        return 0.0


#: Route key → (limit, seconds), per channel: Discord's limits for bots.
ROUTE_LIMITS = {"messages": (5, 5.0), "reactions": (1, 0.25)}
GLOBAL_LIMIT = 50  # requests a second, all routes but interactions


@dataclass
class LoopbackDiscord:
    heartbeat_ms: int = 200
    requests: list[Recorded] = field(default_factory=list)
    identify: dict[str, Any] | None = None
    heartbeats: int = 0
    rate_limits: bool = True
    #: Intent bits the "portal" has not enabled: an IDENTIFY asking for any is closed with 4014.
    refuse_intents: int = 0
    identifies: int = 0
    resumes: int = 0
    refused_identifies: int = 0
    rate_limited: list[Recorded] = field(default_factory=list)  # requests answered 429

    def __post_init__(self) -> None:
        # Snowflakes of "now": discord.py treats interactions older than 15 minutes as expired.
        self._ids = itertools.count(time_snowflake(datetime.now(UTC)))
        self._seq = itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Condition()
        self.port = 0
        self._session: str | None = None
        self._session_no = itertools.count(1)
        self._events: list[tuple[int, str]] = []  # (seq, frame) of the current session
        self._ready = asyncio.Event()  # the bot is connected and identified or resumed
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self._global = Bucket(GLOBAL_LIMIT, 1.0)
        self._injected: list[tuple[int, bool, float]] = []  # (status, global, retry_after)
        self._down_until = 0.0

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
    @property
    def down(self) -> bool:
        return time.monotonic() < self._down_until

    async def gateway(self, request: web.Request) -> web.StreamResponse:
        if self.down:
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        self._ready.clear()
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if data["op"] == 1:  # heartbeat
                self.heartbeats += 1
                await ws.send_str(json.dumps({"op": 11}))
            elif data["op"] == 2:  # identify
                await self._identify(ws, data["d"])
            elif data["op"] == 6:  # resume
                await self._resume(ws, data["d"])
        if self._ws is ws:
            self._ready.clear()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        if payload.get("intents", 0) & self.refuse_intents:
            self.refused_identifies += 1
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        self.identify = payload
        self.identifies += 1
        self._session = f"loopback-session-{next(self._session_no)}"
        self._events, self._seq = [], itertools.count(1)  # a new session starts afresh
        await self._send_event(ws, "READY", {
            "v": 10, "user": BOT_USER, "session_id": self._session,
            "resume_gateway_url": self.gateway_url, "shard": [0, 1],
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "application": {"id": str(APP_ID), "flags": 0}})
        await self._send_event(ws, "GUILD_CREATE", guild_payload())
        self._ready.set()

    async def _resume(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        if payload.get("session_id") != self._session or self._session is None:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return
        self.resumes += 1
        last = payload.get("seq") or 0
        for seq, frame in self._events:  # what the bot missed, in order
            if seq > last:
                await ws.send_str(frame)
        await self._send_event(ws, "RESUMED", {})
        self._ready.set()

    async def _send_event(self, ws: web.WebSocketResponse, event: str,
                          data: dict[str, Any]) -> None:
        seq = next(self._seq)
        frame = json.dumps({"op": 0, "t": event, "s": seq, "d": data}, ensure_ascii=False)
        self._events.append((seq, frame))
        await ws.send_str(frame)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event; while the bot is disconnected it is kept for its RESUME."""
        assert self._session is not None, "the bot has not connected"
        seq = next(self._seq)
        frame = json.dumps({"op": 0, "t": event, "s": seq, "d": data}, ensure_ascii=False)
        self._events.append((seq, frame))
        if self._ws is not None and not self._ws.closed and self._ready.is_set():
            await self._ws.send_str(frame)

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Until the bot has identified or resumed on a live connection."""
        await asyncio.wait_for(self._ready.wait(), timeout)

    async def request_reconnect(self) -> None:
        """op 7: Discord asks the bot to reconnect (and resume)."""
        self._ready.clear()
        assert self._ws is not None
        await self._ws.send_str(json.dumps({"op": 7, "d": None}))

    async def invalidate_session(self, resumable: bool) -> None:
        """op 9: the session is invalid; ``resumable`` tells the bot it may RESUME."""
        self._ready.clear()
        if not resumable:
            self._session = None
        assert self._ws is not None
        await self._ws.send_str(json.dumps({"op": 9, "d": resumable}))

    async def outage(self, seconds: float) -> None:
        """Drop the gateway connection (close 1011) and refuse the gateway and REST for a
        while, as an outage of Discord (or of the network in between) does."""
        self._down_until = time.monotonic() + seconds
        self._ready.clear()
        if self._ws is not None and not self._ws.closed:
            await self._ws.close(code=1011, message=b"outage")

    def inject(self, status: int, count: int = 1, is_global: bool = False,
               retry_after: float = 0.3) -> None:
        """Answer the next ``count`` REST requests (interactions included) with ``status``."""
        self._injected += [(status, is_global, retry_after)] * count

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
        if self.down:
            return web.Response(status=502, text="bad gateway")  # not recorded: never arrived
        limited = self._limit(request.method, path)
        if limited is not None:
            self.rate_limited.append(record)
            return limited
        response = self._answer(request.method, path, body)
        response.headers.update(self._bucket_headers(request.method, path))
        record.response = json.loads(response.body) if isinstance(response.body, bytes) else None
        await self._record(record)
        return response

    # -- rate limits ---------------------------------------------------------------------------
    @staticmethod
    def _route(method: str, path: str) -> tuple[str, str] | None:
        """(route key, channel id) of a per-channel limited route, else None."""
        parts = path.strip("/").split("/")
        if method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
            return "messages", parts[1]
        if parts[0] == "channels" and "reactions" in parts:
            return "reactions", parts[1]
        return None

    def _limit(self, method: str, path: str) -> web.Response | None:
        """A 429 (or injected error) for this request, or None when it may go."""
        if self._injected:
            status, is_global, retry_after = self._injected.pop(0)
            if status != 429:
                return _json({"message": "injected", "code": 0}, status=status)
            return self._too_many(retry_after, is_global)
        if not self.rate_limits:
            return None
        now = time.monotonic()
        if not path.startswith("/interactions/"):  # interactions are exempt from the global limit
            wait = self._global.take(now)
            if wait:
                return self._too_many(wait, True)
        route = self._route(method, path)
        if route is None:
            return None
        limit, per = ROUTE_LIMITS[route[0]]
        bucket = self._buckets.setdefault(route, Bucket(limit, per))
        wait = bucket.take(now)
        return self._too_many(wait, False, route) if wait else None

    def _too_many(self, retry_after: float, is_global: bool,
                  route: tuple[str, str] | None = None) -> web.Response:
        headers = {"Content-Type": "application/json", "Via": "1.1 google",
                   "Retry-After": str(math.ceil(retry_after)),
                   "X-RateLimit-Scope": "global" if is_global else "user"}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update(self._bucket_headers_for(route))
        body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
                "global": is_global, "code": 0}
        return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)

    def _bucket_headers(self, method: str, path: str) -> dict[str, str]:
        return self._bucket_headers_for(self._route(method, path))

    def _bucket_headers_for(self, route: tuple[str, str] | None) -> dict[str, str]:
        if route is None or route not in self._buckets or not self.rate_limits:
            return {}
        bucket = self._buckets[route]
        after = max(bucket.reset_at - time.monotonic(), 0.0)
        return {"X-RateLimit-Limit": str(bucket.limit),
                "X-RateLimit-Remaining": str(max(bucket.remaining, 0)),
                "X-RateLimit-Reset": f"{time.time() + after:.3f}",
                "X-RateLimit-Reset-After": f"{after:.3f}",
                "X-RateLimit-Bucket": f"loopback-{route[0]}"}

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
        if method == "PUT" and "/reactions/" in path:
            return web.Response(status=204)
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


async def start_double(monkeypatch: Any) -> LoopbackDiscord:
    """Start a double and point discord.py at it (REST base, the gateway it reconnects to);
    any other host name fails to resolve, so nothing reaches a real network."""
    import socket

    import discord
    import yarl
    from discord.gateway import DiscordWebSocket

    real_getaddrinfo = socket.getaddrinfo

    def loopback_only(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host not in (None, "127.0.0.1", "localhost"):
            raise OSError(f"no network in tests: {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", loopback_only)
    double = LoopbackDiscord()
    await double.start()
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url))
    return double
