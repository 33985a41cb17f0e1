"""The start-up promise: `sofia-nb ctx grep` and `sofia-nb mcp serve` import only what they use.

Timings belong to benchmarks/context_tools.py; this holds the lazy imports that make them, in a
fresh interpreter each (what a previous test imported would hide a regression).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Modules neither command needs before its first answer: the session store, the LLM layer, the MCP
# client, the event models, an HTTP client, and the context tools nobody asked for.
HEAVY = (
    "sofia_nb.session",
    "sofia_nb.llm",
    "sofia_nb.mcp",
    "sofia_nb.events._models",
    "httpx",
    "sofia_nb.context._providers.workshop",
    "sofia_nb.context._providers.github",
)

PROBES = {
    "ctx grep": "from sofia_nb.cli import build_parser\n"
    "build_parser(['ctx', 'grep', 'x']).parse_args(['ctx', 'grep', 'x'])",
    "mcp serve": "import asyncio\n"
    "from sofia_nb.cli import build_parser\n"
    "from sofia_nb.server import ContextServer\n"
    "build_parser(['mcp', 'serve']).parse_args(['mcp', 'serve'])\n"
    "async def main():\n"
    "    sent = []\n"
    "    async def send(frame): sent.append(frame)\n"
    "    server = ContextServer([])\n"
    "    server.core.connect(send)\n"
    '    await server.core.receive(\'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": '
    '{\\"protocolVersion\\": \\"2025-06-18\\", \\"capabilities\\": {}, '
    '\\"clientInfo\\": {\\"name\\": \\"t\\", \\"version\\": \\"0\\"}}}\')\n'
    "    for _ in range(50):\n"
    "        if sent: break\n"
    "        await asyncio.sleep(0.01)\n"
    "    assert sent, 'initialize was answered'\n"
    "asyncio.run(main())",
}


@pytest.mark.parametrize("command", list(PROBES))
def test_start_up_does_not_import_what_the_command_does_not_use(command: str) -> None:
    probe = PROBES[command] + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    loaded = json.loads(out.stdout.splitlines()[-1])
    heavy = sorted(m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY))
    assert heavy == [], f"{command} imports {heavy}"
