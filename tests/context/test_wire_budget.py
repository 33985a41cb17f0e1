"""What the model reads never costs more than what it replaces (counted with o200k_base), and is bounded.

The raw equivalents: for ``code`` the file itself (several files: ``tail -n +1 FILES``, a
``==> path <==`` line each), for a slice its lines, for ``grep``/``refs`` the ``grep -rn`` lines of
the same hits (all of a pattern's hits when some were left out: the call stands in for that
``grep -rn``), for the other tools the files they read.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from sofia_nb.cli import main
from sofia_nb.context import DEFAULT_IGNORE_DIRS, get_tool, render
from sofia_nb.context._providers.code import CodeInput, run
from sofia_nb.context._support.source import MAX_WHOLE
from sofia_nb.session import Phase, SessionStore, WorkshopSession

from ._transcripts import write_projects
from ._trees import FILES, make_composer_tree, make_repo

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
bpe_openai = pytest.importorskip("bpe_openai")
_ENCODING = bpe_openai.get_encoding("o200k_base")


def tokens(text: str) -> int:
    return len(_ENCODING.encode(text))


def _site_packages() -> Path:
    import httpx

    return Path(httpx.__file__).parent


REAL_TREES = {
    "python": (_site_packages(), "*.py"),
    "go": (Path("/usr/share/gocode/src"), "*.go"),
    "ts": (Path(__file__).resolve().parents[2] / "tools" / "npm" / "node_modules", "*.ts"),
    "php": (Path("/usr/share/php"), "*.php"),
}


def _sample(root: Path, glob: str, count: int = 6) -> list[Path]:
    """``count`` files spread over sizes (small ones come back raw, big ones summarised)."""
    if not root.is_dir():
        return []
    files = sorted(
        (p for p in root.rglob(glob) if not p.name.endswith(".d.ts") and p.is_file() and not p.is_symlink()),
        key=lambda p: (p.stat().st_size, str(p)),
    )[:4000]
    step = max(len(files) // count, 1)
    return files[::step][:count]


def fixture_files(tree: Path) -> list[Path]:
    real = [f for root, glob in REAL_TREES.values() for f in _sample(root, glob)]
    return [
        tree / name for name in FILES if Path(name).suffix in (".py", ".go", ".ts", ".vue", ".php")
    ] + real


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["ctx", *argv]) == 0
    return capsys.readouterr().out


@pytest.fixture(params=["8192", "0"], ids=["compact-or-raw", "summarise-everything"])
def raw_below(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", request.param)
    return str(request.param)


def test_code_text_never_costs_more_than_the_file(
    tree: Path, raw_below: str, capsys: pytest.CaptureFixture[str]
) -> None:
    files = fixture_files(tree)
    assert {f.suffix for f in files} >= {".py", ".go", ".ts", ".vue", ".php"}
    for path in files:
        raw = tokens(path.read_text(encoding="utf-8", errors="replace"))
        _, text = get_tool("code").answer({"files": [str(path)]})
        assert tokens(text) <= raw, (path, tokens(text), raw)
        assert tokens(_cli(capsys, "code", str(path))) <= raw, path


def test_a_raw_file_is_the_file_verbatim(tree: Path) -> None:
    path = tree / "go/server.go"
    assert get_tool("code").answer({"files": [str(path)]})[1] == path.read_text(encoding="utf-8")


def test_several_files_cost_no_more_than_tail(
    tree: Path, raw_below: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [name for name in FILES if name.endswith((".py", ".go", ".ts", ".vue"))]
    tail = subprocess.run(["tail", "-n", "+1", *names], cwd=tree, capture_output=True, text=True, check=True)
    monkeypatch.chdir(tree)
    _, text = get_tool("code").answer({"files": names})
    assert text.count("==> ") == len(names)
    assert tokens(text) <= tokens(tail.stdout)


def test_slices_cost_no_more_than_their_lines(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")
    checked = 0
    for path in fixture_files(tree):
        summary = run(CodeInput(files=[str(path)])).files[0]
        names = [s.name for s in summary.symbols if s.kind in ("function", "method", "class", "struct")][:3]
        if summary.mode != "summary" or not names:
            continue
        result, text = get_tool("code").answer({"files": [str(path)], "symbols": names})
        entry = result.files[0]  # type: ignore[attr-defined]
        if entry.mode != "slice":
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        raw = "".join("\n".join(lines[s.start_line - 1 : s.end_line]) + "\n" for s in entry.slices)
        assert tokens(text) <= tokens(raw), (path, names)
        checked += 1
    assert checked >= 8


def _grep_lines(root: Path, hits: list[tuple[str, int]]) -> str:
    """``grep -rn``'s lines for these hits: the whole line, untrimmed, after ``path:line:``."""
    out = []
    for file, line in hits:
        text = (root / file).read_text(encoding="utf-8", errors="replace").split("\n")[line - 1]
        out.append(f"{file}:{line}:{text}\n")
    return "".join(out)


