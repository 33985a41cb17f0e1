"""``composer_ls``, ``composer_show`` and ``composer_check``."""

from __future__ import annotations

import re

from ....redact import redact_text, redacted_head
from ..._support.errors import ContextError
from ..._support.exec import run_command
from ._discover import Package, collect, find_package, latest_tag, root_dir
from ._models import (
    CheckRow,
    ComposerCheckInput,
    ComposerCheckResult,
    ComposerLsInput,
    ComposerLsResult,
    ComposerShowInput,
    ComposerShowResult,
    NameValue,
    PackageRow,
)

_FAIL_LINE = re.compile(r"(?i)\b(fail(ed|ures)?|error|errors|exception|fatal|not ok)\b|^\s*[✗✘]")
_FAIL_CHARS = 200


def _is_platform(name: str) -> bool:
    return name == "php" or name.startswith("ext-")


def _row(p: Package) -> PackageRow:
    return PackageRow(
        name=p.name,
        dir=p.dir,
        version=latest_tag(p.path),
        type=p.type,
        php=p.php,
        phpstan=p.phpstan_level,
        namespace=p.namespaces,
        scripts=sorted(p.scripts),
        require=sorted(n for n in p.requires("require") if not _is_platform(n)),
        require_dev=sorted(n for n in p.requires("require-dev") if not _is_platform(n)),
    )


def composer_ls(inp: ComposerLsInput) -> ComposerLsResult:
    """Every composer package under the root (``vendor/``, ``node_modules/`` and ``.git/`` skipped)."""
    packages, invalid = collect(root_dir(inp.root))
    return ComposerLsResult(packages=[_row(p) for p in packages], invalid=invalid)


def composer_show(inp: ComposerShowInput) -> ComposerShowResult:
    """One package's metadata: scripts with their bodies, requirements with their constraints."""
    p = find_package(inp.package, root_dir(inp.root))

    def script(body: object) -> str:
        return " && ".join(map(str, body)) if isinstance(body, list) else str(body)

    return ComposerShowResult(
        name=p.name,
        dir=p.dir,
        description=str(p.data.get("description") or ""),
        version=latest_tag(p.path),
        type=p.type,
        php=p.php,
        phpstan=p.phpstan_level,
        namespace=p.namespaces,
        scripts=[NameValue(name=k, value=script(v)) for k, v in sorted(p.scripts.items())],
        require=[NameValue(name=k, value=v) for k, v in sorted(p.requires("require").items())],
        require_dev=[NameValue(name=k, value=v) for k, v in sorted(p.requires("require-dev").items())],
    )


def failure_line(output: str) -> str:
    """The first line that reads like a failure, else the last non-empty line, cut to 200 characters."""
    # composer echoes each command it runs as "> command": that line names the command, not its failure.
    lines = [line.strip() for line in output.splitlines() if line.strip() and not line.startswith("> ")]
    line = next((x for x in lines if _FAIL_LINE.search(x)), lines[-1] if lines else "")
    return line if len(line) <= _FAIL_CHARS else redacted_head(line, _FAIL_CHARS) + "…"


def _check(p: Package, timeout_s: float) -> CheckRow:
    name = p.name or p.dir
    if "check" not in p.scripts:
        return CheckRow(
            name=name, dir=p.dir, ok=False, exit=None, timed_out=False, dur_ms=0, fail="no 'check' script"
        )
    run = run_command(["composer", "check", "--no-interaction"], cwd=p.path, timeout=timeout_s)
    if run.not_found:
        fail: str | None = "composer is not installed or not on PATH"
    elif run.timed_out:
        fail = f"timed out after {timeout_s:g}s; the process group was killed"
    elif run.ok:
        fail = None
    else:
        fail = redact_text(failure_line(run.stdout + "\n" + run.stderr)) or f"exit {run.returncode}"
    return CheckRow(
        name=name,
        dir=p.dir,
        ok=run.ok,
        exit=run.returncode,
        timed_out=run.timed_out,
        dur_ms=run.duration_ms,
        fail=fail,
    )


def composer_check(inp: ComposerCheckInput) -> ComposerCheckResult:
    """Run each package's own ``composer check`` script (one at a time, each with a timeout)."""
    root = root_dir(inp.root)
    packages, _ = collect(root)
    if inp.package:
        packages = [p for p in packages if p.matches(inp.package)]
        if not packages:
            raise ContextError(f"no package matching {inp.package!r} under {root}")
    checks = [_check(p, inp.timeout_s) for p in packages]
    return ComposerCheckResult(checks=checks, failing=sum(not c.ok for c in checks))
