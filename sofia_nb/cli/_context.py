"""What every command handler receives: parsed arguments, output, settings and the session store."""

from __future__ import annotations

import argparse
import functools
from dataclasses import dataclass
from pathlib import Path

from ..config import Settings, load_settings
from ..llm import resolve_llm_spec
from ..session import SessionStore
from ._output import Output


@dataclass
class CliContext:
    args: argparse.Namespace
    out: Output

    @functools.cached_property
    def settings(self) -> Settings:
        return load_settings()

    @functools.cached_property
    def store(self) -> SessionStore:
        return SessionStore()

    @property
    def llm_spec(self) -> str | None:
        """``--llm``, else ``SOFIA_LLM``, else the config file's ``llm``."""
        return resolve_llm_spec(getattr(self.args, "llm", None), self.settings)

    @property
    def mcp_config(self) -> Path | None:
        value = getattr(self.args, "mcp_config", None)
        return Path(value) if value else None
