"""Mutation testing of the safety-critical modules, one module at a time (``make mutate``).

Each module runs with its own tests only, in a scratch copy of the tree under ``mutants/<name>/``
(mutmut 3 keeps its state there, so an interrupted run resumes where it stopped). A module whose
sources and tests are unchanged since its last complete run is not run again. The report is the
kill rate per module, with the mutants listed in ``tests/mutation/equivalent.txt`` set aside, and
every other survivor by name (``mutmut show NAME`` inside ``mutants/<name>/`` prints its diff).

Usage: ``python tools/mutate.py [MODULE ...] [--report] [--max-children N]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "mutants"
EQUIVALENT = ROOT / "tests" / "mutation" / "equivalent.txt"


@dataclass(frozen=True)
class Module:
    """A module under mutation: its source files, its tests and the kill rate it must reach."""

    name: str
    sources: tuple[str, ...]
    tests: tuple[str, ...]
    target: float = 0.80
    deselect: tuple[str, ...] = ()
    """Test ids left out under mutmut, each with its reason in the table."""
    children: int | None = None
    """Parallel mutants for a module whose tests mostly wait on processes and sockets (not part of
    the fingerprint: it changes how fast the run goes, not what it finds)."""


MODULES = (
    Module(
        "redact",
        ("sofia_nb/redact.py",),
        (
            "tests/core/test_redact.py",
            "tests/core/test_redact_tables.py",
            "tests/core/test_redact_values.py",
            "tests/core/test_redact_cuts.py",
            "tests/core/test_redact_credentials.py",
            "tests/core/test_redact_cut_edges.py",
        ),
        0.90,
    ),
    Module(
        "context/_support/roots",
        ("sofia_nb/context/_support/roots.py",),
        ("tests/context/test_roots.py", "tests/context/test_roots_resolution.py"),
        0.90,
    ),
    Module(
        "develop/edits/_paths",
        ("sofia_nb/develop/edits/_paths.py",),
        (
            "tests/develop/test_edits.py",
            "tests/develop/test_edits_fuzz.py",
            "tests/develop/test_edit_paths_reasons.py",
        ),
        0.90,
    ),
    Module(
        "consent",
        (
            "sofia_nb/consent/_broker.py",
            "sofia_nb/consent/_gate.py",
            "sofia_nb/consent/_models.py",
            "sofia_nb/consent/_providers.py",
        ),
        ("tests/consent/", "tests/workshop/test_tool_consent_promises.py"),
        0.90,
    ),
    Module(
        "_datafile",
        ("sofia_nb/_datafile.py",),
        (
            "tests/core/test_datafile.py",
            "tests/core/test_datafile_bounds.py",
            "tests/core/test_datafile_edges.py",
            "tests/core/test_datafile_yaml.py",
            "tests/session/test_hostile_files.py",
        ),
        0.90,
    ),
    Module(
        "inert",
        (
            "sofia_nb/inert/_html.py",
            "sofia_nb/inert/_markdown.py",
            "sofia_nb/inert/_mermaid.py",
            "sofia_nb/inert/_terminal.py",
        ),
        (
            "tests/security/test_inert.py",
            "tests/security/test_inert_markdown.py",
            "tests/security/test_sanitiser_allow_list.py",
        ),
        0.90,
    ),
    Module(
        "_reaper",
        ("sofia_nb/_reaper.py",),
        # in this process (test_containment.py runs it as a child, which mutmut cannot see)
        ("tests/core/test_reaper.py",),
        0.90,
    ),
    Module(
        "context/_support/tree_watch",
        ("sofia_nb/context/_support/tree_watch.py",),
        (
            "tests/context/support/test_tree_watch.py",
            "tests/context/support/test_tree_watch_swaps.py",
            "tests/context/support/test_tree_watch_unit.py",
        ),
        0.90,
    ),
    Module(
        "participants/_app",
        ("sofia_nb/participants/_app.py",),
        (
            "tests/participants/test_app_asgi.py",
            "tests/participants/test_origin_whole.py",
            "tests/participants/test_server_security.py",
            "tests/participants/test_room_limits.py",
            "tests/participants/test_room_assets.py",
        ),
        0.90,
    ),
    Module(
        "session/_store+_migrations",
        ("sofia_nb/session/_store.py", "sofia_nb/session/_migrations.py", "sofia_nb/session/_atomic.py"),
        (
            "tests/session/test_store.py",
            "tests/session/test_roundtrip.py",
            "tests/session/test_hostile_files.py",
            "tests/session/test_full_disk.py",
            "tests/session/test_holder.py",
            "tests/session/test_store_content.py",
            "tests/session/test_store_exact.py",
            "tests/session/test_atomic.py",
            "tests/session/test_migration_documents.py",
            "tests/session/test_migration_v3.py",
            "tests/session/test_migration_v4.py",
            "tests/session/test_migration_v5.py",
            "tests/session/test_migration_v6_ledger.py",
            "tests/session/test_migration_v6_lifecycle.py",
            "tests/session/test_migration_v6_poc.py",
            "tests/participants/test_room_migration.py",
        ),
    ),
    Module(
        "develop/edits/_apply",
        ("sofia_nb/develop/edits/_apply.py",),
        (
            "tests/develop/test_edits.py",
            "tests/develop/test_edits_fuzz.py",
            "tests/develop/test_apply_contract.py",
        ),
    ),
    Module(
        "develop/_runner",
        ("sofia_nb/develop/_runner.py",),
        (
            "tests/develop/test_runner.py",
            "tests/develop/test_runner_promises.py",
            "tests/develop/test_runner_contract.py",
            "tests/develop/test_containment.py",
        ),
    ),
    Module(
        "mcp/_errors+_retry",
        ("sofia_nb/mcp/_errors.py", "sofia_nb/mcp/_retry.py"),
        ("tests/mcp/test_errors_contract.py", "tests/mcp/test_error_table.py"),
    ),
    Module(
        "mcp/_stdio",
        ("sofia_nb/mcp/_stdio.py",),
        (
            "tests/mcp/test_stdio_contract.py",
            "tests/mcp/test_stdio.py",
            "tests/mcp/test_cleanup.py",
            "tests/mcp/test_cleanup_grandchild.py",
        ),
        # A real SIGINT to the test process: under mutmut's in-process run it does not always reach
        # the waiting call, and the clean run then fails. It guards the manager's cancel, not stdio.
        deselect=(
            "tests/mcp/test_cleanup.py::test_keyboard_interrupt_cancels_the_call_and_close_stops_the_server",
        ),
        children=3,
    ),
    Module(
        "mcp/_http",
        ("sofia_nb/mcp/_http.py",),
        (
            "tests/mcp/test_http.py",
            "tests/mcp/test_http_parsing.py",
            "tests/mcp/test_http_transport.py",
            "tests/mcp/test_http_legacy.py",
            "tests/mcp/test_token_promises.py",
            "tests/mcp/test_error_table.py",  # the HTTP rows of the error table
        ),
        children=6,  # loopback servers and deadlines: 640 s at 6, about 35 min at 2
    ),
    Module(
        "mcp/_github_auth",
        ("sofia_nb/mcp/_github_auth.py",),
        (
            "tests/mcp/test_github_auth.py",
            "tests/mcp/test_token_promises.py",
            "tests/mcp/test_stdio_environment.py",
        ),
    ),
    Module(
        "workshop/_tools",
        ("sofia_nb/workshop/_tools.py",),
        (
            "tests/workshop/test_tools.py",
            "tests/workshop/test_tool_consent_promises.py",
            "tests/workshop/test_tools_contract.py",
            "tests/workshop/test_preview_promises.py",
        ),
    ),
    Module(
        "workshop/_extract",
        ("sofia_nb/workshop/_extract.py",),
        ("tests/workshop/test_extract.py", "tests/workshop/test_extract_promises.py"),
    ),
    Module(
        "workshop/_patch",
        ("sofia_nb/workshop/_patch.py",),
        (
            "tests/workshop/test_patch.py",
            "tests/workshop/test_partial_blocks.py",
            "tests/workshop/test_prompt_schema_agreement.py",
            # what a block removed and what going back changed (removed_items, record_changes)
            "tests/workshop/test_go_back_reopens.py",
            "tests/workshop/test_navigation.py",
            "tests/workshop/test_team_input.py",
            "tests/workshop/test_recorded_teams.py",
            "tests/workshop/test_extract.py",
            "tests/ui/test_patch_cards.py",
            "tests/workshop/test_patch_words.py",
        ),
    ),
)

# mutmut 3's exit codes, as its ``stats.status_by_exit_code`` reads them.
_KILLED = {1, 3, 36, 37, -24, 24, 152, 255, -11, -9}  # a failing test, a timeout or the type check
_SURVIVED = {0, 5, 33, 35}  # passed, no test reached it, or suspicious
_SKIPPED = {34}


@dataclass
class Tally:
    """What happened to one module's mutants."""

    module: Module
    killed: int
    survivors: list[str]
    equivalent: int
    unchecked: int
    seconds: float | None = None

    @property
    def rate(self) -> float:
        scored = self.killed + len(self.survivors)
        return self.killed / scored if scored else 1.0

    def line(self) -> str:
        mark = "ok " if self.rate >= self.module.target and not self.unchecked else "LOW"
        spent = f" {self.seconds:6.0f}s" if self.seconds is not None else "        "
        return (
            f"{mark} {self.module.name:<28} {self.rate:6.1%} (target {self.module.target:.0%})  "
            f"killed {self.killed:4d}  survived {len(self.survivors):3d}  equivalent {self.equivalent:3d}"
            f"  unchecked {self.unchecked:3d}{spent}"
        )


