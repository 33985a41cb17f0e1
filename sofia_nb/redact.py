"""One redactor for every place text leaves the process: logs, events, session saves, exports.

Secrets are recognised three ways: by key name (``api_key``, ``authorization``, ``token``...),
by shape (``sk-...``, ``ghp_...``, ``Bearer ...``), and by value (the current values of
token-like environment variables, so a planted ``GITHUB_TOKEN`` is caught wherever it appears).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from typing import Any

REDACTED = "[REDACTED]"

_SECRET_KEY = re.compile(
    r"(^|[_\-.])(api[_\-]?key|apikey|authorization|auth|token|access[_\-]?token|secret|password|passwd|"
    r"bearer|cookie|x[_\-]api[_\-]key|client[_\-]secret|private[_\-]key)($|[_\-.])",
    re.IGNORECASE,
)
_SECRET_ENV = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|APIKEY|_KEY|CREDENTIAL|AUTH)", re.IGNORECASE)
# Each token shape, with the pieces of text (lower-cased) one of which any match contains.
_TOKEN_SHAPES: list[tuple[tuple[str, ...], str]] = [
    (("bearer",), r"\b(?i:bearer)\s+[A-Za-z0-9._~+/\-]{8,}=*"),
    (("sk-",), r"\bsk-[A-Za-z0-9_\-]{16,}"),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), r"\bgh[pousr]_[A-Za-z0-9]{20,}"),
    (("github_pat_",), r"\bgithub_pat_[A-Za-z0-9_]{20,}"),
    (("xox",), r"\bxox[abpr]-[A-Za-z0-9\-]{10,}"),
    (("akia",), r"\bAKIA[0-9A-Z]{16}\b"),
]
_SHAPE_KINDS = [
    "a bearer token",
    "an API key (sk-...)",
    "a GitHub token",
    "a GitHub token",
    "a Slack token",
    "an AWS key",
]
"""What each of ``_TOKEN_SHAPES`` is, in words, in the same order."""
# One alternation, so a redaction runs the regex over the text once instead of once per shape...
_SHAPES = re.compile("|".join(pattern for _, pattern in _TOKEN_SHAPES))
# ...and only when one of the pieces occurs: Python's regex engine tries the alternation at every
# position, which takes several times longer than scanning for the pieces.
_SHAPE_PIECES = tuple(piece for pieces, _ in _TOKEN_SHAPES for piece in pieces)
_SHORTEST_TOKEN = 15  # the shortest text any shape matches ("Bearer " and 8 characters); a test holds it
# Shorter values (a placeholder key such as "x") cannot be told apart from words: masking them
# would shred every text they occur in, so neither the environment nor a caller's list does.
_MIN_SECRET_LEN = 6


@functools.lru_cache(maxsize=4096)  # the same few keys come back on every call and event
def is_secret_key(key: str) -> bool:
    """True when a mapping key or header name names a secret (``api_key``, ``Authorization``...)."""
    return bool(_SECRET_KEY.search(key))


def is_secret_env_name(name: str) -> bool:
    """True when an environment variable's name says it holds a credential."""
    return bool(_SECRET_ENV.search(name))


_env_seen: dict[str, str] | None = None  # the environment as last scanned (the same string objects)
_env_secrets: list[str] = []


def _env_secret_values() -> list[str]:
    """Values of credential-looking variables, longest first; rescanned only when the environment changes.

    Redaction runs on every tool call and event, so scanning ``os.environ`` each time would cost more
    than the call itself. Comparing the raw environment with the copy taken at the last scan is cheap:
    unchanged entries are the same objects, so equality stops at identity.
    """
    global _env_seen, _env_secrets
    raw = getattr(os.environ, "_data", None)  # CPython's underlying dict; fall back to a full scan elsewhere
    if raw is not None and raw == _env_seen:
        return _env_secrets
    _env_secrets = sorted(
        {v for k, v in os.environ.items() if is_secret_env_name(k) and len(v) >= _MIN_SECRET_LEN},
        key=len,
        reverse=True,
    )
    _env_seen = dict(raw) if raw is not None else None
    return _env_secrets


def _secrets(extra_secrets: list[str] | None) -> list[str]:
    found = _env_secret_values()
    extra = [s for s in extra_secrets or () if len(s) >= _MIN_SECRET_LEN]
    return [*extra, *found] if extra else found


def _redact_text(text: str, secrets: list[str]) -> str:
    for value in secrets:
        if value and value in text:
            text = text.replace(value, REDACTED)
    if len(text) < _SHORTEST_TOKEN:  # names, ids, short queries: no shape fits
        return text
    lowered = text.lower()
    for piece in _SHAPE_PIECES:
        if piece in lowered:
            return _SHAPES.sub(REDACTED, text)
    return text


