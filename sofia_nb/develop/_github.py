"""Publishing the PoC to GitHub through the GitHub MCP server (opt-in): ``create_repository`` once, then
``push_files`` with the files' real on-disk contents. Failures never stop the loop: the URL is kept
once known, and files that failed to push are pushed again with the next iteration's."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from ..consent import ConsentedTools, gated
from ..events import Activity, EventBus
from ..protocol import tool_data
from ..redact import redacted_head
from .edits import UnsafePathError, resolve_inside

log = logging.getLogger(__name__)

CALL_TIMEOUT_S = 60.0
"""One GitHub write's limit: a push of a PoC's files is one API request, but GitHub's may be slow."""
WRITE_TOOLS = ("create_repository", "push_files")
"""The GitHub MCP server's tools the publisher calls (``--github`` is the consent for these)."""
_REPO_URL = re.compile(
    r"(?:github\.com/|/repos/)(?P<owner>[\w.\-]+)/(?P<repo>[\w.\-]+?)(?:\.git)?(?:[/?#]|$)"
)


def _url_from(result_text: str, structured: object) -> str:
    data = tool_data(result_text, structured)
    data = data if isinstance(data, dict) else None
    for key in ("html_url", "url", "clone_url"):
        if data and isinstance(data.get(key), str):
            return str(data[key])
    m = re.search(r"https://[^\s\"']+", result_text)
    return m.group(0) if m else ""


class GitHubPublisher:
    """Creates the repository on first use and pushes changed files; ``pending`` survives failures."""

    def __init__(
        self,
        tools: ConsentedTools,
        *,
        name: str,
        description: str = "",
        server: str = "github",
        branch: str = "main",
        repo_url: str = "",
        bus: EventBus | None = None,
    ) -> None:
        self.tools = gated(tools, "GitHubPublisher")
        self.name = name
        self.description = description
        self.server = server
        self.branch = branch
        self.repo_url = repo_url
        self.pending: set[str] = set()
        self.bus = bus or EventBus()
        self.pushes = 0

    @property
    def available(self) -> bool:
        return self.server in self.tools.servers

    def _say(self, detail: str) -> None:
        self.bus.emit(Activity(name="github", detail=detail))

    async def ensure_repository(self) -> str:
        """The repository URL, creating the repository when none is recorded yet; "" on failure."""
        if self.repo_url:
            return self.repo_url
        if not self.available:
            self._say(
                f"no MCP server named {self.server!r} is configured (or it has no token): local git only"
            )
            return ""
        try:
            result = await self.tools.call_tool(
                self.server,
                "create_repository",
                {
                    "name": self.name,
                    "description": redacted_head(self.description, 300),
                    "private": True,
                    "autoInit": False,
                },
                CALL_TIMEOUT_S,
            )
        except Exception as exc:  # a GitHub failure never ends the run
            self._say(f"create_repository failed: {exc}")
            return ""
        if result.is_error:
            self._say(f"create_repository failed: {redacted_head(result.text(), 200)}")
            return ""
        self.repo_url = _url_from(result.text(), result.structured_content)
        self._say(f"repository {self.repo_url}")
        return self.repo_url

    async def push(self, root: Path, paths: list[str], message: str) -> bool:
        """Push ``paths`` plus anything still pending; True when a push succeeded (or nothing to push)."""
        self.pending.update(paths)
        if not self.pending or not await self.ensure_repository():
            return False
        m = _REPO_URL.search(self.repo_url)
        if not m:
            self._say(f"cannot tell owner and repository from {self.repo_url!r}")
            return False
        files = []
        for raw in sorted(self.pending):
            try:  # checked here too: a caller's path must never publish a file from outside the project
                rel, target = resolve_inside(root, raw)
            except UnsafePathError as exc:
                self._say(f"not pushed: {exc}")
                continue
            try:
                files.append({"path": rel, "content": target.read_text(encoding="utf-8")})
            except (OSError, UnicodeDecodeError):
                continue  # deleted or binary: push_files can only add or update text files
        if not files:
            self.pending.clear()
            return True
        try:
            result = await self.tools.call_tool(
                self.server,
                "push_files",
                {
                    "owner": m["owner"],
                    "repo": m["repo"],
                    "branch": self.branch,
                    "files": files,
                    "message": message,
                },
                CALL_TIMEOUT_S,
            )
        except Exception as exc:
            self._say(f"push_files failed, will retry next iteration: {exc}")
            return False
        if result.is_error:
            self._say(f"push_files failed, will retry next iteration: {redacted_head(result.text(), 200)}")
            return False
        self.pending.clear()
        self.pushes += 1
        self._say(f"pushed {len(files)} files")
        return True
