"""``sofia-nb dev`` stopped by Ctrl+C in a real terminal ends on its resume hint, as ``workshop``
does: no bare ``error: interrupted`` under it (the hint is what a person acts on)."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.test_dev_pty import DemoModel, _session, _spawn_dev
from tests.support.openai_server import OpenAIServer

pytestmark = pytest.mark.timeout(180)


def test_ctrl_c_while_dev_waits_for_the_model_ends_on_the_resume_hint(tmp_path: Path) -> None:
    sid = _session(tmp_path)
    model = DemoModel()  # the scaffold's reply is held until released: the stop lands while it waits
    with OpenAIServer(responder=model) as server:
        child = _spawn_dev(tmp_path, sid, server)
        try:
            child.expect(re.escape("waiting for the model: scaffold"), timeout=60)
            child.sendintr()  # the terminal's Ctrl+C
            child.expect(re.escape(f"resume with: sofia-nb dev --session {sid}"))
            child.expect(pexpect.EOF)
            after = child.before
        finally:
            model.release.set()
            child.close(force=True)
    assert child.exitstatus == 130 or child.signalstatus is not None, after
    assert "error" not in after, after  # the hint is the last word
