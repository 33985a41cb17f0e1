"""Redact, then cut, in the summaries: the decisions brief later phases read, what a patch said that
was not recorded, a value shown in a session file's error, and a composer check's failure line.
Each cuts a text to a width; cut first, a token that starts near the cut keeps a piece the
redactor no longer recognises (in the model's request, a recording, a warning on the terminal)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sofia_nb.context._providers.composer._tools import _FAIL_CHARS, failure_line
from sofia_nb.session._brief import _cut
from sofia_nb.session._store import _shown
from sofia_nb.workshop._patch import _short
from tests.core.test_redact_cuts import SECRET_VALUE, TOKENS, pieces

SHORTENERS: dict[str, tuple[Callable[[str], str], int]] = {
    "decisions brief": (lambda text: _cut(text, 120), 120),
    "patch summary": (lambda text: _short(text, 80), 80),
    "session file error": (lambda text: _shown(text), 57),
    "composer failure": (lambda text: failure_line("FAILED " + text), _FAIL_CHARS),
}


@pytest.fixture(autouse=True)
def _planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_API_KEY", SECRET_VALUE)


def across_the_cut(secret: str, cut: int) -> list[str]:
    """Texts in which ``secret`` starts at every position from before ``cut`` to past it."""
    texts = []
    for start in range(max(0, cut - len(secret) - 2), cut + 2):
        filler = ("said " * (start // 5 + 1))[: max(0, start - 1)] + " " * min(start, 1)
        texts.append(filler + secret + " and what followed it" * 10)
    return texts


@pytest.mark.parametrize("kind", TOKENS)
@pytest.mark.parametrize("where", SHORTENERS)
def test_no_piece_of_a_secret_survives_a_summary_cut_anywhere_across_it(where: str, kind: str) -> None:
    shorten, width = SHORTENERS[where]
    secret = TOKENS[kind]
    shown = [shorten(text) for text in across_the_cut(secret, width)]
    assert all(shown) and all(len(text) <= width + 10 for text in shown)  # cut, and to about the width
    leaked = sorted({piece for text in shown for piece in pieces(secret) if piece in text})
    assert not leaked, leaked
