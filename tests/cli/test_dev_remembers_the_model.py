"""``sofia-nb dev --session ID`` with neither ``--llm`` nor ``--demo`` uses the model the session
was run with (its ``RunSettings``), as ``workshop --session`` does: the ``dev`` command a workshop
prints at its end works when pasted. Run as a user runs it: the real CLI in a subprocess, against
a loopback OpenAI-compatible server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import RunSettings, SessionStore
from tests.develop.conftest import fixture_session
from tests.support.openai_server import OpenAIServer

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))

pytestmark = pytest.mark.timeout(120)


def test_dev_uses_the_model_the_session_was_run_with(tmp_path: Path) -> None:
    session = fixture_session()
    session.run_settings = RunSettings(llm="openai:gpt-4o")
    SessionStore(tmp_path / ".sofia" / "sessions").save(session)
    with OpenAIServer() as server:
        server.error(401, "invalid api key")  # the request is what the test looks for
        env = {
            **{k: v for k, v in os.environ.items() if k not in ("SOFIA_LLM", "OPENAI_API_KEY")},
            "SOFIA_HOME": str(tmp_path / ".sofia"),
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "sk-loopback",
        }
        done = subprocess.run(
            [SOFIA_NB, "dev", "--session", "last", "--output", str(tmp_path / "poc")],
            env=env,
            capture_output=True,
            text=True,
            timeout=100,
            stdin=subprocess.DEVNULL,
        )
        asked = server.chat_requests()
    assert "no model is configured" not in done.stderr, done.stderr
    assert asked, done.stderr  # the remembered openai:gpt-4o was asked for the scaffold
    assert asked[0].body["model"] == "gpt-4o"
