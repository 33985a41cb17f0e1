"""Where sofia_nb keeps its data, and the optional ``config.toml`` (defaults and the model table)."""

from __future__ import annotations

import functools
import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ._datafile import MAX_ITEMS, BoundsError, DataFileError, check_structure, read_text
from ._validation import describe


class ConfigError(ValueError):
    """The configuration file could not be read; the message names the file and the key."""


SETTINGS = ("llm", "demo", "force", "output", "init_git", "allow_dirty", "inputs", "mcp_config", "phase")
"""The façades' settings a message may name, each as a marker: `` `force` `` in backticks."""
SWITCHES = frozenset({"demo", "force", "init_git", "allow_dirty"})
"""The settings that are switched on rather than given a value (``--force``, ``force=True``)."""
_SETTING_MARK = re.compile(r"`(" + "|".join(SETTINGS) + r")`")


def word_settings(text: str, spell: Callable[[str], str]) -> str:
    """``text`` with every setting marker (`` `force` ``) spelled by ``spell``, the face's words.

    The core layers name a setting only as a marker, never in a face's words; each face spells
    the markers of every message it shows (the terminal ``--force``, a notebook ``force=True``).
    """
    return _SETTING_MARK.sub(lambda m: spell(m.group(1)), text)


class SetupError(ValueError):
    """A run that cannot start with the settings it was given; ``settings`` name the ones to change.

    The one error both façades raise (``open_workshop``, ``open_development`` and their runs):
    ``str()`` names the settings as their options spell them (``inputs``, ``allow_dirty``), and
    ``worded`` lets each face spell them its own way (``--allow-dirty`` in the terminal,
    ``allow_dirty=True`` in a notebook).
    """

    def __init__(self, reason: str, *settings: str) -> None:
        self.reason = reason
        self.settings = settings
        super().__init__(self.worded(lambda name: f"`{name}`"))

    @property
    def setting(self) -> str:
        """The first setting named ("" when none is)."""
        return self.settings[0] if self.settings else ""

    def worded(self, spell: Callable[[str], str]) -> str:
        """The reason, then the settings that would lift it, each spelled by ``spell``."""
        if not self.settings:
            return self.reason
        return f"{self.reason} (set {' or '.join(spell(name) for name in self.settings)})"


def _walk_up(start: Path, relative: str) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / relative
        if candidate.exists():
            return candidate
    return None


def sofia_home(cwd: Path | None = None, create: bool = True) -> Path:
    """``$SOFIA_HOME``; else the nearest ``.sofia/`` above the working directory; else ``./.sofia``."""
    env = os.environ.get("SOFIA_HOME")
    if env:
        home = Path(env).expanduser()
    else:
        start = (cwd or Path.cwd()).resolve()
        found = _walk_up(start, ".sofia")
        home = found if found is not None and found.is_dir() else start / ".sofia"
    if create:
        try:
            home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(_unusable_home(home, bool(env), exc)) from None
    return home


def _unusable_home(home: Path, from_env: bool, exc: OSError) -> str:
    """Why ``home`` cannot hold sofia_nb's data, in the user's terms, and what to do."""
    if isinstance(exc, FileExistsError | NotADirectoryError):
        problem = f"{home} is a file, not a folder" if home.exists() else f"a part of {home} is a file"
    else:
        problem = f"{home} cannot be made: {exc.strerror or exc}"
    if from_env:
        return (
            f"SOFIA_HOME is unusable: {problem}. Set SOFIA_HOME to a folder (it is made if missing), "
            "or unset it to keep sessions in .sofia/ under the working folder"
        )
    return f"sofia_nb keeps its sessions in {home}, but {problem}. Move it, or set SOFIA_HOME to a folder"


def find_mcp_config(cwd: Path | None = None) -> Path | None:
    """The nearest ``.vscode/mcp.json`` above the working directory, if any."""
    return _walk_up((cwd or Path.cwd()).resolve(), ".vscode/mcp.json")