def _grep_all(root: Path, *flags: str) -> str:
    excludes = [f"--exclude-dir={d}" for d in DEFAULT_IGNORE_DIRS]
    out = subprocess.run(["grep", "-rnI", *excludes, *flags], cwd=root, capture_output=True, text=True)
    return out.stdout


GREP_CASES = [
    ("self._transport", {}),
    ("def send", {}),
    ("Request", {}),
    ("timeout", {"case": False}),
    ("return", {"word": True}),
    ("raise \\w+Error", {"regex": True}),
    ("import", {"max_per_pattern": 0, "exts": ["py"]}),
]


@pytest.mark.parametrize(("pattern", "options"), GREP_CASES, ids=[c[0] for c in GREP_CASES])
def test_grep_costs_no_more_than_grep_rn(
    tree: Path, pattern: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    for root in (tree, _site_packages()):
        result, text = get_tool("grep").answer({"patterns": [pattern], "root": str(root), **options})
        if not result.patterns:  # type: ignore[attr-defined]
            continue
        found = result.patterns[0]  # type: ignore[attr-defined]
        if found.truncated:
            flags = ["-E" if options.get("regex") else "-F"] + ["-i"] * (options.get("case") is False)
            bound = _grep_all(root, *flags, *(["-w"] if options.get("word") else []), "-e", pattern)
        else:
            bound = _grep_lines(root, [(h.file, h.line) for h in found.hits])
        assert tokens(text) <= tokens(bound), (root, tokens(text), tokens(bound))
        argv = ["grep", pattern, "--root", str(root)] + [
            f"--{k.replace('_', '-')}={v}" for k, v in options.items() if k in ("max_per_pattern",)
        ]
        if not {"case", "word", "regex", "exts"} & set(options):
            assert _cli(capsys, *argv) == text


def test_several_patterns_cost_no_more_than_a_grep_each() -> None:
    root, patterns = _site_packages(), ["self._transport", "def send", "Cookies("]
    _, text = get_tool("grep").answer({"patterns": patterns, "root": str(root)})
    bound = sum(tokens(f"grep -rn {p!r} .\n" + _grep_all(root, "-F", "-e", p)) for p in patterns)
    assert tokens(text) <= bound
    assert all(text.count(f"{p}: ") == 1 for p in patterns)


@pytest.mark.parametrize("symbol", ["Client", "Response", "URL", "Widget", "Server"])
def test_refs_cost_no_more_than_grep_rnw(tree: Path, symbol: str) -> None:
    for root in (tree, _site_packages()):
        result, text = get_tool("refs").answer({"symbol": symbol, "root": str(root)})
        if not result.refs:  # type: ignore[attr-defined]
            continue
        if result.truncated:  # type: ignore[attr-defined]
            bound = _grep_all(root, "-w", "-F", "--include=*.py", "--include=*.go", "--include=*.ts",
                              "--include=*.vue", "--include=*.php", "--include=*.js", "--include=*.tsx",
                              "--include=*.jsx", "-e", symbol)  # fmt: skip
        else:
            bound = _grep_lines(root, sorted({(r.file, r.line) for r in result.refs}))  # type: ignore[attr-defined]
        assert tokens(text) <= tokens(bound), (root, symbol)


def _workshop_home(base: Path) -> Path:
    store = SessionStore(base / "sessions")
    store.save(WorkshopSession(id="20260102-090000-bbbb", name="Acme", phase=Phase.PLAN))
    return base


def test_the_other_tools_cost_no_more_than_the_files_they_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tree: Path
) -> None:
    """Each tool's text against what an agent would read instead (files and diffs, verbatim)."""
    home = _workshop_home(tmp_path / "home")
    monkeypatch.setenv("SOFIA_HOME", str(home))
    projects = write_projects(tmp_path)
    monkeypatch.setenv("CC_PROJECTS_DIR", str(projects))
    composer = make_composer_tree(tmp_path / "composer")
    repo = make_repo(tmp_path / "repo")
    sessions = "".join(p.read_text() for p in sorted((home / "sessions").glob("*.json")))
    transcripts = "".join(p.read_text() for p in sorted(projects.rglob("*.jsonl")))
    composer_json = "".join(p.read_text() for p in sorted(composer.rglob("composer.json")))
    diff = subprocess.run(["git", "diff", "HEAD"], cwd=repo, capture_output=True, text=True).stdout
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"], cwd=repo, capture_output=True, text=True
    ).stdout.split()
    diff += "".join((repo / f).read_text() for f in untracked)
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("vue_routes", {"root": str(tree)}, (tree / "web/router/index.ts").read_text()),
        ("workshop_sessions", {}, sessions),
        ("workshop_session", {}, sessions),
        ("workshop_plan", {}, sessions),
        ("changed", {"root": str(repo)}, diff),
        ("cc_ls", {}, transcripts),
        ("cc_show", {}, transcripts),
        ("cc_resume", {}, transcripts),
        ("cc_prompts", {}, transcripts),
        ("cc_bash", {"min_count": 1}, transcripts),
        ("cc_candidates", {}, transcripts),
        ("composer_ls", {"root": str(composer)}, composer_json),
        ("composer_show", {"package": "acme/cart", "root": str(composer)}, composer_json),
    ]
    for name, arguments, raw in cases:
        _, text = get_tool(name).answer(arguments)
        assert tokens(text) <= tokens(raw), (name, tokens(text), tokens(raw))


