"""A real model's long reply in a real terminal: ``sofia-nb workshop --llm openai:gpt-4o`` in a pty
of 100x30 against the loopback OpenAI fake, which streams 12,000 characters in 4-character deltas.

The reply is taller than the screen: it must scroll past it and be shown whole (every section,
the last line), never cut to what fits; after the phase the terminal says what it used in tokens
and cost (gpt-4o's row of the bundled table: no config.toml), and again at the end."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from sofia_nb.session import Phase
from tests.support.long_reply import long_reply
from tests.support.openai_server import OpenAIServer, Reply

from .test_workshop_pty import ANSI, PROMPT

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))

pytestmark = pytest.mark.timeout(300)


def test_a_12000_character_reply_scrolls_and_is_shown_whole_then_tokens_and_cost(tmp_path: Path) -> None:
    reply = long_reply()
    sections = reply.count("### Section ")
    assert len(reply) >= 12_000 and sections > 30
    with OpenAIServer(responder=lambda body: Reply(reply, usage=(3_000, 3_000))) as server:
        env = {
            **os.environ,
            "SOFIA_HOME": str(tmp_path / ".sofia"),
            "TERM": "xterm-256color",
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "sk-loopback",
        }
        env.pop("SOFIA_LLM", None)
        env.pop("COLUMNS", None)
        child = pexpect.spawn(
            SOFIA_NB,
            ["workshop", "--llm", "openai:gpt-4o", "--consent-timeout", "60"],
            cwd=str(tmp_path),
            env=env,
            encoding="utf-8",
            dimensions=(30, 100),
            timeout=120,
        )
        seen: list[str] = []
        try:
            child.expect(PROMPT[Phase.DISCOVER])
            seen.append(child.before)
            shown = ANSI.sub("", child.before)
            for n in range(1, sections + 1):  # every block of the reply went past the 30-line screen
                assert re.search(rf"\bSection {n}\b", shown), f"Section {n} is not on screen"
            assert "ORCHARD-END" in shown and "###" not in shown and "**" not in shown
            assert shown.count("Section 1\n") + shown.count("Section 1 ") <= 1  # shown once, not twice
            child.sendline("done")
            child.expect(re.escape("[e] exit (pause) > "))
            child.sendline("c")  # Discover ends (asked first: its record is empty)
            child.expect(re.escape("[s] stay (Enter) > "))
            child.sendline("c")  # continue anyway: what it used is shown; Ideate opens with another reply
            child.expect(PROMPT[Phase.IDEATE])
            seen.append(child.before)
            child.sendeof()  # nobody left to answer: paused
            child.expect(pexpect.EOF)
            seen.append(child.before)
        finally:
            child.close(force=True)
    screen = ANSI.sub("", "".join(seen))
    # gpt-4o in the bundled table: $2.50 / $10 per million tokens (3,000 in and out per request)
    assert re.search(
        r"Discover used: [\d,]+ in / [\d,]+ out tokens; cost \$\d+\.\d{4} \(estimated, as of 2026-12-04\)",
        screen,
    ), screen[-2000:]
    assert re.search(r"this session so far: [\d,]+ in / [\d,]+ out tokens; cost \$", screen), screen[-2000:]
