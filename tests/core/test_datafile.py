"""The one reader for JSON-or-YAML files people write: errors name the file and what went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb._datafile import DataFileError, read_json_or_yaml


def test_json_and_yaml_read_the_same(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"k": [1, 2]}', encoding="utf-8")
    (tmp_path / "a.yaml").write_text("k: [1, 2]\n", encoding="utf-8")
    assert (
        read_json_or_yaml(tmp_path / "a.json", "x")
        == read_json_or_yaml(tmp_path / "a.yaml", "x")
        == {"k": [1, 2]}
    )


def test_a_json_name_is_parsed_strictly_as_json(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("k: 1\n", encoding="utf-8")  # YAML, not JSON
    with pytest.raises(DataFileError, match=r"^the inputs file .*a\.json does not parse: "):
        read_json_or_yaml(tmp_path / "a.json", "inputs file")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"^cannot read the inputs file .*nope\.yaml: No such file"):
        read_json_or_yaml(tmp_path / "nope.yaml", "inputs file")
