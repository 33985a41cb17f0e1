"""A resumed ``dev`` trusts the session's record: a change a person made in the PoC is never
undone (the run stops and says what it found), a person's commit is kept and built on, a second
run on the same session is refused while the first holds it, and a folder that is no PoC is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.cli import main
from sofia_nb.session import SessionStore

from .conftest import fixture_session, git


def _partial(tmp_path: Path) -> tuple[str, Path, list[str]]:
    """A demo PoC after its scaffold and one recorded iteration (the cap), and its dev command."""
    session = fixture_session(tech_stack=["Python", "FastAPI", "pytest"])
    SessionStore().save(session)
    out = tmp_path / "poc"
    args = ["dev", "--session", session.id, "--demo", "--output", str(out)]
    assert main([*args, "--max-iterations", "1"]) == 5
    return session.id, out, args


@pytest.mark.usefixtures("no_git_identity")
def test_a_persons_change_is_never_undone_and_their_commit_is_built_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid, out, args = _partial(tmp_path)
    log = git(out, "log", "--format=%H")
    (out / "README.md").write_text("# notes of a person\n")
    (out / "mine.txt").write_text("a person's file\n")
    capsys.readouterr()
    assert main(args) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "has changes the Ralph loop did not make: changed README.md; changed mine.txt" in err
    assert "Nothing was undone" in err and "--force starts over" in err
    assert (out / "README.md").read_text() == "# notes of a person\n" and (out / "mine.txt").exists()
    assert git(out, "log", "--format=%H") == log  # nothing committed, nothing reset
    git(out, "add", "-A")
    git(out, "commit", "-q", "-m", "a person's notes")
    assert main(args) == 0
    assert "found 1 commits the loop did not make" in capsys.readouterr().err
    subjects = git(out, "log", "--format=%s").splitlines()
    assert subjects[1] == "a person's notes" and subjects[0].startswith("sofia: iteration 2:")
    assert (out / "README.md").read_text() == "# notes of a person\n"
    poc = SessionStore().load(sid).poc
    assert poc is not None and [i.iteration for i in poc.iterations] == [0, 1, 2]


HOLDER = (
    "import sys\n"
    "from sofia_nb.session import SessionStore\n"
    "hold = SessionStore(sys.argv[1]).hold(sys.argv[2], 'dev')\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"
)


@pytest.mark.usefixtures("no_git_identity")
def test_a_second_run_on_a_held_session_is_refused_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid, out, args = _partial(tmp_path)
    log = git(out, "log", "--format=%H")
    before = SessionStore().load(sid).revision
    capsys.readouterr()
    first = subprocess.Popen(  # the first run, still going: another process holds the session
        [sys.executable, "-c", HOLDER, str(SessionStore().root), sid],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "held"
        assert main(args) == 1
    finally:
        first.communicate("")
    err = " ".join(capsys.readouterr().err.split())
    assert f"session {sid} is held by the Ralph loop in process {first.pid}" in err
    assert git(out, "log", "--format=%H") == log and SessionStore().load(sid).revision == before
    assert main(args) == 0  # its holder gone, the next run goes on


@pytest.mark.usefixtures("no_git_identity")
def test_a_folder_of_other_files_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = fixture_session()
    SessionStore().save(session)
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("years of work\n")
    assert main(["dev", "--session", session.id, "--demo", "--output", str(out)]) == 1
    assert "holds files that are not a sofia_nb PoC (set --output or --force)" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["thesis.tex"]
