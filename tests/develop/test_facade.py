"""open_development: the one way into dev and fix; its refusals speak of settings, not flags."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sofia_nb.config import SetupError
from sofia_nb.consent import PolicyConsent
from sofia_nb.develop import DevelopmentOptions, open_development


def test_a_refusal_names_the_setting_and_each_face_spells_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no .vscode/mcp.json above: no MCP servers
    (tmp_path / "plain").mkdir()

    async def fix() -> None:
        options = DevelopmentOptions(demo=True)
        async with await open_development(options, consent=PolicyConsent("deny")) as run:
            await run.fix(tmp_path / "plain")

    with pytest.raises(SetupError) as info:
        asyncio.run(fix())
    assert info.value.settings == ("init_git",)
    assert str(info.value).endswith("is not a git repository (set `init_git`)")
    assert "--" not in str(info.value)
    assert info.value.worded(lambda name: f"{name}=True").endswith("(set init_git=True)")
