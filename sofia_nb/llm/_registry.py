"""The providers: the built-in ones (one module each in ``_providers/``) and those other installed
packages declare in the ``sofia_nb.llm_providers`` entry-point group.

A plugin's entry point names a ``Provider`` subclass or instance; its name must be the entry
point's and must not be a built-in's (a plugin cannot take ``openai:`` over). Loading a plugin
runs code from that package, so plugins are loaded only when a spec names one or a list of every
provider is asked for (``doctor``, ``--help``), never at import. A plugin that fails to load is
left out and its problem kept for ``doctor`` (``plugin_problems``).
"""

from __future__ import annotations

import functools
import importlib
from importlib import metadata

from ._provider import Provider

ENTRY_POINT_GROUP = "sofia_nb.llm_providers"

BUILTIN: tuple[str, ...] = ("openai", "azure", "github", "ollama", "copilot", "scripted")
"""The built-in providers by spec prefix; each is the module of that name in ``_providers``."""


def builtin(name: str) -> Provider:
    """The built-in provider ``name`` (one of ``BUILTIN``)."""
    found: Provider = importlib.import_module(f"{__package__}._providers.{name}").PROVIDER
    return found


@functools.cache
def _plugins() -> tuple[dict[str, Provider], tuple[str, ...]]:
    loaded: dict[str, Provider] = {}
    problems: list[str] = []
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"{entry.name} = {entry.value}"
        if entry.name in BUILTIN:
            problems.append(f"{where}: {entry.name!r} is a built-in provider's name; left out")
            continue
        if entry.name in loaded:
            problems.append(f"{where}: a second provider named {entry.name!r}; left out")
            continue
        try:
            found = entry.load()
        except Exception as exc:  # another package's code: any failure only leaves it out
            problems.append(f"{where}: could not be loaded ({type(exc).__name__}: {exc})")
            continue
        provider = found() if isinstance(found, type) and issubclass(found, Provider) else found
        if not isinstance(provider, Provider):
            problems.append(f"{where}: not a sofia_nb.llm.Provider; left out")
        elif getattr(provider, "name", None) != entry.name:
            named = getattr(provider, "name", None)
            problems.append(f"{where}: the provider calls itself {named!r}; left out")
        else:
            loaded[entry.name] = provider
    return loaded, tuple(problems)


def get_provider(name: str) -> Provider | None:
    """The provider a spec's prefix names: a built-in one, else a plugin's; None for neither."""
    if name in BUILTIN:
        return builtin(name)
    return _plugins()[0].get(name)


def all_providers() -> list[Provider]:
    """Every provider: the built-in ones in their order, then the plugins' by name."""
    plugins = _plugins()[0]
    return [builtin(name) for name in BUILTIN] + [plugins[name] for name in sorted(plugins)]


def plugin_problems() -> tuple[str, ...]:
    """Why each plugin that was left out was left out (for ``doctor``)."""
    return _plugins()[1]


def help_lines() -> list[str]:
    """One line per provider, as the CLI's help and ``doctor`` show them."""
    return [p.help_line() for p in all_providers()]
