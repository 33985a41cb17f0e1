"""What the participant tests share: a clock they move by hand, a room, a served room and a
client that speaks as the room's own page would (its Origin, its cookie)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from sofia_nb.participants import ParticipantServer, Room, RoomLimits


@dataclass
class FakeClock:
    """Seconds since the epoch, moved only by ``advance``."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Phone:
    """One participant's browser: its own cookie jar, the page's Origin on every POST."""

    server: ParticipantServer
    client: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.client = httpx.Client(timeout=10)

    @property
    def origin(self) -> str:
        return f"http://{self.server.host}:{self.server.port}"

    def get(self, path: str = "", **kw: Any) -> httpx.Response:
        return self.client.get(self.server.url + path, **kw)

    def post(self, path: str, body: Any, **kw: Any) -> httpx.Response:
        headers = {"Origin": self.origin, **kw.pop("headers", {})}
        return self.client.post(self.server.url + path, json=body, headers=headers, **kw)

    def join(self, name: str = "") -> dict[str, Any]:
        response = self.post("api/join", {"name": name})
        assert response.status_code == 200, response.text
        return response.json()

    def send(self, **body: Any) -> httpx.Response:
        return self.post("api/send", body)


@contextmanager
def served(room: Room | None = None, **kw: Any) -> Iterator[ParticipantServer]:
    server = ParticipantServer(room if room is not None else Room(), **kw).start()
    try:
        yield server
    finally:
        server.stop()


def roomy(clock: FakeClock | None = None, **limits: Any) -> Room:
    """A room on ``clock`` with generous rate limits unless the test sets its own."""
    settings = {"device_burst": 1000, "address_burst": 1000, **limits}
    return Room(limits=RoomLimits(**settings), clock=clock or FakeClock())
