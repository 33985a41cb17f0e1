"""Redact, then cut, at the edges (issue 45 item 5): a secret longer than the default margin, a secret
at the very start of the text or of the window searched, every occurrence of a secret (the first,
a middle one, two that overlap), two secrets that overlap, a token exactly as long as the shortest
shape, a caller's own secrets, tokens of the base64 alphabet (``+ / =``), and where a cut lands,
to the character. Each expectation is exact: a cut one character off is a different answer."""

from __future__ import annotations

import os

import pytest

from sofia_nb.redact import REDACTED, cut_margin, is_secret_env_name, redacted_head, redacted_tail

LONG = ("pass phrase " * 600)[:6000]  # longer than the default margin (4,096), and not one word
SPACED = "my pass phrase 123!"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if is_secret_env_name(name):
            monkeypatch.delenv(name)


def test_without_any_secret_the_margin_is_the_default_and_cuts_still_work() -> None:
    assert cut_margin() == 4096
    assert redacted_head("alpha beta gamma", 8) == "alpha "
    assert redacted_tail("alpha beta gamma", 8) == " gamma"


def test_a_secret_longer_than_the_default_margin_widens_it_and_is_left_out_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LONG_SECRET", LONG)
    assert cut_margin() == len(LONG) + 1
    text = "intro " + LONG + " outro"
    start, end = 6, 6 + len(LONG)
    for at in (start + 1, start + 100, start + 3000, end - 1):
        assert redacted_head(text, at) == "intro ", at
        assert redacted_tail(text, len(text) - at) == " outro", at


@pytest.mark.parametrize("long_secret", [False, True])
def test_a_word_longer_than_the_margin_is_cut_back_by_exactly_the_margin(
    monkeypatch: pytest.MonkeyPatch, long_secret: bool
) -> None:
    if long_secret:
        monkeypatch.setenv("LONG_SECRET", LONG)
    margin = cut_margin()
    text = "a" * 20_000
    assert len(redacted_head(text, 10_000)) == 10_000 - margin
    assert len(redacted_tail(text, 10_000)) == 10_000 - margin


def test_the_cut_lands_exactly_at_a_secret_far_from_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAM_PASSWORD", SPACED)
    lead, trail = "w " * 3000, " tail of the text"
    text = lead + SPACED + trail
    for inside in (1, 8, len(SPACED) - 1):
        at = len(lead) + inside
        assert redacted_head(text, at) == lead
        assert redacted_tail(text, len(text) - at) == trail


def test_a_secret_at_the_very_start_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAM_PASSWORD", SPACED)
    text = SPACED + " and the rest"
    assert redacted_head(text, 5) == ""
    assert redacted_tail("the rest and " + SPACED, len(SPACED) - 3) == ""


def test_every_occurrence_of_a_secret_is_found_first_middle_and_last(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAM_PASSWORD", SPACED)
    text = "a " + SPACED + " b " + SPACED + " c " + SPACED + " d"
    first = 2 + 5
    assert redacted_head(text, first) == "a "
    middle = text.index(SPACED, first) + 5
    assert redacted_head(text, middle) == f"a {REDACTED} b "
    last = text.rindex(SPACED) + 5
    assert redacted_head(text, last) == f"a {REDACTED} b {REDACTED} c "


def test_occurrences_one_character_apart_are_both_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAM_PASSWORD", "!!!!!!!")
    assert redacted_head("x !!!!!!!! y", 9) == "x "


def test_two_secrets_that_overlap_move_the_cut_past_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("A_PASSWORD", "oo pp qq rr ss tt")  # the longer: checked first
    monkeypatch.setenv("B_PASSWORD", "ss tt uu vv")  # overlaps its end
    text = "lead oo pp qq rr ss tt uu vv end"
    assert redacted_head(text, text.index("uu")) == "lead "


def test_a_token_exactly_as_long_as_the_shortest_shape_is_found() -> None:
    assert redacted_head("Bearer 12345678", 10) == ""
    assert redacted_tail("Bearer 12345678", 5) == ""


def test_a_value_secret_beside_a_shaped_token_in_the_window_is_still_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TEAM_PASSWORD", SPACED)
    text = "ghp_" + "Q" * 36 + " then " + SPACED + " end"
    at = text.index(SPACED) + 4
    assert redacted_head(text, at) == f"{REDACTED} then "


def test_a_callers_own_secrets_are_left_out_whole_at_the_cut() -> None:
    text = "before " + SPACED + " after"
    assert redacted_head(text, 12, extra_secrets=[SPACED]) == "before "
    assert redacted_tail(text, len(text) - 12, extra_secrets=[SPACED]) == " after"


@pytest.mark.parametrize("token", ["Bearer ab+cd/ef==", "Bearer " + "Zm9v+YmFy/" * 5 + "=="])
def test_a_base64_token_is_left_out_whole_at_every_cut(token: str) -> None:
    text = "auth: " + token + " done"
    start = len("auth: ")
    for at in range(start + 1, start + len(token)):
        head = redacted_head(text, at)
        assert head == "auth: ", (at, head)
        tail = redacted_tail(text, len(text) - at)
        assert tail == " done", (at, tail)
