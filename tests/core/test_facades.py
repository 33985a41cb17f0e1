"""One façade per job: the model, the MCP manager and the consent broker are built in the façade
modules only, so every face (terminal, notebooks, batch) gets the same set-up."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r"(?<![\w.])(?:McpManager|create_llm|ConsentBroker|build_workshop)\(")

FACADES = {
    "sofia_nb/develop/_facade.py",  # dev and fix: open_development
    "sofia_nb/workshop/_facade.py",  # the workshop: open_workshop
    "sofia_nb/workshop/_setup.py",  # build_workshop, which open_workshop calls (the broker, the tools)
}
"""Modules allowed to build the three (besides the packages that define them)."""

DEFINED_IN = ("sofia_nb/mcp/", "sofia_nb/llm/", "sofia_nb/consent/")
"""The packages that define them (and may make their own, e.g. the sync twin of McpManager)."""

PENDING = {
    # The MCP job (`sofia-nb mcp list/call/...`, the MCP explorer notebook) has no model and no
    # consent broker to assemble: its whole set-up is one McpManager over one config, so the
    # manager is that job's façade.
    "sofia_nb/cli/_mcp.py",
    "notebooks/03_mcp_explorer.ipynb",
}


def _sources() -> dict[str, str]:
    found = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in (ROOT / "sofia_nb").rglob("*.py")
    }
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        found[str(notebook.relative_to(ROOT))] = "\n".join(
            "".join(c["source"]) for c in cells if c["cell_type"] == "code"
        )
    return found


def _calls(text: str) -> list[str]:
    # Lines in docstrings or comments that show a call are examples, not set-up; only code counts.
    return [
        line.strip()
        for line in text.splitlines()
        if CALL.search(line) and not line.lstrip().startswith(("#", "def ", "class ", '"""', ">>>"))
    ]


def test_the_model_the_mcp_manager_and_the_consent_broker_are_built_in_facades_only() -> None:
    outside = {
        path: calls
        for path, text in _sources().items()
        if not path.startswith(DEFINED_IN) and path not in FACADES | PENDING and (calls := _calls(text))
    }
    assert outside == {}, "build these through a façade (open_development, ...): " + json.dumps(
        outside, indent=1
    )


def test_the_allow_lists_name_files_that_exist_and_still_need_it() -> None:
    sources = _sources()
    for path in FACADES | PENDING:
        assert path in sources, f"{path} is listed but does not exist"
    for path in PENDING:
        assert _calls(sources[path]), f"{path} no longer builds any of them: remove it from PENDING"


def test_every_public_name_of_the_facades_says_what_it_does() -> None:
    """A docstring on every public class, function and method of the two façade modules."""
    import ast

    missing = []
    for path in ("sofia_nb/workshop/_facade.py", "sofia_nb/develop/_facade.py"):
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            named = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            if named and not node.name.startswith("_") and ast.get_docstring(node) is None:
                missing.append(f"{path}:{node.lineno} {node.name}")
    assert missing == []
