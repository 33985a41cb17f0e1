"""Exit codes of the ``sofia-nb`` contract (architecture.md §4.1)."""

OK = 0
ERROR = 1
USAGE = 2
TOOL_ERROR = 3
MCP_FAILURE = 4
RALPH_NOT_SUCCESS = 5


class UsageError(Exception):
    """A bad flag, unknown phase or unknown server name: exit code 2."""
