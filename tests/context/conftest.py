from __future__ import annotations

from pathlib import Path

import pytest

from ._trees import write_sources


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture sources, written once per module (tools only read them)."""
    return write_sources(tmp_path_factory.mktemp("src").resolve())


@pytest.fixture(autouse=True)
def _no_dedup(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dedup is per agent session; tests that want it set a session id themselves."""
    monkeypatch.delenv("SOFIA_SESSION_ID", raising=False)
    monkeypatch.delenv("CLAUDE_CODE_SESSION_ID", raising=False)
    monkeypatch.delenv("SOFIA_CODE_RAW_BELOW", raising=False)
    monkeypatch.delenv("SOFIA_DEDUP_WINDOW", raising=False)
