"""What the context tools cost against what they replace, and how fast they search, on real trees.

Tokens are counted with ``bpe-openai``'s ``o200k_base`` (the dev extra); chars/4 only when it is missing.
Everything the model reads is taken from a real ``sofia-nb mcp serve`` process, started once and
called many times (warm, as an agent uses it): the text block of each ``tools/call`` result.

1. ``code``: summary ÷ raw file for source files of at least 8 KiB (target ≤ 0.25).
2. ``grep`` on a tree of at least 50 MB (this venv's site-packages): the warm server's time ÷ GNU
   ``grep -rnI`` and ÷ ripgrep with the same skipped folders, for a literal, ``-i``, ``-w``, a regex,
   three patterns (default cap) and unlimited hits; payload tokens ÷ ``grep -rn``'s; ``refs`` ÷
   ``grep -rnw``. Targets: ≤ 1.0× grep (≤ 3× unlimited), refs ≤ 2×.
3. Start-up, cold: ``sofia-nb ctx grep`` and ``sofia-nb mcp serve``'s answer to ``initialize`` ÷
   ``python -c 'import pydantic, httpx'`` (target ≤ 2).
4. Per language (Go: Debian's cobra and chi; PHP: Debian's laravel; TS: npm's zod; Python: this
   venv's httpx and pydantic; Vue: benchmarks/vue_sample): summary ÷ raw (whole, median, worst),
   passthrough ÷ raw (files under 8 KiB), slice ÷ the slice's lines, grep payload ÷ ``grep -rn``.
   A language whose tree is missing is skipped with the reason.
5. The 19.6 MB generated file: time ÷ ``wc -l`` and peak memory.

Run: ``nice -n 5 .venv/bin/python benchmarks/context_tools.py [--root DIR] [--rounds R] [--files N]``;
``--quick``: this repository's package and Vue sample, one round, a few seconds (``make test`` runs
it to keep the script working; its figures are not asserted).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.context_huge import huge_row  # noqa: E402
from sofia_nb.context import DEFAULT_IGNORE_DIRS  # noqa: E402
from sofia_nb.context._providers.code import CodeInput  # noqa: E402
from sofia_nb.context._providers.code import run as code  # noqa: E402
from sofia_nb.context._support.langs import BY_SUFFIX  # noqa: E402
from sofia_nb.context._support.ripgrep import rg_path  # noqa: E402
from sofia_nb.context._support.walk import walk_files  # noqa: E402
from tests.context.test_label_sweep import sweep as label_sweep  # noqa: E402

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


def _clean_env() -> dict[str, str]:
    """This worktree's code, and no agent session (dedup would turn repeated files into stubs)."""
    drop = ("SOFIA_SESSION_ID", "CLAUDE_CODE_SESSION_ID")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


class Server:
    """One ``sofia-nb mcp serve`` process, started once and called many times (warm)."""

    def __init__(self, roots: list[Path]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sofia_nb", "mcp", "serve", *(f"--root={r}" for r in roots)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=_clean_env(),
        )
        self._ids = itertools.count(1)
        client = {"name": "benchmark", "version": "0"}
        self.request(
            "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client}
        )
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.request("tools/list", {})  # the tools are imported on first use: not part of any timing

    def _send(self, message: dict[str, object]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, object]) -> dict[str, object]:
        msg_id = next(self._ids)
        self._send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            reply = json.loads(self.proc.stdout.readline())
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]  # type: ignore[no-any-return]

    def call(self, tool: str, **arguments: object) -> str:
        """The text the model reads of one ``tools/call``."""
        return self.call_full(tool, **arguments)[0]

    def call_full(self, tool: str, **arguments: object) -> tuple[str, dict[str, Any]]:
        """The text the model reads of one ``tools/call`` and its ``structuredContent``."""
        result = self.request("tools/call", {"name": tool, "arguments": arguments})
        text = "".join(c["text"] for c in result["content"] if c.get("type") == "text")  # type: ignore[union-attr]
        if result.get("isError"):
            raise RuntimeError(f"{tool}: {text}")
        return text, result.get("structuredContent") or {}  # type: ignore[return-value]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def code_ratio(root: Path, max_files: int) -> None:
    candidates = [p for p in walk_files(root, exts=frozenset(BY_SUFFIX)) if p.stat().st_size >= MIN_SIZE]
    sample = sorted(random.Random(7).sample(candidates, min(max_files, len(candidates))))
    by_suffix: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    started = time.perf_counter()
    for path in sample:
        entry = code(CodeInput(files=[str(path)])).files[0]
        row = by_suffix[path.suffix]
        row[0] += 1
        row[1] += entry.tokens
        row[2] += entry.raw_tokens
        row[3] += entry.mode == "raw"
    elapsed = time.perf_counter() - started
    print(f"code (estimator tokens): {len(sample)} of {len(candidates)} files >= 8 KiB, {elapsed:.1f}s")
    for suffix, (files, tokens, raw_tokens, kept_raw) in sorted(by_suffix.items()):
        print(
            f"  {suffix:8} {files:5} files  {tokens:9} / {raw_tokens:9} tokens = {tokens / raw_tokens:.3f}"
            f"  ({kept_raw} came back raw)"
        )
    summary, raw = sum(r[1] for r in by_suffix.values()), sum(r[2] for r in by_suffix.values())
    ratio = summary / raw if raw else 0.0
    verdict = "ok" if ratio <= TARGET_RATIO else "MISSED"
    print(f"  all      summary/raw = {ratio:.3f} (target <= {TARGET_RATIO}) {verdict}")


