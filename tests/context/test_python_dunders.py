"""How dunder names count in a Python summary (docs/context-tools.md): special names are public."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.context._providers.code import CodeInput, run

SOURCE = """\
__all__ = ["Widget"]


class Widget:
    def __init__(self, size: int) -> None:
        self.size = size
{body}

    def __eq__(self, other: object) -> bool:
        return True

    def _helper(self) -> None: ...

    def __mangled(self) -> None: ...
""".replace(
    "{body}", "\n".join(f"        self.part_{i} = size * {i}  # a body worth summarising" for i in range(40))
)


def test_dunder_methods_are_listed_and_count_as_exported_private_and_mangled_names_do_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "widget.py").write_text(SOURCE)
    public = {s.name for s in run(CodeInput(files=["widget.py"], exported=True)).files[0].symbols}
    assert {"Widget", "Widget.__init__", "Widget.__eq__"} <= public
    assert not {"Widget._helper", "Widget.__mangled"} & public
