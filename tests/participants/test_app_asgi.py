"""The room's HTTP face driven in this process, one ASGI message at a time (issue 45 item 5).

The server tests go through uvicorn on loopback; these call the app the server is handed with
hand-built requests, so each promise is read exactly: every status with its kind and its words,
every header the gate adds, the cookie's attributes, the update stream event by event and how it
ends, and the stream's slot and presence given back however it ends. They run in milliseconds, so
``make mutate`` can run them for each of the module's mutants.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from sofia_nb.participants import Room
from sofia_nb.participants._app import DEVICE_COOKIE, SECURITY_HEADERS, Gate, Hub, StreamSlots, build_app

from ._support import FakeClock, roomy

HOST = "room.test:8765"
ORIGIN = f"http://{HOST}"
PHONE = ("10.0.0.7", 50123)
WAIT = 5.0  # seconds a test waits for an event before it fails (a 15 s heartbeat would be a bug)


@dataclass
class Reply:
    """What the app sent for one request."""

    status: int = 0
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        found = [v.decode("latin-1") for k, v in self.headers if k.decode("latin-1").lower() == name]
        assert len(found) <= 1, f"{name} sent {len(found)} times"
        return found[0] if found else None

    def error(self) -> tuple[int, str, str]:
        err = json.loads(self.body)["error"]
        return self.status, err["kind"], err["message"]

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Ask:
    """One request as a browser on the room's page would make it, unless a test says otherwise."""

    path: str
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    chunks: list[bytes | None] = field(default_factory=list)
    """The body, piece by piece; ``None`` is a pause longer than any test waits."""
    client: tuple[str, int] | None = PHONE
    cookie: str | None = None

    def scope(self) -> dict[str, Any]:
        headers = {"host": HOST, **{k.lower(): v for k, v in self.headers.items()}}
        if self.cookie is not None:
            headers["cookie"] = f"{DEVICE_COOKIE}={self.cookie}"
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": self.method,
            "scheme": "http",
            "path": self.path,
            "raw_path": self.path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [
                (k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items() if v is not None
            ],
            "client": self.client,
            "server": ("room.test", 8765),
        }


class Exchange:
    """One request in flight: its reply arrives message by message (a stream event at a time)."""

    def __init__(self, app: Gate, ask: Ask, on_piece: Callable[[bytes], object] = lambda _: None) -> None:
        self.reply = Reply()
        self._on_piece = on_piece
        """Called with each piece of the body as it is sent, before the app goes on."""
        self.pieces: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.started = asyncio.Event()
        self.gone = asyncio.Event()
        self._body = list(ask.chunks) or [b""]
        self.task = asyncio.ensure_future(app(ask.scope(), self._receive, self._send))
        self.task.add_done_callback(lambda _: self.pieces.put_nowait(None))

    async def _receive(self) -> dict[str, Any]:
        if self._body:
            piece = self._body.pop(0)
            if piece is None:
                await asyncio.sleep(3600)
            return {"type": "http.request", "body": piece or b"", "more_body": bool(self._body)}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.reply.status = message["status"]
            self.reply.headers = list(message.get("headers", []))
            self.started.set()
        elif message["type"] == "http.response.body":
            body = message.get("body", b"")
            self.reply.body += body
            if body:
                self.pieces.put_nowait(body)
                self._on_piece(body)

    async def next_piece(self) -> bytes | None:
        """The next piece of the body, or None once the response has ended."""
        async with asyncio.timeout(WAIT):
            return await self.pieces.get()

    async def done(self) -> Reply:
        async with asyncio.timeout(WAIT):
            await self.task
        return self.reply


async def ask(app: Gate, path: str, **kw: Any) -> Reply:
    """``path`` after the current token (a leading ``!`` keeps it as given), answered whole."""
    path = path[1:] if path.startswith("!") else f"/{app.token}/{path}"
    return await Exchange(app, Ask(path, **kw)).done()


