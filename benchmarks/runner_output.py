"""Memory of a test run that prints a lot: the runner's peak RSS for N and 2N MB of output.

Each measurement runs in a fresh interpreter: it imports the runner, notes its peak RSS, runs
``run_process`` on a child that prints N MB (lines of words), and reports the peak again. The peer,
measured the same way in the same run, is what the runner did before: the whole output read back
from its file and redacted, then its tail kept. The target is growth: doubling the output must not
grow the runner's memory (the peer's roughly doubles).

    python benchmarks/runner_output.py            # 250 and 500 MB
    python benchmarks/runner_output.py --quick    # 20 and 40 MB (the test suite runs this)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import asyncio, json, resource, sys, tempfile
from pathlib import Path
from sofia_nb.develop._runner import OUTPUT_TAIL_CHARS, run_process
from sofia_nb.redact import redact_text

mb, mode = int(sys.argv[1]), sys.argv[2]
printer = (
    "import sys\\n"
    "line = ('word ' * 19 + 'end\\\\n').encode()\\n"
    f"for _ in range({mb} * 1024 * 1024 // len(line)):\\n"
    "    sys.stdout.buffer.write(line)\\n"
)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with tempfile.TemporaryDirectory() as scratch:
    out = Path(scratch) / "out.txt"
    if mode == "runner":
        argv, env = [sys.executable, "-c", printer], {"PATH": "/usr/bin:/bin"}
        done = asyncio.run(run_process(argv, Path(scratch), env, timeout_s=600, grace_s=5, output_path=out))
        tail, total = done.output, getattr(done, "output_bytes", -1)  # -1: a runner before the count
    else:  # the peer: the child writes the file itself, the whole of it is read back and redacted
        with open(out, "wb") as handle:
            import subprocess
            subprocess.run([sys.executable, "-c", printer], stdout=handle, check=True)
        text = out.read_text(encoding="utf-8", errors="replace")
        tail, total = redact_text(text)[-OUTPUT_TAIL_CHARS:], len(text)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"mb": mb, "mode": mode, "base_kb": before, "peak_kb": after, "output": total,
                  "tail": len(tail)}))
"""


def measure(mb: int, mode: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as scratch:
        script = Path(scratch) / "child.py"
        script.write_text(CHILD)
        done = subprocess.run(
            [sys.executable, str(script), str(mb), mode],
            capture_output=True,
            text=True,
            check=True,
            timeout=900,
        )
    result: dict[str, int] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="20 and 40 MB")
    args = parser.parse_args()
    sizes = (20, 40) if args.quick else (250, 500)
    print(f"{'mode':8} {'output MB':>9} {'peak RSS MB':>12} {'over import MB':>15}")
    extra: dict[tuple[str, int], float] = {}
    for mode in ("runner", "peer"):
        for mb in sizes:
            m = measure(mb, mode)
            peak, over = m["peak_kb"] / 1024, (m["peak_kb"] - m["base_kb"]) / 1024
            extra[(mode, mb)] = over
            print(f"{mode:8} {mb:9d} {peak:12.1f} {over:15.1f}")
    small, large = sizes
    for mode in ("runner", "peer"):
        print(f"{mode}: doubling the output adds {extra[(mode, large)] - extra[(mode, small)]:.1f} MB")
    print(json.dumps({f"{mode}-{mb}": round(v, 1) for (mode, mb), v in extra.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
