"""Three participants on the participant page, each in a Chromium context of its own, against the
real server on loopback: they join, add ideas, score and vote while the facilitator (the room's
Python API here) opens the rounds, and the facilitator's counts and aggregate follow.

The page loads nothing from elsewhere (every other request is aborted and counted), keeps a
hostile idea as text (its handler would set a marker), works from the keyboard, and a phone that
reloads keeps its votes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from sofia_nb.participants import ParticipantServer, Room

if TYPE_CHECKING:
    from playwright.sync_api import Page

from .conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, PageWatch, require_browser

pytestmark = [pytest.mark.ui, pytest.mark.slow]

HOSTILE = '<img src=x onerror="window.__pwned=1">Route planner'
IDEAS = [
    {"id": "idea-1", "title": HOSTILE, "description": "Plans the day's routes"},
    {"id": "idea-2", "title": "Call summariser", "description": "Summarises each call"},
]


def wait_for(
    page: Page, condition: Callable[[], bool], limit: float = 20.0, why: Callable[[], str] = str
) -> None:
    """Wait for the server's side of a click; the limit only bounds a hang (``why`` says what the
    pages showed then, so a run that hangs says where).

    It waits with Playwright's own wait, never ``time.sleep``: the contexts route every request
    through this process (a route with a predicate intercepts all of them), and the sync API
    answers a routed request only while a Playwright call runs, so a page's request made during
    a plain sleep (an update stream opening just after the last click) would be held until the
    wait ran out."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"the room did not change in time {why()}"
        page.wait_for_timeout(50)


def test_three_participants_ideate_score_and_vote_from_their_phones() -> None:
    require_browser()
    from playwright.sync_api import sync_playwright

    room = Room()
    server = ParticipantServer(room).start()
    outside: list[str] = []
    out = ARTIFACTS / "participants"
    out.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            phones, watches = [], []
            room_origin = f"http://{server.host}:{server.port}/"
            for n in range(3):
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)

                # anything not addressed to the room is aborted and counted (the room's own
                # requests are not intercepted: an intercepted event stream is buffered)
                context.route(
                    lambda url: not url.startswith(room_origin),
                    lambda route: (outside.append(route.request.url), route.abort()),
                )
                page = context.new_page()
                watches.append(PageWatch().attach(page))
                page.goto(server.url)
                page.get_by_label("Your name (optional)").fill(["Ana", "", "Caro"][n])
                page.get_by_role("button", name="Join").click()
                page.get_by_text("You are in.").wait_for()
                phones.append(page)
            assert room.counts()["members"] == 3
            wait_for(
                phones[0],
                lambda: room.counts()["connected"] == 3,
                limit=60.0,  # a refused stream retries in 3 s
                why=lambda: (
                    f"{room.counts()}; the phones say {[p.locator('#status').inner_text() for p in phones]}"
                ),
            )

            # Ideate: each phone adds an idea; the first one is hostile
            ideate = room.open_round(
                "ideate",
                prompt="Where could AI help the dispatch team?",
                items=[
                    {
                        "id": "card-1",
                        "title": "Summarise documents",
                        "description": "Long reports into briefs",
                    }
                ],
                seconds=300,
            )
            for page, title in zip(phones, [HOSTILE, "Call summariser", "Shift handover notes"], strict=True):
                page.get_by_text("Summarise documents").wait_for()
                page.get_by_label("Idea (a short title)").fill(title)
                page.get_by_label("What it does and for whom (optional)").fill("for the dispatchers")
                page.get_by_role("button", name="Submit idea").click()
                page.get_by_text("Your ideas").wait_for()
            wait_for(phones[0], lambda: room.counts()["entries"] == 3)
            assert room.counts()["contributors"] == 3
            assert room.results(ideate.id).ideas[0].title == HOSTILE  # type: ignore[union-attr]
            # nobody sees another's idea before the reveal
            assert phones[1].get_by_text("Shift handover notes").count() == 0
            room.reveal()
            phones[1].get_by_text("Shift handover notes").wait_for()
            phones[1].get_by_text(HOSTILE).first.wait_for()  # shown as text
            assert phones[1].locator("main img").count() == 0  # not as an element (the CSP is a second guard)
            phones[1].screenshot(path=str(out / "ideate-revealed.png"), full_page=True)

            # Design: each scores idea 1; the third from the keyboard alone
            room.open_round("design", items=IDEAS)
            for page, (f, v, h) in zip(phones[:2], [(4, 5, 3), (2, 4, 5)], strict=True):
                page.get_by_role("heading", name="Design: score the ideas").wait_for()
                for criterion, score in (("Feasibility", f), ("Value", v), ("Human value", h)):
                    page.get_by_label(f"{criterion} {score} of 5 for {HOSTILE}", exact=True).check()
                # saved as tapped: no Save button
                page.get_by_text(f"Saved: Feasibility {f}, Value {v}, Human value {h}").wait_for()
            keyboard = phones[2]
            keyboard.get_by_role("heading", name="Design: score the ideas").wait_for()
            keyboard.get_by_label(f"Feasibility 1 of 5 for {HOSTILE}", exact=True).focus()
            keyboard.keyboard.press("ArrowRight")  # a radio group moves and checks with the arrows: 2
            keyboard.keyboard.press("ArrowRight")  # 3
            keyboard.keyboard.press("Tab")  # to the next group (Value)
            keyboard.keyboard.press("Space")  # Value 1
            keyboard.keyboard.press("Tab")  # Human value
            keyboard.keyboard.press("ArrowLeft")  # Human value 5 (the arrows wrap round)
            keyboard.get_by_text("Saved: Feasibility 3, Value 1, Human value 5").wait_for()
            wait_for(phones[0], lambda: room.results().scores[0].scorers == 3)  # type: ignore[union-attr]
            feasibility = room.results().scores[0].criteria["feasibility"]  # type: ignore[union-attr]
            assert (feasibility.mean, feasibility.count) == (3.0, 3)
            phones[0].screenshot(path=str(out / "design.png"), full_page=True)

            # Select: three dots each
            select = room.open_round("select", items=IDEAS, votes_per_person=3)
            for page, plan in zip(
                phones, [["idea-2", "idea-2", "idea-1"], ["idea-2"], ["idea-1", "idea-2"]], strict=True
            ):
                page.get_by_text("Votes left: 3 of 3").wait_for()
                for item in plan:
                    title = HOSTILE if item == "idea-1" else "Call summariser"
                    page.get_by_role("button", name=f"Add a vote to {title}").click()
                page.get_by_role("button", name="Send votes").click()
                page.get_by_text("Votes sent.").wait_for()
            wait_for(phones[0], lambda: room.counts()["contributors"] == 3)
            tally = {v.item_id: (v.dots, v.voters) for v in room.results(select.id).votes}  # type: ignore[union-attr]
            assert tally == {"idea-1": (2, 2), "idea-2": (4, 3)}

            # a phone that reloads (or loses its connection) keeps its votes
            phones[0].reload()
            phones[0].get_by_text("Votes left: 0 of 3").wait_for()
            assert phones[0].locator("#dots-idea-2").text_content() == "2"
            room.reveal()
            phones[0].get_by_text("Call summariser: 4 votes from 3 people").wait_for()
            phones[0].screenshot(path=str(out / "select-revealed.png"), full_page=True)

            for page, watch in zip(phones, watches, strict=True):
                assert page.evaluate("window.__pwned") is None, "the hostile idea's handler ran"
                assert watch.page_errors == []
            browser.close()
    finally:
        server.stop()
    assert outside == [], "the page asked for something that is not the room's"


