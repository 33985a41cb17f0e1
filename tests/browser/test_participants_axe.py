"""axe-core (tools/npm, project-local) over every state of the participant page, light and dark,
on a phone in Chromium against the real server on loopback: no serious or critical finding. The
test brings each state about and checks it visited every one of ``STATES``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from sofia_nb.participants import ParticipantServer, Room, RoomLimits
from tests.conftest import ROOT

from .conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.ui]

AXE = ROOT / "tools" / "npm" / "node_modules" / "axe-core" / "axe.min.js"

STATES = {
    "join",
    "join-closed",
    "waiting",
    "removed",
    "no-round",
    "question",
    "ideate",
    "design",
    "select",
    "closed",
    "time-up",
    "results-question",
    "results-ideate",
    "results-design",
    "results-select",
    "reconnecting",
    "ended",
}
IDEAS = [
    {"id": "i1", "title": "Route planner", "description": "Plans the day's routes"},
    {"id": "i2", "title": "Call summariser", "description": "Summarises each call"},
]


def serious(page: Page) -> list[str]:
    """axe's serious and critical findings on the page as it is now (every color scheme the
    context emulates is checked by the caller)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # axe waits on the page's timers, which the test's clock holds: it moves them until axe is done
    page.evaluate(
        "() => { window.__axe = null; axe.run(document, { resultTypes: ['violations'] })"
        ".then(r => { window.__axe = r.violations; }, e => { window.__axe = String(e); }); }"
    )
    for _ in range(600):
        if page.evaluate("window.__axe !== null"):
            break
        page.clock.run_for(50)
    found: list[dict[str, Any]] = page.evaluate("window.__axe")
    assert isinstance(found, list), found
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _context_page(browser: Browser, scheme: str) -> Page:
    # axe is injected as a script: the page's CSP (script-src 'self') would refuse it
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, bypass_csp=True, color_scheme=scheme
    )
    page = context.new_page()
    start = time.time()
    page.clock.install(time=start)
    page.clock.pause_at(start + 1)
    return page