def _redact(value: Any, secrets: list[str]) -> Any:
    if isinstance(value, str):
        return _redact_text(value, secrets) if value else value
    if isinstance(value, dict | Mapping):  # dict first: the ABC check is slow
        return {
            k: (
                REDACTED
                if isinstance(k, str) and is_secret_key(k) and v not in (None, "")
                # a short string value (the commonest argument) is answered here, one frame less
                else _redact_text(v, secrets)
                if type(v) is str and v
                else _redact(v, secrets)
            )
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [_redact(v, secrets) for v in value]
    return value


def redact_text(text: str, extra_secrets: list[str] | None = None) -> str:
    """Replace every secret found in ``text`` by ``[REDACTED]``."""
    return _redact_text(text, _secrets(extra_secrets)) if text else text


def redact(value: Any, extra_secrets: list[str] | None = None) -> Any:
    """Return a copy of a JSON-like value with secret keys blanked and secret strings masked."""
    return _redact(value, _secrets(extra_secrets))


def credentials_in(value: Any, where: str = "") -> list[tuple[str, str]]:
    """Each place in a JSON-like value where ``redact`` would hide something, as ``(where, kind)``:
    ``where`` is the path (``query``, ``options.headers[0]``), ``kind`` the credential in words
    (``the value of $OPENAI_API_KEY``, ``a GitHub token``, ``a value named 'api_key'``).

    One rule with ``redact``: a value this names is exactly one ``redact`` changes."""
    if isinstance(value, str):
        return [(where, kind) for kind in _kinds_in_text(value)]
    found: list[tuple[str, str]] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            path = f"{where}.{key}" if where else str(key)
            if isinstance(key, str) and is_secret_key(key) and item not in (None, ""):
                found.append((path, f"a value named {key!r}"))
            else:
                found += credentials_in(item, path)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += credentials_in(item, f"{where}[{i}]")
    return found


def _kinds_in_text(text: str) -> list[str]:
    kinds = [
        f"the value of ${name}"
        for name, secret in sorted(os.environ.items())
        if is_secret_env_name(name) and len(secret) >= _MIN_SECRET_LEN and secret in text
    ]
    if kinds:  # the variable's name says more than the value's shape
        return kinds
    for kind, (_, pattern) in zip(_SHAPE_KINDS, _TOKEN_SHAPES, strict=True):
        if kind not in kinds and re.search(pattern, text):  # the two GitHub shapes: named once
            kinds.append(kind)
    return kinds


# --- redact, then cut ---------------------------------------------------------------------------
# A text cut first and redacted after can keep a piece of a secret the redactor no longer knows
# (the tail of a token whose prefix was cut off). So every shortening here chooses a cut that
# crosses no secret and no token-like word, and redacts what it keeps.

_MIN_CUT_MARGIN = 4096
"""Characters searched on each side of a cut for a secret crossing it (a JWT behind ``Bearer`` can
run to a few kilobytes; the longest credential variable's value widens it)."""
_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~+/=-")
"""What tokens are made of: a cut inside a run of these is moved to the run's edge."""


def _margin(secrets: list[str]) -> int:
    return max(_MIN_CUT_MARGIN, len(secrets[0]) + 1 if secrets else 0)


def cut_margin() -> int:
    """How far beyond a cut ``redacted_head``/``redacted_tail`` look: a caller that reads only the end
    of a long file reads ``limit + cut_margin()`` characters for ``redacted_tail`` to be exact."""
    return _margin(_env_secret_values())


def _spans(text: str, secrets: list[str]) -> list[tuple[int, int]]:
    """Where secrets sit in ``text``: each value occurrence and each token-shape match."""
    found = []
    for value in secrets:
        at = text.find(value)
        while at >= 0:
            found.append((at, at + len(value)))
            at = text.find(value, at + 1)
    if len(text) >= _SHORTEST_TOKEN:
        lowered = text.lower()
        if any(piece in lowered for piece in _SHAPE_PIECES):
            found += [m.span() for m in _SHAPES.finditer(text)]
    return found


def _safe_cut(text: str, at: int, secrets: list[str], *, keep_before: bool) -> int:
    """A cut at or near ``at`` that splits neither a secret nor a word of token characters; it moves
    towards the part dropped (left when ``text[:cut]`` is kept, right when ``text[cut:]`` is)."""
    margin = _margin(secrets)
    low = max(0, at - margin)
    spans = [(s + low, e + low) for s, e in _spans(text[low : at + margin], secrets)]
    moved = True
    while moved:  # overlapping secrets: move until none is crossed
        moved = False
        for start, end in spans:
            if start < at < end:
                at, moved = (start if keep_before else end), True
    # A word cut in two may be a secret whose start lies beyond the search (a very long token) or
    # a shape the regex no longer matches once cut: drop the piece, up to the margin.
    step, stop = (-1, max(0, at - margin)) if keep_before else (1, min(len(text), at + margin))
    while at != stop and 0 < at < len(text) and text[at - 1] in _WORD_CHARS and text[at] in _WORD_CHARS:
        at += step
    return at


def redacted_head(text: str, limit: int, extra_secrets: list[str] | None = None) -> str:
    """The start of ``text``, about ``limit`` characters, redacted; a secret cut by the end is left out
    whole. (About: a secret redacted inside may make it a few characters longer or shorter.)"""
    secrets = _secrets(extra_secrets)
    if len(text) > limit:
        text = text[: _safe_cut(text, limit, secrets, keep_before=True)]
    return _redact_text(text, secrets) if text else text


def redacted_tail(text: str, limit: int, extra_secrets: list[str] | None = None) -> str:
    """The end of ``text``, about ``limit`` characters, redacted; a secret cut by the start is left out
    whole. ``text`` may itself be the end of something longer when it holds ``limit + cut_margin()``
    characters or more."""
    secrets = _secrets(extra_secrets)
    if len(text) > limit:
        text = text[_safe_cut(text, len(text) - limit, secrets, keep_before=False) :]
    return _redact_text(text, secrets) if text else text


def scrubbed_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of the environment without credential-looking variables (for test runs and children)."""
    source = os.environ if env is None else env
    return {k: v for k, v in source.items() if not is_secret_env_name(k)}
