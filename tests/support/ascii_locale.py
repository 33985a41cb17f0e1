"""Run Python code in a child whose locale encoding is ASCII (the C locale with coercion and UTF-8
mode off, as in a bare container): what a file API without an explicit encoding would then use."""

from __future__ import annotations

import os
import subprocess
import sys


def run_in_ascii_locale(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with this process's import path; the child's stdout is ASCII-escaped by the caller."""
    env = {
        **os.environ,
        "LC_ALL": "C",
        "LANG": "C",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONUTF8": "0",
        "PYTHONIOENCODING": "utf-8",  # the child's own prints are not what is tested
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
    }
    check = (
        "import locale; assert locale.getpreferredencoding(False).lower() in ('ascii', 'ansi_x3.4-1968')\n"
    )
    return subprocess.run(
        [sys.executable, "-c", check + code], env=env, capture_output=True, text=True, timeout=timeout
    )
