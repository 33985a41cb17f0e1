"""Redaction of values: the length floor, longest secret first, empty secrets kept, nested shapes."""

from __future__ import annotations

import pytest

from sofia_nb.redact import REDACTED, redact, redact_text, scrubbed_env


def test_a_credential_value_of_six_characters_is_masked_and_five_are_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SIX_TOKEN", "q1w2e3")
    monkeypatch.setenv("FIVE_TOKEN", "z9x8c")
    assert redact_text("a q1w2e3 b z9x8c c") == f"a {REDACTED} b z9x8c c"


def test_the_longest_secret_is_masked_first_so_no_tail_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHORT_TOKEN", "abcdefgh")
    monkeypatch.setenv("LONG_TOKEN", "abcdefghijkl")
    assert redact_text("x abcdefghijkl y") == f"x {REDACTED} y"


def test_extra_secrets_are_masked_beside_the_environment_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENV_TOKEN", "envsecret1")
    out = redact({"note": "envsecret1 and passphrase9"}, extra_secrets=["passphrase9"])
    assert out == {"note": f"{REDACTED} and {REDACTED}"}


def test_secret_keys_with_empty_values_stay_empty_and_other_values_keep_their_type() -> None:
    value = {"token": "", "password": None, "n": 3, "ok": True, "items": ("a", {"api_key": "k"}), "s": ""}
    assert redact(value) == {
        "token": "",
        "password": None,
        "n": 3,
        "ok": True,
        "items": ["a", {"api_key": REDACTED}],
        "s": "",
    }


def test_non_string_keys_are_kept() -> None:
    assert redact({1: "one"}) == {1: "one"}


def test_scrubbed_env_reads_os_environ_when_given_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOME_TOKEN", "value123")
    monkeypatch.setenv("PLAIN_SETTING", "kept")
    env = scrubbed_env()
    assert "SOME_TOKEN" not in env and env["PLAIN_SETTING"] == "kept"


def test_longest_first_is_by_length_not_by_spelling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHORT_TOKEN", "zzzzzzz1")
    monkeypatch.setenv("LONG_TOKEN", "azzzzzzz1")  # contains the short one and sorts before it
    assert redact_text("x azzzzzzz1 y") == f"x {REDACTED} y"


def test_redact_text_masks_extra_secrets_and_ignores_an_empty_one() -> None:
    assert redact_text("my passphrase9 here", extra_secrets=["passphrase9", ""]) == f"my {REDACTED} here"


def test_a_secret_planted_after_a_text_was_redacted_is_caught_in_that_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "the key is pl4nted-v4lue-19"
    assert redact_text(text) == text  # remembered as clean
    monkeypatch.setenv("PLANTED_TOKEN", "pl4nted-v4lue-19")
    assert redact_text(text) == "the key is [REDACTED]"
    assert redact({"note": text}) == {"note": "the key is [REDACTED]"}


def test_a_value_too_short_to_tell_from_words_is_not_masked() -> None:
    """A placeholder key ("x", "none") would turn every x into [REDACTED]; the environment's
    own rule (values of six characters or more) holds for extra secrets too."""
    assert redact_text("export the box: abcde", extra_secrets=["x", "abcde"]) == "export the box: abcde"
    assert redact_text("key abcdef!", extra_secrets=["abcdef"]) == f"key {REDACTED}!"
