"""The participant page tells the truth, on a phone (Chromium, phone viewport) against the real
server on loopback; the page's timers run on Playwright's clock (``page.clock``), moved by hand —
nothing sleeps. A dropped stream shows "Reconnecting…" and recovers with the current round; Stop
and a new link say the room ended; each change of round, timer and results is said in the live
region and focused, results at the top; time up disables the inputs; Design's scores are saved as
tapped and survive a reload; at 360×640 nothing fixed covers the focused control."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

from sofia_nb.participants import ParticipantServer, Room, RoomLimits

from .conftest import CHROMIUM, CHROMIUM_ARGS, PageWatch, require_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.ui]

IDEAS = [
    {"id": "i1", "title": "Route planner", "description": "Plans the day's routes"},
    {"id": "i2", "title": "Call summariser", "description": "Summarises each call"},
    {"id": "i3", "title": "Shift handover notes", "description": "Writes the handover"},
]


@contextmanager
def _browser() -> Iterator[Browser]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _phone(
    browser: Browser, server: ParticipantServer, name: str, size: tuple[int, int] = (390, 844)
) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True)
    page = context.new_page()
    start = time.time()
    page.clock.install(time=start)
    page.clock.pause_at(start + 1)
    page.goto(server.url)
    page.get_by_label("Your name (optional)").fill(name)
    page.get_by_role("button", name="Join").click()
    page.get_by_text("You are in.").wait_for()
    page.locator("#connection[data-state='connected']").wait_for()
    return page


def _until(page: Page, check: Callable[[], bool], what: str) -> None:
    """Wait for the server's side (a bound on a hang, with Playwright's own wait: see
    test_participants_page.wait_for)."""
    for _ in range(400):
        if check():
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"never: {what}")


def _focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def _served(**limits: float) -> ParticipantServer:
    return ParticipantServer(Room(limits=RoomLimits(**limits))).start()


def test_a_dropped_stream_shows_reconnecting_and_comes_back_with_the_current_round() -> None:
    """Seen failing with the old page (its error handler acted only on CLOSED: a dropped stream
    stays CONNECTING, and the page showed nothing)."""
    server = _served()
    room = server.room
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            watch = PageWatch().attach(page)
            room.open_round("question", prompt="What slows you down?")
            page.get_by_role("button", name="Send answer").wait_for()
            page.context.set_offline(True)  # no way back for now
            server.cut_connections()  # the test cuts the stream
            page.locator("#connection[data-state='reconnecting']").wait_for()
            assert page.locator("#connection-text").inner_text() == "Reconnecting…"
            assert page.get_by_role("button", name="Send answer").is_disabled()
            assert "Connection lost" in page.locator("#announce").inner_text()
            page.clock.run_for(2_500)  # a try while offline fails; still reconnecting
            assert page.locator("#connection").get_attribute("data-state") == "reconnecting"
            room.open_round("ideate", prompt="A round opened meanwhile")
            page.context.set_offline(False)
            page.clock.run_for(3_500)
            page.locator("#connection[data-state='connected']").wait_for()
            page.locator("#round-prompt", has_text="A round opened meanwhile").wait_for()
            assert page.get_by_role("button", name="Submit idea").is_enabled()
            _until(page, lambda: room.counts()["connected"] == 1, "the stream back")
            assert watch.page_errors == []
    finally:
        server.stop()


def test_stop_and_a_new_link_say_the_room_ended_and_what_to_do() -> None:
    """Seen failing with the server's ``ended`` event removed (the page went on reconnecting)."""
    server = _served()
    other = _served()
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            server.rotate_token()
            page.locator("#ended-text", has_text="new link").wait_for()
            assert page.locator("#connection-text").inner_text() == "Room ended"
            assert _focused(page) == "ended-title" and page.locator("#round").is_hidden()

            stopped = _phone(browser, other, "Ben")
            other.stop()
            stopped.locator("#ended-text", has_text="ended the room").wait_for()
            assert "This room has ended" in stopped.locator("#announce").inner_text()
    finally:
        server.stop()
        other.stop()


def test_a_room_that_stops_answering_says_so_after_a_few_tries() -> None:
    """A kernel gone (the server dies without a word): the page says the room is not answering."""
    server = _served()
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            page.context.set_offline(True)  # as unreachable as a stopped kernel's port
            server.cut_connections()
            page.locator("#connection[data-state='reconnecting']").wait_for()
            for _ in range(6):
                page.clock.run_for(3_100)
                page.wait_for_timeout(25)
            page.locator("#status", has_text="not answering").wait_for()
            assert "Ask the facilitator for the current link" in page.locator("#status").inner_text()
    finally:
        server.stop()


