"""The two jobs of a run, each from the façade's ``RunContext``: ``develop_session`` (a workshop's
plan → scaffold → loop, resumable) and ``fix_project`` (the same loop on an existing repository,
on a new branch). Each makes the ``Workspace`` its job works on; the loop does the rest."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shlex
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path

from ..config import SetupError
from ..llm import keeping_ledger
from ..session import Phase, PocIteration, PocState, SessionStatus, WorkshopSession, session_folder
from ._context import RunContext, Workspace
from ._criteria import criteria_coverage
from ._errors import DevelopError
from ._git import Git
from ._github import GitHubPublisher
from ._loop import RalphLoop, RalphResult, TestCounts
from ._prompt import project_files
from ._resume import (
    SCAFFOLD_SUBJECT,
    PocChanged,
    clear_unrecorded_scaffold,
    return_to_checkpoint,
    staging_folder,
)
from ._scaffold import ScaffoldError, plan_brief, read_metadata, scaffold, selected_idea
from ._templates import TEMPLATES, Template, plan_words, select_template
from ._venv import make_environment

ALREADY_COMPLETE = "already complete: a previous run reached passing tests (`force` starts over)"
"""What a run says when the PoC is done; `` `force` `` is a setting's marker, each face spells it."""


def default_project_dir(session_id: str) -> Path:
    """``./poc/<id>`` (architecture.md §3)."""
    return session_folder("poc", session_id)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "sofia-poc"


async def develop_session(context: RunContext, session: WorkshopSession) -> RalphResult:
    """A workshop's plan to a tested PoC: scaffold (unless the session records one, then it
    resumes from its record) and run the loop; the session is saved as it goes.

    ``context.options`` says where (``output``), whether to start over (``force``) and whether
    to publish (``github``). The caller holds the session for the run (``DevelopmentRun.develop``).
    """
    if session.selection is None or session.plan is None:
        raise DevelopError(
            f"session {session.id} has no selected idea and plan yet; finish the workshop first"
        )
    o = context.options
    project = (o.output or default_project_dir(session.id)).resolve()
    if session.poc is not None and session.poc.final_status == "success" and not o.force:
        return _already_complete(context, session, project)
    if o.force:
        context.say("resume", f"starting over (`force`): removing {project} and the PoC state")
        shutil.rmtree(project, ignore_errors=True)
        shutil.rmtree(staging_folder(project), ignore_errors=True)
        session.poc = None
    poc = session.poc = session.poc or PocState()
    poc.repo_path = str(project)
    template = TEMPLATES.get(poc.tech_stack.template, None) if poc.tech_stack else None
    template = template or select_template(plan_words(session.plan))
    poc.tech_stack = template.tech_stack()
    work = Workspace(
        project,
        template,
        poc,
        goal=_goal(session),
        git=Git(project, context.develop.author, say=lambda detail: context.say("secrets", detail)),
        plan=session.plan,
        decisions=plan_brief(session),
    )
    if (store := context.store) is not None:
        work.save = lambda: store.save(session)
    if o.github:
        work.github = _publisher(context, selected_idea(session)[0] or session.name, poc.repo_url)
    context = context.on(work)
    # A run works on it (a killed one's "active" with no live holder reads as paused in status);
    # every way the run ends sets where it stands (docs/sessions.md, "States").
    session.status = SessionStatus.ACTIVE
    work.save()
    try:
        result = await _develop(context, session)
    except BaseException:  # a stop, a refusal, an error: resumable, as far as the record goes
        session.status = SessionStatus.PAUSED
        with contextlib.suppress(Exception):  # a full disk: the error that stopped it is the one to tell
            work.save()
        raise
    session.status = _ENDED.get(result.status, SessionStatus.PAUSED)
    work.save()
    return result


_ENDED = {"success": SessionStatus.COMPLETED, "failed": SessionStatus.FAILED}
"""The session's status when the loop ends so; ``partial`` and ``paused`` go on later: paused."""


