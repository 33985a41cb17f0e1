"""Run by ``test_holder.py``: holds a session as a separate process would (a run), says ``held``,
then saves the session each time a line arrives on stdin, until stdin closes."""

from __future__ import annotations

import sys

from sofia_nb.session import Phase, SessionStore

store = SessionStore(sys.argv[1])
hold = store.hold(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "workshop")
session = store.load(sys.argv[2])
print("held", flush=True)
for line in sys.stdin:
    session.add_turn(Phase.DISCOVER, "user", line.strip())
    try:
        store.save(session)
        print("saved", flush=True)
    except Exception as exc:
        print(f"{type(exc).__name__}: {exc}", flush=True)
hold.release()
