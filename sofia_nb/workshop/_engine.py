"""The workshop engine: one API for the notebook, the terminal and papermill.

``Workshop`` is async; ``SyncWorkshop`` runs the same calls on a private loop thread it owns, so
plain scripts and Jupyter cells can use it without nested event loops.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from .._aio import LoopThread
from ..consent import ConsentBroker
from ..events import Activity, EventBus, PhaseChanged, TextDelta, TurnAdded, WarningIssued
from ..llm import LLMClient, LLMResponse, Message, TextCallback, keeping_ledger
from ..session import (
    ActivityRecord,
    DiscoveryEnrichment,
    Phase,
    PhaseReview,
    SessionStatus,
    SessionStore,
    Turn,
    Usage,
    WorkshopSession,
)
from ._context import (
    REJECTED_KEY,
    navigation_context,
    prior_context,
    record_context,
    rejected_context,
    state_context,
    tool_results_context,
)
from ._extract import json_values
from ._navigation import (
    changes_of_reopened,
    check_forward,
    forget,
    going_back,
    leave_reopened,
    reopen,
    settle,
    to_clear,
    to_review,
    workshop_phase,
)
from ._patch import Rejection, apply_patch, patches_in
from ._phases import CONVERSATION_PHASES, PhaseSpec, following, spec_for
from ._team import TeamSource, take_team, team_context
from ._tools import WorkshopTools

log = logging.getLogger(__name__)

T = TypeVar("T")

GO_BACK_TOOL = "workshop/go-back"
"""The name a go-back confirmation is asked under (consent policies may allow-list it)."""

CONTINUE_TOOL = "workshop/continue-incomplete"
"""The name the question "leave this phase though its record is incomplete?" is asked under
(consent policies may allow-list it: a run without a person stops at an incomplete phase unless
its policy allows it)."""


class ChatRunner(Protocol):
    """Sends a chat request, running any tool calls the model makes (see ``WorkshopTools``)."""

    async def __call__(
        self, llm: LLMClient, messages: list[Message], *, on_text: TextCallback | None
    ) -> LLMResponse: ...


class Enricher(Protocol):
    """Adds outside knowledge to ``session.discovery.enrichment`` once the business is known."""

    async def enrich(self, session: WorkshopSession) -> None: ...


class PhaseOutcome(BaseModel):
    """What ``complete_phase`` found: whether the phase produced everything, and what is missing."""

    phase: Phase
    complete: bool
    missing: list[str]
    fallback_used: bool = False


class Advanced(BaseModel):
    """What ``advance`` did: how the phase it left ended, and where the workshop is now."""

    outcome: PhaseOutcome
    phase: Phase
    ended: bool = False
    """True when Plan was left: the conversation is over and Develop (the Ralph loop) is next."""
    opened: bool = True
    """False when the phase entered was kept as it is (no model call was made), or nothing moved."""
    moved: bool = True
    """False when the phase was incomplete and leaving it anyway was not confirmed: the workshop
    stays where it was (``outcome.missing`` says what the phase lacks)."""


class Workshop:
    """One workshop session driven by a model.

    Every exchange appends a user and an assistant turn, merges the structured output the reply
    carries, and saves the session (when a store is given).
    """

    def __init__(
        self,
        session: WorkshopSession,
        llm: LLMClient,
        *,
        store: SessionStore | None = None,
        bus: EventBus | None = None,
        consent: ConsentBroker | None = None,
        chat: ChatRunner | None = None,
        enricher: Enricher | None = None,
        ideate_context: str = "",
    ) -> None:
        self.session = session
        self.llm = llm
        self.store = store
        self.bus = bus or EventBus()
        # Decisions are recorded in this session; a broker made for no session is not changed.
        self.consent = consent.bound_to(session) if consent is not None else None
        self._chat: ChatRunner = chat or WorkshopTools(session, bus=self.bus)  # no tools, still compacts
        self.enricher = enricher
        self.ideate_context = ideate_context
        self.team: TeamSource | None = None
        """The team in the room, once the facilitator has invited them (``take_team``)."""

    # --- life cycle -----------------------------------------------------------------------

    @classmethod
    def create(cls, llm: LLMClient, *, store: SessionStore | None = None, **kwargs: Any) -> Workshop:
        """A new session (saved at once when a store is given)."""
        workshop = cls(WorkshopSession(), llm, store=store, **kwargs)
        workshop.save()
        return workshop

    @classmethod
    def load(
        cls, session_id: str, llm: LLMClient, *, store: SessionStore | None = None, **kwargs: Any
    ) -> Workshop:
        """An existing session from ``store`` (``"last"`` is the newest)."""
        store = store or SessionStore()
        return cls(store.load(session_id), llm, store=store, **kwargs)

    def save(self) -> None:
        """Write the session to the store (when the workshop has one)."""
        if self.store is not None:
            self.store.save(self.session)

    @property
    def phase(self) -> Phase:
        """The phase the workshop is in."""
        return self.session.phase

    @property
    def spec(self) -> PhaseSpec:
        """The current phase's declaration (``_phases.PHASES``): what it records, its needs, its
        successor, its prompt."""
        return spec_for(self.session.phase)

    # --- the team in the room ---------------------------------------------------------------

    def take_team(self) -> bool:
        """Bring what the team sent into the session (``_team.take_team``: the room's record, the
        team's ideas in Ideate's record) and save when it changed. Every request does this first;
        a face calls it too when the room changes, from the loop that owns the session."""
        if self.team is None or not take_team(self.session, self.team):
            return False
        self.save()
        return True

    # --- conversation ---------------------------------------------------------------------

    async def start_phase(self) -> str:
        """Open the current phase and let the model speak first.

        A phase that already has turns is resumed: its own turns are replayed, and the model is
        asked to summarise and continue. Moving to another phase is ``advance`` or ``choose_phase``.
        """
        s, spec = self.session, self.spec
        s.status = self._working_status()
        reopened, review = s.reopened, s.review_of(s.phase)
        if reopened is not None and reopened.phase == s.phase and not reopened.announced:
            moment: dict[str, Any] = {
                "went_back": {"from": reopened.came_from.value, "reason": reopened.reason}
            }
            reply = await self._exchange(spec.reopen_kickoff(reopened), kickoff=True, moment=moment)
            reopened.announced = True  # told once; a later resume is a plain resume
        elif review is not None and review.state == "pending":
            moment = {"review": {"because": review.because.value, "changes": review.changes}}
            reply = await self._exchange(spec.review_kickoff(review), kickoff=True, moment=moment)
            review.state = "reviewing"  # the model has reviewed it: the facilitator may move past it
        else:
            return await self._exchange(spec.kickoff(s), kickoff=True)
        self.save()
        return reply

    async def send(self, text: str) -> str:
        """Send the facilitator's message; the reply streams as ``TextDelta`` events and is returned."""
        if not text.strip():
            raise ValueError("an empty message")
        return await self._exchange(text)

    async def refine(self, request: str = "") -> str:
        """Ask the model to refine the current phase's record: what ``request`` (the facilitator's
        words) asks for, or, without words, what the model finds thin or unclear; it answers with
        a patch of what changes. A phase just reopened or under review is opened first (the model
        must hear why it is back); ``request`` waits for the next Refine then."""
        s = self.session
        reopened, review = s.reopened, s.review_of(s.phase)
        if (reopened is not None and reopened.phase == s.phase and not reopened.announced) or (
            review is not None and review.state == "pending"
        ):
            return await self.start_phase()
        s.status = self._working_status()
        moment = {"refine": " ".join(request.split())}
        return await self._exchange(self.spec.refine_kickoff(s, request), kickoff=True, moment=moment)

    async def complete_phase(self) -> PhaseOutcome:
        """Check the phase's record against its needs; when one is not met, one extraction call
        over its transcript.

        The extraction never blocks: a failure is reported as a warning and the outcome says
        what is still missing. The phase does not change (``advance`` moves on).
        """
        spec = self.spec
        fallback = not spec.is_complete(self.session)
        if fallback:
            await self._extract_from_transcript(spec)
            await self._enrich()
        missing = spec.missing(self.session)
        outcome = PhaseOutcome(
            phase=spec.phase, complete=not missing, missing=missing, fallback_used=fallback
        )
        state = "completed" if outcome.complete else "ended incomplete"
        self._activity("phase", f"{spec.phase.title} {state}", outcome.model_dump(mode="json"))
        self.save()
        return outcome

    # --- navigation: the one rule every face follows (see _navigation.py) -------------------

    def lacking(self) -> list[str]:
        """What the current phase's record still lacks now (no model call; ``advance`` first tries
        the extraction fallback, then asks before leaving a phase that still lacks any of it)."""
        phase = self.session.phase
        return spec_for(phase).missing(self.session) if phase in CONVERSATION_PHASES else []

    async def advance(self, *, keep_as_is: bool = False, confirmed: bool = False) -> Advanced:
        """Complete the current phase, move on and open the next one; leaving Plan ends the
        conversation (the session waits at Develop for the Ralph loop).

        The gate asks before it moves: a phase whose record still lacks something after the
        extraction fallback is left only when the facilitator says so — unless ``confirmed``, the
        consent broker asks (``workshop/continue-incomplete``, naming what is missing: a person is
        asked, a run without one decides by its policy); no yes (a missing broker, a deny, the
        deadline) keeps the workshop where it is (``Advanced.moved`` False) and changes nothing
        but the recorded outcome and decision.

        A phase under review (an earlier one was reopened and changed) is opened for the model's
        review; with ``keep_as_is`` the facilitator keeps it as it is instead, and it is not
        opened (no model call). Leaving a phase under review settles it (``settle``).
        """
        spec = self.spec
        outcome = await self.complete_phase()  # the phase's needs, after the extraction fallback
        if outcome.missing and not confirmed:  # the gate
            asked = {"phase": spec.phase.value, "missing": outcome.missing, "to": spec.successor.value}
            question = spec.gate_question(outcome.missing)
            if (
                self.consent is None
                or not (await self.consent.ask(CONTINUE_TOOL, asked, description=question)).allowed
            ):
                self.save()  # the decision is in the session
                return Advanced(outcome=outcome, phase=spec.phase, opened=False, moved=False)
        settle(self.session, spec.phase, keep_as_is=keep_as_is)
        leave_reopened(self.session)
        self._move_to(spec.successor)
        if self.session.phase not in CONVERSATION_PHASES:
            self.session.status = SessionStatus.ACTIVE
            self._activity("phase", "workshop ended; Develop is next")
            self.bus.emit(Activity(name="ended", detail=f"session {self.session.id}: Develop is next"))
            self.save()
            return Advanced(outcome=outcome, phase=self.session.phase, ended=True)
        review = self.session.review_of(self.session.phase)
        if review is not None and keep_as_is:
            review.state = "kept"
            self.session.status = SessionStatus.ACTIVE
            self._activity(
                "phase", f"{review.phase.title} kept as it is after {review.because.title} changed"
            )
            self.save()
            return Advanced(outcome=outcome, phase=self.session.phase, opened=False)
        self.save()
        await self.start_phase()
        return Advanced(outcome=outcome, phase=self.session.phase)

    def next_review(self) -> PhaseReview | None:
        """The review ``advance`` would open next — the next phase's, with what has changed so
        far — so a face can offer it for the model's review or "keep as is"; None when there is none."""
        successor = spec_for(self.session.phase).successor
        review = self.session.review_of(successor) if successor in CONVERSATION_PHASES else None
        if review is None:
            return None
        reopened = self.session.reopened
        if reopened is not None and reopened.phase == self.session.phase and review.because == reopened.phase:
            return review.model_copy(update={"changes": changes_of_reopened(self.session)})
        return review

    async def choose_phase(
        self,
        target: Phase | str,
        *,
        open_it: bool = True,
        reason: str = "",
        start_over: bool = False,
        keep_as_is: bool = False,
    ) -> bool:
        """Go to ``target`` and (unless ``open_it`` is False) open it: back after confirmation
        (the phase is reopened with ``reason``, or started over), the current phase (resumed, or
        started over), or forward only over complete phases and over phases under review only
        when ``keep_as_is`` (else ``NavigationError`` says why).

        Returns False when going back was not confirmed (nothing changed).
        """
        goal = workshop_phase(target)
        ahead = goal in following(self.session.phase)
        if not ahead and (goal != self.session.phase or start_over):
            if not await self.go_back(goal, reason=reason, start_over=start_over):
                return False
        elif ahead:
            passed = check_forward(self.session, goal, keep_as_is=keep_as_is)
            leave_reopened(self.session)
            for phase in passed:
                settle(self.session, phase, keep_as_is=keep_as_is)
            self._move_to(goal)
            if keep_as_is and (review := self.session.review_of(goal)) is not None:
                settle(self.session, goal, keep_as_is=True)  # kept too: opened as it is, no review
                self._activity("phase", f"{goal.title} kept as it is after {review.because.title} changed")
        self.save()
        if open_it:
            await self.start_phase()
        return True

    async def go_back(
        self, target: Phase | str, *, reason: str = "", start_over: bool = False, confirmed: bool = False
    ) -> bool:
        """Return to an earlier phase (or the current one, to start it over).

        By default the phase is **reopened**: its record and conversation stay, ``reason`` (what
        the team wants to change) is told to the model, and every later phase with work keeps
        its own and is marked for review. With ``start_over`` the phase and every later one are
        cleared instead. Unless ``confirmed``, the facilitator is asked first through the consent
        broker (``workshop/go-back``, saying which of the two happens): no answer (a missing
        broker, a deny, the deadline) keeps everything as it is.
        """
        goal = spec_for(target).phase
        later = going_back(self.session, goal)
        cleared = to_clear(self.session, later) if start_over else []
        review = [] if start_over else to_review(self.session, later)
        if not confirmed:
            if self.consent is None:
                return False
            decision = await self.consent.ask(
                GO_BACK_TOOL,
                {
                    "to": goal.value,
                    "reopens": not start_over,
                    "reason": reason,
                    "review": [p.value for p in review],
                    "clears": [p.value for p in cleared],
                },
                description=_go_back_question(goal, review, cleared),
            )
            if not decision.allowed:
                self.save()  # the decision is in the session
                return False
        if start_over:
            forget(self.session, later)
            message = f"started {goal.title} over"
        else:
            reopen(self.session, goal, reason, review)
            message = f"went back to {goal.title}" + (f": {reason.strip()}" if reason.strip() else "")
        self._move_to(goal, started_over=start_over)
        self.session.status = SessionStatus.ACTIVE
        self._activity(
            "phase",
            message,
            {
                "reopened": not start_over,
                "review": [p.value for p in review],
                "cleared": [p.value for p in cleared],
            },
        )
        self.save()
        return True

    async def pause(self) -> PhaseOutcome | None:
        """End the talk for now, the same from every face: what the current phase's conversation
        produced is recorded first (``complete_phase``: one extraction call when something is
        missing), then the session is marked Paused (resumable) and saved.

        Returns the phase's outcome, or None when there was no talk to record (the phase not
        opened yet, or the workshop already at Develop).
        """
        phase = self.session.phase
        talked = phase in CONVERSATION_PHASES and bool(self.session.turns_of(phase))
        outcome = await self.complete_phase() if talked else None
        self.session.status = SessionStatus.PAUSED
        self.bus.emit(Activity(name="paused", detail=f"session {self.session.id} saved; resumable"))
        self.save()
        return outcome

    def interrupt(self, why: str) -> None:
        """Stop for now without a word to the model: a signal (Ctrl+C, SIGTERM, SIGHUP), a kernel
        shutting down or a closed page. What is in the session (every recorded line, the turn a
        reply completed) is saved as it stands and the session is Paused; the phase's summary
        waits for the next open (its resume asks the model to summarise and continue). Raises what
        the save raises (a full disk, a hold taken over) — the session file is then as it was."""
        self.session.status = SessionStatus.PAUSED
        self._activity("phase", f"paused: {why}")
        self.bus.emit(Activity(name="paused", detail=f"session {self.session.id} saved ({why}); resumable"))
        self.save()

    def resume(self) -> None:
        """Mark a paused session Active again (or under review, when it stopped at a phase under
        review: the conversation goes on where it stopped) and save."""
        self.session.status = self._working_status()
        self.bus.emit(
            Activity(name="resumed", detail=f"session {self.session.id}: {self.session.phase.value}")
        )
        self.save()

    # --- internals --------------------------------------------------------------------------

    def _working_status(self) -> SessionStatus:
        """ACTIVE, or REVIEW at a phase under review."""
        review = self.session.review_of(self.session.phase)
        return SessionStatus.REVIEW if review is not None else SessionStatus.ACTIVE

    def _move_to(self, phase: Phase, *, started_over: bool = False) -> None:
        """The one place the phase changes; only the navigation methods above call it. A phase
        started over is announced even when it is the current one (its messages are gone)."""
        previous = self.session.phase
        self.session.phase = phase
        if previous != phase or started_over:
            self.bus.emit(
                PhaseChanged(
                    session_id=self.session.id,
                    previous=previous.value,
                    phase=phase.value,
                    started_over=started_over,
                )
            )

    def _ledger(self, spec: PhaseSpec) -> AbstractContextManager[None]:
        """Every model request made in the block, written to the session's ledger as it ends."""
        return keeping_ledger(self.session, spec.phase.value, self.bus)

    def _messages(self, spec: PhaseSpec) -> list[Message]:
        """The chat request for the phase's newest turn (the user's, recorded), what changes
        least first (docs/workshop.md, "The request"): the rules and the phase's fixed
        instructions with the decisions of the phases before (the system message, the same all
        through the phase unless an earlier phase changes), the phase's conversation as sent
        before, then the newest turn's words followed by the workshop's state now. So each
        request starts with the whole of the one before up to its newest turn, the part a
        provider's prompt cache serves."""
        extra = self.ideate_context if spec.phase == Phase.IDEATE else ""
        system = spec.system_prompt(extra, prior=prior_context(self.session, spec.phase))
        *earlier, newest = [t for t in self.session.turns_of(spec.phase) if t.role in ("user", "assistant")]
        history = [Message(role=t.role, content=t.content) for t in earlier]
        state = state_context(
            record_context(spec.output.record_of(self.session)),
            navigation_context(self.session, spec.phase),
            tool_results_context(self.session, spec.phase),
            rejected_context(self.session, spec.phase),
            team=team_context(self.session, spec.phase),
        )
        newest_turn = Message(role="user", content=newest.content + state)
        return [Message(role="system", content=system), *history, newest_turn]

    async def _stream(self, text: str) -> None:
        self.bus.emit(TextDelta(text=text, phase=self.session.phase.value))

    async def _exchange(
        self, text: str, *, kickoff: bool = False, moment: dict[str, Any] | None = None
    ) -> str:
        """One request and its reply, both kept as turns; a kickoff is marked as the product's cue,
        and ``moment`` (a going back, a review) is kept on it so the transcript can say so."""
        spec = self.spec
        self.take_team()
        cue = {"kickoff": True, **(moment or {})} if kickoff else {}
        if not self._unanswered(spec.phase, text, cue):  # else the same words again after a failed request
            # Recorded before it is acted on: a run stopped while the reply streams keeps the words.
            self._add_turn(spec.phase, "user", text, metadata=cue)
            self.save()
        messages = self._messages(spec)
        with self._ledger(spec):
            response = await self._chat(self.llm, messages, on_text=self._stream)
        usage = Usage(**response.usage.model_dump())
        turn = self._add_turn(
            spec.phase, "assistant", response.text, usage=usage, metadata={"model": response.model}
        )
        _, rejected = self._apply(spec, response.text)
        if rejected:
            answered = [*messages, Message(role="assistant", content=response.text)]
            rejected = await self._repair(spec, answered, rejected)
        if rejected:  # the facilitator reads what is missing; the next turn's context tells the model
            turn.metadata[REJECTED_KEY] = [r.model_dump() for r in rejected]
            facts = "; ".join(r.fact or r.field for r in rejected)
            self._warn(f"{spec.phase.title}: not recorded — {facts}")
        self.save()
        await self._enrich()
        return response.text

    def _unanswered(self, phase: Phase, text: str, cue: dict[str, Any]) -> bool:
        """Whether the phase ends with exactly this request, recorded and never answered (the
        request failed or the run stopped): it is sent again, not recorded twice."""
        turns = self.session.turns_of(phase)
        last = turns[-1] if turns else None
        return last is not None and last.role == "user" and last.content == text and last.metadata == cue

    async def _repair(
        self, spec: PhaseSpec, messages: list[Message], rejected: list[Rejection]
    ) -> list[Rejection]:
        """The one extra request (purpose ``repair``) asking the model to send again, corrected,
        what its reply could not record; what is still not recorded after it."""
        request = [*messages, Message(role="user", content=spec.repair_prompt(rejected))]
        try:
            with self._ledger(spec):
                response = await self.llm.complete(request, purpose="repair")
        except Exception as exc:  # a repair is a second chance, never a reason to stop the phase
            log.debug("repair request failed", exc_info=True)
            self._activity("warning", f"{spec.phase.title}: the repair request failed: {exc}")
            return rejected
        before = {r.field for r in rejected}
        applied, still = self._apply(spec, response.text)
        last = self.session.turns_of(spec.phase)[-1]
        last.metadata["repair"] = {"asked": sorted(before), "reply": response.text}
        if applied:
            self._activity(
                "phase", f"{spec.phase.title}: the model repaired its block", {"asked": sorted(before)}
            )
        return still

    def _add_turn(
        self,
        phase: Phase,
        role: Literal["user", "assistant"],
        content: str,
        *,
        usage: Usage | None = None,
        metadata: dict[str, Any],
    ) -> Turn:
        turn = self.session.add_turn(phase, role, content, usage=usage, **metadata)
        self.bus.emit(
            TurnAdded(session_id=self.session.id, phase=phase.value, role=role, seq=turn.seq, content=content)
        )
        return turn

    def _apply(
        self, spec: PhaseSpec, text: str, read: Callable[[Any], Any] | None = None
    ) -> tuple[bool, list[Rejection]]:
        """Apply every block of ``text`` in order as a patch (``_patch.py``); say whether any
        changed the record and which parts were left out."""
        applied, rejected = False, []
        for output, patch in patches_in(text, spec.output, read):
            merged = apply_patch(self.session, output, patch)
            applied = applied or merged.changed
            rejected += merged.rejected
        return applied, rejected

    async def _extract_from_transcript(self, spec: PhaseSpec) -> None:
        transcript = "\n\n".join(f"{t.role}: {t.content}" for t in self.session.turns_of(spec.phase))
        messages = [
            Message(role="system", content=spec.extraction_prompt()),
            Message(role="user", content=transcript or "(the phase has no conversation)"),
        ]
        schema = spec.output_schema()  # structured output where the provider has it, prose elsewhere
        try:
            with self._ledger(spec):
                response = await self.llm.complete(messages, purpose="extract", output=schema)
            found, rejected = self._apply(spec, response.text, schema.read)
        except Exception as exc:  # the fallback must never block the phase
            log.debug("extraction fallback failed", exc_info=True)
            self._warn(f"{spec.phase.title}: the extraction call failed: {exc}")
            return
        if rejected:
            facts = "; ".join(r.fact or r.field for r in rejected)
            self._warn(f"{spec.phase.title}: not recorded from the transcript — {facts}")
        elif not found and not _is_record(response.text, spec, schema.read):
            self._warn(f"{spec.phase.title}: the extraction call returned nothing valid")
        # else: a record that adds nothing (the transcript says no more than is recorded); what
        # the phase still misses is the outcome's ``missing``, which every face shows

    async def _enrich(self) -> None:
        """Once per session, as soon as Discover has the business context."""
        s = self.session
        if self.enricher is None or s.phase != Phase.DISCOVER or s.business_context is None:
            return
        if s.discovery.enrichment is not None:
            return
        try:
            await self.enricher.enrich(s)
        except Exception as exc:  # enrichment is a bonus: the workshop goes on without it
            log.debug("enrichment failed", exc_info=True)
            s.discovery.enrichment = DiscoveryEnrichment(
                notes=[f"Enrichment failed ({exc}); continuing without it."]
            )
            self._warn(f"discovery enrichment failed: {exc}")
        self.save()

    def _warn(self, message: str) -> None:
        self._activity("warning", message)
        self.bus.emit(WarningIssued(message=message, source="workshop"))

    def _activity(
        self, kind: Literal["phase", "warning"], message: str, data: dict[str, Any] | None = None
    ) -> None:
        self.session.activities.append(ActivityRecord(kind=kind, message=message, data=data or {}))


