"""What a ``dev`` run trusts when it starts: the session's record of the PoC, and nothing else.

The record (``PocState``) says what is done: ``checkpoint`` is the commit of the last recorded step
(the scaffold, then each iteration), ``environment_ready`` whether the PoC's ``.venv`` was made
whole, and ``pending`` what the iteration in flight had written when it was last saved. On start
the run brings the PoC back to that point, undoing only what a run wrote after it:

- no scaffold recorded: a scaffold folder of this session (its metadata names it; a repository
  whose one commit is the loop's scaffold, or none yet) and the staging folder are removed, and
  the scaffold is made again;
- a scaffold recorded: the loop's own commit on the checkpoint for the pending iteration, and files
  that still hold what the pending iteration wrote, are undone (``reset --hard`` to the checkpoint);
  commits a person made on top of the checkpoint are kept and the checkpoint moves to them.

Anything else — a file changed that the loop did not write (or wrote and a person changed since),
a commit of a person's on top of the loop's unrecorded one, a branch that no longer holds the
checkpoint — is a person's change: nothing is undone, and ``PocChanged`` says what was found.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

from ..config import SetupError
from ..session import PendingIteration, PocState, WorkshopSession
from ._errors import DevelopError
from ._git import Git, GitError
from ._scaffold import read_metadata
from ._venv import VENV

SCAFFOLD_SUBJECT = "sofia: scaffold from workshop session {session_id}"
"""The subject of the scaffold's commit (how an unrecorded scaffold is known as the loop's own)."""
ITERATION_SUBJECT = "sofia: iteration {number}: "
"""How an iteration's commit subject starts."""


class PocChanged(DevelopError):
    """The PoC holds a change the loop did not record and did not make; nothing was undone."""

    def __init__(self, project: Path, found: list[str]) -> None:
        super().__init__(
            f"{project} has changes the Ralph loop did not make: {'; '.join(found)}. Nothing was "
            "undone; commit them (the loop goes on from your commit) or remove them, then run again "
            "(`force` starts over)"
        )
        self.found = found


def staging_folder(project: Path) -> Path:
    """Where the scaffold is made before it is moved into place, beside the project."""
    return project.with_name(f".{project.name}.sofia-scaffold")


def content_hash(path: Path) -> str:
    """The sha256 of a file's bytes; "" when there is no file (deleted)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return ""


def note_written(poc: PocState, number: int, root: Path, paths: list[str]) -> None:
    """Add ``paths`` (just written by iteration ``number``) to the pending iteration's record."""
    if poc.pending is None or poc.pending.iteration != number:
        poc.pending = PendingIteration(iteration=number, base=poc.checkpoint)
    for path in paths:
        poc.pending.files[path] = content_hash(root / path)


async def clear_unrecorded_scaffold(
    project: Path, git: Git, session: WorkshopSession, say: Callable[[str], None]
) -> None:
    """Before a scaffold: remove what an unrecorded one left (the staging folder; a project folder
    this session's scaffold wrote). A folder of another session, or one with files that are not
    the loop's, is refused."""
    staging = staging_folder(project)
    if staging.exists():
        shutil.rmtree(staging)
    if not project.exists() or not any(project.iterdir()):  # noqa: ASYNC240 - a look at one folder
        return
    metadata = read_metadata(project)
    if metadata is not None and metadata.session_id != session.id:
        raise SetupError(f"{project} holds the PoC of session {metadata.session_id}", "output", "force")
    if metadata is None:
        raise SetupError(f"{project} holds files that are not a sofia_nb PoC", "output", "force")
    if await git.is_repo() and await git.has_commits():
        # The loop's scaffold is one commit of its own on a clean tree; anything more is a person's.
        commits = (await git.run("rev-list", "--all")).split()
        mine = (_author(git), SCAFFOLD_SUBJECT.format(session_id=session.id))
        found = [f"commit {c[:10]}" for c in commits if (await git.describe_commit(c))[1:] != mine]
        if len(commits) > 1 and not found:
            found.append(f"{len(commits)} commits")
        found += [f"changed {p}" for p in await git.changed_paths() if not _is_environment(p)]
        if found:
            raise PocChanged(project, found[:10])
    say(f"removing a scaffold that was never recorded: {project}")
    shutil.rmtree(project)


async def return_to_checkpoint(project: Path, git: Git, poc: PocState, say: Callable[[str], None]) -> bool:
    """Bring a scaffolded PoC back to its recorded point; True when the record changed (then save)."""
    pending = poc.pending
    written = pending.files if pending is not None else {}
    head = await git.head()
    checkpoint = poc.checkpoint or head
    try:
        commits = await git.commits_since(checkpoint)
    except GitError as exc:
        raise PocChanged(project, [str(exc)]) from None
    ours = ""
    if commits and pending is not None and await _is_ours(git, commits[0], pending, checkpoint):
        ours, commits = commits[0], commits[1:]
    if commits and ours:
        raise PocChanged(project, [f"{len(commits)} commits on top of the loop's unrecorded {ours[:10]}"])
    found = [
        f"changed {path}"
        for path in await git.changed_paths()
        if not _is_environment(path) and written.get(path) != content_hash(project / path)
    ]
    if found:
        raise PocChanged(project, found[:10] + ([f"and {len(found) - 10} more"] if len(found) > 10 else []))
    undo = ours or any(written.get(p) == content_hash(project / p) for p in written)
    if commits and undo:
        raise PocChanged(project, [f"{len(commits)} commits over edits the loop had not recorded"])
    if commits:  # a person's commits on the recorded point: theirs, kept
        say(f"found {len(commits)} commits the loop did not make since {checkpoint[:10]}: kept, going on")
        checkpoint = head
    elif undo:
        await git.run("reset", "-q", "--hard", checkpoint)
        for path in written:  # new files the iteration wrote are untracked after the reset
            target = project / path
            if target.is_file() and not await _tracked(git, path):
                target.unlink()
        what = f"its commit {ours[:10]}" if ours else "its edits"
        say(f"undid what iteration {pending.iteration if pending else '?'} left unrecorded: {what}")
    changed = poc.checkpoint != checkpoint or pending is not None
    poc.checkpoint, poc.pending = checkpoint, None
    return changed


async def _is_ours(git: Git, sha: str, pending: PendingIteration, checkpoint: str) -> bool:
    parents, author, subject = await git.describe_commit(sha)
    return (
        parents == checkpoint == pending.base
        and author == _author(git)
        and subject.startswith(ITERATION_SUBJECT.format(number=pending.iteration))
    )


async def _tracked(git: Git, path: str) -> bool:
    return bool((await git.run("ls-files", "--", path)).strip())


def _author(git: Git) -> str:
    return f"{git.author.name} <{git.author.email}>"


def _is_environment(path: str) -> bool:
    """The PoC's own ``.venv``: remade when it is not recorded, never a person's change."""
    return path == VENV or path.startswith(VENV + "/")
