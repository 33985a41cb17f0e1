"""A small clean process that forks session savers on request, for the crash-safety test.

Protocol, one line each way: ``fork`` starts a child that saves the session again and again and
prints its pid after its first save; ``reap`` waits until that child is dead and prints
``reaped``. Forking here, from a single-threaded interpreter, rather than from pytest keeps the
children free of locks that the test runner's threads might hold.

Usage: ``python _saver.py SESSIONS_DIR SESSION_ID``
"""

from __future__ import annotations

import os
import random
import sys

from sofia_nb.session import Phase, SessionStore


def save_forever(store: SessionStore, session_id: str) -> None:
    session = store.load(session_id)
    rng = random.Random(os.getpid())
    saves = 0
    while True:
        session.add_turn(Phase.DISCOVER, "user", "x" * rng.randint(1, 5_000))
        del session.turns[:-20]  # keep each save about the same size however long the child runs
        store.save(session)
        saves += 1
        if saves == 1:
            os.write(1, f"{os.getpid()}\n".encode())


def main(root: str, session_id: str) -> None:
    store = SessionStore(root)
    for line in sys.stdin:
        if line.strip() == "fork":
            if os.fork() == 0:
                try:
                    save_forever(store, session_id)
                finally:
                    os._exit(1)
        elif line.strip() == "reap":
            os.waitpid(-1, 0)
            os.write(1, b"reaped\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
