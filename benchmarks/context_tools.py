"""How much the context tools save, and what grep with enclosing scopes costs, on a real tree.

1. ``code``: estimated tokens of the summary (the JSON the server sends) ÷ tokens of the raw file, for
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
import os
import random
import subprocess
import sys
import sysconfig
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
from sofia_nb.context._walk import walk_files  # noqa: E402

MIN_SIZE = 8 * 1024
TARGET_RATIO = 0.25
TARGET_GREP = 2.0
PATTERNS = ["def __init__", "TypeAdapter", "raise ValueError("]


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


def _grep_cmd(root: Path, pattern: str) -> list[str]:
    excludes = [f"--exclude-dir={d}" for d in sorted(DEFAULT_IGNORE_DIRS)]
    return ["grep", "-rnIF", *excludes, "--", pattern, str(root)]


def _best(fn: object, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def grep_speed(root: Path, rounds: int, whole_process: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SOFIA_SESSION_ID", "CLAUDE_CODE_SESSION_ID")}
    cli = [sys.executable, "-m", "sofia_nb", "ctx", "grep", "--root", str(root), "--format", "json"]
    print(f"grep: best of {rounds}, fixed strings, same skipped folders")
    worst = 0.0
    for pattern in PATTERNS:
        total = 0

        def ours(pattern: str = pattern, cap: int = 30) -> None:
            nonlocal total
            total = sum(
                p.total
                for p in grep(GrepInput(patterns=[pattern], root=str(root), max_per_pattern=cap)).patterns
            )

        def ours_all(pattern: str = pattern) -> None:
            ours(pattern, 0)

        def theirs(pattern: str = pattern) -> None:
            subprocess.run(_grep_cmd(root, pattern), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def ours_process(pattern: str = pattern) -> None:
            subprocess.run(
                [*cli, pattern], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True
            )

        # As the server runs it: the default cap (30 hits returned, each with its enclosing scope).
        t_ours, t_grep = _best(ours, rounds), _best(theirs, rounds)
        t_all = _best(ours_all, rounds)
        process = f"{_best(ours_process, 1):6.2f}s" if whole_process else "(not in --quick)"
        worst = max(worst, t_ours / t_grep)
        print(
            f"  {pattern!r:22} {total:6} hits  in-process {t_ours:6.2f}s  grep -rn {t_grep:6.2f}s  "
            f"ratio {t_ours / t_grep:4.2f} | every hit scoped {t_all:6.2f}s ({t_all / t_grep:4.2f}x) | "
            f"whole process sofia-nb ctx grep {process}"
        )
    print(
        f"  worst in-process/grep ratio = {worst:.2f} (target <= {TARGET_GREP}) "
        f"{'ok' if worst <= TARGET_GREP else 'MISSED'}"
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
    code_ratio(root, files)
    grep_speed(root, rounds, whole_process=not args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