def _excludes(tool: str) -> list[str]:
    if tool == "rg":
        return ["--no-ignore", "--hidden", *[f"--glob=!{d}/" for d in sorted(DEFAULT_IGNORE_DIRS)]]
    return [f"--exclude-dir={d}" for d in sorted(DEFAULT_IGNORE_DIRS)]


# name -> (grep tool arguments, GNU grep flags, rg flags); the patterns go last, each after -e.
KINDS: dict[str, tuple[dict[str, object], list[str], list[str]]] = {
    "literal": ({"patterns": ["TypeAdapter"]}, ["-F"], ["-F"]),
    "-i": ({"patterns": ["typeadapter"], "case": False}, ["-Fi"], ["-Fi"]),
    "-w": ({"patterns": ["Model"], "word": True}, ["-Fw"], ["-Fw"]),
    "regex": ({"patterns": [r"def \w+_cache\("], "regex": True}, ["-E"], []),
    "three patterns": ({"patterns": ["def __init__", "TypeAdapter", "raise ValueError("]}, ["-F"], ["-F"]),
    "unlimited": ({"patterns": ["TypeAdapter"], "max_per_pattern": 0}, ["-F"], ["-F"]),
}


def _peer(
    tool: str, flags: list[str], patterns: list[str], root: Path, extra: tuple[str, ...] = ()
) -> list[str]:
    exe = (rg_path() or "rg") if tool == "rg" else "grep"
    base = [exe, "-n", *(["-r", "-I"] if tool == "grep" else ["--no-config"])]
    return [*base, *_excludes(tool), *extra, *flags, *(a for p in patterns for a in ("-e", p)), str(root)]


def _run_peer(cmd: list[str]) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace").stdout


def _timed(fn: Any, *args: Any, **kwargs: Any) -> float:
    started = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - started


def _interleaved(rounds: int, *runs: Callable[[], object]) -> list[list[float]]:
    """Each run's times over ``rounds`` rounds; a round runs them in turn, in the reverse order every
    other round, so that neither side always runs first (after the other warmed a cache, or while
    the machine's load rises)."""
    times: list[list[float]] = [[] for _ in runs]
    for i in range(rounds):
        order = list(enumerate(runs))
        for k, run in order if i % 2 == 0 else reversed(order):
            times[k].append(_timed(run))
    return times