def test_each_change_is_announced_and_focused_results_on_top_and_time_up_disables() -> None:
    """Seen failing with tell() removed (the live region stayed empty, focus stayed put)."""
    server = _served()
    room = server.room
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            room.open_round("question", prompt="What slows you down?", seconds=70)
            page.locator("#announce", has_text="New round: Question. What slows you down?").wait_for()
            assert _focused(page) == "round-title"
            # an error goes with its round
            page.get_by_role("button", name="Send answer").click()
            page.get_by_text("Please write something first.").wait_for()
            page.clock.run_for(10_000)
            page.locator("#announce", has_text="One minute left.").wait_for()
            room.set_timer(15)  # the facilitator shortens it
            page.locator("#timer", has_text="Time left: 0:15").wait_for()
            page.clock.run_for(16_000)
            page.locator("#announce", has_text="Time is up").wait_for()
            assert _focused(page) == "timer"
            assert page.get_by_label("Your answer").is_disabled()
            assert page.get_by_role("button", name="Send answer").is_disabled()

            room.open_round("question", prompt="Anything else?")
            page.locator("#announce", has_text="New round: Question. Anything else?").wait_for()
            assert page.get_by_text("Please write something first.").count() == 0
            assert page.get_by_label("Your answer").is_enabled()
            page.get_by_label("Your answer").fill("Re-keying orders")
            page.get_by_role("button", name="Send answer").click()
            page.get_by_text("Sent. Thank you!").wait_for()

            room.close_round()
            page.locator("#announce", has_text="closed this round").wait_for()
            assert _focused(page) == "round-closed" and page.get_by_label("Your answer").is_disabled()
            room.reveal()
            page.locator("#announce", has_text="Results are in").wait_for()
            assert _focused(page) == "results-title"
            top = page.evaluate(
                "[document.getElementById('results').getBoundingClientRect().top,"
                " document.getElementById('round').getBoundingClientRect().top]"
            )
            assert top[0] < top[1]  # the results come first
    finally:
        server.stop()


def test_design_scores_are_saved_as_tapped_and_survive_a_reload() -> None:
    """Seen failing with the tap's save removed (the scores were lost on reload)."""
    server = _served()
    room = server.room
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            opened = room.open_round("design", items=IDEAS)
            page.get_by_role("heading", name="Design: score the ideas").wait_for()
            assert page.get_by_role("button", name="Save scores").count() == 0
            page.get_by_label("Feasibility 4 of 5 for Route planner", exact=True).check()
            page.get_by_label("Value 2 of 5 for Route planner", exact=True).check()
            page.clock.run_for(500)
            page.get_by_text("Saved: Feasibility 4, Value 2").wait_for()
            page.get_by_label("Human value 5 of 5 for Call summariser", exact=True).check()
            page.clock.run_for(500)
            page.get_by_text("Saved: Human value 5").wait_for()
            page.reload()
            page.get_by_role("heading", name="Design: score the ideas").wait_for()
            assert page.get_by_label("Feasibility 4 of 5 for Route planner", exact=True).is_checked()
            assert page.get_by_label("Human value 5 of 5 for Call summariser", exact=True).is_checked()
            entries = room.snapshot().of_round(opened.id)
            saved = {(c.item_id, c.feasibility, c.value, c.human_value) for c in entries}  # type: ignore[union-attr]
            assert saved == {("i1", 4, 2, None), ("i2", None, None, 5)}
    finally:
        server.stop()


def test_at_360_by_640_nothing_fixed_covers_the_focused_control_and_spent_votes_look_spent() -> None:
    """Seen failing with the old fixed status bar at the bottom (it covered the focused button)."""
    server = _served()
    room = server.room
    try:
        with _browser() as browser:
            page = _phone(browser, server, "Ana", size=(360, 640))
            room.open_round("design", items=IDEAS)
            page.get_by_role("heading", name="Design: score the ideas").wait_for()
            covered = []
            for key in ["Tab"] * 40 + ["Shift+Tab"] * 40:  # every control, from the keyboard, both ways
                page.keyboard.press(key)
                clash = page.evaluate(
                    """() => {
                      // a score's radio is hidden in its label: the label is what is seen
                      const shown = document.activeElement.closest('label') || document.activeElement;
                      const f = shown.getBoundingClientRect();
                      const hits = [];
                      if (document.activeElement === document.body) return hits;
                      for (const node of document.querySelectorAll('body *')) {
                        const pos = getComputedStyle(node).position;
                        if (pos !== 'fixed' && pos !== 'sticky') continue;
                        const r = node.getBoundingClientRect();
                        if (node.contains(document.activeElement)) continue;
                        if (f.top < r.bottom && r.top < f.bottom) hits.push(shown.outerHTML.slice(0, 80));
                      }
                      return hits;
                    }"""
                )
                covered += clash
            assert covered == []
            room.open_round("select", items=IDEAS[:2], votes_per_person=1)
            page.get_by_text("Votes left: 1 of 1").wait_for()
            page.get_by_role("button", name="Add a vote to Route planner").click()
            assert page.get_by_role("button", name="Add a vote to Call summariser").is_disabled()
            assert page.get_by_role("button", name="Remove a vote from Call summariser").is_disabled()
            assert page.get_by_role("button", name="Remove a vote from Route planner").is_enabled()
    finally:
        server.stop()


def test_a_phone_joins_through_the_lan_address_the_switch_serves() -> None:
    """The "Phones on this Wi-Fi" server, opened in Chromium at this machine's own network
    address (the page and its stream work there as on loopback). Skipped where the machine has
    no non-loopback address."""
    from sofia_nb.participants import lan_address
    from sofia_nb.participants._network import machine_interfaces

    found = lan_address(machine_interfaces())
    if found is None:
        pytest.skip("this machine has no non-loopback IPv4 address to serve on")
    server = ParticipantServer(Room(), lan=True).start()
    try:
        assert server.host == found and server.url.startswith(f"http://{found}:")
        with _browser() as browser:
            page = _phone(browser, server, "Ana")
            server.room.open_round("question", prompt="Heard on the Wi-Fi?")
            page.locator("#round-prompt", has_text="Heard on the Wi-Fi?").wait_for()
            assert server.room.counts()["members"] == 1
    finally:
        server.stop()
