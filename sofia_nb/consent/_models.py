"""What a consent question and its answer look like, and the headless policy that answers it."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..redact import credentials_in, redact

DEFAULT_DEADLINE_S = 600.0
"""Ten minutes for a person to answer a question; then it is a deny (see ``ConsentBroker.ask``)."""

Decision = Literal["allow", "deny"]
Scope = Literal["once", "session"]


def _now() -> datetime:
    return datetime.now(UTC)


class ConsentRequest(BaseModel):
    """One question for a person: may ``tool`` (``server/tool``) run with these (redacted) arguments?"""

    model_config = ConfigDict(frozen=True)

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    description: str = ""
    credential: str = ""
    """Which arguments carry a credential and of what kind (``argument 'extra' carries the value of
    $OPENAI_API_KEY``); empty when none does. Such a call is refused unless ``credential_allowed``,
    and then only a person may allow it, once (docs/consent.md)."""
    credential_allowed: bool = False
    """The server's entry allows sending credentials (``sendCredentials``), with a person's confirmation."""
    request_id: str = Field(default_factory=lambda: f"consent-{secrets.token_hex(4)}")
    deadline_s: float = Field(DEFAULT_DEADLINE_S, gt=0)
    asked_at: datetime = Field(default_factory=_now)

    @classmethod
    def for_tool(cls, tool: str, arguments: dict[str, Any] | None = None, **kwargs: Any) -> ConsentRequest:
        """A request whose arguments pass through the redactor first: a prompt never shows a secret,
        and ``credential`` names each argument where it hid one."""
        arguments = dict(arguments or {})
        found = "; ".join(f"argument '{where}' carries {kind}" for where, kind in credentials_in(arguments))
        return cls(tool=tool, arguments=redact(arguments), credential=found, **kwargs)

    @property
    def refused(self) -> bool:
        """A call that carries a credential its server's entry does not allow: nobody may allow it."""
        return bool(self.credential) and not self.credential_allowed

    @property
    def expires_at(self) -> datetime:
        return self.asked_at + timedelta(seconds=self.deadline_s)


class ConsentDecision(BaseModel):
    """An answer: allow or deny, once or for the rest of the session, who decided and why."""

    model_config = ConfigDict(frozen=True)

    decision: Decision
    scope: Scope = "once"
    reason: str = ""
    decided_by: str = ""

    @property
    def allowed(self) -> bool:
        return self.decision == "allow"

    @classmethod
    def deny(cls, reason: str, decided_by: str) -> ConsentDecision:
        return cls(decision="deny", reason=reason, decided_by=decided_by)


class ConsentPolicy(BaseModel):
    """A headless answer to every question (architecture.md §4.6).

    ``deny`` refuses everything, ``allow-all`` allows everything, ``allow-listed`` allows the tools
    matching one of ``tools`` (``server/tool`` or a ``server/*`` pattern) and denies the rest.
    """

    model_config = ConfigDict(frozen=True)

    mode: Literal["deny", "allow-all", "allow-listed"] = "deny"
    tools: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> ConsentPolicy:
        """Parse a ``--consent`` value: ``deny``, ``allow-all`` or ``allow:server/tool,server/*``."""
        value = (text or "deny").strip()
        lowered = value.lower().replace("_", "-")
        if lowered == "deny":
            return cls()
        if lowered == "allow-all":
            return cls(mode="allow-all")
        if lowered.startswith("allow:"):
            return cls(mode="allow-listed", tools=_tool_list(value.split(":", 1)[1].split(",")))
        raise ValueError(f"unknown consent policy {text!r}: use deny, allow-all or allow:server/tool,...")

    @classmethod
    def from_parameters(
        cls, consent_policy: str = "deny", preapproved_tools: list[str] | None = None
    ) -> ConsentPolicy:
        """The notebook parameter form: ``consent_policy`` plus ``preapproved_tools``."""
        mode = (consent_policy or "deny").strip().lower().replace("_", "-")
        if mode == "allow-listed":
            return cls(mode="allow-listed", tools=_tool_list(preapproved_tools or []))
        if mode in ("deny", "allow-all"):
            return cls(mode=mode)
        raise ValueError(f"unknown consent_policy {consent_policy!r}: use deny, allow-all or allow-listed")

    def allows(self, tool: str) -> bool:
        if self.mode == "allow-all":
            return True
        return self.mode == "allow-listed" and any(tool_matches(tool, pattern) for pattern in self.tools)

    def __str__(self) -> str:
        return f"allow:{','.join(self.tools)}" if self.mode == "allow-listed" else self.mode


def tool_matches(tool: str, pattern: str) -> bool:
    """Whether an allow-list entry covers ``tool``: the whole name, exactly, except that ``*`` stands
    for any run of characters (``server/*``). ``server/tool`` never covers ``server/tool_admin``, and
    ``?`` or ``[`` in a name are only characters (a glob would read them as wildcards)."""
    if "*" not in pattern:
        return tool == pattern
    wildcard = ".*".join(re.escape(part) for part in pattern.split("*"))
    return re.fullmatch(wildcard, tool, re.DOTALL) is not None


def _tool_list(items: list[str]) -> tuple[str, ...]:
    tools = tuple(item.strip() for item in items if item.strip())
    for tool in tools:
        if "/" not in tool:
            raise ValueError(f"consent tool {tool!r} is not of the form server/tool or server/*")
    return tools
