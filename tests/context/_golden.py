"""Golden JSON under ``tests/context/golden``; ``UPDATE_GOLDEN=1`` rewrites them (as in context2)."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

from tests.context2._golden import normalise

GOLDEN = Path(__file__).parent / "golden"


def assert_golden(name: str, data: Any, root: Path) -> None:
    """``data`` with ``root`` written as ``<root>`` equals ``golden/<name>.json``."""
    actual = normalise(data, {str(root): "<root>"})
    path = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if os.environ.get("UPDATE_GOLDEN") != "1":
            raise AssertionError(f"{path} did not exist; written now, check it and run again")
    expected = json.loads(path.read_text(encoding="utf-8"))
    if actual != expected:  # a unified diff: the plain assert of two big dicts shows no difference
        diff = difflib.unified_diff(
            json.dumps(expected, indent=2, ensure_ascii=False).splitlines(),
            json.dumps(actual, indent=2, ensure_ascii=False).splitlines(),
            f"golden/{name}.json",
            "actual",
            lineterm="",
        )
        raise AssertionError("\n".join(diff))
