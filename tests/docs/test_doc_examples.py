"""Every fenced example in README.md and docs/*.md is exercised, so the docs cannot go stale.

A fence says what it holds by its info string, and each kind has one check:

- ``python``: run in a child process (its own SOFIA_HOME, a scratch working folder). A block that
  needs a model, a network, a kernel or a person is listed in ``COMPILE_ONLY`` with the reason: it
  is compiled (top-level ``await`` allowed, as in a notebook) and every ``sofia_nb`` name it
  imports, and every attribute it reads from one, must exist.
- ``ipython``: ``%load_ext MODULE`` names a module with ``load_ipython_extension``; ``%%NAME`` is a
  cell magic that extension registers.
- ``bash``, ``console`` (``$ `` marks a command, the other lines are its output): each command is
  checked by its program — ``sofia-nb`` parsed by the real CLI parser, ``make`` targets in the
  Makefile, ``pip install 'sofia_nb[…]'`` extras in pyproject.toml, ``python -m`` modules
  importable, ``.venv/bin/…`` programs the install makes, paths in the repository present.
  Programs the product does not ship are listed in ``OTHER_PROGRAMS``.
- ``usage``: a synopsis; every option it shows exists on that command.
- ``json``/``jsonc``/``yaml``/``toml`` with a second word naming the file they show
  (``mcp-config``, ``inputs``, ``scripted``, ``config-toml``, ``room``): validated by the loader
  that reads such a file.
- ``text``: what a program printed; not checked.

A fence with no info string fails: say what it is. Outside the fences, every inline
``sofia_nb.…`` name and every repository path a doc names must exist.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_BATCH_NAMES = "DaskExecutor, LocalExecutor, load_grid, run_many, run_notebook"
COMPILE_ONLY: dict[tuple[str, str], str] = {
    ("docs/llm.md", "from sofia_nb.llm import Message, create_llm, resolve_llm_spec"): (
        "calls a network model with settings and a bus made elsewhere"
    ),
    ("docs/llm.md", "from sofia_nb.llm import HookDecision, ToolHooks, run_tool_loop"): (
        "a sketch of a dispatcher (its methods are `...`) for a model made elsewhere"
    ),
    ("docs/mcp.md", "from sofia_nb.mcp import McpManager, McpError"): "calls GitHub's MCP server",
    ("docs/notebooks.md", "import sofia_nb.ui as ui"): "needs a running Jupyter kernel and a person",
    ("docs/notebooks.md", f"from sofia_nb.batch import {_BATCH_NAMES}"): (
        "starts Jupyter kernels for whole notebooks (tests/batch runs the same calls)"
    ),
    ("docs/participants.md", "panel = run.invite()  # 127.0.0.1: browsers on this computer only"): (
        "continues a notebook's `run`, opened in the block before it"
    ),
    ("docs/workshop.md", "from sofia_nb.consent import PolicyConsent"): "calls a network model",
    ("docs/extending.md", "MARKDOWN = Language("): (
        "two lines added to langs.py (tests/docs/test_extending.py runs them there)"
    ),
    ("docs/extending.md", "PhaseSpec("): (
        "a phase's entry in PHASES, with _phases' names (tests/docs/test_extending.py reads it there)"
    ),
    ("docs/extending.md", '"""An MCP server: `web_search` over pages.json (title, url, text)."""'): (
        "an MCP server that reads its pages beside it (tests/docs/test_extending.py starts it)"
    ),
}
"""Python blocks that are compiled and name-checked, not run, with the reason. Keep this short."""

OTHER_PROGRAMS: dict[str, str] = {
    "npm": "Node's package manager (the reference MCP servers)",
    "dask": "the dask extra's scheduler and workers",
    "claude": "Claude Code's CLI",
    "cat": "a shell tool",
    "printf": "a shell tool",
    "cd": "a shell built-in",
    "export": "a shell built-in",
    "ls": "a shell tool",
    ".": "the shell's `source`",
}
"""Programs the docs run that sofia_nb does not ship; their commands are not checked further."""

NOT_PYTHON_NAMES = {"sofia_nb.llm_providers": "the entry-point group of provider plugins (docs/llm.md)"}
"""Dotted words in the prose that look like a ``sofia_nb`` name and are not one."""

PATH_PREFIXES = ("sofia_nb/", "tests/", "docs/", "notebooks/", "benchmarks/", "tools/", "binder/", "jupyter/")


@dataclass(frozen=True)
class Block:
    doc: str
    line: int
    info: str
    body: str

    @property
    def kind(self) -> str:
        return self.info.split()[0] if self.info else ""

    @property
    def key(self) -> tuple[str, str]:
        first = next((ln for ln in self.body.splitlines() if ln.strip()), "")
        return (self.doc, first.strip())

    def __str__(self) -> str:
        return f"{self.doc}:{self.line} ({self.info or 'no info string'})"


def _blocks() -> list[Block]:
    md = MarkdownIt("commonmark")
    found = []
    for path in DOCS:
        for token in md.parse(path.read_text(encoding="utf-8")):
            if token.type == "fence" and token.map is not None:
                doc = str(path.relative_to(ROOT))
                found.append(Block(doc, token.map[0] + 1, token.info.strip(), token.content))
    return found


def _inline_code(path: Path) -> Iterator[tuple[int, str]]:
    md = MarkdownIt("commonmark")
    for token in md.parse(path.read_text(encoding="utf-8")):
        if token.type == "inline" and token.map is not None:
            for child in token.children or []:
                if child.type == "code_inline":
                    yield token.map[0] + 1, child.content


BLOCKS = _blocks()


def _of(*kinds: str) -> list[Any]:
    return [pytest.param(b, id=f"{b.doc}:{b.line}") for b in BLOCKS if b.kind in kinds]


# --- names -------------------------------------------------------------------------------------


def resolve(dotted: str) -> object:
    """The object ``dotted`` names (the longest importable module, then attributes); raises
    ``LookupError`` naming the part that is missing."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(module_name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            continue
        obj: object = importlib.import_module(module_name)
        for i, attr in enumerate(parts[cut:], start=cut):
            if not hasattr(obj, attr):
                raise LookupError(f"{'.'.join(parts[:i])} has no {attr!r}")
            obj = getattr(obj, attr)
        return obj
    raise LookupError(f"no module {parts[0]!r}")