def _median(fn: object, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def grep_speed(server: Server, root: Path, rounds: int) -> None:
    print(
        f"grep on {root.name}: warm server, median of {rounds}, same skipped folders as GNU grep -rnI and rg"
    )
    header = f"{'kind':15} {'server':>7} {'grep -rn':>8} {'rg':>7}  {'÷grep':>6} {'target':>6}  {'÷rg':>5}"
    print(f"  {header}  payload÷grep -rn")
    worst = 0.0
    for kind, (fields, grep_flags, rg_flags) in KINDS.items():
        arguments = {"root": str(root), **fields}
        patterns: list[str] = fields["patterns"]  # type: ignore[assignment]
        g_cmd, r_cmd = _peer("grep", grep_flags, patterns, root), _peer("rg", rg_flags, patterns, root)
        ours: list[float] = []
        theirs: list[float] = []
        rgs: list[float] = []
        for _ in range(rounds):  # interleaved, so a busy moment hits all three alike
            ours.append(_timed(server.call, "grep", **arguments))
            theirs.append(_timed(_run_peer, g_cmd))
            rgs.append(_timed(_run_peer, r_cmd))
        t_ours, t_grep, t_rg = (statistics.median(x) for x in (ours, theirs, rgs))
        payload = count_tokens(server.call("grep", **arguments)) / max(count_tokens(_run_peer(g_cmd)), 1)
        target = 3.0 if kind == "unlimited" else 1.0
        worst = max(worst, t_ours / t_grep / target)
        print(
            f"  {kind:15} {t_ours:6.2f}s {t_grep:7.2f}s {t_rg:6.2f}s  {t_ours / t_grep:6.2f} {target:6.1f}  "
            f"{t_ours / t_rg:5.2f}  {payload:5.2f}"
        )
    print(f"  worst server/grep ratio = {worst:.2f} of its target {'ok' if worst <= 1 else 'MISSED'}")
    include = tuple(f"--include=*{e}" for e in sorted(BY_SUFFIX))
    w_cmd = _peer("grep", ["-Fw"], ["Model"], root, include)
    t_refs, t_w = [], []
    for _ in range(rounds):
        t_refs.append(_timed(server.call, "refs", symbol="Model", root=str(root)))
        t_w.append(_timed(_run_peer, w_cmd))
    r, w = statistics.median(t_refs), statistics.median(t_w)
    verdict = "ok" if r <= 2 * w else "MISSED"
    print(
        f"  refs Model      {r:6.2f}s grep -rnw {w:.2f}s  ÷grep -rnw {r / w:5.2f} (target <= 2.0) {verdict}"
    )


def start_up(root: Path, rounds: int) -> None:
    """Cold processes: the CLI's first answer and the server's answer to ``initialize``."""
    env = _clean_env()
    # A small root: the start-up is measured, not the search (the grep rows above measure that).
    small = ROOT / "benchmarks" / "vue_sample"
    cli = [sys.executable, "-m", "sofia_nb", "ctx", "grep", "--root", str(small), "nothing_like_this"]
    init = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "b", "version": "0"},
            },
        }
    )

    def serve() -> None:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sofia_nb", "mcp", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(init.encode() + b"\n")
        proc.stdin.flush()
        proc.stdout.readline()
        proc.stdin.close()
        proc.wait()

    base, ctx, mcp = [], [], []
    for _ in range(rounds):
        base.append(
            _median(lambda: subprocess.run([sys.executable, "-c", "import pydantic, httpx"], check=True), 1)
        )
        ctx.append(_median(lambda: subprocess.run(cli, capture_output=True, env=env, check=True), 1))
        mcp.append(_median(serve, 1))
    b, c, m = (statistics.median(x) for x in (base, ctx, mcp))
    print(
        f"start-up (cold, median of {rounds}): python -c 'import pydantic, httpx' {b:.2f}s; "
        f"sofia-nb ctx grep {c:.2f}s = {c / b:.2f}x; "
        f"sofia-nb mcp serve to initialize {m:.2f}s = {m / b:.2f}x "
        f"(target <= 2) {'ok' if max(c, m) <= 2 * b else 'MISSED'}"
    )


# language -> (its registry-installed tree, an identifier it uses often, for the grep payload)
LANGUAGE_TREES: dict[str, tuple[list[str], str]] = {
    "go (cobra, chi)": (
        ["/usr/share/gocode/src/github.com/spf13/cobra", "/usr/share/gocode/src/github.com/go-chi/chi"],
        "ctx",
    ),
    "php (laravel)": (["/usr/share/php/Illuminate"], "$this->app"),
    "ts (zod)": ([str(ROOT / "tools" / "npm" / "node_modules" / "zod" / "src")], "ZodType"),
    "python (httpx, pydantic)": (
        [str(Path(sysconfig.get_paths()["purelib"]) / n) for n in ("httpx", "pydantic")],
        "self._",
    ),
    "vue (benchmarks/vue_sample)": ([str(ROOT / "benchmarks" / "vue_sample")], "props"),
}


