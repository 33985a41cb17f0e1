"""The notebooks tests write: code cells for the ``python3`` kernel, the first one optionally tagged
``parameters`` (where papermill and ``sofia-nb run`` inject theirs)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def write_notebook(path: Path, cells: Sequence[str], *, parameters: str | None = None) -> Path:
    """Write a notebook of ``cells`` (code, not run) to ``path``; ``parameters`` comes first, tagged."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    if parameters is not None:
        nb.cells.append(nbformat.v4.new_code_cell(parameters, metadata={"tags": ["parameters"]}))
    nb.cells.extend(nbformat.v4.new_code_cell(source) for source in cells)
    nbformat.write(nb, path)
    return path
