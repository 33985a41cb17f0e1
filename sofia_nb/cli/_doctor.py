"""``sofia-nb doctor``: what is installed and configured, and whether the chosen model answers.

Names of credentials only, never their values. It makes network requests (docs/cli.md): for the
chosen model one models-list request with a short timeout (never a completion), Ollama's server
is asked whether it is there, and the Copilot CLI whether someone is logged in.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from pydantic import BaseModel
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..config import ConfigError, config_path, find_mcp_config, load_settings, sofia_home
from ..llm import ProviderStatus, all_providers, plugin_problems
from ..llm._probe import Probe
from ._context import CliContext

# npm package -> the binary it installs under tools/npm/node_modules/.bin.
REFERENCE_SERVERS: dict[str, str] = {
    "@modelcontextprotocol/server-everything": "mcp-server-everything",
    "@modelcontextprotocol/server-filesystem": "mcp-server-filesystem",
    "@modelcontextprotocol/inspector": "mcp-inspector",
    "@modelcontextprotocol/conformance": "conformance",
    "@github/copilot": "copilot",
}
NOTEBOOK_PACKAGES = ("jupyterlab", "ipykernel", "ipywidgets", "papermill", "nbclient", "github-copilot-sdk")
_PROBE_TIMEOUT_S = 10


class Component(BaseModel):
    """One thing doctor looked for."""

    name: str
    found: bool
    version: str | None = None
    path: str | None = None


class LlmInfo(BaseModel):
    spec: str | None
    providers: list[ProviderStatus]
    check: Probe | None = None
    """The chosen model's server asked (its models list): reachable, unreachable, refused."""
    plugin_problems: list[str] = []
    """Providers other packages declare (entry points) that were left out, and why."""


class McpInfo(BaseModel):
    config: str | None
    servers: list[str] | None
    error: str | None = None


class ConfigFileInfo(BaseModel):
    path: str | None
    error: str | None = None


class DoctorReport(BaseModel):
    """``doctor``: the environment, as far as sofia_nb cares."""

    sofia_home: str
    config_file: ConfigFileInfo
    python: Component
    node: Component
    npm: Component
    reference_servers: list[Component]
    copilot_cli: Component
    search_engine: Component
    packages: list[Component]
    llm: LlmInfo
    mcp: McpInfo
    hints: list[str]


RESULTS: tuple[type[BaseModel], ...] = (DoctorReport,)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("doctor", parents=[common], help="what is installed and configured")
    p.set_defaults(handler=run)


def _program(name: str, path: str | None = None) -> Component:
    path = path or shutil.which(name)
    if path is None:
        return Component(name=name, found=False)
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=_PROBE_TIMEOUT_S)
        version = done.stdout.strip().lstrip("v") or None
    except (OSError, subprocess.TimeoutExpired):
        version = None
    return Component(name=name, found=True, version=version, path=path)


def _search_engine() -> Component:
    """What ``grep`` and ``refs`` search with: ripgrep when found, else the Python scan."""
    from ..context._support.ripgrep import rg_path

    path = rg_path()
    if path is None:
        return Component(name="search engine", found=True, version="python (ripgrep not found)")
    rg = _program("rg", path)
    first_line = (rg.version or "ripgrep").splitlines()[0]  # "ripgrep 14.1.0", then its features
    return rg.model_copy(update={"name": "search engine", "version": first_line})


def npm_root(cwd: Path | None = None) -> Path:
    """``tools/npm`` of the nearest checkout above the working directory, else of this installation."""
    start = (cwd or Path.cwd()).resolve()
    for folder in (start, *start.parents):
        if (folder / "tools" / "npm" / "node_modules").is_dir():
            return folder / "tools" / "npm"
    return Path(__file__).resolve().parents[2] / "tools" / "npm"


