"""One lifecycle (issue 43, items 1-3): the facilitator's line is recorded before the model is
asked, a failed request sent again is not recorded twice, a stop on a signal only sets the state
(no model call), and a session remembers how it was run."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sofia_nb.config import Settings
from sofia_nb.consent import PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, WarningIssued
from sofia_nb.llm import LLMError, ScriptedLLM
from sofia_nb.llm._scripted import ScriptedReply
from sofia_nb.session import Phase, SessionStatus, SessionStore
from sofia_nb.workshop import SyncWorkshop, Workshop, WorkshopOptions, open_workshop

LINE = "We bake bread in 12 shops and throw much away."


def _facilitator(workshop_or_store: SessionStore, session_id: str) -> list[str]:
    saved = workshop_or_store.load(session_id)
    return [t.content for t in saved.turns if t.role == "user" and not t.metadata.get("kickoff")]


def test_the_line_is_saved_before_the_model_answers_and_a_retry_is_not_recorded_twice(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    llm = ScriptedLLM(["Welcome to Discover."])
    workshop = Workshop.create(llm, store=store)

    async def drive() -> None:
        await workshop.start_phase()
        with pytest.raises(LLMError):  # the script has no reply left: the request fails
            await workshop.send(LINE)
        assert _facilitator(store, workshop.session.id) == [LINE]  # on disk before any reply
        llm.replies.append(ScriptedReply(text="Twelve shops: where is the waste?"))
        await workshop.send(LINE)  # the facilitator sends it again

    asyncio.run(drive())
    saved = store.load(workshop.session.id)
    assert _facilitator(store, workshop.session.id) == [LINE]
    assert [t.role for t in saved.turns_of(Phase.DISCOVER)] == ["user", "assistant", "user", "assistant"]
    assert llm.requests[-1].messages[-1].content == LINE  # the model heard it once, last


def test_a_stop_on_a_signal_only_sets_the_state(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    llm = ScriptedLLM(["Welcome to Discover.", "Noted."])
    workshop = Workshop.create(llm, store=store)

    async def drive() -> None:
        await workshop.start_phase()
        await workshop.send(LINE)

    asyncio.run(drive())
    asked = len(llm.requests)
    workshop.interrupt("stopped (SIGTERM)")
    assert len(llm.requests) == asked  # no extraction, no summary: that waits for the next open
    saved = store.load(workshop.session.id)
    assert saved.status == SessionStatus.PAUSED
    assert saved.activities[-1].message == "paused: stopped (SIGTERM)"


def test_a_session_remembers_how_it_was_run_and_a_differing_option_is_said(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    settings = Settings()

    async def drive() -> None:
        first = await open_workshop(
            WorkshopOptions(demo=True), consent=PolicyConsent("deny"), store=store, settings=settings
        )
        async with first:
            session_id = first.session.id
        assert first.session.run_settings is not None and first.session.run_settings.demo

        again = await open_workshop(  # nothing re-typed: the demo again
            WorkshopOptions(session="last"), consent=PolicyConsent("deny"), store=store, settings=settings
        )
        async with again:
            assert again.session.id == session_id
            assert isinstance(again.workshop.llm, ScriptedLLM) and again.workshop.llm.source is not None

        bus = EventBus()
        said = EventRecorder(bus)
        other = await open_workshop(
            WorkshopOptions(session=session_id, llm="scripted:" + str(_script(tmp_path))),
            consent=PolicyConsent("deny"),
            store=store,
            settings=settings,
            bus=bus,
        )
        async with other:
            assert other.session.run_settings is not None
            assert other.session.run_settings.llm == f"scripted:{_script(tmp_path)}"
        (note,) = said.of_type(WarningIssued)
        assert note.message.startswith(f"this run uses the model scripted:{_script(tmp_path)}")
        assert "the session was run with the demo's scripted model" in note.message

    asyncio.run(drive())


def _script(tmp_path: Path) -> Path:
    path = tmp_path / "replies.yaml"
    if not path.exists():
        path.write_text("replies:\n  - text: Hello.\n    fallback: true\n", encoding="utf-8")
    return path


def test_the_sync_twin_stops_on_its_loop_without_a_model_call(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    llm = ScriptedLLM(["Welcome to Discover."])
    twin = SyncWorkshop(Workshop.create(llm, store=store))
    try:
        twin.start_phase()
        twin.interrupt("the kernel is shutting down")
    finally:
        twin.close()
    assert len(llm.requests) == 1
    assert store.load(twin.session.id).status == SessionStatus.PAUSED
