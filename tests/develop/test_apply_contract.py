"""apply_edits field by field: each problem's kind, path and message go back to the model verbatim."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.develop.edits import EditBlock, EditProblem, apply_edits, apply_reply
from tests.support.ascii_locale import run_in_ascii_locale


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "calc.py").write_text("def add(a, b):\n    return a - b\n", encoding="utf-8")
    return root


def test_a_whole_file_block_replaces_an_existing_file(project: Path) -> None:
    result = apply_edits(project, [EditBlock(path="calc.py", kind="whole", content="X = 1\n")])
    assert (result.changed, result.applied, result.problems) == (["calc.py"], 1, [])
    assert (project / "calc.py").read_text(encoding="utf-8") == "X = 1\n"


def test_search_replace_on_a_missing_file_says_how_to_create_it(project: Path) -> None:
    block = EditBlock(path="nope.py", kind="search_replace", search="x = 1", content="x = 2", line=7)
    assert apply_edits(project, [block]).problems == [
        EditProblem(
            kind="no-match",
            path="nope.py",
            line=7,
            message="nope.py does not exist. Use an empty SEARCH to create it, or send the whole file.",
        )
    ]


def test_a_python_file_with_a_null_byte_is_not_written_and_says_why(project: Path) -> None:
    block = EditBlock(path="calc.py", kind="whole", content="X = 1\x00\n")
    result = apply_edits(project, [block])
    assert result.problems == [
        EditProblem(
            kind="syntax-error",
            path="calc.py",
            message="After these edits calc.py is not valid Python (source code string cannot contain null "
            "bytes), so none of its edits were written. Send a corrected version.",
        )
    ]
    assert (project / "calc.py").read_text(encoding="utf-8").startswith("def add")


def test_a_syntax_error_names_the_file_and_line(project: Path) -> None:
    result = apply_edits(project, [EditBlock(path="calc.py", kind="whole", content="x = 1\ndef (:\n")])
    [problem] = result.problems
    assert (problem.kind, problem.path) == ("syntax-error", "calc.py")
    assert problem.message.startswith(
        "After these edits calc.py is not valid Python (invalid syntax at line 2)"
    )


def test_removing_every_line_leaves_an_empty_file(project: Path) -> None:
    block = EditBlock(path="calc.py", kind="search_replace", search="def add(a, b):\n    return a - b")
    assert apply_edits(project, [block]).changed == ["calc.py"]
    assert (project / "calc.py").read_bytes() == b""


def test_creating_an_empty_file_writes_no_bytes(project: Path) -> None:
    assert apply_edits(project, [EditBlock(path="empty.txt", kind="search_replace")]).changed == ["empty.txt"]
    assert (project / "empty.txt").read_bytes() == b""


def test_a_new_file_folders_deep_creates_its_folders(project: Path) -> None:
    result = apply_edits(project, [EditBlock(path="a/b/c/new.py", kind="whole", content="X = 1\n")])
    assert (result.changed, result.problems) == (["a/b/c/new.py"], [])
    assert (project / "a" / "b" / "c" / "new.py").read_text(encoding="utf-8") == "X = 1\n"


def test_python_the_parser_cannot_even_encode_is_not_written_and_says_why(project: Path) -> None:
    # a lone surrogate (a reply's JSON may carry one) makes ast.parse raise UnicodeEncodeError
    result = apply_edits(project, [EditBlock(path="calc.py", kind="whole", content='x = "\udc80"\n')])
    assert result.problems == [
        EditProblem(
            kind="syntax-error",
            path="calc.py",
            message="After these edits calc.py is not valid Python ('utf-8' codec can't encode character "
            "'\\udc80' in position 5: surrogates not allowed), so none of its edits were written. "
            "Send a corrected version.",
        )
    ]
    assert (project / "calc.py").read_text(encoding="utf-8").startswith("def add")


def test_a_refused_path_is_named_as_the_model_wrote_it_at_its_line(project: Path) -> None:
    block = EditBlock(path="../escape.py", kind="whole", content="X = 1\n", line=4)
    assert apply_edits(project, [block]).problems == [
        EditProblem(
            kind="unsafe-path",
            path="../escape.py",
            line=4,
            message="Refused '../escape.py': `..` is not allowed. Paths must be relative to the project root "
            "and stay inside it; nothing was written.",
        )
    ]


def test_a_file_that_is_not_utf8_is_left_alone_and_named(project: Path) -> None:
    (project / "latin.txt").write_bytes(b"caf\xe9\n")
    block = EditBlock(path="latin.txt", kind="whole", content="cafe\n", line=2)
    result = apply_edits(project, [block])
    assert result.problems == [
        EditProblem(
            kind="write-failed",
            path="latin.txt",
            line=2,
            message="Could not write latin.txt: UnicodeDecodeError.",
        )
    ]
    assert (project / "latin.txt").read_bytes() == b"caf\xe9\n"


def test_a_file_that_cannot_be_read_or_written_does_not_stop_the_others(project: Path) -> None:
    (project / "latin.txt").write_bytes(b"caf\xe9\n")
    blocks = [
        EditBlock(path="latin.txt", kind="whole", content="cafe\n", line=1),
        EditBlock(path="calc.py/inside.txt", kind="whole", content="x\n", line=5),  # its folder is a file
        EditBlock(path="ok.txt", kind="whole", content="ok\n", line=9),
    ]
    result = apply_edits(project, blocks)
    assert (result.changed, result.applied) == (["ok.txt"], 1)
    assert result.problems[1:] == [
        EditProblem(
            kind="write-failed",
            path="calc.py/inside.txt",
            message="Could not write calc.py/inside.txt: File exists.",
        )
    ]
    assert (project / "ok.txt").read_text(encoding="utf-8") == "ok\n"


def test_blocks_that_change_nothing_count_as_applied_and_the_files_after_them_are_written(
    project: Path,
) -> None:
    (project / "same.txt").write_text("same\n", encoding="utf-8")
    blocks = [
        EditBlock(path="same.txt", kind="whole", content="same\n"),
        EditBlock(path="new.txt", kind="whole", content="new\n"),
        EditBlock(path="calc.py", kind="whole", content="def add(a, b):\n    return a - b\n"),
    ]
    result = apply_edits(project, blocks)
    assert (result.changed, result.applied, result.problems) == (["new.txt"], 3, [])


def test_invalid_python_in_one_file_does_not_stop_the_others(project: Path) -> None:
    blocks = [
        EditBlock(path="calc.py", kind="whole", content="def (:\n"),
        EditBlock(path="ok.py", kind="whole", content="X = 1\n"),
    ]
    result = apply_edits(project, blocks)
    assert (result.changed, [p.kind for p in result.problems]) == (["ok.py"], ["syntax-error"])


def test_python_is_checked_unless_asked_not_to(project: Path) -> None:
    bad = [EditBlock(path="calc.py", kind="whole", content="def (:\n")]
    assert apply_edits(project, bad).changed == []
    assert apply_edits(project, bad, check_python=False).changed == ["calc.py"]


def test_apply_reply_passes_check_python_on(project: Path) -> None:
    reply = "```python file=calc.py\ndef (:\n```\n"
    assert apply_reply(project, reply).changed == []
    assert apply_reply(project, reply, check_python=False).changed == ["calc.py"]


def test_the_block_count_includes_the_malformed_blocks(project: Path) -> None:
    """A reply of one good block and one unterminated SEARCH has two blocks, not one: the loop tells
    "no edit blocks" apart from "every block was broken" by this count."""
    reply = "```text file=ok.txt\nok\n```\ncalc.py\n<<<<<<< SEARCH\nreturn a - b\n"
    result = apply_reply(project, reply)
    assert (result.changed, [p.kind for p in result.problems], result.block_count) == (
        ["ok.txt"],
        ["malformed"],
        2,
    )


def test_a_write_error_without_a_reason_is_named_by_its_type(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError  # no errno, no strerror

    monkeypatch.setattr(Path, "write_text", refuse)
    [problem] = apply_edits(project, [EditBlock(path="calc.py", kind="whole", content="X = 1\n")]).problems
    assert problem.message == "Could not write calc.py: OSError."


def test_files_are_read_and_written_as_utf8_whatever_the_locale(project: Path) -> None:
    (project / "menu.txt").write_text("caf\u00e9 cr\u00e8me\n", encoding="utf-8")
    child = run_in_ascii_locale(
        "from pathlib import Path\n"
        "from sofia_nb.develop.edits import EditBlock, apply_edits\n"
        "block = EditBlock(\n"
        "    path='menu.txt', kind='search_replace',\n"
        "    search='caf\\u00e9 cr\\u00e8me', content='th\\u00e9 cr\\u00e8me',\n"
        ")\n"
        f"result = apply_edits(Path({str(project)!r}), [block])\n"
        "assert result.changed == ['menu.txt'], result.problems\n"
    )
    assert child.returncode == 0, child.stderr
    assert (project / "menu.txt").read_text(encoding="utf-8") == "th\u00e9 cr\u00e8me\n"
