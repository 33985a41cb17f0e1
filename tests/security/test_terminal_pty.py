"""The payload list in a real terminal (a pty driven by pexpect): a model's replies, a web search's
results, a tool's result and name, a file's text, a consent question.

No payload's escape sequence reaches the pty (the raw bytes it received are searched, rich's own
styling aside), rich markup in content prints as written, and, as positive controls, the printable
rest of every sequence and the markup's text are on screen. ``--json`` and pipes get the bytes as
they are (docs/context-tools.md promises verbatim text).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.security.hostile_workshop import FIRST_LINE, HostileWorkshop
from tests.security.payloads import PAYLOADS, TERMINAL_PAYLOADS, Canary, payload_text

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))
WAIT_S = 90
COLUMNS = 250  # wide enough that no payload line wraps

pytestmark = pytest.mark.timeout(300)


def _env(hostile: HostileWorkshop) -> dict[str, str]:
    env = {**os.environ, "SOFIA_HOME": str(hostile.home), "TERM": "xterm-256color", "COLUMNS": str(COLUMNS)}
    env.pop("SOFIA_LLM", None)
    return env


def _spawn(hostile: HostileWorkshop, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        SOFIA_NB,
        ["--mcp-config", str(hostile.mcp_config), *args],
        cwd=str(hostile.folder),
        env=_env(hostile),
        encoding="utf-8",
        codec_errors="strict",
        dimensions=(80, COLUMNS),
        timeout=WAIT_S,
    )


def _finish(child: pexpect.spawn) -> tuple[str, int]:
    child.expect(pexpect.EOF)
    child.close()
    return child.before, child.exitstatus if child.exitstatus is not None else -1


def assert_inert_on_screen(raw: str, canary: Canary, *, markup: bool = True) -> None:
    """``raw`` (everything the pty received) holds no payload sequence, and their printable rests."""
    for payload in TERMINAL_PAYLOADS:
        assert payload.sequence not in raw, f"{payload.name} reached the terminal"
        for rest in payload.visible(canary.url):
            assert rest in raw, f"{payload.name}: {rest!r} is not on screen"
    assert "\x07" not in raw and "\x9b" not in raw  # a bell ends OSC sequences; 0x9b starts CSI
    if markup:
        (rich_markup,) = (p for p in PAYLOADS if p.kind == "markup")
        assert rich_markup.text(canary.url) in raw  # printed as written, not read as styles


def test_the_workshop_in_a_terminal_shows_model_and_search_text_as_text(
    hostile: HostileWorkshop, canary: Canary
) -> None:
    child = _spawn(hostile, "workshop", "--llm", f"scripted:{hostile.script}")
    seen = []
    child.expect_exact("[Discover] > ")  # the model's opening: every payload, and its diagram
    seen.append(child.before)
    child.sendline(f"{FIRST_LINE}. {PAYLOADS[0].text(canary.url)}")
    for _ in range(2):  # the model's search for a payload, then the enrichment's searches
        child.expect_exact("[N] deny")
        seen.append(child.before)
        child.expect_exact("> ")
        child.sendline("y")
    child.expect_exact("[Discover] > ")  # the search results, and the model's reply with its records
    seen.append(child.before)
    child.sendline("done")
    child.expect_exact("[e] exit (pause) > ")
    seen.append(child.before)
    child.sendline("e")
    rest, status = _finish(child)
    raw = "".join([*seen, rest])
    assert status == 0, raw[-2000:]
    assert_inert_on_screen(raw, canary)
    assert "Allow tool web_search of server hostile" in raw and "img-onerror" in raw  # the question, as text
    assert canary.hits == []


def test_mcp_call_and_tools_in_a_terminal(hostile: HostileWorkshop, canary: Canary) -> None:
    raw, status = _finish(_spawn(hostile, "mcp", "call", "hostile", "fetch_page"))
    assert status == 0, raw[-2000:]
    assert_inert_on_screen(raw, canary)
    raw, status = _finish(_spawn(hostile, "mcp", "tools", "hostile"))
    assert status == 0, raw[-2000:]  # a tool named "[/]" is a name, not a closing tag
    assert "[/]" in raw and "fetch_page" in raw and "\x1b]" not in raw


def test_json_and_pipes_get_the_bytes_as_they_are(hostile: HostileWorkshop, canary: Canary) -> None:
    base = [SOFIA_NB, "--mcp-config", str(hostile.mcp_config), "mcp", "call", "hostile", "fetch_page"]
    run = {"cwd": hostile.folder, "env": _env(hostile), "capture_output": True, "timeout": WAIT_S}
    as_json = subprocess.run([*base, "--json"], check=True, **run)  # type: ignore[call-overload]
    result = json.loads(as_json.stdout.decode("utf-8").splitlines()[-1])
    assert result["content"][0]["text"] == payload_text(canary.url)
    piped = subprocess.run(base, check=True, **run)  # type: ignore[call-overload]
    assert payload_text(canary.url).encode("utf-8") in piped.stdout


def test_a_files_text_on_a_terminal_and_through_a_pipe(hostile: HostileWorkshop, canary: Canary) -> None:
    source = '"""A module."""\n' + "".join(f"# {p.text(canary.url)}\n" for p in PAYLOADS) + "X = 1\n"
    (hostile.folder / "evil.py").write_text(source, encoding="utf-8")
    raw, status = _finish(_spawn(hostile, "ctx", "code", "evil.py"))
    assert status == 0, raw[-2000:]
    assert_inert_on_screen(raw, canary)
    piped = subprocess.run(
        [SOFIA_NB, "ctx", "code", "evil.py"],
        cwd=hostile.folder,
        capture_output=True,
        timeout=WAIT_S,
        check=True,
    )
    assert piped.stdout.decode("utf-8") == source  # verbatim, escape sequences and all
