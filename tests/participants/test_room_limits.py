"""A room one device cannot take over: stalled connections, members from one address, floods of
entries, one person's long answers, invisible characters and malformed bodies, on the real server
on loopback. Bounded in count and time: the server's deadlines are injected small (RoomLimits),
every wait is for the server to act and has a bound that only stops a hang.

The attacker's connections come from 127.0.0.2 (Linux routes all of 127/8 to loopback), the
phones' from 127.0.0.1, as a second device on the Wi-Fi would.
"""

from __future__ import annotations

import json
import logging
import socket

import pytest

from sofia_nb.participants import Room, RoomLimits, RoomRefusal
from sofia_nb.participants._room import AnswerIn, IdeaIn
from sofia_nb.session import Idea, Phase, WorkshopSession
from sofia_nb.session._team import TeamRoom
from sofia_nb.workshop._team import TEAM_BUDGET, TEAM_CLOSE, take_team, team_context

from ._support import FakeClock, Phone, roomy, served

pytest.importorskip("uvicorn")


def _stalled(host: str, port: int, token: str, n: int) -> list[socket.socket]:
    """``n`` connections from 127.0.0.2, each with half a request's headers sent."""
    out = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.2", 0))
        s.settimeout(10)  # a bound on a hang
        s.connect((host, port))
        s.sendall(f"POST /{token}/api/join HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Le".encode())
        out.append(s)
    return out


