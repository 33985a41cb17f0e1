"""The participant server's HTTP face: one page, its two static files, three calls and a stream.

Every request passes one gate (``Gate.__call__``) before any route: the ``Host`` must be the
server's own (no DNS rebinding), the path must start with the current join token (else 404, as
if nothing were there), an ``Origin`` must be the server's own and is required on a POST, a
fetch from another site is refused, and the network address must be within its rate. Routes
then check the device (its cookie) and its own rate, and read at most ``max_body_bytes``.

Participants reach the room and nothing else: no route runs code, reads a file named by a
request, or returns anything but the page, its assets and the participant's own view.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib import resources
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from .._validation import describe
from ._limits import RateLimiter, retry_after
from ._room import JoinIn, JoinWaiting, Room, RoomRefusal, parse_sent

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DEVICE_COOKIE = "sofia_room"
HEARTBEAT_S = 15.0
"""A quiet stream sends a ping this often; the page counts a stream silent for 25 s as lost."""

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]


def _error(status: int, kind: str, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": {"kind": kind, "message": message}}, status_code=status, headers=headers)


class Hub:
    """Wakes the update streams when the room changes; lives on the server's loop."""

    def __init__(self) -> None:
        self.stopping = False
        self._event: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._event = asyncio.Event()

    def poke(self) -> None:
        """Wake every stream (callable from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the loop closed between the check and the call
                pass

    def _wake(self) -> None:
        if self._event is not None:
            self._event.set()
            self._event = asyncio.Event()

    def stop(self) -> None:
        self.stopping = True
        self.poke()

    async def wait(self, seconds: float) -> bool:
        """Wait for the next poke, at most ``seconds``: whether one came."""
        event = self._event
        if event is None:
            return False
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            return False
        return True


class Gate:
    """The join token and who may talk to the server; wraps the routes (pure ASGI)."""

    def __init__(self, app: ASGIApp, room: Room, hosts: set[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = {f"http://{h}" for h in hosts}
        self.token = secrets.token_urlsafe(16)
        limits = room.limits
        self.by_address = RateLimiter(limits.address_burst, limits.address_per_second, room.clock)
        self.by_device = RateLimiter(limits.device_burst, limits.device_per_second, room.clock)

    def rotate(self) -> str:
        """A new token: the old link stops working at once (open streams end)."""
        self.token = secrets.token_urlsafe(16)
        return self.token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no lifespan, no websockets
        refusal = self._refusal(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        if scope["path"] == f"/{self.token}":  # the page's relative links need the slash
            await RedirectResponse(f"/{self.token}/", 307)(scope, receive, send_with_headers)
            return
        scope["path"] = scope["path"][len(self.token) + 1 :] or "/"
        scope["raw_path"] = scope["path"].encode()
        scope["sofia_token"] = self.token
        await self.app(scope, receive, send_with_headers)

    def _refusal(self, scope: Scope) -> Response | None:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        if headers.get("host") not in self.hosts:
            return _error(400, "wrong-host", "this server answers only to its own address")
        first, _, _ = scope["path"].lstrip("/").partition("/")
        if not hmac.compare_digest(first.encode(), self.token.encode()):
            return _error(404, "not-found", "nothing here: ask the facilitator for the current link")
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return _error(403, "wrong-origin", "requests from another site are refused")
        if scope["method"] != "GET" and origin is None:
            return _error(
                403, "wrong-origin", "a request that changes something must come from the room's page"
            )
        site = headers.get("sec-fetch-site")
        page = scope["path"].rstrip("/") == f"/{self.token}"
        if site is not None and site not in ("same-origin", "none") and not page:
            return _error(403, "wrong-origin", "requests from another site are refused")
        client = scope.get("client")
        wait = self.by_address.take(client[0] if client else "?")
        if wait:
            return _error(
                429, "rate-limited", "too many requests; wait a moment", **{"Retry-After": retry_after(wait)}
            )
        return None


class StreamSlots:
    """How many update streams are open, per address and in all."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        if sum(self.open.values()) >= self.total or self.open.get(address, 0) >= self.per_address:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]


