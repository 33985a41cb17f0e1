"""The room's server compares an ``Origin`` whole, scheme, host and port (issue 45 item 5): an origin
that starts with the room's, one the room's starts with, another scheme, no port, ``null``: each is
refused; so is a request that the browser says comes from the same site but not the same origin
(``Sec-Fetch-Site: same-site``, another port or subdomain) or from another site. Against the real
server on loopback. Each case kills a one-line bug: the Origin compared by prefix (either way),
``same-site`` accepted."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ._support import Phone, roomy, served

pytest.importorskip("uvicorn")

NOT_OURS: dict[str, Callable[[str], str]] = {
    "another port starting with ours": lambda ours: ours + "0",
    "a port ours starts with": lambda ours: ours[:-1],
    "ours as the start of another host": lambda ours: ours + ".evil.example",
    "another scheme": lambda ours: ours.replace("http://", "https://"),
    "no port": lambda ours: ours.rsplit(":", 1)[0],
    "null": lambda ours: "null",
}


@pytest.mark.parametrize("name", list(NOT_OURS))
def test_an_origin_that_is_not_the_rooms_whole_is_refused(name: str) -> None:
    room = roomy()
    with served(room) as server:
        phone = Phone(server)
        joined = phone.post("api/join", {"name": "Ana"}, headers={"Origin": NOT_OURS[name](phone.origin)})
        assert joined.status_code == 403 and joined.json()["error"]["kind"] == "wrong-origin", name
        assert room.snapshot().members == []
        assert phone.post("api/join", {"name": "Ana"}).status_code == 200  # its own page is heard


@pytest.mark.parametrize(
    ("site", "status"), [("same-site", 403), ("cross-site", 403), ("same-origin", 200), ("none", 200)]
)
def test_only_the_same_origin_or_no_site_at_all_is_heard(site: str, status: int) -> None:
    with served(roomy()) as server:
        phone = Phone(server)
        phone.join()
        assert phone.get("api/me", headers={"Sec-Fetch-Site": site}).status_code == status
