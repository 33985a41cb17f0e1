"""The edit formats of architecture.md §4.4 and the messages documented in docs/edits.md."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sofia_nb.develop.edits import UnsafePathError, apply_reply, clean_relative, parse_edits

FENCE = "```"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "src" / "calc.py").write_text(
        "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n"
    )
    return root


def sr(path: str, search: str, replace: str) -> str:
    return f"{path}\n<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n"


def test_whole_file_block_writes_the_file(project: Path) -> None:
    result = apply_reply(project, f"Here:\n{FENCE}python file=src/new.py\nX = 1\n{FENCE}\n")
    assert result.changed == ["src/new.py"] and not result.problems
    assert (project / "src" / "new.py").read_text() == "X = 1\n"


def test_four_backtick_fence_keeps_inner_fences(project: Path) -> None:
    body = f"# Title\n{FENCE}python\nprint(1)\n{FENCE}\n"
    apply_reply(project, f"````md file=README.md\n{body}````\n")
    assert (project / "README.md").read_text() == body


def test_quoted_path_with_spaces(project: Path) -> None:
    apply_reply(project, f'{FENCE}md file="docs/read me.md"\nhi\n{FENCE}\n')
    assert (project / "docs" / "read me.md").read_text() == "hi\n"


def test_delete_block(project: Path) -> None:
    result = apply_reply(project, f"{FENCE} file=src/calc.py delete\n{FENCE}\n")
    assert result.changed == ["src/calc.py"] and not (project / "src" / "calc.py").exists()


def test_delete_with_body_and_delete_of_missing_file_are_refused(project: Path) -> None:
    result = apply_reply(
        project, f"{FENCE} file=src/calc.py delete\nx\n{FENCE}\n{FENCE} file=nope.py delete\n{FENCE}\n"
    )
    assert [p.message for p in result.problems] == [
        "A delete block for src/calc.py must have an empty body; nothing was deleted.",
        "Cannot delete nope.py: no such file.",
    ]
    assert (project / "src" / "calc.py").exists()


@pytest.mark.parametrize("style", ["outside", "inside", "before-fence", "fence-info"])
def test_search_replace_path_inside_or_outside_fence(project: Path, style: str) -> None:
    block = "<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n>>>>>>> REPLACE\n"
    reply = {
        "outside": f"src/calc.py\n{block}",
        "inside": f"{FENCE}\nsrc/calc.py\n{block}{FENCE}\n",
        "before-fence": f"src/calc.py\n{FENCE}python\n{block}{FENCE}\n",
        "fence-info": f"{FENCE}python file=src/calc.py\n{block}{FENCE}\n",
    }[style]
    result = apply_reply(project, reply)
    assert result.changed == ["src/calc.py"], result.problems
    assert "return a + b" in (project / "src" / "calc.py").read_text()


def test_consecutive_blocks_reuse_the_path(project: Path) -> None:
    reply = sr("src/calc.py", "    return a - b", "    return a + b") + sr(
        "", "    return a * b", "    return b * a"
    )
    result = apply_reply(project, reply.replace("\n\n<<<", "\n<<<"))
    assert result.applied == 2
    assert "return b * a" in (project / "src" / "calc.py").read_text()


def test_empty_search_creates_and_is_refused_when_the_file_exists(project: Path) -> None:
    result = apply_reply(project, sr("src/util.py", "", "Y = 2"))
    assert (project / "src" / "util.py").read_text() == "Y = 2\n" and not result.problems
    again = apply_reply(project, sr("src/util.py", "", "Y = 3"))
    assert again.problems[0].kind == "create-exists"
    assert again.problems[0].message == (
        "An empty SEARCH creates a new file, but src/util.py already exists. Use SEARCH lines from the file, "
        "or send the whole file with ```lang file=src/util.py."
    )
    assert (project / "src" / "util.py").read_text() == "Y = 2\n"


def test_search_found_twice_is_refused(project: Path) -> None:
    (project / "twice.py").write_text("x = 1\ny = 2\nx = 1\n")
    result = apply_reply(project, sr("twice.py", "x = 1", "x = 9"))
    assert result.problems[0].message == (
        "This SEARCH block matches 2 places in twice.py. Include more surrounding lines so that it matches "
        "exactly one place."
    )
    assert (project / "twice.py").read_text() == "x = 1\ny = 2\nx = 1\n"


def test_indentation_and_blank_lines_are_tolerated(project: Path) -> None:
    search = "    def add(a, b):\n\n\n        return a - b"  # shifted by 4 spaces, extra blank lines
    result = apply_reply(project, sr("src/calc.py", search, "    def add(a, b):\n        return a + b"))
    assert not result.problems
    assert (project / "src" / "calc.py").read_text().startswith("def add(a, b):\n    return a + b\n")


def test_unmatched_block_reports_the_closest_lines_and_writes_nothing(project: Path) -> None:
    before = (project / "src" / "calc.py").read_text()
    result = apply_reply(
        project, sr("src/calc.py", "def add(a, b):\n    return a - c", "def add(a, b):\n    return 0")
    )
    assert result.problems[0].message == (
        "This SEARCH block failed to match lines in src/calc.py. A SEARCH part must copy existing lines "
        "exactly, including whitespace, comments and docstrings.\n"
        "Did you mean to match these actual lines from src/calc.py?\n"
        "```\ndef add(a, b):\n    return a - b\n```"
    )
    assert (project / "src" / "calc.py").read_text() == before
    assert result.reflection.startswith("# 1 edit block failed\n\n## no-match (src/calc.py)\n")


def test_already_applied_is_detected(project: Path) -> None:
    result = apply_reply(project, sr("src/calc.py", "    return a + b", "    return a * b"))
    assert result.problems[0].message == (
        "This SEARCH block failed to match lines in src/calc.py, but its REPLACE lines are already in "
        "src/calc.py. Are you sure you need this block?"
    )


def test_malformed_blocks(project: Path) -> None:
    result = apply_reply(
        project, "src/calc.py\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n"
    )
    assert result.problems[0].message == (
        "The SEARCH/REPLACE block at line 2 is incomplete: it needs `=======` and `>>>>>>> REPLACE` lines. "
        "Nothing from it was applied."
    )
    cut = apply_reply(project, f"{FENCE}python file=src/calc.py\ndef add(a, b):\n")
    assert cut.problems[0].message == (
        "The code block for src/calc.py that starts at line 1 is never closed, so it was not written. "
        "Send the complete file again, ending with the closing fence."
    )
    assert "return a - b" in (project / "src" / "calc.py").read_text()


def test_no_path_is_reported() -> None:
    parsed = parse_edits("Some text that is not a path\n\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n")
    assert parsed.problems[0].kind == "no-path"
    assert parsed.problems[0].message.startswith("The SEARCH/REPLACE block at line 3 has no file path.")


def test_search_markers_inside_a_whole_file_are_content(project: Path) -> None:
    content = (
        "Edit blocks look like this:\n<<<<<<< SEARCH\nnot an edit\n=======\nstill text\n>>>>>>> REPLACE\n"
    )
    apply_reply(project, f"````text file=notes.txt\n{content}````\n")
    assert (project / "notes.txt").read_text() == content


def test_python_syntax_error_is_not_written(project: Path) -> None:
    before = (project / "src" / "calc.py").read_text()
    result = apply_reply(project, sr("src/calc.py", "    return a - b", "    return a +"))
    assert result.problems[0].kind == "syntax-error"
    assert result.problems[0].message == (
        "After these edits src/calc.py is not valid Python (invalid syntax at line 2), so none of its edits "
        "were written. Send a corrected version."
    )
    assert (project / "src" / "calc.py").read_text() == before


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/etc/passwd", "absolute paths are not allowed"),
        ("../outside.py", "`..` is not allowed"),
        ("src/../../x", "`..` is not allowed"),
        ("..\\x.py", "`..` is not allowed"),
        ("C:\\x.py", "drive paths are not allowed"),
        ("c:x.py", "drive paths are not allowed"),
        ("\\\\server\\share\\x", "UNC paths are not allowed"),
        ("//server/share/x", "UNC paths are not allowed"),
        (".git/config", "files under .git/ are not allowed"),
        ("sub/.GIT/hooks/pre-commit", "files under .git/ are not allowed"),
        ("~/x", "absolute paths are not allowed"),
        ("", "the path is empty"),
        ("./", "the path names no file"),
    ],
)
def test_unsafe_paths(path: str, reason: str) -> None:
    with pytest.raises(UnsafePathError) as info:
        clean_relative(path)
    assert info.value.reason == reason


def test_unsafe_block_message_and_nothing_written(project: Path, tmp_path: Path) -> None:
    result = apply_reply(project, f"{FENCE}python file=../evil.py\nx = 1\n{FENCE}\n")
    assert result.problems[0].message == (
        "Refused '../evil.py': `..` is not allowed. Paths must be relative to the project root and stay "
        "inside it; nothing was written."
    )
    assert not (tmp_path / "evil.py").exists()


def test_symlink_leading_out_is_refused(project: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, project / "link")
    os.symlink(tmp_path / "missing", project / "dangling")
    (project / ".git").mkdir()
    os.symlink(project / ".git", project / "gitlink")
    result = apply_reply(
        project,
        f"{FENCE} file=link/x.py\nx = 1\n{FENCE}\n{FENCE} file=dangling/y.py\ny = 1\n{FENCE}\n"
        f"{FENCE} file=gitlink/config\n[core]\n{FENCE}\n",
    )
    assert [p.message.split(": ", 1)[1].split(". Paths")[0] for p in result.problems] == [
        "it leads outside the project (through a symlink)",
        "it leads outside the project (through a symlink)",
        "it leads into .git/ (through a symlink)",
    ]
    assert list(outside.iterdir()) == [] and not (tmp_path / "missing").exists()
    assert list((project / ".git").iterdir()) == []


def test_good_blocks_apply_when_others_fail(project: Path) -> None:
    reply = sr("src/calc.py", "    return a - b", "    return a + b") + sr(
        "src/calc.py", "nothing like it", "x"
    )
    result = apply_reply(project, reply)
    assert result.applied == 1 and len(result.problems) == 1
    assert "The other 1 block applied successfully. Don't send them again." in result.reflection
    assert "return a + b" in (project / "src" / "calc.py").read_text()
