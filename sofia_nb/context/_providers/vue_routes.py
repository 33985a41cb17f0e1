"""``vue_routes``: a vue-router configuration as a flat route map (nested, absolute, index and lazy routes).

Read with a bracket matcher that knows strings and comments, not a full parser: route tables are
plain literals, and this works on files the TypeScript grammar would need type information for.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .._registry import ContextTool
from .._support.budget import BudgetInput
from .._support.errors import ContextError
from .._support.roots import resolve_path
from .._support.walk import walk_files

_ROUTES = re.compile(r"\broutes\s*(?::[^=\n]*)?[=:]\s*\[")
_STRING = re.compile(r"""^\s*(['"`])(.*?)\1\s*$""", re.S)
_LAZY = re.compile(r"""import\(\s*(?:/\*.*?\*/\s*)?['"`]([^'"`]+)['"`]\s*\)""", re.S)
_PAIRS = {"(": ")", "[": "]", "{": "}"}


class VueRoutesInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    file: str = Field(
        "",
        description="The router file; default: the first router/index.ts (or .js), else "
        "router.ts, under root",
    )
    root: str = Field(".", description="Where to look for the router file")


class VueRoute(BaseModel):
    path: str = Field(description="the full path, parents joined")
    name: str = ""
    component: str = Field("", description="component name, or the lazily imported file's base name")
    lazy: bool = Field(False, description="the component is loaded with import()")
    redirect: str = ""
    meta: str = Field("", description="the meta object's source, whitespace collapsed")


class VueRoutesResult(BaseModel):
    file: str
    routes: list[VueRoute]


def _skip_literal(text: str, i: int) -> int:
    """The index after the string or comment starting at ``i`` (or ``i`` when there is none)."""
    ch = text[i]
    if ch in "'\"`":
        j = i + 1
        while j < len(text) and text[j] != ch:
            j += 2 if text[j] == "\\" else 1
        return j + 1
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        return len(text) if end < 0 else end + 2
    return i


def _closing(text: str, open_at: int) -> int:
    """Index of the bracket closing the one at ``open_at``."""
    stack = [_PAIRS[text[open_at]]]
    i = open_at + 1
    while i < len(text):
        after = _skip_literal(text, i)
        if after != i:
            i = after
            continue
        ch = text[i]
        if ch in _PAIRS:
            stack.append(_PAIRS[ch])
        elif ch in ")]}":
            stack.pop()
            if not stack:
                return i
        i += 1
    raise ContextError("unbalanced brackets in the routes table")


def _top_level(body: str) -> list[str]:
    """``body`` split at commas outside brackets, strings and comments."""
    parts, start, i = [], 0, 0
    while i < len(body):
        after = _skip_literal(body, i)
        if after != i:
            i = after
            continue
        if body[i] in _PAIRS:
            i = _closing(body, i) + 1
            continue
        if body[i] == ",":
            parts.append(body[start:i])
            start = i + 1
        i += 1
    parts.append(body[start:])
    return [p.strip() for p in parts if p.strip()]


def _string(value: str) -> str:
    match = _STRING.match(value)
    return match[2] if match else ""


def _join(parent: str, child: str) -> str:
    if child.startswith("/"):
        return child
    if not child:
        return parent or "/"
    return f"/{child}" if parent in ("", "/") else f"{parent.rstrip('/')}/{child}"


def _routes(array_body: str, parent: str) -> list[VueRoute]:
    found: list[VueRoute] = []
    for item in _top_level(array_body):
        if not item.startswith("{"):
            continue  # a spread (...otherRoutes) or a variable: nothing literal to read
        fields: dict[str, str] = {}
        for pair in _top_level(item[1 : _closing(item, 0)]):
            key, sep, value = pair.partition(":")
            if sep:
                fields[key.strip().strip("'\"")] = value.strip()
        route = VueRoute(
            path=_join(parent, _string(fields.get("path", ""))),
            name=_string(fields.get("name", "")),
            redirect=_string(fields.get("redirect", "")),
        )
        component = fields.get("component", "")
        if lazy := _LAZY.search(component):
            route.component, route.lazy = re.sub(r"\.(vue|ts|js)$", "", lazy[1].rsplit("/", 1)[-1]), True
        elif re.fullmatch(r"[A-Za-z_$][\w$]*", component):
            route.component = component
        if meta := fields.get("meta", ""):
            route.meta = " ".join(meta.strip("{} \n").split())
        found.append(route)
        children = fields.get("children", "")
        if children.startswith("["):
            found.extend(_routes(children[1 : _closing(children, 0)], route.path))
    return found


def _find_router(root: Path) -> Path:
    candidates = list(walk_files(root, exts=frozenset({".ts", ".js"})))
    for wanted in (("router", "index"), ("", "router")):
        for path in candidates:
            if path.stem == wanted[1] and (not wanted[0] or path.parent.name == wanted[0]):
                return path
    raise ContextError(f"no router/index.ts or router.ts under {root}; pass `file`")


def run(request: VueRoutesInput) -> VueRoutesResult:
    """Every route of the router file, depth first, with full paths."""
    path = resolve_path(request.file) if request.file else _find_router(resolve_path(request.root))
    if not path.is_file():
        raise ContextError(f"{request.file}: no such file")
    source = path.read_text(encoding="utf-8", errors="replace")
    match = _ROUTES.search(source)
    if match is None:
        return VueRoutesResult(file=str(path), routes=[])
    open_at = match.end() - 1
    return VueRoutesResult(
        file=str(path), routes=_routes(source[open_at + 1 : _closing(source, open_at)], "")
    )


TOOLS = (
    ContextTool(
        name="vue_routes",
        description="The route map of a Vue app's vue-router configuration, flattened: full path, name, "
        "component (lazy imports named by file), redirect and meta, children joined to their parents.",
        input_model=VueRoutesInput,
        result_model=VueRoutesResult,
        func=run,
        cli_path=("vue", "routes"),
        positional="file",
    ),
)
