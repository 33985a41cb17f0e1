"""A workshop where everything the product does not write is hostile: a scripted model whose
replies, diagram and records carry the payloads, and the hostile MCP server as its web search.

``write_workshop(folder, canary)`` lays out what every face needs: the model's script, the MCP
config, ``.sofia/config.toml`` (the search tool), the facilitator's inputs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import yaml

from tests.security.hostile_server import SERVER, entry
from tests.security.payloads import LABEL_PAYLOADS, PAYLOADS, model_diagram, payload_text
from tests.support.notebooks import write_notebook as notebook_file

FIRST_LINE = "Our company sells cold-chain monitoring to bakeries"
"""What the facilitator says first (the model's second reply answers it)."""
SEARCH_TOOL = f"{SERVER}/web_search"
COMPANY = "Coldchain Bakers"
"""The customer: the hostile server's hits are on its domain, so they are about it and shown."""


@dataclass(frozen=True)
class HostileWorkshop:
    folder: Path
    script: Path
    mcp_config: Path
    inputs: Path
    home: Path


def _record(canary: str) -> str:
    steps = [{"id": f"s{i}", "name": p.text(canary)} for i, p in enumerate(LABEL_PAYLOADS)]
    record = {
        "session_name": f"Hostile {PAYLOADS[0].text(canary)}",
        "business_context": {
            "company_name": COMPANY,
            "description": payload_text(canary),
            "challenges": [p.text(canary) for p in PAYLOADS],
        },
        "workflow": {
            "activities": [*steps, {"id": "done", "name": "Delivered"}],
            "edges": [
                {"source": s["id"], "target": "done", "label": p.text(canary)}
                for s, p in zip(steps, LABEL_PAYLOADS, strict=True)
            ],
        },
    }
    return f"```json\n{json.dumps(record, indent=1)}\n```"


def script(canary: str) -> dict[str, object]:
    """The model's side: payload prose and a payload diagram, a web search for a payload, records."""
    prose = payload_text(canary)
    return {
        "replies": [
            {
                "purpose": "chat",
                "match": "user: Introduce the Discover phase",
                "text": f"{prose}\n\n```mermaid\n{model_diagram(canary)}```\n",
            },
            {
                "purpose": "chat",
                "match": f"user: {FIRST_LINE}",
                "text": "Let me search for that.",
                "tool_calls": [
                    {"name": "builtin__web_search", "arguments": {"query": PAYLOADS[0].text(canary)}}
                ],
            },
            {
                "purpose": "chat",
                "match": "(?m)^tool: ",
                "text": f"What I found:\n\n{prose}\n\n{_record(canary)}",
            },
            {"purpose": "chat", "fallback": True, "text": prose},
            {"purpose": "extract", "fallback": True, "text": "{}"},
        ]
    }


def write_workshop(folder: Path, canary: str) -> HostileWorkshop:
    folder.mkdir(parents=True, exist_ok=True)
    script_path = folder / "hostile.yaml"
    script_path.write_text(yaml.safe_dump(script(canary), allow_unicode=True), encoding="utf-8")
    mcp = folder / "mcp.json"
    mcp.write_text(json.dumps({"servers": {SERVER: entry(canary)}}), encoding="utf-8")
    home = folder / ".sofia"
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text(f'[workshop]\nweb_search = "{SEARCH_TOOL}"\n', encoding="utf-8")
    inputs = folder / "inputs.yaml"
    inputs.write_text(
        yaml.safe_dump({"discover": [f"{FIRST_LINE}. {PAYLOADS[0].text(canary)}"]}), encoding="utf-8"
    )
    return HostileWorkshop(folder, script_path, mcp, inputs, home)


def write_notebook(hostile: HostileWorkshop, canary: str, name: str = "hostile.ipynb") -> Path:
    """A notebook that runs the hostile workshop in the app, then shows, exports and records it:
    at the screen (JupyterLab) or headless (``sofia-nb run`` injects ``interactive=False``)."""
    said = f"{FIRST_LINE}. {PAYLOADS[0].text(canary)}"
    cells = [
        (
            "import sofia_nb.ui as ui\n\n"
            "run = await ui.NotebookWorkshop.open(\n"
            f'    llm="scripted:{hostile.script.name}",\n'
            "    interactive=interactive,\n"
            '    consent_policy="allow-listed",\n'
            f'    preapproved_tools=["{SERVER}/*"],\n'
            f'    mcp_config="{hostile.mcp_config.name}",\n'
            ")\n"
            "run.app"
        ),
        f"await run.start()\nawait run.say({said!r})\nprint(run.audit())",
        'run.show("discover")',
        "run.export()",
        "run.record()",
        "if not interactive:\n    await run.aclose()",
    ]
    return notebook_file(hostile.folder / name, cells, parameters='interactive = True\nresult_path = ""')
