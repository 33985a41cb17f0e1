"""``SOFIA_RECORD=PATH``: every reply a model gives, appended to PATH as a scripted-model file.

The file is the format of architecture.md §4.3 (``{"replies": [...]}``, YAML unless the name ends
in ``.json``), so a run against any endpoint becomes a fixture ``scripted:PATH`` replays. Replies
are kept in the order they were asked for, with their purpose, tool calls and reported usage;
secrets are redacted before anything is written.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import yaml

from .._datafile import read_json_or_yaml
from ..redact import redact
from ._types import LLMResponse, Purpose

RECORD_ENV = "SOFIA_RECORD"

_LOCK = threading.Lock()  # two clients of one process append to one file in turn


def record_path_from_env() -> Path | None:
    value = os.environ.get(RECORD_ENV, "").strip()
    return Path(value).expanduser() if value else None


def record_reply(path: Path, purpose: Purpose, response: LLMResponse, secrets: list[str]) -> None:
    """Append ``response`` to the recording at ``path`` (created with its folder when missing)."""
    reply: dict[str, Any] = {"purpose": purpose, "text": response.text}
    if response.tool_calls:
        reply["tool_calls"] = [{"name": c.name, "arguments": c.arguments} for c in response.tool_calls]
    if not response.usage.estimated:  # an estimate is the replay's own to make
        reply["usage"] = {
            "input_tokens": response.usage.input_tokens,
            "output_tokens": response.usage.output_tokens,
        }
        if response.usage.cached_input_tokens:
            reply["usage"]["cached_input_tokens"] = response.usage.cached_input_tokens
    with _LOCK:
        replies = _replies(path)
        replies.append(redact(reply, extra_secrets=[s for s in secrets if s]))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(_dump({"replies": replies}, path), encoding="utf-8")
        os.replace(tmp, path)  # a reader (or a crash) never sees half a recording


def _replies(path: Path) -> list[Any]:
    if not path.exists():
        return []
    data = read_json_or_yaml(path, "recording")
    return list(data.get("replies", [])) if isinstance(data, dict) else []


class _BlockStrings(yaml.SafeDumper):
    """Multi-line text as YAML ``|`` blocks, so a recording reads (and hand-edits) like the replies."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value and not any(ch in value for ch in "\r\t") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BlockStrings.add_representer(str, _text)


def _dump(data: dict[str, Any], path: Path) -> str:
    if path.suffix.lower() == ".json":
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return yaml.dump(data, Dumper=_BlockStrings, allow_unicode=True, sort_keys=False, width=100)
