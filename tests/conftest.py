"""Suite-wide setup: Ctrl+C as a terminal gives it, an isolated SOFIA_HOME per test, and the
project-local npm binaries."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NPM_BIN = ROOT / "tools" / "npm" / "node_modules" / ".bin"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SOFIA_HOME, so nothing touches the developer's sessions."""
    home = tmp_path_factory.mktemp("sofia_home")
    monkeypatch.setenv("SOFIA_HOME", str(home))
    monkeypatch.delenv("SOFIA_LLM", raising=False)
    return home


def npm_binary(name: str) -> Path:
    """A binary from the project-local npm install; skips the test (with the reason) when absent."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed; the reference MCP servers need it")
    path = NPM_BIN / name
    if not path.exists():
        pytest.skip(f"{path} is missing; run `make npm` to install the reference servers")
    return path


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl+C raises KeyboardInterrupt, here and in every child, however the suite was started.

    A shell script that starts ``make test`` with ``&`` hands it SIGINT ignored, and an ignored
    signal stays ignored across ``exec``: the tests that press Ctrl+C (on a grid, on a blocked MCP
    call) would then wait for an interrupt that never comes.
    """
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("SOFIA_LIVE") == "1":
        return
    skip_live = pytest.mark.skip(reason="live test: set SOFIA_LIVE=1 (needs network and real tokens)")
    for item in items:
        if "live" in item.keywords:
            item.add_marker(skip_live)
