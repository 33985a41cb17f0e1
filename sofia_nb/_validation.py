"""One way to say what a pydantic ``ValidationError`` found, for every error message that names one."""

from __future__ import annotations

from pydantic import ValidationError


def describe(exc: ValidationError, *, every: bool = False, root: str = "") -> str:
    """``"loc: msg"`` for the first error (or all of them, joined by ``"; "`` when ``every``).

    An error at the top level has no location; ``root`` names it there (e.g. ``"(root)"``), and
    with no ``root`` the message stands alone.
    """
    errors = exc.errors() if every else exc.errors()[:1]
    parts = []
    for err in errors:
        where = ".".join(str(x) for x in err["loc"]) or root
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)
