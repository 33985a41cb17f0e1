"""Where the participant server listens: loopback unless a person asks for the LAN.

With ``lan=True`` it binds one address of this machine that phones on the same network can
reach (a private IPv4 address of an interface that is up, not a container bridge's when another
is there) — never every interface. No packet is sent to find it: the addresses are read from the
interfaces.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"

GUEST_WIFI_NOTE = (
    "Phones must be on the same network as this computer. Guest and meeting-room Wi-Fi often keep "
    "devices from reaching each other; if the link does not open on a phone, share this computer's "
    "connection through a phone hotspot (or join this computer to one) and invite again. If this "
    "notebook runs on a remote server (JupyterHub, Binder, a cloud kernel), phones cannot reach it "
    "at all: run the workshop on a computer in the room. (Neither can be detected from here.)"
)

LOOPBACK_NOTE = (
    "Only browsers on this computer can join (127.0.0.1). For the team's phones, turn on "
    "“Phones on this Wi-Fi”."
)


@dataclass(frozen=True)
class Interface:
    name: str
    address: str
    up: bool = True


def machine_interfaces() -> list[Interface]:
    """This machine's IPv4 addresses by interface, read with psutil (no packet sent)."""
    import psutil

    stats = psutil.net_if_stats()
    return [
        Interface(name, a.address, bool(stats.get(name) and stats[name].isup))
        for name, addresses in psutil.net_if_addrs().items()
        for a in addresses
        if a.family == socket.AF_INET
    ]


# Interfaces a phone on the room's network is unlikely to reach: containers' and VMs' bridges.
_VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "podman", "lxc")


def lan_address(interfaces: Iterable[Interface]) -> str | None:
    """The address ``lan=True`` binds: private IPv4 of a physical-looking interface first, then
    any other non-loopback, non-link-local IPv4; None when there is none."""
    candidates = []
    for i in interfaces:
        ip = ipaddress.ip_address(i.address)
        if not i.up or ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        virtual = i.name.startswith(_VIRTUAL)
        candidates.append((virtual, not ip.is_private, i.name, i.address))
    return min(candidates)[3] if candidates else None


class NoLanAddress(RuntimeError):
    """``lan=True`` but this machine has no address a phone could reach."""


def bind_host(lan: bool | str, interfaces: Callable[[], Iterable[Interface]] = machine_interfaces) -> str:
    """The address to bind: 127.0.0.1, the LAN address (``lan=True``), or the one named
    (``lan="192.168.1.20"``, which must be this machine's)."""
    if lan is False:
        return LOOPBACK
    if isinstance(lan, str):
        ipaddress.ip_address(lan)  # a clear ValueError for a typo
        known = {i.address for i in interfaces()}
        if lan not in known and not ipaddress.ip_address(lan).is_loopback:
            raise NoLanAddress(
                f"{lan} is not an address of this computer (it has {', '.join(sorted(known))})"
            )
        return lan
    found = lan_address(interfaces())
    if found is None:
        raise NoLanAddress(
            "this computer has no network address that phones could reach: connect it to the room's "
            "Wi-Fi or a phone hotspot and invite again"
        )
    return found
