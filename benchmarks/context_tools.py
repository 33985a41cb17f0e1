"""How much the context tools save, and what grep with enclosing scopes costs, on real trees.

Tokens are counted with ``bpe-openai``'s ``o200k_base`` (the dev extra); chars/4 only when it is missing.

1. ``code``: tokens of the summary (the JSON the server sends) ÷ tokens of the raw file, for
   source files of at least 8 KiB. Target ≤ 0.25. Files whose summary would not be smaller come back
   raw and count at full price.
2. ``grep``: the in-process tool with enclosing scopes (as the server runs it: default cap of 30
   hits) against ``grep -rnI`` (binary files skipped, as ours does) with the same skipped folders
   and fixed-string patterns; the figure with every hit scoped is printed beside it. Target ≤ 2×
   grep's time. The whole-process figure (``sofia-nb ctx grep``) is printed too.

Run: ``.venv/bin/python benchmarks/context_tools.py [--root DIR] [--rounds R] [--files N] [--quick]``.
Default root: this venv's site-packages (well over 50 MB). Numbers, not asserts: the tests run
``--quick`` (a small tree, one round) only to keep the script working.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sofia_nb.context import DEFAULT_IGNORE_DIRS  # noqa: E402
from sofia_nb.context._code import CodeInput  # noqa: E402
from sofia_nb.context._code import run as code  # noqa: E402
from sofia_nb.context._grep import GrepInput  # noqa: E402
from sofia_nb.context._grep import run as grep  # noqa: E402
from sofia_nb.context._langs import BY_SUFFIX  # noqa: E402
from sofia_nb.context._refs import RefsInput  # noqa: E402
from sofia_nb.context._refs import run as refs  # noqa: E402
from sofia_nb.context._ripgrep import rg_path  # noqa: E402
from sofia_nb.context._walk import walk_files  # noqa: E402

try:
    from bpe_openai import get_encoding

    _ENCODING = get_encoding("o200k_base")
    TOKENIZER = "o200k_base (bpe-openai)"

    def count_tokens(text: str) -> int:
        """Tokens of ``text``, encoded in chunks cut at newlines (the package refuses 1M characters)."""
        total, start = 0, 0
        while start < len(text):
            end = text.rfind("\n", start, start + 100_000) + 1 if len(text) - start > 100_000 else len(text)
            end = end if end > start else min(len(text), start + 100_000)
            total += len(_ENCODING.encode(text[start:end]))
            start = end
        return total

except ImportError:  # the estimate, said so in the output
    TOKENIZER = "chars/4 (bpe-openai missing)"

    def count_tokens(text: str) -> int:
        return len(text) // 4


MIN_SIZE = 8 * 1024
TARGET_RATIO = 0.25


def tree_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in walk_files(root))


def code_ratio(root: Path, max_files: int) -> None:
    candidates = [p for p in walk_files(root, exts=frozenset(BY_SUFFIX)) if p.stat().st_size >= MIN_SIZE]
    sample = sorted(random.Random(7).sample(candidates, min(max_files, len(candidates))))
    summary = raw = 0
    by_suffix: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    started = time.perf_counter()
    for path in sample:
        entry = code(CodeInput(files=[str(path)])).files[0]
        summary += entry.tokens
        raw += entry.raw_tokens
        row = by_suffix[path.suffix]
        row[0] += 1
        row[1] += entry.tokens
        row[2] += entry.raw_tokens
        row[3] += entry.mode == "raw"
    elapsed = time.perf_counter() - started
    print(f"code: {len(sample)} of {len(candidates)} files >= 8 KiB, {elapsed:.1f}s")
    for suffix, (files, tokens, raw_tokens, kept_raw) in sorted(by_suffix.items()):
        print(
            f"  {suffix:8} {files:5} files  {tokens:9} / {raw_tokens:9} tokens = {tokens / raw_tokens:.3f}"
            f"  ({kept_raw} came back raw)"
        )
    ratio = summary / raw if raw else 0.0
    verdict = "ok" if ratio <= TARGET_RATIO else "MISSED"
    print(f"  all      summary/raw = {ratio:.3f} (target <= {TARGET_RATIO}) {verdict}")


def _model_text(result: object) -> str:
    """What the model reads of a tool result: the server's text block."""
    from sofia_nb.server._tools import success

    return success(result).content[0].text  # type: ignore[arg-type, union-attr]