def equivalents() -> set[str]:
    """Mutant names listed as equivalent (first word of each line that is not a comment)."""
    names = set()
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            names.add(line.split()[0])
    return names


def scratch(module: Module) -> Path:
    return WORK / module.name.replace("/", "__").replace("+", "_")


def fingerprint(module: Module) -> str:
    """A hash of the module's sources, its tests and its table row: a change means a fresh run."""
    row = f"Module(name={module.name!r}, sources={module.sources!r}, tests={module.tests!r}"
    row += f", target={module.target!r}"
    # a field added to the table later counts only where it is set, so older runs stay valid
    row += f", deselect={module.deselect!r})" if module.deselect else ")"
    digest = hashlib.sha256(row.encode())
    for rel in (*module.sources, *module.tests):
        path = ROOT / rel
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


def prepare(module: Module, folder: Path) -> None:
    """A scratch copy of the package and the tests, configured for this module."""
    folder.mkdir(parents=True)
    for name in ("sofia_nb", "tests", "docs"):  # some tests check the docs' tables against the code
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", folder / "pyproject.toml")
    npm = ROOT / "tools" / "npm" / "node_modules"
    if npm.exists():  # the real MCP servers some tests start
        (folder / "tools" / "npm").mkdir(parents=True)
        (folder / "tools" / "npm" / "node_modules").symlink_to(npm)
    sources = "\n    ".join(module.sources)
    tests = "\n    ".join(module.tests)
    deselect = "".join(f"    --deselect\n    {test}\n" for test in module.deselect)
    (folder / "setup.cfg").write_text(
        "[mutmut]\n"
        f"source_paths =\n    {sources}\n"
        f"pytest_add_cli_args_test_selection =\n    {tests}\n"
        f"pytest_add_cli_args =\n    -p no:cacheprovider\n    -q\n{deselect}"
        "also_copy =\n    sofia_nb/\n    tests/\n    docs/\n    pyproject.toml\n",
        encoding="utf-8",
    )


