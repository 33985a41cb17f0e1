"""``env_number``: the one reader of numeric settings (``SOFIA_CODE_RAW_BELOW``, ``SOFIA_DEDUP_WINDOW``)."""

from __future__ import annotations

import pytest

from sofia_nb.context._providers.code import raw_below
from sofia_nb.context._providers.code._dedup import window_seconds
from sofia_nb.context._support.env import env_number

_NAME = "SOFIA_TEST_NUMBER"


@pytest.mark.parametrize(
    ("value", "default", "expected"),
    [
        (None, 8192, 8192),  # unset
        ("0", 8192, 0),  # zero is a setting (turns the feature off), not junk
        ("4096", 8192, 4096),
        ("-1", 8192, 8192),
        ("junk", 8192, 8192),
        ("1.5", 8192, 8192),  # an int setting takes no fraction
        ("", 8192, 8192),
        ("1.5", 180.0, 1.5),
        ("30", 180.0, 30.0),
        ("-0.5", 180.0, 180.0),
        ("nan", 180.0, 180.0),  # NaN is not >= 0
        ("junk", 180.0, 180.0),
    ],
)
def test_a_setting_is_a_non_negative_number_of_the_defaults_type_else_the_default(
    monkeypatch: pytest.MonkeyPatch, value: str | None, default: float, expected: float
) -> None:
    if value is None:
        monkeypatch.delenv(_NAME, raising=False)
    else:
        monkeypatch.setenv(_NAME, value)
    got = env_number(_NAME, default)
    assert got == expected
    assert type(got) is type(default)


def test_code_and_dedup_read_their_settings_through_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "100")
    monkeypatch.setenv("SOFIA_DEDUP_WINDOW", "2.5")
    assert (raw_below(), window_seconds()) == (100, 2.5)
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "-3")
    monkeypatch.setenv("SOFIA_DEDUP_WINDOW", "soon")
    assert (raw_below(), window_seconds()) == (8192, 180.0)