def _ratios(pairs: list[tuple[int, int]]) -> str:
    """``whole median worst`` of (ours, raw) token pairs."""
    if not pairs:
        return f"{'-':>5} {'-':>6} {'-':>5}"
    ratios = [o / r for o, r in pairs if r]
    whole = sum(o for o, _ in pairs) / max(sum(r for _, r in pairs), 1)
    return f"{whole:5.2f} {statistics.median(ratios):6.2f} {max(ratios):5.2f}"


def per_language(server: Server, languages: dict[str, tuple[list[str], str]], max_files: int) -> None:
    print(f"per language, {TOKENIZER} tokens of the server's text (whole, median, worst file):")
    print(
        f"  {'language':28} {'files':>5}  {'summary÷raw':>18}  {'passthrough÷raw':>18}  {'slice÷lines':>18}"
        f"  grep÷grep -rn"
    )
    for language, (folders, identifier) in languages.items():
        present = [Path(f) for f in folders if Path(f).is_dir()]
        if not present:
            print(f"  {language:28} skipped: {', '.join(folders)} not installed")
            continue
        files = [p for f in present for p in walk_files(f, exts=frozenset(BY_SUFFIX))]
        files = sorted(random.Random(7).sample(files, min(max_files, len(files))))
        summaries, passthroughs, slices = [], [], []
        for path in files:
            text = path.read_text(encoding="utf-8", errors="replace")
            if not text.strip():
                continue
            pair = (count_tokens(server.call("code", files=[str(path)])), count_tokens(text))
            (summaries if path.stat().st_size >= MIN_SIZE else passthroughs).append(pair)
            lines = text.splitlines()
            for symbol in code(CodeInput(files=[str(path)])).files[0].symbols[:2]:
                found = code(CodeInput(files=[str(path)], symbols=[symbol.name])).files[0].slices
                # every definition the name has (overloads, methods), each line ending as `sed -n A,Bp`
                if found:
                    raw = "".join(line + "\n" for s in found for line in lines[s.start_line - 1 : s.end_line])
                    sliced = server.call("code", files=[str(path)], symbols=[symbol.name])
                    slices.append((count_tokens(sliced), count_tokens(raw)))
        ours = sum(count_tokens(server.call("grep", patterns=[identifier], root=str(f))) for f in present)
        theirs = sum(count_tokens(_run_peer(_peer("grep", ["-F"], [identifier], f))) for f in present)
        print(
            f"  {language:28} {len(summaries) + len(passthroughs):5}  {_ratios(summaries):>18}  "
            f"{_ratios(passthroughs):>18}  {_ratios(slices):>18}  {ours / max(theirs, 1):5.2f} ({identifier})"
        )


