"""The whole workshop (01_workshop) under a facilitator's hands in a real JupyterLab and Chromium.

One journey per comms-over-subshells mode (JupyterLab's ``commsOverSubshells`` kernel setting,
set through ``overrides.json``): Run All, then every phase by clicking — Start (double-clicked,
as people do), Send with the demo's lines and with text of our own, Refine, Go to phase (the
current one, and back with its Go back / Stay confirmation, both answers), Pause and Resume,
Continue to the end, Develop and Export; the tool log's details. Then the kernel is restarted
from the Kernel menu, the parameters cell edited to ``session = "last"`` and the cells re-run:
the conversation, tool log, meter and stepper must come back and the demo go on in turn. Last,
the notebook is saved, its kernel shut down, reopened, and converted with ``nbconvert --to html``:
both must show the conversation, the consent decisions, the tool calls and the token totals.

Failures that leave the journey able to go on are collected and reported together at the end
(each one says what was expected); a missing control that the journey needs stops it at once.
Screenshots of each phase go to ``test-artifacts/browser/workshop-<mode>/``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import yaml

from tests.browser.conftest import (
    ARTIFACTS,
    PageWatch,
    chromium_page,
    menu,
    open_notebook,
    require_browser,
    serve_lab,
    wait_idle,
)
from tests.conftest import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(360)]

NOTEBOOK = "notebooks/01_workshop.ipynb"
KERNELS_SETTINGS = "@jupyterlab/apputils-extension:kernels-settings"
MODES = ["perCommTarget", "disabled"]
DEMO_LINES: dict[str, list[str]] = yaml.safe_load(
    (ROOT / "sofia_nb" / "workshop" / "demo" / "inputs.yaml").read_text(encoding="utf-8")
)
OWN_TEXT = "Something of our own, typed in the browser: the night desk also takes returns by phone."
# What must never reach the page: the click bug, a dead widget, a Python traceback.
FORBIDDEN = re.compile(
    r"different loop|Error displaying widget|Traceback \(most recent call last\)|Cell In\[\d+\]"
)
RAW_JSON = re.compile(r'"(business_context|selection)"\s*:')
# An absolute path of two parts or more, or a relative one ending in a file name.
FILE_PATH = re.compile(r"(?:[A-Za-z]:\\|/)[\w.@~-]+(?:[/\\][\w.@~-]+)+|\b[\w.-]+(?:/[\w.-]+)+\.\w{1,5}\b")
# The demo's answer to a reopening, in either of its two variants (said in turn).
REOPENED = re.compile(r"everything it recorded is kept|with everything it recorded kept")
STEP_MS = 45_000  # one step of the scripted model, on a busy two-core machine
POLL_S = 0.25


class Checks:
    """Assertions that let the journey go on; all of them are reported at the end."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def that(self, ok: object, what: str) -> None:
        if not ok:
            self.failures.append(what)


