"""Fixtures of the security tests: the canary, and the hostile workshop laid out around it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.security.hostile_workshop import HostileWorkshop, write_workshop
from tests.security.payloads import Canary


@pytest.fixture
def canary() -> Iterator[Canary]:
    with Canary() as server:
        yield server


@pytest.fixture
def hostile(tmp_path: Path, canary: Canary) -> HostileWorkshop:
    return write_workshop(tmp_path / "hostile", canary.url)
