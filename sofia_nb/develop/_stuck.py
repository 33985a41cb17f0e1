"""Stuck detection: the loop is going nowhere when failures repeat, an iteration changes nothing, or an
earlier state of failures comes back (the model is oscillating between two wrong fixes)."""

from __future__ import annotations

import hashlib

from ..session import TestResults


def _first(text: str) -> str:
    return next((x.strip() for x in text.splitlines() if x.strip()), "")


def _last(text: str) -> str:
    # The exception line: pytest's collection errors all share the message "collection failure".
    return next((x.strip() for x in reversed(text.splitlines()) if x.strip()), "")


def failure_signature(results: TestResults) -> str:
    """A short hash of the sorted (test id, first message line, last trace line); "" when nothing fails."""
    pairs = sorted(f"{f.test_id}\x00{_first(f.message)}\x00{_last(f.trace_tail)}" for f in results.failures)
    if not pairs and results.failed + results.errors == 0:
        return ""
    return hashlib.sha256("\n".join(pairs).encode()).hexdigest()[:16]


class StuckDetector:
    """Fed once per iteration, after the tests ran; returns why the loop is stuck, or ""."""

    def __init__(self, history: list[str] | None = None) -> None:
        self.signatures: list[str] = list(history or [])

    def observe(self, signature: str, previous_changed: bool | None) -> str:
        """``previous_changed`` is None on the first iteration (nothing to compare yet)."""
        earlier = self.signatures
        self.signatures = [*earlier, signature]
        if not signature:
            return ""
        if earlier and earlier[-1] == signature:
            return "the same tests failed the same way as in the previous iteration"
        if previous_changed is False:
            return "the previous iteration changed no file"
        if signature in earlier[:-1]:
            return "an earlier set of failures came back: the last changes undid a previous fix"
        return ""
