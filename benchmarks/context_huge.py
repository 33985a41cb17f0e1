"""The huge-input row: ``code`` on a generated 19.6 MB Python file, over a warm ``sofia-nb mcp serve``.

Targets (issue 17): answered with a truncation note, in at most 5x the time of ``wc -l`` on the same
file (measured in the same run), with the server's peak memory under 200 MB (its ``VmHWM`` from
``/proc``, so the whole process counts: interpreter, imports and the call).

    python benchmarks/context_huge.py            # prints the row
    from benchmarks.context_huge import huge_row  # the same, as data (for benchmarks/context_tools.py)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SIZE = 19.6e6
ROUNDS = 5
UNIT = "def f{i}(x):\n    return x + {i}  # filler to reach the size\n\n"


@dataclass(frozen=True)
class HugeRow:
    size_mb: float
    code_s: float  # median time of the call, request written to reply read
    wc_s: float  # median time of `wc -l` on the same file, process start to exit
    peak_mb: float | None  # the server's peak resident memory; None off Linux
    note: str  # the truncation note the answer carries

    @property
    def ratio(self) -> float:
        return self.code_s / self.wc_s

    def line(self) -> str:
        peak = f"{self.peak_mb:.0f} MB" if self.peak_mb is not None else "n/a"
        ok = self.ratio <= 5 and (self.peak_mb or 0) < 200 and bool(self.note)
        return (
            f"huge input: {self.size_mb:.1f} MB  code {self.code_s * 1000:.1f} ms  "
            f"wc -l {self.wc_s * 1000:.1f} ms  "
            f"ratio {self.ratio:.1f} (target <= 5)  peak {peak} (target < 200)  "
            f"truncation note: {'yes' if self.note else 'NO'}  {'ok' if ok else 'MISSED'}"
        )


def generate(path: Path, size: float = SIZE) -> Path:
    """Small functions until the file reaches ``size`` bytes (written in blocks: seconds, not minutes)."""
    with path.open("w") as handle:
        i = 0
        while handle.tell() < size:
            handle.write("".join(UNIT.format(i=i + k) for k in range(1000)))
            i += 1000
    return path


class _Server:
    """``sofia-nb mcp serve`` on stdio, spoken to line by line."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sofia_nb", "mcp", "serve", "--root", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self._ids = 0
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"},
            },
        )
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._ids += 1
        self._send({"jsonrpc": "2.0", "id": self._ids, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            reply = json.loads(self.proc.stdout.readline())
            if reply.get("id") == self._ids:
                return reply["result"]

    def peak_mb(self) -> float | None:
        status = Path(f"/proc/{self.proc.pid}/status")
        if not status.exists():
            return None
        line = next(x for x in status.read_text().splitlines() if x.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def _timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def huge_row(rounds: int = ROUNDS) -> HugeRow:
    """Generate the file, warm the server up on a small one, then time ``code`` and ``wc -l`` on it."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        path = generate(root / "huge.py")
        (root / "small.py").write_text("def warm():\n    return 1\n")
        server = _Server(root)
        try:
            server.request("tools/call", {"name": "code", "arguments": {"files": ["small.py"]}})
            answers: list[dict[str, Any]] = []
            call = {"name": "code", "arguments": {"files": ["huge.py"], "force": True}}
            times = [
                _timed(lambda: answers.append(server.request("tools/call", call))) for _ in range(rounds)
            ]
            peak = server.peak_mb()
        finally:
            server.close()
        wc = [
            _timed(lambda: subprocess.run(["wc", "-l", str(path)], capture_output=True))
            for _ in range(rounds)
        ]
        entry = answers[-1]["structuredContent"]["files"][0]
        return HugeRow(
            path.stat().st_size / 1e6,
            statistics.median(times),
            statistics.median(wc),
            peak,
            entry["truncated"],
        )


def main() -> int:
    row = huge_row()
    print(row.line())
    print(f"  note: {row.note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
