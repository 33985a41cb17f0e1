"""Web search by default, as a user meets it: a search server in ``.vscode/mcp.json``, no
``[workshop]`` settings, a scripted model; the workshop searches (with consent) for the company,
whichever way the team phrased its name."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml

from sofia_nb.config import Settings
from sofia_nb.consent import PolicyConsent
from sofia_nb.session import SessionStore
from sofia_nb.workshop import WorkshopOptions, open_workshop
from tests.support import fake_websearch
from tests.workshop.test_company import PHRASINGS


def _script(path: Path, description: str) -> Path:
    block = json.dumps({"business_context": {"description": description, "challenges": ["waste"]}})
    replies = [
        {"purpose": "chat", "text": "Welcome to Discover. Tell me about the business."},
        {"purpose": "chat", "text": f"Noted.\n```json\n{block}\n```"},
    ]
    path.write_text(yaml.safe_dump({"replies": replies}), encoding="utf-8")
    return path


@pytest.mark.parametrize(("phrasing", "company"), PHRASINGS)
def test_the_workshop_searches_for_the_company_with_only_a_search_server_configured(
    phrasing: str, company: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "brave.jsonl"
    (tmp_path / ".vscode").mkdir()
    servers = {"brave": fake_websearch.entry(call_log=log, tool="brave_web_search")}
    (tmp_path / ".vscode" / "mcp.json").write_text(json.dumps({"servers": servers}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    options = WorkshopOptions(llm=f"scripted:{_script(tmp_path / 'script.yaml', phrasing)}")

    async def run() -> list[str]:
        opened = await open_workshop(
            options,
            consent=PolicyConsent("allow:brave/*"),
            settings=Settings(),
            store=SessionStore(tmp_path / "sessions"),
        )
        async with opened:
            await opened.workshop.start_phase()
            await opened.workshop.send(phrasing)
        return [c.tool for c in opened.session.consent_decisions]

    asked = asyncio.run(run())
    assert asked == ["brave/brave_web_search"]  # asked once, before any query was sent
    queries = [json.loads(line)["arguments"]["query"] for line in log.read_text().splitlines()]
    assert len(queries) == 3 and all(company in q for q in queries), queries
