"""Edits a model sends back (architecture.md §4.4): whole files and SEARCH/REPLACE blocks, applied safely.

One parser per format behind one interface (``EditParser``); ``apply_reply`` parses and applies a
reply; the messages for refused or unmatched blocks are documented in docs/edits.md.
"""

from ._apply import PARSERS, ApplyResult, apply_edits, apply_reply, parse_edits
from ._blocks import EditBlock, EditParser, EditProblem, ParseResult, ProblemKind
from ._messages import no_edits as no_edits_message
from ._paths import UnsafePathError, clean_relative, resolve_inside
from ._search_replace import SearchReplaceParser
from ._whole import WholeFileParser

__all__ = [
    "PARSERS",
    "ApplyResult",
    "EditBlock",
    "EditParser",
    "EditProblem",
    "ParseResult",
    "ProblemKind",
    "SearchReplaceParser",
    "UnsafePathError",
    "WholeFileParser",
    "apply_edits",
    "apply_reply",
    "clean_relative",
    "no_edits_message",
    "parse_edits",
    "resolve_inside",
]