class WorkshopPage:
    """The 01_workshop notebook in JupyterLab, seen and driven the way a facilitator does."""

    def __init__(self, page: Page, shots: Path, checks: Checks) -> None:
        self.page = page
        self.shots = shots
        self.checks = checks
        self.clicks: Counter[str] = Counter()
        self.enabled_labels: set[str] = set()
        self.timings: list[str] = []
        self._last = time.monotonic()
        self._shot = 0

    # --- where things are ---------------------------------------------------------------

    @property
    def cell(self) -> Locator:
        """The code cell that opens the workshop (or notebook 06's page); its output is the app."""
        opens = re.compile(r"NotebookWorkshop\.open|FacilitatorPage\.open")
        return self.page.locator(".jp-CodeCell").filter(has_text=opens).first

    @property
    def app(self) -> Locator:
        return self.cell.locator(".jp-Cell-outputArea").first

    def button(self, label: str) -> Locator:
        # By text, not accessible name: a Font Awesome icon adds its glyph to the name.
        return self.app.locator("button").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).last

    def text(self) -> str:
        return self.app.inner_text(timeout=10_000)

    def in_view(self) -> bool:
        """Scroll the app's cell into view (an off-screen cell is not drawn); True, for a wait."""
        self.cell.scroll_into_view_if_needed(timeout=10_000)
        return True

    def state(self, label: str) -> tuple[str, bool, bool]:
        """The app's text, and whether the last button ``label`` is visible and enabled: one round
        trip, so polling stays cheap on a busy machine."""
        found = self.app.evaluate(
            """(app, label) => {
                const named = [...app.querySelectorAll('button')].filter(b => b.innerText.trim() === label);
                const b = named[named.length - 1];
                return [app.innerText, !!(b && b.offsetParent), !!(b && b.offsetParent && !b.disabled)];
            }""",
            label,
        )
        return found[0], found[1], found[2]

    def notebook_text(self) -> str:
        return self.page.locator(".jp-Notebook").inner_text(timeout=10_000)

    # --- acting ---------------------------------------------------------------------------

    def wait_for(self, what: str, ok: Callable[[], bool], timeout_ms: float = STEP_MS) -> None:
        deadline = time.monotonic() + timeout_ms / 1000
        while not ok():
            if time.monotonic() > deadline:
                self.screenshot(f"timeout-{re.sub(r'[^a-z]+', '-', what.lower())[:40]}")
                notices = self.app.locator("[class*='notice']").all_inner_texts()
                pytest.fail(
                    f"{what}: not seen within {timeout_ms / 1000:.0f} s (the app's last notice: "
                    f"{notices[-1] if notices else None!r}); checks failed so far: {self.checks.failures}"
                )
            time.sleep(POLL_S)

    def click(
        self,
        label: str,
        expect: str | re.Pattern[str] | None = None,
        *,
        timeout_ms: float = STEP_MS,
        asks: bool = False,
        changes: bool = True,
    ) -> str:
        """Click the app's button ``label`` once it is enabled, then wait until the step is done:
        the app changed, shows ``expect`` once more than before (when given), the button is
        enabled again (or gone) and nothing moves for two polls. Returns the app's text. A click
        that ``asks`` a question waits for the question only (its step goes on until answered); one
        that may leave the app as it was (``changes=False``) waits for ``expect`` to be there."""
        began = time.monotonic()
        self.wait_for(f"an enabled {label!r} button", lambda: self.state(label)[2])
        button = self.button(label)
        before = self.text()
        button.click()
        self.clicks[label] += 1
        return self.settle(label, before, expect, timeout_ms, asks=asks, changes=changes, began=began)

    def settle(
        self,
        label: str,
        before: str,
        expect: str | re.Pattern[str] | None = None,
        timeout_ms: float = STEP_MS,
        *,
        asks: bool = False,
        changes: bool = True,
        began: float | None = None,
    ) -> str:
        seen: list[str] = []
        began = began or time.monotonic()

        def done() -> bool:
            now, visible, enabled = self.state(label)
            ready = asks or not visible or enabled
            wanted = expect is None or _count(expect, now) > (_count(expect, before) if changes else 0)
            stable = bool(seen) and seen[-1] == now
            seen.append(now)
            return (now != before or not changes) and wanted and ready and stable

        self.wait_for(f"{label!r} done" + (f" showing {expect!r}" if expect else ""), done, timeout_ms)
        self._note_enabled_buttons()
        self.mark(label, began)
        return seen[-1]

    def send(self, text: str, expect: str | re.Pattern[str] | None = None) -> str:
        self.app.locator("textarea").first.fill(text)
        return self.click("Send", expect)

    def choose(self, phase: str) -> None:
        self.app.locator("select").filter(
            has=self.page.locator(f"option[value='{phase}']")
        ).first.select_option(phase)

    def going_back(self, reason: str = "", *, start_over: bool = False) -> None:
        """What the team wants to change (typed beside the phase list), and "start it over"."""
        self.app.locator("input[placeholder^='going back']").first.fill(reason)
        self.app.locator("input[type=checkbox]").first.set_checked(start_over)

    def _note_enabled_buttons(self) -> None:
        labels = self.app.locator("button").evaluate_all(
            "els => els.filter(e => e.offsetParent && !e.disabled).map(e => e.innerText.trim())"
        )
        self.enabled_labels.update(labels)

    def mark(self, what: str, began: float | None = None) -> None:
        """Note how long ``what`` took (since ``began``, else since the last mark)."""
        now = time.monotonic()
        self.timings.append(f"{now - (began or self._last):6.2f} s  {what}")
        self._last = now

    def screenshot(self, name: str) -> None:
        self._shot += 1
        began = time.monotonic()
        path = str(self.shots / f"{self._shot:02d}-{name}.png")
        if self.app.is_visible():  # what the app says, beside what it looks like
            Path(path).with_suffix(".txt").write_text(self.text(), encoding="utf-8")
        if self.cell.is_visible():
            self.cell.screenshot(path=path, timeout=15_000)  # the app, whole, not the long notebook
        else:
            self.page.screenshot(path=path)
        self.mark(f"screenshot {name}", began)

    # --- looking --------------------------------------------------------------------------

    def check_page(self, when: str) -> None:
        """Nothing forbidden anywhere in the notebook; no file path in an error notice."""
        began = time.monotonic()
        text = self.notebook_text()
        bad = FORBIDDEN.search(text)
        self.checks.that(bad is None, f"{when}: the page shows {bad and _around(text, bad)!r}")
        notices = self.page.locator("[class*='notice'][class*='error']").all_inner_texts()
        for notice in notices:
            path = FILE_PATH.search(notice)
            self.checks.that(path is None, f"{when}: an error notice names a file path: {notice!r}")
        self.mark(f"check page {when}", began)

    def check_layout(self, when: str) -> None:
        """At 1,280 px nothing in the app is cut off: every button's label fits in it."""
        cut = self.app.locator("button").evaluate_all(
            "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)"
            ".map(e => e.innerText)"
        )
        self.checks.that(not cut, f"{when}: button labels cut off at 1,280 px: {sorted(set(cut))}")

    def check_conversation(self, when: str) -> None:
        text = self.text()
        raw = RAW_JSON.search(text)
        self.checks.that(raw is None, f"{when}: raw JSON in the conversation: {raw and _around(text, raw)!r}")

    def stepper_current(self) -> str:
        found = re.search(r"● (\w+)", self.text())
        return found.group(1) if found else ""


