"""Peak memory of reading a session file as its size doubles (1, 2, 4, 8 MB), honest and hostile.

Each measurement runs ``SessionStore.scan()`` over a folder holding one file, in a fresh
interpreter under ``prlimit --as`` (so a hostile file cannot take the machine), and reports the
growth of the child's peak RSS over its peak after the imports, in MB. Shapes:

- ``honest``: turns of real text, as the store writes them (indented);
- ``empty-turns``: the issue's hostile file, ``{}`` turns back to back (2 million in 5.8 MB);
- ``padded-empty``: ``{}`` turns padded to 32 bytes each, the densest the container bound lets
  through, up to the 100,000-item bound;
- ``minimal-turns``: the smallest *valid* turns, which become real models.

The target (issue 45): at most 20 times the file's size and never more than 200 MB. ``--code DIR``
measures the sofia_nb in DIR (e.g. an export of the commit before) for the before/after table.

    python benchmarks/session_memory.py                      # this checkout, 1-8 MB
    python benchmarks/session_memory.py --code /tmp/old      # the same against another checkout
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SID = "20260101-090000-bench"
LIMIT_BYTES = 3 * 1024**3
TIMEOUT_S = 300
CHILD = """
import json, resource, sys, time
import sofia_nb
from sofia_nb.session import SessionStore
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
scan = SessionStore(sys.argv[1]).scan()
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
said = scan.unreadable[0].error.split("(", 1)[-1][:70] if scan.unreadable else "read"
growth = (peak - before) / 1024
print(json.dumps({"growth_mb": growth, "seconds": seconds, "said": said, "code": sofia_nb.__file__}))
"""
TEXT = "We ship frozen goods across three regions and lose track of pallets at the cross-dock. "


def session_text(shape: str, size: int) -> str:
    """A session file of about ``size`` bytes in ``shape``."""
    head = {"id": SID, "schema_version": 6, "name": "bench"}
    if shape == "honest":
        turn = {"phase": "discover", "seq": 1, "role": "user", "content": TEXT * 4, "metadata": {}}
        one = len(json.dumps(turn, indent=2)) + 8
        turns = [dict(turn, seq=i + 1) for i in range(size // one)]
        return json.dumps({**head, "turns": turns}, indent=2)
    start = json.dumps(head)[:-1] + ', "turns": ['
    item = {
        "empty-turns": "{}",
        "padded-empty": "{}" + " " * 29,
        "minimal-turns": '{"phase":"discover","seq":1,"role":"user","content":""}',
    }[shape]
    return start + ",".join([item] * ((size - len(start)) // (len(item) + 1))) + "]}"


def measure(code: Path, shape: str, mb: int) -> dict[str, object]:
    """One child's reading of one file."""
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / f"{SID}.json").write_text(session_text(shape, mb * 1_000_000), encoding="utf-8")
        prlimit = shutil.which("prlimit") or "prlimit"
        try:
            done = subprocess.run(
                [prlimit, f"--as={LIMIT_BYTES}", sys.executable, "-c", CHILD, scratch],
                env={**os.environ, "PYTHONPATH": str(code)},
                cwd=scratch,  # not this checkout: ``python -c`` puts the working folder first on the path
                capture_output=True,
                text=True,
                timeout=TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:  # run() has killed the child
            return {"growth_mb": None, "said": f"still reading after {TIMEOUT_S} s: stopped"}
    if done.returncode != 0:
        return {"growth_mb": None, "said": f"died: {done.stderr.strip().splitlines()[-1][:60]}"}
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose sofia_nb is measured")
    parser.add_argument("--sizes", default="1,2,4,8", help="file sizes in MB")
    parser.add_argument("--shapes", default="honest,empty-turns,padded-empty,minimal-turns")
    args = parser.parse_args()
    rows = {}
    for shape in args.shapes.split(","):
        for mb in (int(x) for x in args.sizes.split(",")):
            row = measure(args.code, shape, mb)
            rows[f"{shape}-{mb}"] = row
            growth = row["growth_mb"]
            shown = "   n/a" if growth is None else f"{growth:6.1f}"
            ratio = "" if growth is None else f"{float(growth) / mb:5.1f}x"  # type: ignore[arg-type]
            print(f"{shape:14} {mb} MB  +{shown} MB {ratio:7} {row['said']}", flush=True)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
