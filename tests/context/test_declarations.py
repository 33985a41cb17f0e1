"""Every declaration a reader looks for is in summaries, slices, scopes and refs (issue 42): Python
declarations under ``if``/``try``, Vue Options-API methods in every form, dataclass and NamedTuple
fields, PHP files that return an array; and a slice from a broken file says what it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.context import allowed_roots
from sofia_nb.context._providers.code import CodeInput
from sofia_nb.context._providers.code import run as code
from sofia_nb.context._providers.code._text import code_text
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._providers.refs import RefsInput
from sofia_nb.context._providers.refs import run as refs

pytest.importorskip("tree_sitter_python")

PAD = "#" * 9000 + "\n"  # past 8 KiB a file is summarised, not returned raw


def _summary(path: Path) -> tuple[list[tuple[str, str]], str]:
    with allowed_roots([path.parent]):
        result = code(CodeInput(files=[str(path)]))
    entry = result.files[0]
    assert entry.mode == "summary", entry.mode
    return [(s.kind, s.name) for s in entry.symbols], code_text(result)


def _slice(path: Path, symbol: str) -> str:
    with allowed_roots([path.parent]):
        entry = code(CodeInput(files=[str(path)], symbols=[symbol])).files[0]
    assert entry.missing == [], entry.note
    (piece,) = entry.slices
    return piece.text


def _refs(root: Path, symbol: str) -> list[tuple[str, int, str]]:
    with allowed_roots([root]):
        found = refs(RefsInput(symbol=symbol, root=str(root), max=0))
    return [(r.kind, r.line, r.enclosing) for r in found.refs]


def _labels(root: Path, pattern: str) -> list[tuple[int, str]]:
    with allowed_roots([root]):
        found = grep(GrepInput(patterns=[pattern], root=str(root), max_per_pattern=0))
    return [(h.line, h.enclosing) for p in found.patterns for h in p.hits]


_TYPE_CHECKING = (
    "from typing import TYPE_CHECKING\n"
    "\n"
    "if TYPE_CHECKING:\n"
    "    from collections.abc import Iterator\n"
    "\n"
    "    def walk(root: str) -> Iterator[str]:\n"
    "        ...\n"
    "\n"
    "try:\n"
    "    import ssl\n"
    "except ImportError:\n"
    "    def where() -> str:\n"
    '        return "/etc/ssl/cert.pem"\n'
    "else:\n"
    "    def where() -> str:\n"
    "        return ssl.get_default_verify_paths().cafile\n"
    "\n"
    "class Client:\n"
    "    if TYPE_CHECKING:\n"
    "        timeout: float\n"
    "\n"
    "        def close(self) -> None: ...\n"
)


def test_a_python_declaration_under_if_type_checking_is_summarised_and_sliced(tmp_path: Path) -> None:
    """Before: only the module's and classes' own bodies were read; ``walk``, ``where`` and
    ``Client.close`` were neither listed nor sliceable."""
    path = tmp_path / "certs.py"
    path.write_text(_TYPE_CHECKING + PAD, encoding="utf-8")
    symbols, text = _summary(path)
    assert ("function", "walk") in symbols
    assert ("function", "where") in symbols
    assert ("field", "Client.timeout") in symbols
    assert ("method", "Client.close") in symbols
    assert "function walk(root: str) -> Iterator[str]" in text
    assert _slice(path, "walk") == "    def walk(root: str) -> Iterator[str]:\n        ..."
    assert _slice(path, "Client.close") == "        def close(self) -> None: ..."
    assert _labels(tmp_path, "return")[:1] == [(13, "function where")]


def test_dataclass_and_named_tuple_fields_are_definitions(tmp_path: Path) -> None:
    """Before: an annotated field without a value (``x: int``) was a use in refs."""
    (tmp_path / "models.py").write_text(
        "from dataclasses import dataclass, field\n"
        "from typing import NamedTuple\n"
        "\n"
        "class Point(NamedTuple):\n"
        "    x: int\n"
        "    label: str = ''\n"
        "\n"
        "@dataclass\n"
        "class Conf:\n"
        "    timeout: float\n"
        "    tags: list[str] = field(default_factory=list)\n"
        "\n"
        "def use(p: Point, c: Conf) -> float:\n"
        "    return p.x + c.timeout\n",
        encoding="utf-8",
    )
    assert _refs(tmp_path, "x") == [("def", 5, "field Point.x"), ("use", 14, "function use")]
    assert _refs(tmp_path, "timeout") == [("def", 10, "field Conf.timeout"), ("use", 14, "function use")]
    assert _refs(tmp_path, "tags")[0] == ("def", 11, "field Conf.tags")
    (tmp_path / "more.py").write_text(
        "import attr\nfrom pydantic import BaseModel, Field\n\n"
        "class User(BaseModel):\n    nickname: str = Field(min_length=1)\n    karma: int\n\n"
        "@attr.s\nclass Point3:\n    depth = attr.ib()\n",
        encoding="utf-8",
    )
    assert _refs(tmp_path, "nickname") == [("def", 5, "field User.nickname")]
    assert _refs(tmp_path, "karma") == [("def", 6, "field User.karma")]
    assert _refs(tmp_path, "depth") == [("def", 10, "field Point3.depth")]


_OPTIONS_API = """<template>
  <button @click="save">{{ title }}</button>
</template>