def _usable(button: Locator) -> bool:
    """Visible and enabled now (a button the kernel just removed is not waited for)."""
    from playwright.sync_api import Error

    try:
        return button.is_visible() and button.is_enabled(timeout=500)
    except Error:
        return False


def _count(expect: str | re.Pattern[str], text: str) -> int:
    return text.count(expect) if isinstance(expect, str) else len(expect.findall(text))


def _around(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 80) : match.end() + 80]


def _reply_to(message: str, session: dict) -> str:
    """The assistant turn that answered ``message`` in the saved session ('' when none did)."""
    turns = session["turns"]
    asked = next((i for i, t in enumerate(turns) if t["role"] == "user" and t["content"] == message), None)
    if asked is None:
        return ""
    return next((t["content"] for t in turns[asked + 1 :] if t["role"] == "assistant"), "")


def _read_session(home: Path) -> dict:
    files = sorted((home / "sessions").glob("*.json"))
    assert files, f"no session file in {home / 'sessions'}"
    return json.loads(files[-1].read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=MODES)
def lab(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """A private JupyterLab with ``commsOverSubshells`` set to the mode, and a copy of 01_workshop."""
    require_browser()
    work = tmp_path_factory.mktemp(f"lab-{request.param}")
    (work / "notebooks").mkdir()
    shutil.copy(ROOT / NOTEBOOK, work / NOTEBOOK)
    with serve_lab(work, {KERNELS_SETTINGS: {"commsOverSubshells": request.param}}) as url:
        yield url, work


def test_workshop_driven_by_clicks_resumed_reopened_and_converted(lab: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, work = lab
    mode = json.loads((work / "lab-settings" / "overrides.json").read_text())[KERNELS_SETTINGS][
        "commsOverSubshells"
    ]
    shots = ARTIFACTS / f"workshop-{mode}"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    checks = Checks()
    watch = PageWatch()
    subshell_requests: list[str] = []
    with sync_playwright() as pw, chromium_page(pw, width=1280, height=1600) as page:
        watch.attach(page)
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framesent",
                lambda payload: (
                    subshell_requests.append("x")
                    if "create_subshell_request"
                    in (payload if isinstance(payload, str) else payload.decode("latin-1"))
                    else None
                ),
            ),
        )
        nb = WorkshopPage(page, shots, checks)
        try:
            _check_setting(page, url, mode, checks)
            open_notebook(page, url, NOTEBOOK)
            nb.mark("JupyterLab opened the notebook")
            _drive_first_kernel(nb, work / ".sofia")
            _restart_and_resume(nb, work)
            _finish_in_resumed_kernel(nb)
            _every_button_twice(nb)
            expected = _record_expectations(work)
            _save_shut_down_and_reopen(nb, url, expected)
        finally:
            watch.write(shots / "console.log")
            (shots / "timings.txt").write_text("\n".join(nb.timings))
    _check_html_export(work, expected, checks)
    checks.that(not watch.page_errors, f"pageerror events: {watch.page_errors}")
    checks.that(not watch.console_errors, f"console errors: {watch.console_errors}")
    if mode == "perCommTarget":
        checks.that(subshell_requests, "comms over subshells are on, yet the page never asked for a subshell")
    else:
        checks.that(
            not subshell_requests, f"comms over subshells are off, yet {len(subshell_requests)} asked"
        )
    assert not checks.failures, f"[{mode}] " + "\n".join(checks.failures)