async def post(app: Gate, path: str, body: Any, **kw: Any) -> Reply:
    """A POST from the room's page: its Origin, JSON."""
    headers = {"origin": ORIGIN, "content-type": "application/json", **kw.pop("headers", {})}
    return await ask(app, path, method="POST", headers=headers, chunks=[json.dumps(body).encode()], **kw)


def serving(room: Room) -> tuple[Gate, Hub]:
    """The app for ``room`` with its hub awake on this loop and told of every change, as the
    server wires them."""
    hub = Hub()
    hub.attach(asyncio.get_running_loop())
    room.subscribe(hub.poke)
    return build_app(room, hub, {HOST}), hub


async def joined(app: Gate, name: str = "Ana", client: tuple[str, int] | None = PHONE) -> str:
    """A phone joins; its device secret."""
    reply = await post(app, "api/join", {"name": name}, client=client)
    assert reply.status == 200, reply.body
    cookie = reply.header("set-cookie")
    assert cookie is not None
    return cookie.split(";")[0].split("=", 1)[1]


# -- the gate ------------------------------------------------------------------------------------


async def test_a_scope_that_is_not_http_gets_no_answer() -> None:
    app, _ = serving(roomy())
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return {"type": "lifespan.startup"}

    async def send(message: Any) -> None:
        sent.append(message)

    await app({"type": "lifespan"}, receive, send)
    await app({"type": "websocket", "path": f"/{app.token}/", "headers": []}, receive, send)
    assert sent == []


async def test_every_answer_carries_every_security_header_once_beside_its_own() -> None:
    app, _ = serving(roomy())
    answers = {
        "the page": await ask(app, ""),
        "an asset": await ask(app, "room.css"),
        "the redirect": await ask(app, f"!/{app.token}"),
        "a wrong token": await ask(app, "!/nothing/"),
        "a wrong host": await ask(app, "", headers={"host": "evil.test"}),
        "a call not joined": await ask(app, "api/send"),
    }
    for name, reply in answers.items():
        for key, value in SECURITY_HEADERS:
            assert reply.header(key.decode()) == value.decode(), name
        assert reply.header("content-type") or reply.header("location"), f"{name} lost its own headers"
    assert answers["the page"].header("content-type") == "text/html; charset=utf-8"
    assert answers["an asset"].header("content-type") == "text/css; charset=utf-8"


async def test_the_bare_token_is_sent_on_to_its_folder_and_routes_see_the_path_after_it() -> None:
    app, _ = serving(roomy())
    redirect = await ask(app, f"!/{app.token}")
    assert (redirect.status, redirect.header("location")) == (307, f"/{app.token}/")
    page = await ask(app, "")
    assert page.status == 200 and b"<html" in page.body.lower()
    script = await ask(app, "room.js")
    assert (script.status, script.header("content-type")) == (200, "text/javascript; charset=utf-8")
    icon = await ask(app, "icon.svg")
    assert (icon.status, icon.header("content-type")) == (200, "image/svg+xml")
    assert (await ask(app, "nothing-here")).status == 404


@pytest.mark.parametrize("host", ["evil.test", "room.test", "room.test:87650", None])
async def test_a_request_for_another_host_is_refused(host: str | None) -> None:
    app, _ = serving(roomy())
    reply = await ask(app, "", headers={"host": host})
    assert reply.error() == (400, "wrong-host", "this server answers only to its own address")


@pytest.mark.parametrize("path", ["!/", "!/nothing/", "!/{token}x/", "!/x{token}/", "!/{short}/"])
async def test_a_path_without_the_current_token_first_finds_nothing(path: str) -> None:
    app, _ = serving(roomy())
    reply = await ask(app, path.format(token=app.token, short=app.token[:-1]))
    assert reply.error() == (404, "not-found", "nothing here: ask the facilitator for the current link")


