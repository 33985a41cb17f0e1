"""MCP configuration: VS Code's ``.vscode/mcp.json`` (``servers``, ``inputs``) or Claude's ``mcpServers``.

Both are JSONC (comments, trailing commas). Variables (``${env:NAME}``, ``${input:ID}``,
``${workspaceFolder}``, ``${userHome}``) are substituted when a server is resolved, not when the file
is read, so listing servers needs no secrets. Unknown keys are kept.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.alias_generators import to_camel

from .._datafile import BoundsError, DataFileError, load_json, read_text
from ..config import find_mcp_config

QUERY_TIMEOUT_S = 30.0
"""Queries: listing, reading, read-only tools."""
WRITE_TIMEOUT_S = 60.0
"""Tools that are not annotated read-only (repository operations such as ``create_repository``)."""

_TYPE_ALIASES = {"streamable-http": "http", "streamableHttp": "http", "streamable_http": "http"}
_VARIABLE = re.compile(r"\$\{(env|input):([^}]+)\}|\$\{(workspaceFolder|userHome)\}")
RESERVED_SERVER_NAMES = frozenset({"builtin"})
"""Server names the workshop's own tools use (``builtin/web_search``): a server so named would
receive calls meant for them while consent still asked about the built-in."""
_MODEL_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def model_safe_name(name: str) -> str:
    """``name`` as it reaches the model: OpenAI-compatible function names allow ``[A-Za-z0-9_-]``
    only, so every other character becomes ``-`` (``demo.search`` and ``demo-search`` are one)."""
    return _MODEL_UNSAFE.sub("-", name)


class McpConfigError(ValueError):
    """The configuration file is unusable; the message names the file, the position and the key."""


class InputSpec(BaseModel):
    """One of VS Code's ``inputs`` (``{"type": "promptString", "id", "description", "password"}``)."""

    model_config = ConfigDict(extra="allow")

    id: str
    type: str = "promptString"
    description: str = ""
    password: bool = False


InputProvider = Callable[[InputSpec], str | None]
"""Asks a person for an ``${input:ID}`` value; ``None`` when nobody can answer (papermill, CI)."""


class ServerConfig(BaseModel):
    """One server entry. Keys are camelCase in the file (``envFile``, ``tokenEnv``, ``writeTimeout``)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

    name: str = ""
    type: Literal["stdio", "http", "sse"] = "stdio"
    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    env_file: str | None = None
    inherit_env: bool = False
    """A stdio server gets the allow-listed variables and its ``env``; ``inheritEnv: true`` gives it
    all of sofia_nb's environment (model keys included), for a server that needs more."""
    cwd: str | None = None
    url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    token_env: str | None = None
    """The environment variable holding this server's bearer token, read at every request."""
    timeout: float | None = Field(None, gt=0)
    write_timeout: float | None = Field(None, gt=0)
    send_credentials: bool = False
    """``sendCredentials: true`` lets a person allow, once per call and after a warning that names
    it, a call to this server whose arguments carry a credential; without it such a call is refused
    (docs/consent.md)."""

    @model_validator(mode="before")
    @classmethod
    def _infer_type(cls, data: Any) -> Any:
        if isinstance(data, dict):
            kind = data.get("type")
            if kind is None:
                data = {**data, "type": "http" if "url" in data and "command" not in data else "stdio"}
            elif kind in _TYPE_ALIASES:
                data = {**data, "type": _TYPE_ALIASES[kind]}
        return data

    @model_validator(mode="after")
    def _check_target(self) -> ServerConfig:
        if self.type == "stdio" and not self.command:
            raise ValueError("a stdio server needs 'command'")
        if self.type != "stdio" and not self.url:
            raise ValueError(f"an {self.type} server needs 'url'")
        return self

    @property
    def query_timeout(self) -> float:
        return self.timeout or QUERY_TIMEOUT_S

    @property
    def tool_write_timeout(self) -> float:
        return self.write_timeout or self.timeout or WRITE_TIMEOUT_S