def _check_setting(page: Page, url: str, mode: str, checks: Checks) -> None:
    page.goto(f"{url}/lab/api/settings/{KERNELS_SETTINGS}")
    served = json.loads(page.locator("body").inner_text())
    default = served["schema"]["properties"]["commsOverSubshells"]["default"]
    checks.that(default == mode, f"overrides.json did not set commsOverSubshells={mode} (served {default})")


def _drive_first_kernel(nb: WorkshopPage, home: Path) -> None:
    page = nb.page
    menu(page, "Run", "Run All Cells")
    nb.wait_for("the app", lambda: any(nb.button(b).is_visible() for b in ("Start", "Send", "Develop")))
    wait_idle(page)
    nb.wait_for("every cell run", lambda: page.locator(".jp-InputPrompt:has-text('[*]')").count() == 0)
    nb.mark("Run All")
    nb.screenshot("opened")
    start = nb.button("Start")
    if not _usable(start) or "Welcome to the Discover" in nb.text():
        pytest.fail(
            "after an interactive Run All the app offers no enabled Start: the notebook opened the "
            "phase itself (01_workshop's `run.play(inputs)` plays the demo inputs when interactive). "
            f"App: {nb.text()[:600]!r}"
        )
    # Two quick clicks, as people do: the second arrives while the first step runs.
    before = nb.text()
    start.dblclick()
    nb.clicks["Start"] += 2
    text = nb.settle("Start", before, "Welcome to the Discover phase")
    # The second click is refused in words whether it reaches the kernel while the first step runs
    # or after it (Start is gone by then); it never opens the phase a second time.
    nb.checks.that(
        text.count("Welcome to the Discover phase") == 1 and re.search(r"not started", text),
        "the second click on Start was lost silently or opened the phase again (no reason given)",
    )
    _check_prefilled(nb, DEMO_LINES["discover"][0], "after Start")
    discover = DEMO_LINES["discover"]
    nb.send(discover[0], "Here is what I heard")
    nb.choose("discover")
    # the current phase: resumed, nothing cleared; the demo says where the team is
    nb.click("Go to phase", re.compile(r"(Welcome back to|We are in|Still in) Discover"))
    # Discover is incomplete: the gate asks first (the card says what is missing), then moves
    nb.click("Continue", re.compile(r"Discover has no [a-z ,]+ yet: continue anyway\?"), asks=True)
    # Two quick clicks on Continue anyway: the card takes the first answer, and Ideate opens once.
    nb.wait_for("an enabled 'Continue anyway'", lambda: nb.state("Continue anyway")[2])
    before = nb.text()
    nb.button("Continue anyway").dblclick()
    nb.clicks["Continue anyway"] += 2
    text = nb.settle("Continue anyway", before, "Welcome to Ideate")
    nb.checks.that(
        text.count("Welcome to Ideate") == 1 and nb.stepper_current() == "Ideate",
        "a double click on Continue anyway moved or opened more than once",
    )
    nb.check_page("Ideate after an incomplete Discover")
    # Discover started over: the plain confirmation, first Stay, then Go back.
    for answer, stays in (("Stay", True), ("Go back", False)):
        nb.choose("discover")
        nb.going_back(start_over=True)
        nb.click("Go to phase", re.compile(r"Start Discover over", re.I), asks=True)
        text = nb.text()
        nb.checks.that("May sofia_nb call" not in text, "going back is presented as a tool-consent card")
        nb.checks.that(
            nb.button("Go back").is_visible() and nb.button("Stay").is_visible(),
            "the go-back confirmation does not offer Go back and Stay",
        )
        nb.screenshot(f"confirm-back-{answer.lower().replace(' ', '-')}")
        nb.click(answer)
        nb.checks.that(
            (nb.stepper_current() == "Ideate") == stays,
            f"after {answer!r} the stepper shows {nb.stepper_current()}",
        )
    nb.wait_for("Discover started over", lambda: nb.stepper_current() == "Discover")
    _check_prefilled(nb, discover[0], "after going back to Discover")
    nb.send(discover[0], "Here is what I heard")
    text = nb.send(OWN_TEXT)
    nb.checks.that(OWN_TEXT in text, "the person's own message is not in the conversation")
    own_reply = _reply_to(OWN_TEXT, _read_session(home))
    shown = " ".join(re.sub(r"\*\*|`", "", own_reply).split())[:60]
    nb.checks.that(
        shown and shown in " ".join(text.split()),
        f"the demo's answer to our own text is not shown: {own_reply!r}",
    )
    nb.checks.that(
        "script" in own_reply,
        f"the demo's answer to our own text does not say it follows a script: {own_reply!r}",
    )
    # The face words how to connect a real model (the script's answer names no flag or parameter).
    deadline = time.monotonic() + 10
    while "llm=" not in nb.text() and time.monotonic() < deadline:
        time.sleep(0.2)
    nb.checks.that("llm=" in nb.text(), "after our own text nothing says how to connect a real model (llm=…)")
    nb.checks.that("script exhausted" not in text, "the demo says 'script exhausted' to a person's own text")
    nb.send(discover[1], "Order intake to delivery it is")
    nb.send(discover[2], "Here is the workflow")
    nb.send(discover[3], "That completes Discover")
    nb.click("Refine", "refine Discover, without saying what to change")  # a revision, as a patch
    nb.check_conversation("Discover")
    nb.check_page("Discover")
    nb.screenshot("discover")

    nb.click("Continue", "Welcome to Ideate")
    _toggle_details(nb)
    nb.send(DEMO_LINES["ideate"][0], "Recorded")
    nb.send(DEMO_LINES["ideate"][1], "How might we never retype an order")
    nb.check_conversation("Ideate")
    nb.check_page("Ideate")
    nb.check_layout("Ideate")
    nb.screenshot("ideate")

    nb.click("Continue", "Welcome to Design")
    # Back to Ideate: reopened with the team's reason (nothing cleared), then Design is reviewed.
    for answer in ("Go back", "Stay"):
        nb.choose("ideate")
        nb.going_back("the night desk wants photos of handwritten orders too")
        nb.click("Go to phase", re.compile(r"Go back to Ideate\? It is reopened", re.I), asks=True)
        nb.screenshot(f"reopen-ideate-{answer.lower().replace(' ', '-')}")
        nb.click(answer)
        if answer == "Go back":
            nb.wait_for("Ideate reopened", lambda: nb.stepper_current() == "Ideate")
            nb.wait_for("the reopening answered", lambda: bool(REOPENED.search(nb.text())))
            nb.checks.that(
                "Design was recorded before Ideate was reopened" in nb.text()
                and nb.button("Keep as is").is_visible(),
                "after reopening Ideate, Design is not offered for review with Keep as is",
            )
            nb.click("Keep as is", "kept Design as it is")  # no review: Design stays as it was
    nb.checks.that(nb.stepper_current() == "Design", f"after Stay the stepper shows {nb.stepper_current()}")
    nb.send(DEMO_LINES["design"][0])
    nb.click("Refine", "refine Design, without saying what to change")  # the box holds a scripted line
    nb.check_conversation("Design")
    nb.check_page("Design")
    nb.screenshot("design")

    nb.click("Continue", "Composite scores")
    nb.send(DEMO_LINES["select"][0], "Confirmed")
    nb.check_conversation("Select")
    nb.check_page("Select")
    nb.screenshot("select")
    # Back to Design to change one score: reopened, and Select is offered for review on the way forward.
    nb.choose("design")
    nb.going_back("idea-2's value is 4, not 3")
    nb.click("Go to phase", re.compile(r"Go back to Design\? It is reopened", re.I), asks=True)
    nb.click("Go back")
    nb.wait_for("Design reopened", lambda: nb.stepper_current() == "Design")
    nb.wait_for("the reopening answered", lambda: len(REOPENED.findall(nb.text())) >= 2)
    nb.checks.that(
        "Select was recorded before Design was reopened (idea-2's value is 4, not 3)" in nb.text(),
        "after reopening Design, Select is not offered for review with the reason",
    )
    nb.screenshot("design-reopened")
    nb.click("Keep as is", "kept Select as it is")

    nb.click("Continue", "Welcome to Plan")
    text = nb.click("Pause", re.compile(r"paused", re.I))
    nb.checks.that(nb.button("Resume").is_visible(), "after Pause no Resume is offered")
    nb.checks.that(not _usable(nb.button("Send")), "Send stays enabled while the workshop is paused")
    nb.click("Resume", re.compile(r"resumed", re.I))
    nb.check_page("Plan")
    nb.screenshot("plan")


