"""A model's long reply, as the streaming tests of the terminal and the notebook script it."""

from __future__ import annotations


def long_reply(chars: int = 12_000) -> str:
    """At least ``chars`` characters of numbered sections of prose and lists (so a test can tell the
    first from the last), ending on the line ``Last line of the reply: ORCHARD-END.``"""
    out: list[str] = []
    n = 0
    while sum(map(len, out)) < chars - 100:
        n += 1
        out.append(
            f"### Section {n}\n\nDepot {n} takes **{n * 3} calls** an hour at night; the router would "
            "read the order mailbox and propose a tour, and the dispatcher keeps the last word.\n\n"
            f"- data: order mails, tours of the last year\n- owner: dispatcher of depot {n}\n\n"
        )
    out.append("Last line of the reply: ORCHARD-END.\n")
    return "".join(out)
