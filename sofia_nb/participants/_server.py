"""The participant server: uvicorn on a thread of its own, with its own event loop.

A notebook kernel's loop stalls while a cell runs synchronous code, so the server cannot share
it: it gets a daemon thread and a fresh loop, and uvicorn's signal handling is switched off (the
kernel or the CLI owns SIGINT and SIGTERM). It stops when ``stop()`` is called, when its owner
is collected, or when the process ends (a kernel restart ends it with the kernel).

Nothing the server does is logged with its URL: uvicorn's access log would write the join token.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import socket
import threading
import weakref
from collections.abc import Callable, Generator, Iterable

import uvicorn

from ._app import ASGIApp, Gate, Hub, Receive, Scope, Send, build_app
from ._connections import ConnectionGuard
from ._network import LOOPBACK, Interface, bind_host, machine_interfaces
from ._room import Room

START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0


def _asgi3(app: ASGIApp) -> ASGIApp:
    """``app`` as a plain ``async def``. uvicorn calls what it is given with no arguments to tell an
    app factory (a call that does not raise ``TypeError`` is one) and asks ``__call__`` whether it is
    a coroutine function; a coroutine function called without its arguments always raises. An
    instrumented ``Gate.__call__`` (mutmut's trampoline: a plain function returning a coroutine)
    answered both wrongly."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        await app(scope, receive, send)

    return asgi


class _ThreadServer(uvicorn.Server):
    """uvicorn without its signal handlers, telling a thread when it listens."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        # uvicorn skips them off the main thread today; say it here so no version brings them back
        yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.ready.set()


class ParticipantServer:
    """Serves ``room`` to phones: ``start()`` binds and returns once it listens; ``url`` is the join
    link (with the token); ``stop()`` ends it and every open page's update stream.

    ``lan``: False binds 127.0.0.1; True binds this machine's LAN address (see ``_network``); a
    string binds that address. ``port`` 0 picks a free one.
    """

    def __init__(
        self,
        room: Room,
        *,
        lan: bool | str = False,
        port: int = 0,
        interfaces: Callable[[], Iterable[Interface]] = machine_interfaces,
    ) -> None:
        self.room = room
        self.lan = lan
        self.host = bind_host(lan, interfaces)
        self._port = port
        self._hub = Hub()
        self._gate: Gate | None = None
        self._server: _ThreadServer | None = None
        self._thread: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._finalizer: weakref.finalize | None = None
        self._guard: ConnectionGuard | None = None

    @property
    def port(self) -> int:
        return self._port

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def url(self) -> str:
        """The join link: the address phones open (with the current token)."""
        if self._gate is None:
            raise RuntimeError("the participant server has not started")
        return f"http://{self.host}:{self._port}/{self._gate.token}/"

    @property
    def token(self) -> str:
        if self._gate is None:
            raise RuntimeError("the participant server has not started")
        return self._gate.token

    def start(self) -> ParticipantServer:
        if self._thread is not None:
            raise RuntimeError("the participant server was already started")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self._port))
            sock.listen(128)
        except OSError:
            sock.close()
            raise
        self._port = sock.getsockname()[1]
        hosts = {f"{self.host}:{self._port}"}
        if self.host == LOOPBACK:
            hosts.add(f"localhost:{self._port}")
        self._gate = build_app(self.room, self._hub, hosts)
        limits = self.room.limits
        # headers within a deadline, and a cap per address: stalled connections deny no phone
        self._guard = guard = ConnectionGuard(limits.connections_per_address, limits.header_seconds)
        config = uvicorn.Config(
            _asgi3(self._gate),
            interface="asgi3",
            lifespan="off",
            http=guard.protocol(),
            ws="none",
            loop="asyncio",
            log_config=None,
            access_log=False,  # its lines would carry the join token
            proxy_headers=False,  # no proxy in front: X-Forwarded-For would dodge the address limit
            server_header=False,
            limit_concurrency=limits.max_streams + 50,
            timeout_keep_alive=5,
            timeout_graceful_shutdown=2,
        )
        self._server = server = _ThreadServer(config)
        self._unsubscribe = self.room.subscribe(self._hub.poke)
        # the thread holds no reference to self, so an owner that forgets stop() can be collected
        thread = threading.Thread(
            target=_serve, args=(server, sock, self._hub), name="sofia-nb-participants", daemon=True
        )
        self._thread = thread
        thread.start()
        if not server.ready.wait(START_TIMEOUT_S):
            self.stop()
            raise RuntimeError("the participant server did not start")
        # the owner may forget to stop it: the server stops when the owner is collected
        self._finalizer = weakref.finalize(self, _stop, server, self._hub, thread, self._unsubscribe)
        return self

    def rotate_token(self) -> str:
        """A new join link; the old one stops working and its open pages stop updating."""
        if self._gate is None:
            raise RuntimeError("the participant server has not started")
        self._gate.rotate()
        self._hub.poke()
        return self.url

    def cut_connections(self) -> None:
        """Reset every open connection, as a dropped network would: the pages show
        "Reconnecting…" and come back by themselves (the room and the link stay)."""
        if self._guard is not None:
            self._guard.cut()

    def stop(self) -> None:
        """Stop serving (idempotent): open pages stop updating, the port is closed."""
        if self._finalizer is not None:
            self._finalizer()
        elif self._server is not None and self._thread is not None:
            _stop(self._server, self._hub, self._thread, self._unsubscribe)

    def qr_svg(self) -> str:
        """The join link as an SVG QR code (drawn here, offline)."""
        import segno

        out = io.BytesIO()
        segno.make(self.url, error="m").save(
            out, kind="svg", scale=6, border=2, xmldecl=False, title="Join link", dark="#000", light="#fff"
        )
        return out.getvalue().decode()

    def qr_text(self) -> str:
        """The join link as a QR code in Unicode block characters, for a terminal."""
        import segno

        out = io.StringIO()
        segno.make(self.url, error="m").terminal(out=out, compact=True, border=2)
        return out.getvalue()

    def __enter__(self) -> ParticipantServer:
        return self.start() if self._thread is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _serve(server: _ThreadServer, sock: socket.socket, hub: Hub) -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    hub.attach(loop)
    try:
        loop.run_until_complete(server.serve(sockets=[sock]))
    finally:
        sock.close()
        loop.close()


def _stop(
    server: _ThreadServer, hub: Hub, thread: threading.Thread, unsubscribe: Callable[[], None] | None
) -> None:
    if unsubscribe is not None:
        unsubscribe()
    hub.stop()
    server.should_exit = True
    if thread is not threading.current_thread():
        thread.join(STOP_TIMEOUT_S)
