"""The MCP wire is byte-exact (docs/security.md, "What stays byte-exact"): the context tools'
server hands a coding agent a file's text as it is, escape sequences and rich markup included.
Making text inert is the terminal's job (``cli/_output.py``); a filter on the wire would change
the code an agent reads and edits. A real ``sofia-nb mcp serve`` process over stdio.
"""

from __future__ import annotations

from pathlib import Path

from tests.security.payloads import TERMINAL_PAYLOADS
from tests.server.test_never_blocks import Server

MARKUP = "[bold red]not markup[/bold red] [/]"


def test_escape_sequences_and_markup_in_a_file_reach_the_agent_as_they_are(tmp_path: Path) -> None:
    lines = [f"s{i} = {p.template!r}  # {p.template}" for i, p in enumerate(TERMINAL_PAYLOADS)]
    lines.append(f"m = 1  # {MARKUP}")
    (tmp_path / "hostile.py").write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")
    server = Server(tmp_path)
    try:
        read = server.call(2, "code", files=["hostile.py"], lines="1-")
        found = server.call(3, "grep", patterns=["not markup"])
    finally:
        server.stop()
    text = read["content"][0]["text"]
    for payload in TERMINAL_PAYLOADS:
        assert payload.sequence in text, payload.name
    assert MARKUP in text
    assert MARKUP in found["content"][0]["text"]