async def test_a_rotated_token_leaves_the_old_link_nothing() -> None:
    app, _ = serving(roomy())
    old = app.token
    new = app.rotate()
    assert new == app.token != old
    assert (await ask(app, f"!/{old}/")).status == 404
    assert (await ask(app, "")).status == 200


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_an_origin_not_the_rooms_is_refused_on_every_method(method: str) -> None:
    app, _ = serving(roomy())
    for origin in ("http://evil.test", f"{ORIGIN}0", ORIGIN[:-1], ORIGIN.replace("http", "https"), "null"):
        reply = await ask(app, "api/me", method=method, headers={"origin": origin})
        assert reply.error() == (403, "wrong-origin", "requests from another site are refused"), origin


async def test_a_change_without_an_origin_is_refused_and_a_read_without_one_is_heard() -> None:
    app, _ = serving(roomy())
    reply = await ask(
        app, "api/join", method="POST", headers={"content-type": "application/json"}, chunks=[b"{}"]
    )
    assert reply.error() == (
        403,
        "wrong-origin",
        "a request that changes something must come from the room's page",
    )
    assert (await ask(app, "api/me")).status == 200
    assert (await ask(app, "api/me", headers={"origin": ORIGIN})).status == 200


@pytest.mark.parametrize(
    ("site", "api", "page"),
    [("same-origin", 200, 200), ("none", 200, 200), ("same-site", 403, 200), ("cross-site", 403, 200)],
)
async def test_a_fetch_from_another_site_is_refused_but_a_link_to_the_page_opens_it(
    site: str, api: int, page: int
) -> None:
    """A phone's camera app opens the room's link from elsewhere (``cross-site``): the page opens,
    and its own calls are then ``same-origin``."""
    app, _ = serving(roomy())
    reply = await ask(app, "api/me", headers={"sec-fetch-site": site})
    assert reply.status == api
    if api == 403:
        assert reply.error() == (403, "wrong-origin", "requests from another site are refused")
    assert (await ask(app, "", headers={"sec-fetch-site": site})).status == page
    assert (await ask(app, f"!/{app.token}", headers={"sec-fetch-site": site})).status in (page, 307)


async def test_an_address_past_its_rate_is_refused_with_when_to_come_back_and_others_are_heard() -> None:
    clock = FakeClock()
    app, _ = serving(roomy(clock, address_burst=2, address_per_second=0.25))
    assert [(await ask(app, "api/me")).status for _ in range(2)] == [200, 200]
    refused = await ask(app, "api/me")
    assert refused.error() == (429, "rate-limited", "too many requests; wait a moment")
    assert refused.header("retry-after") == "4"
    assert (await ask(app, "api/me", client=("10.0.0.8", 1))).status == 200
    clock.advance(4)
    assert (await ask(app, "api/me")).status == 200


async def test_an_address_s_rate_is_one_whatever_port_each_connection_comes_from() -> None:
    app, _ = serving(roomy(address_burst=2, address_per_second=0.01))
    statuses = [
        (await ask(app, "api/me", client=("10.0.0.7", port))).status for port in (50001, 50002, 50003)
    ]
    assert statuses == [200, 200, 429]


@pytest.mark.parametrize("token", ["X7rQ", "XX-_", "_q-X", "-abX"])
async def test_a_token_that_begins_or_ends_with_any_url_safe_character_is_found(token: str) -> None:
    """``secrets.token_urlsafe`` may begin or end a token with any of its 64 characters."""
    app, _ = serving(roomy())
    app.token = token * 4
    assert (await ask(app, "")).status == 200
    assert (await ask(app, "", headers={"sec-fetch-site": "cross-site"})).status == 200  # the page
    assert (await ask(app, f"!/{app.token}", headers={"sec-fetch-site": "cross-site"})).status == 307


async def test_requests_with_no_address_share_one_rate() -> None:
    app, _ = serving(roomy(address_burst=1, address_per_second=0.01))
    assert (await ask(app, "api/me", client=None)).status == 200
    assert (await ask(app, "api/me", client=None)).status == 429
    assert (await ask(app, "api/me")).status == 200


# -- the calls -----------------------------------------------------------------------------------