def _join(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.get_by_label("Your name (optional)").fill(name)
    page.get_by_role("button", name="Join").click()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_state_of_the_participant_page_has_no_serious_axe_finding(scheme: str) -> None:
    """Seen failing with the dark theme's accent on its own background for the buttons' text
    (--on-accent: #7cb8f0)."""
    require_browser()
    assert AXE.exists(), "axe-core is missing: make npm installs it into tools/npm"
    from playwright.sync_api import sync_playwright

    room = Room(limits=RoomLimits(members_per_address=1))
    server = ParticipantServer(room).start()
    visited: dict[str, list[str]] = {}

    def check(page: Page, state: str, ready: str) -> None:
        page.locator(ready).first.wait_for()
        visited[state] = serious(page)

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            ana = _context_page(browser, scheme)
            ana.goto(server.url)
            check(ana, "join", "#join-form")
            room.set_joining(False)
            ana.reload()
            check(ana, "join-closed", "#join-closed:visible")
            room.set_joining(True)
            _join(ana, server.url, "Ana")
            check(ana, "no-round", "text=You are in.")

            ben = _context_page(browser, scheme)
            _join(ben, server.url, "Ben")  # the second from this address waits
            check(ben, "waiting", "#join-waiting:visible")
            (waiting,) = room.waiting()
            member = room.admit(waiting.id)
            ben.clock.run_for(3_500)
            ben.locator("text=You are in.").wait_for()
            room.remove_member(member.id)
            check(ben, "removed", "#ended-text:has-text('taken this phone out')")

            room.open_round("question", prompt="What slows the night shift down?")
            check(ana, "question", "#answer-text")
            ana.get_by_label("Your answer").fill("Re-keying phone orders")
            ana.get_by_role("button", name="Send answer").click()
            ana.get_by_text("Sent. Thank you!").wait_for()
            room.reveal()
            check(ana, "results-question", "#results:visible")

            room.open_round(
                "ideate", items=[{"id": "c1", "title": "Summarise documents", "description": "Briefs"}]
            )
            check(ana, "ideate", ".card")
            ana.get_by_label("Idea (a short title)").fill("Cold-room slot booking")
            ana.get_by_role("button", name="Submit idea").click()
            ana.get_by_text("Your ideas").wait_for()
            room.reveal()
            check(ana, "results-ideate", "#results:visible")

            room.open_round("design", items=IDEAS)
            ana.get_by_label("Feasibility 4 of 5 for Route planner", exact=True).check()
            ana.clock.run_for(500)
            check(ana, "design", "text=Saved: Feasibility 4")
            room.close_round()
            check(ana, "closed", "#round-closed:visible")
            room.reveal()
            check(ana, "results-design", "#results table")

            room.open_round("select", items=IDEAS, votes_per_person=2)
            ana.get_by_role("button", name="Add a vote to Route planner").click()
            check(ana, "select", "text=Votes left: 1 of 2")
            ana.get_by_role("button", name="Send votes").click()
            ana.get_by_text("Votes sent.").wait_for()
            room.reveal()
            check(ana, "results-select", "#results ol")

            room.open_round("question", prompt="Last words?", seconds=5)
            ana.locator("#round-prompt", has_text="Last words?").wait_for()
            ana.clock.run_for(6_000)
            check(ana, "time-up", "#timer:has-text('Time is up')")

            ana.context.set_offline(True)
            server.cut_connections()
            check(ana, "reconnecting", "#connection[data-state='reconnecting']")
            ana.context.set_offline(False)
            ana.clock.run_for(2_500)
            ana.locator("#connection[data-state='connected']").wait_for()
            server.rotate_token()
            check(ana, "ended", "#ended:visible")
            browser.close()
    finally:
        server.stop()
    assert set(visited) == STATES, f"states not visited: {STATES - set(visited)}"
    assert {state: found for state, found in visited.items() if found} == {}


def test_axe_is_pinned_in_the_project_s_npm_lock() -> None:
    import json

    lock = json.loads((ROOT / "tools" / "npm" / "package-lock.json").read_text())
    assert "node_modules/axe-core" in lock["packages"]
    assert Path(AXE).name == "axe.min.js"


def test_report_html_has_no_serious_axe_finding_and_names_each_diagram(tmp_path: Path) -> None:
    """The recorded workshop's report.html from disk, on a phone and at 1280: every diagram
    named, with its nodes or points as a list; tables reachable from the keyboard. Seen failing
    before (role-img-alt on each diagram's figure: serious)."""
    require_browser()
    pytest.importorskip("mermaidx", reason="the export extra (sofia_nb[export]) draws the diagrams")
    from playwright.sync_api import sync_playwright

    from sofia_nb.session import export_session
    from tests.workshop.test_recorded_workshop import _replay

    session = _replay(tmp_path, "recorded-workshop-edited")
    export_session(session, tmp_path / "export", formats=["html"])
    report = next((tmp_path / "export").rglob("report.html"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for scheme, width, height in (("light", 390, 844), ("dark", 390, 844), ("dark", 1280, 900)):
            context = browser.new_context(
                viewport={"width": width, "height": height}, bypass_csp=True, color_scheme=scheme
            )
            page = context.new_page()
            page.goto(report.as_uri())
            figures = page.eval_on_selector_all(
                "figure.diagram",
                "els => els.map(e => [e.getAttribute('aria-label'), document.getElementById("
                "e.getAttribute('aria-describedby')).querySelectorAll('li').length])",
            )
            assert len(figures) >= 3 and all(name and name.startswith("Diagram: ") for name, _ in figures)
            assert all(items > 0 for _, items in figures), figures
            page.add_script_tag(path=str(AXE))
            found = page.evaluate(
                "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
            )
            bad = [
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                for v in found
                if v["impact"] in ("serious", "critical")
            ]
            assert bad == [], (scheme, width, bad)
            context.close()
        browser.close()