def _excludes(tool: str) -> list[str]:
    if tool == "rg":
        return ["--no-ignore", "--hidden", *[f"--glob=!{d}/" for d in sorted(DEFAULT_IGNORE_DIRS)]]
    return [f"--exclude-dir={d}" for d in sorted(DEFAULT_IGNORE_DIRS)]


# name -> (GrepInput fields, GNU grep flags, rg flags)
KINDS: dict[str, tuple[dict[str, object], list[str], list[str]]] = {
    "literal": ({"patterns": ["TypeAdapter"]}, ["-F"], ["-F"]),
    "-i": ({"patterns": ["typeadapter"], "case": False}, ["-Fi"], ["-Fi"]),
    "-w": ({"patterns": ["Model"], "word": True}, ["-Fw"], ["-Fw"]),
    "regex": ({"patterns": [r"def \w+_cache\("], "regex": True}, ["-E"], []),
    "three patterns": (
        {"patterns": ["def __init__", "TypeAdapter", "raise ValueError("]},
        ["-F", "-e", "def __init__", "-e", "TypeAdapter", "-e"],
        ["-F", "-e", "def __init__", "-e", "TypeAdapter", "-e"],
    ),
    "unlimited": ({"patterns": ["TypeAdapter"], "max_per_pattern": 0}, ["-F"], ["-F"]),
}


def _peer(tool: str, flags: list[str], pattern: str, root: Path, extra: tuple[str, ...] = ()) -> list[str]:
    exe = (rg_path() or "rg") if tool == "rg" else "grep"
    base = [exe, "-n", *(["-r", "-I"] if tool == "grep" else ["--no-config"])]
    end = [pattern] if flags and flags[-1] == "-e" else ["--", pattern]
    return [*base, *_excludes(tool), *extra, *flags, *end, str(root)]


def _run_peer(cmd: list[str]) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace").stdout


def grep_speed(root: Path, rounds: int, whole_process: bool) -> None:
    print(f"grep: median of {rounds}, same skipped folders; ratios against GNU grep -rn (and ripgrep)")
    worst = 0.0
    for kind, (fields, grep_flags, rg_flags) in KINDS.items():
        request = GrepInput(root=str(root), **fields)  # type: ignore[arg-type]
        pattern = request.patterns[-1]
        result = grep(request)
        g_cmd, r_cmd = _peer("grep", grep_flags, pattern, root), _peer("rg", rg_flags, pattern, root)
        t_ours = _median(functools.partial(grep, request), rounds)
        t_grep = _median(functools.partial(_run_peer, g_cmd), rounds)
        t_rg = _median(functools.partial(_run_peer, r_cmd), rounds)
        ours_tokens, grep_tokens = count_tokens(_model_text(result)), count_tokens(_run_peer(g_cmd))
        target = 3.0 if kind == "unlimited" else 1.0
        worst = max(worst, t_ours / t_grep / target)
        print(
            f"  {kind:15} {sum(p.total for p in result.patterns):6} hits  ours {t_ours:6.2f}s  "
            f"grep -rn {t_grep:6.2f}s  rg {t_rg:6.2f}s  "
            f"time/grep {t_ours / t_grep:5.2f} (target <= {target}) "
            f"time/rg {t_ours / t_rg:5.2f}  payload/grep -rn {ours_tokens / max(grep_tokens, 1):5.2f}"
        )
    print(f"  worst in-process/grep ratio = {worst:.2f} (of its target) {'ok' if worst <= 1 else 'MISSED'}")
    refs_request = RefsInput(symbol="Model", root=str(root))
    t_refs = _median(lambda: refs(refs_request), rounds)
    w_cmd = _peer("grep", ["-w"], "Model", root, tuple(f"--include=*{e}" for e in sorted(BY_SUFFIX)))
    t_w = _median(lambda: _run_peer(w_cmd), rounds)
    print(f"  refs Model {t_refs:6.2f}s  grep -rnw {t_w:6.2f}s  ratio {t_refs / t_w:5.2f} (target <= 2.0)")
    if whole_process:
        env = {k: v for k, v in os.environ.items() if k not in ("SOFIA_SESSION_ID", "CLAUDE_CODE_SESSION_ID")}
        cli = [sys.executable, "-m", "sofia_nb", "ctx", "grep", "--root", str(root), "TypeAdapter"]
        t_cli = _median(lambda: subprocess.run(cli, capture_output=True, env=env, check=True), 1)
        t_base = _median(
            lambda: subprocess.run([sys.executable, "-c", "import pydantic, httpx"], check=True), 3
        )
        print(
            f"  start-up: sofia-nb ctx grep {t_cli:.2f}s; python -c 'import pydantic, httpx' {t_base:.2f}s; "
            f"ratio {t_cli / t_base:.2f} (target <= 2)"
        )