def sofia_names(source: str) -> list[str]:
    """Every ``sofia_nb`` name a block uses: its imports, and the attributes it reads from them."""
    tree = ast.parse(source)
    bound: dict[str, str] = {}
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sofia_nb"):
            for alias in node.names:
                names.append(f"{node.module}.{alias.name}")
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("sofia_nb"):
                    names.append(alias.name)
                    # `import sofia_nb.ui as ui` binds the module; `import sofia_nb.ui` binds `sofia_nb`.
                    top = alias.name.split(".")[0]
                    bound[alias.asname or top] = alias.name if alias.asname else top
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chain: list[str] = []
            inner: ast.expr = node
            while isinstance(inner, ast.Attribute):
                chain.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name) and inner.id in bound:
                names.append(".".join([bound[inner.id], *reversed(chain)]))
    return names


def _check_names(source: str, where: Block) -> None:
    for name in sofia_names(source):
        try:
            resolve(name)
        except LookupError as exc:
            pytest.fail(f"{where} uses {name}, which does not exist: {exc}")


# --- python ------------------------------------------------------------------------------------


def test_the_compile_only_list_names_real_blocks() -> None:
    keys = {b.key for b in BLOCKS if b.kind == "python"}
    stale = [key for key in COMPILE_ONLY if key not in keys]
    assert not stale, f"COMPILE_ONLY names blocks no doc has any more: {stale}"


@pytest.mark.parametrize("block", _of("python"))
def test_python_block(block: Block, tmp_path: Path) -> None:
    source = block.body
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    try:
        compile(source, str(block), "exec", flags=flags)
    except SyntaxError as exc:
        pytest.fail(f"{block} does not compile: {exc}")
    _check_names(source, block)
    if block.key in COMPILE_ONLY:
        return
    script = tmp_path / "example.py"
    script.write_text(source, encoding="utf-8")
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    env.pop("SOFIA_LLM", None)
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{block} failed when run:\n{done.stderr[-3000:]}"


class _Shell:
    """What an extension registers, as IPython's shell would be told."""

    def __init__(self) -> None:
        self.registered: list[str] = []

    def register_magic_function(self, func: object, magic_kind: str, magic_name: str) -> None:
        self.registered.append(f"{magic_kind}:{magic_name}")


@pytest.mark.parametrize("block", _of("ipython"))
def test_ipython_block(block: Block) -> None:
    for line in block.body.splitlines():
        if line.startswith("%load_ext "):
            module = line.split()[1]
            assert hasattr(importlib.import_module(module), "load_ipython_extension"), f"{block}: {line}"
        elif line.startswith("%%"):
            name = line[2:].split()[0]
            shell = _Shell()
            importlib.import_module("sofia_nb").load_ipython_extension(shell)
            assert f"cell:{name}" in shell.registered, f"{block}: sofia_nb registers no %%{name}"


# --- commands ----------------------------------------------------------------------------------


