"""Text as text in a terminal: no control character, so no escape sequence, reaches it."""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, and the C1 controls (0x9b alone starts a sequence in
# some terminals). A carriage return goes too: it would let text overwrite what precedes it.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_text(text: str) -> str:
    """``text`` without control characters (newline and tab kept).

    An escape sequence cannot start without its ESC (or C1) character, and what follows it is
    printable: it stays, visible as text (``]0;title``), so a person sees what the content held.
    """
    return _CONTROL.sub("", text)
