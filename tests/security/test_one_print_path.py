"""The terminal rule holds by construction: the CLI prints only through ``cli/_output.py``.

``Output`` owns the consoles (markup off, content through ``terminal_text`` on a terminal) and
the raw writers; nothing else in ``sofia_nb/cli`` makes a console, writes to ``sys.stdout`` or
``sys.stderr``, turns markup back on or hands rich a ``str`` title (which rich reads as markup
whatever the console says). The log's terminal handler passes ``terminal_text`` too.
"""

from __future__ import annotations

import ast
import io
import logging
from pathlib import Path

import pytest

import sofia_nb
from sofia_nb.logs import configure_logging

CLI = Path(sofia_nb.__file__).parent / "cli"
PRINT_PATH = CLI / "_output.py"


def _calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def _name(node: ast.expr) -> str:
    return ast.unparse(node)


def _offenders(folder: Path = CLI) -> list[str]:
    found = []
    for path in sorted(folder.glob("*.py")):
        if path == PRINT_PATH:
            continue
        for call in _calls(path):
            where = f"{path.name}:{call.lineno}"
            func = _name(call.func)
            if func.endswith("Console"):
                found.append(f"{where} makes a console")
            if func in ("sys.stdout.write", "sys.stderr.write"):
                found.append(f"{where} writes to {func.rsplit('.', 1)[0]}")
            if any(k.arg == "markup" and _name(k.value) != "False" for k in call.keywords):
                found.append(f"{where} turns markup on")
            if any(k.arg in ("title", "subtitle") for k in call.keywords) and func == "Panel":
                title = next(k.value for k in call.keywords if k.arg == "title")
                if not (isinstance(title, ast.Call) and _name(title.func) == "Text"):
                    found.append(f"{where} gives rich a str title (read as markup)")
    return found


def test_only_output_prints_in_the_cli() -> None:
    assert _offenders() == []


def test_the_guard_sees_what_it_forbids(tmp_path: Path) -> None:
    (tmp_path / "_bad.py").write_text(
        "import sys\nfrom rich.console import Console\nfrom rich.panel import Panel\n"
        "Console().print('x', markup=True)\nsys.stderr.write('x')\nPanel('b', title='[/]')\n",
        encoding="utf-8",
    )
    assert sorted(o.split(" ", 1)[1] for o in _offenders(tmp_path)) == [
        "gives rich a str title (read as markup)",
        "makes a console",
        "turns markup on",
        "writes to sys.stderr",
    ]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_line_reaches_a_terminal_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    configure_logging()
    try:
        logging.getLogger("sofia_nb.mcp").warning("server said \x1b]0;title\x07 and \x1b[2J%s", "\x9bx")
    finally:
        logging.getLogger("sofia_nb").handlers.clear()
    line = terminal.getvalue()
    assert "server said ]0;title and [2Jx" in line and not any(c in line for c in "\x1b\x07\x9b")