def _check_prefilled(nb: WorkshopPage, line: str, when: str) -> None:
    """The box offers ``line`` once the step has settled: the stepper can change while the step
    still runs, and the box is filled when it ends (a comm message later, on a slow machine)."""
    box = ""
    deadline = time.monotonic() + STEP_MS / 1000
    while time.monotonic() < deadline:
        box = nb.app.locator("textarea").first.input_value()
        if box.strip() == line.strip():
            break
        time.sleep(POLL_S)
    nb.checks.that(
        box.strip() == line.strip(), f"{when}: the demo's next line is not offered in the box ({box[:80]!r})"
    )


def _toggle_details(nb: WorkshopPage) -> None:
    details = nb.app.locator("button").filter(has_text=re.compile(r"^\s*details\s*$")).first
    nb.wait_for("a tool call with details", details.is_visible)
    for _ in range(2):
        before = nb.text()
        details.click()
        nb.clicks["details"] += 1
        nb.settle("details", before)
    nb.check_conversation("tool details closed again")


def _restart_and_resume(nb: WorkshopPage, work: Path) -> None:
    page = nb.page
    saved = _read_session(work / ".sofia")
    old_output = nb.app.locator(".jp-OutputArea-child").first.element_handle()
    menu(page, "Kernel", "Restart Kernel…")
    page.locator(".jp-Dialog-button.jp-mod-accept").click()
    nb.mark("restart asked")
    line = page.locator(".jp-CodeCell .cm-line").filter(has_text="session = None").first
    line.click()
    page.keyboard.press("Home")
    page.keyboard.press("Shift+End")
    page.keyboard.insert_text('session = "last"')
    page.keyboard.press("Escape")
    menu(page, "Run", "Run All Cells")
    # The old app stays on the page until its cell runs again in the new kernel.
    nb.wait_for("the old app replaced", lambda: not old_output.evaluate("e => e.isConnected"), 90_000)
    # Run All scrolls to the last cell: JupyterLab does not draw an off-screen cell (its text reads
    # empty), so the app's cell is brought back into view before it is read.
    nb.wait_for("the resumed app", lambda: nb.in_view() and (nb.state("Send")[1] or nb.state("Resume")[1]))
    wait_idle(page)
    nb.wait_for("every cell run", lambda: page.locator(".jp-InputPrompt:has-text('[*]')").count() == 0)
    # The resumed app draws its conversation and log after its buttons: read it once they are drawn
    # (a bounded wait; on a loaded machine the first read could come before).
    nb.wait_for("the resumed app drawn", lambda: nb.in_view() and "Welcome to Plan" in nb.text(), 60_000)
    text = nb.text()
    nb.mark("restarted and resumed")
    nb.screenshot("resumed")
    nb.checks.that(nb.stepper_current() == "Plan", f"resumed at {nb.stepper_current()!r}, not Plan")
    nb.checks.that("✓ Select" in text, "the resumed stepper does not show Select done")
    nb.checks.that("Welcome to Plan" in text, "the resumed conversation lacks Plan's opening")
    nb.checks.that(
        OWN_TEXT in text, "the resumed conversation lacks the person's own message (from Discover)"
    )
    for call in saved["tool_calls"]:
        name = f"{call['server']}/{call['tool']}"
        nb.checks.that(name in text, f"the resumed tool log lacks {name}")
    tokens = saved["tokens"]["input_tokens"]
    nb.checks.that(
        re.search(rf"\b{tokens}\b|\b{tokens:,}\b", text),
        f"the resumed meter does not show the {tokens} input tokens",
    )
    nb.checks.that(not re.search(r"context[^\n]*\b0 ?%", text), "the resumed meter's context bar reads 0 %")
    _check_prefilled(nb, DEMO_LINES["plan"][0], "after the resume")
    nb.check_page("after the resume")


