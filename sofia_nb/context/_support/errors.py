"""The one error a context tool raises on purpose: the server turns it into an ``isError`` result."""

from __future__ import annotations


class ContextError(Exception):
    """A tool could not do what was asked (bad path, path outside the roots, unsupported file, git failed).

    The message is written for the model or person who called the tool: it says what was wrong and,
    where there is one, what to do instead.
    """
