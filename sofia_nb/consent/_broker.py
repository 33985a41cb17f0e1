"""The one place a consent question is asked: deadline, session memory, events and the session record."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..events import ConsentAsked, ConsentDecided, EventBus
from ..session import ConsentRecord, WorkshopSession
from ._models import DEFAULT_DEADLINE_S, ConsentDecision, ConsentRequest
from ._providers import ConsentProvider

log = logging.getLogger(__name__)


class ConsentBroker:
    """Asks a ``ConsentProvider`` and makes its answer safe to rely on.

    - Every question has a deadline; no answer by then (or a provider that fails) is a deny.
    - "Allow for this session" is remembered per tool, so the same tool is not asked again.
    - Every decision is emitted (``ConsentAsked`` / ``ConsentDecided``) and, when a session is
      attached, appended to ``session.consent_decisions``.
    """

    def __init__(
        self,
        provider: ConsentProvider,
        *,
        bus: EventBus | None = None,
        session: WorkshopSession | None = None,
        deadline_s: float = DEFAULT_DEADLINE_S,
    ) -> None:
        self.provider = provider
        self.bus = bus
        self.session = session
        self.deadline_s = deadline_s
        self._allowed_for_session: set[str] = set()

    def bound_to(self, session: WorkshopSession) -> ConsentBroker:
        """This broker recording in ``session``: itself when it already does, else a new broker
        with the same provider, bus and deadline (the caller's broker is left as it is)."""
        if self.session is session:
            return self
        return ConsentBroker(self.provider, bus=self.bus, session=session, deadline_s=self.deadline_s)

    async def ask(
        self,
        tool: str,
        arguments: dict[str, Any] | None = None,
        description: str = "",
        *,
        credential_allowed: bool = False,
    ) -> ConsentDecision:
        """Ask whether ``tool`` (``server/tool``) may run; always returns, at the latest at the deadline.

        Asked before the call, never after: what is sent cannot be taken back. No answer by the
        deadline is a deny, not a yes: the person may have walked away, and a run that waits
        forever blocks the workshop (or a batch) for everyone; the step goes on without the call,
        and the session records that the deadline decided.

        Arguments that carry a credential (as the redactor recognises it) are refused whatever the
        provider answers (a policy, a pre-approval, "allow for this session" too), naming each
        argument and kind; the person is shown the refusal. With ``credential_allowed`` (the
        server's ``sendCredentials``) a person may allow the call once; a policy never does.
        """
        request = ConsentRequest.for_tool(
            tool,
            arguments,
            description=description,
            deadline_s=self.deadline_s,
            credential_allowed=credential_allowed,
        )
        if tool in self._allowed_for_session and not request.credential:
            decision = ConsentDecision(
                decision="allow", scope="session", reason="allowed earlier this session", decided_by="session"
            )
            return self._decided(request, decision)
        if self.bus is not None:
            self.bus.emit(
                ConsentAsked(
                    request_id=request.request_id,
                    tool=tool,
                    arguments=request.arguments,
                    deadline_s=request.deadline_s,
                )
            )
        try:
            decision = await asyncio.wait_for(self.provider.ask(request), timeout=request.deadline_s)
        except TimeoutError:
            decision = ConsentDecision.deny(f"no answer within {request.deadline_s:g}s", "deadline")
        except Exception as exc:  # a broken provider must fail closed, not break the workshop
            log.debug("consent provider failed", exc_info=True)
            decision = ConsentDecision.deny(f"consent provider failed: {exc}", self.provider.name)
        decision = _credential_rule(request, decision)
        if decision.allowed and decision.scope == "session":
            self._allowed_for_session.add(tool)
        return self._decided(request, decision)

    def _decided(self, request: ConsentRequest, decision: ConsentDecision) -> ConsentDecision:
        """Emit and record ``decision``."""
        if self.bus is not None:
            self.bus.emit(
                ConsentDecided(
                    request_id=request.request_id,
                    tool=request.tool,
                    decision=decision.decision,
                    scope=decision.scope,
                    reason=decision.reason,
                    decided_by=decision.decided_by,
                )
            )
        if self.session is not None:
            record = ConsentRecord(
                tool=request.tool,
                decision=decision.decision,
                scope=decision.scope,
                reason=decision.reason,
                decided_by=decision.decided_by,
                phase=self.session.phase,
            )
            self.session.consent_decisions.append(record)
        return decision


def _credential_rule(request: ConsentRequest, decision: ConsentDecision) -> ConsentDecision:
    """``decision`` as the credential rule lets it stand: a refused request is denied naming what it
    carries; an allowed credential is allowed once, and the record says it was sent."""
    if not request.credential:
        return decision
    if request.refused:
        reason = f"refused: {request.credential}; not sent (the server's entry does not allow credentials)"
        return ConsentDecision.deny(reason, "credential check")
    if not decision.allowed:
        return decision
    reason = f"{decision.reason}; confirmed sending a credential: {request.credential}"
    return decision.model_copy(update={"scope": "once", "reason": reason})