def _commands(block: Block) -> Iterator[str]:
    """The commands a shell block runs: ``$ `` lines of a console block, every line of a bash one,
    with ``\\`` continuations joined."""
    pending = ""
    for raw in block.body.splitlines():
        if block.kind == "console" and not pending:
            if not raw.startswith("$ "):
                continue
            raw = raw[2:]
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        line, pending = pending + raw, ""
        if line.strip() and not line.lstrip().startswith("#"):
            yield line


def _argv(command: str) -> list[str]:
    words = shlex.split(command, comments=True)
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", words[0]):
        words = words[1:]  # `NAME=value command`: the environment of one command
    # `A | B`, `A && B`: each program is a command of its own; the first is the one shown.
    for i, word in enumerate(words):
        if word in {"|", "&&", ";", ">", ">>"}:
            return words[:i]
    return words


def _parse_cli(argv: list[str]) -> None:
    from sofia_nb.cli._app import _defaults, build_parser

    parser = build_parser(argv)
    try:
        _defaults(parser.parse_args(argv))
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise AssertionError(f"`sofia-nb {shlex.join(argv)}` is refused by the CLI") from None


def _makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^([A-Za-z][\w-]*):", text, re.M)}


def _extras() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project["optional-dependencies"])


def _venv_programs() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {"python", "pip", "pytest", "jupyter", "voila", "ruff", "mypy", *project.get("scripts", {})}


def check_command(argv: list[str], where: Block) -> None:
    """One command a doc shows, checked by its program (the module docstring lists them)."""
    program, args = argv[0], argv[1:]
    if program.startswith(".venv/bin/"):
        program = program.removeprefix(".venv/bin/")
        assert program in _venv_programs(), f"{where}: the venv has no {program}"
    if program == "sofia-nb":
        _parse_cli(args)
    elif program == "make":
        unknown = [t for t in args if not t.startswith("-") and "=" not in t and t not in _makefile_targets()]
        assert not unknown, f"{where}: the Makefile has no target {unknown}"
    elif program == "pip":
        for arg in args:
            if arg.startswith("sofia_nb["):
                wanted = set(arg[len("sofia_nb[") : -1].split(","))
                assert wanted <= _extras(), f"{where}: no extra {sorted(wanted - _extras())}"
    elif program in {"python", "python3"} and args[:1] == ["-m"]:
        assert importlib.util.find_spec(args[1]) is not None, f"{where}: no module {args[1]}"
    elif program in _venv_programs():
        pass
    else:
        assert program in OTHER_PROGRAMS, f"{where}: {program!r} is not sofia_nb's nor in OTHER_PROGRAMS"
    for arg in args:
        if arg.startswith(PATH_PREFIXES) and not any(c in arg for c in "<*{$"):
            assert (ROOT / arg).exists(), f"{where}: {arg} does not exist"


@pytest.mark.parametrize("block", _of("bash", "console", "sh"))
def test_shell_block(block: Block) -> None:
    commands = list(_commands(block))
    assert commands, f"{block} shows no command"
    for command in commands:
        argv = _argv(command)
        if argv:
            check_command(argv, block)


def _synopses(block: Block) -> Iterator[str]:
    """Each synopsis of a usage block: a line starting ``sofia-nb`` and the lines that go on with it."""
    current = ""
    for line in block.body.splitlines():
        if line.startswith("sofia-nb") and current:
            yield current
            current = ""
        current += " " + line.split("  #")[0]
    if current.strip():
        yield current


@pytest.mark.parametrize("block", _of("usage"))
def test_usage_block(block: Block) -> None:
    from sofia_nb.cli._app import build_parser

    for line in _synopses(block):
        words = line.split()
        assert words[0] == "sofia-nb", f"{block}: a synopsis starts with sofia-nb"
        path = [w for w in words[1:] if re.fullmatch(r"[a-z][a-z-]*", w)]
        parser = build_parser(path)
        known = set(parser._option_string_actions)
        sub = parser
        for word in path:
            choices = next((a.choices for a in sub._actions if a.choices and word in a.choices), None)
            if not isinstance(choices, dict):
                break
            sub = choices[word]
            known |= set(sub._option_string_actions)
        # `sofia-nb ctx TOOL [--format …]`: a placeholder for a sub-command takes any one's options.
        for action in sub._actions:
            if isinstance(action.choices, dict):
                for child in action.choices.values():
                    known |= set(child._option_string_actions)
        # An option in capitals (`--OPTION VALUE`) is a placeholder.
        shown = set(re.findall(r"(?<![\w-])(--?[A-Za-z][a-z0-9-]*)(?![A-Z])", line))
        lacking = sorted(shown - known)
        assert not lacking, f"{block}: `{line.strip()}` shows options the CLI lacks: {lacking}"


# --- files -------------------------------------------------------------------------------------


