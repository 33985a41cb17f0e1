"""What a streamed reply costs in each face: widget bytes and kernel CPU in the notebook, CPU in the terminal.

A reply of 3,000, 6,000 and 12,000 characters of Markdown (paragraphs, lists, headings) streams in
4-character deltas from the loopback OpenAI-compatible fake (tests/support/openai_server.py, in a
process of its own, over a real socket), paced at about 100 tokens a second (a 10 ms pause per
chunk) or unpaced. Each measurement runs in a fresh interpreter that drives the real stack: the
OpenAI client, the workshop, and

- notebook: the ``WorkshopApp`` (every widget of it), its comms the real ``comm.BaseComm`` send
  path with ``publish_msg`` counting the bytes the kernel would put on the wire for each message
  (the content packed by jupyter_client's packer, plus buffers; the message header, the same
  ~300 bytes for any message, is left out and the messages counted instead). ``stream`` is what
  showing the reply while it is written costs (an ``HTML`` widget's value, or the streaming
  widget's messages); ``total`` adds the finished message's output (its HTML and its text, the
  record's two forms: about 2x the HTML by itself) and the app's buttons and meter;
- terminal: the workshop's ``_Renderer`` on the CLI's console writing to a pty of 100x40 (a
  thread reads what it is sent and drops it).

CPU is the measuring process's CPU time (the fake server is another process). The targets are
ratios: doubling the reply at most 2.2x the bytes and the CPU in each face and pacing, and the
notebook's streaming bytes at most 3x the reply's final HTML (the total, which includes the
finished message's two forms, is reported beside it).

    python benchmarks/streaming.py            # 3,000 / 6,000 / 12,000 characters, paced and unpaced
    python benchmarks/streaming.py --quick    # 1,000 / 2,000, unpaced (the test suite runs this)
    PYTHONPATH=/path/to/other/checkout python benchmarks/streaming.py   # the same on another version
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SERVER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from tests.support.openai_server import OpenAIServer, Reply
text, pace = open(sys.argv[2], encoding="utf-8").read(), float(sys.argv[3])
with OpenAIServer(responder=lambda body: Reply(text, usage=(900, len(text) // 4), pace=pace)) as server:
    print(server.base_url, flush=True)
    sys.stdin.read()  # until the benchmark closes our stdin
"""

CHILD = """
import asyncio, json, os, sys, tempfile, time
face, base_url = sys.argv[1], sys.argv[2]
from sofia_nb.llm import Endpoint, OpenAICompatLLM
from sofia_nb.session import SessionStore
from sofia_nb.workshop import Workshop

counted = {"bytes": 0, "stream_bytes": 0, "messages": 0}

if face == "notebook":
    import comm
    from comm.base_comm import BaseComm
    from jupyter_client.session import json_packer

    class CountingComm(BaseComm):
        # the real Comm send path; what ipykernel would send on IOPub, counted instead of sent
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            content = dict(data=data or {}, comm_id=self.comm_id, **keys)
            size = len(json_packer(content)) + len(json_packer(metadata or {}))
            size += sum(len(memoryview(b).cast("B")) for b in buffers or [])
            state = (data or {}).get("state") or {}
            # the reply as it streams: an HTML widget's value, or the streaming widget's messages
            streaming = (data or {}).get("method") == "custom" or "value" in state
            counted["bytes"] += size
            counted["stream_bytes"] += size if streaming else 0
            counted["messages"] += 1

    comm.create_comm = CountingComm

async def main():
    llm = OpenAICompatLLM(Endpoint(provider="openai", model="gpt-4o", base_url=base_url, api_key="x"))
    with tempfile.TemporaryDirectory() as home:
        workshop = Workshop.create(llm, store=SessionStore(home))
        if face == "notebook":
            from sofia_nb.ui import WorkshopApp
            app = WorkshopApp(workshop)
            run = app.start
        else:
            from types import SimpleNamespace
            from sofia_nb.cli._workshop import _Renderer
            try:  # the CLI's console, where this version has it
                from sofia_nb.cli._output import TerminalConsole as Console
            except ImportError:
                from rich.console import Console
            import pty, threading
            screen, tty = pty.openpty()  # a real terminal: what it is sent is read and dropped
            drain = lambda: [None for _ in iter(lambda: os.read(screen, 65536), b"")]
            threading.Thread(target=drain, daemon=True).start()
            console = Console(open(tty, "w", encoding="utf-8", closefd=False))
            console.size = (100, 40)
            assert console.is_terminal
            nothing = lambda *_: None
            out = SimpleNamespace(console=console, json_mode=False, info=nothing, event=nothing)
            workshop.bus.subscribe(_Renderer(SimpleNamespace(out=out)))
            run = workshop.start_phase
        counted.update(bytes=0, stream_bytes=0, messages=0)
        cpu, wall = time.process_time(), time.monotonic()
        await run()
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        reply = workshop.session.turns[-1].content
        await llm.aclose()
    from sofia_nb.inert import markdown_html
    html = len(markdown_html(reply))
    print(json.dumps({"cpu_s": cpu, "wall_s": wall, "chars": len(reply), "html": html, **counted}))

asyncio.run(main())
"""


