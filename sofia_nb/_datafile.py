"""One reader for the JSON-or-YAML files people write (the scripted model file, the inputs file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml


class DataFileError(ValueError):
    """A data file that cannot be read or does not parse; the message names the file."""


def read_json_or_yaml(path: Path, what: str) -> Any:
    """The file's data: JSON when the name ends in ``.json``, else YAML (which reads JSON too).

    ``what`` names the file in errors, e.g. ``"inputs file"``.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"cannot read the {what} {path}: {exc.strerror}") from None
    try:
        return json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise DataFileError(f"the {what} {path} does not parse: {exc}") from None
