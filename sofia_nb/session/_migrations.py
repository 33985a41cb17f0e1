"""Schema migrations: each entry upgrades a raw session dict from one version to the next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._models import SCHEMA_VERSION, split_mermaid
from ._team import TeamRoom, team_scores, team_votes

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds ``business_context.company_name`` and ``human_value_score``; a numeric
    ``human_value`` written by hand into a version-1 file becomes the score."""
    for evaluation in (data.get("evaluation") or {}).get("ideas") or []:
        value = evaluation.get("human_value")
        if isinstance(value, int | float) and not isinstance(value, bool):
            evaluation["human_value_score"] = float(value)
            evaluation["human_value"] = ""
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 gives the plan's architecture diagram a field of its own: Mermaid fences in
    ``plan.architecture_notes`` move to ``plan.architecture_diagram``, the prose stays."""
    plan = data.get("plan")
    if isinstance(plan, dict) and isinstance(plan.get("architecture_notes"), str):
        prose, diagram = split_mermaid(plan["architecture_notes"])
        if diagram and not plan.get("architecture_diagram"):
            plan["architecture_notes"], plan["architecture_diagram"] = prose, diagram
    return data


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 keeps the team in the room (``team``: members, rounds, contributions) and marks
    ideas the team submitted (``Idea.from_team``): a version-3 session had no team, so it gets an
    empty room; a ``team`` key written by hand into a version-3 file is kept (and validated)."""
    data.setdefault("team", {"members": [], "rounds": [], "contributions": []})
    return data


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 keeps the team's numbers in the records: Design's evaluation gets the team's
    scores per idea (``team_scores``), Select's selection the team's dot votes (``team_votes``),
    computed from the version-4 room as the product computes them from then on."""
    room = TeamRoom.model_validate(data.get("team") or {})
    ideas = [i["id"] for i in data.get("ideas") or [] if isinstance(i, dict) and isinstance(i.get("id"), str)]
    if isinstance(data.get("evaluation"), dict):
        data["evaluation"]["team_scores"] = [s.model_dump(mode="json") for s in team_scores(room, ideas)]
    if isinstance(data.get("selection"), dict):
        data["selection"]["team_votes"] = [v.model_dump(mode="json") for v in team_votes(room, ideas)]
    return data


def _v5_to_v6(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6 (this round's one new version): each concern that adds to it appends its step to
    ``_V6_STEPS``, in the order they landed."""
    for step in _V6_STEPS:
        data = step(data)
    return data


def _v6_room(data: dict[str, Any]) -> dict[str, Any]:
    """The room remembers whether joining is open (``team.joining_open``: a version-5 room was
    open whenever it was served) and which members the facilitator removed (``removed`` on each
    member: none before version 6)."""
    team = data.get("team")
    if isinstance(team, dict):
        team.setdefault("joining_open", True)
        for member in team.get("members") or []:
            if isinstance(member, dict):
                member.setdefault("removed", False)
    return data


def _v6_ledger(data: dict[str, Any]) -> dict[str, Any]:
    """Issue 46 / 43 item 5: the ledger of model requests (``ledger``), built from a version-5
    file's totals as well as they allow: one ``before-ledger`` entry per phase with that phase's
    tokens and cost (the requests themselves were not kept), dated at the file's last update. A
    version-5 Develop phase's cost counted its scaffold request only; its tokens are whole."""
    tokens = data.get("tokens")
    if "ledger" in data or not isinstance(tokens, dict):
        return data
    at = data.get("updated_at")
    by_phase = tokens.get("by_phase")
    by_phase = by_phase if isinstance(by_phase, dict) else {}
    if not by_phase and (tokens.get("input_tokens") or tokens.get("output_tokens")):
        keep = ("input_tokens", "output_tokens", "estimated", "cost_usd")
        by_phase = {"session": {k: tokens[k] for k in keep if k in tokens}}
    data["ledger"] = [
        {"phase": phase, "purpose": "before-ledger", "usage": usage, **({"at": at} if at else {})}
        for phase, usage in by_phase.items()
        if isinstance(usage, dict)
    ]
    return data


def _v6_lifecycle(data: dict[str, Any]) -> dict[str, Any]:
    """One name for a session that ended badly: ``errored`` (never set by the product, documented
    as ``failed``) becomes ``failed``; and ``run_settings`` (how the session was run) is null: a
    version-5 file did not record it, so its next run uses the flags, environment and config file
    as before and records them."""
    if data.get("status") == "errored":
        data["status"] = "failed"
    data.setdefault("run_settings", None)
    return data


def _v6_poc_checkpoint(data: dict[str, Any]) -> dict[str, Any]:
    """Issue 43, the Ralph loop: ``poc.checkpoint`` is the commit of the last recorded step, which a
    resumed run trusts; a version-5 PoC gets its newest recorded commit (the scaffold's or an
    iteration's). ``environment_ready`` stays false: the next run makes the PoC's ``.venv`` again."""
    poc = data.get("poc")
    if isinstance(poc, dict) and not poc.get("checkpoint"):
        done = [
            i
            for i in poc.get("iterations") or []
            if isinstance(i, dict) and (i.get("outcome") == "scaffold" or i.get("ended_at"))
        ]
        commits = [i["commit"] for i in done if isinstance(i.get("commit"), str) and i["commit"]]
        poc["checkpoint"] = commits[-1] if commits else ""
    return data


_FACILITATOR_HOWTO = " Web search is off: "
"""Where a version-5 research note went on with the facilitator's how-to (``.vscode/mcp.json``)."""


def _v6_customers_export(data: dict[str, Any]) -> dict[str, Any]:
    """The export is the customer's: a research note keeps what happened ("Web search: not
    configured; continuing without it.") without the facilitator's how-to that version 5 added
    (edit ``.vscode/mcp.json``), and the PoC keeps which tests name each success criterion
    (``poc.criteria``; the loop's next run records it: none before version 6)."""
    discovery = data.get("discovery")
    enrichment = discovery.get("enrichment") if isinstance(discovery, dict) else None
    if isinstance(enrichment, dict) and isinstance(enrichment.get("notes"), list):
        enrichment["notes"] = [
            n.split(_FACILITATOR_HOWTO, 1)[0] if isinstance(n, str) else n for n in enrichment["notes"]
        ]
    if isinstance(data.get("poc"), dict):
        data["poc"].setdefault("criteria", [])
    return data


_V6_STEPS: list[Migration] = [_v6_room, _v6_ledger, _v6_lifecycle, _v6_poc_checkpoint, _v6_customers_export]


# version N -> function turning an N document into an N+1 document.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade ``data`` step by step to ``SCHEMA_VERSION``; documents already current pass through."""
    for version in range(int(data.get("schema_version", 1)), SCHEMA_VERSION):  # bounded by construction
        data = MIGRATIONS[version](data)
        data["schema_version"] = version + 1
    return data