def reply_text(chars: int) -> str:
    """Markdown as a model writes a long Design or Plan reply: headings, paragraphs, lists."""
    out: list[str] = []
    n = 0
    while sum(map(len, out)) < chars:
        n += 1
        out.append(f"### Option {n}: sensor data for zone {n}\n\n")
        out.append(
            f"The team in zone {n} reads the **pressure** of each pump every minute and keeps a "
            "spreadsheet of the night alarms; the leak finder would compare each night's flow "
            f"with the last *thirty* nights and flag a zone whose minimum rose by {n % 7 + 2} per cent. "
            "It needs the SCADA history, the pipe register and one person who owns the alerts.\n\n"
        )
        out.append(
            "- data: SCADA flow, `pump_id`, pressure\n- owner: the night shift lead\n"
            f"- first step: a notebook over zone {n}'s last year\n\n"
        )
    return "".join(out)[:chars]


def measure(face: str, chars: int, pace: float, python_path: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        text_file, child = Path(scratch) / "reply.md", Path(scratch) / "child.py"
        text_file.write_text(reply_text(chars), encoding="utf-8")
        child.write_text(CHILD)
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(ROOT), str(text_file), str(pace)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            base_url = server.stdout.readline().strip()
            env = {"PATH": "/usr/bin:/bin", "HOME": scratch, "SOFIA_HOME": scratch, "PYTHONPATH": python_path}
            done = subprocess.run(
                [sys.executable, str(child), face, base_url],
                capture_output=True,
                text=True,
                timeout=600,
                env=env,
                check=False,
            )
        finally:
            server.communicate(input="", timeout=30)
    if done.returncode:
        raise SystemExit(f"{face} {chars} failed:\n{done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="1,000 and 2,000 characters, unpaced")
    args = parser.parse_args()
    import os

    python_path = os.environ.get("PYTHONPATH", "")
    sizes = (1000, 2000) if args.quick else (3000, 6000, 12000)
    pacings = {"unpaced": 0.0} if args.quick else {"paced": 0.01, "unpaced": 0.0}
    print(
        f"{'face':9} {'pacing':8} {'chars':>6} {'CPU s':>7} {'wall s':>7} {'total B':>9} {'stream B':>9} "
        f"{'msgs':>5} {'total/html':>10} {'stream/html':>11}"
    )
    summary: dict[str, float] = {}
    for face in ("notebook", "terminal"):
        for pacing, pace in pacings.items():
            rows = {}
            for chars in sizes:
                m = rows[chars] = measure(face, chars, pace, python_path)
                total, stream = m["bytes"] / m["html"], m["stream_bytes"] / m["html"]
                print(
                    f"{face:9} {pacing:8} {chars:6d} {m['cpu_s']:7.2f} {m['wall_s']:7.2f} "
                    f"{int(m['bytes']):9d} {int(m['stream_bytes']):9d} {int(m['messages']):5d} "
                    f"{total:10.2f} {stream:11.2f}"
                )
                if face == "notebook":
                    summary[f"{face}-{pacing}-{chars}-stream/html"] = round(stream, 2)
            for small, large in itertools.pairwise(sizes):
                key = f"{face}-{pacing}-{small}->{large}"
                summary[f"{key}-cpu"] = round(rows[large]["cpu_s"] / rows[small]["cpu_s"], 2)
                if face == "notebook":
                    summary[f"{key}-bytes"] = round(rows[large]["bytes"] / rows[small]["bytes"], 2)
                    summary[f"{key}-stream-bytes"] = round(
                        rows[large]["stream_bytes"] / rows[small]["stream_bytes"], 2
                    )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
