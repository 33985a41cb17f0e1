"""One reader for the JSON-or-YAML files people write (the scripted model file, the inputs and room files)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from ._validation import describe

M = TypeVar("M", bound=BaseModel)


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


def read_model(model: type[M], path: str | Path, what: str) -> M:
    """A JSON or YAML file read as ``model``: an empty file is an empty object; every error,
    unreadable or invalid, is a ``DataFileError`` that names the file and the bad key."""
    path = Path(path)
    data = read_json_or_yaml(path, what)
    try:
        return model.model_validate(data or {})
    except ValidationError as exc:
        raise DataFileError(f"{path}: {describe(exc, root='(root)')}") from None
