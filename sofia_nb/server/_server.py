"""The context server: the one tool-server core (``protocol.ToolServer``) configured with the
context registry's read-only tools and the client's roots."""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .. import protocol as p
from .._validation import describe
from .._version import __version__
from ..context import (
    TREE_CACHE,
    ContextError,
    ContextTool,
    ResolvedRoots,
    allowed_roots,
    cancellable,
    resolve_roots,
    tools,
)
from . import _tools
from ._collect import BetweenCalls
from ._roots import narrow, offered_roots

log = logging.getLogger(__name__)

SERVER_INFO = p.Implementation(name="sofia-nb", version=__version__, title="sofia_nb context tools")
INSTRUCTIONS = (
    "Read-only code and workshop context. Prefer `code` over reading whole files, `grep`/`refs` over "
    "raw searches (hits carry their enclosing function), and `changed` to see what a diff touched."
)
ROOTS_WAIT_S = 10.0  # how long a tool call waits for the client's roots/list answer


class ContextServer:
    """Serves the context registry to one client; ``core`` is the protocol side a transport feeds."""

    def __init__(self, roots: list[Path], collector: BetweenCalls | None = None) -> None:
        self.configured_roots = [r.resolve() for r in roots]
        self._collector = collector  # the serving process's garbage collection, between calls
        TREE_CACHE.enable()  # a warm server keeps the files it searched (SOFIA_TREE_CACHE_MB)
        self.roots = list(self.configured_roots)
        self._allowed = resolve_roots(self.roots)  # what every call is confined to: ``roots``, made real
        self._roots_ready = asyncio.Event()
        self._roots_ready.set()
        # The pydantic input models validate (the listed schemas are generated from them), so the
        # core does not check the schemas a second time.
        self.core = p.ToolServer(
            SERVER_INFO,
            self._served,
            instructions=INSTRUCTIONS,
            validate=False,
            on_notification=self._on_notification,
        )

    def _served(self) -> list[p.ServedTool]:
        # Called by the core on first use, so `initialize` is answered before the tools import.
        return [
            p.ServedTool(_tools.describe(tool), functools.partial(self._call, tool))
            for tool in tools().values()
        ]

    def _client_has_roots(self) -> bool:
        caps = self.core.client_capabilities
        return caps is not None and caps.roots is not None

    async def _call(self, tool: ContextTool, arguments: dict[str, Any]) -> p.CallToolResult | None:
        if not self._roots_ready.is_set():
            try:
                await asyncio.wait_for(self._roots_ready.wait(), ROOTS_WAIT_S)
            except TimeoutError:
                log.warning("the client declared roots but did not list them; serving the --root folders")
                self._roots_ready.set()
        # The call runs in a worker thread; a cancel (or the client going) sets the event, and the
        # search loops stop at their next step rather than running on to their deadline.
        stop = threading.Event()
        if self._collector is not None:
            self._collector.call_started()
        try:
            return await self.core.in_thread(
                functools.partial(self._run_tool, tool, arguments, self._allowed, stop)
            )
        except asyncio.CancelledError:
            stop.set()
            raise
        finally:
            if self._collector is not None:
                self._collector.call_ended()

    @staticmethod
    def _run_tool(
        tool: ContextTool, arguments: dict[str, Any], roots: ResolvedRoots, stop: threading.Event
    ) -> p.CallToolResult:
        try:
            with allowed_roots(roots), cancellable(stop):
                return _tools.success(*tool.answer(arguments))
        except ValidationError as exc:
            problems = describe(exc, every=True, root="arguments")
            return p.error_result(f"invalid arguments for {tool.name}: {problems}")
        except ContextError as exc:
            return p.error_result(f"{tool.name}: {exc}")

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if (
            method in ("notifications/initialized", "notifications/roots/list_changed")
            and self._client_has_roots()
        ):
            self._roots_ready.clear()  # set again once the client has answered roots/list
            self.core.start(self._fetch_roots())

    async def _fetch_roots(self) -> None:
        """Ask the client for its roots and narrow ours to them; without an answer keep ``--root``."""
        try:
            reply = await self.core.request("roots/list", ROOTS_WAIT_S)
            if "result" in reply:
                offered = offered_roots(reply["result"])
                self.roots = (
                    narrow(self.configured_roots, offered) if offered else list(self.configured_roots)
                )
                self._allowed = resolve_roots(self.roots)
                log.info("allowed roots: %s", ", ".join(map(str, self.roots)) or "(none)")
            else:
                log.warning("the client refused roots/list: %s", reply.get("error"))
        except TimeoutError:
            log.warning("no answer to roots/list; serving the --root folders")
        finally:
            self._roots_ready.set()
