"""One grid run in a local worker process (``LocalExecutor``): ``python -m sofia_nb.batch._local_worker
FOLDER`` reads ``FOLDER/job.pickle`` (a function and its keyword arguments, written by the grid's own
process), runs it and writes ``FOLDER/result.pickle``."""

from __future__ import annotations

import pickle
import signal
import sys
from pathlib import Path
from types import FrameType


def _stopped(signum: int, frame: FrameType | None) -> None:
    # Unwind (papermill shuts its kernel down on the way out) instead of dying where we stand.
    raise SystemExit(128 + signum)


def main(folder: Path) -> None:
    signal.signal(signal.SIGTERM, _stopped)
    fn, job = pickle.loads((folder / "job.pickle").read_bytes())
    result = fn(**job)
    (folder / "result.pickle").write_bytes(pickle.dumps(result))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
