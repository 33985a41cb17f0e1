"""The git commands the loop needs, run through asyncio so the event loop goes on while git works.

In a notebook the Ralph loop runs on the kernel's loop: a blocking ``subprocess.run`` there would
hold every widget callback (Stop included) and every MCP reply until git returned. So git is a
child process of the loop, with the hygiene of every child (its own process group, the
parent-death signal through ``setpriv`` where it exists — see ``_children.dying_with_parent`` —,
killed with its group on timeout or cancellation).

Every commit names its own author and committer, so the loop works on a machine with no git
identity; hooks (``core.hooksPath=/dev/null``: a test may install one), ``core.fsmonitor`` and
signing of any configuration are off, and git gets only the allow-listed environment.
``Git._invoke`` is the one place git is started: the argument list, the environment and the
child's life are decided there.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from .._children import GIT_SAFETY, allowed_environment, dying_with_parent, kill_group
from ._secret_scan import exclude_line, secret_reason

GIT_TIMEOUT_S = 60.0
"""One git command's limit: a local commit of a PoC takes milliseconds; a minute means a hung
credential helper or a lock held by another process, and the loop reports it instead of waiting."""


class GitError(RuntimeError):
    """A git command failed; the message carries its stderr."""


class GitAuthor(BaseModel):
    name: str = "sofia_nb"
    email: str = "sofia@localhost"


class Git:
    """git in one working tree; every command is a coroutine."""

    def __init__(
        self, root: Path, author: GitAuthor | None = None, say: Callable[[str], None] | None = None
    ) -> None:
        self.root = Path(root)
        self.author = author or GitAuthor()
        self.say = say
        """Told which files a commit left out, and why."""

    def _env(self) -> dict[str, str]:
        # The allow-list, as for stdio servers: git runs the repository's configuration (a filter,
        # a credential helper), so it gets no credential of ours.
        env = allowed_environment()
        env.update(
            GIT_AUTHOR_NAME=self.author.name,
            GIT_AUTHOR_EMAIL=self.author.email,
            GIT_COMMITTER_NAME=self.author.name,
            GIT_COMMITTER_EMAIL=self.author.email,
            GIT_TERMINAL_PROMPT="0",
        )
        return env

    def _argv(self, args: tuple[str, ...]) -> list[str]:
        return ["git", *GIT_SAFETY, "-c", "commit.gpgsign=false", "-c", "core.quotepath=false", *args]

    async def _invoke(self, args: tuple[str, ...]) -> tuple[int, str, str]:
        """Start git, wait for it within ``GIT_TIMEOUT_S``; (exit code, stdout, stderr)."""
        argv, preexec = dying_with_parent(self._argv(args))
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv,
                cwd=self.root,
                env=self._env(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                start_new_session=True,
                preexec_fn=preexec,
            )
        except OSError as exc:
            raise GitError(f"git {args[0]} failed: {exc}") from None
        try:
            async with asyncio.timeout(GIT_TIMEOUT_S):
                out, err = await proc.communicate()
        except TimeoutError:
            raise GitError(f"git {args[0]} failed: no answer within {GIT_TIMEOUT_S:g} s") from None
        finally:
            if proc.returncode is None:  # timed out or cancelled (a stop): git must not outlive us
                kill_group(proc.pid, signal.SIGKILL)
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await asyncio.shield(proc.wait())
        assert proc.returncode is not None
        return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")

    async def run(self, *args: str) -> str:
        """Run ``git ARGS`` in the tree and return its stdout; raises ``GitError`` on failure."""
        code, out, err = await self._invoke(args)
        if code != 0:
            raise GitError(f"git {' '.join(args)} failed: {err.strip() or out.strip()}")
        return out

    async def is_repo(self) -> bool:
        """True when ``root`` is the top of a git working tree."""
        try:
            top = (await self.run("rev-parse", "--show-toplevel")).strip()
        except GitError:
            return False
        return os.path.samefile(top, self.root)  # noqa: ASYNC240 - two stats of local paths

    async def init(self) -> None:
        await self.run("init", "-q", "-b", "main")

    async def commit_all(self, message: str) -> str:
        """Stage everything except files holding a secret and commit; returns the new commit's sha,
        or "" when nothing changed."""
        left_out = await self.leave_out_secrets()
        if left_out and self.say is not None:
            self.say("left out of the commit: " + "; ".join(f"{path} ({why})" for path, why in left_out))
        await self.run("add", "-A")
        try:
            await self.run("commit", "-q", "--no-verify", "-m", message)
        except GitError as exc:
            if "nothing to commit" in str(exc) or "nothing added to commit" in str(exc):
                return ""
            raise
        return await self.head()

    async def leave_out_secrets(self) -> list[tuple[str, str]]:
        """Every file the next ``add -A`` would take that holds a secret, kept out of it for good: a
        new file through ``.git/info/exclude``, a tracked one by ``--skip-worktree`` (its committed
        content stays). Returns ``(path, why)`` for each."""
        new = await self._paths("ls-files", "-z", "--others", "--exclude-standard")
        changed = await self._paths("ls-files", "-z", "--modified")
        left_out = [(path, why) for path in sorted(new | changed) if (why := secret_reason(self.root / path))]
        if not left_out:
            return []
        fresh = [path for path, _ in left_out if path in new]
        if fresh:
            exclude = Path((await self.run("rev-parse", "--git-path", "info/exclude")).strip())
            exclude = exclude if exclude.is_absolute() else self.root / exclude
            exclude.parent.mkdir(parents=True, exist_ok=True)
            with open(exclude, "a", encoding="utf-8") as handle:  # noqa: ASYNC230 - one small local file
                handle.write("".join(exclude_line(path) + "\n" for path in fresh))
        tracked = [path for path, _ in left_out if path not in new]
        if tracked:
            await self.run("update-index", "--skip-worktree", "--", *tracked)
        return left_out

    async def _paths(self, *args: str) -> set[str]:
        return {path for path in (await self.run(*args)).split("\0") if path}

    async def head(self) -> str:
        return (await self.run("rev-parse", "HEAD")).strip()

    async def branch(self) -> str:
        """The checked-out branch ("" when HEAD is detached)."""
        return (await self.run("branch", "--show-current")).strip()

    async def changed_paths(self) -> list[str]:
        """Every path that differs from HEAD: staged, modified, deleted or untracked (not ignored)."""
        out = await self.run("status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all")
        return sorted({entry[3:] for entry in out.split("\0") if len(entry) > 3})

    async def commits_since(self, base: str) -> list[str]:
        """The commits after ``base`` up to HEAD, oldest first; raises ``GitError`` when ``base`` is
        not an ancestor of HEAD (history rewritten, another branch checked out)."""
        code, _, _ = await self._invoke(("merge-base", "--is-ancestor", base, "HEAD"))
        if code != 0:
            raise GitError(f"the checked-out branch no longer holds commit {base[:10]}")
        return (await self.run("rev-list", "--reverse", f"{base}..HEAD")).split()

    async def describe_commit(self, sha: str) -> tuple[str, str, str]:
        """``(parents, "name <email>" of its author, subject)`` of one commit."""
        out = await self.run("log", "-1", "--format=%P%x00%an <%ae>%x00%s", sha)
        parents, author, subject = [*out.rstrip("\n").split("\0"), "", ""][:3]
        return parents, author, subject

    async def is_dirty(self) -> bool:
        """Uncommitted changes to tracked files, or untracked files that are not ignored."""
        return bool((await self.run("status", "--porcelain")).strip())

    async def switch_new(self, branch: str) -> None:
        await self.run("switch", "-q", "-c", branch)

    async def has_commits(self) -> bool:
        try:
            await self.head()
        except GitError:
            return False
        return True