REAL = ROOT / "benchmarks" / "real"
# The per-call table: six real repositories the project had not measured (benchmarks/real/README.md),
# each with grep calls an agent makes while locating an edit (literal, -w, -i, a regex), two
# unlimited ones and refs of three symbols.
GrepCall = dict[str, object]
REAL_REPOS: dict[str, tuple[Path, list[GrepCall], list[str]]] = {
    "go (echo)": (
        REAL / "echo",
        [
            {"patterns": ["c.JSON("]},
            {"patterns": ["ErrNotFound"]},
            {"patterns": ["func (e *Echo)"]},
            {"patterns": ["Context"], "word": True},
            {"patterns": ["timeout"], "case": False},
            {"patterns": [r"func \w+Middleware"], "regex": True},
            {"patterns": ["return err"], "max_per_pattern": 0},
            {"patterns": ["Header().Set("], "max_per_pattern": 0},
        ],
        ["Context", "HandlerFunc", "NewHTTPError"],
    ),
    "python (click)": (
        REAL / "click",
        [
            {"patterns": ["ctx.obj"]},
            {"patterns": ["def invoke"]},
            {"patterns": ["Context"], "word": True},
            {"patterns": ["usage"], "case": False},
            {"patterns": [r"def \w+_callback"], "regex": True},
            {"patterns": ["@click.option(", "@click.argument("]},
            {"patterns": ["self.name"], "max_per_pattern": 0},
            {"patterns": ["isinstance("], "max_per_pattern": 0},
        ],
        ["Context", "echo", "Option"],
    ),
    "ts (zustand)": (
        REAL / "zustand",
        [
            {"patterns": ["useStore"]},
            {"patterns": ["setState"]},
            {"patterns": ["create"], "word": True},
            {"patterns": ["devtools"], "case": False},
            {"patterns": [r"export (const|function|type) \w+"], "regex": True},
            {"patterns": ["StoreApi", "StateCreator"]},
            {"patterns": ["expect("], "max_per_pattern": 0},
            {"patterns": ["getState"], "max_per_pattern": 0},
        ],
        ["create", "StoreApi", "persist"],
    ),
    "vue (vue-pure-admin)": (
        REAL / "vue-pure-admin",
        [
            {"patterns": ["useRouter"]},
            {"patterns": ["defineProps"]},
            {"patterns": ["props"], "word": True},
            {"patterns": ["dialog"], "case": False},
            {"patterns": [r"const \w+ = ref\("], "regex": True},
            {"patterns": ["message(", "ElMessageBox"]},
            {"patterns": ["transformI18n"], "max_per_pattern": 0},
            {"patterns": ["import {"], "max_per_pattern": 0},
        ],
        ["useMultiTagsStoreHook", "message", "transformI18n"],
    ),
    "php (guzzle)": (
        REAL / "guzzle",
        [
            {"patterns": ["$options["]},
            {"patterns": ["RequestInterface"]},
            {"patterns": ["Promise"], "word": True},
            {"patterns": ["redirect"], "case": False},
            {"patterns": [r"function \w+Async"], "regex": True},
            {"patterns": ["->getHeader", "->withHeader"]},
            {"patterns": ["$request"], "max_per_pattern": 0},
            {"patterns": ["throw new"], "max_per_pattern": 0},
        ],
        ["Client", "RequestInterface", "Middleware"],
    ),
    "python+vendored (setuptools)": (
        REAL / "setuptools",
        [
            {"patterns": ["platform_tags"]},
            {"patterns": ["def get_requires"]},
            {"patterns": ["Distribution"], "word": True},
            {"patterns": ["EGG_INFO"], "case": False},
            {"patterns": [r"def \w+_tags\("], "regex": True},
            {"patterns": ["dedent(", "monkeypatch.setattr("]},
            {"patterns": ["self.distribution"], "max_per_pattern": 0},
            {"patterns": ["tmp_path"], "max_per_pattern": 0},
        ],
        ["Distribution", "Requirement", "canonicalize_name"],
    ),
}


def _grep_flags(call: GrepCall, tool: str = "grep") -> list[str]:
    """GNU grep's flags for a ``grep`` tool call, or ripgrep's: the same letters but ``-E``, which
    is rg's ``--encoding`` (a regex is rg's default: it takes no flag for one)."""
    regex = bool(call.get("regex"))
    letters = ("" if regex and tool == "rg" else "E" if regex else "F") + (
        ("w" if call.get("word") and not regex else "") + ("i" if call.get("case") is False else "")
    )
    return [f"-{letters}"] if letters else []


def _same_hits(grep_out: str, root: Path, hits: list[dict[str, Any]]) -> str:
    """``grep -rn``'s lines of exactly the hits returned (a line with two hits is printed once)."""
    wanted = {(h["file"], h["line"]) for h in hits}
    prefix = str(root) + "/"
    kept = []
    for line in grep_out.splitlines():
        path, _, rest = line.removeprefix(prefix).partition(":")
        number, _, _ = rest.partition(":")
        if number.isdigit() and (path, int(number)) in wanted:
            kept.append(line.removeprefix(prefix))
    return "".join(k + "\n" for k in kept)


def _scopes_shown(text: str, hits: list[dict[str, Any]]) -> tuple[int, int]:
    """Of the hits inside a declaration, how many the model can place: the declaration's name is in
    the text outside the hits' own lines, or the hit's line is that declaration (``def invoke(``)."""
    rest = text
    for hit in hits:
        rest = rest.replace(hit["text"], "")
    names = [
        (h["enclosing"].split(" ", 1)[-1].rsplit(".", 1)[-1], h["text"]) for h in hits if h.get("enclosing")
    ]
    return sum(1 for name, line in names if name in rest or name in line), len(names)


