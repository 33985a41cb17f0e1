"""Every scope label grep gives on real code is the innermost declaration whose lines hold the hit
(issue 42): each hit of ``return``, ``self``, ``this``, ``$this`` and ``err`` in every file of the
six repositories of ``benchmarks/real``, checked against a reader that is not the product's.

- Python: the stdlib ``ast`` (a declaration is a ``def``/``class`` at any depth, from its first
  decorator to its last line, or an assignment to a name of a module or a class body, also under
  ``if``/``try``/``with``/``for``/``while``); a file ``ast`` refuses is left out.
- Go, TypeScript, JavaScript, Vue and PHP: a fresh parse of the whole file (never a window, never a
  cached tree) walked top down to the innermost node around the hit's point that the language's
  classifier names. The product walks up from the point, over a window or a held tree, with a memo
  of nodes seen; the node kinds named are shared.

Each repository's whole sweep is compared, not sampled: about 15,000 hits, in a few seconds per
repository, both as the CLI searches (files read from disk, a big file parsed around its hits) and
as a warm server does (the tree cache holds the files; parsed whole up to 256 KiB).
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Collection, Iterator
from pathlib import Path

import pytest

from sofia_nb.context import allowed_roots
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._support import lang_go, lang_php, lang_ts
from sofia_nb.context._support.tree_cache import TREE_CACHE

pytest.importorskip("tree_sitter_python")
import tree_sitter

from sofia_nb.context._support import treesitter as ts

REAL = Path(__file__).resolve().parents[2] / "benchmarks" / "real"
WORDS = ["return", "self", "this", "$this", "err"]
# The fewest hits each repository's sweep checks: an empty or broken sweep cannot pass.
MINIMUM = {
    "click": 2500,
    "echo": 3500,
    "guzzle": 900,
    "setuptools": 4500,
    "vue-pure-admin": 900,
    "zustand": 250,
}


Hits = dict[str, dict[tuple[int, int], str]]  # file -> (line, column) -> label


def _hits(root: Path) -> Hits:
    """grep's hits of :data:`WORDS`, each with its label."""
    with allowed_roots([root]):
        found = grep(GrepInput(patterns=WORDS, root=str(root), word=True, max_per_pattern=0, budget=0))
    hits: Hits = {}
    for pattern in found.patterns:
        assert pattern.complete and not pattern.truncated
        for hit in pattern.hits:
            hits.setdefault(hit.file, {})[(hit.line, hit.col)] = hit.enclosing
    return hits


# --- Python: the stdlib ast --------------------------------------------------------------------


def _python_declarations(tree: ast.Module) -> list[tuple[int, int, int, str]]:
    """(first line, last line, depth, label) of every declaration."""
    found: list[tuple[int, int, int, str]] = []

    def visit(body: list[ast.stmt], owner: str, owner_kind: str, depth: int) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{owner}.{node.name}" if owner else node.name
                if isinstance(node, ast.ClassDef):
                    kind = "class"
                else:
                    kind = "method" if owner_kind == "class" else "function"
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                found.append((first, node.end_lineno or node.lineno, depth, f"{kind} {name}"))
                visit(node.body, name, kind, depth + 1)
                continue
            if isinstance(node, ast.Assign | ast.AnnAssign) and owner_kind in ("", "class"):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if names:
                    kind = "field" if owner_kind == "class" else "const" if names[0].isupper() else "var"
                    label = f"{kind} {owner + '.' if owner else ''}{names[0]}"
                    found.append((node.lineno, node.end_lineno or node.lineno, depth, label))
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, None) or []:
                    if isinstance(child, ast.ExceptHandler | ast.match_case):
                        visit(child.body, owner, owner_kind, depth)
                    elif isinstance(child, ast.stmt):
                        visit([child], owner, owner_kind, depth)

    visit(tree.body, "", "", 0)
    return found


def _with_comments(
    declarations: list[tuple[int, int, int, str]], text: list[str]
) -> list[tuple[int, int, int, str]]:
    """Each declaration's end taken on over the comment lines right after it that are indented
    deeper than its first line (``ast`` has no comments; a reader puts those in the body)."""
    extended = []
    for first, end, depth, label in declarations:
        header = text[first - 1]
        indent = len(header) - len(header.lstrip())
        last, line = end, end + 1
        while line <= len(text):
            body = text[line - 1].lstrip()
            if body and not body.startswith("#"):
                break
            if body and len(text[line - 1]) - len(body) > indent:
                last = line
            line += 1
        extended.append((first, last, depth, label))
    return extended


def _python_labels(path: Path, points: Collection[tuple[int, int]]) -> dict[tuple[int, int], str] | None:
    data = path.read_bytes()
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return None
    declarations = _with_comments(_python_declarations(tree), data.decode("utf-8", "replace").split("\n"))
    expected = {}
    for line, col in points:
        around = [d for d in declarations if d[0] <= line <= d[1]]
        expected[(line, col)] = max(around, key=lambda d: (d[2], d[0]))[3] if around else ""
    return expected


