"""Renderers for a tool result: JSON (the contract), TOON and Markdown (for people and prompts).

TOON (Token-Oriented Object Notation) writes ``key: value`` lines, lists of same-shaped flat objects
as one header ``key[N]{a,b}:`` plus one comma-separated row each, and primitive lists inline.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel

Format = Literal["json", "toon", "md"]
FORMATS: tuple[Format, ...] = ("json", "toon", "md")

_NEEDS_QUOTES = re.compile(r'^\s|\s$|[,:"\\\[\]{}\n\r\t]|^(true|false|null|-?\d+(\.\d+)?)$')


def to_data(result: BaseModel) -> dict[str, Any]:
    """The JSON-ready data of a result: what the MCP server sends and ``--format json`` prints."""
    return result.model_dump(mode="json")


def render(result: BaseModel, fmt: Format) -> str:
    """``result`` as text in ``fmt``, ending with a newline."""
    data = to_data(result)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    data = _drop_empty(data)
    if fmt == "toon":
        return "\n".join(_toon_object(data, 0)) + "\n"
    return "\n".join(_md_object(data, 2)).strip() + "\n"


def _drop_empty(value: Any) -> Any:
    """People's formats leave out what carries nothing: None, empty strings and empty lists."""
    if isinstance(value, dict):
        return {k: _drop_empty(v) for k, v in value.items() if v is not None and v != "" and v != []}
    if isinstance(value, list):
        # A table keeps its empty cells: every row needs every column.
        return value if _table_fields(value) is not None else [_drop_empty(v) for v in value]
    return value


def _scalar(value: Any) -> str:
    if value is None:  # only table cells and inline lists keep a None: an empty cell says "missing"
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    text = str(value)
    if text == "" or _NEEDS_QUOTES.search(text):
        return json.dumps(text, ensure_ascii=False)
    return text


def _is_flat(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _table_fields(items: list[Any]) -> list[str] | None:
    """The shared keys when every item is a flat object with the same keys, else None."""
    if not items or not all(isinstance(i, dict) for i in items):
        return None
    keys = list(items[0])
    if all(list(i) == keys and all(_is_cell(v) for v in i.values()) for i in items):
        return keys
    return None


def _is_cell(value: Any) -> bool:
    """Fits a table cell: flat and on one line (code in a cell would lose its line breaks)."""
    return _is_flat(value) and not (isinstance(value, str) and "\n" in value)


def _toon_object(data: dict[str, Any], depth: int) -> list[str]:
    pad = "  " * depth
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"{pad}{key}:")
            lines.extend(_toon_object(value, depth + 1))
        elif isinstance(value, list):
            lines.extend(_toon_list(key, value, depth))
        else:
            lines.append(f"{pad}{key}: {_scalar(value)}")
    return lines


def _toon_list(key: str, items: list[Any], depth: int) -> list[str]:
    pad = "  " * depth
    if all(_is_flat(i) for i in items):
        inline = ",".join(_scalar(i) for i in items)
        return [f"{pad}{key}[{len(items)}]: {inline}" if items else f"{pad}{key}[0]:"]
    fields = _table_fields(items)
    if fields is not None:
        rows = [f"{pad}  " + ",".join(_scalar(i[f]) for f in fields) for i in items]
        return [f"{pad}{key}[{len(items)}]{{{','.join(fields)}}}:", *rows]
    lines = [f"{pad}{key}[{len(items)}]:"]
    for item in items:
        if isinstance(item, dict):
            body = _toon_object(item, depth + 2)
            lines.append(f"{pad}  - " + body[0].lstrip() if body else f"{pad}  -")
            lines.extend(body[1:])
        else:
            lines.append(f"{pad}  - {_scalar(item)}")
    return lines


def _md_cell(value: Any) -> str:
    return (
        _scalar(value).strip('"').replace("|", "\\|")
        if not isinstance(value, str)
        else value.replace("|", "\\|").replace("\n", " ")
    )


def _md_object(data: dict[str, Any], level: int, lang: str = "") -> list[str]:
    """``data`` as Markdown; multi-line text is fenced, tagged with the nearest ``lang`` (code stays code)."""
    lines: list[str] = []
    lang = str(data.get("lang", lang))
    for key, value in data.items():
        title = key.replace("_", " ")
        if isinstance(value, dict):
            lines += ["", f"{'#' * level} {title}", *_md_object(value, min(level + 1, 6), lang)]
        elif isinstance(value, list):
            lines += ["", f"{'#' * level} {title} ({len(value)})", *_md_list(value, min(level + 1, 6), lang)]
        elif isinstance(value, str) and "\n" in value:
            fence = "`" * max(3, _longest_backtick_run(value) + 1)
            lines += ["", f"**{title}**:", "", fence + lang, value.rstrip("\n"), fence]
        elif value not in ("", None):
            lines.append(f"- **{title}**: {_md_cell(value)}")
    return lines


def _longest_backtick_run(text: str) -> int:
    return max((len(run) for run in re.findall(r"`+", text)), default=0)


def _md_list(items: list[Any], level: int, lang: str) -> list[str]:
    if not items:
        return ["", "(none)"]
    if all(_is_flat(i) for i in items):
        return ["", *(f"- {_md_cell(i)}" for i in items)]
    fields = _table_fields(items)
    if fields is not None:
        rows = ["| " + " | ".join(_md_cell(i[f]) for f in fields) + " |" for i in items]
        return ["", "| " + " | ".join(fields) + " |", "|" + "---|" * len(fields), *rows, ""]
    lines: list[str] = []
    for n, item in enumerate(items, 1):
        lines += [
            "",
            f"{'#' * level} {n}.",
            *(
                _md_object(item, min(level + 1, 6), lang)
                if isinstance(item, dict)
                else [f"- {_md_cell(item)}"]
            ),
        ]
    return lines