def _go_back_question(goal: Phase, review: list[Phase], cleared: list[Phase]) -> str:
    """The go-back question's words: which of the two happens, and to what."""
    if cleared:
        titles = ", ".join(p.title for p in cleared)
        return f"start {goal.title} over, clearing the conversation and results of {titles}"
    names = ", ".join(p.title for p in review)
    kept = (
        f"; {names} {'keep their' if len(review) > 1 else 'keeps its'} own and "
        f"{'are' if len(review) > 1 else 'is'} offered for review on the way forward"
        if review
        else ""
    )
    return f"go back to {goal.title} and reopen it: its results and conversation stay{kept}"


def _is_record(text: str, spec: PhaseSpec, read: Callable[[Any], Any]) -> bool:
    """Whether ``text`` carries the phase's record, even one that names nothing (every field null
    or left out): an extraction that found nothing more is an answer, not a failure."""
    fields = spec.output.model_fields.keys()
    return any(isinstance(v := read(value), dict) and v.keys() <= fields for value in json_values(text))


class SyncWorkshop:
    """The same API without ``await``: every call runs on a loop thread this object owns."""

    def __init__(self, workshop: Workshop, loop: LoopThread | None = None) -> None:
        self.workshop = workshop
        self._loop = loop or LoopThread("sofia-nb-workshop")

    @property
    def session(self) -> WorkshopSession:
        return self.workshop.session

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._loop.run(coro)

    def start_phase(self) -> str:
        return self._run(self.workshop.start_phase())

    def send(self, text: str) -> str:
        return self._run(self.workshop.send(text))

    def refine(self, request: str = "") -> str:
        return self._run(self.workshop.refine(request))

    def complete_phase(self) -> PhaseOutcome:
        return self._run(self.workshop.complete_phase())

    def lacking(self) -> list[str]:
        return self.workshop.lacking()

    def advance(self, *, keep_as_is: bool = False, confirmed: bool = False) -> Advanced:
        return self._run(self.workshop.advance(keep_as_is=keep_as_is, confirmed=confirmed))

    def choose_phase(
        self,
        target: Phase | str,
        *,
        open_it: bool = True,
        reason: str = "",
        start_over: bool = False,
        keep_as_is: bool = False,
    ) -> bool:
        return self._run(
            self.workshop.choose_phase(
                target, open_it=open_it, reason=reason, start_over=start_over, keep_as_is=keep_as_is
            )
        )

    def go_back(
        self, target: Phase | str, *, reason: str = "", start_over: bool = False, confirmed: bool = False
    ) -> bool:
        return self._run(
            self.workshop.go_back(target, reason=reason, start_over=start_over, confirmed=confirmed)
        )

    def next_review(self) -> PhaseReview | None:
        return self.workshop.next_review()

    def pause(self) -> PhaseOutcome | None:
        return self._run(self.workshop.pause())

    def interrupt(self, why: str) -> None:
        """``Workshop.interrupt``, on the loop thread: it runs at the next pause of a step in
        flight (a reply streaming), never in the middle of its change to the session."""

        async def stop() -> None:
            self.workshop.interrupt(why)

        self._run(stop())

    def resume(self) -> None:
        self.workshop.resume()

    def close(self) -> None:
        """Stop the loop thread this object owns."""
        self._loop.close()