async def test_joining_sets_a_strict_http_only_cookie_for_twelve_hours_and_shows_the_member() -> None:
    room = roomy()
    app, _ = serving(room)
    reply = await post(app, "api/join", {"name": "Ana"})
    assert reply.status == 200
    cookie = reply.header("set-cookie") or ""
    parts = [p.strip().lower() for p in cookie.split(";")]
    name, secret = cookie.split(";")[0].split("=", 1)
    assert name == DEVICE_COOKIE and len(secret) >= 24
    assert {"httponly", "max-age=43200", "samesite=strict", "path=/"} <= set(parts)
    member = room.member_for(secret)
    assert member is not None and member.name == "Ana"
    assert reply.json() == room.view_for(member).model_dump(mode="json")
    again = await post(app, "api/join", {"name": "Ana B."}, cookie=secret)
    assert again.status == 200 and again.json()["you"] == {"id": member.id, "name": "Ana B."}
    assert len(room.snapshot().members) == 1


async def test_a_join_from_a_busy_address_waits_with_its_cookie_and_is_known_once_admitted() -> None:
    room = roomy(members_per_address=1)
    app, _ = serving(room)
    await joined(app, "Ana")
    assert (await joined(app, "Ben", client=("10.0.0.8", 1))) != ""
    waiting = await post(app, "api/join", {"name": "Cy"})
    assert waiting.status == 202 and waiting.json()["waiting"] is True
    secret = (waiting.header("set-cookie") or "").split(";")[0].split("=", 1)[1]
    assert "max-age=43200" in (waiting.header("set-cookie") or "").lower()
    assert (await ask(app, "api/me", cookie=secret)).json()["waiting"] is True
    room.admit(room.waiting()[0].id)
    me = (await ask(app, "api/me", cookie=secret)).json()
    assert me["joined"] is True and me["you"]["name"] == "Cy"


async def test_joins_with_no_address_count_as_one_address() -> None:
    room = roomy(members_per_address=1)
    app, _ = serving(room)
    await joined(app, "Ana", client=None)
    assert (await post(app, "api/join", {"name": "Ben"}, client=None)).status == 202


async def test_what_a_phone_is_shown_follows_its_cookie() -> None:
    room = roomy()
    app, _ = serving(room)
    stranger = (await ask(app, "api/me")).json()
    assert stranger == room.view_for(None).model_dump(mode="json") and stranger["joined"] is False
    secret = await joined(app)
    assert (await ask(app, "api/me", cookie=secret)).json()["you"]["name"] == "Ana"
    assert (await ask(app, "api/me", cookie="made-up")).json()["joined"] is False


async def test_a_sent_entry_is_recorded_for_the_cookies_member_and_answered_with_its_id_and_view() -> None:
    room = roomy()
    app, _ = serving(room)
    secret = await joined(app)
    opened = room.open_round("question", prompt="What slows you down?")
    reply = await post(
        app, "api/send", {"kind": "answer", "round_id": opened.id, "text": "paper"}, cookie=secret
    )
    assert reply.status == 200, reply.body
    member = room.member_for(secret)
    assert reply.json() == {"id": reply.json()["id"], "view": room.view_for(member).model_dump(mode="json")}
    assert [entry for entry, _ in room.entries(opened.id)] == [reply.json()["id"]]
    assert "paper" in room.entries(opened.id)[0][1]


@pytest.mark.parametrize("cookie", [None, "made-up"])
@pytest.mark.parametrize("path", ["api/send", "events"])
async def test_a_call_from_a_device_not_in_the_room_is_told_to_join(cookie: str | None, path: str) -> None:
    app, _ = serving(roomy())
    reply = await (
        post(app, path, {}, cookie=cookie) if path == "api/send" else ask(app, path, cookie=cookie)
    )
    assert reply.error() == (401, "not-joined", "join the room first")