def _asset(name: str) -> bytes:
    return resources.files("sofia_nb.participants").joinpath("static", name).read_bytes()


_STATUS = {"joining-closed": 403, "room-full": 403, "removed": 403, "not-found": 404, "room-busy": 429}
_CONFLICTS = ("round-closed", "wrong-round", "time-up", "too-many", "round-full")
"""Refusals that say the round moved on or is full: 409, the rest of a refusal 400."""

Handler = Callable[[Request], Awaitable[Response]]


class RoomRoutes:
    """The routes of one room, each a named handler: the page and its assets, ``/api/me``,
    ``/api/join``, ``/api/send`` and the update stream ``/events``. ``gate`` is the ``Gate``
    around them (its device rate and its token)."""

    def __init__(self, room: Room, hub: Hub) -> None:
        self.room = room
        self.hub = hub
        self.limits = room.limits
        self.slots = StreamSlots(self.limits.streams_per_address, self.limits.max_streams)
        self.page, self.script, self.style, self.icon = (
            _asset(n) for n in ("room.html", "room.js", "room.css", "icon.svg")
        )
        self.gate: Gate

    def routes(self) -> list[Route]:
        return [
            Route("/", self.show_page),
            Route("/room.js", self.show_script),
            Route("/room.css", self.show_style),
            Route("/icon.svg", self.show_icon),
            Route("/api/me", self.answer(self.me)),
            Route("/api/join", self.answer(self.join), methods=["POST"]),
            Route("/api/send", self.answer(self.send), methods=["POST"]),
            Route("/events", self.events),
        ]

    # -- what every call shares -----------------------------------------------------------------

    def device_of(self, request: Request) -> tuple[Any, Response | None]:
        """The member whose cookie the request carries, within their device's rate; else the refusal."""
        member = self.room.member_for(request.cookies.get(DEVICE_COOKIE))
        if member is None:
            return None, _error(401, "not-joined", "join the room first")
        wait = self.gate.by_device.take(member.device)
        if wait:
            return None, _error(
                429, "rate-limited", "too many requests; wait a moment", **{"Retry-After": retry_after(wait)}
            )
        return member, None

    async def read_json(self, request: Request) -> Any:
        """The request's JSON body: at most ``max_body_bytes``, within ``body_seconds``."""
        limits = self.limits
        media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if media_type != "application/json":  # not a prefix: application/json-seq is another type
            raise RoomRefusal("unsupported", "send JSON")
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limits.max_body_bytes):
            raise _TooLarge()
        body = bytearray()
        try:
            async with asyncio.timeout(limits.body_seconds):  # a body sent a byte a minute holds a slot
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > limits.max_body_bytes:
                        raise _TooLarge()
        except TimeoutError:
            raise _TooSlow() from None
        try:
            return json.loads(body)
        except ValueError as exc:
            raise RoomRefusal("invalid", f"the request is not JSON: {exc}") from None
        except RecursionError:  # nested deeper than the parser goes: a 400, not a traceback
            raise RoomRefusal("invalid", "the request nests too deeply") from None

    def answer(self, call: Handler) -> Handler:
        """``call`` with its refusals answered as JSON errors (status by kind)."""

        async def handler(request: Request) -> Response:
            try:
                return await call(request)
            except _TooLarge:
                return _error(413, "too-large", f"at most {self.limits.max_body_bytes} bytes")
            except _TooSlow:
                return _error(408, "too-slow", "the request came too slowly", Connection="close")
            except ValidationError as exc:
                return _error(400, "invalid", describe(exc))
            except RoomRefusal as exc:
                status = 409 if exc.kind in _CONFLICTS else _STATUS.get(exc.kind, 400)
                return _error(status, exc.kind, exc.message)

        return handler

    # -- the page -------------------------------------------------------------------------------

    async def show_page(self, request: Request) -> Response:
        return Response(self.page, media_type="text/html; charset=utf-8")

    async def show_script(self, request: Request) -> Response:
        return Response(self.script, media_type="text/javascript; charset=utf-8")

    async def show_style(self, request: Request) -> Response:
        return Response(self.style, media_type="text/css; charset=utf-8")

    async def show_icon(self, request: Request) -> Response:
        return Response(self.icon, media_type="image/svg+xml")

    # -- the calls ------------------------------------------------------------------------------

    async def me(self, request: Request) -> Response:
        secret = request.cookies.get(DEVICE_COOKIE)
        return JSONResponse(self.room.view_for(self.room.member_for(secret), secret).model_dump(mode="json"))

    async def join(self, request: Request) -> Response:
        sent = JoinIn.model_validate(await self.read_json(request))
        address = request.client.host if request.client else "?"
        try:
            member, secret = self.room.join(sent.name, request.cookies.get(DEVICE_COOKIE), address)
        except JoinWaiting as waiting:  # the phone keeps its cookie: once admitted it is recognised
            secret, status = waiting.secret, 202
            view = self.room.view_for(None, secret)
        else:
            status, view = 200, self.room.view_for(member)
        response = JSONResponse(view.model_dump(mode="json"), status_code=status)
        response.set_cookie(DEVICE_COOKIE, secret, max_age=12 * 3600, httponly=True, samesite="strict")
        return response

    async def send(self, request: Request) -> Response:
        member, refused = self.device_of(request)
        if refused is not None:
            return refused
        sent = parse_sent(await self.read_json(request))
        entry = self.room.contribute(member, sent)
        return JSONResponse({"id": entry, "view": self.room.view_for(member).model_dump(mode="json")})

    # -- the update stream ----------------------------------------------------------------------

    async def events(self, request: Request) -> Response:
        member, refused = self.device_of(request)
        if refused is not None:
            return refused
        address = request.client.host if request.client else "?"
        if not self.slots.take(address):
            return _error(429, "too-many-streams", "too many open pages from this address")
        self.room.present(member.id, +1)

        def release() -> None:
            self.slots.give_back(address)
            self.room.present(member.id, -1)

        secret = request.cookies.get(DEVICE_COOKIE)
        return _Stream(self.stream(member, secret, request.scope["sofia_token"]), release)

    async def stream(self, member: Any, secret: str | None, token: str) -> AsyncIterator[str]:
        """The member's view whenever it changes, a ping when quiet, and why it ended."""
        room, hub, gate = self.room, self.hub, self.gate
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.stream_seconds
        sent = ""
        yield "retry: 3000\n\n"
        while not hub.stopping and gate.token == token and room.member_for(secret) is not None:
            # read before the view: a change made while it is built wakes the wait below
            before = room.version
            view = json.dumps(room.view_for(member).model_dump(mode="json"), separators=(",", ":"))
            if view != sent:
                sent = view
                yield f"event: state\ndata: {view}\n\n"
            left = deadline - loop.time()
            if left <= 0:
                break
            # a ping only after a quiet wait: a wake that changed nothing (a stop, a new link) is
            # answered by the loop's checks, not by a ping before the stream says it ended
            if room.version == before and not await hub.wait(min(HEARTBEAT_S, left)):
                yield "event: ping\ndata: {}\n\n"  # an event, so the page can tell a stalled stream
        # the room ended for this page: it says so instead of reconnecting to nothing
        if hub.stopping:
            yield 'event: ended\ndata: {"reason":"stopped"}\n\n'
        elif gate.token != token:
            yield 'event: ended\ndata: {"reason":"new-link"}\n\n'
        elif room.member_for(secret) is None:  # the facilitator took this member out
            yield 'event: ended\ndata: {"reason":"removed"}\n\n'


def build_app(room: Room, hub: Hub, hosts: set[str]) -> Gate:
    """The ASGI app for ``room``, answering only to ``hosts`` (``"address:port"``)."""
    routes = RoomRoutes(room, hub)
    routes.gate = Gate(Starlette(routes=routes.routes()), room, hosts)
    return routes.gate


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


class _Stream(StreamingResponse):
    """An update stream that gives back its slot however it ends (a generator that was never
    started, because the phone left first, would never run its own ``finally``)."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(content, media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()