def _mcp_config(text: str) -> None:
    from sofia_nb.mcp._config import parse_config

    parse_config(text)


def _inputs(text: str) -> None:
    from sofia_nb.workshop._inputs import WorkshopInputs

    WorkshopInputs.model_validate(yaml.safe_load(text))


def _scripted(text: str) -> None:
    from sofia_nb.llm._scripted import Script

    Script.model_validate(yaml.safe_load(text))


def _config_toml(text: str) -> None:
    from sofia_nb.config import Settings

    settings = Settings.model_validate(tomllib.loads(text))
    # The sections the façades read are validated as they read them.
    for section, model in _CONFIG_SECTIONS.items():
        resolve(model).model_validate(settings.section(section))  # type: ignore[attr-defined]


_CONFIG_SECTIONS = {
    "workshop": "sofia_nb.workshop._setup.WorkshopSettings",
    "develop": "sofia_nb.develop._options.DevelopSettings",
    "batch": "sofia_nb.batch._models.BatchSettings",
}


def _room(text: str) -> None:
    from sofia_nb.participants._script import RoomScript

    RoomScript.model_validate(yaml.safe_load(text))


def _pyproject(text: str) -> None:
    """A plugin's ``pyproject.toml``: the entry-point groups it names are the ones sofia_nb reads."""
    from sofia_nb.llm import ENTRY_POINT_GROUP

    groups = tomllib.loads(text)["project"]["entry-points"]
    assert set(groups) <= {ENTRY_POINT_GROUP}, (
        f"unknown entry-point groups {sorted(set(groups) - {ENTRY_POINT_GROUP})}"
    )


FILE_KINDS: dict[str, Callable[[str], None]] = {
    "pyproject": _pyproject,
    "mcp-config": _mcp_config,
    "inputs": _inputs,
    "scripted": _scripted,
    "config-toml": _config_toml,
    "room": _room,
}


@pytest.mark.parametrize("block", _of("json", "jsonc", "yaml", "toml"))
def test_file_block(block: Block) -> None:
    words = block.info.split()
    assert len(words) > 1 and words[1] in FILE_KINDS, (
        f"{block}: name the file it shows after the language, one of {sorted(FILE_KINDS)}"
    )
    if block.kind == "json":
        json.loads(block.body)
    FILE_KINDS[words[1]](block.body)


def test_every_fence_says_what_it_holds() -> None:
    known = {"python", "ipython", "bash", "console", "sh", "usage", "json", "jsonc", "yaml", "toml", "text"}
    unknown = [str(b) for b in BLOCKS if b.kind not in known]
    assert not unknown, f"fences without a kind this test checks: {unknown}"


def _is_repo_file(word: str) -> bool:
    """A repository file a doc names: under a top folder of the repo, with an extension (so an MCP
    method such as ``tools/call`` and a PoC's own ``docs/workshop/`` are not taken for one)."""
    path = word.split("::")[0]
    return path.startswith(PATH_PREFIXES) and re.fullmatch(r"[\w./-]+\.\w+", path) is not None


# --- names and paths in the prose --------------------------------------------------------------


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_names_and_paths_in_the_prose_exist(doc: Path) -> None:
    missing = []
    for line, code in _inline_code(doc):
        word = code.strip().rstrip("()")
        if re.fullmatch(r"sofia_nb(\.[A-Za-z_]\w*)+", word) and word not in NOT_PYTHON_NAMES:
            try:
                resolve(word)
            except LookupError as exc:
                missing.append(f"line {line}: {word} ({exc})")
        elif _is_repo_file(word) and not (ROOT / word.split("::")[0]).exists():
            missing.append(f"line {line}: {word}")
    assert not missing, f"{doc.relative_to(ROOT)} names what does not exist:\n" + "\n".join(missing)


# --- the README as a newcomer reads it ---------------------------------------------------------

DEVELOPER_EXTRAS = {"dev", "mutation"}
"""Extras for working on sofia_nb itself (docs/testing.md), not for its users."""


def test_the_readme_lists_every_doc() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\((docs/[\w.-]+\.md)\)", readme))
    every = {str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")}
    assert every <= listed, f"README's Documentation list leaves out {sorted(every - listed)}"


def test_the_readme_installs_every_extra_a_user_can_install() -> None:
    shown: set[str] = set()
    for block in BLOCKS:
        if block.doc == "README.md" and block.kind == "bash":
            shown |= set(re.findall(r"sofia_nb\[([\w,]+)\]", block.body))
    extras = {name for group in shown for name in group.split(",")}
    missing = _extras() - DEVELOPER_EXTRAS - extras
    assert not missing, f"README's install list leaves out the extras {sorted(missing)}"
