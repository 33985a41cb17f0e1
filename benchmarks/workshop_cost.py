"""What a workshop costs: the product's recorded workshops replayed, their requests measured.

Each recording under tests/workshop/fixtures/recorded-* is replayed through the real CLI in a
fresh ``SOFIA_HOME`` (``typed.txt`` on stdin at the terminal, or ``--non-interactive`` with the
recorded workshop's ``inputs.yaml``), and, when the recording has a ``loop.yaml``, the Ralph loop
after it (``sofia-nb dev --session last`` on that script: the scaffold and the fixes). The scripted
model logs every request it receives (``SOFIA_SCRIPTED_LOG``); this script reads that log.

Per recording it prints the requests, input and output tokens per phase and in all (characters / 4
of the request as the scripted model renders it, plus 4 per message, the product's own estimate:
the recording's reported usage is the original requests', not today's), the share of input that
repeats the previous request's start (characters of the longest common prefix with the request
before, over all requests' characters: what a provider's prompt cache can serve), the fix
requests' composition (characters of code / failures / decisions / documents, how many copies of
the decisions and whether any phase conversation is in them), and the cost at the bundled model
table's prices for ``--model`` (gpt-4o by default) without and with the cache (a request's repeated
prefix billed at the cached-input price from 1,024 tokens on, in steps of 128 tokens, as OpenAI's
and Azure OpenAI's automatic cache does).

    python benchmarks/workshop_cost.py                      # every recording
    python benchmarks/workshop_cost.py recorded-ferry       # one
    python benchmarks/workshop_cost.py --json               # one JSON object per recording
    PYTHONPATH=/path/to/other/checkout python benchmarks/workshop_cost.py   # another version

Targets (against the figures before the request layout of issue 46): input tokens at most 0.7x,
repeated-prefix share at least 0.75, fix requests with no conversation and one copy of the decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "workshop" / "fixtures"
INPUTS = (
    FIXTURES / "recorded-workshop" / "inputs.yaml"
)  # the facilitator's side of the two recorded-workshop*

CACHE_MIN_TOKENS = 1024
CACHE_STEP_TOKENS = 128
_PHASE = re.compile(r"(?:You are in the|transcript of the) \*\*(\w+)\*\* phase")
_FIX_SECTIONS = {  # a fix request's top-level headings, by what they hold
    "code": ("# Current code", "# Outlines of the other files", "# Files in the project"),
    "failures": ("# Test results",),
    "decisions": ("# The workshop's decisions", "# Success criteria"),
    "documents": ("# The workshop's documents",),
    "other": (
        "# Goal",
        "# Current state",
        "# Earlier iterations",
        "# Your last approach failed",
        "# Previous change",
        "# What the last iteration changed",
        "# Extra context",
        "# Task",
    ),
}
_HEADINGS = re.compile(
    "^(?=" + "|".join(re.escape(h) for heads in _FIX_SECTIONS.values() for h in heads) + ")", re.M
)


@dataclass
class Phase:
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class FixRequest:
    code: int = 0
    failures: int = 0
    decisions: int = 0
    documents: int = 0
    other: int = 0
    decision_copies: int = 0
    conversation: bool = False


@dataclass
class Report:
    recording: str
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    prefix_share: float = 0.0
    cost_usd: float = 0.0
    cost_cached_usd: float = 0.0
    phases: dict[str, Phase] = field(default_factory=dict)
    fixes: list[FixRequest] = field(default_factory=list)


def _run(args: list[str], env: dict[str, str], cwd: Path, stdin: str | None = None) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", *args],
        input=stdin,
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise SystemExit(f"sofia-nb {args[0]} failed ({done.returncode}):\n{done.stderr[-3000:]}")


def replay(folder: Path, tmp: Path) -> tuple[list[dict[str, Any]], Path]:
    """Run the recording (and its loop); the scripted model's log entries and the session file."""
    log = tmp / "requests.jsonl"
    env = {**os.environ, "SOFIA_HOME": str(tmp / "home"), "SOFIA_SCRIPTED_LOG": str(log)}
    env.pop("SOFIA_RECORD", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH", ""), str(ROOT)) if p)
    env.setdefault("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    script = f"scripted:{folder / 'script.yaml'}"
    if (folder / "typed.txt").exists():
        stdin = (folder / "typed.txt").read_text(encoding="utf-8")
        _run(["workshop", "--llm", script], env, tmp, stdin)
    else:
        args = ["--non-interactive", "--inputs", str(INPUTS), "--llm", script, "--consent", "deny"]
        _run(["workshop", *args], env, tmp)
    if (folder / "loop.yaml").exists():
        loop = f"scripted:{folder / 'loop.yaml'}"
        _run(["dev", "--session", "last", "--llm", loop, "--output", str(tmp / "poc")], env, tmp)
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    [session] = (tmp / "home" / "sessions").glob("*.json")
    return entries, session


def _render(messages: list[dict[str, Any]]) -> str:
    # The scripted model's rendering (sofia_nb.llm._tokens.render_message), without importing the
    # checkout under test: ``role: content`` per message, tool calls as JSON after it.
    lines = []
    for m in messages:
        line = f"{m['role']}: {m.get('content', '')}"
        for call in m.get("tool_calls") or []:
            line += f"\n{m['role']}: [tool call {call['name']} {json.dumps(call.get('arguments', {}))}]"
        lines.append(line)
    return "\n".join(lines)


def _tokens(messages: list[dict[str, Any]]) -> int:
    return sum(math.ceil(len(_render([m])) / 4) + 4 for m in messages)


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    lo, hi = 0, n
    while lo < hi:  # binary search on equal prefixes: fast on 100 KB requests
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _fix_request(text: str, decisions_mark: str, conversation: list[str]) -> FixRequest:
    fix = FixRequest()
    kind = "other"
    for section in _HEADINGS.split(text):  # at the product's own headings
        size = len(section)
        found = next((k for k, heads in _FIX_SECTIONS.items() if section.startswith(heads)), "other")
        # WORKSHOP.md, one of the documents, starts its copy of the decisions with their heading
        kind = kind if kind == "documents" and found == "decisions" else found
        setattr(fix, kind, getattr(fix, kind) + size)
    fix.decision_copies = text.count(decisions_mark) if decisions_mark else 0
    fix.conversation = any(turn in text for turn in conversation)
    return fix


def measure(
    name: str, entries: list[dict[str, Any]], session: dict[str, Any], prices: dict[str, float]
) -> Report:
    report = Report(recording=name)
    rationale = ((session.get("selection") or {}).get("rationale") or "")[:80]
    conversation = [
        t["content"][:120]
        for t in session.get("turns", [])
        if t["role"] == "assistant" and len(t["content"]) > 300
    ]
    previous, phase, total_chars, prefix_chars = "", "?", 0, 0
    cost, cost_cached = 0.0, 0.0
    for entry in entries:
        messages = entry["messages"]
        text = _render(messages)
        purpose = entry["purpose"]
        found = _PHASE.search(text)
        phase = "develop" if purpose in ("scaffold", "fix") else (found.group(1).lower() if found else phase)
        reply = (entry.get("reply") or {}).get("text", "")
        tin, tout = _tokens(messages), math.ceil(len(reply) / 4)
        prefix = _common_prefix(previous, text)
        prefix_tokens = math.ceil(prefix / 4)
        cached = (
            0
            if prefix_tokens < CACHE_MIN_TOKENS
            else min(tin, prefix_tokens) // CACHE_STEP_TOKENS * CACHE_STEP_TOKENS
        )
        p = report.phases.setdefault(phase, Phase())
        p.requests += 1
        p.input_tokens += tin
        p.output_tokens += tout
        report.cached_tokens += cached
        total_chars += len(text)
        prefix_chars += prefix
        cost += (tin * prices["input"] + tout * prices["output"]) / 1e6
        cost_cached += (
            (tin - cached) * prices["input"] + cached * prices["cached"] + tout * prices["output"]
        ) / 1e6
        if purpose == "fix":
            user = "\n".join(m.get("content", "") for m in messages if m["role"] != "assistant")
            report.fixes.append(_fix_request(user, rationale, conversation))
        previous = text
    report.requests = len(entries)
    report.input_tokens = sum(p.input_tokens for p in report.phases.values())
    report.output_tokens = sum(p.output_tokens for p in report.phases.values())
    report.prefix_share = round(prefix_chars / total_chars, 3) if total_chars else 0.0
    report.cost_usd, report.cost_cached_usd = round(cost, 4), round(cost_cached, 4)
    return report


def _prices(model: str) -> dict[str, float]:
    import tomllib

    table = tomllib.loads((ROOT / "sofia_nb" / "model_table.toml").read_text(encoding="utf-8"))
    row = table["models"][model]
    cached = row.get("cached_input_price_per_mtok", row["input_price_per_mtok"] / 2)
    return {"input": row["input_price_per_mtok"], "output": row["output_price_per_mtok"], "cached": cached}


def show(report: Report) -> None:
    r = report
    print(f"== {r.recording}: {r.requests} requests, {r.input_tokens} in / {r.output_tokens} out tokens")
    for name, p in r.phases.items():
        print(f"   {name:<9} {p.requests:>3} requests {p.input_tokens:>8} in {p.output_tokens:>7} out")
    print(f"   repeated prefix: {r.prefix_share:.0%} of input; cached {r.cached_tokens} tokens")
    print(f"   cost: ${r.cost_usd:.4f} without the cache, ${r.cost_cached_usd:.4f} with it")
    for n, f in enumerate(r.fixes, 1):
        parts = f"code {f.code}, failures {f.failures}, decisions {f.decisions}, documents {f.documents}"
        talk = "yes" if f.conversation else "no"
        print(
            f"   fix {n}: {parts}, other {f.other} chars; decisions x{f.decision_copies}; conversation {talk}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recordings", nargs="*", help="recorded-* folder names (default: all)")
    parser.add_argument("--model", default="gpt-4o", help="the model table row whose prices are used")
    parser.add_argument("--json", action="store_true", help="one JSON object per recording")
    args = parser.parse_args()
    names = args.recordings or sorted(
        p.name for p in FIXTURES.glob("recorded-*") if (p / "script.yaml").exists()
    )
    prices = _prices(args.model)
    for name in names:
        with tempfile.TemporaryDirectory(prefix="workshop-cost-") as tmp:
            entries, session_file = replay(FIXTURES / name, Path(tmp))
            session = json.loads(session_file.read_text(encoding="utf-8"))
        report = measure(name, entries, session, prices)
        if args.json:
            print(json.dumps(asdict(report)))
        else:
            show(report)


if __name__ == "__main__":
    main()
