"""Version 6, the ledger (issue 43 item 5, issue 46): a version-5 file's token totals become one
``before-ledger`` entry per phase, so its sums, its cost and what ``status`` shows are what they
were, and every request from then on is added to them."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb._usage import Usage
from sofia_nb.session import SCHEMA_VERSION, SessionStore

SID = "20261205-003000-abcd"
V5_TOKENS = {
    "input_tokens": 61_000,
    "output_tokens": 5_000,
    "cost_usd": 0.2,
    "estimated": False,
    "by_phase": {
        "discover": {"input_tokens": 13_000, "output_tokens": 2_000, "cost_usd": 0.0525},
        "develop": {"input_tokens": 48_000, "output_tokens": 3_000, "cost_usd": 0.1475},
    },
}


def test_a_version_5_file_gets_a_ledger_from_its_totals(tmp_path: Path) -> None:
    v5 = {"id": SID, "schema_version": 5, "updated_at": "2026-12-05T00:30:00Z", "tokens": V5_TOKENS}
    (tmp_path / f"{SID}.json").write_text(json.dumps(v5), encoding="utf-8")
    store = SessionStore(tmp_path)
    session = store.load(SID)
    assert session.schema_version == SCHEMA_VERSION >= 6
    assert [(e.phase, e.purpose, e.usage.input_tokens, e.usage.cost_usd) for e in session.ledger] == [
        ("discover", "before-ledger", 13_000, 0.0525),
        ("develop", "before-ledger", 48_000, 0.1475),
    ]
    assert session.ledger[0].at.isoformat().startswith("2026-12-05T00:30:00")
    t = session.tokens
    assert (t.input_tokens, t.output_tokens, round(t.cost_usd or 0, 4)) == (61_000, 5_000, 0.2)
    session.spend(
        "develop", "fix", "openai:gpt-4o", Usage(input_tokens=1_000, output_tokens=10, cost_usd=0.01)
    )
    store.save(session)
    saved = json.loads((tmp_path / f"{SID}.json").read_text())
    assert [e["purpose"] for e in saved["ledger"]] == ["before-ledger", "before-ledger", "fix"]
    again = store.load(SID)
    assert again.tokens.by_phase["develop"].input_tokens == 49_000
    assert round(again.tokens.cost_usd or 0, 4) == 0.21


def test_a_version_5_file_that_spent_nothing_has_an_empty_ledger(tmp_path: Path) -> None:
    (tmp_path / f"{SID}.json").write_text(json.dumps({"id": SID, "schema_version": 5}), encoding="utf-8")
    session = SessionStore(tmp_path).load(SID)
    assert session.ledger == [] and session.tokens.input_tokens == 0