def run(module: Module, max_children: int) -> float | None:
    """Run (or resume) mutmut for ``module``; None when it was complete and unchanged."""
    folder = scratch(module)
    stamp = folder / "stamp.json"
    wanted = fingerprint(module)
    if stamp.exists() and json.loads(stamp.read_text())["fingerprint"] == wanted:
        return None
    recorded = folder / "fingerprint"
    if recorded.exists() and recorded.read_text() != wanted:
        shutil.rmtree(folder)  # the code or its tests changed: old results say nothing
    if not folder.exists():
        prepare(module, folder)
        (folder / "fingerprint").write_text(wanted)
    started = time.monotonic()
    mutmut = Path(sys.executable).with_name("mutmut")
    with (folder / "mutmut.log").open("ab") as log:  # its progress spinner, kept out of the report
        done = subprocess.run(
            [str(mutmut), "run", "--max-children", str(max_children)], cwd=folder, stdout=log, stderr=log
        )
    spent = folder / "seconds"  # summed over resumed runs
    seconds = time.monotonic() - started + (float(spent.read_text()) if spent.exists() else 0.0)
    spent.write_text(f"{seconds:.1f}")
    if done.returncode != 0:
        print(f"mutmut failed for {module.name}: see {folder / 'mutmut.log'}", file=sys.stderr)
    elif not tally(module).unchecked:
        stamp.write_text(json.dumps({"fingerprint": wanted, "seconds": seconds}))
    return seconds


def tally(module: Module) -> Tally:
    """Count the module's mutants from mutmut's ``.meta`` files."""
    folder = scratch(module)
    skip = equivalents()
    killed = equivalent = unchecked = 0
    survivors: list[str] = []
    for source in module.sources:
        meta = folder / "mutants" / f"{source}.meta"
        codes = json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
        for name, code in sorted(codes.items()):
            if name in skip:
                equivalent += 1
            elif code in _KILLED:
                killed += 1
            elif code in _SURVIVED:
                survivors.append(name)
            elif code not in _SKIPPED:
                unchecked += 1
        if not meta.exists():
            unchecked += 1
    stamp = folder / "stamp.json"
    seconds = json.loads(stamp.read_text())["seconds"] if stamp.exists() else None
    return Tally(module, killed, survivors, equivalent, unchecked, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module names from the table (default: all)")
    parser.add_argument("--report", action="store_true", help="only print the last results")
    parser.add_argument(
        "--max-children", type=int, help="parallel mutants (default: the module's own, else the core count)"
    )
    args = parser.parse_args(argv)
    by_name = {m.name: m for m in MODULES}
    unknown = [name for name in args.modules if name not in by_name]
    if unknown:
        parser.error(f"unknown module {', '.join(unknown)}; known: {', '.join(by_name)}")
    chosen = [by_name[name] for name in args.modules] or list(MODULES)
    for module in chosen:
        if not args.report:
            spent = run(module, args.max_children or module.children or os.cpu_count() or 2)
            said = "unchanged since its last run" if spent is None else f"{spent:.0f}s"
            print(f"--- {module.name}: {said}")
    tallies = [tally(m) for m in chosen]
    print("\nmodule                           kill rate            (equivalents set aside)")
    for t in tallies:
        print(t.line())
    for t in tallies:
        for name in t.survivors:
            print(f"  survived: {name}")
    return 0 if all(t.rate >= t.module.target and not t.unchecked for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
