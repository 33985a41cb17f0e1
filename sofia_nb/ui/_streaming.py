"""The reply being written, in the notebook: what it costs to send grows with the reply, not its square.

``ipywidgets`` can only resend a whole value, so a reply shown in an ``HTML`` widget costs the sum
of its lengths so far on every delta. ``StreamingReply`` is an anywidget (a small ES module, no
build step) with two operations sent as custom messages: *done* (the open block finished: the
part of its HTML the view already has, by length, and the rest; further blocks finished in the
same frame follow whole) and *edit* the open block (the HTML it keeps from the last frame, and
what follows). So each character of the reply crosses the wire about once, whether it arrived in
an open block or a finished one. The view keeps the open block's HTML as a string and sets it
once per frame. The facilitator's machine does the same work per frame as an ``HTML`` widget;
the kernel and the wire do less. Lengths are counted as JavaScript counts them (UTF-16 code
units), so a character outside the BMP (an emoji) before the cut does not shift it.

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
      if (msg.done) {  // the open block finished: what it keeps of its HTML, and the rest
        done.insertAdjacentHTML("beforeend", openHtml.slice(0, msg.done[0]) + msg.done[1]);
        openHtml = "";
        open.replaceChildren();
      }
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


def _common_prefix(a: str, b: str) -> tuple[int, int]:
    """What ``a`` and ``b`` share at their start: its length in characters (to slice here) and
    in UTF-16 code units (what the view's ``String.slice`` counts)."""
    shared = os.path.commonprefix([a, b])  # noqa: RUF071 - characters are what is compared here
    return len(shared), len(shared.encode("utf-16-le")) // 2


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
            # The view has the open block's HTML up to the last frame: the finished one most
            # often begins with it, so only what differs is sent.
            keep, units = _common_prefix(self._open, appended)
            self._done.append(appended)
            message["done"] = [units, appended[keep:]]
            self._open = ""
        if open_html != self._open:
            keep, units = _common_prefix(self._open, open_html)
            message.update(keep=units, add=open_html[keep:])
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
