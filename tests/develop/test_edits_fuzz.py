"""A hypothesis fuzz of edit paths and contents: nothing is ever written outside the project or into .git."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sofia_nb.develop.edits import apply_reply

SEGMENTS = [
    "..",
    ".",
    ".git",
    ".GIT",
    "link",
    "dangling",
    "gitlink",
    "src",
    "a.py",
    "b c",
    "~",
    "C:",
    "",
    "x" * 300,
]
segment = st.one_of(st.sampled_from(SEGMENTS), st.text(min_size=1, max_size=8))
path = st.one_of(
    st.builds(
        lambda prefix, parts, sep: prefix + sep.join(parts),
        st.sampled_from(["", "/", "//", "\\\\", "C:\\", "./", "~/"]),
        st.lists(segment, min_size=1, max_size=5),
        st.sampled_from(["/", "\\"]),
    ),
    st.text(max_size=30),
)
content = st.text(max_size=60)


def block(kind: str, p: str, body: str) -> str:
    quoted = '"' + p.replace('"', "") + '"'
    if kind == "whole":
        return f"````python file={quoted}\n{body}\n````\n"
    if kind == "delete":
        return f"```text file={quoted} delete\n```\n"
    return f"{quoted}\n<<<<<<< SEARCH\n=======\n{body}\n>>>>>>> REPLACE\n"


def snapshot(root: Path) -> dict[str, str]:
    seen = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in dirnames + filenames:
            full = Path(dirpath) / name
            rel = str(full.relative_to(root))
            if full.is_symlink():
                seen[rel] = "link:" + os.readlink(full)
            elif full.is_file():
                seen[rel] = hashlib.sha256(full.read_bytes()).hexdigest()
            else:
                seen[rel] = "dir"
    return seen


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["whole", "delete", "create"]), path, content), min_size=1, max_size=4)
)
def test_fuzzed_edits_stay_inside_the_project(edits: list[tuple[str, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        outside = base / "outside"
        outside.mkdir()
        (outside / "keep.txt").write_text("keep")
        project = base / "proj"
        (project / ".git").mkdir(parents=True)
        (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
        os.symlink(outside, project / "link")
        os.symlink(base / "missing", project / "dangling")
        os.symlink(project / ".git", project / "gitlink")
        before_outside = snapshot(base / "outside")
        before_git = snapshot(project / ".git")
        apply_reply(project, "\n".join(block(*e) for e in edits))
        assert snapshot(base / "outside") == before_outside
        assert snapshot(project / ".git") == before_git
        assert sorted(p.name for p in base.iterdir()) == ["outside", "proj"]
        for full in project.rglob("*"):
            assert full.resolve().is_relative_to(project.resolve()) or full.is_symlink()
