"""The team in the room: a participant server the faces start, and the room it serves.

``invite(room)`` starts a small HTTP server (Starlette on uvicorn, on a thread with its own event
loop) bound to 127.0.0.1 unless ``lan=True``; phones open its ``url`` (the join link with a random
token) and answer the rounds the facilitator opens on the ``Room``. Needs the ``participants``
extra. docs/participants.md tells how to run a session with a team; docs/security.md what the
server lets participants reach (the room, and nothing else).
"""

from ._network import GUEST_WIFI_NOTE, LOOPBACK_NOTE, Interface, NoLanAddress, bind_host, lan_address
from ._room import ParticipantView, Person, Room, RoomLimits, RoomRefusal, Waiting
from ._script import Replay, ReplayedTeam, RoomFileError, RoomScript
from ._server import ParticipantServer


def invite(room: Room | None = None, *, lan: bool | str = False, port: int = 0) -> ParticipantServer:
    """Start serving ``room`` (a new one when None) and return the running server: its ``url``
    is the join link, ``qr_svg()``/``qr_text()`` draw it, ``stop()`` ends it."""
    return ParticipantServer(room if room is not None else Room(), lan=lan, port=port).start()


__all__ = [
    "GUEST_WIFI_NOTE",
    "LOOPBACK_NOTE",
    "Interface",
    "NoLanAddress",
    "ParticipantServer",
    "ParticipantView",
    "Person",
    "Replay",
    "ReplayedTeam",
    "Room",
    "RoomFileError",
    "RoomLimits",
    "RoomRefusal",
    "RoomScript",
    "Waiting",
    "bind_host",
    "invite",
    "lan_address",
]