class McpConfig(BaseModel):
    """All servers of one file (or built in code), plus what is needed to resolve their variables."""

    model_config = ConfigDict(extra="allow")

    servers: dict[str, ServerConfig] = Field(default_factory=dict)
    inputs: list[InputSpec] = Field(default_factory=list)
    path: Path | None = None
    workspace: Path | None = None

    @model_validator(mode="after")
    def _name_servers(self) -> McpConfig:
        """Name each entry; refuse a reserved name, and two names the model could not tell apart."""
        seen: dict[str, str] = {}
        for name, server in self.servers.items():
            if name.lower() in RESERVED_SERVER_NAMES:
                raise ValueError(f"the server name {name!r} is reserved for sofia_nb's own tools: rename it")
            other = seen.setdefault(model_safe_name(name), name)
            if other != name:
                raise ValueError(
                    f"the servers {other!r} and {name!r} have one name for the model "
                    f"({model_safe_name(name)!r}): calls to one would go to the other; rename one"
                )
            server.name = name
        return self

    def resolve(self, name: str, prompt: InputProvider | None = None) -> ServerConfig:
        """The entry with every variable substituted and ``envFile`` merged under ``env``."""
        server = self.servers[name]
        cache: dict[str, str] = {}

        def value(match: re.Match[str]) -> str:
            scope, key, builtin = match.groups()
            if builtin == "workspaceFolder":
                return str(self.workspace or Path.cwd())
            if builtin == "userHome":
                return str(Path.home())
            if scope == "env":
                return os.environ.get(key, "")
            if key not in cache:
                cache[key] = self._input(key, name, prompt)
            return cache[key]

        data = _substitute(server.model_dump(by_alias=True, exclude={"name"}), value)
        resolved = ServerConfig.model_validate({**data, "name": name})
        if resolved.env_file:
            env_path = Path(resolved.env_file)
            if not env_path.is_absolute():
                env_path = (self.workspace or Path.cwd()) / env_path
            resolved.env = {**_read_env_file(env_path, self._where(name, "envFile")), **resolved.env}
        return resolved

    def _input(self, key: str, server: str, prompt: InputProvider | None) -> str:
        env_name = re.sub(r"[^A-Za-z0-9]", "_", key).upper()
        for candidate in (key, env_name):
            if candidate in os.environ:
                return os.environ[candidate]
        spec = next((i for i in self.inputs if i.id == key), InputSpec(id=key))
        answer = prompt(spec) if prompt is not None else None
        if answer is None:
            raise McpConfigError(
                f"{self._where(server, 'input:' + key)}: no value for ${{input:{key}}}; "
                f"set the environment variable {env_name} or run interactively"
            )
        return answer

    def _where(self, server: str, key: str) -> str:
        return f"{self.path or '<config>'}: servers.{server}.{key}"


def _substitute(value: Any, replace: Callable[[re.Match[str]], str]) -> Any:
    if isinstance(value, str):
        return _VARIABLE.sub(replace, value)
    if isinstance(value, dict):
        return {k: _substitute(v, replace) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, replace) for v in value]
    return value


def _read_env_file(path: Path, where: str) -> dict[str, str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise McpConfigError(f"{where}: cannot read {path}: {exc.strerror}") from None
    env: dict[str, str] = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.removeprefix("export ").partition("=")
        env[key.strip()] = val.strip().strip("'\"")
    return env


def strip_jsonc(text: str) -> str:
    """JSON from JSONC: comments and trailing commas become spaces, so error positions stay true."""
    out = list(text)
    i, n = 0, len(text)
    last_comma = -1
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            last_comma = -1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out[i:end] = [ch if ch == "\n" else " " for ch in text[i:end]]
            i = end
            continue
        elif c == ",":
            last_comma = i
        elif c in "}]" and last_comma >= 0:
            out[last_comma] = " "
            last_comma = -1
        elif not c.isspace():
            last_comma = -1
        i += 1
    return "".join(out)


def _position(text: str, path: list[str | int]) -> str:
    """``line L, column C`` of the last key of ``path`` found in order in ``text`` (best effort)."""
    at = 0
    for key in path:
        if isinstance(key, str):
            found = text.find(json.dumps(key), at)
            if found >= 0:
                at = found
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def parse_config(text: str, path: Path | None = None) -> McpConfig:
    """Read either format from text; raises ``McpConfigError`` naming the file, position and key."""
    where = str(path or "<config>")
    try:
        data = load_json(strip_jsonc(text))
    except BoundsError as exc:
        raise McpConfigError(f"{where}: refused: {exc}") from None
    except json.JSONDecodeError as exc:
        raise McpConfigError(f"{where}: line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise McpConfigError(f"{where}: line 1, column 1: the top level must be an object")
    section = "servers" if "servers" in data or "mcpServers" not in data else "mcpServers"
    raw = {**data, "servers": data.get(section, {})}
    raw.pop("mcpServers", None)
    workspace = path.resolve().parent.parent if path and path.parent.name == ".vscode" else None
    if path is not None and workspace is None:
        workspace = path.resolve().parent
    try:
        return McpConfig.model_validate({**raw, "path": path, "workspace": workspace})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [section if x == "servers" else x for x in err["loc"]]
        key = ".".join(str(x) for x in loc)
        raise McpConfigError(f"{where}: {_position(text, loc)}: {key}: {err['msg']}") from None


def load_config(path: str | Path | None = None, cwd: Path | None = None) -> McpConfig:
    """The named file, else the nearest ``.vscode/mcp.json``; an empty config when there is none."""
    found = Path(path) if path is not None else find_mcp_config(cwd)
    if found is None:
        return McpConfig()
    try:
        text = read_text(found, "MCP config")
    except DataFileError as exc:
        raise McpConfigError(str(exc)) from None
    return parse_config(text, found)