def test_a_phone_whose_reconnection_is_refused_keeps_trying() -> None:
    """A refused update stream makes the page ask the room again; when that request fails too
    (a dropped connection), the page tries again rather than staying without updates for good."""
    require_browser()
    from playwright.sync_api import Route, sync_playwright

    room = Room()
    server = ParticipantServer(room).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
            page = context.new_page()
            watch = PageWatch().attach(page)
            page.goto(server.url)
            page.get_by_label("Your name (optional)").fill("Dana")
            refused: list[str] = []

            def refuse(route: Route) -> None:
                refused.append(route.request.url)
                route.fulfill(status=429, content_type="application/json", body='{"error": {}}')

            def drop(route: Route) -> None:
                refused.append(route.request.url)
                route.abort()

            # The first stream after joining is refused, and the page's next question is dropped.
            context.route("**/events", refuse, times=1)
            context.route("**/api/me", drop, times=1)
            page.get_by_role("button", name="Join").click()
            page.get_by_text("You are in.").wait_for()
            wait_for(
                page,
                lambda: room.counts()["connected"] == 1,
                limit=30.0,
                why=lambda: (
                    f"{room.counts()}; refused {refused}; "
                    f"the page says {page.locator('#status').inner_text()!r}"
                ),
            )
            assert [u.rsplit("/", 1)[1] for u in refused] == ["events", "me"]
            room.open_round("ideate", prompt="Still there?")
            page.locator("#round-prompt", has_text="Still there?").wait_for()  # through the new stream
            assert watch.page_errors == []
            browser.close()
    finally:
        server.stop()
