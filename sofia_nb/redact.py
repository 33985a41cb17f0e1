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
# One alternation, so each redaction scans the text once instead of once per token shape.
_SHAPES = re.compile(
    "|".join(
        [
            r"\b(?i:bearer)\s+[A-Za-z0-9._~+/\-]{8,}=*",
            r"\bsk-[A-Za-z0-9_\-]{16,}",
            r"\bgh[pousr]_[A-Za-z0-9]{20,}",
            r"\bgithub_pat_[A-Za-z0-9_]{20,}",
            r"\bxox[abpr]-[A-Za-z0-9\-]{10,}",
            r"\bAKIA[0-9A-Z]{16}\b",
        ]
    )
)
_MIN_ENV_SECRET_LEN = 6


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
        {v for k, v in os.environ.items() if is_secret_env_name(k) and len(v) >= _MIN_ENV_SECRET_LEN},
        key=len,
        reverse=True,
    )
    _env_seen = dict(raw) if raw is not None else None
    return _env_secrets


def _secrets(extra_secrets: list[str] | None) -> list[str]:
    found = _env_secret_values()
    return [*extra_secrets, *found] if extra_secrets else found


_MEMO_CHARS = 512  # short strings (names, queries, previews) recur on every call; long ones rarely
_MEMO_SIZE = 4096
# Answers for short texts, with the secrets list they were computed against. A changed environment
# brings a new list and so a new dict; a thread still finishing with the old list writes into the
# old dict, which nobody reads any more.
_memo: tuple[list[str] | None, dict[str, str]] = (None, {})


def _redact_text(text: str, secrets: list[str]) -> str:
    global _memo
    if len(text) > _MEMO_CHARS or secrets is not _env_secrets:  # extra secrets: not kept
        return _scrub(text, secrets)
    owner, answers = _memo
    if owner is not secrets:
        answers = {}
        _memo = (secrets, answers)
    done = answers.get(text)
    if done is None:
        done = _scrub(text, secrets)
        if len(answers) >= _MEMO_SIZE:
            answers.clear()
        answers[text] = done
    return done


def _scrub(text: str, secrets: list[str]) -> str:
    for value in secrets:
        if value and value in text:
            text = text.replace(value, REDACTED)
    return _SHAPES.sub(REDACTED, text)


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


def scrubbed_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of the environment without credential-looking variables (for test runs and children)."""
    source = os.environ if env is None else env
    return {k: v for k, v in source.items() if not is_secret_env_name(k)}
