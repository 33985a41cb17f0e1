"""Golden JSON files: compare a result with a committed file; ``UPDATE_GOLDEN=1`` rewrites them."""

from __future__ import annotations

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


def assert_golden_file(path: Path, data: Any, replacements: dict[str, str] | None = None) -> None:
    """``data`` (normalised) equals the JSON in ``path``; a missing file is written and fails once."""
    actual = normalise(data, replacements or {})
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if os.environ.get("UPDATE_GOLDEN") != "1":
            raise AssertionError(f"{path} did not exist; written now, check it and run again")
    assert actual == json.loads(path.read_text(encoding="utf-8"))


def assert_golden(name: str, data: Any, replacements: dict[str, str] | None = None) -> None:
    """:func:`assert_golden_file` for ``tests/context2/golden/<name>.json``."""
    assert_golden_file(GOLDEN / f"{name}.json", data, replacements)
