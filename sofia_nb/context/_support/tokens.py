"""The token estimate the context tools count budgets with and choose between forms of an answer by.

It follows how ``o200k_base`` cuts text instead of dividing its length by four: a run of letters
is about one token, a run of digits or punctuation about one per three characters, a line end with
its indentation one, a non-ASCII character about one, and a long base64 or hex run one per 1.5
characters (chars/4 undercounted such a run 2.7-fold: a data URI in a Vue file). Measured against
``o200k_base`` on echo, click, zustand, vue-pure-admin, guzzle (``benchmarks/real``), pydantic and
this package, per file of at least 2 KB, the raw count is 0.98-1.56 of the real one (chars/4 was
0.38-1.27). :data:`CALIBRATION` is each language's 5th percentile of that ratio, divided out: the
estimate is then at or above the real count on 95 % of the files and a few per cent under it on
the worst, which is what a budget needs (an answer may cost less than its budget, not more).

A text over :data:`SAMPLED` characters is estimated from evenly spaced samples of it: the pieces
are counted by a regular expression, which reads about 3 MB/s, and a 2 MB file must not cost a
second to weigh.
"""

from __future__ import annotations

import re

_BLOB = re.compile(rb"[A-Za-z0-9+/=_-]{48,}")
_BLOB_CHARS = 1.5  # characters per token of base64 or hex


def _classes(keep: str, mark: int) -> bytes:
    """A ``bytes.translate`` table: the ASCII characters of ``keep`` become ``mark``, all else a space."""
    return bytes(mark if chr(c) in keep else 0x20 for c in range(256))


_ASCII = "".join(map(chr, range(128)))
_LETTERS = _classes("".join(c for c in _ASCII if c.isalpha()), ord("a"))
_DIGITS = _classes("0123456789", ord("0"))
_PUNCT = _classes(
    "".join(c for c in _ASCII if not c.isalnum() and c not in " \t\r\n_" and c.isprintable()), ord(".")
)
_CASE = bytes(0x61 if 0x61 <= c <= 0x7A else 0x41 if 0x41 <= c <= 0x5A else 0x20 for c in range(256))
_BLOB_CLASS = _classes("".join(c for c in _ASCII if c.isalnum()) + "+/=_-", ord("a"))
SAMPLED = 64 * 1024
_SAMPLES = 8
# Per language, the 5th percentile of (the count below) / o200k_base over the files measured above
# (``benchmarks/context_tools.py`` prints the spread per language).
CALIBRATION: dict[str, float] = {"go": 1.08, "python": 1.03, "ts": 1.1, "js": 1.1, "vue": 1.09, "php": 1.03}


def _count(text: str) -> float:
    """Letter runs (plus camelCase humps and one per nine letters), digit runs (plus one per four
    digits), punctuation runs (plus one per 2.5 more characters), line ends, non-ASCII characters
    and base64 runs, each counted by ``bytes.translate`` and ``split``/``count`` in C."""
    data = text.encode("utf-8", "replace")
    wide = len(data) - len(text)  # the extra UTF-8 bytes of non-ASCII characters
    n = wide * 0.7
    if b"a" * 48 in data.translate(_BLOB_CLASS):
        blobs = _BLOB.findall(data)
        n += sum(map(len, blobs)) / _BLOB_CHARS
        data = _BLOB.sub(b" ", data)
    # Each class's translation holds only its mark and spaces: its runs are the marks that follow a
    # space (one is put in front), counted without building the list ``split()`` would.
    letters = b" " + data.translate(_LETTERS)
    n += letters.count(b" a") + letters.count(b"a" * 9) + data.translate(_CASE).count(b"aA")
    digits = b" " + data.translate(_DIGITS)
    n += digits.count(b" 0") + digits.count(b"0000")
    punct = b" " + data.translate(_PUNCT)
    runs = punct.count(b" .")
    n += runs + max(0, punct.count(b".") - runs) / 2.5
    return n + data.count(b"\n")


def estimate_tokens(text: str, lang: str = "") -> int:
    """About how many ``o200k_base`` tokens ``text`` is; ``lang`` (``go``, ``python``, ...) calibrates."""
    if len(text) <= SAMPLED:
        counted = _count(text)
    else:
        step, size = len(text) // _SAMPLES, SAMPLED // _SAMPLES
        sample = "".join(text[i * step : i * step + size] for i in range(_SAMPLES))
        counted = _count(sample) * len(text) / len(sample)
    return int(counted / CALIBRATION.get(lang, 1.0) + 0.5)
