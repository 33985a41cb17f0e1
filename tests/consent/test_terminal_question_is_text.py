"""The terminal's consent question shows the model's and the server's words as text: a tool name,
a description or an argument holding an escape sequence reaches the terminal without its control
characters, their printable rest still readable (docs/security.md)."""

from __future__ import annotations

import asyncio
import io

from sofia_nb.consent import ConsentRequest, LineReader, TerminalConsent


def test_the_question_holds_no_control_character_of_the_request() -> None:
    out = io.StringIO()
    request = ConsentRequest(
        tool="evil/\x1b]0;title\x07search",
        description="reads \x1b[2Jthe web\r",
        arguments={"query": "\x1b]52;c;cHduZWQ=\x07 clipboard"},
        deadline_s=5,
    )
    asyncio.run(TerminalConsent(LineReader(io.StringIO("n\n")), out).ask(request))
    shown = out.getvalue()
    assert shown == (
        "Allow tool ]0;titlesearch of server evil?\n"
        "  reads [2Jthe web\n"
        "  arguments:\n"
        "    {\n"
        '      "query": "\\u001b]52;c;cHduZWQ=\\u0007 clipboard"\n'
        "    }\n"
        "  [y] once  [s] for this session  [N] deny  (denied after 5s) > "
    )