# --- the others: a top-down walk over a fresh parse ---------------------------------------------

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
_CLASSIFIERS = {"go": lang_go.classify, "php": lang_php.classify}


def _tree_labels(
    data: bytes, grammar: str, points: Collection[tuple[int, int]], offset: int, fallback: str
) -> dict[tuple[int, int], str]:
    """Each hit's innermost named node, walked down from the root of a new parse of ``data``."""
    classify = _CLASSIFIERS.get(grammar, lang_ts.classify)
    root = tree_sitter.Parser(ts.language(grammar)).parse(data).root_node
    text = data.decode("utf-8", "replace").split("\n")
    expected = {}
    for line, col in points:
        row = line - 1 - offset
        point = (row, len(text[row][: col - 1].encode()))
        node, label, owner = root, fallback, ""
        while True:
            inside = [c for c in node.children if c.start_point <= point < c.end_point]
            if not inside:
                break
            node = inside[0]
            named = classify(node)
            if named is not None:
                owner = f"{owner}.{named[1]}" if owner else named[1]
                label = f"{named[0]} {owner}"
        expected[(line, col)] = label
    return expected


def _vue_labels(path: Path, points: Collection[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """The hits inside the component's ``<script>`` (its first, or its ``setup`` one)."""
    source = path.read_text(encoding="utf-8")
    scripts = list(_SCRIPT.finditer(source))
    chosen = next((s for s in scripts if "setup" in s[1]), scripts[0] if scripts else None)
    if chosen is None:
        return {}
    offset = source.count("\n", 0, chosen.start(2))
    last = offset + chosen[2].count("\n")
    inside = [(line, col) for line, col in points if offset + 1 < line <= last]
    grammar = "tsx" if re.search(r"lang=[\"']tsx", chosen[1]) else "typescript"
    return _tree_labels(chosen[2].encode(), grammar, inside, offset, "block script")


def _expected(path: Path, lines: Collection[tuple[int, int]]) -> dict[tuple[int, int], str] | None:
    suffix = path.suffix
    if suffix in (".py", ".pyi"):
        return _python_labels(path, lines)
    if suffix == ".vue":
        return _vue_labels(path, lines)
    grammar = {".go": "go", ".php": "php", ".ts": "typescript", ".tsx": "tsx"}.get(suffix)
    if grammar is None and suffix in (".js", ".jsx", ".mjs", ".cjs"):
        grammar = lang_ts.grammar_for(suffix)
    if grammar is None:
        return None
    return _tree_labels(path.read_bytes(), grammar, lines, 0, "")


def sweep(root: Path) -> tuple[list[tuple[str, int, int, str, str]], int, int]:
    """The wrong labels (file, line, column, given, expected), the hits checked, and the hits in
    files left out (Python that ``ast`` refuses; a Vue file's template)."""
    wrong: list[tuple[str, int, int, str, str]] = []
    checked = left_out = 0
    for file, hits in sorted(_hits(root).items()):
        expected = _expected(root / file, hits) or {}
        left_out += len(hits) - len(expected)
        for (line, col), want in expected.items():
            checked += 1
            if hits[(line, col)] != want:
                wrong.append((file, line, col, hits[(line, col)], want))
    return wrong, checked, left_out


@pytest.fixture(params=["disk", "held"])
def searched(request: pytest.FixtureRequest) -> Iterator[str]:
    """Searched as the CLI does (from disk) and as a warm server does (the tree cache on)."""
    if request.param == "held":
        TREE_CACHE.enable(256 * 1024 * 1024)
    try:
        yield request.param
    finally:
        TREE_CACHE.limit = 0
        TREE_CACHE.clear()


@pytest.mark.parametrize("repo", sorted(MINIMUM))
def test_every_label_in_a_real_repository_is_the_innermost_declaration(repo: str, searched: str) -> None:
    root = REAL / repo
    wrong, checked, left_out = sweep(root)
    print(f"{repo} ({searched}): {checked} hits checked ({left_out} not checked), {len(wrong)} wrong")
    assert not wrong, f"{len(wrong)} of {checked} labels wrong in {repo}, e.g. {wrong[:8]}"
    assert checked >= MINIMUM[repo], (repo, checked)


def test_the_sweep_reads_every_repository() -> None:
    """The six folders, each with a licence; none left out of the sweep."""
    folders = sorted(p.name for p in REAL.iterdir() if p.is_dir())
    assert folders == sorted(MINIMUM)
    for folder in folders:
        assert any(n.upper().startswith("LICEN") for n in os.listdir(REAL / folder)), folder
