"""The names a file imports modules or packages under, read from its text (no parse).

``refs`` uses them to leave out ``time.ParseDuration`` when it looks for a local ``ParseDuration``:
an occurrence qualified by another package or module is not a use (nor a definition) of the name
this repository declares.
"""

from __future__ import annotations

import re

# Go: `import "time"`, `import str "strings"`, and the same inside `import (...)`.
_GO_BLOCK = re.compile(r"^import\s*\(([^)]*)\)", re.M)
_GO_ONE = re.compile(r"^import\s+((?:[\w.]+\s+)?\"[^\"]+\")", re.M)
_GO_SPEC = re.compile(r"^\s*([\w.]+\s+)?\"([^\"]+)\"", re.M)
# Python: `import os.path as p`, `import a, b`, `from pkg import mod as m` (a module or a name).
_PY_IMPORT = re.compile(r"^\s*import\s+([\w., \t]+?)\s*(?:#.*)?$", re.M)
_PY_FROM = re.compile(r"^\s*from\s+[\w.]+\s+import\s+\(?([\w., \t\n]+?)\)?\s*(?:#.*)?$", re.M)
# TypeScript/JavaScript: `import * as ns from`, `import React from`, `import React, { x } from`.
_TS_NAMESPACE = re.compile(
    r"\bimport\s+(?:type\s+)?(?:(\w+)\s*,?\s*)?(?:\*\s+as\s+(\w+))?\s*(?:\{[^}]*\})?\s*from\b"
)


def imported_names(source: str, family: str) -> frozenset[str]:
    """The names the file binds to a module or package (``time``, ``np``, ``React``)."""
    names: set[str] = set()
    if family == "go":
        specs = [m[1] for m in _GO_BLOCK.finditer(source)] + [m[1] for m in _GO_ONE.finditer(source)]
        for block in specs:
            for spec in _GO_SPEC.finditer(block):
                alias = (spec[1] or "").strip()
                names.add(alias or spec[2].rstrip("/").rsplit("/", 1)[-1])
    elif family == "python":
        for match in _PY_IMPORT.finditer(source):
            for part in match[1].split(","):
                module, _, alias = part.strip().partition(" as ")
                names.add(alias.strip() or module.split(".")[0])
        for match in _PY_FROM.finditer(source):
            for part in match[1].replace("\n", " ").split(","):
                name, _, alias = part.strip().partition(" as ")
                names.add(alias.strip() or name.strip())
    elif family == "ts":
        for match in _TS_NAMESPACE.finditer(source):
            names.update(n for n in (match[1], match[2]) if n)
    names.discard("")
    names.discard("_")
    return frozenset(names)


_QUALIFIER = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*\.$")


def qualifier(line: str, col: int) -> str:
    """The first name of the dotted chain ahead of column ``col`` (1-based): ``time`` in
    ``time.ParseDuration``, ``os`` in ``os.path.join``; ``""`` for an unqualified name."""
    before = line[: col - 1]
    if not before.endswith("."):  # most hits: no search, which would start at every character
        return ""
    match = _QUALIFIER.search(before)
    return match[1] if match else ""
