"""Redact, then cut: a text shortened anywhere (previews, tails, summaries) never keeps a piece of a
secret, wherever the cut falls. Cut first and redact after, a token cut in two keeps a piece the
redactor no longer recognises."""

from __future__ import annotations

import pytest

from sofia_nb.redact import REDACTED, cut_margin, redacted_head, redacted_tail

SECRET_VALUE = "planted-Value_of%the service=key!"  # a credential variable's value: any characters
TOKENS = {
    "openai": "sk-proj" + "A1b2C3d4E5f6G7h8" * 3,
    "github": "ghp_" + "Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2" * 2,
    "fine-grained": "github_pat_11ABCDEFG0" + "abc123XYZ_" * 8,
    "slack": "xoxb-123456789012-abcdefghijkl",
    "aws": "AKIAIOSFODNN7EXAMPLE",
    "bearer": "Bearer eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0" * 4,
    "value": SECRET_VALUE,
}


def pieces(secret: str, size: int = 6) -> set[str]:
    """Every piece of ``secret`` long enough to matter, less the well-known prefixes of its shape."""
    body = secret.split(" ", 1)[-1]  # "Bearer x": the word Bearer alone is no secret
    found = {body[i : i + size] for i in range(len(body) - size + 1)}
    return {p for p in found if p not in ("github", "ithub_", "thub_p", "hub_pa", "ub_pat")}


@pytest.fixture(autouse=True)
def _planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_API_KEY", SECRET_VALUE)


@pytest.mark.parametrize("kind", TOKENS)
def test_a_head_cut_anywhere_across_a_secret_keeps_no_piece_of_it(kind: str) -> None:
    secret = TOKENS[kind]
    text = "result: " + secret + " and more words after it"
    start = len("result: ")
    for limit in range(start - 1, start + len(secret) + 3):
        shown = redacted_head(text, limit)
        leaked = [p for p in pieces(secret) if p in shown]
        assert not leaked, (kind, limit, shown)
        assert shown.startswith("result:")  # the text before the secret is kept


@pytest.mark.parametrize("kind", TOKENS)
def test_a_tail_cut_anywhere_across_a_secret_keeps_no_piece_of_it(kind: str) -> None:
    secret = TOKENS[kind]
    text = "some words before it " + secret + " FAILED test_x"
    after = len(" FAILED test_x")
    for limit in range(after, after + len(secret) + 3):
        shown = redacted_tail(text, limit)
        leaked = [p for p in pieces(secret) if p in shown]
        assert not leaked, (kind, limit, shown)
        assert shown.endswith("FAILED test_x")


@pytest.mark.parametrize("kind", TOKENS)
def test_the_end_of_a_long_text_keeps_no_piece_of_a_secret_its_start_cut(kind: str) -> None:
    """A tail read from the end of a file: the window's own start may fall inside a secret."""
    secret = TOKENS[kind]
    limit = 100
    window = limit + cut_margin()
    for offset in range(len(secret) + 1):
        rest = secret[offset:] + " "
        text = rest + ("ab " * window)[: window - len(rest)]
        shown = redacted_tail(text, limit)
        assert not [p for p in pieces(secret) if p in shown], (kind, offset)
        assert limit - 2 <= len(shown) <= limit


def test_secrets_inside_what_is_kept_are_redacted_and_the_rest_is_untouched() -> None:
    text = f"one {TOKENS['github']} two {SECRET_VALUE} three " + "pad " * 50
    head = redacted_head(text, 120)
    assert head.startswith(f"one {REDACTED} two {REDACTED} three pad pad") and head.rstrip().endswith("pad")
    assert redacted_head("short and plain", 100) == "short and plain"
    assert redacted_tail("short and plain", 100) == "short and plain"
    assert redacted_head("", 10) == "" and redacted_tail("", 10) == ""


def test_a_cut_inside_a_plain_word_drops_the_piece() -> None:
    assert redacted_head("alpha beta gamma", 8) == "alpha "
    assert redacted_tail("alpha beta gamma", 8) == " gamma"
    assert redacted_head("alpha beta gamma", 6) == "alpha "


def test_the_cut_text_is_never_longer_than_asked_without_a_redaction() -> None:
    text = "word " * 1000
    for limit in (1, 7, 100, 4999):
        assert len(redacted_head(text, limit)) <= limit
        assert len(redacted_tail(text, limit)) <= limit


@pytest.mark.parametrize("kind", [k for k in TOKENS if k != "value"])
def test_a_piece_of_a_token_whose_prefix_is_gone_is_dropped_at_the_cut(kind: str) -> None:
    """The regex cannot know a token without its prefix: the cut never splits a word of token characters."""
    fragment = TOKENS[kind].split(" ", 1)[-1][6:]  # what is left when an earlier cut took the prefix
    text = fragment + " FAILED"
    for limit in range(len(" FAILED") + 1, len(text)):
        shown = redacted_tail(text, limit)
        assert shown == " FAILED", (kind, limit, shown)
    for limit in range(1, len(fragment)):
        assert redacted_head(fragment + " tail", limit) == "", (kind, limit)