def _finish_in_resumed_kernel(nb: WorkshopPage) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    text = nb.send(DEMO_LINES["plan"][0], re.compile(r"That is the plan|Welcome back"))
    nb.checks.that(
        "That is the plan" in text, "after the resume the demo does not answer Plan's line in turn"
    )
    nb.click("Pause", re.compile(r"paused", re.I))
    nb.click("Resume", re.compile(r"resumed", re.I))
    nb.click("Continue", re.compile(r"conversation is over|plan is ready|Develop", re.I))
    options = nb.app.locator("select option").all_inner_texts()
    nb.checks.that("develop" not in options, f"'develop' is offered as a conversation phase: {options}")
    nb.checks.that(nb.stepper_current() == "Develop", f"after Plan the stepper shows {nb.stepper_current()}")
    nb.screenshot("ended")
    # The Ralph loop ends in an outcome (or a notice saying why it could not run): never a wait.
    outcome = re.compile(r"\d+ passed, \d+ failed; PoC in|Develop needs|error|could not", re.I)
    text = nb.click("Develop", outcome, timeout_ms=120_000)
    nb.checks.that(
        re.search(r"success \(.+\) after \d+ iterations?: \d+ passed, 0 failed; PoC in", text),
        f"Develop did not end with passing tests and the PoC path: {_last_notice(nb)!r}",
    )
    stop = nb.app.locator("button").filter(has_text=re.compile(r"^\s*(Stop|Finished)\s*$")).last
    nb.checks.that(not _usable(stop), "the Ralph panel's Stop is still enabled after the loop ended")
    nb.screenshot("developed")
    nb.button("Develop").click()  # again, on the finished PoC: it says so at once
    nb.clicks["Develop"] += 1
    said = nb.app.get_by_text(re.compile("already complete", re.I)).first
    try:
        said.wait_for(timeout=15_000)
    except PlaywrightTimeout:
        nb.checks.that(False, f"Develop on a finished PoC does not say so: {_last_notice(nb)!r}")
    nb.wait_for("Develop enabled again", lambda: nb.state("Develop")[2])
    for _ in range(2):  # the second writes the export anew: the same links
        nb.click("Export", "report.html", changes=False)
    nb.check_conversation("the end")
    nb.check_page("the end")
    nb.screenshot("exported")


