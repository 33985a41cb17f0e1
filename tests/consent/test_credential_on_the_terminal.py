"""The terminal's consent question with a credential in an argument (issue 45), in a real pty: the
gate (``ConsentedTools``) over a host whose server entry does or does not say ``sendCredentials``,
the broker, and ``TerminalConsent`` reading the pty. Refused with the message naming the argument
and the kind, nothing sent and the key never on the screen; with the setting, a warning, ``y``
sends it once."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

KEY = "sk-ptyPlanted0123456789abcdef"
CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from sofia_nb.consent import ConsentBroker, ConsentDenied, ConsentedTools, LineReader, TerminalConsent
    from sofia_nb.mcp import ServerConfig
    from sofia_nb.protocol import CallToolResult

    class Host:
        servers = ["search"]
        sent = []
        def entry(self, server):
            return ServerConfig(name=server, command="x", send_credentials=sys.argv[1] == "allowed")
        async def list_tools(self, server, timeout=None):
            return []
        async def call_tool(self, server, tool, arguments=None, timeout=None, **_):
            self.sent.append(arguments)
            return CallToolResult(content=[])

    async def main():
        host = Host()
        broker = ConsentBroker(TerminalConsent(LineReader(sys.stdin), sys.stdout), deadline_s=60)
        tools = ConsentedTools(host, broker)
        arguments = {"query": "cold chain", "extra": sys.argv[2]}
        try:
            await tools.call_tool("search", "web_search", arguments, origin="model")
        except ConsentDenied as exc:
            print(f"\\ndenied by {exc.decided_by}", flush=True)
        print(f"\\nsent={len(host.sent)} same={host.sent == [arguments]}", flush=True)

    asyncio.run(main())
    """
)


def spawn(tmp_path: Path, setting: str) -> pexpect.spawn:
    script = tmp_path / "ask.py"
    script.write_text(CHILD)
    env = {**os.environ, "OPENAI_API_KEY": KEY}
    return pexpect.spawn(sys.executable, [str(script), setting, KEY], encoding="utf-8", timeout=60, env=env)


def test_a_credential_is_refused_on_the_terminal_with_the_argument_and_kind(tmp_path: Path) -> None:
    child = spawn(tmp_path, "refused")
    try:
        child.expect(r"Refused: tool web_search of server search was not called: ")
        child.expect(r"argument 'extra' carries the value of \$OPENAI_API_KEY")
        child.expect(r"denied by credential check")
        child.expect(r"sent=0")
        child.expect(pexpect.EOF)
        assert KEY not in (child.before or "")
    finally:
        child.close(force=True)


def test_with_send_credentials_the_person_confirms_and_exactly_that_is_sent(tmp_path: Path) -> None:
    child = spawn(tmp_path, "allowed")
    try:
        child.expect(
            r"Send a credential to server search\? argument 'extra' carries the value of \$OPENAI_API_KEY"
        )
        child.expect(r"\[y\] send it once  \[N\] deny")
        screen = child.before or ""
        child.sendline("y")
        child.expect(r"sent=1 same=True")
        child.expect(pexpect.EOF)
        assert KEY not in screen and '"extra": "[REDACTED]"' in screen
    finally:
        child.close(force=True)
