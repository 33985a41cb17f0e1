"""Exit codes of the ``sofia-nb`` contract (architecture.md §4.1)."""

from ..config import word_settings

OK = 0
ERROR = 1
USAGE = 2
TOOL_ERROR = 3
MCP_FAILURE = 4
RALPH_NOT_SUCCESS = 5


class UsageError(Exception):
    """A bad flag, unknown phase or unknown server name: exit code 2."""


def flag(setting: str) -> str:
    """A façade setting as the terminal spells it: ``allow_dirty`` → ``--allow-dirty``."""
    return "--" + setting.replace("_", "-")


def as_flags(text: str) -> str:
    """A message that names settings (`` `force` ``) in the terminal's words (``--force``)."""
    return word_settings(text, flag)
