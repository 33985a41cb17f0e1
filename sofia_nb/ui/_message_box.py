"""The message box: what the team says, kept in the browser until it is sent.

An ``ipywidgets.Textarea`` holds its text only in the kernel's model and the page: when the
kernel restarts, what was typed (before, or into the old app after) is gone once the cell runs
again. ``MessageBox`` is an anywidget (a small ES module, no build step) whose view also keeps
each keystroke's text in the browser's ``localStorage`` under the session's id, before telling
the kernel. A new app on the same session (the cell run again with ``session="last"``, or a
reloaded page) puts that text back in its box and says so; the draft is dropped once the kernel
empties the box (the text was sent) or puts other text in it (the demo's next line, offered
only into an empty box). Text typed into an app whose kernel is gone is kept, and not sent.

The draft stays on the facilitator's machine, in the page's origin (the JupyterLab server), as
the notebook itself does; nothing is sent anywhere else.
"""

from __future__ import annotations

import anywidget
import traitlets as t

_ESM = """
const PREFIX = "sofia-nb-draft:";
const storage = () => { try { return window.localStorage; } catch (e) { return null; } };

export default {
  render({ model, el }) {
    el.classList.add("sofia-nb-message", "widget-textarea");
    const box = document.createElement("textarea");
    box.rows = 3;
    box.style.width = "100%";
    box.style.boxSizing = "border-box";
    box.style.font = "inherit";
    box.placeholder = model.get("placeholder");
    box.value = model.get("value");
    const note = document.createElement("div");
    note.className = "sofia-nb-draft-note";
    note.style.cssText = "color:#57606a;font-size:90%;margin:2px 0";
    el.append(box, note);

    const key = () => model.get("draft_key") ? PREFIX + model.get("draft_key") : null;
    const kept = () => { const s = storage(), k = key(); return s && k ? s.getItem(k) || "" : ""; };
    const keep = (text) => {
      const s = storage(), k = key();
      if (!s || !k) return;
      try { if (text) s.setItem(k, text); else s.removeItem(k); } catch (e) { /* full or denied */ }
    };
    // The kernel is told only while it is there: an app whose kernel is gone keeps the text here.
    const live = () => !el.closest(".jupyter-widgets-disconnected");
    const tell = (text) => {
      if (!live()) return;
      try { model.set("value", text); model.save_changes(); } catch (e) { /* the comm closed */ }
    };

    box.addEventListener("input", () => {
      keep(box.value);  // first in this browser: a kernel restart cannot take it
      note.textContent = "";
      tell(box.value);
    });
    const onValue = () => {
      const value = model.get("value");
      if (box.value !== value) box.value = value;
      if (kept() && value !== kept()) { keep(""); note.textContent = ""; }  // sent, or replaced
    };
    model.on("change:value", onValue);
    const onPlaceholder = () => { box.placeholder = model.get("placeholder"); };
    model.on("change:placeholder", onPlaceholder);

    const draft = kept();
    if (draft && draft !== model.get("value")) {
      box.value = draft;
      note.textContent = "Put back from this browser: what was typed here before the kernel " +
        "restarted (or the page was reloaded). It is not sent yet: Send sends it.";
      tell(draft);
    }
    return () => {
      model.off("change:value", onValue);
      model.off("change:placeholder", onPlaceholder);
    };
  },
};
"""


class MessageBox(anywidget.AnyWidget):
    """A text box whose unsent text survives a kernel restart (kept in the browser per session).

    ``value`` is the text (the kernel sets it to ``""`` once sent); ``draft_key`` names the
    draft in the browser, the session's id, so a new app on the same session finds it.
    """

    _esm = t.Unicode(_ESM).tag(sync=True)
    value = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("").tag(sync=True)
    draft_key = t.Unicode("").tag(sync=True)