def test_markdown_keeps_code_fenced_and_intact(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (tree / "go/server.go").read_text(encoding="utf-8")
    out = _cli(capsys, "code", str(tree / "go/server.go"), "--format", "md")
    assert f"```go\n{source.rstrip()}\n```" in out  # `//` comments do not swallow the code after them
    out = _cli(capsys, "code", str(tree / "go/server.go"), "--symbols", "Start", "--format", "md")
    piece = run(CodeInput(files=[str(tree / "go/server.go")], symbols=["Start"])).files[0].slices[0]
    assert f"```go\n{piece.text}\n```" in out  # a slice is no table cell: its lines stay lines


# -- budgets -------------------------------------------------------------------------------------


def test_a_code_answer_fits_its_budget_and_says_how_to_get_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")
    path = str(_site_packages() / "_client.py")
    result, text = get_tool("code").answer({"files": [path], "budget": 300})
    assert tokens(text) <= 300
    entry = result.files[0]  # type: ignore[attr-defined]
    assert entry.truncated.startswith("cut to the 300-token budget: ") and "symbols=[NAME]" in entry.truncated
    assert text.rstrip().endswith(f"[{entry.truncated}]")
    _, raw_text = get_tool("code").answer({"files": [path], "budget": 300, "lines": "1-"})
    assert tokens(raw_text) <= 300 and raw_text.endswith(" reads the rest]\n")


def test_grep_and_the_other_tools_fit_their_budget() -> None:
    root = str(_site_packages())
    _, text = get_tool("grep").answer(
        {"patterns": ["self"], "root": root, "max_per_pattern": 0, "budget": 400}
    )
    assert tokens(text) <= 400
    assert " hits left out by the 400-token budget: narrow the pattern" in text
    _, text = get_tool("refs").answer({"symbol": "Request", "root": root, "max": 0, "budget": 200})
    assert tokens(text) <= 200 and " references left out by the 200-token budget: narrow root" in text


def test_every_tool_takes_a_budget() -> None:
    from sofia_nb.context import tools

    for tool in tools().values():
        field = tool.input_model.model_fields["budget"]
        assert field.default == 10_000 and field.description, tool.name


def _huge(path: Path, size: float) -> Path:
    """The benchmark's generated file (``benchmarks/context_huge.py``), of ``size`` bytes."""
    spec = importlib.util.spec_from_file_location("context_huge", BENCHMARKS / "context_huge.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("context_huge", module)  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module.generate(path, size)  # type: ignore[no-any-return]


def test_a_huge_file_is_never_read_whole(tmp_path: Path) -> None:
    path = _huge(tmp_path / "huge.py", 20e6)
    tracemalloc.start()
    try:
        result, text = get_tool("code").answer({"files": [str(path)]})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5e6, peak  # the file is 20 MB: only its first page was held
    entry = result.files[0]  # type: ignore[attr-defined]
    assert entry.mode == "raw" and entry.size > MAX_WHOLE
    assert "over the 2 MiB limit for summaries and slices" in entry.truncated
    assert "reads the next page" in entry.truncated and tokens(text) <= 10_000
    assert text.startswith("def f0(x):\n")
    _, page = get_tool("code").answer({"files": [str(path)], "lines": "400000-400002"})
    assert page == "def f133333(x):\n    return x + 133333  # filler to reach the size\n\n"


def test_a_huge_latin_1_file_keeps_its_accents_in_its_head_and_pages(tmp_path: Path) -> None:
    head = '# -*- coding: latin-1 -*-\nclass Café:\n    prix = "crème"\n'
    path = tmp_path / "huge.py"
    path.write_bytes(head.encode("latin-1") + b"x = 1\n" * (MAX_WHOLE // 6 + 1))
    _, text = get_tool("code").answer({"files": [str(path)]})
    assert text.startswith(head), text[:120]
    _, page = get_tool("code").answer({"files": [str(path)], "lines": "2-3"})
    assert page == head.split("\n", 1)[1]


def test_slicing_a_huge_file_is_refused_with_the_way_round(tmp_path: Path) -> None:
    from sofia_nb.context import ContextError

    path = _huge(tmp_path / "huge.py", MAX_WHOLE + 1)
    with pytest.raises(ContextError, match="symbol slices need the whole file parsed - find the symbol"):
        get_tool("code").answer({"files": [str(path)], "symbols": ["f5"]})


# -- over MCP: the text block is the compact text, the JSON stays in structuredContent ---------------


async def _served_calls(root: Path) -> dict[str, Any]:
    argv = ["-m", "sofia_nb", "mcp", "serve", "--root", str(root)]
    server = StdioServerParameters(command=sys.executable, args=argv, env=dict(os.environ))
    results = {}
    with anyio.fail_after(60):
        async with Client(server) as client:
            results["code"] = await client.call_tool("code", {"files": ["_client.py"]})
            results["raw"] = await client.call_tool("code", {"files": ["_api.py"], "lines": "1-40"})
            results["grep"] = await client.call_tool("grep", {"patterns": ["self._transport"]})
    return results


def test_the_mcp_text_block_is_the_compact_text() -> None:
    root = _site_packages()
    results = anyio.run(_served_calls, root)
    raws = {
        "code": (root / "_client.py").read_text(),
        "raw": "".join((root / "_api.py").read_text().splitlines(keepends=True)[:40]),
        "grep": _grep_all(root, "-F", "-e", "self._transport"),
    }
    for key, result in results.items():
        assert not result.is_error, result.content
        text = result.content[0].text
        assert tokens(text) <= tokens(raws[key]), key
        assert tokens(text) < tokens(json.dumps(result.structured_content)), key
    assert results["raw"].content[0].text == raws["raw"]
    assert render  # the JSON renderer stays for --format json
