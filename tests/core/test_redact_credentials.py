"""``credentials_in``: where a tool call's arguments hold what ``redact`` hides, and what kind, by the
same rule (issue 45: consent refuses such a call, naming the argument and the kind)."""

from __future__ import annotations

import pytest

from sofia_nb.redact import REDACTED, credentials_in, redact

VALUE = "plantedValue-42xq"


@pytest.fixture(autouse=True)
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_TEST_TOKEN", VALUE)
    monkeypatch.setenv("ZZ_SECRET", "short")  # under six characters: never a secret (nor redacted)
    monkeypatch.setenv("SIX_TOKEN", "sixsix")  # six: the shortest that is


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"q": "cold chain"}, []),
        ({"q": f"use {VALUE} now"}, [("q", "the value of $SOFIA_TEST_TOKEN")]),
        ({"a": {"b": [1, f"x{VALUE}"]}}, [("a.b[1]", "the value of $SOFIA_TEST_TOKEN")]),
        ({"api_key": "anything"}, [("api_key", "a value named 'api_key'")]),
        ({"headers": {"Authorization": "x"}}, [("headers.Authorization", "a value named 'Authorization'")]),
        ({"api_key": ""}, []),  # an empty secret is not one (redact keeps it too)
        ({"api_key": None}, []),
        ({"q": "Bearer abcdefgh12345678"}, [("q", "a bearer token")]),
        ({"q": "sk-" + "a" * 20}, [("q", "an API key (sk-...)")]),
        ({"q": "ghp_" + "b" * 36}, [("q", "a GitHub token")]),
        ({"q": "github_pat_" + "c" * 30}, [("q", "a GitHub token")]),
        ({"q": "ghp_" + "b" * 36 + " github_pat_" + "c" * 30}, [("q", "a GitHub token")]),  # named once
        ({"q": "xoxb-" + "d" * 12}, [("q", "a Slack token")]),
        ({"q": "AKIA" + "E" * 16}, [("q", "an AWS key")]),
        ({"q": f"sk-{'a' * 20} {VALUE}"}, [("q", "the value of $SOFIA_TEST_TOKEN")]),  # the name says more
        ({"q": "short"}, []),
        ({"q": "sixsix here"}, [("q", "the value of $SIX_TOKEN")]),
        (
            [{"x": VALUE}, VALUE],
            [("[0].x", "the value of $SOFIA_TEST_TOKEN"), ("[1]", "the value of $SOFIA_TEST_TOKEN")],
        ),
        ((VALUE,), [("[0]", "the value of $SOFIA_TEST_TOKEN")]),
        ({3: VALUE}, [("3", "the value of $SOFIA_TEST_TOKEN")]),
        (7, []),
    ],
)
def test_each_credential_is_found_with_where_and_what(value: object, found: list[tuple[str, str]]) -> None:
    assert credentials_in(value) == found


def test_every_value_redact_changes_is_named_and_no_other() -> None:
    arguments = {
        "q": "plain",
        "token": "t0ken-value",
        "nested": [{"x": f"with {VALUE}"}, "Bearer abcdefgh12345678", "fine"],
        "n": 1,
    }
    named = {where for where, _ in credentials_in(arguments)}
    assert named == {"token", "nested[0].x", "nested[1]"}
    hidden = redact(arguments)
    assert hidden["token"] == REDACTED and REDACTED in hidden["nested"][0]["x"] and hidden["q"] == "plain"
