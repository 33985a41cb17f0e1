"""An in-process peer for ``ContextServer``: frames in, replies collected."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from sofia_nb import protocol as p
from sofia_nb.server import ContextServer

HANDSHAKE = {
    "protocolVersion": "2025-11-25",
    "capabilities": {},
    "clientInfo": {"name": "test", "version": "1"},
}
ENVELOPE = {
    p.PROTOCOL_VERSION_META_KEY: p.MODERN_PROTOCOL_VERSION,
    p.CLIENT_CAPABILITIES_META_KEY: {},
    p.CLIENT_INFO_META_KEY: {"name": "test", "version": "1"},
}


class Peer:
    def __init__(self, roots: list[Path]) -> None:
        self.sent: list[p.Message] = []
        self.server = ContextServer(roots)
        self.server.core.connect(self._collect)
        self._ids = 0

    async def _collect(self, msg: p.Message) -> None:
        self.sent.append(msg)

    async def frame(self, raw: str | bytes) -> None:
        await self.server.core.receive(raw)
        await asyncio.sleep(0)

    async def request(self, method: str, params: dict[str, Any] | None = None) -> p.Message:
        """Send a request and wait (briefly) for the reply with its id."""
        self._ids += 1
        msg_id = self._ids
        await self.frame(json.dumps(p.request(msg_id, method, params)))
        for _ in range(2000):
            reply = next((m for m in self.sent if m.get("id") == msg_id and "method" not in m), None)
            if reply is not None:
                return reply
            await asyncio.sleep(0.005)
        raise AssertionError(f"no reply to {method}")

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        await self.frame(json.dumps(p.notification(method, params)))

    async def handshake(self, capabilities: dict[str, Any] | None = None) -> p.Message:
        reply = await self.request("initialize", {**HANDSHAKE, "capabilities": capabilities or {}})
        await self.notify("notifications/initialized")
        return reply

    async def call(self, name: str, arguments: dict[str, Any], modern: bool = False) -> dict[str, Any]:
        params: dict[str, Any] = {"name": name, "arguments": arguments}
        if modern:
            params["_meta"] = ENVELOPE
        reply = await self.request("tools/call", params)
        assert "result" in reply, reply
        result: dict[str, Any] = reply["result"]
        return result
