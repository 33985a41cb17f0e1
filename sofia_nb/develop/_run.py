"""The two ways in: ``develop_session`` (a workshop's plan → scaffold → loop, resumable) and
``fix_project`` (the same loop on an existing repository, on a new branch)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .._aio import run_sync
from ..config import SetupError
from ..events import Activity, EventBus
from ..llm import LLMClient
from ..session import PocIteration, PocState, SessionStore, WorkshopSession
from ._context import RunContext
from ._enrich import EnrichmentServers, ToolCaller
from ._errors import DevelopError
from ._git import Git, GitAuthor
from ._github import GitHubPublisher
from ._loop import RalphLoop, RalphResult, TestCounts
from ._loop_options import LoopOptions
from ._scaffold import ScaffoldError, read_metadata, scaffold, selected_idea
from ._templates import TEMPLATES, Template, plan_words, select_template

DEMO_DEV_SCRIPT = Path(__file__).parent / "demo" / "dev-replies.yaml"
"""The scripted replies ``sofia-nb dev --demo`` plays for the demo workshop's plan."""


class DevelopSettings(BaseModel):
    """The ``[develop]`` table of config.toml."""

    model_config = ConfigDict(extra="forbid")

    git_author_name: str = "sofia_nb"
    git_author_email: str = "sofia@localhost"
    github_server: str = "github"
    web_search: str | None = None
    """``server/tool`` for the stuck escalation's search; unset, found among the configured servers."""
    enrichment: EnrichmentServers = Field(default_factory=EnrichmentServers)

    @model_validator(mode="after")
    def _search_setting(self) -> DevelopSettings:
        if self.web_search:
            self.enrichment = self.enrichment.model_copy(update={"web_search": self.web_search})
        return self

    @property
    def author(self) -> GitAuthor:
        return GitAuthor(name=self.git_author_name, email=self.git_author_email)


def default_project_dir(session_id: str) -> Path:
    """``./poc/<id>`` (architecture.md §3)."""
    return Path("poc") / session_id


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "sofia-poc"


async def develop_session(
    session: WorkshopSession,
    llm: LLMClient,
    *,
    store: SessionStore | None = None,
    output: Path | None = None,
    options: LoopOptions | None = None,
    force: bool = False,
    mcp: ToolCaller | None = None,
    github: bool = False,
    bus: EventBus | None = None,
    enrichment_servers: EnrichmentServers | None = None,
    author: GitAuthor | None = None,
    stop_event: threading.Event | None = None,
    github_server: str = "github",
) -> RalphResult:
    """Scaffold (unless the project already belongs to this session) and run the loop; saves as it goes."""
    if session.selection is None or session.plan is None:
        raise DevelopError(
            f"session {session.id} has no selected idea and plan yet; finish the workshop first"
        )
    bus = bus or EventBus()
    project = (output or default_project_dir(session.id)).resolve()
    if session.poc is not None and session.poc.final_status == "success" and not force:
        return _already_complete(session.poc, project, bus)
    if force:
        bus.emit(Activity(name="resume", detail=f"force: removing {project} and the PoC state"))
        shutil.rmtree(project, ignore_errors=True)
        session.poc = None
    poc = session.poc = session.poc or PocState()
    poc.repo_path = str(project)
    template = TEMPLATES.get(poc.tech_stack.template, None) if poc.tech_stack else None
    template = template or select_template(plan_words(session.plan))
    poc.tech_stack = template.tech_stack()
    git = Git(project, author)
    context = RunContext(
        project,
        llm,
        template,
        poc,
        goal=_goal(session),
        plan=session.plan,
        options=options or LoopOptions(),
        git=git,
        bus=bus,
        save=(lambda: store.save(session)) if store is not None else (lambda: None),
        mcp=mcp,
        enrichment_servers=enrichment_servers,
        stop_event=stop_event or threading.Event(),
    )
    if github:
        title = selected_idea(session)[0] or session.name
        context.github = _publisher(mcp, bus, title, poc.repo_url, github_server)
    metadata = read_metadata(project)
    if metadata is not None and metadata.session_id != session.id:
        raise SetupError(f"{project} holds the PoC of session {metadata.session_id}", "output", "force")
    if metadata is not None and git.is_repo():
        context.say("resume", f"skipping the scaffold: {project} belongs to session {session.id}")
    elif (failure := await scaffold_step(context, session)) is not None:
        return _failed(context, failure)
    context.branch = git.branch()
    return await iterate(context, session)


def _already_complete(poc: PocState, project: Path, bus: EventBus) -> RalphResult:
    """Resume of a run that reached passing tests: nothing to do (``force`` starts over)."""
    bus.emit(
        Activity(
            name="resume",
            detail="already complete: a previous run reached passing tests (set force to start over)",
        )
    )
    done = [i for i in poc.iterations if i.outcome != "scaffold"]
    return RalphResult(
        status="success",
        reason="already-complete",
        iterations=len(done),
        tests=TestCounts.of(poc.final_test_results),
        project=str(project),
    )


