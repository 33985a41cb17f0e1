"""Exit codes of the ``sofia-nb`` contract (architecture.md §4.1)."""

import re

OK = 0
ERROR = 1
USAGE = 2
TOOL_ERROR = 3
MCP_FAILURE = 4
RALPH_NOT_SUCCESS = 5


class UsageError(Exception):
    """A bad flag, unknown phase or unknown server name: exit code 2."""


_SETTING = re.compile(r"`(llm|demo|force|output|init_git|allow_dirty|inputs|mcp_config|phase)`")


def flag(setting: str) -> str:
    """A façade setting as the terminal spells it: ``allow_dirty`` → ``--allow-dirty``."""
    return "--" + setting.replace("_", "-")


def as_flags(text: str) -> str:
    """A message that names settings (`` `force` ``) in the terminal's words (``--force``)."""
    return _SETTING.sub(lambda m: flag(m.group(1)), text)
