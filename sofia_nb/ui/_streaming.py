"""The reply being written, in the notebook: what it costs to send grows with the reply, not its square.

``ipywidgets`` can only resend a whole value, so a reply shown in an ``HTML`` widget costs the sum
of its lengths so far on every delta. ``StreamingReply`` is an anywidget (a small ES module, no
build step) with two operations sent as custom messages: *append* a finished block's HTML (sent
once) and *edit* the open block (the HTML it keeps from the last frame, and what follows). The
view keeps the open block's HTML as a string and sets it once per frame. The facilitator's
machine does the same work per frame as an ``HTML`` widget; the kernel and the wire do less.

Every string it sends is sanitised HTML (``inert``); the module only puts it where it belongs.
A view that starts in the middle of a reply (a second view, a reloaded page) asks for all of it.
"""

from __future__ import annotations

import os
from typing import Any

import anywidget
import traitlets as t

from ..inert import SafeHtml

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("sofia-nb-streaming", "jp-RenderedHTMLCommon");
    const done = document.createElement("div");
    const open = document.createElement("div");
    el.append(done, open);
    let openHtml = "";
    const onMessage = (msg) => {
      if (msg.reset) { done.replaceChildren(); openHtml = ""; open.replaceChildren(); }
      if (msg.append) done.insertAdjacentHTML("beforeend", msg.append);
      if (msg.add !== undefined) {
        openHtml = openHtml.slice(0, msg.keep) + msg.add;
        open.innerHTML = openHtml;
      }
    };
    model.on("msg:custom", onMessage);
    model.send({ catch_up: true });
    return () => model.off("msg:custom", onMessage);
  },
};
"""


def _common_prefix(a: str, b: str) -> int:
    """How many leading characters ``a`` and ``b`` share."""
    return len(os.path.commonprefix([a, b]))  # noqa: RUF071 - characters are what is compared here


class StreamingReply(anywidget.AnyWidget):
    """The reply being written: finished blocks appended once, the open block edited per frame."""

    _esm = t.Unicode(_ESM).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._done: list[str] = []
        self._open = ""
        self.on_msg(self._on_view_message)

    @property
    def value(self) -> str:
        """The HTML the views show now (empty between replies)."""
        return "".join(self._done) + self._open

    def update(self, finished: list[SafeHtml], open_html: SafeHtml) -> None:
        """One frame: ``finished`` blocks appended, the open block now ``open_html``. Sends one
        message with what changed (nothing when nothing did)."""
        message: dict[str, Any] = {}
        if appended := "".join(finished):
            self._done.append(appended)
            message["append"] = appended
        if open_html != self._open:
            keep = _common_prefix(self._open, open_html)
            message.update(keep=keep, add=open_html[keep:])
            self._open = open_html
        if message:
            self.send(message)

    def clear(self) -> None:
        """The reply is over (its message is shown): the views are emptied."""
        if self._done or self._open:
            self._done, self._open = [], ""
            self.send({"reset": True})

    def _on_view_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("catch_up") and (self._done or self._open):
            self.send({"reset": True, "append": "".join(self._done), "keep": 0, "add": self._open})