async def _develop(context: RunContext, session: WorkshopSession) -> RalphResult:
    """Back to the recorded point (or the scaffold), then the environment, install and loop."""
    work, poc, project = context.work, context.work.poc, context.work.root
    say = lambda detail: context.say("resume", detail)  # noqa: E731 - one line, three callers
    if poc.checkpoint:
        metadata = read_metadata(project)
        if metadata is not None and metadata.session_id != session.id:
            raise SetupError(f"{project} holds the PoC of session {metadata.session_id}", "output", "force")
        if not await work.git.is_repo():
            raise PocChanged(project, ["the folder is no longer a git repository"])
        context.say("resume", f"skipping the scaffold: {project} belongs to session {session.id}")
        if await return_to_checkpoint(project, work.git, poc, say):
            work.save()
    else:
        poc.iterations, poc.pending, poc.environment_ready = [], None, False
        await clear_unrecorded_scaffold(project, work.git, session, say)
        if (failure := await scaffold_step(context, session)) is not None:
            return _failed(context, failure)
    work.branch = await work.git.branch()
    return await iterate(context, session)


def _already_complete(context: RunContext, session: WorkshopSession, project: Path) -> RalphResult:
    """Resume of a run that reached passing tests: nothing to do (``force`` starts over)."""
    context.say("resume", ALREADY_COMPLETE)
    poc = session.poc or PocState()
    done = [i for i in poc.iterations if i.outcome != "scaffold"]
    return RalphResult(
        status="success",
        reason="already-complete",
        iterations=len(done),
        tests=TestCounts.of(poc.final_test_results),
        project=str(project),
        criteria=criteria_coverage(session.plan, project, project_files(project)),
    )


def _failed(context: RunContext, reason: str) -> RalphResult:
    work = context.work
    work.poc.final_status, work.poc.termination_reason = "failed", reason
    work.save()
    return RalphResult(
        status="failed", reason=reason, iterations=0, tests=TestCounts(), project=str(work.root)
    )


async def scaffold_step(context: RunContext, session: WorkshopSession) -> str | None:
    """Scaffold the project from the plan and commit it, in a staging folder beside the project
    that becomes the project only when whole; then record it as iteration 0 (the checkpoint) and
    push when GitHub is on. The failure reason, or None."""
    work = context.work
    poc, project = work.poc, work.root
    staging = staging_folder(project)
    started, started_at = time.perf_counter(), datetime.now(UTC)
    context.say("scaffold", f"{work.template.display_name} into {project}")
    try:
        with context.waiting("model", "scaffold"), keeping_ledger(session, Phase.DEVELOP.value, context.bus):
            made = await scaffold(staging, context.llm, session, work.template)
    except ScaffoldError as exc:
        return f"error: {exc}"
    work.save()  # the request is spent: the ledger keeps it even if this scaffold is never recorded
    staged = Git(staging, work.git.author, say=work.git.say)
    await staged.init()
    commit = await staged.commit_all(SCAFFOLD_SUBJECT.format(session_id=session.id))
    await asyncio.to_thread(_move_into_place, staging, project)
    poc.iterations = [
        PocIteration(
            iteration=0,
            outcome="scaffold",
            files_changed=made.files,
            started_at=started_at,
            ended_at=datetime.now(UTC),
            commit=commit,
            tokens={"input": made.usage.input_tokens, "output": made.usage.output_tokens},
            timings={"total": round(time.perf_counter() - started, 6)},
            changes_summary=f"scaffold: {len(made.files)} files",
        )
    ]
    poc.checkpoint = commit
    if work.github is not None:
        tracked = (await work.git.run("ls-files")).splitlines()
        await work.github.push(project, tracked or made.files, "sofia: scaffold")
        poc.repo_url = work.github.repo_url
    work.save()
    return None