def per_call(server: Server, repos: dict[str, tuple[Path, list[GrepCall], list[str]]], rounds: int) -> None:
    """Per call, warm server, against GNU grep -rnI (and rg) on each real repository: the median and
    worst ratio of the default (capped) calls, of the unlimited ones, and of refs against grep -rnw."""
    print(
        f"per call on real repositories: warm server, median of {rounds} per call (each round runs the "
        f"server, grep and rg in turn, the order reversed every other round), {TOKENIZER} tokens; "
        "targets: default <= 1.0x grep -rnI (worst <= 2x), unlimited <= 3x, refs <= 2x grep -rnw; labels: "
        "every hit of return/self/this/$this/err checked against a second parser "
        "(tests/context/test_label_sweep.py)"
    )
    cpus = sorted(os.sched_getaffinity(0))
    print(f"  load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; runs on CPUs {cpus}")
    ping = statistics.median(_timed(server.request, "ping", {}) for _ in range(max(rounds, 5) * 4))
    print(
        f"  floor: one JSON-RPC round trip (ping) {ping * 1e3:.2f} ms; 'no hit' = a grep call that finds "
        "nothing (framing, thread hop, walk, search) ÷ GNU grep's run that finds nothing"
    )
    print(
        f"  {'repository':22} {'files':>5} {'MB':>5}  {'default med/worst':>17} {'÷rg':>5}  {'unlim.':>6}  "
        f"{'refs med/worst':>14}  {'text÷grep -rn (same hits) med/worst':>35}  scopes shown  no hit  "
        "labels wrong/checked"
    )
    for name, (root, calls, symbols) in repos.items():
        if not root.is_dir():
            print(f"  {name:22} skipped: {root} is missing")
            continue
        files = list(walk_files(root))
        size = sum(f.stat().st_size for f in files) / 1e6
        ratios: dict[str, list[float]] = {"default": [], "unlimited": [], "refs": [], "rg": []}
        tokens: list[float] = []
        shown = [0, 0]
        for call in calls:
            patterns: list[str] = call["patterns"]  # type: ignore[assignment]
            g_cmd = _peer("grep", _grep_flags(call), patterns, root)
            r_cmd = _peer("rg", _grep_flags(call, "rg"), patterns, root)
            arguments = {"root": str(root), **call}
            ours, theirs, rgs = _interleaved(
                rounds,
                functools.partial(server.call, "grep", **arguments),
                functools.partial(_run_peer, g_cmd),
                functools.partial(_run_peer, r_cmd),
            )
            t_ours, t_grep, t_rg = (statistics.median(x) for x in (ours, theirs, rgs))
            kind = "unlimited" if call.get("max_per_pattern") == 0 else "default"
            ratios[kind].append(t_ours / t_grep)
            ratios["rg"].append(t_ours / t_rg)
            text, data = server.call_full("grep", **arguments)
            hits = [h for p in data.get("patterns", []) for h in p["hits"]]
            if kind == "default" and hits:
                same = _same_hits(_run_peer(g_cmd), root, hits)
                tokens.append(count_tokens(text) / max(count_tokens(same), 1))
                s, n = _scopes_shown(text, hits)
                shown[0] += s
                shown[1] += n
        include = tuple(f"--include=*{e}" for e in sorted(BY_SUFFIX))
        for symbol in symbols:
            w_cmd = _peer("grep", ["-Fw"], [symbol], root, include)
            ours, theirs = _interleaved(
                rounds,
                functools.partial(server.call, "refs", symbol=symbol, root=str(root)),
                functools.partial(_run_peer, w_cmd),
            )
            ratios["refs"].append(statistics.median(ours) / statistics.median(theirs))

        nothing = ["Zq9xNothingHere"]
        g_none = _peer("grep", ["-F"], nothing, root)
        ours, theirs = _interleaved(
            rounds,
            functools.partial(server.call, "grep", patterns=nothing, root=str(root)),
            functools.partial(_run_peer, g_none),
        )
        floor = statistics.median(ours) / statistics.median(theirs)

        def mw(values: list[float]) -> str:
            return f"{statistics.median(values):5.2f}/{max(values):5.2f}" if values else "    -/    -"

        wrong, checked, _ = label_sweep(root)  # in this process: the server's answers are the same
        print(
            f"  {name:22} {len(files):5} {size:5.1f}  {mw(ratios['default']):>17} "
            f"{statistics.median(ratios['rg']):5.2f}  {statistics.median(ratios['unlimited']):6.2f}  "
            f"{mw(ratios['refs']):>14}  {mw(tokens):>35}  {f'{shown[0]}/{shown[1]}':>12}  {floor:6.2f}  "
            f"{f'{len(wrong)}/{checked}':>20}"
        )
    print(f"  load average {os.getloadavg()[0]:.2f} at the end")


