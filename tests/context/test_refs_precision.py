"""refs tells a declaration from what only looks like one (issue 32): a struct literal's key is a
use of a field, a qualified call of another package is not this repository's name, and a re-export
declares its alias."""

from __future__ import annotations

from pathlib import Path

from sofia_nb.context import allowed_roots
from sofia_nb.context._providers.refs import RefsInput, refs_text
from sofia_nb.context._providers.refs import run as refs


def _refs(root: Path, symbol: str) -> list[tuple[str, str, int]]:
    with allowed_roots([root]):
        return [(r.kind, r.file, r.line) for r in refs(RefsInput(symbol=symbol, root=str(root))).refs]


def test_a_go_struct_literal_key_is_not_a_definition(tmp_path: Path) -> None:
    (tmp_path / "server.go").write_text(
        "package web\n\n"
        "type Server struct {\n\tTimeout int\n}\n\n"  # 3-5
        "func New() *Server {\n"  # 7
        "\treturn &Server{Timeout: 5}\n"  # 8
        "}\n\n"
        "var defaults = Server{\n\tTimeout: 10,\n}\n",  # 11-13
        encoding="utf-8",
    )
    assert _refs(tmp_path, "Timeout") == [
        ("def", "server.go", 4),
        ("use", "server.go", 8),
        ("use", "server.go", 12),
    ]


def test_a_qualified_call_of_another_package_is_not_a_use_of_the_local_name(tmp_path: Path) -> None:
    (tmp_path / "config.go").write_text(
        'package config\n\nimport (\n\t"fmt"\n\t"time"\n)\n\n'
        "func ParseDuration(s string) (int, error) { return 0, nil }\n\n"  # 8
        "func load(raw string) {\n"
        "\td, _ := time.ParseDuration(raw)\n"  # 11
        "\tn, _ := ParseDuration(raw)\n"  # 12
        "\tfmt.Println(d, n)\n}\n",
        encoding="utf-8",
    )
    (tmp_path / "util.py").write_text(
        "import os.path\nfrom shutil import which as which\n\n"
        "def join(*parts):\n    return os.path.join(*parts)\n",  # 4, 5
        encoding="utf-8",
    )
    assert _refs(tmp_path, "ParseDuration") == [("def", "config.go", 8), ("use", "config.go", 12)]
    with allowed_roots([tmp_path]):
        result = refs(RefsInput(symbol="ParseDuration", root=str(tmp_path)))
    assert (result.defs, result.uses, result.elsewhere) == (1, 1, 1)
    assert "[1 qualified by an imported package or module: left out]" in refs_text(result)
    assert _refs(tmp_path, "join") == [("def", "util.py", 4)]


def test_a_re_export_is_a_definition(tmp_path: Path) -> None:
    (tmp_path / "Button.ts").write_text("export default function Button() {}\n", encoding="utf-8")
    (tmp_path / "index.ts").write_text(
        "export { default as PrimaryButton } from './Button'\n"  # 1
        "export { PrimaryButton as Btn }\n",  # 2: a use of the re-exported name (and a new alias)
        encoding="utf-8",
    )
    (tmp_path / "App.ts").write_text(
        "import { PrimaryButton } from './index'\nPrimaryButton()\n", encoding="utf-8"
    )
    assert _refs(tmp_path, "PrimaryButton") == [
        ("def", "index.ts", 1),
        ("use", "App.ts", 1),
        ("use", "App.ts", 2),
        ("use", "index.ts", 2),
    ]
