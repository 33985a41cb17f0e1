"""``code``: structural summaries of source files (no bodies), or slices of named symbols.

Compact-or-raw: a file under ``SOFIA_CODE_RAW_BELOW`` bytes (default 8192) comes back raw, and so
does any file whose summary would cost more tokens than the file itself. A file already returned
in this session within ``SOFIA_DEDUP_WINDOW`` seconds, unchanged, comes back as a short stub.
Every answer fits the call's ``budget``; a file over :data:`..._support.source.MAX_WHOLE` bytes is never
read whole (its head is summarised, and ``lines`` pages through it).
"""

from __future__ import annotations

from ..._registry import ContextTool
from ._entries import DEFAULT_RAW_BELOW, raw_below
from ._files import MAX_FILES
from ._models import CodeFile, CodeInput, CodeResult, CodeSlice
from ._run import run
from ._text import code_text

__all__ = [
    "DEFAULT_RAW_BELOW",
    "MAX_FILES",
    "TOOLS",
    "CodeFile",
    "CodeInput",
    "CodeResult",
    "CodeSlice",
    "raw_below",
    "run",
]

TOOLS = (
    ContextTool(
        name="code",
        description="Structural summary of source files without bodies (Python, Go, TypeScript/JavaScript, "
        "Vue, "
        "PHP): imports, types, functions and signatures; or, with `symbols`, the source of just those "
        "symbols. Small files and files whose summary would not be smaller come back whole. Use it "
        "instead of reading whole files.",
        input_model=CodeInput,
        result_model=CodeResult,
        func=run,
        cli_path=("code",),
        positional="files",
        text=code_text,
        more="ask for one file, `symbols` to slice, or `lines=START-END` for a page",
    ),
)