def _npm_package(root: Path, package: str) -> str | None:
    try:
        manifest = json.loads((root / "node_modules" / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return str(manifest.get("version")) if isinstance(manifest, dict) else None


def _reference_servers(root: Path) -> list[Component]:
    found = []
    for package, binary in REFERENCE_SERVERS.items():
        path = root / "node_modules" / ".bin" / binary
        version = _npm_package(root, package)
        found.append(
            Component(
                name=package, found=path.exists(), version=version, path=str(path) if path.exists() else None
            )
        )
    return found


def _copilot_cli(root: Path) -> Component:
    platform_pkg = (
        f"@github/copilot-{sys.platform}-{'x64' if platform.machine() in ('x86_64', 'AMD64') else 'arm64'}"
    )
    candidates = [
        os.environ.get("COPILOT_CLI_PATH"),
        str(root / "node_modules" / platform_pkg / "copilot"),
        shutil.which("copilot"),
    ]
    path = next((c for c in candidates if c and Path(c).is_file()), None)
    return Component(
        name="copilot", found=path is not None, version=_npm_package(root, "@github/copilot"), path=path
    )


def _packages(names: Iterable[str]) -> list[Component]:
    out = []
    for name in names:
        try:
            out.append(Component(name=name, found=True, version=metadata.version(name)))
        except metadata.PackageNotFoundError:
            out.append(Component(name=name, found=False))
    return out


def _llm(spec: str | None) -> LlmInfo:
    """Every provider's status as it checks it, and the chosen model's own check."""
    name, _, model = (spec or "").partition(":")
    providers, check = [], None
    for provider in all_providers():
        chosen = provider.name == name
        program = _program_path(provider.program) if provider.program else None
        status, probe = provider.check(model if chosen else None, program_path=program)
        providers.append(status)
        check = probe if chosen else check
    return LlmInfo(spec=spec, providers=providers, check=check, plugin_problems=list(plugin_problems()))


def _program_path(name: str) -> str | None:
    """A program a provider runs: on PATH, else in the project's npm folder (the Copilot CLI)."""
    if name == "copilot":
        return _copilot_cli(npm_root()).path
    return shutil.which(name)


def _mcp(path: Path | None) -> McpInfo:
    if path is None:
        return McpInfo(config=None, servers=None)
    from ..mcp import McpConfigError, load_config  # imported only when there is a file to read

    try:
        config = load_config(path)
    except McpConfigError as exc:  # a broken config is a finding, not a crash
        return McpInfo(config=str(path), servers=None, error=str(exc))
    return McpInfo(config=str(path), servers=sorted(config.servers))


def _config_file() -> ConfigFileInfo:
    path = config_path()
    try:
        load_settings(path)
    except ConfigError as exc:
        return ConfigFileInfo(path=str(path), error=str(exc))
    return ConfigFileInfo(path=str(path) if path else None)


def _hints(report: DoctorReport) -> list[str]:
    hints = [f"fix the config file: {report.config_file.error}"] if report.config_file.error else []
    if not report.node.found:
        hints.append("Node.js is missing: the reference MCP servers and the Copilot CLI need it")
    elif not any(s.found for s in report.reference_servers):
        hints.append("no reference MCP servers under tools/npm: run `make npm`")
    if report.llm.spec is None:
        hints.append(
            "no model configured: pass --llm SPEC or set SOFIA_LLM, or try `sofia-nb workshop --demo`"
        )
    if report.mcp.config is None:
        hints.append("no .vscode/mcp.json found: MCP tools are off unless --mcp-config names a file")
    missing = [p.name for p in report.packages if not p.found]
    if missing:
        hints.append(f"not installed: {', '.join(missing)} (pip install 'sofia_nb[all]')")
    return hints


def diagnose(llm_spec: str | None, mcp_config: Path | None, config_file: ConfigFileInfo) -> DoctorReport:
    """Look at the machine and the configuration; changes nothing."""
    root = npm_root()
    python = Component(name="python", found=True, version=platform.python_version(), path=sys.executable)
    report = DoctorReport(
        sofia_home=str(sofia_home(create=False)),
        config_file=config_file,
        python=python,
        node=_program("node"),
        npm=_program("npm"),
        reference_servers=_reference_servers(root),
        copilot_cli=_copilot_cli(root),
        search_engine=_search_engine(),
        packages=_packages(NOTEBOOK_PACKAGES),
        llm=_llm(llm_spec),
        mcp=_mcp(mcp_config or find_mcp_config()),
        hints=[],
    )
    report.hints = _hints(report)
    return report


def _where(path: str | None) -> str:
    """A path as short as it reads unambiguously: under the working directory, or ``~``."""
    if not path:
        return ""
    for base, shown in ((Path.cwd(), "."), (Path.home(), "~")):
        try:
            return f"{shown}/{Path(path).relative_to(base)}"
        except ValueError:
            continue
    return path


_STATES = {
    "reachable": "reachable",
    "unreachable": "unreachable",
    "refused": "refused (auth)",
    "error": "error",
}


def _provider_state(p: ProviderStatus) -> str:
    if p.checked:
        return "ready" if p.configured else "not ready"
    return "configured" if p.configured else "not set up"


def _human(report: DoctorReport) -> Table:
    """One line a thing (name, state), its detail below it, indented: paths and sentences whole
    and wrapped at the terminal's width (readable at 80 columns)."""
    lines = Table.grid()
    lines.add_column(overflow="fold")

    def line(name: str, state: str, detail: str = "") -> None:
        lines.add_row(Text.assemble((f"{name:<30}", "bold"), " ", state))
        if detail:
            lines.add_row(Padding(Text(detail, style="dim"), (0, 0, 0, 4)))

    for c in (report.python, report.node, report.npm, *report.reference_servers, report.copilot_cli):
        line(c.name, c.version or ("found" if c.found else "missing"), _where(c.path))
    line(report.search_engine.name, report.search_engine.version or "", _where(report.search_engine.path))
    for c in report.packages:
        line(c.name, c.version or ("found" if c.found else "missing"))
    line("llm", report.llm.spec or "not configured")
    if report.llm.check is not None:
        line("  check", _STATES[report.llm.check.state], report.llm.check.detail)
    for provider in report.llm.providers:
        line(
            f"  {provider.provider}",
            _provider_state(provider),
            f"{provider.detail}; records as {provider.structured_output}",
        )
    for problem in report.llm.plugin_problems:
        line("  provider plugin", "left out", problem)
    servers = ", ".join(report.mcp.servers) if report.mcp.servers is not None else (report.mcp.error or "")
    line("mcp config", _where(report.mcp.config) or "none", servers)
    line("sofia home", _where(report.sofia_home))
    line("config file", _where(report.config_file.path) or "none", report.config_file.error or "")
    for hint in report.hints:
        line("hint", "", hint)
    return lines


def run(ctx: CliContext) -> int:
    config_file = _config_file()
    # A broken config file is reported rather than fatal; the model it would name is then unknown.
    llm_spec = ctx.llm_spec if config_file.error is None else None
    report = diagnose(llm_spec, ctx.mcp_config, config_file)
    ctx.out.result(report, human=_human(report))
    return 0
