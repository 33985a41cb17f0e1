"""The participant server refuses what it must, against the real server on loopback.

Each test was seen failing on the one-line bug named in its docstring. The limits run on the
room's clock, which these tests move by hand: nothing sleeps. No test connects to the machine's
LAN address: ``lan=True`` is checked by the address it would bind, and the traffic of a LAN-bound
server goes to another loopback address (127.0.0.2).
"""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest

from sofia_nb.participants import Interface, NoLanAddress, ParticipantServer, bind_host, lan_address
from sofia_nb.participants._network import machine_interfaces

from ._support import FakeClock, Phone, roomy, served

pytest.importorskip("uvicorn")

IDEAS = [{"id": "idea-1", "title": "Route planner"}]


def test_every_request_needs_the_token() -> None:
    """Seen failing with the gate's token comparison skipped (the routes answered without it)."""
    with served(roomy()) as server:
        base = f"http://{server.host}:{server.port}"
        phone = Phone(server)
        phone.join()
        for path in ("/", "/room.js", "/room.css", "/api/me", "/events"):
            assert httpx.get(base + path).status_code == 404, path
            assert httpx.get(f"{base}/wrong-token{path}").status_code == 404, path
            assert httpx.get(f"{base}/{server.token[:-1]}{path}").status_code == 404, path
        assert httpx.post(base + "/api/join", json={}, headers={"Origin": base}).status_code == 404
        assert phone.get("").status_code == 200
        assert len(server.room.snapshot().members) == 1


def test_a_post_from_another_origin_or_without_one_is_refused() -> None:
    """Seen failing with the Origin check removed (a page on another site could send answers)."""
    room = roomy()
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        opened = room.open_round("ideate")
        body = {"kind": "idea", "round_id": opened.id, "title": "forged"}
        evil = phone.client.post(
            server.url + "api/send", json=body, headers={"Origin": "http://evil.example"}
        )
        assert evil.status_code == 403 and evil.json()["error"]["kind"] == "wrong-origin"
        missing = phone.client.post(server.url + "api/send", json=body)
        assert missing.status_code == 403
        cross = phone.get("events", headers={"Sec-Fetch-Site": "cross-site"})
        assert cross.status_code == 403
        assert room.snapshot().contributions == []
        assert phone.send(**body).status_code == 200  # the room's own page is heard


def test_a_request_for_another_host_name_is_refused() -> None:
    """DNS rebinding: a site whose name resolves to 127.0.0.1 sends its own Host (and Origin).
    Seen failing with the Host check removed."""
    with served(roomy()) as server:
        rebound = httpx.get(server.url, headers={"Host": f"evil.example:{server.port}"})
        assert rebound.status_code == 400 and rebound.json()["error"]["kind"] == "wrong-host"
        assert httpx.get(server.url.replace("127.0.0.1", "localhost")).status_code == 200


def test_a_flood_past_the_address_rate_is_refused_until_the_clock_refills_it() -> None:
    """Seen failing with the address limiter's take() always allowing."""
    clock = FakeClock()
    room = roomy(clock, address_burst=5, address_per_second=1.0)
    with served(room) as server:
        phone = Phone(server)
        answers = [phone.get("api/me").status_code for _ in range(8)]
        assert answers == [200] * 5 + [429] * 3
        refused = phone.get("api/me")
        assert refused.headers["Retry-After"] == "1"
        clock.advance(2.0)
        assert [phone.get("api/me").status_code for _ in range(3)] == [200, 200, 429]


