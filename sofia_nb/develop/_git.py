"""The git commands the loop needs. Every commit names its own author and committer, so the loop works
on a machine with no git identity; hooks and signing of the user's configuration are bypassed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from pydantic import BaseModel

from ..redact import scrubbed_env

GIT_TIMEOUT_S = 60.0


class GitError(RuntimeError):
    """A git command failed; the message carries its stderr."""


class GitAuthor(BaseModel):
    name: str = "sofia_nb"
    email: str = "sofia@localhost"


class Git:
    """git in one working tree."""

    def __init__(self, root: Path, author: GitAuthor | None = None) -> None:
        self.root = Path(root)
        self.author = author or GitAuthor()

    def _env(self) -> dict[str, str]:
        env = scrubbed_env()
        env.update(
            GIT_AUTHOR_NAME=self.author.name,
            GIT_AUTHOR_EMAIL=self.author.email,
            GIT_COMMITTER_NAME=self.author.name,
            GIT_COMMITTER_EMAIL=self.author.email,
            GIT_TERMINAL_PROMPT="0",
        )
        return env

    def run(self, *args: str) -> str:
        """Run ``git ARGS`` in the tree and return its stdout; raises ``GitError`` on failure."""
        try:
            done = subprocess.run(
                ["git", "-c", "commit.gpgsign=false", "-c", "core.quotepath=false", *args],
                cwd=self.root,
                env=self._env(),
                capture_output=True,
                text=True,
                timeout=GIT_TIMEOUT_S,
                check=False,
                stdin=subprocess.DEVNULL,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise GitError(f"git {args[0]} failed: {exc}") from None
        if done.returncode != 0:
            raise GitError(f"git {' '.join(args)} failed: {done.stderr.strip() or done.stdout.strip()}")
        return done.stdout

    def is_repo(self) -> bool:
        """True when ``root`` is the top of a git working tree."""
        try:
            top = self.run("rev-parse", "--show-toplevel").strip()
        except GitError:
            return False
        return os.path.samefile(top, self.root)

    def init(self) -> None:
        self.run("init", "-q", "-b", "main")

    def commit_all(self, message: str) -> str:
        """Stage everything and commit; returns the new commit's sha, or "" when nothing changed."""
        self.run("add", "-A")
        try:
            self.run("commit", "-q", "--no-verify", "-m", message)
        except GitError as exc:
            if "nothing to commit" in str(exc) or "nothing added to commit" in str(exc):
                return ""
            raise
        return self.head()

    def head(self) -> str:
        return self.run("rev-parse", "HEAD").strip()

    def branch(self) -> str:
        """The checked-out branch ("" when HEAD is detached)."""
        return self.run("branch", "--show-current").strip()

    def ref(self, name: str) -> str:
        return self.run("rev-parse", "--verify", f"{name}^{{commit}}").strip()

    def is_dirty(self) -> bool:
        """Uncommitted changes to tracked files, or untracked files that are not ignored."""
        return bool(self.run("status", "--porcelain").strip())

    def switch_new(self, branch: str) -> None:
        self.run("switch", "-q", "-c", branch)

    def has_commits(self) -> bool:
        try:
            self.head()
        except GitError:
            return False
        return True