def _last_notice(nb: WorkshopPage) -> str:
    notices = nb.app.locator("[class*='notice']").all_inner_texts()
    return notices[-1] if notices else ""


def _every_button_twice(nb: WorkshopPage) -> None:
    required = {"Start", "Send", "Continue", "Refine", "Go to phase", "Go back", "Stay", "Pause", "Resume"}
    required |= {"Develop", "Export", "details"}
    # "Invite the team" starts the participant server: tests/browser/test_team_in_jupyterlab.py
    # clicks it and the panel's buttons (with phones); this journey leaves the team out.
    for label in sorted(required | (nb.enabled_labels - {"", "Invite the team"})):
        nb.checks.that(nb.clicks[label] >= 2, f"{label!r} was clicked {nb.clicks[label]} time(s), not twice")


def _record_expectations(work: Path) -> dict[str, list[str]]:
    """What the record must show, read from the session file the journey produced."""
    session = _read_session(work / ".sofia")
    tokens = session["tokens"]
    return {
        "conversation": [OWN_TEXT, DEMO_LINES["discover"][0][:60], "Welcome to Plan"],
        "consent decisions": sorted({c["tool"] for c in session["consent_decisions"]}),
        "tool calls": sorted({f"{c['server']}/{c['tool']}" for c in session["tool_calls"]}),
        "token totals": [str(tokens["input_tokens"]), str(tokens["output_tokens"])],
    }


