"""A PoC's own virtual environment: ``PROJECT/.venv``, where its requirements are installed and its
tests run, never sofia_nb's environment.

It is made with ``--system-site-packages`` and a ``.pth`` naming sofia_nb's own site folders, so
what sofia_nb's environment already has (pytest, the demo's libraries) is found without a download,
while ``pip install -r requirements.txt`` installs into the PoC's folder first (and takes what is
already found as satisfied). An existing ``.venv`` of a repository under ``fix`` is the project's
own environment and is used as it is. The folder ignores itself (a ``.gitignore`` of ``*`` inside,
written first), so no commit takes it, even of an environment stopped half-made.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import site
import sys
from pathlib import Path

from .._children import dying_with_parent, kill_group

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
    return await make_environment(project)


async def make_environment(project: Path, *, fresh: bool = False) -> Path:
    """Make ``PROJECT/.venv`` and return its interpreter; ``fresh`` removes what is there first (a
    ``dev`` run's environment that was never recorded whole).

    The folder's ``.gitignore`` is written before anything else goes into it, so an environment
    stopped half-made is never committed."""
    folder = project / VENV
    if fresh and folder.exists():
        await asyncio.to_thread(shutil.rmtree, folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ".gitignore").write_text("*\n", encoding="utf-8")
    python = venv_python(project)
    # pip comes from sofia_nb's environment through the link below. The child dies with its owner
    # (a SIGKILL of the run) and with a stop (Ctrl+C cancels the wait): it never outlives the run.
    argv, preexec = dying_with_parent(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(folder)]
    )
    proc = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=preexec,
    )
    try:
        out, _ = await proc.communicate()
    finally:
        if proc.returncode is None:
            kill_group(proc.pid, signal.SIGKILL)
            await asyncio.shield(proc.wait())
    if proc.returncode != 0 or not python.exists():
        raise VenvError(
            f"could not make the PoC's environment {folder}: {out.decode(errors='replace').strip()}"
        )
    inner = next((folder / "lib").glob("python3*/site-packages"))
    ours = [p for p in site.getsitepackages() if Path(p).is_dir()]  # noqa: ASYNC240
    (inner / _LINK).write_text("".join(p + "\n" for p in ours), encoding="utf-8")
    return python
