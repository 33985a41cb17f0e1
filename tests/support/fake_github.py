"""A fake GitHub MCP server on 127.0.0.1 (Streamable HTTP) with the real server's tool names and argument
schemas (github/github-mcp-server ``__toolsnaps__``: ``create_repository``, ``push_files``).

``fail_pushes`` makes that many ``push_files`` calls end in an ``isError`` result first (a token without
push rights), so the loop's retry can be seen. Repositories live under ``https://github.com/sofia-fake/``.
"""

from __future__ import annotations

from typing import Any

from .loopback_mcp import LoopbackMcpServer, text_result

OWNER = "sofia-fake"

CREATE_REPOSITORY = {
    "name": "create_repository",
    "description": "Create a new GitHub repository in your account or specified organization",
    "inputSchema": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Repository name"},
            "description": {"type": "string", "description": "Repository description"},
            "organization": {"type": "string", "description": "Organization to create the repository in"},
            "private": {"type": "boolean", "description": "Whether repo should be private", "default": True},
            "autoInit": {"type": "boolean", "description": "Initialize with README"},
        },
        "required": ["name"],
    },
    "outputSchema": {"type": "object", "properties": {"id": {"type": "string"}, "url": {"type": "string"}}},
    "annotations": {
        "title": "Create repository",
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": False,
    },
}

PUSH_FILES = {
    "name": "push_files",
    "description": "Push multiple files to a GitHub repository in a single commit",
    "inputSchema": {
        "type": "object",
        "properties": {
            "owner": {"type": "string", "description": "Repository owner", "x-mcp-header": "owner"},
            "repo": {"type": "string", "description": "Repository name", "x-mcp-header": "repo"},
            "branch": {"type": "string", "description": "Branch to push to"},
            "files": {
                "type": "array",
                "description": "Array of file objects to push (path and content)",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "path to the file"},
                        "content": {"type": "string", "description": "file content"},
                        "mode": {"type": "string", "enum": ["100644", "100755"]},
                    },
                    "required": ["path", "content"],
                    "additionalProperties": False,
                },
            },
            "message": {"type": "string", "description": "Commit message"},
        },
        "required": ["owner", "repo", "branch", "files", "message"],
    },
    "outputSchema": {
        "type": "object",
        "properties": {
            "ref": {"type": "string"},
            "object": {
                "type": "object",
                "properties": {"type": {"type": "string"}, "sha": {"type": "string"}},
            },
        },
    },
    "annotations": {
        "title": "Push files to repository",
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": False,
    },
}


class FakeGitHub(LoopbackMcpServer):
    def __init__(self, fail_pushes: int = 0) -> None:
        super().__init__("github-fake", [CREATE_REPOSITORY, PUSH_FILES], self._handle)
        self.fail_pushes = fail_pushes
        self.repos: dict[str, dict[str, str]] = {}  # name -> path -> content, as pushed

    def _handle(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        if tool == "create_repository":
            self.repos[args["name"]] = {}
            url = f"https://github.com/{OWNER}/{args['name']}"
            return text_result(f'{{"id": "1", "url": "{url}"}}', {"id": "1", "url": url})
        if self.fail_pushes > 0:
            self.fail_pushes -= 1
            return text_result(
                "failed to push files: 403 Resource not accessible by integration", is_error=True
            )
        if args["owner"] != OWNER or args["repo"] not in self.repos:
            return text_result(
                f"failed to get branch reference: 404 Not Found ({args['owner']}/{args['repo']})",
                is_error=True,
            )
        self.repos[args["repo"]].update({f["path"]: f["content"] for f in args["files"]})
        sha = f"{len(self.calls):040x}"
        return text_result(
            f'{{"ref": "refs/heads/{args["branch"]}"}}',
            {"ref": f"refs/heads/{args['branch']}", "object": {"type": "commit", "sha": sha}},
        )
