"""The redactor's module-level tables, one case per entry (mutation tools do not mutate them)."""

from __future__ import annotations

import pytest

from sofia_nb.redact import REDACTED, is_secret_env_name, is_secret_key, redact_text

SECRET_KEYS = [
    "api_key", "api-key", "apikey", "Authorization", "auth", "token", "access_token", "secret",
    "password", "passwd", "bearer", "Cookie", "x-api-key", "client_secret", "private_key",
    "github.token", "X-Auth",
]  # fmt: skip
PLAIN_KEYS = ["author", "tokens_used", "authority", "keyboard", "monkey", "query", "secretary"]

SECRET_ENV_NAMES = [
    "GITHUB_TOKEN", "CLIENT_SECRET", "DB_PASSWORD", "FTP_PASSWD", "OPENAI_API_KEY", "MY_APIKEY",
    "SSH_KEY", "AZURE_CREDENTIAL", "BASIC_AUTH",
]  # fmt: skip
PLAIN_ENV_NAMES = ["PATH", "HOME", "LANG", "KEYBOARD", "TERM"]

TOKEN_SHAPES = [
    "Bearer abcdefgh12345678",
    "bEaReR abcdefgh12345678",  # any case: the cheap scan before the regex must see it too
    "sk-abcdefghijklmnop1234",
    "ghp_abcdefghijklmnopqrst1234",
    "gho_abcdefghijklmnopqrst1234",
    "ghu_abcdefghijklmnopqrst1234",
    "ghs_abcdefghijklmnopqrst1234",
    "ghr_abcdefghijklmnopqrst1234",
    "github_pat_11ABCDEFG_abcdefghijklmnopqrstuv",  # real ones have an underscore early
    "xoxb-1234567890-abcdef",
    "xoxa-1234567890-abcdef",
    "xoxp-1234567890-abcdef",
    "xoxr-1234567890-abcdef",
    "AKIAABCDEFGHIJKLMNOP",
]


@pytest.mark.parametrize("key", SECRET_KEYS)
def test_every_secret_key_name_is_a_secret(key: str) -> None:
    assert is_secret_key(key)


@pytest.mark.parametrize("key", PLAIN_KEYS)
def test_words_that_only_contain_a_secret_name_are_not_secret_keys(key: str) -> None:
    assert not is_secret_key(key)


@pytest.mark.parametrize("name", SECRET_ENV_NAMES)
def test_every_credential_variable_name_is_a_secret(name: str) -> None:
    assert is_secret_env_name(name)


@pytest.mark.parametrize("name", PLAIN_ENV_NAMES)
def test_ordinary_variables_are_not_credentials(name: str) -> None:
    assert not is_secret_env_name(name)


@pytest.mark.parametrize("token", TOKEN_SHAPES)
def test_every_token_shape_is_masked_in_text(token: str) -> None:
    out = redact_text(f"before {token} after")
    assert token not in out and REDACTED in out
    assert out.startswith("before ") and out.endswith(" after")


def test_the_shortest_text_a_shape_can_match_is_what_the_redactor_skips_below() -> None:
    import re

    from sofia_nb import redact as module

    widths = [re._parser.parse(pattern).getwidth()[0] for _, pattern in module._TOKEN_SHAPES]  # type: ignore[attr-defined]
    assert min(widths) == module._SHORTEST_TOKEN
    assert redact_text("Bearer abcdefgh") == REDACTED  # exactly that long
    assert redact_text("xoxb-1234567890") == REDACTED
