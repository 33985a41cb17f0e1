"""GitHub's own MCP server, as its users configure it: the one exception to "a token only where an
entry names it".

Users of GitHub's server set ``GITHUB_TOKEN`` (or ``GH_TOKEN``) and nothing else, so an entry for
GitHub's hosted endpoint gets its bearer token from them, and a stdio entry running the official
``github-mcp-server`` gets ``GITHUB_PERSONAL_ACCESS_TOKEN``; every other entry is left as it is.
"""

from __future__ import annotations

import os
from pathlib import PurePath
from urllib.parse import urlsplit

from .._children import allowed_environment
from ._config import ServerConfig

GITHUB_MCP_HOSTS = ["api.githubcopilot.com"]
"""Hosts (or ``host:port``) of GitHub's hosted MCP endpoint; a list so a test can point it at loopback."""
TOKEN_VARIABLES = ("GITHUB_TOKEN", "GH_TOKEN")
"""Where the token is looked for, in this order."""
STDIO_TOKEN = "GITHUB_PERSONAL_ACCESS_TOKEN"
WITHHELD = (*TOKEN_VARIABLES, STDIO_TOKEN)
"""GitHub's token variables: a stdio server does not inherit them; only an entry's own ``env``
(or the GitHub exception above) gives them to a server."""
_IMAGE = "ghcr.io/github/github-mcp-server"


def is_github_endpoint(entry: ServerConfig) -> bool:
    """An HTTP entry whose URL is GitHub's hosted MCP endpoint."""
    if entry.type == "stdio":
        return False
    url = urlsplit(entry.url or "")
    return url.hostname in GITHUB_MCP_HOSTS or url.netloc in GITHUB_MCP_HOSTS


def runs_github_server(entry: ServerConfig) -> bool:
    """A stdio entry running ``github-mcp-server stdio`` or its container image."""
    if entry.type != "stdio" or not entry.command:
        return False
    if PurePath(entry.command).name == "github-mcp-server":
        return "stdio" in entry.args
    return any(arg.split(":")[0].split("@")[0] == _IMAGE for arg in entry.args)


def _token_variable() -> str:
    # The first one set; GITHUB_TOKEN otherwise, so an auth failure names the variable to set.
    return next((name for name in TOKEN_VARIABLES if os.environ.get(name)), TOKEN_VARIABLES[0])


def with_github_token(entry: ServerConfig) -> ServerConfig:
    """``entry`` with GitHub's token wired in when it is GitHub's server and names no token itself."""
    if is_github_endpoint(entry):
        if entry.token_env or any(key.lower() == "authorization" for key in entry.headers):
            return entry
        return entry.model_copy(update={"token_env": _token_variable()})
    if runs_github_server(entry) and STDIO_TOKEN not in entry.env:
        token = os.environ.get(_token_variable())
        if token:
            return entry.model_copy(update={"env": {**entry.env, STDIO_TOKEN: token}})
    return entry


def inherited_environment(everything: bool = False) -> dict[str, str]:
    """The environment a stdio server starts from: the allow-listed variables
    (``_children.ALLOWED_ENVIRONMENT``), or with ``everything`` (the entry's ``inheritEnv``) all of
    ours; GitHub's token variables never (only an entry's own ``env`` gives them)."""
    source = os.environ if everything else allowed_environment()
    return {name: value for name, value in source.items() if name not in WITHHELD}