class ModelInfo(BaseModel):
    """One row of the model table: what the token meter and compaction need to know."""

    model_config = ConfigDict(extra="forbid")

    context_window: int = Field(128_000, gt=0)
    input_price_per_mtok: float | None = Field(None, ge=0)
    output_price_per_mtok: float | None = Field(None, ge=0)
    cached_input_price_per_mtok: float | None = Field(None, ge=0)
    """The price of input a provider's prompt cache served; None: the input price (no discount)."""
    structured_output: bool | None = None
    """Whether the model answers ``response_format`` with a ``json_schema``; None: its provider's
    default (set false for an OpenAI-compatible server that refuses it)."""
    source: str = Field("config.toml", exclude=True)
    """Where the row comes from: ``config.toml``, or the bundled table's "estimated, as of DATE"."""


_DATED_SUFFIX = re.compile(r"-\d{4}-\d{2}-\d{2}$|-\d{4}$")


@functools.cache
def bundled_models() -> dict[str, ModelInfo]:
    """The bundled model table (``model_table.toml``): common OpenAI models, prices estimated."""
    data = tomllib.loads((Path(__file__).parent / "model_table.toml").read_text(encoding="utf-8"))
    source = f"estimated, as of {data['as_of']}"
    return {name: ModelInfo(**row, source=source) for name, row in data["models"].items()}


def bundled_model_info(model: str) -> ModelInfo | None:
    """The bundled row for ``model`` as a provider or a response names it: ``openai:gpt-4o``,
    GitHub Models' ``openai/gpt-4o``, a dated snapshot ``gpt-4o-2024-08-06``; None when unknown."""
    name = model.split(":", 1)[-1].rsplit("/", 1)[-1].lower()
    table = bundled_models()
    return table.get(name) or table.get(_DATED_SUFFIX.sub("", name))


class Settings(BaseModel):
    """The optional ``config.toml``: defaults for the CLI and the model table."""

    model_config = ConfigDict(extra="allow")

    llm: str | None = None
    consent: str | None = None
    exports_dir: str | None = None
    poc_dir: str | None = None
    models: dict[str, ModelInfo] = Field(default_factory=dict)

    def section(self, name: str) -> dict[str, Any]:
        """A table owned by one part of sofia_nb (``[workshop]``, ``[develop]``), empty when absent."""
        value = (self.model_extra or {}).get(name, {})
        if not isinstance(value, dict):
            raise ConfigError(f"config.toml: [{name}] must be a table, not {type(value).__name__}")
        return value

    def model_info(self, model: str, *, reported: str | None = None) -> ModelInfo | None:
        """The table row for ``model`` (``openai:gpt-4o`` or ``gpt-4o``): config.toml's first, then
        the bundled table's, looked up by the name the response ``reported`` (an Azure deployment
        name is arbitrary; the model behind it is not), then by ``model``; None when unknown."""
        for name in (model, model.split(":", 1)[-1], reported):
            if name and name in self.models:
                return self.models[name]
        for name in (reported, model):
            if name and (info := bundled_model_info(name)) is not None:
                return info
        return None


def config_path(cwd: Path | None = None) -> Path | None:
    """``$SOFIA_HOME/config.toml`` if present, else ``~/.config/sofia_nb/config.toml`` if present."""
    home_file = sofia_home(cwd, create=False) / "config.toml"
    if home_file.is_file():
        return home_file
    user_file = Path.home() / ".config" / "sofia_nb" / "config.toml"
    return user_file if user_file.is_file() else None


def load_settings(path: Path | None = None, cwd: Path | None = None) -> Settings:
    """Read the config file (or defaults when there is none)."""
    path = path or config_path(cwd)
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(read_text(path, "config file"))
        check_structure(data, MAX_ITEMS)
    except DataFileError as exc:
        raise ConfigError(str(exc)) from None
    except BoundsError as exc:
        raise ConfigError(f"{path}: refused: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{path}: {describe(exc)}") from None
