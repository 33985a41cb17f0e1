"""The token estimate the context tools use to choose between a summary and the raw file."""

from __future__ import annotations


def estimate_tokens(text: str) -> int:
    """ASCII bytes / 4 plus one token per non-ASCII character, rounded half up.

    Counting non-ASCII characters one each (where a plain chars/4 would count a quarter) keeps the
    estimate honest for comments and strings in other scripts, which tokenise far worse than code.
    """
    non_ascii = sum(1 for ch in text if ord(ch) > 127) if not text.isascii() else 0
    return int((len(text) - non_ascii) / 4 + non_ascii + 0.5)
