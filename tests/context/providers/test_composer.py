"""composer_ls / composer_show / composer_check against real trees, git tags and a fake ``composer``."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from sofia_nb.context import ContextError, allowed_roots
from sofia_nb.context._providers.composer import (
    ComposerCheckInput,
    ComposerLsInput,
    ComposerShowInput,
    composer_check,
    composer_ls,
    composer_show,
    failure_line,
)

from .._golden import assert_golden
from .._trees import FAKE_COMPOSER, make_composer_tree, write_executable


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return make_composer_tree(tmp_path / "mono")


@pytest.fixture
def fake_composer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    write_executable(bin_dir, "composer", FAKE_COMPOSER)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return bin_dir


def test_composer_ls_golden(tree: Path) -> None:
    result = composer_ls(ComposerLsInput(root=str(tree)))
    assert "other/lib" not in {p.name for p in result.packages}  # vendor/ is skipped
    assert_golden("composer_ls", result)


@pytest.mark.parametrize("target", ["acme/cart", "cart", "packages/cart", "packages/cart/composer.json"])
def test_composer_show_finds_by_name_suffix_and_path(tree: Path, target: str) -> None:
    result = composer_show(ComposerShowInput(package=target, root=str(tree)))
    assert_golden("composer_show", result)


def test_composer_show_unknown_package(tree: Path) -> None:
    with pytest.raises(ContextError, match="no package matching 'nope'"):
        composer_show(ComposerShowInput(package="nope", root=str(tree)))


def test_composer_show_refuses_a_path_outside_the_roots(tree: Path, tmp_path: Path) -> None:
    with allowed_roots([tree]), pytest.raises(ContextError, match="outside the allowed roots"):
        composer_show(ComposerShowInput(package="../../", root=str(tree)))


def test_composer_check_golden(tree: Path, fake_composer: Path) -> None:
    result = composer_check(ComposerCheckInput(root=str(tree)))
    assert all(c.dur_ms >= 0 for c in result.checks)
    normalised = result.model_copy(
        update={"checks": [c.model_copy(update={"dur_ms": 0}) for c in result.checks]}
    )
    assert_golden("composer_check", normalised)


def test_composer_check_without_composer_on_path(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tree / "no-bin"))
    [row] = composer_check(ComposerCheckInput(package="cart", root=str(tree))).checks
    assert (row.ok, row.exit, row.fail) == (False, None, "composer is not installed or not on PATH")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_composer_check_kills_the_whole_process_group_on_timeout(tmp_path: Path, fake_composer: Path) -> None:
    slow = tmp_path / "slow"
    slow.mkdir()
    pid_file = slow / "sleep.pid"
    (slow / "composer.json").write_text(
        '{"name": "acme/slow", "scripts": {"check": "sleep 60 & echo $! > sleep.pid; wait"}}'
    )
    [row] = composer_check(ComposerCheckInput(root=str(slow), timeout_s=1)).checks
    assert (row.ok, row.exit, row.timed_out) == (False, None, True)
    assert row.fail == "timed out after 1s; the process group was killed"
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the grandchild `sleep` survived the timeout"


def test_failure_line() -> None:
    assert failure_line("ok\nTests: 3, Failures: 1\nFAILURES!\n") == "Tests: 3, Failures: 1"
    assert failure_line("one\ntwo\n\n") == "two"
    assert failure_line("> phpstan --error-format=raw\nline 3: bad type\n") == "line 3: bad type"
    assert failure_line("fail " * 60) == "fail " * 40 + "…"  # cut to 200, at a word


def test_check_scripts_do_not_inherit_credentials(
    tmp_path: Path, fake_composer: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-for-project-scripts-0000")
    monkeypatch.setenv("SOFIA_PLAIN_SETTING", "kept")
    pkg = tmp_path / "envcheck"
    pkg.mkdir()
    (pkg / "composer.json").write_text(
        '{"name": "acme/env", "scripts": {"check": '
        '"test -z \\"$OPENAI_API_KEY\\" && test \\"$SOFIA_PLAIN_SETTING\\" = kept || (echo leaked; exit 1)"}}'
    )
    [row] = composer_check(ComposerCheckInput(root=str(pkg))).checks
    assert (row.ok, row.fail) == (True, None)
