"""binder/ agrees with pyproject: the same Python, extras that exist, and a link that opens the quickstart."""

from __future__ import annotations

import re
import tomllib
import urllib.parse

import yaml

from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_binder_python_is_the_lowest_python_pyproject_allows() -> None:
    env = yaml.safe_load((ROOT / "binder" / "environment.yml").read_text())
    pins = {d.split("=")[0]: d.split("=")[1] for d in env["dependencies"] if isinstance(d, str) and "=" in d}
    lowest = re.fullmatch(r">=\s*(\d+\.\d+)", PYPROJECT["project"]["requires-python"])
    assert lowest, PYPROJECT["project"]["requires-python"]
    assert pins["python"] == lowest.group(1)
    assert "nodejs" in pins  # the reference MCP servers come from npm


def test_post_build_installs_extras_that_exist_and_the_npm_servers() -> None:
    post_build = (ROOT / "binder" / "postBuild").read_text()
    extras = re.search(r'-e "\.\[([a-z,]+)\]"', post_build)
    assert extras, post_build
    known = set(PYPROJECT["project"]["optional-dependencies"])
    assert set(extras.group(1).split(",")) <= known
    assert {"ui", "batch"} <= set(extras.group(1).split(","))  # the notebooks need widgets and papermill
    assert "npm ci" in post_build and "tools/npm" in post_build
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111


def test_the_readme_badge_opens_the_quickstart_in_jupyterlab() -> None:
    for readme in (ROOT / "README.md", ROOT / "binder" / "README.md"):
        link = re.search(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme.read_text())
        assert link, readme
        query = urllib.parse.parse_qs(urllib.parse.urlparse(link.group(0)[1:-1]).query)
        assert query["labpath"] == ["notebooks/00_quickstart.ipynb"]
        assert (ROOT / query["labpath"][0]).is_file()


def test_binder_opens_the_facilitator_app_in_voila() -> None:
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "voila" in re.search(r'-e "\.\[([a-z,]+)\]"', post_build).group(1).split(",")  # type: ignore[union-attr]
    link = re.search(
        r"\(https://mybinder\.org/v2/gh/[^)]+urlpath=voila[^)]+\)",
        (ROOT / "binder" / "README.md").read_text(),
    )
    assert link
    query = urllib.parse.parse_qs(urllib.parse.urlparse(link.group(0)[1:-1]).query)
    notebook = query["urlpath"][0].removeprefix("voila/render/")
    assert query["urlpath"][0].startswith("voila/render/") and (ROOT / notebook).is_file()