def _failed(context: RunContext, reason: str) -> RalphResult:
    context.poc.final_status, context.poc.termination_reason = "failed", reason
    context.save()
    return RalphResult(
        status="failed", reason=reason, iterations=0, tests=TestCounts(), project=str(context.project)
    )


async def scaffold_step(context: RunContext, session: WorkshopSession) -> str | None:
    """Scaffold the project from the plan, commit it as iteration 0 and push when GitHub is on;
    the failure reason, or None."""
    poc, git, project = context.poc, context.repo, context.project
    started, started_at = time.perf_counter(), datetime.now(UTC)
    context.say("scaffold", f"{context.template.display_name} into {project}")
    try:
        made = await scaffold(project, context.llm, session, context.template)
    except ScaffoldError as exc:
        return f"error: {exc}"
    if not git.is_repo():
        git.init()
    commit = git.commit_all(f"sofia: scaffold from workshop session {session.id}")
    poc.iterations = [i for i in poc.iterations if i.outcome != "scaffold"]
    poc.iterations.insert(
        0,
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
        ),
    )
    session.tokens.add("develop", made.usage)
    if context.github is not None:
        await context.github.push(project, git.run("ls-files").splitlines() or made.files, "sofia: scaffold")
        poc.repo_url = context.github.repo_url
    context.save()
    return None


async def iterate(context: RunContext, session: WorkshopSession) -> RalphResult:
    """Install, then the loop until green, the cap, a stop or an error; its tokens go to the session."""
    loop = RalphLoop(context)
    if not await loop.install():
        return _failed(context, "error: the install command failed")
    try:
        return await loop.run()
    finally:
        session.tokens.add("develop", loop.usage)
        context.save()


def _publisher(
    mcp: ToolCaller | None, bus: EventBus, title: str, url: str, server: str
) -> GitHubPublisher | None:
    if mcp is None:
        bus.emit(Activity(name="github", detail="no MCP configuration: the PoC stays in local git"))
        return None
    return GitHubPublisher(
        mcp, name=_slug(title), description=f"Proof of concept: {title}", repo_url=url, bus=bus, server=server
    )


def _goal(session: WorkshopSession) -> str:
    title, description = selected_idea(session)
    plan = session.plan
    items = [f"- {m.title}: {'; '.join(m.items)}" for m in plan.milestones] if plan else []
    return "\n".join([f"Build the proof of concept for: {title}", description, *items]).strip()


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
    project: Path,
    llm: LLMClient,
    *,
    test_cmd: str | None = None,
    goal: str | None = None,
    options: LoopOptions | None = None,
    allow_dirty: bool = False,
    init_git: bool = False,
    bus: EventBus | None = None,
    mcp: ToolCaller | None = None,
    enrichment_servers: EnrichmentServers | None = None,
    author: GitAuthor | None = None,
    now: datetime | None = None,
    stop_event: threading.Event | None = None,
) -> RalphResult:
    """Run the loop on an existing repository, on a new branch ``sofia/fix-<time>`` left checked out.

    The user's branch and its commits are never touched. A dirty tree is refused unless
    ``allow_dirty`` (its changes then move to the new branch as its first commit); a folder that is
    not a repository is refused unless ``init_git``.
    """
    project = project.resolve()  # noqa: ASYNC240 - one stat before any work starts
    if not project.is_dir():
        raise DevelopError(f"{project} is not a folder")
    bus = bus or EventBus()
    git = Git(project, author)
    if not git.is_repo():
        if not init_git:
            raise SetupError(f"{project} is not a git repository", "init_git")
        git.init()
        git.commit_all("sofia: initial commit of the existing files")
    if git.has_commits() and git.is_dirty() and not allow_dirty:
        raise SetupError(f"{project} has uncommitted changes; commit or stash them", "allow_dirty")
    branch = f"sofia/fix-{(now or datetime.now(UTC)).strftime('%Y%m%d-%H%M%S')}"
    git.switch_new(branch)
    if git.is_dirty():
        git.commit_all("sofia: uncommitted changes carried over from the working tree")
    bus.emit(Activity(name="fix", detail=f"working on branch {branch}"))
    # The user's own pytest plugins stay on: their suite may need them (the PoC templates turn them off).
    template = detect_template(project, test_cmd).model_copy(update={"env": {}})
    poc = PocState(repo_path=str(project), tech_stack=template.tech_stack())
    context = RunContext(
        project,
        llm,
        template,
        poc,
        goal=goal or "Make the failing tests pass.",
        options=options or LoopOptions(),
        git=git,
        bus=bus,
        mcp=mcp,
        enrichment_servers=enrichment_servers,
        branch=branch,
        stop_event=stop_event or threading.Event(),
    )
    loop = RalphLoop(context)
    return await loop.run()


def develop_session_sync(*args: Any, **kwargs: Any) -> RalphResult:
    """``develop_session`` from sync code or a notebook cell (``sofia_nb._aio.run_sync``)."""
    return run_sync(develop_session(*args, **kwargs))


def fix_project_sync(*args: Any, **kwargs: Any) -> RalphResult:
    """``fix_project`` from sync code or a notebook cell."""
    return run_sync(fix_project(*args, **kwargs))