def _closed(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (waits for it, up to the socket's timeout)."""
    try:
        return s.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_250_stalled_connections_never_keep_a_phone_out() -> None:
    """Seen failing with the per-address cap lifted (connections_per_address=1000): the phone's
    join got uvicorn's 503, every connection counted against its concurrency limit."""
    room = roomy(header_seconds=0.5)
    with served(room) as server:
        sockets = _stalled(server.host, server.port, server.token, 250)
        try:
            phone = Phone(server)
            phone.join("Ana")
            opened = room.open_round("question")
            assert phone.send(kind="answer", round_id=opened.id, text="still heard").status_code == 200
            # every stalled connection ends: those over the cap at once, the rest at the deadline
            assert all(_closed(s) for s in sockets)
        finally:
            for s in sockets:
                s.close()
        assert [c.text for c in room.snapshot().contributions] == ["still heard"]


def test_a_body_that_never_finishes_gets_a_408() -> None:
    """Seen failing with read_json's deadline removed (the request waited for ever)."""
    with served(roomy(body_seconds=0.3)) as server:
        s = socket.create_connection((server.host, server.port), timeout=10)
        origin = f"http://{server.host}:{server.port}"
        s.sendall(
            (
                f"POST /{server.token}/api/join HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
                f"Origin: {origin}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                '{"name": "'
            ).encode()
        )
        answer = ""
        while "too-slow" not in answer:  # the head and the body may come apart
            chunk = s.recv(4096).decode()
            if not chunk:
                break
            answer += chunk
        s.close()
        assert answer.startswith("HTTP/1.1 408") and "too-slow" in answer


def test_fifty_joins_from_one_address_wait_for_the_facilitator_after_the_third() -> None:
    """A cleared cookie is not a new voter. Seen failing with the per-address member cap
    skipped in Room.join (all 50 became members)."""
    room = roomy(connections_per_address=100)  # 50 clients that each keep their connection
    with served(room) as server:
        phones = [Phone(server) for _ in range(50)]
        answers = [p.post("api/join", {"name": f"p{n}"}) for n, p in enumerate(phones)]
        codes = [a.status_code for a in answers]
        assert codes == [200] * 3 + [202] * 20 + [429] * 27  # 20 may wait; then "ask the facilitator"
        assert answers[3].json()["waiting"] and not answers[3].json()["joined"]
        assert answers[30].json()["error"]["kind"] == "room-busy"
        assert room.counts()["members"] == 3 and room.counts()["waiting"] == 20
        # a waiting phone that asks again is still waiting, not a new one
        assert phones[3].post("api/join", {"name": "p3"}).status_code == 202
        assert room.counts()["waiting"] == 20
        # the facilitator lets the first one in: its phone is recognised by its cookie
        first = room.waiting()[0]
        assert first.name == "p3"
        room.admit(first.id)
        assert phones[3].get("api/me").json()["joined"]
        assert room.counts()["members"] == 4 and room.counts()["waiting"] == 19
        opened = room.open_round("question")
        assert phones[3].send(kind="answer", round_id=opened.id, text="let in").status_code == 200
        assert phones[4].send(kind="answer", round_id=opened.id, text="not yet").status_code == 401
        # closing joining sends the waiting home
        room.set_joining(False)
        assert room.counts()["waiting"] == 0


def test_the_setting_lifts_the_per_address_cap_for_many_browsers_on_one_machine() -> None:
    room = roomy(members_per_address=12)
    with served(room) as server:
        assert [Phone(server).post("api/join", {}).status_code for _ in range(12)] == [200] * 12
        assert Phone(server).post("api/join", {}).status_code == 202


def test_100_members_with_20_ideas_each_stay_within_the_caps_and_the_budget() -> None:
    """100 members x 20 ideas put 2,000 ideas into Ideate's record and a 2.4-million-character
    request. Seen failing with the per-round cap lifted (entries_per_round=10_000): 500 ideas
    landed in the record."""
    room = Room(limits=RoomLimits(members_per_address=1000), clock=FakeClock())
    opened = room.open_round("ideate", phase=Phase.IDEATE)
    members = [room.join(f"m{n}")[0] for n in range(100)]
    refused: dict[str, int] = {}
    for m in members:
        for n in range(20):
            try:
                room.contribute(
                    m, IdeaIn(kind="idea", round_id=opened.id, title=f"{m.name} idea {n}" + "x" * 100)
                )
            except RoomRefusal as exc:
                refused[exc.kind] = refused.get(exc.kind, 0) + 1
    limits = room.limits
    assert len(room.snapshot().of_round(opened.id)) == limits.entries_per_round == 60
    assert refused == {"too-many": 12 * 15, "round-full": 100 * 20 - 60 - 12 * 15}
    session = WorkshopSession(phase=Phase.IDEATE)
    take_team(session, room)
    assert len(session.ideas) == 60
    context = team_context(session, Phase.IDEATE)
    assert len(context.split(TEAM_CLOSE)[0]) < TEAM_BUDGET + 1_000  # the data within its budget
    assert "Left out for length: " in context


def test_one_person_s_long_answers_leave_room_for_everyone_else_s() -> None:
    """One person's eight 1,000-character answers made the next request carry none of the six
    other answers. Seen failing with _fair_share taking entries in the order sent."""
    room = Room(limits=RoomLimits(entries_per_member=8, members_per_address=1000), clock=FakeClock())
    opened = room.open_round("question", phase=Phase.DISCOVER, prompt="What slows you down?")
    talker, _ = room.join("talker")
    others = [room.join(f"o{n}")[0] for n in range(6)]
    for n in range(8):
        room.contribute(talker, AnswerIn(kind="answer", round_id=opened.id, text=f"{n}" * 1000))
    for n, m in enumerate(others):
        room.contribute(m, AnswerIn(kind="answer", round_id=opened.id, text=f"other answer {n}"))
    session = WorkshopSession(phase=Phase.DISCOVER)
    take_team(session, room)
    context = team_context(session, Phase.DISCOVER)
    for n in range(6):
        assert f"other answer {n}" in context
    assert "7" * 1000 in context  # the talker's newest first
    assert "Left out for length: 1 answer (rounds r1)" in context  # said, not silently cut


def test_a_dropped_team_idea_is_marked_dropped_in_the_team_block() -> None:
    room = Room(clock=FakeClock())
    opened = room.open_round("ideate", phase=Phase.IDEATE)
    ana, _ = room.join("Ana")
    room.contribute(ana, IdeaIn(kind="idea", round_id=opened.id, title="Kept"))
    room.contribute(ana, IdeaIn(kind="idea", round_id=opened.id, title="Dropped one"))
    session = WorkshopSession(phase=Phase.IDEATE)
    take_team(session, room)
    session.ideas = [i for i in session.ideas if i.title == "Kept"] + [Idea(id="i1", title="Model's")]
    block = team_context(session, Phase.IDEATE)
    data = json.loads(block.split("\n")[-2])
    assert data["ideas"] == [
        {"id": "team-c1", "title": "Kept", "description": ""},
        {"title": "Dropped one", "description": "", "dropped": True},
    ]


INVISIBLE = (
    ["\u200b", "\u2060", "\ufeff", "\u200e", "\u200f"]
    + [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\U000e0000", "\U000e0001", "\U000e0041", "\U000e007f"]
    + [chr(c) for c in range(0x00, 0x20) if chr(c) not in "\t\n\r"]
    + [chr(c) for c in range(0x80, 0xA0)]
)


def test_every_listed_invisible_character_is_cleaned_on_arrival_and_zwj_zwnj_stay() -> None:
    """Seen failing with the tag characters' range left out of _INVISIBLE."""
    room = roomy()
    with served(room) as server:
        phone = Phone(server)
        hidden = "".join(INVISIBLE)
        joined = phone.join(f"A{hidden[:20]}na{hidden[-8:]}")
        assert joined["you"]["name"] == "Ana"
        ideate = room.open_round("ideate")
        family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # ZWJ joins an emoji family
        persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # ZWNJ inside a word
        assert (
            phone.send(
                kind="idea",
                round_id=ideate.id,
                title=f"Ro{hidden}ute {family}",
                description=f"line one\u2028line two\u2029{persian}{hidden}",
            ).status_code
            == 200
        )
        question = room.open_round("question")
        assert phone.send(kind="answer", round_id=question.id, text=f"a{hidden}b\r\nc").status_code == 200
    idea, answer = room.snapshot().contributions
    assert idea.title == f"Route {family}"  # type: ignore[union-attr]
    assert idea.description == f"line one\nline two\n{persian}"  # type: ignore[union-attr]
    assert answer.text == "ab\nc"  # type: ignore[union-attr]


def test_a_deeply_nested_or_malformed_body_is_a_4xx_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Seen failing with RecursionError not caught in read_json: a 500 and a traceback in the log."""
    room = roomy()
    caplog.set_level(logging.DEBUG)
    with served(room) as server:
        phone = Phone(server)
        phone.join()
        opened = room.open_round("select", items=[{"id": "i1", "title": "One"}])
        for body in (
            "[" * 8_000 + "]" * 8_000,  # within the body size, past the parser's depth
            '{"dots": ' + '{"a":' * 2000 + "1" + "}" * 2001,
            "{not json",
            b"\xff\xfe",
            '"just a string"',
            "[]",
            json.dumps({"kind": "votes", "round_id": opened.id, "dots": {"i1": [[[[1]]]]}}),
        ):
            answer = phone.client.post(
                server.url + "api/send",
                content=body.encode() if isinstance(body, str) else body,
                headers={"Origin": phone.origin, "Content-Type": "application/json"},
            )
            assert 400 <= answer.status_code < 500, (body[:40], answer.text)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_joining_closed_stays_closed_when_the_room_is_invited_again() -> None:
    """Seen failing with joining_open kept on the Room (not in its record): a restart reopened it."""
    room = roomy()
    ana, secret = room.join("Ana")
    room.set_joining(False)
    again = Room(TeamRoom.model_validate(room.snapshot().model_dump(mode="json")), clock=FakeClock())
    assert not again.joining_open
    with served(again) as server:
        refused = Phone(server).post("api/join", {"name": "late"})
        assert refused.status_code == 403 and refused.json()["error"]["kind"] == "joining-closed"
    assert again.join("", secret)[0].id == ana.id  # a member already in goes on
    again.set_joining(True)
    assert again.join("new")[0].name == "new"


def test_a_removed_member_and_their_entries_leave_and_their_device_is_refused() -> None:
    room = roomy()
    with served(room) as server:
        phone, other = Phone(server), Phone(server)
        ana = phone.join("Ana")["you"]["id"]
        other.join("Ben")
        opened = room.open_round("question")
        phone.send(kind="answer", round_id=opened.id, text="spam")
        other.send(kind="answer", round_id=opened.id, text="kept")
        room.remove_member(ana)
        assert phone.send(kind="answer", round_id=opened.id, text="more").status_code == 401
        rejoin = phone.post("api/join", {"name": "Ana"})
        assert rejoin.status_code == 403 and rejoin.json()["error"]["kind"] == "removed"
        assert phone.get("api/me").json()["removed"]
    record = room.snapshot()
    assert [c.text for c in record.of_round(opened.id)] == ["kept"]  # type: ignore[union-attr]
    assert record.member(ana).removed and len(record.contributions) == 2  # type: ignore[union-attr]
    assert room.counts()["members"] == 1


def test_the_defaults_are_the_documented_ones() -> None:
    """The tests above inject small deadlines; docs/participants.md lists these values."""
    limits = RoomLimits()
    assert (limits.header_seconds, limits.body_seconds, limits.connections_per_address) == (10.0, 10.0, 32)
    assert (limits.members_per_address, limits.entries_per_member, limits.entries_per_round) == (3, 5, 60)
