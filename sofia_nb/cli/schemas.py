"""Generate the JSON Schemas of every command's result: ``python -m sofia_nb.cli.schemas DIR``.

Each command module lists its result models in ``RESULTS``; one ``<Model>.json`` is written per
model, and schema files no command produces any more are removed, so ``DIR`` mirrors the CLI.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from ._app import COMMAND_MODULES


def result_models() -> dict[str, type[BaseModel]]:
    """Every result model of every command, by model name (names must be unique across commands)."""
    models: dict[str, type[BaseModel]] = {}
    for name in COMMAND_MODULES:
        for model in getattr(importlib.import_module(f"{__package__}.{name}"), "RESULTS", ()):
            other = models.setdefault(model.__name__, model)
            if other is not model:
                raise ValueError(f"two result models are named {model.__name__}: rename one")
    return models


def render(model: type[BaseModel]) -> str:
    """The schema text for one model, as committed in ``docs/schemas/``."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **model.model_json_schema(mode="serialization"),
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(out_dir: Path) -> list[Path]:
    """Write one schema file per result model into ``out_dir``; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in sorted(result_models().items()):
        path = out_dir / f"{name}.json"
        path.write_text(render(model), encoding="utf-8")
        written.append(path)
    for stale in set(out_dir.glob("*.json")) - set(written):
        stale.unlink()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m sofia_nb.cli.schemas DIR", file=sys.stderr)
        return 2
    for path in write_schemas(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
