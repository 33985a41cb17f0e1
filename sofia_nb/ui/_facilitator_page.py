"""FacilitatorPage: the no-code app's page (notebook 06) — which workshop, then its app.

Run by a person (JupyterLab, Voilà) with ``session=None``, the page opens on the
``SessionPicker`` (continue the latest workshop that has content, open another, or start a new
one) instead of making a new empty session per load. Headless (papermill, nbval: nobody clicks)
``session=None`` keeps its meaning, a new session; an id or ``"last"`` opens that session at once.

In Voilà the page's address names the workshop once one is open, so a reload (a new kernel)
opens it again without asking, and a closed page stops its kernel (``_voila.py``). In JupyterLab
a reload keeps the kernel, and the page shows the app it had.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import ipywidgets as w

from ..session import SessionHeldError, SessionNotFoundError, SessionStore
from ._current import use
from ._notebook import NotebookWorkshop
from ._notices import notice_text
from ._session_picker import SessionPicker
from ._session_watch import SessionWatch
from ._voila import VoilaPage, in_voila, page_session
from ._workshop_app import WorkshopApp

Opener = Callable[[str | None, bool], Awaitable[NotebookWorkshop]]
"""Opens a workshop for the page: a session id (or ``"last"``), or None for a new session; and
whether to take it over from a live holder."""
RELOAD_WAIT_S = 20.0
"""How long a reloaded Voilà page waits for its previous kernel (stopped by the old page's beacon)
to let the session go, before it says the session is held and watches it."""


class FacilitatorPage:
    """The facilitator's page: the picker until a workshop is chosen, then that workshop's app.

    ``opener`` opens the workshop chosen; ``store`` is where the picker finds the sessions.
    ``view`` is the page's widget; ``run`` is the ``NotebookWorkshop`` once one is open (None
    while the picker shows, or the watch of a session another live run holds).
    """

    def __init__(self, opener: Opener, store: SessionStore) -> None:
        self.opener = opener
        self.store = store
        self.run: NotebookWorkshop | None = None
        self.picker: SessionPicker | None = None
        self.watching: SessionWatch | None = None
        self.address = VoilaPage() if in_voila() else None
        self.tasks: list[asyncio.Task[Any]] = []
        self._record_slot: Any = None
        self.view = w.VBox([*([self.address] if self.address is not None else [])])
        self.view.add_class("sofia-nb-page")

    @classmethod
    async def open(
        cls, *, session: str | None = None, interactive: bool = True, **workshop: Any
    ) -> FacilitatorPage:
        """The page for notebook 06: ``session`` and ``interactive`` as ``NotebookWorkshop.open``
        takes them (as do the other keywords), except that a person's ``session=None`` asks which
        workshop (the picker) instead of starting a new one; a Voilà page's address that names a
        session (a reload) opens it."""

        face = "voila" if in_voila() else "notebook"

        async def opener(chosen: str | None, take_over: bool) -> NotebookWorkshop:
            return await NotebookWorkshop.open(
                session=chosen, interactive=interactive, face=face, take_over=take_over, **workshop
            )

        page = cls(opener, SessionStore())
        if not interactive:
            await page.choose(session)
        elif session is not None:
            await page._open_or_watch(session)
        elif (addressed := page_session()) is not None:
            try:
                await page._open_or_watch(addressed, wait_s=RELOAD_WAIT_S)
            except SessionNotFoundError:  # the address outlived its session (deleted, another home)
                page.ask(f"The address named workshop {addressed}, which is not saved here: choose one.")
        else:
            page.ask()
        return page

    async def _open_or_watch(self, session_id: str, wait_s: float = 0.0) -> None:
        """Open ``session_id``; held by another live run, watch it (after waiting up to ``wait_s``
        for a Voilà page's previous kernel to let it go: a reload's old kernel is being stopped)."""
        deadline = asyncio.get_running_loop().time() + wait_s
        while True:
            try:
                await self.choose(session_id)
                return
            except SessionHeldError as exc:
                held = exc
            if held.holder.face != "voila" or asyncio.get_running_loop().time() >= deadline:
                self.watch(held)
                return
            await asyncio.sleep(0.25)

    @property
    def app(self) -> WorkshopApp | None:
        """The open workshop's app (None while the picker shows)."""
        return self.run.app if self.run is not None else None

    def ask(self, note: str = "") -> SessionPicker:
        """Show the picker (``note``: why it shows, e.g. the address named no saved session)."""
        picker = SessionPicker(self.store, self._picked)
        if note:
            picker.say(note, "warning")
        self._replace(picker)
        self.picker = picker
        return picker

    def watch(self, held: SessionHeldError) -> SessionWatch:
        """Show the session another live run holds, read-only, with who holds it and since when."""
        watch = SessionWatch(self.store, held.session_id, held.holder, self._take)
        self._replace(watch)
        self.watching = watch
        return watch

    def _picked(self, session_id: str | None) -> None:
        self.tasks.append(asyncio.ensure_future(self._open_picked(session_id)))

    async def _open_picked(self, session_id: str | None) -> None:
        try:
            await self.choose(session_id)
        except SessionHeldError as exc:  # another tab or the terminal has it: watch it here
            self.watch(exc)
        except Exception as exc:  # a session that cannot be opened: said on the picker, which stays
            if self.picker is None:
                raise
            self.picker.reopen(notice_text(exc))

    def _take(self, take_over: bool) -> None:
        self.tasks.append(asyncio.ensure_future(self._open_watched(take_over)))

    async def _open_watched(self, take_over: bool) -> None:
        watch = self.watching
        assert watch is not None
        try:
            await self.choose(watch.session_id, take_over=take_over)
        except SessionHeldError as exc:  # taken again in between: the watch says by whom
            watch.reopen(str(exc))
        except Exception as exc:
            watch.reopen(notice_text(exc))

    async def choose(self, session_id: str | None, *, take_over: bool = False) -> NotebookWorkshop:
        """Open ``session_id`` (None: a new session) and show its app in place of the picker (or
        the watch); ``take_over`` takes it from a live run that holds it. A session another live
        run holds raises ``SessionHeldError`` without ``take_over``."""
        run = await self.opener(session_id, take_over)
        self.run = run
        if self.address is not None:
            self.address.session = run.session.id
        self._replace(run.app)
        use(run.app)  # the app shown is the one %%sofia cells talk to
        if self._record_slot is not None:
            run.app.record.show_in(self._record_slot)
        return run

    def _replace(self, widget: w.Widget) -> None:
        """Show ``widget`` in place of the picker or the watch (closed: the watch stops looking)."""
        for old in (self.picker, self.watching):
            if old is not None and old is not widget:
                old.close()
        self.picker = self.watching = None
        self.view.children = [widget, *([self.address] if self.address is not None else [])]

    async def aclose(self) -> None:
        """Wait for the open workshop's steps, then stop its servers (nothing, while the picker shows)."""
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.run is not None:
            await self.run.aclose()

    def as_text(self) -> str:
        shown = self.run.app if self.run is not None else self.picker or self.watching
        return shown.as_text() if shown is not None else ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.view._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = self.as_text()
        return bundle

    def _ipython_display_(self) -> None:
        """The page, then the open app's static record (what a kernel-less notebook shows); a
        workshop chosen later puts its record in the same place."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        self._record_slot = display({"text/plain": ""}, raw=True, display_id=True)
        if self.run is not None:
            self.run.app.record.show_in(self._record_slot)
