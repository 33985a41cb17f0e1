"""What the facilitator's page needs in Voilà: which session its address names, and a closed page
whose kernel stops.

**The address.** In Voilà every load is a new kernel that runs the notebook again, so the page's
address says which workshop it shows: once one is open, ``VoilaPage`` puts ``?session=ID`` in it
(``history.replaceState``: no new history entry), and Voilà hands a page's query string to its
kernel (``QUERY_STRING``), so a reload — or the address bookmarked — opens that workshop again.

**A closed page's kernel.** Voilà's page asks its server to shut its kernel down when it is
closed or reloaded: a ``beforeunload`` beacon to ``voila/api/shutdown/<kernel>`` whose form
field ``_xsrf`` is the value of the ``_xsrf`` cookie. Voilà's page never sets that cookie, so the
field went empty, the server answered 403 (``'_xsrf' argument missing from POST``) and every
closed page left its kernel running. The check compares the field with the cookie (tornado's
double-submit rule), so ``VoilaPage`` sets a random ``_xsrf`` cookie when the page has none: the
beacon then passes the check, which stays on. A cookie the server set is kept.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import anywidget
import traitlets as t

from ..session import is_safe_session_id

_ESM = """
const ensureXsrfCookie = () => {
  if (/(^|;\\s*)_xsrf=[^;]+/.test(document.cookie)) return;  // the server's own: kept
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
};

export default {
  render({ model, el }) {
    el.style.display = "none";
    ensureXsrfCookie();
    const address = () => {
      const id = model.get("session");
      if (!id) return;
      const url = new URL(window.location.href);
      if (url.searchParams.get("session") === id) return;
      url.searchParams.set("session", id);
      window.history.replaceState(window.history.state, "", url.toString());
    };
    address();
    model.on("change:session", address);
    return () => model.off("change:session", address);
  },
};
"""


class VoilaPage(anywidget.AnyWidget):
    """Invisible; in a Voilà page: ``session`` (once set) goes into the page's address, and the
    page gets the ``_xsrf`` cookie its shutdown beacon needs (see the module's docstring)."""

    _esm = t.Unicode(_ESM).tag(sync=True)
    session = t.Unicode("").tag(sync=True)


def in_voila() -> bool:
    """Whether this kernel runs a Voilà page (Voilà names itself in the kernel's environment)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def page_session() -> str | None:
    """The session a Voilà page's address names (``?session=ID``), if it is a valid id.

    The address is the browser's, so the id is checked before any file is named by it."""
    if not in_voila():
        return None
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("session", [])
    value = values[-1].strip() if values else ""
    return value if is_safe_session_id(value) else None
