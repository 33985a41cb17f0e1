"""``code``: summaries per language (golden), slices, the API surface, raw passthrough, the caps and dedup."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.context import ContextError, allowed_roots
from sofia_nb.context._providers import code
from sofia_nb.context._providers.code import CodeInput, run
from sofia_nb.context._providers.code._text import entry_tokens

from .._golden import assert_golden

LANGUAGES = {
    "python": "py/widgets.py",
    "go": "go/server.go",
    "ts": "web/api.ts",
    "vue": "web/UserCard.vue",
    "php": "php/src/Service/UserService.php",
}


@pytest.fixture
def summarise_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_summary_per_language(tree: Path, lang: str, summarise_everything: None) -> None:
    result = run(CodeInput(files=[str(tree / LANGUAGES[lang])]))
    assert [f.mode for f in result.files] == ["summary"]
    assert_golden(f"code_{lang}", _costed_at_root(result, tree), tree)


def _costed_at_root(result: code.CodeResult, root: Path) -> code.CodeResult:
    """``tokens`` recounted with the file shown as ``<root>/...``.

    An entry's cost includes its absolute path, whose length follows pytest's numbered temp folder
    (``pytest-9`` / ``pytest-10``): compared as is, a golden flips by a token from run to run.
    """
    for entry in result.files:
        assert entry.tokens == entry_tokens(entry.model_copy(update={"tokens": 0}))
        at_root = {"file": entry.file.replace(str(root), "<root>"), "tokens": 0}
        entry.tokens = entry_tokens(entry.model_copy(update=at_root))
    result.tokens = sum(e.tokens for e in result.files)
    return result


def test_exported_and_brief(tree: Path, summarise_everything: None) -> None:
    full = run(CodeInput(files=[str(tree / "py/widgets.py")])).files[0]
    public = run(CodeInput(files=[str(tree / "py/widgets.py")], exported=True, brief=True)).files[0]
    assert "Widget._load" in {s.name for s in full.symbols}
    assert "Widget._load" not in {s.name for s in public.symbols}
    assert "_cache" not in {s.name for s in public.symbols}
    assert all(s.detail == "" for s in public.symbols)
    assert public.tokens < full.tokens


def test_php_api_surface_has_trait_and_inherited_methods(tree: Path) -> None:
    result = run(CodeInput(files=[str(tree / "php/src/Service/UserService.php")], api=True)).files[0]
    methods = {s.name: s.detail for s in result.symbols if s.kind == "method"}
    assert methods == {
        "UserService.__construct": "",
        "UserService.find": "",
        "UserService.count": "",
        "UserService.name": "from App\\Concerns\\HasName",  # the trait wins over the parent's name()
        "UserService.save": "from App\\Base\\Model",
    }
    assert result.note == ""


def test_api_notes_what_it_cannot_find(tmp_path: Path) -> None:
    orphan = tmp_path / "Orphan.php"
    orphan.write_text("<?php\nnamespace X;\nclass Orphan extends Missing { public function a() {} }\n")
    result = run(CodeInput(files=[str(orphan)], api=True)).files[0]
    assert [s.name for s in result.symbols if s.kind == "method"] == ["Orphan.a"]
    assert "X\\Missing: not found" in result.note


@pytest.mark.parametrize(
    ("rel", "symbols", "found", "first_line"),
    [
        ("py/widgets.py", ["Widget.render", "build"], ["Widget.render", "build"], "    def render("),
        ("py/widgets.py", ["Widget"], ["Widget"], "@dataclass"),
        ("go/server.go", ["Server.Start"], ["Server.Start"], "// Start listens on Addr."),
        (
            "php/src/Service/UserService.php",
            ["UserService::find"],
            ["UserService.find"],
            "    public function find",
        ),
        ("web/api.ts", ["load"], ["UserApi.load"], "  async load"),
    ],
)
def test_slices(tree: Path, rel: str, symbols: list[str], found: list[str], first_line: str) -> None:
    entry = run(CodeInput(files=[str(tree / rel)], symbols=symbols)).files[0]
    assert entry.mode == "slice"
    assert [s.name for s in entry.slices] == found
    assert entry.slices[0].text.startswith(first_line)
    assert entry.missing == []


def test_a_missing_symbol_is_noted_not_fatal(tree: Path) -> None:
    entry = run(CodeInput(files=[str(tree / "py/widgets.py")], symbols=["build", "nope"])).files[0]
    assert [s.name for s in entry.slices] == ["build"]
    assert entry.missing == ["nope"]
    assert entry.note.startswith(
        "not found: nope; available: LIMIT, Widget, Widget._load, Widget.name, Widget.render, Widget.size, "
        "Widget.tags, _cache, build"
    )
    body = (
        "def build(name: str, *, size: int = 1) -> Widget:\n"
        "    widget = Widget(name, size)\n    return widget"
    )
    assert entry.slices[0].text == body


def test_raw_below_8_kib_and_summary_from_8_kib(tmp_path: Path) -> None:
    small, large = tmp_path / "small.py", tmp_path / "large.py"
    body = "def f(x):\n    return x\n"
    small.write_text(body + "#" * (8191 - len(body) - 1) + "\n")
    large.write_text(body + "#" * (8192 - len(body) - 1) + "\n")
    assert small.stat().st_size == 8191 and large.stat().st_size == 8192
    result = run(CodeInput(files=[str(small), str(large)]))
    assert [f.mode for f in result.files] == ["raw", "summary"]
    assert result.files[0].content == small.read_text()
    assert result.files[0].note == "8.0K < 8K: the whole file is cheaper than its structure"


def test_a_summary_never_costs_more_than_the_file(tmp_path: Path, summarise_everything: None) -> None:
    dense = tmp_path / "dense.py"
    dense.write_text("".join(f"def f{i}(a,b): return a\n" for i in range(40)))
    entry = run(CodeInput(files=[str(dense)])).files[0]
    assert entry.mode == "raw"
    assert entry.note.startswith("the summary (~") and entry.note.endswith("would cost as much as the file")


def test_folders_globs_and_the_250_file_cap(tmp_path: Path) -> None:
    for i in range(251):
        (tmp_path / f"m{i:03}.py").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("not code\n")
    with pytest.raises(ContextError, match="more than 250 files matched"):
        run(CodeInput(files=[str(tmp_path)]))
    picked = run(CodeInput(files=[str(tmp_path / "m00*.py")]))
    assert [Path(f.file).name for f in picked.files] == [f"m00{i}.py" for i in range(10)]


def test_unsupported_and_missing_files_are_tool_errors(tmp_path: Path) -> None:
    (tmp_path / "x.rb").write_text("puts 1\n")
    with pytest.raises(ContextError, match="code reads Python, Go"):
        run(CodeInput(files=[str(tmp_path / "x.rb")]))
    with pytest.raises(ContextError, match="no such file or folder"):
        run(CodeInput(files=[str(tmp_path / "absent.py")]))


def test_dedup_stub_force_and_changed_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_SESSION_ID", "test-session")
    source = tmp_path / "a.py"
    source.write_text("def f():\n    return 1\n")
    request = CodeInput(files=[str(source)])
    assert run(request).files[0].mode == "raw"
    stub = run(request).files[0]
    assert stub.mode == "unchanged" and stub.content == ""
    assert stub.note.endswith("ago in this session and unchanged since; pass force=true to get it again")
    assert run(CodeInput(files=[str(source)], force=True)).files[0].mode == "raw"
    source.write_text("def f():\n    return 2\n")
    assert run(request).files[0].content.endswith("return 2\n")
    monkeypatch.setenv("SOFIA_DEDUP_WINDOW", "0")
    assert run(request).files[0].mode == "raw"


def test_a_dedup_stub_describes_the_file_without_summarising_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOFIA_SESSION_ID", "test-session")
    source = tmp_path / "a.py"
    source.write_text("def f():\n    return 1\n")
    request = CodeInput(files=[str(source)])
    first = run(request).files[0]

    def summarised_again(*_: object) -> None:
        raise AssertionError("an unchanged file was summarised again")

    monkeypatch.setattr(code._run, "summary_entry", summarised_again)
    stub = run(request).files[0]
    assert (stub.file, stub.lang, stub.size, stub.raw_tokens) == (
        first.file,
        first.lang,
        first.size,
        first.raw_tokens,
    )


def test_paths_outside_the_roots_are_refused(tree: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.py"
    outside.write_text("TOKEN = 1\n")
    (tree / "link.py").symlink_to(outside)
    with allowed_roots([tree]):
        for path in (
            str(outside),
            str(tree / "link.py"),
            str(tree / "py" / ".." / ".." / outside.parent.name),
        ):
            with pytest.raises(ContextError, match="outside the allowed roots"):
                run(CodeInput(files=[path]))
        with pytest.raises(ContextError, match="outside the allowed roots"):
            run(CodeInput(files=["../*/secret.py"]))
        assert run(CodeInput(files=["py/widgets.py"])).files[0].file == str(tree / "py/widgets.py")
