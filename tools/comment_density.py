"""Comment and docstring lines per 100 code lines of a Python tree (how densely the code explains itself).

Run: ``python tools/comment_density.py [DIR ...]`` (default: ``sofia_nb``). A *code line* is a
non-blank line that is neither a comment nor part of a docstring; a *comment line* is a line with
a ``#`` comment (a whole line or a trailing one; whole lines are also counted apart), shebangs
and pragmas (``noqa``, ``type:``, ``pragma``, ``fmt:``) left out, since they say nothing to a
reader; a *docstring line* is a line of a module, class or function docstring. The same rules
applied to the anchors (httpx, the MCP SDK, pydantic-ai) give the figures they are compared with.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path
from typing import NamedTuple

PRAGMAS = ("noqa", "type:", "pragma", "fmt:", "mypy:", "pyright:")


class Counts(NamedTuple):
    code: int
    comments: int
    whole_line_comments: int
    docstrings: int

    def __add__(self, other: object) -> Counts:  # type: ignore[override]
        assert isinstance(other, Counts)
        return Counts(*(a + b for a, b in zip(self, other, strict=True)))


def docstring_lines(tree: ast.AST) -> set[int]:
    """Line numbers covered by the docstrings of the module, its classes and functions."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if first is not None and isinstance(value, ast.Constant) and isinstance(value.value, str):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def count(source: str) -> Counts:
    """The three counts of one module."""
    docs = docstring_lines(ast.parse(source))
    comments: set[int] = set()
    comment_only: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            text = tok.string.lstrip("#").strip()
            if tok.line.strip().startswith("#"):
                comment_only.add(tok.start[0])
            if text and not text.startswith(PRAGMAS) and not text.startswith("!"):
                comments.add(tok.start[0])
    blank = {n for n, line in enumerate(source.splitlines(), 1) if not line.strip()}
    total = len(source.splitlines())
    code = total - len(blank | docs | comment_only)
    return Counts(
        code=code,
        comments=len(comments),
        whole_line_comments=len(comments & comment_only),
        docstrings=len(docs),
    )


def measure(root: Path) -> Counts:
    total = Counts(0, 0, 0, 0)
    for path in sorted(root.rglob("*.py")):
        try:
            total = total + count(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, tokenize.TokenError):
            continue
    return total


def main(argv: list[str]) -> int:
    for name in argv or ["sofia_nb"]:
        c = measure(Path(name))
        per = 100 / max(c.code, 1)
        print(
            f"{name}: {c.code} code lines; per 100 of them: comment lines {c.comments * per:.1f} "
            f"(whole-line {c.whole_line_comments * per:.1f}), docstring lines {c.docstrings * per:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
