"""What every command handler receives: parsed arguments, output, settings and the session store."""

from __future__ import annotations

import argparse
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ._output import Output

if TYPE_CHECKING:  # imported when first used: `sofia-nb ctx ...` needs neither settings nor sessions
    from ..config import Settings
    from ..session import SessionStore


@dataclass
class CliContext:
    args: argparse.Namespace
    out: Output
    stop_reason: str | None = None
    """Set when SIGTERM or SIGHUP stopped the command (``stopped (SIGTERM)``), for its last words."""
    stop_said: bool = False
    """Set when the command itself said how it stopped and how to go on, so the terminal does not
    add a bare "error: interrupted" under it (JSON Lines still get their error record)."""

    @functools.cached_property
    def settings(self) -> Settings:
        from ..config import load_settings

        return load_settings()

    @functools.cached_property
    def store(self) -> SessionStore:
        from ..session import SessionStore

        return SessionStore()

    @property
    def llm_spec(self) -> str | None:
        """``--llm``, else ``SOFIA_LLM``, else the config file's ``llm``."""
        from ..llm import resolve_llm_spec

        return resolve_llm_spec(getattr(self.args, "llm", None), self.settings)

    @property
    def mcp_config(self) -> Path | None:
        value = getattr(self.args, "mcp_config", None)
        return Path(value) if value else None