@pytest.mark.parametrize("path", ["api/send", "events"])
async def test_a_device_past_its_rate_is_refused_whatever_address_it_uses(path: str) -> None:
    clock = FakeClock()
    room = roomy(clock, device_burst=1, device_per_second=0.5)
    app, _ = serving(room)
    secret = await joined(app)
    opened = room.open_round("question")
    body = {"kind": "answer", "round_id": opened.id, "text": "one"}
    first = await post(app, "api/send", body, cookie=secret)
    assert first.status == 200
    again = (
        await post(app, path, body, cookie=secret, client=("10.9.9.9", 1))
        if path == "api/send"
        else await ask(app, path, cookie=secret, client=("10.9.9.9", 1))
    )
    assert again.error() == (429, "rate-limited", "too many requests; wait a moment")
    assert again.header("retry-after") == "2"


async def test_each_device_has_its_own_rate() -> None:
    room = roomy(device_burst=1, device_per_second=0.01)
    app, _ = serving(room)
    ana, ben = await joined(app, "Ana"), await joined(app, "Ben")
    opened = room.open_round("question")
    body = {"kind": "answer", "round_id": opened.id, "text": "one"}
    assert (await post(app, "api/send", body, cookie=ana)).status == 200
    assert (await post(app, "api/send", body, cookie=ana)).status == 429
    assert (await post(app, "api/send", body, cookie=ben)).status == 200  # Ana's flood is not Ben's


# -- a body ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind", [None, "text/plain", "multipart/form-data", "application/jsonx"[:-1] + "-seq"]
)
async def test_a_body_that_is_not_said_to_be_json_is_refused(kind: str | None) -> None:
    app, _ = serving(roomy())
    reply = await post(app, "api/join", {"name": "Ana"}, headers={"content-type": kind})
    assert reply.error() == (400, "unsupported", "send JSON")


async def test_json_with_a_charset_is_json() -> None:
    app, _ = serving(roomy())
    reply = await post(app, "api/join", {}, headers={"content-type": "application/json; charset=utf-8"})
    assert reply.status == 200


def _body_of(size: int) -> bytes:
    """A join request of exactly ``size`` bytes (JSON allows the padding)."""
    body = b'{"name": "Ana"}'
    return body + b" " * (size - len(body))


@pytest.mark.parametrize("declared", ["abc", "-1", "1e3", "101", "99999999999999999999"])
async def test_a_declared_length_that_is_not_a_number_or_is_too_big_is_refused_unread(declared: str) -> None:
    app, _ = serving(roomy(max_body_bytes=100))
    reply = await post(app, "api/join", {}, headers={"content-length": declared})
    assert reply.error() == (413, "too-large", "at most 100 bytes")


async def test_a_body_is_taken_up_to_the_limit_and_refused_one_byte_past_it() -> None:
    app, _ = serving(roomy(max_body_bytes=100))
    headers = {"origin": ORIGIN, "content-type": "application/json"}
    at_limit = _body_of(100)
    assert len(at_limit) == 100
    declared = await ask(
        app, "api/join", method="POST", headers={**headers, "content-length": "100"}, chunks=[at_limit]
    )
    assert declared.status == 200, declared.body
    in_pieces = await ask(
        app, "api/join", method="POST", headers=headers, chunks=[at_limit[:50], at_limit[50:]]
    )
    assert in_pieces.status == 200, in_pieces.body
    past = _body_of(101)
    refused = await ask(app, "api/join", method="POST", headers=headers, chunks=[past[:60], past[60:]])
    assert refused.error() == (413, "too-large", "at most 100 bytes")


async def test_a_body_that_comes_too_slowly_is_refused_and_the_connection_closed() -> None:
    app, _ = serving(roomy(body_seconds=0.05))
    headers = {"origin": ORIGIN, "content-type": "application/json"}
    reply = await ask(app, "api/join", method="POST", headers=headers, chunks=[b'{"na', None, b'me": ""}'])
    assert reply.error() == (408, "too-slow", "the request came too slowly")
    assert reply.header("connection") == "close"


