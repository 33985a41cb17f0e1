"""A PoC's own virtual environment: ``PROJECT/.venv``, where its requirements are installed and its
tests run, never sofia_nb's environment.

It is made with ``--system-site-packages`` and a ``.pth`` naming sofia_nb's own site folders, so
what sofia_nb's environment already has (pytest, the demo's libraries) is found without a download,
while ``pip install -r requirements.txt`` installs into the PoC's folder first (and takes what is
already found as satisfied). An existing ``.venv`` of a repository under ``fix`` is the project's
own environment and is used as it is. The folder ignores itself (a ``.gitignore`` of ``*`` inside),
so no commit takes it.
"""

from __future__ import annotations

import asyncio
import site
import sys
from pathlib import Path

VENV = ".venv"
_LINK = "_sofia_nb_env.pth"


class VenvError(RuntimeError):
    """The PoC's environment could not be made."""


def venv_python(project: Path) -> Path:
    return project / VENV / "bin" / "python"


async def expand(command: list[str], project: Path) -> list[str]:
    """``command`` with ``{python}`` replaced by the PoC's own interpreter (made when needed)."""
    if "{python}" not in command:
        return list(command)
    python = str(await project_python(project))
    return [python if part == "{python}" else part for part in command]


async def project_python(project: Path) -> Path:
    """The PoC's interpreter, making its environment first when there is none."""
    python = venv_python(project)
    if python.exists():
        return python
    folder = project / VENV
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "venv",
        "--without-pip",  # pip comes from sofia_nb's environment through the link below
        "--system-site-packages",
        str(folder),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0 or not python.exists():
        raise VenvError(
            f"could not make the PoC's environment {folder}: {out.decode(errors='replace').strip()}"
        )
    (folder / ".gitignore").write_text("*\n", encoding="utf-8")
    inner = next((folder / "lib").glob("python3*/site-packages"))
    ours = [p for p in site.getsitepackages() if Path(p).is_dir()]  # noqa: ASYNC240
    (inner / _LINK).write_text("".join(p + "\n" for p in ours), encoding="utf-8")
    return python
