"""``doctor`` asks before it calls a model ready: one models-list request (never a completion)
against a closed port, a loopback OpenAI fake that answers, and one that refuses the key; Ollama
is ready only when its server answers; the table reads at 80 columns."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.support.openai_server import OpenAIServer

from .test_commands import doctor


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed again when the block ends: nothing listens there


@pytest.fixture(autouse=True)
def _no_ollama(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{_closed_port()}")
    monkeypatch.delenv("SOFIA_LLM", raising=False)


def test_a_closed_port_is_unreachable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{_closed_port()}/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-doctor-closed-0123456789")
    report, output = doctor(capsys, "--llm", "openai:gpt-4o")
    assert report is not None and report["llm"]["check"]["state"] == "unreachable"
    assert "sk-doctor-closed" not in output


def test_a_server_that_answers_is_reachable_and_was_asked_for_its_models_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with OpenAIServer(require_key="sk-doctor-good-0123456789") as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-doctor-good-0123456789")
        report, _ = doctor(capsys, "--llm", "openai:gpt-4o")
        _, text = doctor(capsys, "--llm", "openai:gpt-4o", human=True)
    assert report is not None and report["llm"]["check"]["state"] == "reachable"
    assert [(r.method, r.path) for r in server.requests] == [("GET", "/v1/models")] * 2  # never a completion
    assert "reachable" in text and "sk-doctor-good" not in text


def test_a_server_that_refuses_the_key_is_refused_by_authentication(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with OpenAIServer(require_key="the-right-key") as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-doctor-wrong-0123456789")
        report, output = doctor(capsys, "--llm", "openai:gpt-4o")
    assert report is not None
    check = report["llm"]["check"]
    assert check["state"] == "refused" and "OPENAI_API_KEY" in check["detail"]
    assert "sk-doctor-wrong" not in output


def test_ollama_is_ready_only_when_its_server_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    report, _ = doctor(capsys, "--llm", "ollama:llama3.2")
    assert report is not None
    ollama = next(p for p in report["llm"]["providers"] if p["provider"] == "ollama")
    assert ollama["checked"] and not ollama["configured"]
    assert report["llm"]["check"]["state"] == "unreachable"
    with OpenAIServer() as server:  # Ollama serves the OpenAI models list under /v1
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        report, _ = doctor(capsys, "--llm", "ollama:llama3.2")
    assert report is not None and report["llm"]["check"]["state"] == "reachable"


def test_the_table_reads_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    _, text = doctor(capsys, human=True)
    lines = [line.rstrip() for line in text.splitlines()]
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    # every path stands whole on a line of its own, never cut into fragments
    assert (
        "    ./tools/npm/node_modules/.bin/mcp-server-everything" in lines
        or not Path("tools/npm/node_modules/.bin/mcp-server-everything").exists()
    )
