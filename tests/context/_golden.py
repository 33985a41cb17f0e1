"""Golden JSON files under ``tests/context/golden``: compare a result with a committed file;
``UPDATE_GOLDEN=1`` rewrites them."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

GOLDEN = Path(__file__).parent / "golden"


def normalise(data: Any, replacements: dict[str, str]) -> Any:
    """``data`` as JSON with each key of ``replacements`` (a tmp path...) replaced by its value."""
    plain = data.model_dump(mode="json") if isinstance(data, BaseModel) else data
    text = json.dumps(plain, ensure_ascii=False)
    for old, new in sorted(replacements.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(json.dumps(old)[1:-1], new)
    return json.loads(text)


def assert_golden(name: str, data: Any, replacements: dict[str, str] | Path | None = None) -> None:
    """``data`` (normalised) equals ``golden/<name>.json``; a missing file is written and fails once.

    ``replacements`` maps text to its stand-in; a ``Path`` is short for ``{str(path): "<root>"}``."""
    if isinstance(replacements, Path):
        replacements = {str(replacements): "<root>"}
    actual = normalise(data, replacements or {})
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