def _check_record(text: str, expected: dict[str, list[str]], where: str, checks: Checks) -> None:
    flat = re.sub(r"\s+", " ", text).replace(",", "")
    for what, needles in expected.items():
        missing = [n for n in needles if re.sub(r"\s+", " ", n).replace(",", "") not in flat]
        checks.that(not missing, f"{where} does not show the {what}: missing {missing}")
    checks.that(re.search(r"consent|allow|deny", flat, re.I), f"{where} shows no consent decision")


def _save_shut_down_and_reopen(nb: WorkshopPage, url: str, expected: dict[str, list[str]]) -> None:
    page = nb.page
    menu(page, "File", "Save Notebook")
    page.locator(".jp-mod-dirty").first.wait_for(state="detached", timeout=15_000)
    menu(page, "Kernel", "Shut Down Kernel")
    accept = page.locator(".jp-Dialog-button.jp-mod-accept")
    if accept.count():
        accept.click()
    page.get_by_text(
        re.compile(r"No Kernel|Kernel Dead|Python 3 \(ipykernel\) \| (Idle|Unknown)")
    ).first.wait_for(timeout=15_000)
    page.goto("about:blank")
    open_notebook(page, url, NOTEBOOK)
    # A widget whose model is gone says so after the manager's two-second search.
    nb.wait_for(
        "the reopened outputs rendered",
        lambda: "Loading widget..." not in nb.notebook_text() and nb.app.is_visible(),
        timeout_ms=30_000,
    )
    time.sleep(2.5)  # the widget manager looks for a missing model for 2 s before it says so
    nb.screenshot("reopened")
    text = nb.notebook_text()
    nb.check_page("the reopened notebook")
    _check_record(text, expected, "the reopened notebook", nb.checks)
    nb.check_conversation("the reopened notebook")


def _check_html_export(work: Path, expected: dict[str, list[str]], checks: Checks) -> None:
    from bs4 import BeautifulSoup

    out = work / "html"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            str(work / NOTEBOOK),
            "--output-dir",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    html_file = out / "01_workshop.html"
    shutil.copy(html_file, ARTIFACTS / f"workshop-{work.name}.html")
    soup = BeautifulSoup(html_file.read_text(encoding="utf-8"), "html.parser")
    for hidden in soup(["script", "style"]):
        hidden.decompose()
    text = soup.get_text(" ")
    _check_record(text, expected, "the nbconvert HTML", checks)
    bad = FORBIDDEN.search(text)
    checks.that(bad is None, f"the nbconvert HTML shows {bad and _around(text, bad)!r}")
    for facilitator_only in soup("details"):  # the raw JSON one click away is allowed
        facilitator_only.decompose()
    shown = soup.get_text(" ")
    raw = RAW_JSON.search(shown)
    checks.that(raw is None, f"the nbconvert HTML shows raw JSON: {raw and _around(shown, raw)!r}")