def _move_into_place(staging: Path, project: Path) -> None:
    """The whole scaffold becomes the project in one rename (over an empty folder, if any), made
    durable before the session records it."""
    if project.is_dir():
        project.rmdir()  # empty: clear_unrecorded_scaffold refused or removed anything else
    os.replace(staging, project)
    folder = os.open(project.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


async def iterate(context: RunContext, session: WorkshopSession) -> RalphResult:
    """The PoC's environment (recorded once made whole), the install, then the loop until green,
    the cap, a stop or an error; each of its requests goes to the session's ledger as it ends."""
    work = context.work
    if not work.poc.environment_ready and work.template.uses_python:
        await make_environment(work.root, fresh=True)
        work.poc.environment_ready = True
        work.save()
    loop = RalphLoop(context)
    if not await loop.install():
        return _failed(context, "error: the install command failed")
    try:
        with keeping_ledger(session, Phase.DEVELOP.value, context.bus):  # every fix request, as it ends
            return await loop.run()
    finally:
        context.work.save()


def _publisher(context: RunContext, title: str, url: str) -> GitHubPublisher | None:
    if context.tools is None:
        context.say("github", "no MCP configuration: the PoC stays in local git")
        return None
    return GitHubPublisher(
        context.tools,
        name=_slug(title),
        description=f"Proof of concept: {title}",
        repo_url=url,
        bus=context.bus,
        server=context.develop.github_server,
    )


def _goal(session: WorkshopSession) -> str:
    """One line: the idea, its plan and scope follow in the workshop's decisions."""
    title = selected_idea(session)[0] or session.name
    return f"Build the proof of concept for: {title}, as the workshop's decisions below describe it."


def detect_template(project: Path, test_cmd: str | None = None) -> Template:
    """The template for an existing project: from ``test_cmd`` when given, else from its files."""
    if test_cmd:
        argv = shlex.split(test_cmd)
        words = {Path(a).name for a in argv}
        if "pytest" in words:
            base = TEMPLATES["python-pytest"]
            extra = [a for a in base.test_command if a.startswith(("--junitxml", "-p", "no:"))]
            return base.model_copy(update={"id": "custom", "test_command": argv + extra})
        if "vitest" in words:
            base = TEMPLATES["node-ts-vitest"]
            return base.model_copy(
                update={"id": "custom", "test_command": [*argv, "--reporter=json", "--outputFile={report}"]}
            )
        return Template(
            id="custom",
            display_name=test_cmd,
            language="",
            words=(),
            test_command=argv,
            result_format="exit-code",
        )
    package = project / "package.json"
    if package.exists():
        try:
            deps = json.loads(package.read_text(encoding="utf-8")).get("devDependencies", {})
        except ValueError:
            deps = {}
        if "vitest" in deps:
            return TEMPLATES["node-ts-vitest"]
    return TEMPLATES["python-pytest"]


async def fix_project(
    context: RunContext,
    project: Path,
    *,
    test_cmd: str | None = None,
    goal: str | None = None,
    now: datetime | None = None,
) -> RalphResult:
    """Run the loop on an existing repository, on a new branch ``sofia/fix-<time>`` left checked out.

    The user's branch and its commits are never touched. A dirty tree is refused unless
    ``context.options.allow_dirty`` (its changes then move to the new branch as its first commit);
    a folder that is not a repository is refused unless ``context.options.init_git``.
    """
    project = project.resolve()  # noqa: ASYNC240 - one stat before any work starts
    if not project.is_dir():
        raise DevelopError(f"{project} is not a folder")
    o = context.options
    git = Git(project, context.develop.author, say=lambda detail: context.say("secrets", detail))
    if not await git.is_repo():
        if not o.init_git:
            raise SetupError(f"{project} is not a git repository", "init_git")
        await git.init()
        await git.commit_all("sofia: initial commit of the existing files")
    if await git.has_commits() and await git.is_dirty() and not o.allow_dirty:
        raise SetupError(f"{project} has uncommitted changes; commit or stash them", "allow_dirty")
    branch = f"sofia/fix-{(now or datetime.now(UTC)).strftime('%Y%m%d-%H%M%S')}"
    await git.switch_new(branch)
    if await git.is_dirty():
        await git.commit_all("sofia: uncommitted changes carried over from the working tree")
    context.say("fix", f"working on branch {branch}")
    # The user's own pytest plugins stay on: their suite may need them (the PoC templates turn them off).
    template = detect_template(project, test_cmd).model_copy(update={"env": {}})
    poc = PocState(repo_path=str(project), tech_stack=template.tech_stack())
    work = Workspace(
        project, template, poc, goal=goal or "Make the failing tests pass.", git=git, branch=branch
    )
    return await RalphLoop(context.on(work)).run()