async def test_a_body_that_is_not_json_says_why() -> None:
    app, _ = serving(roomy())
    headers = {"origin": ORIGIN, "content-type": "application/json"}
    reply = await ask(app, "api/join", method="POST", headers=headers, chunks=[b'{"name": '])
    status, kind, message = reply.error()
    assert (status, kind) == (400, "invalid")
    assert message.startswith("the request is not JSON: Expecting value: line 1 column 10")


async def test_a_body_nested_past_the_parser_is_a_400_not_a_traceback() -> None:
    app, _ = serving(roomy(max_body_bytes=400_000))
    headers = {"origin": ORIGIN, "content-type": "application/json"}
    reply = await ask(
        app, "api/join", method="POST", headers=headers, chunks=[b"[" * 200_000 + b"]" * 200_000]
    )
    assert reply.error() == (400, "invalid", "the request nests too deeply")


async def test_a_body_that_does_not_fit_the_model_names_the_field() -> None:
    app, _ = serving(roomy())
    reply = await post(app, "api/join", {"name": "x" * 500})
    status, kind, message = reply.error()
    assert (status, kind) == (400, "invalid") and message.startswith("name: String should have at most")


# -- refusals from the room, each with its status --------------------------------------------------


async def test_each_refusal_of_the_room_has_its_status() -> None:
    clock = FakeClock()
    room = roomy(clock, max_waiting=0, members_per_address=1, entries_per_member=1)
    app, _ = serving(room)
    secret = await joined(app)
    opened = room.open_round("question", seconds=60)
    answer = {"kind": "answer", "round_id": opened.id, "text": "one"}
    assert (await post(app, "api/send", answer, cookie=secret)).status == 200
    seen = {
        "too-many": await post(app, "api/send", answer, cookie=secret),
        "wrong-round": await post(app, "api/send", {**answer, "round_id": "r-elsewhere"}, cookie=secret),
        "room-busy": await post(app, "api/join", {"name": "Ben"}),
        "invalid": await post(app, "api/send", {"round_id": opened.id}, cookie=secret),
    }
    clock.advance(61)
    seen["time-up"] = await post(app, "api/send", answer, cookie=secret)
    room.close_round()
    seen["round-closed"] = await post(app, "api/send", answer, cookie=secret)
    room.set_joining(False)
    seen["joining-closed"] = await post(app, "api/join", {"name": "Cy"}, client=("10.0.0.9", 1))
    room.remove_member(room.member_for(secret).id)  # type: ignore[union-attr]
    seen["removed"] = await post(app, "api/join", {}, cookie=secret)
    statuses = {kind: reply.error()[:2] for kind, reply in seen.items()}
    assert statuses == {
        "too-many": (409, "too-many"),
        "wrong-round": (409, "wrong-round"),
        "room-busy": (429, "room-busy"),
        "invalid": (400, "invalid"),
        "time-up": (409, "time-up"),
        "round-closed": (409, "round-closed"),
        "joining-closed": (403, "joining-closed"),
        "removed": (403, "removed"),
    }
    assert seen["removed"].error()[2] == "the facilitator has taken this device out of the room"


# -- the update stream ----------------------------------------------------------------------------


async def events_of(exchange: Exchange, count: int) -> list[str]:
    """The next ``count`` events, whole (a piece may hold several)."""
    seen: list[str] = []
    buffer = ""
    while len(seen) < count:
        piece = await exchange.next_piece()
        assert piece is not None, f"the stream ended after {seen}"
        buffer += piece.decode()
        *whole, buffer = buffer.split("\n\n")
        seen += [f"{event}\n\n" for event in whole]
    assert buffer == ""
    return seen


async def the_end(exchange: Exchange) -> list[str]:
    """Every event left, once the stream has ended."""
    await exchange.done()
    rest: list[str] = []
    while (piece := exchange.pieces.get_nowait()) is not None:
        rest.append(piece.decode())
    return [f"{e}\n\n" for e in "".join(rest).split("\n\n") if e]


def state(room: Room, secret: str) -> str:
    view = room.view_for(room.member_for(secret)).model_dump(mode="json")
    return f"event: state\ndata: {json.dumps(view, separators=(',', ':'))}\n\n"


