"""The facilitator's page (notebook 06): which workshop first, never a new empty session per load.

A person's page with ``session=None`` opens on the picker and writes nothing until a choice is
made; a headless run keeps ``session=None``'s meaning (a new session at once); a Voilà page whose
address names a session (a reload) opens it without asking; an address that is not a session
id names no file.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.session import Phase, SessionStore, WorkshopSession
from sofia_nb.ui import FacilitatorPage, SessionPicker


def _saved(store: SessionStore, name: str, phase: Phase = Phase.DISCOVER, said: bool = True) -> str:
    """A saved session; ``said``: the facilitator said something in it (it has content)."""
    session = WorkshopSession(name=name, phase=phase)
    if said:
        session.add_turn(phase, "user", "We run the night desk.")
    store.save(session)
    return session.id


def _files(store: SessionStore) -> list[Path]:
    return sorted(store.root.glob("*.json"))


async def test_a_person_s_page_opens_on_the_picker_and_saves_nothing() -> None:
    store = SessionStore()
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert isinstance(page.picker, SessionPicker) and page.run is None
        assert page.view.children[0] is page.picker
        assert "No workshop with content" in page.picker.children[1].value
        assert _files(store) == []  # a load makes no session
        page.picker.new_button.click()
        await page.tasks[-1]
        assert page.run is not None and page.picker is None
        assert page.view.children[0] is page.app
        assert [p.stem for p in _files(store)] == [page.run.session.id]
    finally:
        await page.aclose()


async def test_a_double_click_on_start_a_new_workshop_opens_one_workshop() -> None:
    """The page sends the second click before it hears the button was turned off: that click
    does nothing (it opened a second workshop, and the app of the first was lost)."""
    store = SessionStore()
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert page.picker is not None
        new_button = page.picker.new_button
        new_button.click()
        new_button.click()  # as the kernel receives it: after the first, on a disabled button
        await asyncio.gather(*page.tasks)
        assert page.run is not None
        assert [p.stem for p in _files(store)] == [page.run.session.id]  # one workshop
    finally:
        await page.aclose()


async def test_continue_opens_the_latest_workshop_with_content() -> None:
    store = SessionStore()
    older = _saved(store, "Older", Phase.IDEATE)
    latest = _saved(store, "Ferry")
    _saved(store, "", said=False)  # an empty session saved after them: nothing to continue
    page = await FacilitatorPage.open(interactive=True)
    try:
        picker = page.picker
        assert picker is not None
        assert [s.session_id for s in picker.sessions] == [latest, older]
        assert "Ferry" in picker.continue_note.value
        picker.continue_button.click()
        await page.tasks[-1]
        assert page.run is not None and page.run.session.id == latest
    finally:
        await page.aclose()


async def test_another_workshop_is_opened_from_the_list() -> None:
    store = SessionStore()
    older = _saved(store, "Older", Phase.IDEATE)
    _saved(store, "Ferry")
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert page.picker is not None
        page.picker.choice.value = older
        page.picker.open_button.click()
        await page.tasks[-1]
        assert page.run is not None and page.run.session.id == older
    finally:
        await page.aclose()


async def test_headless_keeps_session_none_a_new_session() -> None:
    store = SessionStore()
    _saved(store, "Ferry")
    page = await FacilitatorPage.open(interactive=False)
    try:
        assert page.picker is None and page.run is not None
        assert page.run.session.name == ""  # a new one, not the saved workshop
    finally:
        await page.aclose()


async def test_a_voila_address_naming_a_session_opens_it(monkeypatch: pytest.MonkeyPatch) -> None:
    store = SessionStore()
    ferry = _saved(store, "Ferry")
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", f"session={ferry}")
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert page.run is not None and page.run.session.id == ferry
        assert page.address is not None and page.address.session == ferry
    finally:
        await page.aclose()


@pytest.mark.parametrize("query", ["session=../../etc/passwd", "session=", "other=1"])
async def test_an_address_that_names_no_session_id_shows_the_picker(
    monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", query)
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert page.picker is not None and page.run is None
    finally:
        await page.aclose()


async def test_an_address_naming_a_session_that_is_gone_shows_the_picker_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", "session=20990101-000000-dead")
    page = await FacilitatorPage.open(interactive=True)
    try:
        assert page.picker is not None and page.run is None
        assert "20990101-000000-dead" in page.picker.status.value
    finally:
        await page.aclose()


HOLDER = """
import sys
from sofia_nb.session import SessionStore
hold = SessionStore().hold(sys.argv[1], sys.argv[2])
print("held", flush=True)
for line in sys.stdin:
    try:
        hold.check()  # what its next save does first
        print("kept", flush=True)
    except Exception as exc:
        print(type(exc).__name__, flush=True)
hold.release()
"""


@contextmanager
def held_elsewhere(session_id: str, face: str) -> Iterator[subprocess.Popen[str]]:
    """Another process (another tab's kernel) holding ``session_id`` until its stdin closes."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, session_id, face],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        if proc.stdin and not proc.stdin.closed:
            proc.stdin.close()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _asked(proc: subprocess.Popen[str]) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("?\n")
    proc.stdin.flush()
    return proc.stdout.readline().strip()


async def test_a_session_another_run_holds_is_watched_and_can_be_continued_once_free() -> None:
    store = SessionStore()
    ferry = _saved(store, "Ferry")
    with held_elsewhere(ferry, "voila") as other:  # another tab's kernel holds it
        page = await FacilitatorPage.open(interactive=True, session=ferry)
        try:
            watch = page.watching
            assert watch is not None and page.run is None
            assert "open in another window: the Voilà app" in watch.notice.value
            assert "Ferry" in watch.record.value
            assert watch.continue_button.layout.display == "none"
            assert other.stdin is not None
            other.stdin.close()  # the other tab goes
            other.wait(10)
            watch.refresh()
            assert "let the workshop go" in watch.notice.value
            watch.continue_button.click()
            await page.tasks[-1]
            assert page.run is not None and page.run.session.id == ferry and page.watching is None
        finally:
            await page.aclose()


async def test_a_watched_session_can_be_taken_over() -> None:
    store = SessionStore()
    ferry = _saved(store, "Ferry")
    with held_elsewhere(ferry, "notebook") as other:
        page = await FacilitatorPage.open(interactive=True)
        try:
            assert page.picker is not None
            page.picker.continue_button.click()  # the latest workshop, held elsewhere: watched
            await page.tasks[-1]
            watch = page.watching
            assert watch is not None and page.run is None
            assert _asked(other) == "kept"
            watch.take_over_button.click()
            await page.tasks[-1]
            assert page.run is not None and page.run.session.id == ferry
            assert _asked(other) == "HoldLostError"  # the other run is told at its next save
        finally:
            await page.aclose()


async def test_a_reloaded_voila_page_waits_for_its_old_kernel_to_let_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = SessionStore()
    ferry = _saved(store, "Ferry")
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", f"session={ferry}")
    with held_elsewhere(ferry, "voila") as old:  # the reloaded page's previous kernel, being stopped
        assert old.stdin is not None
        asyncio.get_running_loop().call_later(0.5, old.stdin.close)
        page = await FacilitatorPage.open(interactive=True)
        try:
            assert page.run is not None and page.run.session.id == ferry and page.watching is None
        finally:
            await page.aclose()
