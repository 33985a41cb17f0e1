"""Clicks that always work: a click delivered on another thread with its own running loop (ipykernel 7
comms over subshells) runs its action on the app's loop; a click during a step is refused out loud."""

from __future__ import annotations

import asyncio
import threading

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb._aio import LoopThread
from sofia_nb.session import Phase, SessionStore
from sofia_nb.ui import WorkshopApp
from sofia_nb.workshop import Workshop

from .test_workshop_app import EchoModel


class LoopRecordingModel(EchoModel):
    """Notes the loop and thread each request ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.loops: list[asyncio.AbstractEventLoop] = []
        self.threads: list[threading.Thread] = []

    async def complete(self, messages, **kwargs):  # type: ignore[no-untyped-def]
        self.loops.append(asyncio.get_running_loop())
        self.threads.append(threading.current_thread())
        return await super().complete(messages, **kwargs)


class GatedModel(EchoModel):
    """Holds each reply until ``gate`` is set, so a test can click while a step runs."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()

    async def complete(self, messages, **kwargs):  # type: ignore[no-untyped-def]
        self.waiting.set()
        await self.gate.wait()
        return await super().complete(messages, **kwargs)


async def _tasks_started(app: WorkshopApp, count: int) -> None:
    for _ in range(500):  # the handed-over click runs on a later turn of this loop
        if len(app.tasks) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the click never started a step ({len(app.tasks)} of {count})")


async def test_clicks_from_another_thread_with_its_own_loop_run_on_the_apps_loop(tmp_path) -> None:
    model = LoopRecordingModel()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    app_loop = asyncio.get_running_loop()
    subshell = LoopThread("subshell-test")  # like ipykernel 7: a thread running a loop of its own

    async def click(button_name: str) -> None:
        getattr(app, button_name).click()  # the handler runs here, on the subshell's loop

    try:
        for n, (button, text) in enumerate(
            [("start_button", ""), ("send_button", "We run 12 depots."), ("send_button", "Waste is 3 %.")],
            start=1,
        ):
            app.message.value = text
            await asyncio.to_thread(subshell.run, click(button))
            await _tasks_started(app, n)
            await asyncio.gather(*app.tasks)
    finally:
        subshell.close()
    assert all(task.exception() is None for task in app.tasks)
    assert model.loops == [app_loop] * 3 and threading.main_thread() in model.threads
    assert [content for role, content in app.transcript if role == "user"] == [
        "We run 12 depots.",
        "Waste is 3 %.",
    ]
    assert "error" not in app.status.value and "different loop" not in app.status.value


async def test_a_second_click_of_every_decision_button_works(tmp_path) -> None:
    workshop = Workshop.create(EchoModel(), store=SessionStore(tmp_path))
    workshop.session.phase = Phase.IDEATE
    app = WorkshopApp(workshop)
    for button in (app.start_button, app.refine_button, app.refine_button):
        button.click()
        await asyncio.gather(*app.tasks)
    app.phase_choice.value = "ideate"
    for _ in range(2):
        app.choose_button.click()
        await asyncio.gather(*app.tasks)
    assert all(task.exception() is None for task in app.tasks)
    assert len(app.tasks) == 5 and workshop.phase == Phase.IDEATE
    assert not any(b.disabled for b in (app.refine_button, app.choose_button, app.send_button))


async def test_buttons_are_disabled_during_a_step_and_a_click_then_is_refused_visibly(tmp_path) -> None:
    model = GatedModel()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    app.start_button.click()
    await model.waiting.wait()
    assert app.busy and all(b.disabled for b in app._buttons)
    app.message.value = "Our drivers wait an hour."
    app.send_button.click()  # a click the browser sent before it greyed the button out
    assert "Send was not started" in app.status.value and "click Send again" in app.status.value
    assert app.message.value == "Our drivers wait an hour."  # nothing typed is lost
    app.continue_button.click()
    assert "Continue was not started" in app.status.value
    model.gate.set()
    await asyncio.gather(*app.tasks)
    assert len(app.tasks) == 1 and workshop.phase == Phase.DISCOVER  # the refused Continue did nothing
    assert not any(b.disabled for b in (app.send_button, app.continue_button, app.pause_button))
    app.send_button.click()
    await asyncio.gather(*app.tasks)
    assert app.transcript[-2] == ("user", "Our drivers wait an hour.")
