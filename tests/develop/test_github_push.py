"""``GitHubPublisher.push`` keeps to the project on its own: a path that leaves the root is never read
or sent, whatever its caller checked before (the fake GitHub MCP server on 127.0.0.1 records the push)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from sofia_nb.develop._github import GitHubPublisher
from sofia_nb.events import Activity, EventBus
from sofia_nb.mcp import McpManager, parse_config
from tests.develop.conftest import allowed
from tests.support.fake_github import FakeGitHub


def test_push_refuses_paths_outside_the_project_root(tmp_path: Path) -> None:
    project = tmp_path / "poc"
    project.mkdir()
    (project / "app.py").write_text("print('inside')\n", encoding="utf-8")
    (tmp_path / "secret.py").write_text("TOKEN = 'outside'\n", encoding="utf-8")
    (project / "link.py").symlink_to(tmp_path / "secret.py")
    said: list[str] = []
    bus = EventBus()
    bus.subscribe(lambda e: said.append(e.detail), Activity)  # type: ignore[attr-defined]

    async def go(github: FakeGitHub) -> bool:
        config = parse_config(json.dumps({"servers": {"github": github.entry()}}))
        async with McpManager(config) as mcp:
            publisher = GitHubPublisher(allowed(mcp), name="poc", bus=bus)
            return await publisher.push(
                project, ["../secret.py", "link.py", str(tmp_path / "secret.py"), "app.py"], "m"
            )

    with FakeGitHub() as github:
        assert asyncio.run(go(github)) is True
    (push,) = github.calls_to("push_files")
    assert [f["path"] for f in push["files"]] == ["app.py"]
    assert "outside" not in json.dumps(push)
    assert sum("not pushed" in line for line in said) == 3