<script>
export default {
  name: 'Editor',
  computed: {
    title: function () {
      return this.draft.trim()
    },
    size() {
      return this.draft.length
    },
  },
  methods: {
    save: function () {
      return this.store(this.draft)
    },
    reset: () => {
      return ''
    },
    store(text) {
      return text
    },
  },
}
</script>

<style>
/* PADDING */
</style>
"""


def test_a_vue_options_api_method_written_name_function_is_a_definition_and_a_scope(tmp_path: Path) -> None:
    """Before: ``save: function () {...}`` was a use in refs, its hits were scoped ``block script``,
    and no Options-API method or computed property was in ``structuredContent.symbols``."""
    path = tmp_path / "Editor.vue"
    path.write_text(_OPTIONS_API.replace("PADDING", "x" * 9000), encoding="utf-8")
    assert _refs(tmp_path, "save") == [("def", 17, "method save"), ("use", 2, "block template")]
    assert _refs(tmp_path, "title")[0] == ("def", 9, "method title")
    assert _labels(tmp_path, "return") == [
        (10, "method title"),
        (13, "method size"),
        (18, "method save"),
        (21, "method reset"),
        (24, "method store"),
    ]
    with allowed_roots([tmp_path]):
        entry = code(CodeInput(files=[str(path)], force=True)).files[0]
    symbols = {(s.kind, s.name) for s in entry.symbols}
    assert {("computed", "title"), ("computed", "size")} <= symbols
    assert {("method", "save"), ("method", "reset"), ("method", "store")} <= symbols
    assert _slice(path, "save") == "    save: function () {\n      return this.store(this.draft)\n    },"


def test_a_php_translation_file_is_summarised_by_its_keys(tmp_path: Path) -> None:
    """Before: a file that only ``return [ ... ]`` summarised to a bare header, nothing to slice."""
    lines = "".join(
        f"        'rule_{i}' => 'The :attribute field must be valid ({i}).',\n" for i in range(150)
    )
    path = tmp_path / "validation.php"
    path.write_text(
        "<?php\n"
        "\n"
        "return [\n"
        "    'accepted' => 'The :attribute must be accepted.',\n"
        '    "custom" => [\n' + lines + "    ],\n"
        "    'attributes' => [],\n"
        "];\n",
        encoding="utf-8",
    )
    symbols, text = _summary(path)
    assert symbols == [("key", "accepted"), ("key", "custom"), ("key", "attributes")]
    assert text.split("\n")[1:4] == ["key accepted", "key custom (150 entries)", "key attributes"]
    assert _slice(path, "accepted") == "    'accepted' => 'The :attribute must be accepted.',"
    assert _slice(path, "custom").startswith("    \"custom\" => [\n        'rule_0' =>")
    assert _labels(tmp_path, "rule_7'")[0] == (13, "key custom")


_BROKEN = '''class Parser:
    def first(self):
        return call(1, 2

    def second(self, text):
        usage = """
Usage: tool [OPTIONS]
"""
        if text:
            return usage
        return ""

    def third(self):
        return 3
'''


def test_a_method_below_a_syntax_error_is_sliced_whole(tmp_path: Path) -> None:
    """Before: read block by block around the error, a string's line at column 0 started a block:
    ``second`` came back as its first two lines without a word that it was cut, ``third`` was
    missing, and ``Usage`` was listed as a symbol."""
    path = tmp_path / "broken.py"
    path.write_text(_BROKEN + PAD, encoding="utf-8")
    assert _slice(path, "Parser.second") == "\n".join(_BROKEN.split("\n")[4:11])
    assert _slice(path, "Parser.third") == "    def third(self):\n        return 3"
    symbols, text = _summary(path)
    assert [name for _, name in symbols] == ["Parser", "Parser.first", "Parser.second", "Parser.third"]
    assert "lines 3-3 left out" in text or "lines 3 left out" in text, text


def test_a_member_parsed_alone_keeps_its_blank_lines(tmp_path: Path) -> None:
    """A member read alone (its class does not parse) kept its lines' numbers only without blank
    lines inside it: each one dropped moved the slice's end up a line."""
    source = (
        "class Broken:\n    x = (\n\n    def run(self):\n        a = 1\n\n        return a\n\n"
        "    def last(self): ...\n"
    )
    path = tmp_path / "b.py"
    path.write_text(source + PAD, encoding="utf-8")
    assert _slice(path, "Broken.run") == "    def run(self):\n        a = 1\n\n        return a"


_BROKEN_GO = """package broken

func first() int {
	return 1
}

func second(a int) int {
	b := call(a,
	if b > 2 {
		return b
	}
	return 0
}
"""


def test_a_go_function_the_parser_cuts_is_completed_by_its_braces(tmp_path: Path) -> None:
    """Before: tree-sitter's recovery ended ``second`` at its second line, and the slice came back
    as two lines without a word that it was cut."""
    path = tmp_path / "broken.go"
    path.write_text(_BROKEN_GO + "// " + "x" * 9000 + "\n", encoding="utf-8")
    assert _slice(path, "second") == "\n".join(_BROKEN_GO.split("\n")[6:13])
    unbalanced = tmp_path / "open.go"
    unbalanced.write_text(_BROKEN_GO.replace("\treturn 0\n}\n", "\treturn 0\n") + "// " + "x" * 9000 + "\n")
    with allowed_roots([tmp_path]):
        entry = code(CodeInput(files=[str(unbalanced)], symbols=["second"])).files[0]
    assert "second: cut where the file stops parsing" in entry.note, entry.note
