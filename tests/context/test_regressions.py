"""Regressions of issue 17, each in the shape it was met in a real repository."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from sofia_nb.context import ContextError, allowed_roots
from sofia_nb.context._providers.code import CodeInput
from sofia_nb.context._providers.code import run as code
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._support import lang_python, lang_ts
from sofia_nb.context._support.render import render


def test_ignore_dirs_with_a_trailing_slash_are_skipped(tmp_path: Path) -> None:
    for folder in ("middleware", "routes"):  # chi's layout: `ignore_dirs: ["middleware/"]`
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.go").write_text("package x\n// Handler here\n")
    result = grep(GrepInput(patterns=["Handler"], root=str(tmp_path), ignore_dirs=["middleware/"]))
    assert [h.file for p in result.patterns for h in p.hits] == ["routes/x.go"]


def test_an_empty_grep_pattern_is_refused() -> None:
    with pytest.raises(ValidationError, match="at least 1 character"):
        GrepInput(patterns=["Handler", ""])


class _Row(BaseModel):
    name: str
    old: str | None


class _Table(BaseModel):
    rows: list[_Row]


def test_toon_tables_print_missing_values_as_empty_cells() -> None:
    text = render(_Table(rows=[_Row(name="a.py", old=None), _Row(name="b.py", old="null")]), "toon")
    assert text.splitlines()[1:] == ["  a.py,", '  b.py,"null"']  # the string "null" stays quoted


def test_a_symlink_out_of_the_root_among_glob_matches_is_skipped(tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "secret.py").write_text("KEY = 1\n")
    (root / "app.py").write_text("def main():\n    pass\n")
    os.symlink(outside / "secret.py", root / "linked.py")
    with allowed_roots([root]):
        result = code(CodeInput(files=["*.py"]))
    assert [Path(f.file).name for f in result.files] == ["app.py"]


def test_a_binary_file_with_a_source_extension_is_not_summarised(tmp_path: Path) -> None:
    (tmp_path / "bin.go").write_bytes(bytes(range(256)) * 80)  # 20 KB of bytes, a NUL among them
    (tmp_path / "main.go").write_text("package main\n\nfunc main() {}\n")
    with pytest.raises(ContextError, match="binary file"):
        code(CodeInput(files=[str(tmp_path / "bin.go")]))
    with pytest.raises(ContextError, match="binary file"):
        code(CodeInput(files=[str(tmp_path / "bin.go")], symbols=["main"]))
    for files in ([str(tmp_path)], [str(tmp_path / "*.go")]):
        assert [Path(f.file).name for f in code(CodeInput(files=files)).files] == ["main.go"]


def test_a_symbol_named_twice_is_sliced_once(tmp_path: Path) -> None:
    source = "class Client:\n    def send(self, request):\n        return request\n" + "# pad\n" * 400
    (tmp_path / "client.py").write_text(source)
    result = code(CodeInput(files=[str(tmp_path / "client.py")], symbols=["send", "Client.send"]))
    assert [(s.name, s.start_line) for s in result.files[0].slices] == [("Client.send", 2)]


# vue-vben-admin's shape: slots nested in a table, props from a type, destructured and defaulted.
_VUE_TABLE = """<template>
  <BasicTable @register="register">
    <template #action="{ record }">
      <TableAction :actions="actions(record)" />
    </template>
  </BasicTable>
  <Footer />
</template>

<script setup lang="ts">
interface Props {
  title: string
  rows?: number[]
}
const {
  title,
  rows: items = [],
  ...rest
} = defineProps<Props>()
const props = withDefaults(defineProps<Props>(), { rows: () => [] })
</script>
"""


def test_a_nested_vue_slot_does_not_close_the_template(tmp_path: Path) -> None:
    (tmp_path / "Table.vue").write_text(_VUE_TABLE)
    hits = grep(GrepInput(patterns=["<Footer"], root=str(tmp_path))).patterns[0].hits
    assert [(h.line, h.enclosing) for h in hits] == [(7, "block template")]
    blocks = [
        (s.name, s.start, s.end) for s in lang_ts.scopes(_VUE_TABLE, Path("Table.vue")) if s.kind == "block"
    ]
    assert blocks == [("template", 1, 8), ("script", 10, 21)]


def test_vue_props_from_a_type_withdefaults_and_a_destructuring() -> None:
    destructured = lang_ts.outline(_VUE_TABLE, brief=False, path=Path("Table.vue"))
    assert [s.name for s in destructured.symbols] == ["Props", "{ title, items, rest }", "props"]
    start = _VUE_TABLE.index("const {")
    only_defaults = _VUE_TABLE[:start] + _VUE_TABLE[_VUE_TABLE.index("const props") :]
    for summary in (destructured, lang_ts.outline(only_defaults, brief=False, path=Path("Table.vue"))):
        assert summary.vue is not None
        assert summary.vue.props == ["title: string", "rows?: number[] = () => []"]
        assert summary.vue.components == ["BasicTable", "Footer", "TableAction"]


def test_python_decorators_by_name_and_long_defaults_elided() -> None:
    source = (
        "import pytest\n\n"
        '@pytest.mark.parametrize(("a", "b"), [(1, 2), (3, 4), (5, 6)])\n'
        "@property\n"
        'def check(a, b, sep=", ", table={"alpha": 1, "beta": 2, "gamma": 3}) -> None:\n'
        "    pass\n"
    )
    (symbol,) = lang_python.outline(source, brief=False).symbols
    assert symbol.detail == "@pytest.mark.parametrize(...) @property"
    assert symbol.signature == "(a, b, sep=', ', table=...) -> None"