def _median(fn: object, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times)


# language -> where its registry-installed tree lives
LANGUAGE_TREES = {
    "go (cobra, chi)": [
        "/usr/share/gocode/src/github.com/spf13/cobra",
        "/usr/share/gocode/src/github.com/go-chi/chi",
    ],
    "php (laravel)": ["/usr/share/php/Illuminate"],
    "ts (zod)": [str(ROOT / "tools" / "npm" / "node_modules" / "zod" / "src")],
    "python (httpx, pydantic)": [
        str(Path(sysconfig.get_paths()["purelib"]) / n) for n in ("httpx", "pydantic")
    ],
    "vue (benchmarks/vue_sample)": [str(ROOT / "benchmarks" / "vue_sample")],
}


def per_language(max_files: int) -> None:
    print(f"per language: summary/raw (whole sample, median, worst) in {TOKENIZER} tokens")
    for language, folders in LANGUAGE_TREES.items():
        present = [Path(f) for f in folders if Path(f).is_dir()]
        if not present:
            print(f"  {language:28} skipped: {', '.join(folders)} not installed")
            continue
        ratios, summary, raw = [], 0, 0
        files = [p for f in present for p in walk_files(f, exts=frozenset(BY_SUFFIX))][:max_files]
        for path in files:
            text = path.read_text(encoding="utf-8", errors="replace")
            if not text.strip():
                continue
            ours = count_tokens(_model_text(code(CodeInput(files=[str(path)]))))
            theirs = count_tokens(text)
            summary, raw = summary + ours, raw + theirs
            ratios.append(ours / theirs)
        print(
            f"  {language:28} {len(ratios):4} files  whole {summary / raw:5.2f}  "
            f"median {statistics.median(ratios):5.2f}  worst {max(ratios):5.2f}"
        )


def huge_input() -> None:
    """``code`` on a generated 19.6 MB Python file, in a subprocess: time ÷ ``wc -l``, peak memory."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "huge.py"
        unit = "def f{i}(x):\n    return x + {i}  # filler to reach the size\n\n"
        with path.open("w") as fh:
            i = 0
            while fh.tell() < 19.6e6:
                fh.write(unit.format(i=i))
                i += 1
        probe = (
            "import resource, sys, time; from sofia_nb.context._code import CodeInput, run; "
            f"t = time.perf_counter(); run(CodeInput(files=[{str(path)!r}])); "
            "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
        )
        try:
            out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
            seconds, rss_kb = out.stdout.split() if out.returncode == 0 else ("nan", "nan")
        except subprocess.TimeoutExpired:
            seconds, rss_kb = "inf", "nan"
        t_wc = _median(lambda: subprocess.run(["wc", "-l", str(path)], capture_output=True), 3)
        print(
            f"huge input: {path.stat().st_size / 1e6:.1f} MB  code {float(seconds):.2f}s  wc -l {t_wc:.3f}s  "
            f"ratio {float(seconds) / t_wc:.0f} (target <= 5)  "
            f"peak {float(rss_kb) / 1024:.0f} MB (target < 200)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(sysconfig.get_paths()["purelib"]))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--files", type=int, default=400, help="source files >= 8 KiB summarised (a sample)")
    parser.add_argument("--quick", action="store_true", help="this repository's package, one round")
    args = parser.parse_args()
    os.environ.pop("SOFIA_SESSION_ID", None)  # dedup would turn repeated files into stubs
    os.environ.pop("CLAUDE_CODE_SESSION_ID", None)
    root = (ROOT / "sofia_nb") if args.quick else args.root.resolve()
    rounds, files = (1, 10) if args.quick else (args.rounds, args.files)
    size = tree_bytes(root)
    print(f"tree: {root} ({size / 1e6:.0f} MB in files the tools read)")
    if not args.quick and size < 50e6:
        print("  warning: the tree is under 50 MB; the figures say little")
    print(f"tokens: {TOKENIZER}")
    code_ratio(root, files)
    grep_speed(root, rounds, whole_process=not args.quick)
    if not args.quick:
        per_language(args.files)
        huge_input()
    return 0


if __name__ == "__main__":
    sys.exit(main())