def _repo_arg(value: str) -> tuple[str, Path]:
    label, _, path = value.partition("=")
    if not path:
        raise argparse.ArgumentTypeError("give LANGUAGE=PATH, e.g. go=~/src/gin")
    return label, Path(path).expanduser().resolve()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(sysconfig.get_paths()["purelib"]))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--files", type=int, default=100, help="files per language (a sample)")
    parser.add_argument("--quick", action="store_true", help="this repository's package, one round")
    parser.add_argument(
        "--cpus",
        type=lambda v: {int(c) for c in v.split(",")},
        help="run on these CPUs only (e.g. 1): the server, grep and rg inherit the same set",
    )
    parser.add_argument(
        "--per-call",
        action="store_true",
        help="only the per-call table on the real repositories (benchmarks/real, or --repo)",
    )
    parser.add_argument(
        "--repo",
        type=_repo_arg,
        action="append",
        default=[],
        metavar="LANGUAGE=PATH",
        help="a local repository for the per-call table instead of the vendored one of that language "
        "(go, python, ts, vue, php); the patterns are the vendored repository's",
    )
    args = parser.parse_args()
    if args.cpus:
        os.sched_setaffinity(0, args.cpus)  # before any child starts: every process shares the set
    repos = dict(REAL_REPOS)
    for label, path in args.repo:
        key = next((k for k in repos if k.startswith(label)), None)
        if key is None:
            parser.error(f"--repo {label}: the language is one of go, python, ts, vue, php")
        repos[f"{label} ({path.name})"] = (path, *repos.pop(key)[1:])
    if args.per_call:
        os.environ.pop("SOFIA_SESSION_ID", None)
        os.environ.pop("CLAUDE_CODE_SESSION_ID", None)
        server = Server([r for r, _, _ in repos.values() if r.is_dir()])
        try:
            per_call(server, repos, args.rounds)
        finally:
            server.close()
        return 0
    os.environ.pop("SOFIA_SESSION_ID", None)  # dedup would turn repeated files into stubs
    os.environ.pop("CLAUDE_CODE_SESSION_ID", None)
    root = (ROOT / "sofia_nb") if args.quick else args.root.resolve()
    rounds, files = (1, 5) if args.quick else (args.rounds, args.files)
    size = tree_bytes(root)
    print(f"tree: {root} ({size / 1e6:.0f} MB in files the tools read)")
    if not args.quick and size < 50e6:
        print("  warning: the tree is under 50 MB; the figures say little")
    print(f"tokens: {TOKENIZER}; search engine: {'ripgrep ' + rg_path() if rg_path() else 'python'}")
    languages = LANGUAGE_TREES
    if args.quick:
        languages = {"vue (benchmarks/vue_sample)": LANGUAGE_TREES["vue (benchmarks/vue_sample)"]}
    folders = [Path(f) for trees, _ in languages.values() for f in trees if Path(f).is_dir()]
    server = Server([root, *folders, *(r for r, _, _ in repos.values() if r.is_dir())])
    try:
        code_ratio(root, 10 if args.quick else 400)
        grep_speed(server, root, rounds)
        per_language(server, languages, files)
        quick_repos = {k: v for k, v in repos.items() if k.startswith("ts")} if args.quick else repos
        per_call(server, quick_repos, rounds)
    finally:
        server.close()
    if not args.quick:
        start_up(root, rounds)
        print(huge_row().line())  # benchmarks/context_huge.py: a warm server, its own peak memory
    return 0


if __name__ == "__main__":
    sys.exit(main())
