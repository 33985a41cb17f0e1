"""No file tool reads outside the allowed roots: absolute paths, ``..`` and symlinks all resolve first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sofia_nb.context import ContextError, allowed_roots, get_tool

from ._trees import make_repo


@pytest.fixture
def jail(tmp_path: Path) -> tuple[Path, Path]:
    """An allowed root holding symlinks to a secret folder (a git repository) beside it."""
    inside, outside = tmp_path / "inside", make_repo(tmp_path / "outside")
    inside.mkdir()
    (outside / "router.ts").write_text("const routes = [{ path: '/secret' }]\n")
    (inside / "link").symlink_to(outside)
    (inside / "link.py").symlink_to(outside / "app.py")
    return inside, outside


def _escapes(inside: Path, outside: Path, file: str) -> list[str]:
    return [str(outside / file), f"../outside/{file}", f"link/{file}", str(inside / "link" / file)]


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("code", lambda p: {"files": [p]}),
        ("code", lambda p: {"files": [p], "symbols": ["build"]}),
        ("grep", lambda p: {"patterns": ["Widget"], "root": str(Path(p).parent)}),
        ("refs", lambda p: {"symbol": "Widget", "root": str(Path(p).parent)}),
        ("changed", lambda p: {"root": str(Path(p).parent)}),
        ("vue_routes", lambda p: {"file": p.replace("app.py", "router.ts")}),
        ("vue_routes", lambda p: {"root": str(Path(p).parent)}),
    ],
)
def test_every_file_tool_refuses_escapes(jail: tuple[Path, Path], tool: str, arguments: Any) -> None:
    inside, outside = jail
    with allowed_roots([inside]):
        for escape in _escapes(inside, outside, "app.py"):
            with pytest.raises(ContextError, match="outside the allowed roots"):
                get_tool(tool).call(arguments(escape))


def test_a_symlinked_file_inside_is_refused_and_walks_skip_links(jail: tuple[Path, Path]) -> None:
    inside, _ = jail
    with allowed_roots([inside]):
        with pytest.raises(ContextError, match="outside the allowed roots"):
            get_tool("code").call({"files": ["link.py"]})
        assert get_tool("grep").call({"patterns": ["Widget"]}).model_dump()["patterns"] == []
        assert get_tool("refs").call({"symbol": "Widget"}).model_dump()["refs"] == []


def test_reads_stay_inside_the_roots_not_a_sibling_sharing_the_name_prefix(tmp_path: Path) -> None:
    root, sibling = tmp_path / "proj", tmp_path / "proj-secrets"
    root.mkdir()
    sibling.mkdir()
    (sibling / "keys.py").write_text("KEY = 1\n")
    with allowed_roots([root]), pytest.raises(ContextError, match="outside the allowed roots"):
        get_tool("code").call({"files": [str(sibling / "keys.py")]})