async def test_a_stream_says_how_to_retry_then_the_view_then_a_change_as_it_happens() -> None:
    room = roomy()
    app, hub = serving(room)
    secret = await joined(app)
    stream = Exchange(app, Ask(f"/{app.token}/events", cookie=secret))
    assert await events_of(stream, 2) == ["retry: 3000\n\n", state(room, secret)]
    assert stream.reply.status == 200
    assert stream.reply.header("content-type") == "text/event-stream; charset=utf-8"
    assert stream.reply.header("x-accel-buffering") == "no"
    room.open_round("question", prompt="What slows you down?")
    assert await events_of(stream, 1) == [state(room, secret)]
    room.present("someone-else", +1)  # a change this phone's view does not show: nothing is sent
    room.open_round("ideate")
    assert await events_of(stream, 1) == [state(room, secret)]
    hub.stop()
    assert await the_end(stream) == ['event: ended\ndata: {"reason":"stopped"}\n\n']


async def test_a_quiet_stream_pings_and_ends_at_its_time_for_the_page_to_reconnect() -> None:
    room = roomy(stream_seconds=0.2)
    app, _ = serving(room)
    secret = await joined(app)
    stream = Exchange(app, Ask(f"/{app.token}/events", cookie=secret))
    assert await events_of(stream, 3) == ["retry: 3000\n\n", state(room, secret), "event: ping\ndata: {}\n\n"]
    assert await the_end(stream) == []  # no "ended": the page comes back for a fresh stream


def _new_link(app: Gate, hub: Hub, room: Room, secret: str) -> None:
    app.rotate()
    hub.poke()  # as the server's rotate does


ENDINGS: dict[str, Callable[[Gate, Hub, Room, str], object]] = {
    "stopped": lambda app, hub, room, secret: hub.stop(),
    "new-link": _new_link,
    "removed": lambda app, hub, room, secret: room.remove_member(room.member_for(secret).id),  # type: ignore[union-attr]
}


@pytest.mark.parametrize("reason", list(ENDINGS))
async def test_a_stream_that_ends_says_why(reason: str) -> None:
    room = roomy()
    app, hub = serving(room)
    secret = await joined(app)
    stream = Exchange(app, Ask(f"/{app.token}/events", cookie=secret))
    await events_of(stream, 2)
    ENDINGS[reason](app, hub, room, secret)
    assert await the_end(stream) == [f'event: ended\ndata: {{"reason":"{reason}"}}\n\n']


async def test_a_stream_opened_after_the_server_stopped_ends_at_once() -> None:
    room = roomy()
    app, hub = serving(room)
    secret = await joined(app)
    hub.stop()
    stream = Exchange(app, Ask(f"/{app.token}/events", cookie=secret))
    assert await the_end(stream) == ["retry: 3000\n\n", 'event: ended\ndata: {"reason":"stopped"}\n\n']


async def test_a_stream_counts_its_member_present_and_gives_its_slot_back_however_it_ends() -> None:
    room = roomy(streams_per_address=1, max_streams=2)
    app, hub = serving(room)
    ana = await joined(app, "Ana")
    ben = await joined(app, "Ben", client=("10.0.0.8", 1))
    cy = await joined(app, "Cy", client=("10.0.0.9", 1))
    first = Exchange(app, Ask(f"/{app.token}/events", cookie=ana))
    await events_of(first, 2)
    assert [p.connected for p in room.people()] == [True, False, False]
    same_address = await ask(app, "events", cookie=ana)
    assert same_address.error() == (429, "too-many-streams", "too many open pages from this address")
    second = Exchange(app, Ask(f"/{app.token}/events", cookie=ben, client=("10.0.0.8", 1)))
    await events_of(second, 2)
    full = await ask(app, "events", cookie=cy, client=("10.0.0.9", 1))
    assert full.error()[:2] == (429, "too-many-streams")
    first.gone.set()  # the phone closed the page
    await first.done()
    assert [p.connected for p in room.people()] == [False, True, False]
    third = Exchange(app, Ask(f"/{app.token}/events", cookie=cy, client=("10.0.0.9", 1)))
    await events_of(third, 2)
    hub.stop()
    await second.done()
    await third.done()
    assert [p.connected for p in room.people()] == [False, False, False]
    assert room.counts()["connected"] == 0


