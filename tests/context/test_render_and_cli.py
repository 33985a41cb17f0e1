"""The renderers and ``sofia-nb ctx``, which is generated from the registry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from sofia_nb.cli import main
from sofia_nb.cli._app import build_parser
from sofia_nb.context import tools
from sofia_nb.context._support.render import render


class _Row(BaseModel):
    name: str
    n: int


class _Doc(BaseModel):
    title: str
    rows: list[_Row]
    tags: list[str]
    note: str = ""
    body: str = "line one\nline two"


DOC = _Doc(title="a: b", rows=[_Row(name="x,y", n=1), _Row(name="z", n=2)], tags=["p", "q"])


def test_toon_tables_inline_lists_quoting_and_no_empties() -> None:
    assert render(DOC, "toon") == (
        'title: "a: b"\nrows[2]{name,n}:\n  "x,y",1\n  z,2\ntags[2]: p,q\nbody: "line one\\nline two"\n'
    )


def test_markdown_tables_and_code_blocks() -> None:
    text = render(DOC, "md")
    assert "| name | n |\n|---|---|\n| x,y | 1 |\n| z | 2 |" in text
    assert "```\nline one\nline two\n```" in text
    assert "note" not in text


def test_json_is_the_model_dump() -> None:
    assert json.loads(render(DOC, "json")) == DOC.model_dump(mode="json")


def test_every_tool_has_a_ctx_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    for tool in tools().values():
        with pytest.raises(SystemExit) as exit_info:
            parser.parse_args(["ctx", *tool.cli_path, "--help"])
        assert exit_info.value.code == 0
        assert "--format {text,json,toon,md}" in capsys.readouterr().out


def test_ctx_code_grep_and_nested_paths(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ctx", "code", str(tree / "go/server.go"), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["files"][0]["lang"] == "go"
    assert (
        main(["ctx", "grep", "starting", "label = ", "--root", str(tree), "--exts", "go,py", "--no-case"])
        == 0
    )
    out = capsys.readouterr().out  # the text the model reads: one line per hit, as grep -rn
    assert out == (
        'starting: 1 hits in 1 files\ngo/server.go:38:fmt.Println("starting", s.Addr)\n'
        "label = : 1 hits in 1 files\npy/widgets.py:36:label = self.name.upper()\n"
    )
    assert main(["ctx", "vue", "routes", "--root", str(tree), "--format", "md"]) == 0
    assert "| /users/:id | user | UserDetail | true |" in capsys.readouterr().out
    assert main(["--json", "ctx", "refs", "Server", "--root", str(tree), "--max", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["truncated"] == 4


def test_ctx_errors_exit_codes(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ctx", "code", str(tree / "missing.py")]) == 3
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["ctx", "refs", "not an identifier", "--root", str(tree)]) == 2


def test_ctx_errors_are_json_with_format_json(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ctx", "code", str(tree / "missing.py"), "--format", "json"]) == 3
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "tool" and "no such file or folder" in error["message"]
    assert main(["ctx", "grep", "", "--root", str(tree), "--format", "json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "usage"


def test_ctx_runs_as_a_real_process(tree: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "ctx",
            "grep",
            "useUserStore",
            "--root",
            str(tree),
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    hits = json.loads(out.stdout)["patterns"][0]["hits"]
    assert {(h["file"], h["enclosing"]) for h in hits} == {
        ("web/UserCard.vue", "block script"),
        ("web/UserCard.vue", "const store"),
    }
