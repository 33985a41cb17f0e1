"""What a ``dev`` or ``fix`` run is made of, as plain data: the façade's options, the loop's limits
and the ``[develop]`` table of config.toml."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..consent import DEFAULT_DEADLINE_S
from ._enrich import EnrichmentServers
from ._git import GitAuthor
from ._prompt import DEFAULT_BUDGET_CHARS
from ._runner import DEFAULT_GRACE_S, TEST_TIMEOUT_S


class LoopOptions(BaseModel):
    """The loop's limits; each is a stopping rule or a bound on what one iteration may cost."""

    max_iterations: int = Field(10, ge=1)
    """Tested fixes (each iteration runs the tests after its edits) before the run ends ``max-iterations``."""
    test_timeout_s: float = TEST_TIMEOUT_S
    """One test run's limit; then its whole process group is stopped."""
    grace_s: float = DEFAULT_GRACE_S
    """Between SIGTERM and SIGKILL when a test run or an install is stopped."""
    max_reflections: int = Field(3, ge=0)
    """Follow-up calls per iteration for edit blocks that were refused or did not match."""
    prompt_budget_chars: int = DEFAULT_BUDGET_CHARS
    """The fix prompt's size; the least useful parts are cut first."""


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
        """Who the PoC's commits are by."""
        return GitAuthor(name=self.git_author_name, email=self.git_author_email)


class DevelopmentOptions(BaseModel):
    """Everything a ``dev`` or ``fix`` run is made of, as plain data; the ``[develop]`` table of
    config.toml fills ``develop`` when it is not given."""

    model_config = ConfigDict(extra="forbid")

    llm: str | None = None
    """A model spec (``openai:gpt-4o-mini``); None: a client given to ``open_development``, else
    ``demo``, else ``$SOFIA_LLM`` / config.toml."""
    demo: bool = False
    """With no model given, play the bundled scripted replies for the demo workshop's plan (before
    ``$SOFIA_LLM`` and config.toml are read: a face passes what its user chose)."""
    mcp_config: Path | None = None
    """The MCP configuration file; None finds the nearest ``.vscode/mcp.json``."""
    consent_deadline_s: float = DEFAULT_DEADLINE_S
    output: Path | None = None
    """``develop``: the project folder (default: config.toml's ``poc_dir``/<id>, else ./poc/<id>)."""
    force: bool = False
    """``develop``: delete the project and its PoC state and start over."""
    github: bool = False
    """``develop``: create a GitHub repository and push each iteration (approves those two tools)."""
    init_git: bool = False
    """``fix``: make a folder that is not a repository one first."""
    allow_dirty: bool = False
    """``fix``: carry uncommitted changes to the new branch instead of refusing."""
    loop: LoopOptions = Field(default_factory=LoopOptions)
    develop: DevelopSettings | None = None