async def test_a_member_with_two_pages_open_is_present_until_both_are_closed() -> None:
    room = roomy()
    app, hub = serving(room)
    secret = await joined(app)
    tabs = [Exchange(app, Ask(f"/{app.token}/events", cookie=secret)) for _ in range(2)]
    for tab in tabs:
        await events_of(tab, 2)
    tabs[0].gone.set()
    await tabs[0].done()
    assert room.counts()["connected"] == 1
    hub.stop()
    await tabs[1].done()
    assert room.counts()["connected"] == 0


async def test_a_stream_from_a_client_with_no_address_opens() -> None:
    room = roomy()
    app, hub = serving(room)
    secret = await joined(app, client=None)
    stream = Exchange(app, Ask(f"/{app.token}/events", cookie=secret, client=None))
    assert await events_of(stream, 2) == ["retry: 3000\n\n", state(room, secret)]
    hub.stop()
    await stream.done()


async def test_a_stream_whose_time_is_up_as_the_server_stops_still_says_it_ended() -> None:
    """The server stops while the stream's last view is being sent: the stream ends on its time,
    and the page is told the room stopped rather than left to reconnect to nothing."""
    room = roomy(stream_seconds=0)
    app, hub = serving(room)
    secret = await joined(app)
    stream = Exchange(
        app,
        Ask(f"/{app.token}/events", cookie=secret),
        on_piece=lambda piece: b"state" in piece and hub.stop(),
    )
    assert await the_end(stream) == [
        "retry: 3000\n\n",
        state(room, secret),
        'event: ended\ndata: {"reason":"stopped"}\n\n',
    ]


async def test_a_phone_gone_before_its_stream_started_still_gives_its_slot_back() -> None:
    room = roomy(streams_per_address=1)
    app, _ = serving(room)
    secret = await joined(app)
    for _ in range(3):
        early = Exchange(app, Ask(f"/{app.token}/events", cookie=secret))
        early.gone.set()
        await early.done()
        assert room.counts()["connected"] == 0
    assert (await ask(app, "api/me", cookie=secret)).status == 200


# -- the parts ------------------------------------------------------------------------------------


def test_stream_slots_count_per_address_and_in_all() -> None:
    slots = StreamSlots(per_address=2, total=3)
    assert [slots.take("a"), slots.take("a"), slots.take("a")] == [True, True, False]
    assert [slots.take("b"), slots.take("c")] == [True, False]
    slots.give_back("a")
    assert slots.open == {"a": 1, "b": 1}
    assert slots.take("c") is True
    for address in ("a", "b", "c"):
        slots.give_back(address)
    assert slots.open == {}


async def test_the_hub_wakes_its_waiters_once_per_change() -> None:
    hub = Hub()
    assert await hub.wait(3600) is False  # not attached yet: nothing to wait for
    hub.poke()  # nor to wake
    hub.attach(asyncio.get_running_loop())
    assert await hub.wait(0.01) is False  # quiet
    waiter = asyncio.ensure_future(hub.wait(WAIT))
    await asyncio.sleep(0)
    assert not waiter.done()
    hub.poke()
    async with asyncio.timeout(WAIT):
        assert await waiter is True
    second = asyncio.ensure_future(hub.wait(WAIT))
    await asyncio.sleep(0.01)
    assert not second.done(), "a poke woke a wait that began after it"
    hub.stop()
    assert hub.stopping is True
    async with asyncio.timeout(WAIT):
        assert await second is True


async def test_a_poke_after_the_loop_closed_is_dropped() -> None:
    hub = Hub()
    loop = asyncio.new_event_loop()
    hub.attach(loop)
    loop.close()
    hub.poke()
    hub.stop()
    assert hub.stopping is True