def test_a_flood_from_one_device_is_refused_whatever_address_it_uses() -> None:
    """Seen failing with the device limiter's take() always allowing."""
    clock = FakeClock()
    room = roomy(clock, device_burst=3, device_per_second=0.5)
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        opened = room.open_round("ideate")
        codes = [phone.send(kind="idea", round_id=opened.id, title=f"idea {n}").status_code for n in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        assert len(room.snapshot().contributions) == 3
        clock.advance(2.0)
        assert phone.send(kind="idea", round_id=opened.id, title="later").status_code == 200


def test_a_one_megabyte_answer_is_refused_without_being_read_whole() -> None:
    """Seen failing with the counting read's limit removed (the megabyte was read whole). The
    declared Content-Length is refused before reading; the count holds without it."""
    room = roomy()
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        opened = room.open_round("question")
        huge = {"kind": "answer", "round_id": opened.id, "text": "x" * 1_000_000}
        declared = phone.send(**huge)
        assert declared.status_code == 413 and declared.json()["error"]["kind"] == "too-large"

        def chunks():  # no Content-Length: the server counts as it reads
            yield b'{"kind": "answer", "round_id": "r1", "text": "'
            for _ in range(1000):
                yield b"y" * 1000
            yield b'"}'

        chunked = phone.client.post(
            server.url + "api/send",
            content=chunks(),
            headers={"Origin": phone.origin, "Content-Type": "application/json"},
        )
        assert chunked.status_code == 413
        assert room.snapshot().contributions == []
        assert phone.send(kind="answer", round_id=opened.id, text="short").status_code == 200


def test_the_page_and_its_answers_carry_a_script_policy_and_no_sniffing() -> None:
    with served(roomy()) as server:
        page = Phone(server).get("")
        policy = page.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy and "unsafe" not in policy
        assert page.headers["x-content-type-options"] == "nosniff"
        assert page.headers["referrer-policy"] == "no-referrer"
        assert "<script" not in page.text.replace('<script src="room.js" defer></script>', "")


def test_participants_reach_the_room_and_nothing_else() -> None:
    """The routes are a fixed list; no path, method or name reaches a file or code."""
    with served(roomy()) as server:
        phone = Phone(server)
        phone.join()
        for path in (
            "../",
            "..%2f..%2fetc/passwd",
            "static/room.js",
            "api/exec",
            "api/kernel",
            "api/me/../join",
        ):
            assert phone.get(path).status_code in (404, 405), path
        assert phone.client.put(server.url + "api/send", headers={"Origin": phone.origin}).status_code == 405
        routes = {r.path for r in server._gate.app.routes}  # type: ignore[union-attr]
        assert routes == {
            "/",
            "/room.js",
            "/room.css",
            "/icon.svg",
            "/api/me",
            "/api/join",
            "/api/send",
            "/events",
        }


def test_a_rotated_token_closes_the_old_link_and_its_open_pages() -> None:
    """Seen failing with rotate() not poking the streams (an old page kept its updates)."""
    room = roomy()
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        old = server.url
        ended = threading.Event()

        def follow() -> None:
            with phone.client.stream("GET", old + "events", timeout=30) as stream:
                for _ in stream.iter_lines():
                    pass
            ended.set()

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        _wait(lambda: room.counts()["connected"] == 1)
        new = server.rotate_token()
        assert new != old
        assert ended.wait(10), "the old link's update stream did not end"
        assert phone.client.get(old).status_code == 404
        assert phone.client.get(new + "api/me").json()["joined"] is True  # the device is still known


def test_update_streams_per_address_are_limited_and_given_back() -> None:
    """Seen failing with the stream's release skipped (closed pages kept their slots)."""
    room = roomy(streams_per_address=2)
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        for _ in range(2):  # two rounds of filling the slots: closed pages give theirs back
            open_streams = [phone.client.stream("GET", server.url + "events") for _ in range(2)]
            for s in open_streams:
                assert s.__enter__().status_code == 200
            try:
                assert phone.get("events").status_code == 429
            finally:
                for s in open_streams:
                    s.__exit__(None, None, None)
            _wait(lambda: room.counts()["connected"] == 0)


def test_stop_ends_open_streams_and_closes_the_port() -> None:
    room = roomy()
    server = ParticipantServer(room).start()
    phone = Phone(server)
    phone.join()
    with phone.client.stream("GET", server.url + "events", timeout=30) as stream:
        lines = stream.iter_lines()
        assert next(lines).startswith("retry")
        _wait(lambda: room.counts()["connected"] == 1)
        server.stop()
        assert list(lines) is not None  # the stream ends instead of waiting for a heartbeat
    assert not server.running
    with pytest.raises(OSError), socket.create_connection((server.host, server.port), timeout=2):
        pass


def test_a_forgotten_server_stops_when_its_owner_is_collected() -> None:
    """Seen failing with the thread's target a bound method of the server (it held the owner)."""
    import gc

    server = ParticipantServer(roomy()).start()
    port, thread = server.port, server._thread
    del server
    gc.collect()
    assert thread is not None
    thread.join(10)
    assert not thread.is_alive()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


def test_uvicorn_installs_no_signal_handler_even_on_the_main_thread() -> None:
    """Seen failing without the capture_signals override (uvicorn took SIGINT from the kernel)."""
    import signal

    import uvicorn

    from sofia_nb.participants._server import _ThreadServer

    before = signal.getsignal(signal.SIGINT)
    server = _ThreadServer(uvicorn.Config(lambda *a: None))
    with server.capture_signals():
        assert signal.getsignal(signal.SIGINT) is before


def test_it_binds_loopback_unless_the_lan_is_asked_for() -> None:
    assert bind_host(False) == "127.0.0.1"
    server = ParticipantServer(roomy())
    assert server.host == "127.0.0.1"


FAKE_INTERFACES = [
    Interface("lo", "127.0.0.1"),
    Interface("docker0", "172.17.0.1"),
    Interface("eth1", "169.254.3.4"),
    Interface("wlan0", "192.168.1.20"),
    Interface("wlan9", "10.0.0.9", up=False),
]


def test_lan_binds_one_private_address_of_a_real_interface_never_every_interface() -> None:
    """The address lan=True would bind, from a machine's interfaces; nothing is started or sent."""
    assert lan_address(FAKE_INTERFACES) == "192.168.1.20"
    assert lan_address([Interface("docker0", "172.17.0.1"), Interface("lo", "127.0.0.1")]) == "172.17.0.1"
    with pytest.raises(NoLanAddress, match="hotspot"):
        bind_host(True, lambda: [Interface("lo", "127.0.0.1")])
    planned = ParticipantServer(roomy(), lan=True, interfaces=lambda: FAKE_INTERFACES)
    assert planned.host == "192.168.1.20" and not planned.running
    with pytest.raises(NoLanAddress, match="not an address of this computer"):
        bind_host("192.168.7.7", lambda: FAKE_INTERFACES)


def test_lan_on_this_machine_picks_one_of_its_own_non_loopback_addresses() -> None:
    """The real interfaces, read only: the address is this machine's, never 0.0.0.0 or loopback."""
    interfaces = machine_interfaces()
    try:
        chosen = bind_host(True)
    except NoLanAddress:
        pytest.skip("this machine has no non-loopback IPv4 address")
    assert chosen in {i.address for i in interfaces}
    assert not chosen.startswith("127.") and chosen != "0.0.0.0"


def test_a_lan_bound_server_listens_on_that_address_only() -> None:
    """Traffic on loopback only: the 'LAN' address here is 127.0.0.2, another loopback address."""
    room = roomy()
    with served(room, lan="127.0.0.2") as server:
        assert server.url.startswith(f"http://127.0.0.2:{server.port}/")
        phone = Phone(server)
        phone.join("Ana")
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", server.port), timeout=2):
            pass
        local = httpx.get(server.url, headers={"Host": f"127.0.0.1:{server.port}"})
        assert local.status_code == 400  # only the address it was bound to is its name


def _wait(condition, limit: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    """Wait for another thread's effect; the limit only bounds a hang and is never asserted on."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.02)
