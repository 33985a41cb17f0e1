"""A diagram drawn in a forked child of a process that drew one: mermaidx's engine is run by a
thread the child does not have, so without forgetting it at fork the child waits forever (seen in
``make mutate``, whose runner forks a child per mutant after a clean run that exported)."""

from __future__ import annotations

import os
import signal
import time

import pytest

from sofia_nb.inert import mermaid_source
from sofia_nb.session._diagrams import diagram_svg

pytest.importorskip("mermaidx")

FLOW = mermaid_source("flowchart TD\n    a[Order in] --> b[Packed]\n")


def test_a_forked_child_draws_its_own_diagram() -> None:
    assert diagram_svg(FLOW, "parent") is not None  # the engine and its thread exist here
    pid = os.fork()
    if pid == 0:  # the child: draw a diagram the parent never drew, then leave without cleanup
        drawn = diagram_svg(FLOW.replace("Packed", "Shipped"), "child")
        os._exit(0 if drawn is not None and "Shipped" in drawn else 3)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail("the forked child's diagram never came: it waited on the parent's engine thread")
